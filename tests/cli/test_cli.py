"""The command line, end to end through the real error boundary (``tabroll.cli.app.main``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster"


def test_run_example_as_text(cli) -> None:
    result = cli("run", str(EXAMPLES / "01-common-lanceiro.yaml"), "--format", "text")
    assert result.code == 0, result.err
    assert "1. Lanceiro attacks Alquimista" in result.out
    assert "damage vs Alquimista: 1d20 → 6" in result.out
    assert "6 damage to Alquimista: 6 > DEF 3" in result.out
    assert "Alquimista is defeated" in result.out
    assert "Lanceiro is flipped" in result.out


def test_run_json_document_is_versioned_and_carries_roll_fields(cli) -> None:
    result = cli("run", str(EXAMPLES / "05-projectile-arqueiro.yaml"), "--format", "json")
    assert result.code == 0, result.err
    whole = result.json()
    assert whole["format"] == "tabroll.events" and whole["version"] == 4
    (doc,) = whole["files"]  # a run lists its files, even one (issue 26)
    assert doc["outcome"] == "resolved"
    events = doc["actions"][0]["events"]
    rolls = [e for e in events if e["kind"] == "roll"]
    assert [(r["label"], r["dice"], r["values"], r["total"]) for r in rolls] == [
        ("attack roll", "1d10", [7], 7),
        ("damage vs Lanceiro", "1d20", [7], 7),
    ]
    assert {"kind": "defeat", "unit": "Lanceiro"}.items() <= next(e for e in events if e["kind"] == "defeat").items()
    lanceiro = next(u for u in doc["final_state"]["units"] if u["name"] == "Lanceiro")
    assert lanceiro["defeated"] is True


def test_run_jsonl_tags_each_event_with_file_and_action(cli) -> None:
    path = str(EXAMPLES / "02-trample-cavaleiro.yaml")
    result = cli("run", path, "--format", "jsonl")
    assert result.code == 0, result.err
    lines = result.jsonl()
    assert all("kind" in line and line["file"] == path and line["action"] == 1 for line in lines)
    assert lines[0]["kind"] == "action" and lines[0]["verb"] == "attack" and lines[0]["actor"] == "Cavaleiro"
    assert [line["unit"] for line in lines if line["kind"] == "defeat"] == ["Arqueiro"]


def test_attack_from_the_command_line_alone_replays_example_1(cli) -> None:
    result = cli(
        "attack",
        "-a",
        "Lanceiro",
        "-t",
        "Alquimista",
        "--distance",
        "3",
        "--height",
        "2",
        "--move",
        "1",
        "--dice",
        "6",
        "--format",
        "json",
    )
    assert result.code == 0, result.err
    kinds = [e["kind"] for e in result.json()["actions"][0]["events"]]
    assert kinds.count("defeat") == 1 and "move" in kinds and kinds[-1] == "flip"


def test_attack_out_of_reach_is_refused_with_exit_1(cli) -> None:
    result = cli("attack", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "3", "--dice", "6", "--format", "text")
    assert result.code == 1
    assert "refused       Alquimista is 3 squares away; the attack reaches 2 (ATK 2) [common attack]" in result.out


def test_attack_against_a_scenario_file(cli) -> None:
    result = cli(
        "attack",
        str(EXAMPLES / "05-projectile-arqueiro.yaml"),
        "-a",
        "Arqueiro",
        "-t",
        "Lanceiro",
        "--dice",
        "1,20",
        "--format",
        "text",
    )
    assert result.code == 0, result.err
    assert "Lanceiro is missed: attack 3 < distance 8" in result.out
    assert "warning: --dice values not used: 20" in result.err


def test_roll_with_given_dice_and_keep_highest(cli) -> None:
    result = cli("roll", "4d6kh3", "--dice", "6,1,5,2", "--format", "json")
    assert result.code == 0, result.err
    roll = result.json()["events"][0]
    assert (roll["kind"], roll["dice"], roll["values"], roll["kept"], roll["total"]) == (
        "roll",
        "4d6kh3",
        [6, 1, 5, 2],
        [6, 5, 2],
        13,
    )


def test_roll_is_reproducible_with_a_seed(cli) -> None:
    first = cli("roll", "3d20", "--seed", "7", "--format", "json").json()
    second = cli("roll", "3d20", "--seed", "7", "--format", "json").json()
    assert first["events"] == second["events"]


def test_roll_prompt_asks_at_the_table_and_validates(cli) -> None:
    result = cli("roll", "1d20", "--label", "damage vs Soldado", "--prompt", "--format", "text", stdin="25\n14\n")
    assert result.code == 0, result.err
    assert "Roll 1d20 — damage vs Soldado" in result.err
    assert "damage vs Soldado: 1d20 → 14" in result.out


def test_prompt_without_answers_is_a_clear_error(cli) -> None:
    result = cli("roll", "1d20", "--prompt", stdin="")
    assert result.code == 2
    assert "error:" in result.err and "Traceback" not in result.err


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("roll", "2d6+*3"), "position"),
        (("roll", "1000000000d1000000000"), "error:"),
        (("roll", "1d20", "--dice", "25"), "d20"),
        (("roll", "2d6", "--dice", "3"), "ran out"),
        (("run", "/no/such/file.yaml"), "error:"),
        (("run", str(EXAMPLES / "nope*.yaml")), "no file matches"),
        (("roll", "1d6", "--format", "xml"), "unknown output format"),
        (("rules", "tabmastr"), "did you mean 'tabmaster'"),
        (
            ("run", str(EXAMPLES / "01-common-lanceiro.yaml"), "-o", "defeat_treshold=at_least"),
            "did you mean",
        ),
        (
            ("run", str(EXAMPLES / "01-common-lanceiro.yaml"), "-o", "defeat_threshold=maybe"),
            "allowed values",
        ),
        (("attack", "-a", "Lanceiro"), "--target"),
    ],
)
def test_bad_input_gets_a_message_and_exit_2(cli, args, needle) -> None:
    result = cli(*args)
    assert result.code == 2, (result.out, result.err)
    assert needle in result.err
    assert "Traceback" not in result.err


def test_check_reports_file_line_and_field(cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "ruleset: tabmaster\nboard:\n  size: [3, 1]\nunits:\n  Lanceiro:\n    side: red\n    at: [0, 0]\n    atack: 3\n"
    )
    result = cli("check", str(bad))
    assert result.code == 2
    assert f"{bad}:8:5" in result.err
    assert "units.Lanceiro.atack" in result.err and "did you mean 'attack'" in result.err


def test_check_accepts_every_bundled_scenario(cli) -> None:
    files = sorted(str(p) for p in EXAMPLES.glob("*.yaml"))
    result = cli("check", *files)
    assert result.code == 0, result.err
    assert result.out.count(": ok (tabmaster") == len(files)


def test_rulesets_and_rules(cli) -> None:
    listing = cli("rulesets")
    assert listing.code == 0 and "tabmaster" in listing.out
    rules = cli("rules", "tabmaster")
    assert rules.code == 0
    assert "defeat_threshold = greater [greater | at_least]" in rules.out
    assert "Rulings" in rules.out


def test_schemas_are_json(cli) -> None:
    events = cli("schema", "events")
    assert events.code == 0
    schema = json.loads(events.out)
    events_defs = [schema["$defs"][variant["$ref"].rsplit("/", 1)[1]] for variant in schema["oneOf"]]
    kinds = {d["properties"]["kind"]["const"] for d in events_defs}
    assert "RolledDice" in schema["$defs"]  # a part of the roll event, shared
    assert {"roll", "damage", "defeat", "flip", "refused", "ruling", "move"} <= kinds
    scenario = cli("schema", "scenario", "--ruleset", "tabmaster")
    assert scenario.code == 0 and "units" in json.loads(scenario.out)["properties"]


def test_version_and_help(cli) -> None:
    assert cli("--version").out.startswith("tabroll ")
    help_result = cli("--help")
    assert help_result.code == 0 and "attack" in help_result.out


def test_check_skill_from_the_command_line(cli) -> None:
    result = cli("check-skill", "WUBB", "Subtlety", "-d", "medium", "--dice", "3,3,2", "--format", "json")
    assert result.code == 0, result.err
    events = result.json()["actions"][0]["events"]
    roll = next(e for e in events if e["kind"] == "roll")
    assert (roll["dice"], roll["values"], roll["total"]) == ("3d6", [3, 3, 2], 8)
    failed = cli("check-skill", "WUBB", "Subtlety", "-d", "medium", "--dice", "2,3,2", "--format", "text")
    assert failed.code == 1 and "fails" in failed.out
    assert cli("check-skill", "WUBB", "Subtlety", "-r", "tabmaster").code == 2
    assert "did you mean" in cli("check-skill", "WUBB", "Subtlty", "-d", "medium").err


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_check_skill_exits_1_when_the_test_fails_as_its_help_says(cli, fmt: str) -> None:
    failed = cli("check-skill", "WUBB", "Subtlety", "-d", "medium", "--dice", "3,3,1", "--format", fmt)
    assert failed.code == 1, failed.err
    if fmt == "json":
        test = next(e for e in failed.json()["actions"][0]["events"] if e["kind"] == "skill_test")
        assert (test["total"], test["target"], test["success"]) == (7, 8, False)
    else:
        assert "test fails: 7 < 8" in failed.out
    passed = cli("check-skill", "WUBB", "Subtlety", "-d", "medium", "--dice", "3,3,2", "--format", fmt)
    assert passed.code == 0, passed.err
    assert "Exit code 1: the test failed." in " ".join(cli("check-skill", "-h").out.split())


def test_the_game_of_a_file_less_attack_comes_from_the_catalogue_or_ruleset(cli) -> None:
    found = cli("attack", "-a", "Lanceiro", "-t", "Soldado", "--dice", "20", "--format", "json")
    assert found.code == 0 and found.json()["ruleset"] == "tabmaster"
    unknown = cli("attack", "-a", "Nobody", "-t", "Soldado")
    assert unknown.code == 2 and "which game? (Nobody, Soldado: no game's catalogue has them all)" in unknown.err
    assert "--ruleset" in unknown.err
    assert "name the game" in cli("schema", "scenario").err
