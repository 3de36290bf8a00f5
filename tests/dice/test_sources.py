"""Dice sources: seeded, given, prompted, recorded and scripted dice."""

from __future__ import annotations

import random

import pytest

from tabroll.dice.notation import parse
from tabroll.dice.sources import (
    DiceExhausted,
    DiceRequest,
    DiceValueError,
    GivenDice,
    PromptDice,
    RecordingDice,
    SeededDice,
    parse_dice_values,
    roll_die,
)
from tabroll.errors import InputError

D20 = DiceRequest("damage vs Soldado", 1, 20)
THREE_D6 = DiceRequest("damage vs X", 3, 6)


# --- requests -----------------------------------------------------------------------------------------


def test_request_notation_and_description() -> None:
    assert D20.notation == "1d20"
    assert D20.describe() == "1d20 for damage vs Soldado"
    assert THREE_D6.notation == "3d6"
    assert DiceRequest("", 2, 4).describe() == "2d4"


@pytest.mark.parametrize(("count", "sides"), [(0, 6), (1, 0), (-1, 6)])
def test_request_rejects_impossible_dice(count: int, sides: int) -> None:
    with pytest.raises(ValueError, match="needs count >= 1 and sides >= 1"):
        DiceRequest("x", count, sides)


# --- seeded dice --------------------------------------------------------------------------------------


def test_seeded_dice_are_reproducible() -> None:
    first, second = SeededDice(1234), SeededDice(1234)
    requests = [D20, THREE_D6, DiceRequest("x", 10, 100)]
    rolls = [first.draw(r) for r in requests]
    assert rolls == [second.draw(r) for r in requests]
    assert [len(values) for values in rolls] == [1, 3, 10]
    assert all(1 <= v <= r.sides for r, values in zip(requests, rolls, strict=True) for v in values)
    assert first.seed == 1234
    assert repr(first) == "SeededDice(seed=1234)"


def test_seeded_dice_values_are_pinned_for_a_seed() -> None:
    # A change here would break every seed a user has printed; it must be deliberate.
    reference = random.Random(7)
    expected = tuple(reference.randrange(20) + 1 for _ in range(5))
    assert SeededDice(7).draw(DiceRequest("x", 5, 20)) == expected
    assert SeededDice(7).draw(DiceRequest("x", 5, 20)) == (11, 5, 13, 2, 3)


def test_seeded_dice_never_touch_the_global_random() -> None:
    random.seed(99)
    state = random.getstate()
    dice = SeededDice(5)
    for _ in range(50):
        dice.draw(THREE_D6)
    SeededDice(None).draw(D20)
    assert random.getstate() == state


def test_seeded_dice_without_a_seed_pick_one() -> None:
    seeds = {SeededDice().seed for _ in range(20)}
    assert len(seeds) > 1
    dice = SeededDice()
    replay = SeededDice(dice.seed)
    assert [dice.draw(D20) for _ in range(10)] == [replay.draw(D20) for _ in range(10)]


def test_seeded_dice_cover_every_face() -> None:
    values = SeededDice(3).draw(DiceRequest("x", 600, 6))
    assert set(values) == {1, 2, 3, 4, 5, 6}


# --- given dice ---------------------------------------------------------------------------------------


def test_given_dice_hand_out_values_in_order_across_requests() -> None:
    dice = GivenDice([14, 3, 5, 2, 6])
    assert dice.draw(D20) == (14,)
    assert dice.draw(THREE_D6) == (3, 5, 2)
    assert dice.used == (14, 3, 5, 2)
    assert dice.remaining == (6,)
    assert dice.values == (14, 3, 5, 2, 6)


def test_given_dice_exhausted() -> None:
    dice = GivenDice([7, 7])
    dice.draw(DiceRequest("attack", 2, 20))
    with pytest.raises(DiceExhausted) as caught:
        dice.draw(D20)
    error = caught.value
    assert isinstance(error, InputError)
    assert error.message == (
        "--dice ran out: 1d20 for damage vs Soldado needs 1 value, but all 2 given are used (give 1 more)"
    )
    assert error.tip == "give one value for every die rolled, in the order the dice are rolled"


