"""The exact walk merges the outcomes that reach the same checkpoint (before a strike, before a defence roll, before
an initiative roll of a tie): the same exact fractions as the plain walk that resolves every leaf, with fewer
resolutions."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import GivenDice
from tabroll.engine import resolve
from tabroll.loading.scenario import load_scenario_file
from tabroll.odds.exact import exact_odds
from tabroll.rulesets.mtg_heroes import GatheringOfHeroes, phases
from tests.mtg_heroes.helpers import EXAMPLES, attack, character, creature, fight
from tests.odds.helpers import scenario_of, walked_as_plain
from tests.support import examples

BUDGET = 8_000
KEYWORDS = ["First Strike", "Vigilance", "Trample", "Indestructible"]
EXCHANGE = Path(__file__).resolve().parents[2] / "benchmarks" / "scenarios" / "mtg-exchange.yaml"


class Watched(GatheringOfHeroes):
    """The game (its parts from its own package), with a measure that reads everything else of the final battle
    that its Life measures leave out (the turn order, whose turn, a follow-up offered, Toughness left, push-backs,
    who is out…): a checkpoint that leaves out a value the rest reads changes this measure, even where Life stays
    the same."""

    __module__ = GatheringOfHeroes.__module__

    def outcome_measures(self, before: Any, after: Any, events: Any) -> dict[str, Any]:
        measures: dict[str, Any] = dict(super().outcome_measures(before, after, events))
        measures["the rest of the battle"] = repr(
            (after.order, after.active, after.phase, after.follow_up, after.result, after.bands, after.combatants)
        )
        return measures


WATCHED = Watched()


def assert_same_as_reference(scenario: Any, state: Any, action: Any) -> None:
    # the strategies keep every tree small enough for the plain walk
    assert walked_as_plain(WATCHED, state, action, BUDGET) is not None


def fighter(power: int) -> Any:
    return st.fixed_dictionaries(
        {
            "character": st.booleans(),
            "power": st.integers(0, power),
            "toughness": st.integers(0, 1),
            "life": st.integers(1, 4),
            "keywords": st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True),
        }
    )


def unit(side: str, stats: dict[str, Any]) -> dict[str, Any]:
    made = creature(side, stats["power"], stats["toughness"], stats["life"], *stats["keywords"])
    return {"kind": "character", **made} if stats["character"] else made


@settings(max_examples=examples(20), deadline=None)
@given(
    fighter(2),
    fighter(1),
    st.sampled_from(["pool", "zero", "reroll"]),
    st.sampled_from([None, True, False]),
    st.sampled_from([None, [6, 1], [1, 1], [2, 6]]),
    st.booleans(),
)
def test_a_merged_exchange_has_the_fractions_of_the_plain_walk(a, b, reading, counter, earlier, bystander) -> None:
    # ``earlier``: the dice of an attack by a third combatant on B earlier in the turn, so that B meets the second
    # attack with its Toughness left (or 0) and no new roll; ``bystander``: a character on B's side that keeps the
    # battle going when B falls.
    units = {"A": unit("A", a), "B": unit("B", b), "C": creature("C", 1, 1, 9)}
    if bystander:
        units["D"] = character("B", life=9)
    more = {} if counter is None else {"counterattack": counter}
    actions = [attack("A", "B", **more)]
    if earlier is not None:
        actions.insert(0, attack("C", "B", earlier[: 1 + b["toughness"]], counterattack=False))
    scenario = scenario_of(fight(units, actions, options={"toughness_after_exchange": reading}))
    state = scenario.state
    for step in scenario.steps[:-1]:
        state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice, origin="test")).state
    assert_same_as_reference(scenario, state, scenario.steps[-1].action)


TIES = [([2, 2], 1), ([1, 1], 3), ([1, 2, 1], 2), ([1, 1, 1], 2), ([2, 1, 2], 1), ([2, 1], 1)]
"""Speeds of the characters, and the rounds of rolls a tie may take (trees the plain walk can still walk)."""


@pytest.mark.slow  # a plain walk of thousands of resolutions to compare with
@settings(max_examples=examples(6), deadline=None)
@given(st.sampled_from(TIES))
def test_a_merged_initiative_has_the_fractions_of_the_plain_walk(tie) -> None:
    speeds, rounds = tie
    units = {f"U{i}": character(f"U{i}", speed=speed) for i, speed in enumerate(speeds)}
    scenario = scenario_of(fight(units, [{"do": "initiative"}]))
    with mock.patch.object(phases, "MAX_TIE_ROUNDS", rounds):  # ties roll again: few rounds keep it walkable
        assert_same_as_reference(scenario, scenario.state, scenario.steps[0].action)


def test_the_benchmark_exchange_walks_far_fewer_resolutions_than_leaves() -> None:
    scenario = load_scenario_file(EXCHANGE)
    walked = exact_odds(scenario.ruleset, scenario.state, scenario.steps[0].action)
    # Each strike walked by its differences of Power less Toughness: 2d6 against 1d6 has 16 (-4 to 11), 9 of them
    # kill the Ogre; the 7 others leave it at Life 3, 2 or 1, and each such battle's counterattack, 1d6 against 1d6,
    # has 11: 9 + 7 x 11 = 86 leaves, each one resolution (1,011 leaves and 311 resolutions when each pool was
    # walked by its totals, 1,806 leaves by its pools).
    assert walked.leaves == 86
    assert walked.resolutions == 86


def test_an_initiative_tie_walks_each_round_once() -> None:
    scenario = load_scenario_file(EXAMPLES / "05-initiative-and-mana.yaml")
    with mock.patch.object(phases, "MAX_TIE_ROUNDS", 3):
        walked = exact_odds(scenario.ruleset, scenario.state, scenario.steps[0].action)
    # 2d6 against 2d6, each by its 11 totals (121 pairs, 11 of them ties), and a tie rolls again, up to the third
    # round: (121 - 11) + 11·(121 - 11) + 11²·121 outcomes (993,081 when walked by the pools: 21 of 2d6, 47 tied pairs)
    assert walked.leaves == 15_961
    assert walked.resolutions == 361  # three rounds of 121 pairs of totals, each walked once for every tie before it
