"""Ranges and sight: how far each battle form reaches, checked at declaration and again at each result."""

from __future__ import annotations

from .messages import _, n_, p_
from .model import Form
from .state import Adventurer, Battle, Unit
from .work import BotseTurn, Engage


def reach_text(adventurer: Adventurer, form: Form) -> str:
    if form is Form.RANGED:
        return n_("targets 2 to {n} hexes away (Stamina)", "targets 2 to {n} hexes away (Stamina)", adventurer.stamina)
    if form is Form.MAGIC:
        return n_(
            "targets up to {n} hexes away (Magicka)", "targets up to {n} hexes away (Magicka)", adventurer.magicka
        )
    if form is Form.DEFENSIVE:
        return _("no range: no target")
    return _("adjacent targets only")


def range_problem(battle: Battle, adventurer: Adventurer, target: Unit, form: Form) -> str | None:
    """Why ``target`` is not in range and sight of ``adventurer`` in ``form``, or None when it is."""
    distance = battle.map.distance(adventurer.position, target.position)
    name = target.name
    if form is Form.DEFENSIVE:
        return _("Defensive form has no range: no target can be declared")
    if form in (Form.LIGHT_WEAPON, Form.HEAVY_WEAPON) and distance != 1:
        return n_(
            "{unit} is {n} hexes away; {form} form reaches adjacent units only",
            "{unit} is {n} hexes away; {form} form reaches adjacent units only",
            distance,
            unit=name,
            form=p_("form", form.value),
        )
    if form is Form.RANGED and distance < 2:
        return _("{unit} is adjacent; ranged form reaches only units that are not adjacent", unit=name)
    if form is Form.RANGED and distance > adventurer.stamina:
        return n_(
            "{unit} is {n} hexes away; ranged form reaches {stamina} (Stamina)",
            "{unit} is {n} hexes away; ranged form reaches {stamina} (Stamina)",
            distance,
            unit=name,
            stamina=adventurer.stamina,
        )
    if form is Form.MAGIC and distance > adventurer.magicka:
        return n_(
            "{unit} is {n} hexes away; magic form reaches {magicka} (Magicka)",
            "{unit} is {n} hexes away; magic form reaches {magicka} (Magicka)",
            distance,
            unit=name,
            magicka=adventurer.magicka,
        )
    if not battle.map.line_of_sight(adventurer.position, target.position):
        return _("{unit} cannot see {target}: a blocked hex is in between", unit=adventurer.name, target=name)
    return None


def target_problem(work: BotseTurn, setup: Engage) -> str | None:
    """Range is checked again when each result is resolved."""
    if setup.target is None:
        return _("no target declared")
    target = work.state.unit(setup.target)
    if target.defeated:
        return _("{unit} is defeated", unit=setup.target)
    assert setup.form is not None
    return range_problem(work.state, work.state.adventurer(setup.adventurer), target, setup.form)
