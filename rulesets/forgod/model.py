"""F0R60D scenario files: the pydantic models that validate them.

Card stats accept the card's own Spanish names (``BA``, ``Daño``, ``PV``, ``Evasión``, ``Absorción Constante``…),
with or without accents, as well as English names. Values such as ``TA: cuerpo a cuerpo`` or ``Terreno: Aire``
are read in Spanish or English.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Field, field_validator, model_validator

from tabroll.kit import ActionHeader
from tabroll.kit.models import ScenarioFile, Strict

Coordinate = Annotated[int, Field(ge=0, le=999)]
SquareInput = tuple[Coordinate, Coordinate]
Stat = Annotated[int, Field(ge=-1000, le=1000)]
Count = Annotated[int, Field(ge=0, le=1000)]
# d10s, and the 1dN of an addition drawn from a deck of N cards (72 at most)
DiceList = list[Annotated[int, Field(ge=1, le=72)]]
DICE = "The dice this action draws, in order (d10s; 1dN for an addition drawn from a deck of N)."


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
    # special units: not troops, and no square of the mode's limit; the source names three of them
    "special": "special",
    "special unit": "special",
    "unidad especial": "special",
    "especial": "special",
    "estandarte": "special",
    "altavoz biomecanoide": "special",
    "llama del templo": "special",
}
# What a card of each kind is called in messages.
KIND_WORDS = {
    "troop": "a troop",
    "war_machine": "a war machine",
    "beast": "a beast",
    "power": "a power",
    "special": "a special unit",
}
INVOCATIONS = frozenset({"beast", "power"})
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
        "(troop_deck: invocations and special units do not count as troops, so a side left with only beasts, "
        "powers and special units has lost), or every card on the field (every_card).",
    )
    alternation: Literal["strict", "free"] = Field(
        "strict",
        description="Whether the players alternate one card each (strict, the rule) or a side may play several "
        "cards in a row (free: for what-if scenarios; every turn that strict alternation would refuse is logged "
        "as a ruling). The other turn rules still hold.",
    )

    @field_validator("cover_fa_floor", mode="before")
    @classmethod
    def _number_from_text(cls, value: Any) -> Any:
        # ``--option cover_fa_floor=1`` arrives as the text "1".
        return int(value) if isinstance(value, str) and value.strip() in ("0", "1") else value


class AdditionInput(Strict):
    """An equipped addition card: weapon, armour, accessory or experience (ECB / Liderazgo)."""

    kind: str = Field(
        validation_alias=_aliases("kind", "tipo"),
        description="Arma (weapon), armadura (armour), accesorio (accessory), experiencia (ECB, Liderazgo) or "
        "negra (black).",
    )
    name: str = Field(
        "", max_length=80, validation_alias=_aliases("name", "nombre"), description="The addition's name, as printed."
    )
    copies: int = Field(
        1,
        ge=1,
        le=9,
        validation_alias=_aliases("copies", "copias"),
        description="Identical copies equipped (a detachment's weapon or armour needs one per card).",
    )
    attack: Stat = Field(0, validation_alias=_aliases("attack", "BA", "Ataque"), description="BA: its attack bonus.")
    damage: Stat = Field(0, validation_alias=_aliases("damage", "Daño"), description="Daño: its damage bonus.")
    evasion: Stat = Field(0, validation_alias=_aliases("evasion", "Evasión"), description="Evasión: its evasion bonus.")
    absorption: Stat = Field(
        0,
        validation_alias=_aliases("absorption", "Absorción"),
        description="Absorción: its absorption once per round (armour).",
    )
    constant_absorption: Stat = Field(
        0,
        validation_alias=_aliases("constant_absorption", "Absorción Constante", "Absorción_Constante"),
        description="Absorción Constante: its absorption against every attack (armour).",
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

    stat: str = Field(description="Fortaleza or Moral: the stat the target rolls with.")
    against: int = Field(ge=-100, le=100, description="The total the target's roll must reach to resist.")

    @field_validator("stat", mode="before")
    @classmethod
    def _stat(cls, value: Any) -> Any:
        table = {"fortaleza": "fortitude", "fortitude": "fortitude", "moral": "morale", "morale": "morale"}
        return _word(value, table, "save (Fortaleza or Moral)")


class AbilityInput(Strict):
    """A card's special ability, as data: how it is activated, when, and what it does."""

    name: str = Field(
        min_length=1,
        max_length=80,
        validation_alias=_aliases("name", "nombre"),
        description="The ability's name, as printed.",
    )
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
    target: Literal["self", "ally", "enemy", "any"] = Field(
        default="any", description="Whom it may aim at: self, ally, enemy or any."
    )
    heal: int | None = Field(
        None, ge=0, le=10**6, validation_alias=_aliases("heal", "PV"), description="PV it restores, as a number."
    )
    heal_roll: str | None = Field(None, max_length=40, description="PV it restores, as dice (1d10).")
    cure: bool = Field(default=False, description="It ends the negative effects (paralysis).")
    paralyse: bool | Annotated[int, Field(ge=1, le=99)] = Field(
        default=False, description="It paralyses its target: true until cured, or a number of the target side's rounds."
    )
    save: SaveInput | None = Field(default=None, description="The roll the target makes to resist the paralysis.")
    attack: Stat = Field(
        0, validation_alias=_aliases("attack", "BA", "Ataque"), description="BA while the constant ability is active."
    )
    damage: Stat = Field(
        0, validation_alias=_aliases("damage", "Daño"), description="Daño while the constant ability is active."
    )
    evasion: Stat = Field(
        0, validation_alias=_aliases("evasion", "Evasión"), description="Evasión while the constant ability is active."
    )

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


