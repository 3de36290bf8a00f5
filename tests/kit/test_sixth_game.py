"""The game kit's contract, proven by a sixth game no core file names: Duel (``tests/fixtures/games/duel``), found
through ``TABROLL_GAMES`` and driven through every command. Its README says which files a game needs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest

import tabroll.engine as engine

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "tests" / "fixtures" / "games"
DUEL = ROOT / "tests" / "fixtures" / "duel" / "01-duel.yaml"


import tabroll.rulesets as GAMES_PACKAGE  # noqa: E402

BUNDLED_PATH = list(GAMES_PACKAGE.__path__)


FIXTURES = tuple(
    f"tabroll.rulesets.{name}"
    for name in ("duel", "clash")
    if not any((Path(folder) / name).is_dir() for folder in BUNDLED_PATH)  # a fixture copied beside the bundled games
)  # (as CI does) is a bundled game: other tests hold its classes, so it stays imported


def _forget_games() -> None:
    """Discovery as it was before the test: the bundled folder only, no fixture game left imported."""
    engine._REGISTRY = None
    for name in [m for m in sys.modules if FIXTURES and m.startswith(FIXTURES)]:
        del sys.modules[name]
    GAMES_PACKAGE.__path__[:] = BUNDLED_PATH


@pytest.fixture
def games_in(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Path], None]]:
    """``games_in(folder)``: discovery also looks in ``folder`` (as ``TABROLL_GAMES`` says), for this test only."""

    def use(folder: Path) -> None:
        monkeypatch.setenv("TABROLL_GAMES", str(folder))
        _forget_games()

    yield use
    _forget_games()


@pytest.fixture
def duel(games_in: Callable[[Path], None]) -> None:
    games_in(GAMES)


def test_no_core_file_names_the_sixth_game() -> None:
    for path in (ROOT / "tabroll").rglob("*.py"):
        assert "duel" not in path.read_text(encoding="utf-8").lower(), path


def test_run_a_scenario_with_the_dice_it_gives(duel: None, cli) -> None:
    result = cli("run", str(DUEL), "--format", "json")
    assert result.code == 0, result.err
    (doc,) = result.json()["files"]  # a run lists its files (events format 3)
    first, second = (action["events"] for action in doc["actions"])
    assert [e["kind"] for e in first] == ["action", "roll", "modifier", "hit", "roll", "damage"]
    assert first[5] == {
        "kind": "damage", "attacker": "Knight", "target": "Rogue", "amount": 2, "rule": "HP 5 − 2",
        "defeats": False, "pool": "HP", "lost": 2, "left": 3,
    }  # fmt: skip
    assert [e["kind"] for e in second] == ["action", "roll", "modifier", "flourish", "hit", "roll", "damage", "defeat"]
    assert second[-1] == {"kind": "defeat", "unit": "Rogue", "by": "Knight", "reason": "HP 0", "how": "knocked out"}
    rogue = {"name": "Rogue", "side": "right", "hp": 0, "bonus": 2, "defeated": True}  # every stat of the file's unit
    assert doc["final_state"]["units"][1] == rogue


def test_the_text_log_words_every_event_in_the_games_own_words(duel: None, cli) -> None:
    out = cli("run", str(DUEL), "--format", "text").out
    assert "  flourish      Knight flourishes" in out
    assert "  damage        4 damage to Rogue: HP 3 − 4 (no lower than 0), 3 HP lost, HP 0 left" in out
    assert "  defeat        Rogue is knocked out and leaves play (HP 0)" in out
    assert "  Rogue (right), defeated, HP 0" in out  # the generic final state, in the game's stat words


def test_attack_from_the_catalogue_with_the_games_own_field(duel: None, cli) -> None:
    # Knight (bonus 1) rolls 3, +1 bonus, +1 from --bonus: 5 hits; damage 6 takes the Rogue's 5 HP.
    result = cli("attack", "-a", "Knight", "-t", "Rogue", "--bonus", "1", "--dice", "3,6", "--format", "json")
    assert result.code == 0, result.err
    events = result.json()["actions"][0]["events"]
    assert [e["kind"] for e in events] == ["action", "roll", "modifier", "hit", "roll", "damage", "defeat"]
    assert events[2]["amount"] == 2 and events[3]["result"] == 5
    assert events[5]["left"] == 0 and events[5]["lost"] == 5


def test_a_field_of_another_game_is_refused_with_the_reason(duel: None, cli) -> None:
    result = cli("attack", "-r", "duel", "-a", "Knight", "-t", "Rogue", "--cover")
    assert result.code == 2
    assert "--cover" in result.err


def test_exact_odds_match_an_independent_count(duel: None, cli) -> None:
    result = cli("odds", "-a", "Knight", "-t", "Rogue", "--format", "json")
    assert result.code == 0, result.err
    doc = result.json()
    # Knight: 1d6 + 1 hits on 4, so a 3 to 6 hits (4 of 6); a hit rolls 1d6 damage against the Rogue's 5 HP.
    p_hit = Fraction(4, 6)
    mean = p_hit * Fraction(21, 6)
    p_out = p_hit * Fraction(2, 6)
    text = json.dumps(doc)
    for value in (p_hit, mean, p_out):
        assert f"{value.numerator}/{value.denominator}" in text, value


def test_matrix_over_the_catalogue(duel: None, cli) -> None:
    result = cli("matrix", "-r", "duel", "--format", "json")
    assert result.code == 0, result.err
    assert "Knight" in result.out and "Rogue" in result.out


def test_journal_records_and_replays(duel: None, cli, tmp_path: Path) -> None:
    journal = tmp_path / "duel.jsonl"
    assert cli("run", str(DUEL), "--journal", str(journal), "--format", "text").code == 0
    shown = cli("journal", "show", str(journal))
    assert shown.code == 0, shown.err
    assert "Knight attacks Rogue" in shown.out and "Rogue is knocked out" in shown.out
    assert cli("journal", "replay", str(journal), "--scenario", str(DUEL)).code == 0
    assert cli("journal", "undo", str(journal)).code == 0


def test_check_and_schema(duel: None, cli) -> None:
    assert cli("check", str(DUEL)).code == 0
    schema = cli("schema", "scenario", "-r", "duel").json()
    assert schema["properties"]["ruleset"]["const"] == "duel"
    events = cli("schema", "events").json()
    assert "duel.Flourish" in events["$defs"]
    rules = cli("rules", "duel").out
    assert "--bonus INT" in rules and "hit_on = 4" in rules


def test_an_unknown_fighter_in_a_file_is_an_input_error(duel: None, cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(DUEL.read_text(encoding="utf-8").replace("target: Rogue, dice: [3, 2]", "target: Rouge"), "utf-8")
    result = cli("run", str(bad))
    assert result.code == 2
    assert "there is no fighter called 'Rouge'" in result.err and "did you mean 'Rogue'?" in result.err


def test_a_game_whose_event_kind_clashes_with_a_core_kind_is_refused_when_its_kinds_are_read(
    games_in: Callable[[Path], None], cli
) -> None:
    games_in(ROOT / "tests" / "fixtures" / "clash_games")
    assert cli("rulesets").code == 0  # discovery imports no game's events
    result = cli("schema", "events")
    assert result.code == 2
    assert "event kind 'damage' of Wound is a core event kind" in result.err


def test_discovered_in_a_new_process(tmp_path: Path) -> None:
    env = {**os.environ, "TABROLL_GAMES": str(GAMES)}
    done = subprocess.run(
        [sys.executable, "-m", "tabroll", "run", str(DUEL), "--format", "jsonl"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    kinds = [json.loads(line)["kind"] for line in done.stdout.splitlines()]
    assert kinds.count("roll") == 4 and kinds[-1] == "defeat"


def test_a_game_that_fails_to_load_from_tabroll_games_is_named(
    games_in: Callable[[Path], None], cli, tmp_path: Path
) -> None:
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "__init__.py").write_text("import a_module_nobody_has\n", encoding="utf-8")
    games_in(tmp_path)
    for words in (["rulesets"], ["rules", "broken"]):
        result = cli(*words)
        assert result.code == 2, result.err
        assert f"the game 'broken' in {tmp_path} (from TABROLL_GAMES) cannot be loaded" in result.err
        assert "a_module_nobody_has" in result.err and "Traceback" not in result.err


def test_a_flag_field_given_through_set_must_be_true_or_false(duel: None, cli) -> None:
    # Duel has no flag field: a TAB MASTER attack with its --sight flag given as --set
    bad = cli("attack", "-r", "tabmaster", "-a", "Lanceiro", "-t", "Alquimista", "--set", "sight=maybe")
    assert bad.code == 2 and "--sight is a flag: 'maybe' is neither true nor false" in bad.err
    # --set sight=false is --no-sight: a ridge between them, so the attack at distance 2 is refused
    args = ["attack", "-r", "tabmaster", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2", "--format", "json"]
    one, two = cli(*args, "--set", "sight=false", "--dice", "6"), cli(*args, "--no-sight", "--dice", "6")
    assert one.json() == two.json()


def test_a_game_with_no_options_says_so(duel: None, cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game may declare no house-rule options: ``rules`` says it has none (no empty heading), and an option
    given anyway is refused with a tip that says why, not an empty list."""
    from pydantic import BaseModel, ConfigDict

    class NoOptions(BaseModel):
        model_config = ConfigDict(extra="forbid")

    game = engine.find_ruleset("duel")
    monkeypatch.setattr(type(game), "options_model", lambda self: NoOptions)
    text = cli("rules", "duel").out
    assert "Options: none (this game has no house-rule options)." in text.splitlines()
    assert "Options (set with" not in text
    markdown = cli("rules", "duel", "--format", "markdown").out
    assert "## Options\n\nThis game has no house-rule options.\n" in markdown
    refused = cli("attack", "-r", "duel", "-a", "Knight", "-t", "Rogue", "-o", "hit_on=5", "--dice", "4,2")
    assert refused.code == 2
    assert refused.err.splitlines()[-1] == "Tip: this game has no house-rule options"


