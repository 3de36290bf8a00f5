"""A roll the rules read only by what its faces count for, added up over the dice (issue 41): each face of the die
counts for a tuple of ints (BotSE's damage and tenacity per face), and the exact walk branches over the distinct
sums, each as one pool with the ordered rolls that give it (``DiceRequest.per_face``, ``branches._FaceSums``). A
count of successes is the case face -> (1,) or (0,), a total face -> (face,). Every branch is checked against
every ordered roll counted one by one."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import DiceRequest
from tabroll.engine.work import BaseTurn
from tabroll.odds import branches
from tests.support import examples

Table = tuple[tuple[int, ...], ...]


def added(table: Table, roll: Sequence[int]) -> tuple[int, ...]:
    """What ``roll`` counts for, added up die by die."""
    total = [0] * len(table[0])
    for face in roll:
        for i, value in enumerate(table[face - 1]):
            total[i] += value
    return tuple(total)


@st.composite
def rolls(draw: st.DrawFn) -> tuple[int, int, Table]:
    count = draw(st.integers(1, 4))
    sides = draw(st.integers(1, 6))
    width = draw(st.integers(1, 3))
    vector = st.tuples(*[st.integers(-2, 3)] * width)
    table = tuple(draw(st.lists(vector, min_size=sides, max_size=sides)))
    return count, sides, table


@settings(max_examples=examples(300), deadline=None)
@given(rolls())
def test_each_sum_has_the_rolls_that_give_it_and_its_lowest_pool(roll: tuple[int, int, Table]) -> None:
    count, sides, table = roll
    every = list(itertools.product(range(1, sides + 1), repeat=count))
    ways = Counter(added(table, r) for r in every)
    lowest: dict[tuple[int, ...], tuple[int, ...]] = {}
    for r in every:
        pool, key = tuple(sorted(r)), added(table, r)
        lowest[key] = min(lowest.get(key, pool), pool)
    reading = branches.reading_of(DiceRequest("test", count, sides, per_face=((count, table),)))
    assert isinstance(reading, branches._FaceSums)
    assert len(reading) == len(ways)  # one branch per distinct sum
    seen = {}
    for index in range(len(reading)):
        pool, weight = reading[index]
        key = added(table, pool)
        assert pool == lowest[key] and weight == ways[key]
        assert reading.index_of(pool) == index
        seen[key] = weight
    assert seen == ways and sum(seen.values()) == sides**count
    # The walk answers a request nobody has walked yet with every die showing 1: the first branch, its rolls.
    assert reading[0][0] == (1,) * count and reading.first_ways == ways[added(table, (1,) * count)]
    assert all(added(table, reading[reading.index_of(r)][0]) == added(table, r) for r in every)
    with pytest.raises(IndexError):
        reading[len(reading)]


def test_four_dice_of_three_kinds_of_faces_have_at_most_15_branches() -> None:
    # A die whose faces count for damage 1 (three faces), damage 2 (two) or tenacity (one): 4 dice have the 15
    # multisets of kinds, and here no two add up alike; 1,296 ordered rolls, 126 pools.
    table = ((1, 0), (1, 0), (1, 0), (2, 0), (2, 0), (0, 1))
    reading = branches._sums(6, ((4, table),))
    assert len(reading) == 15 and sum(reading[i][1] for i in range(15)) == 6**4
    assert reading[reading.index_of((6, 6, 6, 6))] == ((6, 6, 6, 6), 1)
    assert reading[reading.index_of((4, 5, 6, 6))] == ((4, 4, 6, 6), 6 * 2 * 2)  # 6 orders, 2 faces each damage 2


class Asked:
    """Every die showing 1, and the requests asked for."""

    def __init__(self) -> None:
        self.requests: list[DiceRequest] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        self.requests.append(request)
        return (1,) * request.count


@pytest.mark.parametrize(("count", "sides"), [(1, 6), (3, 6), (5, 4), (2, 20)])
def test_a_count_and_a_total_are_sums_per_face(count: int, sides: int) -> None:
    # roll_count asks for faces counting (1,) or (0,): each count k of hits (from none, a 1 failing) weighs
    # C(count, k) · hits^k · misses^(count − k), the binomial
    asked = Asked()
    BaseTurn(dice=asked).roll_count(f"{count}d{sides}", {sides - 1, sides}, "to hit", None)
    counts = branches.reading_of(asked.requests[0])
    assert counts is not None
    hits = 2 if sides > 1 else 1
    binomial = [math.comb(count, k) * hits**k * (sides - hits) ** (count - k) for k in range(count + 1)]
    assert [counts[i][1] for i in range(len(counts))] == binomial
    # a total is faces counting (face,): the totals' weights and sums
    totals = branches._totals(count, sides)
    sums = branches._sums(sides, ((count, tuple((f,) for f in range(1, sides + 1))),))
    assert [totals[i][1] for i in range(len(totals))] == [sums[i][1] for i in range(len(sums))]
    assert [sum(totals[i][0]) for i in range(len(totals))] == [sum(sums[i][0]) for i in range(len(sums))]


def test_a_request_says_what_every_face_counts_for() -> None:
    with pytest.raises(ValueError, match="each face of each die"):
        DiceRequest("test", 2, 6, per_face=((2, ((1,),) * 5),))


@st.composite
def pools_of_kinds(draw: st.DrawFn) -> tuple[int, tuple[tuple[int, Table], ...]]:
    sides = draw(st.integers(1, 5))
    width = draw(st.integers(1, 2))
    vector = st.tuples(*[st.integers(-1, 2)] * width)
    table = st.lists(vector, min_size=sides, max_size=sides).map(tuple)
    counts = draw(st.lists(st.integers(1, 2), min_size=1, max_size=3).filter(lambda c: sum(c) <= 4))
    return sides, tuple((count, draw(table)) for count in counts)


@settings(max_examples=examples(200), deadline=None)
@given(pools_of_kinds())
def test_dice_of_several_kinds_are_one_request_read_by_their_sums(
    pool: tuple[int, tuple[tuple[int, Table], ...]],
) -> None:
    sides, runs = pool
    tables = [table for count, table in runs for _ in range(count)]
    count = len(tables)
    every = list(itertools.product(range(1, sides + 1), repeat=count))

    def key(roll: Sequence[int]) -> tuple[int, ...]:
        return tuple(map(sum, zip(*(t[f - 1] for t, f in zip(tables, roll, strict=True)), strict=True)))

    def runs_rising(roll: Sequence[int]) -> tuple[int, ...]:
        out: list[int] = []
        at = 0
        for n, _ in runs:
            out += sorted(roll[at : at + n])
            at += n
        return tuple(out)

    ways = Counter(key(r) for r in every)
    lowest: dict[tuple[int, ...], tuple[int, ...]] = {}
    for r in every:
        lowest[key(r)] = min(lowest.get(key(r), runs_rising(r)), runs_rising(r))
    reading = branches.reading_of(DiceRequest("test", count, sides, per_face=runs))
    assert isinstance(reading, branches._FaceSums) and len(reading) == len(ways)
    for index in range(len(reading)):
        shown, weight = reading[index]
        assert shown == lowest[key(shown)] and weight == ways[key(shown)] and reading.index_of(shown) == index
    assert reading[0][0] == (1,) * count and reading.first_ways == ways[key((1,) * count)]
    assert all(key(reading[reading.index_of(r)][0]) == key(r) for r in every)
    with pytest.raises(ValueError, match="each face of each die"):
        DiceRequest("test", 3, 2, per_face=((1, ((1,), (0,))), (1, ((0,), (0,)))))  # two dice for three
