"""Magic: The Gathering of Heroes scenario files: the pydantic models that validate them (stats also under the
source's Polish names, ``Siła``, ``Życie``…), and the options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import AfterValidator, AliasChoices, Field, field_validator, model_validator

from tabroll.i18n import N_
from tabroll.kit import ActionHeader, header
from tabroll.kit.models import ScenarioFile, Strict, empty_dict, empty_list, keys

from .messages import _, band_word, n_

Stat = Annotated[int, Field(ge=0, le=100)]
LifeStat = Annotated[int, Field(ge=0, le=10_000)]
Name = Annotated[str, Field(min_length=1, max_length=60)]
DiceList = list[Annotated[int, Field(ge=1, le=6)]]
Rolled = Annotated[
    DiceList | None,
    Field(
        max_length=1000,
        description=N_(
            "The dice, in the order they are asked (d6 values); leave it out to roll with --seed, --dice or --prompt."
        ),
    ),
]
NoDice = Annotated[DiceList | None, Field(max_length=0, description=N_("This action rolls no dice."))]


POWER_KEYS = keys("power", "Power", "P", own=("Siła",))  # own: Siła, siła, Sila, sila
TOUGHNESS_KEYS = keys("toughness", "Toughness", "T", own=("Wytrzymałość",))
LIFE_KEYS = keys("life", "Life", own=("Życie",))
SPEED_KEYS = keys("speed", "Speed", own=("Szybkość",))
KEYWORDS_KEYS = keys("keywords", own=("zdolności", "zdolność"))


class HeroesOptions(Strict):
    """House-rule options of Magic: The Gathering of Heroes (see rulesets/mtg_heroes/README.md)."""

    toughness_after_exchange: Literal["pool", "zero", "reroll"] = Field(
        "pool",
        description=N_(
            "After an exchange, a unit's Toughness until end of turn: the rolled defence total is a pool "
            "that each attack lowers (pool), Toughness is 0 for the rest of the turn (zero), or every attack rolls "
            "Toughness afresh (reroll)."
        ),
    )
    difficulty_target: Literal["upper", "lower"] = Field(
        "upper",
        description=N_(
            "The total a difficulty needs: the upper value of its band (Medium 6-8 needs 8, as the "
            "source's example needs more than 7), or the lower value (Medium needs 6)."
        ),
    )
    counterattack: bool = Field(
        True, description=N_("A defender counterattacks after an attack unless the action declines it.")
    )
    attack_takes_action: bool = Field(
        True,
        description=N_(
            "Fighting at near range takes one of the combatant's actions (the source calls it both free "
            "and an action); false: it is free, still once per turn."
        ),
    )
    mana_above_reach: bool = Field(
        False,
        description=N_(
            "A character may start the fight with more mana (or a higher max_mana) than its Reach; the "
            "source forbids it, so a scenario that wants it must say so."
        ),
    )
    push_back: Literal["refresh", "log_only"] = Field(
        "refresh",
        description=N_(
            "A surviving attacker without Vigilance is pushed back: it cannot attack or step in again "
            "until it is refreshed (its own next turn, or its controller's Upkeep for a creature) (refresh), or the "
            "push-back is only logged (log_only)."
        ),
    )
    creatures_need_upkeep: bool = Field(
        True,
        description=N_(
            "Once the turn order is fixed, a controlled creature acts (is commanded) only in a turn in "
            "which its controller spent Focus on it in the Upkeep phase."
        ),
    )
    forgotten_spells: Literal["bottom_of_library", "lost"] = Field(
        "bottom_of_library",
        description=N_(
            "Spells forgotten in the End phase go to the bottom of the Library (bottom_of_library) or "
            "are gone for the fight (lost)."
        ),
    )
    response_test_against: Literal["named", "active"] = Field(
        "named",
        description=N_(
            "The opposed Speed test of a response is against the combatant named in responds_to (the "
            "spell's controller, or the commanded creature) (named), or against the combatant whose turn it is "
            "(active); the source says both."
        ),
    )


def _keywords(value: Sequence[str]) -> list[str]:
    """Keywords as the rules compare them: lower case, single spaces (``First_Strike`` → ``first strike``)."""
    cleaned = [" ".join(str(word).replace("_", " ").replace("-", " ").casefold().split()) for word in value]
    if not all(cleaned):
        raise ValueError(_("a keyword cannot be empty"))
    return cleaned


Keywords = Annotated[list[str], AfterValidator(_keywords)]


class CombatantInput(Strict):
    """A character (a planeswalker-like mage) or a creature."""

    kind: Literal["character", "creature"] = Field(
        "creature",
        validation_alias=AliasChoices("kind", "type", "rodzaj"),
        description="character (a player's mage, leading its own side) or creature (the default).",
    )
    side: Name | None = Field(
        None,
        validation_alias=AliasChoices("side", "strona"),
        description="The side it fights for (a creature with a controller takes its controller's).",
    )
    controller: Name | None = Field(
        None,
        validation_alias=AliasChoices("controller", "kontroler"),
        description="For a creature: the character it fights for, who commands it.",
    )
    power: Stat = Field(validation_alias=POWER_KEYS, description="Power: how many d6 it rolls when it strikes.")
    toughness: Stat = Field(
        validation_alias=TOUGHNESS_KEYS, description="Toughness: how many d6 it rolls when it is struck."
    )
    life: LifeStat = Field(
        validation_alias=LIFE_KEYS, description="Life: what strikes take away; at 0 it is out of the fight."
    )
    max_life: LifeStat | None = Field(
        None,
        validation_alias=AliasChoices("max_life", "max Life"),
        description="The Life that Regenerate brings back (default: its Life at the start).",
    )
    speed: Stat = Field(1, validation_alias=SPEED_KEYS, description="Speed: actions per turn, and its initiative.")
    reach: Stat = Field(
        0,
        validation_alias=AliasChoices("reach", "Reach", "Sięganie", "sieganie"),
        description="Reach: mana regained each turn (and the most mana it holds, unless max_mana says).",
    )
    focus: Stat = Field(
        0,
        validation_alias=AliasChoices("focus", "Focus", "Skupienie", "skupienie"),
        description="Focus: effects and creatures it can uphold in the Upkeep; what is left is spells per turn.",
    )
    mastery: Stat = Field(
        0,
        validation_alias=AliasChoices("mastery", "Mastery", "Mistrzostwo", "mistrzostwo"),
        description="Mastery: the highest mana cost it can cast.",
    )
    memory: Stat = Field(
        0,
        validation_alias=AliasChoices("memory", "Memory", "Pamięć", "pamiec"),
        description="Memory: half of it (rounded up) is how many spells it keeps past the End phase.",
    )
    mana: LifeStat = Field(
        0, validation_alias=AliasChoices("mana", "Mana"), description="The mana in its pool at the start."
    )
    max_mana: LifeStat | None = Field(
        None,
        validation_alias=AliasChoices("max_mana", "max Mana"),
        description="The most mana its pool holds (default: Reach).",
    )
    identity: str = Field(
        "",
        max_length=60,
        validation_alias=AliasChoices("identity", "colour_identity", "color_identity", "Tożsamość"),
        description="Its colour identity, one letter per symbol: W, U, B, R, G (e.g. WUBB).",
    )
    keywords: Keywords = Field(
        default_factory=empty_list,
        validation_alias=KEYWORDS_KEYS,
        max_length=30,
        description="Keywords such as First Strike, Vigilance, Trample, Haste, Regenerate, Indestructible.",
    )
    spells: list[Name] = Field(
        default_factory=empty_list,
        max_length=200,
        validation_alias=AliasChoices("spells", "in_memory", "memory_spells"),
        description="The spells of the list it holds in Memory now.",
    )
    library: list[Name] = Field(
        default_factory=empty_list,
        max_length=1000,
        validation_alias=AliasChoices("library", "Biblioteka"),
        description="Spells of the list still to draw, the next one first (one per Reach phase).",
    )
    summoned_this_turn: bool = Field(
        False, description="It came in this turn: summoning-sick, it cannot be commanded yet (unless Haste)."
    )
    notes: str | None = Field(None, description="Free text about it, kept with the unit (the rules ignore it).")

    @field_validator("identity")
    @classmethod
    def _identity(cls, value: str) -> str:
        from .skills import parse_identity

        try:
            return parse_identity(value)
        except Exception as err:  # an InputError from the parser becomes a located validation error
            raise ValueError(str(getattr(err, "message", err))) from None

    @model_validator(mode="after")
    def _consistent(self) -> CombatantInput:
        if self.kind == "character" and self.controller is not None:
            raise ValueError(_("a character controls itself: 'controller' is for creatures"))
        if self.side is None and self.controller is None:
            raise ValueError(_("give the combatant's 'side' (a creature with a 'controller' takes its side)"))
        if self.max_life is not None and self.life > self.max_life:
            raise ValueError(_("Life {life} is above max_life {max_life}", life=self.life, max_life=self.max_life))
        return self


BandName = Annotated[str, Field(min_length=1, max_length=20)]


class RangeInput(Strict):
    """The range band between two combatants: far, near or direct (Polish: daleki, bliski, bezpośredni)."""

    between: tuple[Name, Name] = Field(description="The two combatants, by name.")
    band: BandName = Field(
        validation_alias=AliasChoices("band", "range", "zasięg"), description="Their range band: far, near or direct."
    )


class CreatureStats(Strict):
    """The creature a summoning spell brings, when the scenario's reserve does not already hold it."""

    power: Stat = Field(validation_alias=POWER_KEYS, description="Power: how many d6 it rolls when it strikes.")
    toughness: Stat = Field(
        validation_alias=TOUGHNESS_KEYS, description="Toughness: how many d6 it rolls when it is struck."
    )
    life: Annotated[int, Field(ge=1, le=10_000)] = Field(
        validation_alias=LIFE_KEYS, description="Life: what strikes take away."
    )
    speed: Stat = Field(1, validation_alias=SPEED_KEYS, description="Speed: actions per turn, and its initiative.")
    keywords: Annotated[tuple[str, ...], AfterValidator(lambda value: tuple(_keywords(value)))] = Field(
        (),
        validation_alias=KEYWORDS_KEYS,
        max_length=30,
        description="Keywords such as First Strike or Haste.",
    )


