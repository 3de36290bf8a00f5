"""A roll the rules read only by how many of its dice succeed is walked by its counts (issue 41).

A step that asks ``turn.roll_count(notation, faces, …)`` reads nothing of its dice but how many show one of
``faces`` (the game works them out: a 6 always, a 1 never, else the target or more). The exact walk then
branches over the N + 1 counts, each as one pool with the C(N, k) · |S|^k · |F|^(N−k) ordered rolls that give it;
every other dice source draws the dice one by one, and the log shows every die. A small game of its own, built
here, rolls a pool, then rolls its successes again as a second pool (a chain, as hits roll to wound); each count
is checked against every ordered roll counted one by one."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import DiceRequest, GivenDice, SeededDice
from tabroll.engine.steps import Step
from tabroll.engine.work import BaseTurn
from tabroll.events import Event, Roll
from tabroll.kit import Blow, Measure, Strike, core_blows
from tabroll.odds import branches
from tabroll.odds.estimate import estimate_leaves, surely_over
from tabroll.odds.exact import exact_odds
from tabroll.odds.measures import GAME
from tests.odds.helpers import walked_as_plain
from tests.support import examples


class Pool(msgspec.Struct, frozen=True):
    dice: int
    sides: int
    success: frozenset[int]
    again: bool = False  # the successes roll again, counting the same faces
    first: int = -1  # the successes of the first roll (-1: not rolled yet)
    second: int = -1


class Counting(BaseTurn, kw_only=True):
    pool: Pool

    def state_now(self) -> Pool:
        return self.pool


class Roll1(Step, frozen=True):
    def advance(self, turn: Counting) -> Step | None:
        pool = turn.pool
        hits = turn.roll_count(f"{pool.dice}d{pool.sides}", pool.success, "first", "Hero")
        turn.pool = Pool(pool.dice, pool.sides, pool.success, pool.again, hits)
        return Roll2() if pool.again and hits else None


class Roll2(Step, frozen=True):
    def advance(self, turn: Counting) -> None:
        pool = turn.pool
        hits = turn.roll_count(f"{pool.first}d{pool.sides}", pool.success, "second", "Hero")
        turn.pool = Pool(pool.dice, pool.sides, pool.success, pool.again, pool.first, hits)


class Counter_:
    """Just what the odds engine reads of a ruleset: the successes of each roll as the game's measures."""

    id = "counter"

    def resolve(self, state: Pool, action: Any, dice: Any) -> Any:
        turn = Counting(dice=dice, pool=state)
        turn.run(Roll1())
        return turn.resolution(turn.state_now())

    def declare_measures(self, state: Pool, action: Any) -> Sequence[Measure]:
        return [Measure("first", "level", 0), Measure("second", "level", 0)]

    def outcome_measures(self, before: Pool, after: Pool, events: Sequence[Event]) -> dict[str, int | bool]:
        return {"first": after.first, "second": after.second}

    def describe_action(self, action: Any) -> tuple[str | None, str]:
        return "Hero", "rolls"

    def outcome_part(self, action: Any, strike: Strike) -> str:
        return ""

    def blows(self, action: Any, events: Sequence[Event]) -> list[Blow]:
        return core_blows(self, action, events)  # type: ignore[arg-type]


def by_every_roll(dice: int, sides: int, success: frozenset[int]) -> dict[int, Fraction]:
    """How many dice succeed, counted over every ordered roll one by one."""
    counts = Counter(sum(v in success for v in roll) for roll in itertools.product(range(1, sides + 1), repeat=dice))
    return {k: Fraction(ways, sides**dice) for k, ways in counts.items()}


@st.composite
def pools(draw: st.DrawFn) -> Pool:
    dice = draw(st.integers(1, 8))
    most = max(s for s in range(1, 11) if s**dice <= 20_000)  # every ordered roll is counted one by one
    sides = draw(st.integers(1, most))
    success = draw(st.frozensets(st.integers(1, sides)))  # none, some or every face
    return Pool(dice, sides, success)


@settings(max_examples=examples(200), deadline=None)
@given(pools())
def test_the_walk_gives_the_count_of_every_ordered_roll(pool: Pool) -> None:
    walked = exact_odds(Counter_(), pool, None)  # type: ignore[arg-type]
    expected = by_every_roll(pool.dice, pool.sides, pool.success)
    assert walked.tally.values[(GAME, "first")] == expected
    assert walked.leaves == len(expected)  # one branch per count, not one per pool
    assert walked.tally.weight == 1


@settings(max_examples=examples(60), deadline=None)
@given(pools())
def test_a_chain_of_counts_gives_the_plain_walks_figures(pool: Pool) -> None:
    # The successes roll again: the plain walk resolves every pool of both rolls from the start (at most 3d10
    # twice: 220 pools of each, 48,400 leaves; 4d8 twice would be 108,900, past the plain walk's budget).
    walked = walked_as_plain(Counter_(), Pool(min(pool.dice, 3), pool.sides, pool.success, again=True), None, 10**5)
    assert walked is not None


