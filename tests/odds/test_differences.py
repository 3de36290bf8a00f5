"""Two pools read only by the first's total less the second's (issue 41: a Power roll against the Toughness roll it
meets): the exact walk branches over the distinct differences, each as one roll with the ordered rolls that give
it (``DiceRequest.against``, ``branches._Differences``). Every branch is checked against every ordered roll
counted one by one."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import DiceRequest, GivenDice
from tabroll.engine.steps import Step, StepWatcher
from tabroll.engine.work import BaseTurn
from tabroll.odds import branches
from tests.support import examples


def difference(first: int, roll: tuple[int, ...]) -> int:
    return sum(roll[:first]) - sum(roll[first:])


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.integers(1, 6))
def test_each_difference_has_the_rolls_that_give_it_and_one_of_them(first: int, second: int, sides: int) -> None:
    every = list(itertools.product(range(1, sides + 1), repeat=first + second))
    ways = Counter(difference(first, roll) for roll in every)
    reading = branches.reading_of(DiceRequest("test", first + second, sides, against=first))
    assert isinstance(reading, branches._Differences)
    assert len(reading) == len(ways)  # one branch per distinct difference
    assert reading[0][0] == (1,) * (first + second)  # the first branch: every die showing 1
    assert reading.first_ways == ways[first - second]
    shown = []
    for index in range(len(reading)):
        roll, weight = reading[index]
        assert len(roll) == first + second and all(1 <= value <= sides for value in roll)
        assert weight == ways[difference(first, roll)]
        assert reading.index_of(roll) == index
        shown.append(difference(first, roll))
    assert sorted(shown) == sorted(ways)
    assert shown[1:] == sorted(shown[1:])  # the others in rising order of their differences
    for roll in every:  # every ordered roll falls in the branch of its difference
        assert difference(first, reading[reading.index_of(roll)][0]) == difference(first, roll)
    assert sum(weight for _, weight in reading) == sides ** (first + second)


def test_each_branch_shows_the_lowest_first_total_that_reaches_its_difference() -> None:
    # 2d6 against 1d6: a difference of -4 is 2 against 6; of 11, 12 against 1; of 3, 4 against 1.
    reading = branches.reading_of(DiceRequest("test", 3, 6, against=2))
    shown = {difference(2, roll): roll for roll, _ in reading}
    assert shown[-4] == (1, 1, 6)
    assert shown[11] == (6, 6, 1)
    assert shown[3] == (1, 3, 1)
    assert shown[1] == (1, 1, 1)
    assert len(branches.reading_of(DiceRequest("test", 10, 6, against=5))) == 51  # not 26 x 26 pairs of totals


@pytest.mark.parametrize("against", [0, 3, -1])
def test_two_pools_need_dice_each(against: int) -> None:
    with pytest.raises(ValueError, match="two pools"):
        DiceRequest("test", 3, 6, against=against)


class _Watching(StepWatcher):
    def __init__(self, values: list[int]) -> None:
        self.given = GivenDice(values, origin="test")
        self.requests: list[DiceRequest] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        self.requests.append(request)
        return self.given.draw(request)

    def at_step(self, turn: BaseTurn, step: Step) -> bool:
        return False


def test_draw_against_asks_a_watching_source_once_and_any_other_not_at_all() -> None:
    watching = _Watching([4, 2, 5])
    log = BaseTurn(dice=watching)
    assert log.draw_against(6, (2, 1), ("power", "toughness")) == (4, 2, 5)
    [request] = watching.requests
    assert (request.count, request.sides, request.against, request.purpose) == (3, 6, 2, "power / toughness")
    played = BaseTurn(dice=GivenDice([4, 2, 5], origin="test"))
    assert played.draw_against(6, (2, 1), ("power", "toughness")) is None  # the rules roll each pool themselves
    assert not played.events and not log.events  # nothing logged here


@pytest.mark.slow  # an exact chain of some 14,000 resolutions: a few seconds
def test_an_until_chain_of_strikes_read_by_their_difference_is_exact(cli) -> None:
    # Walked by totals, this chain's walks took more than a tenth of --budget and it was simulated; by Power less
    # Toughness it is exact. The first attack defeats B (Life 6) when 2d6 less 1d6 is 6 or more: counted here.
    args = ["odds", "-r", "mtg_heroes", "-a", "A P=2 T=1 Life=100", "-t", "B P=1 T=1 Life=6"]
    doc = cli(*args, "--until", "defeat", "--attacks", "6", "--format", "json").json()
    until = doc["until"]
    assert (until["method"], until["note"]) == ("exact", "")
    rolls = list(itertools.product(range(1, 7), repeat=3))
    first = Fraction(sum(1 for roll in rolls if difference(2, roll) >= 6), len(rolls))
    assert Fraction(until["by_count"][0]["defeated"]["exact"]) == first
