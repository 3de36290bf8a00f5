"""TAB MASTER's own event kinds, beside the core vocabulary: an element's bonus damage, a unit flipped after
acting, and a unit that was hit and stays on the board."""

from __future__ import annotations

from tabroll.events import Event, event_kind

from .messages import _


@event_kind("element_bonus")
class ElementBonus(Event, frozen=True, kw_only=True):
    """An element of the attack added damage against this target."""

    STYLE = "magenta"
    OUTCOME = False
    element: str
    target: str
    amount: int
    reason: str
    total: int

    def sentence(self) -> str:
        return _(
            "damage {amount} ({reason}) → {total}", amount=f"{self.amount:+d}", reason=self.reason, total=self.total
        )


@event_kind("flip")
class Flip(Event, frozen=True, kw_only=True):
    """A unit was flipped face down after acting: it may not act again this round."""

    STYLE = "dim"
    unit: str

    def sentence(self) -> str:
        return _("{unit} is flipped", unit=self.unit)


@event_kind("survive")
class Survive(Event, frozen=True, kw_only=True):
    """A unit was hit and stays on the board."""

    STYLE = "green"
    unit: str
    reason: str

    def sentence(self) -> str:
        return _("{unit} survives ({reason})", unit=self.unit, reason=self.reason)


EVENTS: tuple[type[Event], ...] = (ElementBonus, Flip, Survive)
"""This game's own event kinds, handed to the core by its ruleset."""
