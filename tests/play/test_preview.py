"""The preview ``play`` shows before an action's dice: a number to reach is said only when it is true of every
outcome of the dice, checked here against every outcome, one by one, in every game (issue 43: F0R60D's opposed
roll was told "needs a total of 6" from two extreme throws, and 1 against 9 hit with 5 > 4)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import GivenDice, SeededDice
from tabroll.engine import resolve, ruleset_ids, run_scenario
from tabroll.errors import RuleRefusal
from tabroll.loading.scenario import load_scenario_file, scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tabroll.odds.exact import exact_odds
from tabroll.odds.report import build_report
from tabroll.play.preview import preview_lines
from tests.support import TooManyOutcomes, examples, plain_outcomes

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
NEEDS = re.compile(r"needs a total of (?P<total>[0-9]+) or more, modifiers included, to hit (?P<target>.+)")
GAMES = sorted(ruleset_ids())  # every game discovered: its bundled scenarios (scenarios/<game>/), if any, are walked


def preview_needs(ruleset: Any, state: Any, action: Any) -> dict[str, int]:
    """The number the acting unit must reach to hit each target that the preview's walk found true of every
    outcome of the dice: the needs its lines say (in English, the language of the tests)."""
    told = (NEEDS.fullmatch(line.strip()) for line in preview_lines(ruleset, state, action))
    return {found["target"]: int(found["total"]) for found in told if found is not None}


def outcomes(ruleset: Any, state: Any, action: Any, budget: int = 20_000) -> Iterator[tuple[Fraction, Any]]:
    """Every outcome of the dice (:func:`tests.support.plain_outcomes`): (probability, events), events None when
    the rules refuse it."""
    try:
        for probability, resolved in plain_outcomes(ruleset, state, action, budget):
            yield probability, None if isinstance(resolved, RuleRefusal) else resolved.events
    except TooManyOutcomes:
        raise AssertionError("too many outcomes for this test") from None


def assert_need_is_true(ruleset: Any, state: Any, action: Any, target: str, need: int) -> None:
    """In every outcome the acting unit rolls against ``target`` and hits it exactly when its total reaches
    ``need``; and P(hit) of the exact walk is P(the attack roll's total ≥ need), counted outcome by outcome."""
    actor = ruleset.describe_action(action)[0]
    reaches = Fraction(0)
    for probability, events in outcomes(ruleset, state, action):
        if events is None:
            continue
        rolls = [e for e in events if e.kind in ("hit", "miss") and e.target == target and e.attacker == actor]
        assert rolls, f"an outcome without a roll against {target}"
        for roll in rolls:
            assert (roll.kind == "hit") == (roll.result >= need), (roll.kind, roll.result, need)
        if rolls[0].result >= need:
            reaches += probability
    walked = exact_odds(ruleset, state, action)
    figures = build_report(walked.tally, exact=True, samples=walked.leaves).to_json()["probabilities"]
    hit = figures.get(f"hit: {target}", figures.get("hit"))
    assert hit is not None and Fraction(hit["exact"]) == reaches


def _states(path: Path) -> Iterator[tuple[Any, Any, Any]]:
    """(ruleset, state before, action) of every action of a bundled scenario, the file's dice and seed 1."""
    scenario = load_scenario_file(path)
    state = scenario.state
    for step, result in zip(scenario.steps, run_scenario(scenario, lambda: SeededDice(1)), strict=False):
        yield scenario.ruleset, state, step.action
        state = result.resolution.state


TOLD = {
    "tabmaster": [("05-projectile-arqueiro.yaml", "Lanceiro", 8)],
    # an attack on a defender with no Toughness left: every Power total of 1 or more beats 0
    "mtg_heroes": [("02-direct-combat.yaml", "Kaya", 1)],
    "ahotnik": [],
    "botse": [],
    "forgod": [],
}
"""The needs previewed for the bundled scenarios of the five games tabroll ships (another game's are checked, not
listed)."""


def _needs_checked(game: str, kinds: tuple[str, ...] | None) -> list[tuple[str, str, int]]:
    """Every need previewed for the bundled actions of ``game`` (of ``kinds``; None: every action), each checked
    against every outcome of its dice."""
    checked: list[tuple[str, str, int]] = []
    for path in sorted((SCENARIOS / game).glob("*.yaml")):
        for ruleset, state, action in _states(path):
            if kinds is not None and getattr(action, "do", None) not in kinds:
                continue
            for target, need in preview_needs(ruleset, state, action).items():
                assert_need_is_true(ruleset, state, action, target, need)
                checked.append((path.name, target, need))
    return checked


@pytest.mark.parametrize("game", GAMES)
def test_every_need_previewed_for_a_bundled_attack_is_true_of_every_outcome(game: str) -> None:
    checked = _needs_checked(game, ("attack",))
    assert checked == TOLD.get(game, checked)


@pytest.mark.slow  # every bundled action of every game walked twice (about 30 s): pytest -m slow
@pytest.mark.parametrize("game", GAMES)
def test_every_need_previewed_for_any_bundled_action_is_true_of_every_outcome(game: str) -> None:
    checked = _needs_checked(game, None)
    assert checked == TOLD.get(game, checked)


def _skirmish_before_the_bárbaros_attack() -> tuple[Any, Any, Any]:
    scenario = load_scenario_file(SCENARIOS / "forgod" / "13-skirmish.yaml")
    state = scenario.state
    for step in scenario.steps[:2]:  # the initiative (its dice) and the covered charge (no dice)
        state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice or (), origin="test")).state
    action = scenario.ruleset.quick_action("Bárbaros", "Jinetes", {})
    return scenario.ruleset, state, action


