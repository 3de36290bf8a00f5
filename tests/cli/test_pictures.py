"""The pictures as a new user makes them (``--svg``), read back as XML: each says what it shows without the
command line beside it (a title naming the attack and the game, labelled axes, a legend or a colour key with
its scale), the follow-ups of an attack are series of their own, and a matrix's colour can be chosen. Nothing
is compared pixel by pixel: the structure, the texts and the figures behind them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tabroll.cli.commands.odds import _complete_colours
from tabroll.render.svg import MATRIX_COLOURS, PLOT_H, SERIES, contrast, heat

SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
DIRECT_COMBAT = SCENARIOS / "mtg_heroes" / "02-direct-combat.yaml"
REACTIONS = SCENARIOS / "botse" / "16-reactions-in-order.yaml"


def picture(cli, tmp_path: Path, *args: str) -> ET.Element:
    path = tmp_path / "picture.svg"
    out = cli(*args, "--format", "text", "--svg", str(path))
    assert out.code == 0, out.err
    return ET.parse(path).getroot()


def texts(svg: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in svg.iter(f"{SVG}text") if t.get("class") == cls]


def entries(svg: ET.Element) -> list[str]:
    """The legend's entries, in order: each one's label."""
    return [e.findtext(f"{SVG}text") or "" for e in svg.iter(f"{SVG}g") if e.get("class") == "entry"]


def bars(svg: ET.Element, series: int) -> list[ET.Element]:
    return [b for b in svg.findall(f"{SVG}rect[@class='bar']") if b.get("data-series") == str(series)]


def test_an_attack_s_picture_names_the_attack_and_the_game_labels_its_axes_and_has_a_legend(cli, tmp_path) -> None:
    svg = picture(cli, tmp_path, "odds", "-a", "Lanceiro", "-t", "Soldado")
    assert svg.findtext(f"{SVG}title") == "Lanceiro attacks Soldado (TAB MASTER)"
    assert texts(svg, "heading") == ["Lanceiro attacks Soldado"]
    assert texts(svg, "subheading") == [
        "TAB MASTER: odds (exact, over 20 dice outcomes)",
        "P(hit) 100.00%, P(defeated: Soldado) 55.00% = 11/20",
    ]
    assert texts(svg, "axis-label") == ["damage (n)", "probability"]
    assert texts(svg, "tick")[:5] == ["0%", "25%", "50%", "75%", "100%"]
    assert entries(svg) == ["attack: damage, mean 10.500 = 21/2"]  # nothing follows a TAB MASTER attack
    assert texts(svg, "legend-how") == [
        "bars: P(= n), the chance of exactly n;  lines: P(≥ n), the chance of n or more"
    ]
    assert len(bars(svg, 0)) == 20 and len(svg.findall(f"{SVG}polyline[@class='at-least']")) == 1


def test_a_counterattack_is_a_series_of_its_own_with_its_chance_in_the_legend(cli, tmp_path) -> None:
    doc = cli("odds", str(DIRECT_COMBAT), "--format", "json").json()
    svg = picture(cli, tmp_path, "odds", str(DIRECT_COMBAT))
    assert svg.findtext(f"{SVG}title") == "Grizzly Bear attacks Kaya (Magic: The Gathering of Heroes)"
    (back,) = doc["follow_ups"]
    assert (back["label"], back["happens"]["exact"]) == ("counterattack", "427/432")
    assert entries(svg) == [
        "attack: damage, mean 1.372 = 889/648",
        "counterattack, happens 98.84% = 427/432: damage taken by Grizzly Bear, mean 0.160 = 14945/93312",
    ]
    assert texts(svg, "axis-label") == ["damage, damage taken by Grizzly Bear (n)", "probability"]
    # The counterattack's damage is over every outcome of the action: 0 where it does not happen (1.16%).
    assert (
        texts(svg, "legend-how")[1]
        == "a follow-up's figures are over every outcome of the action: 0 where it does not happen"
    )
    # Each series has a bar per value of its own distribution, as tall as its share, on the one scale.
    for series, chart in enumerate(
        (doc["distributions"]["damage"], back["distributions"]["damage taken by Grizzly Bear"])
    ):
        drawn = bars(svg, series)
        assert len(drawn) == len(chart["values"])
        for bar, value in zip(drawn, chart["values"], strict=True):
            assert float(bar.get("height", "0")) == pytest.approx(max(1.0, PLOT_H * value["value"]), abs=0.06)
    tip = bars(svg, 1)[1].findtext(f"{SVG}title")
    assert tip is not None and tip.startswith("counterattack: damage taken by Grizzly Bear = 1: 4.58%")
    lines = svg.findall(f"{SVG}polyline[@class='at-least']")
    assert [line.get("data-series") for line in lines] == ["0", "1"]
    assert len({(line.get("stroke"), line.get("stroke-dasharray")) for line in lines}) == 2  # apart in colour and dash


def test_each_distribution_of_a_follow_up_is_drawn(cli, tmp_path) -> None:
    """A reaction that hurts four units: a series for each unit's damage, each with the reaction's chance."""
    doc = cli("odds", str(REACTIONS), "--format", "json").json()
    svg = picture(cli, tmp_path, "odds", str(REACTIONS))
    names = [name for block in doc["follow_ups"] for name in block["distributions"]]
    assert len(names) == 4
    labels = entries(svg)
    assert labels[0].startswith("attack: damage, mean ")
    assert [label.split(": ")[1].split(",")[0] for label in labels[1:]] == names
    assert all(label.startswith("reaction, happens 100.00%: ") for label in labels[1:])
    assert len(svg.findall(f"{SVG}polyline[@class='at-least']")) == 5


def test_the_dice_odds_picture_has_its_title_axes_and_legend(cli, tmp_path) -> None:
    svg = picture(cli, tmp_path, "odds", "2d6 vs 1d12")
    assert svg.findtext(f"{SVG}title") == "2d6 vs 1d12: dice odds"
    assert texts(svg, "heading") == ["2d6 vs 1d12"]
    assert texts(svg, "subheading") == [
        "dice odds (exact)",
        "P(first higher) 50.00% = 1/2, P(tie) 8.33% = 1/12, P(second higher) 41.67% = 5/12",
    ]
    assert texts(svg, "axis-label") == ["margin (2d6) - (1d12) (n)", "probability"]
    assert entries(svg) == ["margin (2d6) - (1d12): mean 0.500 = 1/2, sd 4.213"]
    assert len(bars(svg, 0)) == 22


def cells(svg: ET.Element, panel: str) -> list[tuple[str, str, str, str]]:
    """Each cell of a panel: its fill, its text's colour, its text and its tooltip."""
    out = []
    for group in svg.findall(f".//{SVG}g[@id='{panel}']/{SVG}g[@class='cell']"):
        rect, text = group.find(f"{SVG}rect"), group.find(f"{SVG}text")
        assert rect is not None and text is not None
        out.append((rect.get("fill", ""), text.get("fill", ""), text.text or "", rect.findtext(f"{SVG}title") or ""))
    return out