AFFECTS = {
    "allies": "allies",
    "aliados": "allies",
    "ally": "allies",
    "enemies": "enemies",
    "enemigos": "enemies",
    "enemy": "enemies",
}


class EffectInput(Strict):
    """What a special unit does while it stands on the field, as data: modifiers to the rolls of the cards
    around it (the source names the special units and gives none of their effects)."""

    name: str = Field(
        min_length=1,
        max_length=80,
        validation_alias=_aliases("name", "nombre"),
        description="The effect's name, as the card prints it.",
    )
    affects: str = Field(
        "allies",
        validation_alias=_aliases("affects", "afecta"),
        description="Whose rolls it changes: allies (the other cards of its side, default) or enemies.",
    )
    within: int | None = Field(
        None,
        ge=0,
        le=1000,
        validation_alias=_aliases("within", "distancia"),
        description="Only cards at most this many squares from the special unit (default: the whole field).",
    )
    attack: Stat = Field(0, validation_alias=_aliases("attack", "BA", "Ataque"), description="BA: attack rolls.")
    damage: Stat = Field(0, validation_alias=_aliases("damage", "Daño"), description="Daño: damage rolls.")
    evasion: Stat = Field(0, validation_alias=_aliases("evasion", "Evasión"), description="Evasión: evasion rolls.")
    fortitude: Stat = Field(
        0, validation_alias=_aliases("fortitude", "Fortaleza"), description="Fortaleza: Fortaleza rolls."
    )
    morale: Stat = Field(0, validation_alias=_aliases("morale", "Moral"), description="Moral: Moral rolls.")

    @field_validator("affects", mode="before")
    @classmethod
    def _affects(cls, value: Any) -> Any:
        return _word(value, AFFECTS, "side an effect affects (allies, enemies)")

    @model_validator(mode="after")
    def _something(self) -> EffectInput:
        if not (self.attack or self.damage or self.evasion or self.fortitude or self.morale):
            raise ValueError("say what the effect changes: 'BA', 'Daño', 'Evasión', 'Fortaleza' or 'Moral'")
        return self


