"""F0R60D strategic actions of army management: Reagrupar, Cambio de Estrategia and Llamar Refuerzos."""

from __future__ import annotations

from typing import Any

from tests.forgod.helpers import battle, card, run_data

PASS_B = {"do": "move", "unit": "B"}


def _run(units: dict[str, Any], actions: list[dict[str, Any]], **scenario: Any) -> Any:
    data = battle(units, actions)
    data.update(scenario)
    return run_data(data)


# --- Reagrupar -----------------------------------------------------------------------------------------------------


def test_a_detachment_splits_in_its_tactical_phase_and_both_parts_have_acted() -> None:
    units = {
        "D": card("red", [0, 1], cards=4, PV=4, wounds=1, movement=1, additions=[{"kind": "arma", "copies": 4}]),
        "X": card("red", [4, 1]),
        "B": card("blue", [0, 4]),
    }
    split = {"do": "regroup", "unit": "D", "split": 2, "into": "D2", "to": [1, 1]}
    out = _run(units, [split, PASS_B, {"do": "move", "unit": "D2"}])
    d, d2 = out.unit("D"), out.unit("D2")
    assert (d.cards, d.front_life, d.position, len(d.additions)) == (2, 3, (0, 1), 1)
    assert (d2.cards, d2.front_life, d2.position, d2.additions) == (2, 4, (1, 1), ())
    assert out.of("refused")[0].reason == "D2 already acted this round; red must first play X"


def test_split_refusals() -> None:
    units = {"D": card("red", [0, 1], cards=3, movement=1), "E": card("red", [1, 1]), "B": card("blue", [0, 4])}

    def split(n: int, to: list[int]) -> str:
        out = _run(units, [{"do": "regroup", "unit": "D", "split": n, "into": "D2", "to": to}])
        return str(out.of("refused")[0].reason)

    assert split(3, [0, 0]) == "D has 3 cards: it can split off at most 2"
    assert split(1, [1, 1]) == "[1, 1] is taken by E"
    assert split(1, [3, 1]) == "the split cards would move 3 squares; D moves 1"


def test_a_card_joins_an_identical_detachment_within_the_level_limit() -> None:
    same = {"PV": 4, "BA": 1, "Nivel": 5}
    units = {
        "D": card("red", [0, 1], cards=2, additions=[{"kind": "arma", "name": "Espada", "copies": 2}], **same),
        "A": card("red", [1, 1], additions=[{"kind": "arma", "name": "Espada"}], wounds=1, **same),
        "C": card("red", [2, 1], **same),
        "B": card("blue", [0, 4]),
    }
    out = _run(
        units, [{"do": "regroup", "unit": "A", "join": "D"}, PASS_B, {"do": "regroup", "unit": "C", "join": "D"}]
    )
    d = out.unit("D")
    assert (d.cards, d.front_life, d.additions[0].copies) == (3, 3, 3)
    assert out.unit("A").joined == "D" and not out.unit("A").on_board and not out.unit("A").defeated
    assert out.of("refused")[0].reason == "4 cards of level 5 would exceed the detachment limit of 3"


def test_only_identical_cards_join_and_two_wounds_are_not_merged_past_a_card() -> None:
    units = {
        "D": card("red", [0, 1], cards=2, PV=4, wounds=2),
        "A": card("red", [1, 1], PV=4, BA=2),
        "W": card("red", [2, 1], PV=4, wounds=2),
        "B": card("blue", [0, 4]),
    }
    out = _run(units, [{"do": "regroup", "unit": "A", "join": "D"}])
    assert out.of("refused")[0].reason == "only identical cards form a detachment: A and D differ in attack"
    out = _run(units, [{"do": "regroup", "unit": "W", "join": "D"}])
    assert out.of("refused")[0].reason.startswith("W and D both carry damage adding up to a whole card's PV")


# --- Cambio de Estrategia ----------------------------------------------------------------------------------------


def _exchange_units(**new: Any) -> dict[str, Any]:
    return {
        "X": card("red", [0, 1], PC=100, PV=10, wounds=3),
        "K": card("red", [2, 0], PC=150, commander=True),
        "Y": {"side": "red", "in_deck": True, "PV": 8, "PC": 150, **new},
        "B": card("blue", [0, 4], PC=100),
    }


