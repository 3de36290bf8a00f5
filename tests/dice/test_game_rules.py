"""A game decides which parts of the dice language its stats may use (:class:`tabroll.dice.DiceRules`): the rest
is refused while parsing, at the part, with the game's reason. TAB MASTER's DAN is the first to declare its own."""

from __future__ import annotations

import pytest

from tabroll.dice.nodes import DiceRules
from tabroll.dice.notation import DiceRefused, DiceSyntaxError, parse
from tabroll.rulesets.tabmaster.profiles import dan_rules

RULES = DiceRules("the test stat", refused=(("explode", "it never explodes"), ("label", "labels are kept elsewhere")))


def test_a_refused_part_is_refused_where_it_is_written_with_the_reason() -> None:
    with pytest.raises(DiceRefused) as caught:
        parse("2d6+1d6!", rules=RULES)
    error = caught.value
    assert isinstance(error, DiceSyntaxError)  # every caller that reads dice handles it as it handles a typo
    assert (error.position, error.reason) == (
        7,
        "the test stat cannot use exploding dice (!, !!, xo): it never explodes",
    )
    assert error.message.splitlines() == [
        "dice expression '2d6+1d6!' at position 8: the test stat cannot use exploding dice (!, !!, xo): it never "
        "explodes",
        "    2d6+1d6!",
        "           ^",
    ]
    assert parse("2d6+1d6r1kh1", rules=RULES).notation == "2d6+1d6rr1kh1"
    assert parse("2d6!").notation == "2d6!"  # without rules, everything


@pytest.mark.parametrize(
    ("dan", "position", "reason"),
    [
        ("1d12>=6", 4, "DAN cannot use counting successes (8d10>=7): DAN is an amount of damage set against DEF, not a "
         "count of successes"),
        ("(1d20+2)>=15", 8, "DAN cannot use a comparison of the whole expression (1d20+7>=15): DAN is an amount of "
         "damage set against DEF, not a success or a failure"),
        ("4dF+10", 2, "DAN cannot use Fudge dice (dF): TAB MASTER rolls numbered dice (d4, d10, d20)"),
    ],
)  # fmt: skip
def test_tabmaster_dan_refuses_what_is_not_an_amount_of_damage(cli, dan: str, position: int, reason: str) -> None:
    with pytest.raises(DiceRefused) as caught:
        parse(dan, rules=dan_rules())
    assert (caught.value.position, caught.value.reason) == (position, reason)
    result = cli("attack", "-r", "tabmaster", "-a", f"Hero ATK=1 DAN={dan}", "-t", "Orc DEF=3", "--dice", "5")
    assert result.code == 2 and reason in result.err and "Traceback" not in result.err


def test_tabmaster_dan_rolls_the_rest_of_the_language(cli) -> None:
    result = cli("attack", "-r", "tabmaster", "-a", "Hero ATK=1 DAN=2d6!", "-t", "Orc DEF=9", "--dice", "6,1,2",
                 "--format", "json")  # fmt: skip
    assert result.code == 0, result.err
    (roll,) = [e for e in result.json()["actions"][0]["events"] if e["kind"] == "roll"]
    assert (roll["shown"], roll["total"], result.json()["dice_drawn"]) == ("[6!, 1, 2]", 9, [6, 1, 2])
    odds = cli("odds", "-r", "tabmaster", "-a", "Hero ATK=1 DAN=1d4!", "-t", "Orc DEF=5", "--format", "json").json()
    assert odds["distributions"]["damage"]["mean"]["exact"] == "1747625/524288"  # the walk agrees with odds 1d4!
    assert cli("odds", "1d4!", "--format", "json").json()["mean"]["exact"] == "1747625/524288"


def test_a_special_damage_expression_follows_the_same_rules() -> None:
    from tabroll.rulesets.tabmaster.model import SpecialRule

    assert SpecialRule(damage="2d6!").damage == "2d6!"
    with pytest.raises(ValueError, match="DAN cannot use counting successes"):
        SpecialRule(damage="2d6>=4")
