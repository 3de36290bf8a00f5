"""What a game hands over to be shown of a state: a :class:`StateView`, plain typed data, never a screen.

A game says which lines (rows of pieces of text, each with a :data:`Tone`) and, optionally, which table describe
its state; ``tabroll.render.state`` draws them. A game whose summary lists ``units`` needs no view of its own
(:func:`units_view`).

This module stays light (no pydantic, no Rich): every command imports the kit."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

import msgspec
import msgspec.structs

from tabroll.i18n import MESSAGES, _, p_

Tone = Literal["plain", "ally", "enemy", "feature", "faint", "alert"]
"""How a piece of a view stands out, by what it is (the renderer chooses the colour): ``ally`` the players'
units, ``enemy`` their opponents, ``feature`` a mark of the board itself, ``faint`` what is there to fill
(an empty hex), ``alert`` what ends or changes the game."""

Piece = tuple[str, Tone]
Line = tuple[Piece, ...]


def text_line(text: str, tone: Tone = "plain") -> Line:
    """A line of one piece."""
    return ((text, tone),)


def line_text(pieces: Line) -> str:
    return "".join(text for text, _ in pieces)


class ViewTable(msgspec.Struct, frozen=True):
    """A state as a table: its columns, a row of cells per unit (``faded``: the unit is out of play), and a
    caption below it."""

    columns: tuple[str, ...]
    rows: tuple[tuple[tuple[str, ...], bool], ...]
    caption: str = ""


class StateView(msgspec.Struct, frozen=True):
    """A state as a game shows it: a ``heading`` (``final state``, ``final board``), its ``lines`` (the whole
    state as text, each line a row of pieces), and optionally a ``table`` that a screen may show instead of the
    lines (the lines stay the plain-text form). A view with no lines has nothing to show (no units)."""

    heading: str = msgspec.field(default_factory=lambda: _("final state"))
    lines: tuple[Line, ...] = ()
    table: ViewTable | None = None


def unit_facts(unit: Mapping[str, Any], words: Iterable[tuple[str, str]] = ()) -> str:
    """The state of one unit in a few words: defeated, the game's own stats, ammunition, statuses."""
    parts: list[str] = []
    if unit.get("defeated"):
        parts.append(p_("unit state", "defeated"))
    for key, word in words:
        value = unit.get(key)
        if value is True and not unit.get("defeated"):
            parts.append(word)
        elif value is not None and not isinstance(value, bool):
            parts.append(f"{word} {value}")
    parts += [f"{kind} {count}" for kind, count in (unit.get("ammunition") or {}).items()]
    parts += [str(s) for s in unit.get("statuses_text") or unit.get("statuses") or ()]  # for people: the words
    return ", ".join(parts)


def named_units(summary: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every unit a state summary lists, with the list it is in: a game's ``units``, or its own groups (an
    Ahotnik map's ``ahotniks`` and ``demons``): any top-level list of mappings that have a ``name``."""
    found: list[tuple[str, dict[str, Any]]] = []
    for group, value in summary.items():
        if isinstance(value, list):
            found += [(group, item) for item in value if isinstance(item, dict) and isinstance(item.get("name"), str)]
    return found


def units_view(summary: Mapping[str, Any], words: Iterable[tuple[str, str]] = ()) -> StateView:
    """The view of a summary that lists ``units`` (name, side, position, defeated, the game's stats in
    ``words``…): a line per unit, and the same as a table of unit, side, where and state."""
    units = summary.get("units") or ()
    words = tuple(words)
    lines: list[Line] = []
    rows: list[tuple[tuple[str, ...], bool]] = []
    for unit in units:
        position = unit.get("position")
        out = bool(unit.get("defeated"))
        facts = unit_facts(unit, words)
        where = "" if out or position is None else _(", at {position}", position=position)
        side = str(unit.get("side", ""))
        side = (MESSAGES.plookup("side", side) or side) if side else side  # a game may word its sides (red, blue)
        lines.append(text_line(f"{unit['name']} ({side}){where}" + (f", {facts}" if facts else "")))
        cells = (str(unit["name"]), side, "—" if out or position is None else str(position))
        rows.append(((*cells, facts), out))
    columns = (p_("column", "unit"), p_("column", "side"), p_("column", "where"), p_("column", "state"))
    table = ViewTable(columns, tuple(rows)) if rows else None
    return StateView(lines=tuple(lines), table=table)


__all__ = ["Line", "Piece", "StateView", "Tone", "ViewTable", "line_text", "text_line", "unit_facts", "units_view"]
