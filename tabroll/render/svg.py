"""Pictures of odds, written as SVG text (no plotting library): the distribution of one number as bars with
its at-least curve, and the balance matrix as a heat map. Every name in a picture is user input (unit names,
titles) and is escaped."""

from __future__ import annotations

import itertools
import os
from html import escape
from pathlib import Path

from tabroll.errors import InputError
from tabroll.odds.figures import Block, Cell, Estimate, Matrix, Report, plural, share_text
from tabroll.render.matrix import percent_text

# Named families first: a renderer with no default for the generic name (resvg, behind --png) finds one of them.
FONT = "font-family:DejaVu Sans, Arial, Helvetica, Liberation Sans, sans-serif"
BAR_FILL = "#4c78a8"
CURVE = "#e45756"
# A light-to-dark ramp (yellow, orange, red, dark red) for P(defeat) from 0 to 1.
RAMP = ((0.0, (255, 255, 204)), (0.25, (254, 204, 92)), (0.5, (253, 141, 60)), (0.75, (227, 26, 28)),
        (1.0, (128, 0, 38)))  # fmt: skip
REFUSED_FILL = "#e0e0e0"


def check_picture_path(path: str, flag: str = "--svg") -> Path:
    """The file a picture goes to, checked before any work: not a folder, in a folder that exists and that
    can be written. A bad path is an input error (exit 2), never a traceback after a long computation."""
    target = Path(path)
    tip = f"give a file name in an existing folder, e.g. {flag} odds.{flag.removeprefix('--')}"
    if not path or target.is_dir():
        raise InputError(f"{flag} {path}: this is a folder, not a file", tip=tip)
    folder = target.parent
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{flag} {path}: {folder} is a file, not a folder", tip=tip)
    if not folder.is_dir():
        raise InputError(f"{flag} {path}: the folder {folder} does not exist", tip=tip)
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise InputError(f"{flag} {path}: this file cannot be written here (no permission)", tip=tip)
    return target


def write_picture(path: str, svg: str) -> None:
    """Write the picture whole or not at all (a temporary file renamed over ``path``): a full disk or a file-size
    limit leaves a picture already there as it was, and ends with exit 74 naming the file."""
    from tabroll.writing import write_atomically

    target = check_picture_path(path)
    write_atomically(target, svg.encode("utf-8"), what=f"the picture {path} (--svg)")


def _document(width: float, height: float, body: list[str], title: str) -> str:
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" style="{FONT};font-size:12px">',
            f"<title>{escape(title)}</title>",
            f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
            *body,
            "</svg>",
            "",
        ]
    )


