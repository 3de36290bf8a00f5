"""From a tally to a report (:mod:`tabroll.odds.figures`): exact fractions, or estimates with 95% confidence
intervals. The report's screens are in :mod:`tabroll.render.odds`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tabroll.odds.figures import Block, Estimate, Report
from tabroll.odds.measures import ATTACK, GAME, HAPPENS, Key, generic_kind
from tabroll.odds.tally import Tally

Z95 = 1.959963984540054
Shares = dict[tuple[int, int], Fraction]


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval at 95% for a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _estimate(mass: Any, total: Any, exact: bool, shares: Shares) -> Estimate:
    """``mass`` out of ``total``; exact, each fraction reduced once (``shares``: those made so far)."""
    if exact:
        if not total:
            return Estimate(0.0, Fraction(0))
        fraction = shares.get((mass, total))
        if fraction is None:
            fraction = shares[(mass, total)] = Fraction(mass, total)
        return Estimate(mass / total, fraction)
    low, high = wilson(int(mass), int(total))
    return Estimate(value=mass / total if total else 0.0, low=low, high=high)


def _whole(tally: Tally, shares: Shares) -> Tally:
    """The tally's exact weights as whole numbers over their common denominator: every sum and ratio of the report
    is then whole-number arithmetic, each fraction reduced once when it is made (a walk's weights over 20**100, as
    100d20 gives, made each sum a reduction of numbers hundreds of digits long). Each fraction of the tally is
    kept in ``shares`` for the whole number it becomes: a figure that is one of them is not reduced again."""
    over = tally.over
    if not over:  # an int's denominator is 1, as a Fraction's of it
        buckets = (tally.refused, *tally.values.values())
        over = math.lcm(tally.weight.denominator, *(m.denominator for bucket in buckets for m in bucket.values()))
    factors: dict[int, int] = {}

    def whole(mass: Any) -> int:
        denominator = mass.denominator
        factor = factors.get(denominator)
        if factor is None:
            factor = factors[denominator] = over // denominator
        made = int(mass.numerator * factor)
        if type(mass) is Fraction:
            shares[(made, over)] = mass
        return made

    return Tally(
        values={name: {value: whole(m) for value, m in bucket.items()} for name, bucket in tally.values.items()},
        refused={reason: whole(m) for reason, m in tally.refused.items()},
        weight=whole(tally.weight),
        declared=tally.declared,
        undeclared=tally.undeclared,
        acted=tally.acted,
    )


def build_report(tally: Tally, *, exact: bool, samples: int, note: str = "") -> Report:
    report = Report(method="exact" if exact else "monte_carlo", samples=samples, note=note)
    shares: Shares = {}
    if exact:
        tally = _whole(tally, shares)
    total = tally.weight
    for reason, mass in sorted(tally.refused.items()):
        report.refused[reason] = _estimate(mass, total, exact, shares)
    resolved = total - sum(tally.refused.values(), 0)
    declared = tally.declared
    keys = list(tally.values)
    if resolved:  # a declared measure is shown (filled by its kind) and checked only when something resolved
        keys += [(GAME, name) for name in declared if (GAME, name) not in tally.values]
        report.unreported = [name for name in declared if (GAME, name) not in tally.values]
    report.undeclared = sorted(tally.undeclared)
    if sum(1 for part, name in keys if part == ATTACK and name.startswith("damage to ")) > 1:
        # Each unit takes its own damage roll: the damage to each one is the figure, never their sum (a trample's
        # "damage" added up the damage of different targets).
        keys = [key for key in keys if key != (ATTACK, "damage")]
    blocks: dict[str, Block] = {}
    # the figures of each distinct distribution, worked out once (an attack on one unit: its damage and the damage
    # to that unit are one distribution)
    made: dict[tuple[tuple[int, Any], ...], tuple[list[Any], list[Any], Estimate]] = {}
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
            block.probabilities[name] = _estimate(bucket.get(True, 0), total, exact, shares)
            continue
        points = tuple(sorted(zip(map(int, bucket), bucket.values(), strict=True)))
        figures = made.get(points)
        if figures is None:
            figures = made[points] = (
                [(value, _estimate(mass, resolved, exact, shares)) for value, mass in points],
                _at_least(points, resolved, exact, shares),
                _mean(dict(points), resolved, exact),
            )
        block.distributions[name], block.at_least[name], block.means[name] = figures
    report.follow_ups = [blocks[label] for label in sorted(blocks)]
    return report


def _at_least(points: Sequence[tuple[int, Any]], total: Any, exact: bool, shares: Shares) -> list[tuple[int, Estimate]]:
    """P(value ≥ n) for each value n of a distribution (``points`` sorted by value), summed from the top."""
    out: list[tuple[int, Estimate]] = []
    mass: Any = 0
    for value, m in reversed(points):
        mass += m
        out.append((value, _estimate(mass, total, exact, shares)))
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
        mean = Fraction(sum(v * m for v, m in bucket.items()), total)
        return Estimate(value=float(mean), exact=mean)
    n = int(total)
    mean_f = sum(v * m for v, m in bucket.items()) / n
    variance = sum(m * (v - mean_f) ** 2 for v, m in bucket.items()) / max(1, n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(value=mean_f, low=mean_f - half, high=mean_f + half)
