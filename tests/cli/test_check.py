"""``tabroll check`` stops at whatever ``tabroll run`` would stop at for input reasons (issue 17): an unknown unit,
a square off the board, a given die above its sides; actions are counted from 1, as in the log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECTILE = (ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml").read_text(encoding="utf-8")


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


CASES = {
    # a d20 for damage cannot show 27: only found by resolving the action with the file's dice
    "die above its sides": (
        PROJECTILE.replace("dice: [7, 7]", "dice: [7, 27]"),
        ":18:5: actions[1].dice: value 27 cannot be the roll of a d20",
    ),
    "unknown unit": (
        PROJECTILE.replace("target: Lanceiro", "target: Lanceirx"),
        "actions[1].target: there is no unit called 'Lanceirx'\nTip: did you mean 'Lanceiro'?",
    ),
    "move off the board": (
        PROJECTILE.replace("actions:\n", "actions:\n  - {do: move, unit: Arqueiro, to: [12, 0]}\n"),
        ":18:32: actions[1].to: square [12, 0] is off the 9x1 board",
    ),
    "trample path off the board": (
        PROJECTILE.replace("actions:\n", "actions:\n  - {do: move, unit: Arqueiro, to: [1, 0]}\n").replace(
            "    dice: [7, 7]\n",
            "    dice: [7, 7]\n  - {do: attack, attacker: Arqueiro, target: Lanceiro, move_to: [1, 3]}\n",
        ),
        "actions[3].move_to: square [1, 3] is off the 9x1 board",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_stops_where_run_stops(cli, tmp_path: Path, name: str) -> None:
    text, expected = CASES[name]
    path = _file(tmp_path, text)
    for command in (("check", str(path)), ("run", str(path), "--format", "text")):
        result = cli(*command)
        assert result.code == 2, (command, result.out, result.err)
        assert expected in result.err, result.err
        assert "Traceback" not in result.err


def test_check_json_names_the_line_and_field(cli, tmp_path: Path) -> None:
    bad = _file(tmp_path, PROJECTILE.replace("dice: [7, 7]", "dice: [7, 27]"))
    good = ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml"
    result = cli("check", str(bad), str(good), "--format", "json")
    assert result.code == 2
    files = json.loads(result.out)["files"]
    assert files[0]["ok"] is False and files[1]["ok"] is True
    error = files[0]["error"]
    assert (error["line"], error["column"], error["field"]) == (18, 5, "actions[1].dice")
    assert error["message"].startswith("value 27 cannot be the roll of a d20")
    assert files[1] == {"file": str(good), "ok": True, "ruleset": "tabmaster", "actions": 1, "refused": 0}


def test_check_counts_refusals_without_failing(cli) -> None:
    refusals = ROOT / "scenarios/forgod/15-refusals.yaml"
    result = cli("check", str(refusals))
    assert result.code == 0, result.err
    assert "refused by the rules" in result.out


@pytest.mark.parametrize(
    ("game", "text", "expected"),
    [
        ("botse", "move", "is off the map"),
        ("forgod", "move", "is off the board (3 columns, 6 rows)"),
    ],
)
def test_moves_off_the_map_are_input_errors(cli, tmp_path: Path, game: str, text: str, expected: str) -> None:
    if game == "botse":
        source = (
            "ruleset: botse\nmap: {radius: 2}\nadventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n"
            "actions:\n  - {do: move, adventurer: A, to: [9, 9]}\n"
        )
    else:
        source = (
            "ruleset: forgod\nboard: {width: 3}\nunits:\n  A: {side: red, at: [0, 1], PV: 3}\n"
            "  B: {side: blue, at: [0, 4], PV: 3}\nactions:\n  - {do: move, unit: A, to: [7, 1]}\n"
        )
    path = _file(tmp_path, source)
    result = cli("check", str(path))
    assert result.code == 2, (result.out, result.err)
    assert "actions[1].to" in result.err and expected in result.err, result.err


def test_a_bug_met_by_one_file_is_named_and_the_others_are_checked(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    import tabroll.loading.checking

    real = tabroll.loading.checking.check_file

    def broken_for_one(path, overrides=None):
        if str(path).endswith("03-magic-alquimista.yaml"):
            raise KeyError("a bug")
        return real(path, overrides)

    monkeypatch.setattr(tabroll.loading.checking, "check_file", broken_for_one)
    folder = ROOT / "scenarios/tabmaster"
    result = cli("check", str(folder))
    assert result.code == 70
    assert f"error: {folder / '03-magic-alquimista.yaml'}: internal error: KeyError: 'a bug'" in result.err
    assert result.out.count(": ok (tabmaster") == 4
