"""Plain NdS rolls take a short way (no expression tree folded, the event built directly): the same result, the
same event, the same sentence and JSON as the general way, for plain and for any other notation."""

from __future__ import annotations

import pytest

from tabroll.dice.nodes import DiceTerm
from tabroll.dice.notation import DiceExpression, parse
from tabroll.dice.parts import Constant
from tabroll.dice.rolled import RolledExpression, RolledTerm
from tabroll.dice.sources import GivenDice
from tabroll.engine.work import BaseTurn
from tabroll.events import Roll

CASES = [
    ("1d20", [7]),
    ("3d6", [1, 6, 2]),
    ("d8", [3]),
    ("1D20", [20]),
    ("2d6+1", [2, 3]),
    ("4d6kh3", [1, 2, 3, 4]),
    ("2d10dl1", [5, 5]),
    ("(1d4+2)*2", [4]),
    ("-1d6", [6]),
    ("5", []),
]


@pytest.mark.parametrize(("notation", "values"), CASES)
def test_roll_dice_logs_what_roll_of_logs(notation: str, values: list[int]) -> None:
    log = BaseTurn(dice=GivenDice(values, origin="test"))
    rolled = log.roll_dice(notation, "damage", "Hero")
    general = parse(notation).roll(GivenDice(values, origin="test"), "damage")
    event = Roll.of(general, label="damage", unit="Hero")
    assert rolled == general
    assert log.events == [event]
    assert log.events[0].to_json() == event.to_json() and log.events[0].sentence() == event.sentence()
    assert rolled.describe() == general.describe() and rolled.values == general.values


@pytest.mark.parametrize(("notation", "values"), CASES)
def test_a_plain_roll_is_the_fold_of_its_tree(notation: str, values: list[int]) -> None:
    """The folded roll of a tree built by hand (a lone term is folded through a ``+ 0``) against the short way."""
    expression = parse(notation)
    rolled = expression.roll(GivenDice(values, origin="test"), "p")
    if isinstance(expression.root, DiceTerm):
        from tabroll.dice.parts import BinaryOp

        padded = DiceExpression(BinaryOp("+", expression.root, Constant(0)))
        folded = padded.roll(GivenDice(values, origin="test"), "p")
        assert folded.terms == rolled.terms and folded.total == rolled.total
        assert rolled == RolledExpression(expression, "p", rolled.terms, rolled.total)
        assert all(isinstance(t, RolledTerm) for t in rolled.terms)
        assert rolled.shown() == "[" + ", ".join(f"~{v}" if not k else str(v) for t in rolled.terms
                                                for v, k in zip(t.values, t.kept, strict=True)) + "]"  # fmt: skip
