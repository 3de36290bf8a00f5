"""The kit's Roster: a tuple of named units with lookup by name, and a working copy frozen once per action."""

from __future__ import annotations

import copy
import json
import pickle

import msgspec
import msgspec.structs
import pytest
from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.kit.roster import Roster


class Piece(msgspec.Struct, frozen=True):
    name: str
    hp: int
    square: tuple[int, int] | None = None


class Board(msgspec.Struct, frozen=True):
    pieces: tuple[Piece, ...]

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "pieces", Roster.of(self.pieces))


def square_of(piece: Piece) -> tuple[int, int] | None:
    return piece.square


A, B, C = Piece("Ann", 3, (0, 0)), Piece("Bob", 2, (1, 0)), Piece("Cid", 1)


def test_a_roster_is_the_tuple_of_its_units() -> None:
    roster = Roster((A, B, C))
    assert roster == (A, B, C) and roster != (A, B)
    assert hash(roster) == hash((A, B, C))
    assert repr(roster) == repr((A, B, C))
    assert list(roster) == [A, B, C] and roster[1] == B and len(roster) == 3
    assert json.dumps(Roster((1, 2))) == "[1, 2]"


def test_lookup_by_name_finds_the_first_of_a_name() -> None:
    twin = Piece("Ann", 9)
    roster = Roster((A, B, twin))
    assert roster.get("Ann") is A and roster.get("Bob") is B and roster.get("Zed") is None
    assert roster.find("Bob") is B


def test_an_unknown_name_is_refused_with_the_nearest_name() -> None:
    with pytest.raises(RuleRefusal) as refusal:
        Roster((A, B)).find("Bobb", what="piece", where=" on the board")
    assert refusal.value.message == "there is no piece called 'Bobb' on the board"
    assert refusal.value.tip == "did you mean 'Bob'?"


def test_replace_gives_a_new_roster_and_leaves_the_old_one() -> None:
    roster = Roster((A, B, C))
    hurt = replace(B, hp=1)
    after = roster.replace(hurt)
    assert after == (A, hurt, C) and roster == (A, B, C)
    assert after.find("Bob") is hurt and roster.find("Bob") is B
    with pytest.raises(KeyError):
        roster.replace(Piece("Zed", 1))


def test_a_draft_changes_units_in_place_and_freezes_once() -> None:
    roster = Roster((A, B, C))
    draft = roster.edit()
    assert not draft.changed and draft.freeze() is roster
    draft.put(replace(A, hp=0))
    draft.put(replace(draft.find("Ann"), hp=5))
    assert draft.find("Ann").hp == 5 and roster.find("Ann") is A
    assert [p.hp for p in draft] == [5, 2, 1]
    frozen = draft.freeze()
    assert frozen == (Piece("Ann", 5, (0, 0)), B, C) and roster == (A, B, C)
    draft.put(replace(C, hp=7))  # the draft goes on from the frozen roster
    assert draft.freeze() == (Piece("Ann", 5, (0, 0)), B, Piece("Cid", 7)) and frozen[2] is C
    with pytest.raises(RuleRefusal):
        draft.find("Zed")


def test_a_snapshot_has_the_drafts_changes_and_leaves_the_draft_as_it_was() -> None:
    roster = Roster((A, B, C))
    draft = roster.edit()
    assert draft.snapshot() is roster
    draft.put(replace(A, hp=0))
    shot = draft.snapshot()
    assert shot == (Piece("Ann", 0, (0, 0)), B, C) and shot.find("Cid") is C
    assert draft.changed  # not frozen: the draft's next freeze still brings its changes
    draft.put(replace(B, hp=9))
    assert shot.find("Bob") is B  # the snapshot does not follow the draft's later changes
    assert draft.freeze() == (Piece("Ann", 0, (0, 0)), replace(B, hp=9), C)


def test_index_by_a_key_leaves_out_none_and_is_rebuilt_for_a_new_roster() -> None:
    roster = Roster((A, B, C))
    assert roster.by(square_of) == {(0, 0): A, (1, 0): B}
    moved = roster.replace(replace(A, square=(2, 0)))
    assert moved.by(square_of) == {(2, 0): moved[0], (1, 0): B}
    assert roster.by(square_of) == {(0, 0): A, (1, 0): B}


def test_a_state_holding_a_roster_stays_a_frozen_value() -> None:
    board = Board(pieces=(A, B))
    assert isinstance(board.pieces, Roster)
    assert board == Board(pieces=Roster((A, B))) and hash(board) == hash(Board(pieces=(A, B)))
    same = replace(board, pieces=board.pieces)
    assert same.pieces is board.pieces
    with pytest.raises(AttributeError):
        board.pieces = ()  # type: ignore[misc]


def test_pickle_and_copies_keep_the_units_and_their_lookups() -> None:
    roster = Roster((A, B))
    roster.find("Ann")
    assert roster.by(square_of) == {(0, 0): A, (1, 0): B}
    for other in (pickle.loads(pickle.dumps(roster)), copy.deepcopy(roster), copy.copy(roster)):
        assert type(other) is Roster and other == roster and other.find("Bob") == B
        assert other.by(square_of) == {(0, 0): A, (1, 0): B}
        moved = other.replace(replace(A, square=(2, 0)))
        assert moved.find("Ann").square == (2, 0) and moved.by(square_of)[(2, 0)].name == "Ann"


@pytest.mark.parametrize(
    ("name", "what", "tip"),
    [
        ("Bobb", "unit", "did you mean 'Bob'?"),
        ("Zed", "unit", "the units are: Ann, Bob, Cid"),
        ("Zed", "fighter", "the fighters are: Ann, Bob, Cid"),
        ("Zed", "piece", "the pieces are: Ann, Bob, Cid"),
    ],
)
def test_a_misspelt_name_reads_the_same_refused_by_the_rules_or_by_the_file(name: str, what: str, tip: str) -> None:
    from tabroll.kit import no_such
    from tabroll.kit.models import unknown_name
    from tabroll.loading.yaml_source import load_yaml_text

    names = ["Ann", "Bob", "Cid"]
    refused = no_such(name, names, what=what)
    doc = load_yaml_text(f"actions:\n  - {{attacker: {name}}}\n", source="battle.yaml")
    error = unknown_name(name, names, doc, ("actions", 0, "attacker"), what=what)
    assert refused.message == error.message == f"there is no {what} called '{name}'"
    assert refused.tip == error.tip == tip
    assert error.location is not None and (error.location.file, error.location.line) == ("battle.yaml", 2)
