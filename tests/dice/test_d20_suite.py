"""d20's own test suite, held as data (avrae/d20: tests/test_dice.py, test_utils.py and test_arguments.py, every
distinct expression they roll): each valid one is read with d20's meaning, its exact odds equal to icepool's build
of that meaning (or to the total d20's tests assert), or with a difference the table of differences of
docs/designer/dice.md states, pinned here with tabroll's own reading; each invalid one is refused as bad input
(exit 2)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import icepool
import pytest

from tabroll.dice.notation import DiceLimitError, DiceSyntaxError, parse
from tabroll.errors import InputError

d, d2, d4, d6, d8, d20 = icepool.d, icepool.d2, icepool.d4, icepool.d6, icepool.d8, icepool.d20


def _deep(die: Any) -> Any:
    return die.explode(depth=9)  # tabroll's documented cap, icepool's default depth too


# Expressions d20 rolls, with d20's meaning: a whole number d20's tests assert, or icepool's build of the odds.
SAME: list[tuple[str, int | Callable[[], Any]]] = [
    ("1d20", lambda: d20),
    ("1+1", 2),
    ("4d6kh3", lambda: d6.highest(4, 3)),
    ("(1)", 1),
    ("(1,)", 1),
    ("((1d6))", lambda: d6),
    ("(((1d6)))", lambda: d6),
    ("(1d4, 2+2, 3d6kl1)kh1", lambda: icepool.highest(d4, 4, d6.lowest(3, 1))),
    ("((10d6kh5)kl2)kh1", lambda: d6.highest(10, 5)),  # a set keeps every item when asked for more, as d20
    ("1 + 3 * 6", 19),
    ("1 + (3 * 6)", 19),
    ("(1 + 3) * 6", 24),
    ("1 + 2 + 3", 6),
    ("(1 + 2) + 3", 6),
    ("1 + (2 + 3)", 6),
    ("1 + 2 == 2", 0),
    ("1 + (2 == 2)", 2),
    ("1", 1),
    ("10000", 10000),
    ("1.5", 1),
    ("0.5", 0),
    (".5", 0),
    ("0d6", 0),
    ("0d%", 0),
    ("d6", lambda: d6),
    ("1d6", lambda: d6),
    ("2d6", lambda: 2 @ d6),
    ("(1, 1)", 2),
    ("+1", 1),
    ("-1", -1),
    ("--1", 1),
    ("-+-++---+1", -1),
    ("2 + 2", 4),
    ("2 - 2", 0),
    ("2 * 5", 10),
    ("15 / 2", 7),
    ("15 // 2", 7),
    ("13 % 2", 1),
    ("2 + 1d6", lambda: 2 + d6),
    ("2 * 1d6", lambda: 2 * d6),
    ("60 / 1d6", lambda: d6.map(lambda x: int(Fraction(60, x)))),
    ("60 // 1d6", lambda: d6.map(lambda x: 60 // x)),
    ("1d100 % 10", lambda: d(100).map(lambda x: x % 10)),
    ("1 == 1", 1),
    ("1 == 2", 0),
    ("1 > 1", 0),
    ("2 > 1", 1),
    ("1 < 1", 0),
    ("1 < 2", 1),
    ("1 >= 1", 1),
    ("1 >= 2", 0),
    ("1 <= 1", 1),
    ("2 <= 1", 0),
    ("1 != 1", 0),
    ("1 != 2", 1),
    ("(1, 2, 3, 4, 5)k<3", 3),
    ("(1, 2, 3, 4, 5)k>3", 9),
    ("(1, 2, 3, 4, 5)kl2", 3),
    ("(1, 2, 3, 4, 5)kh2", 9),
    ("(1)k1", 1),
    ("(1, 2, 3, 4, 5)kh1kl1", 6),
    ("(1, 2, 3, 4, 5)ph1pl1", 9),
    ("1d1ro1", 1),
    ("1d1ra1", 2),
    ("10d6mi6", 60),
    ("10d6mi10", 100),
    ("10d6mi2", lambda: 10 @ d6.map(lambda x: max(x, 2))),
    ("10d6ma1", 10),
    ("10d6ma0", 0),
    ("10d6ma5", lambda: 10 @ d6.map(lambda x: min(x, 5))),
    ("1d20+1", lambda: d20 + 1),
    ("d20-1d4", lambda: d20 - d4),
    ("1d20ro1", lambda: d20.reroll([1], depth=1)),
    ("1 [a] + 2 + 3 [b] + 4", 10),
    ("1 [a] + 2 + 3", 6),
    ("1 + 2 + 3 + 4", 10),
    ("8d6", lambda: 8 @ d6),
    ("8d6 [fire]", lambda: 8 @ d6),
    ("1d20 + 4d6 + 3", lambda: d20 + 4 @ d6 + 3),
    ("-1d8 + 4 - (3, 1d4)kh1", lambda: -d8 + 4 - icepool.highest(3, d4)),
    ("1d20 foo bar", lambda: d20),  # a comment, as d20 reads it with comments allowed
    ("1d20 keep something", lambda: d20),
]

# Expressions tabroll reads otherwise, as docs/designer/dice.md's table of differences says, with tabroll's reading.
DIFFERENT: list[tuple[str, int | Callable[[], Any], str]] = [
    # a die rerolls at most 9 times and a chain of explosions adds at most 9 dice (d20: up to 1,000 rolls)
    ("1d20rr<20", lambda: d20.reroll(lambda x: x < 20, depth=9), "cap"),
    ("1d20rr>1", lambda: d20.reroll(lambda x: x > 1, depth=9), "cap"),
    ("1d2e2", lambda: _deep(d2), "cap"),
    (
        "4*(3d8kh2+9[fire]+(9d2e2+3[cold])/2)",
        lambda: icepool.map(lambda a, b: int(4 * (a + 9 + Fraction(b + 3, 2))), d8.highest(3, 2), 9 @ _deep(d2)),
        "cap",
    ),
    # d% is a d100, as in Roll20 and Foundry (d20 rolls a tens die: 0, 10 … 90)
    ("1d%", lambda: d(100), "d%"),
    ("d%", lambda: d(100), "d%"),
    ("2d%", lambda: 2 @ d(100), "d%"),
    ("1d% % 10", lambda: d(100).map(lambda x: x % 10), "d%"),
    # k3 keeps the 3 highest, as Roll20 and Foundry (d20: the dice showing 3); a set keeps all when asked for more
    ("(1, 2, 3, 4, 5)k3", 12, "k"),
    ("(1, 2, 3, 4, 5)k1k2", 9, "k"),
    ("(1, 2, 3)k1k2", 5, "k"),
    ("(1)k2", 1, "k"),
    ("10d6k1k2k3", lambda: d6.highest(10, 3), "k"),
]
# Expressions tabroll refuses, as docs/designer/dice.md says (p takes h or l; h/l selectors on rerolls; a keep that
# leaves no die), with where the message points.
REFUSED = ["(1, 2, 3, 4, 5)p3", "(1, 2, 3, 4, 5)p1p2", "1d6rol1", "1d6ral1", "10d6k1ph1"]

# The expressions d20's tests expect to be refused.
INVALID = ["1001d6", "6d0", "10d6mil1", "10 / 0", "10 // 0", "10 % 0", "1d20rr<21", "1d1rr1", "1d20e<21", "1d1e1"]


def _odds(meaning: int | Callable[[], Any]) -> dict[int, Fraction]:
    if isinstance(meaning, int):
        return {meaning: Fraction(1)}
    die = meaning()
    total = die.denominator()
    return {int(outcome): Fraction(quantity, total) for outcome, quantity in die.items() if quantity}


@pytest.mark.parametrize(("text", "meaning"), SAME, ids=[text for text, _ in SAME])
def test_d20s_expressions_have_d20s_odds(text: str, meaning: int | Callable[[], Any]) -> None:
    assert parse(text).distribution() == _odds(meaning)


@pytest.mark.parametrize(("text", "meaning", "why"), DIFFERENT, ids=[text for text, _, _ in DIFFERENT])
def test_d20s_expressions_read_otherwise_have_tabrolls_documented_odds(
    text: str, meaning: int | Callable[[], Any], why: str
) -> None:
    assert parse(text).distribution() == _odds(meaning)


@pytest.mark.parametrize("text", REFUSED)
def test_the_documented_refusals_say_why(text: str) -> None:
    with pytest.raises(DiceSyntaxError):
        parse(text)


@pytest.mark.parametrize("text", INVALID)
def test_d20s_invalid_expressions_are_refused(cli, text: str) -> None:
    with pytest.raises((DiceSyntaxError, DiceLimitError)) as caught:
        parse(text)
    assert isinstance(caught.value, InputError)
    result = cli("odds", text, "--format", "text")
    assert result.code == 2
    assert "Traceback" not in result.err


def test_the_suite_is_whole() -> None:
    """Every distinct expression of d20's tests is in one list, once: 100 valid, 10 invalid."""
    texts = [t for t, _ in SAME] + [t for t, _, _ in DIFFERENT] + REFUSED
    assert len(set(texts)) == len(texts)
    assert len(set(texts) | set(INVALID)) == len(texts) + len(INVALID) == 110
