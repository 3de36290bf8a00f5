"""BotSE's own events: extras beside the core vocabulary, handed to the core by the ruleset (``events``).

The core kinds say everything they can: every die rolled (or rerolled) is a ``roll`` of one die whose
``faces`` name the face it showed and whose ``effect`` says what its resolution code does with it;
``damage`` is one dealing of damage to a unit's ``Health`` (with the Defense it met in ``rule``, and
``lost``/``left``), a Health cost paid included; ``defeat`` a unit brought to Health 0; ``heal`` names
``Health``; ``modifier`` is Defense lowered by the engage's running total (and restored after it); ``status``,
``spend``, ``ruling``, ``note``. The kinds below carry what those cannot: the engage's steps (fatigue, form,
target, dice gathered), a face turned by an ability (no roll), which result is resolved and what it did,
where each die ends, tenacity gained and the reactions of step 6.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.events import Event, event_kind


@event_kind("light_fatigue")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class FatigueGained(Event):
    """An adventurer gains light fatigue dice (``amount``; ``total`` after) or, with 0, why none."""

    STYLE = "yellow"
    unit: str
    amount: int
    total: int
    reason: str

    def sentence(self) -> str:
        if self.amount == 0:
            return f"{self.unit} gains no fatigue ({self.reason})"
        return f"{self.unit} gains {self.amount} light fatigue ({self.reason}); light fatigue {self.total}"


@event_kind("battle_form")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class FormDeclared(Event):
    """The battle form for this engage, with the range it gives (``reach``: text) and the form before."""

    STYLE = "blue"
    unit: str
    form: str
    previous: str
    reach: str

    def sentence(self) -> str:
        change = "" if self.form == self.previous else f" (was {self.previous})"
        return f"{self.unit} fights in {self.form} form{change}: {self.reach}"


@event_kind("engage_target")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class TargetDeclared(Event):
    """The declared target, in sight and within range: ``distance`` in hexes."""

    STYLE = "blue"
    unit: str
    target: str
    distance: int
    reach: str

    def sentence(self) -> str:
        hexes = "hex" if self.distance == 1 else "hexes"
        return f"{self.unit} targets {self.target}, {self.distance} {hexes} away, in sight ({self.reach})"


@event_kind("gather_dice")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Gathered(Event):
    """The dice gathered, with each stat's count against its limit, and the free enemy combat dice."""

    STYLE = "cyan"
    OUTCOME = False
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


@event_kind("die_turned")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class FaceTurned(Event):
    """An ability turns die ``number`` (its place in the roll) to face ``face`` of ``sides``, which ``shows``
    its icons (step 5a). No die is rolled: a rolled or rerolled die is a core ``roll``."""

    STYLE = "cyan"
    OUTCOME = False
    number: int
    die: str
    face: int
    sides: int
    shows: str

    def sentence(self) -> str:
        return f"die {self.number} {self.die} turned to face {self.face} of {self.sides}: {self.shows}"


@event_kind("die_result")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class ResultResolved(Event):
    """The result the player chose to resolve next (die ``number``, or 0 for the item's ability): ``done``
    says what it did (the roll said what the face shows; this says which result was taken, and when)."""

    STYLE = "green"

    number: int
    die: str
    done: str

    def sentence(self) -> str:
        which = "item ability" if self.number == 0 else f"die {self.number}"
        return f"{which} {self.die}: {self.done}"


@event_kind("tenacity")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class TenacityGained(Event):
    """An adventurer gains tenacity (``amount``; ``total`` after)."""

    STYLE = "green"
    unit: str
    amount: int
    total: int
    reason: str

    def sentence(self) -> str:
        return f"{self.unit} gains {self.amount} tenacity ({self.reason}); tenacity {self.total}"


@event_kind("die_placed")
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class DiePlaced(Event):
    """Where a rolled die ends the engage: ``exhausted`` (cooldown ``slot``, 1 = leftmost), ``active``
    (active ``slot``), ``drained``, ``discarded`` or ``status`` (on ``on``)."""

    STYLE = "dim"
    OUTCOME = False
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
@dataclass(frozen=True, kw_only=True, repr=False, eq=False)
class Reaction(Event):
    """Step 6: a triggered skill fires (``fired``) or, with the reason, does not."""

    STYLE = "magenta"
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
    FaceTurned,
    ResultResolved,
    TenacityGained,
    DiePlaced,
    Reaction,
)
"""This game's own event kinds, handed to the core by its ruleset."""
