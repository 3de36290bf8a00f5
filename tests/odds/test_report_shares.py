"""The report's exact figures, worked out over whole numbers and reduced only when read, are the fractions a plain
sum of the tally's fractions gives: every share, every "at least", every mean, and the JSON that writes them."""

from __future__ import annotations

import pickle
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from tabroll.odds.figures import Estimate
from tabroll.odds.measures import ATTACK
from tabroll.odds.report import build_report
from tabroll.odds.tally import Tally

denominators = st.sampled_from([1, 6, 20, 36, 1000, 7776, 20**100])


@st.composite
def exact_tallies(draw: st.DrawFn) -> Tally:
    """A damage distribution and a refusal, each weight a fraction over a common denominator (as the walk's)."""
    over = draw(denominators)
    parts = draw(st.lists(st.integers(1, 10**6), min_size=1, max_size=12))
    scale = sum(parts)
    weights = [Fraction(part * over // scale, over) for part in parts]  # floored: the rest is refused, or not
    if not any(weights) or draw(st.booleans()):
        weights[0] += 1 - sum(weights, Fraction(0))
    refused = Fraction(1) - sum(weights, Fraction(0))
    values = draw(st.lists(st.integers(-5, 60), min_size=len(parts), max_size=len(parts), unique=True))
    tally = Tally(weight=Fraction(1), over=over if draw(st.booleans()) else 0)
    tally.values[(ATTACK, "damage")] = dict(zip(values, weights, strict=True))
    tally.values[(ATTACK, "hit")] = {True: weights[0]} if len(weights) > 1 else {}
    if refused:
        tally.refused["out of reach"] = refused
    return tally


@given(exact_tallies())
def test_exact_figures_are_the_plain_fractions(tally: Tally) -> None:
    report = build_report(tally, exact=True, samples=1)
    bucket = tally.values[(ATTACK, "damage")]
    refused = sum(tally.refused.values(), Fraction(0))
    resolved = 1 - refused
    points = sorted(bucket.items())
    assert [(v, e.exact, e.value) for v, e in report.distributions["damage"]] == [
        (v, m / resolved, float(m / resolved)) for v, m in points
    ]
    assert [(v, e.exact) for v, e in report.attack.at_least["damage"]] == [
        (v, sum((m for w, m in points if w >= v), Fraction(0)) / resolved) for v, _m in points
    ]
    mean = sum((v * m for v, m in points), Fraction(0)) / resolved
    assert (report.means["damage"].exact, report.means["damage"].value) == (mean, float(mean))
    assert report.probabilities["hit"].exact == tally.values[(ATTACK, "hit")].get(True, Fraction(0))
    if refused:
        assert report.refused["out of reach"].exact == refused
    written = report.to_json()["distributions"]["damage"]
    assert [row["exact"] for row in written["values"]] == [str(m / resolved) for _v, m in points]


@given(st.integers(0, 20**30), st.integers(1, 20**30), st.booleans())
def test_a_share_reads_as_its_fraction(mass: int, total: int, read_first: bool) -> None:
    """However it is made or read (copied to another process, compared), an exact share is the reduced fraction."""
    share = Estimate.share(mass, total, exact=True)
    if read_first:
        assert share.exact == Fraction(mass, total)
    copied = pickle.loads(pickle.dumps(share))
    assert copied == share == Estimate.of(Fraction(mass, total))
    assert copied.to_json() == {"value": float(Fraction(mass, total)), "exact": str(Fraction(mass, total))}


def test_an_empty_total_is_a_share_and_a_mean_of_nothing() -> None:
    assert Estimate.share(0, 0, exact=True) == Estimate(0.0, Fraction(0))
    assert Estimate.share(0, 0, exact=False) == Estimate(0.0, low=0.0, high=1.0)
    assert Estimate.mean([(3, 0)], 0, exact=True) == Estimate(0.0)


def test_a_simulated_mean_has_the_interval_of_its_trials() -> None:
    """Three trials of 1, 2 and 3: mean 2, sample variance 1, half-width 1.96 * sqrt(1/3)."""
    mean = Estimate.mean([(1, 1), (2, 1), (3, 1)], 3, exact=False)
    half = 1.959963984540054 * (1 / 3) ** 0.5
    assert (mean.value, mean.exact, mean.low, mean.high) == (2.0, None, 2.0 - half, 2.0 + half)
