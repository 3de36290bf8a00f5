"""The F0R60D ruleset through the command line: every format, check, rules, schema, attack, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "forgod"
SHIELD = str(EXAMPLES / "06-shield.yaml")
LINES = str(EXAMPLES / "05-lines-and-air.yaml")


def test_run_text_shows_every_modifier_and_multiplier(cli) -> None:
    result = cli("run", str(EXAMPLES / "09-charge-with-flank.yaml"), "--format", "text")
    assert result.code == 0, result.err
    assert "  modifier      attack roll +4 (Carga) → 20" in result.out
    assert "  multiplier    damage ×3 (Carga con flanqueo) → 21" in result.out
    assert "  multiplier    damage ×2 (crítico) → 42" in result.out
    assert "  Muralla (blue), defeated" in result.out


@pytest.mark.parametrize("fmt", ["rich", "text", "json", "jsonl"])
def test_every_format_runs(cli, fmt: str) -> None:
    result = cli("run", SHIELD, "--format", fmt)
    assert result.code == 0, result.err
    if fmt == "json":
        doc = json.loads(result.out)["files"][0]  # a run lists its files (events format 3)
        kinds = [e["kind"] for a in doc["actions"] for e in a["events"]]
        assert kinds.count("damage") == 2 and doc["final_state"]["units"][1]["life"] == 5
    if fmt == "jsonl":
        assert all(json.loads(line)["file"] for line in result.out.splitlines())


def test_check_rules_and_schema(cli) -> None:
    assert cli("check", SHIELD).code == 0
    rules = cli("rules", "forgod")
    assert rules.code == 0 and "absorption_sign = as_damage" in rules.out and "## Rulings" in rules.out
    schema = cli("schema", "scenario", "-r", "forgod")
    assert json.loads(schema.out)["title"] == "tabroll scenario: Sistema Táctico F0R60D"


def test_attack_from_the_command_line_and_from_a_file(cli) -> None:
    result = cli(
        "attack", "-r", "forgod", "-a", "Lanceros", "-t", "Ogro", "--attacker-stat", "BA=3",
        "--attacker-stat", "PV=5", "--attacker-stat", "line=avanzada", "--target-stat", "PV=8",
        "--dice", "6,2,5", "--format", "text",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "attack roll +4 (Avanzada) → 13" in result.out and "5 damage to Ogro: PV 8 - 5 = 3" in result.out
    result = cli("attack", LINES, "-a", "Arqueros", "-t", "Grifo", "--dice", "9,1,3", "--format", "text")
    assert result.code == 0 and "attack roll -2 (Tierra contra Aire, a rango) → 7" in result.out


def test_a_refused_action_exits_1_with_the_reason(cli) -> None:
    result = cli("attack", LINES, "-a", "Espadas", "-t", "Grifo", "--dice", "5", "--format", "text")
    assert result.code == 1
    assert "Grifo is in the air: only air cards and ranged attacks reach it" in result.out + result.err


TWO = "  B: {side: blue, line: normal, PV: 3}\n"
ATTACK = "actions:\n  - {do: attack, attacker: A, target: %s}\n"
BAD = {
    "unknown stat": ("  A: {side: red, line: normal, PV: 3, Evasio: 2}\n" + TWO, "unknown field 'Evasio'"),
    "bad terrain": ("  A: {side: red, line: normal, PV: 3, Terreno: Agua}\n" + TWO, "'Agua' is not a known terrain"),
    "one side": ("  A: {side: red, line: normal, PV: 3}\n", "a F0R60D battle has two sides"),
    "unknown unit": ("  A: {side: red, line: normal, PV: 3}\n" + TWO + ATTACK % "C", "no unit called 'C'"),
    "dice out of range": (
        "  A: {side: red, line: normal, PV: 3}\n" + TWO + ATTACK % "B, dice: [11]",
        "actions[1].dice: value 11 cannot be the roll of a d10",  # dice up to 72 load: a deck's 1dN
    ),
    "off the board": ("  A: {side: red, at: [9, 1], PV: 3}\n" + TWO, "off the board"),
    "huge detachment": ("  A: {side: red, line: normal, PV: 3, Nivel: 5, cards: 4}\n" + TWO, "at most 3 cards"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_is_a_located_message(cli, tmp_path: Path, name: str) -> None:
    body, expected = BAD[name]
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: forgod\nunits:\n" + body, encoding="utf-8")
    result = cli("run", str(path), "--format", "text")
    assert result.code == 2, result.out
    assert expected in result.err and "Traceback" not in result.err
    assert "bad.yaml" in result.err


def test_too_few_dice_is_bad_input(cli) -> None:
    result = cli("attack", SHIELD, "-a", "Bárbaros", "-t", "Escudero", "--dice", "9", "--format", "text")
    assert result.code == 2 and "ran out" in result.err


def test_options_from_the_command_line(cli) -> None:
    path = str(EXAMPLES / "07-covered-charge-critical.yaml")
    result = cli("run", path, "--option", "cover_fa_floor=1", "--format", "text")
    assert result.code == 0 and "cover_fa_floor = 1: FA after Cubrir Carga never drops below 1" in result.out
    result = cli("run", path, "--option", "cover_fa_floor=3", "--format", "text")
    assert result.code == 2 and "allowed values: 0, 1" in result.err


def test_run_reports_the_battles_result_in_json_and_stops_there(cli, tmp_path: Path) -> None:
    result = cli("run", str(EXAMPLES / "14-whole-battle.yaml"), "--format", "json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)["files"][0]  # a run lists its files (events format 3)
    (over,) = [e for a in doc["actions"] for e in a["events"] if e["kind"] == "game_over"]
    assert (over["winner"], over["reason"]) == ("red", "blue has no troops left on the field")
    assert doc["final_state"]["result"] == {"over": True, "winner": "red"}
    longer = tmp_path / "longer.yaml"  # scenario 15 with one more action after the battle's end
    text = (EXAMPLES / "15-refusals.yaml").read_text(encoding="utf-8")
    longer.write_text(text + "  - {do: move, unit: Grifo}\n", encoding="utf-8")
    refusals = cli("run", str(longer), "--format", "text")
    assert refusals.code == 1  # the refusals it shows on purpose
    assert "GAME OVER: Grifo has fallen; red wins (blue has no troops left on the field)" in refusals.out
    assert "the game is over: the scenario's 1 remaining action is not resolved" in refusals.out
    assert "23. " not in refusals.out


def test_a_lone_attack_typed_on_the_command_line_judges_no_battle(cli) -> None:
    args = ["-a", "Lancero", "-t", "Orco", "--attacker-stat", "PV=5", "--attacker-stat", "Daño=6"]
    result = cli("attack", "-r", "forgod", *args, "--target-stat", "PV=4", "--dice", "5,1,3", "--format", "text")
    assert result.code == 0 and "Orco is annihilated" in result.out and "GAME OVER" not in result.out
