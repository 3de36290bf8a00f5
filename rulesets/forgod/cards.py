"""F0R60D's cards in a scenario file: a unit (one card or a detachment of identical ones) with its stats, its
abilities and a special unit's effects, and the addition cards (equipped on a unit, or in a side's deck or hand)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from tabroll.kit.models import Strict, empty_list

from .messages import N_, _, n_
from .words import (
    INVOCATIONS,
    KIND_WORDS,
    Activation,
    AdditionKind,
    Affects,
    AttackType,
    Coordinate,
    Count,
    DiceText,
    Kind,
    Line,
    SavedStat,
    SquareInput,
    Stat,
    Terrain,
    Timing,
    plain,
    spellings,
    spelt,
)


class AdditionInput(Strict):
    """An equipped addition card: weapon, armour, accessory or experience (ECB / Liderazgo)."""

    kind: AdditionKind = spelt(
        ...,
        "kind",
        "tipo",
        description=N_(
            "Arma (weapon), armadura (armour), accesorio (accessory), experiencia (ECB, Liderazgo) or negra (black)."
        ),
    )
    name: str = spelt("", "name", "nombre", max_length=80, description=N_("The addition's name, as printed."))
    copies: int = spelt(
        1,
        "copies",
        "copias",
        ge=1,
        le=9,
        description=N_("Identical copies equipped (a detachment's weapon or armour needs one per card)."),
    )
    attack: Stat = spelt(0, "attack", "BA", "Ataque", description=N_("BA: its attack bonus."))
    damage: Stat = spelt(0, "damage", "Daño", description=N_("Daño: its damage bonus."))
    evasion: Stat = spelt(0, "evasion", "Evasión", description=N_("Evasión: its evasion bonus."))
    absorption: Stat = spelt(
        0, "absorption", "Absorción", description=N_("Absorción: its absorption once per round (armour).")
    )
    constant_absorption: Stat = spelt(
        0,
        "constant_absorption",
        "Absorción Constante",
        "Absorción_Constante",
        description=N_("Absorción Constante: its absorption against every attack (armour)."),
    )

    line: Literal["ecb", "liderazgo"] | None = Field(
        None,
        description=N_(
            "For an experience addition: ECB or Liderazgo, the abilities it activates (taken from 'kind: "
            "ECB' / 'kind: Liderazgo' or from a name that begins with it)."
        ),
    )

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
            raise ValueError(_("only an experience addition is ECB or Liderazgo"))
        return self

    @property
    def label(self) -> str:
        """How the log names it: its name, else its kind."""
        return self.name or self.kind


class DeckCardInput(AdditionInput):
    """Addition cards in a side's addition deck (or hand): ``count`` identical cards."""

    count: int = spelt(1, "count", "cartas", ge=1, le=72, description=N_("How many identical cards of this addition."))

    @model_validator(mode="after")
    def _one_card_each(self) -> DeckCardInput:
        if self.copies != 1:
            raise ValueError(_("in a deck or a hand, give the number of identical cards as 'count', not 'copies'"))
        return self


class SaveInput(Strict):
    """A roll the target of a negative effect makes to resist it: 1d10 + its stat, saved on a tie or better."""

    stat: SavedStat = Field(description=N_("Fortaleza or Moral: the stat the target rolls with."))
    against: int = Field(ge=-100, le=100, description=N_("The total the target's roll must reach to resist."))


