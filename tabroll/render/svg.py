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
import textwrap
from collections.abc import Callable
from html import escape
from pathlib import Path

import msgspec

from tabroll.errors import InputError
from tabroll.i18n import N_, _, n_, number, percent
from tabroll.odds.figures import HAPPENS, Block, Cell, Matrix, Report, figure_name, share_text
from tabroll.render.bars import decimal, mean_text
from tabroll.render.matrix import cell_text, matrix_notes, refusals
from tabroll.writing import write_atomically, write_target

# Named families first: a renderer with no default for the generic name (resvg, behind --png) finds one of them.
FONT = "font-family:DejaVu Sans, Arial, Helvetica, Liberation Sans, sans-serif"
# The series of a distribution picture, in order: Okabe–Ito's blue, orange, bluish green, reddish purple,
# vermillion and sky blue, each with its own dash and marker (the attack's line solid, with dots).
SERIES = (("#0072b2", "", "circle"), ("#e69f00", "7 4", "square"), ("#009e73", "2 3", "triangle"),
          ("#cc79a7", "9 3 2 3", "diamond"), ("#d55e00", "4 2", "down"), ("#56b4e9", "1 3", "cross"))  # fmt: skip
# A light-to-dark ramp (yellow, orange, red, dark red) for a matrix's colour, from 0 to the top of its scale.
RAMP = ((0.0, (255, 255, 204)), (0.25, (254, 204, 92)), (0.5, (253, 141, 60)), (0.75, (227, 26, 28)),
        (1.0, (128, 0, 38)))  # fmt: skip
REFUSED_FILL = "#e0e0e0"


def check_picture_path(path: str, flag: str = "--svg") -> Path:
    """The file a picture goes to, checked before any work: a regular file or none yet (a symbolic link is followed
    to its file: see :func:`tabroll.writing.write_target`), in a folder that exists and that can be written. A bad
    path is an input error (exit 2), never a traceback after a long computation."""
    target = Path(path)
    tip = _("give a file name in an existing folder, e.g. {example}", example=f"{flag} odds.{flag.removeprefix('--')}")
    if not path or target.is_dir():
        raise InputError(_("{flag} {path}: this is a folder, not a file", flag=flag, path=path), tip=tip)
    target = write_target(target, shown=f"{flag} {path}")  # through a link; never a device, a pipe or a socket
    folder = target.parent
    values = {"flag": flag, "path": path, "folder": folder}
    if folder.exists() and not folder.is_dir():
        raise InputError(_("{flag} {path}: {folder} is a file, not a folder", **values), tip=tip)
    if not folder.is_dir():
        raise InputError(_("{flag} {path}: the folder {folder} does not exist", **values), tip=tip)
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise InputError(_("{flag} {path}: this file cannot be written here (no permission)", **values), tip=tip)
    return target


def write_picture(path: str, svg: str) -> None:
    """Write the picture whole or not at all (a temporary file renamed over ``path``): a full disk or a file-size
    limit leaves a picture already there as it was, and ends with exit 74 naming the file."""
    target = check_picture_path(path)
    write_atomically(target, svg.encode("utf-8"), what=_("the picture {path} (--svg)", path=path))


def _document(width: float, height: float, body: list[str], title: str) -> str:
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" style="{FONT};font-size:12px">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
    ]
    return "\n".join([*head, *body, "</svg>", ""])


