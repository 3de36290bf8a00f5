"""Step 5, partial resolution: what one die's face can do now and what it must skip (:class:`Plan`)."""

from __future__ import annotations

import msgspec

from tabroll.errors import RuleRefusal
from tabroll.events import said, said_each
from tabroll.geometry.hex import Hex

from .messages import _, n_, p_
from .model import Code, Form
from .ranges import target_problem
from .state import Adventurer, Cost, Face
from .track import cost_problem
from .work import BotseTurn, Engage, Rolled


class Choice(msgspec.Struct, frozen=True):
    die: int | None  # None: the item's ability
    unit: str | None = None
    hex: Hex | None = None
    target: str | None = None  # with several declared targets: the one this result aims at


class Plan(msgspec.Struct):
    """What a die result will do: damage and prevention per unit, and where the die goes."""

    damage: dict[str, tuple[int, int]] = msgspec.field(default_factory=dict)  # unit → (blockable, unblockable)
    prevent: dict[str, int] = msgspec.field(default_factory=dict)
    done: list[str] = msgspec.field(default_factory=list)  # said words (tabroll.events.said): kept in both ways
    skipped: list[str] = msgspec.field(default_factory=list)
    heal: dict[str, int] = msgspec.field(default_factory=dict)
    code: Code = Code.INSTANT
    status_on: str | None = None
    status_name: str | None = None  # the face's (first) status, placed or not
    statuses: list[str] = msgspec.field(default_factory=list)  # the statuses placed on ``status_on``
    nowhere: bool = False  # a status-code face whose status had nowhere to go
    cost: Cost | None = None  # paid when the result is resolved

    def add_damage(self, unit: str, amount: int, unblockable: bool) -> None:
        blockable, through = self.damage.get(unit, (0, 0))
        self.damage[unit] = (blockable, through + amount) if unblockable else (blockable + amount, through)


def splash_candidates(work: BotseTurn, setup: Engage, reference: Hex) -> list[str]:
    """The living enemies other than the target adjacent to ``reference``, in scenario order."""
    return [
        creature.name
        for creature in work.state.creatures
        if creature.side == "enemy"
        and not creature.defeated
        and creature.name != setup.target
        and work.state.map.distance(creature.position, reference) == 1
    ]


def splash_reference(work: BotseTurn, setup: Engage, face: Face) -> Hex | None:
    """The hex a splash result's unit must be adjacent to: the target's, or the adventurer's."""
    if face.adjacent_to == "target":
        return work.state.unit(setup.target).position if setup.target else None
    return work.state.adventurer(setup.adventurer).position


def splash_unit(work: BotseTurn, setup: Engage, choice: Choice, reference: Hex) -> str | None:
    """The unit a splash result damages: the one chosen, else the first enemy adjacent to ``reference``."""
    if choice.unit is not None:
        return choice.unit
    candidates = splash_candidates(work, setup, reference)
    return candidates[0] if candidates else None


def plan_result(work: BotseTurn, setup: Engage, rolled: Rolled, choice: Choice) -> Plan:
    """Partial resolution: everything on the face that can be done now, and what has to be skipped.

    A face's ``cost`` must be payable in full, or nothing on the face is done ("do A to do B"); its ``then``
    part is done only when everything before it was done ("do A, then B": A counts as a cost). A face whose
    only possible part is its cost is not resolved, so no cost is paid for nothing."""
    face = rolled.face
    plan = Plan(code=face.code)
    cost = face.cost
    if cost is not None:
        if cost_problem(work, work.state.adventurer(setup.adventurer), cost):
            plan.skipped.append(
                said(
                    lambda: _(
                        "its cost ({cost}) cannot be paid in full: {problem}",
                        cost=cost.describe(),
                        problem=cost_problem(work, work.state.adventurer(setup.adventurer), cost),
                    )
                )
            )
            return plan
        plan.cost = cost
    plan_part(work, setup, rolled, choice, face, plan, first=True)
    then = face.then
    if then is not None:
        if plan.skipped:
            plan.skipped.append(
                said(
                    lambda: _(
                        "then {then}: not done, as the part before it was not done in full",
                        then=then.part_text(),
                    )
                )
            )
        else:
            plan_part(work, setup, rolled, choice, then, plan, first=False)
    if plan.status_name is not None and plan.status_on is None and plan.code is Code.STATUS:
        plan.code = status_nowhere(work, plan)
        plan.nowhere = True
    if plan.cost is not None and plan.done:
        plan.done.insert(0, paying(plan.cost))
    return plan


