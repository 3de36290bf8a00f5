"""Magic: The Gathering of Heroes scenario files: the pydantic models that validate them, and the options.

Stats accept the source's Polish names as aliases (``Siła`` for Power, ``Wytrzymałość`` for Toughness, ``Życie``
for Life, ``Szybkość`` for Speed, ``Sięganie`` for Reach, ``Skupienie`` for Focus, ``Mistrzostwo`` for Mastery,
``Pamięć`` for Memory, ``Tożsamość`` for the colour identity).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Field, field_validator, model_validator

from tabroll.kit import ActionHeader
from tabroll.kit.models import ScenarioFile, Strict

KEYWORDS = ("first strike", "vigilance", "trample", "haste", "regenerate", "indestructible")
"""Keywords the resolver applies; any other keyword is kept and shown, with no effect on the numbers."""

Stat = Annotated[int, Field(ge=0, le=100)]
LifeStat = Annotated[int, Field(ge=0, le=10_000)]
Name = Annotated[str, Field(min_length=1, max_length=60)]
DiceList = list[Annotated[int, Field(ge=1, le=6)]]


def _alias(*names: str) -> Any:
    return AliasChoices(*names)


POWER_KEYS = _alias("power", "Power", "Siła", "sila", "P")
TOUGHNESS_KEYS = _alias("toughness", "Toughness", "Wytrzymałość", "wytrzymalosc", "T")
LIFE_KEYS = _alias("life", "Life", "Życie", "zycie")
SPEED_KEYS = _alias("speed", "Speed", "Szybkość", "szybkosc")


class HeroesOptions(Strict):
    """House-rule options of Magic: The Gathering of Heroes (see rulesets/mtg_heroes/README.md)."""

    toughness_after_exchange: Literal["pool", "zero", "reroll"] = Field(
        "pool",
        description="After an exchange, a unit's Toughness until end of turn: the rolled defence total is a pool "
        "that each attack lowers (pool), Toughness is 0 for the rest of the turn (zero), or every attack rolls "
        "Toughness afresh (reroll).",
    )
    difficulty_target: Literal["upper", "lower"] = Field(
        "upper",
        description="The total a difficulty needs: the upper value of its band (Medium 6-8 needs 8, as the "
        "source's example needs more than 7), or the lower value (Medium needs 6).",
    )
    counterattack: bool = Field(
        True, description="A defender counterattacks after an attack unless the action declines it."
    )
    attack_takes_action: bool = Field(
        True,
        description="Fighting at near range takes one of the combatant's actions (the source calls it both free "
        "and an action); false: it is free, still once per turn.",
    )
    mana_above_reach: bool = Field(
        False,
        description="A character may start the fight with more mana (or a higher max_mana) than its Reach; the "
        "source forbids it, so a scenario that wants it must say so.",
    )
    push_back: Literal["refresh", "log_only"] = Field(
        "refresh",
        description="A surviving attacker without Vigilance is pushed back: it cannot attack or step in again "
        "until it is refreshed (its own next turn, or its controller's Upkeep for a creature) (refresh), or the "
        "push-back is only logged (log_only).",
    )
    creatures_need_upkeep: bool = Field(
        True,
        description="Once the turn order is fixed, a controlled creature acts (is commanded) only in a turn in "
        "which its controller spent Focus on it in the Upkeep phase.",
    )
    forgotten_spells: Literal["bottom_of_library", "lost"] = Field(
        "bottom_of_library",
        description="Spells forgotten in the End phase go to the bottom of the Library (bottom_of_library) or "
        "are gone for the fight (lost).",
    )
    response_test_against: Literal["named", "active"] = Field(
        "named",
        description="The opposed Speed test of a response is against the combatant named in responds_to (the "
        "spell's controller, or the commanded creature) (named), or against the combatant whose turn it is "
        "(active); the source says both.",
    )


def _keywords(value: list[str]) -> list[str]:
    cleaned = []
    for word in value:
        text = " ".join(str(word).replace("_", " ").replace("-", " ").casefold().split())
        if not text:
            raise ValueError("a keyword cannot be empty")
        cleaned.append(text)
    return cleaned


class CombatantInput(Strict):
    """A character (a planeswalker-like mage) or a creature."""

    kind: Literal["character", "creature"] = Field("creature", validation_alias=_alias("kind", "type", "rodzaj"))
    side: Name | None = Field(None, validation_alias=_alias("side", "strona"))
    controller: Name | None = Field(None, validation_alias=_alias("controller", "kontroler"))
    power: Stat = Field(validation_alias=POWER_KEYS)
    toughness: Stat = Field(validation_alias=TOUGHNESS_KEYS)
    life: LifeStat = Field(validation_alias=LIFE_KEYS)
    max_life: LifeStat | None = Field(None, validation_alias=_alias("max_life", "max Life"))
    speed: Stat = Field(1, validation_alias=SPEED_KEYS)
    reach: Stat = Field(0, validation_alias=_alias("reach", "Reach", "Sięganie", "sieganie"))
    focus: Stat = Field(0, validation_alias=_alias("focus", "Focus", "Skupienie", "skupienie"))
    mastery: Stat = Field(0, validation_alias=_alias("mastery", "Mastery", "Mistrzostwo", "mistrzostwo"))
    memory: Stat = Field(0, validation_alias=_alias("memory", "Memory", "Pamięć", "pamiec"))
    mana: LifeStat = Field(0, validation_alias=_alias("mana", "Mana"))
    max_mana: LifeStat | None = Field(None, validation_alias=_alias("max_mana", "max Mana"))
    identity: str = Field(
        "", max_length=60, validation_alias=_alias("identity", "colour_identity", "color_identity", "Tożsamość")
    )
    keywords: list[str] = Field(default_factory=list, max_length=30)
    spells: list[Name] = Field(
        default_factory=list, max_length=200, validation_alias=_alias("spells", "in_memory", "memory_spells")
    )
    library: list[Name] = Field(default_factory=list, max_length=1000, validation_alias=_alias("library", "Biblioteka"))
    summoned_this_turn: bool = False
    notes: str | None = None

    @field_validator("keywords")
    @classmethod
    def _clean_keywords(cls, value: list[str]) -> list[str]:
        return _keywords(value)

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
            raise ValueError("a character controls itself: 'controller' is for creatures")
        if self.side is None and self.controller is None:
            raise ValueError("give the combatant's 'side' (a creature with a 'controller' takes its side)")
        if self.max_life is not None and self.life > self.max_life:
            raise ValueError(f"Life {self.life} is above max_life {self.max_life}")
        return self


BandName = Annotated[str, Field(min_length=1, max_length=20)]


class RangeInput(Strict):
    """The range band between two combatants: far, near or direct (Polish: daleki, bliski, bezpośredni)."""

    between: tuple[Name, Name]
    band: BandName = Field(validation_alias=_alias("band", "range", "zasięg"))


class CreatureStats(Strict):
    """The creature a summoning spell brings, when the scenario's reserve does not already hold it."""

    power: Stat = Field(validation_alias=POWER_KEYS)
    toughness: Stat = Field(validation_alias=TOUGHNESS_KEYS)
    life: Annotated[int, Field(ge=1, le=10_000)] = Field(validation_alias=LIFE_KEYS)
    speed: Stat = Field(1, validation_alias=SPEED_KEYS)
    keywords: tuple[str, ...] = Field((), max_length=30)

    @field_validator("keywords")
    @classmethod
    def _clean_keywords(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(_keywords(list(value)))


class SpellInput(Strict):
    """A spell as data: what it costs, whether it is an Instant, whom it targets, and the effects tabroll applies."""

    colour: str = Field("", max_length=10, validation_alias=_alias("colour", "color", "kolor"))
    cost: Annotated[int, Field(ge=0, le=100)] = Field(validation_alias=_alias("cost", "mana_cost", "koszt"))
    instant: bool = False
    split_second: bool = False
    target: Literal["any", "creature", "self", "none"] = Field(
        "any",
        description="any: a character or a creature (far range allowed); creature: creatures only (near range); "
        "self: the caster; none: no target.",
    )
    damage: Annotated[int, Field(ge=0, le=10_000)] = 0
    gain_life: Annotated[int, Field(ge=0, le=10_000)] = Field(0, validation_alias=_alias("gain_life", "life"))
    power: Annotated[int, Field(ge=-100, le=100)] = 0
    toughness: Annotated[int, Field(ge=-100, le=100)] = 0
    permanent: bool = Field(
        False,
        description="The Power/Toughness change lasts while the caster upholds it with Focus in its Upkeep "
        "(not only until end of turn).",
    )
    effect: Literal["destroy", "exile", "control"] | None = None
    summon: Name | None = None
    creature: CreatureStats | None = None
    text: str = Field("", max_length=500)

    @field_validator("colour")
    @classmethod
    def _colour(cls, value: str) -> str:
        letters = value.replace("[", "").replace("]", "").replace(" ", "").upper()
        if any(c not in "WUBRGC" for c in letters):
            raise ValueError(f"'{value}' is not a colour: use W, U, B, R, G (C for colourless)")
        return letters

    @model_validator(mode="after")
    def _consistent(self) -> SpellInput:
        if self.creature is not None and self.summon is None:
            raise ValueError("a spell with 'creature' stats needs 'summon': the creature's name")
        if self.permanent and not (self.power or self.toughness):
            raise ValueError("'permanent: true' is for a lasting Power/Toughness change: give 'power' or 'toughness'")
        targeted = self.damage or self.power or self.toughness or self.effect
        if self.target == "none" and targeted:
            raise ValueError("a spell with 'target: none' cannot deal damage, change Power/Toughness or destroy")
        if self.effect is not None and self.target not in ("creature", "any"):
            raise ValueError(f"a {self.effect} spell needs a target ('target: creature' or 'any')")
        return self


class AttackAction(Strict):
    """Direct combat: the attacker's Power dice against the defender's Toughness dice, then a counterattack."""

    do: Literal["attack"]
    attacker: Name
    target: Name
    counterattack: bool | None = None
    intercept_by: Name | None = Field(
        None, validation_alias=_alias("intercept_by", "intercept", "interfere_by", "interference")
    )
    dice: DiceList | None = Field(None, max_length=1000)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.attacker, "attack", f"{self.attacker} attacks {self.target}")


