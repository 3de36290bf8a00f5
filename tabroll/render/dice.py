"""The screens of the odds of dice (data of :mod:`tabroll.odds.dice_figures`): the text and Rich table (every
value with P(=), P(≥), P(≤), "1 in N" and a bar on the scale of an attack's odds, the rarest values of a long
table left out and a very long one grouped), the JSON document, and the SVG picture."""

from __future__ import annotations

import math

from tabroll.dice.extended import Compare
from tabroll.i18n import _, n_, number, numeral, percent, percent_sign
from tabroll.odds.dice_figures import BAR, MAX_ROWS, RARE, TRIM, DiceOdds, Table, float_ratio
from tabroll.odds.figures import Estimate, share_text
from tabroll.render.bars import Line, bar, cells, decimal, interval, mean_text
from tabroll.render.odds import write


def one_in(total: int, ways: int) -> str:
    """``1 in N`` as a number a person reads: ``6.0``, ``1,296.0``, ``2.1e+12``, ``1e+477``."""
    n = float_ratio(total, ways)
    if n is None:
        return f"1e+{math.floor(math.log10(total) - math.log10(ways))}"
    return numeral(f"{n:,.1f}" if n < 10**7 else f"{n:.2g}")


def _percent(figure: Estimate) -> str:
    """A chance as the odds of dice show it: never rounded to 0% or 100% when it is not, and its 95% interval."""
    return share_text(figure.value) + interval(figure, share_text)


def _mean_line(label: str, table: Table) -> Line:
    head = _("{label}: mean ", label=label) if label else _("mean") + " "
    return [("  " + head, ""), (mean_text(table.mean()), "bold yellow"), (_(", sd {sd}", sd=decimal(table.sd())), "")]


def view(odds: DiceOdds, *, fine: bool = False, width: int = BAR) -> list[Line]:
    """The odds as lines of styled segments: the figures, then the table of every value (the rarest left out of a
    long one, and said so)."""
    lines: list[Line] = [[(_("odds (exact)") if odds.exact else _("odds (simulated)"), "")]]
    lines += [[(note, "dim")] for note in (odds.note, odds.limits_note) if note]
    return lines + _figure_lines(odds) + _table_lines(odds.table, fine=fine, width=width)


def _figure_lines(odds: DiceOdds) -> list[Line]:
    """P(success) of a comparison, or each side's chance of ``vs``; the means, and the percentiles."""
    success = odds.success()
    root = odds.question.first.root
    chances = []
    if success is not None and isinstance(root, Compare):
        chances.append((f"  P({odds.question.measured.notation} {root.condition.sign()}) = ", success))
    chances += [("  " + _("P({name}) = ", name=side_word(name)), e) for name, e in odds.versus().items()]
    lines: list[Line] = [[(label, ""), (_percent(e), "bold yellow"), (e.fraction(), "")] for label, e in chances]
    if odds.first is not None and odds.second is not None and odds.question.second is not None:
        lines.append(_mean_line(_("first, {dice}", dice=odds.question.first.notation), odds.first))
        lines.append(_mean_line(_("second, {dice}", dice=odds.question.second.notation), odds.second))
    label = subject(odds) if odds.question.kind != "distribution" else ""
    lines.append(_mean_line(label, odds.table))
    percentiles = ", ".join(f"{percent(p / 100)} {v}" for p, v in odds.table.percentiles().items())
    lines.append([("  " + _("percentiles: {percentiles}", percentiles=percentiles), "")])
    return lines


def side_word(name: str) -> str:
    """A chance of ``vs`` (``first_higher``, ``tie``, ``second_higher``: JSON keys) as people read it."""
    words = {"first_higher": _("first higher"), "tie": _("tie"), "second_higher": _("second higher")}
    return words.get(name, name.replace("_", " "))


def subject(odds: DiceOdds) -> str:
    """What the table's values are, in the language now (``odds.subject()`` is the English of JSON)."""
    question = odds.question
    if question.second is not None:
        return _("margin ({first}) - ({second})", first=question.first.notation, second=question.second.notation)
    return question.measured.notation


