"""F0R60D's ruleset names each of its hooks by where its rules are (``hook("setup.summarize")``): each finds the
function or value of that module of the game's package, imported at the first call."""

from __future__ import annotations

from tabroll.loading.yaml_source import command_line_document
from tabroll.rulesets.forgod import RULESET, events, model, turn
from tests.forgod.helpers import attack, battle, card


def test_each_hook_is_the_named_value_of_the_game_s_modules() -> None:
    assert RULESET.options_model() is model.ForgodOptions
    assert RULESET.scenario_model() is model.ForgodScenario
    assert RULESET.load_events() is events.EVENTS
    assert RULESET.next_attack_rule() is turn.next_attack


def test_a_hook_that_needs_the_ruleset_is_handed_it_and_the_file_s_options_are_optional() -> None:
    data = battle({"A": card("red", [0, 1]), "D": card("blue", [0, 4])}, [attack("A", "D", [7, 3, 5])])
    scenario = RULESET.load_scenario(command_line_document(data))  # no options given: the file's alone
    assert scenario.ruleset is RULESET
    assert [unit["name"] for unit in RULESET.summarize_state(scenario.state)["units"]] == ["A", "D"]
