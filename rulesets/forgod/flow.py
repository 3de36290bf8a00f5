"""What every F0R60D action's steps share (:mod:`tabroll.engine.steps`): :class:`BattleStep`, the battle's result
(:func:`battle_result`) that ends every action, and :class:`Unbroken`, steps the exact walk must take as one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from tabroll.engine.steps import Step
from tabroll.events import GameOver
from tabroll.frozen import replace

from .messages import _
from .turn import ForgodTurn


@dataclass(frozen=True)
class BattleStep(Step):
    """A step of a F0R60D action: its fields (every one compared) are what it and the steps after it read besides
    the battle.

    ``fall``: the card that fell last in the action so far and by whom, which the battle's result names; stamped
    on each step as it is reached, in a judged battle only. A step whose ``inline`` is true draws no die: the step
    before it takes it at once, so the exact walk never keeps the action there."""

    fall: tuple[str, str | None] | None = field(default=None, kw_only=True)
    inline: ClassVar[bool] = False

    def advance(self, turn: ForgodTurn) -> BattleStep | None:
        following = self.take(turn)
        while following is not None and following.inline:
            following = following.take(turn)
        return None if following is None else following.stamped(turn)

    def take(self, turn: ForgodTurn) -> BattleStep | None:
        """This step's rule applied to ``turn``: the step that follows, or None at the end of the action."""
        raise NotImplementedError

    def stamped(self, turn: ForgodTurn) -> BattleStep:
        """This step with the action's last fall so far, where the battle's result will read it."""
        if turn.state.judged and self.fall != turn.fall:
            return replace(self, fall=turn.fall)
        return self


@dataclass(frozen=True)
class EndAction(BattleStep):
    """The last rule of every action: the battle's result (:func:`battle_result`)."""

    inline: ClassVar[bool] = True

    def take(self, turn: ForgodTurn) -> None:
        battle_result(turn)


END = EndAction()


@dataclass(frozen=True)
class Unbroken(BattleStep):
    """Steps taken as one, ``first`` and each after it to the end of the action, with no kept step between: for an
    area attack that may strike a troop and later its commander, so the odds read the troop's flight with its
    last blow."""

    first: BattleStep

    def take(self, turn: ForgodTurn) -> None:
        step: BattleStep | None = self.first
        while step is not None:
            step = step.take(turn)


def battle_result(turn: ForgodTurn) -> None:
    """The player left with no troops on the field loses: a ``game_over`` naming the winner."""
    state = turn.state
    if not state.judged:
        return
    option = state.options.battle_end  # which cards keep their side in the battle
    keep = [c.side for c in state.living() if option == "every_card" or c.counts_as_troop]
    beaten = [side for side in state.sides if side not in keep]
    if not beaten:
        return
    turn.ruling(
        "battle_end",
        option,
        _(
            "a side stays in the battle while it has troops and war machines (invocations and special units are "
            "not troops) on the field"
        )
        if option == "troop_deck"
        else _("a side stays in the battle while it has cards on the field"),
    )
    winner = None if len(beaten) == 2 else state.other_side(beaten[0])
    if winner is None:
        reason = _("neither side has troops left on the field")
    else:
        reason = _("{beaten} has no troops left on the field", beaten=beaten[0])
    fall = turn.fall
    turn.emit(
        GameOver(
            reason=reason,
            winner=winner,
            unit=fall[0] if fall is not None else None,
            by=fall[1] if fall is not None else None,
        )
    )
    turn.change(over=True, winner=winner, to_play=None)
