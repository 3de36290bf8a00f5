"""Two attacks side by side: two TAB MASTER catalogue profiles against one Soldado (DEF 9), pinned by hand.

Lanceiro (DAN 1d20) and Feiticeiro (DAN 1d6, Mágico) both reach a Soldado one square away and always hit (a common
and a magic attack roll no hit die), so each deals its whole DAN roll, and damage greater than DEF 9 defeats:
- P(defeated) is 11/20 for the Lanceiro (10 to 20: eleven faces of 1d20) and 0 for the Feiticeiro;
- the means are 21/2 and 7/2;
- P(Lanceiro's roll > Feiticeiro's) = 1/6 · Σ_{f=1..6} (20 − f)/20 = 99/120 = 33/40; equal 6/120 = 1/20;
  less 1/6 · Σ (f − 1)/20 = 15/120 = 1/8.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tabroll.loading.quick import AttackWords, describe_attack
from tabroll.odds.api import compute_odds
from tabroll.odds.figures import Block, Estimate, Report
from tabroll.odds.versus import Side, compare


def _side(attacker: str, target: str = "Soldado", trials: int | None = None) -> Side:
    described = describe_attack(AttackWords(None, attacker, target, ruleset="tabmaster", command="odds"))
    report = compute_odds(described.ruleset, described.state, described.action, trials=trials, seed=3)
    return Side(described.title, report)


def test_two_catalogue_profiles_against_one_target_are_pinned_by_hand() -> None:
    comparison = compare(_side("Lanceiro"), _side("Feiticeiro"))
    rows = {name: (a.exact, b.exact, diff.exact) for name, a, b, diff in comparison.rows}
    assert rows == {
        "P(hit)": (1, 1, 0),
        "P(defeated: Soldado)": (Fraction(11, 20), 0, Fraction(11, 20)),
        "mean damage": (Fraction(21, 2), Fraction(7, 2), 7),
    }
    assert comparison.a_more is not None and comparison.equal is not None and comparison.b_more is not None
    assert (comparison.a_more.exact, comparison.equal.exact, comparison.b_more.exact) == (
        Fraction(33, 40), Fraction(1, 20), Fraction(1, 8),
    )  # fmt: skip
    assert [v for v, _, _ in comparison.damage] == list(range(1, 21))
    assert (comparison.damage[0][1].exact, comparison.damage[0][2].exact) == (Fraction(1, 20), Fraction(1, 6))
    assert comparison.damage[6][2].exact == 0  # the Feiticeiro cannot roll 7


def test_the_comparison_is_antisymmetric() -> None:
    ab = compare(_side("Lanceiro"), _side("Feiticeiro"))
    ba = compare(_side("Feiticeiro"), _side("Lanceiro"))
    assert [(n, d.exact) for n, _, _, d in ab.rows] == [(n, -d.exact) for n, _, _, d in ba.rows]  # type: ignore[operator]
    assert ab.a_more == ba.b_more and ab.equal == ba.equal


def test_the_document_carries_both_reports_and_the_figures_compared() -> None:
    comparison = compare(_side("Lanceiro"), _side("Feiticeiro"))
    document = json.loads(json.dumps(comparison.to_json()))
    assert (document["format"], document["version"], document["method"]) == ("tabroll.odds_versus", 1, "exact")
    assert document["a"]["label"] == "Lanceiro attacks Soldado" and document["a"]["format"] == "tabroll.odds"
    assert document["differences"]["P(defeated: Soldado)"] == {"value": 0.55, "exact": "11/20"}
    assert document["damage"]["a_more"] == {"value": 0.825, "exact": "33/40"}
    assert len(document["damage"]["values"]) == 20


def test_a_simulated_side_makes_the_comparison_an_estimate() -> None:
    comparison = compare(_side("Lanceiro", trials=2000), _side("Feiticeiro"))
    assert not comparison.exact
    assert comparison.a_more is not None and comparison.a_more.exact is None
    assert comparison.a_more.value == pytest.approx(33 / 40, abs=0.05)
    total = comparison.a_more.value + comparison.equal.value + comparison.b_more.value  # type: ignore[union-attr]
    assert total == pytest.approx(1.0)


def test_a_chance_one_side_lacks_is_zero_there() -> None:
    half = Estimate(0.5, exact=Fraction(1, 2))
    a = Report(method="exact", samples=2, attack=Block(probabilities={"hit": half, "defeated: X": half}))
    b = Report(method="exact", samples=2, attack=Block(probabilities={"hit": half}))
    rows = {name: (ea.exact, eb.exact, d.exact) for name, ea, eb, d in compare(Side("a", a), Side("b", b)).rows}
    assert rows["P(defeated: X)"] == (Fraction(1, 2), 0, Fraction(1, 2))
    assert compare(Side("a", a), Side("b", b)).a_more is None  # no damage figures: nothing to compare
