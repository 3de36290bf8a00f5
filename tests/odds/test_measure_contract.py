"""The measure contract, over every action of every bundled scenario: each measure a game declares is reported
by the outcomes of that action, and no outcome reports a measure its game did not declare (a misspelt or
forgotten declaration would otherwise read as a silent default); and every block of what follows an attack has
the game's own name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabroll.dice.sources import GivenDice
from tabroll.engine import resolve
from tabroll.errors import TabrollError
from tabroll.loading.scenario import load_scenario_file
from tabroll.odds.exact import exact_odds
from tabroll.odds.limits import BudgetExceeded
from tabroll.odds.report import build_report

from .helpers import SCENARIOS

FILES = sorted(SCENARIOS.glob("*/*.yaml"))
BUDGET = 800  # small walks only: the contract is about names, not about large trees

pytestmark = pytest.mark.slow  # minutes of CPU in all: run by the README's test command (pytest -m slow) and CI


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_every_declared_measure_is_reported_and_every_reported_one_declared(path: Path) -> None:
    scenario = load_scenario_file(path)
    state = scenario.state
    for number, step in enumerate(scenario.steps, start=1):
        try:
            result = exact_odds(scenario.ruleset, state, step.action, budget=BUDGET)
        except BudgetExceeded:
            pass
        else:
            report = build_report(result.tally, exact=True, samples=result.leaves)
            assert report.unreported == [], f"action {number}"
            assert report.undeclared == [], f"action {number}"
            # Every game names what follows its attacks; the core's default label means a blow went unnamed.
            assert not [b.label for b in report.follow_ups if b.label.startswith("reply by")], f"action {number}"
        try:
            state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice or (), origin="test")).state
        except TabrollError:
            break  # a later action's state needs dice the file does not give
