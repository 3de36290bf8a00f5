"""F0R60D's opposed rolls read as their outcome (issue 41): an attack roll against its evasion roll, an opposed
Fortaleza or Moral roll and the reaction rolls draw their two d10s with ``turn.draw_compared``, saying what the
rules read of them (:class:`Opposed`: whether the attacker wins, with a natural 10; :class:`ReactionOutcome`: who
wins or a tie). The exact walk then branches over those outcomes; every other source still draws each die on its
own, and the log is the same whichever way the dice were asked for."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabroll.dice.sources import DiceRequest, GivenDice, SeededDice
from tabroll.engine.steps import Step, StepWatcher
from tabroll.errors import RuleRefusal
from tabroll.loading.scenario import load_scenario_file
from tabroll.rulesets.forgod.checks import Opposed, ReactionOutcome, natural_ten, reaction_winner
from tests.odds.helpers import scenario_of

from .helpers import EXAMPLES, attack, battle, card, run_data

D10 = st.integers(1, 10)


@given(D10, D10, st.integers(-25, 25), st.integers(-25, 25))
def test_an_opposed_outcome_is_the_natural_ten_rule_on_the_totals(a: int, d: int, bonus: int, defence: int) -> None:
    won = natural_ten(a, a + bonus, d, d + defence)[0]
    assert Opposed(bonus - defence)((a, d)) == (won, False)
    assert Opposed(bonus - defence, critical=True)((a, d)) == (won, won and a == 10)
    # an area attack's die is rolled already: the evasion die alone is read
    assert Opposed(bonus - defence, critical=True, die=a)((d,)) == (won, won and a == 10)


@given(D10, D10, st.integers(-25, 25), st.integers(-25, 25))
def test_a_reaction_outcome_is_who_wins_or_a_tie(first: int, second: int, bonus: int, other: int) -> None:
    winner = reaction_winner((first, second), (first + bonus, second + other))
    assert ReactionOutcome(bonus - other)((first, second)) == winner
    if (first == 10) != (second == 10):
        assert winner == (0 if first == 10 else 1)
    elif first == second == 10 or first + bonus == second + other:
        assert winner is None
    else:
        assert winner == (0 if first + bonus > second + other else 1)


class Keeping:
    """Dice from ``inner`` that keep every request (a source that watches no step: one die at a time)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.requests: list[DiceRequest] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        self.requests.append(request)
        values: tuple[int, ...] = self.inner.draw(request)
        return values


class Watching(Keeping, StepWatcher):
    """Dice that watch the steps as the odds' walks do (so they are asked for an opposed roll's dice in one
    request), answering from ``inner`` and keeping every request."""

    def at_step(self, turn: Any, step: Step) -> bool:
        return False


def _both(scenario: Any, state: Any, action: Any, values: Sequence[int]) -> tuple[Any, Watching, Keeping]:
    """The action resolved from given ``values`` by a source that watches steps and by one that does not: the
    events and the battle after are the same; both sources are returned to read what they were asked."""
    watched, plain = Watching(GivenDice(values, origin="test")), Keeping(GivenDice(values, origin="test"))
    one, other = scenario.ruleset.resolve(state, action, watched), scenario.ruleset.resolve(state, action, plain)
    assert one.events == other.events
    assert one.state == other.state
    return one, watched, plain


def test_an_attack_and_its_evasion_are_one_request_to_the_walk_and_two_dice_to_the_table() -> None:
    # 1d10 + 3 rolls 6 (9) against 1d10 + 2 rolling 7 (9): evaded, the tie goes to the defender
    data = battle({"A": card("red", [0, 1], BA=3), "B": card("blue", [0, 4], Evasión=2)}, [attack("A", "B")])
    scenario = scenario_of(data)
    resolved, watched, plain = _both(scenario, scenario.state, scenario.steps[0].action, [6, 7])
    (request,) = watched.requests
    assert (request.count, request.sides, request.purpose) == (2, 10, "attack roll of A vs B / evasion roll of B")
    assert request.compare == Opposed(3 - 2, critical=True)
    assert [(r.purpose, r.count, r.compare) for r in plain.requests] == [
        ("attack roll of A vs B", 1, None),
        ("evasion roll of B", 1, None),
    ]
    logged = [(e.kind, getattr(e, "label", None) or getattr(e, "applies_to", None)) for e in resolved.events]
    assert [entry for entry in logged if entry[0] in ("roll", "modifier", "miss", "hit")] == [
        ("roll", "attack roll of A vs B"),
        ("modifier", "attack roll"),
        ("roll", "evasion roll of B"),
        ("modifier", "evasion roll"),
        ("miss", None),
    ]
    rolls = [(e.label, e.values) for e in resolved.events if e.kind == "roll"]
    assert rolls == [("attack roll of A vs B", (6,)), ("evasion roll of B", (7,))]
    miss = next(e for e in resolved.events if e.kind == "miss")
    assert (miss.result, miss.needed) == (9, 10)


