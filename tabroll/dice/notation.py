"""Dice notation: read expressions like ``4d6kh3+2`` or ``8d10>=7``, roll them, and work out their exact odds.

The grammar (spaces, tabs and newlines may separate tokens; letters may be in either case)::

    top      := sum [compare SIGNED]              1d20+7>=15: success (1) or failure (0)
    sum      := product (('+' | '-') product)*
    product  := unary (('*' | '/') unary)*        '/' divides and rounds down
    unary    := '-' unary | postfix
    postfix  := atom ['[' label ']']              2d6[fire]
    atom     := INT | dice | '(' sum ')' | set
    set      := '(' sum (',' sum)+ ')' setmods | '{' sum (',' sum)* '}' setmods
    dice     := [INT] 'd' (INT | '%' | 'F') dicemods
    dicemods := (reroll | explode | 'mi' SIGNED | 'ma' SIGNED | keep)* [success ['f' face]]
    setmods  := [keep] [success ['f' face]]
    reroll   := ('r' | 'rr' | 'ro') [face]        r and rr reroll again and again, ro once; bare: the lowest face
    explode  := ('!' | '!!' | 'xo') [face]        ! adds a die, !! adds to the same die, xo only once
    keep     := ('kh' | 'kl' | 'k' | 'dh' | 'dl' | 'd' | 'ph' | 'pl') INT   k = kh, d = dl, ph = dh, pl = dl
    success  := compare SIGNED                    8d10>=7 counts the dice that show 7 or more
    face     := INT | compare SIGNED              r1 = r=1, !>4, f<=2
    compare  := '>=' | '<=' | '>' | '<' | '='

``kh``/``kl`` keep 1..count dice and ``dh``/``dl`` drop 1..count-1, so at least one die always counts.
Among equal values the earlier die is the one kept. The parts of a dice term act in one order, whatever the
order they are written in: rerolls, explosions, floors and ceilings (``mi``/``ma``), keep/drop, then success
counting. A comparison right after dice counts their successes; after anything else it compares the whole
expression (``(1d20+7)>=15``, ``1d20+7>=15``).

Every limit in :class:`DiceLimits` is checked while parsing, so an oversized expression is refused before
anything is rolled or allocated; a die rerolls at most ``max_rerolls`` times and a chain of explosions adds at
most ``max_explosions`` dice. Trees are walked with an explicit stack, never by recursion.

:meth:`RolledExpression.describe` marks a dropped die with a tilde, which reads in any terminal:
``4d6kh3 -> [6, 5, 2, ~1] = 13``; the other marks are listed in :data:`MARKS`.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, NoReturn, TypeAlias, TypeVar, cast

from tabroll.dice.sources import DiceSource
from tabroll.errors import InputError

if TYPE_CHECKING:
    from fractions import Fraction

KeepMode: TypeAlias = Literal["kh", "kl", "dh", "dl"]
Op: TypeAlias = Literal["+", "-", "*", "/"]
CompareOp: TypeAlias = Literal["=", "<", ">", "<=", ">="]
ExplodeKind: TypeAlias = Literal["!", "!!", "xo"]
Feature: TypeAlias = Literal[
    "dice", "keep", "multiply", "divide", "reroll", "explode", "clamp", "success", "compare", "fudge", "label", "set"
]
T = TypeVar("T")
_Range: TypeAlias = tuple[int, int]  # lowest and highest value of a subexpression

DICE_TIP = "dice are written like 1d20, 2d6+3, 4d6kh3"
_SPLIT = "split it into several smaller rolls"
_DIGITS = "0123456789"
_SPACE = " \t\r\n"
PLAIN_FEATURES: frozenset[Feature] = frozenset({"dice", "keep", "multiply"})
"""What an expression of the first grammar (NdM, keep/drop, + - *) uses: its roll events carry no tree."""

FEATURE_NAMES: dict[Feature, str] = {
    "dice": "dice",
    "keep": "keeping or dropping dice (kh, kl, dh, dl)",
    "multiply": "multiplication (*)",
    "divide": "division (/)",
    "reroll": "rerolls (r, rr, ro)",
    "explode": "exploding dice (!, !!, xo)",
    "clamp": "floors and ceilings on dice (mi, ma)",
    "success": "counting successes (8d10>=7)",
    "compare": "a comparison of the whole expression (1d20+7>=15)",
    "fudge": "Fudge dice (dF)",
    "label": "labels ([fire])",
    "set": "sets of expressions ((1d4,1d6)kh1)",
}


def _pointed(text: str, position: int, reason: str, head: str = "cannot read dice expression") -> str:
    """The message with the expression quoted and a caret line under ``position``."""
    shown = "".join(ch if ch.isprintable() else " " if ch in _SPACE else "?" for ch in text)
    start = max(0, min(position - 30, len(shown) - 60))
    prefix = "..." if start else ""
    window = prefix + shown[start : start + 60] + ("..." if start + 60 < len(shown) else "")
    quoted = shown if len(shown) <= 60 else shown[:57] + "..."
    caret = " " * (len(prefix) + position - start) + "^"
    return f"{head} '{quoted}' at position {position + 1}: {reason}\n    {window}\n    {caret}"


class DiceSyntaxError(InputError):
    """Text that is not a dice expression. ``position`` is 0-based; the message counts from 1."""

    def __init__(self, text: str, position: int, reason: str, *, tip: str | None = DICE_TIP) -> None:
        super().__init__(_pointed(text, position, reason), tip=tip)
        self.text, self.position, self.reason = text, position, reason


class DiceRefused(DiceSyntaxError):
    """A well-formed expression that uses a part of the language the game's rules do not allow here."""

    def __init__(self, text: str, position: int, reason: str, *, tip: str | None = None) -> None:
        InputError.__init__(self, _pointed(text, position, reason, head="dice expression"), tip=tip)
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
    max_dice_total: int = 10_000  # the most dice one roll of the expression can draw, rerolls and explosions included
    max_magnitude: int = 10**12  # largest |value| any subexpression may reach
    max_distribution_work: int = 5_000_000  # estimated steps for DiceExpression.distribution()
    max_rerolls: int = 9  # a die is rerolled (r, rr) at most this many times; the last one stands
    max_explosions: int = 9  # a chain of explosions (!, !!) adds at most this many dice; the last one stands
    max_label_length: int = 40


DEFAULT_LIMITS = DiceLimits()

_TESTS: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq,
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
}
_SIGN = {"=": "=", "<": "<", ">": ">", "<=": "≤", ">=": "≥"}


