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


# --- the JSON of an input error (issue 43) ------------------------------------------------------------------

TWO_PROBLEMS = (
    "ruleset: tabmaster\nboard: {size: [3, 3]}\nunits:\n  A: {unit: Lanceiro, side: 1, at: [0, 0], bogus: 2}\n"
)


def test_an_error_of_several_problems_lists_each_with_its_place_and_tip(cli, tmp_path: Path) -> None:
    path = _file(tmp_path, TWO_PROBLEMS)
    checked = cli("check", str(path), "--format", "json")
    ran = cli("run", str(path), "--format", "json")
    assert checked.code == ran.code == 2
    error = checked.json()["files"][0]["error"]
    assert error == ran.json()["files"][0]["error"]  # check and run say an error alike
    assert error["message"].startswith("found 2 problems:\n") and error["exit_code"] == 2 and error["tip"]
    places = [(p["line"], p["column"], p["field"]) for p in error["problems"]]
    assert places == [(4, 29, "units.A.side"), (4, 44, "units.A.bogus")]
    assert [p["message"] for p in error["problems"]] == ["expected text, got 1", "unknown field 'bogus'"]
    assert all(p["file"] == str(path) and p["tip"] for p in error["problems"])
    assert (error["file"], error["line"], error["column"], error["field"]) == (str(path), 4, 29, "units.A.side")


def test_an_error_of_one_problem_lists_it_too(cli, tmp_path: Path) -> None:
    bad = _file(tmp_path, PROJECTILE.replace("dice: [7, 7]", "dice: [7, 27]"))
    error = cli("check", str(bad), "--format", "json").json()["files"][0]["error"]
    top = {key: error[key] for key in ("message", "file", "line", "column", "field", "tip")}
    assert error["problems"] == [top] and error["exit_code"] == 2


def test_thousands_of_bad_units_are_explained_only_so_far(cli, tmp_path: Path) -> None:
    """A file of 3,000 bad units (each with two problems) is not explained to the last: the problems of the first
    few dozen units are, and the message says there are more."""
    units = "".join(f"  U{i}: {{side: 1, at: [0, 0], bogus: 2}}\n" for i in range(3000))
    path = _file(tmp_path, "ruleset: tabmaster\nboard: {size: [3, 3]}\nunits:\n" + units)
    from tabroll.loading.validation import MAX_EXPLAINED, MAX_LISTED

    result = cli("check", str(path), "--format", "json")
    error = result.json()["files"][0]["error"]
    fields = {".".join(p["field"].split(".")[:2]) for p in error["problems"]}
    assert fields == {f"units.U{i}" for i in range(MAX_EXPLAINED)}
    counted = len(error["problems"])
    assert error["message"].startswith(f"found more than {counted} problems (the first {counted} are counted):\n")
    assert error["message"].endswith(f"\nand {counted - MAX_LISTED} more")
    assert error["line"] == 4


