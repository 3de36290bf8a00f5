"""The merging walk (steps, tabroll.odds.exact._Walker) gives the exact figures of the plain walk.

A small game of its own, built here, strikes a line of targets one after the other: each strike rolls its own
dice against the target's guard, deals what beats its armour, and may defeat it; a roll that shows its highest
face makes the attacker furious, so every later strike deals 1 more. Each strike is a step holding what the
rest reads (the strike's index and the fury). Hypothesis draws the line of targets and their dice; the figures
must equal those of the plain walk that resolves every outcome from the start, while the merging walk needs
fewer resolutions than there are leaves. A step that leaves the fury out of what it compares must give other
figures: the comparison can fail.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.engine.steps import Step
from tabroll.engine.work import BaseTurn
from tabroll.errors import RuleRefusal
from tabroll.events import Damage, Defeat, Event, Hit, Miss
from tabroll.frozen import eq_hash_without
from tabroll.kit import Blow, Measure, Strike, core_blows
from tabroll.odds.exact import exact_odds
from tests.odds.helpers import walked_as_plain
from tests.support import examples


class Target(msgspec.Struct, frozen=True):
    name: str
    life: int
    guard: int
    armour: int
    dice: str  # what the attacker rolls against it


class Line(msgspec.Struct, frozen=True):
    targets: tuple[Target, ...]
    refuse_on: int = 0  # a total equal to this is refused (0: never), to walk refusals below checkpoints too


class Run(BaseTurn, kw_only=True):
    """The working area of one strike of the line: the targets as they stand."""

    targets: tuple[Target, ...]
    refuse_on: int

    def state_now(self) -> Line:
        return Line(self.targets, self.refuse_on)


class StrikeAt(Step, frozen=True):
    """The strike on target ``index``, with the attacker's ``fury`` (1 once a roll showed its highest face)."""

    index: int
    fury: int

    def advance(self, turn: Run) -> Step | None:
        index, fury = self.index, self.fury
        target = turn.targets[index]
        rolled = turn.roll_dice(target.dice, f"strike {target.name}", "Hero")
        total = rolled.total
        if total == turn.refuse_on:
            raise RuleRefusal(f"a total of {total} is refused", rule="test")
        furious = max(rolled.values) == int(target.dice.split("d")[1])
        if total < target.guard:
            turn.emit(Miss(attacker="Hero", target=target.name, result=total, needed=target.guard, rule="low"))
        else:
            turn.emit(Hit(attacker="Hero", target=target.name, result=total, needed=target.guard, rule="high"))
            amount = max(0, total - target.armour) + fury
            if amount:
                defeats = amount >= target.life
                turn.emit(Damage(attacker="Hero", target=target.name, amount=amount, rule="beats", defeats=defeats))
                changed = Target(target.name, max(0, target.life - amount), target.guard, target.armour, target.dice)
                turn.targets = (*turn.targets[:index], changed, *turn.targets[index + 1 :])
                if defeats:
                    turn.emit(Defeat(unit=target.name, by="Hero", reason="no life left"))
        fury = fury or int(furious)
        return type(self)(index + 1, fury) if index + 1 < len(turn.targets) else None


class StrikeForgettingFury(StrikeAt, frozen=True):
    """The same strike, with the fury left out of what the walk compares: a mistake, which the figures show."""

    __eq__, __hash__ = eq_hash_without("fury")


