"""Exact odds checked against closed forms written here; Monte Carlo inside its interval; sums to one."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.engine import QuickAttack, find_ruleset
from tabroll.odds.api import compute_odds
from tabroll.odds.exact import BudgetExceeded, exact_odds
from tabroll.odds.montecarlo import simulate
from tabroll.odds.report import build_report
from tabroll.scenario import load_scenario_file

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster"
TABMASTER = find_ruleset("tabmaster")


def quick(attacker: str, target: str, **kw: Any) -> tuple[Any, Any]:
    built = TABMASTER.quick_attack(QuickAttack(attacker=attacker, target=target, **kw))
    return built.state, built.steps[0].action


def exact(path: str) -> Any:
    scenario = load_scenario_file(EXAMPLES / path)
    result = exact_odds(scenario.ruleset, scenario.state, scenario.steps[0].action)
    return build_report(result.tally, exact=True, samples=result.leaves)


def test_common_attack_defeat_is_the_share_of_d20_faces_above_def() -> None:
    report = exact("01-common-lanceiro.yaml")
    # 1d20 against DEF 3 under ">": faces 4..20 defeat.
    assert report.probabilities["defeated: Alquimista"].exact == Fraction(17, 20)
    assert report.means["damage"].exact == Fraction(21, 2)
    assert report.samples == 20


def test_projectile_hit_then_damage_closed_form() -> None:
    report = exact("05-projectile-arqueiro.yaml")
    # Hit: 1d10 + 2 >= 8, i.e. 6..10 -> 1/2. Defeat: hit and 1d20 > 6 -> 1/2 * 14/20.
    assert report.probabilities["hit"].exact == Fraction(1, 2)
    assert report.probabilities["defeated: Lanceiro"].exact == Fraction(7, 20)
    assert report.means["damage"].exact == Fraction(1, 2) * Fraction(21, 2)
    assert sum((e.exact for _, e in report.distributions["damage"]), Fraction(0)) == 1


def test_trample_over_three_targets_matches_the_independent_product() -> None:
    data = load_scenario_file(EXAMPLES / "02-trample-cavaleiro.yaml")
    ruleset = data.ruleset
    state = data.state
    # Put a third target on the path: the Levi moves to [1, 0] (DEF 2, same height).
    levi = next(u for u in state.units if u.name == "Levi")
    import dataclasses

    state = state.with_unit(dataclasses.replace(levi, position=(1, 0)))
    result = exact_odds(ruleset, state, data.steps[0].action)
    report = build_report(result.tally, exact=True, samples=result.leaves)
    assert result.leaves == 20**3
    assert report.probabilities["defeated: Levi"].exact == Fraction(18, 20)
    assert report.probabilities["defeated: Soldado"].exact == Fraction(11, 20)
    assert report.probabilities["defeated: Arqueiro"].exact == Fraction(15, 20)
    assert report.means["damage"].exact == Fraction(63, 2)


def test_refusals_are_reported_with_their_probability() -> None:
    state, action = quick("Lanceiro", "Alquimista", distance=3)
    report = compute_odds(TABMASTER, state, action)
    assert list(report.refused) == ["Alquimista is 3 squares away; the attack reaches 2 (ATK 2)"]
    assert report.refused[next(iter(report.refused))].exact == 1


def test_budget_exceeded_falls_back_to_monte_carlo_and_says_so() -> None:
    state, action = quick("Lanceiro", "Alquimista", distance=2)
    try:
        exact_odds(TABMASTER, state, action, budget=5)
    except BudgetExceeded as err:
        assert err.budget == 5
    else:  # pragma: no cover
        raise AssertionError("expected BudgetExceeded")
    report = compute_odds(TABMASTER, state, action, budget=5, seed=3, fallback_trials=2_000)
    assert report.method == "monte_carlo" and report.samples == 2_000
    assert "simulated 2,000 attacks instead (seed 3;" in report.note


def test_monte_carlo_lands_inside_its_interval_of_the_exact_value_and_ignores_the_job_count() -> None:
    scenario = load_scenario_file(EXAMPLES / "05-projectile-arqueiro.yaml")
    args = (scenario.ruleset, scenario.state, scenario.steps[0].action)
    one = simulate(*args, trials=6000, seed=11, jobs=1)
    two = simulate(*args, trials=6000, seed=11, jobs=2)
    assert one.values == two.values and one.refused == two.refused
    report = build_report(one, exact=False, samples=6000)
    hit = report.probabilities["hit"]
    assert hit.low is not None and hit.high is not None and hit.low <= 0.5 <= hit.high
    defeat = report.probabilities["defeated: Lanceiro"]
    assert defeat.low is not None and defeat.high is not None and defeat.low <= 0.35 <= defeat.high


@settings(max_examples=25, deadline=None)
@given(
    attacker=st.sampled_from(["Lanceiro", "Alquimista", "Cavaleiro", "Arqueiro", "Soldado"]),
    target=st.sampled_from(["Feiticeiro", "Soldado", "Levi"]),
    distance=st.integers(1, 4),
    height=st.integers(-2, 2),
)
def test_probabilities_sum_to_one(attacker: str, target: str, distance: int, height: int) -> None:
    state, action = quick(attacker, target, distance=distance, height_difference=height)
    result = exact_odds(TABMASTER, state, action)
    report = build_report(result.tally, exact=True, samples=result.leaves)
    refused = sum((e.exact for e in report.refused.values()), Fraction(0))
    if refused == 1:
        return
    assert refused == 0
    assert sum((e.exact for _, e in report.distributions["damage"]), Fraction(0)) == 1
    for estimate in report.probabilities.values():
        assert 0 <= estimate.exact <= 1


def test_a_pool_of_dice_is_walked_by_its_values_with_the_right_weights() -> None:
    import itertools
    from collections import Counter

    from tabroll.odds.exact import _pools

    pools = _pools(3, 4)
    assert sum(ways for _, ways in pools) == 4**3 and len(pools) == 20
    brute = Counter(tuple(sorted(roll)) for roll in itertools.product(range(1, 5), repeat=3))
    assert dict(pools) == dict(brute)


def test_a_2d6_damage_pool_matches_the_closed_form() -> None:
    state, action = quick("Lanceiro", "Soldado", attacker_stats={"DAN": "2d6"}, target_stats={"DEF": "7"})
    result = exact_odds(TABMASTER, state, action)
    report = build_report(result.tally, exact=True, samples=result.leaves)
    assert result.leaves == 21  # pools of 2d6, not 36 ordered rolls
    assert report.probabilities["defeated: Soldado"].exact == Fraction(15, 36)  # 2d6 > 7
    assert report.means["damage"].exact == 7


def test_the_exact_walk_gives_the_same_fractions_in_two_processes() -> None:
    scenario = load_scenario_file(EXAMPLES / "02-trample-cavaleiro.yaml")
    args = (scenario.ruleset, scenario.state, scenario.steps[0].action)
    one, two = exact_odds(*args, jobs=1), exact_odds(*args, jobs=2)
    assert one.tally.values == two.tally.values and one.leaves == two.leaves == 400
