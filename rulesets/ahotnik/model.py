"""Ahotnik scenario files: the pydantic models that validate them, and the house-rule options.

Stats accept the game's own Italian names as aliases: ``Scudi`` (Shields), ``Vita`` (Life),
``transizione_di_fase`` (phase transition), ``Minaccia`` (threat level).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, model_validator

Coordinate = Annotated[int, Field(ge=-1000, le=1000)]
HexInput = tuple[Coordinate, Coordinate]
DirectionNumber = Annotated[int, Field(ge=1, le=6)]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Amount = Annotated[int, Field(ge=0, le=1000)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class AhotnikOptions(Strict):
    """House-rule options of Ahotnik (see rulesets/ahotnik/README.md for the reasoning)."""

    phase_order: Literal["per_ahotnik", "step_by_step"] = Field(
        "per_ahotnik",
        description="Each Ahotnik runs all four steps (direction, target, damage, outcome) before the next one "
        "in turn order (per_ahotnik), or each step is done by every Ahotnik before the next step (step_by_step).",
    )
    zero_damage_hit: bool = Field(
        True,
        description="A Demon reached by a ranged shot for 0 damage counts as hit, so the attacker enters phase "
        "transition (true), or only a Demon dealt at least 1 damage counts (false).",
    )
    transition_attacks: bool = Field(
        True, description="An Ahotnik already in phase transition still attacks (true) or only turns (false)."
    )
    game_end: Literal["finish_shot", "at_once"] = Field(
        "finish_shot",
        description="When a ranged shot takes an Ahotnik to 0 Life, the rest of the same shot still hits "
        "(finish_shot), or nothing more happens after that blow (at_once).",
    )


class MapInput(Strict):
    """The hex map: a hexagon (``radius``), a rectangle (``columns`` and ``rows``) or a list of ``cells``."""

    radius: int | None = Field(None, ge=0, le=200)
    columns: int | None = Field(None, ge=1, le=400)
    rows: int | None = Field(None, ge=1, le=400)
    cells: list[HexInput] | None = Field(None, max_length=20_000)
    orientation: Literal["pointy", "flat"] = "pointy"
    first_direction: str | None = Field(
        None, description="The side direction 1 points to (pointy: NE by default; flat: N); numbered clockwise."
    )
    singularity: HexInput | None = Field(
        None, validation_alias=AliasChoices("singularity", "singolarita", "Singolarità")
    )


class AhotnikInput(Strict):
    at: HexInput = Field(validation_alias=AliasChoices("at", "position"))
    facing: DirectionNumber = 1
    shields: Amount = Field(0, validation_alias=AliasChoices("shields", "Scudi", "scudi"))
    life: Annotated[int, Field(ge=1, le=1000)] = Field(validation_alias=AliasChoices("life", "Vita", "vita"))
    phase_transition: bool = Field(
        False, validation_alias=AliasChoices("phase_transition", "transizione_di_fase", "transition")
    )
    dna: list[Name] = Field(default_factory=list, max_length=100, validation_alias=AliasChoices("dna", "DNA"))
    team: Name | None = Field(None, description="Ahotniks of the same team are not enemies (default: each alone).")


class DemonInput(Strict):
    at: HexInput | None = Field(None, validation_alias=AliasChoices("at", "position"))
    shields: Amount = Field(0, validation_alias=AliasChoices("shields", "Scudi", "scudi"))
    life: Annotated[int, Field(ge=1, le=1000)] = Field(validation_alias=AliasChoices("life", "Vita", "vita"))
    identity: Name | None = Field(None, description="Which Demon this is, for DNA (default: its name).")


PilotNumbers = Annotated[tuple[DirectionNumber, ...], Field(description="the two numbers the pilots named")]


def _check_two(value: tuple[int, ...] | None, what: str) -> None:
    if value is not None and len(value) != 2:
        raise ValueError(f"'{what}' needs two numbers, one per pilot (got {len(value)})")


class ChoiceInput(Strict):
    """One Ahotnik's direction choice: the two pilots' numbers, or the synapse result given directly."""

    pilots: PilotNumbers | None = None
    synapse: Literal["success", "forced"] | None = None
    direction: DirectionNumber | None = None
    directions: tuple[DirectionNumber, ...] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> ChoiceInput:
        _check_two(self.pilots, "pilots")
        _check_two(self.directions, "directions")
        if self.pilots is not None:
            if self.synapse is not None or self.direction is not None or self.directions is not None:
                raise ValueError("give either 'pilots: [a, b]' or 'synapse' with 'direction'/'directions', not both")
            return self
        if self.synapse is None:
            raise ValueError("give 'pilots: [a, b]' (the two numbers named) or 'synapse: success|forced'")
        if self.synapse == "success":
            if self.direction is None or self.directions is not None:
                raise ValueError("a successful synapse gives one 'direction'")
        elif (self.direction is None) == (self.directions is None):
            raise ValueError(
                "a forced synapse gives 'directions: [a, b]' (the two named; tabroll picks one at random) "
                "or 'direction' (already picked at the table)"
            )
        return self


Choice = Annotated[
    ChoiceInput | PilotNumbers,
    Field(description="[a, b]: the numbers the two pilots named; or {synapse: success|forced, direction(s)}"),
]


def as_choice(value: PilotNumbers | ChoiceInput) -> ChoiceInput:
    """The long form of a choice (``[a, b]`` is short for ``{pilots: [a, b]}``)."""
    if isinstance(value, ChoiceInput):
        return value
    return ChoiceInput(pilots=value)


DiceList = list[Annotated[int, Field(ge=1, le=10**6)]]


class AttackPhaseAction(Strict):
    """The whole attack phase: every Ahotnik in turn order, with its pilots' choices."""

    do: Literal["attack_phase"]
    choices: dict[Name, Choice] = Field(default_factory=dict, max_length=100)
    dice: DiceList | None = Field(None, max_length=10_000)

    @model_validator(mode="after")
    def _pairs(self) -> AttackPhaseAction:
        for name, choice in self.choices.items():
            if not isinstance(choice, ChoiceInput):
                _check_two(choice, f"choices.{name}")
        return self


