"""``tabroll odds … --until defeat`` on the command line: its JSON (the odds document, with ``until``) and its
table."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from tabroll.odds.figures import ODDS_FORMAT, ODDS_FORMAT_VERSION

Cli = Callable[..., Any]


def test_json_adds_the_chain_to_the_odds_document(cli: Cli) -> None:
    result = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat", "--attacks", "4", "--format", "json")
    assert result.code == 0, result.err
    document = result.json()
    assert (document["format"], document["version"]) == (ODDS_FORMAT, ODDS_FORMAT_VERSION)
    assert document["probabilities"]["defeated: Soldado"]["exact"] == "11/20"  # the one attack's figures stay
    until = document["until"]
    assert (until["until"], until["target"], until["counts"], until["cap"]) == ("defeat", "Soldado", "rounds", 4)
    assert until["method"] == "exact"
    assert [row["defeated"]["exact"] for row in until["by_count"]] == ["11/20", "99/400", "891/8000", "8019/160000"]
    assert until["by_count"][1]["defeated_within"]["exact"] == "319/400"
    assert until["not_defeated"]["exact"] == "6561/160000"
    assert until["could_not_attack"] == {"total": {"value": 0.0, "exact": "0"}, "reasons": {}}
    p, q = Fraction(11, 20), Fraction(9, 20)
    assert until["mean"]["exact"] == str(sum(k * p * q ** (k - 1) for k in range(1, 5)) / (1 - q**4))


def test_the_text_screen_is_a_short_table(cli: Cli) -> None:
    result = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat", "--format", "text")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == "Lanceiro attacks Soldado"
    assert lines[1].startswith("rounds to defeat Soldado, at most 20 (exact")
    assert any(line.strip().startswith("mean 1.818 rounds") for line in lines)
    assert any(line.split()[:3] == ["1", "55.00%", "55.00%"] for line in lines)
    assert any(line.split()[:3] == ["2", "24.75%", "79.75%"] for line in lines)
    assert len(lines) < 25  # the rows stop where less than 0.01% is left


def test_the_attacks_that_could_not_be_made_are_said(cli: Cli) -> None:
    bow = "Bow ATK='1d10 (Projétil: Flecha)' DAN=1d20 ammo='{Flecha: 1}'"
    result = cli("odds", "-a", bow, "-t", "Lanceiro", "--distance", "4", "--until", "defeat", "--format", "text")
    assert result.code == 0, result.err
    assert "P(could not attack again) = 51.00%" in result.out


def test_attacks_needs_until_and_until_needs_a_known_word(cli: Cli) -> None:
    alone = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--attacks", "3")
    assert alone.code == 2 and "--until" in alone.err
    unknown = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "half")
    assert unknown.code == 2 and "defeat" in unknown.err
    zero = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat", "--attacks", "0")
    assert zero.code == 2 and "--attacks" in zero.err


def test_rich_and_markdown_draw_the_table(cli: Cli) -> None:
    for fmt in ("rich", "markdown"):
        result = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat", "--format", fmt)
        assert result.code == 0, result.err
        assert "rounds to defeat Soldado" in result.out


def test_the_picture_of_the_chain(cli: Cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """--until defeat --svg draws the chain: a bar of P(defeated at round k) for each k (55% = 11/20 at the first,
    then 11/20 · 9/20 = 24.75%), the line of P(within k), and the mean in the legend."""
    import xml.etree.ElementTree as ET

    svg = tmp_path / "u.svg"
    result = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat", "--svg", str(svg), "--format", "json")
    assert result.code == 0, result.err
    root = ET.parse(svg).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text or "" for t in root.iter(f"{ns}text")]
    assert "TAB MASTER: rounds to defeat Soldado, at most 20 (exact)" in texts
    assert "rounds (k)" in texts and "probability" in texts
    assert any(t.startswith("Soldado: mean 1.818") for t in texts)
    bars = [r for r in root.iter(f"{ns}rect") if r.get("class") == "bar"]
    tips = [r.find(f"{ns}title").text for r in bars]  # type: ignore[union-attr]
    assert len(bars) == 20
    assert tips[:2] == [
        "defeated at round 1: 55.00%; within 1: 55.00%",
        "defeated at round 2: 24.75%; within 2: 79.75%",
    ]