@dataclass(frozen=True, slots=True)
class Condition:
    """A test of one number: ``>= 7``, ``= 1``. ``>`` and ``<`` are strict (as in Foundry and d20; Roll20 reads
    ``>5`` as 5 or more)."""

    op: CompareOp
    value: int

    def matches(self, value: int) -> bool:
        return _TESTS[self.op](value, self.value)

    def written(self, *, bare: bool = False) -> str:
        """As notation: ``>=7``; with ``bare``, an equality is its number alone (``r1``, ``!6``, ``f1``)."""
        if bare and self.op == "=" and self.value >= 0:
            return str(self.value)
        return f"{self.op}{self.value}"

    def sign(self) -> str:
        """The comparison as a person writes it: ``≥ 15``."""
        return f"{_SIGN[self.op]} {self.value}"

    def interval(self) -> tuple[int | None, int | None]:
        """The numbers that match, as a closed interval (``None``: unbounded)."""
        v = self.value
        return {"=": (v, v), "<": (None, v - 1), ">": (v + 1, None), "<=": (None, v), ">=": (v, None)}[self.op]


@dataclass(frozen=True, slots=True)
class Constant:
    """A whole number."""

    value: int


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep (``kh``/``kl``) or drop (``dh``/``dl``) the ``n`` highest or lowest dice of a term (or items of a set)."""

    mode: KeepMode
    n: int

    @property
    def highest(self) -> bool:
        """Whether the dice that count are the highest ones (``kh`` and ``dl``)."""
        return self.mode in ("kh", "dl")

    def kept_of(self, pool: int) -> int:
        """How many of ``pool`` dice count."""
        return min(self.n, pool) if self.mode[0] == "k" else max(0, pool - self.n)

    def flags(self, values: Sequence[int]) -> tuple[bool, ...]:
        """Which of ``values`` count; among equal values the earlier one is kept."""
        sign = -1 if self.highest else 1
        ranked = sorted(range(len(values)), key=lambda i: (sign * values[i], i))
        chosen = set(ranked[: self.kept_of(len(values))])
        return tuple(i in chosen for i in range(len(values)))


@dataclass(frozen=True, slots=True)
class Reroll:
    """Reroll a die whose face meets ``condition``: again and again (``r``, up to the limit) or ``once`` (``ro``)."""

    once: bool
    condition: Condition

    @property
    def notation(self) -> str:
        return ("ro" if self.once else "rr") + self.condition.written(bare=True)  # rr: Foundry reads r as once


@dataclass(frozen=True, slots=True)
class Explode:
    """A die whose face meets ``condition`` (``None``: its highest face) adds another die: ``!`` a new die that may
    explode in turn, ``!!`` added to the same die (compounding), ``xo`` a new die that does not explode again."""

    kind: ExplodeKind
    condition: Condition | None = None

    @property
    def notation(self) -> str:
        return self.kind + (self.condition.written(bare=True) if self.condition is not None else "")

    def matches(self, face: int, high: int) -> bool:
        return face == high if self.condition is None else self.condition.matches(face)


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice with ``sides`` sides each (a Fudge die, ``fudge``, has three: -1, 0 and +1), with what is done
    to them: rerolls, explosions, a floor and a ceiling on each die, which of them count (``keep``), and whether
    the term is their sum or the number of them that meet ``success`` (less those that meet ``failure``)."""

    count: int
    sides: int
    keep: Keep | None = None
    reroll: Reroll | None = None
    explode: Explode | None = None
    floor: int | None = None
    ceiling: int | None = None
    success: Condition | None = None
    failure: Condition | None = None
    fudge: bool = False

    @property
    def low(self) -> int:
        """The lowest face."""
        return -1 if self.fudge else 1

    @property
    def high(self) -> int:
        """The highest face."""
        return 1 if self.fudge else self.sides

    @property
    def extended(self) -> bool:
        """Whether the term goes beyond NdM with keep/drop (its dice then each carry their own history)."""
        return (
            self.fudge
            or self.reroll is not None
            or self.explode is not None
            or self.floor is not None
            or self.ceiling is not None
            or self.success is not None
        )

    @property
    def notation(self) -> str:
        parts = [f"{self.count}d{'F' if self.fudge else self.sides}"]
        if self.reroll is not None:
            parts.append(self.reroll.notation)
        counted = "" if self.success is None else self.success.written()
        if self.failure is not None:
            counted += "f" + self.failure.written(bare=True)
        if self.explode is not None:
            bare = self.explode.condition is None and self.floor is None and self.ceiling is None and not self.keep
            if bare and counted:  # 3d6!>=5 would read as exploding on 5 or more: the count goes first
                parts.append(counted)
                counted = ""
            parts.append(self.explode.notation)
        if self.floor is not None:
            parts.append(f"mi{self.floor}")
        if self.ceiling is not None:
            parts.append(f"ma{self.ceiling}")
        if self.keep is not None:
            parts.append(f"{self.keep.mode}{self.keep.n}")
        return "".join(parts) + counted

    def kept_count(self) -> int:
        """How many dice add to the total (before any explosion adds more)."""
        return self.count if self.keep is None else self.keep.kept_of(self.count)

    def kept_flags(self, values: tuple[int, ...]) -> tuple[bool, ...]:
        """Which of ``values`` count; among equal values the earlier die is kept."""
        if self.keep is None:
            return (True,) * len(values)
        return self.keep.flags(values)

    def clamped(self, value: int) -> int:
        """A die's value after the floor and the ceiling."""
        if self.floor is not None and value < self.floor:
            value = self.floor
        if self.ceiling is not None and value > self.ceiling:
            value = self.ceiling
        return value

    def score(self, value: int) -> int:
        """What a die that counts adds to the term: its value, or 1 for a success and -1 for a failure."""
        if self.success is None:
            return value
        if self.success.matches(value):
            return 1
        return -1 if self.failure is not None and self.failure.matches(value) else 0


@dataclass(frozen=True, slots=True)
class BinaryOp:
    """``left op right`` for ``+``, ``-``, ``*`` and ``/`` (which rounds down)."""

    op: Op
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Negate:
    """Unary minus."""

    operand: Node


@dataclass(frozen=True, slots=True)
class Labeled:
    """A part of an expression with a label (``2d6[fire]``), kept in the log and the JSON; its value is the part's."""

    operand: Node
    label: str


@dataclass(frozen=True, slots=True)
class DiceSet:
    """Expressions rolled together (``(1d4+1,3,2d6kl1)kh1``): their sum, the ones ``keep`` keeps, or how many of them
    meet ``success`` (less those that meet ``failure``)."""

    items: tuple[Node, ...]
    keep: Keep | None = None
    success: Condition | None = None
    failure: Condition | None = None

    @property
    def modifiers(self) -> str:
        out = f"{self.keep.mode}{self.keep.n}" if self.keep is not None else ""
        if self.success is not None:
            out += self.success.written()
        if self.failure is not None:
            out += "f" + self.failure.written(bare=True)
        return out

    def score(self, value: int) -> int:
        if self.success is None:
            return value
        if self.success.matches(value):
            return 1
        return -1 if self.failure is not None and self.failure.matches(value) else 0


@dataclass(frozen=True, slots=True)
class Compare:
    """The whole expression ``left`` compared with ``target``: 1 (success) or 0 (failure). Only at the top."""

    op: CompareOp
    left: Node
    target: int

    @property
    def condition(self) -> Condition:
        return Condition(self.op, self.target)


