"""F0R60D speaks the core vocabulary: every die a ``roll``, every PV lost a ``damage`` (pool PV, what is left),
every card leaving the field a ``defeat`` saying how, and each ruling told once per action."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabroll.dice.sources import DiceRequest, DiceSource, SeededDice
from tabroll.engine import Resolution, resolve, run_scenario
from tabroll.events import Damage, Defeat, Roll
from tabroll.loading.scenario import load_scenario_file
from tests.forgod.helpers import EXAMPLES, attack, battle, card, run_data

SCENARIOS = sorted(EXAMPLES.glob("*.yaml"))
HOWS = {"annihilated", "fled", "sacrificed"}


def test_an_fa_2_attack_tells_the_multiplier_order_once() -> None:
    # Two critical hits, each doubled against an active Absorción Constante: the ruling decides both, told once.
    units = {
        "A": card("red", [0, 1], FA=2, Daño=1),
        "D": card("blue", [0, 4], PV=50, **{"Absorción Constante": 3, "absorption_active": True}),
    }
    out = run_data(battle(units, [attack("A", "D", [10, 1, 4, 10, 1, 4])]))
    assert [(r.option, r.value) for r in out.of("ruling")] == [("multiplier_order", "before_absorption")]
    assert out.reasons("multiplier") == [("damage", "crítico", 2), ("damage", "crítico", 2)]
    assert [(d.amount, d.pool, d.left) for d in out.of("damage")] == [(7, "PV", 43), (7, "PV", 36)]


def test_an_fa_2_attack_through_a_cover_tells_the_fa_floor_once() -> None:
    units = {
        "A": card("red", [0, 1], FA=4),
        "C": card("blue", [0, 4], movement=2),
        "K": card("blue", [1, 4], PV=50, movement=2),
    }
    actions = [
        {"do": "charge", "charger": "C", "target": "A", "cover": "K", "dice": []},
        attack("A", "C", [5, 1, 1, 5, 1, 1]),
    ]
    out = run_data(battle(units, actions))
    assert [(r.option, r.value) for r in out.of("ruling", 1)] == [("cover_fa_floor", "0")]
    assert [e.amount for e in out.of("modifier", 1) if e.applies_to == "FA"] == [-2]
    assert len(out.of("hit", 1)) == 2


def test_each_die_is_a_roll_of_one_d10() -> None:
    units = {"A": card("red", [0, 1], Daño=2), "D": card("blue", [0, 4], PV=20)}
    out = run_data(battle(units, [attack("A", "D", [7, 2, 6])]))
    rolls = out.of("roll")
    assert [(r.label, r.dice, r.values, r.total, r.unit) for r in rolls] == [
        ("attack roll of A vs D", "1d10", (7,), 7, "A"),
        ("evasion roll of D", "1d10", (2,), 2, "D"),
        ("damage vs D", "1d10", (6,), 6, "A"),
    ]
    assert all(r.terms and r.terms[0].values == r.values for r in rolls)
    assert out.of("damage") == [
        Damage(attacker="A", target="D", amount=8, rule="PV 20 - 8 = 12", defeats=False, pool="PV", lost=8, left=12)
    ]


def test_annihilation_is_a_defeat_and_cards_lost_stay_an_extra() -> None:
    # Three cards of PV 5 take 13: two fall, the third keeps PV 2; then 4 more annihilate the detachment.
    units = {
        "A": card("red", [0, 1], Daño=10, FA=2),
        "D": card("blue", [0, 4], PV=5, cards=3),
    }
    out = run_data(battle(units, [attack("A", "D", [5, 1, 3, 5, 1, 1])]))
    first, second = out.of("damage")
    assert (first.amount, first.pool, first.lost, first.left, first.defeats) == (13, "PV", 13, 2, False)
    assert (second.amount, second.lost, second.left, second.defeats) == (11, 2, 0, True)
    assert second.sentence() == "11 damage to D: PV 2 - 11 = -9: annihilated, 2 PV lost, PV 0 left"
    # the cards lost are F0R60D's own extra: two of the three, then the last one is a single card annihilated
    assert [(c.lost, c.left, c.life_left) for c in out.of("cards_lost")] == [(2, 1, 2)]
    assert out.of("defeat") == [Defeat(unit="D", by="A", reason="PV 0 or less: to the Panteón", how="annihilated")]


def test_troops_that_flee_their_fallen_commander_are_defeats_by_flight() -> None:
    units = {
        "A": card("red", [0, 1]),
        "C": card("blue", [0, 4], PV=1, commander=True, Moral=3),
        "T": card("blue", [1, 4], PV=9),
    }
    # attack 5 vs evasion 1, damage 1 (the commander falls); Moral: the commander's 6 + 3 against the troop's 2.
    out = run_data(battle(units, [attack("A", "C", [5, 1, 1, 6, 2])]))
    annihilated, fled = out.of("defeat")
    assert (annihilated.unit, annihilated.by, annihilated.how) == ("C", "A", "annihilated")
    assert (fled.unit, fled.by, fled.how) == ("T", None, "fled")
    assert fled.reason == "its commander fell and it lost the Moral roll (counts as annihilated)"
    assert out.unit("T").fled and out.of("game_over")[0].winner == "red"


class Recorder:
    """A dice source that remembers every value it gives."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.drawn: list[int] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        values = self.inner.draw(request)
        self.drawn.extend(values)
        return values


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_bundled_scenario_speaks_the_core_vocabulary(path: Path) -> None:
    scenario = load_scenario_file(path, {})
    checked: list[Resolution] = []

    def step(state: Any, action: Any, dice: DiceSource, index: int) -> Resolution:
        recorder = Recorder(dice)
        resolution = resolve(scenario.ruleset, state, action, recorder, index=index)
        if not resolution.refused:  # a refusal keeps no event of the action, nor its dice
            rolled = [v for e in resolution.events if isinstance(e, Roll) for v in e.values]
            assert rolled == recorder.drawn, f"{path.name}, action {index}: a die drawn is not in a roll event"
            checked.append(resolution)
        return resolution

    for _ in run_scenario(scenario, lambda: SeededDice(scenario.seed or 1), resolve_step=step):
        pass
    assert checked, f"{path.name} resolved no action"
    events = [e for r in checked for e in r.events]
    for event in events:
        if isinstance(event, Damage):
            assert event.target and event.attacker and event.pool == "PV" and event.amount >= 0
            assert event.left is not None and event.left >= 0 and event.defeats == (event.left == 0)
            assert event.lost is not None and 0 <= event.lost <= event.amount
        if isinstance(event, Defeat):
            assert event.unit and event.reason and event.how in HOWS
            assert (event.by is None) == (event.how != "annihilated")
        assert json.dumps(event.to_json())  # every event has its JSON form
    defeated = {e.unit for e in events if isinstance(e, Defeat)}
    damaged_to_zero = {e.target for e in events if isinstance(e, Damage) and e.defeats}
    assert damaged_to_zero <= defeated


