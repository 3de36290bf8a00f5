"""Trees too large for the plain walk (over 20,000 leaves, so the golden digests and the reference walk skip
them) are walked exactly by the merging walk; each of their exact figures must sit where a seeded simulation of
the same action puts it.

The simulation resolves every trial in full and knows nothing of checkpoints, so a checkpoint key that merged
outcomes it should not would show here as a figure far outside the simulation's interval. The seed is fixed,
so the test gives the same answer on every run; the bound is 5 standard errors (plus a small floor for figures
near 0 or 1), which a right walk misses with a probability far below one in a million per figure.
"""

from __future__ import annotations

import contextlib
import math
from pathlib import Path
from typing import Any

import pytest

from tests.odds.test_walk_golden import GOLDEN, ROOT, _golden

TRIALS = 20_000
BUDGET = 200_000


def _large_actions() -> list[tuple[str, int]]:
    """(file, action index) of every recorded action too large for the golden digests."""
    assert GOLDEN.exists()
    return [
        (name, index)
        for name, entries in _golden().items()
        for index, entry in enumerate(entries)
        if entry is None and (ROOT / name).exists()
    ]


def _state_before(path: Path, index: int) -> tuple[Any, Any, Any] | None:
    from tabroll.dice.sources import GivenDice
    from tabroll.engine import resolve
    from tabroll.errors import RuleRefusal
    from tabroll.loading.scenario import load_scenario_file

    scenario = load_scenario_file(path)
    state = scenario.state
    for step in scenario.steps[:index]:
        if step.dice is None:
            return None
        with contextlib.suppress(RuleRefusal):
            state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice, origin="test")).state
    return scenario.ruleset, state, scenario.steps[index].action


@pytest.mark.slow
@pytest.mark.parametrize(("name", "index"), _large_actions())
def test_a_large_merged_walk_agrees_with_a_seeded_simulation(name: str, index: int) -> None:
    from tabroll.odds.estimate import estimate_leaves, surely_over
    from tabroll.odds.exact import exact_odds
    from tabroll.odds.limits import BudgetExceeded
    from tabroll.odds.montecarlo import simulate

    case = _state_before(ROOT / name, index)
    if case is None:
        pytest.skip("a later action of this file needs the dice of an earlier one")
    if surely_over(estimate_leaves(*case), BUDGET):
        pytest.skip("too large for an exact walk, by sampling")
    try:
        exact = exact_odds(*case, budget=BUDGET).tally
    except BudgetExceeded:
        pytest.skip("still too large for an exact walk")
    simulated = simulate(*case, trials=TRIALS, seed=20261201)
    assert exact.weight == 1
    far = []
    for key, bucket in exact.values.items():
        seen = simulated.values.get(key, {})
        for value, probability in bucket.items():
            p = float(probability)
            estimate = seen.get(value, 0) / TRIALS
            bound = 5 * math.sqrt(p * (1 - p) / TRIALS) + 5 / TRIALS
            if abs(estimate - p) > bound:
                far.append((key, value, p, estimate))
    for key, bucket in simulated.values.items():  # a value the simulation met that the walk says never happens
        for value, count in bucket.items():
            if value not in exact.values.get(key, {}) and count / TRIALS > 5 / TRIALS:
                far.append((key, value, 0.0, count / TRIALS))
    assert not far, far