class DeckCardInput(AdditionInput):
    """Addition cards in a side's addition deck (or hand): ``count`` identical cards."""

    count: int = Field(
        1,
        ge=1,
        le=72,
        validation_alias=_aliases("count", "cartas"),
        description="How many identical cards of this addition.",
    )

    @model_validator(mode="after")
    def _one_card_each(self) -> DeckCardInput:
        if self.copies != 1:
            raise ValueError("in a deck or a hand, give the number of identical cards as 'count', not 'copies'")
        return self


class UnitInput(Strict):
    """One unit on the board: a single card or a detachment of identical cards (``cards: 3``)."""

    side: str = Field(
        min_length=1,
        max_length=40,
        validation_alias=_aliases("side", "bando"),
        description="The side (army) the card plays for.",
    )
    at: SquareInput | None = Field(
        None,
        validation_alias=_aliases("at", "position", "casilla"),
        description="Its square, [column, row]: rows 0-2 are the first side's field, 3-5 the second's.",
    )
    line: str | None = Field(
        None,
        validation_alias=_aliases("line", "línea"),
        description="Its line on its own field: retaguardia, normal or avanzada (with 'column', instead of 'at').",
    )
    column: Coordinate | None = Field(
        None,
        validation_alias=_aliases("column", "columna"),
        description="Its column on its line (default: the first free one).",
    )
    kind: str = Field(
        "troop",
        validation_alias=_aliases("kind", "clase"),
        description="Tropa (troop), máquina de guerra (war machine), bestia or invocación (beast), poder (power), "
        "or unidad especial (special unit: Estandarte, Altavoz Biomecanoide, llama del templo).",
    )
    troop_type: str | None = Field(
        None,
        max_length=40,
        validation_alias=_aliases("troop_type", "tipo"),
        description="Infantry, cavalry, archery… as printed (for identical cards in a detachment).",
    )
    attack_type: str = Field(
        "melee",
        validation_alias=_aliases("attack_type", "TA"),
        description="TA: cuerpo a cuerpo (melee), rango (ranged) or both (dual).",
    )
    attacks: int = Field(
        1, ge=0, le=20, validation_alias=_aliases("attacks", "FA"), description="FA: attacks per turn."
    )
    attack: Stat = Field(
        0,
        validation_alias=_aliases("attack", "BA", "Ataque"),
        description="BA: the attack bonus (per card of a detachment).",
    )
    damage: Stat = Field(
        0, validation_alias=_aliases("damage", "Daño"), description="Daño: the damage bonus (per card of a detachment)."
    )
    life: int = Field(
        validation_alias=_aliases("life", "PV"), ge=1, le=10**6, description="PV: each card's life points."
    )
    evasion: Stat = Field(0, validation_alias=_aliases("evasion", "Evasión"), description="Evasión: the evasion bonus.")
    absorption: Stat = Field(
        0,
        validation_alias=_aliases("absorption", "Absorción"),
        description="Absorción: subtracted from one hit's damage per round, while active.",
    )
    constant_absorption: Stat = Field(
        0,
        validation_alias=_aliases("constant_absorption", "Absorción Constante", "Absorción_Constante"),
        description="Absorción Constante: subtracted from every hit's damage, while active.",
    )
    fortitude: Stat = Field(
        0, validation_alias=_aliases("fortitude", "Fortaleza"), description="Fortaleza: added to its Fortaleza rolls."
    )
    morale: Stat = Field(
        0, validation_alias=_aliases("morale", "Moral"), description="Moral: added to its Moral rolls."
    )
    level: int = Field(
        1,
        ge=1,
        le=20,
        validation_alias=_aliases("level", "Nivel"),
        description="Nivel: the card's level (it limits the detachment's size).",
    )
    terrain: str = Field(
        "ground",
        validation_alias=_aliases("terrain", "Terreno"),
        description="Terreno: Tierra (ground), Aire (air) or Cualquiera (either, declared each turn).",
    )
    cost: Count = Field(0, validation_alias=_aliases("cost", "PC"), description="PC: campaign points per card.")
    reaction: Stat = Field(
        0,
        validation_alias=_aliases("reaction", "Reacción"),
        description="Reacción: the commander's bonus to the reaction roll (initiative).",
    )
    cards: int = Field(
        1,
        ge=1,
        le=9,
        validation_alias=_aliases("cards", "cartas"),
        description="Cards in the detachment (1: a single card).",
    )
    wounds: Count = Field(
        0,
        validation_alias=_aliases("wounds", "heridas"),
        description="Damage already taken by the card that takes the next damage.",
    )
    commander: bool = Field(
        False,
        validation_alias=_aliases("commander", "comandante"),
        description="The side's commander (troops roll Moral or flee if it falls).",
    )
    leader: bool = Field(
        False, validation_alias=_aliases("leader", "líder"), description="The faction's leader: Moral +2 to its troops."
    )
    faction: str = Field(
        "",
        max_length=40,
        validation_alias=_aliases("faction", "facción"),
        description="The card's faction (Ancestrales keep absorptions without an engineer or summoner).",
    )
    engineer: bool = Field(
        False,
        validation_alias=_aliases("engineer", "ingeniero"),
        description="A war machine with its engineer: its absorptions are active.",
    )
    summoner: str | None = Field(
        None,
        validation_alias=_aliases("summoner", "invocador"),
        description="The card of its own side that summoned this invocation (needed to deploy it; a beast's "
        "absorptions need it on the field).",
    )
    summoner_fallen: bool = Field(
        False,
        validation_alias=_aliases("summoner_fallen", "invocador caído"),
        description="A battle under way only: the invocation's summoner fell before the scenario begins (a beast's "
        "absorptions are off, unless Ancestrales); 'summoner' may then name it, though it is not in the file.",
    )
    reach: int | None = Field(
        None,
        ge=0,
        le=1000,
        validation_alias=_aliases("reach", "alcance"),
        description="Squares its attack reaches (default: any; the source's figures are lost).",
    )
    movement: int | None = Field(
        None,
        ge=0,
        le=1000,
        validation_alias=_aliases("movement", "movimiento"),
        description="Squares of its tactical move (default: any; the source's figures are lost).",
    )
    additions: list[AdditionInput] = Field(
        default_factory=list,
        max_length=4,
        validation_alias=_aliases("additions", "adiciones"),
        description="The additions equipped on it (four slots).",
    )
    absorption_active: bool | None = Field(
        default=None,
        description="Whether its absorptions are active, when the table decides (default: from its armour, engineer, "
        "summoner or commander).",
    )
    flying: bool = Field(
        False, validation_alias=_aliases("flying", "volando"), description="Terreno Cualquiera: it is in the air now."
    )
    abilities: list[AbilityInput] = Field(
        default_factory=list,
        max_length=12,
        validation_alias=_aliases("abilities", "habilidades"),
        description="Its special abilities, as data.",
    )
    effects: list[EffectInput] = Field(
        default_factory=list,
        max_length=12,
        validation_alias=_aliases("effects", "efectos"),
        description="A special unit's effects, as data: modifiers to the rolls of the cards around it while it "
        "stands on the field.",
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
    notes: str | None = Field(default=None, description="Any text for the table (not used by the rules).")

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
        if self.commander and self.kind in INVOCATIONS:
            raise ValueError(
                f"an invocation ({'beast' if self.kind == 'beast' else 'power'}) cannot be the troops' commander"
            )
        if self.commander and self.kind == "special":
            raise ValueError("a special unit is not a troop: it cannot be the troops' commander")
        if self.effects and self.kind != "special":
            raise ValueError(
                f"'effects' belong to special units (kind: unidad especial), not to {KIND_WORDS[self.kind]}",
            )
        if (self.summoner is not None or self.summoner_fallen) and self.kind not in INVOCATIONS:
            field = "summoner" if self.summoner is not None else "summoner_fallen"
            raise ValueError(f"only an invocation (beast, power) has a summoner: '{field}' on {KIND_WORDS[self.kind]}")
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

    width: int = Field(ge=1, le=50, description="Squares per line, the same on both fields.")


class _Act(Strict):
    """What every action played as a card's turn may add: its tactical move, its terrain and its additions."""

    move_to: SquareInput | None = Field(
        default=None, description="The square the card moves to first (its tactical move)."
    )
    fly: bool | None = Field(
        default=None,
        description="Terreno Cualquiera only: whether the card moves by air (true) or ground (false) this turn.",
    )
    equip: list[str] = Field(
        default_factory=list,
        max_length=4,
        description="Additions from the hand equipped on the card whose turn it is, in its addition phase.",
    )
    discard: list[str] = Field(
        default_factory=list, max_length=20, description="Additions sent from the hand to the Óxido this turn."
    )
    dice: DiceList | None = Field(None, max_length=10_000, description=DICE)


class ResponseInput(Strict):
    """An ability answered once an attack has hit and before its damage is rolled (a heal, an instant)."""

    unit: str = Field(description="The card that answers.")
    ability: str = Field(description="The ability it uses, by name.")
    target: str | None = Field(None, description="The card the ability aims at (default: the card itself).")


class AttackAction(_Act):
    """A card's attacks for its turn (FA of them, or ``times``), after its tactical move."""

    do: Literal["attack"] = Field(description="The kind of action.")
    attacker: str = Field(description="The card that attacks.")
    target: str = Field(description="The enemy card it attacks.")
    times: int | None = Field(None, ge=1, le=20, description="How many of its FA attacks it makes (default: all).")
    mode: Literal["melee", "ranged"] | None = Field(
        None, description="For a card with both attack types (TA): melee or ranged (default: ranged at an air card)."
    )
    orange: bool = Field(False, description="The target stands on an orange square of the archers' area: attack -6.")
    keep_absorption: bool = Field(
        False,
        description="The target keeps its once-a-round Absorción for a later attack (it applies only its "
        "Absorción Constante now).",
    )
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

    def describe(self) -> ActionHeader:
        return ActionHeader(self.attacker, self.do, f"{self.attacker} attacks {self.target}")


class ShieldAction(_Act):
    """Escudo: the card stands next to another of its side and protects it."""

    do: Literal["shield"] = Field(description="The kind of action.")
    unit: str = Field(description="The card that becomes the shield.")
    protects: str = Field(description="The card of its side it protects.")

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, self.do, f"{self.unit} shields {self.protects}")