def key(svg: ET.Element) -> tuple[str, list[str]]:
    (caption,) = texts(svg, "key-caption")
    return caption, texts(svg, "key-tick")


def test_the_matrix_picture_has_axis_labels_and_a_key_of_p_defeat_by_default(cli, tmp_path) -> None:
    flags = ("matrix", "-r", "tabmaster", "--attackers", "Lanceiro,Soldado", "--targets", "Soldado,Levi")
    doc = cli(*flags, "--format", "json").json()
    svg = picture(cli, tmp_path, *flags)
    assert svg.findtext(f"{SVG}title") == "TAB MASTER (tabmaster): balance matrix: each attacker against each target"
    assert texts(svg, "heading") == ["TAB MASTER (tabmaster): balance matrix"]
    assert texts(svg, "axis-label") == ["target →", "attacker ↓"]
    assert key(svg) == ("colour: P(target defeated), from 0% to 100%", ["0%", "25%", "50%", "75%", "100%"])
    (ramp,) = [r for r in svg.iter(f"{SVG}rect") if r.get("class") == "key-ramp"]
    assert ramp.get("fill") == "url(#heat-key)" and svg.find(f".//{SVG}linearGradient[@id='heat-key']") is not None
    drawn = cells(svg, "attack")
    assert [fill for fill, *_ in drawn] == [heat(cell["defeat"]) for cell in doc["cells"]]
    assert [text for _, _, text, _ in drawn][:2] == ["55% 10.5", "90% 10.5"]  # Lanceiro → Soldado, → Levi


