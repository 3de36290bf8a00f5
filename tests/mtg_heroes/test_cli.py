"""Gathering of Heroes through the command line: every format, check, rules, schema, attack, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.mtg_heroes.helpers import EXAMPLES

WUBB = str(EXAMPLES / "01-subtlety-wubb.yaml")


@pytest.mark.parametrize("fmt", ["rich", "text", "json", "jsonl"])
def test_every_example_runs_in_every_format(cli, fmt: str) -> None:
    for path in sorted(EXAMPLES.glob("*.yaml")):
        result = cli("run", str(path), "--format", fmt)
        expected = 1 if path.name.startswith(("04-", "08-")) else 0  # examples 4 and 8 show refused actions
        assert result.code == expected, (path.name, result.err)
        assert result.out.strip()


def test_text_log_of_the_source_example(cli) -> None:
    result = cli("run", WUBB, "--format", "text")
    assert "  roll          Subtlety test: 3d6 → [3, 3, 2] = 8" in result.out
    assert "  skill_test    Ravel Subtlety test succeeds: 8 ≥ 8 (Medium 6–8: target 8)" in result.out
    assert "  skill_test    Subtlety test fails: 7 < 8 (Medium 6–8: target 8)" in result.out


def test_json_carries_the_skill_test_event(cli) -> None:
    doc = json.loads(cli("run", WUBB, "--format", "json").out)["files"][0]  # a run lists its files (format 3)
    tests = [e for a in doc["actions"] for e in a["events"] if e["kind"] == "skill_test"]
    assert [(t["dice_count"], t["total"], t["target"], t["success"]) for t in tests] == [
        (3, 8, 8, True),
        (3, 7, 8, False),
    ]


def test_check_rules_and_schema(cli) -> None:
    assert cli("check", *sorted(str(p) for p in EXAMPLES.glob("*.yaml"))).code == 0
    rules = cli("rules", "mtg_heroes")
    assert rules.code == 0 and "toughness_after_exchange = pool" in rules.out and "Subtlety" in rules.out
    schema = json.loads(cli("schema", "scenario", "-r", "mtg_heroes").out)
    assert schema["title"] == "tabroll scenario: Magic: The Gathering of Heroes"


def test_option_switches_a_ruling(cli) -> None:
    result = cli("run", WUBB, "--format", "text", "--option", "difficulty_target=lower")
    assert "7 ≥ 6 (Medium 6–8: target 6)" in result.out


def test_file_less_attack_with_stats(cli) -> None:
    result = cli(
        "attack", "-r", "mtg_heroes", "-a", "Bear", "-t", "Wolf",
        "--attacker-stat", "Power=2", "--attacker-stat", "Toughness=2", "--attacker-stat", "Life=4",
        "--target-stat", "Siła=1", "--target-stat", "Wytrzymałość=1", "--target-stat", "Życie=3",
        "--dice", "6,5,1", "--format", "text",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "10 damage to Wolf: 11 − 1 = 10 off Life 3 → 0" in result.out


def test_file_less_attack_at_far_range_is_refused(cli) -> None:
    result = cli(
        "attack", "-r", "mtg_heroes", "-a", "Bear", "-t", "Wolf", "--set", "range=far",
        "--attacker-stat", "Power=2", "--attacker-stat", "Toughness=2", "--attacker-stat", "Life=4",
        "--target-stat", "Power=1", "--target-stat", "Toughness=1", "--target-stat", "Life=3", "--format", "text",
    )  # fmt: skip
    assert result.code == 1
    assert "Bear is at far range from Wolf: at far range there is no direct fighting" in result.out


def test_attack_against_a_scenario_file(cli) -> None:
    path = str(EXAMPLES / "02-direct-combat.yaml")
    result = cli(
        "attack",
        path,
        "-a",
        "Ogre",
        "-t",
        "Kaya",
        "--set",
        "counterattack=false",
        "--dice",
        "6,1,1",
        "--format",
        "text",
    )
    assert result.code == 0, result.err
    assert "Kaya does not counterattack" in result.out


def test_attack_without_stats_is_bad_input(cli) -> None:
    result = cli("attack", "-r", "mtg_heroes", "-a", "Bear", "-t", "Wolf", "--dice", "6")
    assert result.code == 2 and "Bear (the attacker) needs Power, Toughness, Life" in result.err


BAD = {
    "unknown field": ("combatants:\n  Kaya: {kind: character, side: k, Power: 1, Toughnes: 2, Life: 3}\n", "Toughnes"),
    "bad identity": ("combatants:\n  Kaya: {side: k, Power: 1, Toughness: 2, Life: 3, identity: WXB}\n", "'X'"),
    "unknown range": ("default_range: close\n", "unknown range 'close'"),
    "unknown skill": (
        "actions:\n  - {do: skill_test, identity: WU, skill: Sneaking, difficulty: easy}\n",
        "unknown skill 'Sneaking'",
    ),
    "unknown unit": (
        "combatants:\n  Kaya: {side: k, Power: 1, Toughness: 2, Life: 3}\n"
        "actions:\n  - {do: attack, attacker: Kaya, target: Kyaa}\n",
        "no combatant called 'Kyaa'",
    ),
    "die out of range": (
        "actions:\n  - {do: skill_test, identity: WU, skill: Trade, difficulty: easy, dice: [7, 1]}\n",
        "dice",
    ),
    "unknown move range": (
        "combatants:\n  Kaya: {side: k, Power: 1, Toughness: 2, Life: 3}\n"
        "actions:\n  - {do: move, unit: Kaya, to: sideways}\n",
        "unknown range 'sideways'",
    ),
    "huge power": ("combatants:\n  Kaya: {side: k, Power: 1000000000, Toughness: 2, Life: 3}\n", "Power"),
    "bad controller": ("combatants:\n  Bear: {controller: Nobody, Power: 1, Toughness: 2, Life: 3}\n", "Nobody"),
    "life 0 at the start": (
        "combatants:\n  Kaya: {side: k, Power: 1, Toughness: 2, Life: 0}\n",
        "bad.yaml:3:43: combatants.Kaya.Life: Kaya starts the fight with Life 0",
    ),
    "mana above reach": (
        "combatants:\n  Kaya: {kind: character, side: k, Power: 1, Toughness: 2, Life: 3, Reach: 2, max_mana: 4}\n",
        "combatants.Kaya.max_mana: Kaya starts with max_mana 4, above its Reach 2",
    ),
    "unknown spell": (
        "combatants:\n  Kaya: {kind: character, side: k, Power: 1, Toughness: 2, Life: 3}\n"
        "actions:\n  - {do: cast, caster: Kaya, spell: Ember Drat}\n",
        "actions[1].spell: no spell called 'Ember Drat' in the spell list",
    ),
    "bad spell": (
        "spells:\n  Zap: {cost: 1, colour: X}\n",
        "spells.Zap.colour",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_gives_a_located_message(cli, tmp_path: Path, case: str) -> None:
    body, expected = BAD[case]
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: mtg_heroes\n" + body, encoding="utf-8")
    result = cli("run", str(path), "--format", "text")
    assert result.code == 2, (result.out, result.err)
    assert expected in result.err and "Traceback" not in result.err
    assert "bad.yaml" in result.err


def test_too_few_dice_is_bad_input(cli) -> None:
    result = cli("run", str(EXAMPLES / "02-direct-combat.yaml"), "--format", "text", stdin="")
    assert result.code == 0
    short = cli("attack", str(EXAMPLES / "02-direct-combat.yaml"), "-a", "Ogre", "-t", "Kaya", "--dice", "6")
    assert short.code == 2 and "ran out" in short.err
