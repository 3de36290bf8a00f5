"""TAB MASTER scenario files: the pydantic models that validate them, and the unit catalogue.

A unit entry may name a catalogue unit (``unit: Lanceiro``) and override any stat. Stats accept the card's own
abbreviations (ATK, DAN, DEF, MOV, HLT, VIT) as well as English names.

The annotations here are evaluated as the classes are made (no ``from __future__ import annotations``), so pydantic
need not compile them from strings again; a name defined further down is quoted."""

import json
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Field, ValidationInfo, field_validator, model_validator

from tabroll.kit import ActionHeader, header
from tabroll.kit.models import ScenarioFile, Strict, empty_dict, empty_list, keys
from tabroll.kit.text import plain

from . import WORDS
from .messages import N_, _
from .profiles import AttackKind, Effects, build_profile, parse_attack, parse_effect, parse_trait

Coordinate = Annotated[int, Field(ge=0, le=999)]
SquareInput = tuple[Coordinate, Coordinate]


class TabMasterOptions(Strict):
    """House-rule options of TAB MASTER (see rulesets/tabmaster/README.md for the reasoning)."""

    defeat_threshold: Literal["greater", "at_least"] = Field(
        "greater",
        description=N_(
            "Damage must be greater than DEF to defeat (the rule text), or at least DEF (as the "
            "source's Magic and Secondary examples play it)."
        ),
    )
    distance: Literal["chebyshev", "manhattan"] = Field(
        "chebyshev", description=N_("How squares are counted: a diagonal step counts 1 (chebyshev) or 2 (manhattan).")
    )
    ice_bonus: Literal[20, 10] = Field(
        20, description=N_("Extra damage of Ice against Essence: Fire; the source prints both 20 and +10.")
    )
    flip_blocks_actions: bool = Field(
        True, description=N_("A flipped unit cannot attack or move again until a new round.")
    )
    move_before_attack: bool = Field(
        True, description=N_("A unit may move up to MOV squares and then attack in the same action.")
    )
    area_damage: Literal["per_unit", "shared"] = Field(
        "per_unit", description=N_("An Area attack rolls damage for each unit hit, or once for all of them.")
    )
    projectiles: Literal["army", "unit"] = Field(
        "army",
        description=N_(
            "Projectiles are counted on the army sheet: one pool per side and kind (army, the source's "
            "words; the pool is the scenario's 'armies' entry, else the sum of the side's units' ammunition), or "
            "each unit keeps its own count (unit)."
        ),
    )
    trample_end: Literal["last_target", "path_end"] = Field(
        "last_target",
        description=N_(
            "When a trample defeats units, it ends on the last square a target occupied (or the last "
            "free square before it), never past it (last_target, the source's words), or on the furthest free "
            "square of the whole path (path_end)."
        ),
    )
    vitality: Literal["excess", "ignore"] = Field(
        "excess",
        description=N_(
            "A unit with VIT loses the damage beyond its DEF from VIT and falls at 0 (excess), or VIT "
            "is ignored and the DEF comparison alone decides (ignore)."
        ),
    )


class AttackSpec(Strict):
    """An attack spelled out field by field instead of in the card's printed form."""

    type: str = Field(
        "common", description="The attack type: common, trample (Atropelamento), magic (Mágico) or projectile."
    )
    reach: int | None = Field(None, ge=0, le=1000, description="How many squares away it reaches.")
    roll: str | None = Field(None, description="A projectile's attack die, e.g. 1d10.")
    ammo: str | None = Field(None, description="The projectile it spends, e.g. Flecha.")
    effects: list[str | dict[str, Any]] = Field(
        default_factory=empty_list, description="Its effects as printed in brackets: Área, Elemento: Fogo, Linha…"
    )


class SecondaryInput(Strict):
    attack: int | str | AttackSpec = Field(
        validation_alias=keys("attack", "ATK", own=WORDS["attack"]),
        description="ATK of the secondary attack: its reach, or as printed with its type and effects.",
    )
    damage: str = Field(
        validation_alias=keys("damage", "DAN", own=WORDS["damage"]),
        description="DAN of the secondary attack: its damage dice.",
    )


def _profile(attack: int | str | AttackSpec, damage: str) -> Any:
    if isinstance(attack, (int, str)):
        return parse_attack(str(attack), str(damage))
    kind_tag = attack.type + (f": {attack.ammo}" if attack.ammo else "")
    found: dict[str, object] = {}
    named = parse_effect(kind_tag, found)
    kind, ammo = named if isinstance(named, tuple) else (named or AttackKind.COMMON, None)
    for effect in attack.effects:
        tags = [effect] if isinstance(effect, str) else [f"{k}: {_as_text(v)}" for k, v in effect.items()]
        for tag in tags:
            if parse_effect(tag, found) is not None:
                raise ValueError(_("'{tag}' is an attack type, not an effect: put it in 'type'", tag=tag))
    head = attack.roll if kind is AttackKind.PROJECTILE else (None if attack.reach is None else str(attack.reach))
    return build_profile(kind=kind, head=head, damage=damage, ammo=ammo, effects=Effects(**found))  # type: ignore[arg-type]


