"""Event kinds of F0R60D: damage multipliers, cards of a detachment lost, and opposed checks.

Imported by the ruleset's ``__init__`` so the event schema and the log know them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.events import Event, event_kind


@event_kind("multiplier")
@dataclass(frozen=True, slots=True, kw_only=True)
class Multiplier(Event):
    """A number was multiplied: ``applies_to`` (e.g. "damage") times ``factor`` gives ``total``."""

    applies_to: str
    reason: str
    factor: int
    total: int
    unit: str | None = None

    def sentence(self) -> str:
        return f"{self.applies_to} ×{self.factor} ({self.reason}) → {self.total}"


@event_kind("cards_lost")
@dataclass(frozen=True, slots=True, kw_only=True)
class CardsLost(Event):
    """Cards of a detachment (or a single card) were annihilated; ``left`` cards remain, so its multiplier is now
    ``left``; ``life_left`` is the PV of the card that takes the next damage."""

    unit: str
    lost: int
    left: int
    life_left: int

    def sentence(self) -> str:
        if self.left == 0:
            return f"{self.unit} loses {self.lost} card{'s' if self.lost != 1 else ''}: none left"
        return (
            f"{self.unit} loses {self.lost} card{'s' if self.lost != 1 else ''}: "
            f"{self.left} left (multiplier ×{self.left}), "
            f"PV {self.life_left} on the next"
        )


@event_kind("opposed_check")
@dataclass(frozen=True, slots=True, kw_only=True)
class OpposedCheck(Event):
    """An opposed roll (Fortaleza, Moral or the initiative): the defender wins ties, a natural 10 beats bonuses."""

    stat: str
    attacker: str
    defender: str
    attacker_total: int
    defender_total: int
    winner: str
    rule: str

    def sentence(self) -> str:
        sides = f"{self.attacker} {self.attacker_total} vs {self.defender} {self.defender_total}"
        return f"{self.stat}: {sides} → {self.winner} wins ({self.rule})"


EVENTS: tuple[type[Event], ...] = (
    Multiplier,
    CardsLost,
    OpposedCheck,
)
"""This game's own event kinds, handed to the core by its ruleset."""