class SpellInput(Strict):
    """A spell as data: what it costs, whether it is an Instant, whom it targets, and the effects tabroll applies."""

    colour: str = Field(
        "",
        max_length=10,
        validation_alias=AliasChoices("colour", "color", "kolor"),
        description="Its colour: W, U, B, R or G (C for colourless).",
    )
    cost: Annotated[int, Field(ge=0, le=100)] = Field(
        validation_alias=AliasChoices("cost", "mana_cost", "koszt"), description="Its mana cost."
    )
    instant: bool = Field(False, description="An Instant: cast in any phase, on any turn, and it takes no action.")
    split_second: bool = Field(
        False, description="Split Second: it answers with no Speed test, and nothing can answer it."
    )
    target: Literal["any", "creature", "self", "none"] = Field(
        "any",
        description="any: a character or a creature (far range allowed); creature: creatures only (near range); "
        "self: the caster; none: no target.",
    )
    damage: Annotated[int, Field(ge=0, le=10_000)] = Field(
        0, description="Damage it deals to its target, straight off Life."
    )
    gain_life: Annotated[int, Field(ge=0, le=10_000)] = Field(
        0, validation_alias=AliasChoices("gain_life", "life"), description="Life its target gains."
    )
    power: Annotated[int, Field(ge=-100, le=100)] = Field(
        0, description="Change to its target's Power (until end of turn, unless permanent)."
    )
    toughness: Annotated[int, Field(ge=-100, le=100)] = Field(
        0, description="Change to its target's Toughness (until end of turn, unless permanent)."
    )
    permanent: bool = Field(
        False,
        description="The Power/Toughness change lasts while the caster upholds it with Focus in its Upkeep "
        "(not only until end of turn).",
    )
    effect: Literal["destroy", "exile", "control"] | None = Field(
        None, description="destroy, exile or control its target (characters are immune)."
    )
    summon: Name | None = Field(None, description="The name of the creature it brings into the fight.")
    creature: CreatureStats | None = Field(
        None, description="The summoned creature's stats, when the reserve does not hold it."
    )
    text: str = Field("", max_length=500, description="What else it does, shown in the log for the table to apply.")

    @field_validator("colour")
    @classmethod
    def _colour(cls, value: str) -> str:
        letters = value.replace("[", "").replace("]", "").replace(" ", "").upper()
        if any(c not in "WUBRGC" for c in letters):
            raise ValueError(_("'{value}' is not a colour: use W, U, B, R, G (C for colourless)", value=value))
        return letters

    @model_validator(mode="after")
    def _consistent(self) -> SpellInput:
        if self.creature is not None and self.summon is None:
            raise ValueError(_("a spell with 'creature' stats needs 'summon': the creature's name"))
        if self.permanent and not (self.power or self.toughness):
            raise ValueError(
                _("'permanent: true' is for a lasting Power/Toughness change: give 'power' or 'toughness'")
            )
        targeted = self.damage or self.power or self.toughness or self.effect
        if self.target == "none" and targeted:
            raise ValueError(_("a spell with 'target: none' cannot deal damage, change Power/Toughness or destroy"))
        if self.effect is not None and self.target not in ("creature", "any"):
            raise ValueError(_("a {effect} spell needs a target ('target: creature' or 'any')", effect=self.effect))
        return self


