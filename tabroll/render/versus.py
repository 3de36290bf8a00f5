"""The screen of two attacks side by side (``tabroll odds … --vs UNIT``): each figure of both with A − B, how
their damage compares, and the two damage distributions on one chart; in text, Rich or JSON."""

from __future__ import annotations

from typing import Any

from tabroll.i18n import _
from tabroll.odds.figures import Estimate, figure_name, share_text
from tabroll.odds.versus import Comparison
from tabroll.render.bars import bar, cells, decimal
from tabroll.render.odds import write

HALF_BAR = 25  # each side's bar at 100% (the two side by side fill the width of one odds chart)


def versus_lines(comparison: Comparison, *, fine: bool = False) -> list[tuple[str, str]]:
    """The comparison as lines, each with its Rich style ("" for none)."""
    a, b = comparison.a, comparison.b
    lines: list[tuple[str, str]] = [(f"A: {a.label}", "bold"), (f"B: {b.label}", "bold"), (_how(comparison), "")]
    for side, name in ((a, "A"), (b, "B")):
        if side.report.note:
            lines.append((f"{name}: {side.report.note}", "dim"))
        for reason, e in side.report.refused.items():
            share = share_text(e.value)
            lines.append(
                (_("{side} is refused by the rules {share} ({reason})", side=name, share=share, reason=reason), "red")
            )
    labels = [row_label(name) for name, *_rest in comparison.rows]
    width = max([cells(label) for label in labels] + [6])
    lines.append((f"  {'':<{width}}  {'A':>9}  {'B':>9}  {'A − B':>9}", "dim"))
    for label, (name, ea, eb, diff) in zip(labels, comparison.rows, strict=True):
        shown = [_figure(name, e) for e in (ea, eb)]
        pad = " " * (width - cells(label))
        lines.append((f"  {label}{pad}  {shown[0]:>9}  {shown[1]:>9}  {_figure(name, diff, signed=True):>9}", ""))
    if (said := _damage_odds(comparison)) is not None:
        lines.append((said, "bold yellow"))
        lines += _chart(comparison.damage, fine)
    return lines


def _how(comparison: Comparison) -> str:
    if comparison.exact:
        return _("odds (exact, each over its own dice outcomes)")
    return _("odds (estimated: at least one side was simulated (see its note); differences have no interval)")


def row_label(name: str) -> str:
    """A row of the comparison (``P(hit)``, ``mean damage``: its JSON name) as people read it."""
    if name.startswith("P(") and name.endswith(")"):
        return _("P({name})", name=figure_name(name[2:-1]))
    if name.startswith("mean "):
        return _("mean {name}", name=figure_name(name.removeprefix("mean ")))
    return name


def _figure(name: str, e: Estimate, *, signed: bool = False) -> str:
    if name.startswith("P("):
        text = share_text(abs(e.value)) if signed else share_text(e.value)
        return ("+" if e.value > 0 else "−" if e.value < 0 else "±") + text if signed and e.value else text
    sign = "+" if signed and e.value > 0 else ""
    return (sign + decimal(e.value)).replace("-", "−")


def _chance(e: Estimate) -> str:
    return share_text(e.value) + e.fraction(" ")


def _chart(points: list[tuple[Any, Estimate, Estimate]], fine: bool) -> list[tuple[str, str]]:
    damage = _("damage")
    label = max([cells(damage), *(len(str(v)) for v, _, _ in points)])
    wide = cells(share_text(1.0))  # 100.00%: 7 columns in English, 8 where the sign has a space before it
    lines = [(f"    {' ' * (label - cells(damage))}{damage}  {'A':>{wide}}  {'B':>{wide}}  {'A':<{HALF_BAR}} B", "dim")]
    for value, ea, eb in points:
        bars = f"{bar(ea.value, HALF_BAR, fine=fine):<{HALF_BAR}} {bar(eb.value, HALF_BAR, fine=fine)}"
        a, b = share_text(ea.value), share_text(eb.value)
        lines.append((f"    {value!s:>{label}}  {a:>{wide}}  {b:>{wide}}  {bars}", ""))
    return lines


def versus_document(comparison: Comparison, *, ruleset: str) -> dict[str, Any]:
    """The JSON document of two attacks compared (``tabroll.odds_versus``), each side with its own odds."""
    return {**comparison.to_json(), "ruleset": ruleset}


def render_versus(comparison: Comparison, fmt: str, *, ruleset: str) -> None:
    """The comparison on standard output, in ``fmt`` (text, rich, json or jsonl)."""
    document = lambda: versus_document(comparison, ruleset=ruleset)  # noqa: E731
    write(fmt, document, None, lambda fine: [[line] for line in versus_lines(comparison, fine=fine)])


def versus_svg(comparison: Comparison, *, game: str = "") -> str:
    """The picture of two attacks side by side (``odds … --vs UNIT --svg FILE``): each attack's damage (else its
    first distribution) as one series, A's and B's bars of P(exactly n) with their lines of P(at least n) on one
    scale, the legend naming each side; the heading says how the damage of one compares with the other's."""
    from tabroll.render.svg import Series, distribution_svg, distributions_drawn, odds_series

    a, b = comparison.a, comparison.b
    series: list[Series] = []
    names: list[str] = []
    for letter, side in (("A", a), ("B", b)):
        chosen = distributions_drawn(side.report)
        if not chosen:
            continue
        said, block, name = chosen[0]
        one = odds_series(said, block, name)
        series.append(Series(f"{letter}: {side.label} · {one.label}", one.bars, one.at_least))
        names.append(name)
    title = f"A: {a.label} · B: {b.label}"
    how = _how(comparison)
    lines = [_("{game}: {odds}", game=game, odds=how) if game else how]
    if (damage := _damage_odds(comparison)) is not None:
        lines.append(damage)
    value_label = f"{', '.join(figure_name(name) for name in dict.fromkeys(names))} (n)"
    return distribution_svg(title, lines, series, value_label, document_title=f"{title} ({game})" if game else title)


def _damage_odds(comparison: Comparison) -> str | None:
    """How often each attack deals more damage, when both damage distributions are known."""
    if comparison.a_more is None or comparison.equal is None or comparison.b_more is None:
        return None
    return _(
        "damage: A deals more {more} · as much {same} · B deals more {less}",
        more=_chance(comparison.a_more),
        same=_chance(comparison.equal),
        less=_chance(comparison.b_more),
    )
