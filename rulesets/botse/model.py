"""BotSE scenario files: the pydantic models that validate them.

A scenario describes the dice once (``skill_lines`` and ``enemy_dice``: every die is a list of faces), the hex
map, the adventurers, enemies and companions, and the actions to resolve. Given dice in an action's ``dice:``
list are FACE NUMBERS: 1-based positions in the rolled die's ``faces`` list.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Discriminator, Field, Tag, model_validator

from tabroll.i18n import N_
from tabroll.kit import ActionHeader, header
from tabroll.kit.models import ScenarioFile, Strict, empty_dict, empty_list, keys

from . import WORDS
from .messages import _

MAX_FACES = 20
MAX_DICE_PER_UNIT = 100
Amount = Annotated[int, Field(ge=0, le=1000)]
Coordinate = Annotated[int, Field(ge=-1000, le=1000)]
HexInput = tuple[Coordinate, Coordinate]
Name = Annotated[str, Field(min_length=1, max_length=60)]


class Form(StrEnum):
    """The five battle forms; each fixes the engage range and which dice may be rolled."""

    LIGHT_WEAPON = "light_weapon"
    HEAVY_WEAPON = "heavy_weapon"
    DEFENSIVE = "defensive"
    RANGED = "ranged"
    MAGIC = "magic"


class Code(StrEnum):
    """Where a resolved skill die goes (its resolution code)."""

    ACTIVE = "active"
    COOLDOWN = "cooldown"
    DRAINED = "drained"
    INSTANT = "instant"
    STATUS = "status"


class Stat(StrEnum):
    STAMINA = "stamina"
    MAGICKA = "magicka"


class BotseOptions(Strict):
    """House-rule options of BotSE (see rulesets/botse/README.md for the reasoning)."""

    difficulty: Literal["standard", "expert"] = Field(
        "standard", description=N_("Expert gains 2 light fatigue dice per extra engage instead of 1.")
    )
    damage_summing: Literal["engage", "ability"] = Field(
        "engage",
        description=N_(
            "Damage of adventurers' dice to each non-adventurer unit is summed over the whole engage "
            "and dealt after the last result that damages it (the source's clarification, which replaces 5b), or "
            "each result deals its own damage at once (the rulebook's original 5b)."
        ),
    )
    unused_free_dice: Literal["discard", "exhaust"] = Field(
        "discard",
        description=N_(
            "Free enemy combat dice are always discarded, even when their result is not resolved "
            "(discard), or an unresolved free die is exhausted like any other die (exhaust)."
        ),
    )
    granted_engage_fatigue: Literal["none", "same"] = Field(
        "none",
        description=N_(
            "An engage granted by an ability (outside an engage action) gains no fatigue (none), or "
            "gains it like an engage action (same)."
        ),
    )
    status_nowhere: Literal["exhaust", "not_resolved"] = Field(
        "exhaust",
        description=N_(
            "A status-code face whose status has no unit or hex to go on (no target, or dice rolled "
            "outside battle): the rest of the face is done and the die is exhausted (exhaust, partial resolution), "
            "or the whole result is not resolved (not_resolved)."
        ),
    )
    fatigue: Literal["track", "counter"] = Field(
        "track",
        description=N_(
            "Light fatigue dice are placed on the cooldown track, leftmost open slots first, as the game "
            "places them (track: an engage whose fatigue finds no room is refused), or only counted (counter)."
        ),
    )
    recovery: Literal["cooldown_stat", "none"] = Field(
        "cooldown_stat",
        description=N_(
            "end_turn runs the next turn's Recovery step: the Cooldown stat's number of dice leave the "
            "track from the left (skill dice back to the rows, light fatigue discarded) (cooldown_stat), or the "
            "track is left as it is (none). From the game's turn sequence, not from the source."
        ),
    )
    full_track: Literal["drain", "refuse"] = Field(
        "drain",
        description=N_(
            "A die to exhaust onto a full cooldown track is drained instead, the game's rule without its "
            "overfatigue die (drain), or the action is refused (refuse). From the game, not from the source."
        ),
    )
    movement: Literal["stamina", "unchecked"] = Field(
        "stamina",
        description=N_(
            "A move goes up to Stamina hexes through open hexes (stamina), or anywhere (unchecked). From "
            "the game's turn sequence, not from the source."
        ),
    )
    adventurer_prevention: Literal["use", "record"] = Field(
        "use",
        description=N_(
            "A prevent die in an adventurer's active slot prevents blockable damage later dealt to it "
            "and is then exhausted (use), or is only recorded for the table (record)."
        ),
    )
    defeated_reactions: Literal["skip_damaged", "fire_damaged"] = Field(
        "skip_damaged",
        description=N_(
            "A unit defeated in the engage (step 6 included) does not use its 'damaged' skills, as for "
            "its 'engaged' skills (skip_damaged), or still uses them (fire_damaged). Its 'defeated' skills fire "
            "whoever defeated it: the dice, an item, an aura or a reaction."
        ),
    )
    reaction_order: Literal["allies_first", "enemies_first"] = Field(
        "allies_first",
        description=N_(
            "Step 6: the adventurers' and companions' reactions come before the enemies', and a target's "
            "'engaged' skill last, so an enemy a reaction defeats is defeated during the engage and its 'engaged' "
            "skill does not fire (allies_first); or the enemies react first, then the adventurers and companions "
            "(enemies_first)."
        ),
    )
    out_of_battle_form_dice: Literal["refuse", "allow"] = Field(
        "refuse",
        description=N_(
            "Rolling skill dice outside battle skips the form step, so dice marked with a battle form "
            "cannot be rolled (refuse), or they may be rolled anyway (allow)."
        ),
    )


# --- dice as data -----------------------------------------------------------------------------------------


class CostInput(Strict):
    """A cost that must be paid in full."""

    tenacity: Amount = Field(0, description="Tenacity to spend.")
    health: Amount = Field(0, description="Health to pay.")
    light_fatigue: Amount = Field(0, description="Light fatigue dice to take.")


class PartInput(Strict):
    """What a face does (also the ``then:`` part of a face, done only when the first part was done in full).

    ``damage``: to the declared target. ``splash``: to one other unit adjacent to the target (or to the
    adventurer, with ``adjacent_to: self``). ``prevent``: damage prevented (by the adventurer, or by the unit
    named when resolving). ``heal``: Health restored (to the adventurer, or to the unit named when resolving),
    up to its starting Health. ``status``: the name of a status effect. ``text``: anything else, shown for the
    table to apply by hand.
    """

    damage: Amount = Field(0, description="Damage to the declared target.")
    splash: Amount = Field(
        0, description="Damage to one other unit adjacent to the target (or to the adventurer, adjacent_to: self)."
    )
    adjacent_to: Literal["target", "self"] = Field(
        "target", description="What the splash unit must be adjacent to: the target or the adventurer (self)."
    )
    unblockable: bool = Field(False, description="The damage ignores Defense.")
    prevent: Amount = Field(0, description="Damage prevented (by the adventurer, or by the unit named when resolving).")
    heal: Amount = Field(
        0,
        description="Health restored (to the adventurer, or to the unit named when resolving), up to its "
        "starting Health.",
    )
    status: Name | None = Field(None, description="The name of a status effect placed on the target, a unit or a hex.")
    text: Annotated[str, Field(max_length=200)] | None = Field(
        None, description="Anything else, shown for the table to apply by hand."
    )


class FaceInput(PartInput):
    """One face of a die: its icons (effects), its resolution code, an optional ``cost`` (paid in full or the
    face does nothing: "do A to do B") and an optional ``then`` part (done only when the face's own part was
    done in full: "do A, then B"). ``tenacity``: a tenacity face (exhaust the die, gain 1 tenacity)."""

    tenacity: bool = Field(
        False, description="A tenacity face: exhaust the die and gain 1 tenacity (nothing else on the face)."
    )
    code: Code = Field(
        Code.INSTANT, description="Where the die goes once resolved: active, cooldown, drained, instant or status."
    )
    cost: CostInput | None = Field(
        None, description="A cost paid in full when the result resolves, or nothing on the face is done."
    )
    then: PartInput | None = Field(None, description="A part done only when everything before it was done in full.")

    @model_validator(mode="after")
    def _consistent(self) -> FaceInput:
        others = self.damage or self.splash or self.prevent or self.heal or self.status or self.text
        if self.tenacity and (others or self.cost or self.then):
            raise ValueError(_("a tenacity face carries only the tenacity icon"))
        if self.code is Code.STATUS and self.status is None and (self.then is None or self.then.status is None):
            raise ValueError(_("a face with code 'status' names its status effect, e.g. status: Burning"))
        if self.then is not None and not others and self.cost is None:
            raise ValueError(_("'then' follows something: give the face's first part (or a cost) before it"))
        return self


def _face_kind(value: Any) -> str:
    return "word" if isinstance(value, str) else "icons"


FaceEntry = Annotated[
    Annotated[FaceInput, Tag("icons")] | Annotated[Literal["blank", "tenacity"], Tag("word")],
    Discriminator(_face_kind),
]


class DieInput(Strict):
    """A skill die: its faces, and optionally the battle form whose icon it carries."""

    form: Form | None = Field(None, description="The battle form whose icon the die carries (none: any form).")
    faces: list[FaceEntry] = Field(
        min_length=1,
        max_length=MAX_FACES,
        description="The faces of the die, 1 to 20: blank, tenacity or a mapping of icons.",
    )


class SkillLineInput(Strict):
    """A skill line: its dice, tied to Stamina or Magicka; ``combat: true`` marks the Combat skill's dice."""

    stat: Stat = Field(description="The stat the line's dice count against: stamina or magicka.")
    combat: bool = Field(False, description="The Combat skill's dice (combat dice).")
    dice: dict[Name, DieInput] = Field(min_length=1, max_length=50, description="The line's dice by name.")