def _as_text(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


_KEYS = {
    field: keys(field, *abbreviations, own=WORDS.get(field, ()))
    for field, abbreviations in {
        "attack": ("ATK",),
        "damage": ("DAN",),
        "defense": ("DEF",),
        "movement": ("MOV",),
        "height_limit": ("HLT",),
        "vitality": ("VIT",),
        "at": ("position",),
        "ammunition": ("ammo",),
        "secondary": (),
        "traits": (),
    }.items()
}
"""The keys each stat of a unit is written under: its name, the card's abbreviation, and its Portuguese words."""
_GROUPS = tuple(tuple(str(key) for key in choices.choices) for choices in _KEYS.values())


class UnitInput(Strict):
    """One unit of a scenario. With ``unit:`` (or a name found in the catalogue), missing stats come from it."""

    unit: str | None = Field(None, description="The catalogue unit whose printed stats this unit takes.")
    side: str = Field(min_length=1, max_length=40, description="The side (army) the unit fights for.")
    at: SquareInput = Field(validation_alias=AliasChoices("at", "position"), description="Its square, [x, y].")
    attack: int | str | AttackSpec = Field(
        validation_alias=_KEYS["attack"],
        description="ATK as printed (3, '5 (Magia)', '1d10 (Projétil: Flecha)') or spelled out field by field.",
    )
    damage: str = Field(validation_alias=_KEYS["damage"], description="DAN: the damage dice (1d20).")
    defense: int = Field(validation_alias=_KEYS["defense"], ge=0, le=10**6, description="DEF.")
    movement: int = Field(0, validation_alias=_KEYS["movement"], ge=0, le=1000, description="MOV: squares per move.")
    height_limit: int = Field(
        0,
        validation_alias=_KEYS["height_limit"],
        ge=0,
        le=1000,
        description="HLT: the largest height difference it attacks across.",
    )
    vitality: int | None = Field(
        None,
        validation_alias=_KEYS["vitality"],
        ge=0,
        le=10**6,
        description="VIT, for units that have it: it loses the damage beyond DEF and falls at 0.",
    )
    max_vitality: int | None = Field(None, ge=1, le=10**6, description="The most VIT a heal restores (default VIT).")
    secondary: SecondaryInput | None = Field(
        None, validation_alias=_KEYS["secondary"], description="Its secondary attack (ATK and DAN), if printed."
    )
    traits: list[str] = Field(
        default_factory=empty_list,
        validation_alias=_KEYS["traits"],
        max_length=50,
        description="Traits and essences ('archer', 'Essência: Fogo').",
    )
    ammunition: dict[str, Annotated[int, Field(ge=0, le=10**6)]] = Field(
        default_factory=empty_dict,
        validation_alias=_KEYS["ammunition"],
        description="Projectiles it carries, by kind ({Flecha: 6}).",
    )
    facing: str | None = Field(None, description="The direction it faces (N, NE … NW), for Front and Back lines.")
    special: "SpecialRule | None" = Field(
        None, description="What the unit's (Especial: …) attack does, as data (an action's special_outcome wins)."
    )
    flipped: bool = Field(False, description="Whether it starts face down (already acted this round).")
    notes: str | None = Field(None, description="Anything about the unit for the table (not used by the rules).")

    @model_validator(mode="before")
    @classmethod
    def _from_catalogue(cls, data: Any, info: ValidationInfo) -> Any:
        if not isinstance(data, dict):
            return data
        name = data.get("unit")
        if name is None and info.context:
            name = info.context.get("unit_name")
        if name is None:
            return data
        entry = catalogue_entry(str(name))
        if entry is None:
            if "unit" in data:
                known = ", ".join(sorted(catalogue()))
                raise ValueError(
                    _("'{name}' is not in the TAB MASTER catalogue (it has: {known})", name=name, known=known)
                )
            return data
        merged = {k: v for k, v in entry.items() if k not in ("printed", "notes")}
        # A stat given in the file replaces the catalogue's, whichever spelling either uses.
        for key, value in data.items():
            for other in (other for group in _GROUPS if key in group for other in group):
                merged.pop(other, None)
            merged[key] = value
        return merged

    @field_validator("traits")
    @classmethod
    def _traits(cls, value: list[str]) -> list[str]:
        for trait in value:
            parse_trait(trait)
        return value

    @model_validator(mode="after")
    def _attacks(self) -> "UnitInput":
        _profile(self.attack, self.damage)
        if self.secondary is not None:
            _profile(self.secondary.attack, self.secondary.damage)
        if self.facing is not None:
            from tabroll.geometry.grid import Direction

            Direction.parse(self.facing)
        return self

    def primary_profile(self) -> Any:
        return _profile(self.attack, self.damage)

    def secondary_profile(self) -> Any:
        return None if self.secondary is None else _profile(self.secondary.attack, self.secondary.damage)


class HeightPatch(Strict):
    """Terrain height of one square (``at``) or of a rectangle (``area: [[x1, y1], [x2, y2]]``)."""

    at: SquareInput | None = Field(None, description="One square, [x, y].")
    area: tuple[SquareInput, SquareInput] | None = Field(
        None, description="A rectangle, from one corner to the other: [[x1, y1], [x2, y2]]."
    )
    height: int = Field(ge=-1000, le=1000, description="Its terrain height (0 is the ground).")

    @model_validator(mode="after")
    def _one_place(self) -> "HeightPatch":
        if (self.at is None) == (self.area is None):
            raise ValueError(_("give either 'at: [x, y]' or 'area: [[x1, y1], [x2, y2]]' for a height"))
        return self


class BoardInput(Strict):
    size: tuple[Annotated[int, Field(ge=1, le=1000)], Annotated[int, Field(ge=1, le=1000)]] = Field(
        description="Width and height in squares; squares count from [0, 0]."
    )
    heights: list[HeightPatch] = Field(
        default_factory=empty_list, max_length=100_000, description="Terrain heights (every other square is at 0)."
    )
    obstacles: list[SquareInput] = Field(
        default_factory=empty_list, max_length=100_000, description="Squares nobody may enter or see through."
    )


class SpecialRule(Strict):
    """A Special's text as data: what it does to the normal damage (``damage``) and a note for the log."""

    damage: str = Field(
        "normal",
        description="normal: the printed DAN is rolled as usual; none: the Special cancels the normal damage "
        "(nothing is rolled); or a dice expression (2d6, 10) rolled instead of DAN.",
    )
    note: str | None = Field(None, description="What the Special does, shown in the log for the table.")

    @field_validator("damage")
    @classmethod
    def _damage(cls, value: str) -> str:
        if value not in ("normal", "none"):
            from tabroll.dice.notation import parse
            from tabroll.errors import InputError

            from .profiles import dan_rules

            try:
                parse(value, rules=dan_rules())
            except InputError as err:
                raise ValueError(
                    _("'{value}' is not normal, none or a dice expression ({detail})", value=value, detail=err.message)
                ) from None
        return value


class SpecialOutcome(SpecialRule):
    """What the table decided for a Special attack: its effect on the damage, and units it defeated."""

    defeated: list[str] = Field(
        default_factory=empty_list, description="The units the Special defeats, by the table's ruling."
    )


DiceList = list[Annotated[int, Field(ge=1, le=10**6)]]


class AttackAction(Strict):
    """A unit attacks (after moving, if it may): one target, several (Area, Multiple), or none named."""

    do: Literal["attack"] = Field(description="The kind of action: a unit attacks.")
    attacker: str = Field(description="The attacking unit.")
    target: str | None = Field(None, description="The unit attacked.")
    targets: list[str] | None = Field(None, max_length=100, description="The units attacked (Area, Multiple).")
    using: Literal["primary", "secondary"] = Field(
        "primary", validation_alias=AliasChoices("using", "with"), description="Which printed attack."
    )
    move_to: SquareInput | None = Field(None, description="Move first to this square (up to MOV), then attack.")
    move_path: list[SquareInput] | None = Field(
        None, max_length=1000, description="Move first along these squares, then attack."
    )
    path: list[SquareInput] | None = Field(None, max_length=1000, description="A trample's path, square by square.")
    paths: list[list[SquareInput]] | None = Field(
        None, max_length=100, description="One path per pass of a Multiple trample."
    )
    direction: str | None = Field(None, description="Refused: a Random line rolls its direction.")
    times: int | None = Field(None, ge=1, le=100, description="How many of a Multiple attack's attacks to make.")
    hex: str | None = Field(None, description="The hex (Feitiço) a Disease attack puts on the unit hit.")
    special_outcome: SpecialOutcome | None = Field(None, description="What the table decided for a Special.")
    dice: DiceList | None = Field(None, max_length=10_000, description="This action's dice, in the order rolled.")

    @model_validator(mode="after")
    def _consistent(self) -> "AttackAction":
        if self.target is not None and self.targets is not None:
            raise ValueError(_("give either 'target' or 'targets', not both"))
        if self.move_to is not None and self.move_path is not None:
            raise ValueError(_("give either 'move_to' or 'move_path', not both"))
        if self.path is not None and self.paths is not None:
            raise ValueError(_("give either 'path' (one trample) or 'paths' (one per pass of a Multiple trample)"))
        if self.direction is not None:
            from tabroll.geometry.grid import Direction

            Direction.parse(self.direction)
        return self

    def target_names(self) -> list[str]:
        if self.targets is not None:
            return list(self.targets)
        return [self.target] if self.target is not None else []

    def describe(self) -> ActionHeader:
        names = self.target_names()
        who = self.attacker
        if names and self.using == "secondary":
            text = _("{attacker} attacks {targets} (secondary attack)", attacker=who, targets=", ".join(names))
        elif names:
            text = _("{attacker} attacks {targets}", attacker=who, targets=", ".join(names))
        elif self.using == "secondary":
            text = _("{attacker} attacks (secondary attack)", attacker=who)
        else:
            text = _("{attacker} attacks", attacker=who)
        return ActionHeader(self.attacker, "attack", text)


class MoveAction(Strict):
    """A unit moves up to MOV squares, then is flipped."""

    do: Literal["move"] = Field(description="The kind of action: a unit moves without attacking.")
    unit: str = Field(description="The unit that moves.")
    to: SquareInput | None = Field(None, description="Its destination (the shortest free path is taken).")
    path: list[SquareInput] | None = Field(None, max_length=1000, description="The squares it enters, in order.")
    dice: DiceList | None = Field(None, max_length=0, description="A move rolls no dice.")

    @model_validator(mode="after")
    def _where(self) -> "MoveAction":
        if (self.to is None) == (self.path is None):
            raise ValueError(_("a move gives either 'to: [x, y]' or 'path: [[x, y], ...]'"))
        return self

    def describe(self) -> ActionHeader:
        if self.to is not None:
            text = _("{unit} moves to {square}", unit=self.unit, square=list(self.to))
        else:
            text = _("{unit} moves along a path", unit=self.unit)
        return ActionHeader(self.unit, "move", text)


class NewRoundAction(Strict):
    """A new round: every flipped unit is turned face up."""

    do: Literal["new_round"] = Field(description="The kind of action: a new round; flipped units are ready again.")
    dice: DiceList | None = Field(None, max_length=0, description="A new round rolls no dice.")

    describe = header(_, N_("a new round begins"))


TabMasterAction = AttackAction | MoveAction | NewRoundAction
Action = Annotated[TabMasterAction, Field(discriminator="do")]


class TabMasterScenario(ScenarioFile):
    ruleset: Literal["tabmaster"] = Field(description="This file's game: tabmaster.")
    board: BoardInput = Field(description="The board: its size in squares, heights and obstacles.")
    armies: dict[str, dict[str, Annotated[int, Field(ge=0, le=10**6)]]] = Field(
        default_factory=empty_dict,
        description="The army sheet of each side: its projectiles by kind, e.g. {red: {Flecha: 12}}.",
    )
    units: dict[str, UnitInput] = Field(
        max_length=10_000,
        description="The units by name; a catalogue unit's name (or 'unit: Lanceiro') fills in its printed stats.",
    )
    actions: list[Action] = Field(
        default_factory=empty_list, max_length=100_000, description="The actions to resolve, in order."
    )

    @field_validator("units", mode="before")
    @classmethod
    def _catalogue_names(cls, units: Any) -> Any:
        """A unit whose own name is a catalogue unit takes its stats from there (``Lanceiro: {side: red, ...}``)."""
        if not isinstance(units, dict):
            return units
        return {
            name: {"unit": name, **entry}
            if isinstance(entry, dict) and "unit" not in entry and catalogue_entry(str(name)) is not None
            else entry
            for name, entry in units.items()
        }


@cache
def catalogue() -> dict[str, dict[str, Any]]:
    """The bundled unit catalogue (``units.yaml``), by name: read from its JSON twin ``units.json`` (the same data,
    checked by the tests), so that an attack of catalogue units never loads the YAML reader."""
    data: dict[str, dict[str, Any]] = json.loads(Path(__file__).with_name("units.json").read_text(encoding="utf-8"))
    return data


def catalogue_entry(name: str) -> dict[str, Any] | None:
    """The catalogue unit called ``name`` (case, accents and spaces aside), or None."""
    return _catalogue_by_plain_name().get(plain(name))


@cache
def _catalogue_by_plain_name() -> dict[str, dict[str, Any]]:
    """The catalogue by each name's plain form (the first of two alike)."""
    return {plain(key): entry for key, entry in reversed(catalogue().items())}
