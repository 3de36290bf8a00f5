"""Dice for tabroll: the notation parser and roller, and the sources dice values come from.

Importing this package loads only the standard library, so the CLI starts quickly; the nodes of the notation
beyond NdM, keep/drop and arithmetic (:mod:`tabroll.dice.extended`) are imported the first time one is asked for.
"""

from typing import TYPE_CHECKING

from tabroll.dice.notation import (
    DEFAULT_LIMITS,
    BinaryOp,
    Condition,
    Constant,
    DiceExpression,
    DiceLimitError,
    DiceLimits,
    DiceRefused,
    DiceRules,
    DiceSyntaxError,
    DiceTerm,
    Keep,
    Negate,
    Node,
    RolledDie,
    RolledExpression,
    RolledNode,
    RolledTerm,
    parse,
    to_notation,
)
from tabroll.dice.sources import (
    DiceExhausted,
    DiceRequest,
    DiceSource,
    DiceValueError,
    GivenDice,
    PromptDice,
    RecordingDice,
    ScriptedDice,
    SeededDice,
    asks_players,
    checked_draw,
    choose_number,
    parse_dice_values,
    pick,
    roll_die,
)

if TYPE_CHECKING:
    from tabroll.dice.extended import Compare as Compare
    from tabroll.dice.extended import DicePool as DicePool
    from tabroll.dice.extended import DiceSet as DiceSet
    from tabroll.dice.extended import Explode as Explode
    from tabroll.dice.extended import Function as Function
    from tabroll.dice.extended import KeepIf as KeepIf
    from tabroll.dice.extended import KeepSteps as KeepSteps
    from tabroll.dice.extended import Labeled as Labeled
    from tabroll.dice.extended import Reroll as Reroll


def __getattr__(name: str) -> object:
    if name in {"Compare", "DicePool", "DiceSet", "Explode", "Function", "KeepIf", "KeepSteps", "Labeled", "Reroll"}:
        from tabroll.dice import extended

        value = getattr(extended, name)
        globals()[name] = value  # found directly from now on
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_LIMITS",
    "BinaryOp",
    "Compare",
    "Condition",
    "Constant",
    "DiceExhausted",
    "DiceExpression",
    "DiceLimitError",
    "DiceLimits",
    "DicePool",
    "DiceRefused",
    "DiceRequest",
    "DiceRules",
    "DiceSet",
    "DiceSource",
    "DiceSyntaxError",
    "DiceTerm",
    "DiceValueError",
    "Explode",
    "Function",
    "GivenDice",
    "Keep",
    "KeepIf",
    "KeepSteps",
    "Labeled",
    "Negate",
    "Node",
    "PromptDice",
    "RecordingDice",
    "Reroll",
    "RolledDie",
    "RolledExpression",
    "RolledNode",
    "RolledTerm",
    "ScriptedDice",
    "SeededDice",
    "asks_players",
    "checked_draw",
    "choose_number",
    "parse",
    "parse_dice_values",
    "pick",
    "roll_die",
    "to_notation",
]
