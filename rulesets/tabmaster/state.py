"""TAB MASTER battle state: immutable units on an immutable board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec.structs import force_setattr, replace

from tabroll.frozen import hash_without
from tabroll.geometry.grid import Board, Direction, Square
from tabroll.kit.roster import Roster

from .profiles import AttackProfile


class Unit(msgspec.Struct, frozen=True, cache_hash=True):  # hashed in every key of the exact walk
    """A unit on the board (or defeated, with no position)."""

    name: str
    side: str
    position: Square | None
    primary: AttackProfile
    defense: int
    movement: int = 0
    height_limit: int = 0
    secondary: AttackProfile | None = None
    vitality: int | None = None
    max_vitality: int | None = None
    traits: frozenset[str] = frozenset()
    essences: frozenset[str] = frozenset()
    ammunition: tuple[tuple[str, int], ...] = ()
    facing: Direction = Direction.N
    flipped: bool = False
    defeated: bool = False
    statuses: tuple[str, ...] = ()
    catalogue: str | None = None
    special_damage: str = "normal"  # the card's Special as data: normal, none, or a dice expression
    special_note: str | None = None

    @property
    def on_board(self) -> bool:
        return not self.defeated and self.position is not None

    def ammo(self, kind: str) -> int:
        return next((count for name, count in self.ammunition if name.casefold() == kind.casefold()), 0)

    def with_ammo(self, kind: str, count: int) -> Unit:
        kept = tuple((n, c) for n, c in self.ammunition if n.casefold() != kind.casefold())
        return replace(self, ammunition=(*kept, (kind, count)))

    def matches(self, condition: Mapping[str, str]) -> bool:
        """Whether this unit meets an element-table condition such as ``{"essence": "fire"}``."""
        if "essence" in condition:
            return condition["essence"] in self.essences
        if "trait" in condition:
            return condition["trait"] in self.traits
        return False


class Battle(msgspec.Struct, frozen=True):  # part of every key of the exact walk
    """The whole state: the board, every unit (defeated ones stay, marked), the round, the options."""

    board: Board  # compared, not hashed: the board and the options stay as a battle goes on
    units: tuple[Unit, ...]
    options: Any  # not hashed
    round: int = 1
    pools: tuple[tuple[str, str, int], ...] = ()  # the army sheets: (side, projectile kind, count)

    __hash__ = hash_without("board", "options")

    def __post_init__(self) -> None:
        # The units as a Roster: a tuple equal to the one given, with lookup by name in O(1).
        force_setattr(self, "units", Roster.of(self.units))

    @property
    def roster(self) -> Roster[Unit]:
        return Roster.of(self.units)

    def pool(self, side: str, kind: str) -> int:
        found = (count for owner, name, count in self.pools if owner == side and name.casefold() == kind.casefold())
        return next(found, 0)

    def with_pool(self, side: str, kind: str, count: int) -> Battle:
        kept = tuple(p for p in self.pools if not (p[0] == side and p[1].casefold() == kind.casefold()))
        return replace(self, pools=(*kept, (side, kind, count)))

    def unit(self, name: str) -> Unit:
        return self.roster.find(name)

    def unit_at(self, square: Square) -> Unit | None:
        return self.roster.by(_square_held).get(square)

    def living(self) -> list[Unit]:
        return [u for u in self.units if u.on_board]

    def with_unit(self, unit: Unit) -> Battle:
        return replace(self, units=self.roster.replace(unit))

    def with_roster(self, roster: Roster[Unit]) -> Battle:
        return replace(self, units=roster)

    def distance(self, a: Square, b: Square) -> int:
        return self.board.distance(a, b, metric=self.options.distance)


def _square_held(unit: Unit) -> Square | None:
    """The square a unit holds (None once defeated): the key of :meth:`Battle.unit_at`'s index."""
    return unit.position if unit.on_board else None
