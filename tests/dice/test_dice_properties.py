"""Properties of dice expressions and sources, checked with Hypothesis."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tabroll.dice.nodes import DiceLimits, DiceTerm, KeepMode, Node, to_notation
from tabroll.dice.notation import DiceLimitError, DiceSyntaxError, parse
from tabroll.dice.parts import BinaryOp, Constant, Keep, Negate
from tabroll.dice.sources import GivenDice, SeededDice, parse_dice_values
from tests.support import examples

BRUTE_FORCE_MOST = 20_000
"""The most sequences of dice a test counts one by one (about a second)."""

ROOMY = DiceLimits(max_magnitude=10**60)


@st.composite
def dice_terms(draw: st.DrawFn, max_count: int = 4, sides: tuple[int, ...] = (1, 2, 3, 4, 6, 8, 20, 100)) -> DiceTerm:
    count = draw(st.integers(1, max_count))
    die = draw(st.sampled_from(sides))
    modes: list[KeepMode | None] = [None, "kh", "kl", "dh", "dl"]
    mode = draw(st.sampled_from(modes))
    if mode is None or (mode[0] == "d" and count == 1):
        return DiceTerm(count, die)
    n = draw(st.integers(1, count if mode[0] == "k" else count - 1))
    return DiceTerm(count, die, Keep(mode, n))


def trees(leaves: st.SearchStrategy[Node], max_leaves: int) -> st.SearchStrategy[Node]:
    return st.recursive(
        leaves,
        lambda children: st.one_of(
            # mapped, not st.builds: a record's signature names types its module imports only for the type checker
            st.tuples(st.sampled_from(["+", "-", "*"]), children, children).map(lambda parts: BinaryOp(*parts)),
            children.map(Negate),
        ),
        max_leaves=max_leaves,
    )


any_trees = trees(st.one_of(st.integers(0, 10**6).map(Constant), dice_terms()), max_leaves=8)
small_trees = trees(st.one_of(st.integers(0, 5).map(Constant), dice_terms(3, (1, 2, 3, 4))), max_leaves=4)


def level(node: Node) -> int:
    if isinstance(node, BinaryOp):
        return 2 if node.op == "*" else 1
    return 3 if isinstance(node, Negate) else 4


@st.composite
def spelled(draw: st.DrawFn, node: Node) -> str:
    """Write ``node`` in any of the ways a person might: spacing, case, shorthand, extra parentheses."""

    def space() -> str:
        return draw(st.sampled_from(["", "", " ", "  ", "\t"]))

    def parens(text: str, needed: bool) -> str:
        return f"({space()}{text}{space()})" if needed or draw(st.integers(0, 5)) == 0 else text

    if isinstance(node, Constant):
        return parens(draw(st.sampled_from(["", "0", "00"])) + str(node.value), False)
    if isinstance(node, DiceTerm):
        count = "" if node.count == 1 and draw(st.booleans()) else str(node.count)
        sides = "%" if node.sides == 100 and draw(st.booleans()) else str(node.sides)
        text = f"{count}{space()}{draw(st.sampled_from('dD'))}{space()}{sides}"
        if node.keep is not None:
            mode: str = node.keep.mode
            if mode == "kh" and draw(st.booleans()):
                mode = "k"
            mode = "".join(c.upper() if draw(st.booleans()) else c for c in mode)
            text += f"{space()}{mode}{space()}{node.keep.n}"
        return parens(text, False)
    if isinstance(node, Negate):
        inner = draw(spelled(node.operand))
        return parens(f"-{space()}{parens(inner, level(node.operand) < 3)}", False)
    left = parens(draw(spelled(node.left)), level(node.left) < level(node))
    right = parens(draw(spelled(node.right)), level(node.right) <= level(node))
    return parens(f"{left}{space()}{node.op}{space()}{right}", False)


@given(st.data())
def test_any_spelling_parses_to_the_tree_and_notation_round_trips(data: st.DataObject) -> None:
    tree = data.draw(any_trees)
    text = data.draw(spelled(tree))
    expression = parse(text, ROOMY)
    assert expression.root == tree
    assert expression.notation == to_notation(tree)
    assert parse(expression.notation, ROOMY) == expression
    assert parse(expression.notation, ROOMY).notation == expression.notation


def kept_sum(term: DiceTerm, values: tuple[int, ...]) -> int:
    """The kept total worked out independently of the library's marking."""
    if term.keep is None:
        return sum(values)
    ordered = sorted(values, reverse=term.keep.mode in ("kh", "dl"))
    keep = term.keep.n if term.keep.mode[0] == "k" else term.count - term.keep.n
    return sum(ordered[:keep])


