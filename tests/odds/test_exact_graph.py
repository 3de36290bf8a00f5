"""The exact walk keeps the steps it meets as a graph and carries the probability down it once
(``tabroll.odds.exact._spread``): its tally's weights are fractions of one denominator the tally states
(``Tally.over``), which the report reads instead of working out the least common multiple of every weight's
denominator (1,901 of them for 100d20). The report is the same either way."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from msgspec.structs import replace

from tabroll.odds.exact import FINAL, exact_odds
from tabroll.odds.report import build_report
from tabroll.odds.tally import Tally
from tests.engine.barrage import attack, found


@pytest.fixture
def barrage(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from found(monkeypatch)


def _masses(tally: Tally) -> list[Fraction]:
    return [tally.weight, *tally.refused.values(), *(m for bucket in tally.values.values() for m in bucket.values())]


@pytest.mark.parametrize("attacks", [1, 7, 16])
def test_an_exact_tally_states_the_denominator_its_weights_share(barrage: Any, attacks: int) -> None:
    state, action = attack(barrage, {"attacks": attacks, "hit": 3, "ap": 1}, {"models": 6, "wounds": 2, "save": 4})
    walked = exact_odds(barrage, state, action)
    tally = walked.tally
    assert tally.weight == 1
    assert tally.over > 1
    assert all(tally.over % mass.denominator == 0 for mass in _masses(tally))
    # The report from the stated denominator is the report from the least common multiple of every weight's.
    unstated = replace(tally, over=0)
    assert build_report(tally, exact=True, samples=walked.leaves) == build_report(
        unstated, exact=True, samples=walked.leaves
    )


def test_a_merged_tally_states_no_denominator() -> None:
    # Monte Carlo adds tallies of counts up: what an exact walk stated of its own weights no longer holds.
    exact, counted = Tally(weight=Fraction(1, 6), over=6), Tally(weight=3)
    exact.merge(counted)
    assert exact.over == 0
    assert exact.weight == Fraction(19, 6)


def test_the_leaves_below_a_step_are_added_up_as_they_are_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    # A line struck by 3d6 twice, told as no steps: 3,136 leaves, all below the walk's first node. They are held as
    # one tally of numerators (their weights share a denominator), a bucket per value, never leaf by leaf.
    from tabroll.odds import exact
    from tests.odds.test_walk_merging import Gauntlet, Line, Target

    seen: list[Any] = []
    spread = exact._spread
    monkeypatch.setattr(exact, "_spread", lambda walker: (seen.append(walker), spread(walker)))
    line = Line(tuple(Target(name, 30, 3, 0, "3d6") for name in ("Ann", "Bo")))
    walked = exact_odds(Gauntlet(marks=False), line, None)
    assert walked.leaves == 56 * 56
    (root,) = seen[0].done
    assert list(root.out) == [6**6]
    (part,) = root.out.values()
    assert part.weight == 6**6
    assert sorted(part.values[("", "damage")]) == list(range(6, 38))  # two totals of 3d6, 1 more after a six


def test_the_walk_logs_no_plain_roll_unless_its_finals_may_read_it(barrage: Any) -> None:
    # The walk reads of a resolution its blows and measures: a roll read by its count is drawn but not logged;
    # with finals (a path check reads the dice rolled) it is logged as ever. The odds are the same.
    state, action = attack(barrage, {"attacks": 3, "hit": 3}, {"models": 2, "save": 4})
    kinds: list[set[str]] = []
    plain = exact_odds(barrage, state, action)
    read = exact_odds(barrage, state, action, finals=lambda after, events: kinds.append({e.kind for e in events}))
    assert all("roll" in seen for seen in kinds) and kinds
    assert read.tally.values.pop(FINAL) and read.tally == plain.tally

    watched: list[set[str]] = []
    measures = barrage.outcome_measures
    barrage.outcome_measures = lambda before, after, events: (watched.append({e.kind for e in events}),
                                                              measures(before, after, events))[1]  # fmt: skip
    try:
        assert exact_odds(barrage, state, action).tally == plain.tally
    finally:
        del barrage.outcome_measures
    assert watched and not any("roll" in seen for seen in watched)
    assert any("hit" in seen for seen in watched)
