"""Event kinds of F0R60D: damage multipliers, cards of a detachment lost, and opposed checks."""

from __future__ import annotations

from tabroll.events import Event, event_kind

from .messages import _, n_


@event_kind("multiplier")
class Multiplier(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """A number was multiplied: ``applies_to`` (e.g. "damage": the same words in every language, and
    ``applies_to_text`` in the language) times ``factor`` gives ``total``."""

    TWINS = ("applies_to",)
    applies_to: str
    reason: str
    factor: int
    total: int
    unit: str | None = None
    applies_to_text: str = ""

    def sentence(self) -> str:
        return _(
            "{applies_to} ×{factor} ({reason}) → {total}",
            applies_to=self.applies_to_text or self.applies_to,
            factor=self.factor,
            reason=self.reason,
            total=self.total,
        )


@event_kind("cards_lost")
class CardsLost(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """Cards of a detachment (or a single card) were annihilated; ``left`` cards remain, so its multiplier is now
    ``left``; ``life_left`` is the PV of the card that takes the next damage."""

    unit: str
    lost: int
    left: int
    life_left: int

    def sentence(self) -> str:
        if self.left == 0:
            return n_(
                "{unit} loses {n} card: none left", "{unit} loses {n} cards: none left", self.lost, unit=self.unit
            )
        return n_(
            "{unit} loses {n} card: {left} left (multiplier ×{left}), PV {life_left} on the next",
            "{unit} loses {n} cards: {left} left (multiplier ×{left}), PV {life_left} on the next",
            self.lost,
            unit=self.unit,
            left=self.left,
            life_left=self.life_left,
        )


@event_kind("opposed_check")
class OpposedCheck(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """An opposed roll (Fortaleza, Moral or the initiative): the defender wins ties, a natural 10 beats bonuses."""

    stat: str
    attacker: str
    defender: str
    attacker_total: int
    defender_total: int
    winner: str
    rule: str

    def sentence(self) -> str:
        return _(
            "{stat}: {attacker} {attacker_total} vs {defender} {defender_total} → {winner} wins ({rule})",
            stat=self.stat,
            attacker=self.attacker,
            attacker_total=self.attacker_total,
            defender=self.defender,
            defender_total=self.defender_total,
            winner=self.winner,
            rule=self.rule,
        )


EVENTS: tuple[type[Event], ...] = (Multiplier, CardsLost, OpposedCheck)
"""This game's own event kinds, handed to the core by its ruleset."""
