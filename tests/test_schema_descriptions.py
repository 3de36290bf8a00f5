"""Every field of every game's scenario schema has a description: an editor shows it on hover and in completion."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tabroll.engine import ruleset_ids
from tabroll.schemas import scenario_schema

GAMES = sorted(ruleset_ids())  # every game discovered


def _undescribed(node: Any, path: str) -> list[str]:
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                for name, prop in value.items():
                    if isinstance(prop, dict) and not prop.get("description"):
                        found.append(f"{path}.{name}")
                    found += _undescribed(prop, f"{path}.{name}")
            else:
                found += _undescribed(value, f"{path}/{key}" if key == "$defs" or path.endswith("$defs") else path)
    elif isinstance(node, list):
        for item in node:
            found += _undescribed(item, path)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_field_has_a_description(game: str, cli) -> None:
    document = json.loads(cli("schema", "scenario", "-r", game).out)
    assert _undescribed(document, game) == []
    assert document == scenario_schema(game)


def test_the_walk_finds_a_field_without_description() -> None:
    schema = {"properties": {"a": {"description": "x"}}, "$defs": {"B": {"properties": {"c": {"type": "int"}}}}}
    assert _undescribed(schema, "g") == ["g/$defs/B.c"]
