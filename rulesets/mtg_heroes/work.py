"""The working area of one action (:class:`Turn`): the battle as it evolves under the rules, the dice drawn and
the events logged; and the range bands after a change, each change worked out once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabroll.engine.work import ActionLog
from tabroll.events import GameOver, Note
from tabroll.frozen import replace
from tabroll.geometry.bands import RangeBands
from tabroll.kit.roster import Roster, RosterDraft

from .events import BandChange
from .state import Battle, Combatant, LastAct


@dataclass
class Turn(ActionLog):
    """The working area of one action: the battle as it evolves (plus the dice and events of ActionLog).

    Combatants changed by :meth:`update` go to a working copy of the roster (one list assignment each);
    :attr:`battle` freezes them into a new battle when it is next read, so an End phase that touches every
    combatant builds the combatants tuple once, not once per combatant."""

    start: Battle
    previous_act: LastAct | None = None  # what the action before this one did that may be responded to
    game_over: GameOver | None = None  # the end of the battle, told once everything this action did is told
    _draft: RosterDraft[Combatant] | None = field(default=None, init=False, repr=False)

    @property
    def battle(self) -> Battle:
        draft = self._draft
        if draft is not None and draft.changed:
            self.start = replace(self.start, combatants=draft.freeze())
        return self.start

    @battle.setter
    def battle(self, battle: Battle) -> None:
        self.start, self._draft = battle, None

    @property
    def options(self) -> Any:
        return self.start.options  # changing combatants never changes the options: no need to freeze them

    @property
    def bands(self) -> RangeBands:
        return self.start.bands  # nor the bands

    @property
    def result(self) -> str | None:
        return self.start.result  # nor the result

    def change(self, **changes: Any) -> None:
        """The battle with ``changes`` to anything but its combatants (the working copy of those goes on, still
        to be frozen into the battle when it is next read)."""
        self.start = replace(self.start, **changes)

    def state_now(self) -> Battle:
        return self.battle

    def _forked(self) -> None:
        """The copy starts from the battle as it stands, with no draft: the draft is still the original's, so it is
        read here, not frozen (freezing it would leave the original's battle behind its draft)."""
        if self._draft is not None:
            self.start, self._draft = replace(self.start, combatants=self._draft.snapshot()), None

    def tell_game_over(self) -> None:
        """The end of the battle, when this action brought it: told last, once (the last step of an action taken
        in steps tells it; :func:`resolve` tells it after any other handler)."""
        over = self.game_over
        if over is not None:
            self.emit(over)
            self.game_over = None

    def roll(self, count: int, purpose: str, unit: str | None) -> int:
        """Roll ``count`` d6 (every die logged); 0 dice total 0 and are noted, not rolled."""
        if count <= 0:
            self.emit(Note(unit=unit, text=f"{purpose}: no dice (0), total 0"))
            return 0
        return self.roll_total(f"{count}d6", purpose, unit)

    def current(self, name: str) -> Combatant:
        if self._draft is not None:
            return self._draft.find(name, what="combatant", where=" in the fight")
        return self.start.unit(name)

    def update(self, unit: Combatant) -> Combatant:
        if self._draft is None:
            self._draft = Roster.of(self.battle.combatants).edit()
        self._draft.put(unit)
        return unit

    def set_band(self, a: str, b: str, band: str, reason: str) -> None:
        bands = self.bands
        before = bands.between(a, b)
        if before == band:
            return
        self.change(bands=with_band(bands, a, b, band))
        self.emit(BandChange(first=a, second=b, before=before, after=band, reason=reason))


_BANDS: dict[tuple[int, str, str, str], tuple[RangeBands, RangeBands]] = {}
"""Bands already changed, by the identity of the bands changed (kept with the entry, so that identity stays theirs)
and the change: every attack changes the same bands twice (to direct range and back), and an exact walk or a
simulation resolves the same attack from the same battle thousands of times."""


def with_band(bands: RangeBands, a: str, b: str, band: str) -> RangeBands:
    """``bands.with_band(a, b, band)``, the same value, computed once per bands and change."""
    key = (id(bands), a, b, band)
    known = _BANDS.get(key)
    if known is not None and known[0] is bands:
        return known[1]
    changed = bands.with_band(a, b, band)
    if len(_BANDS) >= 4096:
        _BANDS.clear()
    _BANDS[key] = (bands, changed)
    return changed
