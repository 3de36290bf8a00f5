"""The parts of a dice expression: the tree the parser builds (numbers, dice terms with what is done to their dice,
operators, labels, sets, a comparison of the whole), how a tree is written back as notation, the bounds of its
value, and the rules a game sets on which parts its stats may use. Trees are walked with an explicit stack, never by
recursion (:func:`fold`).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar

import msgspec
import msgspec.structs

from tabroll.dice.sources import DiceFaces
from tabroll.i18n import N_
from tabroll.lazy import names_from

if TYPE_CHECKING:
    from tabroll.dice.extended import Compare, DicePool, DiceSet, Explode, Function, KeepIf, KeepSteps, Labeled, Reroll
    from tabroll.dice.parts import BinaryOp, Condition, Constant, Negate
    from tabroll.dice.parts import Keep as Keep

KeepMode: TypeAlias = Literal["kh", "kl", "dh", "dl"]
Op: TypeAlias = Literal["+", "-", "*", "/", "//", "%"]
CompareOp: TypeAlias = Literal["=", "<", ">", "<=", ">=", "!="]
FunctionName: TypeAlias = Literal["floor", "ceil", "round", "abs"]
Number: TypeAlias = int | Fraction  # a part's value: a division keeps its fraction until the total
ExplodeKind: TypeAlias = Literal["!", "!!", "xo"]
Feature: TypeAlias = Literal[
    "dice",
    "keep",
    "multiply",
    "divide",
    "reroll",
    "explode",
    "clamp",
    "success",
    "compare",
    "fudge",
    "label",
    "set",
    "function",
    "critical",
    "pool",
]
T = TypeVar("T")
K = TypeVar("K")
N = TypeVar("N", bound=int | Fraction)
Range: TypeAlias = tuple[Number, Number]  # lowest and highest value of a subexpression
Faces: TypeAlias = tuple[int, int]  # lowest and highest face of a die, or value of a dice term
MULTIPLYING: tuple[str, ...] = ("*", "/", "//", "%")
"""The operators that bind tighter than + and -."""

PLAIN_FEATURES: frozenset[Feature] = frozenset({"dice", "keep", "multiply"})
"""What an expression of NdM, keep/drop and + - * alone uses: its roll events carry no tree."""

FEATURE_NAMES: dict[Feature, str] = {
    "dice": N_("dice"),
    "keep": N_("keeping or dropping dice (kh, kl, dh, dl)"),
    "multiply": N_("multiplication (*)"),
    "divide": N_("division (/, //, %)"),
    "reroll": N_("rerolls (r, rr, ro)"),
    "explode": N_("exploding dice (!, !!, xo)"),
    "clamp": N_("floors and ceilings on dice (mi, ma)"),
    "success": N_("counting successes (8d10>=7)"),
    "compare": N_("a comparison of the whole expression (1d20+7>=15)"),
    "fudge": N_("Fudge dice (dF)"),
    "label": N_("labels ([fire])"),
    "set": N_("sets of expressions ((1d4,1d6)kh1)"),
    "function": N_("rounding and absolute value (floor, ceil, round, abs)"),
    "critical": N_("critical marks on dice (cs, cf)"),
    "pool": N_("a number of dice that is rolled ((1d4)d6)"),
}


class DiceLimits(msgspec.Struct, frozen=True):
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

__getattr__ = names_from(globals(), "tabroll.dice.parts", ("Keep",))  # where the odds' branches find it


def counted(value: N, success: Condition | None, failure: Condition | None) -> N | int:
    """``value`` itself when nothing is counted; else 1 for a success, -1 for a failure and 0 for anything else."""
    if success is None:
        return value
    if success.matches(value):
        return 1
    return -1 if failure is not None and failure.matches(value) else 0


Selection: TypeAlias = "Keep | KeepSteps | KeepIf"
"""What a term or a set keeps: by rank (one step or several) or by value."""


class DiceTerm(msgspec.Struct, DiceFaces, frozen=True):
    """``count`` dice with ``sides`` sides each (a Fudge die, ``fudge``, has three: -1, 0 and +1), with what is done
    to them: rerolls, explosions, a floor and a ceiling on each die, which of them count (``keep``), and whether
    the term is their sum or the number of them that meet ``success`` (less those that meet ``failure``)."""

    count: int
    sides: int
    keep: Selection | None = None
    reroll: Reroll | None = None
    explode: Explode | None = None
    floor: int | None = None
    ceiling: int | None = None
    success: Condition | None = None
    failure: Condition | None = None
    fudge: bool = False
    critical: Condition | None = None
    fumble: Condition | None = None

    @property
    def extended(self) -> bool:
        """Whether the term goes beyond NdM with keep/drop (its dice then each carry their own history)."""
        modifiers = (self.reroll, self.explode, self.floor, self.ceiling, self.success, self.critical, self.fumble)
        return self.fudge or any(modifier is not None for modifier in modifiers)

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
            parts.append(self.keep.notation)
        if self.critical is not None:
            parts.append("cs" + self.critical.written(bare=True))
        if self.fumble is not None:
            parts.append("cf" + self.fumble.written(bare=True))
        return "".join(parts) + counted

    def draws(self, limits: DiceLimits) -> int:
        """The most dice one roll of the term can draw, rerolls and explosions included."""
        draws = self.count
        if self.reroll is not None:
            draws *= 1 + (1 if self.reroll.once else limits.max_rerolls)
        if self.explode is not None:
            draws *= 1 + explosion_cap(self, limits)
        return draws

    def clamped(self, value: int) -> int:
        """A die's value after the floor and the ceiling."""
        if self.floor is not None:
            value = max(value, self.floor)
        return value if self.ceiling is None else min(value, self.ceiling)

    def score(self, value: int) -> int:
        """What a die that counts adds to the term: its value, or 1 for a success and -1 for a failure."""
        return counted(value, self.success, self.failure)


