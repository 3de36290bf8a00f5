"""Pictures of odds, written as SVG text (no plotting library), each with its title, labelled axes and a legend
or colour key, so that it reads without the command line beside it: the distributions of an action (the attack's
own damage and each follow-up's, side by side as series of bars with their at-least lines) or of dice, and the
balance matrix as a heat map whose colour (``tabroll matrix --colour``) shows a chosen figure. Every name in a
picture is user input (unit names, titles) and is escaped.

The colours are for every reader: the series take the Okabe–Ito palette, which stays apart under the common
colour-blindnesses, and each has its own dash and marker too; the heat map's ramp (yellow → orange → red → dark
red) grows darker all along, so that it reads in grey as well, and each cell's text is black or white, whichever
stands out more from its fill (at least 4.5:1)."""

from __future__ import annotations

import itertools
import os
from dataclasses import dataclass
from html import escape
from pathlib import Path

from tabroll.errors import InputError
from tabroll.odds.figures import HAPPENS, Block, Cell, Estimate, Matrix, Report, plural, share_text
from tabroll.render.matrix import percent_text

# Named families first: a renderer with no default for the generic name (resvg, behind --png) finds one of them.
FONT = "font-family:DejaVu Sans, Arial, Helvetica, Liberation Sans, sans-serif"
# The series of a distribution picture, in order: Okabe–Ito's blue, orange, bluish green, reddish purple,
# vermillion and sky blue, each with its own dash and marker (the attack's line solid, with dots).
SERIES = (("#0072b2", "", "circle"), ("#e69f00", "7 4", "square"), ("#009e73", "2 3", "triangle"),
          ("#cc79a7", "9 3 2 3", "diamond"), ("#d55e00", "4 2", "down"), ("#56b4e9", "1 3", "cross"))  # fmt: skip
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


def mean_text(e: Estimate) -> str:
    """A mean as a legend gives it: ``1.372 = 889/648`` when exact, ``4.105 (95% CI 3.891–4.319)`` when estimated."""
    interval = f" (95% CI {e.low:.3f}–{e.high:.3f})" if e.low is not None and e.high is not None else ""
    return f"{e.value:.3f}{_exact(e)}{interval}"


CHAR = 7.0  # about the width of a character at 12px, to size a picture to its longest text


def _wide(text: str, *, size: float = 12, bold: bool = False) -> float:
    """About how wide ``text`` is drawn (a sans-serif's characters are about 0.6 of its size, bold ones 0.7)."""
    return len(text) * size * (0.7 if bold else 0.6)


# A distribution's picture: the plot's height and its margins (the headings stand above it, the legend below).
WIDTH, PLOT_H = 720.0, 300.0
LEFT, RIGHT = 76.0, 20.0
MAX_SERIES = len(SERIES)


@dataclass(frozen=True)
class Series:
    """One distribution in a picture: what the legend says of it, its bars (each value with its share and the
    tooltip of its figures) and its P(≥ n) at each value it has."""

    label: str
    bars: list[tuple[int, float, str]]
    at_least: list[tuple[int, float]]


