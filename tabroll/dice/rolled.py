"""A rolled expression: every die with its history (rerolled, exploded, capped, floored, dropped, counted), the
tree of the roll's parts with their values, and how the log and the JSON show them."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from tabroll.dice.nodes import (
    BinaryOp,
    Constant,
    DiceTerm,
    Negate,
    Node,
    Number,
    fold,
    operation_text,
    render_tree,
    to_notation,
)

if TYPE_CHECKING:
    from tabroll.dice.notation import DiceExpression


def face_text(value: int, fudge: bool) -> str:
    """A face as the log shows it: a Fudge die's faces are -1, 0 and +1."""
    return f"{value:+d}" if fudge and value else str(value)


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One die of a rolled term, in the order drawn: the faces drawn for it (several when it compounds), the value
    it counts as (after compounding, floor and ceiling) and its marks (``dropped``, ``exploded``…)."""

    rolls: tuple[int, ...]
    value: int
    marks: tuple[str, ...] = ()

    @property
    def counts(self) -> bool:
        """Whether the die is in the pool that makes the total (neither dropped nor rerolled)."""
        return "dropped" not in self.marks and "rerolled" not in self.marks

    def shown(self, fudge: bool = False) -> str:
        marks = self.marks
        faces = [face_text(v, fudge) for v in self.rolls]
        # a compounding die shows each face it added up: (6!+6!+2)
        text = "(" + "!+".join(faces) + ")" if len(faces) > 1 else faces[0] + ("!" if "exploded" in marks else "")
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
        dice = self.dice or tuple(
            RolledDie((v,), v, () if k else ("dropped",)) for v, k in zip(self.values, self.kept, strict=True)
        )
        return {"dice": self.term.notation, "value": self.total, "rolls": [die.to_json() for die in dice]}


@dataclass(frozen=True, slots=True)
class RolledNode:
    """The rolled tree of an expression that goes beyond NdM, keep/drop and ``+ - *``: each node with its value; a
    dice term with its dice, a set with the marks of each item, a comparison with its outcome."""

    node: Node
    value: Number  # a part with a division may hold a fraction; the total is truncated (see nodes.truncated)
    parts: tuple[RolledNode, ...] = ()
    term: RolledTerm | None = None
    item_marks: tuple[tuple[str, ...], ...] = ()
    success: bool | None = None

    def to_json(self) -> dict[str, Any]:
        """The tree as JSON (the roll event's ``tree``), built with an explicit stack."""

        def combine(rolled: RolledNode, parts: list[dict[str, Any]]) -> dict[str, Any]:
            node = rolled.node
            if isinstance(node, Constant):
                return {"number": json_number(node.value)}
            if isinstance(node, DiceTerm):
                assert rolled.term is not None
                return rolled.term.to_json()
            value = json_number(rolled.value)
            if isinstance(node, BinaryOp):
                return {"op": node.op, "value": value, "left": parts[0], "right": parts[1]}
            if isinstance(node, Negate):
                return {"op": "negate", "value": value, "of": parts[0]}
            from tabroll.dice.extended import Compare, DicePool, DiceSet, Function, Labeled  # imported with the node

            if isinstance(node, DicePool):
                assert rolled.term is not None
                return {**rolled.term.to_json(), "count": parts[0]}
            if isinstance(node, Function):
                return {"op": node.name, "value": value, "of": parts[0]}
            if isinstance(node, Labeled):
                return {"label": node.label, "value": value, "of": parts[0]}
            if isinstance(node, DiceSet):
                items = [
                    {"value": part["value"] if "value" in part else part["number"], "marks": list(marks), "of": part}
                    for part, marks in zip(parts, rolled.item_marks, strict=True)
                ]
                return {"set": to_notation(node), "value": value, "items": items}
            assert isinstance(node, Compare)
            return {
                "compare": node.op,
                "target": node.target,
                "value": value,
                "success": rolled.success,
                "of": parts[0],
            }

        return fold(self, combine, _parts)


_parts = attrgetter("parts")  # a rolled node's parts, as fold walks them


def json_number(value: Number) -> int | float:
    """A part's value in JSON: a whole number as an integer, a fraction (``7/2``) as the nearest float."""
    if isinstance(value, int):
        return value
    return value.numerator if value.denominator == 1 else float(value)


def _shown_tree(root: RolledNode) -> str:
    """The expression with each part replaced by what it rolled: ``[6!, 2, 3, 4]+3 [fire]``."""

    def combine(rolled: RolledNode, parts: list[tuple[str, int]]) -> tuple[str, int]:
        node = rolled.node
        if isinstance(node, Constant):
            return node.notation, 4
        if isinstance(node, DiceTerm):
            assert rolled.term is not None
            return rolled.term.shown(), 4
        if (operation := operation_text(node, parts)) is not None:
            return operation
        from tabroll.dice.extended import Compare, DicePool, DiceSet, Function, Labeled  # imported with the node

        if isinstance(node, Function):
            return f"{node.name}({parts[0][0]})", 4
        if isinstance(node, DicePool):
            assert rolled.term is not None
            return f"({parts[0][0]}){rolled.term.shown()}", 4
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

    return fold(root, combine, _parts)[0]


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
        if self.root is None and len(self.terms) == 1 and self.terms[0].term.keep is None:
            return self.terms[0].values
        if self.root is None:
            return tuple(v for term in self.terms for v in term.kept_values())
        from tabroll.dice.extended import DiceSet  # a tree's parts: a set's items that count

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
