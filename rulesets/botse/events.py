"""BotSE's own events, beside the core kinds (a die rolled is a core ``roll``, a dealing of damage or a Health
cost a ``damage``, Defense lowered a ``modifier``)."""

from __future__ import annotations

from tabroll.events import Event, event_kind

from .messages import _, dice_words, die_word, n_, p_


@event_kind("light_fatigue")
class FatigueGained(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """An adventurer gains light fatigue dice (``amount``; ``total`` after) or, with 0, why none."""

    STYLE = "yellow"
    unit: str
    amount: int
    total: int
    reason: str

    def sentence(self) -> str:
        if self.amount == 0:
            return _("{unit} gains no fatigue ({reason})", unit=self.unit, reason=self.reason)
        return n_(
            "{unit} gains {n} light fatigue ({reason}); light fatigue {total}",
            "{unit} gains {n} light fatigue ({reason}); light fatigue {total}",
            self.amount,
            unit=self.unit,
            reason=self.reason,
            total=self.total,
        )


@event_kind("battle_form")
class FormDeclared(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """The battle form for this engage, with the range it gives (``reach``: the same words in every language,
    ``reach_text`` in the language) and the form before."""

    STYLE = "blue"
    TWINS = ("reach",)
    unit: str
    form: str
    previous: str
    reach: str
    reach_text: str = ""

    def sentence(self) -> str:
        values = {"unit": self.unit, "form": p_("form", self.form), "reach": self.reach_text or self.reach}
        if self.form == self.previous:
            return _("{unit} fights in {form} form: {reach}", **values)
        return _("{unit} fights in {form} form (was {previous}): {reach}", previous=p_("form", self.previous), **values)


@event_kind("engage_target")
class TargetDeclared(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """The declared target, in sight and within range, ``distance`` hexes away (``reach`` as in ``battle_form``)."""

    STYLE = "blue"
    TWINS = ("reach",)
    unit: str
    target: str
    distance: int
    reach: str
    reach_text: str = ""

    def sentence(self) -> str:
        return n_(
            "{unit} targets {target}, {n} hex away, in sight ({reach})",
            "{unit} targets {target}, {n} hexes away, in sight ({reach})",
            self.distance,
            unit=self.unit,
            target=self.target,
            reach=self.reach_text or self.reach,
        )


@event_kind("gather_dice")
class Gathered(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
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
        values = {
            "unit": self.unit,
            "dice": dice_words(self.dice) or _("no dice"),
            "stamina": self.stamina,
            "stamina_limit": self.stamina_limit,
            "magicka": self.magicka,
            "magicka_limit": self.magicka_limit,
        }
        if self.free:
            text = n_(
                "{unit} gathers {dice} + {n} free enemy combat dice (Stamina {stamina}/{stamina_limit}, "
                "Magicka {magicka}/{magicka_limit})",
                "{unit} gathers {dice} + {n} free enemy combat dice (Stamina {stamina}/{stamina_limit}, "
                "Magicka {magicka}/{magicka_limit})",
                self.free,
                **values,
            )
        else:
            text = _(
                "{unit} gathers {dice} (Stamina {stamina}/{stamina_limit}, Magicka {magicka}/{magicka_limit})",
                **values,
            )
        return _("{gathered}; item {item}", gathered=text, item=self.item) if self.item else text


@event_kind("die_turned")
class FaceTurned(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """An ability turns die ``number`` (its place in the roll) to face ``face`` of ``sides``, which ``shows``
    its icons (step 5a; ``shows_text`` in the language). No die is rolled."""

    STYLE = "cyan"
    OUTCOME = False
    TWINS = ("shows",)
    number: int
    die: str
    face: int
    sides: int
    shows: str
    shows_text: str = ""

    def sentence(self) -> str:
        return _(
            "die {number} {die} turned to face {face} of {sides}: {shows}",
            number=self.number,
            die=die_word(self.die),
            face=self.face,
            sides=self.sides,
            shows=self.shows_text or self.shows,
        )


@event_kind("die_result")
class ResultResolved(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """The result the player chose to resolve next (die ``number``, or 0 for the item's ability): ``done``
    says what it did (the same words in every language; ``done_text`` in the language)."""

    STYLE = "green"
    TWINS = ("done",)

    number: int
    die: str
    done: str
    done_text: str = ""

    def sentence(self) -> str:
        done = self.done_text or self.done
        if self.number == 0:
            return _("item ability {die}: {done}", die=self.die, done=done)
        return _("die {number} {die}: {done}", number=self.number, die=die_word(self.die), done=done)


@event_kind("tenacity")
class TenacityGained(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """An adventurer gains tenacity (``amount``; ``total`` after)."""

    STYLE = "green"
    unit: str
    amount: int
    total: int
    reason: str

    def sentence(self) -> str:
        return n_(
            "{unit} gains {n} tenacity ({reason}); tenacity {total}",
            "{unit} gains {n} tenacity ({reason}); tenacity {total}",
            self.amount,
            unit=self.unit,
            reason=self.reason,
            total=self.total,
        )


@event_kind("die_placed")
class DiePlaced(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
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
        values = {"number": self.number, "die": die_word(self.die), "reason": self.reason, "slot": self.slot}
        values["on"] = self.on
        if self.place == "exhausted":
            return _("die {number} {die} exhausted to cooldown slot {slot} ({reason})", **values)
        if self.place == "active":
            return _("die {number} {die} placed in active slot {slot} ({reason})", **values)
        if self.place == "drained":
            return _("die {number} {die} drained for the rest of the battle ({reason})", **values)
        if self.place == "discarded":
            return _("die {number} {die} discarded ({reason})", **values)
        return _("die {number} {die} placed as a status on {on} ({reason})", **values)


@event_kind("skill_trigger")
class Reaction(Event, frozen=True, kw_only=True):  # compared, hashed and shown by Event
    """Step 6: a triggered skill fires (``fired``) or, with the reason, does not."""

    STYLE = "magenta"
    unit: str
    skill: str
    when: str
    fired: bool
    reason: str

    def sentence(self) -> str:
        values = {"unit": self.unit, "skill": self.skill, "reason": self.reason}
        if self.fired:
            return _("{unit} uses {skill} ({when}): {reason}", when=p_("when", self.when), **values)
        return _("{unit}'s {skill} does not trigger: {reason}", **values)


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
