"""BotSE's own events (registered with the core, with a one-line describer each).

Core events are used where they fit: ``damage`` (one dealing, with the Defense it met in ``rule``),
``modifier`` (Defense lowered by the engage's running total, and restored after it), ``defeat``, ``status``,
``spend``, ``ruling``, ``note``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabroll.events import Event, event_kind
from tabroll.render.describe import describer


@event_kind("light_fatigue")
@dataclass(frozen=True, slots=True, kw_only=True)
class FatigueGained(Event):
    """An adventurer gains light fatigue dice (``amount``; ``total`` after) or, with 0, why none."""

    unit: str
    amount: int
    total: int
    reason: str


@event_kind("battle_form")
@dataclass(frozen=True, slots=True, kw_only=True)
class FormDeclared(Event):
    """The battle form for this engage, with the range it gives (``reach``: text) and the form before."""

    unit: str
    form: str
    previous: str
    reach: str


@event_kind("engage_target")
@dataclass(frozen=True, slots=True, kw_only=True)
class TargetDeclared(Event):
    """The declared target, in sight and within range: ``distance`` in hexes."""

    unit: str
    target: str
    distance: int
    reach: str


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


@event_kind("die_result")
@dataclass(frozen=True, slots=True, kw_only=True)
class ResultResolved(Event):
    """A result (die ``number``, or 0 for the item's ability) is resolved: ``done`` says what it did."""

    number: int
    die: str
    done: str


@event_kind("tenacity")
@dataclass(frozen=True, slots=True, kw_only=True)
class TenacityGained(Event):
    unit: str
    amount: int
    total: int
    reason: str


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


@event_kind("skill_trigger")
@dataclass(frozen=True, slots=True, kw_only=True)
class Reaction(Event):
    """Step 6: a triggered skill fires (``fired``) or, with the reason, does not."""

    unit: str
    skill: str
    when: str
    fired: bool
    reason: str


@describer("light_fatigue")
def _fatigue(e: FatigueGained) -> str:
    if e.amount == 0:
        return f"{e.unit} gains no fatigue ({e.reason})"
    return f"{e.unit} gains {e.amount} light fatigue ({e.reason}); light fatigue {e.total}"


@describer("battle_form")
def _form(e: FormDeclared) -> str:
    change = "" if e.form == e.previous else f" (was {e.previous})"
    return f"{e.unit} fights in {e.form} form{change}: {e.reach}"


@describer("engage_target")
def _target(e: TargetDeclared) -> str:
    return f"{e.unit} targets {e.target}, {e.distance} hex(es) away, in sight ({e.reach})"


@describer("gather_dice")
def _gather(e: Gathered) -> str:
    dice = ", ".join(e.dice) or "no dice"
    free = f" + {e.free} free enemy combat dice" if e.free else ""
    item = f"; item {e.item}" if e.item else ""
    return (
        f"{e.unit} gathers {dice}{free} (Stamina {e.stamina}/{e.stamina_limit}, "
        f"Magicka {e.magicka}/{e.magicka_limit}){item}"
    )


@describer("die_face")
def _face(e: FaceRolled) -> str:
    free = " (free)" if e.free else ""
    return f"die {e.number} {e.die}{free} {e.how}: face {e.face} of {e.sides} → {e.shows}"


@describer("die_result")
def _result(e: ResultResolved) -> str:
    which = "item ability" if e.number == 0 else f"die {e.number}"
    return f"{which} {e.die}: {e.done}"


@describer("tenacity")
def _tenacity(e: TenacityGained) -> str:
    return f"{e.unit} gains {e.amount} tenacity ({e.reason}); tenacity {e.total}"


@describer("die_placed")
def _placed(e: DiePlaced) -> str:
    where = {
        "exhausted": f"exhausted to cooldown slot {e.slot}",
        "active": f"placed in active slot {e.slot}",
        "drained": "drained for the rest of the battle",
        "discarded": "discarded",
        "status": f"placed as a status on {e.on}",
    }[e.place]
    return f"die {e.number} {e.die} {where} ({e.reason})"


@describer("skill_trigger")
def _reaction(e: Reaction) -> str:
    if e.fired:
        return f"{e.unit} uses {e.skill} ({e.when}): {e.reason}"
    return f"{e.unit}'s {e.skill} does not trigger: {e.reason}"
