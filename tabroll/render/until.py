"""The screen of attacks to defeat (``tabroll odds … --until defeat``): a short table of k, P(defeated at the k-th
attack or round), P(defeated within k) and a bar, under the mean; in text, Rich or JSON (the one attack's odds
document with an ``until`` field)."""

from __future__ import annotations

from typing import Any

from tabroll.i18n import _, n_, number, p_
from tabroll.odds.figures import Estimate, Report, share_text
from tabroll.odds.until_figures import Until
from tabroll.render.bars import BAR_WIDTH, Line, decimal, interval
from tabroll.render.odds import TimeLimitShown, odds_document, share_chart, write

SHOWN_UNTIL = 0.00005
"""The table stops at the first count after which less than this is left to happen (the JSON has every count)."""

LONGEST_FRACTION = 24
"""An exact figure is shown as a fraction too when it is at most this long (a chain's fractions grow fast)."""


def _figure(e: Estimate, *, mean: str = "") -> str:
    """A probability (or, with ``mean``, a mean in those units): its interval when estimated, its fraction when
    exact and short."""
    text = f"{decimal(e.value)} {mean}" if mean else share_text(e.value)
    text += interval(e, decimal if mean else share_text)
    if e.exact is not None and e.exact.denominator != 1 and len(str(e.exact)) <= LONGEST_FRACTION:
        text += f"  = {e.exact}"
    return text


def shown_rows(until: Until) -> int:
    """How many counts the table shows: up to the first after which less than :data:`SHOWN_UNTIL` is left."""
    ended = 0.0
    for index, row in enumerate(until.rows):
        ended += row.defeated.value + row.could_not.value
        if 1 - ended < SHOWN_UNTIL:
            return index + 1
    return len(until.rows)


def counted(until: Until) -> str:
    """What one attack is counted as (``until.counts``, a JSON value), as a unit of the mean: rounds or attacks."""
    return p_("until", "rounds") if until.counts == "rounds" else p_("until", "attacks")


def _how(until: Until) -> str:
    if until.method == "exact":
        return _(
            "exact, over {resolutions}; at most {states} before an attack",
            resolutions=n_("{count} resolution", "{count} resolutions", until.samples, count=number(until.samples)),
            states=n_("{count} state", "{count} states", until.states, count=number(until.states)),
        )
    return n_(
        "Monte Carlo, {count} chain; ± is the 95% confidence interval",
        "Monte Carlo, {count} chains; ± is the 95% confidence interval",
        until.samples,
        count=number(until.samples),
    )


def _headline(until: Until, how: str) -> str:
    if until.counts == "rounds":
        return _("rounds to defeat {target}, at most {cap} ({how})", target=until.target, cap=until.cap, how=how)
    return _("attacks to defeat {target}, at most {cap} ({how})", target=until.target, cap=until.cap, how=how)