def test_given_dice_exhausted_part_way_consumes_nothing() -> None:
    dice = GivenDice([4, 5])
    with pytest.raises(DiceExhausted) as caught:
        dice.draw(DiceRequest("damage vs X", 4, 6))
    assert caught.value.message == (
        "--dice ran out: 4d6 for damage vs X needs 4 values, but only 2 of the 2 given are left (give 2 more)"
    )
    assert dice.remaining == (4, 5)
    assert dice.draw(DiceRequest("x", 2, 6)) == (4, 5)


def test_given_dice_value_out_of_range() -> None:
    dice = GivenDice([25])
    with pytest.raises(DiceValueError) as caught:
        dice.draw(D20)
    error = caught.value
    assert isinstance(error, InputError)
    assert error.message == (
        "--dice value 25 cannot be the roll of a d20 (1d20 for damage vs Soldado): a d20 shows 1 to 20"
    )
    assert dice.remaining == (25,)


def test_given_dice_value_error_points_at_the_offending_value() -> None:
    dice = GivenDice([3, 1, 2, 9], origin="replay")
    dice.draw(DiceRequest("x", 1, 6))
    with pytest.raises(DiceValueError) as caught:
        dice.draw(DiceRequest("y", 3, 6))
    assert caught.value.message.startswith("replay value 9 cannot be the roll of a d6 (3d6 for y)")
    with pytest.raises(DiceValueError, match="a d1 always shows 1"):
        GivenDice([2]).draw(DiceRequest("z", 1, 1))
    with pytest.raises(DiceValueError, match="value 0 cannot"):
        GivenDice([0]).draw(D20)


# --- parse_dice_values --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("7,7", (7, 7)),
        ("7 7", (7, 7)),
        ("7, 12", (7, 12)),
        ("  14 ,3,\t5  ", (14, 3, 5)),
        ("20", (20,)),
        ("007", (7,)),
        ("1000000", (1_000_000,)),
    ],
)
def test_parse_dice_values(text: str, values: tuple[int, ...]) -> None:
    assert parse_dice_values(text) == values


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "--dice has no values"),
        ("   ", "--dice has no values"),
        ("7,,7", "--dice: no value between the commas at position 3"),
        (",7", "--dice: no value before the ',' at position 1"),
        ("7,", "--dice: no value after the ',' at position 2"),
        ("7, x", "--dice: 'x' at position 4 is not a die value"),
        ("7 -3", "--dice: '-3' at position 3 is not a die value"),
        ("2.5", "--dice: '2.5' at position 1 is not a die value"),
        ("\u0663", "--dice: '\u0663' at position 1 is not a die value"),
        ("1 0", "--dice: 0 at position 3 is not a die value: dice show 1 or more"),
        (
            "1000001",
            "--dice: 1000001 at position 1 is larger than any die (dice have at most 1,000,000 sides)",
        ),
        ("9" * 5000, f"--dice: {'9' * 5000} at position 1 is larger than any die"),
    ],
)
def test_parse_dice_values_errors(text: str, message: str) -> None:
    with pytest.raises(DiceValueError) as caught:
        parse_dice_values(text)
    assert isinstance(caught.value, InputError)
    assert caught.value.message.startswith(message)


def test_parse_dice_values_caps_the_count() -> None:
    assert len(parse_dice_values(",".join(["6"] * 10_000))) == 10_000
    with pytest.raises(DiceValueError, match="--dice has more than 10,000 values"):
        parse_dice_values(",".join(["6"] * 10_001))


def test_parse_dice_values_names_its_origin() -> None:
    with pytest.raises(DiceValueError, match=r"^journal: 'q' at position 1"):
        parse_dice_values("q", origin="journal")


# --- prompted dice ------------------------------------------------------------------------------------