def evaluate(node: Node, rolled: list[tuple[int, ...]]) -> int:
    """Reference evaluator: recursive, using each term's rolled values in order."""
    if isinstance(node, Constant):
        return node.value
    if isinstance(node, DiceTerm):
        values = rolled.pop(0)
        assert len(values) == node.count
        return kept_sum(node, values)
    if isinstance(node, Negate):
        return -evaluate(node.operand, rolled)
    left = evaluate(node.left, rolled)
    right = evaluate(node.right, rolled)
    return {"+": left + right, "-": left - right, "*": left * right}[node.op]


@given(any_trees, st.integers(0, 2**32))
def test_roll_total_is_within_bounds_and_matches_a_reference(tree: Node, seed: int) -> None:
    expression = parse(to_notation(tree), ROOMY)
    rolled = expression.roll(SeededDice(seed), "property")
    assert expression.min() <= rolled.total <= expression.max()
    assert rolled.total == evaluate(tree, [term.values for term in rolled.terms])
    assert [term.term for term in rolled.terms] == list(expression.dice_terms())
    assert len(rolled.kept_values) == sum(term.kept.count(True) for term in rolled.terms)
    assert rolled.describe().endswith(f" = {rolled.total}")
    replay = expression.roll(GivenDice(rolled.values), "replay")
    assert (replay.total, replay.values) == (rolled.total, rolled.values)


@settings(max_examples=examples(60), deadline=None)
@given(small_trees)
def test_distribution_is_exact(tree: Node) -> None:
    expression = parse(to_notation(tree))
    distribution = expression.distribution()
    assert sum(distribution.values()) == 1
    assert all(p > 0 for p in distribution.values())
    assert (min(distribution), max(distribution)) == (expression.min(), expression.max())
    faces = [range(1, t.sides + 1) for t in expression.dice_terms() for _ in range(t.count)]
    # up to 12 dice of 4 sides can be drawn: 16.7 million sequences would take hours to count one by one
    assume(math.prod(len(f) for f in faces) <= BRUTE_FORCE_MOST)
    counts = Counter(expression.roll(GivenDice(v), "all").total for v in itertools.product(*faces))
    outcomes = sum(counts.values())
    assert distribution == {total: Fraction(n, outcomes) for total, n in sorted(counts.items())}


@settings(deadline=None)
@given(dice_terms(5, (2, 3, 6)))
def test_single_term_distribution_matches_enumeration(term: DiceTerm) -> None:
    expression = parse(term.notation)
    values = itertools.product(range(1, term.sides + 1), repeat=term.count)
    counts = Counter(kept_sum(term, v) for v in values)
    outcomes = term.sides**term.count
    assert expression.distribution() == {t: Fraction(n, outcomes) for t, n in sorted(counts.items())}


GRAMMAR_PIECES = st.sampled_from([*"0123456789dDkKhHlL%+-*() \t", "\u0663", "x", "\n", "1000000", "kh", "dl"])


@settings(max_examples=examples(300))
@given(st.one_of(st.lists(GRAMMAR_PIECES, max_size=30).map("".join), st.text(max_size=40)))
def test_arbitrary_text_either_parses_or_is_an_input_error(text: str) -> None:
    try:
        expression = parse(text)
    except DiceSyntaxError as error:
        assert 0 <= error.position <= len(text)
        assert error.text == text
        assert error.message.splitlines()[-1].strip() == "^"
    except DiceLimitError as error:
        assert error.position is None or 0 <= error.position <= len(text)
    else:
        assert parse(expression.notation) == expression
        assert expression.min() <= expression.max()


@given(st.lists(st.integers(1, 1_000_000), min_size=1, max_size=30), st.data())
def test_dice_values_round_trip_through_any_separators(values: list[int], data: st.DataObject) -> None:
    separators = st.sampled_from([",", " ", ", ", " ,", "\t", "  ,  "])
    text = "".join(str(v) + data.draw(separators) for v in values[:-1]) + str(values[-1])
    assert parse_dice_values(text) == tuple(values)


@given(st.lists(st.integers(1, 4), min_size=1, max_size=10), st.data())
def test_given_dice_hand_out_each_value_once_in_order(counts: list[int], data: st.DataObject) -> None:
    values = data.draw(st.lists(st.integers(1, 6), min_size=sum(counts), max_size=sum(counts) + 3))
    expression = parse("+".join(f"{n}d6" for n in counts))
    dice = GivenDice(values)
    rolled = expression.roll(dice, "test")
    assert rolled.values == tuple(values[: sum(counts)])
    assert dice.remaining == tuple(values[sum(counts) :])
    assert rolled.total == sum(values[: sum(counts)])
