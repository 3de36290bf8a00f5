"""Build F0R60D scenarios in tests and resolve them with exactly the dice a test states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tabroll.engine import Scenario
from tabroll.loading.scenario import load_scenario_file, scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tests import support

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "forgod"


class Outcome(support.Outcome):
    """The shared outcome (tests/support.py), with this game's own questions."""

    def totals(self, applies_to: str) -> list[int]:
        """The running totals of every modifier and multiplier on ``applies_to``, in order."""
        return [e.total for e in self.events if e.kind in ("modifier", "multiplier") and e.applies_to == applies_to]

    def reasons(self, kind: str = "modifier") -> list[tuple[str, str, int]]:
        key = "amount" if kind == "modifier" else "factor"
        return [(e.applies_to, e.reason, getattr(e, key)) for e in self.of(kind)]


def run_file(name: str, session: list[int] | None = None, **options: Any) -> Outcome:
    return _run(load_scenario_file(EXAMPLES / name, options), session)


def run_data(data: dict[str, Any], session: list[int] | None = None, **options: Any) -> Outcome:
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<test>")
    return _run(scenario_from_document(doc, options), session)


def _run(scenario: Scenario, session: list[int] | None) -> Outcome:
    return support.resolve(scenario, session, Outcome)


def card(side: str, at: list[int], **stats: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"side": side, "at": at, "PV": 10}
    base.update(stats)
    return base


def formations() -> dict[str, dict[str, Any]]:
    """Two legal armies at deployment on a board 3 squares wide: each middle line covered, the commanders at
    their right ends (red: the highest column; blue, facing it: the lowest)."""
    return {
        "R1": card("red", [0, 1]),
        "R2": card("red", [1, 1]),
        "RK": card("red", [2, 1], commander=True),
        "BK": card("blue", [0, 4], commander=True),
        "B1": card("blue", [1, 4]),
        "B2": card("blue", [2, 4]),
    }


def battle(
    units: dict[str, dict[str, Any]], actions: list[dict[str, Any]], options: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {"ruleset": "forgod", "options": options or {}, "board": {"width": 5}, "units": units, "actions": actions}


def attack(attacker: str, target: str, dice: list[int] | None = None, **more: Any) -> dict[str, Any]:
    given = {} if dice is None else {"dice": dice}
    return {"do": "attack", "attacker": attacker, "target": target, **given, **more}
