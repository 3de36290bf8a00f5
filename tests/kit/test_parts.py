"""The typed contract of a game's heavy half (:class:`tabroll.kit.parts.GameParts`): every discovered game gives
it, lazily and once, and a game written as methods alone still works."""

from __future__ import annotations

from typing import Any

import pytest

from tabroll.engine import all_rulesets
from tabroll.kit import Ruleset
from tabroll.kit.parts import GameParts


def test_every_game_gives_its_parts_once_with_the_four_every_game_needs() -> None:
    for game in all_rulesets():
        parts = game.parts()
        assert isinstance(parts, GameParts), game.id
        assert game.parts() is parts, game.id  # loaded once, then kept
        assert all(callable(p) for p in (parts.load_scenario, parts.resolve)), game.id
        assert game.options_model() is parts.options_model and game.scenario_model() is parts.scenario_model
        assert game.has_skill_tests() == (parts.quick_skill_test is not None), game.id


class _Methods(Ruleset[Any, Any]):
    id = "methods"
    name = "Methods"


def test_a_game_written_as_methods_has_no_parts_and_its_optional_hooks_do_nothing() -> None:
    game = _Methods()
    assert game.parts() is None
    assert game.summarize_state(object()) == {}
    assert game.catalogue() == {} and game.catalogue_names() == [] and game.check_stat(None, 1) is None  # type: ignore[arg-type]
    with pytest.raises(NotImplementedError, match="override load_parts"):
        game.resolve(object(), object(), None)  # type: ignore[arg-type]


def test_skill_tests_must_be_declared_with_the_part_that_makes_them() -> None:
    heroes = next(g for g in all_rulesets() if g.id == "mtg_heroes")
    parts = heroes.parts()
    assert parts is not None

    class Undeclared(Ruleset[Any, Any]):
        id = "undeclared"
        name = "Undeclared"

        def load_parts(self) -> GameParts[Any, Any]:
            return parts  # type: ignore[return-value]

    with pytest.raises(TypeError, match="skill_tests"):
        Undeclared().parts()
