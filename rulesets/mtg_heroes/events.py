"""Events of Magic: The Gathering of Heroes that the core events do not cover, and how the log words them.

Imported by the ruleset's ``__init__`` so that ``tabroll schema events`` and the renderers know them.
"""

from __future__ import annotations

from tabroll.events import Event, event_kind

from .messages import _, band_word


@event_kind("skill_test")
class SkillTest(Event, frozen=True, kw_only=True):
    """The outcome of a skill test: the dice total against the target number (success when total ≥ target)."""

    unit: str | None
    identity: str
    skill: str
    colours: tuple[str, ...]
    dice_count: int
    total: int
    target: int
    difficulty: str | None
    success: bool
    rule: str

    def sentence(self) -> str:
        from .skills import skill_word

        values = {"unit": self.unit, "skill": skill_word(self.skill), "rule": self.rule}
        if self.unit:
            if self.success:
                return _("{unit} {skill} test succeeds: {rule}", **values)
            return _("{unit} {skill} test fails: {rule}", **values)
        if self.success:
            return _("{skill} test succeeds: {rule}", **values)
        return _("{skill} test fails: {rule}", **values)


@event_kind("band_change")
class BandChange(Event, frozen=True, kw_only=True):
    """The range band between two combatants changed (far / near / direct)."""

    first: str
    second: str
    before: str
    after: str
    reason: str

    def sentence(self) -> str:
        return _(
            "{first} and {second}: {before} → {after} range ({reason})",
            first=self.first,
            second=self.second,
            before=band_word(self.before),
            after=band_word(self.after),
            reason=self.reason,
        )


@event_kind("turn_order")
class TurnOrder(Event, frozen=True, kw_only=True):
    """The order in which combatants take their turns, fixed for the rest of the fight."""

    order: tuple[str, ...]
    reason: str

    def sentence(self) -> str:
        return _("turn order: {order} ({reason})", order=", ".join(self.order), reason=self.reason)


@event_kind("turn_phase")
class TurnPhase(Event, frozen=True, kw_only=True):
    """A phase of a combatant's turn begins: reach, upkeep, main (the action phase) or end."""

    unit: str
    phase: str
    turn: int
    reason: str

    def sentence(self) -> str:
        return _("turn {turn}, {unit}: {reason}", turn=self.turn, unit=self.unit, reason=self.reason)


EVENTS: tuple[type[Event], ...] = (SkillTest, BandChange, TurnOrder, TurnPhase)
"""This game's own event kinds, handed to the core by its ruleset."""
