"""A roll the rules read only by how a comparison of its dice comes out is walked by those outcomes (issue 41).

A step that asks ``turn.draw_compared(sides, purposes, compare)`` reads nothing of its dice (one for each purpose,
in order) but ``compare(values)``: who wins one die against another, a tie, a natural face that decides. A source
that watches steps (the exact walk) is asked once, with ``compare``, and the walk branches over its distinct
outcomes, each as the first ordered roll that gives it with the number of ordered rolls that do; every other
source is asked for one die at a time, as for any die. Here a comparison is any table of outcomes, one per ordered
roll, and every reading is checked against every ordered roll counted one by one."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import DiceRequest, GivenDice, RecordingDice, SeededDice
from tabroll.engine.steps import Step, StepWatcher
from tabroll.engine.work import BaseTurn
from tabroll.events import Event
from tabroll.kit import Blow, Measure, Strike, core_blows
from tabroll.odds import branches
from tabroll.odds.exact import exact_odds
from tabroll.odds.measures import GAME
from tests.odds.helpers import walked_as_plain
from tests.support import examples


class Table(msgspec.Struct, frozen=True):
    """A comparison of ``count`` dice of ``sides`` sides: the outcome of each ordered roll, in the order
    ``itertools.product`` lists them (any rule at all, as hashable as a game's own comparison)."""

    count: int
    sides: int
    outcomes: tuple[int, ...]

    def __call__(self, values: tuple[int, ...]) -> int:
        index = 0
        for value in values:
            index = index * self.sides + value - 1
        return self.outcomes[index]


def rolls(count: int, sides: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(1, sides + 1), repeat=count))


@st.composite
def tables(draw: st.DrawFn) -> Table:
    count = draw(st.integers(1, 3))
    sides = draw(st.integers(1, 10 if count < 3 else 6))
    labels = draw(st.integers(1, 4))
    outcomes = draw(st.lists(st.integers(0, labels - 1), min_size=sides**count, max_size=sides**count))
    return Table(count, sides, tuple(outcomes))


def by_every_roll(table: Table) -> dict[int, Fraction]:
    """The outcomes of the comparison, counted over every ordered roll one by one."""
    counts = Counter(table(roll) for roll in rolls(table.count, table.sides))
    return {outcome: Fraction(ways, table.sides**table.count) for outcome, ways in counts.items()}


@given(tables())
def test_each_outcome_has_the_first_roll_showing_it_and_the_rolls_that_give_it(table: Table) -> None:
    reading = branches._compared(table.count, table.sides, table)
    expected = by_every_roll(table)
    assert len(reading) == len(expected)
    shown = {}
    for index in range(len(reading)):
        roll, ways = reading[index]
        outcome = table(roll)
        giving = [r for r in rolls(table.count, table.sides) if table(r) == outcome]  # values in order
        assert roll == (giving[0] if index == 0 else giving[-1])  # every die showing 1, else the last such roll
        assert reading.index_of(roll) == index
        shown[outcome] = Fraction(ways, table.sides**table.count)
    assert shown == expected
    for roll in rolls(table.count, table.sides):  # every ordered roll falls in its outcome's branch
        assert table(reading[reading.index_of(roll)][0]) == table(roll)
    # The walk answers a request nobody has walked yet with every die showing 1: the first branch, its rolls.
    assert reading.index_of((1,) * table.count) == 0
    assert reading.first_ways == reading[0][1]
    with pytest.raises(IndexError):
        reading[len(reading)]


def test_a_request_is_read_by_its_comparison_and_a_comparison_of_too_many_rolls_is_a_bug() -> None:
    table = Table(2, 2, (0, 1, 1, 0))
    assert isinstance(branches.reading_of(DiceRequest("x", 2, 2, compare=table)), branches._Compared)
    for request in ({"count": 3, "sides": 100}, {"count": 1, "sides": 3, "fudge": True}):
        with pytest.raises(ValueError, match="comparison"):
            DiceRequest("x", compare=table, **request)  # type: ignore[arg-type]


# --- a small game of its own: one compared roll, then (optionally) another one of the same dice --------------


class Contest(msgspec.Struct, frozen=True):
    table: Table
    again: bool = False
    first: int = -1
    second: int = -1


class Contesting(BaseTurn, kw_only=True):
    contest: Contest

    def state_now(self) -> Contest:
        return self.contest


def _purposes(table: Table, round_: str) -> tuple[str, ...]:
    return tuple(f"{round_} die {i + 1}" for i in range(table.count))