class EnemyDieInput(Strict):
    """An enemy combat die (used as free combat dice). It has no tenacity faces."""

    faces: list[FaceEntry] = Field(
        min_length=1, max_length=MAX_FACES, description="The faces of the die, 1 to 20 (no tenacity faces)."
    )


# --- units ------------------------------------------------------------------------------------------------


class AbilityInput(Strict):
    """What an item's ability does in the engage: damage to the target (dealt on its own, not summed with
    the dice), free combat dice added to the roll, tenacity gained, or a text for the table."""

    damage: Amount = Field(0, description="Damage to the target, dealt on its own (not summed with the dice).")
    damage_per_combat_die: Amount = Field(
        0, description="More damage for each combat die in the roll; free enemy combat dice count as combat dice."
    )
    unblockable: bool = Field(False, description="The damage ignores Defense.")
    free_dice: Annotated[int, Field(ge=0, le=20)] = Field(0, description="Free enemy combat dice added to the roll.")
    tenacity: Amount = Field(0, description="Tenacity gained.")
    targets: Annotated[int, Field(ge=1, le=10)] = Field(
        1,
        description="How many units an engage may declare as targets when this item is chosen (an ability "
        "that says so); its damage then goes to each of them.",
    )
    text: Annotated[str, Field(max_length=200)] | None = Field(
        None, description="Anything else, shown for the table to apply by hand."
    )


