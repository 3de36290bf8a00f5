"""The working area of one action (:class:`HeroesTurn`), and the range bands after a change, worked out once."""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.engine.work import RosterTurn, StateField
from tabroll.events import GameOver, Heal, Modifier, Said, StatusApplied
from tabroll.geometry.bands import RangeBands
from tabroll.kit import Handlers

from .events import BandChange
from .messages import _
from .model import HeroesOptions
from .state import Battle, Combatant, LastAct


@dataclass(kw_only=True)
class HeroesTurn(RosterTurn[Battle, Combatant]):
    """The battle as one action changes it (a :class:`~tabroll.engine.work.RosterTurn`), what the action before it
    did and the end of the battle still to be told."""

    previous_act: LastAct | None = None  # what the action before this one did that may be responded to
    game_over: GameOver | None = None  # the end of the battle, told once everything this action did is told

    options = StateField[HeroesOptions]()
    bands = StateField[RangeBands]()
    result = StateField[str | None]()

    def modifier(self, unit: str, what: Said, reason: str, before: int, after: int) -> None:
        """``what`` of ``unit`` goes from ``before`` to ``after``, for ``reason``."""
        self.emit(Modifier(applies_to=what, reason=reason, amount=after - before, total=after, unit=unit))

    def status(self, unit: str, status: str, reason: str) -> None:
        """``unit`` gets ``status`` (a :class:`~tabroll.events.Said`, the same in every language), for ``reason``."""
        self.emit(StatusApplied(unit=unit, status=status, reason=reason))

    def heal(self, unit: str, before: int, after: int, reason: str) -> None:
        """``unit``'s Life goes up from ``before`` to ``after``."""
        self.emit(Heal(unit=unit, amount=after - before, before=before, after=after, reason=reason, pool="Life"))

    def tell_game_over(self) -> None:
        """The end of the battle, when this action brought it: told last, once."""
        over = self.game_over
        if over is not None:
            self.emit(over)
            self.game_over = None

    def roll(self, count: int, purpose: str, unit: str | None, drawn: tuple[int, ...] | None = None) -> int:
        """Roll ``count`` d6 (every die logged); 0 dice total 0 and are noted, not rolled. ``drawn``: the values,
        drawn already with the roll they meet (:meth:`~tabroll.engine.work.BaseTurn.draw_against`), logged as a
        roll of them is."""
        if count <= 0:
            self.note(_("{purpose}: no dice (0), total 0", purpose=purpose), unit)
            return 0
        if drawn is None:
            return self.roll_total(f"{count}d6", purpose, unit)
        return self.log_drawn(f"{count}d6", drawn, purpose, unit)

    def set_band(self, a: str, b: str, band: str, reason: str) -> None:
        bands = self.bands
        before = bands.between(a, b)
        if before == band:
            return
        self.change(bands=with_band(bands, a, b, band))
        self.emit(BandChange(first=a, second=b, before=before, after=band, reason=reason))


HANDLERS: Handlers[HeroesTurn] = Handlers()
"""Each action class to the function that resolves it, registered by the module of its rules."""

_BANDS: dict[tuple[int, str, str, str], tuple[RangeBands, RangeBands]] = {}
"""Bands already changed, by the identity of the bands (kept with the entry, so the identity stays theirs) and the
change: an exact walk or a simulation resolves the same attack, two band changes, from the same battle again and
again."""


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