def test_the_quick_attack_places_cards_on_their_lines(cli) -> None:
    words = ["attack", "-r", "forgod", "-a", "A", "-t", "D", "--attacker-stat", "PV=5", "--target-stat", "PV=9"]
    result = cli(*words, "--attacker-line", "avanzada", "--target-line", "retaguardia", "--dice", "5,1,3")
    assert result.code == 0, result.err
    # Avanzada: attack +4; the target's Retaguardia: evasion +4.
    assert "attack roll +4 (Avanzada) → 9" in result.out and "evasion roll +4 (Retaguardia) → 5" in result.out
    twice = cli(*words, "--attacker-stat", "line=avanzada", "--attacker-line", "avanzada", "--dice", "5,1,3")
    assert twice.code != 0 and "both place it" in twice.err


def test_the_quick_attack_passes_other_fields_to_the_action(cli) -> None:
    words = ["attack", "-r", "forgod", "-a", "A", "-t", "D", "--attacker-stat", "PV=5", "--attacker-stat", "FA=3"]
    result = cli(*words, "--target-stat", "PV=30", "--set", "times=2", "--dice", "5,1,3,5,1,3", "--format", "json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    damage = [e for a in doc["actions"] for e in a["events"] if e["kind"] == "damage"]
    assert [(d["amount"], d["pool"], d["left"]) for d in damage] == [(3, "PV", 27), (3, "PV", 24)]