class OvertaxInput(Strict):
    """An optional stronger use of a weapon ability: pay ``cost`` to add ``ability``."""

    cost: CostInput = Field(description="The overtax cost, paid in full.")
    ability: AbilityInput = Field(description="What overtaxing adds to the ability.")


class ItemInput(Strict):
    """A weapon in the adventurer's ready equipment; its ability works in the listed forms."""

    forms: list[Form] = Field(min_length=1, max_length=5, description="The battle forms its ability works in.")
    ability: AbilityInput = Field(description="The item's ability in an engage.")
    overtax: OvertaxInput | None = Field(
        None, description="An optional stronger use: pay a cost to add to the ability."
    )
    ready: bool = Field(True, description="Whether the item is ready (only a ready item's ability is used).")


class AdventurerInput(Strict):
    at: HexInput = Field(validation_alias=AliasChoices("at", "position"), description="The adventurer's hex.")
    stamina: Annotated[int, Field(ge=0, le=20)] = Field(
        validation_alias=keys("stamina", own=WORDS["stamina"]),
        description="The Stamina stat: the limit of Stamina dice per engage, the ranged reach and the move.",
    )
    magicka: Annotated[int, Field(ge=0, le=20)] = Field(
        validation_alias=keys("magicka", own=WORDS["magicka"]),
        description="The Magicka stat: the limit of Magicka dice per engage and the magic reach.",
    )
    health: Annotated[int, Field(ge=0, le=1000)] = Field(
        validation_alias=keys("health", own=WORDS["health"]), description="Health now."
    )
    max_health: Annotated[int, Field(ge=1, le=1000)] | None = Field(
        None, description="The Health a heal can restore up to (default: the starting Health)."
    )
    cooldown_stat: Annotated[int, Field(ge=0, le=13)] = Field(
        2, description="The Cooldown stat: dice removed from the cooldown track at each Recovery step."
    )
    defense: Amount = Field(
        0,
        validation_alias=keys("defense", own=WORDS["defense"]),
        description="Defense: stops blockable damage first in each engage.",
    )
    tenacity: Amount = Field(0, validation_alias=keys("tenacity", own=WORDS["tenacity"]), description="Tenacity now.")
    form: Form = Field(Form.LIGHT_WEAPON, description="The current battle form.")
    dice: list[Name] = Field(
        default_factory=empty_list,
        max_length=MAX_DICE_PER_UNIT,
        description="The skill dice available in the attribute rows (a name once per physical die).",
    )
    cooldown_slots: Annotated[int, Field(ge=1, le=30)] = Field(8, description="How many slots the cooldown track has.")
    cooldown: list[Name | None] = Field(
        default_factory=empty_list,
        max_length=30,
        description="The cooldown track's dice from the left (null: an open slot; 'light fatigue' for a fatigue die).",
    )
    active_slots: Annotated[int, Field(ge=0, le=10)] = Field(2, description="How many active slots it has.")
    active: list[Name] = Field(
        default_factory=empty_list, max_length=10, description="Dice already in the active slots."
    )
    light_fatigue: Amount = Field(0, description="Light fatigue dice taken so far.")
    engages: Annotated[int, Field(ge=0, le=100)] = Field(
        0, validation_alias=keys("engages", own=WORDS["engages"]), description="Engages already done this turn."
    )
    items: dict[Name, ItemInput] = Field(
        default_factory=empty_dict,
        max_length=20,
        description="Ready equipment by name: weapons whose ability an engage may use.",
    )
    skills: list[AdventurerSkillInput] = Field(
        default_factory=empty_list, max_length=20, description="Reactions it may use after an engage (step 6)."
    )

    @model_validator(mode="after")
    def _slots(self) -> AdventurerInput:
        if len(self.cooldown) > self.cooldown_slots:
            raise ValueError(
                _(
                    "{dice} dice on a cooldown track of {slots} slots",
                    dice=len(self.cooldown),
                    slots=self.cooldown_slots,
                )
            )
        if len(self.active) > self.active_slots:
            raise ValueError(_("{dice} dice in {slots} active slots", dice=len(self.active), slots=self.active_slots))
        if self.max_health is not None and self.max_health < self.health:
            raise ValueError(
                _("max_health {max} is below the Health {health}", max=self.max_health, health=self.health)
            )
        return self


