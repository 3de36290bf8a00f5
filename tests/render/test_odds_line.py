"""The short odds line of ``tabroll play``: which figures it keeps, how it words chances, and its intervals."""

from __future__ import annotations

from fractions import Fraction

from tabroll.odds.figures import HAPPENS, Block, Estimate, Report
from tabroll.render.odds_line import _percent, odds_summary


def _exact(value: Fraction) -> Estimate:
    return Estimate(float(value), exact=value)


def test_the_attack_s_totals_and_each_follow_up_s_chance_in_a_line_each() -> None:
    attack = Block(
        probabilities={
            "hit": _exact(Fraction(1, 2)),
            "hit: A": _exact(Fraction(1, 4)),
            "defeated: A": _exact(Fraction(1, 3)),
        },
        means={"damage": _exact(Fraction(21, 4)), "damage to A": _exact(Fraction(2))},
    )
    counter = Block(label="Orc's counterattack", probabilities={HAPPENS: _exact(Fraction(2, 3))})
    report = Report(
        method="exact",
        samples=12,
        attack=attack,
        follow_ups=[counter],
        refused={"out of range": _exact(Fraction(1, 8))},
    )
    assert odds_summary(report) == [
        "  P(hit) 50% · P(defeated: A) 33.3% · mean damage 5.25  (exact)",
        "  refused by the rules 12.5% (out of range)",
        "  then Orc's counterattack: 66.7%",
    ]


def test_a_simulation_gives_its_intervals_and_trials() -> None:
    attack = Block(
        probabilities={"hit": Estimate(0.5, low=0.49, high=0.51)}, means={"damage": Estimate(3.0, low=2.9, high=3.1)}
    )
    line = odds_summary(Report(method="montecarlo", samples=20_000, attack=attack))[0]
    assert line == "  P(hit) 50% (49%–51%) · mean damage 3 (2.90–3.10)  (Monte Carlo, 20,000 trials, ±95%)"


def test_a_chance_that_is_neither_none_nor_certain_never_reads_0_or_100_percent() -> None:
    assert [_percent(v) for v in (0, 1, 0.5, 1 / 3, 0.0001, 0.99999, 0.0004)] == [
        "0%", "100%", "50%", "33.3%", "0.01%", "99.999%", "0.04%",
    ]  # fmt: skip
