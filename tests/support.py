"""What every game's tests share: resolve a scenario (a file, or a dict built in the test) with exactly the
dice the test states, and read the outcome. Each game's ``tests/<game>/helpers.py`` subclasses
:class:`Outcome` with its own questions (shields of a Demon, the cooldown track…)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tabroll.dice.sources import GivenDice
from tabroll.engine import Resolution, Scenario, run_scenario
from tabroll.events import Event
from tabroll.loading.yaml_source import load_yaml_text
from tabroll.scenario import load_scenario_file, scenario_from_document

OutcomeT = TypeVar("OutcomeT", bound="Outcome")

THOROUGH = os.environ.get("TABROLL_THOROUGH", "") not in ("", "0")


def examples(quick: int, thorough: int = 10_000) -> int:
    """How many examples a property test draws: ``quick`` in the default suite, ``thorough`` when
    ``TABROLL_THOROUGH=1`` is set (a long hunt for rare internal errors, run by hand before a release)."""
    return thorough if THOROUGH else quick


@dataclass
class Outcome:
    """The scenario and the resolution of each of its actions."""

    scenario: Scenario
    steps: list[Resolution]

    @property
    def events(self) -> list[Event]:
        return [e for r in self.steps for e in r.events]

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def of(self, kind: str, step: int | None = None) -> list[Any]:
        """Events of one kind, of every action or of action ``step`` (0-based, negative from the end)."""
        events = self.steps[step].events if step is not None else self.events
        return [e for e in events if e.kind == kind]

    def refusals(self) -> list[str]:
        return [e.reason for e in self.of("refused")]

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.scenario.state

    def unit(self, name: str) -> Any:
        return self.state.unit(name)


def resolve(scenario: Scenario, session: list[int] | None, outcome: type[OutcomeT]) -> OutcomeT:
    """Run every action; actions without their own ``dice:`` draw from ``session``, in order."""

    def source() -> GivenDice:
        return GivenDice(session or [], origin="test session")

    return outcome(scenario=scenario, steps=[s.resolution for s in run_scenario(scenario, source)])


def run_file(path: Path | str, session: list[int] | None, outcome: type[OutcomeT], **options: Any) -> OutcomeT:
    return resolve(load_scenario_file(path, options), session, outcome)


def run_data(data: dict[str, Any], session: list[int] | None, outcome: type[OutcomeT], **options: Any) -> OutcomeT:
    import yaml

    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<test>")
    return resolve(scenario_from_document(doc, options), session, outcome)