def test_a_critical_attack_read_as_one_outcome_still_logs_its_dice_and_doubles_the_damage() -> None:
    data = battle({"A": card("red", [0, 1], Daño=1), "B": card("blue", [0, 4], Evasión=30)}, [attack("A", "B")])
    scenario = scenario_of(data)
    resolved, watched, _plain = _both(scenario, scenario.state, scenario.steps[0].action, [10, 9, 4])
    assert [(r.count, r.compare is not None) for r in watched.requests] == [(2, True), (1, False)]
    damage = next(e for e in resolved.events if e.kind == "damage")
    assert damage.amount == (4 + 1) * 2


def test_an_area_attack_reads_each_evasion_die_against_the_die_rolled_once() -> None:
    units = {
        "A": card("red", [2, 1], Daño=2, TA="dual", BA=1),
        "T": card("blue", [2, 4], Evasión=3),
        "N": card("blue", [3, 4], Evasión=0),
    }
    scenario = scenario_of(battle(units, [attack("A", "T", area=True)]))
    # the area die 7 (8) against T's 5 (8): evaded; against N's 2 (2): hit, damage 3 + 2
    resolved, watched, _plain = _both(scenario, scenario.state, scenario.steps[0].action, [7, 5, 2, 3])
    asked = [(r.count, r.compare) for r in watched.requests]
    assert asked == [(1, None), (1, Opposed(8 - 7 - 3, critical=True, die=7)), (1, Opposed(8 - 7, True, 7)), (1, None)]
    assert [(e.kind, e.target) for e in resolved.events if e.kind in ("hit", "miss")] == [("miss", "T"), ("hit", "N")]


def test_an_opposed_check_is_one_request_read_as_whether_the_attacker_wins() -> None:
    units = {"A": card("red", [0, 1], Fortaleza=4), "B": card("blue", [0, 4], Fortaleza=1)}
    scenario = scenario_of(battle(units, [{"do": "check", "stat": "fortitude", "attacker": "A", "defender": "B"}]))
    # 3 + 4 = 7 against 6 + 1 = 7: the defender wins the tie
    resolved, watched, _plain = _both(scenario, scenario.state, scenario.steps[0].action, [3, 6])
    (request,) = watched.requests
    assert request.compare == Opposed(4 - 1) and request.purpose == "Fortaleza roll of A / Fortaleza roll of B"
    check = next(e for e in resolved.events if e.kind == "opposed_check")
    assert (check.attacker_total, check.defender_total, check.winner) == (7, 7, "B")


@pytest.mark.parametrize(
    ("values", "first", "ties"),
    [([9, 10], "blue", 0), ([10, 9], "red", 0), ([10, 10, 5, 6], "red", 1), ([5, 7, 3, 5, 2, 9], "blue", 2)],
)
def test_the_reaction_rolls_are_one_request_per_attempt(values: list[int], first: str, ties: int) -> None:
    units = {
        "K": card("red", [0, 0], commander=True, Reacción=2),
        "Q": card("blue", [0, 5], commander=True),
    }
    scenario = scenario_of(battle(units, [{"do": "initiative"}]))
    resolved, watched, plain = _both(scenario, scenario.state, scenario.steps[0].action, values)
    assert resolved.state.first == first
    assert [r.compare for r in watched.requests] == [ReactionOutcome(2)] * (ties + 1)
    assert [r.purpose for r in plain.requests] == ["reaction roll of red", "reaction roll of blue"] * (ties + 1)
    notes = [e.text for e in resolved.events if e.kind == "note"]
    assert notes.count("a tie: both sides roll again") == ties


def _actions() -> list[tuple[str, Any, Any, Any]]:
    """Every action of every bundled scenario, from the state its earlier actions' own dice lead to."""
    found = []
    for path in sorted(Path(EXAMPLES).glob("*.yaml")):
        scenario = load_scenario_file(path)
        state = scenario.state
        for index, step in enumerate(scenario.steps, start=1):
            found.append((f"{path.stem} #{index}", scenario, state, step.action))
            with contextlib.suppress(RuleRefusal):
                state = scenario.ruleset.resolve(state, step.action, GivenDice(step.dice or (), origin="test")).state
    return found


ACTIONS = _actions()