class EffectInput(Strict):
    """What a triggered skill does: damage to the adventurer who engaged (``to: engager``), to every unit
    adjacent to its owner (``to: adjacent``) or to the engage's declared target (``to: target``), light
    fatigue for the adventurer who engaged, a text."""

    damage: Amount = Field(0, description="Damage dealt (to whom: 'to').")
    to: Literal["engager", "adjacent", "target"] = Field(
        "engager",
        description="Who takes the damage: the adventurer who engaged, every adjacent unit, or the declared target.",
    )
    unblockable: bool = Field(False, description="The damage ignores Defense.")
    light_fatigue: Amount = Field(0, description="Light fatigue dice for the adventurer who engaged.")
    text: Annotated[str, Field(max_length=200)] | None = Field(
        None, description="Anything else, shown for the table to apply by hand."
    )


class SkillInput(Strict):
    """A triggered skill: after being engaged (``engaged``), after taking damage (``damaged``) or being defeated
    (``defeated``) — by the dice, an item, an aura or any unit's reaction —, after any engage (``after_engage``:
    step 6, the reactions of enemies, adventurers and companions), or an aura used by its own action (``aura``)."""

    name: Name = Field(description="The skill's name.")
    when: Literal["engaged", "damaged", "defeated", "after_engage", "aura"] = Field(
        description="When it triggers: engaged, damaged, defeated, after_engage, or aura (its own action)."
    )
    effect: EffectInput = Field(description="What it does.")