def test_a_gathering_of_heroes_matrix_reads_in_mean_damage(cli, tmp_path) -> None:
    """P(defeat) is at most 1% in every cell of this exchange: coloured by it, the table is pale all over. By
    mean damage, on a scale to the table's largest (of the attack's and the counterattack's, so that the two
    compare), the hardest hitter is the darkest."""
    doc = cli("matrix", str(DIRECT_COMBAT), "--format", "json").json()
    dealt = {(c["attacker"], c["target"]): c["mean_damage"] for c in doc["cells"] if "mean_damage" in c}
    taken = {(c["attacker"], c["target"]): c["follow_ups"]["mean_damage_taken"]["value"] for c in doc["cells"]
             if "follow_ups" in c}  # fmt: skip
    largest = max([*dealt.values(), *taken.values()])
    assert max(c["defeat"] for c in doc["cells"] if "defeat" in c) < 0.02 and largest == pytest.approx(889 / 648)
    svg = picture(cli, tmp_path, "matrix", str(DIRECT_COMBAT), "--colour", "damage")
    caption, ticks = key(svg)
    assert caption == (
        "colour: mean damage dealt; in the second table, mean damage taken, in points of damage, from 0 to 1.37 "
        "(the largest in the table)"
    )
    assert ticks == [f"{largest * share:.2f}" for share in (0, 0.25, 0.5, 0.75, 1)]
    fills = {tip.split(":")[0]: fill for fill, _, _, tip in cells(svg, "attack")}
    assert fills["Grizzly Bear → Kaya"] == heat(1.0)
    assert fills["Kaya → Vraska"] == heat(dealt[("Kaya", "Vraska")] / largest)
    back = {tip.split(":")[0]: fill for fill, _, _, tip in cells(svg, "follow-ups")}
    assert back["Kaya → Grizzly Bear"] == heat(taken[("Kaya", "Grizzly Bear")] / largest)
    default = picture(cli, tmp_path, "matrix", str(DIRECT_COMBAT))
    assert key(default)[0] == "colour: P(target defeated); in the second table, P(attacker defeated), from 0% to 100%"


@pytest.mark.parametrize("colour", list(MATRIX_COLOURS))
def test_every_cell_s_text_stands_out_from_its_colour(cli, tmp_path, colour: str) -> None:
    svg = picture(cli, tmp_path, "matrix", "-r", "tabmaster", "--colour", colour)
    drawn = cells(svg, "attack")
    assert len(drawn) == 49
    for fill, ink, text, _ in drawn:
        assert contrast(fill, ink) >= 4.5, (text, fill, ink)


def test_the_colour_is_checked_before_any_work_and_changes_no_text_or_json(cli, tmp_path) -> None:
    out = cli("matrix", "-r", "tabmaster", "--colour", "speed")
    assert out.code == 2 and out.out == ""
    assert "--colour speed: there is no such colour of the matrix" in out.err and "attacks" in out.err
    flags = ("matrix", "-r", "tabmaster", "--attackers", "Lanceiro,Soldado")
    for fmt in ("json", "text"):
        plain = cli(*flags, "--format", fmt).out
        assert cli(*flags, "--format", fmt, "--color", "damage", "--svg", str(tmp_path / "m.svg")).out == plain
    help_text = " ".join(cli("matrix", "--help").out.split())
    assert "--colour" in help_text and all(name in help_text for name in MATRIX_COLOURS)
    assert _complete_colours("d") == ["defeat", "damage"] and _complete_colours("da") == ["damage"]


def test_the_series_colours_dashes_and_markers_are_all_apart() -> None:
    for part in range(3):
        assert len({style[part] for style in SERIES}) == len(SERIES)


def test_the_matrix_coloured_by_attacks_to_defeat_is_pinned_by_hand(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Lanceiro (DAN 1d20) against Soldado (DEF 9): each attack defeats with p = 11/20, independently (a new round
    between two attacks), so the mean count over the chains that end within 20 is Σ k·p·q^(k−1) / (1 − q^20)."""
    import json
    import xml.etree.ElementTree as ET
    from fractions import Fraction

    p = Fraction(11, 20)
    q = 1 - p
    mean = sum(k * p * q ** (k - 1) for k in range(1, 21)) / (1 - q**20)
    svg = tmp_path / "m.svg"
    result = cli(
        "matrix", "-r", "tabmaster", "--attackers", "Lanceiro,Alquimista", "--targets", "Soldado",
        "--colour", "attacks", "--svg", str(svg), "--format", "json",
    )  # fmt: skip
    assert result.code == 0, result.err
    cells = {(c["attacker"], c["target"]): c for c in json.loads(result.out)["cells"]}
    chain = cells[("Lanceiro", "Soldado")]["attacks_to_defeat"]
    assert chain["cap"] == 20 and Fraction(chain["mean"]["exact"]) == mean
    assert cells[("Alquimista", "Soldado")]["attacks_to_defeat"]["mean"] is None  # DAN 1d4 never beats DEF 9
    texts = [t.text for t in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}text")]
    assert f"{float(mean):.1f}×" in texts and "> 20×" in texts
    assert any(t and t.startswith("colour: mean attacks to defeat the target") for t in texts)
