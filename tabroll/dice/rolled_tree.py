"""What a roll beyond NdM, keep/drop and ``+ - *`` keeps: each die with its history (rerolled, exploded, capped,
floored, dropped, counted) and the rolled tree of the expression's parts with their values, and how the log and the
JSON show them. Imported by the roll that makes them (:mod:`tabroll.dice.rolling`): a plain roll defines none."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

import msgspec

from tabroll.dice.nodes import DiceTerm, Node, Number, fold, operation_text, to_notation
from tabroll.dice.rolled import face_text

if TYPE_CHECKING:
    from tabroll.dice.rolled import RolledTerm


class RolledDie(msgspec.Struct, frozen=True):
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


class RolledNode(msgspec.Struct, frozen=True):
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
        from tabroll.dice.parts import BinaryOp, Constant, Negate  # imported with the nodes

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


def shown_tree(root: RolledNode) -> str:
    """The expression with each part replaced by what it rolled: ``[6!, 2, 3, 4]+3 [fire]``."""
    from tabroll.dice.parts import Constant  # imported with the nodes

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
