"""Exact odds checked against closed forms written here; Monte Carlo inside its interval; measures filled by kind."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from tabroll.engine import find_ruleset
from tabroll.kit import AttackRequest, Measure
from tabroll.loading.scenario import load_scenario_file
from tabroll.odds.api import compute_odds
from tabroll.odds.exact import exact_odds
from tabroll.odds.limits import BudgetExceeded
from tabroll.odds.measures import GAME
from tabroll.odds.montecarlo import simulate
from tabroll.odds.report import build_report
from tabroll.odds.tally import Tally
from tabroll.render.odds import report_lines

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster"
TABMASTER = find_ruleset("tabmaster")


def quick(attacker: str, target: str, *, distance: int | None = None, **kw: Any) -> tuple[Any, Any]:
    fields = {} if distance is None else {"distance": str(distance)}
    built = TABMASTER.quick_attack(AttackRequest(attacker=attacker, target=target, fields=fields, **kw))
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
    state = state.with_unit(replace(levi, position=(1, 0)))
    result = exact_odds(ruleset, state, data.steps[0].action)
    report = build_report(result.tally, exact=True, samples=result.leaves)
    assert result.leaves == 20**3
    assert report.probabilities["defeated: Levi"].exact == Fraction(18, 20)
    assert report.probabilities["defeated: Soldado"].exact == Fraction(11, 20)
    assert report.probabilities["defeated: Arqueiro"].exact == Fraction(15, 20)
    # each target rolls its own 1d20: a mean of 21/2 each, and no "damage" adding up the three (issue 43)
    assert {name: e.exact for name, e in report.means.items()} == {
        "damage to Arqueiro": Fraction(21, 2),
        "damage to Levi": Fraction(21, 2),
        "damage to Soldado": Fraction(21, 2),
    }
    assert "damage" not in report.distributions


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


def test_a_measure_an_outcome_leaves_out_is_filled_by_its_kind() -> None:
    # Two outcomes of 1/2: the first reports Life 3, the second reports nothing. A level keeps its value from
    # before the action (7), a change is 0, a flag false; what no outcome reports is listed as a defect.
    tally = Tally(
        declared={
            "Life left: X": Measure("Life left: X", "level", 7),
            "cards lost: X": Measure("cards lost: X", "change"),
            "fled: X": Measure("fled: X", "flag"),
        }
    )
    tally.add({(GAME, "Life left: X"): 3}, Fraction(1, 2))
    tally.add({(GAME, "surprise"): 1}, Fraction(1, 2))
    tally.undeclared.add("surprise")
    report = build_report(tally, exact=True, samples=2)
    assert [(v, e.exact) for v, e in report.game.distributions["Life left: X"]] == [
        (3, Fraction(1, 2)),
        (7, Fraction(1, 2)),
    ]
    assert report.game.means["Life left: X"].exact == 5
    assert [(v, e.exact) for v, e in report.game.distributions["cards lost: X"]] == [(0, 1)]
    assert report.game.probabilities["fled: X"].exact == 0
    assert report.unreported == ["cards lost: X", "fled: X"] and report.undeclared == ["surprise"]
    assert "  defect: fled: X is declared but no outcome reports it" in report_lines(report)


def test_the_attack_and_what_follows_it_are_apart_in_text_and_json() -> None:
    report = exact("05-projectile-arqueiro.yaml")
    assert report.follow_ups == [] and report.to_json()["version"] == 3
    lines = report_lines(report)
    assert lines[:3] == ["odds (exact, over 105 dice outcomes)", "the attack itself:", "  P(hit) = 50.00%  = 1/2"]


def test_a_pool_of_dice_is_walked_by_its_values_with_the_right_weights() -> None:
    import itertools
    from collections import Counter

    from tabroll.odds.branches import _pools

    pools = _pools(3, 4)
    assert sum(ways for _, ways in pools) == 4**3 and len(pools) == 20
    brute = Counter(tuple(sorted(roll)) for roll in itertools.product(range(1, 5), repeat=3))
    assert dict(pools) == dict(brute)


def test_a_2d6_damage_pool_matches_the_closed_form() -> None:
    state, action = quick("Lanceiro", "Soldado", attacker_stats={"DAN": "2d6"}, target_stats={"DEF": "7"})
    result = exact_odds(TABMASTER, state, action)
    report = build_report(result.tally, exact=True, samples=result.leaves)
    assert result.leaves == 11  # the totals of 2d6 (damage is read by its total), not its 21 pools or 36 rolls
    assert report.probabilities["defeated: Soldado"].exact == Fraction(15, 36)  # 2d6 > 7
    assert report.means["damage"].exact == 7
