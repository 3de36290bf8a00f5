"""The working area of one TAB MASTER action (:class:`Turn`), and the frame every step of an attack shares.

:class:`Attack` is what an attack fixed before any die (it rides along every :class:`AttackStep`, uncompared);
:class:`EndAttack` is the step that closes every attack: the table's ruling on a Special, then the flip."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabroll.engine.steps import Step
from tabroll.engine.work import ActionLog
from tabroll.frozen import replace
from tabroll.kit.roster import RosterDraft

from .events import Flip
from .model import AttackAction
from .profiles import AttackProfile
from .special import apply_special_outcome
from .state import Battle, Unit


@dataclass
class Turn(ActionLog):
    """The working area of one action: the battle as it evolves (plus the dice and events of ActionLog).

    Units changed by :meth:`update` go to a working copy of the roster (one list assignment each, however
    many units the battle holds); :attr:`battle` freezes them into a new battle when it is next read, so a new
    round or an Area attack builds the units tuple once, not once per unit."""

    start: Battle
    special_damage: str = "normal"  # this attack's Special: normal, none (cancels DAN) or a dice expression
    _draft: RosterDraft[Unit] | None = field(default=None, init=False, repr=False)

    @property
    def battle(self) -> Battle:
        draft = self._draft
        if draft is not None and draft.changed:
            self.start = replace(self.start, units=draft.freeze())
        return self.start

    @battle.setter
    def battle(self, battle: Battle) -> None:
        self.start, self._draft = battle, None

    @property
    def options(self) -> Any:
        return self.start.options  # unit changes never change the options: no need to freeze them

    def roll(self, notation: str, purpose: str, unit: str | None) -> int:
        return self.roll_total(notation, purpose, unit)  # every roll of this game is read by its total

    def current(self, name: str) -> Unit:
        if self._draft is not None:
            return self._draft.find(name)
        return self.start.unit(name)

    def update(self, unit: Unit) -> None:
        if self._draft is None:
            self._draft = self.battle.roster.edit()
        self._draft.put(unit)

    def state_now(self) -> Battle:
        return self.battle

    def _forked(self) -> None:
        """The copy starts from the battle as it stands, with no draft: the draft is still the original's, so it is
        read here, not frozen (freezing it would leave the original's battle behind its draft)."""
        if self._draft is not None:
            self.start, self._draft = replace(self.start, units=self._draft.snapshot()), None


@dataclass(frozen=True)
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

    def advance(self, turn: Turn) -> Step | None:
        raise NotImplementedError

    def end(self) -> EndAttack:
        return EndAttack(attack=self.attack)


@dataclass(frozen=True)
class EndAttack(AttackStep):
    """The table's ruling on a Special, then the attacker, if still on the board, is flipped."""

    def advance(self, turn: Turn) -> None:
        name = self.attack.attacker.name
        apply_special_outcome(turn, self.attack.action, name)
        final = turn.current(name)
        if final.on_board:
            turn.update(replace(final, flipped=True))
            turn.emit(Flip(unit=name))
