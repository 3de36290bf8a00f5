"""From a tally to a report: exact fractions (or estimates with 95% confidence intervals), as data for JSON
and as a readable view with bar charts for people."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabroll.odds.bars import BAR_WIDTH, bar
from tabroll.odds.bars import plural as plural  # shown by the other odds views too
from tabroll.odds.bars import share_text as share_text
from tabroll.odds.measures import ATTACK, GAME, HAPPENS, Key, generic_kind
from tabroll.odds.tally import Tally

ODDS_FORMAT = "tabroll.odds"
ODDS_FORMAT_VERSION = 2
Z95 = 1.959963984540054


@dataclass
class Estimate:
    """A probability or a mean: exact (a fraction) or estimated (a float with a 95% interval)."""

    value: float
    exact: Fraction | None = None
    low: float | None = None
    high: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value}
        if self.exact is not None:
            out["exact"] = str(self.exact)
        if self.low is not None and self.high is not None:
            out["ci95"] = [self.low, self.high]
        return out

    def percent(self) -> str:
        text = f"{100 * self.value:.2f}%"
        if self.low is not None and self.high is not None:
            text += f" (95% CI {100 * self.low:.2f}–{100 * self.high:.2f}%)"
        return text


@dataclass
class Block:
    """The figures of one part of the outcome: the attack's own, one thing that followed it, or the game's own
    measures. Flags are probabilities; levels and changes are distributions with a mean."""

    label: str = ""
    probabilities: dict[str, Estimate] = field(default_factory=dict)
    distributions: dict[str, list[tuple[Any, Estimate]]] = field(default_factory=dict)
    means: dict[str, Estimate] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    starts: dict[str, int] = field(default_factory=dict)
    at_least: dict[str, list[tuple[Any, Estimate]]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.probabilities or self.distributions)

    def unchanged(self) -> list[str]:
        """The measures whose value is the same in every outcome as before the action (never true flags,
        changes always 0, levels always at ``before``; given as ``starts``)."""
        out = []
        for name, kind in self.kinds.items():
            if kind == "flag":
                if self.probabilities[name].value == 0:
                    out.append(name)
            elif len(self.distributions[name]) == 1 and self.distributions[name][0][0] == self.starts.get(name, 0):
                out.append(name)
        return out

    def figures_json(self, *, skip: tuple[str, ...] = ()) -> dict[str, Any]:
        return {
            "probabilities": {name: e.to_json() for name, e in self.probabilities.items() if name not in skip},
            "distributions": {
                name: {
                    "mean": self.means[name].to_json(),
                    "values": [{"outcome": v, **e.to_json()} for v, e in points],
                    "at_least": self._at_least_json(name),
                }
                for name, points in self.distributions.items()
            },
        }

    def measures_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, kind in self.kinds.items():
            if name in self.probabilities:
                out[name] = {"kind": kind, **self.probabilities[name].to_json()}
            else:
                out[name] = {
                    "kind": kind,
                    "mean": self.means[name].to_json(),
                    "values": [{"outcome": v, **e.to_json()} for v, e in self.distributions[name]],
                    "at_least": self._at_least_json(name),
                }
        return out

    def _at_least_json(self, name: str) -> list[dict[str, Any]]:
        return [{"outcome": v, **e.to_json()} for v, e in self.at_least.get(name, [])]


@dataclass
class Report:
    """The odds of one action: the declared attack's own figures (``attack``), what followed it
    (``follow_ups``, one block per label, each with the probability that it happens) and the game's own
    measures (``game``). ``unreported`` lists declared measures no outcome reported, ``undeclared`` measures
    an outcome reported without declaring them: both are defects of the ruleset, shown rather than guessed."""

    method: str
    samples: int
    attack: Block = field(default_factory=Block)
    follow_ups: list[Block] = field(default_factory=list)
    game: Block = field(default_factory=Block)
    refused: dict[str, Estimate] = field(default_factory=dict)
    note: str = ""
    unreported: list[str] = field(default_factory=list)
    undeclared: list[str] = field(default_factory=list)

    @property
    def always_refused(self) -> bool:
        """The rules refuse the action whatever the dice (as ``tabroll attack`` would, with exit code 1)."""
        if not self.refused:
            return False
        estimates = list(self.refused.values())
        if all(e.exact is not None for e in estimates):
            return sum((e.exact for e in estimates if e.exact is not None), Fraction(0)) == 1
        return sum(e.value for e in estimates) >= 1.0

    @property
    def probabilities(self) -> dict[str, Estimate]:
        """The attack's own probabilities (P(hit), P(hit: unit), P(defeated: unit))."""
        return self.attack.probabilities

    @property
    def distributions(self) -> dict[str, list[tuple[Any, Estimate]]]:
        return self.attack.distributions

    @property
    def means(self) -> dict[str, Estimate]:
        return self.attack.means

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": ODDS_FORMAT,
            "version": ODDS_FORMAT_VERSION,
            "method": self.method,
            "samples": self.samples,
            "note": self.note,
            "refused": {reason: e.to_json() for reason, e in self.refused.items()},
            **self.attack.figures_json(),
            "follow_ups": [
                {
                    "label": block.label,
                    "happens": block.probabilities[HAPPENS].to_json(),
                    **block.figures_json(skip=(HAPPENS,)),
                }
                for block in self.follow_ups
            ],
            "measures": self.game.measures_json(),
        }
        if self.unreported or self.undeclared:
            out["defects"] = {"unreported": self.unreported, "undeclared": self.undeclared}
        return out


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval at 95% for a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _estimate(mass: Any, total: Any, exact: bool) -> Estimate:
    if exact:
        fraction = Fraction(mass) / Fraction(total) if total else Fraction(0)
        return Estimate(value=float(fraction), exact=fraction)
    low, high = wilson(int(mass), int(total))
    return Estimate(value=mass / total if total else 0.0, low=low, high=high)


