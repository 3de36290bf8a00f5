"""The screen of attacks to defeat (``tabroll odds … --until defeat``): a short table of k, P(defeated at the k-th
attack or round), P(defeated within k) and a bar, under the mean; in text, Rich or JSON (the one attack's odds
document with an ``until`` field)."""

from __future__ import annotations

import sys
from typing import Any, Protocol

from tabroll.odds.figures import Estimate, Report, plural, share_text
from tabroll.odds.until_figures import Until
from tabroll.render.bars import BAR_WIDTH, bar

Line = list[tuple[str, str]]  # pieces of a line, each with its Rich style ("" for none)


class TimeLimitShown(Protocol):
    """A time limit as the JSON document gives it (:class:`tabroll.odds.api.TimeLimit` is one)."""

    def to_json(self) -> dict[str, Any]: ...


SHOWN_UNTIL = 0.00005
"""The table stops at the first count after which less than this is left to happen (the JSON has every count)."""

LONGEST_FRACTION = 24
"""An exact figure is shown as a fraction too when it is at most this long (a chain's fractions grow fast)."""


def _figure(e: Estimate, *, mean: str = "") -> str:
    """A probability (or, with ``mean``, a mean in those units): its interval when estimated, its fraction when
    exact and short."""
    text = f"{e.value:.3f} {mean}" if mean else share_text(e.value)
    if e.low is not None and e.high is not None:
        low, high = (f"{e.low:.3f}", f"{e.high:.3f}") if mean else (share_text(e.low), share_text(e.high))
        text += f" (95% CI {low}–{high})"
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


def until_view(until: Until, *, width: int = BAR_WIDTH // 2, fine: bool = False) -> list[Line]:
    """The figures as lines of styled segments (plain text joins them, Rich colours them)."""
    word = until.counts
    how = (
        f"exact, over {plural(until.samples, 'resolution')}; at most {plural(until.states, 'state')} before an attack"
        if until.method == "exact"
        else f"Monte Carlo, {plural(until.samples, 'chain')}; ± is the 95% confidence interval"
    )
    lines: list[Line] = [[(f"{word} to defeat {until.target}, at most {until.cap} ({how})", "bold")]]
    lines.append([(f"  {until.between}", "dim")])
    if until.note:
        lines.append([(f"  {until.note}", "dim")])
    if until.mean is not None:
        lines.append(
            [
                ("  mean ", ""),
                (_figure(until.mean, mean=word), "bold yellow"),
                (f", when {until.target} falls within {until.cap}", ""),
            ]
        )
    lines.append([(f"  P(defeated within {until.cap} {word}) = ", ""), (_figure(until.defeated), "bold yellow")])
    if until.standing.value:
        lines.append([(f"  P(still standing after {until.cap} {word}) = ", ""), (_figure(until.standing), "bold")])
    for reason, e in until.could_not.items():
        lines.append([("  P(could not attack again) = ", ""), (_figure(e), "bold"), (f"  ({reason})", "")])
    shown = shown_rows(until)
    label = max(len(str(shown)), 1)
    scale = "0%" + "100%".rjust(width - 2) if width >= 8 else ""
    lines.append([(f"    {'k':>{label}}  {'at k':>7}  {'within k':>8}  {scale}", "dim")])
    for row in until.rows[:shown]:
        dim = "dim" if row.defeated.value == 0 else ""
        line: Line = [
            (f"    {row.count:>{label}}  ", dim),
            (f"{share_text(row.defeated.value):>7}", dim),
            (f"  {share_text(row.within.value):>8}  ", dim or "cyan"),
            (bar(row.defeated.value, width, fine=fine), "green"),
        ]
        if row.could_not.value:
            line.append((f"  could not attack: {share_text(row.could_not.value)}", "dim"))
        lines.append(line)
    if shown < len(until.rows):
        lines.append(
            [(f"    (after {shown}: less than {share_text(SHOWN_UNTIL)} left; JSON lists every count)", "dim")]
        )
    return lines


def render_until(
    report: Report,
    until: Until,
    fmt: str,
    *,
    title: str,
    ruleset: str,
    limit: TimeLimitShown | None = None,
) -> None:
    """``tabroll odds … --until defeat`` on standard output: in JSON the one attack's document with the chain's
    figures under ``until``; in text or Rich the title and the chain's table."""
    if fmt in ("json", "jsonl"):
        import json

        document: dict[str, Any] = {**report.to_json(), "title": title, "ruleset": ruleset}
        if limit is not None:
            document["time_limit"] = limit.to_json()
        document["until"] = until.to_json()
        indent = None if fmt == "jsonl" else 2
        sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=indent) + "\n")
        return
    from tabroll.render.odds import write_view

    write_view(title, lambda fine: until_view(until, fine=fine), fmt)


def until_svg(until: Until, title: str, *, game: str = "") -> str:
    """The picture of the chain (``--until defeat --svg``): a bar of P(defeated at the k-th attack) for each k and
    the line of P(defeated within k), on one 0–100% scale, with the mean and what was counted in the legend."""
    from tabroll.render.svg import Series, distribution_svg

    how = "exact" if until.method == "exact" else f"Monte Carlo, {plural(until.samples, 'chain')}"
    counted = until.counts.removesuffix("s")
    lines = [
        f"{game}: {until.counts} to defeat {until.target}, at most {until.cap} ({how})" if game else
        f"{until.counts} to defeat {until.target}, at most {until.cap} ({how})",
        f"P(defeated within {until.cap}) {share_text(until.defeated.value)}; {until.between}",
    ]  # fmt: skip
    bars = [
        (row.count, row.defeated.value, f"defeated at {counted} {row.count}: {share_text(row.defeated.value)}; "
         f"within {row.count}: {share_text(row.within.value)}")
        for row in until.rows
    ]  # fmt: skip
    mean = "never within the cap" if until.mean is None else f"mean {until.mean.value:.3f}"
    series = Series(f"{until.target}: {mean}", bars, [(row.count, row.within.value) for row in until.rows])
    reading = (f"bars: P(defeated at {counted} k);  line: P(defeated within k {until.counts})",)
    return distribution_svg(
        title, lines, [series], f"{until.counts} (k)", document_title=f"{title} ({game})" if game else title,
        reading=reading,
    )  # fmt: skip