class ReleaseAction(Strict):
    """A shield or a royal guard stops protecting, and may attack again."""

    do: Literal["release"] = Field(description="The kind of action.")
    unit: str = Field(description="The shield or royal guard.")
    dice: DiceList | None = Field(None, max_length=0, description="No dice: nothing is rolled.")

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, self.do, f"{self.unit} stops protecting")


class ChargeAction(_Act):
    """Carga: a melee card moves up to twice its move; the charge hits in its side's next turn."""

    do: Literal["charge"] = Field(description="The kind of action.")
    charger: str = Field(description="The card that charges (melee or dual TA).")
    target: str = Field(description="The enemy card it charges.")
    cover: str | None = Field(None, description="Cubrir Carga: a card of its side within 2 squares that covers it.")
    flank: bool = Field(False, description="The charge is combined with a flank (an opposed Fortaleza first).")

    def describe(self) -> ActionHeader:
        flank = " (with a flank)" if self.flank else ""
        return ActionHeader(self.charger, self.do, f"{self.charger} charges {self.target}{flank}")


class ImpactAction(Strict):
    """The charge under way hits, at the start of the charging side's next turn."""

    do: Literal["charge_impact"] = Field(description="The kind of action.")
    charger: str = Field(description="The card whose charge hits.")
    escaped: bool = Field(False, description="The target left the charger's attack area: the charge fails.")
    keep_absorption: bool = Field(False, description="The target keeps its once-a-round Absorción for later.")
    dice: DiceList | None = Field(None, max_length=10_000, description=DICE)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.charger, self.do, f"the charge of {self.charger} hits")