def test_forgod_skirmish_opposed_roll_previews_the_chance_not_a_false_need() -> None:
    ruleset, state, action = _skirmish_before_the_bárbaros_attack()
    # the dice: attack 1 (+4 = 5) against evasion 9 (+1 -2 -4 = 4): a hit with a total of 5
    resolved = resolve(ruleset, state, action, GivenDice((1, 9, 1), origin="test"))
    hit = next(e for e in resolved.events if e.kind == "hit")
    assert (hit.target, hit.result, hit.needed) == ("Jinetes", 5, 5)
    # so "needs a total of 6" was false; the need depends on the evasion die: no need, the exact chance instead
    assert preview_needs(ruleset, state, action) == {}
    assert preview_lines(ruleset, state, action) == ["P(hit) 90% · P(defeated: Jinetes) 31%"]
    needs = {e.needed for _p, events in outcomes(ruleset, state, action) for e in events or () if e.kind == "hit"}
    assert len(needs) > 1


def test_tabmaster_projectile_previews_its_need() -> None:
    scenario = load_scenario_file(SCENARIOS / "tabmaster" / "05-projectile-arqueiro.yaml")
    lines = preview_lines(scenario.ruleset, scenario.state, scenario.steps[0].action)
    assert lines == [
        "needs a total of 8 or more, modifiers included, to hit Lanceiro",
        "P(hit) 50% · P(defeated: Lanceiro) 35%",
    ]


def _scenario(data: dict[str, Any]) -> Any:
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<test>")
    return scenario_from_document(doc, {})


@given(
    distance=st.integers(1, 12),
    rise=st.integers(-2, 3),
    blocked=st.booleans(),
    second=st.none() | st.integers(1, 12),
)
@settings(max_examples=examples(25), deadline=None)
def test_tabmaster_projectile_need_agrees_with_every_outcome(
    distance: int, rise: int, blocked: bool, second: int | None
) -> None:
    width = max(distance, second or 0) + 1
    heights = [{"at": [0, 0], "height": max(0, rise)}, {"at": [distance, 0], "height": max(0, -rise)}]
    if blocked and distance > 1:  # a hill in the way: shot without sight
        heights.append({"at": [distance // 2, 0], "height": 6})
    units: dict[str, Any] = {"Arqueiro": {"side": "red", "at": [0, 0]}}
    units["Lanceiro"] = {"side": "blue", "at": [distance, 0]}
    if second is not None:  # another unit on the board, not attacked
        units["Soldado"] = {"side": "blue", "at": [second, 1]}
    scenario = _scenario(
        {
            "ruleset": "tabmaster",
            "board": {"size": [width, 2], "heights": heights, "obstacles": []},
            "armies": {"red": {"Flecha": 5}},
            "units": units,
            "actions": [{"do": "attack", "attacker": "Arqueiro", "target": "Lanceiro"}],
        }
    )
    ruleset, state, act = scenario.ruleset, scenario.state, scenario.steps[0].action
    needs = preview_needs(ruleset, state, act)
    try:
        ruleset.resolve(state, act, SeededDice(1))
    except RuleRefusal:
        assert needs == {}
        return
    assert list(needs) == ["Lanceiro"]  # one die against a fixed distance: a number to reach
    for target, need in needs.items():
        assert_need_is_true(ruleset, state, act, target, need)