def _table_lines(table: Table, *, fine: bool, width: int) -> list[Line]:
    """Every value with P(=), P(≥), P(≤), "1 in N" and a bar; a long table without its rarest values, a very
    long one grouped (each said so)."""
    rows = table.rows()
    shown = [r for r in rows if r[1] >= RARE * table.total] if len(rows) > TRIM else rows
    grouped = _grouped(shown)
    label_width = max(len(label) for label, *_ in grouped)
    scale = (low := percent(0)) + percent(1).rjust(width - len(low))
    names = (_("exactly"), _("at least"), _("at most"), _("1 in"))
    widest = cells(share_text(1.0))  # 100.00%: 7 columns in English, 8 where the sign has a space before it
    least = (widest, widest + 1, widest + 1, max(6, *(len(one_in(table.total, w)) for _, w, *_ in grouped)))
    wide = [max(size, cells(name)) for size, name in zip(least, names, strict=True)]
    heads = "".join(f"  {' ' * (size - cells(name))}{name}" for name, size in zip(names, wide, strict=True))
    lines: list[Line] = [[(f"    {'':>{label_width}}{heads}  {scale}", "dim")]]
    for value, ways, above, below in grouped:
        share = ways / table.total
        lines.append(
            [
                (f"    {value:>{label_width}}  ", ""),
                (f"{share_text(share):>{wide[0]}}", ""),
                (f"  {share_text(above / table.total):>{wide[1]}}", "cyan"),
                (f"  {share_text(below / table.total):>{wide[2]}}", "cyan"),
                (f"  {one_in(table.total, ways):>{wide[3]}}  ", "dim"),
                (bar(share, width, fine=fine), "green"),
            ]
        )
    if len(grouped) < len(shown):
        size = -(-len(shown) // len(grouped))
        lines.append(
            [("    " + _("(values grouped {size} to a row; --format json lists every value)", size=size), "dim")]
        )
    if len(shown) < len(rows):
        left_out = [r for r in rows if r[1] < RARE * table.total]
        said = n_(
            "({count} rarer value, under {share} each, {mass} in all, is left out here; "
            "--format json lists every value)",
            "({count} rarer values, each under {share}, {mass} in all, are left out here; "
            "--format json lists every value)",
            len(left_out),
            count=number(len(left_out)),
            share=numeral(f"{100 * RARE:g}") + percent_sign(),
            mass=share_text(sum(r[1] for r in left_out) / table.total),
        )
        lines.append([("    " + said, "dim")])
    return lines


def _grouped(rows: list[tuple[int, int, int, int]]) -> list[tuple[str, int, int, int]]:
    """The rows to show, each value its own row, or consecutive values grouped (``1040–1049``) when there are
    more than :data:`MAX_ROWS`: each group's ways summed, its "at least" the first value's, "at most" the last's."""
    if len(rows) <= MAX_ROWS:
        return [(str(value), ways, above, below) for value, ways, above, below in rows]
    size = -(-len(rows) // 50)
    out = []
    for start in range(0, len(rows), size):
        group = rows[start : start + size]
        label = f"{group[0][0]}–{group[-1][0]}" if len(group) > 1 else str(group[0][0])
        out.append((label, sum(r[1] for r in group), group[0][2], group[-1][3]))
    return out


def render(odds: DiceOdds, fmt: str) -> None:
    """The odds on standard output in ``fmt`` (json, jsonl, rich or text)."""
    write(fmt, odds.to_json, odds.question.text, lambda fine: view(odds, fine=fine))


def svg(odds: DiceOdds) -> str:
    """The table as a picture: bars of P(= n) and the line of P(≥ n) on one 0–100% scale, as an attack's odds
    (:func:`tabroll.render.svg.distribution_svg`), titled with the question and its chief figures."""
    from tabroll.render.svg import Series, distribution_svg

    table = odds.table
    figures = []
    success = odds.success()
    if success is not None:
        figures.append(_("P(success) {share}", share=share_text(success.value) + success.fraction(" ")))
    figures += [
        _("P({name}) {share}", name=side_word(name), share=share_text(f.value) + f.fraction(" "))
        for name, f in odds.versus().items()
    ]
    measured = subject(odds)
    if odds.exact:
        head = _("dice odds (exact)")
    else:
        head = n_("dice odds (simulated, {count} trial)", "dice odds (simulated, {count} trials)", table.total,
                  count=number(table.total))  # fmt: skip
    lines = [head, *([", ".join(figures)] if figures else [])]
    rows = [r for r in table.rows() if len(table.points) <= 120 or r[1] >= RARE * table.total]
    bars, at_least = [], []
    for value, ways, above, _below in rows:
        exact, least = table.share(ways), table.share(above)
        tip = (
            f"= {value}: {share_text(exact.value)}{exact.fraction()}; "
            f"≥ {value}: {share_text(least.value)}{least.fraction()}"
        )
        bars.append((value, ways / table.total, tip))
        at_least.append((value, above / table.total))
    sd = decimal(table.sd())
    label = _("{subject}: mean {mean}, sd {sd}", subject=measured, mean=mean_text(table.mean()), sd=sd)
    return distribution_svg(odds.question.text, lines, [Series(label, bars, at_least)], f"{measured} (n)",
                            document_title=_("{question}: dice odds", question=odds.question.text))  # fmt: skip
