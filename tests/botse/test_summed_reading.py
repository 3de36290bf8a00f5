"""The reading of a plain engage's dice (``face_sums``, what ``ReadRoll`` reads): each sum of what the faces count
for, with the ordered rolls that give it and the lowest of them, checked against every roll listed."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.rulesets.botse.merging import face_sums
from tests.support import examples

COUNTED = st.tuples(st.integers(0, 2), st.integers(0, 1), st.integers(0, 1), st.integers(0, 1))  # what a face does


@st.composite
def rows(draw: st.DrawFn) -> Any:
    """One to four dice of two to six faces each, each face counting for a pair of small numbers."""
    count = draw(st.integers(1, 4))
    return tuple(tuple(draw(st.lists(COUNTED, min_size=2, max_size=6))) for _ in range(count))


def summed(tables: Any, roll: tuple[int, ...]) -> tuple[int, ...]:
    """What the dice showing ``roll`` count for, added up."""
    return tuple(map(sum, zip(*(table[face - 1] for table, face in zip(tables, roll, strict=True)), strict=True)))


@settings(max_examples=examples(200), deadline=None)
@given(rows())
def test_each_sum_once_with_every_roll_that_gives_it_and_the_lowest_of_them(tables: Any) -> None:
    expected: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for roll in itertools.product(*(range(1, len(table) + 1) for table in tables)):
        expected.setdefault(summed(tables, roll), []).append(roll)
    outcomes, rolls = face_sums(tables)
    assert rolls == sum(len(found) for found in expected.values())
    by_sum = {key: (roll, ways) for (key, roll), ways in outcomes}
    assert all(summed(tables, roll) == key for key, (roll, _) in by_sum.items())
    assert len(by_sum) == len(outcomes)  # each sum once
    assert by_sum == {key: (min(found), len(found)) for key, found in expected.items()}
    assert list(by_sum) == sorted(by_sum)  # lowest sum first


def test_two_dice_of_three_kinds_of_faces() -> None:
    """Two dice of faces of 0, 1 and 2 damage (two faces each): the sums 0 to 4, in 1, 2, 3, 2, 1 ways of 4 kinds
    of pairs, each kind 4 rolls; 36 rolls in all."""
    die = ((0, 0, 0, 0), (0, 0, 0, 0), (1, 0, 0, 0), (1, 0, 0, 0), (2, 0, 0, 0), (2, 0, 0, 0))
    outcomes, rolls = face_sums((die, die))
    assert rolls == 36
    assert [(effects[0], roll, ways) for (effects, roll), ways in outcomes] == [
        (0, (1, 1), 4),
        (1, (1, 3), 8),
        (2, (1, 5), 12),
        (3, (3, 5), 8),
        (4, (5, 5), 4),
    ]
