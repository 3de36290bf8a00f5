"""The working area of one TAB MASTER action (:class:`TabMasterTurn`), and the frame every step of an attack
shares (:class:`Attack`, :class:`AttackStep`, :class:`EndAttack`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabroll.engine.steps import Step
from tabroll.engine.work import RosterTurn, StateField
from tabroll.frozen import replace

from .events import Flip
from .model import AttackAction, TabMasterOptions
from .profiles import AttackProfile
from .special import apply_special_outcome
from .state import Battle, Unit


@dataclass(kw_only=True, repr=False, eq=False)  # a working area: never compared nor shown
class TabMasterTurn(RosterTurn[Battle, Unit]):
    """The working area of one action: the battle as it evolves, its units changed in a draft (see
    :class:`~tabroll.engine.work.RosterTurn`), and this attack's Special."""

    special_damage: str = "normal"  # this attack's Special: normal, none (cancels DAN) or a dice expression

    options = StateField[TabMasterOptions]()


@dataclass(frozen=True, eq=False)  # never compared: every step holds it with compare=False
class Attack:
    """What every step of one attack reads that the dice cannot change: the action, the attacker as the attack
    began (after a move before it), the attack form used, and the targets named for every round."""

    action: AttackAction
    attacker: Unit
    profile: AttackProfile
    named: tuple[str, ...] = ()
    times: int = 1


@dataclass(frozen=True)
class AttackStep(Step):
    """A step of an attack: its :class:`Attack` rides along, uncompared (the same for every outcome)."""

    attack: Attack = field(compare=False, kw_only=True)

    def advance(self, turn: TabMasterTurn) -> Step | None:
        raise NotImplementedError

    def end(self) -> EndAttack:
        return EndAttack(attack=self.attack)


@dataclass(frozen=True)
class EndAttack(AttackStep):
    """The table's ruling on a Special, then the attacker, if still on the board, is flipped."""

    def advance(self, turn: TabMasterTurn) -> None:
        name = self.attack.attacker.name
        apply_special_outcome(turn, self.attack.action, name)
        final = turn.unit(name)
        if final.on_board:
            turn.put(replace(final, flipped=True))
            turn.emit(Flip(unit=name))