class FlankAction(_Act):
    """Flanquear: an opposed Fortaleza; on a win the flanker attacks at +4 attack and +4 damage."""

    do: Literal["flank"] = Field(description="The kind of action.")
    flanker: str = Field(description="The card that flanks.")
    target: str = Field(description="The enemy card it flanks.")
    times: int | None = Field(None, ge=1, le=20, description="How many of its FA attacks it makes (default: all).")
    keep_absorption: bool = Field(False, description="The target keeps its once-a-round Absorción for later.")

    def describe(self) -> ActionHeader:
        return ActionHeader(self.flanker, self.do, f"{self.flanker} flanks {self.target}")


class RoyalGuardAction(_Act):
    """Guardia Real: the card stands just in front of its commander, who cannot be attacked while it stands."""

    do: Literal["royal_guard"] = Field(description="The kind of action.")
    unit: str = Field(description="The card that becomes the royal guard.")
    commander: str = Field(description="Its side's commander.")

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, self.do, f"{self.unit} becomes the royal guard of {self.commander}")


class MoveAction(_Act):
    """A card's turn spent moving."""

    do: Literal["move"] = Field(description="The kind of action.")
    unit: str = Field(description="The card that moves.")
    to: SquareInput | None = Field(None, description="The square it moves to (or 'move_to').")

    def describe(self) -> ActionHeader:
        where = self.to if self.to is not None else self.move_to
        to = f" to {list(where)}" if where is not None else ""
        return ActionHeader(self.unit, self.do, f"{self.unit} moves{to}")


