"""Every game's resolver is written as steps (``tabroll.engine.steps``), and the exact walk resumes an action from the
working area it kept at a step instead of resolving the action again. So for every action of every bundled
scenario, with any dice: the action resumed from each step it took, from a copy kept there, ends exactly as the
whole resolution did (the same events, the same final state), however the live resolution went on after the
copy was kept. A copy that shared a list with the live working area, or a step that left out a value the rest
reads, fails here."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import GivenDice
from tabroll.errors import RuleRefusal
from tabroll.loading.scenario import load_scenario_file
from tests.support import StepRecorder, examples, resumed_from_every_step

ROOT = Path(__file__).resolve().parents[2]


def _actions() -> Iterator[tuple[str, Any, Any, Any]]:
    """Every action of every bundled scenario, from the state its earlier actions' own dice lead to."""
    for path in sorted(ROOT.glob("scenarios/*/*.yaml")):
        scenario = load_scenario_file(path)
        state = scenario.state
        for index, step in enumerate(scenario.steps, start=1):
            yield f"{path.parent.name}/{path.stem}#{index}", scenario.ruleset, state, step.action
            if step.dice is None:
                break  # a later action needs the dice of this one
            with contextlib.suppress(RuleRefusal):
                state = scenario.ruleset.resolve(state, step.action, GivenDice(step.dice, origin="test")).state


ACTIONS = list(_actions())


def test_every_game_takes_steps() -> None:
    """Every game with a bundled scenario (the five tabroll ships, and any game copied beside them) takes steps."""
    games = set()
    for _, ruleset, state, action in ACTIONS:
        recorder = StepRecorder(1)
        with contextlib.suppress(RuleRefusal):
            ruleset.resolve(state, action, recorder)
        if recorder.kept:
            games.add(ruleset.id)
    assert games == {ruleset.id for _, ruleset, _, _ in ACTIONS}
    assert len(games) >= 5


@pytest.mark.parametrize(("label", "ruleset", "state", "action"), ACTIONS, ids=[a[0] for a in ACTIONS])
@settings(max_examples=examples(12))
@given(seed=st.integers(0, 2**32 - 1))
def test_an_action_resumed_from_any_step_it_took_ends_as_the_whole_resolution(
    label: str, ruleset: Any, state: Any, action: Any, seed: int
) -> None:
    recorder = StepRecorder(seed)
    try:
        whole = ruleset.resolve(state, action, recorder)
    except RuleRefusal:
        return
    events = [e.to_json() for e in whole.events]
    for step, again, final in resumed_from_every_step(recorder):
        assert again == events, step
        assert final == whole.state, step
