"""Properties of the whole grammar, with Hypothesis: random small expressions using every part of the language
(rerolls, explosions of each kind, floors and ceilings, keep/drop, success and failure counts, Fudge dice, sets,
labels, division, a comparison of the whole) have exact odds equal to a brute-force count of their dice, and their
notation reads back as the same tree."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from tabroll.dice.extended import Compare, DicePool, DiceSet, Explode, Function, KeepIf, KeepSteps, Labeled, Reroll
from tabroll.dice.nodes import DiceLimits, DiceTerm, Node, to_notation
from tabroll.dice.notation import DiceExpression, DiceSyntaxError, parse
from tabroll.dice.parts import BinaryOp, Condition, Constant, Keep, Negate
from tabroll.dice.sources import GivenDice, SeededDice
from tests.dice.brute import reference, sequences
from tests.support import examples

SMALL = DiceLimits(max_explosions=2, max_rerolls=2)


def _proper(draw: st.DrawFn, low: int, high: int) -> Condition:
    """A condition some faces of ``low..high`` meet and some do not."""
    op = draw(st.sampled_from([">=", "<=", ">", "<", "="]))
    if op == ">=":
        return Condition(op, draw(st.integers(low + 1, high)))
    if op == "<=":
        return Condition(op, draw(st.integers(low, high - 1)))
    if op == ">":
        return Condition(op, draw(st.integers(low, high - 1)))
    if op == "<":
        return Condition(op, draw(st.integers(low + 1, high)))
    return Condition(op, draw(st.integers(low, high)))


@st.composite
def dice_terms(draw: st.DrawFn, max_count: int = 3) -> DiceTerm:
    fudge = draw(st.integers(0, 5)) == 0
    sides = 3 if fudge else draw(st.sampled_from([2, 3, 4]))
    low, high = (-1, 1) if fudge else (1, sides)
    heavy = 0
    reroll = explode = None
    if draw(st.booleans()):
        once = draw(st.booleans())
        every = once and draw(st.integers(0, 3)) == 0  # ro on every face: the second roll stands
        reroll = Reroll(once, Condition(">=", low) if every else _proper(draw, low, high))
        if draw(st.integers(0, 3)) == 0:  # r1r3: any of several conditions
            more = Reroll(once, reroll.condition, (_proper(draw, low, high),))
            if once or not all(more.matches(face) for face in range(low, high + 1)):
                reroll = more
        heavy += 1
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["!", "!!", "xo"]))
        condition = draw(st.one_of(st.none(), st.just(None))) if draw(st.booleans()) else _proper(draw, low, high)
        if kind == "xo" and draw(st.integers(0, 3)) == 0:  # xo (Avrae's ra) on every face: one more die each
            condition = Condition("<=", high)
        explode = Explode(kind, condition)
        heavy += 1
    count = draw(st.integers(1, max(1, max_count - heavy)))
    floor = draw(st.one_of(st.none(), st.integers(low - 1, high + 1)))
    ceiling = draw(st.one_of(st.none(), st.integers(low - 1, high + 1)))
    if floor is not None and ceiling is not None and floor > ceiling:
        floor, ceiling = ceiling, floor
    keep = _selection(draw, count, low, high)
    success = failure = None
    if draw(st.integers(0, 3)) == 0:
        target = draw(st.integers(low, high + 1))
        success = Condition(">=", target)
        if draw(st.booleans()) and target > low:
            failure = Condition(draw(st.sampled_from(["<", "="])), draw(st.integers(low, target - 1)))
            if failure.op == "<" and failure.value <= low:
                failure = None
    critical = _proper(draw, low, high) if draw(st.integers(0, 5)) == 0 else None  # a mark: the odds are unchanged
    if draw(st.integers(0, 7)) == 0 and keep is None:
        count = 0  # 0d6: nothing rolled, 0
    return DiceTerm(count, sides, keep, reroll, explode, floor, ceiling, success, failure, fudge, critical)


def _step(draw: st.DrawFn, count: int) -> Keep | None:
    mode = draw(st.sampled_from([None, "kh", "kl", "dh", "dl"]))
    if mode is None or (mode[0] == "d" and count == 1):
        return None
    return Keep(mode, draw(st.integers(1, count if mode[0] == "k" else count - 1)))


def _selection(draw: st.DrawFn, count: int, low: int, high: int) -> Keep | KeepSteps | KeepIf | None:
    """One keep/drop, several (kh1kl1: each run of keeps or drops on what the run before left), or one by value."""
    shape = draw(st.integers(0, 5))
    if shape == 0:
        return KeepIf(draw(st.booleans()), _proper(draw, low, high))
    first = _step(draw, count)
    if shape > 1 or first is None:
        return first
    second = _step(draw, count)
    if second is None:
        return first
    steps = KeepSteps((first, second))
    return steps if steps.kept_of(count) else first


def _sets(children: st.SearchStrategy[Node]) -> st.SearchStrategy[Node]:
    @st.composite
    def build(draw: st.DrawFn) -> Node:
        items = tuple(draw(st.lists(children, min_size=2, max_size=3)))
        keep = _selection(draw, len(items), 0, 4)
        success = Condition(">=", draw(st.integers(0, 5))) if draw(st.integers(0, 3)) == 0 else None
        if keep is None and success is None and draw(st.booleans()):
            return DiceSet(items)
        return DiceSet(items, keep, success)

    return build()


LEAVES = st.one_of(st.integers(0, 4).map(Constant), dice_terms())
SMALL_LEAVES = st.one_of(st.integers(0, 3).map(Constant), dice_terms(2))


@st.composite
def pools(draw: st.DrawFn) -> Node:
    """(1d3)d2: dice whose number is rolled (the term's count is the most it can be)."""
    count_of = draw(st.sampled_from([Constant(0), Constant(2), DiceTerm(1, 2), DiceTerm(1, 3)]))
    most = count_of.value if isinstance(count_of, Constant) else count_of.sides
    term = draw(dice_terms(2))
    return DicePool(count_of, replace(term, count=most, keep=None))


def built(record: Callable[..., Node], *parts: st.SearchStrategy[Any]) -> st.SearchStrategy[Node]:
    """``st.builds`` of a record, without reading its signature (which names types its module imports only for the
    type checker)."""
    return st.tuples(*parts).map(lambda made: record(*made))


def trees(max_leaves: int = 3) -> st.SearchStrategy[Node]:
    return st.recursive(
        LEAVES,
        lambda children: st.one_of(
            built(BinaryOp, st.sampled_from(["+", "-", "*"]), children, children),
            built(BinaryOp, st.sampled_from(["/", "//", "%"]), children, st.integers(1, 3).map(Constant)),
            built(Negate, children),
            built(Function, st.sampled_from(["floor", "ceil", "round", "abs"]), children),
            built(Compare, st.sampled_from([">=", "<", "=", "!="]), children, st.integers(-1, 6)),
            st.sampled_from([Fraction(1, 2), Fraction(5, 4), Fraction(7, 10)]).map(Constant),
            built(Labeled, children, st.sampled_from(["fire", "x y"])),
            _sets(SMALL_LEAVES),
            pools(),
        ),
        max_leaves=max_leaves,
    )


@st.composite
def expressions(draw: st.DrawFn) -> DiceExpression:
    tree = draw(trees())
    if draw(st.integers(0, 4)) == 0:
        tree = Compare(draw(st.sampled_from([">=", "<=", ">", "<", "=", "!="])), tree, draw(st.integers(-2, 8)))
    try:
        expression = parse(to_notation(tree), SMALL)
    except DiceSyntaxError:
        assume(False)
        raise
    assert expression.root == tree  # the notation reads back as the same tree
    return expression


@settings(max_examples=examples(120, 2_000), deadline=None)
@given(expressions())
def test_exact_odds_of_any_small_expression_equal_a_brute_force_count(expression: DiceExpression) -> None:
    distribution = expression.distribution()
    assert distribution == reference(expression.root, SMALL)
    assert sum(distribution.values()) == 1
    assert expression.min() <= min(distribution) and max(distribution) <= expression.max()


@settings(max_examples=examples(60, 1_000), deadline=None)
@given(st.builds(lambda term: DiceExpression(term, limits=SMALL), dice_terms(2)))
def test_a_terms_odds_equal_every_sequence_of_its_dice(expression: DiceExpression) -> None:
    """The term as a whole, through the roller, for every sequence of draws (the pool's keep/drop included)."""
    assert expression.distribution() == sequences(expression)


@settings(max_examples=examples(100, 2_000), deadline=None)
@given(expressions(), st.integers(0, 2**32))
def test_a_roll_replays_from_its_dice_and_stays_within_bounds(expression: DiceExpression, seed: int) -> None:
    rolled = expression.roll(SeededDice(seed), "property")
    assert expression.min() <= rolled.total <= expression.max()
    replay = expression.roll(GivenDice(rolled.values), "replay")
    assert (replay.total, replay.values, replay.shown()) == (rolled.total, rolled.values, rolled.shown())
    assert rolled.describe().endswith(f" = {rolled.total}") or rolled.success is not None
    tree = rolled.tree_json()
    assert tree is None or tree["value"] == rolled.total


@settings(max_examples=examples(30, 500), deadline=None)
@given(expressions())
def test_rolls_follow_the_exact_odds(expression: DiceExpression) -> None:
    """Every rolled total is one the odds allow (a value of chance 0 never comes up)."""
    distribution = expression.distribution()
    dice = SeededDice(7)
    seen = Counter(expression.roll(dice, "x").total for _ in range(50))
    assert set(seen) <= set(distribution)
    assert all(distribution[v] > Fraction(0) for v in seen)