def paying(cost: Cost) -> str:
    """What a result's plan says first when its cost is paid."""
    return said(lambda: _("pays {cost}", cost=cost.describe()))


def plan_part(
    work: BotseTurn, setup: Engage, rolled: Rolled, choice: Choice, face: Face, plan: Plan, *, first: bool
) -> None:
    """One part of a face (the face itself, or its ``then`` part) into ``plan``, in the order of its icons."""
    adventurer = work.state.adventurer(setup.adventurer)
    damage, prevent = face.damage, face.prevent
    if first and setup.form is Form.DEFENSIVE and rolled.die.combat and damage:
        if rolled.free:
            plan.skipped.append(said(lambda: _("free enemy dice cannot be placed in active slots in Defensive form")))
            return
        prevent, damage, plan.code = prevent + damage, 0, Code.ACTIVE
        plan.done.append(
            said(
                lambda: n_(
                    "Defensive form: the combat die's {n} damage becomes prevent {n}",
                    "Defensive form: the combat die's {n} damage becomes prevent {n}",
                    face.damage,
                )
            )
        )
    if damage:
        plan_target_damage(work, setup, face, damage, plan)
    if face.splash:
        plan_splash(work, setup, adventurer, choice, face, plan)
    on = choice.unit or adventurer.name
    if prevent:
        if work.state.unit(on).defeated:
            plan.skipped.append(said(lambda: _("prevent {n}: {unit} is defeated", n=prevent, unit=on)))
        else:
            plan.prevent[on] = plan.prevent.get(on, 0) + prevent
            plan.done.append(said(lambda: _("{unit} prevents {n}", unit=on, n=prevent)))
    if face.heal:
        if work.state.unit(on).defeated:
            plan.skipped.append(said(lambda: _("heal {n}: {unit} is defeated", n=face.heal, unit=on)))
        else:
            plan.heal[on] = plan.heal.get(on, 0) + face.heal
            plan.done.append(said(lambda: _("{unit} heals {n}", unit=on, n=face.heal)))
    if face.status:
        plan_status(work, setup, choice, face.status, plan)
    if face.text:
        plan.done.append(said(lambda: _("apply by hand: {text}", text=face.text)))


def plan_target_damage(work: BotseTurn, setup: Engage, face: Face, damage: int, plan: Plan) -> None:
    """A face's damage to the target, when the target is still there and in range (checked at each result)."""
    problem = target_problem(work, setup)
    if problem:
        plan.skipped.append(
            said(
                lambda: n_(
                    "{n} damage to the target: {problem}",
                    "{n} damage to the target: {problem}",
                    damage,
                    problem=target_problem(work, setup),
                )
            )
        )
        return
    assert setup.target is not None
    plan.add_damage(setup.target, damage, face.unblockable)
    plan.done.append(said(lambda: n_("{n} damage to {unit}", "{n} damage to {unit}", damage, unit=setup.target)))


