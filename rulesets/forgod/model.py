"""F0R60D scenario files: the pydantic models that validate them.

Card stats accept the card's own Spanish names (``BA``, ``Daño``, ``PV``, ``Evasión``, ``Absorción Constante``…),
with or without accents, as well as English names. Values such as ``TA: cuerpo a cuerpo`` or ``Terreno: Aire``
are read in Spanish or English.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator, model_validator

Coordinate = Annotated[int, Field(ge=0, le=999)]
SquareInput = tuple[Coordinate, Coordinate]
Stat = Annotated[int, Field(ge=-1000, le=1000)]
Count = Annotated[int, Field(ge=0, le=1000)]
# d10s, and the 1dN of an addition drawn from a deck of N cards (72 at most)
DiceList = list[Annotated[int, Field(ge=1, le=72)]]


def plain(text: str) -> str:
    """Lower case, no accents, single spaces: how a word from a card is compared."""
    folded = unicodedata.normalize("NFKD", text.strip().casefold())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).replace("_", " ").split())


def _aliases(*names: str) -> AliasChoices:
    """Every spelling of a stat: as given, and without accents."""
    spellings: list[str] = []
    for name in names:
        bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
        for variant in (name, bare, plain(name).replace(" ", "_"), plain(name)):
            if variant not in spellings:
                spellings.append(variant)
    return AliasChoices(*spellings)


def _word(value: Any, table: dict[str, str], what: str) -> Any:
    if not isinstance(value, str):
        return value
    found = table.get(plain(value))
    if found is None:
        known = ", ".join(sorted(set(table)))
        raise ValueError(f"'{value}' is not a known {what} (known: {known})")
    return found


ATTACK_TYPES = {
    "melee": "melee",
    "cuerpo a cuerpo": "melee",
    "ranged": "ranged",
    "rango": "ranged",
    "dual": "dual",
    "mixto": "dual",
    "cuerpo a cuerpo y rango": "dual",
    "both": "dual",
}
TERRAINS = {
    "ground": "ground",
    "tierra": "ground",
    "air": "air",
    "aire": "air",
    "either": "either",
    "cualquiera": "either",
}
KINDS = {
    "troop": "troop",
    "tropa": "troop",
    "war machine": "war_machine",
    "war_machine": "war_machine",
    "maquina de guerra": "war_machine",
    "beast": "beast",
    "bestia": "beast",
    "invocacion": "beast",
    "power": "power",
    "poder": "power",
}
LINES = {
    "front": "front",
    "avanzada": "front",
    "normal": "normal",
    "middle": "normal",
    "rear": "rear",
    "retaguardia": "rear",
}
ADDITION_KINDS = {
    "weapon": "weapon",
    "arma": "weapon",
    "armour": "armour",
    "armor": "armour",
    "armadura": "armour",
    "accessory": "accessory",
    "accesorio": "accessory",
    "experience": "experience",
    "experiencia": "experience",
    "ecb": "experience",
    "liderazgo": "experience",
    "black": "black",
    "negra": "black",
}
MODES = {
    "guerrilla": "guerrilla",
    "skirmish": "guerrilla",
    "refriega": "refriega",
    "melee": "refriega",
    "campana": "campana",
    "campaign": "campana",
}
# The addition deck per game mode: its size, the least black additions in it; at most six identical cards.
DECK_SIZE = {"guerrilla": (30, 6), "refriega": (48, 12), "campana": (72, 18)}
MOST_IDENTICAL = 6
# Llamar Refuerzos: 1d10 times this many points, by game mode.
REINFORCEMENT_FACTOR = {"guerrilla": 20, "refriega": 50, "campana": 100}
MODE_NAMES = {"guerrilla": "Guerrilla", "refriega": "Refriega", "campana": "Campaña"}
# Most different units on the field per game mode, the commander included (Campaña: eight and the commander).
MODE_UNITS = {"guerrilla": 3, "refriega": 5, "campana": 9}
TIERS = {
    "basico": "basic",
    "basic": "basic",
    "intermedio": "intermediate",
    "intermediate": "intermediate",
    "avanzado": "advanced",
    "advanced": "advanced",
}
# The source's suggested campaign points per mode and tier.
SUGGESTED_POINTS = {
    "guerrilla": {"basic": 500, "intermediate": 1000, "advanced": 1500},
    "refriega": {"basic": 1000, "intermediate": 1500, "advanced": 2000},
    "campana": {"basic": 1500, "intermediate": 2000, "advanced": 2500},
}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class ForgodOptions(Strict):
    """House-rule options of F0R60D (see rulesets/forgod/README.md for the reasoning)."""

    absorption_sign: Literal["as_damage", "literal"] = Field(
        "as_damage",
        description="Avanzada's '+2 Absorción' and the shield's '-2 Absorción' read as changes to the damage taken "
        "(as_damage: the front line absorbs 2 less, a shielded card 2 more) or with their literal signs.",
    )
    flank_penalties: Literal["with_charge", "always"] = Field(
        "with_charge",
        description="The flanker's -4 evasion and loss of absorption apply only when the flank is combined with a "
        "charge (with_charge) or after every flank (always, until the flanker's next turn).",
    )
    charge_flank_bonus: Literal["stated", "stack"] = Field(
        "stated",
        description="A charge combined with a flank gets the combination's stated figures only: attack +4, damage x3 "
        "(stated), or also the flank's own +4 attack and +4 damage (stack).",
    )
    multiplier_order: Literal["before_absorption", "after_absorption"] = Field(
        "before_absorption",
        description="Multiply (roll + bonuses) and then subtract absorptions (before_absorption), or subtract "
        "absorptions first and multiply what is left (after_absorption).",
    )
    cover_fa_floor: Literal[0, 1] = Field(
        0,
        description="The lowest FA an attacker of a covered charger keeps after Cubrir Carga's -2: 0 (the rule's "
        "words: it may be left with no attack) or 1.",
    )

    battle_end: Literal["troop_deck", "every_card"] = Field(
        "troop_deck",
        description="Which cards keep a side in the battle: the cards of its troop deck, troops and war machines "
        "(troop_deck: invocations do not count as troops, so a side left with only beasts and powers has lost), "
        "or every card on the field (every_card).",
    )

    @field_validator("cover_fa_floor", mode="before")
    @classmethod
    def _number_from_text(cls, value: Any) -> Any:
        # ``--option cover_fa_floor=1`` arrives as the text "1".
        return int(value) if isinstance(value, str) and value.strip() in ("0", "1") else value


class AdditionInput(Strict):
    """An equipped addition card: weapon, armour, accessory or experience (ECB / Liderazgo)."""

    kind: str = Field(validation_alias=_aliases("kind", "tipo"))
    name: str = Field("", max_length=80, validation_alias=_aliases("name", "nombre"))
    copies: int = Field(1, ge=1, le=9, validation_alias=_aliases("copies", "copias"))
    attack: Stat = Field(0, validation_alias=_aliases("attack", "BA", "Ataque"))
    damage: Stat = Field(0, validation_alias=_aliases("damage", "Daño"))
    evasion: Stat = Field(0, validation_alias=_aliases("evasion", "Evasión"))
    absorption: Stat = Field(0, validation_alias=_aliases("absorption", "Absorción"))
    constant_absorption: Stat = Field(
        0, validation_alias=_aliases("constant_absorption", "Absorción Constante", "Absorción_Constante")
    )

    line: Literal["ecb", "liderazgo"] | None = Field(
        None,
        description="For an experience addition: ECB or Liderazgo, the abilities it activates (taken from 'kind: "
        "ECB' / 'kind: Liderazgo' or from a name that begins with it).",
    )

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, value: Any) -> Any:
        return _word(value, ADDITION_KINDS, "addition kind")

    @model_validator(mode="before")
    @classmethod
    def _experience_line(cls, data: Any) -> Any:
        if isinstance(data, dict) and "line" not in data:
            for key in ("kind", "tipo", "name", "nombre"):
                value = data.get(key)
                if isinstance(value, str):
                    word = plain(value)
                    for line in ("ecb", "liderazgo"):
                        if word == line or word.startswith(line + " "):
                            return {**data, "line": line}
        return data

    @model_validator(mode="after")
    def _line_on_experience(self) -> AdditionInput:
        if self.line is not None and self.kind != "experience":
            raise ValueError("only an experience addition is ECB or Liderazgo")
        return self


ACTIVATIONS = {"native": "native", "nativa": "native", "ecb": "ecb", "liderazgo": "liderazgo"}
TIMINGS = {"instant": "instant", "instantanea": "instant", "constant": "constant", "constante": "constant"}


class SaveInput(Strict):
    """A roll the target of a negative effect makes to resist it: 1d10 + its stat, saved on a tie or better."""

    stat: str
    against: int = Field(ge=-100, le=100)

    @field_validator("stat", mode="before")
    @classmethod
    def _stat(cls, value: Any) -> Any:
        table = {"fortaleza": "fortitude", "fortitude": "fortitude", "moral": "morale", "morale": "morale"}
        return _word(value, table, "save (Fortaleza or Moral)")


class AbilityInput(Strict):
    """A card's special ability, as data: how it is activated, when, and what it does."""

    name: str = Field(min_length=1, max_length=80, validation_alias=_aliases("name", "nombre"))
    activation: str = Field(
        "native",
        validation_alias=_aliases("activation", "activación"),
        description="native (no addition), ECB or Liderazgo (an equipped experience addition of that line; beasts "
        "and war machines need none).",
    )
    timing: str = Field("instant", validation_alias=_aliases("timing", "tipo"), description="instant or constant")
    uses_per_turn: int | None = Field(
        None,
        ge=1,
        le=20,
        validation_alias=_aliases("uses_per_turn", "FH"),
        description="FH: uses between two of the card's turns (native abilities).",
    )
    target: Literal["self", "ally", "enemy", "any"] = "any"
    heal: int | None = Field(None, ge=0, le=10**6, validation_alias=_aliases("heal", "PV"))
    heal_roll: str | None = Field(None, max_length=40)
    cure: bool = False
    paralyse: bool | Annotated[int, Field(ge=1, le=99)] = False
    save: SaveInput | None = None
    attack: Stat = Field(0, validation_alias=_aliases("attack", "BA", "Ataque"))
    damage: Stat = Field(0, validation_alias=_aliases("damage", "Daño"))
    evasion: Stat = Field(0, validation_alias=_aliases("evasion", "Evasión"))

    @field_validator("activation", mode="before")
    @classmethod
    def _activation(cls, value: Any) -> Any:
        return _word(value, ACTIVATIONS, "ability activation (native, ECB, Liderazgo)")

    @field_validator("timing", mode="before")
    @classmethod
    def _timing(cls, value: Any) -> Any:
        return _word(value, TIMINGS, "ability timing (instant, constant)")

    @field_validator("heal_roll")
    @classmethod
    def _roll(cls, value: str | None) -> str | None:
        if value is not None:
            from tabroll.dice.notation import parse

            parse(value)
        return value

    @model_validator(mode="after")
    def _effect(self) -> AbilityInput:
        effect = self.heal is not None or self.heal_roll is not None or self.cure or self.paralyse is not False
        modifiers = self.attack or self.damage or self.evasion
        if self.timing == "constant" and effect:
            raise ValueError("a constant ability gives modifiers (BA, Daño, Evasión) while active, not effects")
        if self.timing == "instant" and not effect:
            raise ValueError("say what the instant ability does: 'heal', 'heal_roll', 'cure' or 'paralyse'")
        if self.timing == "instant" and modifiers:
            raise ValueError("modifiers belong to constant abilities")
        if self.save is not None and self.paralyse is False:
            raise ValueError("a 'save' resists a negative effect: give 'paralyse'")
        return self

    @property
    def heals(self) -> bool:
        """Healing or repair only: usable in any phase, and not the card's action."""
        return (self.heal is not None or self.heal_roll is not None or self.cure) and self.paralyse is False


