"""A rolled expression: every die with its history (rerolled, exploded, capped, floored, dropped, counted), the
tree of the roll's parts with their values, and how the log and the JSON show them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
import msgspec.structs

from tabroll.dice.nodes import DiceTerm, render_tree
from tabroll.frozen import eq_hash_without

if TYPE_CHECKING:
    from tabroll.dice.notation import DiceExpression
    from tabroll.dice.rolled_tree import RolledDie, RolledNode


def face_text(value: int, fudge: bool) -> str:
    """A face as the log shows it: a Fudge die's faces are -1, 0 and +1."""
    return f"{value:+d}" if fudge and value else str(value)


class RolledTerm(msgspec.Struct, frozen=True):
    """One dice term as rolled: every value in the order drawn, which of them count, and the term's total; a term
    beyond NdM with keep/drop also keeps ``dice``, each die with its history (rerolled, exploded, dropped...)."""

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
        if self.dice:
            rolls = [die.to_json() for die in self.dice]
        else:  # as each die's own JSON would be: its value, rolled once, dropped or not
            rolls = [
                {"value": v, "rolled": [v], "marks": [] if k else ["dropped"]}
                for v, k in zip(self.values, self.kept, strict=True)
            ]
        return {"dice": self.term.notation, "value": self.total, "rolls": rolls}


class RolledExpression(msgspec.Struct, frozen=True):
    """The result of :meth:`DiceExpression.roll`. ``root`` is the rolled tree of an expression beyond the first
    grammar (``None`` for NdM, keep/drop and ``+ - *``, whose ``terms`` tell everything)."""

    expression: DiceExpression
    purpose: str
    terms: tuple[RolledTerm, ...]
    total: int
    root: RolledNode | None = None  # not compared

    __eq__, __hash__ = eq_hash_without("root")

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
        if self.root is None and len(self.terms) == 1 and self.terms[0].term.keep is None:
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
            parts = rolled.parts
            if rolled.item_marks:  # a set: the items it keeps
                parts = tuple(p for p, marks in zip(parts, rolled.item_marks, strict=True) if "dropped" not in marks)
            stack.extend(reversed(parts))
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
            from tabroll.dice.rolled_tree import shown_tree

            return shown_tree(self.root)
        if type(self.expression.root) is DiceTerm:  # a lone dice term: its dice are the whole expression
            return self.terms[0].shown()
        from tabroll.dice.parts import Constant  # the expression has more than a term: imported with its nodes

        rolled = iter(self.terms)
        return render_tree(
            self.expression.root, lambda n: n.notation if isinstance(n, Constant) else next(rolled).shown()
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