class AttackAction(Strict):
    """Direct combat: the attacker's Power dice against the defender's Toughness dice, then a counterattack."""

    do: Literal["attack"] = Field(description="The kind of action: direct combat.")
    attacker: Name = Field(description=N_("Who strikes (a creature is commanded by its controller)."))
    target: Name = Field(description=N_("Who is struck."))
    counterattack: bool | None = Field(
        None, description=N_("Whether the defender strikes back (default: the counterattack option).")
    )
    intercept_by: Name | None = Field(
        None,
        validation_alias=AliasChoices("intercept_by", "intercept", "interfere_by", "interference"),
        description=N_("A combatant that steps in and takes the fight instead of the target."),
    )
    dice: Rolled = None

    describe = header(_, N_("{attacker} attacks {target}"), actor="attacker")


class MoveAction(Strict):
    """Move to another range band: near ↔ far from the named combatants (default: every enemy)."""

    do: Literal["move"] = Field(description="The kind of action: a move to another range band.")
    unit: Name = Field(description=N_("Who moves."))
    to: BandName = Field(description=N_("The band it moves to: near or far."))
    relative_to: list[Name] | None = Field(None, max_length=100, description=N_("From whom (default: every enemy)."))
    dice: NoDice = None

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, "move", _("{unit} moves to {to} range", unit=self.unit, to=band_word(self.to)))