def until_view(until: Until, *, width: int = BAR_WIDTH // 2, fine: bool = False) -> list[Line]:
    """The figures as lines of styled segments (plain text joins them, Rich colours them)."""
    rounds = until.counts == "rounds"
    cap = until.cap
    lines: list[Line] = [[(_headline(until, _how(until)), "bold")], [(f"  {until.between}", "dim")]]
    if until.note:
        lines.append([(f"  {until.note}", "dim")])
    if until.mean is not None:
        lines.append(
            [
                ("  " + _("mean") + " ", ""),
                (_figure(until.mean, mean=counted(until)), "bold yellow"),
                (_(", when {target} falls within {cap}", target=until.target, cap=cap), ""),
            ]
        )
    within = (
        n_("P(defeated within {n} round) = ", "P(defeated within {n} rounds) = ", cap)
        if rounds
        else n_("P(defeated within {n} attack) = ", "P(defeated within {n} attacks) = ", cap)
    )
    lines.append([("  " + within, ""), (_figure(until.defeated), "bold yellow")])
    if until.standing.value:
        after = (
            n_("P(still standing after {n} round) = ", "P(still standing after {n} rounds) = ", cap)
            if rounds
            else n_("P(still standing after {n} attack) = ", "P(still standing after {n} attacks) = ", cap)
        )
        lines.append([("  " + after, ""), (_figure(until.standing), "bold")])
    for reason, e in until.could_not.items():
        lines.append([("  " + _("P(could not attack again) = "), ""), (_figure(e), "bold"), (f"  ({reason})", "")])
    shown = shown_rows(until)
    rows = [(str(row.count), row.defeated.value, share_text(row.within.value)) for row in until.rows[:shown]]
    chart = share_chart((_("at k"), _("within k")), rows, width, fine, corner="k")
    for row, line in zip(until.rows[:shown], chart[1:], strict=True):
        if row.could_not.value:
            line.append(("  " + _("could not attack: {share}", share=share_text(row.could_not.value)), "dim"))
    lines += chart
    if shown < len(until.rows):
        left = share_text(SHOWN_UNTIL)
        said = _("(after {shown}: less than {share} left; JSON lists every count)", shown=shown, share=left)
        lines.append([("    " + said, "dim")])
    return lines


def until_document(
    report: Report, until: Until, *, title: str, ruleset: str, limit: TimeLimitShown | None = None
) -> dict[str, Any]:
    """The JSON document of ``--until defeat``: the one attack's odds document with the chain's figures under
    ``until``."""
    return {**odds_document(report, title=title, ruleset=ruleset, limit=limit), "until": until.to_json()}


def render_until(
    report: Report, until: Until, fmt: str, *, title: str, ruleset: str, limit: TimeLimitShown | None = None
) -> None:
    """``tabroll odds … --until defeat`` on standard output: in JSON the one attack's document with the chain's
    figures under ``until``; in text or Rich the title and the chain's table."""
    document = lambda: until_document(report, until, title=title, ruleset=ruleset, limit=limit)  # noqa: E731
    write(fmt, document, title, lambda fine: until_view(until, fine=fine))


def until_svg(until: Until, title: str, *, game: str = "") -> str:
    """The picture of the chain (``--until defeat --svg``): a bar of P(defeated at the k-th attack) for each k and
    the line of P(defeated within k), on one 0–100% scale, with the mean and what was counted in the legend."""
    from tabroll.render.svg import Series, distribution_svg

    how = (
        _("exact")
        if until.method == "exact"
        else n_("Monte Carlo, {count} chain", "Monte Carlo, {count} chains", until.samples, count=number(until.samples))
    )
    headline = _headline(until, how)
    rounds = until.counts == "rounds"
    lines = [
        _("{game}: {headline}", game=game, headline=headline) if game else headline,
        _(
            "P(defeated within {cap}) {share}; {between}",
            cap=until.cap,
            share=share_text(until.defeated.value),
            between=until.between,
        ),
    ]
    bars = []
    for row in until.rows:
        at, by = share_text(row.defeated.value), share_text(row.within.value)
        tip = (
            _("defeated at round {k}: {at}; within {k}: {within}", k=row.count, at=at, within=by)
            if rounds
            else _("defeated at attack {k}: {at}; within {k}: {within}", k=row.count, at=at, within=by)
        )
        bars.append((row.count, row.defeated.value, tip))
    mean = _("never within the cap") if until.mean is None else _("mean {mean}", mean=decimal(until.mean.value))
    series = Series(f"{until.target}: {mean}", bars, [(row.count, row.within.value) for row in until.rows])
    reading = (
        _("bars: P(defeated at round k);  line: P(defeated within k rounds)")
        if rounds
        else _("bars: P(defeated at attack k);  line: P(defeated within k attacks)"),
    )
    axis = _("rounds (k)") if rounds else _("attacks (k)")
    return distribution_svg(
        title, lines, [series], axis, document_title=f"{title} ({game})" if game else title,
        reading=reading,
    )  # fmt: skip
