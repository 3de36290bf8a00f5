"""The screens of the balance matrix (``tabroll matrix``): the tables as styled lines that fit a terminal (names
abbreviated with a legend, wide tables split), in text, Rich or JSON; and the progress bar of building it."""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import msgspec

from tabroll.i18n import N_, _, n_, number, percent
from tabroll.odds.figures import MATRIX_FORMAT, MATRIX_FORMAT_VERSION, Cell, Matrix, figure_name
from tabroll.render.bars import Line, Segment
from tabroll.render.odds import write
from tabroll.words import visible


@contextmanager
def progress_bar(pairs: int) -> Iterator[Callable[[str], None]]:
    """A progress bar over the pairs on standard error, when it is a terminal (not under CI); else nothing."""
    if not sys.stderr.isatty() or os.environ.get("CI"):
        yield lambda _pair: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(_("pairs"), total=pairs)
        # Text, not markup, and control characters shown: a pair's names came from a file or the command line
        yield lambda pair: progress.update(task, advance=1, description=visible(pair).replace("[", r"\["))


WIDTH = 80  # the terminal a table must fit
NAME_WIDTH = 14  # the widest row name before it is abbreviated
CORNER = N_("attacker \\ target")


class Grid(msgspec.Struct):
    """One table of the matrix: a title, and its styled cells."""

    title: str
    rows: list[Line]  # per attacker, per target: (text, Rich style)


def matrix_document(table: Matrix) -> dict[str, Any]:
    """The JSON document of a balance table (``tabroll.matrix``): its setting, time limit and every pair's cell."""
    document: dict[str, Any] = {
        "format": MATRIX_FORMAT,
        "version": MATRIX_FORMAT_VERSION,
        "ruleset": table.ruleset,
        "setting": table.setting,
        "setting_text": table.setting_text or table.setting,
        "time_limit": {"seconds": table.timeout, "reached": bool(table.out_of_time)},
        "cells": [cell.to_json() for cell in table.cells.values()],
    }
    if table.time_note():
        document["note"] = table.time_note()
    return document


def render_matrix(table: Matrix, fmt: str) -> None:
    def lines(fine: bool) -> list[Line]:  # Rich (fine) fits its terminal, up to 160 columns
        if fine:
            from rich.console import Console

            return matrix_view(table, width=max(WIDTH, min(Console().width, 160)))
        return matrix_view(table)

    write(fmt, lambda: matrix_document(table), None, lines)


def percent_text(value: float) -> str:
    """A probability as a whole percent, never rounded to 0% or 100% when it is not exactly that."""
    if 0 < value < 0.005:
        return "<" + percent(0.01)
    if 0.995 <= value < 1:
        return ">" + percent(0.99)
    return percent(value)


def heat_style(value: float) -> str:
    """The Rich style of a cell by its probability: dim at 0, then green, yellow, orange, red."""
    if value <= 0:
        return "dim"
    for limit, style in ((0.25, "green"), (0.5, "yellow"), (0.75, "dark_orange")):
        if value < limit:
            return style
    return "bold red"


def cell_text(cell: Cell, *, comeback: bool) -> Segment:
    """A cell of the attack's table (or, with ``comeback``, of what follows it): P(defeated) and the mean damage,
    ``~`` before them when simulated, styled by the chance."""
    if cell.report is None:
        return (_("refused"), "dim") if cell.refused else ("—", "dim")
    if comeback:
        back = cell.comeback()
        if back is None:
            return ("—", "dim")
        defeat, damage = back[0].value, back[1].value
    else:
        defeat, damage = cell.defeat() or 0.0, cell.mean_damage() or 0.0
    sim = "" if cell.report.method == "exact" else "~"
    return f"{sim}{percent_text(defeat)} {number(damage, 1, grouped=False)}", heat_style(defeat)


def grids(table: Matrix) -> list[Grid]:
    """The attack's own table, and the table of what follows it when anything does."""
    own, back = (
        [[cell_text(table.cells[(a, t)], comeback=comeback) for t in table.targets] for a in table.attackers]
        for comeback in (False, True)
    )
    out = [Grid(_("{game}: in each cell, P(target defeated) and mean damage dealt", game=table.ruleset), own)]
    if any(c.comeback() is not None for c in table.cells.values()):
        labels = sorted({b.label for c in table.cells.values() if c.report for b in c.report.follow_ups})
        parts = _(" or ").join(figure_name(label) for label in labels)
        out.append(
            Grid(_("then, {parts}: in each cell, P(attacker defeated) and mean damage taken", parts=parts), back)
        )
    return out


