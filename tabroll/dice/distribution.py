"""The exact odds of a dice expression, worked out without walking the sequences of dice.

A distribution is a map from each value to its number of equally likely ways, with the number of ways in all:
integers throughout, so every figure is exact. One die (its rerolls, explosions, floor and ceiling) is found in
closed form or by a short recurrence over the depth of its chain, the sum of ``n`` dice as the ``n``-th power of
one die's polynomial, keep/drop as a multiset evaluation as icepool does (:func:`keep_counts`), ``+ -`` by
convolution, ``* /`` pair by pair. Before any of it, :func:`check_exact` estimates the steps and the size of the
fractions and refuses what would be too much, so a request can never hang or exhaust memory.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, Any

from tabroll.dice.extended import Compare, DicePool, DiceSet, Function, KeepIf, Labeled
from tabroll.dice.nodes import (
    APPLY,
    FUNCTIONS,
    DiceLimits,
    DiceTerm,
    Node,
    Range,
    Selection,
    chain_range,
    explosion_cap,
    faces_meeting,
    fold,
    node_range,
    term_range,
    truncated,
)
from tabroll.dice.notation import DiceExpression, DiceLimitError
from tabroll.dice.parts import BinaryOp, Constant, Keep, Negate
from tabroll.i18n import _

if TYPE_CHECKING:
    from decimal import Context

Counts = dict[int, int]
Dist = tuple[Counts, int]  # ways for each value, and the ways in all

MAX_DIGITS = 4_000
"""The most decimal digits the number of outcomes may have for exact odds (its fractions are that long)."""

_DIRECT = 2_500  # products of polynomials with fewer coefficient pairs than this are multiplied directly


# --- polynomials with non-negative integer coefficients --------------------------------------------------------


@cache
def _context() -> Context:
    import decimal

    return decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)


def poly_mul(a: list[int], b: list[int]) -> list[int]:
    """The product of two polynomials given by their coefficients (lowest power first): large ones by Kronecker
    substitution, the coefficients packed as the digits of one big number that :mod:`decimal` multiplies in
    quasi-linear time."""
    if len(a) * len(b) <= _DIRECT or min(len(a), len(b)) <= 4:
        out = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return out
    from decimal import Decimal

    width = len(str(sum(a) * sum(b)))  # every coefficient of the product is at most this large
    size = len(a) + len(b) - 1
    packed_a = Decimal("".join(str(x).zfill(width) for x in reversed(a)))
    packed_b = Decimal("".join(str(x).zfill(width) for x in reversed(b)))
    digits = str(_context().multiply(packed_a, packed_b)).zfill(width * size)
    top = len(digits)
    return [int(digits[top - (i + 1) * width : top - i * width]) for i in range(size)]


def poly_power(p: list[int], n: int) -> list[int]:
    """``p`` to the power ``n`` by repeated squaring."""
    result: list[int] = [1]
    base = p
    while n:
        if n & 1:
            result = poly_mul(result, base)
        n >>= 1
        if n:
            base = poly_mul(base, base)
    return result


def _dense(counts: Counts) -> tuple[int, list[int]]:
    low = min(counts)
    out = [0] * (max(counts) - low + 1)
    for value, ways in counts.items():
        out[value - low] = ways
    return low, out


def _sparse(low: int, coefficients: list[int]) -> Counts:
    return {low + i: c for i, c in enumerate(coefficients) if c}


def convolve(a: Counts, b: Counts, apply: Callable[[Any, Any], Any] | None = None) -> Counts:
    """The ways of ``apply(x, y)`` (``x + y`` by default) for independent ``x`` from ``a`` and ``y`` from ``b``."""
    if apply is None:
        span = (max(a) - min(a)) + (max(b) - min(b)) + 2
        whole = len(a) * len(b) > _DIRECT and all(type(v) is int for v in a) and all(type(v) is int for v in b)
        if whole and span < len(a) * len(b):
            (low_a, dense_a), (low_b, dense_b) = _dense(a), _dense(b)
            return _sparse(low_a + low_b, poly_mul(dense_a, dense_b))
        apply = APPLY["+"]
    out: dict[Any, int] = defaultdict(int)
    for x, ways_x in a.items():
        for y, ways_y in b.items():
            out[apply(x, y)] += ways_x * ways_y
    return dict(out)


def uniform_power(faces: int, n: int) -> list[int]:
    """The coefficients of ``(1 + x + ... + x**(faces-1))**n``: the ways of each sum of ``n`` fair dice, counted
    from the lowest. By J. C. P. Miller's recurrence for the power of a polynomial,
    ``a_k = Σ_j ((n+1)·j - k)·a_(k-j) / k``, whose two sums over the last ``faces-1`` coefficients slide along, so
    each coefficient costs a few additions; and the sums are symmetric, so half of them are enough."""
    top = faces - 1
    size = n * top + 1
    a = [1] * ((size + 1) // 2)
    window = weighted = 0  # Σ a_(k-j) and Σ j·a_(k-j), for j = 1..top
    for k in range(1, len(a)):
        leaving = a[k - 1 - top] if k - 1 - top >= 0 else 0
        weighted += window + a[k - 1] - (top + 1) * leaving
        window += a[k - 1] - leaving
        a[k] = ((n + 1) * weighted - k * window) // k
    return a + a[: size - len(a)][::-1]


def power(counts: Counts, n: int) -> Counts:
    """The ways of the sum of ``n`` independent values, each with the ways ``counts``."""
    low, dense = _dense(counts)
    if n > 1 and len(set(dense)) == 1:  # fair dice (each value equally likely): the fast recurrence
        return _sparse(low * n, [c * dense[0] ** n for c in uniform_power(len(dense), n)])
    return _sparse(low * n, poly_power(dense, n))


# --- one die ----------------------------------------------------------------------------------------------------


def base_die(term: DiceTerm, limits: DiceLimits) -> Dist:
    """One die of the term after its rerolls: each face with its ways."""
    faces = range(term.low, term.high + 1)
    sides = len(faces)
    if term.reroll is None:
        return {face: 1 for face in faces}, sides
    condition = term.reroll
    rerolled = sum(1 for face in faces if condition.matches(face))
    if term.reroll.once:  # P(v) = [v stands]/s + (r/s)(1/s), over s**2
        return {face: (0 if condition.matches(face) else sides) + rerolled for face in faces}, sides * sides
    cap = limits.max_rerolls  # P(v stands) = (1/s)(1 + q + ... + q**cap), P(v rerolled) = q**cap / s, q = r/s
    stands = sum(rerolled**k * sides ** (cap - k) for k in range(cap + 1))
    last = rerolled**cap
    return {face: last if condition.matches(face) else stands for face in faces}, sides ** (cap + 1)


def _mapped(counts: Counts, f: Callable[[Any], Any]) -> Counts:
    out: Counts = defaultdict(int)
    for value, ways in counts.items():
        out[f(value)] += ways
    return dict(out)


def _split(term: DiceTerm, die: Counts) -> tuple[Counts, Counts]:
    """The faces of one die that explode, and those that do not, with their ways."""
    assert term.explode is not None
    boom = {face: w for face, w in die.items() if term.explode.matches(face, term.high)}
    return boom, {face: w for face, w in die.items() if face not in boom}


def chain(term: DiceTerm, limits: DiceLimits, f: Callable[[int], int]) -> Dist:
    """One die with its chain of explosions, each die's face mapped by ``f`` and the chain's values added:
    ``X_0 = f(D)``, ``X_d = f(calm)·T**d + Σ_e D(e)·(X_{d-1} + f(e))``."""
    die, total = base_die(term, limits)
    boom, calm = _split(term, die)
    cap = explosion_cap(term, limits)
    current = _mapped(die, f)
    mapped_calm = _mapped(calm, f)
    for depth in range(1, cap + 1):
        grown = {value: ways * total**depth for value, ways in mapped_calm.items()}
        for face, ways in boom.items():
            shift = f(face)
            for value, more in current.items():
                key = value + shift
                grown[key] = grown.get(key, 0) + ways * more
        current = grown
    return current, total ** (cap + 1)


def die_values(term: DiceTerm, limits: DiceLimits) -> Dist:
    """What one die of a pool counts as (its floor and ceiling applied; a compounding die's whole chain)."""
    if term.explode is not None and term.explode.kind == "!!":
        counts, total = chain(term, limits, lambda face: face)  # the sum of its chain of faces
    else:
        counts, total = base_die(term, limits)
    return _mapped(counts, term.clamped), total


# --- keep/drop: the multiset evaluation -------------------------------------------------------------------------


def keep_counts(groups: list[tuple[int, Counts]], keep: Selection, score: Callable[[Any], Any]) -> Counts:
    """Ways for the kept values of a pool to score each total. The pool is ``groups`` of independent dice, each
    group ``(how many, ways of each value)``; the ways in all are the product of each group's ways to the power
    of its size. ``keep`` says which places of the sorted pool count: one end (``kh3``, ``dl1``, ``kl2``) or
    several steps (``kh1kl1``). See :func:`_by_places`."""
    assert not isinstance(keep, KeepIf)
    groups = [(n, w) for n, w in groups if n > 0]
    places = keep.ranks(sum(n for n, _ in groups))  # from the highest place down
    if isinstance(keep, Keep) and not keep.highest:
        return _by_places(groups, places[::-1], score, descending=False)  # from the kept end: the lowest first
    return _by_places(groups, places, score, descending=True)


def _by_places(
    groups: list[tuple[int, Counts]], places: tuple[bool, ...], score: Callable[[Any], Any], *, descending: bool
) -> Counts:
    """Ways for the dice of ``groups`` to score each total, counting the score of a die when its place counts
    (``places``, in the order the values are visited: from the highest when ``descending``, else from the lowest).
    The state is how many dice of each group are still unplaced, which tells the place reached: placing ``m`` of
    the ``r`` unplaced dice of a group on a value happens in ``comb(r, m) · w**m`` ways; once the last place that
    counts is passed, the other dice land on any value not visited yet."""
    pool = sum(n for n, _ in groups)
    last = max((i for i, kept in enumerate(places) if kept), default=-1)
    if last < 0:
        whole = math.prod(sum(w.values()) ** n for n, w in groups)
        return {0: whole} if whole else {}
    values = sorted({v for _, w in groups for v in w}, reverse=descending)
    left_over = [[0] * len(values) for _ in groups]  # the ways of each group beyond each value
    for g, (_count, w) in enumerate(groups):
        running = 0
        for i in range(len(values) - 1, -1, -1):
            left_over[g][i] = running
            running += w.get(values[i], 0)
    result: Counts = defaultdict(int)
    states: dict[tuple[int, ...], Counts] = {tuple(n for n, _ in groups): {0: 1}}
    for i, value in enumerate(values):
        here = [w.get(value, 0) for _, w in groups]
        beyond = [left_over[g][i] for g in range(len(groups))]
        points = score(value)
        following: dict[tuple[int, ...], Counts] = {}
        for unplaced, sums in states.items():
            reached = pool - sum(unplaced)
            choices = [range(r + 1) if here[g] else range(1) for g, r in enumerate(unplaced)]
            for placed in product(*choices):
                ways = 1
                for g, m in enumerate(placed):
                    if m:
                        ways *= math.comb(unplaced[g], m) * here[g] ** m
                moved = sum(placed)
                gained = sum(places[reached : reached + moved]) * points
                rest = tuple(r - m for r, m in zip(unplaced, placed, strict=True))
                if reached + moved > last or not any(rest):
                    factor = 1
                    for g, r in enumerate(rest):
                        if r:
                            factor *= beyond[g] ** r
                    if factor:
                        for total, count in sums.items():
                            result[total + gained] += count * ways * factor
                    continue
                if any(r and not beyond[g] for g, r in enumerate(rest)):
                    continue  # those dice would have no value left to land on
                bucket = following.setdefault(rest, {})
                for total, count in sums.items():
                    key = total + gained
                    bucket[key] = bucket.get(key, 0) + count * ways
        states = following
    return dict(result)


def _exploding_pool(term: DiceTerm, limits: DiceLimits) -> Dist:
    """A pool whose dice explode into new dice (``!`` or ``xo``), with keep/drop: a mixture over how many of its
    dice show an exploding face (``a``) and how many do not (``b``); each chain is ``j`` exploding faces then one
    that does not (``j`` up to the cap), or, at the cap, nothing but exploding faces."""
    assert term.keep is not None
    die, total = base_die(term, limits)
    boom, calm = _split(term, die)
    cap = explosion_cap(term, limits)
    one: dict[tuple[int, int], int] = {(j, 1): total ** (cap - j) for j in range(cap + 1)}
    one[(cap + 1, 0)] = one.get((cap + 1, 0), 0) + 1
    mixture: dict[tuple[int, int], int] = {(0, 0): 1}
    for _die in range(term.count):
        grown: dict[tuple[int, int], int] = defaultdict(int)
        for (a, b), ways in mixture.items():
            for (da, db), more in one.items():
                grown[(a + da, b + db)] += ways * more
        mixture = dict(grown)
    boom_values, calm_values = _mapped(boom, term.clamped), _mapped(calm, term.clamped)
    score = term.score
    result: Counts = defaultdict(int)
    for (a, b), ways in mixture.items():
        for value, count in keep_counts([(a, boom_values), (b, calm_values)], term.keep, score).items():
            result[value] += ways * count
    return dict(result), total ** (term.count * (cap + 1))


# --- terms, sets and the whole expression -------------------------------------------------------------------


def term_counts(term: DiceTerm, limits: DiceLimits) -> Dist:
    """The exact distribution of one dice term."""
    if not term.count:  # 0d6: nothing is rolled
        return {0: 1}, 1
    score: Callable[[Any], Any] = term.score
    explode = term.explode
    if isinstance(term.keep, KeepIf):  # each die counts or not by its own value
        selection, counted = term.keep, term.score
        score = lambda value: counted(value) if selection.counts(value) else 0  # noqa: E731
    if term.keep is None or isinstance(term.keep, KeepIf):
        if explode is not None and explode.kind != "!!":
            per_die, total = chain(term, limits, lambda face: score(term.clamped(face)))
        else:
            values, total = die_values(term, limits)
            per_die = _mapped(values, score)
        return power(per_die, term.count), total**term.count
    if explode is not None and explode.kind != "!!":
        return _exploding_pool(term, limits)
    values, total = die_values(term, limits)
    return keep_counts([(term.count, values)], term.keep, score), total**term.count


def pool_counts(node: DicePool, numbers: Dist, limits: DiceLimits) -> Dist:
    """A mixture over the number of dice rolled: each number's ways times the pool of that many dice, every pool
    brought to the ways of the largest (``sides**most``)."""
    ways_of_number, whole = numbers
    by_count: Counts = defaultdict(int)
    for number, ways in ways_of_number.items():
        by_count[int(number)] += ways  # a fraction of a die is truncated toward zero
    largest = term_counts(node.with_count(max(by_count)), limits)[1]
    out: Counts = defaultdict(int)
    for count, ways in by_count.items():
        counts, total = term_counts(node.with_count(count), limits)
        factor = ways * (largest // total)
        for value, more in counts.items():
            out[value] += more * factor
    return dict(out), whole * largest


def set_counts(node: DiceSet, items: list[Dist]) -> Dist:
    whole = math.prod(total for _ways, total in items)
    if node.keep is None or isinstance(node.keep, KeepIf):
        selection = node.keep
        counts: Counts = {0: 1}
        for ways, _ in items:
            if selection is not None:
                ways = _mapped(ways, lambda v: node.score(v) if selection.counts(v) else 0)
            elif node.success is not None:
                ways = _mapped(ways, node.score)
            counts = convolve(counts, ways)
        return counts, whole
    grouped: dict[Node, list[int]] = {}
    for index, item in enumerate(node.items):
        grouped.setdefault(item, []).append(index)
    groups = [(len(indexes), items[indexes[0]][0]) for indexes in grouped.values()]
    return keep_counts(groups, node.keep, node.score), whole


def _combine(node: Node, parts: list[Dist], limits: DiceLimits) -> Dist:
    if isinstance(node, Constant):
        return {node.value: 1}, 1  # type: ignore[dict-item]  # a decimal's exact fraction, truncated at the end
    if isinstance(node, DiceTerm):
        return term_counts(node, limits)
    if isinstance(node, BinaryOp):
        (a, total_a), (b, total_b) = parts
        if node.op == "+":
            counts = convolve(a, b)
        elif node.op == "-":
            counts = convolve(a, {-v: w for v, w in b.items()})
        else:
            counts = convolve(a, b, APPLY[node.op])
        return counts, total_a * total_b
    if isinstance(node, Negate):
        counts, total = parts[0]
        return {-v: w for v, w in counts.items()}, total
    if isinstance(node, Function):
        counts, total = parts[0]
        return _mapped(counts, FUNCTIONS[node.name]), total
    if isinstance(node, DicePool):
        return pool_counts(node, parts[0], limits)
    if isinstance(node, Labeled):
        return parts[0]
    if isinstance(node, DiceSet):
        return set_counts(node, parts)
    assert isinstance(node, Compare)
    counts, total = parts[0]
    met = sum(w for v, w in counts.items() if node.condition.matches(v))
    return {k: w for k, w in ((0, total - met), (1, met)) if w}, total


def exact_counts(expression: DiceExpression) -> Dist:
    """Ways for every value of the expression (none zero) and the ways in all, after :func:`check_exact`."""
    check_exact(expression)
    counts, total = fold(expression.root, lambda node, parts: _combine(node, parts, expression.limits))
    if any(type(v) is not int for v in counts):  # a fraction left at the end is truncated toward zero
        counts = _mapped(counts, truncated)
    return {v: w for v, w in sorted(counts.items()) if w}, total


def distribution(expression: DiceExpression) -> dict[int, Fraction]:
    """The exact chance of every value, in increasing order (see :meth:`DiceExpression.distribution`)."""
    counts, total = exact_counts(expression)
    return {value: Fraction(ways, total) for value, ways in counts.items()}


# --- the estimate made before any work ----------------------------------------------------------------------


def _width(low_high: Range) -> int:
    return math.floor(low_high[1]) - math.ceil(low_high[0]) + 1


def _term_estimate(term: DiceTerm, limits: DiceLimits) -> tuple[int, float]:
    """Steps and decimal digits of the outcomes of one term (pessimistic): one die (each face, and each step of a
    chain of explosions), then the pool (a power of the die's polynomial, whose cost grows with the number of
    values times the length of the numbers, or the multiset evaluation of keep/drop)."""
    faces = term.high - term.low + 1
    rerolls = 1 if term.reroll is None else 2 if term.reroll.once else limits.max_rerolls + 1
    explosions = 1 if term.explode is None else explosion_cap(term, limits) + 1
    digits = term.count * rerolls * explosions * math.log10(faces) if faces > 1 else 0.0
    count = term.count
    one_die = faces * explosions * 4
    if term.explode is not None:
        met = faces_meeting(term, term.explode.condition)
        boom = 0 if met is None else met[1] - met[0] + 1
        one_die += boom * faces * explosions * explosions // 2
    if term.keep is None:
        width = _width(term_range(term, limits))
        return one_die + count * width + int(width * digits) // 4, digits
    kept = count if term.keep is None else term.keep.kept_of(count)
    if term.explode is not None and term.explode.kind == "!!":
        values = _width(chain_range(term, explosion_cap(term, limits)))
    else:
        values = faces
    steps = values * kept * (kept * values + 1) * (count + 1)
    if term.explode is not None and term.explode.kind != "!!":
        components = (count * explosions + 1) * (count + 1)
        steps = components * values * kept * (kept * values + 1) * 2
    return one_die + steps, digits


def estimate(expression: DiceExpression) -> tuple[int, float]:
    """A pessimistic estimate of the steps the exact odds take, and of the decimal digits of their fractions."""
    limits = expression.limits

    def combine(node: Node, parts: list[tuple[Range, int, float, int]]) -> tuple[Range, int, float, int]:
        """The range, the steps, the digits, and how many values the part may take (a fraction is not counted by
        its range: 1d6/1d4 takes more values than its range holds whole numbers)."""
        span = node_range(node, [p[0] for p in parts], limits)
        steps = sum(p[1] for p in parts)
        digits = sum(p[2] for p in parts)
        values = _width(span)
        if isinstance(node, DiceTerm):
            term_steps, digits = _term_estimate(node, limits)
            steps += term_steps
        elif isinstance(node, BinaryOp):
            widths = [p[3] for p in parts]
            pairs = widths[0] * widths[1]
            fractions = node.op == "/" or any(p[3] > _width(p[0]) for p in parts)
            steps += min(pairs, 20 * (widths[0] + widths[1])) if node.op in "+-" and not fractions else pairs
            if fractions and node.op in ("+", "-", "*", "/", "%"):
                values = max(values, pairs)
        elif isinstance(node, DicePool):
            term_steps, term_digits = _term_estimate(node.term, limits)
            steps, digits = steps + parts[0][3] * term_steps, digits + term_digits  # each number of dice
        elif isinstance(node, Negate | Labeled) or (isinstance(node, Function) and node.name == "abs"):
            values = parts[0][3]
            steps += values
        elif isinstance(node, DiceSet):
            widths = [p[3] for p in parts]
            if node.keep is None:
                steps += sum(widths) * len(widths) * 20
            else:
                distinct = len(set(node.items))
                kept = node.keep.kept_of(len(parts))
                every = sum(widths)
                steps += (2 ** min(distinct, 60)) * every * kept * (kept * max(widths) + 1)
            if any(p[3] > _width(p[0]) for p in parts):
                values = max(values, math.prod(widths))
        else:
            steps += sum(p[3] for p in parts) + 1
        return span, steps, digits, values

    _, steps, digits, _values = fold(expression.root, combine)
    return steps, digits


def check_exact(expression: DiceExpression) -> None:
    """Refuse, before any work, exact odds that would take too many steps or too long fractions."""
    steps, digits = estimate(expression)
    limits = expression.limits
    if steps > limits.max_distribution_work:
        raise DiceLimitError(
            _(
                "working out the exact odds of {dice} would take about {steps:,} steps,"
                " more than the limit of {limit:,}",
                dice=expression.notation,
                steps=steps,
                limit=limits.max_distribution_work,
            ),
            tip=_("use fewer or smaller dice, or roll the expression instead"),
        )
    if digits > MAX_DIGITS:
        raise DiceLimitError(
            _(
                "the exact odds of {dice} are fractions of about {digits:,} digits, more than the limit of {limit:,}",
                dice=expression.notation,
                digits=round(digits),
                limit=MAX_DIGITS,
            ),
            tip=_("use fewer dice, fewer rerolls or explosions, or roll the expression instead"),
        )
