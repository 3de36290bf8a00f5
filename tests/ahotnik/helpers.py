"""Build Ahotnik scenarios in tests and resolve them with exactly the dice a test states."""

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

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "ahotnik"


@dataclass
class Outcome:
    scenario: Scenario
    steps: list[Resolution]

    @property
    def events(self) -> list[Event]:
        return [e for r in self.steps for e in r.events]

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events if e.kind != "action"]

    def of(self, kind: str) -> list[Any]:
        return [e for e in self.events if e.kind == kind]

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.scenario.state

    def ahotnik(self, name: str) -> Any:
        return self.state.ahotnik(name)

    def demon(self, name: str) -> Any:
        return self.state.demon(name)

    def strikes(self) -> list[tuple[str, str, int, int, int]]:
        """(attacker, target, amount, to_shields, to_life) of every strike."""
        return [(s.attacker, s.target, s.amount, s.to_shields, s.to_life) for s in self.of("strike")]


def run_file(path: Path | str, session: list[int] | None = None, **options: Any) -> Outcome:
    return _run(load_scenario_file(path, options), session)


def run_data(data: dict[str, Any], session: list[int] | None = None, **options: Any) -> Outcome:
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<test>")
    return _run(scenario_from_document(doc, options), session)


def _run(scenario: Scenario, session: list[int] | None) -> Outcome:
    def source() -> GivenDice:
        return GivenDice(session or [], origin="test session")

    steps = [s.resolution for s in run_scenario(scenario, source)]
    return Outcome(scenario=scenario, steps=steps)


def game(
    ahotniks: dict[str, dict[str, Any]],
    actions: list[dict[str, Any]],
    demons: dict[str, dict[str, Any]] | None = None,
    *,
    radius: int = 3,
    threat: int | None = None,
    singularity: list[int] | None = None,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """A scenario document; Ahotniks default to Shields 2, Life 6, facing 1."""
    full = {name: {"shields": 2, "life": 6, "facing": 1, **spec} for name, spec in ahotniks.items()}
    map_spec: dict[str, Any] = {"radius": radius}
    if singularity is not None:
        map_spec["singularity"] = singularity
    return {
        "ruleset": "ahotnik",
        "options": options or {},
        "map": map_spec,
        "threat": threat if threat is not None else len(ahotniks) + 2,
        "ahotniks": full,
        "demons": demons or {},
        "actions": actions,
        **extra,
    }


def attack(name: str, choice: Any, **more: Any) -> dict[str, Any]:
    return {"do": "attack", "ahotnik": name, "choice": choice, **more}
