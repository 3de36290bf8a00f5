"""The dice every table types (issue 43): what Avrae, Foundry and Roll20 players write beyond tabroll's first grammar,
each rolled with the dice a player reads, with its exact odds against a brute-force count, and the mistakes near it
still refused with their position."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabroll.dice.nodes import DEFAULT_LIMITS
from tabroll.dice.notation import DiceLimitError, DiceSyntaxError, parse
from tabroll.dice.sources import GivenDice
from tests.dice.brute import reference, sequences

# Each expression, the dice rolled in order, and the line the log shows (the notation as tabroll writes it back).
ROLLS = [
    ("2d20kh", [4, 17], "2d20kh1 -> [~4, 17] = 17"),
    ("2d20kl+1", [4, 17], "2d20kl1+1 -> [4, ~17]+1 = 5"),
    ("4d6dh", [3, 6, 1, 4], "4d6dh1 -> [3, ~6, 1, 4] = 8"),
    ("3d6x", [6, 2, 3, 4], "3d6! -> [6!, 2, 3, 4] = 15"),
    ("3d6x5", [5, 2, 3, 1], "3d6!5 -> [5!, 2, 3, 1] = 11"),
    ("3d10x>=8", [8, 2, 3, 1], "3d10!>=8 -> [8!, 2, 3, 1] = 14"),
    ("3d6e6", [6, 2, 3, 4], "3d6!6 -> [6!, 2, 3, 4] = 15"),
    ("1d20cs>19", [20], "1d20cs>19 -> [20] = 20"),
    ("1d20cf<2", [1], "1d20cf<2 -> [1] = 1"),
    ("1d6ra6", [6, 6], "1d6xo6 -> [6!, 6] = 12"),  # Avrae's reroll and add: the added die does not go on
    ("2d6ra1", [1, 4, 1], "2d6xo1 -> [1!, 4, 1] = 6"),
    ("1d1ro1", [1, 1], "1d1ro1 -> [~1r, 1] = 1"),
    ("1d6ro<7", [2, 5], "1d6ro<7 -> [~2r, 5] = 5"),  # ro on every face: the second roll stands
    ("floor(1d6/2)", [5], "floor(1d6/2) -> floor([5]/2) = 2"),
    ("ceil(1d6/2)", [5], "ceil(1d6/2) -> ceil([5]/2) = 3"),
    ("round(1d6/2)", [5], "round(1d6/2) -> round([5]/2) = 3"),
    ("round(-1d6/2)", [5], "round(-1d6/2) -> round(-[5]/2) = -2"),  # halves up, as Foundry's Math.round
    ("abs(1d6-4)", [1], "abs(1d6-4) -> abs([1]-4) = 3"),
    ("2d6r1r2", [1, 5, 2, 6], "2d6rr1rr2 -> [~1r, 5, ~2r, 6] = 11"),
    ("4d6kh1kl1", [3, 6, 1, 4], "4d6kh1kl1 -> [~3, 6, 1, ~4] = 7"),
    ("4d6k>3", [3, 6, 1, 4], "4d6k>3 -> [~3, 6, ~1, 4] = 10"),
    ("4d6p<2", [3, 6, 1, 4], "4d6p<2 -> [3, 6, ~1, 4] = 13"),
    ("1d20%7", [19], "1d20%7 -> [19]%7 = 5"),
    ("1d20//3", [20], "1d20//3 -> [20]//3 = 6"),
    ("1d20==20", [20], "1d20=20 -> [20✓] = 1"),  # right after dice a comparison counts successes
    ("(1d20)==20", [20], "(1d20)=20 -> [20] = 20 = 20: success"),
    ("1d20+0!=1", [1], "1d20+0!=1 -> [1]+0 = 1 ≠ 1: failure"),
    ("(1d4)d6", [3, 6, 2, 5], "(1d4)d6 -> ([3])[6, 2, 5] = 13"),
    ("(1d4-1)d6+2", [1], "(1d4-1)d6+2 -> ([1]-1)[]+2 = 2"),
    ("0d6+2", [], "0d6+2 -> []+2 = 2"),
    ("+1d6", [4], "1d6 -> [4] = 4"),
    ("(1d6,)kh1", [4], "{1d6}kh1 -> ([4]) = 4"),
    ("-7/2", [], "-7/2 = -3"),
    ("7/2*2", [], "7/2*2 = 7"),
    ("1d6/2*2", [3], "1d6/2*2 -> [3]/2*2 = 3"),
    ("1d6//2*2", [3], "1d6//2*2 -> [3]//2*2 = 2"),
]


@pytest.mark.parametrize(("text", "dice", "line"), ROLLS, ids=[text for text, _, _ in ROLLS])
def test_each_table_spelling_rolls_with_the_dice_a_player_reads(text: str, dice: list[int], line: str) -> None:
    rolled = parse(text).roll(GivenDice(dice), "x")
    assert rolled.describe() == line
    assert parse(parse(text).notation) == parse(text)  # the notation written back reads as the same


ODDS = [
    "2d4kh",
    "3d4x",
    "1d4x>=3",
    "2d4e4",
    "2d4ra1",
    "1d4ro<5",
    "floor(1d6/4)",
    "ceil(2d4/3)",
    "round(1d6/4)",
    "abs(1d4-1d4)",
    "1d4r1r3",
    "3d4kh1kl1",
    "3d4k>2",
    "(1d3)d4",
    "(1d3-1)d4kh1",
    "1d6%4",
    "1d6//4",
    "(1d4,1d6)kh1kl1",
    "(1d4,1d6,2)p<3",
    "1d4/2+1d4/2",
    "0d6+1d4",
    "1d4cs>3cf1",
]


@pytest.mark.parametrize("text", ODDS)
def test_their_exact_odds_equal_a_brute_force_count(text: str) -> None:
    expression = parse(text)
    odds = expression.distribution()
    assert odds == reference(expression.root, DEFAULT_LIMITS)
    assert odds == sequences(expression)  # every sequence of dice, through the roller
    assert sum(odds.values()) == 1


def test_division_keeps_the_fraction_until_the_total() -> None:
    assert parse("1d6/2").distribution() == {0: Fraction(1, 6), 1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 6)}
    assert parse("1d6/2+1d6/2").distribution()[6] == Fraction(1, 36)  # only 6 and 6: 3 + 3
    assert parse("-7/2").distribution() == {-3: 1} and parse("-7//2").distribution() == {-4: 1}


def test_a_part_with_a_fraction_shows_it_in_the_json_tree_and_the_whole_is_the_total() -> None:
    rolled = parse("1d6/2+1").roll(GivenDice([3]), "x")
    tree = rolled.tree_json()
    assert tree is not None
    assert (rolled.total, tree["value"], tree["left"]["value"]) == (2, 2, 1.5)


def test_critical_marks_mark_the_dice_and_leave_the_total() -> None:
    rolled = parse("3d20cs>=19cf1").roll(GivenDice([19, 1, 7]), "x")
    tree = rolled.tree_json()
    assert tree is not None
    assert rolled.total == 27
    assert [die["marks"] for die in tree["rolls"]] == [["critical"], ["fumble"], []]
    assert parse("3d20cs>=19cf1").distribution() == parse("3d20").distribution()


def test_dice_whose_number_is_rolled_show_that_roll_in_the_tree() -> None:
    tree = parse("(1d4)d6").roll(GivenDice([2, 6, 1]), "x").tree_json()
    assert tree is not None
    assert (tree["dice"], tree["value"], tree["count"]["value"]) == ("2d6", 7, 2)


@pytest.mark.parametrize(
    ("text", "comment", "notation"),
    [
        ("1d20 foo bar", "foo bar", "1d20"),
        ("1d20 keep something", "keep something", "1d20"),  # d20's own example: 'keep' is not a modifier
        ("1d20+5 to hit", "to hit", "1d20+5"),
        ("2d6 fire", "fire", "2d6"),  # not 'f', a failure count
        ("1d20 dex save", "dex save", "1d20"),
        ("1d20 extra", "extra", "1d20"),
        ("2d6+3 # fire damage", "fire damage", "2d6+3"),
        ("2d6#fire", "fire", "2d6"),
        ("1d8[slashing] +2d6 [fire] # the flaming sword", "the flaming sword", "1d8[slashing]+2d6[fire]"),
        ("1d20  to   hit ", "to hit", "1d20"),
        ("2d20kh adv", "adv", "2d20kh1"),
    ],
)
def test_text_after_a_roll_is_its_comment(text: str, comment: str, notation: str) -> None:
    expression = parse(text)
    assert (expression.comment, expression.notation, expression.text) == (comment, notation, text)
    assert parse(notation).comment == ""


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("1d20kz", 5, "expected how many dice to keep after 'k', like 4d6k3, not 'z'"),  # no space: a typo
        ("4d6 kh9", 6, "cannot keep 9 of 4 dice; keep 1 to 4"),  # spelled as a modifier: read as one
        ("1d20 r0", 5, "a d20 shows 1 to 20: no face is = 0, so nothing is rerolled"),
        ("1d20 + foo", 7, "expected a number, a die like 1d6, or '(', not 'f'"),  # an operator wants more
        ("2d6 3 times", 4, "expected an operator (+, -, *, /), not '3'"),  # a number is not a comment
        ("1d20 # \x07", 7, "a comment cannot hold '\\x07'"),
        ("1d6r1ro2", 5, "a die rerolls again and again (r) or once (ro), not both"),
        ("4d6kh1k>3", 6, "keep by value (k>3, p<3) alone, with no other keep or drop"),
        ("4d6dh2dl2", 6, "these keeps and drops leave no die"),
        ("(1d4-2)d6", 0, "the number of dice could be -1; a number of dice cannot be negative"),
        ("floor 3", 6, "expected '(' after floor, like floor(1d6/2), not '3'"),
        ("sqrt(4)", 0, "expected a number, a die like 1d6, or '(', not 's'"),
        ("10 % 0", 4, "this divisor is 0, and nothing can be divided by 0"),
        ("10 // (1d2-1)", 5, "this divisor ranges from 0 to 1, and nothing can be divided by 0"),
        ("1.", 2, "expected a digit after the decimal point, like 1.5, but the expression ends here"),
    ],
)
def test_mistakes_near_them_are_still_refused_where_they_are(text: str, position: int, reason: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert (caught.value.position, caught.value.reason) == (position, reason)


def test_a_rolled_number_of_dice_is_held_to_the_limits_of_the_most_it_can_roll() -> None:
    with pytest.raises(DiceLimitError) as caught:
        parse("(1d2000)d6")
    assert caught.value.reason == "2,000 dice in one roll; the limit is 1,000"
    with pytest.raises(DiceLimitError):
        parse("(1d1000)d6+(1d1000)d6+(1d1000)d6+(1d1000)d6+(1d1000)d6+(1d1000)d6+(1d1000)d6+(1d1000)d6"
              "+(1d1000)d6+(1d1000)d6+(1d1000)d6")  # fmt: skip
    with pytest.raises(DiceLimitError):
        parse("(1d100)d100").distribution()  # the mixture of 100 pools is refused before any work
