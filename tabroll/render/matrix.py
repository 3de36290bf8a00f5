"""The screens of the balance matrix (``tabroll matrix``): the tables as styled lines that fit a terminal (names
abbreviated with a legend, wide tables split), in text, Rich or JSON; and the progress bar of building it."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from tabroll.odds.figures import MATRIX_FORMAT, MATRIX_FORMAT_VERSION, Matrix, plural
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
        task = progress.add_task("pairs", total=pairs)
        # Text, not markup, and control characters shown: a pair's names came from a file or the command line
        yield lambda pair: progress.update(task, advance=1, description=visible(pair).replace("[", r"\["))


WIDTH = 80  # the terminal a table must fit
NAME_WIDTH = 14  # the widest row name before it is abbreviated
CORNER = "attacker \\ target"


@dataclass
class Grid:
    """One table of the matrix: a title, the attackers' and targets' short names, and styled cells."""

    title: str
    rows: list[list[tuple[str, str]]]  # per attacker, per target: (text, Rich style)


def render_matrix(table: Matrix, fmt: str, *, width: int | None = None) -> None:
    if fmt in ("json", "jsonl"):
        import json

        document = {
            "format": MATRIX_FORMAT,
            "version": MATRIX_FORMAT_VERSION,
            "ruleset": table.ruleset,
            "setting": table.setting,
            "time_limit": {"seconds": table.timeout, "reached": bool(table.out_of_time)},
            "cells": [cell.to_json() for cell in table.cells.values()],
        }
        if table.time_note():
            document["note"] = table.time_note()
        sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=None if fmt == "jsonl" else 2) + "\n")
        return
    if fmt == "rich":
        from rich.console import Console
        from rich.text import Text

        console = Console(highlight=False)
        for line in matrix_view(table, width=width or max(WIDTH, min(console.width, 160))):
            text = Text()
            for piece, style in line:
                text.append(visible(piece), style=style or None)
            console.print(text, soft_wrap=True)
        return
    for line in matrix_view(table, width=width or WIDTH):  # names came from a file: their control characters shown
        sys.stdout.write(visible("".join(piece for piece, _ in line).rstrip()) + "\n")


def percent_text(value: float) -> str:
    """A probability as a whole percent, never rounded to 0% or 100% when it is not exactly that."""
    if 0 < value < 0.005:
        return "<1%"
    if 0.995 <= value < 1:
        return ">99%"
    return f"{100 * value:.0f}%"


def heat_style(value: float) -> str:
    """The Rich style of a cell by its probability: dim at 0, then green, yellow, orange, red."""
    if value <= 0:
        return "dim"
    for limit, style in ((0.25, "green"), (0.5, "yellow"), (0.75, "dark_orange")):
        if value < limit:
            return style
    return "bold red"


def grids(table: Matrix) -> list[Grid]:
    """The attack's own table, and the table of what follows it when anything does."""
    own: list[list[tuple[str, str]]] = []
    back: list[list[tuple[str, str]]] = []
    for attacker in table.attackers:
        row: list[tuple[str, str]] = []
        comeback_row: list[tuple[str, str]] = []
        for target in table.targets:
            cell = table.cells[(attacker, target)]
            if cell.report is None:
                mark = ("refused", "dim") if cell.refused else ("—", "dim")
                row.append(mark)
                comeback_row.append(mark)
                continue
            sim = "" if cell.report.method == "exact" else "~"
            defeat, damage = cell.defeat() or 0.0, cell.mean_damage() or 0.0
            row.append((f"{sim}{percent_text(defeat)} {damage:.1f}", heat_style(defeat)))
            comeback = cell.comeback()
            if comeback is None:
                comeback_row.append(("—", "dim"))
            else:
                value = comeback[0].value
                comeback_row.append((f"{sim}{percent_text(value)} {comeback[1].value:.1f}", heat_style(value)))
        own.append(row)
        back.append(comeback_row)
    out = [Grid(f"{table.ruleset}: in each cell, P(target defeated) and mean damage dealt", own)]
    if any(c.comeback() is not None for c in table.cells.values()):
        labels = sorted({b.label for c in table.cells.values() if c.report for b in c.report.follow_ups})
        out.append(Grid(f"then, {' or '.join(labels)}: in each cell, P(attacker defeated) and mean damage taken", back))
    return out


def abbreviations(names: list[str], limit: int) -> dict[str, str]:
    """A short form of each name no wider than ``limit``: the name itself when it fits, else its start and a
    dot (``Alquimi.``); where two starts are the same, the initials of its words with its numbers whole
    (``Unit number 10 of the roster`` → ``Un10otr``); failing that, a start and a number."""
    from collections import Counter

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
        while True:
            form = _clip(name, limit - 1 - len(str(n))).rstrip() + f"{n}."
            n += 1
            if form not in taken:
                break
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