class MoveAction(Strict):
    """Move to another range band: near ↔ far from the named combatants (default: every enemy)."""

    do: Literal["move"]
    unit: Name
    to: BandName
    relative_to: list[Name] | None = Field(None, max_length=100)
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, "move", f"{self.unit} moves to {self.to} range")


class SkillTestAction(Strict):
    """A skill test: dice from the identity's symbols of the skill's colours; total ≥ target succeeds."""

    do: Literal["skill_test"]
    unit: Name | None = None
    identity: str | None = Field(None, max_length=60)
    skill: Name | None = None
    skills: list[Name] | None = Field(None, min_length=1, max_length=20)
    difficulty: Name | None = None
    target: int | None = Field(None, ge=1, le=1000)
    dice: DiceList | None = Field(None, max_length=1000)

    @model_validator(mode="after")
    def _consistent(self) -> SkillTestAction:
        if (self.skill is None) == (self.skills is None):
            raise ValueError("give either 'skill' or 'skills' (several that fit: the strongest is used)")
        if self.difficulty is None and self.target is None:
            raise ValueError("give a 'difficulty' (easy, medium, hard, ...) or a 'target' number")
        if self.unit is None and self.identity is None:
            raise ValueError("give the 'unit' tested or its colour 'identity'")
        return self

    def skill_names(self) -> list[str]:
        return [self.skill] if self.skill is not None else list(self.skills or [])

    def describe(self) -> ActionHeader:
        who = self.unit or f"[{self.identity}]"
        level = self.difficulty or f"target {self.target}"
        return ActionHeader(self.unit, "skill_test", f"{who} tests {' / '.join(self.skill_names())} ({level})")


