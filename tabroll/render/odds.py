"""The screens of an action's odds (``tabroll odds``, ``tabroll play``): plain lines with ``#`` bar charts, the
same lines as styled segments for Rich, and the whole document in text, Rich or JSON on standard output."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from tabroll.i18n import _, n_, number, p_, percent
from tabroll.odds.figures import HAPPENS, Block, Estimate, Report, figure_name, share_text
from tabroll.render.bars import BAR_WIDTH, Line, bar, cells, decimal, interval
from tabroll.words import visible  # names and refusals came from a file: no control character reaches a terminal


class TimeLimitShown(Protocol):
    """A time limit as the JSON document gives it (:class:`tabroll.odds.api.TimeLimit` is one)."""

    def to_json(self) -> dict[str, Any]: ...


def report_lines(report: Report, *, width: int = BAR_WIDTH) -> list[str]:
    """The report as plain lines, with a bar chart of every distribution (``#`` bars, readable anywhere)."""
    return ["".join(text for text, _ in line) for line in report_view(report, width=width)]


def report_view(report: Report, *, width: int = BAR_WIDTH, fine: bool = False) -> list[Line]:
    """The report as lines of styled segments (plain text joins them, Rich colours them).

    Three blocks: the declared attack's own figures, then each thing that followed it (with the probability
    that it happens, over every outcome), then the game's own measures after the action. Each distribution
    has a chart: the value, P(exactly it), P(at least it) and a bar scaled so that 100% is ``width`` wide."""
    count = number(report.samples)
    if report.method == "exact":
        how = n_(
            "odds (exact, over {count} dice outcome)", "odds (exact, over {count} dice outcomes)", report.samples,
            count=count,
        )  # fmt: skip
    else:
        how = n_(
            "odds (Monte Carlo, {count} trial; ± is the 95% confidence interval)",
            "odds (Monte Carlo, {count} trials; ± is the 95% confidence interval)",
            report.samples,
            count=count,
        )
    lines: list[Line] = [[(how, "")]]
    if report.note:
        lines.append([(report.note, "dim")])
    for reason, e in report.refused.items():
        lines.append([("  " + _("refused by the rules:") + " ", ""), (e.percent(), "bold"), (f"  ({reason})", "")])
    if report.attack:
        lines.append([(_("the attack itself:"), "bold")])
        lines += _block_view(report.attack, width, fine, per_target=("hit: ", "damage to "))
    for block in report.follow_ups:
        # After an attack, what follows it; in an action where several units act (a whole phase), each one's part.
        label = figure_name(block.label)
        lines.append([(_("then, {part}:", part=label) if report.attack else _("{part}:", part=label), "bold")])
        lines.append(_probability(block.label, block.probabilities[HAPPENS]))
        lines += _block_view(block, width, fine, skip=(HAPPENS,))
    if report.game:
        lines.append([(_("after the action:"), "bold")])
        steady = report.game.unchanged()
        lines += _block_view(report.game, width, fine, kinds=True, skip=tuple(steady))
        if steady:
            names = _(", ").join(figure_name(name) for name in steady)
            lines.append([("  " + _("unchanged in every outcome: {names}", names=names), "dim")])
    for name in report.unreported:
        lines.append([("  " + _("defect: {name} is declared but no outcome reports it", name=name), "red")])
    for name in report.undeclared:
        lines.append([("  " + _("defect: {name} is reported but not declared", name=name), "red")])
    return lines


def _probability(name: str, e: Estimate) -> Line:
    return [
        ("  " + _("P({name}) = ", name=figure_name(name)), ""),
        (e.percent(), "bold yellow" if e.value else "dim"),
        (e.fraction(), ""),
    ]


def _block_view(
    block: Block,
    width: int,
    fine: bool,
    *,
    per_target: tuple[str, ...] = (),
    skip: tuple[str, ...] = (),
    kinds: bool = False,
) -> list[Line]:
    lines: list[Line] = []
    # Per-target figures of the attack are shown when it can strike more than one unit (else: the total).
    several = {p: sum(1 for n in block.kinds if n.startswith(p)) > 1 for p in per_target}
    for name, e in block.probabilities.items():
        if name in skip or any(name.startswith(p) and not several[p] for p in per_target):
            continue
        lines.append(_probability(name, e))
    for name, points in block.distributions.items():
        if name in skip:
            continue
        target_figure = any(name.startswith(p) for p in per_target)
        if target_figure and not any(several[p] for p in per_target if name.startswith(p)):
            continue
        mean = block.means[name]
        exact = f" = {mean.exact}" if mean.exact is not None else ""
        shown = decimal(mean.value) + exact + interval(mean, decimal)
        label = (
            _("{name} ({kind})", name=figure_name(name), kind=kind_word(block.kinds[name]))
            if kinds
            else figure_name(name)
        )
        lines.append([("  " + _("{name}: mean ", name=label), ""), (shown, "bold yellow")])
        if target_figure and "damage" in block.distributions:
            continue  # the chart of the total is enough on screen; JSON has every distribution
        above = dict(block.at_least.get(name, []))
        rows = [(str(value), e.value, share_text(above[value].value) if value in above else "") for value, e in points]
        lines += share_chart((_("exactly"), _("at least")), rows, width, fine)
    return lines


def share_chart(
    heads: tuple[str, str], rows: list[tuple[str, float, str]], width: int, fine: bool, corner: str = ""
) -> list[Line]:
    """One row per value: its label, its share (under the first head), a second figure (under the second: at
    least, within…) and a bar of the share on a scale where 100% is ``width`` characters (so bars of different
    charts compare). A row whose share is 0 is dim."""
    label_width = max([len(corner), *(len(label) for label, _share, _second in rows)] if rows else [1])
    scale = (low := percent(0)) + percent(1).rjust(width - len(low)) if width >= 8 else ""
    widest = cells(share_text(1.0))  # 100.00%: 7 columns in English, 8 where the sign has a space before it
    wide = (max(widest, cells(heads[0])), max(widest + 1, cells(heads[1])))
    head = f"    {corner:>{label_width}}  {right(heads[0], wide[0])}  {right(heads[1], wide[1])}  {scale}"
    lines: list[Line] = [[(head, "dim")]]
    for label, share, second in rows:
        dim = "dim" if share == 0 else ""
        lines.append(
            [
                (f"    {label:>{label_width}}  ", dim),
                (f"{share_text(share):>{wide[0]}}", dim),
                (f"  {second:>{wide[1]}}  ", dim or "cyan"),
                (bar(share, width, fine=fine), "green"),
            ]
        )
    return lines


def right(text: str, width: int) -> str:
    """``text`` after the spaces that bring it to ``width`` columns (``str.rjust`` counts characters)."""
    return " " * max(width - cells(text), 0) + text


def kind_word(kind: str) -> str:
    """A measure's kind (``flag``, ``change``, ``level``: its JSON value) as people read it."""
    words = {"flag": p_("measure", "flag"), "change": p_("measure", "change"), "level": p_("measure", "level")}
    return words.get(kind, kind)


def write(
    fmt: str, document: Callable[[], Mapping[str, Any]], title: str | None, view: Callable[[bool], list[Line]]
) -> None:
    """On standard output, the JSON ``document()`` (indented for ``json``, on one line for ``jsonl``), or a title
    (if any) and the lines of styled segments ``view(fine)`` gives: coloured with Rich (and the bars' fine
    eighths), or as plain text."""
    if fmt in ("json", "jsonl"):
        import json

        sys.stdout.write(json.dumps(document(), ensure_ascii=False, indent=None if fmt == "jsonl" else 2) + "\n")
        return
    if fmt == "rich":
        from rich.console import Console
        from rich.text import Text

        console = Console(highlight=False)
        if title is not None:
            console.print(Text(visible(title), style="bold"))
        for line in view(True):
            console.print(Text.assemble(*((visible(piece), style) for piece, style in line)), soft_wrap=True)
        return
    lines = [*([] if title is None else [title]), *("".join(piece for piece, _ in line) for line in view(False))]
    sys.stdout.write("\n".join(visible(line.rstrip()) for line in lines) + "\n")


def odds_document(report: Report, *, title: str, ruleset: str, limit: TimeLimitShown | None = None) -> dict[str, Any]:
    """The JSON document of an action's odds (``tabroll.odds``): the report's figures, its title and game, and the
    time limit it was worked out under."""
    document = {**report.to_json(), "title": title, "ruleset": ruleset}
    if limit is not None:
        document["time_limit"] = limit.to_json()
    return document


def render_odds(report: Report, fmt: str, *, title: str, ruleset: str, limit: TimeLimitShown | None = None) -> None:
    document = lambda: odds_document(report, title=title, ruleset=ruleset, limit=limit)  # noqa: E731
    write(fmt, document, title, lambda fine: report_view(report, fine=fine))
