"""Every limit is looked at before the work it limits (issue 26): a roll whose pools the budget cannot walk is
simulated at once and the note says so; a roll's pools are counted, never listed; the simulation keeps what it
caches bounded, so its memory does not grow with ``--trials``.

No test here reads the clock against a speed: a time limit is either generous or already spent."""

from __future__ import annotations

import itertools
import math
import random
import sys
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabroll.engine import find_ruleset
from tabroll.kit import AttackRequest
from tabroll.odds import branches, exact, limits, montecarlo
from tabroll.odds import tally as tallies
from tabroll.odds.api import TimeLimit, compute_odds
from tabroll.odds.branches import _before, _pools, pool_ways
from tabroll.odds.exact import exact_odds
from tabroll.odds.limits import BudgetExceeded
from tests.odds.test_walk_merging import Gauntlet, Line, Target

TABMASTER = find_ruleset("tabmaster")


def hero_with(damage: str) -> tuple[Any, Any, Any]:
    """``tabroll odds -r tabmaster -a "Hero ATK=1 DAN=<damage>" -t "Orc DEF=3"``, as the command builds it."""
    built = TABMASTER.quick_attack(
        AttackRequest(attacker="Lanceiro", target="Soldado", fields={"distance": "1"}, attacker_stats={"DAN": damage})
    )
    return TABMASTER, built.state, built.steps[0].action


