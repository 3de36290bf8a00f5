"""F0R60D battle state: immutable cards (or detachments) on two facing fields, and the strategic actions in play.
The first side's field is rows 0-2 (0 retaguardia, 1 normal, 2 avanzada), the second's rows 3-5 (3 avanzada…)."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
import msgspec.structs
from msgspec.structs import replace

from tabroll.geometry.grid import Board, Square
from tabroll.kit.roster import Roster

from .cards import AbilityInput, AdditionInput, EffectInput

ROWS_PER_FIELD = 3
LINE_NAMES = {"front": "Avanzada", "normal": "Normal", "rear": "Retaguardia"}
T = TypeVar("T")
Decks = tuple[tuple[AdditionInput, ...] | None, tuple[AdditionInput, ...] | None]
"""Each side's addition deck, as the battle keeps them (None: no deck kept)."""


def at_side(pair: tuple[T, T], index: int, value: T) -> tuple[T, T]:
    """``pair``, one value for each side as the battle keeps them, with side ``index``'s replaced by ``value``."""
    return (value, pair[1]) if index == 0 else (pair[0], value)


def with_copies(additions: tuple[AdditionInput, ...], addition: AdditionInput) -> tuple[AdditionInput, ...]:
    """``additions`` with ``addition`` added: its copies join the first identical addition, or it comes last."""
    one = addition.model_copy(update={"copies": 1})
    for i, held in enumerate(additions):
        if held.model_copy(update={"copies": 1}) == one:
            joined = held.model_copy(update={"copies": held.copies + addition.copies})
            return (*additions[:i], joined, *additions[i + 1 :])
    return (*additions, addition)


class Card(msgspec.Struct, frozen=True, cache_hash=True):  # hashed in every key of the exact walk
    """A card on the board, or a detachment of ``cards`` identical cards sharing one square."""

    name: str
    side: str
    position: Square | None
    life: int
    kind: str = "troop"
    troop_type: str | None = None
    attack_type: str = "melee"
    attacks: int = 1
    attack: int = 0
    damage: int = 0
    evasion: int = 0
    absorption: int = 0
    constant_absorption: int = 0
    fortitude: int = 0
    morale: int = 0
    level: int = 1
    terrain: str = "ground"
    cost: int = 0
    reaction: int = 0
    cards: int = 1
    wounds: int = 0
    commander: bool = False
    leader: bool = False
    faction: str = ""
    engineer: bool = False
    summoner: str | None = None
    summoner_fallen: bool = False
    reach: int | None = None
    movement: int | None = None
    additions: tuple[AdditionInput, ...] = ()
    abilities: tuple[AbilityInput, ...] = ()
    effects: tuple[EffectInput, ...] = ()
    ability_uses: tuple[tuple[str, int], ...] = ()
    absorption_active: bool | None = None
    flying: bool = False
    paralysed: bool = False
    paralysed_rounds: int | None = None
    invading: bool = False
    in_deck: bool = False
    joined: str | None = None
    absorption_used: bool = False
    defeated: bool = False
    fled: bool = False

    @property
    def on_board(self) -> bool:
        return not self.defeated and self.position is not None

    @property
    def front_life(self) -> int:
        """PV left on the card that takes the next damage."""
        return self.life - self.wounds

    @property
    def counts_as_troop(self) -> bool:
        """A card of the troop deck (troop or war machine), bought with PC; invocations and special units are not
        troops (they count neither for the mode's units nor for the squares it lets a side occupy)."""
        return self.kind in ("troop", "war_machine")

    @property
    def paid(self) -> bool:
        """Whether its PC are spent from the side's campaign points: every card but the invocations, which the
        source says cost none (a special unit pays the PC its card prints, if any)."""
        return self.kind not in ("beast", "power")

    @property
    def in_air(self) -> bool:
        return self.terrain == "air" or (self.terrain == "either" and self.flying)


class Charge(msgspec.Struct, frozen=True):
    """A charge declared and not yet resolved. ``opponent_turns`` counts the other side's turns at declaration."""

    charger: str
    victim: str
    side: str
    opponent_turns: int
    flank: bool = False
    cover: str | None = None


