"""Ahotnik scenario files: the pydantic models that validate them (stats also under the game's own Italian names,
``Scudi``, ``Vita``…), and the house-rule options."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AliasChoices, Field, model_validator

from tabroll.i18n import N_
from tabroll.kit import ActionHeader, header
from tabroll.kit.models import ScenarioFile, Strict, empty_dict, empty_list

from .messages import _

Coordinate = Annotated[int, Field(ge=-1000, le=1000)]
HexInput = tuple[Coordinate, Coordinate]
DirectionNumber = Annotated[int, Field(ge=1, le=6)]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Amount = Annotated[int, Field(ge=0, le=1000)]


class AhotnikOptions(Strict):
    """House-rule options of Ahotnik (see rulesets/ahotnik/README.md for the reasoning)."""

    phase_order: Literal["per_ahotnik", "step_by_step"] = Field(
        "per_ahotnik",
        description=N_(
            "Each Ahotnik runs all four steps (direction, target, damage, outcome) before the next one "
            "in turn order (per_ahotnik), or each step is done by every Ahotnik before the next step (step_by_step)."
        ),
    )
    zero_damage_hit: bool = Field(
        True,
        description=N_(
            "A Demon reached by a ranged shot for 0 damage counts as hit, so the attacker enters phase "
            "transition (true), or only a Demon dealt at least 1 damage counts (false)."
        ),
    )
    transition_attacks: bool = Field(
        True, description=N_("An Ahotnik already in phase transition still attacks (true) or only turns (false).")
    )
    game_end: Literal["finish_shot", "at_once"] = Field(
        "finish_shot",
        description=N_(
            "When a ranged shot takes an Ahotnik to 0 Life, the rest of the same shot still hits "
            "(finish_shot), or nothing more happens after that blow (at_once)."
        ),
    )


class MapInput(Strict):
    """The hex map: a hexagon (``radius``), a rectangle (``columns`` and ``rows``) or a list of ``cells``."""

    radius: int | None = Field(None, ge=0, le=200, description="A hexagon of every hex within R steps of [0, 0].")
    columns: int | None = Field(None, ge=1, le=400, description="A rectangle's columns (with rows).")
    rows: int | None = Field(None, ge=1, le=400, description="A rectangle's rows (with columns).")
    cells: list[HexInput] | None = Field(None, max_length=20_000, description="The map's hexes, [q, r] axial.")
    orientation: Literal["pointy", "flat"] = Field("pointy", description="Pointy-top or flat-top hexes.")
    first_direction: str | None = Field(
        None, description="The side direction 1 points to (pointy: NE by default; flat: N); numbered clockwise."
    )
    singularity: HexInput | None = Field(
        None,
        validation_alias=AliasChoices("singularity", "singolarita", "Singolarità"),
        description="The Singularity's hex: nobody stands there and it stops ranged shots.",
    )


class AhotnikInput(Strict):
    """A giant robot steered by two pilots."""

    at: HexInput = Field(validation_alias=AliasChoices("at", "position"), description="Its hex, [q, r] axial.")
    facing: DirectionNumber = Field(1, description="The direction number (1-6) it faces.")
    shields: Amount = Field(0, validation_alias=AliasChoices("shields", "Scudi", "scudi"), description="Scudi.")
    life: Annotated[int, Field(ge=1, le=1000)] = Field(
        validation_alias=AliasChoices("life", "Vita", "vita"), description="Vita: at 0 the game ends."
    )
    phase_transition: bool = Field(
        False,
        validation_alias=AliasChoices("phase_transition", "transizione_di_fase", "transition"),
        description="Whether it starts in phase transition (attacks ignore it).",
    )
    dna: list[Name] = Field(
        default_factory=empty_list,
        max_length=100,
        validation_alias=AliasChoices("dna", "DNA"),
        description="The Demon identities whose DNA it owns (they ignore each other).",
    )
    team: Name | None = Field(None, description="Ahotniks of the same team are not enemies (default: each alone).")


class DemonInput(Strict):
    """A Demon: on the board (``at``) or not summoned yet."""

    at: HexInput | None = Field(
        None, validation_alias=AliasChoices("at", "position"), description="Its hex (none: not on the board yet)."
    )
    shields: Amount = Field(0, validation_alias=AliasChoices("shields", "Scudi", "scudi"), description="Scudi.")
    life: Annotated[int, Field(ge=1, le=1000)] = Field(
        validation_alias=AliasChoices("life", "Vita", "vita"), description="Vita: at 0 it is exiled."
    )
    identity: Name | None = Field(None, description="Which Demon this is, for DNA (default: its name).")


PilotNumbers = Annotated[tuple[DirectionNumber, ...], Field(description="the two numbers the pilots named")]


def _check_two(value: tuple[int, ...] | None, what: str) -> None:
    if value is not None and len(value) != 2:
        raise ValueError(_("'{what}' needs two numbers, one per pilot (got {count})", what=what, count=len(value)))


class ChoiceInput(Strict):
    """One Ahotnik's direction choice: the two pilots' numbers, or the synapse result given directly."""

    pilots: PilotNumbers | None = Field(
        None, description="The two numbers the pilots named, e.g. [2, 2] (the same twice: a synapse success)."
    )
    synapse: Literal["success", "forced"] | None = Field(
        default=None, description="The synapse result, given directly."
    )
    direction: DirectionNumber | None = Field(default=None, description="The direction it turns to (given or picked).")
    directions: tuple[DirectionNumber, ...] | None = Field(
        default=None, description="A forced synapse's two named directions: tabroll picks one with a 1d2."
    )

    @model_validator(mode="after")
    def _consistent(self) -> ChoiceInput:
        _check_two(self.pilots, "pilots")
        _check_two(self.directions, "directions")
        if self.pilots is not None:
            if self.synapse is not None or self.direction is not None or self.directions is not None:
                raise ValueError(_("give either 'pilots: [a, b]' or 'synapse' with 'direction'/'directions', not both"))
            return self
        if self.synapse is None:
            raise ValueError(_("give 'pilots: [a, b]' (the two numbers named) or 'synapse: success|forced'"))
        if self.synapse == "success":
            if self.direction is None or self.directions is not None:
                raise ValueError(_("a successful synapse gives one 'direction'"))
        elif (self.direction is None) == (self.directions is None):
            raise ValueError(
                _(
                    "a forced synapse gives 'directions: [a, b]' (the two named; tabroll picks one at random) "
                    "or 'direction' (already picked at the table)"
                )
            )
        return self


Choice = Annotated[
    ChoiceInput | PilotNumbers,
    Field(description="[a, b]: the numbers the two pilots named; or {synapse: success|forced, direction(s)}"),
]


def as_choice(value: PilotNumbers | ChoiceInput) -> ChoiceInput:
    """The long form of a choice (``[a, b]`` is short for ``{pilots: [a, b]}``)."""
    return value if isinstance(value, ChoiceInput) else ChoiceInput(pilots=value)


DiceList = list[Annotated[int, Field(ge=1, le=10**6)]]


class AttackPhaseAction(Strict):
    """The whole attack phase: every Ahotnik in turn order, with its pilots' choices."""

    do: Literal["attack_phase"] = Field(
        description="The kind of action: the whole attack phase, every Ahotnik in turn order."
    )
    choices: dict[Name, Choice] = Field(
        default_factory=empty_dict, max_length=100, description="Each Ahotnik's choice (others: asked of the dice)."
    )
    dice: DiceList | None = Field(None, max_length=10_000, description="This action's dice, in the order drawn.")

    @model_validator(mode="after")
    def _pairs(self) -> AttackPhaseAction:
        for name, choice in self.choices.items():
            if not isinstance(choice, ChoiceInput):
                _check_two(choice, f"choices.{name}")
        return self

    describe = header(_, N_("attack phase"))