Node: TypeAlias = Constant | DiceTerm | BinaryOp | Negate | Labeled | DiceSet | Compare
Leaf: TypeAlias = Constant | DiceTerm


def floor_divide(a: int, b: int) -> int:
    """``a / b`` rounded down, as ``/`` in an expression."""
    return a // b


_APPLY: dict[str, Callable[[int, int], int]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": floor_divide,
}


def children(node: Node) -> tuple[Node, ...]:
    """The parts of a node, in the order they are rolled."""
    if isinstance(node, BinaryOp):
        return (node.left, node.right)
    if isinstance(node, Negate | Labeled):
        return (node.operand,)
    if isinstance(node, DiceSet):
        return node.items
    if isinstance(node, Compare):
        return (node.left,)
    return ()


def fold(root: Node, combine: Callable[[Node, list[T]], T]) -> T:
    """Combine a tree bottom-up, children left to right, with an explicit stack instead of recursion."""
    stack: list[tuple[Node, bool]] = [(root, False)]
    results: list[T] = []
    while stack:
        node, children_done = stack.pop()
        parts = children(node)
        if not parts:
            results.append(combine(node, []))
        elif children_done:
            taken = results[len(results) - len(parts) :]
            del results[len(results) - len(parts) :]
            results.append(combine(node, taken))
        else:
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(parts))
    return results[0]


def _absorbs(node: Node) -> bool:
    """Whether a comparison written right after ``node`` would be read as part of it (a dice term's or a set's own
    success count), so that a comparison of the whole needs parentheses around it."""
    while True:
        if isinstance(node, BinaryOp):
            node = node.right
        elif isinstance(node, Negate):
            node = node.operand
        elif isinstance(node, DiceTerm | DiceSet):
            return node.success is None
        else:
            return False


def _render(root: Node, leaf_text: Callable[[Leaf], str]) -> str:
    """Write a tree with just the parentheses needed to read it back as the same tree."""

    def combine(node: Node, parts: list[tuple[str, int]]) -> tuple[str, int]:
        if isinstance(node, BinaryOp):
            (left, left_level), (right, right_level) = parts
            level = 2 if node.op in "*/" else 1  # left-associative: a right operand of equal level needs (...)
            left_text = left if left_level >= level else f"({left})"
            return left_text + node.op + (right if right_level > level else f"({right})"), level
        if isinstance(node, Negate):
            text, level = parts[0]
            return "-" + (text if level >= 3 else f"({text})"), 3
        if isinstance(node, Labeled):
            text, level = parts[0]
            return (text if level >= 4 else f"({text})") + f"[{node.label}]", 4
        if isinstance(node, DiceSet):
            inner = ",".join(text for text, _ in parts)
            return ("{" + inner + "}" if len(parts) == 1 else f"({inner})") + node.modifiers, 4
        if isinstance(node, Compare):
            text, level = parts[0]
            left = f"({text})" if level < 1 or _absorbs(node.left) else text
            return left + node.op + str(node.target), 0
        return leaf_text(node), 3 if isinstance(node, Constant) and node.value < 0 else 4

    return fold(root, combine)[0]


def to_notation(node: Node) -> str:
    """The canonical notation of a tree, such as ``1d20+2`` or ``4d6kh3``."""
    return _render(node, lambda n: str(n.value) if isinstance(n, Constant) else n.notation)


def _combine_ranges(op: str, left: _Range, right: _Range) -> _Range:
    """The lowest and highest result of ``op`` on two independent ranges (a divisor's range never holds 0)."""
    if op == "+":
        return left[0] + right[0], left[1] + right[1]
    if op == "-":
        return left[0] - right[1], left[1] - right[0]
    apply = _APPLY[op]
    corners = [apply(a, b) for a in left for b in right]
    return min(corners), max(corners)


def _span(values: Sequence[int]) -> _Range:
    return min(values), max(values)


def die_faces(term: DiceTerm) -> range:
    return range(term.low, term.high + 1)


def _chain_range(term: DiceTerm, cap: int) -> _Range:
    """The lowest and highest sum of one die's chain of explosions, each die after its floor and ceiling."""
    assert term.explode is not None
    faces = die_faces(term)
    boom = [term.clamped(f) for f in faces if term.explode.matches(f, term.high)]
    calm = [term.clamped(f) for f in faces if not term.explode.matches(f, term.high)]
    (boom_low, boom_high), (calm_low, calm_high) = _span(boom), _span(calm)
    ends = [calm_low, cap * boom_low + calm_low, (cap + 1) * boom_low]
    tops = [calm_high, cap * boom_high + calm_high, (cap + 1) * boom_high]
    return min(ends), max(tops)


def explosion_cap(term: DiceTerm, limits: DiceLimits) -> int:
    """How many dice one die's chain of explosions may add."""
    assert term.explode is not None
    return 1 if term.explode.kind == "xo" else limits.max_explosions


def _sum_range(count: _Range, each: _Range) -> _Range:
    """The range of the sum of between ``count[0]`` and ``count[1]`` values, each in ``each``."""
    corners = [n * v for n in count for v in each]
    return min(corners), max(corners)


def term_range(term: DiceTerm, limits: DiceLimits = DEFAULT_LIMITS) -> _Range:
    """Bounds of a dice term's value (exact for plain terms; no value of any term falls outside them)."""
    pool: _Range = (term.count, term.count)
    if term.explode is not None and term.explode.kind != "!!":
        pool = (term.count, term.count * (1 + explosion_cap(term, limits)))
    if term.explode is not None and term.explode.kind == "!!":
        low, high = _chain_range(term, explosion_cap(term, limits))
        chain = (term.clamped(low), term.clamped(high))  # a compounded die's floor and ceiling apply to its sum
        die: _Range = chain
    else:
        die = (term.clamped(term.low), term.clamped(term.high))
        chain = _chain_range(term, explosion_cap(term, limits)) if term.explode is not None else die
    kept = (term.keep.kept_of(pool[0]), term.keep.kept_of(pool[1])) if term.keep is not None else pool
    if term.success is not None:
        return (-kept[1] if term.failure is not None else 0), kept[1]
    if term.keep is None:
        return _sum_range((term.count, term.count), chain)
    return _sum_range(kept, die)


def _set_range(node: DiceSet, items: list[_Range]) -> _Range:
    if node.success is not None:
        counted = len(items) if node.keep is None else node.keep.kept_of(len(items))
        return (-counted if node.failure is not None else 0), counted
    if node.keep is None:
        return sum(low for low, _ in items), sum(high for _, high in items)
    kept = node.keep.kept_of(len(items))
    lows = sorted((low for low, _ in items), reverse=node.keep.highest)[:kept]
    highs = sorted((high for _, high in items), reverse=node.keep.highest)[:kept]
    return sum(lows), sum(highs)


