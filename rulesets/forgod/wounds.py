"""What a F0R60D hit does once its damage is rolled: the damage multiplied, less the target's absorptions
(:func:`absorptions`), never below 0, and the wound (:func:`wound`)."""

from __future__ import annotations

from collections.abc import Sequence

from tabroll.events import Damage, Modifier
from tabroll.frozen import replace

from .bonuses import Bonus, absorption_off
from .events import CardsLost, Multiplier
from .messages import _, said_once
from .state import Card
from .turn import ForgodTurn, remove


def at_least_zero(turn: ForgodTurn, total: int, unit: str) -> int:
    if total < 0:
        turn.emit(
            Modifier(
                applies_to=said_once(lambda: _("damage")), reason=_("never below 0"), amount=-total, total=0, unit=unit
            )
        )
        return 0
    return total


def multiply(turn: ForgodTurn, total: int, factors: Sequence[tuple[int, str]], unit: str) -> int:
    for factor, reason in factors:
        total *= factor
        turn.emit(
            Multiplier(applies_to=said_once(lambda: _("damage")), reason=reason, factor=factor, total=total, unit=unit)
        )
    return total


def absorptions(turn: ForgodTurn, target: Card, keep: bool) -> list[Bonus]:
    """The absorptions the target applies to this hit (as negative damage bonuses); marks Absorción as used."""
    state = turn.state
    t = target.name
    charge = state.charge_by(t)
    if (charge is not None and charge.flank) or t in state.exposed:
        if target.absorption or target.constant_absorption:
            turn.note(_("{t} is flanking and cannot apply any absorption", t=t), t)
        return []
    off = absorption_off(state, target)
    if off is not None:
        if target.absorption or target.constant_absorption:
            turn.note(_("{t}'s absorptions are not active: {absorption_off}", t=t, absorption_off=off), t)
        return []
    sign = state.options.absorption_sign
    adjust: list[Bonus] = []
    if state.line_of(target) == "front":
        adjust.append(("Avanzada", -2 if sign == "as_damage" else 2))
    for shield in state.shields_on(t):
        adjust.append((f"Escudo {shield}", 2 if sign == "as_damage" else -2))
    if adjust:
        turn.ruling(
            "absorption_sign",
            sign,
            _("line and shield changes to absorption are read as changes to the damage taken")
            if sign == "as_damage"
            else _("line and shield changes to absorption keep their printed signs"),
        )
    armour = [a for a in target.additions if a.kind == "armour"]
    absorbs: list[Bonus] = []
    per_round = target.absorption + sum(a.absorption for a in armour)
    if keep:
        turn.note(_("{t} keeps its Absorción for a later attack this round", t=t), t)
    elif target.absorption_used:
        turn.note(_("{t} already used its Absorción this round", t=t), t)
    else:
        value = turn.apply(per_round, adjust, said_once(lambda: _("Absorción")), t)
        absorbs.append(("Absorción (una vez por ronda)", -value))
        turn.put(replace(target, absorption_used=True))
    constant = target.constant_absorption + sum(a.constant_absorption for a in armour)
    value = turn.apply(constant, adjust, _("Absorción Constante"), t)
    absorbs.append(("Absorción Constante", -value))
    return absorbs


def wound(turn: ForgodTurn, attacker: str, target_name: str, amount: int) -> Card | None:
    """Damage fills one card's PV at a time; each card filled is annihilated and the rest carries over. Returns
    the commander that fell, if the unit was one (its troops' Moral follows)."""
    target = turn.unit(target_name)
    front = target.front_life
    standing = front + (target.cards - 1) * target.life  # the PV the unit has left, over all its cards
    pool = target.wounds + amount
    lost = min(target.cards, pool // target.life)
    left = target.cards - lost
    wounds = pool - lost * target.life if left else 0
    life_left = target.life - wounds if left else 0
    if target.cards == 1:
        values = {"front": front, "amount": amount, "after": front - amount}
        rule = (
            _("PV {front} - {amount} = {after}: annihilated", **values)
            if left == 0
            else _("PV {front} - {amount} = {after}", **values)
        )
    else:
        values = {
            "amount": amount,
            "front": front,
            "life": target.life,
            "lost": lost,
            "cards": target.cards,
            "life_left": life_left,
        }
        if left:
            rule = _(
                "{amount} damage fills PV {front} of the front card and then {life} per card: "
                "{lost} of {cards} cards fall, PV {life_left} left on the next",
                **values,
            )
        else:
            rule = _(
                "{amount} damage fills PV {front} of the front card and then {life} per card: "
                "{lost} of {cards} cards fall",
                **values,
            )
    turn.emit(
        Damage(
            attacker=attacker,
            target=target_name,
            amount=amount,
            rule=rule,
            defeats=left == 0,
            pool="PV",
            lost=min(amount, standing),
            left=life_left,
        )
    )
    if lost and target.cards > 1:
        turn.emit(CardsLost(unit=target_name, lost=lost, left=left, life_left=life_left))
    wounded = replace(target, cards=left if left else target.cards, wounds=wounds)
    if left:
        turn.put(wounded)
    else:
        remove(turn, target_name, _("PV 0 or less: to the Panteón"), "annihilated", by=attacker, card=wounded)
        if target.commander:
            return target
    return None
