"""Build Gathering of Heroes scenarios in tests and resolve them with exactly the dice a test states."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tabroll.dice.sources import DiceSource
from tabroll.engine import Scenario
from tabroll.engine.work import BaseTurn
from tabroll.events import Event
from tabroll.loading.scenario import load_scenario_file, scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tabroll.rulesets.mtg_heroes.skills import roll_skill_test
from tests import support

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "mtg_heroes"


class Outcome(support.Outcome):
    """The shared outcome (tests/support.py); this game needs no questions of its own."""


def run_file(path: Path | str, session: list[int] | None = None, **options: Any) -> Outcome:
    return _run(load_scenario_file(path, options), session)


def run_data(data: dict[str, Any], session: list[int] | None = None, **options: Any) -> Outcome:
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<test>")
    return _run(scenario_from_document(doc, options), session)


def _run(scenario: Scenario, session: list[int] | None) -> Outcome:
    return support.resolve(scenario, session, Outcome)


def creature(side: str, power: int, toughness: int, life: int, *keywords: str, **more: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"side": side, "power": power, "toughness": toughness, "life": life}
    if keywords:
        entry["keywords"] = list(keywords)
    entry.update(more)
    return entry


def character(side: str, power: int = 1, toughness: int = 1, life: int = 10, **more: Any) -> dict[str, Any]:
    return {"kind": "character", **creature(side, power, toughness, life), **more}


def fight(
    combatants: dict[str, dict[str, Any]],
    actions: list[dict[str, Any]],
    *,
    ranges: list[dict[str, Any]] | None = None,
    default_range: str = "near",
    options: dict[str, Any] | None = None,
    reserve: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "ruleset": "mtg_heroes",
        "options": options or {},
        "default_range": default_range,
        "combatants": combatants,
        "reserve": reserve or {},
        "ranges": ranges or [],
        "actions": actions,
    }


def attack(attacker: str, target: str, dice: list[int] | None = None, **more: Any) -> dict[str, Any]:
    """``do: attack`` of ``attacker`` on ``target``, with its ``dice`` when given and any ``more`` fields."""
    given = {"dice": dice} if dice is not None else {}
    return {"do": "attack", "attacker": attacker, "target": target, **given, **more}


def check_skill(identity: str, skills: str | list[str], dice: DiceSource, **given: Any) -> list[Event]:
    """A skill test on its own (``roll_skill_test`` in a bare working area): its events."""
    log = BaseTurn(dice=dice)
    roll_skill_test(log, identity, [skills] if isinstance(skills, str) else skills, **given)
    return log.events
