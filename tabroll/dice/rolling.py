"""Rolling a parsed expression: every die drawn from the injected source, each with its history.

A dice term asks its source once for its dice (``Roll 8d6``), then once for each round of rerolls and of
explosions (``Roll 2d6 — roll (reroll)``), so ``--dice`` values are given in the order a player rolls them: the
pool, then the rerolls, then the extra dice. The dice of a term are listed in the order they were drawn: a die
that is rerolled stays where it was, marked, and the die that replaced it comes later; an explosion's extra die
comes after the pool. A compounding die (``!!``) is one die whose faces add up.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from tabroll.dice.nodes import (
    APPLY,
    FUNCTIONS,
    DiceLimits,
    DiceTerm,
    Node,
    Number,
    explosion_cap,
    fold,
    truncated,
)
from tabroll.dice.rolled import RolledExpression, RolledTerm
from tabroll.dice.sources import DiceRequest, DiceSource, checked_draw

if TYPE_CHECKING:
    from tabroll.dice.extended import DiceSet
    from tabroll.dice.notation import DiceExpression
    from tabroll.dice.parts import Keep
    from tabroll.dice.rolled_tree import RolledNode

_MARK_ORDER = (
    "rerolled",
    "exploded",
    "capped",
    "floored",
    "ceilinged",
    "dropped",
    "success",
    "failure",
    "critical",
    "fumble",
)


class _Die(msgspec.Struct):
    """A die while its term is rolled: the (draw index, face) pairs that make it, and what happened to it."""

    parts: list[tuple[int, int]]
    rerolled: bool = False
    rerolls: int = 0
    depth: int = 0
    marks: set[str] = msgspec.field(default_factory=set)

    @property
    def last(self) -> int:
        return self.parts[-1][1]


def roll_term(
    term: DiceTerm, source: DiceSource, purpose: str, limits: DiceLimits, *, total_only: bool = False
) -> RolledTerm:
    """Roll one dice term: its pool, its rerolls and explosions, then its floors, keep/drop and success count.
    ``total_only``: the caller reads only the total, so a term that adds its dice up (or those one keep step keeps)
    asks for them as a :attr:`~tabroll.dice.sources.DiceRequest.total_only` request."""
    sides, fudge = term.sides, term.fudge
    draws: list[int] = []
    summed = total_only and not term.extended  # a Fudge term is extended
    keep: Keep | None = None  # read by the sum of the dice it keeps: one plain keep/drop step (kh3)
    if summed and term.keep is not None:
        from tabroll.dice.parts import Keep  # imported with the selection

        keep = term.keep if isinstance(term.keep, Keep) else None
        summed = keep is not None

    def draw(count: int, why: str) -> tuple[int, tuple[int, ...]]:
        """Draw ``count`` dice; returns where they start among the term's draws, and their faces."""
        if not count:  # 0d6: nothing to ask for
            return len(draws), ()
        request = DiceRequest(
            f"{purpose} ({why})" if why else purpose, count, sides, fudge=fudge, total_only=summed, keep=keep
        )
        values = checked_draw(source, request)
        start = len(draws)
        draws.extend(values)
        return start, values

    if not term.extended:
        _, values = draw(term.count, "")
        kept = (True,) * len(values) if term.keep is None else term.keep.flags(values)
        return RolledTerm(term, values, kept, sum(v for v, k in zip(values, kept, strict=True) if k))
    dice = [_Die([(i, v)]) for i, v in enumerate(draw(term.count, "")[1])]
    active = list(dice)
    while active:
        if term.reroll is not None:
            _reroll(term, active, dice, draw, limits)
        if term.explode is None:
            break
        cap = explosion_cap(term, limits)
        booming = []
        for die in active:
            if term.explode.matches(die.last, term.high):
                if die.depth < cap:
                    booming.append(die)
                elif term.explode.kind != "xo":  # xo explodes once by its rule: that is no cap
                    die.marks.add("capped")
        if not booming:
            break
        start, values = draw(len(booming), "explosion")
        active = []
        for k, (die, value) in enumerate(zip(booming, values, strict=True)):
            die.marks.add("exploded")
            if term.explode.kind == "!!":
                die.parts.append((start + k, value))
                die.depth += 1
                die.rerolls = 0
                active.append(die)
            else:
                extra = _Die([(start + k, value)], depth=die.depth + 1)
                dice.append(extra)
                active.append(extra)
    return _settle(term, dice, tuple(draws))


def _reroll(
    term: DiceTerm,
    active: list[_Die],
    dice: list[_Die],
    draw: Callable[[int, str], tuple[int, tuple[int, ...]]],
    limits: DiceLimits,
) -> None:
    """Reroll the newest face of each active die while it meets the condition (once for ``ro``); a rerolled face
    becomes a die of its own, marked, and stays where it was drawn."""
    assert term.reroll is not None
    condition, once = term.reroll, term.reroll.once
    cap = 1 if once else limits.max_rerolls
    pending = active
    while True:
        need = []
        for die in pending:
            if condition.matches(die.last):
                if die.rerolls < cap:
                    need.append(die)
                elif not once:
                    die.marks.add("capped")
        if not need:
            return
        start, values = draw(len(need), "reroll")
        for k, (die, value) in enumerate(zip(need, values, strict=True)):
            index, old = die.parts.pop()
            dice.append(_Die([(index, old)], rerolled=True))
            die.parts.append((start + k, value))
            die.rerolls += 1
        pending = need


