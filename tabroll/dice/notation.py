"""Dice notation: read expressions like ``4d6kh3+2``, roll them, and work out their exact odds.

The grammar (spaces, tabs and newlines may separate tokens; letters may be in either case)::

    sum   := prod (('+' | '-') prod)*
    prod  := unary ('*' unary)*
    unary := '-' unary | atom
    atom  := INT | dice | '(' sum ')'
    dice  := [INT] 'd' (INT | '%') [keep]          d20 = 1d20, d% = 1d100
    keep  := ('kh' | 'kl' | 'dh' | 'dl' | 'k') INT  k3 = kh3

``kh``/``kl`` keep 1..count dice and ``dh``/``dl`` drop 1..count-1, so at least one die always counts.
Among equal values the earlier die is the one kept.

Every limit in :class:`DiceLimits` is checked while parsing, so an oversized expression is refused before
anything is rolled or allocated. Trees are walked with an explicit stack, never by recursion.

:meth:`RolledExpression.describe` marks a dropped die with a tilde, which reads in any terminal:
``4d6kh3 -> [6, 5, 2, ~1] = 13``.
"""

from __future__ import annotations

import operator
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from math import comb
from typing import TYPE_CHECKING, Literal, NoReturn, TypeAlias, TypeVar, cast

from tabroll.dice.sources import DiceRequest, DiceSource, checked_draw
from tabroll.errors import InputError

if TYPE_CHECKING:
    from fractions import Fraction

KeepMode: TypeAlias = Literal["kh", "kl", "dh", "dl"]
Op: TypeAlias = Literal["+", "-", "*"]
T = TypeVar("T")
_Range: TypeAlias = tuple[int, int]  # lowest and highest value of a subexpression

DICE_TIP = "dice are written like 1d20, 2d6+3, 4d6kh3"
_SPLIT = "split it into several smaller rolls"
_DIGITS = "0123456789"
_SPACE = " \t\r\n"


def _pointed(text: str, position: int, reason: str) -> str:
    """The message with the expression quoted and a caret line under ``position``."""
    shown = "".join(ch if ch.isprintable() else " " if ch in _SPACE else "?" for ch in text)
    start = max(0, min(position - 30, len(shown) - 60))
    prefix = "..." if start else ""
    window = prefix + shown[start : start + 60] + ("..." if start + 60 < len(shown) else "")
    quoted = shown if len(shown) <= 60 else shown[:57] + "..."
    caret = " " * (len(prefix) + position - start) + "^"
    head = f"cannot read dice expression '{quoted}' at position {position + 1}: {reason}"
    return f"{head}\n    {window}\n    {caret}"


class DiceSyntaxError(InputError):
    """Text that is not a dice expression. ``position`` is 0-based; the message counts from 1."""

    def __init__(self, text: str, position: int, reason: str, *, tip: str | None = DICE_TIP) -> None:
        super().__init__(_pointed(text, position, reason), tip=tip)
        self.text, self.position, self.reason = text, position, reason


class DiceLimitError(InputError):
    """An expression, or a request for its odds, larger than :class:`DiceLimits` allows."""

    def __init__(
        self, reason: str, *, text: str | None = None, position: int | None = None, tip: str | None = None
    ) -> None:
        message = reason if text is None or position is None else _pointed(text, position, reason)
        super().__init__(message, tip=tip)
        self.text, self.position, self.reason = text, position, reason


@dataclass(frozen=True, slots=True)
class DiceLimits:
    """Bounds that keep hostile or mistyped expressions cheap to refuse."""

    max_text_length: int = 1_000
    max_depth: int = 50  # nested parentheses and unary minus
    max_terms: int = 100  # numbers and dice terms in one expression
    max_literal: int = 10**9
    max_sides: int = 1_000_000
    max_dice_per_term: int = 1_000
    max_dice_total: int = 10_000
    max_magnitude: int = 10**12  # largest |value| any subexpression may reach
    max_distribution_work: int = 5_000_000  # estimated steps for DiceExpression.distribution()


DEFAULT_LIMITS = DiceLimits()