@pytest.mark.parametrize(("label", "scenario", "state", "action"), ACTIONS, ids=[a[0] for a in ACTIONS])
def test_every_bundled_action_logs_the_same_whichever_way_its_dice_are_asked_for(
    label: str, scenario: Any, state: Any, action: Any
) -> None:
    for seed in range(4):
        watched, plain = Watching(SeededDice(seed)), Keeping(SeededDice(seed))
        outcomes = []
        for dice in (watched, plain):
            try:
                resolved = scenario.ruleset.resolve(state, action, dice)
            except RuleRefusal as refusal:
                outcomes.append(("refused", refusal.message, None))
            else:
                outcomes.append(("resolved", resolved.events, resolved.state))
        assert outcomes[0] == outcomes[1], label
        # the same values, drawn in the same order: only how many requests they came in differs
        assert sum(r.count for r in watched.requests) == sum(r.count for r in plain.requests)
        assert all(r.count == 1 for r in plain.requests)


def test_a_damage_roll_logs_what_its_die_does_not_change_after_the_die_as_it_always_did() -> None:
    # Worked out when the hit leads to the roll (DamageRoll.prepared), logged after the die in its old place:
    # the damage bonus, the front line's change to both absorptions and its ruling, the order of the critical's
    # multiplier and the absorptions; the second hit finds the Absorción used.
    units = {
        "A": card("red", [0, 1], BA=3, Daño=2, FA=2),
        "B": card("blue", [0, 3], PV=40, Absorción=2, absorption_active=True, **{"Absorción Constante": 1}),
    }
    out = run_data(battle(units, [attack("A", "B", [10, 5, 6, 7, 1, 4])]))
    shown = []
    for e in out.events:
        if e.kind in ("roll", "modifier", "multiplier", "ruling", "note", "damage"):
            said = [getattr(e, name, None) for name in ("label", "applies_to", "option", "target", "text")]
            shown.append((e.kind, next(s for s in said if s), getattr(e, "total", getattr(e, "amount", None))))
    assert shown == [
        ("note", "attack 1 of 2", None),
        ("roll", "attack roll of A vs B", 10),
        ("modifier", "attack roll", 13),
        ("roll", "evasion roll of B", 5),
        ("modifier", "evasion roll", 3),
        ("roll", "damage vs B", 6),
        ("modifier", "damage", 8),
        ("ruling", "absorption_sign", None),
        ("modifier", "Absorción", 0),
        ("modifier", "Absorción Constante", -1),
        ("ruling", "multiplier_order", None),
        ("multiplier", "damage", 16),
        ("modifier", "damage", 17),
        ("damage", "B", 17),
        ("note", "attack 2 of 2", None),
        ("roll", "attack roll of A vs B", 7),
        ("modifier", "attack roll", 10),
        ("roll", "evasion roll of B", 1),
        ("modifier", "evasion roll", -1),
        ("roll", "damage vs B", 4),
        ("modifier", "damage", 6),
        ("note", "B already used its Absorción this round", None),
        ("modifier", "Absorción Constante", -1),
        ("modifier", "damage", 7),
        ("damage", "B", 7),
    ]
    assert out.unit("B").absorption_used and out.unit("B").wounds == 24


def test_an_annihilated_detachment_leaves_the_field_with_its_wounds_cleared_in_one_change() -> None:
    # 3 cards of PV 4 take 5 + 9 = 14: all three fall; the unit leaves with its cards counted and no wounds kept
    units = {"A": card("red", [0, 1], Daño=9), "B": card("blue", [1, 4], PV=4, cards=3)}
    out = run_data(battle(units, [attack("A", "B", [9, 1, 5])]))
    gone = out.unit("B")
    assert (gone.defeated, gone.fled, gone.position, gone.cards, gone.wounds) == (True, False, None, 3, 0)
    assert [e.kind for e in out.events if e.kind in ("damage", "cards_lost", "defeat")] == [
        "damage",
        "cards_lost",
        "defeat",
    ]


def test_sampling_stops_once_two_samples_meet_at_a_step() -> None:
    # The attack's hits meet at the damage roll's step: the walk is tried within its budget whatever the samples
    # say, so no more are drawn; a tree that never merges (one roll of 40d6, counted) is sampled in full.
    from tabroll.odds.estimate import estimate_leaves, surely_over
    from tabroll.odds.limits import PROBES
    from tests.odds.test_counts import Counter_, Pool

    scenario = load_scenario_file(
        Path(__file__).resolve().parents[2] / "benchmarks" / "scenarios" / "forgod-attack.yaml"
    )
    samples = estimate_leaves(scenario.ruleset, scenario.state, scenario.steps[0].action)
    assert samples.merging and 2 <= len(samples) < PROBES and not surely_over(samples, 1)
    plain = estimate_leaves(Counter_(), Pool(40, 6, frozenset({6})), None)  # type: ignore[arg-type]
    assert not plain.merging and len(plain) == PROBES
