"""Events of Magic: The Gathering of Heroes that the core events do not cover, and how the log words them.

Imported by the ruleset's ``__init__`` so that ``tabroll schema events`` and the renderers know them.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.events import Event, event_kind
from tabroll.render.describe import describer


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


@event_kind("band_change")
@dataclass(frozen=True, slots=True, kw_only=True)
class BandChange(Event):
    """The range band between two combatants changed (far / near / direct)."""

    first: str
    second: str
    before: str
    after: str
    reason: str


@event_kind("turn_order")
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnOrder(Event):
    """The order in which combatants take their turns, fixed for the rest of the fight."""

    order: tuple[str, ...]
    reason: str


@describer("skill_test")
def _skill_test(event: SkillTest) -> str:
    outcome = "succeeds" if event.success else "fails"
    who = f"{event.unit} " if event.unit else ""
    return f"{who}{event.skill} test {outcome}: {event.rule}"


@describer("band_change")
def _band_change(event: BandChange) -> str:
    return f"{event.first} and {event.second}: {event.before} → {event.after} range ({event.reason})"


@describer("turn_order")
def _turn_order(event: TurnOrder) -> str:
    return f"turn order: {', '.join(event.order)} ({event.reason})"


@event_kind("turn_phase")
@dataclass(frozen=True, slots=True, kw_only=True)
class TurnPhase(Event):
    """A phase of a combatant's turn begins: reach, upkeep, main (the action phase) or end."""

    unit: str
    phase: str
    turn: int
    reason: str


@describer("turn_phase")
def _turn_phase(event: TurnPhase) -> str:
    return f"turn {event.turn}, {event.unit}: {event.reason}"
