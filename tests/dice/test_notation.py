"""Parsing, limits, rolling and exact odds of dice expressions."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from tabroll.dice.nodes import DEFAULT_LIMITS, DiceLimits, DiceTerm, to_notation
from tabroll.dice.notation import DiceExpression, DiceLimitError, DiceSyntaxError, parse
from tabroll.dice.parts import BinaryOp, Constant, Keep, Negate
from tabroll.dice.sources import DiceRequest, GivenDice
from tabroll.errors import InputError


class FakeSource:
    """Answers every request from a fixed list of values and records the requests."""

    def __init__(self, values: list[int]) -> None:
        self.values = list(values)
        self.requests: list[DiceRequest] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        self.requests.append(request)
        taken, self.values = self.values[: request.count], self.values[request.count :]
        return tuple(taken)


# --- parsing and canonical notation -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tree"),
    [
        ("7", Constant(7)),
        ("d20", DiceTerm(1, 20)),
        ("1d20+2", BinaryOp("+", DiceTerm(1, 20), Constant(2))),
        ("4d6kh3", DiceTerm(4, 6, Keep("kh", 3))),
        ("4d6k3", DiceTerm(4, 6, Keep("kh", 3))),
        ("4D6KL1", DiceTerm(4, 6, Keep("kl", 1))),
        ("4d6dl1", DiceTerm(4, 6, Keep("dl", 1))),
        ("5d8dh2", DiceTerm(5, 8, Keep("dh", 2))),
        ("d%", DiceTerm(1, 100)),
        ("3d%", DiceTerm(3, 100)),
        ("1-2-3", BinaryOp("-", BinaryOp("-", Constant(1), Constant(2)), Constant(3))),
        ("1-(2-3)", BinaryOp("-", Constant(1), BinaryOp("-", Constant(2), Constant(3)))),
        ("2*3+4", BinaryOp("+", BinaryOp("*", Constant(2), Constant(3)), Constant(4))),
        ("2+3*4", BinaryOp("+", Constant(2), BinaryOp("*", Constant(3), Constant(4)))),
        ("2*(1d6+1)", BinaryOp("*", Constant(2), BinaryOp("+", DiceTerm(1, 6), Constant(1)))),
        ("-1d4", Negate(DiceTerm(1, 4))),
        ("--3", Negate(Negate(Constant(3)))),
        ("2*-3", BinaryOp("*", Constant(2), Negate(Constant(3)))),
        ("-2*3", BinaryOp("*", Negate(Constant(2)), Constant(3))),
        ("((((5))))", Constant(5)),
        (" \t3 d 6 kh 2 +\r\n 1 ", BinaryOp("+", DiceTerm(3, 6, Keep("kh", 2)), Constant(1))),
        ("007", Constant(7)),
        ("1d1", DiceTerm(1, 1)),
    ],
)
def test_parse_builds_the_expected_tree(text: str, tree: object) -> None:
    expression = parse(text)
    assert expression.root == tree
    assert expression.text == text
    assert parse(expression.notation).root == tree


@pytest.mark.parametrize(
    ("text", "notation"),
    [
        ("d20", "1d20"),
        ("1d20 + 2", "1d20+2"),
        ("4D6K3", "4d6kh3"),
        ("d%", "1d100"),
        ("(1d4*2)*3", "1d4*2*3"),
        ("1*(2*3)", "1*(2*3)"),
        ("1-(2-3)", "1-(2-3)"),
        ("(1-2)-3", "1-2-3"),
        ("-(1d4)", "-1d4"),
        ("-(1+2)", "-(1+2)"),
        ("(-2)*3", "-2*3"),
        ("2*(-3)", "2*-3"),
        ("(2*3)+(4*5)", "2*3+4*5"),
        ("1 - -2", "1--2"),
        ("007d06", "7d6"),
    ],
)
def test_canonical_notation(text: str, notation: str) -> None:
    expression = parse(text)
    assert expression.notation == notation
    assert str(expression) == notation


def test_expressions_compare_by_tree_not_by_spelling() -> None:
    assert parse("1d20 + 2") == parse("1D20+2")
    assert parse("4d6k3") == parse("4d6kh3")
    assert parse("1d20+2") != parse("2+1d20")
    assert hash(parse("d20")) == hash(parse("1d20"))


def test_parse_is_cached() -> None:
    assert parse("3d6+1") is parse("3d6+1")


def test_direct_construction_matches_parse() -> None:
    built = DiceExpression(BinaryOp("+", DiceTerm(2, 6), Constant(3)))
    assert built == parse("2d6+3")
    assert built.text == "2d6+3"
    assert built.notation == "2d6+3"
    assert to_notation(Negate(BinaryOp("*", Constant(2), Constant(3)))) == "-(2*3)"


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("7", 7, 7),
        ("1d20+2", 3, 22),
        ("4d6kh3", 3, 18),
        ("4d6dl1", 3, 18),
        ("5d8dh2", 3, 24),
        ("2d20kl1", 1, 20),
        ("1d4-1d6", -5, 3),
        ("-1d4", -4, -1),
        ("1d6*1d6", 1, 36),
        ("(1d4-3)*(1d4-3)", -2, 4),
        ("(1d4-3)*2", -4, 2),
        ("1000d1000000", 1000, 10**9),
    ],
)
def test_min_and_max(text: str, low: int, high: int) -> None:
    expression = parse(text)
    assert (expression.min(), expression.max()) == (low, high)


def test_dice_terms_in_evaluation_order() -> None:
    expression = parse("2*(1d6+3d8)-1d4kh1+5")
    assert expression.dice_terms() == (DiceTerm(1, 6), DiceTerm(3, 8), DiceTerm(1, 4, Keep("kh", 1)))
    assert parse("2*(3+4)").dice_terms() == ()


# --- syntax errors ------------------------------------------------------------------------------------


def test_syntax_error_message_quotes_and_points() -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse("2d6+*3")
    error = caught.value
    assert isinstance(error, InputError)
    assert (error.text, error.position) == ("2d6+*3", 4)
    assert error.message == (
        "cannot read dice expression '2d6+*3' at position 5: expected a number, a die like 1d6, or '(', "
        "not '*'\n"
        "    2d6+*3\n"
        "        ^"
    )
    assert error.tip == "dice are written like 1d20, 2d6+3, 4d6kh3"
    assert str(error).endswith("\nTip: dice are written like 1d20, 2d6+3, 4d6kh3")


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("", 0, "the expression is empty"),
        ("   ", 3, "the expression is empty"),
        ("2d6 3", 4, "expected an operator (+, -, *, /), not '3'"),
        ("2d6+", 4, "expected a number, a die like 1d6, or '(', but the expression ends here"),
        ("2x3", 1, "expected an operator (+, -, *, /), not 'x'; multiply with '*'"),
        ("2d", 2, "expected the number of sides after 'd', like d6 or d%, but the expression ends here"),
        ("2d+3", 2, "expected the number of sides after 'd', like d6 or d%, not '+'"),
        ("d", 1, "expected the number of sides after 'd', like d6 or d%, but the expression ends here"),
        ("2d0", 2, "a die needs at least 1 side"),
        ("4d6kh5", 5, "cannot keep 5 of 4 dice; keep 1 to 4"),
        ("4d6kh0", 5, "cannot keep 0 of 4 dice; keep 1 to 4"),
        ("4d6k 9", 5, "cannot keep 9 of 4 dice; keep 1 to 4"),
        ("4d6dl4", 5, "cannot drop 4 of 4 dice; drop 1 to 3"),
        ("4d6dh0", 5, "cannot drop 0 of 4 dice; drop 1 to 3"),
        ("1d20dl1", 6, "cannot drop 1 of 1 die; a single die has none to drop"),
        ("4d6k", 4, "expected how many dice to keep after 'k', like 4d6k3, but the expression ends here"),
        ("(1+2", 4, "expected ')' to close the '(' at position 1, but the expression ends here"),
        ("((1)", 4, "expected ')' to close the '(' at position 1, but the expression ends here"),
        ("1+2)", 3, "')' without a matching '('"),
        ("()", 1, "expected a number, a die like 1d6, or '(', not ')'"),
        ("+", 1, "expected a number, a die like 1d6, or '(', but the expression ends here"),
        ("\u0663d6", 0, "'\u0663' is not a digit tabroll reads; write numbers with 0-9"),
        ("1d\uff16", 2, "'\uff16' is not a digit tabroll reads; write numbers with 0-9"),
        ("12\u00b2", 2, "'\u00b2' is not a digit tabroll reads; write numbers with 0-9"),
        ("1d6d6", 4, "cannot drop 6 of 1 die; a single die has none to drop"),
        ("1..5", 2, "expected a digit after the decimal point, like 1.5, not '.'"),
    ],
)
def test_syntax_errors(text: str, position: int, reason: str) -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    assert (caught.value.position, caught.value.reason) == (position, reason)
    assert caught.value.message.endswith("\n    " + " " * position + "^")


def test_control_characters_are_shown_without_breaking_the_caret() -> None:
    with pytest.raises(DiceSyntaxError) as caught:
        parse("1\x00+2\n\tx")
    assert caught.value.message.splitlines()[1:] == ["    1?+2  x", "     ^"]


def test_long_text_is_shown_as_a_window_around_the_mistake() -> None:
    text = "1+" * 60 + "x"
    with pytest.raises(DiceSyntaxError) as caught:
        parse(text)
    _, window, caret = caught.value.message.splitlines()
    assert window.startswith("    ...") and window.endswith("1+x")
    assert window[caret.index("^")] == "x"


# --- limits -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("1000000000d1000000000", 0, "1,000,000,000 dice in one roll; the limit is 1,000"),
        ("1001d6", 0, "1,001 dice in one roll; the limit is 1,000"),
        ("1d1000001", 2, "a d1,000,001 has too many sides; the limit is 1,000,000"),
        ("1000000001", 0, "the number 1000000001 is larger than 1,000,000,000"),
        ("9" * 500, 0, f"the number {'9' * 500} is larger than 1,000,000,000"),
        ("1+" + "1000d6+" * 10 + "1d6", 72, "more than 10,000 dice in one expression"),
        ("1000000*1000000*2", 0, "this part could reach 2,000,000,000,000; the limit is ±1,000,000,000,000"),
        (
            "3+-1000000*(1000000*2)",
            2,
            "this part could reach -2,000,000,000,000; the limit is ±1,000,000,000,000",
        ),
        ("1000d1000000*1001", 0, "this part could reach 1,001,000,000,000; the limit is ±1,000,000,000,000"),
        ("(" * 51 + "1" + ")" * 51, 50, "the expression nests more than 50 levels deep"),
        ("-" * 51 + "1", 50, "the expression nests more than 50 levels deep"),
        ("1" + "+1" * 100, 200, "more than 100 numbers and dice in one expression"),
    ],
)
def test_limits_are_refused_while_parsing(text: str, position: int, reason: str) -> None:
    with pytest.raises(DiceLimitError) as caught:
        parse(text)
    assert isinstance(caught.value, InputError)
    assert (caught.value.position, caught.value.reason) == (position, reason)


def test_limits_at_their_edge_are_accepted() -> None:
    assert parse("1000d1000000").max() == 10**9
    assert parse("1000000000").max() == 10**9
    assert parse("1000000*1000000").max() == 10**12
    assert parse("(" * 50 + "1" + ")" * 50).root == Constant(1)
    assert parse("-" * 50 + "1").max() == 1
    assert len(parse("1" + "+1" * 99).notation) == 199
    assert sum(t.count for t in parse("+".join(["1000d6"] * 10)).dice_terms()) == 10_000


def test_text_length_limit() -> None:
    assert parse("1+" * 49 + " " * 901 + "1").max() == 50
    with pytest.raises(DiceLimitError) as caught:
        parse("1" + " " * 1000)
    assert caught.value.message == "the dice expression is 1,001 characters long; the limit is 1,000"
    assert caught.value.position is None


def test_deep_nesting_is_a_limit_error_not_a_recursion_error() -> None:
    with pytest.raises(DiceLimitError):
        parse("(" * 10000 + "1" + ")" * 10000)
    roomy = DiceLimits(max_text_length=100_000)
    with pytest.raises(DiceLimitError) as caught:
        parse("(" * 10000 + "1" + ")" * 10000, roomy)
    assert caught.value.position == 50
    with pytest.raises(DiceLimitError):
        parse("-" * 20000 + "1", roomy)


def test_long_chains_do_not_recurse() -> None:
    roomy = DiceLimits(max_text_length=100_000, max_terms=20_000)
    expression = parse("1d2" + "+1d2" * 5000, roomy)
    assert (expression.min(), expression.max()) == (5001, 10002)
    rolled = expression.roll(GivenDice([2] * 5001), "chain")
    assert rolled.total == 10002
    assert expression.notation == "1d2" + "+1d2" * 5000


def test_custom_limits() -> None:
    small = DiceLimits(max_dice_per_term=3, max_sides=6)
    assert parse("3d6", small).max() == 18
    with pytest.raises(DiceLimitError):
        parse("4d6", small)
    with pytest.raises(DiceLimitError):
        parse("1d8", small)
    assert DiceLimits() == DEFAULT_LIMITS
    with pytest.raises(AttributeError):
        DEFAULT_LIMITS.max_sides = 2  # type: ignore[misc]


# --- rolling ------------------------------------------------------------------------------------------


def test_each_term_makes_one_request() -> None:
    source = FakeSource([3, 4, 1, 6, 5, 2, 2])
    rolled = parse("2d6 + 4d6kh3 - 1d4").roll(source, "damage vs Soldado")
    assert source.requests == [
        DiceRequest("damage vs Soldado", 2, 6),
        DiceRequest("damage vs Soldado", 4, 6),
        DiceRequest("damage vs Soldado", 1, 4),
    ]
    assert rolled.values == (3, 4, 1, 6, 5, 2, 2)
    assert rolled.kept_values == (3, 4, 6, 5, 2, 2)
    assert [term.total for term in rolled.terms] == [7, 13, 2]
    assert rolled.total == 7 + 13 - 2
    assert rolled.purpose == "damage vs Soldado"
    assert rolled.expression == parse("2d6+4d6kh3-1d4")


def test_constant_expression_asks_for_nothing() -> None:
    source = FakeSource([])
    rolled = parse("2*(3+4)").roll(source, "fixed")
    assert (rolled.total, rolled.terms, source.requests) == (14, (), [])
    assert rolled.describe() == "2*(3+4) = 14"


@pytest.mark.parametrize(
    ("text", "values", "kept", "total"),
    [
        ("4d6kh3", (1, 6, 5, 2), (False, True, True, True), 13),
        ("4d6k3", (6, 1, 1, 1), (True, True, True, False), 8),
        ("4d6dl1", (3, 3, 3, 3), (True, True, True, False), 9),
        ("4d6kl1", (4, 2, 2, 5), (False, True, False, False), 2),
        ("4d6dh1", (4, 6, 6, 5), (True, True, False, True), 15),
        ("2d20kh1", (7, 15), (False, True), 15),
        ("2d20kl1", (7, 15), (True, False), 7),
        ("3d6", (1, 2, 3), (True, True, True), 6),
    ],
)
def test_keep_and_drop_marking(text: str, values: tuple[int, ...], kept: tuple[bool, ...], total: int) -> None:
    (term,) = parse(text).roll(GivenDice(values), "test").terms
    assert (term.values, term.kept, term.total) == (values, kept, total)


@pytest.mark.parametrize(
    ("text", "values", "described"),
    [
        ("4d6kh3", [6, 5, 2, 1], "4d6kh3 -> [6, 5, 2, ~1] = 13"),
        ("1d20+2", [14], "1d20+2 -> [14]+2 = 16"),
        ("2*(1d6+1)-1d4", [4, 2], "2*(1d6+1)-1d4 -> 2*([4]+1)-[2] = 8"),
        ("-2d20kl1", [3, 9], "-2d20kl1 -> -[3, ~9] = -3"),
        ("d%", [100], "1d100 -> [100] = 100"),
    ],
)
def test_describe(text: str, values: list[int], described: str) -> None:
    assert parse(text).roll(GivenDice(values), "x").describe() == described


def test_a_misbehaving_source_is_a_bug_not_an_input_error() -> None:
    with pytest.raises(RuntimeError, match="FakeSource answered 2d6 for test with"):
        parse("2d6").roll(FakeSource([3]), "test")
    with pytest.raises(RuntimeError):
        parse("1d6").roll(FakeSource([7]), "test")


# --- exact odds ---------------------------------------------------------------------------------------


def brute_force(text: str) -> dict[int, Fraction]:
    """Every sequence of die values, rolled through GivenDice and counted."""
    expression = parse(text)
    faces = [range(1, term.sides + 1) for term in expression.dice_terms() for _ in range(term.count)]
    counts = Counter(expression.roll(GivenDice(values), "all").total for values in itertools.product(*faces))
    outcomes = sum(counts.values())
    return {total: Fraction(n, outcomes) for total, n in sorted(counts.items())}


@pytest.mark.parametrize(
    "text",
    [
        "2d6",
        "3d6+2",
        "4d6kh3",
        "4d6dl1",
        "4d6kl2",
        "4d6dh3",
        "2d20kh1",
        "2d20kl1",
        "5d3kh2",
        "3d1kh2",
        "1d6*1d6",
        "1d4-1d6",
        "-(2d4kh1)*2+3",
        "(1d4-3)*(1d3-2)",
        "7",
        "1d1",
    ],
)
def test_distribution_matches_brute_force(text: str) -> None:
    distribution = parse(text).distribution()
    assert distribution == brute_force(text)
    assert list(distribution) == sorted(distribution)


def test_known_distributions() -> None:
    two_d6 = parse("2d6").distribution()
    assert two_d6[7] == Fraction(6, 36)
    assert two_d6[2] == two_d6[12] == Fraction(1, 36)
    stats = parse("4d6kh3").distribution()
    assert stats[18] == Fraction(21, 1296)
    assert stats[3] == Fraction(1, 1296)
    assert parse("2d20kh1").distribution()[20] == Fraction(39, 400)
    assert parse("5").distribution() == {5: Fraction(1)}
    big = parse("100d100").distribution()
    assert sum(big.values()) == 1
    assert (min(big), max(big)) == (100, 10_000)
    assert big[100] == Fraction(1, 100**100)


def test_distribution_refuses_too_much_work_up_front() -> None:
    for text in ("1000d1000000", "1000d6+1000d6", "100d100kh50"):
        with pytest.raises(DiceLimitError) as caught:
            parse(text).distribution()
        assert "would take about" in caught.value.message
    assert sum(parse("20d20kh10").distribution().values()) == 1


def test_the_roll_event_keeps_each_term_and_marks_the_right_die_dropped(cli) -> None:
    """4d6kh3 drops its own 2, not the 1d6's 2; a subtraction stays a subtraction."""
    kept = cli("roll", "4d6kh3+1d6", "--dice", "2,5,2,6,2", "--format", "text")
    assert kept.out.strip() == "roll: 4d6kh3+1d6 → [2, 5, ~2, 6]+[2] = 15"
    minus = cli("roll", "2d6-1d6", "--dice", "3,4,3", "--format", "text")
    assert minus.out.strip() == "roll: 2d6-1d6 → [3, 4]-[3] = 4"
    (event,) = cli("roll", "4d6kh3+1d6", "--dice", "2,5,2,6,2", "--format", "json").json()["events"]
    assert event["terms"] == [
        {"dice": "4d6kh3", "values": [2, 5, 2, 6], "kept": [True, True, False, True]},
        {"dice": "1d6", "values": [2], "kept": [True]},
    ]
    assert event["kept"] == [2, 5, 6, 2] and event["total"] == 15
