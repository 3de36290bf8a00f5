"""The working area of one BotSE action (:class:`BotseTurn`) and what an engage decided before its dice."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from tabroll.engine.work import StateField, Turn
from tabroll.errors import RuleRefusal

from .messages import _, n_, p_
from .model import BotseOptions, Form, RollFields
from .state import Ability, Battle, Die, Face, Unit

if TYPE_CHECKING:
    from .results import Summing

PLACES = ("exhausted", "active", "drained", "discarded", "status")


@dataclass
class Rolled:
    """A die in the roll: its place in the roll (from 1), its definition, the face it shows."""

    number: int
    die: Die
    face_number: int
    free: bool = False

    @property
    def face(self) -> Face:
        return self.die.faces[self.face_number - 1]


@dataclass(kw_only=True)
class BotseTurn(Turn[Battle]):
    """The working area of one action, with the engage's tallies."""

    running: dict[str, int] = field(default_factory=dict)
    damaged: set[str] = field(default_factory=set)
    defeated: set[str] = field(default_factory=set)
    placed: dict[int, str] = field(default_factory=dict)
    options = StateField[BotseOptions]()

    def _forked(self) -> None:
        self.running = dict(self.running)
        self.damaged = set(self.damaged)
        self.defeated = set(self.defeated)
        self.placed = dict(self.placed)

    def put(self, unit: Unit) -> None:
        self.state = self.state.with_unit(unit)


@dataclass(frozen=True)
class Engage:
    """What the steps decided before the first die, the same for every outcome of the dice (so the steps carry it
    uncompared): ``target`` is the first of ``targets`` or the one a result aims at; ``plain``: the walk may read
    the dice by what they do added up (:func:`~.merging.merges_by_effects`); ``rolled``: each outcome's own dice."""

    action: RollFields
    adventurer: str
    form: Form | None
    target: str | None
    targets: tuple[str, ...]
    dice: tuple[Die, ...]
    gathered: int  # the first ``gathered`` dice were gathered; the rest are free enemy combat dice
    ability: Ability | None
    item: str | None
    plain: bool
    reacts: bool  # whether any unit has a skill that step 6 could trigger
    rolled: list[Rolled] = field(default_factory=list, compare=False)
    summed: list[Summing] = field(default_factory=list, compare=False, repr=False)  # by :func:`~.results.summing_of`

    @cached_property
    def purposes(self) -> tuple[str, ...]:
        """What each die is rolled for (a free enemy combat die, or the die it is), said once, when the dice are
        played: the exact walk reads none."""
        return tuple(
            _("free enemy combat die, die {number} ({sides} faces)", number=number, sides=die.sides)
            if number > self.gathered
            else _("{die}, die {number} ({sides} faces)", die=die.name, number=number, sides=die.sides)
            for number, die in enumerate(self.dice, start=1)
        )


def die_number(setup: Engage, number: int, field_name: str) -> Rolled:
    if not 1 <= number <= len(setup.rolled):
        raise RuleRefusal(
            n_(
                "{field}: there is no die {number}; {n} dice were rolled",
                "{field}: there is no die {number}; {n} dice were rolled",
                len(setup.rolled),
                field=field_name,
                number=number,
            ),
            rule=p_("rule", "results"),
        )
    return setup.rolled[number - 1]
