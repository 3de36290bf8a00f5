"""Loading scenario files: read the YAML safely, pick the ruleset it names, let the ruleset validate the rest."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from tabroll.engine import Scenario, find_ruleset, ruleset_ids
from tabroll.errors import InputError, Location
from tabroll.i18n import _
from tabroll.kit.text import located


def load_scenario_file(path: str | Path, options: Mapping[str, Any] | None = None) -> Scenario:
    """Load and validate one scenario file (``-`` reads standard input)."""
    from tabroll.loading.yaml_source import load_yaml_file

    return scenario_from_document(load_yaml_file(path), options)


def scenario_from_document(doc: Any, options: Mapping[str, Any] | None = None) -> Scenario:
    data = doc.data
    if not isinstance(data, dict):
        problem = (
            _("the file holds no fields (it is empty, or says only null)")
            if data is None
            else _("a scenario is a mapping of fields, not {what}", what=_what(data))
        )
        raise InputError(
            f"{doc.source}: {problem}",
            tip=_(
                "start the file with 'ruleset: <game>' (one of: {games}), then its fields (tabroll new GAME writes"
                " a starter file; tabroll schema scenario -r GAME gives them all)",
                games=", ".join(ruleset_ids()),
            ),
        )
    if "ruleset" not in data:
        raise InputError(
            _("the scenario does not say which game it is"),
            tip=_("add a first line 'ruleset: <game>', one of: {games}", games=", ".join(ruleset_ids())),
            location=Location(doc.source, 1, 1),
        )
    if not isinstance(data["ruleset"], str):
        raise InputError(
            _("expected the name of a game, got {what}", what=_what(data["ruleset"])),
            tip=_(
                "write the game after 'ruleset:' (nothing after it, or null, reads as empty), one of: {games}",
                games=", ".join(ruleset_ids()),
            ),
            location=doc.value_position(("ruleset",)),
        )
    with located(doc, ("ruleset",)):
        ruleset = find_ruleset(data["ruleset"])
    scenario = ruleset.load_scenario(doc, options or {})
    return replace(scenario, fingerprint=fingerprint(data))


def fingerprint(data: Any) -> str:
    """The SHA-256 of parsed YAML data as canonical JSON (keys sorted; no spaces). The reader's data is already
    JSON's kinds (text keys; text, numbers, true/false, null, lists and mappings); anything else is its text."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()


def _what(value: Any) -> str:
    """What a value that is not the one expected is, in a user's words."""
    if value is None:
        return _("nothing (an empty value)")
    if isinstance(value, bool):
        return _("true/false")
    if isinstance(value, int | float):
        return _("a number")
    if isinstance(value, str):
        return _("text")
    if isinstance(value, list):
        return _("a list")
    return _("a mapping") if isinstance(value, dict) else _("a value of another kind")
