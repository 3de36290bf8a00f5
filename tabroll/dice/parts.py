"""The parts of a dice expression beyond a lone dice term (``1d20``): numbers, operators, keep/drop and the test
of a number. Imported where an expression needs one (the parser builds them), so that a roll of a lone term
defines none of them; their names are also importable from :mod:`tabroll.dice.nodes`."""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

import msgspec

if TYPE_CHECKING:
    from tabroll.dice.nodes import CompareOp, KeepMode, Node, Number, Op

_TESTS: dict[str, Callable[[Number, Number], bool]] = {
    "=": operator.eq,
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
    "!=": operator.ne,
}
_SIGN = {"=": "=", "<": "<", ">": ">", "<=": "≤", ">=": "≥", "!=": "≠"}


class Condition(msgspec.Struct, frozen=True):
    """A test of one number: ``>= 7``, ``= 1``. ``>`` and ``<`` are strict (as in Foundry and d20; Roll20 reads
    ``>5`` as 5 or more)."""

    op: CompareOp
    value: int

    def matches(self, value: Number) -> bool:
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
        """The numbers that match, as a closed interval (``None``: unbounded); ``!=`` compares a whole expression
        only, never a die's faces, so it has none."""
        assert self.op != "!=", "!= is no interval"
        v = self.value
        return {"=": (v, v), "<": (None, v - 1), ">": (v + 1, None), "<=": (None, v), ">=": (v, None)}[self.op]


class Constant(msgspec.Struct, frozen=True):
    """A number: whole, or with a decimal point (``1.5``, kept as an exact fraction)."""

    value: Number

    @property
    def notation(self) -> str:
        if isinstance(self.value, int):
            return str(self.value)
        whole, rest = divmod(abs(self.value), 1)  # a decimal has a denominator of 2s and 5s: it ends
        digits = ""
        while rest:
            rest *= 10
            digit, rest = divmod(rest, 1)
            digits += str(int(digit))
        return ("-" if self.value < 0 else "") + f"{int(whole)}.{digits}"


class Keep(msgspec.Struct, frozen=True):
    """Keep (``kh``/``kl``) or drop (``dh``/``dl``) the ``n`` highest or lowest dice of a term (or items of a set)."""

    mode: KeepMode
    n: int
    by_value: ClassVar[bool] = False  # each kind of keep says whether it keeps by value (KeepIf) or by rank

    @property
    def highest(self) -> bool:
        """Whether the dice that count are the highest ones (``kh`` and ``dl``)."""
        return self.mode in ("kh", "dl")

    def kept_of(self, pool: int) -> int:
        """How many of ``pool`` dice count."""
        return min(self.n, pool) if self.mode[0] == "k" else max(0, pool - self.n)

    def flags(self, values: Sequence[Number]) -> tuple[bool, ...]:
        """Which of ``values`` count; among equal values the earlier one is kept."""
        sign = -1 if self.highest else 1
        ranked = sorted(range(len(values)), key=lambda i: (sign * values[i], i))
        chosen = set(ranked[: self.kept_of(len(values))])
        return tuple(i in chosen for i in range(len(values)))

    @property
    def notation(self) -> str:
        return f"{self.mode}{self.n}"

    def ranks(self, pool: int) -> tuple[bool, ...]:
        """Which places of ``pool`` sorted values count, from the highest down."""
        kept = self.kept_of(pool)
        if self.highest:
            return tuple(i < kept for i in range(pool))
        return tuple(i >= pool - kept for i in range(pool))


class BinaryOp(msgspec.Struct, frozen=True):
    """``left op right`` for ``+``, ``-``, ``*``, ``/`` (exact: the fraction is kept until the total, which is
    then truncated toward zero, as in d20), ``//`` (divides and rounds down at once) and ``%`` (the remainder, with
    the sign of the divisor)."""

    op: Op
    left: Node
    right: Node


class Negate(msgspec.Struct, frozen=True):
    """Unary minus."""

    operand: Node