def _node_range(node: Node, parts: list[_Range], limits: DiceLimits) -> _Range:
    if isinstance(node, Constant):
        return node.value, node.value
    if isinstance(node, DiceTerm):
        return term_range(node, limits)
    if isinstance(node, BinaryOp):
        return _combine_ranges(node.op, parts[0], parts[1])
    if isinstance(node, Negate):
        return -parts[0][1], -parts[0][0]
    if isinstance(node, Labeled):
        return parts[0]
    if isinstance(node, DiceSet):
        return _set_range(node, parts)
    return 0, 1


def _features(node: Node, parts: list[frozenset[Feature]]) -> frozenset[Feature]:
    found: set[Feature] = set().union(*parts) if parts else set()
    if isinstance(node, DiceTerm):
        found.add("dice")
        for used, feature in (
            (node.keep, "keep"),
            (node.reroll, "reroll"),
            (node.explode, "explode"),
            (node.success, "success"),
        ):
            if used is not None:
                found.add(cast(Feature, feature))
        if node.floor is not None or node.ceiling is not None:
            found.add("clamp")
        if node.fudge:
            found.add("fudge")
    elif isinstance(node, BinaryOp) and node.op in "*/":
        found.add("multiply" if node.op == "*" else "divide")
    elif isinstance(node, Labeled):
        found.add("label")
    elif isinstance(node, DiceSet):
        found.add("set")
        if node.keep is not None:
            found.add("keep")
        if node.success is not None:
            found.add("success")
    elif isinstance(node, Compare):
        found.add("compare")
    return frozenset(found)


# --- rolled results -----------------------------------------------------------------------------------------

MARKS: dict[str, str] = {
    "dropped": "~v: dropped by keep/drop (it does not count)",
    "rerolled": "~vr: rerolled (it does not count; the die that replaced it comes later)",
    "exploded": "v!: exploded (the extra die comes later; in (6!+3) a compounded die)",
    "floored": "v↑n: raised to the floor n (mi)",
    "ceilinged": "v↓n: lowered to the ceiling n (ma)",
    "success": "v✓: a success",
    "failure": "v✗: a failure",
    "capped": "v(cap): it met the reroll or explosion condition, but the die had reached its limit",
}
"""Every mark a die can carry, with how the log writes it."""


