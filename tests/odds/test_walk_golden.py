"""The exact walk gives the same fractions as the walk recorded in ``walk_golden.json``, on every action of every
bundled scenario and benchmark scenario; a file with no record there (a new scenario, a game copied beside the
bundled ones) is compared with the plain walk instead (every outcome resolved from the start:
:func:`tests.support.plain_outcomes`).

``walk_golden.json`` holds, for each action, a digest of its exact tally (every measure's value and probability,
the refusals, the total weight, the undeclared measures) and its number of leaves; actions over 20,000 leaves are
not recorded (``null``). The records of the files there in 3eeb096 were written by that commit, the one before the
resolution speed-ups of issue 18 (cheaper copies of the states, plain dice rolled without folding an expression
tree, geometry fast paths, the trample's plan kept per action), which must leave every digest as it was; the
number of leaves may only go down (a roll that is only added up is walked by its totals since issue 29).

To record the files that have no record yet (and drop the records of files gone), with this checkout's walk, run
from the checkout's root::

    python tests/odds/test_walk_golden.py --write

The records already there are kept. ``--write --all`` writes every record again; run it with another checkout
first on ``PYTHONPATH`` to record what that checkout's tabroll and games give for this checkout's scenario files
(as 3eeb096 did)."""

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


def _key(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _recorded_within(path: Path, limit: int) -> set[int]:
    recorded = _golden().get(_key(path), [])
    return {i for i, entry in enumerate(recorded) if entry is not None and entry["leaves"] <= limit}


def _compare(path: Path, limit: int) -> None:
    key = _key(path)
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


def _walked_actions(path: Path) -> int:
    """How many actions of the file the walks reach: up to the first one without its own dice."""
    from tabroll.loading.scenario import load_scenario_file

    steps = load_scenario_file(path).steps
    return next((index + 1 for index, step in enumerate(steps) if step.dice is None), len(steps))


def _unrecorded() -> list[tuple[Path, int]]:
    """Each action of a file with no record (a file added since), or whose every action the recorded walk left out
    (each over its 20,000 leaves)."""
    found: list[tuple[Path, int]] = []
    for path in scenario_files():
        recorded = _golden().get(_key(path))
        if recorded is None:
            found.extend((path, index) for index in range(_walked_actions(path)))
        elif all(entry is None for entry in recorded):
            found.extend((path, index) for index in range(len(recorded)))
    return found


def test_every_record_is_of_a_file_there() -> None:
    """A record of a file gone is dropped by ``--write`` (see the module's docstring)."""
    assert sorted(set(_golden()) - {_key(p) for p in scenario_files()}) == []


def test_every_file_is_compared_somewhere() -> None:
    """Each file has an action recorded, or every action of it is checked against the plain walk."""
    unrecorded = {path for path, _ in _unrecorded()}
    for path in scenario_files():
        assert _recorded_within(path, BUDGET) or path in unrecorded, path


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


def _plain_walk_of(path: Path, index: int, budget: int) -> Any:
    """The merging walk of the file's action ``index`` checked against the plain walk (every outcome resolved from
    the start, no checkpoint read), on the state the file's own dice lead to; ``None`` past ``budget``."""
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
    return walked_as_plain(scenario.ruleset, state, scenario.steps[index].action, budget=budget)


NEW = [(path, index) for path, index in _unrecorded() if _key(path) not in _golden()]
"""Each action of a file with no record at all (a scenario added since the records were written)."""


@pytest.mark.parametrize(("path", "index"), NEW, ids=[f"{p.parent.name}/{p.name}#{i + 1}" for p, i in NEW])
def test_an_action_of_a_new_file_has_the_plain_walks_fractions_on_small_trees(path: Path, index: int) -> None:
    """Every day, each action of a file with no record whose plain walk takes at most 2,000 resolutions; the slow
    tier compares them all."""
    if _plain_walk_of(path, index, EVERYDAY) is None:
        pytest.skip(f"the plain walk needs more than {EVERYDAY:,} resolutions: compared in the slow tier")


@pytest.mark.slow  # the plain walk resolves every outcome from the start: tens of seconds for these
@pytest.mark.parametrize(
    ("path", "index"), _unrecorded(), ids=[f"{p.parent.name}/{p.name}#{i + 1}" for p, i in _unrecorded()]
)
def test_an_action_without_a_record_has_the_plain_walks_fractions(path: Path, index: int) -> None:
    """Past the recorded walk's budget, or in a file with no record, there is nothing to compare with: the merging
    walk is checked against the plain walk instead, on the same state."""
    walked = _plain_walk_of(path, index, PLAIN_BUDGET)
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

    model = find_ruleset("tabmaster").scenario_model()  # imports the game's models and rules
    assert Path(sys.modules[model.__module__].__file__ or "").is_relative_to(checkout), model.__module__
    print(f"writing the records with the tabroll and games of {checkout}")


def write(every: bool) -> None:  # pragma: no cover - run by hand (see the module's docstring)
    """Record each scenario file with no record (every file with ``every``), keep the others, drop files gone."""
    _games_of_this_checkout()
    old = {} if every else _golden()
    records = {}
    for path in scenario_files():
        key = _key(path)
        if key not in old:
            print(f"recording {key}")
        records[key] = old[key] if key in old else walk_file(path)
    GOLDEN.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover - run by hand
    if sys.argv[1:] not in (["--write"], ["--write", "--all"]):
        sys.exit("usage: python tests/odds/test_walk_golden.py --write [--all]")
    write(every=sys.argv[1:] == ["--write", "--all"])
