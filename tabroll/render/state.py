"""A state drawn: the :class:`~tabroll.kit.views.StateView` a game gives of it, as plain text, Rich or Markdown,
and the state as JSON (``tabroll journal state``, ``state`` in ``tabroll play``, the end of ``tabroll run``).

Games hand over data (their ``state_view``) and never import Rich; every screen of a state is drawn here.
"""

from __future__ import annotations

from typing import Any

from tabroll.i18n import N_, _
from tabroll.kit.views import StateView, line_text, named_units
from tabroll.words import visible

_TONES = {
    "plain": "", "ally": "bold cyan", "enemy": "bold red", "feature": "magenta", "faint": "dim", "alert": "bold red",
}  # fmt: skip


HEADINGS = (N_("final state"), N_("final board"))
"""The headings games give their views most (a view's heading is said through the catalogue, so a game's own
catalogue may word its own heading)."""


def heading(view: StateView) -> str:
    """A view's heading in the language now (as it is when no catalogue has it)."""
    return _(view.heading) if view.heading else view.heading


def view_lines(view: StateView) -> list[str]:
    """A view as plain text: a blank line, its heading, then its lines indented (``[]``: nothing to show)."""
    if not view.lines:
        return []
    return [
        "",
        _("{heading}:", heading=heading(view)),
        *(f"  {text}" if (text := line_text(line)) else "" for line in view.lines),
    ]


def view_rich(view: StateView, *, titled: bool = True) -> Any:
    """A view as a Rich renderable (``None``: nothing to show): its table when it has one, else its lines in
    their tones. Every text is a ``Text`` with its control characters shown: a name from a file is shown as
    written, never read as markup or sent to the terminal."""
    if not view.lines and view.table is None:
        return None
    from rich.text import Text

    if view.table is not None:
        from rich.table import Table

        table = Table(
            title=heading(view) if titled else None, title_justify="left", show_edge=False, pad_edge=False,
            caption=Text(visible(view.table.caption)) if view.table.caption else None, caption_justify="left",
        )  # fmt: skip
        for column in view.table.columns:
            table.add_column(column)
        for cells, faded in view.table.rows:
            table.add_row(*(Text(visible(cell)) for cell in cells), style="dim" if faded else "")
        return table
    from rich.console import Group

    shown: list[Any] = [Text(visible(heading(view)), style="bold")] if titled else []
    shown += [Text.assemble(*((visible(piece), _TONES[tone]) for piece, tone in pieces)) for pieces in view.lines]
    return Group(*shown)


# --- the state now (``tabroll journal state``, ``state`` in ``tabroll play``) --------------------------------

STATE_FORMATS = ("text", "rich", "json", "jsonl", "markdown")
STATE_FORMAT = "tabroll.state"
STATE_FORMAT_VERSION = 2


def state_text(ruleset: Any, state: Any, *, title: str) -> list[str]:
    """The state as plain lines: the title, then the game's view of it."""
    lines = view_lines(ruleset.state_view(state))[2:]
    return [visible(title), *(visible(line, lines=True) for line in lines or ["  " + _("(no units)")])]


def state_rich(ruleset: Any, state: Any, *, title: str) -> Any:
    """The state as a Rich renderable: the title, then the game's view of it."""
    from rich.console import Group
    from rich.text import Text

    picture = view_rich(ruleset.state_view(state), titled=False)
    return Group(Text(visible(title), style="bold"), picture if picture is not None else Text(_("(no units)")))


def state_markdown(ruleset: Any, state: Any, *, title: str) -> list[str]:
    """The state as Markdown to paste into a chat: the view's table, or its lines as a code block."""
    view = ruleset.state_view(state)
    lines = [f"**{visible(title)}**", ""]
    if view.table is None:
        return [*lines, "```text", *(visible(line, lines=True) for line in view_lines(view)[2:]), "```"]

    def cell(text: Any) -> str:
        return visible(str(text)).replace("|", "\\|")

    lines += ["| " + " | ".join(map(cell, view.table.columns)) + " |", "|" + "---|" * len(view.table.columns)]
    lines += ["| " + " | ".join(map(cell, cells)) + " |" for cells, _ in view.table.rows]
    if view.table.caption:
        lines += ["", cell(view.table.caption)]
    return lines


def state_document(ruleset: Any, state: Any, **facts: Any) -> dict[str, Any]:
    """The state as one JSON document (format ``tabroll.state``, version 2): the facts given (journal, scenario,
    actions) and the game's summary under ``state``."""
    head = {"format": STATE_FORMAT, "version": STATE_FORMAT_VERSION, "ruleset": ruleset.id}
    return {**head, **facts, "state": ruleset.summarize_state(state)}


def state_records(ruleset: Any, state: Any) -> list[dict[str, Any]]:
    """The state as JSON Lines records: one ``unit`` record per unit (with the list it is in), then one ``game``
    record with the rest of the summary (round, threat, turn order…)."""
    summary = ruleset.summarize_state(state)
    units = named_units(summary)
    records: list[dict[str, Any]] = [{"kind": "unit", "group": group, **unit} for group, unit in units]
    grouped = {group for group, _ in units}
    rest = {key: value for key, value in summary.items() if key not in grouped}
    return [*records, {"kind": "game", "ruleset": ruleset.id, **rest}]