def face_text(value: int, fudge: bool) -> str:
    """A face as the log shows it: a Fudge die's faces are -1, 0 and +1."""
    return f"{value:+d}" if fudge and value else str(value)


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One die of a rolled term, in the order drawn: the faces drawn for it (several when it compounds), the value
    it counts as (after compounding, floor and ceiling) and its marks (see :data:`MARKS`)."""

    rolls: tuple[int, ...]
    value: int
    marks: tuple[str, ...] = ()

    @property
    def counts(self) -> bool:
        """Whether the die is in the pool that makes the total (neither dropped nor rerolled)."""
        return "dropped" not in self.marks and "rerolled" not in self.marks

    def shown(self, fudge: bool = False) -> str:
        marks = self.marks
        if len(self.rolls) > 1:
            text = "(" + "+".join(
                [*(face_text(v, fudge) + "!" for v in self.rolls[:-1]), face_text(self.rolls[-1], fudge)]
            )
            text += ")"
        else:
            text = face_text(self.rolls[0], fudge) + ("!" if "exploded" in marks else "")
        if "floored" in marks:
            text += f"↑{face_text(self.value, fudge)}"
        elif "ceilinged" in marks:
            text += f"↓{face_text(self.value, fudge)}"
        if "capped" in marks:
            text += "(cap)"
        if "success" in marks:
            text += "✓"
        elif "failure" in marks:
            text += "✗"
        if "rerolled" in marks:
            return f"~{text}r"
        return f"~{text}" if "dropped" in marks else text

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "rolled": list(self.rolls), "marks": list(self.marks)}


@dataclass(frozen=True, slots=True)
class RolledTerm:
    """One dice term as rolled: every value in the order drawn, which of them count, and the term's total.

    A term of the first grammar (NdM with keep/drop) needs nothing more; any other term also keeps ``dice``, each
    die with its history (rerolled, exploded, floored, dropped, counted)."""

    term: DiceTerm
    values: tuple[int, ...]
    kept: tuple[bool, ...]
    total: int
    dice: tuple[RolledDie, ...] = ()

    def shown(self) -> str:
        """The values in brackets, dropped ones marked with ``~``: ``[6, 5, 2, ~1]``."""
        if self.dice:
            return "[" + ", ".join(die.shown(self.term.fudge) for die in self.dice) + "]"
        if self.term.keep is None:  # every die counts: nothing to mark
            return "[" + ", ".join(map(str, self.values)) + "]"
        marked = (str(v) if k else f"~{v}" for v, k in zip(self.values, self.kept, strict=True))
        return f"[{', '.join(marked)}]"

    def kept_values(self) -> tuple[int, ...]:
        """The values that count, one a die (after compounding, floor and ceiling)."""
        if self.dice:
            return tuple(die.value for die in self.dice if die.counts)
        return tuple(v for v, k in zip(self.values, self.kept, strict=True) if k)

    @property
    def capped(self) -> bool:
        return any("capped" in die.marks for die in self.dice)

    def to_json(self) -> dict[str, Any]:
        dice = self.dice or tuple(
            RolledDie((v,), v, () if k else ("dropped",)) for v, k in zip(self.values, self.kept, strict=True)
        )
        return {"dice": self.term.notation, "value": self.total, "rolls": [die.to_json() for die in dice]}


@dataclass(frozen=True, slots=True)
class RolledNode:
    """The rolled tree of an expression that goes beyond the first grammar: each node with its value; a dice term
    with its dice, a set with the marks of each item, a comparison with its outcome."""

    node: Node
    value: int
    parts: tuple[RolledNode, ...] = ()
    term: RolledTerm | None = None
    item_marks: tuple[tuple[str, ...], ...] = ()
    success: bool | None = None

    def to_json(self) -> dict[str, Any]:
        """The tree as JSON (the roll event's ``tree``), built with an explicit stack."""

        def combine(rolled: RolledNode, parts: list[dict[str, Any]]) -> dict[str, Any]:
            node = rolled.node
            if isinstance(node, Constant):
                return {"number": node.value}
            if isinstance(node, DiceTerm):
                assert rolled.term is not None
                return rolled.term.to_json()
            if isinstance(node, BinaryOp):
                return {"op": node.op, "value": rolled.value, "left": parts[0], "right": parts[1]}
            if isinstance(node, Negate):
                return {"op": "negate", "value": rolled.value, "of": parts[0]}
            if isinstance(node, Labeled):
                return {"label": node.label, "value": rolled.value, "of": parts[0]}
            if isinstance(node, DiceSet):
                items = [
                    {"value": part["value"] if "value" in part else part["number"], "marks": list(marks), "of": part}
                    for part, marks in zip(parts, rolled.item_marks, strict=True)
                ]
                return {"set": to_notation(node), "value": rolled.value, "items": items}
            assert isinstance(node, Compare)
            return {
                "compare": node.op,
                "target": node.target,
                "value": rolled.value,
                "success": rolled.success,
                "of": parts[0],
            }

        return _fold_rolled(self, combine)


def _fold_rolled(root: RolledNode, combine: Callable[[RolledNode, list[T]], T]) -> T:
    stack: list[tuple[RolledNode, bool]] = [(root, False)]
    results: list[T] = []
    while stack:
        rolled, done = stack.pop()
        if not rolled.parts:
            results.append(combine(rolled, []))
        elif done:
            taken = results[len(results) - len(rolled.parts) :]
            del results[len(results) - len(rolled.parts) :]
            results.append(combine(rolled, taken))
        else:
            stack.append((rolled, True))
            stack.extend((part, False) for part in reversed(rolled.parts))
    return results[0]


def _shown_tree(root: RolledNode) -> str:
    """The expression with each part replaced by what it rolled: ``[6!, 2, 3, 4]+3 [fire]``."""

    def combine(rolled: RolledNode, parts: list[tuple[str, int]]) -> tuple[str, int]:
        node = rolled.node
        if isinstance(node, Constant):
            return str(node.value), 4
        if isinstance(node, DiceTerm):
            assert rolled.term is not None
            return rolled.term.shown(), 4
        if isinstance(node, BinaryOp):
            (left, left_level), (right, right_level) = parts
            level = 2 if node.op in "*/" else 1
            left_text = left if left_level >= level else f"({left})"
            return left_text + node.op + (right if right_level > level else f"({right})"), level
        if isinstance(node, Negate):
            text, level = parts[0]
            return "-" + (text if level >= 3 else f"({text})"), 3
        if isinstance(node, Labeled):
            text, level = parts[0]
            return (text if level >= 4 else f"({text})") + f" [{node.label}]", 4
        if isinstance(node, DiceSet):
            items = []
            for (text, _), marks in zip(parts, rolled.item_marks, strict=True):
                text += "✓" if "success" in marks else "✗" if "failure" in marks else ""
                items.append(f"~{text}" if "dropped" in marks else text)
            return "(" + ", ".join(items) + ")", 4
        assert isinstance(node, Compare)
        left_node = rolled.parts[0]
        text, _ = parts[0]
        shown = text if isinstance(left_node.node, Constant) else f"{text} = {left_node.value}"
        return f"{shown} {node.condition.sign()}", 0

    return _fold_rolled(root, combine)[0]


@dataclass(frozen=True, slots=True)
class RolledExpression:
    """The result of :meth:`DiceExpression.roll`. ``root`` is the rolled tree of an expression beyond the first
    grammar (``None`` for NdM, keep/drop and ``+ - *``, whose ``terms`` tell everything)."""

    expression: DiceExpression
    purpose: str
    terms: tuple[RolledTerm, ...]
    total: int
    root: RolledNode | None = field(default=None, compare=False)

    @property
    def values(self) -> tuple[int, ...]:
        """Every die rolled, in order, dropped and rerolled ones included."""
        if len(self.terms) == 1:
            return self.terms[0].values
        return tuple(v for term in self.terms for v in term.values)

    @property
    def kept_values(self) -> tuple[int, ...]:
        """The dice that count towards the total, in order (after compounding, floors and ceilings; the dice of an
        item a set drops do not count)."""
        if len(self.terms) == 1 and self.terms[0].term.keep is None and not self.terms[0].dice:
            return self.terms[0].values
        if self.root is None:
            return tuple(v for term in self.terms for v in term.kept_values())
        out: list[int] = []
        stack: list[RolledNode] = [self.root]
        while stack:
            rolled = stack.pop()
            if rolled.term is not None:
                out.extend(rolled.term.kept_values())
                continue
            counted = (
                [p for p, marks in zip(rolled.parts, rolled.item_marks, strict=True) if "dropped" not in marks]
                if isinstance(rolled.node, DiceSet)
                else list(rolled.parts)
            )
            stack.extend(reversed(counted))
        return tuple(out)

    @property
    def success(self) -> bool | None:
        """For a comparison of the whole expression (``1d20+7>=15``): whether it succeeded."""
        return self.root.success if self.root is not None else None

    @property
    def capped(self) -> bool:
        """Whether a die stopped at the limit of rerolls or explosions."""
        return any(term.capped for term in self.terms)

    def cap_note(self) -> str:
        if not self.capped:
            return ""
        limits = self.expression.limits
        return (
            f"(cap): a die is rerolled at most {limits.max_rerolls} times and a chain of explosions adds at most "
            f"{limits.max_explosions} dice"
        )

    def shown(self) -> str:
        """The expression with each dice term replaced by its dice: ``[6, 5, 2, ~1]+[3]``, ``([3, 4]+3)*2``."""
        if self.root is not None:
            return _shown_tree(self.root)
        if type(self.expression.root) is DiceTerm:  # a lone dice term: its dice are the whole expression
            return self.terms[0].shown()
        rolled = iter(self.terms)
        return _render(
            self.expression.root, lambda n: str(n.value) if isinstance(n, Constant) else next(rolled).shown()
        )

    def describe(self) -> str:
        """Such as ``4d6kh3 -> [6, 5, 2, ~1] = 13``, ``1d20+2 -> [14]+2 = 16`` or
        ``1d20+7>=15 -> [15]+7 = 22 ≥ 15: success``."""
        if self.success is not None:
            return f"{self.expression.notation} -> {self.shown()}: {'success' if self.success else 'failure'}"
        if not self.terms:
            return f"{self.expression.notation} = {self.total}"
        return f"{self.expression.notation} -> {self.shown()} = {self.total}"

    def tree_json(self) -> dict[str, Any] | None:
        return self.root.to_json() if self.root is not None else None


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
    features: frozenset[Feature] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        terms: list[DiceTerm] = []
        limits = self.limits

        def combine(node: Node, parts: list[tuple[_Range, frozenset[Feature]]]) -> tuple[_Range, frozenset[Feature]]:
            if isinstance(node, DiceTerm):
                terms.append(node)
            return _node_range(node, [p[0] for p in parts], limits), _features(node, [p[1] for p in parts])

        value_range, features = fold(self.root, combine)
        object.__setattr__(self, "notation", to_notation(self.root))
        object.__setattr__(self, "_range", value_range)
        object.__setattr__(self, "_terms", tuple(terms))
        object.__setattr__(self, "features", features)
        if not self.text:
            object.__setattr__(self, "text", self.notation)

    def __str__(self) -> str:
        return self.notation

    def min(self) -> int:
        """The lowest total this expression can roll (exact for the first grammar; a bound beyond it)."""
        return self._range[0]

    def max(self) -> int:
        """The highest total this expression can roll (exact for the first grammar; a bound beyond it)."""
        return self._range[1]

    def dice_terms(self) -> tuple[DiceTerm, ...]:
        """The dice terms in the order they are rolled."""
        return self._terms

    @property
    def is_constant(self) -> bool:
        """Whether no dice are rolled at all."""
        return not self._terms

    @property
    def extended(self) -> bool:
        """Whether the expression goes beyond NdM, keep/drop and ``+ - *`` (its roll then keeps a tree)."""
        return not self.features <= PLAIN_FEATURES

    @property
    def is_comparison(self) -> bool:
        """Whether the whole expression is compared with a number (``1d20+7>=15``)."""
        return isinstance(self.root, Compare)

    def roll(self, source: DiceSource, purpose: str) -> RolledExpression:
        """Roll the dice terms left to right; a term asks ``source`` once for its dice, then once for each round
        of rerolls and of explosions."""
        from tabroll.dice.rolling import roll_expression

        return roll_expression(self, source, purpose)

    def distribution(self) -> dict[int, Fraction]:
        """The exact chance of every possible total, in increasing order of total.

        Raises :class:`DiceLimitError` up front when that would take more than ``limits.max_distribution_work``
        steps (by a pessimistic estimate). See :mod:`tabroll.dice.distribution` for how it is worked out.
        """
        from tabroll.dice.distribution import distribution

        return distribution(self)


# --- what a game allows -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiceRules:
    """Which parts of the dice language an expression may use where a game reads one (a unit's damage stat): the
    game names the stat (``what``) and gives, for each part it refuses, its reason. An expression using a
    refused part is refused while parsing, pointing at that part, with the reason."""

    what: str
    refused: tuple[tuple[Feature, str], ...] = ()

    def reason(self, feature: Feature) -> str | None:
        for refused, why in self.refused:
            if refused == feature:
                return why
        return None


# --- parsing ------------------------------------------------------------------------------------------------

_COMPARISONS = (">=", "<=", ">", "<", "=")
_KEEP_WORDS: dict[str, KeepMode] = {"kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl", "ph": "dh", "pl": "dl"}


class _Parser:
    """Recursive descent over the grammar; nesting is counted so it can never exhaust the stack."""

    def __init__(self, text: str, limits: DiceLimits, rules: DiceRules | None) -> None:
        self.text, self.limits, self.rules = text, limits, rules
        self.pos = self.depth = self.dice_count = self.terms = 0
        self.potential = 0  # the most dice a roll could draw, with rerolls and explosions

    def fail(self, reason: str, at: int | None = None, tip: str | None = DICE_TIP) -> NoReturn:
        raise DiceSyntaxError(self.text, self.pos if at is None else at, reason, tip=tip)

    def refuse(self, reason: str, at: int, tip: str | None = None) -> NoReturn:
        raise DiceLimitError(reason, text=self.text, position=at, tip=tip)

    def allow(self, feature: Feature, at: int) -> None:
        """Refuse ``feature`` here if the game's rules do."""
        if self.rules is None:
            return
        why = self.rules.reason(feature)
        if why is not None:
            raise DiceRefused(
                self.text,
                at,
                f"{self.rules.what} cannot use {FEATURE_NAMES[feature]}: {why}",
                tip=f"{self.rules.what} takes dice such as 1d20, 2d6+3, 4d6kh3",
            )

    def peek(self) -> str:
        """Skip whitespace and return the next character, or "" at the end."""
        while self.pos < len(self.text) and self.text[self.pos] in _SPACE:
            self.pos += 1
        return self.text[self.pos : self.pos + 1]

    def ahead(self, size: int) -> str:
        """The next ``size`` characters (after whitespace), lowercased."""
        self.peek()
        return self.text[self.pos : self.pos + size].lower()

    def expression(self) -> DiceExpression:
        if not self.peek():
            self.fail("the expression is empty")
        node, _ = self.sum()
        at = self.pos
        op = self.comparison()
        if op is not None:
            self.allow("compare", at)
            target, _ = self.signed("the number to compare with, like >=15")
            node = Compare(op, node, target)
        if ch := self.peek():
            if ch == ")":
                self.fail("')' without a matching '('")
            if ch == "}":
                self.fail("'}' without a matching '{'")
            if ch in "<>=":
                self.fail("an expression is compared with a number once, at its end")
            if ch == ",":
                self.fail("',' separates the items of a set, inside parentheses: (1d6,1d8)kh1")
            if ch == "]":
                self.fail("']' without a matching '['")
            self.fail(self.expected("an operator (+, -, *, /)") + ("; multiply with '*'" if ch in "xX×" else ""))
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
        return self.chain(("*", "/"), self.unary)

    def chain(self, ops: tuple[Op, ...], operand: Callable[[], tuple[Node, _Range]]) -> tuple[Node, _Range]:
        """Operands joined by any of ``ops``, grouped from the left."""
        self.peek()
        start = self.pos
        node, value_range = operand()
        while (op := self.peek()) in ops:
            op_at = self.pos
            self.pos += 1
            if op in "*/":
                self.allow("multiply" if op == "*" else "divide", op_at)
            right_at = self.pos
            right, right_range = operand()
            if op == "/" and right_range[0] <= 0 <= right_range[1]:
                self.peek()
                low, high = right_range
                what = "this divisor is 0" if low == high else f"this divisor ranges from {low:,} to {high:,}"
                self.fail(f"{what}, and nothing can be divided by 0", right_at)
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
            return self.postfix()
        self.nest()
        node, (low, high) = self.unary()
        self.depth -= 1
        return Negate(node), (-high, -low)

    def postfix(self) -> tuple[Node, _Range]:
        node, value_range = self.atom()
        if self.peek() != "[":
            return node, value_range
        at = self.pos
        self.allow("label", at)
        end = self.text.find("]", at + 1)
        if end < 0:
            self.fail("a label in brackets needs its ']', like 2d6[fire]")
        label = " ".join(self.text[at + 1 : end].split())
        if not label:
            self.fail("the label is empty; write what the part is for, like 2d6[fire]")
        bad = next((ch for ch in self.text[at + 1 : end] if ch == "[" or not (ch.isprintable() or ch in _SPACE)), "")
        if bad:
            self.fail(f"a label cannot hold {bad!r}", self.text.index(bad, at + 1))
        if len(label) > self.limits.max_label_length:
            self.refuse(f"the label is {len(label)} characters long; the limit is {self.limits.max_label_length}", at)
        self.pos = end + 1
        if self.peek() == "[":
            self.fail("a part takes one label")
        return Labeled(node, label), value_range

    def atom(self) -> tuple[Node, _Range]:
        ch, at = self.peek(), self.pos
        if ch in ("(", "{"):
            return self.group(ch, at)
        if ch in ("d", "D"):
            return self.dice(1, at)
        if ch and ch in _DIGITS:
            value, _ = self.integer()
            if self.peek() in ("d", "D"):
                return self.dice(value, at)
            self.count_term(at)
            return Constant(value), (value, value)
        self.fail(self.expected("a number, a die like 1d6, or '('"))

    def group(self, opener: str, at: int) -> tuple[Node, _Range]:
        """``(sum)``, or a set: ``(a, b, …)`` or ``{a, …}``, then its keep/drop and success count."""
        closer = ")" if opener == "(" else "}"
        self.nest()
        items = [self.sum()]
        while self.peek() == ",":
            self.pos += 1
            items.append(self.sum())
        if self.peek() != closer:
            if self.peek() in ("<", ">", "=") and len(items) == 1 and opener == "(":
                self.fail("a comparison of the whole expression goes at its end, outside any parentheses")
            self.fail(self.expected(f"'{closer}' to close the '{opener}' at position {at + 1}"))
        self.pos += 1
        self.depth -= 1
        if opener == "(" and len(items) == 1:
            return items[0]
        self.allow("set", at)
        keep, success, failure = self.set_modifiers(len(items))
        node = DiceSet(tuple(node for node, _ in items), keep, success, failure)
        if len(items) == 1 and keep is None and success is None:
            return items[0]
        return self.checked(node, _set_range(node, [r for _, r in items]), at)

    def set_modifiers(self, size: int) -> tuple[Keep | None, Condition | None, Condition | None]:
        keep: Keep | None = None
        success: Condition | None = None
        failure: Condition | None = None
        while True:
            self.peek()
            at = self.pos
            word = self.ahead(2)
            if word[:1] in ("k", "d", "p") and keep is None:
                keep = self.keep(size, at, what=("item", "items"))
            elif word[:1] in ("<", ">", "=") and success is None:
                self.allow("success", at)
                success = self.condition("a number after the comparison, like >=10")
            elif word[:1] == "f" and success is not None and failure is None:
                self.pos += 1
                failure = self.face("the failure after 'f', like f1 or f<=2", required=True)
                assert failure is not None
                self.no_overlap(success, failure, at)
            else:
                return keep, success, failure

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

    def signed(self, what: str) -> tuple[int, int]:
        """An integer with an optional sign (a threshold may be negative: Fudge dice)."""
        self.peek()
        start = self.pos
        sign = 1
        if self.text[self.pos : self.pos + 1] in ("-", "+"):
            sign = -1 if self.text[self.pos] == "-" else 1
            self.pos += 1
        value, _ = self.integer(what)
        return sign * value, start

    def comparison(self) -> CompareOp | None:
        """A comparison operator at the current position, consumed, or ``None``."""
        self.peek()
        for op in _COMPARISONS:
            if self.text.startswith(op, self.pos):
                self.pos += len(op)
                return cast(CompareOp, op)
        return None

    def condition(self, what: str) -> Condition:
        op = self.comparison()
        assert op is not None
        value, _ = self.signed(what)
        return Condition(op, value)

    def face(self, what: str, *, required: bool = False) -> Condition | None:
        """The faces a reroll, an explosion or a failure applies to: ``1`` (= 1), ``>4``, ``<=2``; ``None`` when
        nothing is written (the modifier's own default)."""
        ch = self.peek()
        if ch in ("<", ">", "="):
            return self.condition(what)
        if ch and ch in _DIGITS:
            value, _ = self.integer(what)
            return Condition("=", value)
        if required:
            self.fail(self.expected(what))
        return None

    def count_term(self, at: int) -> None:
        self.terms += 1
        if self.terms > self.limits.max_terms:
            self.refuse(f"more than {self.limits.max_terms} numbers and dice in one expression", at)

    def dice(self, count: int, at: int) -> tuple[Node, _Range]:
        limits = self.limits
        self.allow("dice", at)
        self.pos += 1  # the 'd'
        if count == 0:
            self.fail("a roll needs at least 1 die", at)
        if count > limits.max_dice_per_term:
            self.refuse(f"{count:,} dice in one roll; the limit is {limits.max_dice_per_term:,}", at, _SPLIT)
        sides, fudge = 100, False
        ch = self.peek()
        if ch == "%":
            self.pos += 1
        elif ch in ("F", "f"):
            self.allow("fudge", self.pos)
            self.pos += 1
            sides, fudge = 3, True
        else:
            sides, sides_at = self.integer("the number of sides after 'd', like d6 or d%")
            if sides == 0:
                self.fail("a die needs at least 1 side", sides_at)
            if sides > limits.max_sides:
                self.refuse(f"a d{sides:,} has too many sides; the limit is {limits.max_sides:,}", sides_at)
        term = self.dice_modifiers(DiceTerm(count, sides, fudge=fudge), at)
        self.dice_count += count
        if self.dice_count > limits.max_dice_total:
            self.refuse(f"more than {limits.max_dice_total:,} dice in one expression", at, _SPLIT)
        draws = count
        if term.reroll is not None:
            draws *= 1 + (1 if term.reroll.once else limits.max_rerolls)
        if term.explode is not None:
            draws *= 1 + explosion_cap(term, limits)
        self.potential += draws
        if self.potential > limits.max_dice_total:
            self.refuse(
                f"one roll of this expression could draw {self.potential:,} dice with its rerolls and explosions "
                f"(a die rerolls at most {limits.max_rerolls} times, a chain of explosions adds at most "
                f"{limits.max_explosions} dice); the limit is {limits.max_dice_total:,}",
                at,
                _SPLIT,
            )
        self.count_term(at)
        return self.checked(term, term_range(term, limits), at)

    def dice_modifiers(self, term: DiceTerm, at: int) -> DiceTerm:
        """Read a dice term's modifiers, in any order, and check that they fit its dice."""
        found: dict[str, Any] = {}
        while True:
            self.peek()
            mod_at = self.pos
            word = self.ahead(3)
            if word.startswith(("ro", "rr", "r")):
                self.once("reroll", found, mod_at, "give one reroll: r<3 rerolls 1s and 2s")
                self.allow("reroll", mod_at)
                once = word.startswith("ro")
                self.pos += 2 if word.startswith(("ro", "rr")) else 1
                written = "ro" if once else "r"
                face = self.face(f"the faces to reroll after '{written}', like {written}1 or {written}<3")
                found["reroll"] = Reroll(once, face or Condition("=", term.low)), mod_at
            elif word.startswith(("!", "xo")):
                self.once("explode", found, mod_at, "give one explosion: ! for a new die, !! to add to the same die")
                self.allow("explode", mod_at)
                kind: ExplodeKind = "xo" if word.startswith("xo") else "!!" if word.startswith("!!") else "!"
                self.pos += 1 if kind == "!" else 2
                face = self.face(f"the faces that explode after '{kind}', like {kind}6 or {kind}>4")
                found["explode"] = Explode(kind, face), mod_at
            elif word.startswith(("mi", "ma")):
                name = "floor" if word.startswith("mi") else "ceiling"
                self.once(name, found, mod_at, f"give one {name}")
                self.allow("clamp", mod_at)
                self.pos += 3 if word in ("min", "max") else 2
                written = word[:2]
                value, _ = self.signed(f"the {name} after '{written}', like 8d6{written}2")
                found[name] = value, mod_at
            elif word[:1] in ("k", "p") or (word[:1] == "d" and self.drop_follows()):
                self.once("keep", found, mod_at, "keep or drop once: 4d6kh3")
                found["keep"] = self.keep(term.count, mod_at), mod_at
            elif word[:1] in ("<", ">", "=") and "success" not in found:
                self.allow("success", mod_at)
                found["success"] = self.condition("a number after the comparison, like 8d10>=7"), mod_at
            elif word[:1] == "f":
                if "success" not in found:
                    self.fail("'f' counts failures after a success count, like 8d10>=7f1")
                self.once("failure", found, mod_at, "give one failure count")
                self.pos += 1
                found["failure"] = self.face("the failure after 'f', like f1 or f<=2", required=True), mod_at
            else:
                break
        return self.checked_term(term, found)

    def once(self, name: str, found: dict[str, Any], at: int, tip: str) -> None:
        if name in found:
            self.fail(f"this dice term has two {name}s", at, tip=tip)

    def drop_follows(self) -> bool:
        """Whether the 'd' at the current position is a drop (``4d6d1``, as Roll20 and Foundry read it)."""
        rest = self.text[self.pos + 1 :].lstrip(_SPACE)
        return rest[:1] in tuple(_DIGITS) or rest[:1].lower() in ("h", "l")

    def keep(self, count: int, at: int, what: tuple[str, str] = ("die", "dice")) -> Keep:
        self.allow("keep", at)
        written = self.ahead(2)
        if written in _KEEP_WORDS:
            mode = _KEEP_WORDS[written]
            self.pos += 2
        elif written[:1] == "k":
            mode, written = "kh", "k"
            self.pos += 1
        elif written[:1] == "d":
            mode, written = "dl", "d"
            self.pos += 1
        else:
            self.fail(
                "'p' drops dice with h or l after it: ph1 drops the highest, pl1 the lowest",
                tip="as Avrae writes it: 4d6pl1 is 4d6dl1",
            )
        verb = "keep" if mode[0] == "k" else "drop"
        example = "4d6" + written + "3" if what[0] == "die" else "(1d4,1d6,1d8)" + written + "2"
        n, n_at = self.integer(f"how many {what[1]} to {verb} after '{written}', like {example}")
        things = what[0] if count == 1 else what[1]
        if verb == "keep" and not 1 <= n <= count:
            self.fail(f"cannot keep {n} of {count} {things}; keep 1 to {count}", n_at)
        if verb == "drop" and not 1 <= n < count:
            allowed = f"a single {what[0]} has none to drop" if count == 1 else f"drop 1 to {count - 1}"
            self.fail(f"cannot drop {n} of {count} {things}; {allowed}", n_at)
        return Keep(mode, n)

    def checked_term(self, term: DiceTerm, found: dict[str, Any]) -> DiceTerm:
        """The term with its modifiers, refused where they cannot work on its dice."""
        values = {name: value for name, (value, _) in found.items()}
        term = DiceTerm(term.count, term.sides, fudge=term.fudge, **values)
        faces = die_faces(term)
        die = "a dF" if term.fudge else f"a d{term.sides}"
        shows = "-1, 0 or +1" if term.fudge else f"1 to {term.sides}"
        if term.reroll is not None:
            rerolled = [f for f in faces if term.reroll.condition.matches(f)]
            at = found["reroll"][1]
            if not rerolled:
                self.fail(f"{die} shows {shows}: no face is {term.reroll.condition.sign()}, so nothing is rerolled", at)
            if len(rerolled) == len(faces):
                self.fail(
                    f"{die} shows {shows}: every face is {term.reroll.condition.sign()}, so no die would stand", at
                )
        if term.explode is not None:
            boom = [f for f in faces if term.explode.matches(f, term.high)]
            at = found["explode"][1]
            cond = term.explode.condition
            if not boom:
                assert cond is not None
                self.fail(f"{die} shows {shows}: no face is {cond.sign()}, so nothing explodes", at)
            if len(boom) == len(faces):
                shown = f"is {cond.sign()}" if cond is not None else "is its highest"
                self.fail(f"{die} shows {shows}: every face {shown}, so it would explode for ever", at)
        if term.floor is not None and term.ceiling is not None and term.floor > term.ceiling:
            self.fail(f"the floor {term.floor} is above the ceiling {term.ceiling}", found["floor"][1])
        if term.success is not None and term.failure is not None:
            self.no_overlap(term.success, term.failure, found["failure"][1])
        return term

    def no_overlap(self, success: Condition, failure: Condition, at: int) -> None:
        (s_low, s_high), (f_low, f_high) = success.interval(), failure.interval()
        low = max(x for x in (s_low, f_low) if x is not None) if s_low is not None or f_low is not None else None
        high = min(x for x in (s_high, f_high) if x is not None) if s_high is not None or f_high is not None else None
        if low is None or high is None or low <= high:
            self.fail("a die cannot be both a success and a failure: the two counts overlap", at)


@lru_cache(maxsize=1024)
def _parse_cached(text: str, limits: DiceLimits, rules: DiceRules | None) -> DiceExpression:
    if len(text) > limits.max_text_length:
        raise DiceLimitError(
            f"the dice expression is {len(text):,} characters long; the limit is {limits.max_text_length:,}"
        )
    return _Parser(text, limits, rules).expression()


def parse(text: str, limits: DiceLimits = DEFAULT_LIMITS, *, rules: DiceRules | None = None) -> DiceExpression:
    """Read a dice expression, checking every limit before anything is rolled.

    Raises :class:`DiceSyntaxError` for text outside the grammar, :class:`DiceRefused` for a part ``rules`` (a
    game's) does not allow, and :class:`DiceLimitError` for an expression beyond ``limits``. Results are cached,
    which is safe because expressions are immutable.
    """
    return _parse_cached(text, limits, rules)


# --- the words of a command line ----------------------------------------------------------------------------

ADVANTAGE_WORDS = {"adv": "h", "advantage": "h", "dis": "l", "disadvantage": "l"}
_ONE_DIE = re.compile(r"^\s*(1?)d(\d+|%)(?![\d%])", re.IGNORECASE)


def with_advantage(text: str, keep: str) -> str:
    """``1d20+5`` rolled with advantage (``keep`` ``h``) or disadvantage (``l``): ``2d20kh1+5``."""
    die = _ONE_DIE.match(text)
    if die is None:
        raise InputError(
            f"advantage and disadvantage apply to one die, and '{text}' does not start with one",
            tip="start with the die rolled twice: 1d20 adv +5",
        )
    return f"2d{die.group(2)}k{keep}1{text[die.end() :]}"


def expression_of(words: Sequence[str]) -> str:
    """One dice expression from the words of a command line: ``1d20 adv +5`` → ``2d20kh1+5`` (see
    :func:`tabroll.dice.words.expressions_of`, which reads several)."""
    from tabroll.dice.words import expressions_of

    found = expressions_of(words)
    if len(found) != 1:
        raise InputError(f"{len(found)} expressions where one was expected", tip="give one dice expression")
    return found[0]
