"""F0R60D special units (Estandarte, Altavoz Biomecanoide, llama del templo): not troops, no square of the mode's
limit, and their effects as data. Each test states its dice and the exact outcome."""

from __future__ import annotations

from typing import Any

import pytest

from tabroll.errors import InputError
from tests.forgod.helpers import attack, battle, card, formations, run_data


def special(side: str, at: list[int], *effects: dict[str, Any], **stats: Any) -> dict[str, Any]:
    return card(side, at, kind="unidad especial", effects=list(effects), **stats)


def problem(data: dict[str, Any]) -> str:
    with pytest.raises(InputError) as caught:
        run_data(data)
    return caught.value.describe()


def passes(unit: str) -> dict[str, Any]:
    return {"do": "move", "unit": unit}


@pytest.mark.parametrize(
    "word",
    [
        "unidad especial",
        "Unidad Especial",
        "especial",
        "special unit",
        "Estandarte",
        "Altavoz Biomecanoide",
        "llama del templo",
    ],
)
def test_the_special_unit_kind_reads_the_sources_words(word: str) -> None:
    out = run_data(battle({"E": card("red", [0, 0], kind=word), "B": card("blue", [0, 4])}, []))
    assert out.unit("E").kind == "special" and not out.unit("E").counts_as_troop


# --- the army: not troops, no square of the mode's limit ----------------------------------------------------------


def army(*extra: tuple[str, dict[str, Any]], **scenario: Any) -> dict[str, Any]:
    """Red fields Guerrilla's three troops (100 PC each) and whatever ``extra`` adds; blue one troop."""
    units = {f"R{i}": card("red", [i, 1], PC=100) for i in range(3)}
    units.update(dict(extra))
    units["B"] = card("blue", [0, 4])
    data = battle(units, [])
    data.update(scenario)
    return data


def test_special_units_take_none_of_the_modes_units_but_pay_their_pc() -> None:
    two = [("Estandarte", special("red", [0, 0], PC=100)), ("Llama", special("red", [1, 0], PC=100))]
    run_data(army(*two, mode="guerrilla", points=500))  # 3 troops and 2 special units; 500 PC of 500
    text = problem(army(*two, mode="guerrilla", points=499))
    assert "red's army costs 500 PC; it may spend at most 499" in text
    fourth = ("R3", card("red", [3, 1], PC=100))
    text = problem(army(fourth, *two, mode="guerrilla"))
    assert "red fields 4 units; Guerrilla allows at most 3, the commander included (game modes; invocations and " in (
        text
    )
    # Llamar Refuerzos: a special unit entering takes none of the units either
    units = {
        "K": card("red", [2, 1], PC=200, commander=True),
        "X": card("red", [0, 1], PC=200),
        "S": {"side": "red", "in_deck": True, "kind": "especial", "PV": 5, "PC": 10},
        "Y": {"side": "red", "in_deck": True, "PV": 5, "PC": 60},
        "B": card("blue", [0, 4]),
    }
    call = {"do": "reinforcements", "side": "red", "units": {"S": [1, 1], "Y": [3, 1]}, "dice": [3]}
    data = {**battle(units, [call]), "mode": "guerrilla", "points": 500, "reinforcement_cards": {"red": 1}}
    out = run_data(data)  # 100 kept + 3 x 20 = 160: S (10) and Y (60) enter; red fields 3 troops
    assert out.unit("S").position == (1, 1) and out.unit("Y").position == (3, 1) and out.state.reserve[0] == 90


