"""Loading scenario files: read the YAML safely, pick the ruleset it names, let the ruleset validate the rest."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabroll.engine import Scenario, find_ruleset, ruleset_ids
from tabroll.errors import InputError


def load_scenario_file(path: str | Path, options: Mapping[str, Any] | None = None) -> Scenario:
    """Load and validate one scenario file (``-`` reads standard input)."""
    from tabroll.loading.yaml_source import load_yaml_file

    return scenario_from_document(load_yaml_file(path), options)


def scenario_from_document(doc: Any, options: Mapping[str, Any] | None = None) -> Scenario:
    data = doc.data
    if not isinstance(data, dict):
        raise InputError(
            f"{doc.source}: a scenario is a mapping of fields, not a {type(data).__name__}",
            tip=f"start the file with 'ruleset: <game>' (one of: {', '.join(ruleset_ids())}), then its fields "
            "(tabroll new GAME writes a starter file; tabroll schema scenario -r GAME gives them all)",
        )
    if "ruleset" not in data:
        raise InputError(
            f"{doc.source}: the scenario does not say which game it is",
            tip=f"add a first line 'ruleset: <game>', one of: {', '.join(ruleset_ids())}",
        )
    try:
        ruleset = find_ruleset(str(data["ruleset"]))
    except InputError as err:
        raise InputError(err.message, tip=err.tip, location=doc.locate(("ruleset",))) from None
    return ruleset.load_scenario(doc, options or {})
