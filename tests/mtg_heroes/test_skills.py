"""Skill tests: the table as data, dice from the colour identity, difficulty targets, the strongest skill."""

from __future__ import annotations

import pytest

from tabroll.dice.sources import GivenDice
from tabroll.errors import InputError
from tabroll.rulesets.mtg_heroes.skills import (
    dice_for,
    find_difficulty,
    find_skill,
    parse_identity,
    tables,
)
from tests.mtg_heroes.helpers import check_skill, fight, run_data


def test_the_table_has_ten_colour_pairs_and_twenty_skills() -> None:
    skills, difficulties = tables()
    assert len(skills) == 20 and len({s.name for s in skills}) == 20
    pairs = {frozenset(s.colours) for s in skills}
    assert len(pairs) == 10 and all(len(p) == 2 for p in pairs)
    assert [(d.name, d.low, d.high) for d in difficulties] == [
        ("Easy", 2, 4),
        ("Medium", 6, 8),
        ("Hard", 10, 12),
        ("Challenge", 14, 16),
        ("Incredible", 20, 22),
        ("Legendary", 24, None),
    ]


@pytest.mark.parametrize(
    ("name", "upper", "lower"),
    [
        ("easy", 4, 2),
        ("medium", 8, 6),
        ("hard", 12, 10),
        ("challenge", 16, 14),
        ("incredible", 22, 20),
        ("legendary", 24, 24),
    ],
)
def test_difficulty_targets_under_both_readings(name: str, upper: int, lower: int) -> None:
    band = find_difficulty(name)
    assert (band.target("upper"), band.target("lower")) == (upper, lower)


@pytest.mark.parametrize(
    ("skill", "dice"),
    [("Subtlety", 3), ("Thievery", 3), ("Diplomacy", 2), ("Innovation", 1), ("Athletics", 1), ("First Aid", 1)],
)
def test_dice_are_the_identity_symbols_of_the_skill_colours_or_one(skill: str, dice: int) -> None:
    assert dice_for("WUBB", find_skill(skill)) == dice


def test_polish_names_and_accents_are_accepted() -> None:
    assert find_skill("Opieka nad zwierzętami").name == "Animal Handling"
    assert find_skill("zlodziejstwo").name == "Thievery"
    assert find_difficulty("Niesamowity").name == "Incredible"


def test_unknown_skill_and_difficulty_suggest_a_name() -> None:
    with pytest.raises(InputError) as err:
        find_skill("Subtelty")
    assert err.value.message == "unknown skill 'Subtelty'" and err.value.tip == "did you mean 'Subtlety'?"
    with pytest.raises(InputError) as err:
        find_difficulty("medum")
    assert err.value.tip == "did you mean 'Medium'?"
    with pytest.raises(InputError) as err:
        find_difficulty("zzz")
    assert err.value.message == "unknown difficulty 'zzz'"
    assert err.value.tip == "the difficulties are: Easy, Medium, Hard, Challenge, Incredible, Legendary"


def test_identity_spellings_and_bad_symbols() -> None:
    assert parse_identity("[WUBB]") == parse_identity("{W}{U}{B}{B}") == parse_identity("wubb") == "WUBB"
    with pytest.raises(InputError) as err:
        parse_identity("WXB")
    assert "'X', which is not a colour" in err.value.message
    with pytest.raises(InputError):
        parse_identity("W" * 41)


def test_no_symbol_of_the_colours_rolls_one_die() -> None:
    events = check_skill("WW", "Athletics", GivenDice([5]), difficulty="easy")
    assert events[0].text == "Athletics is a green and red skill; no green and red symbol in [WW]: one die"
    result = events[-1]
    assert (result.dice_count, result.total, result.target, result.success) == (1, 5, 4, True)


def test_the_strongest_of_several_fitting_skills_is_used() -> None:
    events = check_skill("WUBB", ["Athletics", "Diplomacy", "Thievery"], GivenDice([1, 2, 3]), difficulty="hard")
    assert events[0].text == (
        "several skills fit: Athletics (1d6), Diplomacy (2d6), Thievery (3d6); the strongest, Thievery, is used"
    )
    assert (events[-1].skill, events[-1].total, events[-1].target, events[-1].success) == ("Thievery", 6, 12, False)


def test_an_explicit_target_replaces_the_band_and_needs_no_ruling() -> None:
    events = check_skill("UB", "Deception", GivenDice([6, 6]), difficulty="legendary", target=12)
    assert [e.kind for e in events] == ["note", "roll", "skill_test"]
    assert events[-1].rule == "12 ≥ 12 (target 12 (given), instead of Legendary 24+)"


def test_a_gap_between_bands_is_reached_by_a_target_number() -> None:
    events = check_skill("RRRG", "Athletics", GivenDice([5, 5, 4, 3]), target=18)
    assert (events[-1].total, events[-1].success) == (17, False)


def test_a_test_needs_a_skill_and_a_difficulty_or_target() -> None:
    for given in ({"skills": [], "difficulty": "easy"}, {"skill": "Healing"}, {"skill": "Healing", "target": 0}):
        with pytest.raises(InputError):
            run_data(fight({}, [{"do": "skill_test", "identity": "W", **given}]))


def test_skill_test_action_takes_the_identity_of_a_unit() -> None:
    data = fight(
        {"Teferi": {"kind": "character", "side": "t", "P": 1, "T": 1, "Życie": 5, "Tożsamość": "WUU"}},
        [
            {
                "do": "skill_test",
                "unit": "Teferi",
                "skills": ["Trade", "Craft"],
                "difficulty": "medium",
                "dice": [4, 2, 1],
            }
        ],
    )
    out = run_data(data)
    result = out.of("skill_test")[0]
    assert (result.skill, result.dice_count, result.total, result.success) == ("Trade", 3, 7, False)


def test_the_command_line_form_builds_a_one_action_scenario() -> None:
    from tabroll.engine import find_ruleset, resolve

    game = find_ruleset("mtg_heroes")
    scenario = game.quick_skill_test("[WUBB]", ["Subtlety"], difficulty="medium")  # type: ignore[attr-defined]
    resolution = resolve(game, scenario.state, scenario.steps[0].action, GivenDice([3, 3, 2]))
    result = resolution.events[-1]
    assert (result.kind, result.dice_count, result.total, result.target, result.success) == (
        "skill_test",
        3,
        8,
        8,
        True,
    )
    with pytest.raises(InputError) as err:
        game.quick_skill_test("WUBB", ["Sneak"], target=5)  # type: ignore[attr-defined]
    assert err.value.message == "unknown skill 'Sneak'" and err.value.location is None
    lower = game.quick_skill_test("WUBB", ["Subtlety"], difficulty="medium", options={"difficulty_target": "lower"})  # type: ignore[attr-defined]
    assert lower.options.difficulty_target == "lower"


def test_skill_test_action_with_an_explicit_target_number() -> None:
    out = run_data(
        fight({}, [{"do": "skill_test", "identity": "GG", "skill": "Survival", "target": 9, "dice": [5, 4]}])
    )
    assert out.of("skill_test")[0].rule == "9 ≥ 9 (target 9 (given))"