class SkillTestAction(Strict):
    """A skill test: dice from the identity's symbols of the skill's colours; total ≥ target succeeds."""

    do: Literal["skill_test"] = Field(description="The kind of action: a skill test.")
    unit: Name | None = Field(None, description=N_("Who is tested (its identity gives the dice)."))
    identity: str | None = Field(
        None, max_length=60, description=N_("A colour identity to test instead of a unit, e.g. WUBB.")
    )
    skill: Name | None = Field(None, description=N_("The skill tested."))
    skills: list[Name] | None = Field(
        None, min_length=1, max_length=20, description=N_("Several skills that fit: the strongest is used.")
    )
    difficulty: Name | None = Field(None, description=N_("The difficulty by name: easy, medium, hard…"))
    target: int | None = Field(None, ge=1, le=1000, description=N_("The total to reach, instead of a difficulty."))
    dice: Rolled = None

    @model_validator(mode="after")
    def _consistent(self) -> SkillTestAction:
        if (self.skill is None) == (self.skills is None):
            raise ValueError(_("give either 'skill' or 'skills' (several that fit: the strongest is used)"))
        if self.difficulty is None and self.target is None:
            raise ValueError(_("give a 'difficulty' (easy, medium, hard, ...) or a 'target' number"))
        if self.unit is None and self.identity is None:
            raise ValueError(_("give the 'unit' tested or its colour 'identity'"))
        return self

    def skill_names(self) -> list[str]:
        return [self.skill] if self.skill is not None else list(self.skills or [])

    def describe(self) -> ActionHeader:
        from tabroll.errors import InputError

        from .skills import difficulty_word, find_difficulty, skill_word

        who = self.unit or f"[{self.identity}]"
        try:
            band = find_difficulty(self.difficulty) if self.difficulty else None
        except InputError:  # not a difficulty of the table: shown as typed
            band = None
        shown = difficulty_word(band) if band is not None and difficulty_word(band) != band.name else self.difficulty
        level = shown or _("target {target}", target=self.target)
        names = " / ".join(skill_word(s) for s in self.skill_names())
        text = _("{who} tests {skill_names} ({level})", who=who, skill_names=names, level=level)
        return ActionHeader(self.unit, "skill_test", text)