class AdventurerSkillInput(SkillInput):
    """An adventurer's reaction: a skill that may be used after an engage (step 6)."""

    when: Literal["after_engage"] = Field(
        "after_engage", description="An adventurer's reactions answer an engage (after_engage)."
    )


class CreatureInput(Strict):
    at: HexInput = Field(validation_alias=AliasChoices("at", "position"), description="The unit's hex.")
    health: Annotated[int, Field(ge=1, le=1000)] = Field(
        validation_alias=keys("health", own=WORDS["health"]), description="Health now."
    )
    max_health: Annotated[int, Field(ge=1, le=1000)] | None = Field(
        None, description="The Health a heal can restore up to (default: the starting Health)."
    )
    defense: Amount = Field(
        0,
        validation_alias=keys("defense", own=WORDS["defense"]),
        description="Defense: stops blockable damage first in each engage.",
    )
    combat_die: Name | None = Field(None, description="Its combat die (an enemy die's name).")
    skills: list[SkillInput] = Field(
        default_factory=empty_list, max_length=20, description="Its triggered skills and auras."
    )


class MapInput(Strict):
    """The hex battle map: a hexagon (``radius``), a rectangle (``columns`` and ``rows``) or a list of cells."""

    radius: int | None = Field(None, description="A hexagon of this radius around [0, 0].")
    columns: int | None = Field(None, description="A rectangle's columns.")
    rows: int | None = Field(None, description="A rectangle's rows.")
    cells: list[HexInput] | None = Field(None, max_length=20_000, description="The map's hexes one by one.")
    orientation: Literal["pointy", "flat"] = Field("pointy", description="Pointy-topped or flat-topped hexes.")
    blocked: list[HexInput] = Field(
        default_factory=empty_list,
        max_length=20_000,
        description="Blocked hexes: no unit stands there and they stop sight.",
    )


# --- actions ----------------------------------------------------------------------------------------------

DiceList = list[Annotated[int, Field(ge=1, le=MAX_FACES)]]


class ResultChoice(Strict):
    """One result to resolve: the die (its 1-based place in the roll), or the chosen item's ``item``
    ability; ``unit`` picks the unit a splash, prevent or status result applies to, ``hex`` a status hex."""

    die: Annotated[int, Field(ge=1, le=200)] | Literal["item"] = Field(
        description="The die's place in the roll (from 1), or 'item' for the chosen item's ability."
    )
    unit: Name | None = Field(None, description="The unit a splash, prevent, heal or status result applies to.")
    hex: HexInput | None = Field(None, description="The hex a status result is placed on.")
    target: Name | None = Field(
        None, description="With several declared targets: the one this result's 'the target' means (default the first)."
    )