def test_special_units_are_not_part_of_the_starting_formation() -> None:
    def deployed(*extra: tuple[str, dict[str, Any] | None]) -> dict[str, Any]:
        """Two legal formations, with ``extra`` cards added (or, given None, taken away)."""
        units: dict[str, dict[str, Any] | None] = {**formations()}
        units.update(dict(extra))
        data = battle({name: unit for name, unit in units.items() if unit is not None}, [])
        return {**data, "board": {"width": 3}, "from_deployment": True}

    # three cards off red's middle line, two of them special units: only one troop counts
    run_data(deployed(("E1", special("red", [0, 0])), ("E2", special("red", [1, 0])), ("R3", card("red", [2, 2]))))
    # a special unit does not cover the middle line: blue's column 1 stays empty
    text = problem(deployed(("B1", None), ("E", special("blue", [1, 4]))))
    assert "blue's middle line is not covered: column 1 of row 4 is empty" in text


@pytest.mark.parametrize(
    ("stats", "message"),
    [
        ({"commander": True}, "a special unit is not a troop: it cannot be the troops' commander"),
        ({"cards": 2}, "only troop cards (infantry, cavalry, archery) form detachments"),
        ({"additions": [{"kind": "arma"}]}, "E is a special unit: additions are equipped on troop units only"),
        ({"effects": [{"name": "Nada"}]}, "say what the effect changes: 'BA', 'Daño', 'Evasión', 'Fortaleza' or"),
        ({"effects": [{"name": "X", "BA": 1, "affects": "todos"}]}, "'todos' is not a known side an effect affects"),
        ({"kind": "tropa", "effects": [{"name": "X", "BA": 1}]}, "'effects' belong to special units"),
    ],
)
def test_what_a_special_unit_cannot_be_is_refused_at_load(stats: dict[str, Any], message: str) -> None:
    unit = {"side": "red", "at": [0, 1], "PV": 5, "kind": "unidad especial", **stats}
    assert message in problem(battle({"E": unit, "B": card("blue", [0, 4])}, []))


# --- what a special unit does: its effects, as data --------------------------------------------------------------


def test_an_effect_changes_the_rolls_of_the_allies_within_its_squares() -> None:
    banner = {"name": "Estandarte", "BA": 1, "Daño": 2, "within": 1}
    units = {
        "E": special("red", [1, 0], banner),
        "A": card("red", [1, 1]),  # 1 square from E
        "F": card("red", [3, 1]),  # 2 squares
        "B": card("blue", [1, 4], PV=20),
    }
    # A: 5 + 1 = 6 against 5, hit (without the banner, a tie: evaded); damage 3 + 2 = 5. F: 5 against 5, evaded.
    actions = [attack("A", "B", [5, 5, 3]), passes("B"), attack("F", "B", [5, 5])]
    out = run_data(battle(units, actions))
    assert out.reasons() == [
        ("attack roll", "unidad especial E (Estandarte)", 1),
        ("damage", "unidad especial E (Estandarte)", 2),
    ]
    assert [e.kind for e in out.of("hit") + out.of("miss")] == ["hit", "miss"] and out.unit("B").front_life == 15


def test_an_effect_on_the_enemies_and_on_moral_and_the_side_left_with_a_special_unit_only() -> None:
    shout = {"name": "Arenga", "affects": "enemigos", "Evasión": -2}
    anthem = {"name": "Himno", "Moral": 2}

    def fight(*effects: dict[str, Any], **options: Any) -> Any:
        units = {
            "A": card("red", [0, 1]),
            "A2": card("red", [1, 1]),
            "Altavoz": special("blue", [0, 5], *effects),
            "BK": card("blue", [2, 4], PV=1, commander=True),
            "B": card("blue", [1, 4]),
        }
        # B: 5 against A's 6 - 2 = 4, hit, damage 1. A2 kills BK (5 against 1, damage 1); B's Moral roll, 3 (+ 2
        # with the Himno) against the fallen commander's 5: the troop wins ties.
        actions = [attack("B", "A", [5, 6, 1]), attack("A2", "BK", [5, 1, 1, 5, 3])]
        return run_data(battle(units, actions, options))

    out = fight(shout, anthem)
    assert ("evasion roll", "unidad especial Altavoz (Arenga)", -2) in out.reasons()
    assert ("Moral roll", "unidad especial Altavoz (Himno)", 2) in out.reasons()
    assert out.unit("A").front_life == 9 and out.unit("B").on_board and out.of("game_over") == []
    assert [c.defender for c in out.of("opposed_check")] == ["B"]  # the Altavoz, no troop, rolls no Moral
    out = fight(shout)  # 3 < 5: B flees, and blue's Altavoz does not keep it in the battle
    (over,) = out.of("game_over")
    assert (over.winner, over.reason) == ("red", "blue has no troops left on the field")
    assert out.unit("B").fled and out.unit("Altavoz").on_board
    assert fight(shout, battle_end="every_card").of("game_over") == []


