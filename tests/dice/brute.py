"""Brute-force references for dice odds, independent of :mod:`tabroll.dice.distribution`: every sequence of dice
a roll can draw is rolled through the real roller (from the values of a prefix, branching where they run out) and
counted, and
trees too large for that are combined part by part with plain pairwise sums and products of their outcomes."""

from __future__ import annotations

import itertools
import math
import operator
from collections import Counter
from fractions import Fraction

from tabroll.dice.extended import Compare, DicePool, DiceSet, Function, KeepIf, KeepSteps, Labeled
from tabroll.dice.nodes import DiceLimits, DiceTerm, Node
from tabroll.dice.notation import DiceExpression
from tabroll.dice.parts import BinaryOp, Constant, Keep, Negate
from tabroll.dice.sources import DiceRequest

Outcomes = dict[int | Fraction, Fraction]  # a part with a division may take fractional values
_AFTER_COUNT = ("sides", "keep", "reroll", "explode", "floor", "ceiling", "success", "failure", "fudge", "critical")


class _RanOut(Exception):
    """The prefix has ``missing`` values too few for ``request``."""

    def __init__(self, request: DiceRequest, missing: int) -> None:
        self.request, self.missing = request, missing


class _Prefix:
    """A dice source that answers with the values of a prefix, in order, until they run out."""

    def __init__(self, values: tuple[int, ...]) -> None:
        self.values, self.used = values, 0

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        if len(self.values) - self.used < request.count:
            raise _RanOut(request, request.count - (len(self.values) - self.used))
        self.used += request.count
        return self.values[self.used - request.count : self.used]


def sequences(expression: DiceExpression, budget: int = 200_000) -> Outcomes:
    """Every sequence of draws of the whole expression, each rolled, weighted by its chance."""
    counts: Counter[int] = Counter()
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    rolled = 0
    while stack:
        prefix, weight = stack.pop()
        try:
            total = expression.roll(_Prefix(prefix), "all").total
        except _RanOut as short:
            request = short.request
            faces = range(request.low, request.high + 1)
            for tail in itertools.product(faces, repeat=short.missing):
                stack.append((prefix + tail, weight / request.sides**short.missing))
            continue
        rolled += 1
        assert rolled <= budget, "too many sequences for a brute-force count"
        counts[total] += weight
    return {v: p for v, p in sorted(counts.items()) if p}


def _divide(x: int | Fraction, y: int | Fraction) -> Fraction:
    return Fraction(x) / y


def _floor_divide(x: int | Fraction, y: int | Fraction) -> int:
    return math.floor(Fraction(x) / y)


APPLY = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": _divide,
    "//": _floor_divide,
    "%": lambda x, y: Fraction(x) % y,
}
FUNCTIONS = {"floor": math.floor, "ceil": math.ceil, "round": lambda x: math.floor(x + Fraction(1, 2)), "abs": abs}


def pairwise(a: Outcomes, b: Outcomes, op: str = "+") -> Outcomes:
    apply = APPLY[op]
    out: Counter[int | Fraction] = Counter()
    for (x, p), (y, q) in itertools.product(a.items(), b.items()):
        out[apply(x, y)] += p * q
    return {v: p for v, p in sorted(out.items()) if p}


def reference(node: Node, limits: DiceLimits) -> Outcomes:
    """The odds of a tree, part by part: a dice term by its sequences (the sum of a pool that keeps every die, die by
    die), the rest by pairwise combination of its parts' outcomes, exact; the total truncated toward zero."""
    out: Counter[int] = Counter()
    for value, chance in _exact(node, limits).items():
        out[int(value)] += chance
    return {v: p for v, p in sorted(out.items()) if p}


