"""The working area of one BotSE action (:class:`BotseTurn`) and what an engage decided before its results."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabroll.engine.work import Turn
from tabroll.errors import RuleRefusal

from .messages import n_, p_
from .model import BotseOptions, Form
from .state import Ability, Battle, Die, Face, Unit

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

    def _forked(self) -> None:
        self.running = dict(self.running)
        self.damaged = set(self.damaged)
        self.defeated = set(self.defeated)
        self.placed = dict(self.placed)

    @property
    def options(self) -> BotseOptions:
        options: BotseOptions = self.state.options
        return options

    def put(self, unit: Unit) -> None:
        self.state = self.state.with_unit(unit)


@dataclass
class Engage:
    """What the steps decided: who rolls, in which form, at which target, with which dice and item."""

    adventurer: str
    form: Form | None
    target: str | None
    rolled: list[Rolled]
    ability: Ability | None = None
    item: str | None = None
    targets: tuple[str, ...] = ()  # every declared target (``target`` is the first, or the one a result aims at)


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