class InitiativeAction(Strict):
    """Fix the turn order: highest Speed first, ties broken by opposed Speed rolls."""

    do: Literal["initiative"]
    dice: DiceList | None = Field(None, max_length=1000)

    def describe(self) -> ActionHeader:
        return ActionHeader(None, "initiative", "initiative: the turn order is fixed")


class DelayAction(Strict):
    """A combatant delays: it now acts right after ``after`` for the rest of the fight."""

    do: Literal["delay"]
    unit: Name
    after: Name
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, "delay", f"{self.unit} delays until after {self.after}")


class ReachPhaseAction(Strict):
    """Reach phase: regain Reach mana (−2 at near range of an enemy), optionally adding colourless mana."""

    do: Literal["reach_phase"]
    unit: Name
    colorless: int = Field(0, ge=0, le=100, validation_alias=_alias("colorless", "colourless"))
    draw: bool = Field(True, description="Add the next spell of the Library to Memory (when the Library has one).")
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, "reach_phase", f"{self.unit}'s Reach phase")


class UpkeepAction(Strict):
    """Upkeep: uphold up to Focus permanent effects and creatures; upheld creatures are refreshed and may act."""

    do: Literal["upkeep"]
    unit: Name
    uphold: list[Name] = Field(default_factory=list, max_length=100)
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        what = ", ".join(self.uphold) or "nothing"
        return ActionHeader(self.unit, "upkeep", f"{self.unit}'s Upkeep: upholds {what}")