def _text(x: float, y: float, text: str, *, anchor: str = "start", extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>{escape(text)}</text>'


def _exact(e: Estimate) -> str:
    return e.fraction(" ")


def _chosen(report: Report) -> tuple[str, Block] | None:
    """The distribution a picture of the odds shows: the attack's damage, else the first one there is."""
    blocks = [report.attack, *report.follow_ups, report.game]
    for block in blocks:
        if "damage" in block.distributions:
            return "damage", block
    for block in blocks:
        for name in block.distributions:
            return name, block
    return None


# A distribution's picture: its size, and the margins around the plot (the headings stand above it).
WIDTH, HEIGHT = 720.0, 460.0
LEFT, RIGHT, TOP, BOTTOM = 60.0, 20.0, 100.0, 56.0
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM


class _Plot:
    """The plot of one distribution on one 0–100% scale, for bars and curve alike. The value axis is every whole
    number from the least to the greatest value (values no outcome gives have no bar), unless the span is too
    wide to draw; then only the values that occur, side by side."""

    def __init__(self, values: list[int]) -> None:
        low, high = min(values), max(values)
        self.axis = list(range(low, high + 1)) if high - low + 1 <= 120 else values
        self.band = PLOT_W / max(1, len(self.axis))
        self.where = {v: i for i, v in enumerate(self.axis)}

    def scale(self, caption: str) -> list[str]:
        """The lines of 0%, 25%, ... 100%, the values under the axis (about 30 at most) and its caption."""
        body = []
        for share in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = self.y(share)
            body.append(f'<line x1="{LEFT:.1f}" y1="{y:.1f}" x2="{LEFT + PLOT_W:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
            body.append(_text(LEFT - 6, y + 4, f"{100 * share:.0f}%", anchor="end"))
        step = max(1, -(-len(self.axis) // 30))
        for i, v in enumerate(self.axis):
            if i % step == 0 or i == len(self.axis) - 1:
                body.append(_text(self.middle(i), TOP + PLOT_H + 16, str(v), anchor="middle"))
        body.append(_text(LEFT + PLOT_W / 2, HEIGHT - 14, caption, anchor="middle"))
        return body

    def middle(self, index: int) -> float:
        """The middle of the band of the axis' ``index``-th value."""
        return LEFT + self.band * (index + 0.5)

    def x(self, value: int) -> float:
        """Where the band of ``value`` starts."""
        return LEFT + self.band * self.where[value]

    def y(self, share: float) -> float:
        return TOP + PLOT_H * (1 - share)

    def bar(self, value: int, share: float, tip: str) -> str:
        """The bar of P(= value), with its figures as a tooltip: a rare value stays visible, 0 has no bar."""
        x = self.x(value)
        h = max(1.0, PLOT_H * share) if share > 0 else 0.0
        return (
            f'<rect class="bar" x="{x + self.band * 0.1:.1f}" y="{TOP + PLOT_H - h:.1f}" width="{self.band * 0.8:.1f}" '
            f'height="{h:.1f}" fill="{BAR_FILL}"><title>{escape(tip)}</title></rect>'
        )


def _curve(points: list[tuple[float, float]]) -> list[str]:
    """The curve of P(≥ n): a line through the points, each marked."""
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    line = f'<polyline class="at-least" points="{coords}" fill="none" stroke="{CURVE}" stroke-width="2"/>'
    return [line, *(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{CURVE}"/>' for x, y in points)]


def _headings(title: str, how: str, figures: list[str]) -> list[str]:
    """The title, how the odds were had, and the chief figures, above the plot."""
    return [
        _text(LEFT, 22, title, extra=' font-size="16" font-weight="bold"'),
        _text(LEFT, 40, f"odds ({how})"),
        _text(LEFT, 56, ", ".join(figures)),
    ]


def odds_svg(report: Report, title: str) -> str:
    """The damage distribution as bars of P(exactly n), with the curve of P(at least n), on one 0–100% scale
    (:class:`_Plot`)."""
    how = (
        f"exact, over {plural(report.samples, 'dice outcome')}"
        if report.method == "exact"
        else f"Monte Carlo, {plural(report.samples, 'trial')}"
    )
    figures = [
        f"P({name}) {share_text(e.value)}{_exact(e)}"
        for name, e in report.probabilities.items()
        if not name.startswith("hit: ")  # the total is enough here, as on screen
    ][:4]
    body = _headings(title, how, figures)
    chosen = _chosen(report)
    if chosen is None:
        body.append(_text(LEFT, TOP + 20, "no distribution to draw: every outcome gives the same figures"))
        return _document(WIDTH, HEIGHT, body, title)
    name, block = chosen
    points = block.distributions[name]
    at_least = dict(block.at_least.get(name, []))
    plot = _Plot([int(v) for v, _ in points])
    mean = block.means[name]
    body.append(
        _text(LEFT, 74, f"{name}: mean {mean.value:.3f}{_exact(mean)}; bars: P({name} = n), line: P({name} ≥ n)")
    )
    body += plot.scale(f"{name} (n)")
    for v, e in points:
        least = at_least.get(v)
        tip = f"{name} = {v}: {share_text(e.value)}{_exact(e)}"
        if least is not None:
            tip += f"; {name} ≥ {v}: {share_text(least.value)}{_exact(least)}"
        body.append(plot.bar(int(v), e.value, tip))
    # P(≥ n) at every whole n of the axis: the at-least figure of the least value n or above that occurs.
    known = sorted((int(v), e.value) for v, e in at_least.items())
    curve = [
        (plot.middle(i), plot.y(next((share for value, share in known if value >= v), 0.0)))
        for i, v in enumerate(plot.axis)
    ]
    body += _curve(curve)
    return _document(WIDTH, HEIGHT, body, title)


def heat(value: float) -> str:
    """The colour of a probability on the ramp."""
    value = min(1.0, max(0.0, value))
    for (a, low), (b, high) in itertools.pairwise(RAMP):
        if value <= b:
            t = (value - a) / (b - a)
            r, g, bl = (round(x + (y - x) * t) for x, y in zip(low, high, strict=True))
            return f"#{r:02x}{g:02x}{bl:02x}"
    return "#800026"


def matrix_svg(table: Matrix) -> str:
    """The balance matrix as a heat map: one cell per attacker (row) and target (column), coloured by the
    chance of defeat and labelled with it and the mean damage; a second map for what follows the attack."""
    cell_w, cell_h = 86.0, 34.0
    char = 7.0  # about the width of a character at 12px
    left = 16 + char * max((len(a) for a in table.attackers), default=4)
    head = 24 + char * 0.75 * max((len(t) for t in table.targets), default=4)  # names at 45°
    panel_h = head + cell_h * len(table.attackers) + 40
    follow = any(c.comeback() is not None for c in table.cells.values())
    panels = [("attack", f"{table.ruleset}: P(target defeated) and mean damage dealt")]
    if follow:
        labels = sorted({b.label for c in table.cells.values() if c.report for b in c.report.follow_ups})
        panels.append(("follow-ups", f"then, {' or '.join(labels)}: P(attacker defeated) and mean damage taken"))
    width = max(left + cell_w * len(table.targets) + 16 + head, 32 + char * len(table.setting), 480.0)
    height = 56 + panel_h * len(panels) + 20
    body = [
        _text(16, 22, f"{table.ruleset}: balance matrix", extra=' font-size="14" font-weight="bold"'),
        _text(16, 40, table.setting),
    ]
    for number, (panel, caption) in enumerate(panels):
        y0 = 56 + panel_h * number
        body.append(f'<g class="panel" id="{panel}">')
        body.append(_text(16, y0 + 16, caption, extra=' font-weight="bold"'))
        grid_top = y0 + 20 + head
        for j, target in enumerate(table.targets):
            x = left + cell_w * (j + 0.5)
            body.append(_text(x, grid_top - 6, target, extra=f' transform="rotate(-45 {x:.1f} {grid_top - 6:.1f})"'))
        for i, attacker in enumerate(table.attackers):
            y = grid_top + cell_h * i
            body.append(_text(left - 8, y + cell_h / 2 + 4, attacker, anchor="end"))
            for j, target in enumerate(table.targets):
                body.append(_cell(table.cells[(attacker, target)], left + cell_w * j, y, cell_w, cell_h,
                                  comeback=panel != "attack"))  # fmt: skip
        body.append("</g>")
    return _document(width, height, body, f"{table.ruleset}: balance matrix")


def _cell(cell: Cell, x: float, y: float, w: float, h: float, *, comeback: bool) -> str:
    pair = f"{cell.attacker} → {cell.target}"
    if cell.report is None or (comeback and cell.comeback() is None):
        text = "refused" if cell.refused else "—"
        why = cell.refused if cell.refused else "nothing follows that attack"
        fill, colour = REFUSED_FILL, "#666"
        tip = f"{pair}: {why}"
    else:
        sim = "" if cell.report.method == "exact" else "~"
        if comeback:
            back = cell.comeback()
            assert back is not None
            defeat_e, damage_e = back
            defeat, damage = defeat_e.value, damage_e.value
            tip = f"{pair}: P({cell.attacker} defeated) {share_text(defeat)}{_exact(defeat_e)}"
        else:
            defeat, damage = cell.defeat() or 0.0, cell.mean_damage() or 0.0
            tip = f"{pair}: P({cell.target} defeated) {share_text(defeat)}"
        tip += f", mean damage {damage:.3f}" + ("" if sim == "" else " (simulated)")
        text = f"{sim}{percent_text(defeat)} {damage:.1f}"
        fill = heat(defeat)
        colour = "white" if defeat >= 0.6 else "black"
    return (
        f'<g class="cell"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" '
        f'stroke="white"><title>{escape(tip)}</title></rect>'
        f'<text x="{x + w / 2:.1f}" y="{y + h / 2 + 4:.1f}" text-anchor="middle" fill="{colour}">'
        f"{escape(text)}</text></g>"
    )