class AttackAction(Strict):
    """One Ahotnik's attack step alone; ``target``, if given, must be what the rules pick."""

    do: Literal["attack"]
    ahotnik: Name = Field(validation_alias=AliasChoices("ahotnik", "attacker"))
    choice: Choice | None = None
    target: Name | None = None
    dice: DiceList | None = Field(None, max_length=10_000)

    @model_validator(mode="after")
    def _pair(self) -> AttackAction:
        if self.choice is not None and not isinstance(self.choice, ChoiceInput):
            _check_two(self.choice, "choice")
        return self


class SummonAction(Strict):
    """A Demon is summoned (threat +1): a new one, or an exiled one coming back."""

    do: Literal["summon"]
    demon: Name
    at: HexInput
    shields: Amount = Field(0, validation_alias=AliasChoices("shields", "Scudi", "scudi"))
    life: Annotated[int, Field(ge=1, le=1000)] = Field(validation_alias=AliasChoices("life", "Vita", "vita"))
    identity: Name | None = None
    dice: DiceList | None = Field(None, max_length=0)


class TerrainAction(Strict):
    """A Contaminated Terrain token (placed by the Earth Demon) is revealed (threat +1) or removed (threat -1)."""

    do: Literal["contaminated_terrain"]
    change: Literal["revealed", "removed"]
    dice: DiceList | None = Field(None, max_length=0)


class EndTransitionAction(Strict):
    """Phase transition ends for the named Ahotniks (all of them when none is named)."""

    do: Literal["end_transition"]
    ahotniks: list[Name] | None = Field(None, max_length=100)
    dice: DiceList | None = Field(None, max_length=0)


Action = Annotated[
    AttackPhaseAction | AttackAction | SummonAction | TerrainAction | EndTransitionAction,
    Field(discriminator="do"),
]


class AhotnikScenario(Strict):
    ruleset: Literal["ahotnik"]
    title: str = ""
    description: str = ""
    seed: int | None = Field(None, ge=0, le=2**63)
    options: dict[str, Any] = Field(default_factory=dict)
    map: MapInput
    threat: int = Field(validation_alias=AliasChoices("threat", "Minaccia", "minaccia"), ge=0, le=1000)
    ahotniks: dict[Name, AhotnikInput] = Field(min_length=1, max_length=100)
    turn_order: list[Name] | None = Field(None, max_length=100)
    demons: dict[Name, DemonInput] = Field(default_factory=dict, max_length=1000)
    actions: list[Action] = Field(default_factory=list, max_length=10_000)