def test_cambio_de_estrategia_returns_the_cost_and_carries_the_damage() -> None:
    # 400 PC: red spent 250 and keeps 150; X gives back 100; Y costs 150: 100 kept.
    out = _run(_exchange_units(), [{"do": "change_strategy", "unit": "X", "into": "Y"}], points=400)
    y = out.unit("Y")
    assert (y.position, y.front_life, y.in_deck) == ((0, 1), 5, False)
    (defeat,) = out.of("defeat")
    assert out.unit("X").defeated
    assert (defeat.unit, defeat.by, defeat.how) == ("X", None, "sacrificed")
    assert defeat.reason == "exchanged for Y by Cambio de Estrategia, to the Panteón"
    assert out.state.reserve == (100, 300)
    assert out.state.acted[0] == frozenset({"X", "Y"})


def test_cambio_de_estrategia_fresh_pays_double_and_refusals() -> None:
    fresh = {"do": "change_strategy", "unit": "X", "into": "Y", "fresh": True}
    out = _run(_exchange_units(), [fresh], points=400)
    assert out.of("refused")[0].reason == (
        "Y costs 300 PC (double, to enter without damage); red has 250 (150 kept + 100 back from X)"
    )
    out = _run(_exchange_units(), [fresh], points=450)
    assert out.unit("Y").front_life == 8 and out.state.reserve == (0, 350)
    out = _run(_exchange_units(PV=3), [{"do": "change_strategy", "unit": "X", "into": "Y"}], points=400)
    assert out.of("refused")[0].reason == "X's damage (3) would annihilate Y as it enters"
    out = _run(_exchange_units(), [{"do": "change_strategy", "unit": "K", "into": "Y"}], points=400)
    assert out.of("refused")[0].reason == "K is the commander, chosen before the battle: it is not exchanged"
    out = _run(_exchange_units(), [{"do": "change_strategy", "unit": "X", "into": "Y"}])
    assert out.of("refused")[0].reason == "the scenario gives no campaign points to pay with"


# --- Llamar Refuerzos ---------------------------------------------------------------------------------------------


def _reinforcement_units() -> dict[str, Any]:
    return {
        "K": card("red", [2, 1], PC=200, commander=True),
        "X": card("red", [0, 1], PC=200),
        "Y": {"side": "red", "in_deck": True, "PV": 5, "PC": 60},
        "Z": {"side": "red", "in_deck": True, "PV": 5, "PC": 100},
        "B": card("blue", [0, 4], PC=100),
    }


def test_llamar_refuerzos_rolls_the_points_and_stops_at_the_modes_units() -> None:
    call = {"do": "reinforcements", "side": "red", "units": {"Y": [1, 1], "Z": [3, 1]}, "dice": [3]}
    out = _run(
        _reinforcement_units(), [call], mode="guerrilla", tier="básico", reinforcement_cards={"red": 1}
    )  # 100 kept + 3 × 20 = 160
    assert out.reasons("multiplier") == [("Llamar Refuerzos PC", "Guerrilla", 20)]
    assert out.unit("Y").position == (1, 1) and out.unit("Z").in_deck
    assert "Z stays in the troop deck (Guerrilla's 3 units)" in [n.text for n in out.of("note")]
    assert out.state.reserve == (100, 400) and out.state.reinforcement_cards == (0, 0)
    assert out.state.turns == (0, 0)  # an instant, not a turn


def test_llamar_refuerzos_refusals() -> None:
    call = {"do": "reinforcements", "side": "red", "units": {"Y": [1, 1]}, "dice": [3]}
    out = _run(_reinforcement_units(), [call], mode="guerrilla", points=500)
    assert out.of("refused")[0].reason == "red holds no Llamar Refuerzos card"
    out = _run(_reinforcement_units(), [call, call], mode="guerrilla", points=500, reinforcement_cards={"red": 2})
    assert out.of("refused")[0].reason == "red already fields 3 units, the most Guerrilla allows"
    wrong = {**call, "units": {"Y": [1, 4]}}
    out = _run(_reinforcement_units(), [wrong], mode="guerrilla", points=500, reinforcement_cards={"red": 1})
    assert out.of("refused")[0].reason == "Y enters on red's own field, not at [1, 4]"
    out = _run(_reinforcement_units(), [call], reinforcement_cards={"red": 1})
    assert out.of("refused")[0].reason == "the call's points and the unit limit depend on the game mode"
