"""From a tally to a report: exact fractions (or estimates with 95% confidence intervals), as data for JSON
and as a readable view with bar charts for people."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabroll.odds.exact import Tally

ODDS_FORMAT = "tabroll.odds"
ODDS_FORMAT_VERSION = 1
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
class Report:
    method: str
    samples: int
    probabilities: dict[str, Estimate] = field(default_factory=dict)
    distributions: dict[str, list[tuple[Any, Estimate]]] = field(default_factory=dict)
    means: dict[str, Estimate] = field(default_factory=dict)
    refused: dict[str, Estimate] = field(default_factory=dict)
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": ODDS_FORMAT,
            "version": ODDS_FORMAT_VERSION,
            "method": self.method,
            "samples": self.samples,
            "note": self.note,
            "refused": {reason: e.to_json() for reason, e in self.refused.items()},
            "probabilities": {name: e.to_json() for name, e in self.probabilities.items()},
            "distributions": {
                name: {
                    "mean": self.means[name].to_json(),
                    "values": [{"outcome": v, **e.to_json()} for v, e in points],
                }
                for name, points in self.distributions.items()
            },
        }


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
    for name in sorted(tally.values, key=_order):
        bucket = dict(tally.values[name])
        missing = resolved - sum(bucket.values(), 0)
        kinds = {type(v) for v in bucket}
        if kinds <= {bool}:
            report.probabilities[name] = _estimate(bucket.get(True, 0), total, exact)
            continue
        if missing:
            default: Any = 0 if kinds <= {int} else "—"
            bucket[default] = bucket.get(default, 0) + missing
        points = sorted(bucket.items(), key=lambda item: (str(type(item[0])), item[0]))
        report.distributions[name] = [(value, _estimate(mass, resolved, exact)) for value, mass in points]
        if kinds <= {int}:
            report.means[name] = _mean(bucket, resolved, exact)
        else:
            report.means[name] = Estimate(value=float("nan"))
    return report


def _order(name: str) -> tuple[int, str]:
    rank = 0 if name == "hit" else 1 if name.startswith("defeated") else 2 if name == "damage" else 3
    return (rank, name)


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
    """The report as plain lines, with a bar chart of every distribution (``#`` bars, readable anywhere)."""
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
    for name, e in report.probabilities.items():
        exact = f"  = {e.exact}" if e.exact is not None and e.exact.denominator != 1 else ""
        lines.append(f"  P({name}) = {e.percent()}{exact}")
    charted = "damage" if "damage" in report.distributions else next(iter(report.distributions), None)
    per_target = [n for n in report.distributions if n.startswith("damage to ")]
    for name, points in report.distributions.items():
        if name in per_target and len(per_target) < 2:
            continue  # one target: the same as the total
        mean = report.means[name]
        shown = f"{mean.value:.3f}" + (f" = {mean.exact}" if mean.exact is not None else "")
        if mean.low is not None and mean.high is not None:
            shown += f" (95% CI {mean.low:.3f}–{mean.high:.3f})"
        lines.append(f"  {name}: mean {shown}")
        if name != charted and name.startswith("damage to "):
            continue  # the chart of the total is enough on screen; JSON has every distribution
        top = max((e.value for _, e in points), default=0.0) or 1.0
        label_width = max((len(str(v)) for v, _ in points), default=1)
        for value, e in points:
            bar = "#" * max(1 if e.value > 0 else 0, round(width * e.value / top))
            lines.append(f"    {value!s:>{label_width}} {100 * e.value:6.2f}% {bar}")
    return lines