def abbreviations(names: list[str], limit: int) -> dict[str, str]:
    """A short form of each name no wider than ``limit``: the name itself when it fits, else its start and a
    dot (``Alquimi.``); where two starts are the same, the initials of its words with its numbers whole
    (``Unit number 10 of the roster`` → ``Un10otr``); failing that, a start and a number."""
    from rich.cells import cell_len

    short = {name: name for name in names if cell_len(name) <= limit}
    taken = set(short.values())
    long = [name for name in names if name not in short]
    for shape in (_start, _initials):  # one shape for all where it tells them apart, else name by name
        forms = {name: shape(name, limit) for name in long}
        if len(set(forms.values())) == len(forms) and not taken & set(forms.values()):
            short.update(forms)
            return {name: short[name] for name in names}
    for shape in (_start, _initials):
        forms = {name: shape(name, limit) for name in long}
        counts = Counter(forms.values())
        for name, form in forms.items():
            if counts[form] == 1 and form not in taken:
                short[name] = form
                taken.add(form)
        long = [name for name in long if name not in short]
    for name in long:
        n = 2
        while (form := _clip(name, limit - 1 - len(str(n))).rstrip() + f"{n}.") in taken:
            n += 1
        short[name] = form
        taken.add(form)
    return {name: short[name] for name in names}


def _start(name: str, limit: int) -> str:
    return _clip(name, limit - 1).rstrip() + "."


def _initials(name: str, limit: int) -> str:
    return _clip("".join(word if word.isdigit() else word[:1] for word in name.split()), limit)


def _clip(text: str, cells: int) -> str:
    from rich.cells import cell_len

    while cell_len(text) > cells:
        text = text[:-1]
    return text


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    """Prose wrapped at ``width`` terminal cells (a wide character counts two, as on screen); a word longer
    than a line is cut."""
    from rich.cells import cell_len

    lines: list[str] = []
    body = text.lstrip(" ")
    line = text[: len(text) - len(body)]  # a line's own indent is kept
    for word in body.split(" "):
        while True:
            candidate = f"{line} {word}" if line.strip() else (line + word)
            if cell_len(candidate) <= width:
                line = candidate
                break
            if line.strip():
                lines.append(line)
                line = indent
                continue
            room = _clip(word, width - cell_len(line))  # a word wider than a whole line
            lines.append(line + room)
            line, word = indent, word[len(room) :]
            if not word:
                break
    if line.strip():
        lines.append(line)
    return lines or [""]


def matrix_view(table: Matrix, *, width: int = WIDTH) -> list[Line]:
    """The matrix as lines of styled pieces, no line wider than ``width``: names that do not fit a column
    are abbreviated (with a legend), and a table with more targets than fit is split into several."""
    tables = grids(table)
    layout = _layout(table, tables, width)
    lines: list[Line] = []
    for index, grid in enumerate(tables):
        lines += _grid_lines(table, grid, layout, width, first=index == 0)
    pairs = [*layout.rows.items(), *layout.columns.items()]  # the legend of shortened names, then the notes
    legend = list(dict.fromkeys(f"{short} = {name}" for name, short in pairs if short != name))
    notes = [_("names: {legend}", legend=", ".join(legend))] if legend else []
    for note in notes + matrix_notes(table, follow=len(tables) > 1):
        lines += [[(line, "dim")] for line in _wrap(note, width, "  ")]
    reasons, more = refusals(table)
    if reasons:
        lines.append([(_("refused pairs:"), "")])
        for reason in reasons:
            lines += [[(line, "")] for line in _wrap(f"  {reason}", width, "    ")]
        if more:
            lines.append([("  " + more, "dim")])
    return lines


class _Layout(msgspec.Struct, frozen=True):
    """How the grids fit the width: each attacker's and target's name as shown, each column's width, the width
    of the names' column, whether the corner's words fit on the heading's line, and the columns of each part."""

    rows: dict[str, str]
    columns: dict[str, str]
    widths: list[int]
    label_width: int
    corner_inline: bool
    chunks: list[list[int]]


def _layout(table: Matrix, tables: list[Grid], width: int) -> _Layout:
    """Whole names when the table fits as it is; else the targets' names cut to the widest cell, and a unit too
    long for both one short name (one line in the legend)."""
    from rich.cells import cell_len

    rows = abbreviations(table.attackers, NAME_WIDTH)
    label_width = max(cell_len(rows[a]) for a in table.attackers)
    cell_widths = [
        max(cell_len(g.rows[i][j][0]) for g in tables for i in range(len(table.attackers)))
        for j in range(len(table.targets))
    ]

    def fit(limit: int) -> tuple[dict[str, str], list[int]]:
        short = abbreviations(table.targets, limit)
        return short, [max(w, cell_len(short[t])) for t, w in zip(table.targets, cell_widths, strict=True)]

    columns, widths = fit(NAME_WIDTH)
    if label_width + sum(2 + w for w in widths) > width:
        columns, widths = fit(max(max(cell_widths, default=1), 6))
    for attacker in table.attackers:
        form = columns.get(attacker, attacker)
        if rows[attacker] != attacker and form != attacker and form not in rows.values():
            rows[attacker] = form
    label_width = max(cell_len(rows[a]) for a in table.attackers)
    corner_text = _(CORNER)
    corner_inline = max(label_width, cell_len(corner_text)) + sum(2 + w for w in widths) <= width
    if corner_inline:
        label_width = max(label_width, cell_len(corner_text))
    return _Layout(rows, columns, widths, label_width, corner_inline, _chunks(widths, label_width, width))


