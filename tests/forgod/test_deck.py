"""The F0R60D addition deck: a random draw through the dice at the start of a troop card's turn, the hand and its
limit, equipping, black additions and the Óxido."""

from __future__ import annotations

from typing import Any

import pytest

from tabroll.errors import InputError
from tests.forgod.helpers import attack, battle, card, run_data

SWORD = {"kind": "arma", "name": "Espada", "BA": 2}
ARMOUR = {"kind": "armadura", "name": "Peto"}
CURSE = {"kind": "negra", "name": "Maldición"}


def _run(actions: list[dict[str, Any]], *, units: dict[str, Any] | None = None, **scenario: Any) -> Any:
    data = battle(units or {"A": card("red", [0, 1]), "B": card("blue", [0, 4], PV=20)}, actions)
    data.setdefault("decks", {"red": [SWORD, ARMOUR, CURSE]})
    data.update(scenario)
    return run_data(data)


def test_a_troop_cards_turn_draws_one_addition_at_random_through_the_dice_and_may_equip_it() -> None:
    # 1d3 = 1: the Espada (the deck in the order given); equipped at once, +2 to this turn's attack.
    out = _run([attack("A", "B", [1, 5, 1, 4], equip=["Espada"])])
    draw = out.of("roll")[0]
    assert (draw.label, draw.dice, draw.total) == ("addition drawn by red (3 in the deck)", "1d3", 1)
    assert ("attack roll", "arma Espada", 2) in out.reasons()
    assert out.totals("attack roll") == [7]
    assert [a.label for a in out.unit("A").additions] == ["Espada"]
    assert [a.label for a in out.state.decks[0]] == ["Peto", "Maldición"] and out.state.hands[0] == ()


def test_the_hand_holds_one_addition_per_unit_and_the_rest_goes_to_the_oxido() -> None:
    # A is red's only unit: the drawn Maldición (1d3 = 3) and the Peto in the hand are one too many.
    hands = {"red": [ARMOUR]}
    out = _run([{"do": "move", "unit": "A", "dice": [3]}], hands=hands)
    refused = out.of("refused")[0]
    assert (refused.rule, refused.reason) == ("addition hand", "red would hold 2 additions with 1 unit on the field")
    out = _run([{"do": "move", "unit": "A", "dice": [3], "discard": ["Maldición"]}], hands=hands)
    assert [a.label for a in out.state.oxido[0]] == ["Maldición"] and [a.label for a in out.state.hands[0]] == ["Peto"]


@pytest.mark.parametrize(
    ("equip", "reason"),
    [
        (["Maldición"], "Maldición is a black addition: it stays in the hand, never equipped"),
        (["Hacha"], "red has no addition 'Hacha' in its hand (it holds Maldición)"),
    ],
)
def test_equipping_refusals(equip: list[str], reason: str) -> None:
    out = _run([{"do": "move", "unit": "A", "dice": [3], "equip": equip}])
    assert out.of("refused")[0].reason == reason


def test_a_full_weapon_slot_refuses_a_second_weapon() -> None:
    units = {"A": card("red", [0, 1], additions=[{"kind": "arma", "name": "Maza"}]), "B": card("blue", [0, 4])}
    out = _run([{"do": "move", "unit": "A", "dice": [1], "equip": ["Espada"]}], units=units)
    assert out.of("refused")[0].reason == "A has 2 weapons for 1 card, at most 1 (addition slots)"


def test_war_machines_draw_nothing_and_an_empty_deck_is_said() -> None:
    units = {"M": card("red", [0, 1], kind="máquina de guerra"), "A": card("red", [1, 1]), "B": card("blue", [0, 4])}
    out = _run([{"do": "move", "unit": "M"}], units=units)
    assert out.of("roll") == [] and "M is not a troop card: red draws no addition this turn" in [
        n.text for n in out.of("note")
    ]
    out = _run([{"do": "move", "unit": "A"}], units=units, decks={"red": []})
    assert "red's addition deck is empty: no addition is drawn" in [n.text for n in out.of("note")]


def test_a_deck_at_deployment_has_the_modes_size_and_black_cards() -> None:
    import yaml

    from tabroll.loading.scenario import scenario_from_document
    from tabroll.loading.yaml_source import load_yaml_text

    units = {
        "R1": card("red", [0, 1]),
        "RK": card("red", [1, 1], commander=True),
        "BK": card("blue", [0, 4], commander=True),
        "B1": card("blue", [1, 4]),
    }
    data = battle(units, [])
    data.update(
        board={"width": 2},
        from_deployment=True,
        mode="guerrilla",
        decks={"red": [{**SWORD, "count": 7}, {**CURSE, "count": 5}, {**ARMOUR, "count": 6}]},
        hands={"blue": [ARMOUR, ARMOUR, ARMOUR]},
    )
    with pytest.raises(InputError) as caught:
        scenario_from_document(load_yaml_text(yaml.safe_dump(data, sort_keys=False), source="deck.yaml"))
    lines = caught.value.describe().splitlines()[1:]
    assert [line.split(": ", 2)[2] for line in lines] == [
        "red's addition deck holds 7 cards 'Espada'; at most 6 identical cards (addition deck) — take the extra "
        "copies out of the deck",
        "red's addition deck has 18 cards, 5 black; Guerrilla starts with 30, at least 6 of them black (addition deck)"
        " — add or remove cards until the deck fits its mode",
        "blue holds 3 additions with 2 units on the field; the hand holds one per unit (addition hand) — keep one "
        "addition in the hand for each unit on the field",
    ]


def test_exact_odds_walk_the_draw_like_a_die() -> None:
    from fractions import Fraction

    import yaml

    from tabroll.loading.scenario import scenario_from_document
    from tabroll.loading.yaml_source import load_yaml_text
    from tabroll.odds.api import compute_odds

    units = {"A": card("red", [0, 1]), "B": card("blue", [0, 4])}
    data = {**battle(units, [attack("A", "B", equip=["Espada"])]), "decks": {"red": [SWORD, CURSE]}}
    scenario = scenario_from_document(load_yaml_text(yaml.safe_dump(data, sort_keys=False), source="<test>"))
    report = compute_odds(scenario.ruleset, scenario.state, scenario.steps[0].action)
    (refusal,) = report.refused.values()  # the black card is drawn one time in two, and cannot be equipped
    assert report.method == "exact" and refusal.exact == Fraction(1, 2)


def test_an_enemy_on_the_rear_line_costs_additions_of_the_owners_choice_in_its_next_turn() -> None:
    units = {"A": card("red", [0, 2], Nivel=2), "B": card("blue", [4, 4]), "C": card("blue", [3, 4])}
    hands = {"blue": [ARMOUR, SWORD]}
    reach = {"do": "move", "unit": "A", "to": [0, 5]}
    out = _run([reach, {"do": "move", "unit": "B", "discard": ["Peto"]}], units=units, hands=hands, decks={})
    refused = out.of("refused")[0]
    assert (refused.rule, refused.reason) == (
        "enemy on the rear line",
        "blue owes 2 additions to the Óxido (an enemy reached its rear line) and discards 1",
    )
    both = {"do": "move", "unit": "B", "discard": ["Peto", "Espada"]}
    out = _run([reach, both], units=units, hands=hands, decks={})
    assert [a.label for a in out.state.oxido[1]] == ["Peto", "Espada"] and out.state.owed_discards == (0, 0)
    out = _run([reach, {"do": "move", "unit": "B"}], units=units, hands={"blue": []}, decks={})
    assert out.of("refused") == []  # nothing in the hand: nothing to discard
