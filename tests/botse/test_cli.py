"""BotSE through the real command line: every output format, check, rules, schema, the attack command, and
bad input that must give a located message (exit 2) or a refusal (exit 1), never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.botse.helpers import EXAMPLES

SUMMED = str(EXAMPLES / "05-summed-damage-and-defense.yaml")
HEADER = "ruleset: botse\ndice_set: sample\nmap: {radius: 2}\n"


def test_run_text(cli) -> None:
    result = cli("run", SUMMED, "--format", "text")
    assert result.code == 0, result.err
    assert "damage        5 damage to Draugr: summed damage of the dice; Defense 2 stops 2" in (result.out)
    assert "modifier      Defense of Draugr +2 (restored after the engage) → 2" in result.out


@pytest.mark.parametrize("fmt", ["rich", "json", "jsonl"])
def test_run_every_format(cli, fmt: str) -> None:
    result = cli("run", SUMMED, "--format", fmt)
    assert result.code == 0, result.err
    if fmt == "json":
        events = result.json()["files"][0]["actions"][0]["events"]  # a run lists its files (events format 3)
        rolls = [(e["label"], e["values"], e["faces"]) for e in events if e["kind"] == "roll"]
        assert rolls == [("die 1 Fire Staff", [1], ["2 damage"]), ("die 2 Fire Staff", [2], ["3 damage"])]
    elif fmt == "jsonl":
        kinds = [e["kind"] for e in result.jsonl()]
        assert "gather_dice" in kinds and "die_placed" in kinds
    else:
        assert "Draugr" in result.out


def test_a_refused_engage_exits_1(cli) -> None:
    result = cli("run", str(EXAMPLES / "03-gathering-limit.yaml"), "--format", "text")
    assert result.code == 1
    assert "gathering 4 dice that use Stamina, but Ayrenn has Stamina 3" in result.out


def test_check_rules_and_schema(cli) -> None:
    result = cli("check", *sorted(str(p) for p in EXAMPLES.glob("*.yaml")))
    assert result.code == 0, result.err
    rules = cli("rules", "botse")
    text = " ".join(rules.out.split())
    assert rules.code == 0 and "damage_summing" in text and "not the printed game's faces" in text
    schema = cli("schema", "scenario", "-r", "botse")
    assert schema.code == 0 and json.loads(schema.out)["title"].startswith("tabroll scenario")


def test_attack_against_a_scenario_file_resolves_an_engage(cli) -> None:
    result = cli(
        "attack", str(EXAMPLES / "01-fatigue.yaml"), "-a", "Ayrenn", "-t", "Draugr",
        "--set", "gather=[Combat, Combat]", "--dice", "3,1", "--format", "text",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "3 damage to Draugr: summed damage of the dice; Defense 0" in result.out


def test_attack_with_too_few_faces_given_says_so(cli) -> None:
    result = cli(
        "attack", str(EXAMPLES / "01-fatigue.yaml"), "-a", "Ayrenn", "-t", "Draugr",
        "--set", "gather=[Combat, Combat]", "--dice", "3", "--format", "text",
    )  # fmt: skip
    assert result.code == 2 and "ran out" in result.err and "Traceback" not in result.err


def test_a_face_number_the_die_does_not_have(cli) -> None:
    result = cli(
        "attack", str(EXAMPLES / "01-fatigue.yaml"), "-a", "Ayrenn", "-t", "Draugr",
        "--set", "gather=[Combat]", "--dice", "7", "--format", "text",
    )  # fmt: skip
    assert result.code == 2 and "cannot be the roll of a d6" in result.err


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5, stamnia: 2}\n",
            "unknown field 'stamnia'",
        ),
        (
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5, dice: [Combatt]}\n",
            "no skill die called 'Combatt'",
        ),
        (
            "skill_lines:\n  X: {stat: stamina, dice: {Y: {faces: [{damage: 1, tenacity: true}]}}}\n"
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n",
            "a tenacity face carries only the tenacity icon",
        ),
        (
            "skill_lines:\n  X: {stat: stamina, dice: {Y: {faces: []}}}\n"
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n",
            "expected at least 1 item",
        ),
        (
            "enemy_dice:\n  Z: {faces: [tenacity]}\n"
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n",
            "enemy die 'Z' has a tenacity face",
        ),
        ("adventurers:\n  A: {at: [9, 0], stamina: 3, magicka: 2, health: 5}\n", "'A' stands at [9, 0], off the map"),
        (
            "adventurers:\n  A: {at: [0, 0], stamina: 300, magicka: 2, health: 5}\n",
            "expected a number at most 20, got 300",
        ),
        (
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n"
            "actions:\n  - {do: engage, adventurer: A, target: Nobody}\n",
            "no unit called 'Nobody'",
        ),
        (
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n"
            "actions:\n  - {do: engage, adventurer: A, form: magik}\n",
            "did you mean 'magic'?",
        ),
        (
            "skill_lines:\n  X: {stat: stamina, dice: {Y: {faces: [tenasity]}}}\n"
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n",
            "expected one of: blank, tenacity (got 'tenasity') — did you mean 'tenacity'?",
        ),
        (
            "skill_lines:\n  X: {stat: stamina, dice: {Y: {faces: [{damage: 1, code: activ}]}}}\n"
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n",
            "did you mean 'active'?",
        ),
        (
            "skill_lines:\n  X: {stat: stamina, dice: {Y: {faces: [" + ", ".join(["blank"] * 21) + "]}}}\n"
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n",
            "expected at most 20 items, got 21",
        ),
        (
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n"
            "enemies:\n  B: {at: [1, 0], health: 5}\n"
            "actions:\n  - {do: engage, adventurer: B, item: Axe}\n",
            "'B' is not an adventurer: only adventurers engage",
        ),
        (
            "adventurers:\n  A: {at: [0, 0], stamina: 3, magicka: 2, health: 5}\n"
            "actions:\n  - {do: engage, adventurer: A, resolve: [itme]}\n",
            "expected 'item' (got 'itme')",
        ),
    ],
)
def test_bad_input_is_located_and_explained(cli, tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(HEADER + body, encoding="utf-8")
    result = cli("check", str(path))
    assert result.code == 2, result.out
    assert message in result.err and "bad.yaml:" in result.err and "Traceback" not in result.err


def test_absurd_map_size_is_refused(cli, tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(
        "ruleset: botse\nmap: {radius: 100000}\nadventurers:\n  A: {at: [0, 0], stamina: 1, magicka: 1, health: 1}\n"
    )
    result = cli("check", str(path))
    assert result.code == 2 and "radius" in result.err


def test_attack_without_a_file_uses_the_sample_dice(cli) -> None:
    result = cli(
        "attack", "-r", "botse", "-a", "Ayrenn", "-t", "Draugr", "--set", "gather=[Combat, Sword]",
        "--target-stat", "defense=2", "--dice", "3,1", "--format", "text",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "4 damage to Draugr: summed damage of the dice; Defense 2 stops 2" in result.out


def test_attack_without_a_file_refuses_a_target_out_of_sight(cli) -> None:
    result = cli(
        "attack", "-r", "botse", "-a", "Ayrenn", "-t", "Draugr", "--distance", "2", "--no-sight",
        "--set", "form=magic", "--set", "gather=[Fire Staff]", "--dice", "1", "--format", "text",
    )  # fmt: skip
    assert result.code == 1 and "Ayrenn cannot see Draugr: a blocked hex is in between" in result.out


def test_attack_without_a_file_with_a_bad_stat_is_bad_input(cli) -> None:
    result = cli("attack", "-r", "botse", "-a", "Ayrenn", "-t", "Draugr", "--target-stat", "defense=-1")
    assert result.code == 2 and "enemies.Draugr.defense" in result.err and "Traceback" not in result.err


def test_attack_without_a_file_that_gathers_no_dice_is_bad_input(cli) -> None:
    """An engage typed with nothing to gather would do nothing: bad usage (exit 2, an ``error:`` line), saying why
    and how to gather dice."""
    result = cli("attack", "-r", "botse", "-a", "Ayrenn", "-t", "Draugr")
    assert result.code == 2 and "Traceback" not in result.err
    assert result.err.startswith("error: ")
    assert "the engage gathers no dice: with no scenario file it would do nothing" in result.err
    assert "--gather Combat,Sword" in result.err
    # free enemy combat dice are dice: that engage does something
    result = cli("attack", "-r", "botse", "-a", "Ayrenn", "-t", "Draugr", "--set", "free_dice=1", "--dice", "1")
    assert result.code == 0, result.err


def test_attack_fields_gather_and_form_with_or_without_a_file(cli) -> None:
    result = cli(
        "attack", "-r", "botse", "-a", "Ayrenn", "-t", "Draugr", "--distance", "2", "--form", "ranged",
        "--gather", "Bow", "--dice", "1", "--format", "jsonl",
    )  # fmt: skip
    assert result.code == 0, result.err
    events = result.jsonl()
    assert [e["form"] for e in events if e["kind"] == "battle_form"] == ["ranged"]
    assert [(e["label"], e["faces"]) for e in events if e["kind"] == "roll"] == [("die 1 Bow", ["2 damage"])]
    result = cli(
        "attack", str(EXAMPLES / "01-fatigue.yaml"), "-a", "Ayrenn", "-t", "Draugr",
        "--gather", "Combat,Combat", "--dice", "3,1", "--format", "text",
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "3 damage to Draugr: summed damage of the dice; Defense 0" in result.out
    result = cli("attack", "-r", "botse", "-a", "Ayrenn", "-t", "Draugr", "--gather", "Combat", "--form", "flying")
    assert result.code == 2 and "form" in result.err and "Traceback" not in result.err


@pytest.mark.parametrize(
    ("units", "where", "message"),
    [
        (
            "adventurers:\n  A: {at: [0, 0], $S}\nenemies:\n  A: {at: [1, 0], health: 5}\n",
            "7:7: enemies.A.at",
            "two units are called 'A'",
        ),
        ("adventurers:\n  A: {at: [0, 3], $S}\n", "5:7: adventurers.A.at", "'A' stands at [0, 3], off the map"),
        ("adventurers:\n  A: {at: [1, 0], $S}\n", "5:7: adventurers.A.at", "'A' stands on a blocked hex [1, 0]"),
        (
            "adventurers:\n  A: {at: [0, 0], $S}\nenemies:\n  B: {at: [0, 0], health: 5}\n",
            "7:7: enemies.B.at",
            "'A' and 'B' both stand at [0, 0]",
        ),
    ],
)
def test_each_unit_stands_on_a_free_hex_of_the_map(cli, tmp_path: Path, units: str, where: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    header = "ruleset: botse\ndice_set: sample\nmap: {radius: 2, blocked: [[1, 0]]}\n"
    path.write_text(header + units.replace("$S", "stamina: 3, magicka: 2, health: 5"), encoding="utf-8")
    result = cli("check", str(path))
    assert result.code == 2, result.out
    said, tip = result.err.splitlines()
    assert said.endswith(f"bad.yaml:{where}: {message}") and tip.startswith("Tip: "), result.err