class Table:
    """A scripted player: answers prompts in turn and keeps what was said."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []
        self.told: list[str] = []

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def tell(self, message: str) -> None:
        self.told.append(message)

    def dice(self, attempts: int = 5) -> PromptDice:
        return PromptDice(self.ask, self.tell, attempts)


def test_prompt_asks_once_for_a_good_answer() -> None:
    table = Table("17")
    assert table.dice().draw(D20) == (17,)
    assert table.prompts == ["Roll 1d20 — damage vs Soldado: "]
    assert table.told == []


def test_prompt_for_several_dice_accepts_spaces_and_commas() -> None:
    table = Table("3, 5 6")
    assert table.dice().draw(THREE_D6) == (3, 5, 6)
    assert table.prompts == ["Roll 3d6 — damage vs X (3 values): "]
    assert PromptDice.prompt(DiceRequest("", 1, 4)) == "Roll 1d4: "


def test_prompt_retries_with_reasons() -> None:
    table = Table("", "abc", "3 4", "7", "0", "6 1 2")
    assert table.dice(attempts=6).draw(THREE_D6) == (6, 1, 2)
    assert table.told == [
        "type the values you rolled; try again",
        "answer: 'abc' at position 1 is not a die value; try again",
        "3d6 needs 3 values, not 2; try again",
        "3d6 needs 3 values, not 1; try again",
        "answer: 0 at position 1 is not a die value: dice show 1 or more; try again",
    ]
    assert len(table.prompts) == 6


def test_prompt_rejects_values_the_die_cannot_show() -> None:
    table = Table("21", "20")
    assert table.dice().draw(D20) == (20,)
    assert table.told == ["21 cannot be the roll of a d20: a d20 shows 1 to 20; try again"]


def test_prompt_gives_up_after_the_attempts() -> None:
    table = Table("x", "y", "z", "20")
    with pytest.raises(InputError) as caught:
        table.dice(attempts=3).draw(D20)
    assert caught.value.message == "no valid answer for 1d20 for damage vs Soldado after 3 tries"
    assert len(table.prompts) == 3
    assert caught.value.tip is not None


def test_prompt_end_of_input() -> None:
    table = Table()
    with pytest.raises(InputError) as caught:
        table.dice().draw(D20)
    assert caught.value.message == "no answer for 1d20 for damage vs Soldado"
    assert not isinstance(caught.value, EOFError)


def test_prompt_needs_an_attempt() -> None:
    with pytest.raises(ValueError):
        Table().dice(attempts=0)


def test_prompted_roll_of_an_expression() -> None:
    table = Table("6 1 5 4", "3")
    rolled = parse("4d6kh3+1d4").roll(table.dice(), "strength")
    assert rolled.total == 18
    assert table.prompts == ["Roll 4d6 — strength (4 values): ", "Roll 1d4 — strength: "]


# --- recording, roll_die ------------------------------------------------------------------------------


def test_recording_dice_log_every_draw() -> None:
    recorder = RecordingDice(GivenDice([14, 3, 5, 2]))
    parse("1d20+3d6").roll(recorder, "attack")
    assert recorder.log == [
        (DiceRequest("attack", 1, 20), (14,)),
        (DiceRequest("attack", 3, 6), (3, 5, 2)),
    ]
    assert recorder.values == (14, 3, 5, 2)
    assert recorder.replay() == "14,3,5,2"
    assert parse_dice_values(recorder.replay()) == (14, 3, 5, 2)


def test_recording_dice_skip_failed_draws() -> None:
    recorder = RecordingDice(GivenDice([]))
    with pytest.raises(DiceExhausted):
        recorder.draw(D20)
    assert recorder.log == []
    assert recorder.replay() == ""


def test_roll_die() -> None:
    recorder = RecordingDice(GivenDice([4]))
    assert roll_die(recorder, 8, "hit location") == 4
    assert recorder.log == [(DiceRequest("hit location", 1, 8), (4,))]


def test_a_choice_is_asked_as_a_choice_and_through_the_secret_channel() -> None:
    from tabroll.dice.sources import DiceRequest, PromptDice, choose_number

    asked: list[str] = []
    secret: list[str] = []
    source = PromptDice(
        ask=lambda q: asked.append(q) or "4",
        tell=lambda m: None,
        ask_secret=lambda q: secret.append(q) or "5",
    )
    assert choose_number(source, 6, "Eagle, pilot 1: secret direction number") == 5
    assert secret == ["Choose a number from 1 to 6 — Eagle, pilot 1: secret direction number: "]
    assert source.draw(DiceRequest("damage", 1, 20)) == (4,)
    assert asked == ["Roll 1d20 — damage: "]


def test_only_a_prompt_asks_players_even_behind_a_recorder() -> None:
    from tabroll.dice.sources import GivenDice, PromptDice, RecordingDice, SeededDice, asks_players

    prompt = PromptDice(ask=lambda q: "1", tell=lambda m: None)
    assert asks_players(prompt) and asks_players(RecordingDice(prompt))
    assert not asks_players(SeededDice(1)) and not asks_players(GivenDice([1]))
    assert not asks_players(RecordingDice(SeededDice(1)))
