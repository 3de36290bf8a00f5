"""What every game's working area gets from the core: a note logged as a ``note`` event, and its state's options
typed (:class:`~tabroll.engine.work.StateField`), read from a roster turn's state without freezing its draft."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from tabroll.dice.sources import GivenDice
from tabroll.engine.work import RosterTurn, StateField, Turn
from tabroll.events import Note
from tabroll.kit.roster import Roster


class Piece(msgspec.Struct, frozen=True):
    name: str
    hp: int


class Board(msgspec.Struct, frozen=True):
    pieces: Roster[Piece]
    options: Any = None

    @property
    def roster(self) -> Roster[Piece]:
        return self.pieces

    def unit(self, name: str) -> Piece:
        return self.pieces.find(name, what="piece", where=" on the board")

    def with_roster(self, roster: Roster[Piece]) -> Board:
        return replace(self, pieces=roster)


class PieceTurn(RosterTurn[Board, Piece], kw_only=True):
    options = StateField[str]()
    pieces = StateField[Roster[Piece]]()


class BoardTurn(Turn[Board], kw_only=True):
    options = StateField[str]()


def board() -> Board:
    return Board(Roster.of((Piece("Ann", 3),)), options="strict")


def test_a_note_is_logged_as_a_note_event_about_its_unit() -> None:
    turn = BoardTurn(state=board(), dice=GivenDice((), origin="test"))
    turn.note("the wall holds")
    turn.note("Ann stands", "Ann")
    assert turn.events == [Note(text="the wall holds", unit=None), Note(text="Ann stands", unit="Ann")]


def test_the_options_are_the_states_and_follow_a_new_state() -> None:
    turn = BoardTurn(state=board(), dice=GivenDice((), origin="test"))
    assert turn.options == "strict"
    turn.state = replace(turn.state, options="loose")
    assert turn.options == "loose"


def test_a_roster_turn_reads_its_options_without_freezing_its_draft() -> None:
    start = board()
    turn = PieceTurn(state=start, dice=GivenDice((), origin="test"))
    turn.put(replace(turn.unit("Ann"), hp=0))
    assert turn.options == "strict"
    assert turn._base is start and turn.pieces is start.pieces  # the draft is still a draft
    turn.change(options="loose")
    assert turn.options == "loose" and turn.unit("Ann").hp == 0
