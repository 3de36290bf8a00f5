"""Costs, light fatigue and the cooldown track."""

from __future__ import annotations

from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import Damage, Note, Spend

from .events import FatigueGained
from .messages import _, n_, p_
from .setup import FATIGUE_DIE
from .state import Adventurer, Cost
from .work import BotseTurn


def cost_problem(work: BotseTurn, adventurer: Adventurer, cost: Cost) -> str | None:
    """Why ``cost`` cannot be paid in full, or None."""
    if adventurer.tenacity < cost.tenacity:
        return _(
            "{needed} tenacity needed, {unit} has {have}",
            needed=cost.tenacity,
            unit=adventurer.name,
            have=adventurer.tenacity,
        )
    if cost.health and adventurer.health <= cost.health:
        return _(
            "{cost} Health to pay, {unit} has {have} (a cost may not bring it to 0)",
            cost=cost.health,
            unit=adventurer.name,
            have=adventurer.health,
        )
    room = fatigue_room(work, adventurer)
    if room is not None and cost.light_fatigue > room:
        return n_(
            "{dice} light fatigue dice to take, {n} open slot(s) on the cooldown track",
            "{dice} light fatigue dice to take, {n} open slot(s) on the cooldown track",
            room,
            dice=cost.light_fatigue,
        )
    return None


def pay_cost(work: BotseTurn, adventurer: Adventurer, cost: Cost, what: str) -> Adventurer:
    """A cost is paid in full or not at all."""
    problem = cost_problem(work, adventurer, cost)
    if problem is not None:
        raise RuleRefusal(
            _(
                "{unit} cannot pay the cost of {what} in full: {problem}",
                unit=adventurer.name,
                what=what,
                problem=problem,
            ),
            rule=p_("rule", "costs"),
        )
    paid = replace(adventurer, tenacity=adventurer.tenacity - cost.tenacity, health=adventurer.health - cost.health)
    if cost.tenacity:
        work.emit(Spend(unit=adventurer.name, resource="tenacity", amount=cost.tenacity, remaining=paid.tenacity))
    if cost.health:  # Health lost is damage in the one vocabulary, dealt by nobody
        work.emit(
            Damage(
                attacker=None,
                target=adventurer.name,
                amount=cost.health,
                rule=_("Health paid as the cost of {what}", what=what),
                defeats=False,
                pool="Health",
                lost=cost.health,
                left=paid.health,
            )
        )
    work.put(paid)
    if cost.light_fatigue:
        take_fatigue(work, adventurer.name, cost.light_fatigue, _("cost of {what}", what=what), must_fit=True)
    return work.state.adventurer(adventurer.name)


def fatigue_room(work: BotseTurn, adventurer: Adventurer) -> int | None:
    """How many light fatigue dice the adventurer can receive (None: no limit, under ``fatigue: counter``)."""
    if work.options.fatigue == "counter":
        return None
    return adventurer.cooldown.count(None)


def take_fatigue(work: BotseTurn, name: str, amount: int, reason: str, *, must_fit: bool) -> None:
    """Gain ``amount`` light fatigue dice (ruling ``fatigue``). When they do not fit on the track, a step that
    must take them is refused; a reaction's fatigue fills what it can and the rest goes back to the supply."""
    adventurer = work.state.adventurer(name)
    room = fatigue_room(work, adventurer)
    if room is None:
        work.ruling("fatigue", "counter", _("light fatigue is counted, not placed on the cooldown track"))
        total = adventurer.light_fatigue + amount
        work.put(replace(adventurer, light_fatigue=total))
        work.emit(FatigueGained(unit=name, amount=amount, total=total, reason=reason))
        return
    work.ruling("fatigue", "track", _("light fatigue dice go on the cooldown track, leftmost open slot first"))
    if amount > room and must_fit:
        raise RuleRefusal(
            n_(
                "{unit} cannot receive {n} light fatigue die ({reason}): the cooldown track has {room} open slot(s)",
                "{unit} cannot receive {n} light fatigue dice ({reason}): the cooldown track has {room} open slot(s)",
                amount,
                unit=name,
                reason=reason,
                room=room,
            ),
            rule=p_("rule", "fatigue"),
            tip=_("an adventurer engages only as often as the fatigue it can receive allows; end the turn to recover"),
        )
    placed = min(amount, room)
    track = list(adventurer.cooldown)
    for _slot in range(placed):
        track[track.index(None)] = FATIGUE_DIE
    total = adventurer.light_fatigue + placed
    work.put(replace(adventurer, cooldown=tuple(track), light_fatigue=total))
    if placed != amount:
        reason = n_(
            "{reason}; {n} found no open slot and went back to the supply",
            "{reason}; {n} found no open slot and went back to the supply",
            amount - placed,
            reason=reason,
        )
    work.emit(FatigueGained(unit=name, amount=placed, total=total, reason=reason))


def exhaust(work: BotseTurn, adventurer: Adventurer, die: str) -> int | None:
    """Put ``die`` on the leftmost open slot of the cooldown track: the slot number (from 1), or None when a full
    track drains it instead (the game's rule, without its overfatigue die)."""
    track = list(adventurer.cooldown)
    if None not in track:
        track_full(work, adventurer.name, die)
        work.put(replace(adventurer, drained=(*adventurer.drained, die)))
        return None
    slot = track.index(None)
    track[slot] = die
    work.put(replace(adventurer, cooldown=tuple(track)))
    return slot + 1


def track_full(work: BotseTurn, unit: str, die: str) -> None:
    """``die`` finds ``unit``'s cooldown track full: refused, or said to be drained (ruling ``full_track``)."""
    if work.options.full_track == "refuse":
        work.ruling("full_track", "refuse", _("a die that finds the cooldown track full refuses the action"))
        raise RuleRefusal(
            _("{unit}'s cooldown track has no open slot to exhaust {die} to", unit=unit, die=die),
            rule=p_("rule", "cooldown track"),
            tip=_("give the adventurer more cooldown_slots, or free the track first"),
        )
    work.ruling("full_track", "drain", _("a die that finds the cooldown track full is drained instead"))
    work.emit(
        Note(
            text=_(
                "{unit}'s cooldown track is full: {die} is drained instead of exhausted (overfatigue is not modelled)",
                unit=unit,
                die=die,
            ),
            unit=unit,
        )
    )