def plan_splash(work: BotseTurn, setup: Engage, adventurer: Adventurer, choice: Choice, face: Face, plan: Plan) -> None:
    """Splash damage to another living unit adjacent to the target (or to the adventurer)."""
    battle = work.state
    reference = splash_reference(work, setup, face)
    name = splash_unit(work, setup, choice, reference) if reference is not None else None
    problem = None
    if reference is None:
        problem = said(lambda: _("no target declared"))
    elif name is None:
        problem = said(lambda: _("no other enemy is adjacent"))
    else:
        unit = battle.unit(name)
        to_target = face.adjacent_to == "target"
        if unit.defeated:
            problem = said(lambda: _("{unit} is defeated", unit=name))
        elif name in (setup.target, adventurer.name):
            problem = said(
                lambda: (
                    _("{unit} is not another unit adjacent to the target", unit=name)
                    if to_target
                    else _("{unit} is not another unit adjacent to {other}", unit=name, other=adventurer.name)
                )
            )
        elif battle.map.distance(unit.position, reference) != 1:
            problem = said(
                lambda: (
                    _("{unit} is not adjacent to the target", unit=name)
                    if to_target
                    else _("{unit} is not adjacent to {other}", unit=name, other=adventurer.name)
                )
            )
    if problem:
        plan.skipped.append(
            said(
                lambda: n_("{n} splash damage: {problem}", "{n} splash damage: {problem}", face.splash, problem=problem)
            )
        )
        return
    assert name is not None
    plan.add_damage(name, face.splash, face.unblockable)
    plan.done.append(
        said(lambda: n_("{n} damage to {unit}, adjacent", "{n} damage to {unit}, adjacent", face.splash, unit=name))
    )


def plan_status(work: BotseTurn, setup: Engage, choice: Choice, status: str, plan: Plan) -> None:
    """A status on the chosen unit or hex, else on the target; the face's first status names the die's place."""
    placed_on = choice.unit or (f"hex {list(choice.hex)}" if choice.hex else None) or setup.target  # a value
    if plan.status_name is None:
        plan.status_name = status
    if placed_on is None:
        plan.skipped.append(said(lambda: _("status {status}: no unit or hex to place it on", status=status)))
        return
    if choice.hex is not None and not work.state.map.contains(choice.hex):
        raise RuleRefusal(_("hex {hex} is off the map", hex=list(choice.hex)), rule=p_("rule", "status"))
    plan.status_on = placed_on
    plan.statuses.append(status)
    plan.done.append(said(lambda: _("{status} on {place}", status=status, place=placed_on)))


def status_nowhere(work: BotseTurn, plan: Plan) -> Code:
    """The code of a status-code face whose status has no unit or hex to go on (ruling ``status_nowhere``)."""
    choice = work.options.status_nowhere
    if choice == "exhaust":
        if plan.done:
            work.ruling(
                "status_nowhere",
                "exhaust",
                _("a status with nowhere to go is skipped; the rest of the face is done and the die is exhausted"),
            )
        return Code.INSTANT
    work.ruling("status_nowhere", "not_resolved", _("a status with nowhere to go leaves the whole result unresolved"))
    plan.skipped += said_each(lambda: [_("{done} (not done: the status had nowhere to go)", done=d) for d in plan.done])
    plan.done.clear()
    return Code.STATUS


def static_units(work: BotseTurn, setup: Engage, choice: Choice) -> list[str]:
    """The non-adventurer units a result would damage or let prevent damage, judged before any is resolved:
    the summed damage to a unit is dealt after the last of them."""
    if choice.die is None:
        return []
    rolled = setup.rolled[choice.die - 1]
    found: list[str] = []
    defensive = setup.form is Form.DEFENSIVE and rolled.die.combat
    for face in (rolled.face, rolled.face.then):
        if face is None:
            continue
        if face.damage and setup.target and not defensive:
            found.append(setup.target)
        if face.splash:
            reference = splash_reference(work, setup, face)
            name = splash_unit(work, setup, choice, reference) if reference is not None else None
            if name:
                found.append(name)
        if (face.prevent or (defensive and face.damage)) and choice.unit:
            found.append(choice.unit)
        defensive = False
    return [n for n in dict.fromkeys(found) if not isinstance(work.state.unit(n), Adventurer)]
