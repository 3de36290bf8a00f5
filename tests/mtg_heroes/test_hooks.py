"""Magic: The Gathering of Heroes' ruleset names each of its hooks by where its rules are
(``hook("setup.quick_skill_test", ruleset=True)``): each calls that function of the game's package with the
hook's own arguments, keywords and defaults included."""

from __future__ import annotations

from tabroll.rulesets.mtg_heroes import RULESET, model, resolver


def test_each_hook_is_the_named_value_of_the_game_s_modules() -> None:
    assert RULESET.options_model() is model.HeroesOptions
    assert RULESET.scenario_model() is model.HeroesScenario
    assert RULESET.next_attack_rule() is resolver.next_attack


def test_a_skill_test_hook_takes_the_core_s_keywords_or_none() -> None:
    by_difficulty = RULESET.quick_skill_test("WUBB", ["Subtlety"], difficulty="easy")
    by_target = RULESET.quick_skill_test(
        "WUBB", ["Subtlety", "Deception"], target=7, options={"difficulty_target": "lower"}
    )
    assert [
        (a.skill, a.skills, a.difficulty, a.target) for a in (by_difficulty.steps[0].action, by_target.steps[0].action)
    ] == [
        ("Subtlety", None, "easy", None),
        (None, ["Subtlety", "Deception"], None, 7),
    ]
    assert by_difficulty.options.difficulty_target == "upper"
    assert by_target.options.difficulty_target == "lower"
