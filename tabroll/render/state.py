"""Generic views of a final state, for rulesets whose summary lists ``units`` (name, side, position…).

A ruleset with a richer board draws its own (``state_lines`` and ``state_rich`` parts); these are the defaults.
Besides ``defeated``, ``ammunition`` (counts by kind) and ``statuses`` (a list of words), a unit's facts are
the summary fields the game names in ``Ruleset.stat_words``, shown in its words (a true flag by its word alone).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from tabroll.words import visible


class Visible:
    """A Rich renderable drawn with every control character of its text shown (:func:`tabroll.words.visible`):
    for a picture a game draws with names from its file, so that no name can send the terminal a command. Rich's
    own control codes (cursor moves) and line breaks pass as they are."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __rich_console__(self, console: Any, options: Any) -> Iterator[Any]:
        from rich.segment import Segment

        for segment in console.render(self.inner, options):
            if segment.control or segment.text.isprintable() or segment.text == "\n":
                yield segment
            else:
                yield Segment(visible(segment.text, lines=True), segment.style)


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
    from rich.text import Text

    for unit in units:
        position = unit.get("position")
        where = "—" if unit.get("defeated") or position is None else str(position)
        table.add_row(  # Text, not markup: a name with brackets is shown as written, never read as a style
            Text(visible(str(unit["name"]))),
            Text(visible(str(unit.get("side", "")))),
            where,
            Text(visible(unit_facts(unit, words))),
            style="dim" if unit.get("defeated") else "",
        )
    return table


# --- the state now (``tabroll journal state``, ``state`` in ``tabroll play``) --------------------------------

STATE_FORMATS = ("text", "rich", "json", "jsonl", "markdown")
STATE_FORMAT = "tabroll.state"
STATE_FORMAT_VERSION = 1


def named_units(summary: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every unit a state summary lists, with the list it is in: a game's ``units``, or its own groups (an
    Ahotnik map's ``ahotniks`` and ``demons``): any top-level list of mappings that have a ``name``."""
    found: list[tuple[str, dict[str, Any]]] = []
    for group, value in summary.items():
        if isinstance(value, list):
            found += [(group, item) for item in value if isinstance(item, dict) and isinstance(item.get("name"), str)]
    return found


def _game_lines(ruleset: Any, state: Any) -> list[str] | None:
    """The game's own picture of the state as lines, without its "final state:" heading."""
    lines = ruleset.state_lines(state)
    if lines is None:
        return None
    lines = list(lines)
    while lines and not lines[0].strip():
        lines.pop(0)
    if lines and lines[0].startswith("final ") and lines[0].endswith(":"):
        lines.pop(0)
    return lines


def state_text(ruleset: Any, state: Any, *, title: str) -> list[str]:
    """The state as plain lines: the title, then the game's own picture or one line per unit."""
    lines = _game_lines(ruleset, state)
    if lines is None:
        lines = unit_lines(ruleset.summarize_state(state), ruleset.stat_words)[2:]
    return [visible(title), *(visible(line, lines=True) for line in lines or ["  (no units)"])]


def state_rich(ruleset: Any, state: Any, *, title: str) -> Any:
    """The state as a Rich renderable: the game's own picture, or a table of its units."""
    from rich.console import Group
    from rich.text import Text

    picture = ruleset.state_rich(state)
    if picture is None:
        picture = unit_table(ruleset.summarize_state(state), ruleset.stat_words)
        if picture is not None:
            picture.title = None
    return Group(Text(visible(title), style="bold"), Visible(picture) if picture is not None else Text("(no units)"))


def state_markdown(ruleset: Any, state: Any, *, title: str) -> list[str]:
    """The state as Markdown to paste into a chat: a table of the units, or the game's picture as a code block."""
    summary = ruleset.summarize_state(state)
    lines = [f"**{visible(title)}**", ""]
    own = _game_lines(ruleset, state)
    units = summary.get("units")
    if own is not None or not units:
        shown = [visible(line, lines=True) for line in own or unit_lines(summary, ruleset.stat_words)[2:]]
        return [*lines, "```text", *shown, "```"]

    def cell(text: Any) -> str:
        return visible(str(text)).replace("|", "\\|")

    lines += ["| unit | side | where | state |", "|---|---|---|---|"]
    for unit in units:
        position = unit.get("position")
        where = "—" if unit.get("defeated") or position is None else str(position)
        facts = unit_facts(unit, ruleset.stat_words)
        lines.append(f"| {cell(unit['name'])} | {cell(unit.get('side', ''))} | {cell(where)} | {cell(facts)} |")
    return lines


def state_document(ruleset: Any, state: Any, **facts: Any) -> dict[str, Any]:
    """The state as one JSON document (format ``tabroll.state``, version 1): the facts given (journal, scenario,
    actions) and the game's summary under ``state``."""
    head = {"format": STATE_FORMAT, "version": STATE_FORMAT_VERSION, "ruleset": ruleset.id}
    return {**head, **facts, "state": ruleset.summarize_state(state)}


def state_records(ruleset: Any, state: Any) -> list[dict[str, Any]]:
    """The state as JSON Lines records: one ``unit`` record per unit (with the list it is in), then one ``game``
    record with the rest of the summary (round, threat, turn order…)."""
    summary = ruleset.summarize_state(state)
    records: list[dict[str, Any]] = [{"kind": "unit", "group": group, **unit} for group, unit in named_units(summary)]
    grouped = {group for group, _ in named_units(summary)}
    rest = {key: value for key, value in summary.items() if key not in grouped}
    return [*records, {"kind": "game", "ruleset": ruleset.id, **rest}]