class AbilityInput(Strict):
    """A card's special ability, as data: how it is activated, when, and what it does."""

    name: str = spelt(
        ..., "name", "nombre", min_length=1, max_length=80, description=N_("The ability's name, as printed.")
    )
    activation: Activation = spelt(
        "native",
        "activation",
        "activación",
        description=N_(
            "native (no addition), ECB or Liderazgo (an equipped experience addition of that line; beasts "
            "and war machines need none)."
        ),
    )
    timing: Timing = spelt("instant", "timing", "tipo", description=N_("instant or constant"))
    uses_per_turn: int | None = spelt(
        None,
        "uses_per_turn",
        "FH",
        ge=1,
        le=20,
        description=N_("FH: uses between two of the card's turns (native abilities)."),
    )
    target: Literal["self", "ally", "enemy", "any"] = Field(
        default="any", description=N_("Whom it may aim at: self, ally, enemy or any.")
    )
    heal: int | None = spelt(None, "heal", "PV", ge=0, le=10**6, description=N_("PV it restores, as a number."))
    heal_roll: DiceText = Field(None, description=N_("PV it restores, as dice (1d10)."))
    cure: bool = Field(default=False, description=N_("It ends the negative effects (paralysis)."))
    paralyse: bool | Annotated[int, Field(ge=1, le=99)] = Field(
        default=False,
        description=N_("It paralyses its target: true until cured, or a number of the target side's rounds."),
    )
    save: SaveInput | None = Field(default=None, description=N_("The roll the target makes to resist the paralysis."))
    attack: Stat = spelt(0, "attack", "BA", "Ataque", description=N_("BA while the constant ability is active."))
    damage: Stat = spelt(0, "damage", "Daño", description=N_("Daño while the constant ability is active."))
    evasion: Stat = spelt(0, "evasion", "Evasión", description=N_("Evasión while the constant ability is active."))

    @model_validator(mode="after")
    def _effect(self) -> AbilityInput:
        effect = self.heal is not None or self.heal_roll is not None or self.cure or self.paralyse is not False
        modifiers = self.attack or self.damage or self.evasion
        if self.timing == "constant" and effect:
            raise ValueError(_("a constant ability gives modifiers (BA, Daño, Evasión) while active, not effects"))
        if self.timing == "instant" and not effect:
            raise ValueError(_("say what the instant ability does: 'heal', 'heal_roll', 'cure' or 'paralyse'"))
        if self.timing == "instant" and modifiers:
            raise ValueError(_("modifiers belong to constant abilities"))
        if self.save is not None and self.paralyse is False:
            raise ValueError(_("a 'save' resists a negative effect: give 'paralyse'"))
        return self

    @property
    def heals(self) -> bool:
        """Healing or repair only: usable in any phase, and not the card's action."""
        return (self.heal is not None or self.heal_roll is not None or self.cure) and self.paralyse is False


class EffectInput(Strict):
    """What a special unit does while it stands on the field, as data: modifiers to the rolls of the cards
    around it (the source names the special units and gives none of their effects)."""

    name: str = spelt(
        ..., "name", "nombre", min_length=1, max_length=80, description=N_("The effect's name, as the card prints it.")
    )
    affects: Affects = spelt(
        "allies",
        "affects",
        "afecta",
        description=N_("Whose rolls it changes: allies (the other cards of its side, default) or enemies."),
    )
    within: int | None = spelt(
        None,
        "within",
        "distancia",
        ge=0,
        le=1000,
        description=N_("Only cards at most this many squares from the special unit (default: the whole field)."),
    )
    attack: Stat = spelt(0, "attack", "BA", "Ataque", description=N_("BA: attack rolls."))
    damage: Stat = spelt(0, "damage", "Daño", description=N_("Daño: damage rolls."))
    evasion: Stat = spelt(0, "evasion", "Evasión", description=N_("Evasión: evasion rolls."))
    fortitude: Stat = spelt(0, "fortitude", "Fortaleza", description=N_("Fortaleza: Fortaleza rolls."))
    morale: Stat = spelt(0, "morale", "Moral", description=N_("Moral: Moral rolls."))

    @model_validator(mode="after")
    def _something(self) -> EffectInput:
        if not (self.attack or self.damage or self.evasion or self.fortitude or self.morale):
            raise ValueError(_("say what the effect changes: 'BA', 'Daño', 'Evasión', 'Fortaleza' or 'Moral'"))
        return self


