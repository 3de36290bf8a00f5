"""From a tally to a report (:mod:`tabroll.odds.figures`): exact fractions, or estimates with 95% confidence
intervals. The report's screens are in :mod:`tabroll.render.odds`."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from tabroll.odds.figures import Block, Estimate, Report
from tabroll.odds.measures import ATTACK, GAME, HAPPENS, Key, generic_kind
from tabroll.odds.tally import Tally


def _whole_numbers(tally: Tally) -> Callable[[dict[Any, Any]], dict[Any, int]]:
    """A bucket's exact weights as whole numbers over the tally's common denominator (``Tally.over``, else the
    least one): the report's sums are whole-number arithmetic, never a reduction of fractions (whose terms run to
    hundreds of digits over 20**100, as 100d20 gives)."""
    over = tally.over
    if not over:  # an int's denominator is 1, as a Fraction's of it
        buckets = (tally.refused, *tally.values.values())
        over = math.lcm(tally.weight.denominator, *(m.denominator for bucket in buckets for m in bucket.values()))
    factors: dict[int, int] = {}

    def whole(bucket: dict[Any, Any]) -> dict[Any, int]:
        out = {}
        for value, mass in bucket.items():
            numerator, denominator = mass.as_integer_ratio()
            out[value] = numerator * (factors.get(denominator) or factors.setdefault(denominator, over // denominator))
        return out

    return whole


def build_report(tally: Tally, *, exact: bool, samples: int, note: str = "") -> Report:
    report = Report(method="exact" if exact else "monte_carlo", samples=samples, note=note)
    values, whole = tally.values, _whole_numbers(tally) if exact else dict  # (a simulation counts whole trials)
    refused, total = whole(tally.refused), whole({0: tally.weight})[0]
    report.refused = {reason: Estimate.share(mass, total, exact) for reason, mass in sorted(refused.items())}
    resolved = total - sum(refused.values(), 0)
    declared = tally.declared
    keys = list(values)
    if resolved:  # a declared measure is shown (filled by its kind) and checked only when something resolved
        report.unreported = [name for name in declared if (GAME, name) not in values]
        keys += [(GAME, name) for name in report.unreported]
    report.undeclared = sorted(tally.undeclared)
    if sum(1 for part, name in keys if part == ATTACK and name.startswith("damage to ")) > 1:
        # Each unit takes its own damage roll: the damage to each one is the figure, never their sum (a trample's
        # "damage" added up the damage of different targets).
        keys = [key for key in keys if key != (ATTACK, "damage")]
    blocks: dict[str, Block] = {}
    # each distinct distribution's figures, made once (an attack on one unit: its damage and the damage to it)
    made: dict[tuple[tuple[int, int], ...], tuple[list[Any], list[Any], Estimate]] = {}
    game_order = {name: i for i, name in enumerate(declared)}
    for part, name in sorted(keys, key=lambda k: _order(k, game_order)):
        block = report.game if part == GAME else report.attack if part == ATTACK else None
        if block is None:
            block = blocks.setdefault(part, Block(label=part))
        bucket = whole(values.get((part, name), {}))  # (only the buckets shown)
        if part == GAME:
            spec = declared.get(name)
            if spec is not None:
                kind, fill = spec.kind, spec.missing()
            else:
                kind, fill = ("flag", False) if {type(v) for v in bucket} <= {bool} else ("change", 0)
        else:
            kind = generic_kind(name)
            fill = False if kind == "flag" else 0
        block.kinds[name], block.starts[name] = kind, int(fill)
        missing = resolved - sum(bucket.values(), 0)
        if missing:
            bucket[fill] = bucket.get(fill, 0) + missing
        if kind == "flag":
            block.probabilities[name] = Estimate.share(bucket.get(True, 0), total, exact)
            continue
        points = tuple(sorted(zip(map(int, bucket), bucket.values(), strict=True)))
        figures = made.get(points)
        if figures is None:
            figures = made[points] = _distribution(points, resolved, exact)
        block.distributions[name], block.at_least[name], block.means[name] = figures
    report.follow_ups = [blocks[label] for label in sorted(blocks)]
    return report


def _distribution(
    points: Sequence[tuple[int, int]], total: int, exact: bool
) -> tuple[list[tuple[int, Estimate]], list[tuple[int, Estimate]], Estimate]:
    """The figures of one distribution (``points``: each value and its mass, sorted by value): P(value), P(value or
    more), summed from the top, and the mean."""
    shares, at_least, above, share, fast = [], [], total, Estimate.share, exact and total  # they add up to total
    for value, mass in points:  # an exact share of a total: its float and its two whole numbers, made at once
        shares.append((value, Estimate(mass / total, (mass, total)) if fast else share(mass, total, exact)))
        at_least.append((value, Estimate(above / total, (above, total)) if fast else share(above, total, exact)))
        above -= mass
    return shares, at_least, Estimate.mean(points, total, exact)


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
