"""The pictures drawn from made-up figures (no dice walked), read back as XML: which distributions an action's
picture draws, the legend of many follow-ups, the matrix's colour key and scale, and the contrast of every
colour the heat map can give a cell."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from tabroll.errors import InputError
from tabroll.odds.figures import HAPPENS, Block, Cell, Estimate, Matrix, Report
from tabroll.render.svg import (
    MATRIX_COLOURS,
    MAX_SERIES,
    check_colour,
    contrast,
    heat,
    ink,
    luminance,
    matrix_svg,
    odds_svg,
)

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


def table(damage: dict[tuple[str, str], float], *, follow: bool = False) -> Matrix:
    """Two units against each other with the given mean damage (a unit refuses itself); with ``follow``, a
    counterattack that deals half of it back."""
    names = ["A", ODD]
    out = Matrix(ruleset="demo", attackers=names, targets=names, setting="distance 1")
    for a in names:
        for t in names:
            cell = Cell(attacker=a, target=t)
            if a == t:
                cell.refused = "a unit does not attack itself"
            else:
                report = Report(method="exact", samples=1)
                report.attack.probabilities[f"defeated: {t}"] = exact(Fraction(1, 10))
                report.attack.means["damage"] = Estimate(damage[(a, t)])
                if follow:
                    back = Block(label="counterattack")
                    back.probabilities[f"defeated: {a}"] = exact(Fraction(0))
                    back.means[f"damage taken by {a}"] = Estimate(damage[(a, t)] / 2)
                    report.follow_ups.append(back)
                cell.report = report
            out.cells[(a, t)] = cell
    return out


def fills(svg: ET.Element, panel: str) -> list[str]:
    return [r.get("fill", "") for r in svg.findall(f".//{SVG}g[@id='{panel}']/{SVG}g[@class='cell']/{SVG}rect")]


def test_mean_damage_is_coloured_on_a_scale_to_the_table_s_largest_shared_by_both_tables() -> None:
    svg = ET.fromstring(matrix_svg(table({("A", ODD): 8.0, (ODD, "A"): 2.0}, follow=True), colour="damage", game="G"))
    assert texts(svg, "key-caption") == [
        "colour: mean damage dealt; in the second table, mean damage taken, in points of damage, from 0 to 8.0 (the "
        "largest in the table)"
    ]
    assert texts(svg, "key-tick") == ["0.0", "2.0", "4.0", "6.0", "8.0"]
    refused = "#e0e0e0"
    assert fills(svg, "attack") == [refused, heat(1.0), heat(0.25), refused]
    assert fills(svg, "follow-ups") == [refused, heat(0.5), heat(0.125), refused]
    assert texts(svg, "heading") == ["G (demo): balance matrix"]
    assert texts(svg, "axis-label") == ["target →", "attacker ↓"] * 2


def test_a_table_without_damage_says_so_in_its_key() -> None:
    svg = ET.fromstring(matrix_svg(table({("A", ODD): 0.0, (ODD, "A"): 0.0}), colour="damage"))
    (caption,) = texts(svg, "key-caption")
    assert caption.endswith("from 0 to 1.00 (every figure in the table is 0)")
    assert fills(svg, "attack")[1] == heat(0.0)


def test_the_refused_pairs_are_listed_under_the_picture() -> None:
    svg = ET.fromstring(matrix_svg(table({("A", ODD): 1.0, (ODD, "A"): 1.0})))
    notes = texts(svg, "note")
    assert notes == ["refused pairs:", "each unit against itself: a unit does not attack itself"]


def test_black_or_white_text_stands_out_from_every_colour_of_the_ramp() -> None:
    for step in range(101):
        fill = heat(step / 100)
        assert contrast(fill, ink(fill)) >= 4.5, fill
    assert contrast("#e0e0e0", "#4d4d4d") >= 4.5  # a refused cell's grey and its text
    assert contrast("#000000", "#ffffff") == pytest.approx(21)


def test_the_ramp_darkens_all_along_so_it_reads_in_grey_too() -> None:
    shades = [luminance(heat(step / 50)) for step in range(51)]
    assert shades == sorted(shades, reverse=True) and len(set(shades)) == len(shades)


def test_an_unknown_colour_is_an_input_error_naming_the_colours() -> None:
    assert [check_colour(name) for name in MATRIX_COLOURS] == ["defeat", "damage", "attacks"]
    with pytest.raises(InputError) as caught:
        check_colour("speed")
    assert all(name in (caught.value.tip or "") for name in MATRIX_COLOURS)
