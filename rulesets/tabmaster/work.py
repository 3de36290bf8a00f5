"""The working area of one TAB MASTER action (:class:`TabMasterTurn`), and the frame every step of an attack
shares (:class:`Attack`, :class:`AttackStep`, :class:`EndAttack`)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from tabroll.engine.steps import Step
from tabroll.engine.work import RosterTurn, StateField
from tabroll.frozen import eq_hash_without

from .events import Flip
from .model import AttackAction, TabMasterOptions
from .profiles import AttackProfile
from .special import apply_special_outcome
from .state import Battle, Unit


class TabMasterTurn(
    RosterTurn[Battle, Unit], eq=False, kw_only=True, dict=True
):  # a working area: never compared nor shown
    """The working area of one action: the battle as it evolves, its units changed in a draft (see
    :class:`~tabroll.engine.work.RosterTurn`), and this attack's Special."""

    special_damage: str = "normal"  # this attack's Special: normal, none (cancels DAN) or a dice expression

    options = StateField[TabMasterOptions]()


class Attack(msgspec.Struct, frozen=True, eq=False):  # never compared: every step holds it uncompared
    """What every step of one attack reads that the dice cannot change: the action, the attacker as the attack
    began (after a move before it), the attack form used, and the targets named for every round."""

    action: AttackAction
    attacker: Unit
    profile: AttackProfile
    named: tuple[str, ...] = ()
    times: int = 1


class AttackStep(Step, frozen=True, kw_only=True):
    """A step of an attack: its :class:`Attack` rides along, uncompared (the same for every outcome)."""

    attack: Attack  # not compared (keyword-only: every subclass's fields come first)

    __eq__, __hash__ = eq_hash_without("attack")

    def advance(self, turn: TabMasterTurn) -> Step | None:
        raise NotImplementedError

    def end(self) -> EndAttack:
        return EndAttack(attack=self.attack)


class EndAttack(AttackStep, frozen=True):
    """The table's ruling on a Special, then the attacker, if still on the board, is flipped."""

    def advance(self, turn: TabMasterTurn) -> None:
        name = self.attack.attacker.name
        apply_special_outcome(turn, self.attack.action, name)
        final = turn.unit(name)
        if final.on_board:
            turn.put(replace(final, flipped=True))
            turn.emit(Flip(unit=name))