class UnitInput(Strict):
    """One unit on the board: a single card or a detachment of identical cards (``cards: 3``)."""

    side: str = spelt(
        ..., "side", "bando", min_length=1, max_length=40, description=N_("The side (army) the card plays for.")
    )
    at: SquareInput | None = spelt(
        None,
        "at",
        "position",
        "casilla",
        description=N_("Its square, [column, row]: rows 0-2 are the first side's field, 3-5 the second's."),
    )
    line: Line = spelt(
        None,
        "line",
        "línea",
        description=N_("Its line on its own field: retaguardia, normal or avanzada (with 'column', instead of 'at')."),
    )
    column: Coordinate | None = spelt(
        None, "column", "columna", description=N_("Its column on its line (default: the first free one).")
    )
    kind: Kind = spelt(
        "troop",
        "kind",
        "clase",
        description=N_(
            "Tropa (troop), máquina de guerra (war machine), bestia or invocación (beast), poder (power), "
            "or unidad especial (special unit: Estandarte, Altavoz Biomecanoide, llama del templo)."
        ),
    )
    troop_type: str | None = spelt(
        None,
        "troop_type",
        "tipo",
        max_length=40,
        description=N_("Infantry, cavalry, archery… as printed (for identical cards in a detachment)."),
    )
    attack_type: AttackType = spelt(
        "melee",
        "attack_type",
        "TA",
        "tipo de ataque",
        description=N_("TA: cuerpo a cuerpo (melee), rango (ranged) or both (dual)."),
    )
    attacks: int = spelt(1, "attacks", "FA", "ataques", ge=0, le=20, description=N_("FA: attacks per turn."))
    attack: Stat = spelt(
        0, "attack", "BA", "Ataque", description=N_("BA: the attack bonus (per card of a detachment).")
    )
    damage: Stat = spelt(0, "damage", "Daño", description=N_("Daño: the damage bonus (per card of a detachment)."))
    life: int = spelt(
        ..., "life", "PV", "vida", "puntos de vida", ge=1, le=10**6, description=N_("PV: each card's life points.")
    )
    evasion: Stat = spelt(0, "evasion", "Evasión", description=N_("Evasión: the evasion bonus."))
    absorption: Stat = spelt(
        0,
        "absorption",
        "Absorción",
        description=N_("Absorción: subtracted from one hit's damage per round, while active."),
    )
    constant_absorption: Stat = spelt(
        0,
        "constant_absorption",
        "Absorción Constante",
        "Absorción_Constante",
        description=N_("Absorción Constante: subtracted from every hit's damage, while active."),
    )
    fortitude: Stat = spelt(0, "fortitude", "Fortaleza", description=N_("Fortaleza: added to its Fortaleza rolls."))
    morale: Stat = spelt(0, "morale", "Moral", description=N_("Moral: added to its Moral rolls."))
    level: int = spelt(
        1, "level", "Nivel", ge=1, le=20, description=N_("Nivel: the card's level (it limits the detachment's size).")
    )
    terrain: Terrain = spelt(
        "ground",
        "terrain",
        "Terreno",
        description=N_("Terreno: Tierra (ground), Aire (air) or Cualquiera (either, declared each turn)."),
    )
    cost: Count = spelt(0, "cost", "PC", description=N_("PC: campaign points per card."))
    reaction: Stat = spelt(
        0, "reaction", "Reacción", description=N_("Reacción: the commander's bonus to the reaction roll (initiative).")
    )
    cards: int = spelt(1, "cards", "cartas", ge=1, le=9, description=N_("Cards in the detachment (1: a single card)."))
    wounds: Count = spelt(
        0, "wounds", "heridas", description=N_("Damage already taken by the card that takes the next damage.")
    )
    commander: bool = spelt(
        False,
        "commander",
        "comandante",
        description=N_("The side's commander (troops roll Moral or flee if it falls)."),
    )
    leader: bool = spelt(False, "leader", "líder", description=N_("The faction's leader: Moral +2 to its troops."))
    faction: str = spelt(
        "",
        "faction",
        "facción",
        max_length=40,
        description=N_("The card's faction (Ancestrales keep absorptions without an engineer or summoner)."),
    )
    engineer: bool = spelt(
        False, "engineer", "ingeniero", description=N_("A war machine with its engineer: its absorptions are active.")
    )
    summoner: str | None = spelt(
        None,
        "summoner",
        "invocador",
        description=N_(
            "The card of its own side that summoned this invocation (needed to deploy it; a beast's "
            "absorptions need it on the field)."
        ),
    )
    summoner_fallen: bool = spelt(
        False,
        "summoner_fallen",
        "invocador caído",
        description=N_(
            "A battle under way only: the invocation's summoner fell before the scenario begins (a beast's "
            "absorptions are off, unless Ancestrales); 'summoner' may then name it, though it is not in the file."
        ),
    )
    reach: int | None = spelt(
        None,
        "reach",
        "alcance",
        ge=0,
        le=1000,
        description=N_("Squares its attack reaches (default: any; the source's figures are lost)."),
    )
    movement: int | None = spelt(
        None,
        "movement",
        "movimiento",
        ge=0,
        le=1000,
        description=N_("Squares of its tactical move (default: any; the source's figures are lost)."),
    )
    additions: list[AdditionInput] = Field(
        default_factory=empty_list,
        max_length=4,
        validation_alias=spellings("additions", "adiciones"),
        description=N_("The additions equipped on it (four slots)."),
    )
    absorption_active: bool | None = Field(
        default=None,
        description=N_(
            "Whether its absorptions are active, when the table decides (default: from its armour, engineer, "
            "summoner or commander)."
        ),
    )
    flying: bool = spelt(False, "flying", "volando", description=N_("Terreno Cualquiera: it is in the air now."))
    abilities: list[AbilityInput] = Field(
        default_factory=empty_list,
        max_length=12,
        validation_alias=spellings("abilities", "habilidades"),
        description=N_("Its special abilities, as data."),
    )
    effects: list[EffectInput] = Field(
        default_factory=empty_list,
        max_length=12,
        validation_alias=spellings("effects", "efectos"),
        description=N_(
            "A special unit's effects, as data: modifiers to the rolls of the cards around it while it "
            "stands on the field."
        ),
    )
    paralysed: bool | Annotated[int, Field(ge=1, le=99)] = spelt(
        False,
        "paralysed",
        "paralyzed",
        "paralizada",
        description=N_("true: paralysed until cured; a number: for that many more rounds of its side."),
    )
    in_deck: bool = spelt(
        False,
        "in_deck",
        "en el mazo",
        description=N_(
            "The card waits in its side's troop deck (off the field, not paid for): Cambio de Estrategia "
            "and Llamar Refuerzos bring it in."
        ),
    )
    notes: str | None = Field(default=None, description=N_("Any text for the table (not used by the rules)."))

    @model_validator(mode="after")
    def _consistent(self) -> UnitInput:
        if self.in_deck:
            if self.at is not None or self.line is not None:
                raise ValueError(_("a card still in the troop deck (in_deck: true) has no square yet"))
            if self.commander:
                raise ValueError(_("the commander is chosen before the battle: it cannot wait in the troop deck"))
        elif (self.at is None) == (self.line is None):
            raise ValueError(_("place the unit with either 'at: [x, y]' or 'line: avanzada|normal|retaguardia'"))
        if self.column is not None and self.line is None:
            raise ValueError(_("'column' goes with 'line'; with 'at' the square already says the column"))
        limit = detachment_limit(self.level)
        if self.cards > limit:
            raise ValueError(
                n_(
                    "a detachment of level {level} cards holds at most {n} card, not {cards}",
                    "a detachment of level {level} cards holds at most {n} cards, not {cards}",
                    limit,
                    level=self.level,
                    cards=self.cards,
                )
            )
        if self.cards > 1 and self.kind != "troop":
            raise ValueError(_("only troop cards (infantry, cavalry, archery) form detachments"))
        if self.commander and self.cards > 1:
            raise ValueError(_("a detachment cannot be the troops' commander"))
        if self.commander and self.kind != "troop":
            raise ValueError(
                {
                    "war_machine": _("a war machine cannot be the troops' commander"),
                    "beast": _("an invocation (beast) cannot be the troops' commander"),
                    "power": _("an invocation (power) cannot be the troops' commander"),
                    "special": _("a special unit is not a troop: it cannot be the troops' commander"),
                }[self.kind]
            )
        if self.effects and self.kind != "special":
            raise ValueError(
                _(
                    "'effects' belong to special units (kind: unidad especial), not to {kind}",
                    kind=_(KIND_WORDS[self.kind]),
                ),
            )
        if (self.summoner is not None or self.summoner_fallen) and self.kind not in INVOCATIONS:
            field = "summoner" if self.summoner is not None else "summoner_fallen"
            raise ValueError(
                _(
                    "only an invocation (beast, power) has a summoner: '{field}' on {kind}",
                    field=field,
                    kind=_(KIND_WORDS[self.kind]),
                )
            )
        if self.wounds >= self.life:
            raise ValueError(
                _("wounds {wounds} would already have killed a card of PV {life}", wounds=self.wounds, life=self.life)
            )
        names = [a.name for a in self.abilities]
        if len(set(names)) != len(names):
            raise ValueError(_("two abilities of one card share a name"))
        if self.flying and self.terrain != "either":
            raise ValueError(_("'flying' is declared only by a card whose Terreno is Cualquiera (either)"))
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
