"""What one hit does to one target: element immunity and outright defeat, healing instead of damage, the damage
roll with element bonuses, DEF (and VIT) deciding defeat or survival, and a hex on a survivor."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from msgspec.structs import replace

from tabroll.events import Damage, Defeat

from .events import ElementBonus, Survive
from .messages import _
from .model import AttackAction
from .profiles import AttackProfile
from .state import Unit

if TYPE_CHECKING:
    from .elements import Element
    from .work import TabMasterTurn


def strike(
    turn: TabMasterTurn, attacker: Unit, target: Unit, profile: AttackProfile, action: AttackAction, shared: int | None
) -> None:
    """One hit on one target: elements, damage (or healing), defeat or survival, hexes."""
    names = profile.effects.elements
    table = {}
    if names:  # the element table is read (and its module imported) only for an attack with an element
        from .elements import element_table

        table = element_table(ice_bonus=turn.options.ice_bonus)
    elements = [table[name] for name in names]
    for element in elements:
        if element.matches_any(target, element.immune):
            from tabroll.events import Immune  # an element's event: defined when one is emitted

            turn.emit(Immune(attacker=attacker.name, target=target.name, reason=element.why_immune(target)))
            return
    for element in elements:
        if element.matches_any(target, element.auto_defeat):
            why = element.why(target, element.auto_defeat)
            turn.note(
                _("{element} defeats {unit} outright ({why})", element=element.shown, unit=target.name, why=why),
                target.name,
            )
            defeat(turn, target, attacker.name, _("{element} against {why}", element=element.shown, why=why))
            return
    healing = [e for e in elements if e.heals and not e.matches_any(target, e.damages_instead)]
    if healing:
        heal(turn, attacker, target, profile, healing[0])
        return
    if turn.special_damage == "none":
        turn.note(_("{unit} is hit; the Special leaves no normal damage to roll", unit=target.name), target.name)
        return
    dan = profile.damage if turn.special_damage == "normal" else turn.special_damage
    amount = (
        shared if shared is not None else turn.roll_total(dan, _("damage vs {unit}", unit=target.name), attacker.name)
    )
    for element in elements:
        bonus = element.bonus_against(target)
        if bonus:
            amount += bonus[0]
            turn.emit(
                ElementBonus(element=element.label, target=target.name, amount=bonus[0], reason=bonus[1], total=amount)
            )
    hexed = [e for e in elements if e.applies_hex]
    survived = apply_damage(turn, attacker, target, amount)
    if hexed and survived:
        name = action.hex or "a hex (Feitiço) chosen by the attacking side"  # state, not prose: in every language
        current = turn.unit(target.name)
        turn.put(replace(current, statuses=(*current.statuses, f"hex: {name}")))
        from tabroll.events import StatusApplied  # a hex's event: defined when one is emitted

        turn.emit(
            StatusApplied(unit=target.name, status=f"hex: {name}", reason=_("{element} attack", element=hexed[0].shown))
        )


def apply_damage(turn: TabMasterTurn, attacker: Unit, target: Unit, amount: int) -> bool:
    """Compare damage with DEF (and VIT); return whether the target is still standing. The ``damage`` event's
    pool is VIT when VIT takes the excess (with what it lost and has left), else DEF."""
    at_least = turn.options.defeat_threshold == "at_least"
    if at_least:
        turn.ruling("defeat_threshold", "at_least", _("damage equal to DEF defeats (as the source's examples 3 and 4)"))
    else:
        turn.ruling("defeat_threshold", "greater", _("damage must be greater than DEF to defeat (the rule text)"))
    sign = "≥" if at_least else ">"
    beats = amount >= target.defense if at_least else amount > target.defense
    uses_vitality = target.vitality is not None and turn.options.vitality == "excess"
    if uses_vitality:
        assert target.vitality is not None
        turn.ruling("vitality", "excess", _("a unit with VIT loses the damage beyond its DEF from VIT, falling at 0"))
        excess = max(0, amount - target.defense + (1 if at_least else 0)) if beats else 0
        lost = min(excess, target.vitality)
        left = target.vitality - lost
        rule = (
            _(
                "{amount} {sign} DEF {defense}: {excess} through to VIT",
                amount=amount,
                sign=sign,
                defense=target.defense,
                excess=excess,
            )
            if beats
            else _not_beaten(amount, target.defense, at_least)
        )
        defeats = left == 0 and beats
        turn.emit(
            Damage(
                attacker=attacker.name,
                target=target.name,
                amount=amount,
                rule=rule,
                defeats=defeats,
                pool="VIT",
                lost=lost,
                left=left,
            )
        )
        turn.put(replace(turn.unit(target.name), vitality=left))
    else:
        defeats = beats
        rule = f"{amount} {sign} DEF {target.defense}" if beats else _not_beaten(amount, target.defense, at_least)
        # DEF alone decides: the damage is weighed against the target's points of Defence (the source's words),
        # which it does not lower, so the pool is DEF, with nothing lost or left
        turn.emit(
            Damage(attacker=attacker.name, target=target.name, amount=amount, rule=rule, defeats=defeats, pool="DEF")
        )
    if defeats:
        defeat(turn, turn.unit(target.name), attacker.name, rule)
        return False
    turn.emit(Survive(unit=target.name, reason=rule))
    return True


def heal(turn: TabMasterTurn, attacker: Unit, target: Unit, profile: AttackProfile, element: Element) -> None:
    """A healing element restores the rolled amount of VIT, up to the printed maximum; a unit it cannot heal, or
    one without VIT, gains nothing."""
    after = target.vitality
    if element.matches_any(target, element.no_heal):
        why = element.why(target, element.no_heal)
        reason = _("{element}: no healing for {why}", element=element.shown, why=why)
    else:
        amount = turn.roll_total(profile.damage, _("healing for {unit}", unit=target.name), attacker.name)
        if target.vitality is None:
            reason = _(
                "{element} heals instead of damaging; {unit} has no VIT to restore",
                element=element.shown,
                unit=target.name,
            )
        else:
            cap = target.max_vitality if target.max_vitality is not None else target.vitality + amount
            after = min(cap, target.vitality + amount)
            turn.put(replace(target, vitality=after))
            reason = _(
                "{element} heals instead of damaging (rolled {amount}, up to VIT {cap})",
                element=element.shown,
                amount=amount,
                cap=cap,
            )
    gained = 0 if after is None or target.vitality is None else after - target.vitality
    from tabroll.events import Heal  # a healing element's event: defined when one is emitted

    turn.emit(Heal(unit=target.name, amount=gained, before=target.vitality, after=after, reason=reason, pool="VIT"))


def defeat(turn: TabMasterTurn, target: Unit, by: str | None, reason: str) -> None:
    turn.put(fallen(target))
    turn.emit(Defeat(unit=target.name, by=by, reason=reason))


@lru_cache(maxsize=256)
def fallen(unit: Unit) -> Unit:
    """``unit`` defeated, off the board: one value for every outcome that defeats that unit, so that the states
    the exact walk meets after a defeat hold the same unit, already hashed and quick to compare."""
    return replace(unit, defeated=True, position=None)


def _not_beaten(amount: int, defense: int, at_least: bool) -> str:
    if at_least:
        return _("{amount} does not beat DEF {defense}: {defense} or more needed", amount=amount, defense=defense)
    return _("{amount} does not beat DEF {defense}: more than {defense} needed", amount=amount, defense=defense)