class AttackAction(Strict):
    """One Ahotnik's attack step alone; ``target``, if given, must be what the rules pick."""

    do: Literal["attack"] = Field(description="The kind of action: one Ahotnik's attack.")
    ahotnik: Name = Field(validation_alias=AliasChoices("ahotnik", "attacker"), description="The attacking Ahotnik.")
    choice: Choice | None = Field(None, description="Its pilots' choice (none: asked of the dice).")
    target: Name | None = Field(None, description="The unit it must attack (refused if the rules pick another).")
    dice: DiceList | None = Field(None, max_length=10_000, description="This action's dice, in the order drawn.")

    @model_validator(mode="after")
    def _pair(self) -> AttackAction:
        if self.choice is not None and not isinstance(self.choice, ChoiceInput):
            _check_two(self.choice, "choice")
        return self

    describe = header(_, N_("{unit} attacks"), actor="ahotnik", unit="ahotnik")


class SummonAction(Strict):
    """A Demon is summoned (threat +1): a new one, or an exiled one coming back."""

    do: Literal["summon"] = Field(description="The kind of action: a Demon enters the board (threat +1).")
    demon: Name = Field(description="The Demon summoned.")
    at: HexInput = Field(description="Its hex.")
    shields: Amount = Field(0, validation_alias=AliasChoices("shields", "Scudi", "scudi"), description="Scudi.")
    life: Annotated[int, Field(ge=1, le=1000)] = Field(
        validation_alias=AliasChoices("life", "Vita", "vita"), description="Vita."
    )
    identity: Name | None = Field(None, description="Which Demon this is, for DNA (default: its name).")
    dice: DiceList | None = Field(None, max_length=0, description="A summon rolls no dice.")

    def describe(self) -> ActionHeader:
        return ActionHeader(self.demon, "summon", _("{unit} is summoned at {hex}", unit=self.demon, hex=list(self.at)))


