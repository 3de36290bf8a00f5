"""BotSE's own events (registered with the core, with a one-line describer each).

Core events are used where they fit: ``damage`` (one dealing, with the Defense it met in ``rule``),
``modifier`` (Defense lowered by the engage's running total, and restored after it), ``defeat``, ``status``,
``spend``, ``ruling``, ``note``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.events import Event, event_kind


@event_kind("light_fatigue")
@dataclass(frozen=True, slots=True, kw_only=True)
class FatigueGained(Event):
    """An adventurer gains light fatigue dice (``amount``; ``total`` after) or, with 0, why none."""

    unit: str
    amount: int
    total: int
    reason: str

    def sentence(self) -> str:
        if self.amount == 0:
            return f"{self.unit} gains no fatigue ({self.reason})"
        return f"{self.unit} gains {self.amount} light fatigue ({self.reason}); light fatigue {self.total}"


@event_kind("battle_form")
@dataclass(frozen=True, slots=True, kw_only=True)
class FormDeclared(Event):
    """The battle form for this engage, with the range it gives (``reach``: text) and the form before."""

    unit: str
    form: str
    previous: str
    reach: str

    def sentence(self) -> str:
        change = "" if self.form == self.previous else f" (was {self.previous})"
        return f"{self.unit} fights in {self.form} form{change}: {self.reach}"


@event_kind("engage_target")
@dataclass(frozen=True, slots=True, kw_only=True)
class TargetDeclared(Event):
    """The declared target, in sight and within range: ``distance`` in hexes."""

    unit: str
    target: str
    distance: int
    reach: str

    def sentence(self) -> str:
        return f"{self.unit} targets {self.target}, {self.distance} hex(es) away, in sight ({self.reach})"


@event_kind("gather_dice")
@dataclass(frozen=True, slots=True, kw_only=True)
class Gathered(Event):
    """The dice gathered, with each stat's count against its limit, and the free enemy combat dice."""

    unit: str
    dice: tuple[str, ...]
    stamina: int
    stamina_limit: int
    magicka: int
    magicka_limit: int
    free: int
    item: str | None = None

    def sentence(self) -> str:
        dice = ", ".join(self.dice) or "no dice"
        free = f" + {self.free} free enemy combat dice" if self.free else ""
        item = f"; item {self.item}" if self.item else ""
        return (
            f"{self.unit} gathers {dice}{free} (Stamina {self.stamina}/{self.stamina_limit}, "
            f"Magicka {self.magicka}/{self.magicka_limit}){item}"
        )


@event_kind("die_face")
@dataclass(frozen=True, slots=True, kw_only=True)
class FaceRolled(Event):
    """Die number ``number`` (its place in the roll) shows face ``face`` of ``sides``: ``shows``.
    ``how`` is rolled, rerolled or turned."""

    number: int
    die: str
    face: int
    sides: int
    shows: str
    free: bool = False
    how: str = "rolled"

    def sentence(self) -> str:
        free = " (free)" if self.free else ""
        return f"die {self.number} {self.die}{free} {self.how}: face {self.face} of {self.sides} → {self.shows}"


@event_kind("die_result")
@dataclass(frozen=True, slots=True, kw_only=True)
class ResultResolved(Event):
    """A result (die ``number``, or 0 for the item's ability) is resolved: ``done`` says what it did."""

    number: int
    die: str
    done: str

    def sentence(self) -> str:
        which = "item ability" if self.number == 0 else f"die {self.number}"
        return f"{which} {self.die}: {self.done}"


@event_kind("tenacity")
@dataclass(frozen=True, slots=True, kw_only=True)
class TenacityGained(Event):
    unit: str
    amount: int
    total: int
    reason: str

    def sentence(self) -> str:
        return f"{self.unit} gains {self.amount} tenacity ({self.reason}); tenacity {self.total}"


@event_kind("die_placed")
@dataclass(frozen=True, slots=True, kw_only=True)
class DiePlaced(Event):
    """Where a rolled die ends the engage: ``exhausted`` (cooldown ``slot``, 1 = leftmost), ``active``
    (active ``slot``), ``drained``, ``discarded`` or ``status`` (on ``on``)."""

    number: int
    die: str
    place: str
    reason: str
    slot: int | None = None
    on: str | None = None

    def sentence(self) -> str:
        where = {
            "exhausted": f"exhausted to cooldown slot {self.slot}",
            "active": f"placed in active slot {self.slot}",
            "drained": "drained for the rest of the battle",
            "discarded": "discarded",
            "status": f"placed as a status on {self.on}",
        }[self.place]
        return f"die {self.number} {self.die} {where} ({self.reason})"


@event_kind("skill_trigger")
@dataclass(frozen=True, slots=True, kw_only=True)
class Reaction(Event):
    """Step 6: a triggered skill fires (``fired``) or, with the reason, does not."""

    unit: str
    skill: str
    when: str
    fired: bool
    reason: str

    def sentence(self) -> str:
        if self.fired:
            return f"{self.unit} uses {self.skill} ({self.when}): {self.reason}"
        return f"{self.unit}'s {self.skill} does not trigger: {self.reason}"


EVENTS: tuple[type[Event], ...] = (
    FatigueGained,
    FormDeclared,
    TargetDeclared,
    Gathered,
    FaceRolled,
    ResultResolved,
    TenacityGained,
    DiePlaced,
    Reaction,
)
"""This game's own event kinds, handed to the core by its ruleset."""
