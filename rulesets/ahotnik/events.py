"""Ahotnik's own event kinds, beside the core vocabulary: synapse, rotation, targeting, ignored units, DNA, threat
level, phase transition and summons.

The rest is the core's: the pilots' numbers and a forced pick are ``roll`` events, each unit an attack reaches
is a ``hit`` (``result``: the damage the blow carries before Shields take their part), each pool that loses
something a ``damage`` (``pool`` Shields or Life, with what is ``left``), an exiled Demon a ``defeat``
(``how: exiled``), an Ahotnik at 0 Life a ``defeat`` then ``game_over``. Hexes are ``[q, r]`` axial
coordinates; directions are numbers 1-6 with their side name (``"2 (E)"``) for people.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.events import Event, Position, event_kind, position_text


@event_kind("synapse")
@dataclass(frozen=True, slots=True, kw_only=True)
class Synapse(Event):
    """How an Ahotnik's two pilots agreed: ``result`` is ``success`` or ``forced``; ``pilots`` the two numbers
    they named (empty when the table gave the result directly); ``direction`` the direction it attacks in."""

    unit: str
    result: str
    pilots: tuple[int, ...]
    candidates: tuple[int, ...]
    direction: int
    direction_name: str
    reason: str

    def sentence(self) -> str:
        if self.pilots:
            said = f"pilots name {self.pilots[0]} and {self.pilots[1]}"
            return f"{self.unit}: {said} → {self.result} synapse, direction {self.direction_name} ({self.reason})"
        return f"{self.unit}: {self.result} synapse, direction {self.direction_name} ({self.reason})"


@event_kind("rotation")
@dataclass(frozen=True, slots=True, kw_only=True)
class Rotation(Event):
    """An Ahotnik turned to a new facing (``before`` = ``after`` when it already faced that way)."""

    unit: str
    before: int
    after: int
    before_name: str
    after_name: str

    def sentence(self) -> str:
        if self.before == self.after:
            return f"{self.unit} already faces {self.after_name}"
        return f"{self.unit} turns from {self.before_name} to {self.after_name}"


@event_kind("targeting")
@dataclass(frozen=True, slots=True, kw_only=True)
class Targeting(Event):
    """What an Ahotnik attacks: ``attack`` is ``melee`` or ``ranged``; ``targets`` in the order hit (may be empty
    for a ranged shot that hits nothing); ``line`` the hexes a ranged shot crosses; ``reason`` why."""

    attacker: str
    attack: str
    targets: tuple[str, ...]
    direction: int
    direction_name: str
    line: tuple[Position, ...] = ()
    stopped_by: Position | None = None
    reason: str

    def sentence(self) -> str:
        if self.attack == "melee":
            return f"{self.attacker} attacks {self.targets[0]} in melee ({self.reason})"
        hit = ", ".join(self.targets) if self.targets else "nothing"
        return f"{self.attacker} shoots toward {self.direction_name}: {hit} ({self.reason})"


@event_kind("ignored")
@dataclass(frozen=True, slots=True, kw_only=True)
class Ignored(Event):
    """A unit the attack treats as absent (an Ahotnik in phase transition, a Demon whose DNA the attacker owns,
    an ally)."""

    unit: str
    attacker: str
    reason: str

    def sentence(self) -> str:
        return f"{self.unit} is ignored by {self.attacker} ({self.reason})"


@event_kind("dna")
@dataclass(frozen=True, slots=True, kw_only=True)
class DnaGained(Event):
    """An Ahotnik gained the DNA of a Demon identity: from now on they ignore each other."""

    unit: str
    identity: str

    def sentence(self) -> str:
        return f"{self.unit} gains the DNA of {self.identity}: they ignore each other from now on"


@event_kind("threat")
@dataclass(frozen=True, slots=True, kw_only=True)
class ThreatChanged(Event):
    """The threat level moved by ``change`` (+1/-1) for ``reason``; it never falls below ``floor``."""

    change: int
    before: int
    after: int
    floor: int
    reason: str

    def sentence(self) -> str:
        if self.before == self.after:
            return (
                f"threat stays {self.after}: {self.reason} (it never falls below {self.floor}, the number of Ahotniks)"
            )
        return f"threat {self.change:+d} ({self.reason}): {self.before} → {self.after}"


@event_kind("transition")
@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseTransition(Event):
    """An Ahotnik entered (``active`` true) or left phase transition."""

    unit: str
    active: bool
    reason: str

    def sentence(self) -> str:
        state = "enters" if self.active else "leaves"
        return f"{self.unit} {state} phase transition ({self.reason})"


@event_kind("summon")
@dataclass(frozen=True, slots=True, kw_only=True)
class Summon(Event):
    """A Demon was summoned onto the board."""

    unit: str
    identity: str
    position: Position
    shields: int
    life: int

    def sentence(self) -> str:
        return f"{self.unit} is summoned at {position_text(self.position)} (Shields {self.shields}, Life {self.life})"


EVENTS: tuple[type[Event], ...] = (
    Synapse,
    Rotation,
    Targeting,
    Ignored,
    DnaGained,
    ThreatChanged,
    PhaseTransition,
    Summon,
)
"""This game's own event kinds, handed to the core by its ruleset."""
