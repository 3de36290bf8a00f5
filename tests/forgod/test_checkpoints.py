"""The exact walk merges the F0R60D outcomes that reach an equal step with an equal battle (the resolver's steps,
:mod:`tabroll.engine.steps`), and its fractions stay those of the plain walk that resolves every outcome again from the
start (``reference_walk``). A resolution resumed from any step it took ends as the whole resolution does."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import GivenDice
from tabroll.engine import resolve
from tabroll.loading.scenario import load_scenario_file
from tabroll.odds.exact import exact_odds
from tests.odds.helpers import scenario_of, walked_as_plain
from tests.support import examples

from .helpers import battle, card

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "scenarios" / "forgod-attack.yaml"
BUDGET = 2_500  # reference resolutions per example: larger trees are left to the slow walks of the bundled scenarios


def _same(ruleset: Any, state: Any, action: Any, budget: int = BUDGET) -> int | None:
    """Assert the merging walk gives the reference's figures; its resolutions (None: the tree is too large)."""
    walked = walked_as_plain(ruleset, state, action, budget)
    return None if walked is None else walked.resolutions


def test_the_benchmark_attack_walks_each_damage_roll_once_per_criticality() -> None:
    """1d10 + 2 against 1d10 + 3: 63 of the 100 pairs are evaded, 28 hit and 9 are critical (a natural 10 on the
    attack die, none on the evasion die). The rules read the pair as nothing more (``Opposed``), so the walk
    branches over these 3 outcomes, not over the 100 pairs (433 leaves, 136 resolutions before), and each hit
    reaches the step of the damage roll, whose subtree depends only on whether it was critical: 1 miss and the
    10 damage rolls of each, one resolution each."""
    scenario = load_scenario_file(BENCHMARK)
    action = scenario.steps[0].action
    walked = exact_odds(scenario.ruleset, scenario.state, action)
    assert walked.leaves == walked.resolutions == 1 + 10 + 10
    hit = walked.tally.values[("", "hit")]
    assert hit == {False: Fraction(63, 100), True: Fraction(37, 100)}
    assert _same(scenario.ruleset, scenario.state, action, budget=1_000) == walked.resolutions


@pytest.mark.slow  # the plain walk resolves 32,761 leaves
def test_a_series_of_two_attacks_walks_the_second_once_per_state_after_the_first() -> None:
    """FA 2 with the first attack's outcomes merged at the second's step: far fewer resolutions than leaves,
    the same figures as resolving every leaf. Hits only on a natural 10 (Evasión 9) keep the plain walk small."""
    data = battle(
        {"A": card("red", [1, 1], FA=2, Daño=3, PV=5), "B": card("blue", [1, 4], PV=30, Evasión=9)},
        [{"do": "attack", "attacker": "A", "target": "B"}],
    )
    scenario = scenario_of(data)
    action = scenario.steps[0].action
    resolutions = _same(scenario.ruleset, scenario.state, action, budget=40_000)
    assert resolutions is not None
    walked = exact_odds(scenario.ruleset, scenario.state, action)
    # each attack: evaded, or a critical and its 10 damage rolls (181 leaves when each pair was walked)
    assert walked.leaves == 11 * 11 and resolutions < 2_000


def test_every_tied_reaction_roll_leads_to_the_same_next_attempt() -> None:
    """Initiative: ties roll again, up to 50 attempts. The rules read each attempt's two dice only as who won or
    a tie (``ReactionOutcome``), and every tie leads to the same next attempt, so the 100**50 paths take 101
    resolutions (4,951 when each pair was walked), and the refusal after 50 ties weighs exactly P(tie)**50."""
    data = battle(
        {
            "R": card("red", [0, 0], commander=True, Nivel=9, Reacción=3, PV=10),
            "B": card("blue", [0, 5], commander=True, Nivel=9, Reacción=2, PV=10),
        },
        [{"do": "initiative"}],
    )
    scenario = scenario_of(data)
    action = scenario.steps[0].action
    walked = exact_odds(scenario.ruleset, scenario.state, action)
    ties = sum(1 for a in range(1, 11) for b in range(1, 11) if (a == b == 10) or (10 not in (a, b) and a + 3 == b + 2))
    tie = Fraction(ties, 100)
    assert walked.tally.weight == 1
    assert sum(walked.tally.refused.values()) == tie**50
    # each attempt branches over its 3 outcomes (red first, blue first, a tie), the tie into the next attempt
    assert walked.resolutions == 50 * 2 + 1


