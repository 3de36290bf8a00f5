"""Random legal play of every game, with the invariants checked after every action (issue 19).

TAB MASTER, BotSE and Gathering of Heroes are played here (Ahotnik and F0R60D in their own folders), by the same
Hypothesis state machine (``tests/support.random_play_machine``), whose player and checks are those of
``benchmarks/random_play.py``: the long run (100,000 actions and more) is that script. The tests below also make
sure the checks are not blind (each catches the fault it names), that a saved reproduction replays the game it
came from, and that the script counts and saves failures."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from benchmarks import random_play
from benchmarks.random_play import (
    GAMES,
    SCENARIOS,
    Play,
    PlayFailed,
    RandomChooser,
    bundled,
    negative_counts,
    out_of_play,
)
from tabroll.dice.sources import GivenDice
from tabroll.engine import Resolution, find_ruleset, run_scenario
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tests.support import play_at_random


@pytest.mark.property
@pytest.mark.parametrize("game", ["tabmaster", "botse", "mtg_heroes"])
def test_random_games_keep_their_invariants(game: str) -> None:
    play_at_random(game, full=25)


def _played(game: str, seed: int, folder: Path, actions: int = 40) -> Play:
    rng = random.Random(seed)
    play = Play(game, rng.choice(bundled(game)), folder)
    chooser = RandomChooser(rng)
    while play.totals.actions < actions and play.refused_in_a_row < 12:
        play.step(chooser)
    return play


@pytest.mark.parametrize("game", GAMES)
def test_a_reproduction_replays_the_game_it_was_saved_from(game: str, tmp_path: Path) -> None:
    """The scenario a failure is saved as (the actions that happened, each with its dice) ends where the random
    game did: run as a file, it gives the same state."""
    for seed in range(3):
        play = _played(game, seed, tmp_path)
        text = play.reproduction()
        scenario = scenario_from_document(load_yaml_text(text, source="<reproduction>"))
        steps = list(run_scenario(scenario, lambda: GivenDice([], origin="no more dice")))
        assert len(steps) == len(play.history)
        assert not any(s.resolution.refused for s in steps)
        assert not any(e.kind == "note" and "not used" in e.text for s in steps for e in s.resolution.events)
        final = steps[-1].resolution.state if steps else scenario.state
        assert play.ruleset.summarize_state(final) == play.ruleset.summarize_state(play.state)
        play.verify_journal()


def test_a_die_drawn_but_never_shown_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    play = Play("tabmaster", SCENARIOS / "tabmaster" / "01-common-lanceiro.yaml", tmp_path)
    resolve = play.journal.resolve

    def hide_the_rolls(action: Any, dice: Any) -> Resolution:
        done = resolve(action, dice)
        return Resolution(tuple(e for e in done.events if e.kind != "roll"), done.state, done.refused)

    monkeypatch.setattr(play.journal, "resolve", hide_the_rolls)
    rng = random.Random(1)
    with pytest.raises(PlayFailed, match="dice drawn") as failed:
        for _ in range(200):
            play.step(RandomChooser(rng))
    assert "do: attack" in failed.value.reproduction


def test_a_refused_action_that_changes_the_state_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    play = Play("tabmaster", SCENARIOS / "tabmaster" / "02-trample-cavaleiro.yaml", tmp_path)
    resolve = play.journal.resolve
    initial = play.state

    def refuse_and_move(action: Any, dice: Any) -> Resolution:
        done = resolve(action, dice)
        return Resolution(done.events, done.state, True) if done.state != initial else done

    monkeypatch.setattr(play.journal, "resolve", refuse_and_move)
    with pytest.raises(PlayFailed, match="a refused action changed the state"):
        for _ in range(200):
            play.step(RandomChooser(random.Random(2)))


def test_an_internal_error_is_a_failure_with_its_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = find_ruleset("tabmaster")

    def broken(state: Any, action: Any, dice: Any) -> Any:
        raise KeyError("a bug")

    monkeypatch.setattr(ruleset, "resolve", broken)
    play = Play("tabmaster", SCENARIOS / "tabmaster" / "01-common-lanceiro.yaml", tmp_path)
    with pytest.raises(PlayFailed, match="internal error") as failed:
        play.step(RandomChooser(random.Random(0)))
    assert "KeyError: 'a bug'" in failed.value.message
    assert play.totals.internal_errors == 1


def test_counts_below_zero_and_units_out_of_play_are_seen() -> None:
    summary = {
        "threat": 2,
        "units": [
            {"name": "A", "position": [-1, 0], "life": 0, "ammunition": {"Flecha": -1}},
            {"name": "B", "position": [0, -2], "mana": -3},
        ],
    }
    assert negative_counts(summary) == ["A.ammunition.Flecha = -1", "B.mana = -3"]
    assert out_of_play({"name": "A", "defeated": True})
    assert out_of_play({"name": "D", "exiled": True})
    assert out_of_play({"name": "C", "out": "destroyed"})
    assert not out_of_play({"name": "E", "defeated": False, "fled": False, "out": None})


def test_the_script_counts_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = random_play.main(["--actions", "150", "--seed", "7", "--failures", str(tmp_path / "fails"), "--json"])
    report = yaml.safe_load(capsys.readouterr().out)
    assert code == 0, report
    assert sorted(report["games"]) == sorted(GAMES)
    assert sum(g["actions"] for g in report["games"].values()) == 150
    assert all(g["internal_errors"] == 0 and g["broken"] == 0 for g in report["games"].values())
    assert report["failures"] == []
    assert not (tmp_path / "fails").exists()


def test_the_script_saves_what_failed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    ruleset = find_ruleset("tabmaster")
    original = ruleset.resolve

    def broken_new_round(state: Any, action: Any, dice: Any) -> Any:
        if action.do == "new_round":
            raise ZeroDivisionError("a bug")
        return original(state, action, dice)

    monkeypatch.setattr(ruleset, "resolve", broken_new_round)
    fails = tmp_path / "fails"
    code = random_play.main(["--actions", "300", "--games", "tabmaster", "--seed", "1", "--failures", str(fails)])
    out = capsys.readouterr().out
    assert code == 1
    saved = sorted(fails.glob("*.yaml"))
    assert saved, out
    text = saved[0].read_text(encoding="utf-8")
    assert text.startswith("# tabmaster ") and "ZeroDivisionError: a bug" in text
    assert yaml.safe_load(text)["actions"][-1] == {"do": "new_round"}
    assert f"{len(saved)} failure(s) saved" in out