@pytest.fixture
def no_large_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing every pool of a large roll is the defect: fail the test the moment it is tried."""
    listed = branches._pools

    def guarded(count: int, sides: int) -> list[tuple[tuple[int, ...], int]]:
        assert math.comb(sides + count - 1, count) <= 10_000, f"listed every pool of {count}d{sides}"
        return listed(count, sides)

    monkeypatch.setattr(branches, "_pools", guarded)


# Damage that rerolls its ones is read by its values, so it is walked as pools (a damage roll that is only added
# up, or whose kept dice are, is walked by its totals: tests/odds/test_totals.py).
@pytest.mark.parametrize(("damage", "pools"), [("20d20ro1", 68_923_264_410), ("10d20ro1", 20_030_010)])
def test_a_roll_of_more_pools_than_the_budget_is_refused_before_any_is_made(no_large_listing, damage, pools) -> None:
    with pytest.raises(BudgetExceeded) as refused:
        exact_odds(*hero_with(damage), budget=200_000)
    count, sides = map(int, damage.split("ro")[0].split("d"))
    damage = f"{count}d{sides}"
    assert refused.value.request == (count, sides, pools)
    assert refused.value.walked == 1  # the one resolution that met the roll
    assert str(refused.value) == (
        f"more than 200,000 resolutions would be needed (one roll of {damage} alone has {pools:,} different pools)"
    )


def test_the_budget_note_names_the_roll_and_the_simulation_follows(no_large_listing) -> None:
    report = compute_odds(*hero_with("20d20ro1"), seed=5, fallback_trials=300, limit=TimeLimit(3_600.0))
    assert report.method == "monte_carlo" and report.samples == 300
    assert report.note == (
        "no exact odds: more than 200,000 resolutions would be needed (one roll of 20d20 alone has 68,923,264,410 "
        "different pools); simulated 300 attacks instead (seed 5; --budget raises the limit, --trials sets the count)"
    )


def test_a_limit_counts_from_the_start_of_the_command() -> None:
    """``--timeout`` holds for the whole command: time spent before the odds (start-up, loading) counts."""
    limit = TimeLimit(5.0, since=time.monotonic() - 10)
    report = compute_odds(*hero_with("1d6"), seed=1, fallback_trials=500, limit=limit)
    assert limit.reached and report.method == "monte_carlo" and report.samples == 1


@given(st.integers(1, 5), st.integers(1, 7))
def test_pools_made_one_from_the_other_are_the_listed_pools_highest_first(count: int, sides: int) -> None:
    listed = _pools(count, sides)
    made = [listed[-1][0]]
    while len(made) < len(listed):
        made.append(_before(made[-1], sides))
    assert made == [combo for combo, _ in reversed(listed)]
    assert [pool_ways(combo) for combo in made] == [ways for _, ways in reversed(listed)]
    assert sum(ways for _, ways in listed) == sides**count


def test_the_walk_with_pools_made_one_at_a_time_gives_the_listed_walks_figures(monkeypatch) -> None:
    line = Line((Target("Ann", 6, 3, 1, "2d6"), Target("Bo", 4, 2, 0, "3d4")), refuse_on=3)
    listed = exact_odds(Gauntlet(), line, None)  # type: ignore[arg-type]
    monkeypatch.setattr(branches, "LISTED_POOLS", 0)
    made = exact_odds(Gauntlet(), line, None)  # type: ignore[arg-type]
    assert made.tally.values == listed.tally.values and made.tally.refused == listed.tally.refused
    assert made.leaves == listed.leaves
    assert made.resolutions == listed.resolutions  # the same pools in the same order


def _size(obj: Any, seen: set[int]) -> int:
    """The bytes of ``obj`` and of everything it holds (lists, tuples, dicts, sets, objects' attributes), each
    object counted once."""
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(_size(k, seen) + _size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        size += sum(_size(item, seen) for item in obj)
    elif hasattr(obj, "__dict__") and not isinstance(obj, type):
        size += _size(vars(obj), seen)
    return size


def _tree_held(trials: int) -> tuple[int, montecarlo.DiceTree]:
    """The bytes the simulation's tree holds (its nodes, its distinct outcomes and their counts) once ``trials``
    trials of a roll of 6d10 (nearly every sequence new, 55 totals) are simulated: what would grow with the trials
    if the tree kept every sequence. Measured on the tree itself, so nothing else the process allocates meanwhile
    (the interpreter's caches, other tests in this worker) can move it; ``benchmarks/bounds.py`` measures whole
    processes."""
    game = Gauntlet(marks=False)
    line = Line((Target("Ann", 10**6, 1, 0, "6d10"),))
    tally = tallies.Tally.of(game, line, None)  # type: ignore[arg-type]
    tree = montecarlo.DiceTree(game, line, None, tally)  # type: ignore[arg-type]
    tree.run(trials, random.Random(3).randrange)
    seen: set[int] = set()
    return sum(_size(part, seen) for part in (tree.root, tree.outcomes, tree.counts, tree._index, tree.at)), tree


def test_the_simulations_memory_does_not_grow_with_its_trials(monkeypatch) -> None:
    """Past its bound the tree holds no more: with four times the trials it holds the same (within a tenth)."""
    monkeypatch.setattr(montecarlo, "MAX_KEPT", 200, raising=False)  # the bound, small enough to reach here
    bounded, _ = _tree_held(250)  # the bound is reached after about 25 trials (each keeps some 8 new values)
    large, tree = _tree_held(1_000)
    assert tree.kept <= 200
    assert large < bounded * 1.1, (bounded, large)


def test_the_tree_does_grow_until_its_bound(monkeypatch) -> None:
    """The measure above can see growth: below the bound, more trials keep more (so a tree that kept everything
    would fail it)."""
    monkeypatch.setattr(montecarlo, "MAX_KEPT", 10**6, raising=False)
    fewer, _ = _tree_held(250)
    more, tree = _tree_held(1_000)
    assert tree.kept > 1_000
    assert more > fewer * 2, (fewer, more)


def test_equal_outcomes_are_kept_once() -> None:
    _, tree = _tree_held(800)
    distinct = {tuple(outcome.items()) if outcome else reason for outcome, reason in tree.outcomes}
    assert len(tree.outcomes) == len(distinct)
    assert sum(tree.counts) == 800


def test_a_bounded_tree_gives_the_same_estimate() -> None:
    args = hero_with("2d6")
    bounded_trials = 3_000
    free = montecarlo.simulate(*args, trials=bounded_trials, seed=4)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(montecarlo, "MAX_KEPT", 10)
        bounded = montecarlo.simulate(*args, trials=bounded_trials, seed=4)
    assert bounded.values == free.values and bounded.weight == free.weight == bounded_trials


def test_pools_are_counted_as_combinations() -> None:
    for count, sides in itertools.product(range(1, 4), range(1, 6)):
        assert branches.pool_size(count, sides) == len(_pools(count, sides))


def test_a_walk_stopped_by_its_deadline_says_how_much_it_covered(monkeypatch) -> None:
    """A walk the deadline stops says how much of the outcomes it walked: some, never all."""
    line = Line((Target("Ann", 9, 1, 0, "1d6"), Target("Bo", 9, 1, 0, "3d6")))
    checks = iter([False, True])
    monkeypatch.setattr(exact, "passed", lambda deadline: next(checks))
    with pytest.raises(limits.WalkStopped) as stopped:
        exact.exact_odds(Gauntlet(marks=False), line, None, budget=10**6, deadline=1.0)  # type: ignore[arg-type]
    assert stopped.value.resolutions > 0
    assert 0 < stopped.value.covered < 1


def test_a_swallowed_ctrl_c_still_stops_a_simulation_and_a_walk(monkeypatch) -> None:
    """A Ctrl-C whose exception a library swallowed (CPython compiling a module on import did, under load: the
    simulation then ran on for good) is seen by the long loops when they look at the clock."""
    from tabroll import errors

    monkeypatch.setattr(errors, "INTERRUPTS", [2])
    with pytest.raises(KeyboardInterrupt):
        montecarlo.simulate(*hero_with("1d6"), trials=50_000_000, seed=1)
    line = Line(tuple(Target(n, 9, 1, 0, "2d6") for n in ("Ann", "Bo", "Cy", "Di", "Ed")))
    with pytest.raises(KeyboardInterrupt):
        exact_odds(Gauntlet(marks=False), line, None, budget=10**7)  # type: ignore[arg-type]


def test_a_walk_over_its_budget_says_so_and_the_exception_crosses_processes() -> None:
    """A tree that only grows past the budget deep down says so; the exception crosses back from a worker process
    as itself (it once said "a worker process stopped before its work was done", exit 70)."""
    import pickle

    for raised in (BudgetExceeded(1_000, 7), BudgetExceeded(10, 1, request=(3, 6, 16), what="totals")):
        again = pickle.loads(pickle.dumps(raised))
        assert (type(again), str(again), again.budget, again.walked, again.request, again.budget_helps) == (
            BudgetExceeded, str(raised), raised.budget, raised.walked, raised.request, raised.budget_helps
        )  # fmt: skip
    pilgrim = TABMASTER.quick_attack(
        AttackRequest(
            attacker="Hero",
            target="Orc",
            fields={"distance": "1"},
            attacker_stats={"ATK": "1 (Peregrino x 3)", "DAN": "1d20"},
            target_stats={"DEF": "30"},
        )
    )
    with pytest.raises(BudgetExceeded) as over:
        exact_odds(TABMASTER, pilgrim.state, pilgrim.steps[0].action, budget=1_000)
    assert over.value.budget == 1_000 and str(over.value).startswith("more than 1,000 resolutions would be needed")
