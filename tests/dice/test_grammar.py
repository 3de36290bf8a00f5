"""The common dice grammar (explode, reroll, floors, keep/drop, successes, comparisons, Fudge, division, labels,
sets): each expression of issue 27 rolled with the dice a player reads, its marks, its JSON tree, and its exact odds
against a brute-force count; and every malformed form refused with its position."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabroll.dice.extended import Compare, DiceSet, Explode, Labeled, Reroll
from tabroll.dice.nodes import DEFAULT_LIMITS, DiceLimits, DiceTerm
from tabroll.dice.notation import DiceLimitError, DiceSyntaxError, parse
from tabroll.dice.parts import Condition, Constant, Keep
from tabroll.dice.sources import GivenDice, SeededDice
from tabroll.events import Roll
from tests.dice.brute import kept_pool, reference, sequences

# Each expression of the issue, the dice a player rolls in the order rolled (the pool, then rerolls, then the extra
# dice of explosions), and the log line.
ISSUE_ROLLS = [
    ("3d6!", "6,2,3,4", "3d6! → [6!, 2, 3, 4] = 15"),
    ("6d6!>5", "6,5,1,2,3,4,6,2", "6d6!>5 → [6!, 5, 1, 2, 3, 4, 6!, 2] = 29"),
    ("5d6!!", "6,3,2,6,6,1,4,5", "5d6!! → [(6!+1), 3, 2, (6!+4), (6!+5)] = 33"),
    ("5d6!!", "6,3,2,1,1,6,2", "5d6!! → [(6!+6!+2), 3, 2, 1, 1] = 21"),
    ("5d10xo10", "10,3,10,5,7,10,4", "5d10xo10 → [10!, 3, 10!, 5, 7, 10, 4] = 49"),
    ("8d6r1", "1,4,3,6,1,2,5,5,3,1,6", "8d6rr1 → [~1r, 4, 3, 6, ~1r, 2, 5, 5, 3, ~1r, 6] = 34"),
    ("2d6ro<3", "1,5,2", "2d6ro<3 → [~1r, 5, 2] = 7"),
    ("1d20rr1", "1,1,17", "1d20rr1 → [~1r, ~1r, 17] = 17"),
    ("8d6mi2", "1,2,3,4,5,6,1,1", "8d6mi2 → [1↑2, 2, 3, 4, 5, 6, 1↑2, 1↑2] = 26"),
    ("4d6ma5", "6,6,2,5", "4d6ma5 → [6↓5, 6↓5, 2, 5] = 17"),
    ("8d10>=7", "7,3,10,1,9,6,2,8", "8d10>=7 → [7✓, 3, 10✓, 1, 9✓, 6, 2, 8✓] = 4"),
    ("8d10>=7f1", "7,3,10,1,9,6,2,8", "8d10>=7f1 → [7✓, 3, 10✓, 1✗, 9✓, 6, 2, 8✓] = 3"),
    ("1d20+7>=15", "8", "1d20+7>=15 → [8]+7 = 15 ≥ 15: success"),
    ("1d20+7>=15", "7", "1d20+7>=15 → [7]+7 = 14 ≥ 15: failure"),
    ("4dF", "+,-,0,+", "4dF → [+1, -1, 0, +1] = 1"),
    ("4dF", "1,-1,0,1", "4dF → [+1, -1, 0, +1] = 1"),
    ("d20/2", "15", "1d20/2 → [15]/2 = 7"),
    ("1d8+3[slashing]+2d6[fire]", "5,2,6", "1d8+3[slashing]+2d6[fire] → [5]+3 [slashing]+[2, 6] [fire] = 16"),
    ("(1d4+1,3,2d6kl1)kh1", "2,5,4", "(1d4+1,3,2d6kl1)kh1 → (~[2]+1, ~3, [~5, 4]) = 4"),
    ("4d6d1", "3,1,4,6", "4d6dl1 → [3, ~1, 4, 6] = 13"),
    ("4d6pl1", "3,1,4,6", "4d6dl1 → [3, ~1, 4, 6] = 13"),
    ("4d6k3", "3,1,4,6", "4d6kh3 → [3, ~1, 4, 6] = 13"),
    ("8d10>=7>=2", "7,3,1,1,1,1,1,8", "8d10>=7>=2 → [7✓, 3, 1, 1, 1, 1, 1, 8✓] = 2 ≥ 2: success"),
    ("{1d20,1d20}kh1", "4,17", "(1d20,1d20)kh1 → (~[4], [17]) = 17"),
]


@pytest.mark.parametrize(("text", "dice", "line"), ISSUE_ROLLS)
def test_each_expression_rolls_with_the_dice_a_player_reads(cli, text: str, dice: str, line: str) -> None:
    result = cli("roll", text, "--dice", dice, "--format", "text")
    assert result.code == 0, result.err
    assert result.out.splitlines()[0] == f"roll: {line}"
    assert result.err == ""  # every value given was used


@pytest.mark.parametrize("text", sorted({text for text, _, _ in ISSUE_ROLLS}))
def test_each_expression_rolls_the_same_with_a_seed_and_replays_from_its_dice(cli, text: str) -> None:
    first = cli("roll", text, "--seed", "11", "--format", "json").json()
    again = cli("roll", text, "--seed", "11", "--format", "json").json()
    assert first == again
    (event,) = first["events"]
    replayed = cli("roll", text, "--dice", ",".join(map(str, first["dice_drawn"])), "--format", "json").json()
    assert replayed["events"] == first["events"]
    assert event["values"] == first["dice_drawn"]
    assert ("tree" in event) == parse(text).extended  # beyond NdM with keep/drop and + - *: a tree
    assert event.get("tree", {"value": event["total"]})["value"] == event["total"]


@pytest.mark.parametrize("text", ["4d6d1", "4d6pl1", "4d6k3"])
def test_a_keep_or_drop_spelling_adds_no_tree(cli, text: str) -> None:
    (event,) = cli("roll", text, "--dice", "3,1,4,6", "--format", "json").json()["events"]
    assert "tree" not in event and event["dice"] in ("4d6dl1", "4d6kh3")


# --- exact odds against brute force ---------------------------------------------------------------------------

# With the limits every roll uses (a die rerolls at most 9 times; a chain of explosions adds at most 9 dice).
ISSUE_ODDS = [text for text in dict.fromkeys(t for t, _, _ in ISSUE_ROLLS)]


@pytest.mark.parametrize("text", ISSUE_ODDS)
def test_each_expressions_odds_equal_a_brute_force_count(text: str) -> None:
    expression = parse(text)
    assert expression.distribution() == reference(expression.root, DEFAULT_LIMITS)


SMALL = DiceLimits(max_explosions=2, max_rerolls=2)


@pytest.mark.parametrize(
    "text",
    [
        "2d4!",
        "3d3!",
        "2d4!!",
        "3d4xo4",
        "3d4r1",
        "2d4ro<3",
        "3d4mi2",
        "3d4ma3",
        "4d4>=3f1",
        "1d6+2>=5",
        "2dF",
        "-1d6/2",
        "(1d4+1,3,2d4kl1)kh1",
        "3d4!kh2",
        "3d3!kl2",
        "3d4xokh2",
        "3d4!!kh2",
        "3d4r1kh2",
        pytest.param("2d4!r1", marks=pytest.mark.slow),  # about 3 s: an explosion and a reroll of each die
        "3d4!dl1",
        "(1d4,1d4,1d6)kh2>=3f1",
        "3d3!3>=3",
        "3d3!kh2>=3",
        "2d4!<2",
        "3dF!kh2",
        "3d4!ma3kh2",
        "3d4!!mi3",
        pytest.param("2d4!r1mi2kh1", marks=pytest.mark.slow),  # as above
        "1d4!+1d4[x]>=5",
    ],
)
def test_whole_expressions_match_every_sequence_of_dice(text: str) -> None:
    """With small limits, every sequence of draws of the whole expression, rolled and counted."""
    expression = parse(text, SMALL)
    assert expression.distribution() == sequences(expression)


def test_known_figures() -> None:
    assert sum(v * p for v, p in parse("4d6kh3").distribution().items()) == Fraction(15869, 1296)
    assert parse("1d20+7>=15").distribution() == {0: Fraction(7, 20), 1: Fraction(13, 20)}
    assert parse("3d6").distribution()[10] == Fraction(1, 8)
    assert parse("8d6kh3").distribution() == kept_pool(8, 6, 3)
    assert parse("20d6>=5").distribution()[0] == Fraction(2, 3) ** 20
    assert parse("d2!").distribution()[20] == Fraction(1, 2**10)  # nine explosions, then a die that stands
    mean = sum(v * p for v, p in parse("10d10!").distribution().items())
    assert mean == 10 * Fraction(12222222221, 2000000000)


# --- the tree and the marks --------------------------------------------------------------------------------------


def test_the_json_tree_holds_every_die_with_its_marks() -> None:
    """The pool 1,6,2,5,3,2,2,4; its 1 is rerolled twice (the limit here), to 1 and 1, so it stands, is raised to
    the floor 2, and like the other low dice is dropped by kh3."""
    limits = DiceLimits(max_rerolls=2)
    rolled = parse("8d6r1mi2kh3", limits).roll(GivenDice([1, 6, 2, 5, 3, 2, 2, 4, 1, 1]), "x")
    assert (rolled.values, rolled.total, rolled.kept_values) == ((1, 6, 2, 5, 3, 2, 2, 4, 1, 1), 15, (6, 5, 4))
    assert rolled.shown() == "[~1r, 6, ~2, 5, ~3, ~2, ~2, 4, ~1r, ~1↑2(cap)]"
    tree = rolled.tree_json()
    assert tree is not None and (tree["dice"], tree["value"]) == ("8d6rr1mi2kh3", 15)
    assert [(r["value"], r["rolled"], r["marks"]) for r in tree["rolls"]] == [
        (1, [1], ["rerolled"]),
        (6, [6], []),
        (2, [2], ["dropped"]),
        (5, [5], []),
        (3, [3], ["dropped"]),
        (2, [2], ["dropped"]),
        (2, [2], ["dropped"]),
        (4, [4], []),
        (1, [1], ["rerolled"]),
        (2, [1], ["capped", "floored", "dropped"]),
    ]
    assert [term.kept for term in rolled.terms] == [(False, True, False, True, False, False, False, True, False, False)]


def test_a_compounding_die_is_one_die_in_the_tree() -> None:
    rolled = parse("2d6!!kh1").roll(GivenDice([6, 5, 6, 1]), "x")
    assert rolled.shown() == "[(6!+6!+1), ~5]"
    tree = rolled.tree_json()
    assert tree is not None
    assert [(r["value"], r["rolled"], r["marks"]) for r in tree["rolls"]] == [
        (13, [6, 6, 1], ["exploded"]),
        (5, [5], ["dropped"]),
    ]
    assert rolled.kept_values == (13,)


def test_a_die_at_its_limit_is_marked_and_the_log_says_so() -> None:
    limits = DiceLimits(max_explosions=2)
    rolled = parse("1d2!", limits).roll(GivenDice([2, 2, 2]), "x")
    event = Roll.of(rolled, label="roll")
    assert event.sentence() == (
        "roll: 1d2! → [2!, 2!, 2(cap)] = 6; (cap): a die is rerolled at most 9 times and a chain of explosions adds "
        "at most 2 dice"
    )
    assert event.to_json()["tree"]["rolls"][-1]["marks"] == ["capped"]


def test_a_comparison_event_has_its_outcome_and_total_one_or_zero() -> None:
    event = Roll.of(parse("1d20+7>=15").roll(GivenDice([8]), "x"), label="check")
    data = event.to_json()
    assert (data["total"], data["outcome"], data["shown"]) == (1, "success", "[8]+7 = 15 ≥ 15")
    assert data["tree"] == {
        "compare": ">=",
        "target": 15,
        "value": 1,
        "success": True,
        "of": {
            "op": "+",
            "value": 15,
            "left": {"dice": "1d20", "value": 8, "rolls": [{"value": 8, "rolled": [8], "marks": []}]},
            "right": {"number": 7},
        },
    }
    assert hash(event) == hash(Roll.of(parse("1d20+7>=15").roll(GivenDice([8]), "x"), label="check"))


def test_a_plain_roll_event_is_unchanged() -> None:
    """NdM, keep/drop and + - * keep the event they always had: no tree, no outcome, no note."""
    data = Roll.of(parse("4d6kh3+2").roll(GivenDice([2, 5, 1, 3]), "x"), label="roll").to_json()
    assert set(data) == {"kind", "label", "dice", "values", "kept", "total", "unit", "terms", "shown"}


def test_a_set_drops_the_dice_of_the_items_it_drops_from_kept() -> None:
    rolled = parse("(2d6,1d20)kh1").roll(GivenDice([3, 4, 12]), "x")
    assert (rolled.total, rolled.kept_values, rolled.values) == (12, (12,), (3, 4, 12))
    constant = parse("(2d6,9)kh1").roll(GivenDice([3, 4]), "x")
    assert (constant.total, constant.kept_values, constant.values) == (9, (), (3, 4))


# --- parsing: trees, round trips and refusals --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "root"),
    [
        ("3d6!", DiceTerm(3, 6, explode=Explode("!"))),
        ("6d6!>5", DiceTerm(6, 6, explode=Explode("!", Condition(">", 5)))),
        ("5d6!!", DiceTerm(5, 6, explode=Explode("!!"))),
        ("5d10xo10", DiceTerm(5, 10, explode=Explode("xo", Condition("=", 10)))),
        ("8d6r1", DiceTerm(8, 6, reroll=Reroll(False, Condition("=", 1)))),
        ("8d6r", DiceTerm(8, 6, reroll=Reroll(False, Condition("=", 1)))),
        ("1d20rr1", DiceTerm(1, 20, reroll=Reroll(False, Condition("=", 1)))),
        ("2d6ro<3", DiceTerm(2, 6, reroll=Reroll(True, Condition("<", 3)))),
        ("8d6mi2", DiceTerm(8, 6, floor=2)),
        ("8d6min2", DiceTerm(8, 6, floor=2)),
        ("4d6ma5", DiceTerm(4, 6, ceiling=5)),
        ("8d10>=7", DiceTerm(8, 10, success=Condition(">=", 7))),
        ("8d10>=7f1", DiceTerm(8, 10, success=Condition(">=", 7), failure=Condition("=", 1))),
        ("4dF", DiceTerm(4, 3, fudge=True)),
        ("4df>=0", DiceTerm(4, 3, fudge=True, success=Condition(">=", 0))),
        ("4d6ph1", DiceTerm(4, 6, Keep("dh", 1))),
        ("4d6 kh3 r1", DiceTerm(4, 6, Keep("kh", 3), Reroll(False, Condition("=", 1)))),
        ("1d20+7>=15", Compare(">=", parse("1d20+7").root, 15)),
        ("(1d20)>=15", Compare(">=", DiceTerm(1, 20), 15)),
        ("2d6[fire]", Labeled(DiceTerm(2, 6), "fire")),
        ("2d6[ fire   damage ]", Labeled(DiceTerm(2, 6), "fire damage")),
        ("(1d4,3)kh1", DiceSet((DiceTerm(1, 4), Constant(3)), Keep("kh", 1))),
        ("{1d4}kh1", DiceSet((DiceTerm(1, 4),), Keep("kh", 1))),
        ("{1d4}", DiceTerm(1, 4)),
        ("{1d4,1d6}>3", DiceSet((DiceTerm(1, 4), DiceTerm(1, 6)), success=Condition(">", 3))),
    ],
)
def test_the_grammar_builds_the_tree_and_its_notation_reads_back(text: str, root: object) -> None:
    expression = parse(text)
    assert expression.root == root
    assert parse(expression.notation).root == root


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("1d6!>6", 3, "a d6 shows 1 to 6: no face is > 6, so nothing explodes"),
        ("1d6!>0", 3, "a d6 shows 1 to 6: every face is > 0, so it would explode for ever"),
        ("1d1!", 3, "a d1 shows 1 to 1: every face is its highest, so it would explode for ever"),
        ("2d6r<7", 3, "a d6 shows 1 to 6: every face is < 7, so no die would stand"),
        ("2d6r9", 3, "a d6 shows 1 to 6: no face is = 9, so nothing is rerolled"),
        ("2d6mi5ma3", 3, "the floor 5 is above the ceiling 3"),
        ("8d10>=5f<=6", 7, "a die cannot be both a success and a failure: the two counts overlap"),
        ("8d10f1", 4, "'f' counts failures after a success count, like 8d10>=7f1"),
        ("4d6p1", 3, "'p' drops dice with h or l after it: ph1 drops the highest, pl1 the lowest"),
        ("2d6r1ro2", 5, "a die rerolls again and again (r) or once (ro), not both"),
        ("2d6!!!", 5, "this dice term has two explodes"),
        ("1d20cs20cs19", 8, "this dice term has two critical marks"),
        ("1d20cf1cf2", 7, "this dice term has two fumble marks"),
        ("1d6/(1d2-1)", 4, "this divisor ranges from 0 to 1, and nothing can be divided by 0"),
        ("1d6/0", 4, "this divisor is 0, and nothing can be divided by 0"),
        ("(1d20+5>=10>=1)", 11, "a part is compared with a number once"),
        ("1d20+5>=10>=2", 10, "an expression is compared with a number once, at its end"),
        ("1d20>=", 6, "expected a number after the comparison, like 8d10>=7, but the expression ends here"),
        ("2d6[fire", 3, "a label in brackets needs its ']', like 2d6[fire]"),
        ("2d6[]", 3, "the label is empty; write what the part is for, like 2d6[fire]"),
        ("2d6[a][b]", 6, "a part takes one label"),
        ("1,2", 1, "',' separates the items of a set, inside parentheses: (1d6,1d8)kh1"),
        ("(1,2)dl2", 7, "cannot drop 2 of 2 items; drop 1 to 1"),
        ("2d6xo7", 3, "a d6 shows 1 to 6: no face is = 7, so nothing explodes"),
        ("2dx", 2, "expected the number of sides after 'd', like d6 or d%, not 'x'"),
        ("1d20 +}", 6, "expected a number, a die like 1d6, or '(', not '}'"),
    ],
)
def test_malformed_expressions_say_where_they_broke(text: str, position: int, reason: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert (caught.value.position, caught.value.reason) == (position, reason)
    assert caught.value.message.endswith("\n    " + " " * position + "^")


def test_explosions_and_rerolls_count_towards_the_dice_limit_before_any_roll() -> None:
    assert parse("1000d6!").max() == 60_000
    with pytest.raises(DiceLimitError) as caught:
        parse("1000d6!+1d6!")
    assert caught.value.reason.startswith("one roll of this expression could draw 10,010 dice")
    with pytest.raises(DiceLimitError):
        parse("200d6r1!")  # 200 dice, each rerolled up to 9 times, each chain up to 10 dice: 20,000


def test_a_compounding_die_with_a_floor_may_total_below_its_floored_faces() -> None:
    """``!!`` adds one die's chain into one value and floors that sum, not each face: ten 1s (the first and nine
    explosions, the cap) total 10, above the floor of 2, below the first face that stops the chain (11)."""
    expression = parse("1d20!!<=10mi2")
    assert expression.roll(GivenDice([1] * 10), "x").total == 10
    assert expression.min() == 10 == min(expression.distribution())
    assert expression.max() == 110 == max(expression.distribution())
    exploding = parse("1d20!<=10mi2")  # !: each die of the chain is floored on its own (ten 1s count as ten 2s)
    assert exploding.roll(GivenDice([1] * 10), "x").total == 20
    assert exploding.min() == 11 == min(exploding.distribution())


@pytest.mark.parametrize(
    ("text", "dice", "total"),
    [
        ("d20/2", [15], 7),
        ("-7/2", [], -3),  # d20: the fraction is kept to the end, then truncated toward zero
        ("7/2*2", [], 7),
        ("(1d6-7)/2", [2], -2),
        ("1d6/3", [2], 0),
        ("1d6/2+1d6/2", [3, 3], 3),
        ("-7//2", [], -4),  # // rounds down at once
        ("7//2*2", [], 6),
        ("(1d6-7)//2", [2], -3),
        ("1d6//2+1d6//2", [3, 3], 2),
    ],
)
def test_division_keeps_the_fraction_and_truncates_the_total(text: str, dice: list[int], total: int) -> None:
    expression = parse(text)
    assert expression.roll(GivenDice(dice), "x").total == total
    assert expression.min() <= total <= expression.max()


def test_a_seeded_fudge_die_shows_each_of_its_three_faces() -> None:
    rolled = parse("60dF").roll(SeededDice(5), "x")
    assert set(rolled.values) == {-1, 0, 1}