class InitiativeAction(Strict):
    """Fix the turn order: highest Speed first, ties broken by opposed Speed rolls."""

    do: Literal["initiative"] = Field(description="The kind of action: the turn order is fixed by Speed.")
    dice: DiceList | None = Field(
        None, max_length=1000, description=N_("The d6 of the opposed Speed rolls that break ties, in the order asked.")
    )

    describe = header(_, N_("initiative: the turn order is fixed"))


class DelayAction(Strict):
    """A combatant delays: it now acts right after ``after`` for the rest of the fight."""

    do: Literal["delay"] = Field(description="The kind of action: a combatant delays its turn.")
    unit: Name = Field(description=N_("Who delays."))
    after: Name = Field(description=N_("The combatant it now acts after, for the rest of the fight."))
    dice: NoDice = None

    describe = header(_, N_("{unit} delays until after {after}"), actor="unit")


class ReachPhaseAction(Strict):
    """Reach phase: regain Reach mana (−2 at near range of an enemy), optionally adding colourless mana."""

    do: Literal["reach_phase"] = Field(
        description="The kind of action: a character's Reach phase (mana back, a spell drawn)."
    )
    unit: Name = Field(description=N_("The character whose Reach phase it is."))
    colorless: int = Field(
        0,
        ge=0,
        le=100,
        validation_alias=AliasChoices("colorless", "colourless"),
        description=N_("Colourless mana added above the maximum (it burns if unspent by the End phase)."),
    )
    draw: bool = Field(True, description=N_("Add the next spell of the Library to Memory (when the Library has one)."))
    dice: NoDice = None

    describe = header(_, N_("{unit}'s Reach phase"), actor="unit")


class UpkeepAction(Strict):
    """Upkeep: uphold up to Focus permanent effects and creatures; upheld creatures are refreshed and may act."""

    do: Literal["upkeep"] = Field(description="The kind of action: a character's Upkeep.")
    unit: Name = Field(description=N_("The character whose Upkeep it is."))
    uphold: list[Name] = Field(
        default_factory=empty_list,
        max_length=100,
        description=N_("The lasting effects and creatures it upholds with Focus."),
    )
    dice: NoDice = None

    def describe(self) -> ActionHeader:
        if not self.uphold:
            return ActionHeader(self.unit, "upkeep", _("{unit}'s Upkeep: upholds nothing", unit=self.unit))
        what = ", ".join(self.uphold)
        return ActionHeader(self.unit, "upkeep", _("{unit}'s Upkeep: upholds {what}", unit=self.unit, what=what))