def _exact(node: Node, limits: DiceLimits) -> Outcomes:
    if isinstance(node, Constant):
        return {node.value: Fraction(1)}
    if isinstance(node, DiceTerm):
        if node.keep is None and node.count > 1:
            one = sequences(DiceExpression(_one_die(node), limits=limits))
            out = one
            for _ in range(node.count - 1):
                out = pairwise(out, one)
            return out
        return sequences(DiceExpression(node, limits=limits))
    if isinstance(node, BinaryOp):
        return pairwise(_exact(node.left, limits), _exact(node.right, limits), node.op)
    if isinstance(node, Negate):
        return {-v: p for v, p in sorted(_exact(node.operand, limits).items())}
    if isinstance(node, DicePool):
        mixed: Counter[int | Fraction] = Counter()
        for number, chance in _exact(node.count_of, limits).items():
            count = max(0, int(number))
            pool = DiceTerm(count, *(getattr(node.term, name) for name in _AFTER_COUNT))
            for value, more in _exact(pool, limits).items():
                mixed[value] += chance * more
        return dict(mixed)
    if isinstance(node, Function):
        mapped: Counter[int | Fraction] = Counter()
        for value, chance in _exact(node.operand, limits).items():
            mapped[FUNCTIONS[node.name](value)] += chance
        return dict(mapped)
    if isinstance(node, Labeled):
        return _exact(node.operand, limits)
    if isinstance(node, DiceSet):
        items = [_exact(item, limits) for item in node.items]
        out: Counter[int | Fraction] = Counter()
        for combo in itertools.product(*(list(d.items()) for d in items)):
            values = [v for v, _ in combo]
            chance = math.prod((p for _, p in combo), start=Fraction(1))
            if isinstance(node.keep, KeepIf):
                values = [v for v in values if node.keep.condition.matches(v) == node.keep.keep]
            elif node.keep is not None:
                values = kept_by_steps(values, node.keep.steps if isinstance(node.keep, KeepSteps) else (node.keep,))
            if node.success is not None:
                failure = node.failure
                total = sum(
                    1 if node.success.matches(v) else -1 if failure and failure.matches(v) else 0 for v in values
                )
            else:
                total = sum(values)
            out[total] += chance
        return {v: p for v, p in sorted(out.items()) if p}
    assert isinstance(node, Compare)
    left = _exact(node.left, limits)
    met = sum((p for v, p in left.items() if node.condition.matches(v)), Fraction(0))
    return {k: p for k, p in ((0, 1 - met), (1, met)) if p}


def kept_by_steps(values: list[int | Fraction], steps: tuple[Keep, ...]) -> list[int | Fraction]:
    """The values keep/drop steps leave, as d20 reads them: a run of keeps keeps what any of them keeps, a run of
    drops drops what any of them drops, each run on what the run before left."""
    alive = sorted(values, reverse=True)
    i = 0
    while i < len(steps):
        kind = steps[i].mode[0]
        chosen: set[int] = set()
        while i < len(steps) and steps[i].mode[0] == kind:
            mode, n = steps[i].mode, min(steps[i].n, len(alive))
            top = mode in ("kh", "dh")
            chosen.update(range(n) if top else range(len(alive) - n, len(alive)))
            i += 1
        alive = [v for j, v in enumerate(alive) if (j in chosen) == (kind == "k")]
    return alive


def _one_die(term: DiceTerm) -> DiceTerm:
    return DiceTerm(1, term.sides, None, term.reroll, term.explode, term.floor, term.ceiling, term.success,
                    term.failure, term.fudge)  # fmt: skip


def kept_pool(count: int, sides: int, kept: int) -> Outcomes:
    """``count`` dice of ``sides`` sides, the ``kept`` highest summed: every multiset of faces with its multinomial
    number of orders."""
    out: Counter[int] = Counter()
    for faces in itertools.combinations_with_replacement(range(1, sides + 1), count):
        orders = math.factorial(count)
        for repeat in Counter(faces).values():
            orders //= math.factorial(repeat)
        out[sum(sorted(faces, reverse=True)[:kept])] += orders
    outcomes = sides**count
    return {v: Fraction(n, outcomes) for v, n in sorted(out.items())}