@dataclass(frozen=True, slots=True)
class Constant:
    """A whole number."""

    value: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep (``kh``/``kl``) or drop (``dh``/``dl``) the ``n`` highest or lowest dice of a term."""

    mode: KeepMode
    n: int

    @property
    def highest(self) -> bool:
        """Whether the dice that count are the highest ones (``kh`` and ``dl``)."""
        return self.mode in ("kh", "dl")


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice with ``sides`` sides each, of which ``keep`` says which count."""

    count: int
    sides: int
    keep: Keep | None = None

    @property
    def notation(self) -> str:
        keep = f"{self.keep.mode}{self.keep.n}" if self.keep else ""
        return f"{self.count}d{self.sides}{keep}"

    def kept_count(self) -> int:
        """How many dice add to the total."""
        if self.keep is None:
            return self.count
        return self.keep.n if self.keep.mode[0] == "k" else self.count - self.keep.n

    def kept_flags(self, values: tuple[int, ...]) -> tuple[bool, ...]:
        """Which of ``values`` count; among equal values the earlier die is kept."""
        if self.keep is None:
            return (True,) * len(values)
        sign = -1 if self.keep.highest else 1
        chosen = set(sorted(range(len(values)), key=lambda i: (sign * values[i], i))[: self.kept_count()])
        return tuple(i in chosen for i in range(len(values)))


@dataclass(frozen=True, slots=True)
class BinaryOp:
    """``left op right`` for ``+``, ``-`` and ``*``."""

    op: Op
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Negate:
    """Unary minus."""

    operand: Node


Node: TypeAlias = Constant | DiceTerm | BinaryOp | Negate
_APPLY: dict[str, Callable[[int, int], int]] = {"+": operator.add, "-": operator.sub, "*": operator.mul}


def _fold(
    root: Node,
    leaf: Callable[[Constant | DiceTerm], T],
    negate: Callable[[T], T],
    binary: Callable[[BinaryOp, T, T], T],
) -> T:
    """Combine a tree bottom-up, leaves left to right, with an explicit stack instead of recursion."""
    stack: list[tuple[Node, bool]] = [(root, False)]
    results: list[T] = []
    while stack:
        node, children_done = stack.pop()
        if isinstance(node, BinaryOp):
            if children_done:
                right = results.pop()
                results.append(binary(node, results.pop(), right))
            else:
                stack += [(node, True), (node.right, False), (node.left, False)]
        elif isinstance(node, Negate):
            if children_done:
                results.append(negate(results.pop()))
            else:
                stack += [(node, True), (node.operand, False)]
        else:
            results.append(leaf(node))
    return results[0]


def _render(root: Node, leaf_text: Callable[[Constant | DiceTerm], str]) -> str:
    """Write a tree with just the parentheses needed to read it back as the same tree."""

    def binary(node: BinaryOp, left: tuple[str, int], right: tuple[str, int]) -> tuple[str, int]:
        level = 2 if node.op == "*" else 1  # left-associative: a right operand of equal level needs (...)
        left_text = left[0] if left[1] >= level else f"({left[0]})"
        return left_text + node.op + (right[0] if right[1] > level else f"({right[0]})"), level

    return _fold(
        root,
        lambda n: (leaf_text(n), 3 if isinstance(n, Constant) and n.value < 0 else 4),
        lambda x: ("-" + (x[0] if x[1] >= 3 else f"({x[0]})"), 3),
        binary,
    )[0]


def to_notation(node: Node) -> str:
    """The canonical notation of a tree, such as ``1d20+2`` or ``4d6kh3``."""
    return _render(node, lambda n: str(n.value) if isinstance(n, Constant) else n.notation)


def _combine_ranges(op: str, left: _Range, right: _Range) -> _Range:
    """The lowest and highest result of ``op`` on two independent ranges."""
    if op == "+":
        return left[0] + right[0], left[1] + right[1]
    if op == "-":
        return left[0] - right[1], left[1] - right[0]
    corners = [a * b for a in left for b in right]
    return min(corners), max(corners)


def _leaf_range(node: Constant | DiceTerm) -> _Range:
    if isinstance(node, Constant):
        return node.value, node.value
    return node.kept_count(), node.kept_count() * node.sides


@dataclass(frozen=True, slots=True)
class RolledTerm:
    """One dice term as rolled: every value in rolled order, which of them count, and their sum."""

    term: DiceTerm
    values: tuple[int, ...]
    kept: tuple[bool, ...]
    total: int

    def shown(self) -> str:
        """The values in brackets, dropped ones marked with ``~``: ``[6, 5, 2, ~1]``."""
        if self.term.keep is None:  # every die counts: nothing to mark
            return "[" + ", ".join(map(str, self.values)) + "]"
        marked = (str(v) if k else f"~{v}" for v, k in zip(self.values, self.kept, strict=True))
        return f"[{', '.join(marked)}]"


