"""The matrix's forms: units from any game's scenario, the no-file form of a game without a catalogue, --jobs."""

from __future__ import annotations

import shlex

import pytest

from tabroll.engine import all_rulesets
from tabroll.kit.views import named_units
from tabroll.odds.matrix import build_matrix
from tests.odds.helpers import SCENARIOS

GAMES_WITHOUT_CATALOGUE = sorted(g.id for g in all_rulesets() if not g.catalogue())  # of every game discovered


def table_json(**kwargs: object) -> list[dict[str, object]]:
    settings: dict[str, object] = dict(
        ruleset=None, attackers=None, targets=None, fields={}, budget=300, trials=200, seed=3, options={}
    )
    settings.update(kwargs)
    table = build_matrix(**settings)  # type: ignore[arg-type]
    return [cell.to_json() for cell in table.cells.values()]


def test_the_units_of_a_scenario_come_from_every_list_of_named_records() -> None:
    summary = {
        "turn_order": ["Hawk", "Crow"],
        "ahotniks": [{"name": "Hawk"}, {"name": "Crow"}],
        "demons": [{"name": "Imp"}],
        "map": {"name": "not a unit"},
    }
    assert [(group, unit["name"]) for group, unit in named_units(summary)] == [
        ("ahotniks", "Hawk"),
        ("ahotniks", "Crow"),
        ("demons", "Imp"),
    ]
    assert [unit["name"] for _group, unit in named_units({"units": [{"name": "A"}, {"name": "B"}]})] == ["A", "B"]


def test_an_ahotnik_scenario_gives_its_ahotniks_to_the_matrix(cli) -> None:
    out = cli("matrix", str(SCENARIOS / "ahotnik" / "04-melee-facing-and-teams.yaml"), "--format", "json")
    assert out.code == 0, out.err
    import json

    cells = json.loads(out.out)["cells"]
    assert {c["attacker"] for c in cells} == {"Hawk", "Owl", "Raven", "Crow"}
    hawk_crow = next(c for c in cells if (c["attacker"], c["target"]) == ("Hawk", "Crow"))
    assert hawk_crow["method"] == "exact"
    hawk_owl = next(c for c in cells if (c["attacker"], c["target"]) == ("Hawk", "Owl"))
    assert hawk_owl["refused"] == "Hawk cannot choose Owl: the rules make it attack Crow"


@pytest.mark.parametrize("game", GAMES_WITHOUT_CATALOGUE)
def test_a_game_without_a_catalogue_says_how_to_type_the_units_and_that_command_works(cli, game: str) -> None:
    out = cli("matrix", "-r", game, "--format", "text")
    assert out.code == 2
    first, tip = out.err.splitlines()[:2]
    assert "has no unit catalogue: name the units with --attackers and --targets" in first
    assert f"tabroll units {game}" in tip and "tabroll matrix FILE" in tip
    command = tip.split("e.g. ", 1)[1].split(" (tabroll units", 1)[0]
    words = shlex.split(command)
    assert words[:4] == ["tabroll", "matrix", "-r", game]
    done = cli(*words[1:], "--format", "json")
    assert done.code == 0, done.err


def test_only_the_missing_option_is_named(cli) -> None:
    out = cli("matrix", "-r", "forgod", "--attackers", "Orc BA=2", "--format", "text")
    assert out.code == 2
    assert "name the units with --targets" in out.err


def test_jobs_give_the_same_table_in_the_same_order(monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = str(SCENARIOS / "forgod" / "05-lines-and-air.yaml")
    one = table_json(scenario_file=scenario)
    assert table_json(scenario_file=scenario, jobs=2) == one
    assert table_json(scenario_file=scenario, jobs=3) == one
    settings: dict[str, object] = dict(scenario_file=None, ruleset="tabmaster", attackers=["Lanceiro"], budget=5)
    catalogue = table_json(**settings)
    assert table_json(**settings, jobs=2) == catalogue
    assert any(c.get("method") == "monte_carlo" for c in catalogue)  # a simulated pair too: the same trials


def test_jobs_out_of_range_are_refused_before_any_pair(cli) -> None:
    out = cli("matrix", "-r", "tabmaster", "--jobs", "0")
    assert out.code == 2
    assert "--jobs 0 is out of range" in out.err
