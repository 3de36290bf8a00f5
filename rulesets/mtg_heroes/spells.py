"""Spells as data: the bundled illustrative list (``spells.yaml``: ours, made up to show each kind of effect, not
the printed cards) and a scenario's own ``spells:``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources

from tabroll.loading.validation import validate
from tabroll.loading.yaml_source import load_yaml_text

from .model import SpellInput

SPELLS_FILE = "spells.yaml"


@cache
def bundled_spells() -> tuple[tuple[str, SpellInput], ...]:
    """The bundled illustrative spells, in file order, validated like any scenario input."""
    text = resources.files(__package__).joinpath(SPELLS_FILE).read_text(encoding="utf-8")
    doc = load_yaml_text(text, source=f"rulesets/mtg_heroes/{SPELLS_FILE}")
    data = doc.data.get("spells", {}) if isinstance(doc.data, dict) else {}
    return tuple(
        (name, validate(SpellInput, doc, data=entry, base_path=("spells", name))) for name, entry in data.items()
    )


def spell_book(own: Mapping[str, SpellInput]) -> tuple[tuple[str, SpellInput], ...]:
    """The bundled spells with the scenario's own added (a scenario's spell replaces a bundled one by name)."""
    merged = dict(bundled_spells())
    merged.update(own)
    return tuple(merged.items())
