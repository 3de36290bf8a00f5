"""A trample's odds give each unit's damage, never the damage of different units added up (issue 43: the Cavaleiro
through the Soldado and the Arqueiro was reported as "damage: mean 21", 2 to 40, in the text and the picture).
Each unit on the path takes its own 1d20 damage roll."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from tabroll.odds.figures import ODDS_FORMAT_VERSION

TRAMPLE = str(Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster" / "02-trample-cavaleiro.yaml")
SVG = "{http://www.w3.org/2000/svg}"
UNIT = {str(v): "1/20" for v in range(1, 21)}  # one 1d20 roll: each value 1/20


def test_trample_odds_json_gives_each_unit_s_damage_and_no_sum(cli) -> None:
    doc = cli("odds", TRAMPLE, "--format", "json").json()
    assert doc["version"] == ODDS_FORMAT_VERSION == 3
    assert sorted(doc["distributions"]) == ["damage to Arqueiro", "damage to Soldado"]
    for name in ("damage to Arqueiro", "damage to Soldado"):
        figure = doc["distributions"][name]
        assert figure["mean"]["exact"] == "21/2"
        assert {str(v["outcome"]): v["exact"] for v in figure["values"]} == UNIT


def test_trample_odds_text_charts_each_unit_s_damage_and_no_sum(cli) -> None:
    out = cli("odds", TRAMPLE, "--format", "text").out
    assert "damage: mean" not in out and "    40 " not in out
    assert out.count("damage to Arqueiro: mean 10.500 = 21/2\n") == 1
    assert out.count("damage to Soldado: mean 10.500 = 21/2\n") == 1
    assert out.count("    20    5.00%     5.00%") == 2  # a chart for each unit, 1 to 20


def test_trample_picture_draws_each_unit_s_damage_and_no_sum(cli, tmp_path: Path) -> None:
    path = tmp_path / "trample.svg"
    assert cli("odds", TRAMPLE, "--format", "text", "--svg", str(path)).code == 0
    svg = ET.parse(path).getroot()
    entries = [e.findtext(f"{SVG}text") for e in svg.iter(f"{SVG}g") if e.get("class") == "entry"]
    assert entries == [
        "attack: damage to Arqueiro, mean 10.500 = 21/2",
        "attack: damage to Soldado, mean 10.500 = 21/2",
    ]
    for series in ("0", "1"):
        drawn = [b for b in svg.findall(f"{SVG}rect[@class='bar']") if b.get("data-series") == series]
        assert len(drawn) == 20


def test_one_target_keeps_its_damage(cli) -> None:
    doc = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--format", "json").json()
    assert doc["distributions"]["damage"]["mean"]["exact"] == "21/2"


def test_play_odds_line_gives_each_unit_s_mean_damage(cli, tmp_path: Path) -> None:
    copy = tmp_path / "t.yaml"
    copy.write_bytes(Path(TRAMPLE).read_bytes())
    out = cli(
        "play", str(copy), "--format", "text", stdin="odds do attack attacker=Cavaleiro path=[[1,0],[2,0],[3,0]]\n"
    ).out
    assert "mean damage 21" not in out
    assert "mean damage to Arqueiro 10.5 · mean damage to Soldado 10.5  (exact)" in out


def test_a_matrix_cell_s_mean_damage_is_the_damage_to_its_target() -> None:
    from tabroll.loading.scenario import load_scenario_file
    from tabroll.odds.exact import exact_odds
    from tabroll.odds.figures import Cell
    from tabroll.odds.report import build_report

    scenario = load_scenario_file(TRAMPLE)
    walked = exact_odds(scenario.ruleset, scenario.state, scenario.steps[0].action)
    report = build_report(walked.tally, exact=True, samples=walked.leaves)
    cell = Cell(attacker="Cavaleiro", target="Soldado", report=report)
    assert cell.mean_damage() == 10.5 and cell.to_json()["mean_damage_exact"] == "21/2"  # not the sum, 21
