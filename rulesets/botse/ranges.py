"""Ranges and sight: how far each battle form reaches, and whether a target is still in range (checked at
declaration and again at each result).
"""

from __future__ import annotations

from .model import Form
from .state import Adventurer, Battle, Unit
from .work import Engage, Work


def reach_text(adventurer: Adventurer, form: Form) -> str:
    return {
        Form.LIGHT_WEAPON: "adjacent targets only",
        Form.HEAVY_WEAPON: "adjacent targets only",
        Form.DEFENSIVE: "no range: no target",
        Form.RANGED: f"targets 2 to {adventurer.stamina} hexes away (Stamina)",
        Form.MAGIC: f"targets up to {adventurer.magicka} hexes away (Magicka)",
    }[form]


def range_problem(battle: Battle, adventurer: Adventurer, target: Unit, form: Form) -> str | None:
    """Why ``target`` is not in range and sight of ``adventurer`` in ``form``, or None when it is."""
    distance = battle.map.distance(adventurer.position, target.position)
    name = target.name
    if form is Form.DEFENSIVE:
        return "Defensive form has no range: no target can be declared"
    if form in (Form.LIGHT_WEAPON, Form.HEAVY_WEAPON) and distance != 1:
        return f"{name} is {distance} hexes away; {form.value} form reaches adjacent units only"
    if form is Form.RANGED and distance < 2:
        return f"{name} is adjacent; ranged form reaches only units that are not adjacent"
    if form is Form.RANGED and distance > adventurer.stamina:
        return f"{name} is {distance} hexes away; ranged form reaches {adventurer.stamina} (Stamina)"
    if form is Form.MAGIC and distance > adventurer.magicka:
        return f"{name} is {distance} hexes away; magic form reaches {adventurer.magicka} (Magicka)"
    if not battle.map.line_of_sight(adventurer.position, target.position):
        return f"{adventurer.name} cannot see {name}: a blocked hex is in between"
    return None


def target_problem(work: Work, setup: Engage) -> str | None:
    """Range is checked again when each result is resolved."""
    if setup.target is None:
        return "no target declared"
    target = work.unit(setup.target)
    if target.defeated:
        return f"{setup.target} is defeated"
    assert setup.form is not None
    return range_problem(work.state, work.adventurer(setup.adventurer), target, setup.form)
