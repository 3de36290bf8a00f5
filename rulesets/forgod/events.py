"""Event kinds of F0R60D: damage multipliers, cards of a detachment lost, and opposed checks.

Imported by the ruleset's ``__init__`` so the event schema and the log know them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.events import Event, event_kind
from tabroll.render.describe import describer


@event_kind("multiplier")
@dataclass(frozen=True, slots=True, kw_only=True)
class Multiplier(Event):
    """A number was multiplied: ``applies_to`` (e.g. "damage") times ``factor`` gives ``total``."""

    applies_to: str
    reason: str
    factor: int
    total: int
    unit: str | None = None


@event_kind("cards_lost")
@dataclass(frozen=True, slots=True, kw_only=True)
class CardsLost(Event):
    """Cards of a detachment (or a single card) were annihilated; ``left`` cards remain, so its multiplier is now
    ``left``; ``life_left`` is the PV of the card that takes the next damage."""

    unit: str
    lost: int
    left: int
    life_left: int


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


@describer("multiplier")
def _multiplier(e: Multiplier) -> str:
    return f"{e.applies_to} ×{e.factor} ({e.reason}) → {e.total}"


@describer("cards_lost")
def _cards_lost(e: CardsLost) -> str:
    if e.left == 0:
        return f"{e.unit} loses {e.lost} card{'s' if e.lost != 1 else ''}: none left"
    return (
        f"{e.unit} loses {e.lost} card{'s' if e.lost != 1 else ''}: {e.left} left (multiplier ×{e.left}), "
        f"PV {e.life_left} on the next"
    )


@describer("opposed_check")
def _opposed_check(e: OpposedCheck) -> str:
    return f"{e.stat}: {e.attacker} {e.attacker_total} vs {e.defender} {e.defender_total} → {e.winner} wins ({e.rule})"