# --- what the kit's roster setup gives a game of units and actions (tabroll.kit.roster_game) ---------------


def test_the_catalogue_is_listed_with_each_units_stats(duel: None, cli) -> None:
    result = cli("units", "duel", "--format", "json")
    assert result.code == 0, result.err
    text = result.out
    assert "Knight" in text and "Rogue" in text and '"hp": 8' in text


def test_a_unit_typed_on_the_command_line_takes_the_defaults_of_the_model(duel: None, cli) -> None:
    # Orc: hp 3 typed, bonus 0 by default; Knight from the catalogue. 4 to hit (hits on 4), 5 damage: 3 HP lost.
    result = cli("attack", "-a", "Knight", "-t", "Orc hp=3", "--dice", "3,5", "--format", "json")
    assert result.code == 0, result.err
    damage = next(e for e in result.json()["actions"][0]["events"] if e["kind"] == "damage")
    assert (damage["lost"], damage["left"]) == (3, 0)
    assert result.json()["final_state"]["units"] == [
        {"name": "Knight", "side": "left", "hp": 8, "bonus": 1, "defeated": False},
        {"name": "Orc", "side": "right", "hp": 0, "bonus": 0, "defeated": True},
    ]


def test_a_roster_names_the_nearest_unit_and_replaces_one_unit_only() -> None:
    from tabroll.errors import RuleRefusal
    from tabroll.kit.models import Strict
    from tabroll.kit.roster_game import RosterGameState, RosterUnit

    class Unit(RosterUnit):
        hp: int = 1

    state = RosterGameState((("Ann", Unit(side="a")), ("Bo", Unit(side="b"))), Strict(), "fighter")
    with pytest.raises(RuleRefusal) as refused:
        state.unit("Anne")
    assert refused.value.message == "there is no fighter called 'Anne'" and refused.value.tip == "did you mean 'Ann'?"
    after = state.with_unit("Bo", Unit(side="b", hp=0))
    assert [(n, u.hp) for n, u in after.units] == [("Ann", 1), ("Bo", 0)] and state.unit("Bo").hp == 1
    # equal states are equal and hash alike: the exact walk keys its steps by them
    assert after == state.with_unit("Bo", Unit(side="b", hp=0)) and hash(after) == hash(
        state.with_unit("Bo", Unit(side="b", hp=0))
    )
