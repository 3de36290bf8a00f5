"""tabroll's exact odds pinned against icepool, an independent engine, for the issue's expressions and the four of
the benchmark. icepool is in the ``bench`` extra, not in ``dev``: without it these are skipped (the brute-force
counts of ``test_grammar.py`` pin the same figures in every run)."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from tabroll.dice.notation import parse

icepool = pytest.importorskip("icepool")


def _pins() -> list[tuple[str, Callable[[], Any]]]:
    """Each expression with how icepool builds its distribution (built in its test: some take a second)."""
    d, d4, d6, d8, d10, d20 = icepool.d, icepool.d4, icepool.d6, icepool.d8, icepool.d10, icepool.d20
    fudge = icepool.Die([-1, 0, 1])
    return [
        ("100d20", lambda: 100 @ d20),
        ("10d10!", lambda: 10 @ d10.explode(depth=9)),
        ("8d6kh3", lambda: d6.highest(8, 3)),
        ("20d6>=5", lambda: 20 @ (d6 >= 5)),
        ("4d6kh3", lambda: d6.highest(4, 3)),
        ("3d6", lambda: 3 @ d6),
        ("3d6!", lambda: 3 @ d6.explode(depth=9)),
        ("6d6!>5", lambda: 6 @ d6.explode(lambda x: x > 5, depth=9)),
        ("5d6!!", lambda: 5 @ d6.explode(depth=9)),
        ("5d10xo10", lambda: 5 @ d10.explode(depth=1)),
        ("8d6r1", lambda: 8 @ d6.reroll([1], depth=9)),
        ("2d6ro<3", lambda: 2 @ d6.reroll(lambda x: x < 3, depth=1)),
        ("1d20rr1", lambda: d20.reroll([1], depth=9)),
        ("8d6mi2", lambda: 8 @ d6.map(lambda x: max(x, 2))),
        ("4d6ma5", lambda: 4 @ d6.map(lambda x: min(x, 5))),
        ("8d10>=7", lambda: 8 @ (d10 >= 7)),
        ("8d10>=7f1", lambda: 8 @ d10.map(lambda x: 1 if x >= 7 else -1 if x == 1 else 0)),
        ("1d20+7>=15", lambda: d20 + 7 >= 15),
        ("4dF", lambda: 4 @ fudge),
        ("d20/2", lambda: d20 // 2),
        ("1d8+3[slashing]+2d6[fire]", lambda: d8 + 3 + 2 @ d6),
        ("(1d4+1,3,2d6kl1)kh1", lambda: icepool.highest(d4 + 1, 3, d6.lowest(2, 1))),
        ("2d8!!kh1", lambda: d8.explode(depth=9).highest(2, 1)),
        ("3d4r1kh2", lambda: d4.reroll([1], depth=9).highest(3, 2)),
        ("2d6-1d4", lambda: 2 @ d6 - d4),
        ("1d%", lambda: d(100)),
        # the spellings of issue 43
        ("2d20kh", lambda: d20.highest(2, 1)),
        ("2d20kl", lambda: d20.lowest(2, 1)),
        ("3d6x", lambda: 3 @ d6.explode(depth=9)),
        ("4d10x>=8", lambda: 4 @ d10.explode(lambda x: x >= 8, depth=9)),
        ("3d6e6", lambda: 3 @ d6.explode([6], depth=9)),
        ("2d6ra1", lambda: 2 @ d6.explode([1], depth=1)),
        ("1d6ro<7", lambda: d6),
        ("2d6r1r2", lambda: 2 @ d6.reroll([1, 2], depth=9)),
        ("ceil(2d6/2)", lambda: (2 @ d6).map(lambda x: math.ceil(Fraction(x, 2)))),
        ("floor(2d6/3)", lambda: (2 @ d6).map(lambda x: x // 3)),
        ("abs(1d6-1d6)", lambda: (d6 - d6).map(abs)),
        ("4d6k>3", lambda: 4 @ d6.map(lambda x: x if x > 3 else 0)),
        ("(1d4)d6", lambda: d4 @ d6),
        ("1d100%10", lambda: d(100).map(lambda x: x % 10)),
        ("2d6//3", lambda: (2 @ d6).map(lambda x: x // 3)),
        ("7*1d6/2", lambda: d6.map(lambda x: int(Fraction(7 * x, 2)))),
        ("1d20cs>=19cf1", lambda: d20),
        ("0d6+1d4", lambda: d4),
    ]


PINS = _pins()


def _as_fractions(die: Any) -> dict[int, Fraction]:
    total = die.denominator()
    return {int(outcome): Fraction(quantity, total) for outcome, quantity in die.items() if quantity}


@pytest.mark.parametrize(("text", "die"), PINS, ids=[text for text, _ in PINS])
def test_exact_odds_equal_icepools(text: str, die: Callable[[], Any]) -> None:
    assert parse(text).distribution() == _as_fractions(die())


def test_two_pools_against_each_other() -> None:
    first_higher = (2 @ icepool.d6 > 2 @ icepool.d6).mean()
    assert Fraction(first_higher) == Fraction(575, 1296)