def _units(count: int, unit: str) -> str:
    """A TAB MASTER file of ``count`` units, unit ``i`` written ``unit.format(i=i, x=..., y=...)``."""
    lines = (unit.format(i=i, x=i % 200, y=i // 200) for i in range(count))
    return "ruleset: tabmaster\nboard: {size: [200, 200]}\nunits:\n" + "".join(f"  U{line}\n" for line in lines)


BAD = "{i}: {{side: 1, at: 2, x: 3}}"
GOOD = "{i}: {{side: red, at: [{x}, {y}], ATK: 1, DAN: 1d6, DEF: 1}}"
SPARSE = "{i}: {{side: red, at: [{x}, {y}], ATK: 1, DAN: 1d6, DEF: 1}}"
MANY_BAD_FILES = {  # the file, and whether its problems are found listing fewer than 1,000 of pydantic's errors
    "every unit bad": (_units(3000, BAD) + "actions: []\n", True),
    "every unit bad, and the actions": (_units(3000, BAD) + "actions: [{do: fly}, 3]\n", True),
    "a bad board first": (_units(3000, BAD).replace("[200, 200]", "[0, x]") + "actions: []\n", True),
    # one unit in a hundred bad, then many bad actions: the units cut off would come first, so every error is listed
    "one unit in a hundred bad, and many bad actions": (
        _units(3000, SPARSE).replace("DEF: 1}", "DEF: 1, bogus: 1}", 1).replace("U100: {side: red", "U100: {side: 7")
        + "actions:\n"
        + "  - {do: attack, attacker: [1], target: [2]}\n" * 2000,
        False,
    ),
}


@pytest.mark.parametrize(("text", "cut_short"), MANY_BAD_FILES.values(), ids=list(MANY_BAD_FILES))
def test_many_problems_are_found_from_the_first_entries_as_from_every_error(
    cli, tmp_path: Path, monkeypatch, text: str, cut_short: bool
) -> None:
    """A file of thousands of problems is explained from the errors of its long lists' and mappings' first entries
    (validated again, cut), not from every error, where that gives the same: the same problems, lines and counts
    as when every error is listed, whatever comes before or after the entries."""
    from tabroll.loading import validation

    path = _file(tmp_path, text)
    listed: list[int] = []
    real = validation._first_places

    def counted(raw, limit):  # type: ignore[no-untyped-def]
        listed.append(len(raw))
        return real(raw, limit)

    monkeypatch.setattr(validation, "_first_places", counted)
    cut = cli("check", str(path), "--format", "json")
    most_listed = max(listed)
    monkeypatch.setattr(validation, "TRIM_ABOVE", 10**9)  # validate the whole and list every error, as before
    monkeypatch.setattr(validation, "TRIM_LONGER", 10**9)
    whole = cli("check", str(path), "--format", "json")
    assert cut.code == whole.code == 2
    assert cut.json() == whole.json()
    assert (most_listed < 1_000) is cut_short  # the first entries' errors only, or every error


@pytest.mark.parametrize(
    "text",
    [
        _units(10_001, GOOD) + "actions: []\n",
        _units(35, BAD) + _units(10_001, GOOD).split("units:\n")[1].replace("  U", "  V") + "actions: []\n",
        _units(10_040, BAD) + "actions: [{do: fly}]\n",
        _units(10_001, BAD).replace("[200, 200]", "[0, x]"),
    ],
    ids=["valid units", "bad units first", "every unit bad", "a bad board too"],
)
def test_more_units_than_a_scenario_holds_are_refused_before_they_are_read(cli, tmp_path: Path, text: str) -> None:
    """The most units a scenario holds is a limit, checked before the units it limits are validated: a file of more
    is refused for that alone (one problem, where the units start), whatever its units and other fields say."""
    path = _file(tmp_path, text)
    result = cli("check", str(path), "--format", "json")
    error = result.json()["files"][0]["error"]
    assert result.code == 2
    assert (error["line"], error["field"]) == (4, "units")  # where the units start
    count = f"{text.count(chr(10) + '  '):,}"
    assert error["message"] == f"expected at most 10,000 items, got {count}"


def test_a_valid_file_of_the_most_units_a_scenario_holds_checks_ok(cli, tmp_path: Path) -> None:
    """10,000 units (the most a TAB MASTER scenario takes) check clean."""
    result = cli("check", str(_file(tmp_path, _units(10_000, GOOD) + "actions: []\n")))
    assert result.code == 0 and result.out.strip().endswith(": ok (tabmaster, 0 actions)"), result.err


def _bad_scenarios(folder: Path, seed: int) -> list[Path]:
    """Every bundled scenario, each broken twice at random (a line dropped, cut off or changed)."""
    import random
    import re

    rng = random.Random(seed)
    made = []
    for n, scenario in enumerate(sorted((ROOT / "scenarios").rglob("*.yaml"))):
        lines = scenario.read_text(encoding="utf-8").splitlines()
        for k in range(2):
            changed = list(lines)
            i = rng.randrange(len(changed))
            how = rng.randrange(6)
            if how == 0:
                del changed[i]
            elif how == 1:
                changed[i] = re.sub(r"\d+", lambda _: str(rng.choice([-3, 0, 99999, 7])), changed[i], count=1)
            elif how == 2:
                changed[i] = re.sub(r": (\S+)", ": [x]", changed[i], count=1)
            elif how == 3:
                changed[i] += " bogus"
            elif how == 4:
                changed = changed[: max(1, i)]
            else:
                changed[i] = re.sub(r"[A-Z][a-z]+", "Nobody", changed[i], count=1)
            path = folder / f"{n:03d}-{k}-{scenario.name}"
            path.write_text("\n".join(changed) + "\n", encoding="utf-8")
            made.append(path)
    return made


def _has_content(path: Path) -> bool:
    return any(line.strip() and not line.lstrip().startswith("#") for line in path.read_text().splitlines())


@pytest.mark.parametrize("command", ["check", "run"])
def test_every_input_error_in_json_has_a_tip_an_exit_code_and_its_place(cli, tmp_path: Path, command: str) -> None:
    """Broken files of every game: each error says how to fix it, its exit code, and where (a line, unless the
    file holds nothing at all), and so does each of its problems."""
    files = _bad_scenarios(tmp_path, seed=43)
    args = ("check", *map(str, files)) if command == "check" else ("run", *map(str, files), "--seed", "1")
    result = cli(*args, "--format", "json")
    records = result.json()["files"]
    assert len(records) == len(files)
    errors = [r for r in records if r.get("error")]
    assert len(errors) > len(files) // 3  # most of them are broken indeed
    for record in errors:
        error = record["error"]
        assert isinstance(error["tip"], str) and error["tip"].strip(), error
        assert error["exit_code"] == 2, error
        assert error["file"] == record["file"], error
        assert error["problems"] and all(p["message"] and p["file"] == record["file"] for p in error["problems"])
        if _has_content(Path(record["file"])):
            assert error["line"] is not None and all(p["line"] is not None for p in error["problems"]), error
