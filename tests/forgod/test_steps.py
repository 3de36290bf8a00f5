"""F0R60D's actions as steps (:mod:`tabroll.engine.steps`): a resolution resumed from any step it took, with the dice
that were still to come, ends exactly as the whole resolution does (events, state, refusal), so nothing the rest
of an action reads lives outside its steps and the battle; the working area the walk keeps never changes as the
live resolution goes on; every step is hashable and carries the last fall the battle's result will name; an
area attack that may strike a troop and then its commander keeps no step in between."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabroll.dice.sources import GivenDice
from tabroll.engine import Scenario
from tabroll.engine.steps import Step
from tabroll.errors import RuleRefusal
from tabroll.events import Defeat
from tabroll.loading.scenario import load_scenario_file
from tabroll.rulesets.forgod.actions import ResponseInput
from tabroll.rulesets.forgod.strikes import AreaRound, AreaStrike, Form, Strike
from tabroll.rulesets.forgod.turn import END, ForgodTurn, Unbroken
from tests.odds.helpers import scenario_of
from tests.support import StepRecorder

from .helpers import EXAMPLES, battle, card

SEEDS = range(6)


def _actions() -> Iterator[tuple[str, Scenario, Any, Any]]:
    """Every action of every bundled scenario, from the state its earlier actions' own dice lead to."""
    for path in sorted(Path(EXAMPLES).glob("*.yaml")):
        scenario = load_scenario_file(path)
        state = scenario.state
        for index, step in enumerate(scenario.steps, start=1):
            yield f"{path.stem} #{index}", scenario, state, step.action
            with contextlib.suppress(RuleRefusal):  # a refusal the scenario shows leaves the battle as it was
                state = scenario.ruleset.resolve(state, step.action, GivenDice(step.dice or (), origin="test")).state


ACTIONS = list(_actions())


def _outcome(run: Any) -> tuple[str, Any, Any]:
    try:
        resolved = run()
    except RuleRefusal as refusal:
        return "refused", refusal.message, None
    return "resolved", resolved.events, resolved.state


@pytest.mark.parametrize(("label", "scenario", "state", "action"), ACTIONS, ids=[a[0] for a in ACTIONS])
def test_a_resolution_resumed_from_any_of_its_steps_ends_as_the_whole_one(
    label: str, scenario: Scenario, state: Any, action: Any
) -> None:
    for seed in SEEDS:
        recorder = StepRecorder(seed)
        whole = _outcome(lambda: scenario.ruleset.resolve(state, action, recorder))  # noqa: B023
        values = recorder.drawn
        for kept, step, drawn in recorder.kept:
            assert hash(step) == hash(step) and step == step
            if kept.state.judged:
                last = next((e for e in reversed(kept.events) if isinstance(e, Defeat)), None)
                assert getattr(step, "fall", None) == (None if last is None else (last.unit, last.by))

            def resumed(
                kept: ForgodTurn = kept, step: Step = step, rest: tuple[int, ...] = tuple(values[drawn:])
            ) -> Any:
                turn = kept.fork(GivenDice(rest, origin="test"))
                turn.run(step)
                return turn.resolution(turn.state_now())

            assert _outcome(resumed) == whole, f"{label}, seed {seed}, resumed at {type(step).__name__}"
            # resumed twice: the kept working area did not change when a resolution went on from it
            assert _outcome(resumed) == whole


def _area(*, commander: bool) -> tuple[Scenario, Any]:
    units: dict[str, Any] = {
        "A": card("red", [2, 1], Daño=2, TA="dual"),
        "T": card("blue", [2, 4], PV=12, Evasión=1),
        "N": card("blue", [3, 4], PV=12, Evasión=1),
    }
    if commander:
        units["C"] = card("blue", [0, 5], commander=True)
    scenario = scenario_of(battle(units, [{"do": "attack", "attacker": "A", "target": "T", "area": True}]))
    return scenario, scenario.steps[0].action


def test_an_area_attack_keeps_a_step_before_each_covered_card_without_a_commander_to_fall() -> None:
    scenario, action = _area(commander=False)
    recorder = StepRecorder(3)
    scenario.ruleset.resolve(scenario.state, action, recorder)
    kinds = [type(step) for _, step, _ in recorder.kept]
    assert kinds[0] is AreaRound and kinds.count(AreaStrike) == 2  # T, then N, each with the area's one die
    assert all(s.die == recorder.drawn[0] for _, s, _ in recorder.kept if isinstance(s, AreaStrike))


def test_an_area_attack_on_a_commanded_side_is_one_unbroken_step() -> None:
    """A troop it strikes flees if its commander falls later in the action: the odds read that flight with the
    troop's blow, so the walk keeps no step between them."""
    scenario, action = _area(commander=True)
    recorder = StepRecorder(3)
    scenario.ruleset.resolve(scenario.state, action, recorder)
    assert [type(step) for _, step, _ in recorder.kept] == [Unbroken]
    assert isinstance(recorder.kept[0][1], Unbroken) and isinstance(recorder.kept[0][1].first, AreaRound)


def test_the_answers_before_the_damage_roll_are_compared_by_whether_they_are_still_to_come() -> None:
    """``responses`` are the action's own (its form's, uncompared); ``answers`` says whether they still wait."""
    answered = Form("A", responses=(ResponseInput(unit="S", ability="Curación"),))
    waiting = Strike(answered, "T", END, answers=True)
    same = Strike(Form("A"), "T", END, answers=True)
    assert waiting == same and hash(waiting) == hash(same)
    assert waiting != Strike(answered, "T", END, answers=False)
