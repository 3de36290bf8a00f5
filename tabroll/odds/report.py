"""From a tally to a report: exact fractions (or estimates with 95% confidence intervals), as data for JSON
and as a readable view with bar charts for people."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabroll.odds.exact import Tally
from tabroll.odds.measures import ATTACK, GAME, HAPPENS, Key, generic_kind

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
                }
        return out


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
        block.means[name] = _mean(dict(points), resolved, exact)
    report.follow_ups = [blocks[label] for label in sorted(blocks)]
    return report


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


def report_lines(report: Report, *, width: int = 40) -> list[str]:
    """The report as plain lines, with a bar chart of every distribution (``#`` bars, readable anywhere).

    Three blocks: the declared attack's own figures, then each thing that followed it (with the probability
    that it happens, over every outcome), then the game's own measures after the action."""
    how = (
        f"exact, over {report.samples:,} dice outcomes"
        if report.method == "exact"
        else f"Monte Carlo, {report.samples:,} trials; ± is the 95% confidence interval"
    )
    lines = [f"odds ({how})"]
    if report.note:
        lines.append(report.note)
    for reason, e in report.refused.items():
        lines.append(f"  refused by the rules: {e.percent()}  ({reason})")
    if report.attack:
        lines.append("the attack itself:")
        lines += _block_lines(report.attack, width, per_target=("hit: ", "damage to "))
    for block in report.follow_ups:
        # After an attack, what follows it; in an action where several units act (a whole phase), each one's part.
        lines.append(f"then, {block.label}:" if report.attack else f"{block.label}:")
        happens = block.probabilities[HAPPENS]
        lines.append(f"  P({block.label}) = {happens.percent()}{_fraction(happens)}")
        lines += _block_lines(block, width, skip=(HAPPENS,))
    if report.game:
        lines.append("after the action:")
        steady = report.game.unchanged()
        lines += _block_lines(report.game, width, kinds=True, skip=tuple(steady))
        if steady:
            lines.append(f"  unchanged in every outcome: {', '.join(steady)}")
    for name in report.unreported:
        lines.append(f"  defect: {name} is declared but no outcome reports it")
    for name in report.undeclared:
        lines.append(f"  defect: {name} is reported but not declared")
    return lines


def _fraction(e: Estimate) -> str:
    return f"  = {e.exact}" if e.exact is not None and e.exact.denominator != 1 else ""


def _block_lines(
    block: Block, width: int, *, per_target: tuple[str, ...] = (), skip: tuple[str, ...] = (), kinds: bool = False
) -> list[str]:
    lines: list[str] = []
    # Per-target figures of the attack are shown when it can strike more than one unit (else: the total).
    several = {p: sum(1 for n in block.kinds if n.startswith(p)) > 1 for p in per_target}
    for name, e in block.probabilities.items():
        if name in skip or any(name.startswith(p) and not several[p] for p in per_target):
            continue
        lines.append(f"  P({name}) = {e.percent()}{_fraction(e)}")
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
        lines.append(f"  {label}: mean {shown}")
        if target_figure:
            continue  # the chart of the total is enough on screen; JSON has every distribution
        top = max((e.value for _, e in points), default=0.0) or 1.0
        label_width = max((len(str(v)) for v, _ in points), default=1)
        for value, e in points:
            bar = "#" * max(1 if e.value > 0 else 0, round(width * e.value / top))
            lines.append(f"    {value!s:>{label_width}} {100 * e.value:6.2f}% {bar}")
    return lines