def _settle(term: DiceTerm, dice: list[_Die], draws: tuple[int, ...]) -> RolledTerm:
    """Floors and ceilings, keep/drop and the success count, once every die is drawn."""
    dice.sort(key=lambda d: min(i for i, _ in d.parts))
    standing = [d for d in dice if not d.rerolled]
    values: dict[int, int] = {}
    for die in standing:
        raw = sum(v for _, v in die.parts)
        value = term.clamped(raw)
        if value > raw:
            die.marks.add("floored")
        elif value < raw:
            die.marks.add("ceilinged")
        if term.critical is not None and term.critical.matches(die.last):
            die.marks.add("critical")
        if term.fumble is not None and term.fumble.matches(die.last):
            die.marks.add("fumble")
        values[id(die)] = value
    if term.keep is not None:
        flags = term.keep.flags([values[id(d)] for d in standing])
        for die, keep in zip(standing, flags, strict=True):
            if not keep:
                die.marks.add("dropped")
    counting = [d for d in standing if "dropped" not in d.marks]
    total = 0
    for die in counting:
        score = term.score(values[id(die)])
        total += score
        if term.success is not None and score:
            die.marks.add("success" if score > 0 else "failure")
    from tabroll.dice.rolled_tree import RolledDie  # a term beyond NdM with keep/drop keeps each die's history

    counted: dict[int, bool] = {}
    rolled: list[RolledDie] = []
    for die in dice:
        if die.rerolled:
            die.marks.add("rerolled")
        faces = tuple(v for _, v in die.parts)
        marks = tuple(m for m in _MARK_ORDER if m in die.marks)
        rolled.append(RolledDie(faces, values.get(id(die), faces[0]), marks))
        for index, _ in die.parts:
            counted[index] = not die.rerolled and "dropped" not in die.marks
    kept = tuple(counted[i] for i in range(len(draws)))
    return RolledTerm(term, draws, kept, total, tuple(rolled))


def roll_expression(
    expression: DiceExpression, source: DiceSource, purpose: str, *, total_only: bool = False
) -> RolledExpression:
    """Roll ``expression``'s dice terms left to right (see :meth:`DiceExpression.roll`). ``total_only``: the
    caller reads only the expression's total (see :func:`roll_term`); an expression that compares or counts
    reads its dice, and asks for them as usual."""
    root, limits = expression.root, expression.limits
    if type(root) is DiceTerm and root.keep is None and not root.extended and root.count:  # plain NdS
        summed = total_only and not root.fudge
        drawn = checked_draw(source, DiceRequest(purpose, root.count, root.sides, total_only=summed))
        whole = sum(drawn)
        return RolledExpression(expression, purpose, (RolledTerm(root, drawn, (True,) * len(drawn), whole),), whole)
    from tabroll.dice.parts import BinaryOp, Constant, Negate  # beyond a plain term: built with the expression

    rolled: list[RolledTerm] = []
    if not expression.extended:

        def plain(node: Node, parts: list[Number]) -> Number:
            if isinstance(node, Constant):
                return node.value
            if isinstance(node, DiceTerm):
                rolled.append(roll_term(node, source, purpose, limits, total_only=total_only))
                return rolled[-1].total
            if isinstance(node, Negate):
                return -parts[0]
            assert isinstance(node, BinaryOp)
            return APPLY[node.op](parts[0], parts[1])

        total = truncated(fold(root, plain))
        return RolledExpression(expression, purpose, tuple(rolled), total)

    from tabroll.dice.rolled_tree import RolledNode  # an expression beyond the first grammar keeps its rolled tree

    def tree(node: Node, parts: list[RolledNode]) -> RolledNode:
        if isinstance(node, Constant):
            return RolledNode(node, node.value)
        if isinstance(node, DiceTerm):
            term = roll_term(node, source, purpose, limits)
            rolled.append(term)
            return RolledNode(node, term.total, term=term)
        if isinstance(node, BinaryOp):
            return RolledNode(node, APPLY[node.op](parts[0].value, parts[1].value), tuple(parts))
        if isinstance(node, Negate):
            return RolledNode(node, -parts[0].value, tuple(parts))
        from tabroll.dice.extended import Compare, DicePool, DiceSet, Function, Labeled  # imported with the node

        if isinstance(node, Function):
            return RolledNode(node, FUNCTIONS[node.name](parts[0].value), tuple(parts))
        if isinstance(node, DicePool):
            pool = roll_term(node.with_count(max(0, int(parts[0].value))), source, purpose, limits)
            rolled.append(pool)
            return RolledNode(node, pool.total, tuple(parts), term=pool)
        if isinstance(node, Labeled):
            return RolledNode(node, parts[0].value, tuple(parts))
        if isinstance(node, DiceSet):
            return _rolled_set(node, parts)
        assert isinstance(node, Compare)
        success = node.condition.matches(parts[0].value)
        return RolledNode(node, int(success), tuple(parts), success=success)

    top = fold(root, tree)
    total = truncated(top.value)
    if total != top.value:  # the whole's value is the total: a fraction left at the end is truncated (d20)
        top = replace(top, value=total)
    return RolledExpression(expression, purpose, tuple(rolled), total, top)


def _rolled_set(node: DiceSet, parts: list[RolledNode]) -> RolledNode:
    from tabroll.dice.rolled_tree import RolledNode  # loaded by the roll of the tree

    values = [p.value for p in parts]
    flags = node.keep.flags(values) if node.keep is not None else (True,) * len(values)
    marks: list[tuple[str, ...]] = []
    total: Number = 0
    for value, keep in zip(values, flags, strict=True):
        if not keep:
            marks.append(("dropped",))
            continue
        score = node.score(value)
        total += score
        marks.append(("success",) if node.success is not None and score > 0 else ("failure",) if score < 0 else ())
    return RolledNode(node, total, tuple(parts), item_marks=tuple(marks))
