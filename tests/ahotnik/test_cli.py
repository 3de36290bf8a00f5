"""The Ahotnik ruleset through the real command line (``tabroll.cli.app.main``): formats, check, rules, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.ahotnik.helpers import EXAMPLES

EXAMPLE_1 = str(EXAMPLES / "01-eagle-demon-priority.yaml")


def test_run_text_shows_the_log_and_the_board(cli) -> None:
    result = cli("run", EXAMPLE_1, "--format", "text")
    assert result.code == 0, result.err
    assert (
        "  targeting     Eagle attacks Fire Demon in melee (first adjacent Demon clockwise from 2 (E): at 5 (W))"
        in (result.out.splitlines())
    )
    assert "   ·   ·  EA→ WO←  ·" in result.out.splitlines()
    assert "  threat level 2 (floor 2)" in result.out.splitlines()


def test_run_rich(cli) -> None:
    result = cli("run", EXAMPLE_1, "--format", "rich")
    assert result.code == 0, result.err
    assert "EA→ WO←" in result.out and "final board" in result.out


def test_run_json_gives_the_board_state(cli) -> None:
    result = cli("run", EXAMPLE_1, "--format", "json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)["files"][0]  # a run's document lists its files (events format 3)
    state = doc["final_state"]
    assert state["threat"] == 2
    wolf = next(a for a in state["ahotniks"] if a["name"] == "Wolf")
    assert wolf == {
        "name": "Wolf",
        "position": [1, 0],
        "facing": 5,
        "facing_name": "W",
        "shields": 2,
        "life": 6,
        "phase_transition": True,
        "dna": ["Fire Demon"],
        "team": None,
    }
    kinds = [e["kind"] for e in doc["actions"][0]["events"]]
    assert kinds.count("hit") == 2 and kinds.count("damage") == 3 and "strike" not in kinds
    defeat = next(e for e in doc["actions"][0]["events"] if e["kind"] == "defeat")
    assert (defeat["unit"], defeat["by"], defeat["how"]) == ("Fire Demon", "Wolf", "exiled")


def test_run_jsonl(cli) -> None:
    result = cli("run", EXAMPLE_1, "--format", "jsonl")
    assert result.code == 0, result.err
    records = [json.loads(line) for line in result.out.splitlines()]
    assert any(r["kind"] == "dna" and r["unit"] == "Wolf" for r in records)


def test_pilots_type_their_numbers_with_prompt(cli, tmp_path: Path) -> None:
    path = tmp_path / "phase.yaml"
    path.write_text(
        "ruleset: ahotnik\nmap: {radius: 2}\nthreat: 2\nahotniks:\n"
        "  Eagle: {at: [0, 0], life: 6}\n  Wolf: {at: [2, 0], life: 6}\nactions:\n  - do: attack_phase\n"
    )
    result = cli("run", str(path), "--prompt", "--format", "text", stdin="2\n2\n5\n3\n1\n")
    assert result.code == 0, result.err
    assert (
        "  synapse       Wolf: pilots name 5 and 3 → forced synapse, direction 5 (W) (the pilots disagree: picked at"
        in (result.out)
    )


def test_check_rules_and_schema(cli) -> None:
    assert cli("check", EXAMPLE_1).code == 0
    rules = cli("rules", "ahotnik")
    assert rules.code == 0 and "phase_order = per_ahotnik" in rules.out
    schema = cli("schema", "scenario", "-r", "ahotnik")
    assert schema.code == 0 and json.loads(schema.out)["title"] == "tabroll scenario: Ahotnik"


def test_command_line_attack_checks_the_target(cli) -> None:
    ok = cli("attack", EXAMPLE_1, "-a", "Eagle", "-t", "Fire Demon", "--set", "pilots=[2,2]", "--format", "text")
    assert ok.code == 0, ok.err
    assert "Fire Demon is hit: melee, success: 2 damage, not ahead: Shields first" in ok.out
    assert "1 damage to Fire Demon: Shields first, Shields 0 left" in ok.out
    assert "1 damage to Fire Demon: past its Shields, Life 2 left" in ok.out
    flag = cli("attack", EXAMPLE_1, "-a", "Eagle", "-t", "Fire Demon", "--pilots", "2,2", "--format", "text")
    assert flag.code == 0 and flag.out == ok.out
    refused = cli("attack", EXAMPLE_1, "-a", "Eagle", "-t", "Wolf", "--set", "pilots=[2,2]", "--format", "text")
    assert refused.code == 1
    assert "Eagle cannot choose Wolf: the rules make it attack Fire Demon" in refused.out
    bad = cli("attack", EXAMPLE_1, "-a", "Eagle", "-t", "Wolf", "--set", "pilot=[2,2]")
    assert bad.code == 2 and "unknown field 'pilot'" in bad.err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ahotniks:\n  A: {at: [0, 0], life: 6, shield: 2}\n", "unknown field 'shield'"),
        ("ahotniks:\n  A: {at: [5, 0], life: 6}\n", "not on the map"),
        (
            "ahotniks:\n  A: {at: [0, 0], life: 6}\nactions:\n  - {do: attack, ahotnik: A, choice: [2, 9]}\n",
            "at most 6",
        ),
        (
            "ahotniks:\n  A: {at: [0, 0], life: 6}\nactions:\n  - {do: attack, ahotnik: A, choice: [2, 3], dice: [3]}",
            "3",
        ),
    ],
)
def test_bad_input_is_a_located_message(cli, tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: ahotnik\nmap: {radius: 2}\nthreat: 2\n" + text)
    result = cli("run", str(path), "--format", "text")
    assert result.code == 2, result.out
    assert "bad.yaml" in result.err and message in result.err
    assert "Traceback" not in result.err


def test_absurd_map_is_refused(cli, tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(
        "ruleset: ahotnik\nmap: {columns: 5000, rows: 5000}\nthreat: 1\nahotniks: {A: {at: [0, 0], life: 1}}\n"
    )
    result = cli("check", str(path))
    assert result.code == 2 and "big.yaml:2" in result.err and "at most 400" in result.err