class DeckCardInput(AdditionInput):
    """Addition cards in a side's addition deck (or hand): ``count`` identical cards."""

    count: int = Field(1, ge=1, le=72, validation_alias=_aliases("count", "cartas"))

    @model_validator(mode="after")
    def _one_card_each(self) -> DeckCardInput:
        if self.copies != 1:
            raise ValueError("in a deck or a hand, give the number of identical cards as 'count', not 'copies'")
        return self


class UnitInput(Strict):
    """One unit on the board: a single card or a detachment of identical cards (``cards: 3``)."""

    side: str = Field(min_length=1, max_length=40, validation_alias=_aliases("side", "bando"))
    at: SquareInput | None = Field(None, validation_alias=_aliases("at", "position", "casilla"))
    line: str | None = Field(None, validation_alias=_aliases("line", "línea"))
    column: Coordinate | None = Field(None, validation_alias=_aliases("column", "columna"))
    kind: str = Field("troop", validation_alias=_aliases("kind", "clase"))
    troop_type: str | None = Field(None, max_length=40, validation_alias=_aliases("troop_type", "tipo"))
    attack_type: str = Field("melee", validation_alias=_aliases("attack_type", "TA"))
    attacks: int = Field(1, ge=0, le=20, validation_alias=_aliases("attacks", "FA"))
    attack: Stat = Field(0, validation_alias=_aliases("attack", "BA", "Ataque"))
    damage: Stat = Field(0, validation_alias=_aliases("damage", "Daño"))
    life: int = Field(validation_alias=_aliases("life", "PV"), ge=1, le=10**6)
    evasion: Stat = Field(0, validation_alias=_aliases("evasion", "Evasión"))
    absorption: Stat = Field(0, validation_alias=_aliases("absorption", "Absorción"))
    constant_absorption: Stat = Field(
        0, validation_alias=_aliases("constant_absorption", "Absorción Constante", "Absorción_Constante")
    )
    fortitude: Stat = Field(0, validation_alias=_aliases("fortitude", "Fortaleza"))
    morale: Stat = Field(0, validation_alias=_aliases("morale", "Moral"))
    level: int = Field(1, ge=1, le=20, validation_alias=_aliases("level", "Nivel"))
    terrain: str = Field("ground", validation_alias=_aliases("terrain", "Terreno"))
    cost: Count = Field(0, validation_alias=_aliases("cost", "PC"))
    reaction: Stat = Field(0, validation_alias=_aliases("reaction", "Reacción"))
    cards: int = Field(1, ge=1, le=9, validation_alias=_aliases("cards", "cartas"))
    wounds: Count = Field(0, validation_alias=_aliases("wounds", "heridas"))
    commander: bool = Field(False, validation_alias=_aliases("commander", "comandante"))
    leader: bool = Field(False, validation_alias=_aliases("leader", "líder"))
    faction: str = Field("", max_length=40, validation_alias=_aliases("faction", "facción"))
    engineer: bool = Field(False, validation_alias=_aliases("engineer", "ingeniero"))
    summoner: str | None = Field(None, validation_alias=_aliases("summoner", "invocador"))
    reach: int | None = Field(None, ge=0, le=1000, validation_alias=_aliases("reach", "alcance"))
    movement: int | None = Field(None, ge=0, le=1000, validation_alias=_aliases("movement", "movimiento"))
    additions: list[AdditionInput] = Field(
        default_factory=list, max_length=4, validation_alias=_aliases("additions", "adiciones")
    )
    absorption_active: bool | None = None
    flying: bool = Field(False, validation_alias=_aliases("flying", "volando"))
    abilities: list[AbilityInput] = Field(
        default_factory=list, max_length=12, validation_alias=_aliases("abilities", "habilidades")
    )
    paralysed: bool | Annotated[int, Field(ge=1, le=99)] = Field(
        False,
        validation_alias=_aliases("paralysed", "paralyzed", "paralizada"),
        description="true: paralysed until cured; a number: for that many more rounds of its side.",
    )
    in_deck: bool = Field(
        False,
        validation_alias=_aliases("in_deck", "en el mazo"),
        description="The card waits in its side's troop deck (off the field, not paid for): Cambio de Estrategia "
        "and Llamar Refuerzos bring it in.",
    )
    notes: str | None = None

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, value: Any) -> Any:
        return _word(value, KINDS, "card kind")

    @field_validator("attack_type", mode="before")
    @classmethod
    def _attack_type(cls, value: Any) -> Any:
        return _word(value, ATTACK_TYPES, "attack type (TA)")

    @field_validator("terrain", mode="before")
    @classmethod
    def _terrain(cls, value: Any) -> Any:
        return _word(value, TERRAINS, "terrain (Terreno)")

    @field_validator("line", mode="before")
    @classmethod
    def _line(cls, value: Any) -> Any:
        return _word(value, LINES, "formation line")

    @model_validator(mode="after")
    def _consistent(self) -> UnitInput:
        if self.in_deck:
            if self.at is not None or self.line is not None:
                raise ValueError("a card still in the troop deck (in_deck: true) has no square yet")
            if self.commander:
                raise ValueError("the commander is chosen before the battle: it cannot wait in the troop deck")
        elif (self.at is None) == (self.line is None):
            raise ValueError("place the unit with either 'at: [x, y]' or 'line: avanzada|normal|retaguardia'")
        if self.column is not None and self.line is None:
            raise ValueError("'column' goes with 'line'; with 'at' the square already says the column")
        limit = detachment_limit(self.level)
        if self.cards > limit:
            raise ValueError(
                f"a detachment of level {self.level} cards holds at most {limit} card{'s' if limit != 1 else ''}, "
                f"not {self.cards}"
            )
        if self.cards > 1 and self.kind != "troop":
            raise ValueError("only troop cards (infantry, cavalry, archery) form detachments")
        if self.commander and self.cards > 1:
            raise ValueError("a detachment cannot be the troops' commander")
        if self.commander and self.kind == "war_machine":
            raise ValueError("a war machine cannot be the troops' commander")
        if self.commander and self.kind in ("beast", "power"):
            raise ValueError(
                f"an invocation ({'beast' if self.kind == 'beast' else 'power'}) cannot be the troops' commander"
            )
        if self.wounds >= self.life:
            raise ValueError(f"wounds {self.wounds} would already have killed a card of PV {self.life}")
        names = [a.name for a in self.abilities]
        if len(set(names)) != len(names):
            raise ValueError("two abilities of one card share a name")
        if self.flying and self.terrain != "either":
            raise ValueError("'flying' is declared only by a card whose Terreno is Cualquiera (either)")
        return self


