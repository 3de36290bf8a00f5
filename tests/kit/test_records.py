"""A record that leaves some fields out of its comparison (``tabroll.frozen``) compares and hashes by the others
alone, as a step that carries its action or a state that carries its board must."""

from __future__ import annotations

import pickle

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

from tabroll.frozen import eq_hash_without, hash_without


class Strike(msgspec.Struct, frozen=True):
    target: str
    damage: int
    action: str = "attack"  # the same for every outcome of a walk: not compared
    __eq__, __hash__ = eq_hash_without("action")


class Cleave(Strike, frozen=True):
    extra: int = 0


class OnlySkipped(msgspec.Struct, frozen=True):
    note: str
    __eq__, __hash__ = eq_hash_without("note")


class OneLeft(msgspec.Struct, frozen=True):
    hp: int
    note: str = ""
    __eq__, __hash__ = eq_hash_without("note")


class Fighter(msgspec.Struct, frozen=True):
    name: str
    hp: int
    wounded: bool = False  # worked out from hp in __post_init__, as a game's state normalises its units

    def __post_init__(self) -> None:
        if self.hp < 0:
            raise ValueError("hp below 0")
        msgspec.structs.force_setattr(self, "wounded", self.hp < 3)


class Battle(msgspec.Struct, frozen=True):
    units: tuple[int, ...]
    board: dict[str, int]  # compared, never hashed
    __hash__ = hash_without("board")


@given(st.text(max_size=3), st.integers(-3, 3), st.text(max_size=3), st.text(max_size=3))
def test_the_skipped_field_never_decides(target: str, damage: int, one: str, other: str) -> None:
    a, b = Strike(target, damage, one), Strike(target, damage, other)
    assert a == b and hash(a) == hash(b)
    assert a != Strike(target + "x", damage, one) and a != Strike(target, damage + 1, one)


def test_a_subclass_compares_its_own_fields_too_and_never_equals_its_base() -> None:
    assert Cleave("orc", 2, "a", 1) == Cleave("orc", 2, "b", 1) != Cleave("orc", 2, "a", 2)
    assert Cleave("orc", 2) != Strike("orc", 2) and Strike("orc", 2) != Cleave("orc", 2)
    assert hash(Cleave("orc", 2, "a", 1)) == hash(Cleave("orc", 2, "b", 1))


def test_one_field_or_none_left_to_compare() -> None:
    assert OneLeft(3, "a") == OneLeft(3, "b") != OneLeft(4, "a")
    assert hash(OneLeft(3, "a")) == hash(OneLeft(3, "b"))
    assert OnlySkipped("a") == OnlySkipped("b") and hash(OnlySkipped("a")) == hash(OnlySkipped("b"))


def test_a_field_left_out_of_the_hash_still_decides_equality() -> None:
    a, b = Battle((1, 2), {"x": 1}), Battle((1, 2), {"x": 2})
    assert a != b and hash(a) == hash(b) and a == Battle((1, 2), {"x": 1})


def test_copies_and_pickles_compare_alike() -> None:
    strike = Strike("orc", 2, "charge")
    assert pickle.loads(pickle.dumps(strike)) == strike
    assert replace(strike, action="other") == strike and replace(strike, damage=3) != strike


def test_a_copy_with_changes_is_checked_and_worked_out_again() -> None:
    """Records normalise and check themselves in ``__post_init__`` (a state turns its units into a roster); a copy
    made with ``replace`` goes through it again, as ``dataclasses.replace`` did (msgspec 0.21 and later)."""
    fighter = Fighter("Orc", 5)
    assert fighter.wounded is False
    assert replace(fighter, hp=2) == Fighter("Orc", 2, True) and replace(fighter, hp=2).wounded is True
    assert replace(Fighter("Orc", 1), hp=9).wounded is False
    with pytest.raises(ValueError, match="hp below 0"):
        replace(fighter, hp=-1)