class CheckAction(Strict):
    """An opposed Fortaleza or Moral roll between two cards, as a card or the table calls for it."""

    do: Literal["check"] = Field(description="The kind of action.")
    stat: str = Field(description="Fortaleza or Moral.")
    attacker: str = Field(description="The card that tests (it must beat the defender: ties go to the defender).")
    defender: str = Field(description="The card it tests against.")
    dice: DiceList | None = Field(None, max_length=10_000, description=DICE)

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

    def describe(self) -> ActionHeader:
        stat = "Fortaleza" if self.stat == "fortitude" else "Moral"
        return ActionHeader(self.attacker, self.do, f"{self.attacker} tests {stat} against {self.defender}")


class HealAction(Strict):
    """A healing or repair ability: not the card's action, any phase, either player's turn."""

    do: Literal["heal"] = Field(description="The kind of action.")
    healer: str = Field(description="The card that heals or repairs.")
    unit: str = Field(description="The card healed (the card taking damage in a detachment).")
    life: int | None = Field(
        None, ge=0, le=10**6, validation_alias=_aliases("life", "PV"), description="PV restored, as a number."
    )
    roll: str | None = Field(None, max_length=40, description="PV restored, as dice (1d10).")
    cure: bool = Field(False, description="The negative effects (paralysis) end.")
    dice: DiceList | None = Field(None, max_length=100, description=DICE)

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

    def describe(self) -> ActionHeader:
        return ActionHeader(self.healer, self.do, f"{self.healer} heals {self.unit}")


class ParalyseAction(Strict):
    """An effect (an ability, a power) paralyses a card: it takes no action while it lasts."""

    do: Literal["paralyse"] = Field(description="The kind of action.")
    unit: str = Field(description="The card paralysed.")
    by: str | None = Field(None, description="The card whose effect paralyses it.")
    rounds: int | None = Field(None, ge=1, le=99, description="For how many rounds of its side (default: until cured).")
    dice: DiceList | None = Field(None, max_length=0, description="No dice: nothing is rolled.")

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, self.do, f"{self.unit} is paralysed")


