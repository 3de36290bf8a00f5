"""The kit's working areas: Turn (a frozen state replaced at each change) and RosterTurn (its units changed in a
draft, frozen when the state is next read), and what a fork of each shares with the original."""

from __future__ import annotations

import msgspec
import msgspec.structs
import pytest
from msgspec.structs import replace

from tabroll.dice.sources import GivenDice
from tabroll.engine.work import RosterTurn, Turn
from tabroll.errors import RuleRefusal
from tabroll.kit.roster import Roster


class Piece(msgspec.Struct, frozen=True):
    name: str
    hp: int


class Board(msgspec.Struct, frozen=True):
    pieces: tuple[Piece, ...]
    round: int = 1

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "pieces", Roster.of(self.pieces))

    @property
    def roster(self) -> Roster[Piece]:
        return Roster.of(self.pieces)

    def unit(self, name: str) -> Piece:
        return self.roster.find(name, what="piece", where=" on the board")

    def with_roster(self, roster: Roster[Piece]) -> Board:
        return replace(self, pieces=roster)


class PieceTurn(RosterTurn[Board, Piece], kw_only=True):
    pass


A, B, C = Piece("Ann", 3), Piece("Bob", 2), Piece("Cid", 1)


def dice() -> GivenDice:
    return GivenDice((), origin="test")


def test_puts_go_to_the_draft_and_the_state_is_frozen_once_when_read() -> None:
    board = Board((A, B, C))
    turn = PieceTurn(state=board, dice=dice())
    assert turn.state is board and turn.unit("Bob") is B
    hurt = turn.put(replace(B, hp=0))
    turn.put(replace(C, hp=0))
    assert turn.unit("Bob") is hurt and board.unit("Bob") is B  # the state given is never changed
    after = turn.state
    assert after == Board((A, hurt, Piece("Cid", 0))) and turn.state is after  # frozen once, then kept
    assert turn.state_now() is after


def test_change_keeps_the_draft_and_assigning_the_state_drops_it() -> None:
    turn = PieceTurn(state=Board((A, B)), dice=dice())
    turn.put(replace(A, hp=1))
    turn.change(round=2)  # not the units: the draft goes on
    assert turn.state == Board((Piece("Ann", 1), B), round=2)
    turn.put(replace(B, hp=1))
    turn.state = Board((A, B), round=3)  # a whole state: the draft before it is dropped
    assert turn.state == Board((A, B), round=3) and turn.unit("Bob") is B


def test_an_unknown_unit_is_refused_in_the_states_words_with_or_without_a_draft() -> None:
    turn = PieceTurn(state=Board((A, B)), dice=dice())
    with pytest.raises(RuleRefusal, match="piece") as before:
        turn.unit("Bobb")
    turn.put(replace(A, hp=1))
    with pytest.raises(RuleRefusal, match="piece") as during:
        turn.unit("Bobb")
    assert str(before.value) == str(during.value)
    with pytest.raises(KeyError):
        turn.put(Piece("Zed", 1))  # a draft replaces units, it adds none


def test_a_fork_starts_from_the_state_as_it_stands_and_shares_no_draft() -> None:
    turn = PieceTurn(state=Board((A, B)), dice=dice())
    turn.put(replace(A, hp=0))
    twin = turn.fork(dice())
    assert twin.unit("Ann").hp == 0 and twin.state == Board((Piece("Ann", 0), B))
    twin.put(replace(B, hp=0))
    assert turn.unit("Bob") is B and turn.state == Board((Piece("Ann", 0), B))
    turn.put(replace(A, hp=2))
    assert twin.unit("Ann").hp == 0


def test_a_fork_of_an_unchanged_draft_keeps_the_same_state() -> None:
    board = Board((A, B))
    turn = PieceTurn(state=board, dice=dice())
    turn.put(A)
    turn.state  # noqa: B018 (frozen: the draft has no change left)
    assert turn.fork(dice()).state is turn.state


def test_a_plain_work_holds_its_state_and_a_fork_shares_it() -> None:
    board = Board((A, B))
    work: Turn[Board] = Turn(state=board, dice=dice())
    twin = work.fork(dice())
    twin.state = board.with_roster(board.roster.replace(replace(A, hp=0)))
    assert work.state is board and work.state_now() is board and twin.state_now().unit("Ann").hp == 0
