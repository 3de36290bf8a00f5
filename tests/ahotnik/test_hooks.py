"""Ahotnik's ruleset names each of its hooks by where its rules are (``hook("picture.state_view")``): each finds
the function or value of that module of the game's package, imported at the first call."""

from __future__ import annotations

from tabroll.loading.scenario import load_scenario_file
from tabroll.rulesets.ahotnik import RULESET, events, model, picture, setup
from tests.ahotnik.helpers import EXAMPLES


def test_each_hook_is_the_named_value_of_the_game_s_modules() -> None:
    assert RULESET.options_model() is model.AhotnikOptions
    assert RULESET.scenario_model() is model.AhotnikScenario
    assert RULESET.load_events() is events.EVENTS


def test_the_state_hooks_are_the_picture_s_and_the_setup_s() -> None:
    board = load_scenario_file(EXAMPLES / "01-eagle-demon-priority.yaml").state
    assert RULESET.state_view(board) == picture.state_view(board)
    assert RULESET.summarize_state(board) == setup.summarize(board)
