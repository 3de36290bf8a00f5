"""Events of Magic: The Gathering of Heroes that the core events do not cover, and how the log words them.

Imported by the ruleset's ``__init__`` so that ``tabroll schema events`` and the renderers know them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.events import Event, event_kind


@event_kind("skill_test")
@dataclass(frozen=True, slots=True, kw_only=True)
class SkillTest(Event):
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
        outcome = "succeeds" if self.success else "fails"
        who = f"{self.unit} " if self.unit else ""
        return f"{who}{self.skill} test {outcome}: {self.rule}"


@event_kind("band_change")
@dataclass(frozen=True, slots=True, kw_only=True)
class BandChange(Event):
    """The range band between two combatants changed (far / near / direct)."""

    first: str
    second: str
    before: str
    after: str
    reason: str

    def sentence(self) -> str:
        return f"{self.first} and {self.second}: {self.before} → {self.after} range ({self.reason})"


@event_kind("turn_order")
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnOrder(Event):
    """The order in which combatants take their turns, fixed for the rest of the fight."""

    order: tuple[str, ...]
    reason: str

    def sentence(self) -> str:
        return f"turn order: {', '.join(self.order)} ({self.reason})"


@event_kind("turn_phase")
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnPhase(Event):
    """A phase of a combatant's turn begins: reach, upkeep, main (the action phase) or end."""

    unit: str
    phase: str
    turn: int
    reason: str

    def sentence(self) -> str:
        return f"turn {self.turn}, {self.unit}: {self.reason}"


EVENTS: tuple[type[Event], ...] = (
    SkillTest,
    BandChange,
    TurnOrder,
    TurnPhase,
)
"""This game's own event kinds, handed to the core by its ruleset."""
