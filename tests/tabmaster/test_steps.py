"""TAB MASTER's attacks are taken as steps: an attack resumed from any step it took, from a copy of
the working area kept there, ends exactly as the whole resolution did (the same events, the same final battle),
however the live resolution went on after the copy was kept; and a copy never takes the original's changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from tabroll.dice.sources import GivenDice
from tabroll.engine import resolve
from tabroll.errors import RuleRefusal
from tabroll.loading.scenario import load_scenario_file
from tabroll.rulesets.tabmaster import resolver
from tabroll.rulesets.tabmaster.ranged import RangedRound, RangedStrike
from tabroll.rulesets.tabmaster.trample import TrampleHit
from tabroll.rulesets.tabmaster.work import TabMasterTurn
from tests.support import StepRecorder, resumed_from_every_step

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios" / "tabmaster").glob("*.yaml"))


def watched(path: Path, index: int, seed: int) -> tuple[Any, StepRecorder] | None:
    """Action ``index`` of ``path`` (the earlier ones with their own dice) resolved by seeded dice, watched; None
    when the rules refuse it."""
    scenario = load_scenario_file(path)
    state = scenario.state
    for step in scenario.steps[:index]:
        if step.dice is None:
            return None
        try:
            state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice, origin="test")).state
        except RuleRefusal:
            return None
    watching = StepRecorder(seed)
    try:
        whole = resolver.resolve(state, scenario.steps[index].action, watching)
    except RuleRefusal:
        return None
    return whole, watching


def assert_every_step_resumes(whole: Any, watching: StepRecorder) -> None:
    for step, events, final in resumed_from_every_step(watching):
        assert events == [e.to_json() for e in whole.events], step
        assert final == whole.state, step


@settings(max_examples=60)
@given(st.sampled_from(SCENARIOS), st.integers(0, 5), st.integers(0, 2**32 - 1))
def test_an_attack_resumed_from_any_step_ends_as_the_whole_resolution(path: Path, index: int, seed: int) -> None:
    steps = len(load_scenario_file(path).steps)
    found = watched(path, index % steps, seed)
    if found is not None:
        assert_every_step_resumes(*found)


def test_a_trample_takes_a_step_per_victim_and_a_ranged_attack_one_per_round_and_strike() -> None:
    found = watched(ROOT / "scenarios" / "tabmaster" / "02-trample-cavaleiro.yaml", 0, 7)
    assert found is not None
    whole, watching = found
    kinds = [type(step) for _, step, _ in watching.kept]
    assert kinds.count(TrampleHit) >= 1
    assert_every_step_resumes(whole, watching)
    found = watched(ROOT / "scenarios" / "tabmaster" / "01-common-lanceiro.yaml", 0, 7)
    assert found is not None
    kinds = [type(step) for _, step, _ in found[1].kept]
    assert kinds[:2] == [RangedRound, RangedStrike]


def test_a_copy_of_the_working_area_neither_takes_nor_hides_the_original_changes() -> None:
    scenario = load_scenario_file(ROOT / "scenarios" / "tabmaster" / "01-common-lanceiro.yaml")
    battle = scenario.state
    first, second = battle.units[0], battle.units[1]
    turn = TabMasterTurn(state=battle, dice=GivenDice((), origin="test"))
    turn.put(replace(first, flipped=True))  # a change in the draft, not yet frozen into the battle
    twin = turn.fork(GivenDice((), origin="test"))
    assert twin.unit(first.name).flipped and turn.unit(first.name).flipped
    assert turn.state.unit(first.name).flipped  # the original still sees its own change
    twin.put(replace(second, flipped=True))
    assert not turn.unit(second.name).flipped and not turn.state.unit(second.name).flipped
    turn.put(replace(first, flipped=False))
    assert twin.state.unit(first.name).flipped  # the copy does not take the original's later change
