"""Initiative: the turn order by Speed, highest first, a shared Speed settled by opposed Speed rolls taken as
steps (:class:`Ordering`, :class:`TieRoll`) that stop after :data:`MAX_TIE_ROUNDS` rounds; and a delay
that moves a combatant later in the order.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.engine.steps import Step
from tabroll.errors import RuleRefusal
from tabroll.frozen import replace

from .events import TurnOrder
from .messages import _
from .model import DelayAction, InitiativeAction
from .phases import start_turn
from .work import HANDLERS, HeroesTurn

MAX_TIE_ROUNDS = 20
"""Opposed initiative rolls that tie again and again stop here (the listed order then stands)."""


@HANDLERS.on(InitiativeAction)
def resolve_initiative(turn: HeroesTurn, action: InitiativeAction) -> None:
    if not any(u.in_fight and u.controller is None for u in turn.state.combatants):
        raise RuleRefusal(_("no one is left in the fight to take turns"), rule="initiative")
    turn.run(Ordering((), 0))


@dataclass(frozen=True)
class Ordering(Step):
    """The turn order, Speed by Speed from the highest: ``order`` so far, from the ``index``-th highest Speed on.
    A shared Speed is an opposed roll (a :class:`TieRoll`); once every Speed is placed, the first turn begins.
    ``still_tied``: the tie before it played all its rounds, so the listed order stood."""

    order: tuple[str, ...]
    index: int
    still_tied: bool = False

    def advance(self, turn: HeroesTurn) -> Step | None:
        if self.still_tied:
            text = _(
                "still tied after {MAX_TIE_ROUNDS} rounds of rolls: the listed order stands",
                MAX_TIE_ROUNDS=MAX_TIE_ROUNDS,
            )
            turn.note(text)
        order = list(self.order)
        actors = [u for u in turn.state.combatants if u.in_fight and u.controller is None]  # they take turns
        speeds = sorted({u.speed for u in actors}, reverse=True)
        for index in range(self.index, len(speeds)):
            tied = [u for u in actors if u.speed == speeds[index]]
            if len(tied) > 1:
                turn.note(
                    _(
                        "Speed {speed} tie: {value} roll opposed Speed",
                        speed=tied[0].speed,
                        value=", ".join(u.name for u in tied),
                    )
                )
                names = tuple(u.name for u in tied)
                return TieRoll.next_round(tuple(order), index, -1, (names,))
            order.append(tied[0].name)
        turn.change(order=tuple(order))
        turn.emit(TurnOrder(order=tuple(order), reason=_("highest Speed first; ties by opposed Speed rolls")))
        start_turn(turn, order[0], turn.state.turn)
        turn.tell_game_over()
        return None


@dataclass(frozen=True)
class TieRoll(Step):
    """One opposed Speed roll of a tie (Speed d6, at least one die): higher total first, equal totals roll again
    in the next round, up to :data:`MAX_TIE_ROUNDS` rounds (then the listed order stands). Compared: the place in
    the order, the ``round``, its ``groups``, the ``group`` rolling, the next round's groups made (``done``) and
    the totals so far: every tie that leaves the same groups is walked on once."""

    order: tuple[str, ...]
    index: int
    round: int
    groups: tuple[tuple[str, ...], ...]
    group: int
    done: tuple[tuple[str, ...], ...] = ()
    totals: tuple[tuple[str, int], ...] = ()

    @staticmethod
    def next_round(order: tuple[str, ...], index: int, played: int, groups: tuple[tuple[str, ...], ...]) -> Step:
        """After round ``played`` (-1: none yet) left ``groups``: the first roll of the next round, or the order
        with the tie placed when every group is one combatant or the rounds are all played."""
        rounds = played + 1
        if rounds < MAX_TIE_ROUNDS and any(len(g) > 1 for g in groups):
            return TieRoll(order, index, rounds, groups, 0).first_roll()
        placed = (*order, *(n for g in groups for n in g))
        return Ordering(placed, index + 1, rounds >= MAX_TIE_ROUNDS)

    def first_roll(self) -> Step:
        """This round's roll at group ``group`` or the first group after it that is still tied."""
        done = self.done
        for at in range(self.group, len(self.groups)):
            group = self.groups[at]
            if len(group) > 1:
                return replace(self, group=at, done=done, totals=())
            done = (*done, group)
        return TieRoll.next_round(self.order, self.index, self.round, done)

    def advance(self, turn: HeroesTurn) -> Step:
        group = self.groups[self.group]
        unit = turn.unit(group[len(self.totals)])
        total = turn.roll(max(1, unit.speed), _("initiative: {unit}'s Speed", unit=unit.name), unit.name)
        totals = (*self.totals, (unit.name, total))
        if len(totals) < len(group):
            return replace(self, totals=totals)
        by_name = dict(totals)
        split = tuple(
            tuple(name for name in group if by_name[name] == value)
            for value in sorted(set(by_name.values()), reverse=True)
        )
        return replace(self, group=self.group + 1, done=(*self.done, *split), totals=()).first_roll()


@HANDLERS.on(DelayAction)
def resolve_delay(turn: HeroesTurn, action: DelayAction) -> None:
    order = list(turn.state.order)
    if not order:
        raise RuleRefusal(_("there is no turn order yet"), rule="initiative", tip=_("resolve a 'do: initiative' first"))
    for name in (action.unit, action.after):
        turn.unit(name)
        if name not in order:
            raise RuleRefusal(_("{name} has no turn of its own in the order", name=name), rule="initiative")
    if action.unit == action.after:
        raise RuleRefusal(_("{unit} cannot delay after itself", unit=action.unit), rule="initiative")
    order.remove(action.unit)
    order.insert(order.index(action.after) + 1, action.unit)
    active = turn.state.active
    hands_over = active == action.unit
    if hands_over:
        unit = turn.unit(action.unit)
        if unit.actions_used or unit.commanded or turn.state.phase not in (None, "reach"):
            raise RuleRefusal(
                _("{unit} has begun its turn: it can delay only before its turn begins", unit=action.unit),
                rule="initiative",
            )
        position = list(turn.state.order).index(action.unit)
        active = turn.state.order[position + 1] if position + 1 < len(turn.state.order) else order[0]
    turn.change(order=tuple(order), active=active)
    turn.emit(
        TurnOrder(
            order=tuple(order), reason=_("{unit} delays until after {after}", unit=action.unit, after=action.after)
        )
    )
    if hands_over and active is not None and turn.state.phase is not None:
        start_turn(turn, active, turn.state.turn)