def test_an_effect_lasts_while_the_special_unit_stands_even_paralysed_and_not_on_itself() -> None:
    units = {
        "Estandarte": special("red", [0, 1], {"name": "Estandarte", "BA": 2, "Evasión": 3}, PV=2),
        "A": card("red", [1, 1]),
        "B": card("blue", [0, 4], Daño=5),
    }
    actions = [
        {"do": "paralyse", "unit": "Estandarte"},
        attack("A", "B", [4, 5, 1]),  # 4 + 2 = 6 against 5: hit, damage 1
        attack("B", "Estandarte", [5, 5, 1]),  # the banner's own evasion has no +3: 5 against 5 + 0, evaded
        passes("A"),
        attack("B", "Estandarte", [5, 1, 1]),  # 5 against 1: damage 1 + 5 = 6, PV 2: annihilated
        attack("A", "B", [4, 5]),  # no banner now: 4 against 5, evaded
    ]
    out = run_data(battle(units, actions))
    assert out.of("refused") == []
    assert [(e.applies_to, e.reason) for e in out.of("modifier") if "Estandarte" in e.reason] == [
        ("attack roll", "unidad especial Estandarte")
    ]
    assert out.unit("Estandarte").defeated and [e.kind for e in out.of("hit") + out.of("miss")] == [
        "hit",
        "hit",
        "miss",
        "miss",
    ]


def test_a_special_unit_plays_turns_draws_no_addition_and_has_no_absorption_of_its_own() -> None:
    deck = [{"kind": "arma", "name": "Espada", "count": 2}]
    units = {
        "A": card("red", [0, 1]),
        "E": special("red", [1, 1], Absorción=3),
        "B": card("blue", [0, 4], Daño=5),
    }
    actions = [passes("A"), attack("B", "E", [5, 1, 1]), passes("A"), passes("E")]
    data = {**battle(units, actions), "decks": {"red": deck}}
    out = run_data(data, session=[1])  # A's first turn draws the first Espada (1 of 2)
    assert [r.reason for r in out.of("refused")] == ["A already acted this round; red must first play E"]
    assert "E is not a troop card: red draws no addition this turn" in [n.text for n in out.of("note")]
    assert out.of("damage")[0].amount == 6  # no armour can be equipped: its Absorción is not active
    units["E"] = special("red", [1, 1], Absorción=3, absorption_active=True)
    out = run_data({**battle(units, actions[:2]), "decks": {"red": deck}}, session=[1])
    assert out.of("damage")[0].amount == 3


def test_a_special_unit_is_exchanged_by_cambio_de_estrategia_for_its_pc() -> None:
    units = {
        "K": card("red", [2, 1], PC=200, commander=True),
        "E": special("red", [1, 1], PC=50),
        "Y": {"side": "red", "in_deck": True, "PV": 5, "PC": 60},
        "B": card("blue", [0, 4]),
    }
    change = {"do": "change_strategy", "unit": "E", "into": "Y"}
    out = run_data({**battle(units, [change]), "points": 300})  # 50 kept + 50 back = 100; 60 paid
    assert out.unit("Y").position == (1, 1) and out.unit("E").defeated and out.state.reserve[0] == 40
