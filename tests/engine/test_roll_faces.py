"""A step that reads its dice only by what their faces count for, added up (``BaseTurn.roll_faces``): played,
each die is drawn on its own for its purpose and logged right after it is drawn; the exact walk gets the dice as
one request and branches over the distinct sums, each with the ordered rolls that give it (issue 41)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from tabroll.dice.sources import DiceRequest, GivenDice, RecordingDice
from tabroll.engine.steps import Step, StepWatcher
from tabroll.engine.work import BaseTurn
from tabroll.events import Event, Note
from tabroll.kit import Blow, Measure, Strike, core_blows
from tabroll.odds.exact import exact_odds
from tabroll.odds.measures import GAME
from tests.support import examples


class Roll(msgspec.Struct, frozen=True):
    dice: int
    table: tuple[tuple[int, int], ...]  # what each face counts for: (damage, tenacity)
    more: int = 0  # then this many dice of another kind, with as many faces
    other: tuple[tuple[int, int], ...] = ()
    shown: tuple[int, ...] = ()
    added: tuple[int, int] = (-1, -1)

    @property
    def tables(self) -> list[tuple[tuple[int, int], ...]]:
        return [self.table] * self.dice + [self.other] * self.more


class Rolling(BaseTurn, kw_only=True):
    roll: Roll

    def state_now(self) -> Roll:
        return self.roll


class RollAll(Step, frozen=True):
    def advance(self, turn: Rolling) -> None:
        roll = turn.roll
        tables = roll.tables
        purposes = [f"die {n}" for n in range(1, len(tables) + 1)]
        shown = turn.roll_faces(len(roll.table), tables, purposes, lambda i, face: turn.emit(Note(text=f"{i}:{face}")))
        counted = [table[face - 1] for table, face in zip(tables, shown, strict=True)]
        added = (sum(c[0] for c in counted), sum(c[1] for c in counted))
        turn.roll = replace(roll, shown=shown, added=added)


class Faces:
    """Just what the odds engine reads of a ruleset: the damage and tenacity the dice add up to."""

    id = "faces"

    def resolve(self, state: Roll, action: Any, dice: Any) -> Any:
        turn = Rolling(dice=dice, roll=state)
        turn.run(RollAll())
        return turn.resolution(turn.state_now())

    def declare_measures(self, state: Roll, action: Any) -> Sequence[Measure]:
        return [Measure("damage", "level", 0), Measure("tenacity", "level", 0)]

    def outcome_measures(self, before: Roll, after: Roll, events: Sequence[Event]) -> dict[str, int | bool]:
        return {"damage": after.added[0], "tenacity": after.added[1]}

    def describe_action(self, action: Any) -> tuple[str | None, str]:
        return "Hero", "rolls"

    def outcome_part(self, action: Any, strike: Strike) -> str:
        return ""

    def blows(self, action: Any, events: Sequence[Event]) -> list[Blow]:
        return core_blows(self, action, events)  # type: ignore[arg-type]


@st.composite
def rolls(draw: st.DrawFn) -> Roll:
    dice = draw(st.integers(1, 3))
    more = draw(st.integers(0, 4 - dice))
    sides = draw(st.integers(1, 6))
    face = st.tuples(st.integers(0, 3), st.integers(0, 1))
    table, other = (tuple(draw(st.lists(face, min_size=sides, max_size=sides))) for _ in range(2))
    return Roll(dice, table, more, other if more else ())


@settings(max_examples=examples(100), deadline=None)
@given(rolls())
def test_the_walk_branches_over_the_sums_with_the_odds_of_every_ordered_roll(roll: Roll) -> None:
    sides, tables = len(roll.table), roll.tables
    every = list(itertools.product(range(1, sides + 1), repeat=len(tables)))
    sums = Counter(
        tuple(map(sum, zip(*(t[f - 1] for t, f in zip(tables, r, strict=True)), strict=True))) for r in every
    )
    walked = exact_odds(Faces(), roll, None)  # type: ignore[arg-type]
    assert walked.leaves == walked.resolutions == len(sums)  # one branch per distinct sum, not per roll
    damage: Counter[int] = Counter()
    for (hit, _), ways in sums.items():
        damage[hit] += ways
    assert walked.tally.values[(GAME, "damage")] == {k: Fraction(w, sides ** len(tables)) for k, w in damage.items()}
    assert walked.tally.weight == 1


def test_played_each_die_is_drawn_for_its_purpose_and_logged_as_it_comes() -> None:
    table = ((1, 0), (2, 0), (0, 1))
    recorded = RecordingDice(GivenDice([3, 1, 2]))
    turn = Rolling(dice=recorded, roll=Roll(3, table))
    turn.run(RollAll())
    assert [(r.purpose, r.count, r.sides) for r, _ in recorded.log] == [
        ("die 1", 1, 3),
        ("die 2", 1, 3),
        ("die 3", 1, 3),
    ]
    assert [e.text for e in turn.events] == ["0:3", "1:1", "2:2"]  # type: ignore[attr-defined]
    assert turn.roll.shown == (3, 1, 2) and turn.roll.added == (3, 1)


class Watching(GivenDice, StepWatcher):
    """Given values, for a source that watches steps (as the walk and a simulation do)."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(values, origin="test")
        self.requests: list[DiceRequest] = []

    def at_step(self, turn: Any, step: Step) -> bool:
        return False

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        self.requests.append(request)
        return super().draw(request)


def test_a_source_that_watches_steps_gets_the_dice_as_one_request_of_their_reading() -> None:
    table, other = ((1, 0), (2, 0), (0, 1)), ((0, 0), (0, 0), (3, 0))
    dice = Watching([3, 1, 2, 3, 3, 1])
    turn = Rolling(dice=dice, roll=Roll(3, table))
    turn.run(RollAll())
    assert [(r.count, r.sides, r.per_face) for r in dice.requests] == [(3, 3, ((3, table),))]
    assert [e.text for e in turn.events] == ["0:3", "1:1", "2:2"]  # type: ignore[attr-defined]
    assert turn.roll.shown == (3, 1, 2) and turn.roll.added == (3, 1)
    # dice of two kinds with as many faces: one request, in runs of one kind
    turn = Rolling(dice=dice, roll=Roll(1, table, 2, other))
    turn.run(RollAll())
    assert [(r.count, r.per_face) for r in dice.requests[1:]] == [(3, ((1, table), (2, other)))]
    assert turn.roll.shown == (3, 3, 1) and turn.roll.added == (3, 1)


def test_the_same_roll_of_faces_is_one_request_made_once() -> None:
    """The walk asks for the same roll at every branch of a step: its request (the runs of its tables) is made once,
    not at every leaf; another roll is another request."""
    table, other = ((1, 0), (2, 0), (0, 1)), ((0, 0), (0, 0), (3, 0))
    dice = Watching([3, 1, 2, 1, 2, 3, 2, 2, 2])
    for roll in (Roll(3, table), Roll(3, table), Roll(1, table, 2, other)):
        Rolling(dice=dice, roll=roll).run(RollAll())
    first, again, another = dice.requests
    assert again is first and another is not first
    assert (first.per_face, another.per_face) == (((3, table),), ((1, table), (2, other)))
