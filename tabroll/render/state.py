"""Generic views of a final state, for rulesets whose summary lists ``units`` (name, side, position…).

A ruleset with a richer board draws its own (``state_lines`` and ``state_rich`` parts); these are the defaults.
Besides ``defeated``, ``ammunition`` (counts by kind) and ``statuses`` (a list of words), a unit's facts are
the summary fields the game names in ``Ruleset.stat_words``, shown in its words (a true flag by its word alone).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def unit_facts(unit: dict[str, Any], words: Iterable[tuple[str, str]] = ()) -> str:
    """The state of one unit in a few words: defeated, the game's own stats, ammunition, statuses."""
    parts: list[str] = []
    if unit.get("defeated"):
        parts.append("defeated")
    for key, word in words:
        value = unit.get(key)
        if value is True and not unit.get("defeated"):
            parts.append(word)
        elif value is not None and not isinstance(value, bool):
            parts.append(f"{word} {value}")
    parts += [f"{kind} {count}" for kind, count in (unit.get("ammunition") or {}).items()]
    parts += [str(s) for s in unit.get("statuses") or ()]
    return ", ".join(parts)


def unit_lines(summary: dict[str, Any], words: Iterable[tuple[str, str]] = ()) -> list[str]:
    """``final state:`` then one line per unit."""
    units = summary.get("units")
    if not units:
        return []
    lines = ["", "final state:"]
    for unit in units:
        position = unit.get("position")
        where = "" if unit.get("defeated") or position is None else f", at {position}"
        facts = unit_facts(unit, words)
        lines.append(f"  {unit['name']} ({unit.get('side', '')}){where}" + (f", {facts}" if facts else ""))
    return lines


def unit_table(summary: dict[str, Any], words: Iterable[tuple[str, str]] = ()) -> Any:
    """A Rich table of the units, or None when the summary has none."""
    units = summary.get("units")
    if not units:
        return None
    from rich.table import Table

    table = Table(title="final state", title_justify="left", show_edge=False, pad_edge=False)
    for column in ("unit", "side", "where", "state"):
        table.add_column(column)
    for unit in units:
        position = unit.get("position")
        where = "—" if unit.get("defeated") or position is None else str(position)
        table.add_row(
            unit["name"],
            str(unit.get("side", "")),
            where,
            unit_facts(unit, words),
            style="dim" if unit.get("defeated") else "",
        )
    return table
