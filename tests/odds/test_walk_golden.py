"""The exact walk gives the same fractions as the walk of the commit before the resolution speed-ups (issue 18), on
every action of every bundled scenario and benchmark scenario.

``walk_golden.json`` holds, for each action, a digest of its exact tally (every measure's value and probability,
the refusals, the total weight, the undeclared measures) and its number of leaves, written by that older commit
(3eeb096) with ``PYTHONPATH=<its checkout> python tests/odds/test_walk_golden.py --write``: its own tabroll and
games walked this checkout's scenario files. The speed-ups
(cheaper copies of the states, plain dice rolled without folding an expression tree, geometry fast paths, the
trample's plan kept per action) must leave every one of these digests as it was; the number of leaves may only go
down (a roll that is only added up is walked by its totals since issue 29). Actions over 20,000 leaves are not
recorded (``null``)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("walk_golden.json")
BUDGET = 20_000
EVERYDAY = 2_000  # the everyday run compares the actions of at most this many leaves; the slow run all of them


def scenario_files() -> list[Path]:
    return sorted([*ROOT.glob("scenarios/*/*.yaml"), *ROOT.glob("benchmarks/scenarios/*.yaml")])


def digest(tally: Any) -> str:
    """A digest of a settled tally: the same digest means the same fractions, to the last digit."""
    values = sorted(
        (part, name, repr(value), str(mass))
        for (part, name), bucket in tally.values.items()
        for value, mass in bucket.items()
    )
    refused = sorted((reason, str(mass)) for reason, mass in tally.refused.items())
    text = json.dumps([values, refused, str(tally.weight), sorted(tally.undeclared)])
    return hashlib.sha256(text.encode()).hexdigest()


def walk_file(path: Path, *, only: set[int] | None = None, budget: int = BUDGET) -> list[dict[str, Any] | None]:
    """Each action's digest and leaves (None past ``budget``), following the scenario's own dice between actions."""
    from tabroll.dice.sources import GivenDice
    from tabroll.engine import resolve
    from tabroll.errors import RuleRefusal
    from tabroll.loading.scenario import load_scenario_file
    from tabroll.odds.estimate import estimate_leaves, surely_over
    from tabroll.odds.exact import exact_odds
    from tabroll.odds.limits import BudgetExceeded

    scenario = load_scenario_file(path)
    state = scenario.state
    out: list[dict[str, Any] | None] = []
    for index, step in enumerate(scenario.steps):
        entry: dict[str, Any] | None = None
        if (only is None or index in only) and not (
            only is None and surely_over(estimate_leaves(scenario.ruleset, state, step.action), budget)
        ):
            with contextlib.suppress(BudgetExceeded):
                result = exact_odds(scenario.ruleset, state, step.action, budget=budget)
                entry = {"leaves": result.leaves, "digest": digest(result.tally)}
        out.append(entry)
        if step.dice is None:
            break  # a later action needs the dice of this one
        with contextlib.suppress(RuleRefusal):  # a refused action leaves the state as it was
            state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice, origin="test")).state
    return out


def _golden() -> dict[str, list[dict[str, Any] | None]]:
    loaded: dict[str, list[dict[str, Any] | None]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return loaded


def _recorded_within(path: Path, limit: int) -> set[int]:
    recorded = _golden()[path.relative_to(ROOT).as_posix()]
    return {i for i, entry in enumerate(recorded) if entry is not None and entry["leaves"] <= limit}


def _compare(path: Path, limit: int) -> None:
    key = path.relative_to(ROOT).as_posix()
    recorded = _golden()[key]
    wanted = _recorded_within(path, limit)
    assert wanted, f"{key}: no action recorded within {limit:,} leaves, so this comparison would check nothing"
    walked = walk_file(path, only=wanted)
    for index in sorted(wanted):
        now, then = walked[index], recorded[index]
        assert now is not None and then is not None
        assert now["digest"] == then["digest"], f"{key}, action {index + 1}: the fractions changed"
        # The tree may only have shrunk: a roll read by its total is walked by its totals (issue 29), not its pools.
        assert now["leaves"] <= then["leaves"], f"{key}, action {index + 1}: the walk has more leaves"


def _unrecorded() -> list[tuple[Path, int]]:
    """Each action of a file the old walk recorded nothing of (every action over its 20,000 leaves)."""
    found: list[tuple[Path, int]] = []
    for path in scenario_files():
        recorded = _golden()[path.relative_to(ROOT).as_posix()]
        if all(entry is None for entry in recorded):
            found.extend((path, index) for index in range(len(recorded)))
    return found


def test_every_file_has_its_record() -> None:
    assert sorted(_golden()) == [p.relative_to(ROOT).as_posix() for p in scenario_files()]


def test_every_file_is_compared_somewhere() -> None:
    """Each file has an action the old walk recorded, or every action of it is checked against the plain walk."""
    for path in scenario_files():
        recorded = _golden()[path.relative_to(ROOT).as_posix()]
        assert _recorded_within(path, BUDGET) or all(entry is None for entry in recorded), path


EVERYDAY_FILES = [p for p in scenario_files() if _recorded_within(p, EVERYDAY)]
RECORDED_FILES = [p for p in scenario_files() if _recorded_within(p, BUDGET)]


@pytest.mark.parametrize("path", EVERYDAY_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_walk_gives_the_fractions_of_the_old_walk_on_small_trees(path: Path) -> None:
    _compare(path, EVERYDAY)


@pytest.mark.slow  # every recorded action, up to 20,000 leaves
@pytest.mark.parametrize("path", RECORDED_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_walk_gives_the_fractions_of_the_old_walk(path: Path) -> None:
    _compare(path, BUDGET)


PLAIN_BUDGET = 150_000


@pytest.mark.slow  # the plain walk resolves every outcome from the start: tens of seconds for these
@pytest.mark.parametrize(
    ("path", "index"), _unrecorded(), ids=[f"{p.parent.name}/{p.name}#{i + 1}" for p, i in _unrecorded()]
)
def test_an_action_the_old_walk_left_out_has_the_plain_walks_fractions(path: Path, index: int) -> None:
    """Past the old walk's budget there is no record to compare with: the merging walk is checked against the plain
    walk instead (every outcome resolved from the start, no checkpoint read), on the same state."""
    from tabroll.dice.sources import GivenDice
    from tabroll.engine import resolve
    from tabroll.errors import RuleRefusal
    from tabroll.loading.scenario import load_scenario_file
    from tests.odds.helpers import walked_as_plain

    scenario = load_scenario_file(path)
    state = scenario.state
    for step in scenario.steps[:index]:
        assert step.dice is not None
        with contextlib.suppress(RuleRefusal):
            state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice, origin="test")).state
    walked = walked_as_plain(scenario.ruleset, state, scenario.steps[index].action, budget=PLAIN_BUDGET)
    assert walked is not None, f"the plain walk needs more than {PLAIN_BUDGET:,} resolutions: raise the budget"


def _games_of_this_checkout() -> None:  # pragma: no cover - only for --write with another checkout's tabroll
    """Run with another checkout first on ``PYTHONPATH``, take its games too (an editable install would map
    ``tabroll.rulesets`` to its own checkout's folder), and check that both come from there."""
    import importlib.util

    import tabroll

    checkout = Path(tabroll.__file__).resolve().parents[1]
    games = importlib.util.spec_from_file_location(
        "tabroll.rulesets",
        checkout / "rulesets" / "__init__.py",
        submodule_search_locations=[str(checkout / "rulesets")],
    )
    assert games is not None and games.loader is not None
    sys.modules["tabroll.rulesets"] = module = importlib.util.module_from_spec(games)
    games.loader.exec_module(module)
    from tabroll.engine import find_ruleset

    parts = find_ruleset("tabmaster").parts()
    assert parts is not None
    resolver = parts.resolve
    assert Path(sys.modules[resolver.__module__].__file__ or "").is_relative_to(checkout), resolver.__module__
    print(f"writing the records with the tabroll and games of {checkout}")


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:  # pragma: no cover - run once, by hand
    _games_of_this_checkout()
    records = {p.relative_to(ROOT).as_posix(): walk_file(p) for p in scenario_files()}
    GOLDEN.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