class First(Step, frozen=True):
    def advance(self, turn: Contesting) -> Step | None:
        c = turn.contest
        values = turn.draw_compared(c.table.sides, _purposes(c.table, "first"), c.table)
        turn.contest = Contest(c.table, c.again, c.table(values))
        return Second() if c.again else None


class Second(Step, frozen=True):
    def advance(self, turn: Contesting) -> None:
        c = turn.contest
        values = turn.draw_compared(c.table.sides, _purposes(c.table, "second"), c.table)
        turn.contest = Contest(c.table, c.again, c.first, c.table(values))


class Contests:
    """Just what the odds engine reads of a ruleset: each comparison's outcome as the game's measures."""

    id = "contests"

    def resolve(self, state: Contest, action: Any, dice: Any) -> Any:
        turn = Contesting(dice=dice, contest=state)
        turn.run(First())
        return turn.resolution(turn.state_now())

    def declare_measures(self, state: Contest, action: Any) -> Sequence[Measure]:
        return [Measure("first", "level", 0), Measure("second", "level", 0)]

    def outcome_measures(self, before: Contest, after: Contest, events: Sequence[Event]) -> dict[str, int | bool]:
        return {"first": after.first, "second": after.second}

    def describe_action(self, action: Any) -> tuple[str | None, str]:
        return "Hero", "contests"

    def outcome_part(self, action: Any, strike: Strike) -> str:
        return ""

    def blows(self, action: Any, events: Sequence[Event]) -> list[Blow]:
        return core_blows(self, action, events)  # type: ignore[arg-type]


@settings(max_examples=examples(200), deadline=None)
@given(tables())
def test_the_walk_gives_the_outcome_of_every_ordered_roll_one_branch_each(table: Table) -> None:
    walked = exact_odds(Contests(), Contest(table), None)  # type: ignore[arg-type]
    expected = by_every_roll(table)
    assert walked.tally.values[(GAME, "first")] == expected
    assert walked.leaves == walked.resolutions == len(expected)  # one branch per outcome, not one per roll
    assert walked.tally.weight == 1


@settings(max_examples=examples(60), deadline=None)
@given(tables())
def test_two_comparisons_in_a_row_give_the_plain_walks_figures(table: Table) -> None:
    # The plain walk draws one die at a time (it watches no step) and resolves every roll of both comparisons.
    walked = walked_as_plain(Contests(), Contest(table, again=True), None, 10**5)
    assert walked is not None
    assert walked.leaves == len(by_every_roll(table)) ** 2


class Watching(GivenDice, StepWatcher):
    """Given dice that watch the steps (as the odds' walks do) and keep every request they answer."""

    def __init__(self, values: Sequence[int]) -> None:
        super().__init__(values)
        self.log: list[tuple[DiceRequest, tuple[int, ...]]] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        values = super().draw(request)
        self.log.append((request, values))
        return values

    def at_step(self, turn: Any, step: Step) -> bool:
        return False


def test_a_source_that_watches_steps_is_asked_once_and_any_other_one_die_at_a_time() -> None:
    table = Table(2, 6, tuple(range(36)))
    watched, plain = Watching([4, 2]), RecordingDice(GivenDice([4, 2]))
    for dice in (watched, plain):
        assert Contesting(dice=dice, contest=Contest(table)).draw_compared(6, ("red", "blue"), table) == (4, 2)
    ((request, values),) = watched.log
    assert (request.count, request.sides, request.compare, request.purpose, values) == (
        2,
        6,
        table,
        "red / blue",
        (4, 2),
    )
    assert [(r.purpose, r.count, r.compare, v) for r, v in plain.log] == [
        ("red", 1, None, (4,)),
        ("blue", 1, None, (2,)),
    ]


def test_seeded_dice_draw_the_same_values_either_way() -> None:
    table = Table(2, 10, tuple(range(100)))
    one = SeededDice(11).draw(DiceRequest("a / b", 2, 10, compare=table))
    seeded = SeededDice(11)
    assert one == seeded.draw(DiceRequest("a", 1, 10)) + seeded.draw(DiceRequest("b", 1, 10))


def test_a_die_against_a_number_is_one_die_read_by_its_outcome() -> None:
    class AtLeast(msgspec.Struct, frozen=True):
        target: int

        def __call__(self, values: tuple[int, ...]) -> Hashable:
            return values[0] >= self.target or values[0] == 20

    assert list(branches._compared(1, 20, AtLeast(25))) == [((1,), 19), ((20,), 1)]
    assert list(branches._compared(1, 20, AtLeast(12))) == [((1,), 11), ((20,), 9)]
    assert list(branches._compared(2, 6, Table(2, 6, (0,) * 35 + (1,)))) == [((1, 1), 35), ((6, 6), 1)]
