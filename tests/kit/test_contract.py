"""The one contract of a game: a subclass of :class:`tabroll.kit.Ruleset` that overrides the hooks its rules need.
Every discovered game overrides the four every game has; a hook left alone does nothing, or refuses and says
what the game lacks."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from tabroll.engine import all_rulesets, find_ruleset
from tabroll.errors import InputError
from tabroll.kit import AttackRequest, Ruleset

REQUIRED = ("options_model", "scenario_model", "load_scenario", "resolve")


def test_every_game_overrides_the_four_hooks_every_game_has() -> None:
    for game in all_rulesets():
        assert all(getattr(type(game), hook) is not getattr(Ruleset, hook) for hook in REQUIRED), game.id
        assert issubclass(game.options_model(), BaseModel) and issubclass(game.scenario_model(), BaseModel), game.id


class _Bare(Ruleset[Any, Any]):
    id = "bare"
    name = "Bare"


def test_a_hook_left_alone_does_nothing_or_refuses_naming_what_the_game_lacks() -> None:
    game = _Bare()
    assert game.summarize_state(object()) == {} and game.load_events() == ()
    assert game.catalogue() == {} and game.catalogue_names() == [] and game.check_stat(None, 1) is None  # type: ignore[arg-type]
    assert game.next_attack_rule() is None and not game.has_skill_tests()
    with pytest.raises(NotImplementedError, match="the Bare ruleset must override resolve"):
        game.resolve(object(), object(), None)  # type: ignore[arg-type]
    with pytest.raises(InputError) as refused:
        game.quick_attack(AttackRequest("A", "B"))
    assert refused.value.message == "the Bare ruleset has no command-line attack without a scenario file"
    with pytest.raises(InputError) as refused:
        game.quick_skill_test("A", ["Sword"])
    assert refused.value.message == "the Bare ruleset has no skill tests"


def test_a_game_has_skill_tests_exactly_when_it_overrides_quick_skill_test() -> None:
    assert [g.id for g in all_rulesets() if g.has_skill_tests()] == ["mtg_heroes"]

    class Tested(_Bare):
        def quick_skill_test(self, identity: str, skills: Any, **given: Any) -> Any:
            return None

    assert Tested().has_skill_tests()


def test_the_rule_for_a_new_attack_is_the_games_own() -> None:
    from tabroll.rulesets.tabmaster.resolver import next_attack

    assert find_ruleset("tabmaster").next_attack_rule() is next_attack
    assert find_ruleset("ahotnik").next_attack_rule() is None


def test_the_blows_of_each_action_name_its_own_actor_however_often_they_are_read() -> None:
    from tabroll.events import Damage
    from tabroll.kit import ActionHeader, core_blows

    class Header:
        def __init__(self, actor: str) -> None:
            self.actor = actor

        def describe(self) -> ActionHeader:
            return ActionHeader(self.actor, "attack", f"{self.actor} attacks")

    game = _Bare()
    ann, bob = Header("Ann"), Header("Bob")
    events = [Damage(attacker="Ann", target="Bob", amount=3, rule="3 > 2", defeats=False)]
    for _ in range(2):  # Ann's blow is the attack's own in Ann's action, a reply in Bob's, read in either order
        assert [blow.part for blow in core_blows(game, ann, events)] == [""]
        assert [blow.part for blow in core_blows(game, bob, events)] == ["reply by Ann"]
        assert [blow.part for blow in core_blows(_Bare(), ann, events)] == [""]
