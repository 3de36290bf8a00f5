"""Build TAB MASTER scenarios in tests and resolve them with exactly the dice a test states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabroll.dice.sources import DiceSource, RecordingDice, SeededDice
from tabroll.engine import Resolution, resolve, run_scenario
from tabroll.events import Event
from tabroll.loading.scenario import load_scenario_file
from tests import support


class Outcome(support.Outcome):
    """The shared outcome (tests/support.py); this game needs no questions of its own."""


def run_file(path: Path | str, session: list[int] | None = None, **options: Any) -> Outcome:
    return support.run_file(path, session, Outcome, **options)


def run_data(data: dict[str, Any], session: list[int] | None = None, **options: Any) -> Outcome:
    return support.run_data(data, session, Outcome, **options)


def resolved_with_every_die_rolled(path: Path, seed: int = 13) -> list[tuple[Event, ...]]:
    """The events of each action of a scenario file that was resolved (not refused), its actions without their
    own dice drawing from ``seed``; checks on the way that every die each action drew is in its ``roll``
    events, in the order drawn. (Any game's scenario: a candidate for tests/support.py.)"""
    scenario = load_scenario_file(path)
    resolved: list[tuple[Event, ...]] = []

    def recorded(state: Any, action: Any, dice: DiceSource, index: int) -> Resolution:
        recording = RecordingDice(dice)
        resolution = resolve(scenario.ruleset, state, action, recording, index=index)
        if not resolution.refused:
            rolled = tuple(v for e in resolution.events if e.kind == "roll" for v in e.values)
            assert rolled == recording.values, f"{path.name}, action {index}: a die drawn is not in a roll event"
            resolved.append(resolution.events)
        return resolution

    list(run_scenario(scenario, lambda: SeededDice(seed), resolve_step=recorded))
    assert resolved, f"{path.name}: no action was resolved"
    return resolved


def battle(
    units: dict[str, dict[str, Any]],
    actions: list[dict[str, Any]],
    size: tuple[int, int] = (10, 10),
    heights: list[dict[str, Any]] | None = None,
    obstacles: list[list[int]] | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "ruleset": "tabmaster",
        "options": options or {},
        "board": {"size": list(size), "heights": heights or [], "obstacles": obstacles or []},
        "units": units,
        "actions": actions,
    }