@dataclass(frozen=True, slots=True)
class RolledExpression:
    """The result of :meth:`DiceExpression.roll`."""

    expression: DiceExpression
    purpose: str
    terms: tuple[RolledTerm, ...]
    total: int

    @property
    def values(self) -> tuple[int, ...]:
        """Every die rolled, in order, dropped ones included."""
        if len(self.terms) == 1:
            return self.terms[0].values
        return tuple(v for term in self.terms for v in term.values)

    @property
    def kept_values(self) -> tuple[int, ...]:
        """The dice that count towards the total, in order."""
        if len(self.terms) == 1 and self.terms[0].term.keep is None:
            return self.terms[0].values
        return tuple(v for term in self.terms for v, k in zip(term.values, term.kept, strict=True) if k)

    def shown(self) -> str:
        """The expression with each dice term replaced by its dice: ``[6, 5, 2, ~1]+[3]``, ``([3, 4]+3)*2``."""
        if type(self.expression.root) is DiceTerm:  # a lone dice term: its dice are the whole expression
            return self.terms[0].shown()
        rolled = iter(self.terms)
        return _render(
            self.expression.root, lambda n: str(n.value) if isinstance(n, Constant) else next(rolled).shown()
        )

    def describe(self) -> str:
        """Such as ``4d6kh3 -> [6, 5, 2, ~1] = 13`` or ``1d20+2 -> [14]+2 = 16``."""
        if not self.terms:
            return f"{self.expression.notation} = {self.total}"
        return f"{self.expression.notation} -> {self.shown()} = {self.total}"


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A parsed expression. Equal trees compare equal whatever the spacing or spelling of ``text``.

    Use :func:`parse` to build one from text: it enforces the limits, which direct construction does not.
    """

    root: Node
    text: str = field(default="", compare=False)
    limits: DiceLimits = field(default=DEFAULT_LIMITS, compare=False, repr=False)
    notation: str = field(init=False, compare=False)
    _range: _Range = field(init=False, compare=False, repr=False)
    _terms: tuple[DiceTerm, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        terms: list[DiceTerm] = []

        def leaf(node: Constant | DiceTerm) -> _Range:
            if isinstance(node, DiceTerm):
                terms.append(node)
            return _leaf_range(node)

        value_range = _fold(self.root, leaf, lambda r: (-r[1], -r[0]), lambda n, a, b: _combine_ranges(n.op, a, b))
        object.__setattr__(self, "notation", to_notation(self.root))
        object.__setattr__(self, "_range", value_range)
        object.__setattr__(self, "_terms", tuple(terms))
        if not self.text:
            object.__setattr__(self, "text", self.notation)

    def __str__(self) -> str:
        return self.notation

    def min(self) -> int:
        """The lowest total this expression can roll."""
        return self._range[0]

    def max(self) -> int:
        """The highest total this expression can roll."""
        return self._range[1]

    def dice_terms(self) -> tuple[DiceTerm, ...]:
        """The dice terms in the order they are rolled."""
        return self._terms

    @property
    def is_constant(self) -> bool:
        """Whether no dice are rolled at all."""
        return not self._terms

    def roll(self, source: DiceSource, purpose: str) -> RolledExpression:
        """Roll the dice terms left to right, each with exactly one request to ``source``."""
        root = self.root
        if type(root) is DiceTerm and root.keep is None:  # plain NdS, the common case: no tree to fold
            drawn = checked_draw(source, DiceRequest(purpose, root.count, root.sides))
            whole = sum(drawn)
            return RolledExpression(self, purpose, (RolledTerm(root, drawn, (True,) * len(drawn), whole),), whole)
        rolled: list[RolledTerm] = []

        def leaf(node: Constant | DiceTerm) -> int:
            if isinstance(node, Constant):
                return node.value
            values = checked_draw(source, DiceRequest(purpose, node.count, node.sides))
            kept = node.kept_flags(values)
            rolled.append(RolledTerm(node, values, kept, sum(v for v, k in zip(values, kept, strict=True) if k)))
            return rolled[-1].total

        total: int = _fold(self.root, leaf, lambda v: -v, lambda n, a, b: _APPLY[n.op](a, b))
        return RolledExpression(self, purpose, tuple(rolled), total)

    def distribution(self) -> dict[int, Fraction]:
        """The exact chance of every possible total, in increasing order of total.

        Each dice term gets a dynamic programme of its own and the results are combined by convolution.
        Raises :class:`DiceLimitError` up front when that would take more than
        ``limits.max_distribution_work`` steps (by a pessimistic estimate).
        """
        from fractions import Fraction

        def work_binary(node: BinaryOp, a: tuple[_Range, int], b: tuple[_Range, int]) -> tuple[_Range, int]:
            pairs = (a[0][1] - a[0][0] + 1) * (b[0][1] - b[0][0] + 1)
            return _combine_ranges(node.op, a[0], b[0]), a[1] + b[1] + pairs

        work = _fold(self.root, lambda n: (_leaf_range(n), _work(n)), _negate_work, work_binary)[1]
        if work > self.limits.max_distribution_work:
            raise DiceLimitError(
                f"working out the exact odds of {self.notation} would take about {work:,} steps, "
                f"more than the limit of {self.limits.max_distribution_work:,}",
                tip="use fewer or smaller dice, or roll the expression instead",
            )
        counts, outcomes = _fold(
            self.root,
            _counts,
            lambda d: ({-total: ways for total, ways in d[0].items()}, d[1]),
            lambda n, a, b: (_convolve(_APPLY[n.op], a[0], b[0]), a[1] * b[1]),
        )
        return {total: Fraction(counts[total], outcomes) for total in sorted(counts)}


class _Parser:
    """Recursive descent over the grammar; nesting is counted so it can never exhaust the stack."""

    def __init__(self, text: str, limits: DiceLimits) -> None:
        self.text, self.limits = text, limits
        self.pos = self.depth = self.dice_count = self.terms = 0

    def fail(self, reason: str, at: int | None = None) -> NoReturn:
        raise DiceSyntaxError(self.text, self.pos if at is None else at, reason)

    def refuse(self, reason: str, at: int, tip: str | None = None) -> NoReturn:
        raise DiceLimitError(reason, text=self.text, position=at, tip=tip)

    def peek(self) -> str:
        """Skip whitespace and return the next character, or "" at the end."""
        while self.pos < len(self.text) and self.text[self.pos] in _SPACE:
            self.pos += 1
        return self.text[self.pos : self.pos + 1]

    def expression(self) -> DiceExpression:
        if not self.peek():
            self.fail("the expression is empty")
        node, _ = self.sum()
        if ch := self.peek():
            if ch == ")":
                self.fail("')' without a matching '('")
            self.fail(self.expected("an operator (+, -, *)") + ("; multiply with '*'" if ch in "xX×" else ""))
        return DiceExpression(node, self.text, self.limits)

    def expected(self, what: str) -> str:
        ch = self.peek()
        if not ch:
            return f"expected {what}, but the expression ends here"
        if ch.isdigit() and ch not in _DIGITS:
            return f"{ch!r} is not a digit tabroll reads; write numbers with 0-9"
        return f"expected {what}, not {ch!r}"

    def checked(self, node: Node, value_range: _Range, at: int) -> tuple[Node, _Range]:
        low, high = value_range
        if max(-low, high) > self.limits.max_magnitude:
            reach = high if high >= -low else low
            self.refuse(f"this part could reach {reach:,}; the limit is ±{self.limits.max_magnitude:,}", at)
        return node, value_range

    def sum(self) -> tuple[Node, _Range]:
        return self.chain(("+", "-"), self.product)

    def product(self) -> tuple[Node, _Range]:
        return self.chain(("*",), self.unary)

    def chain(self, ops: tuple[Op, ...], operand: Callable[[], tuple[Node, _Range]]) -> tuple[Node, _Range]:
        """Operands joined by any of ``ops``, grouped from the left."""
        self.peek()
        start = self.pos
        node, value_range = operand()
        while (op := self.peek()) in ops:
            self.pos += 1
            right, right_range = operand()
            combined = _combine_ranges(op, value_range, right_range)
            node, value_range = self.checked(BinaryOp(op, node, right), combined, start)
        return node, value_range

    def nest(self) -> None:
        self.depth += 1
        if self.depth > self.limits.max_depth:
            self.refuse(f"the expression nests more than {self.limits.max_depth} levels deep", self.pos)
        self.pos += 1

    def unary(self) -> tuple[Node, _Range]:
        if self.peek() != "-":
            return self.atom()
        self.nest()
        node, (low, high) = self.unary()
        self.depth -= 1
        return Negate(node), (-high, -low)

    def atom(self) -> tuple[Node, _Range]:
        ch, at = self.peek(), self.pos
        if ch == "(":
            self.nest()
            inner = self.sum()
            if self.peek() != ")":
                self.fail(self.expected(f"')' to close the '(' at position {at + 1}"))
            self.pos += 1
            self.depth -= 1
            return inner
        if ch in ("d", "D"):
            return self.dice(1, at)
        if ch and ch in _DIGITS:
            value, _ = self.integer()
            if self.peek() in ("d", "D"):
                return self.dice(value, at)
            self.count_term(at)
            return Constant(value), (value, value)
        self.fail(self.expected("a number, a die like 1d6, or '('"))

    def integer(self, what: str = "a number") -> tuple[int, int]:
        """Read an unsigned integer; returns it and where it started."""
        ch, start, text = self.peek(), self.pos, self.text
        if not ch or ch not in _DIGITS:
            self.fail(self.expected(what))
        while self.pos < len(text) and text[self.pos] in _DIGITS:
            self.pos += 1
        if self.pos < len(text) and text[self.pos].isdigit():
            self.fail(f"{text[self.pos]!r} is not a digit tabroll reads; write numbers with 0-9")
        digits, limit = text[start : self.pos], self.limits.max_literal
        if len(digits.lstrip("0")) > len(str(limit)) or int(digits) > limit:
            self.refuse(f"the number {digits} is larger than {limit:,}", start)
        return int(digits), start

    def count_term(self, at: int) -> None:
        self.terms += 1
        if self.terms > self.limits.max_terms:
            self.refuse(f"more than {self.limits.max_terms} numbers and dice in one expression", at)

    def dice(self, count: int, at: int) -> tuple[Node, _Range]:
        limits = self.limits
        self.pos += 1  # the 'd'
        if count == 0:
            self.fail("a roll needs at least 1 die", at)
        if count > limits.max_dice_per_term:
            self.refuse(f"{count:,} dice in one roll; the limit is {limits.max_dice_per_term:,}", at, _SPLIT)
        sides = 100
        if self.peek() == "%":
            self.pos += 1
        else:
            sides, sides_at = self.integer("the number of sides after 'd', like d6 or d%")
            if sides == 0:
                self.fail("a die needs at least 1 side", sides_at)
            if sides > limits.max_sides:
                self.refuse(f"a d{sides:,} has too many sides; the limit is {limits.max_sides:,}", sides_at)
        term = DiceTerm(count, sides, self.keep(count))
        self.dice_count += count
        if self.dice_count > limits.max_dice_total:
            self.refuse(f"more than {limits.max_dice_total:,} dice in one expression", at, _SPLIT)
        self.count_term(at)
        return self.checked(term, _leaf_range(term), at)

    def keep(self, count: int) -> Keep | None:
        self.peek()
        at = self.pos
        written = self.text[at : at + 2].lower()
        if written in ("kh", "kl", "dh", "dl"):
            mode = cast(KeepMode, written)
            self.pos += 2
        elif written[:1] == "k":
            mode, written = "kh", "k"
            self.pos += 1
        else:
            return None
        verb = "keep" if mode[0] == "k" else "drop"
        n, n_at = self.integer(f"how many dice to {verb} after '{written}', like 4d6{written}3")
        dice = "die" if count == 1 else "dice"
        if verb == "keep" and not 1 <= n <= count:
            self.fail(f"cannot keep {n} of {count} {dice}; keep 1 to {count}", n_at)
        if verb == "drop" and not 1 <= n < count:
            allowed = "a single die has none to drop" if count == 1 else f"drop 1 to {count - 1}"
            self.fail(f"cannot drop {n} of {count} {dice}; {allowed}", n_at)
        return Keep(mode, n)


@lru_cache(maxsize=1024)
def _parse_cached(text: str, limits: DiceLimits) -> DiceExpression:
    if len(text) > limits.max_text_length:
        raise DiceLimitError(
            f"the dice expression is {len(text):,} characters long; the limit is {limits.max_text_length:,}"
        )
    return _Parser(text, limits).expression()


def parse(text: str, limits: DiceLimits = DEFAULT_LIMITS) -> DiceExpression:
    """Read a dice expression, checking every limit before anything is rolled.

    Raises :class:`DiceSyntaxError` for text outside the grammar and :class:`DiceLimitError` for an
    expression beyond ``limits``. Results are cached, which is safe because expressions are immutable.
    """
    return _parse_cached(text, limits)


# Exact odds. A distribution is a dict {total: number of equally likely outcomes giving it} together with
# the number of outcomes in all (sides ** count for a term), so all arithmetic stays in exact integers.


def _negate_work(work: tuple[_Range, int]) -> tuple[_Range, int]:
    return (-work[0][1], -work[0][0]), work[1]


def _work(node: Constant | DiceTerm) -> int:
    """A generous estimate of the steps :func:`_counts` takes for a leaf."""
    if isinstance(node, Constant):
        return 1
    count, sides, kept = node.count, node.sides, node.kept_count()
    if kept == count:
        return count * (count * (sides - 1) + 1)
    return sides * kept * (kept * sides + 1) * (count + 1)


def _counts(node: Constant | DiceTerm) -> tuple[dict[int, int], int]:
    if isinstance(node, Constant):
        return {node.value: 1}, 1
    count, sides, kept = node.count, node.sides, node.kept_count()
    if kept == count:
        sums = [1]  # sums[t]: ways for the dice so far to add up to t, each die counted from 0
        for _ in range(count):
            prefix, size = [0, *accumulate(sums)], len(sums)
            sums = [prefix[min(t + 1, size)] - prefix[max(0, t - sides + 1)] for t in range(size + sides - 1)]
        return {t + count: ways for t, ways in enumerate(sums)}, sides**count
    # Order statistics: visit the faces from the kept end. While fewer than `kept` dice are placed, the
    # state is (dice placed, sum of kept dice). Putting m of the r unplaced dice on a face can happen in
    # comb(r, m) ways; once `kept` dice are placed, the others may show any face not visited yet.
    assert node.keep is not None
    faces = range(sides, 0, -1) if node.keep.highest else range(1, sides + 1)
    result: dict[int, int] = defaultdict(int)
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for index, face in enumerate(faces):
        faces_left = sides - index - 1
        following: dict[tuple[int, int], int] = defaultdict(int)
        for (placed, total), ways_so_far in states.items():
            unplaced = count - placed
            for m in range(unplaced + 1):
                ways = ways_so_far * comb(unplaced, m)
                new_total = total + min(m, kept - placed) * face
                if placed + m < kept:
                    if faces_left:
                        following[(placed + m, new_total)] += ways
                elif faces_left or m == unplaced:  # leftover dice need an unvisited face to land on
                    result[new_total] += ways * faces_left ** (unplaced - m)
        states = following
    return dict(result), sides**count


def _convolve(apply: Callable[[int, int], int], left: dict[int, int], right: dict[int, int]) -> dict[int, int]:
    result: dict[int, int] = defaultdict(int)
    for a, ways_a in left.items():
        for b, ways_b in right.items():
            result[apply(a, b)] += ways_a * ways_b
    return dict(result)


ADVANTAGE_WORDS = {"adv": "h", "advantage": "h", "dis": "l", "disadvantage": "l"}
_ONE_DIE = re.compile(r"^\s*(1?)d(\d+|%)(?![\d%])", re.IGNORECASE)


def expression_of(words: Sequence[str]) -> str:
    """A dice expression from the words of a command line: ``1d20 adv +5`` → ``2d20kh1+5``.

    ``adv``/``advantage`` rolls the expression's first die twice and keeps the higher, ``dis``/``disadvantage``
    the lower (the first term must be one die: ``1d20`` or ``d20``); the other words are joined, so a bonus
    may be typed apart (``1d20 +5``)."""
    keep = [ADVANTAGE_WORDS[w.casefold()] for w in words if w.casefold() in ADVANTAGE_WORDS]
    rest = "".join(w for w in words if w.casefold() not in ADVANTAGE_WORDS)
    if not keep:
        return rest  # the parser words any problem with the expression itself
    if not rest.strip():
        raise InputError("no dice expression given", tip="e.g. 1d20 adv, 1d20 dis +5")
    if len(keep) > 1:
        raise InputError(
            "give advantage or disadvantage once", tip="'1d20 adv' keeps the higher of two d20, '1d20 dis' the lower"
        )
    die = _ONE_DIE.match(rest)
    if die is None:
        raise InputError(
            f"advantage and disadvantage apply to one die, and '{rest}' does not start with one",
            tip="start with the die rolled twice: 1d20 adv +5",
        )
    sides = die.group(2)
    return f"2d{sides}k{keep[0]}1{rest[die.end() :]}"
