"""The exact walk against the plainest walk there is, on every action of every bundled scenario: resolve again for
every prefix, branch where the dice run out, add a Fraction per leaf. The same fractions, to the last digit."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest

from tabroll.dice.sources import GivenDice
from tabroll.engine import resolve
from tabroll.errors import RuleRefusal
from tabroll.loading.scenario import load_scenario_file
from tabroll.odds.exact import exact_odds
from tabroll.odds.limits import BudgetExceeded
from tabroll.odds.tally import Tally
from tests.support import TooManyOutcomes, plain_outcomes

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FILES = sorted(p for p in SCENARIOS.glob("*/*.yaml"))


def reference_walk(ruleset: Any, state: Any, action: Any, budget: int) -> Tally | None:
    """The walk as it was first written; None past ``budget`` resolutions."""
    tally = Tally.of(ruleset, state, action)
    try:
        for probability, resolved in plain_outcomes(ruleset, state, action, budget):
            if isinstance(resolved, RuleRefusal):
                tally.add_refusal(resolved.message, probability)
            else:
                tally.add(tally.outcome(ruleset, action, state, resolved.state, resolved.events), probability)
    except TooManyOutcomes:
        return None
    return tally


def compare(path: Path, budget: int) -> int:
    scenario = load_scenario_file(path)
    state, compared = scenario.state, 0
    for step in scenario.steps:
        expected = reference_walk(scenario.ruleset, state, step.action, budget)
        if expected is not None:
            try:
                walked = exact_odds(scenario.ruleset, state, step.action, budget=budget).tally
            except BudgetExceeded:  # pragma: no cover - the walk needs fewer resolutions than the reference
                raise AssertionError(f"{path.name}: the walk gave up where the reference did not") from None
            assert walked.values == expected.values, path.name
            assert walked.refused == expected.refused and walked.weight == expected.weight == 1, path.name
            assert walked.undeclared == expected.undeclared, path.name
            compared += 1
        if step.dice is None:
            break  # a later action needs the dice of this one
        with contextlib.suppress(RuleRefusal):  # a refused action leaves the state as it was
            state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice, origin="test")).state
    return compared


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_walk_gives_the_fractions_of_the_plain_walk_on_small_trees(path: Path) -> None:
    compare(path, budget=150)  # every day; the slow tier below compares trees of up to 5,000


@pytest.mark.slow  # every action of every bundled scenario up to 5,000 resolutions of the plain walk
@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_walk_gives_the_fractions_of_the_plain_walk(path: Path) -> None:
    compare(path, budget=5_000)  # every bundled action the plain walk finishes within 20,000 finishes within this
