"""Ahotnik board state: immutable Ahotniks and Demons on an immutable hex map, with the threat level."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tabroll.errors import RuleRefusal
from tabroll.geometry.hex import Hex, HexMap


@dataclass(frozen=True, slots=True)
class Ahotnik:
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


@dataclass(frozen=True, slots=True)
class Demon:
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


@dataclass(frozen=True, slots=True)
class Board:
    """The whole state: the map (its blocked hex is the Singularity), the units, the threat level, the options."""

    map: HexMap
    ahotniks: tuple[Ahotnik, ...]
    demons: tuple[Demon, ...]
    threat: int
    options: Any
    game_over: str | None = None

    @property
    def singularity(self) -> Hex | None:
        return next(iter(self.map.blocked), None)

    @property
    def threat_floor(self) -> int:
        """The threat level never falls below the number of Ahotniks in play."""
        return len(self.ahotniks)

    def ahotnik(self, name: str) -> Ahotnik:
        for a in self.ahotniks:
            if a.name == name:
                return a
        raise RuleRefusal(f"there is no Ahotnik called '{name}'", rule="unknown Ahotnik", tip=self._names_tip())

    def demon(self, name: str) -> Demon | None:
        return next((d for d in self.demons if d.name == name), None)

    def unit(self, name: str) -> Unit:
        demon = self.demon(name)
        return demon if demon is not None else self.ahotnik(name)

    def unit_at(self, h: Hex) -> Unit | None:
        for a in self.ahotniks:
            if a.position == h:
                return a
        for d in self.demons:
            if d.position == h:
                return d
        return None

    def replace(self, unit: Unit) -> Board:
        if isinstance(unit, Ahotnik):
            ahotniks = tuple(unit if a.name == unit.name else a for a in self.ahotniks)
            return dataclasses.replace(self, ahotniks=ahotniks)
        if self.demon(unit.name) is None:
            return dataclasses.replace(self, demons=(*self.demons, unit))
        return dataclasses.replace(self, demons=tuple(unit if d.name == unit.name else d for d in self.demons))

    def _names_tip(self) -> str:
        return "the Ahotniks are: " + ", ".join(a.name for a in self.ahotniks)