def build_report(tally: Tally, *, exact: bool, samples: int, note: str = "") -> Report:
    report = Report(method="exact" if exact else "monte_carlo", samples=samples, note=note)
    total = tally.weight
    for reason, mass in sorted(tally.refused.items()):
        report.refused[reason] = _estimate(mass, total, exact)
    resolved = total - sum(tally.refused.values(), 0)
    declared = tally.declared
    keys = list(tally.values)
    if resolved:  # a declared measure is shown (filled by its kind) and checked only when something resolved
        keys += [(GAME, name) for name in declared if (GAME, name) not in tally.values]
        report.unreported = [name for name in declared if (GAME, name) not in tally.values]
    report.undeclared = sorted(tally.undeclared)
    blocks: dict[str, Block] = {}
    game_order = {name: i for i, name in enumerate(declared)}
    for part, name in sorted(keys, key=lambda k: _order(k, game_order)):
        block = report.game if part == GAME else report.attack if part == ATTACK else None
        if block is None:
            block = blocks.setdefault(part, Block(label=part))
        bucket = dict(tally.values.get((part, name), {}))
        if part == GAME:
            spec = declared.get(name)
            if spec is not None:
                kind, fill = spec.kind, spec.missing()
            else:
                kind, fill = ("flag", False) if {type(v) for v in bucket} <= {bool} else ("change", 0)
        else:
            kind = generic_kind(name)
            fill = False if kind == "flag" else 0
        block.kinds[name] = kind
        block.starts[name] = int(fill)
        missing = resolved - sum(bucket.values(), 0)
        if missing:
            bucket[fill] = bucket.get(fill, 0) + missing
        if kind == "flag":
            block.probabilities[name] = _estimate(bucket.get(True, 0), total, exact)
            continue
        points = sorted((int(v), m) for v, m in bucket.items())
        block.distributions[name] = [(value, _estimate(mass, resolved, exact)) for value, mass in points]
        block.at_least[name] = _at_least(points, resolved, exact)
        block.means[name] = _mean(dict(points), resolved, exact)
    report.follow_ups = [blocks[label] for label in sorted(blocks)]
    return report


def _at_least(points: list[tuple[int, Any]], total: Any, exact: bool) -> list[tuple[int, Estimate]]:
    """P(value ≥ n) for each value n of a distribution (``points`` sorted by value), summed from the top."""
    out: list[tuple[int, Estimate]] = []
    mass: Any = 0
    for value, m in reversed(points):
        mass += m
        out.append((value, _estimate(mass, total, exact)))
    return out[::-1]


def _order(key: Key, game_order: dict[str, int]) -> tuple[int, int, str]:
    part, name = key
    if part == GAME:
        return (0, game_order.get(name, len(game_order)), name)
    if name in ("hit", HAPPENS):
        rank = 0
    elif name.startswith("hit"):
        rank = 1
    elif name.startswith("defeated"):
        rank = 2
    elif name == "damage":
        rank = 3
    else:
        rank = 4
    return (rank, 0, name)