def detachment_limit(level: int) -> int:
    """Most cards in one detachment: levels 1-2 → 9, 3-4 → 6, 5-6 → 3; level 7+ cards stand alone."""
    if level <= 2:
        return 9
    if level <= 4:
        return 6
    if level <= 6:
        return 3
    return 1


class BoardInput(Strict):
    """Two facing fields of three lines each (retaguardia, normal, avanzada); ``width`` squares per line."""

    width: int = Field(ge=1, le=50)


class _Act(Strict):
    move_to: SquareInput | None = None
    fly: bool | None = None
    equip: list[str] = Field(
        default_factory=list,
        max_length=4,
        description="Additions from the hand equipped on the card whose turn it is, in its addition phase.",
    )
    discard: list[str] = Field(
        default_factory=list, max_length=20, description="Additions sent from the hand to the Óxido this turn."
    )
    dice: DiceList | None = Field(None, max_length=10_000)


class ResponseInput(Strict):
    """An ability answered once an attack has hit and before its damage is rolled (a heal, an instant)."""

    unit: str
    ability: str
    target: str | None = None


class AttackAction(_Act):
    do: Literal["attack"]
    attacker: str
    target: str
    times: int | None = Field(None, ge=1, le=20)
    mode: Literal["melee", "ranged"] | None = None
    orange: bool = False
    keep_absorption: bool = False
    area: bool = Field(
        False,
        description="The attack also hits the cards next to its target (as the attacker's card says): one attack "
        "die for all, an evasion and a damage roll for each. On a royal guard, it reaches the commander behind.",
    )
    before_damage: list[ResponseInput] = Field(
        default_factory=list,
        max_length=6,
        description="Abilities used once the first attack has hit and before its damage roll: healing or repair "
        "(the last moment the rules allow it) or instant responses.",
    )


