"""Magic: The Gathering of Heroes battle state: immutable combatants and the range bands between them."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tabroll.engine import find_named
from tabroll.geometry.bands import BandScale, RangeBands

SCALE = BandScale.of(
    "direct",
    "near",
    "far",
    aliases={"bezpośredni": "direct", "bezposredni": "direct", "bliski": "near", "daleki": "far", "melee": "direct"},
)
"""The three ranges of the game, closest first."""


@dataclass(frozen=True, slots=True)
class BandRules:
    """What a pair of combatants may do to each other at one range band."""

    fight: bool
    target_creature_only: bool
    reach_penalty: int
    why_not: str


BAND_RULES: dict[str, BandRules] = {
    "far": BandRules(
        fight=False,
        target_creature_only=False,
        reach_penalty=0,
        why_not="at far range there is no direct fighting and no spell or ability that targets only creatures; "
        "move to near range first",
    ),
    "near": BandRules(fight=True, target_creature_only=True, reach_penalty=2, why_not=""),
    "direct": BandRules(fight=True, target_creature_only=True, reach_penalty=2, why_not=""),
}


@dataclass(frozen=True, slots=True)
class Combatant:
    """A character or a creature, with what this turn has done to it."""

    name: str
    kind: str  # "character" or "creature"
    side: str
    power: int
    toughness: int
    life: int
    max_life: int
    speed: int = 1
    reach: int = 0
    focus: int = 0
    mastery: int = 0
    memory: int = 0
    mana: int = 0
    max_mana: int = 0
    identity: str = ""
    keywords: frozenset[str] = frozenset()
    controller: str | None = None
    summoning_sick: bool = False
    toughness_pool: int | None = None  # None: no exchange this turn yet (the next defence rolls)
    actions_used: int = 0
    moved: bool = False
    attacked: bool = False
    extra_attack: bool = False  # a Trample follow-up granted
    spells_cast: int = 0
    commanded: bool = False  # a character spent its one Command action this turn
    power_change: int = 0  # until end of turn
    toughness_change: int = 0  # until end of turn
    fleeing: int | None = None  # damage taken since it began to flee (None: not fleeing)
    out: bool = False  # destroyed, exiled, lost the battle or beaten at 0 Life
    out_reason: str = ""

    @property
    def power_now(self) -> int:
        """Power after this turn's changes (never below 0)."""
        return max(0, self.power + self.power_change)

    @property
    def toughness_now(self) -> int:
        """Toughness after this turn's changes (never below 0)."""
        return max(0, self.toughness + self.toughness_change)

    @property
    def is_character(self) -> bool:
        return self.kind == "character"

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def in_fight(self) -> bool:
        return not self.out and self.life > 0


@dataclass(frozen=True, slots=True)
class Battle:
    """The whole state: every combatant (those out of the fight stay, marked), ranges, turn order, options."""

    combatants: tuple[Combatant, ...]
    bands: RangeBands
    options: Any
    reserve: tuple[Combatant, ...] = ()
    order: tuple[str, ...] = ()
    active: str | None = None  # whose turn it is, once initiative fixed the order
    turn: int = 1

    def unit(self, name: str) -> Combatant:
        return find_named(self.combatants, name, what="combatant", where=" in the fight")

    def with_unit(self, unit: Combatant) -> Battle:
        return dataclasses.replace(self, combatants=tuple(unit if u.name == unit.name else u for u in self.combatants))

    def band(self, a: str, b: str) -> str:
        return self.bands.between(a, b)

    def enemies(self, unit: Combatant) -> list[Combatant]:
        return [u for u in self.combatants if u.side != unit.side and not u.out]