Node: TypeAlias = "Constant | DiceTerm | DicePool | BinaryOp | Negate | Function | Labeled | DiceSet | Compare"
"""A part of an expression: the kinds declared here, or those of :mod:`tabroll.dice.extended`."""
Leaf: TypeAlias = "Constant | DiceTerm"


def whole(value: Number) -> Number:
    """A value as an ``int`` when it is whole (a fraction such as 4/2 becomes 2)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def divide(a: Number, b: Number) -> Number:
    """``a / b`` exactly: the fraction is kept (``7/2*2`` is 7)."""
    return whole(Fraction(a, b))


def remainder(a: Number, b: Number) -> Number:
    """``a % b``: what is left of ``a`` after taking away whole ``b``s, with the sign of ``b`` (as in d20)."""
    return whole(a - b * math.floor(Fraction(a, b)))


def truncated(value: Number) -> int:
    """A total as a whole number: a fraction left at the end is truncated toward zero, as d20 does (-7/2 is -3)."""
    return int(value)


APPLY: dict[str, Callable[[Number, Number], Number]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": divide,
    "//": lambda a, b: math.floor(Fraction(a, b)),  # divided and rounded down at once
    "%": remainder,
}


FUNCTIONS: dict[str, Callable[[Number], Number]] = {
    "floor": math.floor,
    "ceil": math.ceil,
    "round": lambda value: math.floor(value + Fraction(1, 2)),  # half up
    "abs": lambda value: -value if value < 0 else value,
}


def children(node: Node) -> tuple[Node, ...]:
    """The parts of a node, in the order they are rolled."""
    if isinstance(node, DiceTerm):
        return ()
    from tabroll.dice.parts import BinaryOp, Constant, Negate  # imported with the node

    if isinstance(node, BinaryOp):
        return (node.left, node.right)
    if isinstance(node, Negate):
        return (node.operand,)
    if isinstance(node, Constant):
        return ()
    from tabroll.dice.extended import Compare, DicePool, DiceSet, Function, Labeled  # imported with the node

    if isinstance(node, Labeled | Function):
        return (node.operand,)
    if isinstance(node, DicePool):
        return (node.count_of,)
    if isinstance(node, DiceSet):
        return node.items
    if isinstance(node, Compare):
        return (node.left,)
    return ()


def fold(root: K, combine: Callable[[K, list[T]], T], parts_of: Callable[[Any], Sequence[Any]] = children) -> T:
    """Combine a tree bottom-up, children left to right, with an explicit stack instead of recursion: a tree of
    nodes, or any other tree whose ``parts_of`` a node are its children (a rolled tree's parts)."""
    stack: list[tuple[K, bool]] = [(root, False)]
    results: list[T] = []
    while stack:
        node, children_done = stack.pop()
        parts = parts_of(node)
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


def _absorbs(node: Node, op: str = "") -> bool:
    """Whether a comparison written right after ``node`` would be read as part of it (a dice term's or a set's own
    success count), so that a comparison of the whole needs parentheses around it."""
    from tabroll.dice.extended import DicePool, DiceSet  # a comparison's module: loaded
    from tabroll.dice.parts import BinaryOp, Negate

    while True:
        if isinstance(node, BinaryOp):
            node = node.right
        elif isinstance(node, Negate):
            node = node.operand
        elif isinstance(node, DiceSet):
            return node.success is None
        elif isinstance(node, DiceTerm | DicePool):  # 3d6>=5! then >=2 would read as exploding on 2 or more
            term = node if isinstance(node, DiceTerm) else node.term
            return term.success is None or term.notation.endswith(("!", "xo")) or op == "!="  # !=: an explosion
        else:
            return False


def operation_text(node: Node, parts: list[tuple[str, int]]) -> tuple[str, int] | None:
    """An operator (``+``, unary ``-``) written around its operands' texts, each with its binding level,
    with the parentheses the reading back needs; the text's own level. ``None`` for any other node."""
    if isinstance(node, DiceTerm):
        return None
    from tabroll.dice.parts import BinaryOp, Negate  # imported with the node

    if isinstance(node, BinaryOp):
        (left, left_level), (right, right_level) = parts
        level = 2 if node.op in MULTIPLYING else 1  # left-associative: a right operand of equal level needs (...)
        left_text = left if left_level >= level else f"({left})"
        return left_text + node.op + (right if right_level > level else f"({right})"), level
    if isinstance(node, Negate):
        text, level = parts[0]
        return "-" + (text if level >= 3 else f"({text})"), 3
    return None


def render_tree(root: Node, leaf_text: Callable[[Leaf], str]) -> str:
    """Write a tree with just the parentheses needed to read it back as the same tree."""

    def combine(node: Node, parts: list[tuple[str, int]]) -> tuple[str, int]:
        if isinstance(node, DiceTerm):
            return leaf_text(node), 4
        if (operation := operation_text(node, parts)) is not None:
            return operation
        from tabroll.dice.parts import Constant  # imported with the node

        if isinstance(node, Constant):
            return leaf_text(node), 3 if node.value < 0 else 4
        from tabroll.dice.extended import Compare, DicePool, DiceSet, Function, Labeled  # imported with the node

        if isinstance(node, Function):
            return f"{node.name}({parts[0][0]})", 4
        if isinstance(node, DicePool):  # the term's notation after its number of dice: (1d4)d6kh1
            return f"({parts[0][0]}){node.term.notation[len(str(node.term.count)) :]}", 4
        if isinstance(node, Labeled):
            text, level = parts[0]
            return (text if level >= 4 else f"({text})") + f"[{node.label}]", 4
        if isinstance(node, DiceSet):
            inner = ",".join(text for text, _ in parts)
            return ("{" + inner + "}" if len(parts) == 1 else f"({inner})") + node.modifiers, 4
        if isinstance(node, Compare):
            text, level = parts[0]
            left = f"({text})" if level < 1 or _absorbs(node.left, node.op) else text
            return left + node.op + str(node.target), 0
        raise AssertionError(node)  # every kind of node is written above

    return fold(root, combine)[0]


def to_notation(node: Node) -> str:
    """The canonical notation of a tree, such as ``1d20+2`` or ``4d6kh3``."""
    return render_tree(node, lambda n: n.notation)


def combine_ranges(op: str, left: Range, right: Range) -> Range:
    """The lowest and highest result of ``op`` on two independent ranges (a divisor's range never holds 0)."""
    if op == "+":
        return left[0] + right[0], left[1] + right[1]
    if op == "-":
        return left[0] - right[1], left[1] - right[0]
    if op == "%":
        if left[0] >= 0 and left[1] < right[0]:  # nothing to take away
            return left
        return (0, right[1]) if right[0] > 0 else (right[0], 0)
    apply = APPLY[op]
    corners = [apply(a, b) for a in left for b in right]
    return min(corners), max(corners)


def faces_meeting(term: DiceTerm, condition: Condition | None) -> Faces | None:
    """The faces of the term's die that meet ``condition`` (``None``: the highest face alone), as the lowest and the
    highest of them (a condition is an interval), or ``None`` when none does; worked out without visiting faces."""
    if condition is None:
        return term.high, term.high
    low, high = condition.interval()
    low = term.low if low is None else max(low, term.low)
    high = term.high if high is None else min(high, term.high)
    return (low, high) if low <= high else None


def chain_range(term: DiceTerm, cap: int) -> Faces:
    """The lowest and highest sum of one die's chain of explosions, each die after its floor and ceiling (which
    keep the order of faces, so the ends of each kind of face are enough); a compounding die's (``!!``) are its
    raw faces, since its floor and ceiling apply to the sum."""
    assert term.explode is not None
    each = (lambda face: face) if term.explode.kind == "!!" else term.clamped
    met = faces_meeting(term, term.explode.condition)
    assert met is not None
    below, above = met[0] > term.low, met[1] < term.high  # faces that do not explode, below or above those that do
    boom_low, boom_high = each(met[0]), each(met[1])
    if not below and not above:  # every face explodes: only an explosion that stops at its cap (xo) gets here
        return (cap + 1) * boom_low, (cap + 1) * boom_high
    calm_low = each(term.low if below else met[1] + 1)
    calm_high = each(term.high if above else met[0] - 1)
    ends = [calm_low, cap * boom_low + calm_low, (cap + 1) * boom_low]
    tops = [calm_high, cap * boom_high + calm_high, (cap + 1) * boom_high]
    return min(ends), max(tops)


def explosion_cap(term: DiceTerm, limits: DiceLimits) -> int:
    """How many dice one die's chain of explosions may add."""
    assert term.explode is not None
    return 1 if term.explode.kind == "xo" else limits.max_explosions


def _sum_range(count: Faces, each: Faces) -> Faces:
    """The range of the sum of between ``count[0]`` and ``count[1]`` values, each in ``each``."""
    corners = [n * v for n in count for v in each]
    return min(corners), max(corners)


def term_range(term: DiceTerm, limits: DiceLimits = DEFAULT_LIMITS) -> Faces:
    """Bounds of a dice term's value (exact for plain terms; no value of any term falls outside them)."""
    pool: Faces = (term.count, term.count)
    if term.explode is not None and term.explode.kind != "!!":
        pool = (term.count, term.count * (1 + explosion_cap(term, limits)))
    if term.explode is not None and term.explode.kind == "!!":
        low, high = chain_range(term, explosion_cap(term, limits))
        chain = (term.clamped(low), term.clamped(high))  # a compounded die's floor and ceiling apply to its sum
        die: Faces = chain
    else:
        die = (term.clamped(term.low), term.clamped(term.high))
        chain = chain_range(term, explosion_cap(term, limits)) if term.explode is not None else die
    kept = (term.keep.kept_of(pool[0]), term.keep.kept_of(pool[1])) if term.keep is not None else pool
    if term.success is not None:
        return (-kept[1] if term.failure is not None else 0), kept[1]
    if term.keep is None or term.keep.by_value:
        low, high = _sum_range((term.count, term.count), chain)
        return (min(low, 0), max(high, 0)) if term.keep is not None else (low, high)  # a die kept by value or not
    return _sum_range(kept, die)


def set_range(node: DiceSet, items: list[Range]) -> Range:
    from tabroll.dice.extended import KeepIf  # a set's module: loaded

    if node.success is not None:
        counted = len(items) if node.keep is None else node.keep.kept_of(len(items))
        return (-counted if node.failure is not None else 0), counted
    if node.keep is None:
        return sum(low for low, _ in items), sum(high for _, high in items)
    if isinstance(node.keep, KeepIf):  # each item counts or not
        return sum(min(low, 0) for low, _ in items), sum(max(high, 0) for _, high in items)
    places = node.keep.ranks(len(items))  # the k-th highest value lies between the k-th highest low and high
    lows = sorted((low for low, _ in items), reverse=True)
    highs = sorted((high for _, high in items), reverse=True)
    return (
        sum(v for v, kept in zip(lows, places, strict=True) if kept),
        sum(v for v, kept in zip(highs, places, strict=True) if kept),
    )


def node_range(node: Node, parts: list[Range], limits: DiceLimits) -> Range:
    if isinstance(node, DiceTerm):
        return term_range(node, limits)
    from tabroll.dice.parts import BinaryOp, Constant, Negate  # imported with the node

    if isinstance(node, Constant):
        return node.value, node.value
    if isinstance(node, BinaryOp):
        return combine_ranges(node.op, parts[0], parts[1])
    if isinstance(node, Negate):
        return -parts[0][1], -parts[0][0]
    from tabroll.dice.extended import DicePool, DiceSet, Function, Labeled  # imported with the node

    if isinstance(node, Function):
        return function_range(node.name, parts[0])
    if isinstance(node, DicePool):
        return pool_range(node, parts[0], limits)
    if isinstance(node, Labeled):
        return parts[0]
    if isinstance(node, DiceSet):
        return set_range(node, parts)
    return 0, 1


def pool_range(node: DicePool, counts: Range, limits: DiceLimits) -> Range:
    """Bounds over every number of dice the count may roll (the term's bounds are linear in its count, or kept)."""
    low, high = max(0, int(counts[0])), int(counts[1])
    ends = [term_range(node.with_count(c), limits) for c in (low, high)]
    return min(e[0] for e in ends), max(e[1] for e in ends)


def function_range(name: str, part: Range) -> Range:
    low, high = part
    if name != "abs":
        apply = FUNCTIONS[name]
        return apply(low), apply(high)
    if low >= 0:
        return low, high
    if high <= 0:
        return -high, -low
    return 0, max(-low, high)


def features_of(node: Node, parts: list[frozenset[Feature]]) -> frozenset[Feature]:
    found: set[Feature] = set().union(*parts) if parts else set()
    if isinstance(node, DiceTerm):
        used: dict[Feature, bool] = {
            "dice": True,
            "keep": node.keep is not None,
            "reroll": node.reroll is not None,
            "explode": node.explode is not None,
            "success": node.success is not None,
            "clamp": node.floor is not None or node.ceiling is not None,
            "critical": node.critical is not None or node.fumble is not None,
            "fudge": node.fudge,
        }
        found.update(feature for feature, yes in used.items() if yes)
        return frozenset(found)
    from tabroll.dice.parts import BinaryOp, Constant, Negate  # imported with the node

    if isinstance(node, BinaryOp):
        if node.op in MULTIPLYING:
            found.add("multiply" if node.op == "*" else "divide")
    elif not isinstance(node, Negate | Constant):
        from tabroll.dice.extended import Compare, DicePool, DiceSet, Function, Labeled  # imported with the node

        if isinstance(node, Function):
            found.add("function")
        elif isinstance(node, DicePool):
            found |= {"pool", *features_of(node.term, [])}
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


class DiceRules(msgspec.Struct, frozen=True):
    """Which parts of the dice language an expression may use where a game reads one (a unit's damage stat): the
    game names the stat (``what``) and gives, for each part it refuses, its reason: a message marked for translation,
    said by ``say`` (the game's ``_``) when it is shown. An expression using a refused part is refused while parsing,
    pointing at that part, with the reason."""

    what: str
    refused: tuple[tuple[Feature, str], ...] = ()
    say: Callable[[str], str] = str

    def reason(self, feature: Feature) -> str | None:
        return next((self.say(why) for refused, why in self.refused if refused == feature), None)