class Gauntlet:
    """Just what the odds engine reads of a ruleset. ``steps``: whether the strikes are told to the walk as steps
    (without, the walk resolves every outcome from the start); ``fury_in_key``: whether the fury is compared."""

    id = "gauntlet"

    def __init__(self, *, fury_in_key: bool = True, marks: bool = True) -> None:
        self.fury_in_key = fury_in_key
        self.marks = marks

    def resolve(self, state: Line, action: Any, dice: Any) -> Any:
        turn = Run(dice=dice, targets=state.targets, refuse_on=state.refuse_on)
        first: Step | None = StrikeAt(0, 0) if self.fury_in_key else StrikeForgettingFury(0, 0)
        if self.marks:
            turn.run(first)
        else:  # the same steps, none of them told to the walk
            while first is not None:
                first = first.advance(turn)
        return turn.resolution(turn.state_now())

    def declare_measures(self, state: Line, action: Any) -> Sequence[Measure]:
        return [Measure(f"life left: {t.name}", "level", t.life) for t in state.targets]

    def outcome_measures(self, before: Line, after: Line, events: Sequence[Event]) -> dict[str, int | bool]:
        return {f"life left: {t.name}": t.life for t in after.targets}

    def describe_action(self, action: Any) -> tuple[str | None, str]:
        return "Hero", "strikes the line"

    def outcome_part(self, action: Any, strike: Strike) -> str:
        return ""

    def blows(self, action: Any, events: Sequence[Event]) -> list[Blow]:
        return core_blows(self, action, events)  # type: ignore[arg-type]


targets = st.builds(
    Target,
    name=st.sampled_from(["Ann", "Bo", "Cy", "Di"]),
    life=st.integers(1, 6),
    guard=st.integers(1, 9),
    armour=st.integers(0, 4),
    dice=st.sampled_from(["1d4", "1d6", "2d4", "1d8", "2d3"]),
)
lines = st.builds(
    Line,
    targets=st.lists(targets, min_size=1, max_size=4, unique_by=lambda t: t.name).map(tuple),
    refuse_on=st.integers(0, 3),
)


def _figures(tally: Any) -> tuple[Any, Any, Any]:
    return tally.values, tally.refused, tally.weight


@settings(max_examples=examples(60), deadline=None)
@given(lines)
def test_merging_gives_the_plain_walks_figures(line: Line) -> None:
    assert walked_as_plain(Gauntlet(), line, None, 10**6) is not None


def test_checkpoints_save_resolutions_and_count_every_leaf() -> None:
    line = Line(tuple(Target(n, 3, 3, 1, "1d6") for n in ("Ann", "Bo", "Cy", "Di")))
    merged = exact_odds(Gauntlet(), line, None)  # type: ignore[arg-type]
    plain = exact_odds(Gauntlet(marks=False), line, None)  # type: ignore[arg-type]
    assert merged.leaves == plain.leaves == 6**4
    assert plain.resolutions == 6**4
    assert merged.resolutions < plain.resolutions // 3
    assert _figures(merged.tally) == _figures(plain.tally)
    assert merged.tally.values[("", "damage")] == plain.tally.values[("", "damage")]


def test_a_checkpoint_that_leaves_out_what_the_rest_reads_gives_other_figures() -> None:
    # The fury changes later damage: 1+3 and 2+2 deal the same 4 and leave the same state, but only the first
    # shows a 3. A key without the fury merges the two paths, and the figures show it.
    line = Line(tuple(Target(n, 9, 2, 0, "2d3") for n in ("Ann", "Bo", "Cy")))
    right = exact_odds(Gauntlet(), line, None)  # type: ignore[arg-type]
    wrong = exact_odds(Gauntlet(fury_in_key=False), line, None)  # type: ignore[arg-type]
    assert _figures(right.tally) != _figures(wrong.tally)


def test_a_merging_walk_stopped_by_its_deadline_says_how_much_it_walked(monkeypatch) -> None:
    from fractions import Fraction

    from tabroll.odds import exact, limits

    line = Line(tuple(Target(n, 9, 2, 0, "1d6") for n in ("Ann", "Bo", "Cy", "Di")))
    whole = exact_odds(Gauntlet(), line, None)  # type: ignore[arg-type]
    checks = iter([False, True])  # the walk reads the clock now and then: stop at the second reading
    monkeypatch.setattr(exact, "passed", lambda deadline: next(checks))
    try:
        exact_odds(Gauntlet(), line, None, deadline=1.0)  # type: ignore[arg-type]
    except limits.WalkStopped as stopped:
        assert 0 < stopped.resolutions < whole.resolutions
        assert isinstance(stopped.covered, Fraction) and 0 < stopped.covered < 1
    else:
        raise AssertionError("the walk was not stopped")
