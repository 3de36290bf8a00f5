"""The words of a command line read as dice expressions (``tabroll roll`` and ``roll`` at the ``play`` prompt):
several expressions one after the other, adv/dis, a bonus typed apart, and words that are not dice refused."""

from __future__ import annotations

import pytest

from tabroll.dice.words import expressions_of
from tabroll.errors import InputError


@pytest.mark.parametrize(
    ("words", "expressions"),
    [
        (["2d6+3"], ["2d6+3"]),
        (["1d20", "adv", "+5"], ["2d20kh1 +5"]),
        (["1d20", "+5"], ["1d20 +5"]),
        (["1d20", "+", "5"], ["1d20 + 5"]),
        (["adv", "1d20+5"], ["2d20kh1+5"]),
        (["d20", "dis"], ["2d20kl1"]),
        (["1d20", "ADV", "-1"], ["2d20kh1 -1"]),
        (["4d6kh3", "4d6kh3"], ["4d6kh3", "4d6kh3"]),
        (["1d20+5", "2d6+3"], ["1d20+5", "2d6+3"]),
        (["1d20", "adv", "+5", "d6", "dis"], ["2d20kh1 +5", "2d6kl1"]),
        (["4d6", "kh3"], ["4d6 kh3"]),
        (["3d6", "!"], ["3d6 !"]),
        (["3d6", "e6"], ["3d6 e6"]),
        (["1d20", "cs>=19", "cf1"], ["1d20 cs>=19 cf1"]),
        (["1d20+7", ">=15"], ["1d20+7 >=15"]),
        (["1d20+7", ">=", "15"], ["1d20+7 >= 15"]),
        (["1d8+3", "[slashing]"], ["1d8+3 [slashing]"]),
        (["2d6[fire", "damage]"], ["2d6[fire damage]"]),
        (["1d20", "(1d4,3)kh1"], ["1d20", "(1d4,3)kh1"]),
        (["1d20", "d8"], ["1d20", "d8"]),
        (["3"], ["3"]),
    ],
)
def test_words_make_expressions(words: list[str], expressions: list[str]) -> None:
    assert expressions_of(words) == expressions


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["2d6", "3"], "'3' after 2d6 is a number on its own"),
        (["1d20", "adv", "5"], "'5' after 1d20 is a number on its own"),
        (["1d20+5", "to", "hit"], "'to' is not part of a dice expression"),
        (["2d6", "vs", "2d6"], "'vs' compares two expressions in tabroll odds"),
        (["adv"], "no dice expression given"),
        ([], "no dice expression given"),
        (["1d20", "adv", "dis"], "give advantage or disadvantage once"),
        (["adv", "dis", "1d20"], "give advantage or disadvantage once"),
        (["2d6", "adv"], "advantage and disadvantage apply to one die, and '2d6' does not start with one"),
    ],
)
def test_words_that_are_not_dice_are_refused(words: list[str], message: str) -> None:
    with pytest.raises(InputError) as caught:
        expressions_of(words)
    assert caught.value.message == message