def _result_kind(value: Any) -> str:
    # A mapping while validating, a ResultChoice when pydantic serializes a validated action.
    if isinstance(value, dict | ResultChoice):
        return "choice"
    return "word" if isinstance(value, str) else "number"


ResultEntry = Annotated[
    Annotated[Annotated[int, Field(ge=1, le=200)], Tag("number")]
    | Annotated[Literal["item"], Tag("word")]
    | Annotated[ResultChoice, Tag("choice")],
    Discriminator(_result_kind),
]


class TurnFace(Strict):
    """An ability turns die ``die`` (its place in the roll) to face ``face``."""

    die: Annotated[int, Field(ge=1, le=200)] = Field(description="The die's place in the roll (from 1).")
    face: Annotated[int, Field(ge=1, le=MAX_FACES)] = Field(description="The face it is turned to (1-based).")


class RollFields(Strict):
    """The fields of a roll of skill dice, in an engage or outside battle."""

    adventurer: Name = Field(description="The adventurer who rolls.")
    gather: list[Name] = Field(
        default_factory=empty_list,
        max_length=60,
        description="The skill dice gathered (step 4), by name, once per die; rolled in this order.",
    )
    resolve: list[ResultEntry] | None = Field(
        None,
        max_length=200,
        description="The results to resolve, in order (default: every die in roll order, then the item). "
        "A die left out is not resolved: it is exhausted.",
    )
    reroll: list[Annotated[int, Field(ge=1, le=200)]] = Field(
        default_factory=empty_list,
        max_length=60,
        description="Dice an ability rerolls (their places in the roll, step 5a).",
    )
    turn: list[TurnFace] = Field(
        default_factory=empty_list, max_length=60, description="Dice an ability turns to another face (step 5a)."
    )
    reactions: list[Name] = Field(
        default_factory=empty_list,
        description="Companions and adventurers that choose to use their triggered skills (enemies must).",
    )
    dice: DiceList | None = Field(
        None,
        max_length=1000,
        description="Given dice: FACE NUMBERS (1-based places in each die's faces), in roll order, then rerolls.",
    )


class EngageAction(RollFields):
    """The engage action: fatigue, battle form, target, gather and roll, resolve, reactions."""

    do: Literal["engage"] = Field(description="The action: an engage.")
    form: Form | None = Field(None, description="The battle form declared (default: the adventurer's current one).")
    target: Name | None = Field(None, description="The declared target: an enemy in sight and in the form's range.")
    targets: list[Name] | None = Field(
        None,
        max_length=10,
        description="More than one target, when the chosen item's ability says so (its 'targets').",
    )
    item: Name | None = Field(None, description="The ready item whose ability is used (its forms include the form).")
    overtax: bool = Field(False, description="Pay the item's overtax cost for its stronger ability.")
    free_dice: Annotated[int, Field(ge=0, le=20)] = Field(
        0, description="Free enemy combat dice an ability adds to the roll (beyond the item's own)."
    )
    granted: bool = Field(False, description="An engage granted by an ability, outside an engage action.")

    @model_validator(mode="after")
    def _one_way(self) -> EngageAction:
        if self.target is not None and self.targets is not None:
            raise ValueError(_("give either 'target' or 'targets', not both"))
        return self

    def target_names(self) -> list[str]:
        return list(self.targets) if self.targets is not None else ([self.target] if self.target else [])

    def describe(self) -> ActionHeader:
        names = ", ".join(self.target_names())
        if self.granted:
            text = (
                _("{unit} engages {targets} (granted by an ability)", unit=self.adventurer, targets=names)
                if names
                else _("{unit} engages (no target) (granted by an ability)", unit=self.adventurer)
            )
        elif names:
            text = _("{unit} engages {targets}", unit=self.adventurer, targets=names)
        else:
            text = _("{unit} engages (no target)", unit=self.adventurer)
        return ActionHeader(self.adventurer, "engage", text)


