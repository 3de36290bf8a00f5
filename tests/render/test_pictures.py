"""The pictures drawn from made-up figures (no dice walked), read back as XML: which distributions an action's
picture draws, and the legend of many follow-ups."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from tabroll.odds.figures import HAPPENS, Block, Estimate, Report
from tabroll.render.svg import MAX_SERIES, odds_svg

SVG = "{http://www.w3.org/2000/svg}"
ODD = "Sir <&\"'> Odd"  # a unit name that is markup in XML, and a quote of each kind


def exact(value: Fraction) -> Estimate:
    return Estimate(float(value), exact=value)


def spread(name: str, values: dict[int, Fraction], label: str = "") -> Block:
    """A block with one distribution ``name`` of the given shares, its mean and its at-least figures."""
    block = Block(label=label)
    block.distributions[name] = [(v, exact(p)) for v, p in sorted(values.items())]
    block.at_least[name] = [
        (v, exact(sum((q for w, q in values.items() if w >= v), Fraction(0)))) for v in sorted(values)
    ]
    block.means[name] = exact(sum((v * p for v, p in values.items()), Fraction(0)))
    return block


def follow_up(label: str, happens: Fraction, name: str, values: dict[int, Fraction]) -> Block:
    block = spread(name, values, label)
    block.probabilities[HAPPENS] = exact(happens)
    return block


def entries(svg: ET.Element) -> list[str]:
    return [e.findtext(f"{SVG}text") or "" for e in svg.iter(f"{SVG}g") if e.get("class") == "entry"]


def texts(svg: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in svg.iter(f"{SVG}text") if t.get("class") == cls]


HALF = {0: Fraction(1, 2), 3: Fraction(1, 2)}


def test_the_attack_and_each_follow_up_are_series_and_the_game_s_name_is_in_the_title() -> None:
    report = Report(method="exact", samples=4, attack=spread("damage", HALF))
    report.follow_ups = [
        follow_up(
            f"{ODD}'s counterattack", Fraction(1, 3), f"damage taken by {ODD}", {0: Fraction(3, 4), 1: Fraction(1, 4)}
        )
    ]
    svg = ET.fromstring(odds_svg(report, f"{ODD} attacks {ODD}", game="A game"))
    assert svg.findtext(f"{SVG}title") == f"{ODD} attacks {ODD} (A game)"
    assert entries(svg) == [
        "attack: damage, mean 1.500 = 3/2",
        f"{ODD}'s counterattack, happens 33.33% = 1/3: damage taken by {ODD}, mean 0.250 = 1/4",
    ]
    assert texts(svg, "axis-label") == [f"damage, damage taken by {ODD} (n)", "probability"]
    assert [b.get("data-series") for b in svg.findall(f"{SVG}rect[@class='bar']")] == ["0", "0", "1", "1"]
    # Every whole value from 0 to 3 has a band; each series' line has a point in each.
    for line in svg.findall(f"{SVG}polyline[@class='at-least']"):
        assert len(line.get("points", "").split()) == 4


def test_past_six_series_the_rest_are_named_not_drawn() -> None:
    report = Report(method="exact", samples=2, attack=spread("damage", HALF))
    report.follow_ups = [follow_up(f"attack by {n}", Fraction(1), "damage taken by X", HALF) for n in range(8)]
    svg = ET.fromstring(odds_svg(report, "a turn"))
    assert len(entries(svg)) == MAX_SERIES == 6
    assert len(svg.findall(f"{SVG}polyline[@class='at-least']")) == 6
    legend = [t.text for t in svg.iter(f"{SVG}text")]
    assert "and 3 more distributions (--format text shows every one)" in legend


def test_an_action_with_only_the_game_s_measures_draws_those_and_one_with_none_says_so() -> None:
    report = Report(method="exact", samples=2, game=spread("Life left: A", HALF))
    svg = ET.fromstring(odds_svg(report, "a turn"))
    assert entries(svg) == ["after the action: Life left: A, mean 1.500 = 3/2"]
    empty = ET.fromstring(odds_svg(Report(method="exact", samples=1), "nothing"))
    assert "no distribution to draw: every outcome gives the same figures" in [t.text for t in empty.iter(f"{SVG}text")]