@st.composite
def single_strikes(draw: st.DrawFn) -> dict[str, Any]:
    """One attack over a small tree: a plain strike (stats, lines, detachments, absorptions vary), a commander
    struck who may fall and leave a troop to its Moral roll, or an area attack."""
    shape = draw(st.sampled_from(["plain", "commander", "area"]))
    damage = draw(st.integers(-2, 4))
    units: dict[str, Any] = {
        "A": card("red", [2, draw(st.sampled_from([0, 1, 2]))], BA=draw(st.integers(-2, 4)), Daño=damage, TA="dual")
    }
    target = units["T"] = card(
        "blue",
        [2, draw(st.sampled_from([3, 4, 5]))],
        PV=draw(st.integers(1, 12)),
        cards=draw(st.integers(1, 3)),
        Evasión=draw(st.integers(-2, 9)),
        Absorción=draw(st.integers(0, 3)),
        absorption_active=draw(st.booleans()),
        **{"Absorción Constante": draw(st.integers(0, 3))},
    )
    if shape == "commander":
        # Only a critical hits (evasion 10 or more against at most 10) and kills on its top damage dice: a few
        # falls, each followed by a troop's Moral roll against the fallen commander's.
        units["A"].update(at=[2, 1], BA=0)
        target.update(
            at=[2, 4], commander=True, cards=1, Evasión=9, absorption_active=False, Moral=draw(st.integers(0, 3))
        )
        target["PV"] = 2 * (10 + damage) - draw(st.integers(0, 1))
        units["S"] = card("blue", [4, 4], Moral=draw(st.integers(0, 3)))
    elif shape == "area" and draw(st.booleans()):
        units["C"] = card("blue", [0, 5], commander=True)  # one unbroken step while a struck troop may flee
    action: dict[str, Any] = {"do": "attack", "attacker": "A", "target": "T", "area": shape == "area"}
    options = {
        "absorption_sign": draw(st.sampled_from(["as_damage", "literal"])),
        "multiplier_order": draw(st.sampled_from(["before_absorption", "after_absorption"])),
    }
    return battle(units, [action], options)


@pytest.mark.slow  # a plain walk of thousands of resolutions to compare with
@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(single_strikes())
def test_the_merging_walk_gives_the_plain_walks_fractions(data: dict[str, Any]) -> None:
    scenario = scenario_of(data)
    _same(scenario.ruleset, scenario.state, scenario.steps[0].action)


@pytest.mark.slow  # the plain walk resolves every leaf
def test_an_evaded_charge_and_its_counterattack_merge_and_keep_their_fractions() -> None:
    """The impact of a charge: every evaded attack leads to the same counterattack (one step),
    and the counterattack's hits to the same damage roll. Hits only on a natural 10 keep the plain walk small."""
    data = battle(
        {
            "J": card("red", [1, 1], BA=0, Daño=3, PV=30, Evasión=9, TA="cuerpo a cuerpo"),
            "P": card("blue", [1, 4], BA=0, Daño=2, PV=30, Evasión=9),
            "H": card("blue", [3, 4], PV=4, TA="rango"),
        },
        [
            {"do": "charge", "charger": "J", "target": "P", "move_to": [1, 3]},
            {"do": "move", "unit": "H", "to": [4, 4]},
            {"do": "charge_impact", "charger": "J"},
        ],
    )
    scenario = scenario_of(data)
    state = scenario.state
    for step in scenario.steps[:2]:
        state = resolve(scenario.ruleset, state, step.action, GivenDice([], origin="test")).state
    action = scenario.steps[2].action
    resolutions = _same(scenario.ruleset, state, action, budget=40_000)
    assert resolutions is not None and resolutions < 2_000


@pytest.mark.slow  # the plain walk resolves every leaf
def test_an_area_attack_on_two_cards_merges_before_the_second_and_keeps_its_fractions() -> None:
    """An area attack without a commander on the struck side: a step before the second card's strike
    merges what the first card's strike did. Evasión 9 keeps the plain walk small (only the area die's 10 hits)."""
    data = battle(
        {
            "A": card("red", [2, 1], Daño=2, TA="dual"),
            "T": card("blue", [2, 4], PV=12, Evasión=9),
            "N": card("blue", [3, 4], PV=12, Evasión=9),
        },
        [{"do": "attack", "attacker": "A", "target": "T", "area": True}],
    )
    scenario = scenario_of(data)
    resolutions = _same(scenario.ruleset, scenario.state, scenario.steps[0].action, budget=20_000)
    assert resolutions is not None and resolutions < 2_000