class ShieldAction(_Act):
    do: Literal["shield"]
    unit: str
    protects: str


class ReleaseAction(Strict):
    do: Literal["release"]
    unit: str
    dice: DiceList | None = Field(None, max_length=0)


class ChargeAction(_Act):
    do: Literal["charge"]
    charger: str
    target: str
    cover: str | None = None
    flank: bool = False


class ImpactAction(Strict):
    do: Literal["charge_impact"]
    charger: str
    escaped: bool = False
    keep_absorption: bool = False
    dice: DiceList | None = Field(None, max_length=10_000)


class FlankAction(_Act):
    do: Literal["flank"]
    flanker: str
    target: str
    times: int | None = Field(None, ge=1, le=20)
    keep_absorption: bool = False


class RoyalGuardAction(_Act):
    do: Literal["royal_guard"]
    unit: str
    commander: str


class MoveAction(_Act):
    do: Literal["move"]
    unit: str
    to: SquareInput | None = None


class CheckAction(Strict):
    do: Literal["check"]
    stat: str
    attacker: str
    defender: str
    dice: DiceList | None = Field(None, max_length=10_000)

    @field_validator("stat", mode="before")
    @classmethod
    def _stat(cls, value: Any) -> Any:
        table = {"fortaleza": "fortitude", "fortitude": "fortitude", "moral": "morale", "morale": "morale"}
        return _word(value, table, "check (Fortaleza or Moral)")

    @model_validator(mode="after")
    def _two_cards(self) -> CheckAction:
        if self.attacker == self.defender:
            raise ValueError(f"an opposed check needs two cards; '{self.attacker}' cannot test itself")
        return self


