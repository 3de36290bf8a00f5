"""Generic views of a final state, for rulesets whose summary lists ``units`` (name, side, position…).

A ruleset with a richer board (hexes, facings, shields) overrides ``Ruleset.state_lines`` and
``Ruleset.state_rich`` instead; these are the defaults.
"""

from __future__ import annotations

from typing import Any


def unit_facts(unit: dict[str, Any]) -> str:
    """The state of one unit in a few words: defeated/flipped, vitality, ammunition, statuses."""
    parts: list[str] = []
    if unit.get("defeated"):
        parts.append("defeated")
    elif unit.get("flipped"):
        parts.append("flipped")
    if unit.get("vitality") is not None:
        parts.append(f"VIT {unit['vitality']}")
    parts += [f"{kind} {count}" for kind, count in (unit.get("ammunition") or {}).items()]
    parts += [str(s) for s in unit.get("statuses") or ()]
    return ", ".join(parts)


def unit_lines(summary: dict[str, Any]) -> list[str]:
    """``final state:`` then one line per unit."""
    units = summary.get("units")
    if not units:
        return []
    lines = ["", "final state:"]
    for unit in units:
        where = "" if unit.get("defeated") else f", at {unit.get('position')}"
        facts = unit_facts({**unit, "flipped": unit.get("flipped")})
        lines.append(f"  {unit['name']} ({unit.get('side', '')}){where}" + (f", {facts}" if facts else ""))
    return lines


def unit_table(summary: dict[str, Any]) -> Any:
    """A Rich table of the units, or None when the summary has none."""
    units = summary.get("units")
    if not units:
        return None
    from rich.table import Table

    table = Table(title="final state", title_justify="left", show_edge=False, pad_edge=False)
    for column in ("unit", "side", "where", "state"):
        table.add_column(column)
    for unit in units:
        where = "—" if unit.get("defeated") else str(unit.get("position"))
        table.add_row(
            unit["name"],
            str(unit.get("side", "")),
            where,
            unit_facts(unit),
            style="dim" if unit.get("defeated") else "",
        )
    return table
