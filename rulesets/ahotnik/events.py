"""Ahotnik's own event kinds. The rest is the core's: the pilots' numbers and a forced pick are ``roll`` events,
each unit an attack reaches a ``hit`` (``result``: the damage before Shields take their part), each pool that
loses something a ``damage`` (``pool`` Shields or Life, with what is ``left``), an exiled Demon a ``defeat``
(``how: exiled``), an Ahotnik at 0 Life a ``defeat`` then ``game_over``. Hexes are ``[q, r]`` axial coordinates;
directions are numbers 1-6 with their side name (``"2 (E)"``) for people.
"""

from __future__ import annotations

from tabroll.events import Event, Position, event_kind, position_text

from .messages import _, direction_word


@event_kind("synapse")
class Synapse(Event, frozen=True, kw_only=True):
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
        values: dict[str, object] = {
            "unit": self.unit,
            "direction": direction_word(self.direction_name),
            "reason": self.reason,
        }
        success = self.result == "success"
        if self.pilots:
            values.update(a=self.pilots[0], b=self.pilots[1])
            if success:
                return _(
                    "{unit}: pilots name {a} and {b} → success synapse, direction {direction} ({reason})", **values
                )
            return _("{unit}: pilots name {a} and {b} → forced synapse, direction {direction} ({reason})", **values)
        if success:
            return _("{unit}: success synapse, direction {direction} ({reason})", **values)
        return _("{unit}: forced synapse, direction {direction} ({reason})", **values)


@event_kind("rotation")
class Rotation(Event, frozen=True, kw_only=True):
    """An Ahotnik turned to a new facing (``before`` = ``after`` when it already faced that way)."""

    unit: str
    before: int
    after: int
    before_name: str
    after_name: str

    def sentence(self) -> str:
        if self.before == self.after:
            return _("{unit} already faces {direction}", unit=self.unit, direction=direction_word(self.after_name))
        return _(
            "{unit} turns from {before} to {after}",
            unit=self.unit,
            before=direction_word(self.before_name),
            after=direction_word(self.after_name),
        )


@event_kind("targeting")
class Targeting(Event, frozen=True, kw_only=True):
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
        values = {"attacker": self.attacker, "direction": direction_word(self.direction_name), "reason": self.reason}
        if self.attack == "melee":
            return _("{attacker} attacks {target} in melee ({reason})", target=self.targets[0], **values)
        if not self.targets:
            return _("{attacker} shoots toward {direction}: nothing ({reason})", **values)
        return _(
            "{attacker} shoots toward {direction}: {targets} ({reason})", targets=", ".join(self.targets), **values
        )


@event_kind("ignored")
class Ignored(Event, frozen=True, kw_only=True):
    """A unit the attack treats as absent (an Ahotnik in phase transition, a Demon whose DNA the attacker owns,
    an ally)."""

    unit: str
    attacker: str
    reason: str

    def sentence(self) -> str:
        return _(
            "{unit} is ignored by {attacker} ({reason})", unit=self.unit, attacker=self.attacker, reason=self.reason
        )


@event_kind("dna")
class DnaGained(Event, frozen=True, kw_only=True):
    """An Ahotnik gained the DNA of a Demon identity: from now on they ignore each other."""

    unit: str
    identity: str

    def sentence(self) -> str:
        return _(
            "{unit} gains the DNA of {identity}: they ignore each other from now on",
            unit=self.unit,
            identity=self.identity,
        )


@event_kind("threat")
class ThreatChanged(Event, frozen=True, kw_only=True):
    """The threat level moved by ``change`` (+1/-1) for ``reason``; it never falls below ``floor``."""

    change: int
    before: int
    after: int
    floor: int
    reason: str

    def sentence(self) -> str:
        if self.before == self.after:
            return _(
                "threat stays {after}: {reason} (it never falls below {floor}, the number of Ahotniks)",
                after=self.after,
                reason=self.reason,
                floor=self.floor,
            )
        return _(
            "threat {change} ({reason}): {before} → {after}",
            change=f"{self.change:+d}",
            reason=self.reason,
            before=self.before,
            after=self.after,
        )


@event_kind("transition")
class PhaseTransition(Event, frozen=True, kw_only=True):
    """An Ahotnik entered (``active`` true) or left phase transition."""

    unit: str
    active: bool
    reason: str

    def sentence(self) -> str:
        if self.active:
            return _("{unit} enters phase transition ({reason})", unit=self.unit, reason=self.reason)
        return _("{unit} leaves phase transition ({reason})", unit=self.unit, reason=self.reason)


@event_kind("summon")
class Summon(Event, frozen=True, kw_only=True):
    """A Demon was summoned onto the board."""

    unit: str
    identity: str
    position: Position
    shields: int
    life: int

    def sentence(self) -> str:
        return _(
            "{unit} is summoned at {position} (Shields {shields}, Life {life})",
            unit=self.unit,
            position=position_text(self.position),
            shields=self.shields,
            life=self.life,
        )


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