class _Plot:
    """The plot of one or more distributions on one 0–100% scale, bars and lines alike. The value axis is every
    whole number from the least to the greatest value (values no outcome gives have no bar), unless the span is
    too wide to draw; then only the values that occur, side by side. Each value's band holds one bar per series."""

    def __init__(self, values: list[int], *, top: float, width: float, series: int = 1) -> None:
        low, high = min(values), max(values)
        self.axis = list(range(low, high + 1)) if high - low + 1 <= 120 else sorted(set(values))
        self.top, self.width, self.series = top, width - LEFT - RIGHT, max(1, series)
        self.band = self.width / max(1, len(self.axis))
        self.where = {v: i for i, v in enumerate(self.axis)}

    @property
    def bottom(self) -> float:
        return self.top + PLOT_H

    def scale(self, caption: str) -> list[str]:
        """The lines of 0%, 25%, ... 100%, the values under the axis (about 30 at most), and the two axes'
        labels: ``caption`` under the values, "probability" up the side."""
        body = []
        for share in (0.0, 0.25, 0.5, 0.75, 1.0):
            y = self.y(share)
            body.append(f'<line x1="{LEFT:.1f}" y1="{y:.1f}" x2="{LEFT + self.width:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
            body.append(_text(LEFT - 6, y + 4, f"{100 * share:.0f}%", anchor="end", extra=' class="tick"'))
        step = max(1, -(-len(self.axis) // 30))
        for i, v in enumerate(self.axis):
            if i % step == 0 or i == len(self.axis) - 1:
                body.append(_text(self.middle(i), self.bottom + 16, str(v), anchor="middle", extra=' class="tick"'))
        body.append(
            _text(LEFT + self.width / 2, self.bottom + 36, caption, anchor="middle", extra=' class="axis-label"')
        )
        middle = self.top + PLOT_H / 2
        body.append(
            _text(18, middle, "probability", anchor="middle",
                  extra=f' class="axis-label" transform="rotate(-90 18 {middle:.1f})"')
        )  # fmt: skip
        return body

    def middle(self, index: int) -> float:
        """The middle of the band of the axis' ``index``-th value."""
        return LEFT + self.band * (index + 0.5)

    def x(self, value: int, series: int = 0) -> float:
        """Where the bar of ``value`` in the ``series``-th series starts."""
        return LEFT + self.band * (self.where[value] + 0.1) + self._bar_width * series

    def centre(self, index: int, series: int = 0) -> float:
        """The middle of the ``series``-th bar in the band of the axis' ``index``-th value."""
        return LEFT + self.band * (index + 0.1) + self._bar_width * (series + 0.5)

    @property
    def _bar_width(self) -> float:
        return self.band * 0.8 / self.series

    def y(self, share: float) -> float:
        return self.top + PLOT_H * (1 - share)

    def bar(self, value: int, share: float, tip: str, series: int = 0) -> str:
        """The bar of P(= value), with its figures as a tooltip: a rare value stays visible, 0 has no bar."""
        h = max(1.0, PLOT_H * share) if share > 0 else 0.0
        colour = SERIES[series % len(SERIES)][0]
        return (
            f'<rect class="bar" data-series="{series}" x="{self.x(value, series):.1f}" y="{self.bottom - h:.1f}" '
            f'width="{self._bar_width:.1f}" height="{h:.1f}" fill="{colour}"><title>{escape(tip)}</title></rect>'
        )

    def line(self, at_least: list[tuple[int, float]], series: int = 0) -> list[str]:
        """The line of P(≥ n) at every whole n of the axis (the at-least figure of the least value n or above that
        occurs), above the series' own bars."""
        known = sorted(at_least)
        points = [
            (self.centre(i, series), self.y(next((share for value, share in known if value >= v), 0.0)))
            for i, v in enumerate(self.axis)
        ]
        return _curve(points, series)


def _marker(x: float, y: float, shape: str, colour: str, size: float = 3.0) -> str:
    """A point of a line, its shape telling the series apart without its colour."""
    paint = f'fill="{colour}" stroke="white" stroke-width="0.8"'
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size:.1f}" {paint}/>'
    if shape == "square":
        return f'<rect x="{x - size:.1f}" y="{y - size:.1f}" width="{2 * size:.1f}" height="{2 * size:.1f}" {paint}/>'
    corners = {
        "triangle": ((0, -1.3), (1.2, 0.9), (-1.2, 0.9)),
        "down": ((0, 1.3), (1.2, -0.9), (-1.2, -0.9)),
        "diamond": ((0, -1.4), (1.4, 0), (0, 1.4), (-1.4, 0)),
        "cross": ((-1, -1), (1, 1), (0, 0), (1, -1), (-1, 1)),
    }[shape]
    points = " ".join(f"{x + size * dx:.1f},{y + size * dy:.1f}" for dx, dy in corners)
    if shape == "cross":
        return f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="1.6"/>'
    return f'<polygon points="{points}" {paint}/>'


def _curve(points: list[tuple[float, float]], series: int = 0) -> list[str]:
    """The line of P(≥ n) through the points, each marked, over a white halo that keeps it apart from the bars."""
    colour, dash, shape = SERIES[series % len(SERIES)]
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return [
        f'<polyline class="halo" points="{coords}" fill="none" stroke="white" stroke-width="5" opacity="0.8"/>',
        f'<polyline class="at-least" data-series="{series}" points="{coords}" fill="none" stroke="{colour}" '
        f'stroke-width="2"{dashes}/>',
        *(_marker(x, y, shape, colour) for x, y in points),
    ]


def _legend(series: list[Series], top: float, more: int) -> list[str]:
    """What the bars and lines are, then one entry per series: its bar, its line and marker, and its label."""
    body = ['<g class="legend">']
    body.append(_text(LEFT, top, "bars: P(= n), the chance of exactly n;  lines: P(≥ n), the chance of n or more",
                      extra=' class="legend-how" fill="#333"'))  # fmt: skip
    for i, one in enumerate(series):
        y = top + 20 * (i + 1)
        colour, dash, shape = SERIES[i % len(SERIES)]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        body += [
            f'<g class="entry" data-series="{i}">',
            f'<rect class="swatch" x="{LEFT:.1f}" y="{y - 10:.1f}" width="12" height="12" fill="{colour}"/>',
            f'<line x1="{LEFT + 18:.1f}" y1="{y - 4:.1f}" x2="{LEFT + 46:.1f}" y2="{y - 4:.1f}" stroke="{colour}" '
            f'stroke-width="2"{dashes}/>',
            _marker(LEFT + 32, y - 4, shape, colour),
            _text(LEFT + 54, y, one.label, extra=' class="entry-label"'),
            "</g>",
        ]
    if more:
        y = top + 20 * (len(series) + 1)
        body.append(_text(LEFT, y, f"and {plural(more, 'more distribution')} (--format text shows every one)",
                          extra=' fill="#333"'))  # fmt: skip
    body.append("</g>")
    return body


def distribution_svg(
    title: str, lines: list[str], series: list[Series], value_label: str, *, document_title: str | None = None
) -> str:
    """The picture of one or more distributions: the title in bold and the ``lines`` under it, the plot of every
    series' bars of P(= n) and line of P(≥ n) on one 0–100% scale (:class:`_Plot`), its axes labelled
    (``value_label`` and probability), and the legend. A series past :data:`MAX_SERIES` is named, not drawn."""
    shown, more = series[:MAX_SERIES], max(0, len(series) - MAX_SERIES)
    wides = [
        _wide(title, size=16, bold=True),
        *map(_wide, [*lines, value_label]),
        *(54 + _wide(s.label) for s in shown),
    ]
    width = min(1600.0, max(WIDTH, LEFT + RIGHT + max(wides)))
    top = 52.0 + 16 * len(lines)
    body = [_text(LEFT, 22, title, extra=' class="heading" font-size="16" font-weight="bold"')]
    body += [_text(LEFT, 40 + 16 * i, line, extra=' class="subheading"') for i, line in enumerate(lines)]
    values = [value for s in shown for value, _, _ in s.bars]
    if not values:
        body.append(_text(LEFT, top + 20, "no distribution to draw: every outcome gives the same figures"))
        return _document(width, top + 60, body, document_title or title)
    plot = _Plot(values, top=top, width=width, series=len(shown))
    body += plot.scale(value_label)
    for i, one in enumerate(shown):
        body += [plot.bar(value, share, tip, i) for value, share, tip in one.bars]
    for i, one in enumerate(shown):
        body += plot.line(one.at_least, i)
    legend_top = plot.bottom + 62
    body += _legend(shown, legend_top, more)
    height = legend_top + 20 * (len(shown) + (1 if more else 0)) + 16
    return _document(width, height, body, document_title or title)


def _series(report: Report) -> list[tuple[str, Block, str]]:
    """The distributions a picture of an action's odds draws, each with the words its legend starts with: the
    attack's damage (else its first distribution), then every distribution of each follow-up; when there is
    none of these, the game's own first one (its damage if it has one)."""
    out: list[tuple[str, Block, str]] = []
    attack = report.attack.distributions
    if attack:
        out.append(("attack", report.attack, "damage" if "damage" in attack else next(iter(attack))))
    for block in report.follow_ups:
        happens = block.probabilities.get(HAPPENS)
        said = f"{block.label}, happens {share_text(happens.value)}{_exact(happens)}" if happens else block.label
        out += [(said, block, name) for name in block.distributions]
    if not out and report.game.distributions:
        names = report.game.distributions
        out.append(("after the action", report.game, "damage" if "damage" in names else next(iter(names))))
    return out


def _odds_series(said: str, block: Block, name: str, *, first: bool) -> Series:
    """One distribution of an action as a series: its bars' tooltips name it (and its follow-up, but for the
    attack's own), its legend its mean."""
    at_least = dict(block.at_least.get(name, []))
    prefix = "" if first and said == "attack" else f"{block.label or said}: "
    bars = []
    for v, e in block.distributions[name]:
        least = at_least.get(v)
        tip = f"{prefix}{name} = {v}: {share_text(e.value)}{_exact(e)}"
        if least is not None:
            tip += f"; {name} ≥ {v}: {share_text(least.value)}{_exact(least)}"
        bars.append((int(v), e.value, tip))
    mean = block.means[name]
    label = f"{said}: {name}, mean {mean_text(mean)}"
    return Series(label, bars, [(int(v), e.value) for v, e in at_least.items()])


def odds_svg(report: Report, title: str, *, game: str = "") -> str:
    """The picture of an action's odds: its title and game, how the odds were had and the chief figures, then the
    attack's damage and each follow-up's distributions (a counterattack's damage taken, with the chance that it
    happens) side by side, as bars of P(exactly n) with lines of P(at least n) (:func:`distribution_svg`)."""
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
    lines = [f"{game}: odds ({how})" if game else f"odds ({how})"]
    if figures:
        lines.append(", ".join(figures))
    chosen = _series(report)
    series = [_odds_series(said, block, name, first=i == 0) for i, (said, block, name) in enumerate(chosen)]
    names = list(dict.fromkeys(name for _, _, name in chosen[:MAX_SERIES]))
    value_label = f"{', '.join(names)} (n)"
    return distribution_svg(title, lines, series, value_label, document_title=f"{title} ({game})" if game else title)


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