class CastAction(Strict):
    """Cast a spell: a spell of the list (bundled or the scenario's ``spells:``), or one of the table's with a
    ``cost`` (its effect is then the table's). Cost within Mana and Mastery; creature-only spells need near range."""

    do: Literal["cast"] = Field(description="The kind of action: a spell is cast.")
    caster: Name = Field(description=N_("Who casts it."))
    spell: Name = Field(description=N_("The spell, by name (the bundled list or the scenario's spells)."))
    cost: int | None = Field(
        None,
        ge=0,
        le=100,
        description=N_("The mana cost of a spell that is not on the list (its effect is then the table's)."),
    )
    target: Name | None = Field(None, description=N_("Whom it is cast at."))
    creature_only: bool = Field(
        False, description=N_("The table's spell targets creatures only (so it needs near range).")
    )
    instant: bool = Field(False, description=N_("The table's spell is an Instant."))
    split_second: bool = Field(False, description=N_("The table's spell has Split Second."))
    responds_to: Name | None = Field(
        None, description=N_("The combatant whose spell or commanded action this answers.")
    )
    dice: Rolled = None

    def describe(self) -> ActionHeader:
        values = {"caster": self.caster, "spell": self.spell, "target": self.target, "other": self.responds_to}
        if self.target and self.responds_to:
            text = _("{caster} casts {spell} at {target} in response to {other}", **values)
        elif self.target:
            text = _("{caster} casts {spell} at {target}", **values)
        elif self.responds_to:
            text = _("{caster} casts {spell} in response to {other}", **values)
        else:
            text = _("{caster} casts {spell}", **values)
        return ActionHeader(self.caster, "cast", text)


class FleeAction(Strict):
    """A character tries to leave the fight: its first action of the turn, from far range of every enemy."""

    do: Literal["flee"] = Field(description="The kind of action: a character tries to leave the fight.")
    unit: Name = Field(description=N_("The character that flees."))
    dice: Rolled = None

    describe = header(_, N_("{unit} tries to flee"), actor="unit")


class DamageAction(Strict):
    """Damage from a spell or ability, as the table resolved it: straight off Life."""

    do: Literal["damage"] = Field(description="The kind of action: damage the table resolved, straight off Life.")
    target: Name = Field(description=N_("Who takes it."))
    amount: int = Field(ge=0, le=10_000, description=N_("How much Life it takes."))
    by: Name | None = Field(None, description=N_("Who dealt it."))
    source: str = Field(N_("a spell"), max_length=100, description=N_("What dealt it, for the log."))
    dice: NoDice = None

    def describe(self) -> ActionHeader:
        values = {"target": self.target, "by": self.by, "source": _(self.source)}
        return ActionHeader(
            self.by,
            "damage",
            n_(
                "{n} damage to {target} from {by} ({source})",
                "{n} damage to {target} from {by} ({source})",
                self.amount,
                **values,
            )
            if self.by
            else n_("{n} damage to {target} ({source})", "{n} damage to {target} ({source})", self.amount, **values),
        )


class EffectAction(Strict):
    """A destroy, exile or control effect resolved against a target (characters are immune)."""

    do: Literal["effect"] = Field(description="The kind of action: a destroy, exile or control effect.")
    effect: Literal["destroy", "exile", "control"] = Field(description=N_("destroy, exile or control."))
    target: Name = Field(description=N_("The creature it is aimed at (characters are immune)."))
    by: Name | None = Field(None, description=N_("Who brings it about."))
    dice: NoDice = None

    def describe(self) -> ActionHeader:
        if self.effect == "destroy":
            text = _("destroy effect on {target}", target=self.target)
        elif self.effect == "exile":
            text = _("exile effect on {target}", target=self.target)
        else:
            text = _("control effect on {target}", target=self.target)
        return ActionHeader(self.by, "effect", text)


