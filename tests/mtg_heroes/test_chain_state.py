"""Attacks to defeat (``tabroll odds --until defeat``) walk the attacker's Life as one above all the damage the
attacks left can deal it (``chain_state``): the chain's figures are those of the chain that walks every Life, with
far fewer battles walked."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from tabroll.kit import Ruleset
from tabroll.odds.until import compute_until
from tabroll.rulesets.mtg_heroes import GatheringOfHeroes
from tabroll.rulesets.mtg_heroes.resolver import chain_state
from tests.mtg_heroes.helpers import attack, character, creature, fight
from tests.odds.helpers import scenario_of
from tests.odds.test_until import attack as typed
from tests.support import examples

KEYWORDS = ["First Strike", "Vigilance", "Trample", "Indestructible"]


def figures(until: Any) -> Any:
    rows = [(row.defeated.exact, row.within.exact, row.could_not.exact) for row in until.rows]
    reasons = {reason: mass.exact for reason, mass in until.could_not.items()}
    mean = None if until.mean is None else until.mean.exact
    return until.method, rows, reasons, until.standing.exact, mean


def chain(scenario: Any, cap: int) -> Any:
    return compute_until(scenario.ruleset, scenario.state, scenario.steps[0].action, cap=cap)


def every_life(monkeypatch: pytest.MonkeyPatch) -> None:
    """The chain as it was: every Life walked as itself (the kit's default)."""
    monkeypatch.setattr(GatheringOfHeroes, "chain_state", Ruleset.chain_state)


@settings(max_examples=examples(25), deadline=None)
@given(
    st.integers(0, 2),
    st.integers(0, 2),
    st.integers(1, 14),
    st.integers(0, 2),
    st.integers(0, 1),
    st.integers(1, 4),
    st.lists(st.sampled_from(KEYWORDS), max_size=2, unique=True),
    st.sampled_from(["pool", "zero", "reroll"]),
    st.booleans(),
    st.integers(1, 4),
)
def test_a_chain_with_the_attackers_life_walked_as_one_has_the_figures_of_every_life(
    a_power, a_toughness, a_life, b_power, b_toughness, b_life, keywords, reading, counter, cap
) -> None:
    units = {
        "A": character("A", a_power, a_toughness, a_life),
        "B": creature("B", b_power, b_toughness, b_life, *keywords),
    }
    options = {"toughness_after_exchange": reading, "counterattack": counter}
    scenario = scenario_of(fight(units, [attack("A", "B")], options=options))
    lumped = chain(scenario, cap)
    with pytest.MonkeyPatch.context() as patch:
        every_life(patch)
        whole = chain(scenario, cap)
    assert figures(lumped) == figures(whole)
    assert (
        lumped.states <= whole.states
    )  # (a start walked as another Life may cost a walk a chain of one state had not)


def test_the_long_chain_of_issue_41_walks_a_few_battles_with_the_same_figures(monkeypatch) -> None:
    """``tabroll odds -r mtg_heroes -a "A P=2 T=1 Life=100" -t "B P=1 T=1 Life=6" --until defeat --attacks 6``:
    A's Life 100 is above the 6 x 6 that six counterattacks of one die can deal, so every attack walks each of B's
    six Lives once (A's Life walked as 37, then 31, ...), not each of A's 26 Lives with each (156 battles)."""
    described = typed("A P=2 T=1 Life=100", "B P=1 T=1 Life=6", "mtg_heroes")
    lumped = compute_until(described.ruleset, described.state, described.action, cap=6)
    every_life(monkeypatch)
    whole = compute_until(described.ruleset, described.state, described.action, cap=6)
    assert figures(lumped) == figures(whole)
    assert lumped.states == 6 and whole.states == 156
    assert lumped.samples * 4 < whole.samples


def battle() -> Any:
    units = {
        "A": character("A", 2, 1, 40, mana=2, max_mana=3, reach=3),
        "B": creature("B", 2, 1, 6),
        "C": creature("C", 1, 1, 1),
    }
    scenario = scenario_of(fight(units, [attack("A", "B")]))
    return scenario.state, scenario.steps[0].action


def test_the_attackers_life_above_the_damage_left_is_walked_as_that_damage_plus_one() -> None:
    state, action = battle()
    walked = chain_state(state, action, 3)  # three strikes back of 2 dice: at most 36 damage
    assert walked.unit("A").life == 37 and walked == state.with_unit(replace(state.unit("A"), life=37))
    assert chain_state(state, action, 4) is state  # 48 could fell it: its Life is read
    assert chain_state(walked, action, 3) is walked


@pytest.mark.parametrize(
    "why",
    ["someone steps in", "turns are kept", "a permanent effect", "the attacker flees", "mana to burn", "not an attack"],
)
def test_the_life_is_kept_where_more_than_the_target_may_hurt_the_attacker(why: str) -> None:
    state, action = battle()
    a = state.unit("A")
    if why == "someone steps in":
        action = action.model_copy(update={"intercept_by": "C"})
    elif why == "turns are kept":
        state = replace(state, order=("A", "B", "C"), active="A", phase="main")
    elif why == "a permanent effect":
        from tabroll.rulesets.mtg_heroes.state import Permanent

        state = replace(state, permanents=(Permanent("Oak Skin", "A", "A", 0, 1),))
    elif why == "the attacker flees":
        state = state.with_unit(replace(a, fleeing=0))
    elif why == "mana to burn":
        state = state.with_unit(replace(a, mana=4))
    else:
        from tabroll.rulesets.mtg_heroes.model import EndTurnAction

        action = EndTurnAction.model_validate({"do": "end_turn"})
    assert chain_state(state, action, 1) is state