class TerrainAction(Strict):
    """A Contaminated Terrain token (placed by the Earth Demon) is revealed (threat +1) or removed (threat -1)."""

    do: Literal["contaminated_terrain"] = Field(
        description="The kind of action: contaminated terrain is revealed or removed (threat +1 or -1)."
    )
    change: Literal["revealed", "removed"] = Field(description="revealed (threat +1) or removed (threat -1).")
    dice: DiceList | None = Field(None, max_length=0, description="A token rolls no dice.")

    def describe(self) -> ActionHeader:
        if self.change == "revealed":
            return ActionHeader(None, "contaminated_terrain", _("a Contaminated Terrain token is revealed"))
        return ActionHeader(None, "contaminated_terrain", _("a Contaminated Terrain token is removed"))


class EndTransitionAction(Strict):
    """Phase transition ends for the named Ahotniks (all of them when none is named)."""

    do: Literal["end_transition"] = Field(description="The kind of action: phase transition ends.")
    ahotniks: list[Name] | None = Field(None, max_length=100, description="The Ahotniks (none named: all).")
    dice: DiceList | None = Field(None, max_length=0, description="Ending phase transition rolls no dice.")

    def describe(self) -> ActionHeader:
        if self.ahotniks is None:
            return ActionHeader(None, "end_transition", _("phase transition ends for every Ahotnik"))
        who = ", ".join(self.ahotniks)
        return ActionHeader(None, "end_transition", _("phase transition ends for {units}", units=who))


AhotnikAction = AttackPhaseAction | AttackAction | SummonAction | TerrainAction | EndTransitionAction
Action = Annotated[AhotnikAction, Field(discriminator="do")]


class AhotnikScenario(ScenarioFile):
    ruleset: Literal["ahotnik"] = Field(description="This file's game: ahotnik.")
    map: MapInput = Field(description="The hex map and its Singularity.")
    threat: int = Field(
        validation_alias=AliasChoices("threat", "Minaccia", "minaccia"),
        ge=0,
        le=1000,
        description="The threat level (Minaccia); never below the number of Ahotniks.",
    )
    ahotniks: dict[Name, AhotnikInput] = Field(min_length=1, max_length=100, description="The Ahotniks by name.")
    turn_order: list[Name] | None = Field(
        None, max_length=100, description="The Ahotniks' turn order (default: the order of 'ahotniks')."
    )
    demons: dict[Name, DemonInput] = Field(
        default_factory=empty_dict, max_length=1000, description="The Demons by name."
    )
    actions: list[Action] = Field(default_factory=empty_list, max_length=10_000, description="The actions, in order.")