class RollSkillDiceAction(RollFields):
    """Rolling skill dice outside battle: no fatigue, form or target; reactions still answer it."""

    do: Literal["roll_skill_dice"] = Field(description="The action: roll skill dice outside battle.")

    describe = header(_, N_("{unit} rolls skill dice outside battle"), actor="adventurer", unit="adventurer")


class MoveAction(Strict):
    """A move: up to Stamina hexes through open hexes (ruling movement)."""

    do: Literal["move"] = Field(description="The action: a move.")
    adventurer: Name = Field(description="The adventurer who moves.")
    to: HexInput = Field(description="The hex it moves to.")
    dice: DiceList | None = Field(None, max_length=0, description="A move rolls no dice.")

    def describe(self) -> ActionHeader:
        return ActionHeader(
            self.adventurer, "move", _("{unit} moves to {hex}", unit=self.adventurer, hex=list(self.to))
        )


class AuraAction(Strict):
    """An enemy's or companion's aura, used by its own action (not an engage)."""

    do: Literal["aura"] = Field(description="The action: an enemy's or companion's aura.")
    unit: Name = Field(description="The enemy or companion whose aura it is.")
    skill: Name = Field(description="The aura skill's name.")
    reactions: list[Name] = Field(
        default_factory=empty_list,
        description="Companions that choose to use the 'damaged' and 'defeated' skills the aura triggers "
        "(enemies must).",
    )
    dice: DiceList | None = Field(None, max_length=0, description="An aura rolls no dice.")

    describe = header(_, N_("{unit} uses {skill}"), actor="unit")


class EndTurnAction(Strict):
    """The adventurer's turn ends; its next one starts with the Recovery step (ruling recovery)."""

    do: Literal["end_turn"] = Field(description="The action: end the adventurer's turn.")
    adventurer: Name = Field(description="The adventurer whose turn ends.")
    dice: DiceList | None = Field(None, max_length=0, description="Ending a turn rolls no dice.")

    describe = header(_, N_("{unit} ends the turn"), actor="adventurer", unit="adventurer")


BotseAction = EngageAction | RollSkillDiceAction | MoveAction | AuraAction | EndTurnAction
"""Every action of a BotSE scenario (the resolver has one handler for each)."""

Action = Annotated[BotseAction, Field(discriminator="do")]


class BotseScenario(ScenarioFile):
    """A BotSE scenario file: the dice as data, the hex map, the units and the actions to resolve."""

    ruleset: Literal["botse"] = Field(description="The game: botse.")
    dice_set: Literal["sample", "none"] = Field(
        "none", description="'sample' adds the bundled ILLUSTRATIVE dice (not the printed game's faces)."
    )
    skill_lines: dict[Name, SkillLineInput] = Field(
        default_factory=empty_dict,
        max_length=50,
        description="The skill lines by name, each with its dice described face by face (a line of the sample "
        "set with the same name is replaced).",
    )
    enemy_dice: dict[Name, EnemyDieInput] = Field(
        default_factory=empty_dict,
        max_length=20,
        description="Enemy combat dice by name; free combat dice are rolled with the first one.",
    )
    map: MapInput = Field(description="The hex battle map, with its blocked hexes (which stop sight).")
    adventurers: dict[Name, AdventurerInput] = Field(
        min_length=1, max_length=10, description="The adventurers by name: stats, dice, tracks, items, reactions."
    )
    enemies: dict[Name, CreatureInput] = Field(
        default_factory=empty_dict, max_length=200, description="The enemies by name: Health, Defense, skills."
    )
    companions: dict[Name, CreatureInput] = Field(
        default_factory=empty_dict, max_length=50, description="The companions by name: Health, Defense, skills."
    )
    actions: list[Action] = Field(
        default_factory=empty_list, max_length=10_000, description="The actions to resolve, in order (do: engage, ...)."
    )