class HealAction(Strict):
    """A healing or repair ability: not the card's action, any phase, either player's turn."""

    do: Literal["heal"]
    healer: str
    unit: str
    life: int | None = Field(None, ge=0, le=10**6, validation_alias=_aliases("life", "PV"))
    roll: str | None = Field(None, max_length=40)
    cure: bool = False
    dice: DiceList | None = Field(None, max_length=100)

    @field_validator("roll")
    @classmethod
    def _roll(cls, value: str | None) -> str | None:
        if value is not None:
            from tabroll.dice.notation import parse

            parse(value)  # a DiceSyntaxError is a ValueError: reported at this field's line
        return value

    @model_validator(mode="after")
    def _what(self) -> HealAction:
        if self.life is None and self.roll is None and not self.cure:
            raise ValueError("say what the ability restores: 'PV: 4', 'roll: 1d10' and/or 'cure: true'")
        if self.life is not None and self.roll is not None:
            raise ValueError("give the PV restored either as a number ('PV') or as dice ('roll'), not both")
        return self


class ParalyseAction(Strict):
    """An effect (an ability, a power) paralyses a card: it takes no action while it lasts."""

    do: Literal["paralyse"]
    unit: str
    by: str | None = None
    rounds: int | None = Field(None, ge=1, le=99)
    dice: DiceList | None = Field(None, max_length=0)


