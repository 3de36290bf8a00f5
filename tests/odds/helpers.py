"""Shared by the odds tests: the exact report of one action of a scenario (a bundled file or a dict written in
the test), and an independent tally that the tests fill by enumerating the dice themselves."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

import msgspec
import yaml

from tabroll.dice.sources import GivenDice
from tabroll.engine import Scenario, resolve
from tabroll.loading.scenario import load_scenario_file, scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tabroll.odds.exact import exact_odds
from tabroll.odds.figures import Block, Report
from tabroll.odds.report import build_report
from tabroll.odds.tally import ExactResult

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def scenario_of(data: dict[str, Any] | str) -> Scenario:
    """A bundled scenario (``"forgod/04-….yaml"``) or one written in the test as a dict."""
    if isinstance(data, str):
        return load_scenario_file(SCENARIOS / data)
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<test>")
    return scenario_from_document(doc, {})


def odds_of(scenario: Scenario, action: int = 1) -> Report:
    """The exact report of action ``action`` (from 1), the earlier actions replayed with their given dice."""
    state = scenario.state
    for step in scenario.steps[: action - 1]:
        state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice or (), origin="test")).state
    result = exact_odds(scenario.ruleset, state, scenario.steps[action - 1].action)
    return build_report(result.tally, exact=True, samples=result.leaves)


def walked_as_plain(ruleset: Any, state: Any, action: Any, budget: int = 10_000) -> ExactResult | None:
    """The merging walk of ``action``, once its figures are asserted equal to the plain walk's (which resolves
    every outcome again from the start and reads no checkpoint: ``test_walk_reference.reference_walk``);
    ``None`` when the plain walk would need more than ``budget`` resolutions."""
    from tests.odds.test_walk_reference import reference_walk

    expected = reference_walk(ruleset, state, action, budget)
    if expected is None:
        return None
    walked = exact_odds(ruleset, state, action, budget=budget)
    assert walked.tally.values == expected.values
    assert walked.tally.refused == expected.refused
    assert walked.tally.weight == expected.weight == 1
    assert walked.tally.undeclared == expected.undeclared
    # a resolution that reaches a reading step's node reaches no leaf (the step's values are walked from there)
    assert walked.resolutions <= walked.leaves + 1
    return walked


def faces(sides: int) -> range:
    return range(1, sides + 1)


def sums(count: int, sides: int) -> dict[int, Fraction]:
    """The distribution of the total of ``count`` dice of ``sides`` sides, by counting every ordered roll."""
    totals: Counter[int] = Counter({0: 1})
    for _ in range(count):
        step: Counter[int] = Counter()
        for total, ways in totals.items():
            for face in faces(sides):
                step[total + face] += ways
        totals = step
    every = sides**count
    return {total: Fraction(ways, every) for total, ways in totals.items()}


class Expected(msgspec.Struct):
    """What the test's own enumeration says: the probability of each event, the distribution of each number."""

    flags: defaultdict[str, Fraction] = msgspec.field(default_factory=lambda: defaultdict(Fraction))
    numbers: defaultdict[str, defaultdict[int, Fraction]] = msgspec.field(
        default_factory=lambda: defaultdict(lambda: defaultdict(Fraction))
    )
    total: Fraction = Fraction(0)

    def outcome(self, p: Fraction, flags: Iterable[str] = (), **numbers: int) -> None:
        self.total += p
        for name in set(flags):  # an event happens or not, however many blows raise it
            self.flags[name] += p
        for name, value in numbers.items():
            self.numbers[name][value] += p

    def p(self, name: str) -> Fraction:
        return self.flags.get(name, Fraction(0))

    def dist(self, name: str) -> dict[int, Fraction]:
        return {v: m for v, m in self.numbers[name].items() if m}


def dist(block: Block, name: str) -> dict[int, Fraction]:
    """A reported distribution as {value: exact probability} (values of probability 0 left out)."""
    return {int(v): e.exact for v, e in block.distributions[name] if e.exact}


def p(block: Block, name: str) -> Fraction:
    """A reported probability; a flag no outcome raised is not reported, and reads as 0."""
    e = block.probabilities.get(name)
    if e is None:
        return Fraction(0)
    assert e.exact is not None
    return e.exact


def mean(values: dict[int, Fraction]) -> Fraction:
    return sum((v * q for v, q in values.items()), Fraction(0))


def check(block: Block, expected: Expected, names: dict[str, str], numbers: dict[str, str]) -> None:
    """Every flag in ``names`` (report name → expected name) has the expected probability, and every number in
    ``numbers`` the expected distribution and mean."""
    assert expected.total == 1, "the test's enumeration must cover every outcome"
    for reported, wanted in names.items():
        assert p(block, reported) == expected.p(wanted), reported
    for reported, wanted in numbers.items():
        assert dist(block, reported) == expected.dist(wanted), reported
        assert block.means[reported].exact == mean(expected.dist(wanted)), reported
