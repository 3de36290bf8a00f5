"""Typed events: what a resolver reports, step by step, with the numbers behind each step.

Resolvers return events; renderers (``tabroll.render``) turn them into a log for people or JSON for machines.
Every event is a frozen dataclass with a ``kind`` string that is its JSON discriminator. The JSON form of the
events is a versioned contract: see :data:`EVENTS_FORMAT_VERSION` and ``tabroll schema events``.

Rulesets may define their own event classes (a game with shields needs a "shields lost" event); they register
them with :func:`event_kind` so the schema and the renderers know them. The core events below cover what most
games share: rolls, modifiers, hits and misses, damage, healing, movement, flips and defeats.

Squares and hexes appear in events as ``[x, y]`` lists.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

EVENTS_FORMAT = "tabroll.events"
EVENTS_FORMAT_VERSION = 1

Position = tuple[int, int]

EVENT_TYPES: dict[str, type[Event]] = {}

E = TypeVar("E", bound="type[Event]")


def event_kind(kind: str) -> Callable[[E], E]:
    """Class decorator: register an event class under its JSON ``kind``."""

    def register(cls: E) -> E:
        if kind in EVENT_TYPES and EVENT_TYPES[kind] is not cls:
            raise RuntimeError(f"event kind {kind!r} is registered twice")
        cls.KIND = kind
        EVENT_TYPES[kind] = cls
        return cls

    return register


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class Event:
    """Base of every event. ``KIND`` is set by :func:`event_kind`."""

    KIND: ClassVar[str] = "event"

    @property
    def kind(self) -> str:
        return self.KIND

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f.name) for f in dataclasses.fields(self))

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({shown})"

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict, ``kind`` first."""
        out: dict[str, Any] = {"kind": self.KIND}
        for f in dataclasses.fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


# The core events share one equality, hash and repr (the base class's: eq=False, repr=False below), so each
# class only generates its __init__ and frozen attribute guards: importing this module stays cheap on every
# command's start.


def _jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


# --- the action frame -------------------------------------------------------------------------------------


@event_kind("action")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class ActionStarted(Event):
    """An action begins: who (``actor``) does what (``verb``: attack, move…). ``index`` counts actions from 1."""

    index: int
    actor: str | None
    verb: str
    description: str


@event_kind("refused")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Refused(Event):
    """The rules do not allow the action; nothing changed. ``rule`` names the rule that refused it."""

    actor: str | None
    verb: str
    reason: str
    rule: str | None = None


@event_kind("ruling")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class RulingApplied(Event):
    """A reading of an ambiguous rule (a house-rule option) decided something in this action."""

    option: str
    value: str
    text: str


@event_kind("note")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Note(Event):
    """Information for the table that changes no number (e.g. a unit's special text to apply by hand)."""

    text: str
    unit: str | None = None


# --- dice and numbers -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RolledDice:
    """One dice term of a roll (``4d6kh3``): every die as rolled, and for each whether it counts."""

    dice: str
    values: tuple[int, ...]
    kept: tuple[bool, ...]


@event_kind("roll")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Roll(Event):
    """Dice were rolled. ``values`` are every die as rolled; ``kept`` those that count; ``total`` the result.

    A roll of a dice expression also keeps its shape: ``terms`` holds each dice term with the dice it rolled and
    which of them count, and ``shown`` the expression with the dice in place (``[2, 5, ~2, 6]+[2]``, ``~`` marking
    a dropped die), so every renderer shows the right die dropped, each term and each operator."""

    label: str
    dice: str
    values: tuple[int, ...]
    kept: tuple[int, ...]
    total: int
    unit: str | None = None
    terms: tuple[RolledDice, ...] = ()
    shown: str = ""

    @classmethod
    def of(cls, rolled: Any, *, label: str, unit: str | None = None) -> Roll:
        """The event of a :class:`~tabroll.dice.notation.RolledExpression`."""
        return cls(
            label=label,
            dice=rolled.expression.notation,
            values=rolled.values,
            kept=rolled.kept_values,
            total=rolled.total,
            unit=unit,
            terms=tuple(RolledDice(t.term.notation, t.values, t.kept) for t in rolled.terms),
            shown=rolled.shown(),
        )


@event_kind("modifier")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Modifier(Event):
    """A number was adjusted: ``applies_to`` (e.g. "attack roll", "damage") changed by ``amount`` to ``total``."""

    applies_to: str
    reason: str
    amount: int
    total: int
    unit: str | None = None


@event_kind("element_bonus")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class ElementBonus(Event):
    """An element of the attack added damage against this target."""

    element: str
    target: str
    amount: int
    reason: str
    total: int


@event_kind("hit")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Hit(Event):
    """An attack roll reached what it needed."""

    attacker: str
    target: str
    result: int
    needed: int
    rule: str


@event_kind("miss")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Miss(Event):
    """An attack roll fell short of what it needed."""

    attacker: str
    target: str
    result: int
    needed: int
    rule: str


@event_kind("immune")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Immune(Event):
    """The target is immune to this attack; no damage roll is made."""

    attacker: str
    target: str
    reason: str


# --- consequences -----------------------------------------------------------------------------------------


@event_kind("damage")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Damage(Event):
    """Damage dealt to ``target``; ``rule`` is the comparison that decided it, e.g. "6 > DEF 3"."""

    attacker: str
    target: str
    amount: int
    rule: str
    defeats: bool
    vitality_lost: int = 0
    vitality_left: int | None = None
    pool: str = "VIT"  # what the game calls the lost points: VIT, PV, Life…


@event_kind("heal")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Heal(Event):
    """A unit recovered vitality (or would have, and ``amount`` says how much it really got)."""

    unit: str
    amount: int
    before: int | None
    after: int | None
    reason: str


@event_kind("status")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class StatusApplied(Event):
    """A lasting condition was put on a unit (a hex, a curse, a mark)."""

    unit: str
    status: str
    reason: str


@event_kind("spend")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Spend(Event):
    """A resource was used (e.g. one arrow from the army sheet)."""

    unit: str
    resource: str
    amount: int
    remaining: int


@event_kind("move")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Move(Event):
    """A unit moved along ``path`` (the squares entered, in order)."""

    unit: str
    origin: Position
    destination: Position
    path: tuple[Position, ...]
    reason: str = "move"


@event_kind("flip")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Flip(Event):
    """A unit was flipped after acting."""

    unit: str


@event_kind("new_round")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class NewRound(Event):
    """A new round began; ``unflipped`` lists the units turned face up again."""

    round: int
    unflipped: tuple[str, ...] = field(default=())


@event_kind("defeat")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Defeat(Event):
    """A unit was defeated and leaves the board."""

    unit: str
    by: str | None
    reason: str


@event_kind("game_over")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class GameOver(Event):
    """The game ends. ``winner`` names the side or player who won, when the rules decide it (``None``: a draw, or
    left to the table); ``unit`` and ``by`` name the fall that ended it, when one did; ``removed`` lists units taken
    off the board as it ended."""

    reason: str
    winner: str | None = None
    unit: str | None = None
    by: str | None = None
    removed: tuple[str, ...] = field(default=())


@event_kind("survive")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Survive(Event):
    """A unit was hit and stays on the board."""

    unit: str
    reason: str
