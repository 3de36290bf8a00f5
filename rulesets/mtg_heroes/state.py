"""Magic: The Gathering of Heroes battle state: immutable combatants and the range bands between them."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from tabroll.geometry.bands import BandScale, RangeBands
from tabroll.i18n import N_
from tabroll.kit.roster import Roster

SCALE = BandScale.of(
    "direct",
    "near",
    "far",
    aliases={"bezpośredni": "direct", "bezposredni": "direct", "bliski": "near", "daleki": "far", "melee": "direct"},
)
"""The three ranges of the game, closest first."""


FAR_FORBIDS = N_(
    "at far range there is no direct fighting and no spell or ability that targets only creatures; "
    "move to near range first"
)
"""What far range forbids a pair of combatants; near and direct range allow both."""

REACH_PENALTY = 2
"""The Reach lost in a Reach phase at near (or direct) range of an enemy."""


class Combatant(msgspec.Struct, frozen=True, cache_hash=True):  # hashed in every key of the exact walk
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
    spells_cast: int = 0
    commanded: bool = False  # a character spent its one Command action this turn
    power_change: int = 0  # until end of turn
    toughness_change: int = 0  # until end of turn
    lasting_power: int = 0  # from permanent effects while they are upheld
    lasting_toughness: int = 0
    fleeing: int | None = None  # damage taken since it began to flee (None: not fleeing)
    out: bool = False  # destroyed, exiled, lost the battle or beaten at 0 Life
    out_reason: str = ""
    commands_closed: bool = False  # a character took a non-command action this turn: no more commands
    pushed_back: bool = False  # attacked without Vigilance: it must be refreshed before it attacks again
    refreshed: bool = True  # a creature its controller upheld in this turn's Upkeep (checked once turns are kept)
    upheld: int = 0  # permanents and creatures a character upheld in its Upkeep this turn (Focus spent)
    reached: bool = False  # had its Reach phase this turn
    upkept: bool = False  # had its Upkeep this turn
    tracks_spells: bool = False  # its Memory and Library are listed, so casting a listed spell needs it in Memory
    memory_spells: tuple[str, ...] = ()  # the spells in Memory now
    library: tuple[str, ...] = ()  # the Library, next spell first
    graveyard: tuple[str, ...] = ()  # spells cast today: spent for the day

    @property
    def power_now(self) -> int:
        """Power after this turn's changes and upheld permanent effects (never below 0)."""
        return max(0, self.power + self.power_change + self.lasting_power)

    @property
    def toughness_now(self) -> int:
        """Toughness after this turn's changes and upheld permanent effects (never below 0)."""
        return max(0, self.toughness + self.toughness_change + self.lasting_toughness)

    @property
    def memory_limit(self) -> int:
        """How many spells may stay in Memory past the End phase: half of Memory, rounded up."""
        return (self.memory + 1) // 2

    @property
    def is_character(self) -> bool:
        return self.kind == "character"

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def in_fight(self) -> bool:
        return not self.out and self.life > 0


class Permanent(msgspec.Struct, frozen=True):
    """A permanent effect of a spell on a combatant: it lasts while its caster upholds it in the Upkeep phase."""

    spell: str
    caster: str
    target: str
    power: int
    toughness: int


class LastAct(msgspec.Struct, frozen=True):
    """The last thing done that others may respond to: a spell cast, or a commanded creature's action."""

    actor: str
    controller: str | None
    what: str
    split_second: bool = False


class SpellBook(msgspec.Struct, frozen=True, cache_hash=True):  # hashed once: its spells are pydantic models
    """The battle's spell list: (name, spell) pairs (a spell's model: ``SpellInput``), in the list's order."""

    entries: tuple[tuple[str, Any], ...] = ()


class Battle(msgspec.Struct, frozen=True, cache_hash=True):  # hashed in every key of the walk and of --until
    """The whole state: every combatant (those out of the fight stay, marked) as a
    :class:`~tabroll.kit.roster.Roster`, ranges, turn order, options."""

    combatants: Roster[Combatant]
    bands: RangeBands
    options: Any
    reserve: tuple[Combatant, ...] = ()
    order: tuple[str, ...] = ()
    active: str | None = None  # whose turn it is, once initiative fixed the order
    turn: int = 1
    phase: str | None = None  # the active combatant's phase, once initiative fixed the order (None: free play)
    spells: SpellBook = SpellBook()  # the spell list
    permanents: tuple[Permanent, ...] = ()
    follow_up: str | None = None  # a Trample follow-up is offered to this combatant, for the next action only
    last_act: LastAct | None = None
    result: str | None = None  # the battle is over: who won and how
    had_characters: frozenset[str] = frozenset()  # the sides that began with a character

    @property
    def roster(self) -> Roster[Combatant]:
        return Roster.of(self.combatants)

    def unit(self, name: str) -> Combatant:
        return Roster.of(self.combatants).find(name, what="combatant", where=" in the fight")

    def spell(self, name: str) -> Any | None:
        """The listed spell called ``name`` (None: not in the list)."""
        return next((spell for known, spell in self.spells.entries if known == name), None)

    def with_unit(self, unit: Combatant) -> Battle:
        return replace(self, combatants=Roster.of(self.combatants).replace(unit))

    def with_roster(self, roster: Roster[Combatant]) -> Battle:
        return replace(self, combatants=roster)

    def band(self, a: str, b: str) -> str:
        return self.bands.between(a, b)

    def enemies(self, unit: Combatant) -> list[Combatant]:
        return [u for u in self.combatants if u.side != unit.side and not u.out]