class RegroupAction(_Act):
    """Reagrupar, in the tactical movement phase: split cards off a detachment, or join a card to one."""

    do: Literal["regroup"]
    unit: str
    split: int | None = Field(None, ge=1, le=8)
    into: str | None = Field(None, min_length=1, max_length=80)
    to: SquareInput | None = None
    join: str | None = None

    @model_validator(mode="after")
    def _one_way(self) -> RegroupAction:
        if (self.split is None) == (self.join is None):
            raise ValueError("say 'split: N' (with 'into: <new name>' and 'to: [x, y]') or 'join: <detachment>'")
        if self.split is not None and (self.into is None or self.to is None):
            raise ValueError("a split names the new unit ('into') and its square ('to')")
        if self.join is not None and (self.into is not None or self.to is not None):
            raise ValueError("a join moves the card onto its detachment: no 'into' or 'to'")
        return self


class ChangeStrategyAction(_Act):
    """Cambio de Estrategia: a unit leaves the field for a card of the troop deck, in the unit's turn."""

    do: Literal["change_strategy"]
    unit: str
    into: str
    fresh: bool = Field(False, description="The new unit enters without the old one's damage, at twice its PC.")


class ReinforcementsAction(Strict):
    """Llamar Refuerzos: the special card brings troop-deck cards to the field, with 1d10 × the mode's factor PC."""

    do: Literal["reinforcements"]
    side: str
    units: dict[str, SquareInput] = Field(min_length=1, max_length=20)
    dice: DiceList | None = Field(None, max_length=10)