class ModifyAction(Strict):
    """A spell or ability changes Power and/or Toughness until end of turn (e.g. −1/−1)."""

    do: Literal["modify"] = Field(description="The kind of action: Power and Toughness change until end of turn.")
    unit: Name = Field(description=N_("Whose Power and Toughness change."))
    power: int = Field(0, ge=-100, le=100, description=N_("Change to Power, e.g. -1."))
    toughness: int = Field(0, ge=-100, le=100, description=N_("Change to Toughness, e.g. -1."))
    source: str = Field(N_("an effect"), max_length=100, description=N_("What changes them, for the log."))
    dice: NoDice = None

    def describe(self) -> ActionHeader:
        text = _(
            "{unit} gets {power:+d}/{toughness:+d} ({source})",
            unit=self.unit,
            power=self.power,
            toughness=self.toughness,
            source=_(self.source),
        )
        return ActionHeader(None, "modify", text)


class RegenerateAction(Strict):
    """Regenerate a creature: its lost Life comes back."""

    do: Literal["regenerate"] = Field(description="The kind of action: a creature regenerates its lost Life.")
    unit: Name = Field(description=N_("The creature that regenerates."))
    dice: NoDice = None

    describe = header(_, N_("{unit} regenerates"), actor="unit")


class SummonAction(Strict):
    """A new creature joins the fight under a character's control, summoning-sick this turn (unless Haste)."""

    do: Literal["summon"] = Field(description="The kind of action: a creature joins the fight.")
    caster: Name = Field(description=N_("The character who summons it and controls it."))
    creature: Name = Field(description=N_("The creature, by its name under reserve."))
    dice: NoDice = None

    describe = header(_, N_("{caster} summons {creature}"), actor="caster")


class EndTurnAction(Strict):
    """End phase of ``unit``'s turn: spells above half of Memory are forgotten, reductions end, mana burns, the
    next turn begins."""

    do: Literal["end_turn"] = Field(description="The kind of action: the End phase of a turn.")
    unit: Name | None = Field(None, description=N_("The character whose turn ends."))
    forget: list[Name] = Field(
        default_factory=empty_list,
        max_length=200,
        description=N_("The spells it forgets: exactly those above half of its Memory."),
    )
    dice: NoDice = None

    def describe(self) -> ActionHeader:
        return ActionHeader(
            self.unit, "end_turn", _("end of {unit}'s turn", unit=self.unit) if self.unit else _("end of turn")
        )


HeroAction = (
    AttackAction
    | MoveAction
    | SkillTestAction
    | InitiativeAction
    | DelayAction
    | ReachPhaseAction
    | UpkeepAction
    | CastAction
    | EffectAction
    | FleeAction
    | DamageAction
    | ModifyAction
    | RegenerateAction
    | SummonAction
    | EndTurnAction
)
"""Any action of this game (the ruleset's ``Action`` type)."""

Action = Annotated[HeroAction, Field(discriminator="do")]


class HeroesScenario(ScenarioFile):
    """A Gathering of Heroes scenario: the combatants, the reserve, spells, ranges and the actions in order."""

    ruleset: Literal["mtg_heroes"] = Field(description="This game's id: mtg_heroes.")
    combatants: dict[Name, CombatantInput] = Field(
        default_factory=empty_dict,
        max_length=1000,
        validation_alias=AliasChoices("combatants", "units"),
        description="The characters and creatures in the fight at the start, by name (also 'units').",
    )
    reserve: dict[Name, CombatantInput] = Field(
        default_factory=empty_dict,
        max_length=1000,
        description="Creatures (or characters) not yet in the fight, by name: what 'do: summon' and summoning "
        "spells bring in.",
    )
    spells: dict[Name, SpellInput] = Field(
        default_factory=empty_dict,
        max_length=1000,
        description="Spells of this scenario, added to (or replacing, by name) the bundled illustrative list.",
    )
    default_range: BandName = Field(
        "near",
        validation_alias=AliasChoices("default_range", "default_band"),
        description="The range band of every pair not listed under 'ranges': far, near or direct (Polish: "
        "daleki, bliski, bezpośredni).",
    )
    ranges: list[RangeInput] = Field(
        default_factory=empty_list,
        max_length=100_000,
        description="The band of each pair that is not at default_range.",
    )
    actions: list[Action] = Field(
        default_factory=empty_list, max_length=100_000, description="The actions to resolve, in order (the 'do' key)."
    )
