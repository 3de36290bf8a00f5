"""Event kinds of Ahotnik: synapse, rotation, targeting, strikes on Shields and Life, exile, DNA, threat level,
phase transition and the end of the game.

Imported by the ruleset's ``__init__`` so the event schema and the log know them. Hexes are ``[q, r]`` axial
coordinates; directions are numbers 1-6 with their side name (``"2 (E)"``) for people.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.events import Event, Position, event_kind
from tabroll.render.describe import describer, sq


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


@event_kind("rotation")
@dataclass(frozen=True, slots=True, kw_only=True)
class Rotation(Event):
    """An Ahotnik turned to a new facing (``before`` = ``after`` when it already faced that way)."""

    unit: str
    before: int
    after: int
    before_name: str
    after_name: str


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


@event_kind("ignored")
@dataclass(frozen=True, slots=True, kw_only=True)
class Ignored(Event):
    """A unit the attack treats as absent (an Ahotnik in phase transition, a Demon whose DNA the attacker owns,
    an ally)."""

    unit: str
    attacker: str
    reason: str


@event_kind("strike")
@dataclass(frozen=True, slots=True, kw_only=True)
class Strike(Event):
    """Damage dealt by one attack to one target: ``to_shields`` absorbed by Shields, ``to_life`` lost from Life."""

    attacker: str
    target: str
    attack: str
    amount: int
    to_shields: int
    to_life: int
    shields_left: int
    life_left: int
    rule: str


@event_kind("exile")
@dataclass(frozen=True, slots=True, kw_only=True)
class Exile(Event):
    """A Demon at 0 Life is exiled and leaves the board."""

    unit: str
    identity: str
    by: str
    position: Position


@event_kind("dna")
@dataclass(frozen=True, slots=True, kw_only=True)
class DnaGained(Event):
    """An Ahotnik gained the DNA of a Demon identity: from now on they ignore each other."""

    unit: str
    identity: str


@event_kind("threat")
@dataclass(frozen=True, slots=True, kw_only=True)
class ThreatChanged(Event):
    """The threat level moved by ``change`` (+1/-1) for ``reason``; it never falls below ``floor``."""

    change: int
    before: int
    after: int
    floor: int
    reason: str


@event_kind("transition")
@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseTransition(Event):
    """An Ahotnik entered (``active`` true) or left phase transition."""

    unit: str
    active: bool
    reason: str


@event_kind("summon")
@dataclass(frozen=True, slots=True, kw_only=True)
class Summon(Event):
    """A Demon was summoned onto the board."""

    unit: str
    identity: str
    position: Position
    shields: int
    life: int


@describer("synapse")
def _synapse(e: Synapse) -> str:
    if e.pilots:
        said = f"pilots name {e.pilots[0]} and {e.pilots[1]}"
        return f"{e.unit}: {said} → {e.result} synapse, direction {e.direction_name} ({e.reason})"
    return f"{e.unit}: {e.result} synapse, direction {e.direction_name} ({e.reason})"


@describer("rotation")
def _rotation(e: Rotation) -> str:
    if e.before == e.after:
        return f"{e.unit} already faces {e.after_name}"
    return f"{e.unit} turns from {e.before_name} to {e.after_name}"


@describer("targeting")
def _targeting(e: Targeting) -> str:
    if e.attack == "melee":
        return f"{e.attacker} attacks {e.targets[0]} in melee ({e.reason})"
    hit = ", ".join(e.targets) if e.targets else "nothing"
    return f"{e.attacker} shoots toward {e.direction_name}: {hit} ({e.reason})"


@describer("ignored")
def _ignored(e: Ignored) -> str:
    return f"{e.unit} is ignored by {e.attacker} ({e.reason})"


@describer("strike")
def _strike(e: Strike) -> str:
    return (
        f"{e.amount} damage to {e.target} ({e.rule}): "
        f"Shields −{e.to_shields} → {e.shields_left}, Life −{e.to_life} → {e.life_left}"
    )


@describer("exile")
def _exile(e: Exile) -> str:
    return f"{e.unit} is at 0 Life: exiled from {sq(e.position)} by {e.by}"


@describer("dna")
def _dna(e: DnaGained) -> str:
    return f"{e.unit} gains the DNA of {e.identity}: they ignore each other from now on"


@describer("threat")
def _threat(e: ThreatChanged) -> str:
    if e.before == e.after:
        return f"threat stays {e.after}: {e.reason} (it never falls below {e.floor}, the number of Ahotniks)"
    return f"threat {e.change:+d} ({e.reason}): {e.before} → {e.after}"


@describer("transition")
def _transition(e: PhaseTransition) -> str:
    state = "enters" if e.active else "leaves"
    return f"{e.unit} {state} phase transition ({e.reason})"


@describer("summon")
def _summon(e: Summon) -> str:
    return f"{e.unit} is summoned at {sq(e.position)} (Shields {e.shields}, Life {e.life})"