class Battle(msgspec.Struct, frozen=True):
    board: Board
    units: tuple[Card, ...]
    options: Any
    sides: tuple[str, str]
    turns: tuple[int, int] = (0, 0)
    rounds: tuple[int, int] = (1, 1)
    acted: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())
    shields: tuple[tuple[str, str], ...] = ()
    guards: tuple[tuple[str, str], ...] = ()
    charges: tuple[Charge, ...] = ()
    exposed: frozenset[str] = frozenset()
    first: str | None = None
    from_deployment: bool = False
    to_play: str | None = None
    played_last: str | None = None  # the side that played the last card's turn (None: none since the reaction roll)
    over: bool = False
    winner: str | None = None
    judged: bool = True  # whether the battle's result is judged (not for a lone attack typed on the command line)
    mode: str | None = None
    reserve: tuple[int, int] | None = None
    reinforcement_cards: tuple[int, int] = (0, 0)
    decks: Decks = (None, None)
    hands: tuple[tuple[AdditionInput, ...], tuple[AdditionInput, ...]] = ((), ())
    oxido: tuple[tuple[AdditionInput, ...], tuple[AdditionInput, ...]] = ((), ())
    owed_discards: tuple[int, int] = (0, 0)  # additions a side must discard: an enemy reached its rear line

    def __post_init__(self) -> None:
        # The cards as a Roster: a tuple equal to the one given, with lookup by name in O(1).
        msgspec.structs.force_setattr(self, "units", Roster.of(self.units))

    def unit(self, name: str) -> Card:
        return Roster.of(self.units).find(name)

    def with_unit(self, card: Card) -> Battle:
        return replace(self, units=Roster.of(self.units).replace(card))

    def side_index(self, side: str) -> int:
        return self.sides.index(side)

    def other_side(self, side: str) -> str:
        return self.sides[1 - self.side_index(side)]

    def living(self, side: str | None = None) -> list[Card]:
        return [u for u in self.units if u.on_board and (side is None or u.side == side)]

    def commander_of(self, side: str) -> Card | None:
        return next((card for card in self.units if card.side == side and card.commander), None)

    # --- lines ---------------------------------------------------------------------------------------------

    def row_line(self, side: str, row: int) -> str | None:
        """The line a row is for ``side`` (front / normal / rear), or None in the enemy field."""
        own = row if self.side_index(side) == 0 else 2 * ROWS_PER_FIELD - 1 - row
        if own >= ROWS_PER_FIELD:
            return None
        return ("rear", "normal", "front")[own]

    def line_row(self, side: str, line: str) -> int:
        own = {"rear": 0, "normal": 1, "front": 2}[line]
        return own if self.side_index(side) == 0 else 2 * ROWS_PER_FIELD - 1 - own

    def line_of(self, card: Card) -> str | None:
        """Front, normal or rear (None: a power, which ignores lines); an invading card keeps the front's."""
        if card.kind == "power" or card.position is None:
            return None
        line = self.row_line(card.side, card.position[1])
        if line is None or card.invading:
            return "front"
        return line

    def in_enemy_rear(self, card: Card) -> bool:
        if card.position is None:
            return False
        enemy = self.other_side(card.side)
        return self.row_line(enemy, card.position[1]) == "rear"

    # --- strategic roles -----------------------------------------------------------------------------------

    def shield_of(self, name: str) -> str | None:
        """The card ``name`` protects as its shield."""
        return next((p for s, p in self.shields if s == name), None)

    def shields_on(self, name: str) -> list[str]:
        """The cards acting as shield of ``name``."""
        return [s for s, p in self.shields if p == name]

    def guarding(self, name: str) -> str | None:
        return next((c for g, c in self.guards if g == name), None)

    def guard_of(self, commander: str) -> str | None:
        return next((g for g, c in self.guards if c == commander), None)

    def charge_by(self, name: str) -> Charge | None:
        return next((c for c in self.charges if c.charger == name), None)

    def covering(self, name: str) -> Charge | None:
        return next((c for c in self.charges if c.cover == name), None)