def matrix_view(table: Matrix, *, width: int = WIDTH) -> list[list[tuple[str, str]]]:
    """The matrix as lines of styled pieces, no line wider than ``width``: names that do not fit a column
    are abbreviated (with a legend), and a table with more targets than fit is split into several."""
    from rich.cells import cell_len

    lines: list[list[tuple[str, str]]] = []
    tables = grids(table)
    rows = abbreviations(table.attackers, NAME_WIDTH)
    label_width = max(cell_len(rows[a]) for a in table.attackers)
    cell_widths = [
        max(cell_len(g.rows[i][j][0]) for g in tables for i in range(len(table.attackers)))
        for j in range(len(table.targets))
    ]

    def fit(limit: int) -> tuple[dict[str, str], list[int]]:
        short = abbreviations(table.targets, limit)
        return short, [max(w, cell_len(short[t])) for t, w in zip(table.targets, cell_widths, strict=True)]

    columns, widths = fit(NAME_WIDTH)  # whole names when the table fits as it is
    if label_width + sum(2 + w for w in widths) > width:
        columns, widths = fit(max(max(cell_widths, default=1), 6))
    for attacker in table.attackers:  # a unit too long for both: one short name, one line in the legend
        form = columns.get(attacker, attacker)
        if rows[attacker] != attacker and form != attacker and form not in rows.values():
            rows[attacker] = form
    label_width = max(cell_len(rows[a]) for a in table.attackers)
    corner_inline = max(label_width, cell_len(CORNER)) + sum(2 + w for w in widths) <= width
    if corner_inline:
        label_width = max(label_width, cell_len(CORNER))
    chunks: list[list[int]] = [[]]
    used = label_width
    for j, w in enumerate(widths):
        if chunks[-1] and used + 2 + w > width:
            chunks.append([])
            used = label_width
        chunks[-1].append(j)
        used += 2 + w
    if len(chunks) > 1:  # as many tables, with the columns shared out evenly (no table of one column)
        per = -(-len(widths) // len(chunks))
        even = [list(range(k, min(k + per, len(widths)))) for k in range(0, len(widths), per)]
        if len(even) == len(chunks) and all(label_width + sum(2 + widths[j] for j in c) <= width for c in even):
            chunks = even
    setting = table.setting
    for number, grid in enumerate(tables):
        lines += [[(line, "bold")] for line in _wrap(grid.title, width, "  ")]
        if number == 0 and setting:
            lines += [[(line, "dim")] for line in _wrap(setting, width, "  ")]
        if number == 0 and not corner_inline:
            lines.append([(CORNER, "dim")])
        for part, chunk in enumerate(chunks):
            if part:
                lines.append([("", "")])
            corner = CORNER if number == 0 and part == 0 and corner_inline else ""
            head: list[tuple[str, str]] = [(_pad(corner, label_width, left=True), "dim")]
            for j in chunk:
                head.append(("  " + _pad(columns[table.targets[j]], widths[j]), "bold"))
            lines.append(head)
            for i, attacker in enumerate(table.attackers):
                line: list[tuple[str, str]] = [(_pad(rows[attacker], label_width, left=True), "bold")]
                for j in chunk:
                    text, style = grid.rows[i][j]
                    line += [("  ", ""), (_pad(text, widths[j]), style)]
                lines.append(line)
    legend = list(
        dict.fromkeys(
            f"{short} = {name}" for names in (rows, columns) for name, short in names.items() if short != name
        )
    )
    notes = []
    if legend:
        notes.append("names: " + ", ".join(legend))
    if any(c.report is not None and c.report.method != "exact" for c in table.cells.values()):
        notes.append(f"~ simulated (the exact walk was over the budget; seed {table.seed})")
    if len(tables) > 1 and any(c.report is not None and c.comeback() is None for c in table.cells.values()):
        notes.append("— nothing follows that attack")  # only when some cell of the second table shows it
    if table.time_note():
        notes.append(table.time_note())
    for note in notes:
        lines += [[(line, "dim")] for line in _wrap(note, width, "  ")]
    refusals: dict[str, list[tuple[str, str]]] = {}  # the reason → the pairs it refuses
    for c in table.cells.values():
        if c.refused:
            refusals.setdefault(c.refused, []).append((c.attacker, c.target))
    if refusals:
        lines.append([("refused pairs:", "")])
        for reason, pairs in list(refusals.items())[:10]:
            lines += [[(line, "")] for line in _wrap(f"  {_pairs(table, pairs)}: {reason}", width, "    ")]
        if len(refusals) > 10:
            more = sum(len(pairs) for pairs in list(refusals.values())[10:])
            lines.append([(f"  and {plural(more, 'more pair')} (--format json lists every one)", "dim")])
    return lines


def _pairs(table: Matrix, pairs: list[tuple[str, str]]) -> str:
    """The pairs one reason refuses; a unit against itself said once for all of them."""
    if all(a == t for a, t in pairs):
        every = {a for a in table.attackers if a in table.targets}
        return (
            "each unit against itself"
            if len(pairs) == len(every) > 1
            else f"{', '.join(a for a, _ in pairs)} against itself"
        )
    return ", ".join(f"{a} → {t}" for a, t in pairs)


def _pad(text: str, cells: int, *, left: bool = False) -> str:
    from rich.cells import cell_len

    gap = " " * max(0, cells - cell_len(text))
    return text + gap if left else gap + text
