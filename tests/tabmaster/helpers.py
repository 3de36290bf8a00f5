"""Build TAB MASTER scenarios in tests and resolve them with exactly the dice a test states."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tabroll.dice.sources import GivenDice
from tabroll.engine import Resolution, Scenario, run_scenario
from tabroll.events import Event
from tabroll.loading.yaml_source import load_yaml_text
from tabroll.scenario import load_scenario_file, scenario_from_document


@dataclass
class Outcome:
    scenario: Scenario
    steps: list[Resolution]

    @property
    def events(self) -> list[Event]:
        return [e for r in self.steps for e in r.events]

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def of(self, kind: str) -> list[Any]:
        return [e for e in self.events if e.kind == kind]

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.scenario.state

    def unit(self, name: str) -> Any:
        return self.state.unit(name)


def run_file(path: Path | str, session: list[int] | None = None, **options: Any) -> Outcome:
    scenario = load_scenario_file(path, options)
    return _run(scenario, session)


def run_data(data: dict[str, Any], session: list[int] | None = None, **options: Any) -> Outcome:
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<test>")
    return _run(scenario_from_document(doc, options), session)


def _run(scenario: Scenario, session: list[int] | None) -> Outcome:
    def source() -> GivenDice:
        return GivenDice(session or [], origin="test session")

    steps = [s.resolution for s in run_scenario(scenario, source)]
    return Outcome(scenario=scenario, steps=steps)


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