class RegroupAction(_Act):
    """Reagrupar, in the tactical movement phase: split cards off a detachment, or join a card to one."""

    do: Literal["regroup"] = Field(description="The kind of action.")
    unit: str = Field(description="The card or detachment whose turn it is.")
    split: int | None = Field(None, ge=1, le=8, description="How many cards split off into a new unit.")
    into: str | None = Field(None, min_length=1, max_length=80, description="The name of the new unit of a split.")
    to: SquareInput | None = Field(None, description="The square of the new unit of a split.")
    join: str | None = Field(None, description="The identical detachment the unit joins.")

    @model_validator(mode="after")
    def _one_way(self) -> RegroupAction:
        if (self.split is None) == (self.join is None):
            raise ValueError("say 'split: N' (with 'into: <new name>' and 'to: [x, y]') or 'join: <detachment>'")
        if self.split is not None and (self.into is None or self.to is None):
            raise ValueError("a split names the new unit ('into') and its square ('to')")
        if self.join is not None and (self.into is not None or self.to is not None):
            raise ValueError("a join moves the card onto its detachment: no 'into' or 'to'")
        return self

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, self.do, f"{self.unit} regroups")


class ChangeStrategyAction(_Act):
    """Cambio de Estrategia: a unit leaves the field for a card of the troop deck, in the unit's turn."""

    do: Literal["change_strategy"] = Field(description="The kind of action.")
    unit: str = Field(description="The unit sacrificed (it goes to the Panteón).")
    into: str = Field(description="The troop-deck card that enters on its square.")
    fresh: bool = Field(False, description="The new unit enters without the old one's damage, at twice its PC.")

    def describe(self) -> ActionHeader:
        return ActionHeader(self.unit, self.do, f"{self.unit} is exchanged for {self.into}")


class ReinforcementsAction(Strict):
    """Llamar Refuerzos: the special card brings troop-deck cards to the field, with 1d10 × the mode's factor PC."""

    do: Literal["reinforcements"] = Field(description="The kind of action.")
    side: str = Field(description="The side that plays the Llamar Refuerzos card.")
    units: dict[str, SquareInput] = Field(
        min_length=1, max_length=20, description="The troop-deck cards called, in order, each with its square."
    )
    dice: DiceList | None = Field(None, max_length=10, description=DICE)

    def describe(self) -> ActionHeader:
        return ActionHeader(self.side, self.do, f"{self.side} calls reinforcements")


class AbilityAction(_Act):
    """A card uses one of its abilities: its action for the turn (not both an attack and an ability), unless the
    ability heals or repairs, or it is an instant one played as a response (``response: true``)."""

    do: Literal["ability"] = Field(description="The kind of action.")
    unit: str = Field(description="The card that uses the ability.")
    ability: str = Field(description="The ability, by name.")
    target: str | None = Field(None, description="The card it aims at (default: the card itself).")
    response: bool = Field(False, description="An instant ability played as an answer, outside the card's turn.")

    def describe(self) -> ActionHeader:
        on = f" on {self.target}" if self.target else ""
        return ActionHeader(self.unit, self.do, f"{self.unit} uses {self.ability}{on}")


class InitiativeAction(Strict):
    """The reaction rolls: 1d10 + the commander's Reacción for each side; the higher acts first."""

    do: Literal["initiative"] = Field(description="The kind of action.")
    dice: DiceList | None = Field(None, max_length=10_000, description=DICE)

    def describe(self) -> ActionHeader:
        return ActionHeader(None, self.do, "reaction rolls: who acts first")


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


class ForgodScenario(ScenarioFile):
    """A F0R60D battle: the board, the two sides' cards and the actions played."""

    ruleset: Literal["forgod"] = Field(description="This file's game: forgod (Sistema Táctico F0R60D).")
    board: BoardInput = Field(BoardInput(width=5), description="The two fields of squares (5 squares per line).")
    sides: tuple[str, str] | None = Field(
        None,
        description="The two sides' names, the first on rows 0-2 (its retaguardia on row 0), the second on rows 3-5 "
        "(default: in the order the units name them).",
    )
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
    units: dict[str, UnitInput] = Field(
        max_length=1000, description="Every card or detachment by name: its side, its square and its card's stats."
    )
    actions: list[Action] = Field(
        default_factory=list, max_length=100_000, description="The actions played, in order ('do:' names each kind)."
    )

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