class CastAction(Strict):
    """Cast a spell: a spell of the list (bundled or the scenario's ``spells:``), or one of the table's with a
    ``cost`` (its effect is then the table's). Cost within Mana and Mastery; creature-only spells need near range."""

    do: Literal["cast"]
    caster: Name
    spell: Name
    cost: int | None = Field(None, ge=0, le=100)
    target: Name | None = None
    creature_only: bool = False
    instant: bool = False
    split_second: bool = False
    responds_to: Name | None = None
    dice: DiceList | None = Field(None, max_length=1000)

    def describe(self) -> ActionHeader:
        aim = f" at {self.target}" if self.target else ""
        answer = f" in response to {self.responds_to}" if self.responds_to else ""
        return ActionHeader(self.caster, "cast", f"{self.caster} casts {self.spell}{aim}{answer}")


class FleeAction(Strict):
    """A character tries to leave the fight: its first action of the turn, from far range of every enemy."""

    do: Literal["flee"]
    unit: Name
    dice: DiceList | None = Field(None, max_length=1000)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, "flee", f"{self.unit} tries to flee")


class DamageAction(Strict):
    """Damage from a spell or ability, as the table resolved it: straight off Life."""

    do: Literal["damage"]
    target: Name
    amount: int = Field(ge=0, le=10_000)
    by: Name | None = None
    source: str = Field("a spell", max_length=100)
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        by = f" from {self.by}" if self.by else ""
        return ActionHeader(self.by, "damage", f"{self.amount} damage to {self.target}{by} ({self.source})")


class EffectAction(Strict):
    """A destroy, exile or control effect resolved against a target (characters are immune)."""

    do: Literal["effect"]
    effect: Literal["destroy", "exile", "control"]
    target: Name
    by: Name | None = None
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.by, "effect", f"{self.effect} effect on {self.target}")


class ModifyAction(Strict):
    """A spell or ability changes Power and/or Toughness until end of turn (e.g. −1/−1)."""

    do: Literal["modify"]
    unit: Name
    power: int = Field(0, ge=-100, le=100)
    toughness: int = Field(0, ge=-100, le=100)
    source: str = Field("an effect", max_length=100)
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        text = f"{self.unit} gets {self.power:+d}/{self.toughness:+d} ({self.source})"
        return ActionHeader(None, "modify", text)


class RegenerateAction(Strict):
    """Regenerate a creature: its lost Life comes back."""

    do: Literal["regenerate"]
    unit: Name
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, "regenerate", f"{self.unit} regenerates")


class SummonAction(Strict):
    """A new creature joins the fight under a character's control, summoning-sick this turn (unless Haste)."""

    do: Literal["summon"]
    caster: Name
    creature: Name
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.caster, "summon", f"{self.caster} summons {self.creature}")


class EndTurnAction(Strict):
    """End phase of ``unit``'s turn: spells above half of Memory are forgotten, reductions end, mana burns, the
    next turn begins."""

    do: Literal["end_turn"]
    unit: Name | None = None
    forget: list[Name] = Field(default_factory=list, max_length=200)
    dice: DiceList | None = Field(None, max_length=0)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, "end_turn", f"end of {self.unit}'s turn" if self.unit else "end of turn")


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
        default_factory=dict,
        max_length=1000,
        validation_alias=_alias("combatants", "units"),
        description="The characters and creatures in the fight at the start, by name (also 'units').",
    )
    reserve: dict[Name, CombatantInput] = Field(
        default_factory=dict,
        max_length=1000,
        description="Creatures (or characters) not yet in the fight, by name: what 'do: summon' and summoning "
        "spells bring in.",
    )
    spells: dict[Name, SpellInput] = Field(
        default_factory=dict,
        max_length=1000,
        description="Spells of this scenario, added to (or replacing, by name) the bundled illustrative list.",
    )
    default_range: BandName = Field(
        "near",
        validation_alias=_alias("default_range", "default_band"),
        description="The range band of every pair not listed under 'ranges': far, near or direct (Polish: "
        "daleki, bliski, bezpośredni).",
    )
    ranges: list[RangeInput] = Field(
        default_factory=list, max_length=100_000, description="The band of each pair that is not at default_range."
    )
    actions: list[Action] = Field(
        default_factory=list, max_length=100_000, description="The actions to resolve, in order (the 'do' key)."
    )