def _text(x: float, y: float, text: str, *, anchor: str = "start", extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>{escape(text)}</text>'


CHAR = 7.0  # about the width of a character at 12px, to size a picture to its longest text


def _wide(text: str, *, size: float = 12, bold: bool = False) -> float:
    """About how wide ``text`` is drawn (a sans-serif's characters are about 0.6 of its size, bold ones 0.7)."""
    return len(text) * size * (0.7 if bold else 0.6)


# A distribution's picture: the plot's height and its margins (the headings stand above it, the legend below).
WIDTH, PLOT_H = 720.0, 300.0
LEFT, RIGHT = 76.0, 20.0
MAX_SERIES = len(SERIES)


class Series(msgspec.Struct, frozen=True):
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
            body.append(_text(LEFT - 6, y + 4, percent(share), anchor="end", extra=' class="tick"'))
        # As many values as fit side by side, the widest with a gap; the last one too when it is not crowded.
        fit = max(2, int(self.width // (_wide(max((str(v) for v in self.axis), key=len)) + 10)))
        step = max(1, -(-len(self.axis) // fit))
        last = len(self.axis) - 1
        for i, v in enumerate(self.axis):
            if i % step == 0 or (i == last and last % step > step // 2):
                body.append(_text(self.middle(i), self.bottom + 16, str(v), anchor="middle", extra=' class="tick"'))
        body.append(
            _text(LEFT + self.width / 2, self.bottom + 36, caption, anchor="middle", extra=' class="axis-label"')
        )
        middle = self.top + PLOT_H / 2
        body.append(
            _text(18, middle, _("probability"), anchor="middle",
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
        occurs), above the series' own bars, over a white halo that keeps it apart from the bars, and marked at
        each point (at about 30 of them on a long axis, where every mark would blur the line)."""
        known = sorted(at_least)
        points = [
            (self.centre(i, series), self.y(next((share for value, share in known if value >= v), 0.0)))
            for i, v in enumerate(self.axis)
        ]
        colour, dash, shape = SERIES[series % len(SERIES)]
        every = max(1, -(-len(points) // 30)) if len(points) > 60 else 1
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        return [
            f'<polyline class="halo" points="{coords}" fill="none" stroke="white" stroke-width="5" opacity="0.8"/>',
            f'<polyline class="at-least" data-series="{series}" points="{coords}" fill="none" stroke="{colour}" '
            f'stroke-width="2"{dashes}/>',
            *(_marker(x, y, shape, colour) for x, y in points[::every]),
        ]


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


READING = (N_("bars: P(= n), the chance of exactly n;  lines: P(≥ n), the chance of n or more"),)
FOLLOWING = N_("a follow-up's figures are over every outcome of the action: 0 where it does not happen")


def _legend(series: list[Series], top: float, more: int, reading: tuple[str, ...]) -> list[str]:
    """What the bars and lines are (``reading``, a line each), then one entry per series: its bar, its line and
    marker, and its label."""
    body = ['<g class="legend">']
    body += [_text(LEFT, top + 16 * i, line, extra=' class="legend-how" fill="#333"') for i, line in enumerate(reading)]
    top += 16 * (len(reading) - 1)
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
        said = n_(
            "and {n} more distribution (--format text shows every one)",
            "and {n} more distributions (--format text shows every one)",
            more,
        )
        body.append(_text(LEFT, y, said, extra=' fill="#333"'))
    body.append("</g>")
    return body


def distribution_svg(
    title: str,
    lines: list[str],
    series: list[Series],
    value_label: str,
    *,
    document_title: str | None = None,
    reading: tuple[str, ...] = READING,
) -> str:
    """The picture of one or more distributions: the title in bold and the ``lines`` under it, the plot of every
    series' bars of P(= n) and line of P(≥ n) on one 0–100% scale (:class:`_Plot`), its axes labelled
    (``value_label`` and probability), and the legend. A series past :data:`MAX_SERIES` is named, not drawn."""
    shown, more = series[:MAX_SERIES], max(0, len(series) - MAX_SERIES)
    reading = tuple(_(line) for line in reading)  # marked where written (READING), said here
    wides = [
        _wide(title, size=16, bold=True),
        *map(_wide, [*lines, value_label, *reading]),
        *(54 + _wide(s.label) for s in shown),
    ]
    width = min(1600.0, max(WIDTH, LEFT + RIGHT + max(wides)))
    top = 52.0 + 16 * len(lines)
    body = [_text(LEFT, 22, title, extra=' class="heading" font-size="16" font-weight="bold"')]
    body += [_text(LEFT, 40 + 16 * i, line, extra=' class="subheading"') for i, line in enumerate(lines)]
    values = [value for s in shown for value, _, _ in s.bars]
    if not values:
        body.append(_text(LEFT, top + 20, _("no distribution to draw: every outcome gives the same figures")))
        return _document(width, top + 60, body, document_title or title)
    plot = _Plot(values, top=top, width=width, series=len(shown))
    body += plot.scale(value_label)
    for i, one in enumerate(shown):
        body += [plot.bar(value, share, tip, i) for value, share, tip in one.bars]
    for i, one in enumerate(shown):
        body += plot.line(one.at_least, i)
    legend_top = plot.bottom + 62
    body += _legend(shown, legend_top, more, reading)
    height = legend_top + 16 * (len(reading) - 1) + 20 * (len(shown) + (1 if more else 0)) + 16
    return _document(width, height, body, document_title or title)


def distributions_drawn(report: Report) -> list[tuple[str, Block, str]]:
    """The distributions a picture of an action's odds draws, each with the words its legend starts with: the
    attack's damage (else each of its distributions: the damage to each unit it strikes), then every distribution
    of each follow-up; when there is none of these, the game's own first one (its damage if it has one)."""
    out: list[tuple[str, Block, str]] = []
    attack = report.attack.distributions
    if "damage" in attack:
        out.append(("attack", report.attack, "damage"))
    else:  # one unit's damage after the other's when the attack strikes several (never their sum)
        out += [("attack", report.attack, name) for name in attack]
    for block in report.follow_ups:
        happens = block.probabilities.get(HAPPENS)
        label = figure_name(block.label)
        said = (
            _("{part}, happens {share}", part=label, share=share_text(happens.value) + happens.fraction(" "))
            if happens
            else label
        )
        out += [(said, block, name) for name in block.distributions]
    if not out and report.game.distributions:
        names = report.game.distributions
        out.append((_("after the action"), report.game, "damage" if "damage" in names else next(iter(names))))
    return out


def odds_series(said: str, block: Block, name: str) -> Series:
    """One distribution of an action as a series: its bars' tooltips name it (and its follow-up, but for the
    attack's own), its legend its mean."""
    at_least = dict(block.at_least.get(name, []))
    prefix = "" if said == "attack" else f"{figure_name(block.label) if block.label else said}: "
    shown = figure_name(name)
    bars = []
    for v, e in block.distributions[name]:
        least = at_least.get(v)
        tip = f"{prefix}{shown} = {v}: {share_text(e.value)}{e.fraction(' ')}"
        if least is not None:
            tip += f"; {shown} ≥ {v}: {share_text(least.value)}{least.fraction(' ')}"
        bars.append((int(v), e.value, tip))
    mean = block.means[name]
    part = _("attack") if said == "attack" else said
    label = _("{part}: {name}, mean {mean}", part=part, name=shown, mean=mean_text(mean))
    return Series(label, bars, [(int(v), e.value) for v, e in at_least.items()])


def odds_svg(report: Report, title: str, *, game: str = "") -> str:
    """The picture of an action's odds: its title and game, how the odds were had and the chief figures, then the
    attack's damage and each follow-up's distributions (a counterattack's damage taken, with the chance that it
    happens) side by side, as bars of P(exactly n) with lines of P(at least n) (:func:`distribution_svg`)."""
    count = number(report.samples)
    how = (
        n_("odds (exact, over {count} dice outcome)", "odds (exact, over {count} dice outcomes)", report.samples,
           count=count)
        if report.method == "exact"
        else n_("odds (Monte Carlo, {count} trial)", "odds (Monte Carlo, {count} trials)", report.samples, count=count)
    )  # fmt: skip
    figures = [
        _("P({name}) {share}", name=figure_name(name), share=share_text(e.value) + e.fraction(" "))
        for name, e in report.probabilities.items()
        if not name.startswith("hit: ")  # the total is enough here, as on screen
    ][:4]
    lines = [_("{game}: {odds}", game=game, odds=how) if game else how, *([", ".join(figures)] if figures else [])]
    chosen = distributions_drawn(report)
    series = [odds_series(said, block, name) for said, block, name in chosen]
    names = list(dict.fromkeys(name for _, _, name in chosen[:MAX_SERIES]))
    value_label = f"{', '.join(figure_name(name) for name in names)} (n)"
    follows = any(block is not report.attack and block is not report.game for _, block, _ in chosen)
    reading = (*READING, FOLLOWING) if follows else READING
    return distribution_svg(
        title, lines, series, value_label, document_title=f"{title} ({game})" if game else title, reading=reading
    )


def heat(value: float) -> str:
    """The colour of a share of the scale (0 to 1) on the ramp."""
    value = min(1.0, max(0.0, value))
    for (a, low), (b, high) in itertools.pairwise(RAMP):
        if value <= b:
            t = (value - a) / (b - a)
            r, g, bl = (round(x + (y - x) * t) for x, y in zip(low, high, strict=True))
            return f"#{r:02x}{g:02x}{bl:02x}"
    return "#800026"


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2), from 0 (black) to 1 (white)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """The contrast ratio of two colours (WCAG 2): 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink(fill: str) -> str:
    """Black or white, whichever stands out more from ``fill`` (on the ramp, never less than 4.5:1)."""
    return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#ffffff") else "#ffffff"


class Colouring(msgspec.Struct, frozen=True):
    """What a matrix picture's colour shows (``tabroll matrix --colour``): each cell's figure in the attack's
    table (``own``) and in the table of what follows it (``back``), and how the key names it. A probability is
    coloured on 0–100%; a mean on 0 to the largest in the picture, whose unit the key gives."""

    own: Callable[[Cell], float | None]
    back: Callable[[Cell], float | None]
    own_name: str
    back_name: str
    probability: bool
    unit: str = ""


def _back(cell: Cell, index: int) -> float | None:
    comeback = cell.comeback()
    return None if comeback is None else comeback[index].value


MATRIX_COLOURS: dict[str, Colouring] = {
    "defeat": Colouring(Cell.defeat, lambda c: _back(c, 0), N_("P(target defeated)"), N_("P(attacker defeated)"), True),
    "damage": Colouring(
        Cell.mean_damage,
        lambda c: _back(c, 1),
        N_("mean damage dealt"),
        N_("mean damage taken"),
        False,
        N_("points of damage"),
    ),
    "attacks": Colouring(
        Cell.mean_attacks,
        lambda c: _back(c, 0),
        N_("mean attacks to defeat the target"),
        N_("P(attacker defeated)"),
        False,
        N_("attacks (or rounds)"),
    ),
}
"""The colours a matrix picture can have, by their ``--colour`` name (the first is the default)."""


def check_colour(name: str) -> str:
    """The name of a matrix colour, or an input error (exit 2) that lists them, before any work."""
    if name not in MATRIX_COLOURS:
        raise InputError(
            _("--colour {name}: there is no such colour of the matrix", name=name),
            tip=_(
                "use defeat (P(target defeated), the default), damage (mean damage dealt, on a scale to the "
                "table's largest) or attacks (mean attacks to defeat the target)"
            ),
        )
    return name


def _amount(value: float, top: float) -> str:
    return number(value, 2 if top < 2 else 1, grouped=False)


def _key_words(colouring: Colouring, top: float, follow: bool) -> tuple[str, list[str]]:
    """The key's caption and the texts of its scale."""
    own = _(colouring.own_name)
    name = _("{own}; in the second table, {back}", own=own, back=_(colouring.back_name)) if follow else own
    if colouring.probability:
        return _("colour: {name}, from 0% to 100%", name=name), [percent(share) for share in (0, 0.25, 0.5, 0.75, 1)]
    end = top or 1.0
    largest = _("the largest in the table") if top else _("every figure in the table is 0")
    caption = _(
        "colour: {name}, in {unit}, from 0 to {end} ({largest})",
        name=name,
        unit=_(colouring.unit),
        end=_amount(end, end),
        largest=largest,
    )
    return caption, [_amount(end * share, end) for share in (0, 0.25, 0.5, 0.75, 1)]


def _key(colouring: Colouring, top: float, y: float, follow: bool) -> list[str]:
    """The colour key: what the colour shows, the ramp as a gradient with its scale under it, and the grey of a
    refused pair."""
    width, x0 = 240.0, 28.0
    caption, ticks = _key_words(colouring, top, follow)
    stops = "".join(f'<stop offset="{100 * at:.0f}%" stop-color="{heat(at)}"/>' for at, _ in RAMP)
    body = [
        '<g class="key">',
        f'<defs><linearGradient id="heat-key" x1="0" y1="0" x2="1" y2="0">{stops}</linearGradient></defs>',
        _text(16, y, caption, extra=' class="key-caption"'),
        f'<rect class="key-ramp" x="{x0:.0f}" y="{y + 8:.1f}" width="{width:.0f}" height="14" fill="url(#heat-key)" '
        'stroke="#999"/>',
    ]
    for i, tick in enumerate(ticks):
        x = x0 + width * i / 4
        body.append(f'<line x1="{x:.1f}" y1="{y + 22:.1f}" x2="{x:.1f}" y2="{y + 26:.1f}" stroke="#333"/>')
        body.append(_text(x, y + 38, tick, anchor="middle", extra=' class="key-tick"'))
    x = x0 + width + 32
    body += [
        f'<rect class="key-refused" x="{x:.1f}" y="{y + 8:.1f}" width="14" height="14" fill="{REFUSED_FILL}" '
        'stroke="#999"/>',
        _text(x + 20, y + 20, _("refused (or — nothing follows)"), extra=' class="key-entry"'),
        "</g>",
    ]
    return body


def matrix_svg(table: Matrix, *, colour: str = "defeat", game: str = "") -> str:
    """The balance matrix as a heat map: one cell per attacker (row) and target (column), labelled with the
    chance of defeat and the mean damage and coloured by the figure ``colour`` names (:data:`MATRIX_COLOURS`);
    a second map for what follows the attack; the colour key with its scale, and the notes."""
    colouring = MATRIX_COLOURS[check_colour(colour)]
    cell_w, cell_h = 86.0, 34.0
    left = 24 + CHAR * max(len(a) for a in [*table.attackers, _("attacker ↓")])  # the names, or the label above them
    head = 24 + CHAR * 0.75 * max((len(t) for t in table.targets), default=4)  # names at 45°
    panel_h = 40 + head + cell_h * len(table.attackers) + 36
    follow = any(c.comeback() is not None for c in table.cells.values())
    panels = [
        ("attack", _("the attack: in each cell, {shown}; colour: {name}", shown=_shown_in_cells(colouring),
                     name=_(colouring.own_name)))
    ]  # fmt: skip
    if follow:
        labels = sorted({b.label for c in table.cells.values() if c.report for b in c.report.follow_ups})
        parts = _(" or ").join(figure_name(label) for label in labels)
        panels.append(
            ("follow-ups", _("then, {parts}: in each cell, P(attacker defeated) and mean damage taken; colour: {name}",
                             parts=parts, name=_(colouring.back_name)))
        )  # fmt: skip
    title = _("{game}: balance matrix", game=f"{game} ({table.ruleset})" if game else table.ruleset)
    setting = table.setting_text or table.setting
    lines = [_("each attacker (row) against each target (column)"), *([setting] if setting else [])]
    reasons, more = refusals(table)
    said = [(0, note) for note in matrix_notes(table, follow=follow)]
    if reasons:  # the refused pairs by reason, indented under their heading
        said += [(0, _("refused pairs:")), *((1, reason) for reason in reasons), *([(1, more)] if more else [])]
    notes = [
        (indent, line)
        for indent, note in said
        for line in textwrap.wrap(note, 110 - 4 * indent, subsequent_indent="    ")
    ]
    # Where the ramp ends: 1 for a probability; else the largest figure of either table, so that the two tables'
    # colours compare (0 when every figure is 0: then the ramp ends at 1).
    top = 1.0
    if not colouring.probability:
        figures = [colouring.own(c) for c in table.cells.values()]
        if follow:
            figures += [colouring.back(c) for c in table.cells.values()]
        top = max((f for f in figures if f is not None), default=0.0)
    key_top = 48.0 + 16 * len(lines)
    grids_top = key_top + 60
    key_caption, _note = _key_words(colouring, top, follow)
    wides = [
        _wide(title, size=16, bold=True), *map(_wide, lines), _wide(key_caption),
        *(_wide(caption, bold=True) for _, caption in panels), *(16 * indent + _wide(note) for indent, note in notes),
    ]  # fmt: skip
    width = max(left + cell_w * len(table.targets) + 16 + head, 32 + max(wides), 560.0)
    height = grids_top + panel_h * len(panels) + 18 * len(notes) + 12
    body = [_text(16, 22, title, extra=' class="heading" font-size="16" font-weight="bold"')]
    body += [_text(16, 40 + 16 * i, line, extra=' class="subheading"') for i, line in enumerate(lines)]
    body += _key(colouring, top, key_top, follow)
    italic = ' class="axis-label" font-style="italic"'
    for place, (panel, caption) in enumerate(panels):  # its caption, the axes' labels, the names and the cells
        y0 = grids_top + panel_h * place
        grid_top = y0 + 40 + head
        body += [f'<g class="panel" id="{panel}">', _text(16, y0 + 16, caption, extra=' font-weight="bold"')]
        body.append(
            _text(left + cell_w * len(table.targets) / 2, y0 + 36, _("target →"), anchor="middle", extra=italic)
        )
        for j, target in enumerate(table.targets):
            x = left + cell_w * (j + 0.5)
            body.append(_text(x, grid_top - 6, target, extra=f' transform="rotate(-45 {x:.1f} {grid_top - 6:.1f})"'))
        body.append(_text(left - 8, grid_top - 6, _("attacker ↓"), anchor="end", extra=italic))
        for i, attacker in enumerate(table.attackers):
            y = grid_top + cell_h * i
            body.append(_text(left - 8, y + cell_h / 2 + 4, attacker, anchor="end"))
            for j, target in enumerate(table.targets):
                body.append(_cell(table.cells[(attacker, target)], (left + cell_w * j, y, cell_w, cell_h), colouring,
                                  top, comeback=panel != "attack"))  # fmt: skip
        body.append("</g>")
    for i, (indent, note) in enumerate(notes):
        y = grids_top + panel_h * len(panels) + 18 * i
        body.append(_text(16 + 16 * indent, y, note.lstrip(), extra=' class="note"'))
    return _document(width, height, body, _("{title}: each attacker against each target", title=title))


def _shown_in_cells(colouring: Colouring) -> str:
    if colouring.own is Cell.mean_attacks:
        return _("the mean attacks (or rounds) to defeat the target (> N×: it does not fall within N)")
    return _("P(target defeated) and mean damage dealt")


def _cell(
    cell: Cell, box: tuple[float, float, float, float], colouring: Colouring, top: float, *, comeback: bool
) -> str:
    x, y, w, h = box
    pair = f"{cell.attacker} → {cell.target}"
    text = cell_text(cell, comeback=comeback)[0]
    if cell.report is None or (comeback and cell.comeback() is None):
        why = cell.refused if cell.refused else _("nothing follows that attack")
        fill, colour = REFUSED_FILL, "#4d4d4d"
        tip = f"{pair}: {why}"
    else:
        sim = "" if cell.report.method == "exact" else "~"
        if comeback:
            back = cell.comeback()
            assert back is not None
            defeat_e, damage_e = back
            defeat, damage = defeat_e.value, damage_e.value
            tip = _("{pair}: P({unit} defeated) {share}", pair=pair, unit=cell.attacker,
                    share=share_text(defeat) + defeat_e.fraction(" "))  # fmt: skip
        else:
            defeat, damage = cell.defeat() or 0.0, cell.mean_damage() or 0.0
            tip = _("{pair}: P({unit} defeated) {share}", pair=pair, unit=cell.target, share=share_text(defeat))
        tip += _(", mean damage {mean}", mean=decimal(damage))
        tip += "" if sim == "" else _(" (simulated)")
        if colouring.own is Cell.mean_attacks and not comeback:
            attacks = cell.mean_attacks()
            text = f"{sim}{number(attacks, 1, grouped=False)}×" if attacks is not None else f"> {cell.attacks_cap}×"
            tip += (
                _("; mean attacks to defeat {mean}", mean=number(attacks, 2, grouped=False))
                if attacks is not None
                else _("; never falls")
            )
        figure = (colouring.back if comeback else colouring.own)(cell)
        if figure is None and colouring.own is Cell.mean_attacks and not comeback:
            figure = top  # never falls within the attacks counted: the far end of the scale
        fill = heat((figure or 0.0) / (top or 1.0))
        colour = ink(fill)
    return (
        f'<g class="cell"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" '
        f'stroke="white"><title>{escape(tip)}</title></rect>'
        f'<text x="{x + w / 2:.1f}" y="{y + h / 2 + 4:.1f}" text-anchor="middle" fill="{colour}">'
        f"{escape(text)}</text></g>"
    )