@given(pools())
def test_each_count_has_one_pool_showing_it_and_the_rolls_that_give_it(pool: Pool) -> None:
    dice, sides, success = pool.dice, pool.sides, pool.success
    counted = tuple((1,) if face in success else (0,) for face in range(1, sides + 1))
    counts = branches.reading_of(DiceRequest("test", dice, sides, per_face=((dice, counted),)))
    assert counts is not None
    expected = by_every_roll(dice, sides, success)
    assert len(counts) == len(expected)
    weights = {}
    for index in range(len(counts)):
        shown, ways = counts[index]
        assert len(shown) == dice and list(shown) == sorted(shown) and all(1 <= v <= sides for v in shown)
        hits = sum(v in success for v in shown)
        assert counts.index_of(shown) == index
        weights[hits] = Fraction(ways, sides**dice)
    assert weights == expected
    # The walk answers a request nobody has walked yet with every die showing 1: the first branch, its rolls.
    assert counts.index_of((1,) * dice) == 0
    assert counts.first_ways == counts[0][1]
    with pytest.raises(IndexError):
        counts[len(counts)]


def test_forty_dice_are_walked_by_their_41_counts() -> None:
    sixes = frozenset({6})
    walked = exact_odds(Counter_(), Pool(40, 6, sixes), None)  # type: ignore[arg-type]
    assert walked.leaves == walked.resolutions == 41
    first = walked.tally.values[(GAME, "first")]
    assert first[0] == Fraction(5**40, 6**40) and first[40] == Fraction(1, 6**40)
    assert sum(k * p for k, p in first.items()) == Fraction(40, 6)
    samples = estimate_leaves(Counter_(), Pool(40, 6, sixes), None)  # type: ignore[arg-type]
    assert not surely_over(samples, 200_000) and max(samples) < 10**6  # a count, never 1 of 1,221,759 pools


@pytest.mark.parametrize(
    ("success", "count", "leaves"),
    [(frozenset(), 0, 1), (frozenset(range(1, 7)), 4, 1), (frozenset({1}), 1, 5), (frozenset({1, 2, 3, 4, 5}), 3, 5)],
)
def test_a_roll_that_cannot_fail_or_cannot_succeed_or_whose_ones_succeed(
    success: frozenset[int], count: int, leaves: int
) -> None:
    turn = Counting(dice=GivenDice([1, 5, 4, 6]), pool=Pool(4, 6, success))
    assert turn.roll_count("4d6", success, "test", None) == count
    walked = exact_odds(Counter_(), Pool(4, 6, success), None)  # type: ignore[arg-type]
    assert walked.leaves == leaves and walked.tally.weight == 1
    assert walked.tally.values[(GAME, "first")] == by_every_roll(4, 6, success)


def test_one_die_is_walked_by_its_two_counts() -> None:
    walked = exact_odds(Counter_(), Pool(1, 20, frozenset(range(15, 21))), None)  # type: ignore[arg-type]
    assert walked.leaves == 2
    assert walked.tally.values[(GAME, "first")] == {0: Fraction(14, 20), 1: Fraction(6, 20)}


def test_given_dice_are_logged_one_by_one_and_counted() -> None:
    turn = Counting(dice=GivenDice([6, 1, 3, 4, 2]), pool=Pool(5, 6, frozenset()))
    assert turn.roll_count("5d6", {3, 4, 5, 6}, "to hit", "Hero") == 3
    (roll,) = turn.events
    assert isinstance(roll, Roll)
    assert (roll.dice, roll.values, roll.total, roll.label, roll.unit) == ("5d6", (6, 1, 3, 4, 2), 16, "to hit", "Hero")


def test_seeded_dice_are_drawn_as_if_every_die_were_read() -> None:
    # The reading is the walk's alone: a seeded roll draws and logs the same dice as a roll that reads them all.
    counted = Counting(dice=SeededDice(7), pool=Pool(5, 6, frozenset()))
    plain = Counting(dice=SeededDice(7), pool=Pool(5, 6, frozenset()))
    hits = counted.roll_count("8d6", {5, 6}, "to hit", "Hero")
    values = plain.roll_dice("8d6", "to hit", "Hero").values
    assert counted.events == plain.events
    assert hits == sum(v >= 5 for v in values)
    sixes = ((8, ((0,),) * 5 + ((1,),)),)
    assert SeededDice(3).draw(DiceRequest("x", 8, 6, per_face=sixes)) == SeededDice(3).draw(DiceRequest("x", 8, 6))


@pytest.mark.parametrize(("notation", "faces"), [("4d6", {0, 6}), ("4d6", {7}), ("4d6+1", {6}), ("4dF", {1})])
def test_a_count_of_faces_the_dice_cannot_show_or_of_more_than_plain_dice_is_a_bug_of_the_game(
    notation: str, faces: set[int]
) -> None:
    turn = Counting(dice=SeededDice(1), pool=Pool(1, 6, frozenset()))
    with pytest.raises(ValueError, match="plain NdS"):
        turn.roll_count(notation, faces, "to hit", None)