def _mean(bucket: dict[Any, Any], total: Any, exact: bool) -> Estimate:
    if not total:
        return Estimate(value=0.0)
    if exact:
        mean = sum((Fraction(v) * Fraction(m) for v, m in bucket.items()), Fraction(0)) / Fraction(total)
        return Estimate(value=float(mean), exact=mean)
    n = int(total)
    mean_f = sum(v * m for v, m in bucket.items()) / n
    variance = sum(m * (v - mean_f) ** 2 for v, m in bucket.items()) / max(1, n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(value=mean_f, low=mean_f - half, high=mean_f + half)


Segment = tuple[str, str]  # a piece of a line and its Rich style ("" for none)
Line = list[Segment]


def report_lines(report: Report, *, width: int = BAR_WIDTH) -> list[str]:
    """The report as plain lines, with a bar chart of every distribution (``#`` bars, readable anywhere)."""
    return ["".join(text for text, _ in line) for line in report_view(report, width=width)]


def report_view(report: Report, *, width: int = BAR_WIDTH, fine: bool = False) -> list[Line]:
    """The report as lines of styled segments (plain text joins them, Rich colours them).

    Three blocks: the declared attack's own figures, then each thing that followed it (with the probability
    that it happens, over every outcome), then the game's own measures after the action. Each distribution
    has a chart: the value, P(exactly it), P(at least it) and a bar scaled so that 100% is ``width`` wide."""
    how = (
        f"exact, over {plural(report.samples, 'dice outcome')}"
        if report.method == "exact"
        else f"Monte Carlo, {plural(report.samples, 'trial')}; ± is the 95% confidence interval"
    )
    lines: list[Line] = [[(f"odds ({how})", "")]]
    if report.note:
        lines.append([(report.note, "dim")])
    for reason, e in report.refused.items():
        lines.append([("  refused by the rules: ", ""), (e.percent(), "bold"), (f"  ({reason})", "")])
    if report.attack:
        lines.append([("the attack itself:", "bold")])
        lines += _block_view(report.attack, width, fine, per_target=("hit: ", "damage to "))
    for block in report.follow_ups:
        # After an attack, what follows it; in an action where several units act (a whole phase), each one's part.
        lines.append([(f"then, {block.label}:" if report.attack else f"{block.label}:", "bold")])
        lines.append(_probability(block.label, block.probabilities[HAPPENS]))
        lines += _block_view(block, width, fine, skip=(HAPPENS,))
    if report.game:
        lines.append([("after the action:", "bold")])
        steady = report.game.unchanged()
        lines += _block_view(report.game, width, fine, kinds=True, skip=tuple(steady))
        if steady:
            lines.append([(f"  unchanged in every outcome: {', '.join(steady)}", "dim")])
    for name in report.unreported:
        lines.append([(f"  defect: {name} is declared but no outcome reports it", "red")])
    for name in report.undeclared:
        lines.append([(f"  defect: {name} is reported but not declared", "red")])
    return lines


def _fraction(e: Estimate) -> str:
    return f"  = {e.exact}" if e.exact is not None and e.exact.denominator != 1 else ""


def _probability(name: str, e: Estimate) -> Line:
    return [(f"  P({name}) = ", ""), (e.percent(), "bold yellow" if e.value else "dim"), (_fraction(e), "")]


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
        shown = f"{mean.value:.3f}" + (f" = {mean.exact}" if mean.exact is not None else "")
        if mean.low is not None and mean.high is not None:
            shown += f" (95% CI {mean.low:.3f}–{mean.high:.3f})"
        label = f"{name} ({block.kinds[name]})" if kinds else name
        lines.append([(f"  {label}: mean ", ""), (shown, "bold yellow")])
        if target_figure:
            continue  # the chart of the total is enough on screen; JSON has every distribution
        lines += _chart(points, block.at_least.get(name, []), width, fine)
    return lines


def _chart(
    points: list[tuple[Any, Estimate]], at_least: list[tuple[Any, Estimate]], width: int, fine: bool
) -> list[Line]:
    """One row per value: the value, P(exactly it), P(at least it), and a bar of P(exactly it) on a scale where
    100% is ``width`` characters (so bars of different charts compare)."""
    label_width = max((len(str(v)) for v, _ in points), default=1)
    above = dict(at_least)
    scale = "0%" + "100%".rjust(width - 2) if width >= 8 else ""
    lines: list[Line] = [[(f"    {'':>{label_width}}  {'exactly':>7}  {'at least':>8}  {scale}", "dim")]]
    for value, e in points:
        least = above.get(value)
        least_text = share_text(least.value) if least is not None else ""
        dim = "dim" if e.value == 0 else ""
        lines.append(
            [
                (f"    {value!s:>{label_width}}  ", dim),
                (f"{share_text(e.value):>7}", dim),
                (f"  {least_text:>8}  ", dim or "cyan"),
                (bar(e.value, width, fine=fine), "green"),
            ]
        )
    return lines


def render_report(report: Report, fmt: str, *, title: str) -> None:
    """The text or Rich view of a report on standard output (JSON is the caller's, with its own header)."""
    import sys

    from tabroll.words import visible  # names and refusals came from a file: no control character reaches a terminal

    if fmt == "rich":
        from rich.console import Console
        from rich.text import Text

        console = Console(highlight=False)
        console.print(Text(visible(title), style="bold"))
        for line in report_view(report, fine=True):
            text = Text()
            for piece, style in line:
                text.append(visible(piece), style=style or None)
            console.print(text, soft_wrap=True)
        return
    lines = [title, *report_lines(report)]
    sys.stdout.write("\n".join(visible(line.rstrip()) for line in lines) + "\n")
