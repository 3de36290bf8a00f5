"""Ahotnik board state: immutable Ahotniks and Demons on an immutable hex map, with the threat level."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import force_setattr, replace

from tabroll.errors import RuleRefusal
from tabroll.geometry.hex import Hex, HexMap
from tabroll.kit.roster import Roster

from .messages import _


class Ahotnik(msgspec.Struct, frozen=True, cache_hash=True):  # hashed in every key of the exact walk
    """A giant robot steered by two pilots. ``team`` None means it stands alone (every other Ahotnik is an enemy)."""

    name: str
    position: Hex
    facing: int
    shields: int
    life: int
    phase_transition: bool = False
    dna: frozenset[str] = frozenset()
    team: str | None = None

    def is_enemy_of(self, other: Ahotnik) -> bool:
        if other.name == self.name:
            return False
        return self.team is None or other.team != self.team


class Demon(msgspec.Struct, frozen=True, cache_hash=True):  # hashed in every key of the exact walk
    """A Demon; ``position`` None while it is off the board (exiled, or not summoned yet)."""

    name: str
    identity: str
    position: Hex | None
    shields: int
    life: int
    exiled: bool = False

    @property
    def on_board(self) -> bool:
        return self.position is not None


Unit = Ahotnik | Demon


class Board(msgspec.Struct, frozen=True):
    """The whole state: the map (its blocked hex is the Singularity), the units, the threat level, the options."""

    map: HexMap
    ahotniks: tuple[Ahotnik, ...]
    demons: tuple[Demon, ...]
    threat: int
    options: Any
    game_over: str | None = None

    def __post_init__(self) -> None:
        # Both lists as Rosters: tuples equal to the ones given, with lookup by name in O(1).
        force_setattr(self, "ahotniks", Roster.of(self.ahotniks))
        force_setattr(self, "demons", Roster.of(self.demons))

    @property
    def singularity(self) -> Hex | None:
        return next(iter(self.map.blocked), None)

    @property
    def threat_floor(self) -> int:
        """The threat level never falls below the number of Ahotniks in play."""
        return len(self.ahotniks)

    def ahotnik(self, name: str) -> Ahotnik:
        found = Roster.of(self.ahotniks).get(name)
        if found is not None:
            return found
        raise RuleRefusal(
            _("there is no Ahotnik called '{name}'", name=name),
            rule=_("unknown Ahotnik"),
            tip=_("the Ahotniks are: {names}", names=", ".join(a.name for a in self.ahotniks)),
        )

    def demon(self, name: str) -> Demon | None:
        return Roster.of(self.demons).get(name)

    def unit(self, name: str) -> Unit:
        demon = self.demon(name)
        return demon if demon is not None else self.ahotnik(name)

    def unit_at(self, h: Hex) -> Unit | None:
        found: Unit | None = Roster.of(self.ahotniks).by(_hex_held).get(h)
        return found if found is not None else Roster.of(self.demons).by(_hex_held).get(h)

    def replace(self, unit: Unit) -> Board:
        if isinstance(unit, Ahotnik):
            return replace(self, ahotniks=Roster.of(self.ahotniks).replace(unit))
        if self.demon(unit.name) is None:
            return replace(self, demons=(*self.demons, unit))
        return replace(self, demons=Roster.of(self.demons).replace(unit))


def _hex_held(unit: Unit) -> Hex | None:
    """The hex a unit stands on (None off the board): the key of :meth:`Board.unit_at`'s index."""
    return unit.position
