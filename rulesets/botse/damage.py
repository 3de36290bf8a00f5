"""Dealing damage (against Defense lowered during an engage, and prevention) and healing."""

from __future__ import annotations

from msgspec.structs import replace

from tabroll.events import Damage, Defeat, Heal, Modifier, Note, said

from .messages import _
from .state import Adventurer, Placed, Unit
from .track import exhaust
from .work import BotseTurn


def heal(work: BotseTurn, name: str, amount: int, what: str) -> None:
    """Restore Health, up to the unit's starting (or ``max_health``) Health."""
    unit = work.state.unit(name)
    cap = max(unit.max_health, unit.health)
    after = min(cap, unit.health + amount)
    work.emit(
        Heal(
            unit=name,
            amount=after - unit.health,
            before=unit.health,
            after=after,
            reason=_("{what}: heal {amount}, up to Health {cap}", what=what, amount=amount, cap=cap)
            if after < unit.health + amount
            else _("{what}: heal {amount}", what=what, amount=amount),
            pool="Health",
        )
    )
    if after != unit.health:
        work.put(replace(unit, health=after))


def deal_summed(work: BotseTurn, name: str, blockable: int, through: int, prevented: int, *, by: str) -> None:
    if prevented:
        stopped = min(prevented, blockable)
        work.emit(
            Note(
                text=_(
                    "{unit} prevents {stopped} of the summed damage (prevent {prevented})",
                    unit=name,
                    stopped=stopped,
                    prevented=prevented,
                ),
                unit=name,
            )
        )
        blockable -= stopped
    if blockable or through:
        deal(work, name, blockable, through, by=by, what=_("summed damage of the dice"))


def deal(work: BotseTurn, name: str, blockable: int, through: int, *, by: str, what: str, engage: bool = True) -> None:
    """One dealing of damage: remaining Defense (printed Defense minus the damage already dealt to the unit in
    this engage) stops blockable damage first; the rest is lost Health. Unblockable damage ignores Defense."""
    unit = work.state.unit(name)
    if isinstance(unit, Adventurer) and blockable and any(p.prevent for p in unit.active):
        blockable = use_prevention(work, unit, blockable)
        unit = work.state.unit(name)
    health = struck(work, unit, blockable, through, by=by, what=what, engage=engage, told=not work.walked)
    if health is not None:
        work.put(replace(unit, health=health, defeated=health == 0))


def struck(
    work: BotseTurn, unit: Unit, blockable: int, through: int, *, by: str, what: str, engage: bool, told: bool
) -> int | None:
    """The Health ``unit`` has left after a dealing of :func:`deal` (past prevention), its events logged (None:
    nothing dealt, to a unit defeated before or of no damage); ``told``: said in full (the exact walk reads no log
    but its blows: there the rule is ``what`` alone, and Defense lowered is not said)."""
    name, amount = unit.name, blockable + through
    if unit.defeated or amount == 0:
        return None
    running = work.running
    before = max(0, unit.defense - running.get(name, 0))
    stopped = min(before, blockable)
    lost = min(unit.health, amount - stopped)
    health = unit.health - lost
    if engage:
        running[name] = running.get(name, 0) + amount
    rule = what
    if told:
        parts = [what]
        if through:
            parts.append(_("{amount} unblockable (ignores Defense)", amount=through))
        if blockable and before:
            parts.append(_("Defense {defense} stops {stopped}", defense=before, stopped=stopped))
        elif blockable:
            parts.append(_("Defense 0"))
        else:
            parts.append(_("Defense {defense} not used", defense=before))
        rule = "; ".join(parts)
    work.emit(
        Damage(
            attacker=by,
            target=name,
            amount=amount,
            rule=rule,
            defeats=health == 0,
            pool="Health",
            lost=lost,
            left=health,
        )
    )
    after = max(0, unit.defense - running[name]) if engage else before
    if after < before and told:
        work.emit(
            Modifier(
                applies_to=said(lambda: _("Defense of {unit}", unit=name)),
                reason=_("{amount} damage dealt to it in this engage", amount=running[name]),
                amount=after - before,
                total=after,
                unit=name,
            )
        )
    work.damaged.add(name)
    if health == 0:
        work.defeated.add(name)
        work.emit(Defeat(unit=name, by=by, reason=_("Health 0 ({what})", what=what) if told else what))
    return health


def use_prevention(work: BotseTurn, adventurer: Adventurer, blockable: int) -> int:
    """The blockable damage left after the prevent dice in the adventurer's active slots stop it, in slot order;
    each die used leaves its slot and is exhausted (ruling ``adventurer_prevention``)."""
    if work.options.adventurer_prevention == "record":
        work.ruling("adventurer_prevention", "record", _("prevention in an adventurer's slots is only recorded"))
        return blockable
    work.ruling(
        "adventurer_prevention", "use", _("a prevent die in the adventurer's active slot stops damage dealt to it")
    )
    kept: list[Placed] = []
    used: list[Placed] = []
    for placed in adventurer.active:
        if placed.prevent and blockable > 0:
            stopped = min(placed.prevent, blockable)
            blockable -= stopped
            used.append(placed)
            work.emit(
                Note(
                    text=_(
                        "{unit}'s {die} in an active slot prevents {stopped} of the damage "
                        "(prevent {prevent}); the die leaves its slot and is exhausted",
                        unit=adventurer.name,
                        die=placed.die,
                        stopped=stopped,
                        prevent=placed.prevent,
                    ),
                    unit=adventurer.name,
                )
            )
        else:
            kept.append(placed)
    work.put(replace(adventurer, active=tuple(kept)))
    for placed in used:
        slot = exhaust(work, work.state.adventurer(adventurer.name), placed.die)
        if slot is not None:
            work.emit(
                Note(text=_("{die} exhausted to cooldown slot {slot}", die=placed.die, slot=slot), unit=adventurer.name)
            )
    return blockable


def restore_defense(work: BotseTurn) -> None:
    """Say that each unit's Defense lowered in this engage is restored (not in the exact walk, which reads no
    log)."""
    if work.walked:
        return
    for name, total in work.running.items():
        unit = work.state.unit(name)
        lowered = min(unit.defense, total)
        if lowered and not unit.defeated:
            work.emit(
                Modifier(
                    applies_to=said(lambda: _("Defense of {unit}", unit=name)),  # noqa: B023  (said runs it at once)
                    reason=_("restored after the engage"),
                    amount=lowered,
                    total=unit.defense,
                    unit=name,
                )
            )