def _chunks(widths: list[int], label_width: int, width: int) -> list[list[int]]:
    """The columns of each part of a table too wide for one: as many as fit, then shared out evenly among the
    same number of parts where they fit so (no part of one column)."""
    chunks: list[list[int]] = [[]]
    used = label_width
    for j, w in enumerate(widths):
        if chunks[-1] and used + 2 + w > width:
            chunks.append([])
            used = label_width
        chunks[-1].append(j)
        used += 2 + w
    if len(chunks) > 1:
        per = -(-len(widths) // len(chunks))
        even = [list(range(k, min(k + per, len(widths)))) for k in range(0, len(widths), per)]
        if len(even) == len(chunks) and all(label_width + sum(2 + widths[j] for j in c) <= width for c in even):
            chunks = even
    return chunks


def _grid_lines(table: Matrix, grid: Grid, layout: _Layout, width: int, *, first: bool) -> list[Line]:
    """One grid: its title (the first also with the setting and the corner's words), then each part's heading
    and rows."""
    lines = [[(line, "bold")] for line in _wrap(grid.title, width, "  ")]
    if first and table.setting:
        lines += [[(line, "dim")] for line in _wrap(table.setting_text or table.setting, width, "  ")]
    if first and not layout.corner_inline:
        lines.append([(_(CORNER), "dim")])
    for part, chunk in enumerate(layout.chunks):
        if part:
            lines.append([("", "")])
        corner = _(CORNER) if first and part == 0 and layout.corner_inline else ""
        head = [(_pad(corner, layout.label_width, left=True), "dim")]
        head += [("  " + _pad(layout.columns[table.targets[j]], layout.widths[j]), "bold") for j in chunk]
        lines.append(head)
        for i, attacker in enumerate(table.attackers):
            line = [(_pad(layout.rows[attacker], layout.label_width, left=True), "bold")]
            for j in chunk:
                text, style = grid.rows[i][j]
                line += [("  ", ""), (_pad(text, layout.widths[j]), style)]
            lines.append(line)
    return lines


def matrix_notes(table: Matrix, *, follow: bool) -> list[str]:
    """What the marks and the time limit mean, where they appear (``follow``: the table of what follows is shown)."""
    notes = []
    if any(c.report is not None and c.report.method != "exact" for c in table.cells.values()):
        notes.append(_("~ simulated (the exact walk was over the budget; seed {seed})", seed=table.seed))
    if follow and any(c.report is not None and c.comeback() is None for c in table.cells.values()):
        notes.append(_("— nothing follows that attack"))
    if table.time_note():
        notes.append(table.time_note())
    return notes


def refusals(table: Matrix) -> tuple[list[str], str]:
    """The refused pairs by reason, a line for each of the first ten reasons, and what is left out ("" for none:
    the JSON lists every one)."""
    by_reason: dict[str, list[tuple[str, str]]] = {}
    for c in table.cells.values():
        if c.refused:
            by_reason.setdefault(c.refused, []).append((c.attacker, c.target))
    lines = [f"{_pairs(table, pairs)}: {reason}" for reason, pairs in list(by_reason.items())[:10]]
    more = sum(len(pairs) for pairs in list(by_reason.values())[10:])
    if not more:
        return lines, ""
    return lines, n_(
        "and {n} more pair (--format json lists every one)", "and {n} more pairs (--format json lists every one)", more
    )


def _pairs(table: Matrix, pairs: list[tuple[str, str]]) -> str:
    """The pairs one reason refuses; a unit against itself said once for all of them."""
    if all(a == t for a, t in pairs):
        every = {a for a in table.attackers if a in table.targets}
        return (
            _("each unit against itself")
            if len(pairs) == len(every) > 1
            else _("{units} against itself", units=", ".join(a for a, _t in pairs))
        )
    return ", ".join(f"{a} → {t}" for a, t in pairs)


def _pad(text: str, cells: int, *, left: bool = False) -> str:
    from rich.cells import cell_len

    gap = " " * max(0, cells - cell_len(text))
    return text + gap if left else gap + text