class AbilityAction(_Act):
    """A card uses one of its abilities: its action for the turn (not both an attack and an ability), unless the
    ability heals or repairs, or it is an instant one played as a response (``response: true``)."""

    do: Literal["ability"]
    unit: str
    ability: str
    target: str | None = None
    response: bool = False


class InitiativeAction(Strict):
    do: Literal["initiative"]
    dice: DiceList | None = Field(None, max_length=10_000)


Action = Annotated[
    AttackAction
    | ShieldAction
    | ReleaseAction
    | ChargeAction
    | ImpactAction
    | FlankAction
    | RoyalGuardAction
    | MoveAction
    | CheckAction
    | HealAction
    | ParalyseAction
    | RegroupAction
    | ChangeStrategyAction
    | ReinforcementsAction
    | AbilityAction
    | InitiativeAction,
    Field(discriminator="do"),
]

UNIT_FIELDS = (
    "attacker",
    "target",
    "unit",
    "protects",
    "charger",
    "cover",
    "flanker",
    "commander",
    "defender",
    "healer",
    "by",
    "join",
)


class ForgodScenario(Strict):
    ruleset: Literal["forgod"]
    title: str = ""
    description: str = ""
    seed: int | None = Field(None, ge=0, le=2**63)
    options: dict[str, Any] = Field(default_factory=dict)
    board: BoardInput = BoardInput(width=5)
    sides: tuple[str, str] | None = None
    from_deployment: bool = Field(
        False,
        description="The scenario begins at the battle's first turn, just after deployment: each army and its "
        "formation are checked, the initiative is rolled before any card acts, and in the first turn only the "
        "commanders act. Without it, the scenario picks up a battle already under way.",
    )
    mode: str | None = Field(
        None, description="The game mode (Guerrilla, Refriega, Campaña): the most units each side may field."
    )
    tier: str | None = Field(
        None, description="Básico, Intermedio or Avanzado: the mode's suggested campaign points (PC) per side."
    )
    points: int | None = Field(
        None, ge=0, le=10**6, description="The campaign points (PC) each side may spend (instead of the tier's)."
    )
    decks: dict[str, list[DeckCardInput]] = Field(
        default_factory=dict,
        description="Each side's addition deck (the forge), by side name: one addition is drawn at random at the "
        "start of each turn of one of its troop cards.",
    )
    hands: dict[str, list[DeckCardInput]] = Field(
        default_factory=dict, description="The additions each side already holds in its hand, by side name."
    )
    reinforcement_cards: dict[str, Annotated[int, Field(ge=0, le=9)]] = Field(
        default_factory=dict,
        description="How many Llamar Refuerzos special cards each side holds, by side name.",
    )
    units: dict[str, UnitInput] = Field(max_length=1000)
    actions: list[Action] = Field(default_factory=list, max_length=100_000)

    @field_validator("mode", mode="before")
    @classmethod
    def _mode(cls, value: Any) -> Any:
        return _word(value, MODES, "game mode (Guerrilla, Refriega, Campaña)")

    @field_validator("tier", mode="before")
    @classmethod
    def _tier(cls, value: Any) -> Any:
        return _word(value, TIERS, "tier (Básico, Intermedio, Avanzado)")

    @model_validator(mode="after")
    def _tier_needs_mode(self) -> ForgodScenario:
        if self.tier is not None and self.mode is None:
            raise ValueError("'tier' picks the suggested points of a game mode: give 'mode' too")
        return self

    def point_limit(self) -> int | None:
        if self.points is not None:
            return self.points
        if self.mode is not None and self.tier is not None:
            return SUGGESTED_POINTS[self.mode][self.tier]
        return None
