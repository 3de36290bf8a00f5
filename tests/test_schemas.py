"""The JSON Schemas we ship: up to date, and true of the files and events they describe. A game's
``scenario.schema.json`` is optional (docs/contributing/adding-a-game.md): a game that ships one has it checked
here, and its bundled scenarios name it on their first line."""

from __future__ import annotations

import functools
import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tabroll.dice.sources import SeededDice
from tabroll.engine import all_rulesets, find_ruleset, run_scenario
from tabroll.loading.scenario import load_scenario_file
from tabroll.schemas import events_schema, scenario_schema

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_FILES = sorted((ROOT / "scenarios").glob("*/*.yaml"))
SHIPPED = {g.id: f for g in all_rulesets() if (f := g.folder() / "scenario.schema.json").is_file()}
"""Each discovered game that ships a scenario schema: the path of that file."""


@cache
def _validator(ruleset: str) -> jsonschema.protocols.Validator:
    """The scenario schema of ``ruleset`` (the shipped file, or else the one tabroll writes), checked once and
    compiled once for every file of the game."""
    if ruleset in SHIPPED:
        schema = json.loads(SHIPPED[ruleset].read_text(encoding="utf-8"))
    else:
        schema = scenario_schema(ruleset)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@cache
@functools.cache  # one per worker: checking the schema itself is most of the cost
def _events_validator() -> jsonschema.protocols.Validator:
    schema = events_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_there_are_bundled_scenarios() -> None:
    assert len(SCENARIO_FILES) >= 5


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_scenario_names_its_schema_and_validates_against_it(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    ruleset = path.parent.name
    if ruleset in SHIPPED:
        assert first == f"# yaml-language-server: $schema=../../rulesets/{ruleset}/scenario.schema.json"
    _validator(ruleset).validate(yaml.safe_load(path.read_text(encoding="utf-8")))


def same_meaning(schema: Any) -> Any:
    """The schema without what JSON Schema says by default, which pydantic releases spell differently: an ``enum``
    of the one value a ``const`` already fixes, and ``additionalProperties: true``. Two schemas equal after this
    accept exactly the same documents."""
    if isinstance(schema, list):
        return [same_meaning(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: same_meaning(value) for key, value in schema.items()}
    if "const" in out and out.get("enum") == [out["const"]]:
        del out["enum"]
    if out.get("additionalProperties") is True:
        del out["additionalProperties"]
    return out


def test_same_meaning_drops_only_defaults() -> None:
    assert same_meaning({"const": "a", "enum": ["a"], "additionalProperties": True}) == {"const": "a"}
    assert same_meaning({"const": "a", "enum": ["a", "b"]}) == {"const": "a", "enum": ["a", "b"]}
    assert same_meaning({"additionalProperties": False}) == {"additionalProperties": False}


def test_the_five_games_tabroll_ships_each_ship_a_scenario_schema() -> None:
    assert {"ahotnik", "botse", "forgod", "mtg_heroes", "tabmaster"} <= set(SHIPPED)


@pytest.mark.parametrize("ruleset", sorted(SHIPPED))
def test_shipped_scenario_schema_is_up_to_date(ruleset: str) -> None:
    shipped = json.loads(SHIPPED[ruleset].read_text(encoding="utf-8"))
    assert same_meaning(shipped) == same_meaning(scenario_schema(ruleset)), (
        f"regenerate it: tabroll schema scenario -r {ruleset} > rulesets/{ruleset}/scenario.schema.json"
    )
    assert find_ruleset(ruleset).id == ruleset


def _one_per_game_every_day(paths: list[Path]) -> list[Any]:
    """Each game's largest bundled scenario every day (the one with the most kinds of event); the others in the
    slow tier."""
    largest = {}
    for path in paths:
        if path.stat().st_size > largest.get(path.parent.name, (0, path))[0]:
            largest[path.parent.name] = (path.stat().st_size, path)
    kept = {path for _, path in largest.values()}
    return [path if path in kept else pytest.param(path, marks=pytest.mark.slow) for path in paths]


@pytest.mark.parametrize("path", _one_per_game_every_day(SCENARIO_FILES), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_event_of_every_scenario_matches_the_events_schema(path: Path) -> None:
    validator = _events_validator()
    scenario = load_scenario_file(path)
    for step in run_scenario(scenario, lambda: SeededDice(1)):
        for event in step.resolution.events:
            validator.validate(event.to_json())


def test_the_schema_rejects_an_event_with_a_wrong_kind_or_field_type() -> None:
    validator = jsonschema.Draft202012Validator(events_schema())
    assert not validator.is_valid({"kind": "no_such_kind"})
    assert not validator.is_valid(
        {"kind": "roll", "label": "x", "dice": "1d6", "values": ["a"], "kept": [], "total": 1}
    )
