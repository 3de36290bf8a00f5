"""The working area of one BotSE action (:class:`BotseTurn`) and what an engage decided before its dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import force_setattr

from tabroll.engine.work import StateField, Turn
from tabroll.errors import RuleRefusal
from tabroll.frozen import eq_hash_without

from .messages import _, n_, p_
from .model import BotseOptions, Form, RollFields
from .state import Ability, Battle, Die, Face, Unit

if TYPE_CHECKING:
    from .results import Summing

PLACES = ("exhausted", "active", "drained", "discarded", "status")


class Rolled(msgspec.Struct):
    """A die in the roll: its place in the roll (from 1), its definition, the face it shows."""

    number: int
    die: Die
    face_number: int
    free: bool = False

    @property
    def face(self) -> Face:
        return self.die.faces[self.face_number - 1]


class BotseTurn(Turn[Battle], eq=False, kw_only=True, dict=True):  # a working area: never compared nor shown
    """The working area of one action, with the engage's tallies."""

    running: dict[str, int] = msgspec.field(default_factory=dict)
    damaged: set[str] = msgspec.field(default_factory=set)
    defeated: set[str] = msgspec.field(default_factory=set)
    placed: dict[int, str] = msgspec.field(default_factory=dict)
    options = StateField[BotseOptions]()

    def _forked(self) -> None:
        self.running = dict(self.running)
        self.damaged = set(self.damaged)
        self.defeated = set(self.defeated)
        self.placed = dict(self.placed)

    def put(self, unit: Unit) -> None:
        self.state = self.state.with_unit(unit)


class Engage(msgspec.Struct, frozen=True):
    """What the steps decided before the first die, the same for every outcome of the dice (so the steps carry it
    uncompared): ``target`` is the first of ``targets`` or the one a result aims at; ``plain``: the walk may read
    the dice by what they do added up (:func:`~.merging.merges_by_effects`); ``rolled``: each outcome's own dice;
    ``purposes``: what each die is rolled for, said once when made (a copy keeps them)."""

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
    rolled: list[Rolled] = msgspec.field(default_factory=list)  # not compared
    summed: list[Summing] = msgspec.field(default_factory=list)  # not compared; by :func:`~.results.summing_of`
    purposes: tuple[str, ...] = ()  # not compared; worked out in __post_init__

    __eq__, __hash__ = eq_hash_without("rolled", "summed", "purposes")

    def __post_init__(self) -> None:
        """What each die is rolled for (a free enemy combat die, or the die it is)."""
        if len(self.purposes) != len(self.dice):
            force_setattr(
                self,
                "purposes",
                tuple(
                    _("free enemy combat die, die {number} ({sides} faces)", number=number, sides=die.sides)
                    if number > self.gathered
                    else _("{die}, die {number} ({sides} faces)", die=die.name, number=number, sides=die.sides)
                    for number, die in enumerate(self.dice, start=1)
                ),
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
