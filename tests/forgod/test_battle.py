"""F0R60D as a whole battle: turn structure, terrain per turn, the battle's result, healing and paralysis.

Each test states its dice and the exact outcome."""

from __future__ import annotations

from typing import Any

import pytest

from tests.forgod.helpers import attack, battle, card, formations, run_data

INITIATIVE_RED = {"do": "initiative", "dice": [7, 3]}  # red 7 against blue 3: red plays first


def deployed(actions: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """The two armies of :func:`formations` at deployment, with these actions."""
    data = battle(formations(), actions)
    data["board"] = {"width": 3}
    data["from_deployment"] = True
    data.update(more)
    return data


PASS = {"do": "move"}


def passes(unit: str) -> dict[str, Any]:
    """A card's turn with no move and no action."""
    return {**PASS, "unit": unit}


# --- turn structure ---------------------------------------------------------------------------------------------


def test_from_deployment_no_card_acts_before_the_reaction_rolls() -> None:
    out = run_data(deployed([passes("RK")]))
    (refused,) = out.of("refused")
    assert (refused.rule, refused.reason) == (
        "initiative",
        "the battle has not begun: the reaction rolls decide who acts first",
    )


def test_in_the_first_turn_only_the_commanders_act() -> None:
    actions = [
        INITIATIVE_RED,
        attack("R1", "B1", [5, 1, 1]),  # refused: not the commander
        passes("RK"),
        passes("B1"),  # refused: blue's first turn is its commander's
        passes("BK"),
        attack("R1", "B1", [8, 1, 1]),  # the first turn is over: any card
    ]
    out = run_data(deployed(actions))
    assert [(r.rule, r.reason) for r in out.of("refused")] == [
        ("first turn", "in the battle's first turn only the commanders act; R1 is not red's commander (RK)"),
        ("first turn", "in the battle's first turn only the commanders act; B1 is not blue's commander (BK)"),
    ]
    assert [s.refused for s in out.steps] == [False, True, False, True, False, False]
    assert out.of("damage")[0].amount == 1 and out.unit("B1").front_life == 9


def test_the_initiative_winner_plays_first_and_then_the_players_alternate() -> None:
    actions = [
        {"do": "initiative", "dice": [2, 9]},  # blue 9 against red 2
        passes("RK"),  # refused: blue plays first
        passes("BK"),
        passes("RK"),
        passes("R1"),  # refused: red played the last card
        passes("B1"),
        passes("R1"),
    ]
    out = run_data(deployed(actions))
    assert out.state.first == "blue"
    assert [(r.rule, r.reason) for r in out.of("refused")] == [
        # right after the reaction rolls no card has played yet: the refusal says who won them
        ("alternation", "it is blue's turn: blue won the reaction roll and plays the next card"),
        ("alternation", "it is blue's turn: the players alternate, one card each, and red played the last card"),
    ]
    assert [s.refused for s in out.steps] == [False, True, False, False, True, False, False]
    assert out.state.turns == (2, 2)


def test_a_reaction_roll_in_the_battle_gives_the_next_card_to_its_winner() -> None:
    # blue plays last, then a new reaction roll (red 3 against blue 8): blue plays again, and red's card waits
    actions = [INITIATIVE_RED, passes("RK"), passes("BK"), passes("R1"), passes("B1")]
    actions += [{"do": "initiative", "dice": [3, 8]}, passes("R2"), passes("B2"), passes("R2")]
    out = run_data(deployed(actions))
    assert [(i, r.reason) for i, s in enumerate(out.steps) for r in s.events if r.kind == "refused"] == [
        (6, "it is blue's turn: blue won the reaction roll and plays the next card")
    ]
    assert out.state.first == "blue" and out.state.played_last == "red" and out.state.turns == (3, 3)


def test_a_battle_under_way_alternates_from_its_first_card() -> None:
    units = {"A": card("red", [0, 1]), "A2": card("red", [1, 1]), "B": card("blue", [0, 4])}
    out = run_data(battle(units, [passes("B"), passes("A"), passes("B"), passes("B")]))
    assert [s.refused for s in out.steps] == [False, False, False, True]
    assert out.of("refused")[0].rule == "alternation"


def test_a_side_with_no_card_able_to_act_lets_the_other_play_again() -> None:
    units = {"A": card("red", [0, 1]), "A2": card("red", [1, 1]), "B": card("blue", [0, 4], paralysed=True)}
    out = run_data(battle(units, [passes("A"), passes("A2")]))
    assert [s.refused for s in out.steps] == [False, False]
    assert "blue has no card that can act: red plays again" in [n.text for n in out.of("note")]


def test_a_refused_turn_changes_nothing() -> None:
    out = run_data(deployed([INITIATIVE_RED, attack("R1", "B1", [5, 1, 1])]))
    assert out.steps[1].refused and out.steps[1].state == out.steps[0].state


def test_terrain_is_declared_each_turn_and_ground_is_the_default() -> None:
    units = {
        "E": card("blue", [0, 4], Terreno="Cualquiera"),
        "A": card("red", [0, 1], BA=3),
        "A2": card("red", [1, 1]),
    }
    actions = [
        {"do": "move", "unit": "E", "fly": True},
        attack("A", "E", [5]),  # refused: E flies this turn, and A fights on foot
        passes("A2"),
        passes("E"),  # a new turn of E without flight: on the ground
        attack("A", "E", [5, 2, 3]),
    ]
    out = run_data(battle(units, actions))
    assert [s.refused for s in out.steps] == [False, True, False, False, False]
    assert out.of("refused")[0].rule == "Terreno"
    assert "E does not declare flight this turn: it moves on the ground (Terreno Cualquiera)" in [
        n.text for n in out.of("note")
    ]
    assert not out.unit("E").in_air and out.of("damage")[0].amount == 3


def test_a_flying_card_cannot_land_on_a_taken_square() -> None:
    units = {
        "E": card("blue", [0, 4], Terreno="Cualquiera", flying=True),
        "G": card("blue", [1, 4]),
        "A": card("red", [0, 1]),
    }
    actions = [
        {"do": "move", "unit": "E", "to": [1, 4], "fly": True},
        passes("A"),
        passes("G"),
        passes("A"),
        passes("E"),
    ]
    out = run_data(battle(units, actions))
    assert out.of("refused")[0].reason == "E would land on G's square [1, 4]"
    assert out.unit("E").in_air and out.unit("E").position == (1, 4)


# --- the battle's result ----------------------------------------------------------------------------------------


def test_the_side_left_without_troops_loses_and_the_run_stops() -> None:
    units = {
        "A": card("red", [0, 1], Daño=5),
        "B": card("blue", [0, 4], PV=6),
        "W": card("blue", [1, 5], kind="bestia"),
    }
    out = run_data(battle(units, [attack("A", "B", [5, 1, 2]), passes("W"), passes("A")]))
    assert len(out.steps) == 1  # the run stops at the battle's result
    (over,) = out.of("game_over")
    assert (over.winner, over.unit, over.by, over.reason) == ("red", "B", "A", "blue has no troops left on the field")
    assert out.of("note")[-1].text == "the game is over: the scenario's 2 remaining actions are not resolved"
    assert [(r.option, r.value) for r in out.of("ruling")] == [("battle_end", "troop_deck")]
    assert out.state.over and out.state.winner == "red"


def test_with_every_card_counting_an_invocation_keeps_its_side_in() -> None:
    units = {
        "A": card("red", [0, 1], Daño=5),
        "B": card("blue", [0, 4], PV=6),
        "W": card("blue", [1, 5], kind="bestia"),
    }
    out = run_data(battle(units, [attack("A", "B", [5, 1, 2]), passes("W")], {"battle_end": "every_card"}))
    assert out.of("game_over") == [] and len(out.steps) == 2 and not out.state.over


def test_troops_fleeing_their_fallen_commander_can_end_the_battle() -> None:
    units = {
        "K": card("red", [2, 1], commander=True, PV=3, Moral=5),
        "T": card("red", [0, 1]),
        "B": card("blue", [0, 4], Daño=5),
    }
    # B: 5 against 1, hits; damage 1 + 5 = 6 kills K. T rolls Moral 2 against K's 5 + 5: it flees.
    out = run_data(battle(units, [attack("B", "K", [5, 1, 1, 5, 2])]))
    (over,) = out.of("game_over")
    assert over.winner == "blue" and [d.unit for d in out.of("defeat")] == ["K", "T"]
    assert out.unit("T").fled


def test_no_action_resolves_once_the_battle_is_over() -> None:
    from tabroll.dice.sources import GivenDice
    from tabroll.engine import resolve

    units = {"A": card("red", [0, 1], Daño=5), "B": card("blue", [0, 4], PV=6)}
    out = run_data(battle(units, [attack("A", "B", [5, 1, 2])]))
    after = resolve(out.scenario.ruleset, out.state, out.scenario.steps[0].action, GivenDice([5, 1, 1]))
    assert after.refused and after.events[-1].reason == "the battle is over: red won"


# --- healing, repair and paralysis ---------------------------------------------------------------------------


def test_healing_restores_pv_up_to_the_card_and_is_not_a_turn() -> None:
    units = {"A": card("red", [0, 1], Daño=5), "B": card("blue", [0, 4], PV=20), "M": card("blue", [1, 4])}
    actions = [
        attack("A", "B", [5, 1, 3]),  # 8 damage: PV 12
        {"do": "heal", "healer": "M", "unit": "B", "PV": 5},  # PV 17
        {"do": "heal", "healer": "M", "unit": "B", "roll": "1d10", "dice": [9]},  # 9, but only 3 missing
        passes("M"),  # M still has its turn: healing was not its action
    ]
    out = run_data(battle(units, actions))
    assert [(h.amount, h.before, h.after) for h in out.of("heal")] == [(5, 12, 17), (3, 17, 20)]
    assert out.of("refused") == [] and out.state.turns == (1, 1)


def test_healing_a_detachment_heals_the_card_taking_damage_only() -> None:
    units = {"A": card("red", [0, 1], Daño=5), "D": card("blue", [0, 4], cards=3, PV=4), "M": card("blue", [1, 4])}
    actions = [attack("A", "D", [5, 1, 1]), {"do": "heal", "healer": "M", "unit": "D", "PV": 10}]
    out = run_data(battle(units, actions))
    assert out.of("cards_lost")[0].left == 2  # 6 damage: one card falls, 2 on the next
    assert (out.unit("D").cards, out.unit("D").front_life) == (2, 4)
    assert out.of("heal")[0].amount == 2


@pytest.mark.parametrize(
    ("healer", "target", "reason"),
    [
        ("P", "B", "P is paralysed: it takes no action and uses no ability"),
        ("M", "X", "X has been annihilated: cards in the Panteón are not healed back"),
    ],
)
def test_healing_refusals(healer: str, target: str, reason: str) -> None:
    units = {
        "A": card("red", [0, 1], Daño=5),
        "B": card("blue", [0, 4]),
        "X": card("blue", [2, 4], PV=1),
        "M": card("blue", [1, 4]),
        "P": card("blue", [3, 4], paralysed=True),
    }
    out = run_data(
        battle(units, [attack("A", "X", [5, 1, 1]), {"do": "heal", "healer": healer, "unit": target, "PV": 1}])
    )
    assert out.of("refused")[0].reason == reason


def test_a_paralysed_card_takes_no_action_and_does_not_hold_up_its_round() -> None:
    units = {"A": card("red", [0, 1]), "A2": card("red", [1, 1]), "B": card("blue", [0, 4])}
    actions = [
        {"do": "paralyse", "unit": "A2", "by": "B", "rounds": 1},
        passes("A"),
        passes("B"),
        passes("A2"),  # refused: paralysed
        passes("A"),  # A2 cannot act, so red's round is over: round 2, and A2's paralysis wears off
        passes("B"),
        passes("A2"),
    ]
    out = run_data(battle(units, actions))
    assert [s.refused for s in out.steps] == [False, False, False, True, False, False, False]
    assert out.of("refused")[0].reason == "A2 is paralysed and takes no action while the effect lasts"
    assert "A2's paralysis ends: it may act again" in [n.text for n in out.of("note")]


def test_a_cure_ends_a_paralysis() -> None:
    units = {"A": card("red", [0, 1], paralysed=True), "H": card("red", [1, 1]), "B": card("blue", [0, 4])}
    actions = [{"do": "heal", "healer": "H", "unit": "A", "cure": True}, passes("A")]
    out = run_data(battle(units, actions))
    assert out.of("refused") == [] and not out.unit("A").paralysed


# --- royal guard and area attacks ------------------------------------------------------------------------------


def _guarded(*actions: dict[str, Any]) -> Any:
    units = {
        "K": card("red", [2, 0], commander=True),  # Retaguardia: evasion +4
        "G": card("red", [2, 1]),
        "F": card("red", [1, 1], Terreno="Aire"),
        "N": card("red", [3, 1]),
        "B": card("blue", [2, 4]),
    }
    return run_data(battle(units, [{"do": "royal_guard", "unit": "G", "commander": "K"}, *actions]))


def test_an_area_attack_on_the_royal_guard_reaches_the_commander_behind_it() -> None:
    # one attack die, 8; G evades with 1 - 2 (royal guard) = -1, takes 3; F flies, out of B's melee; K evades with
    # 2 + 4 (Retaguardia) = 6, takes 4; N (next to G) evades with 9.
    out = _guarded(attack("B", "G", [8, 1, 3, 2, 4, 9], area=True))
    assert out.of("roll")[0].label == "attack roll of B (area, centred on G)"
    assert [(h.target, h.result) for h in out.of("hit")] == [("G", 8), ("K", 8)]
    assert [(m.target, m.result) for m in out.of("miss")] == [("N", 8)]
    assert [(d.target, d.amount) for d in out.of("damage")] == [("G", 3), ("K", 4)]
    notes = [n.text for n in out.of("note")]
    assert "the area attack on the royal guard G also reaches K, the commander behind it" in notes
    assert any(n.startswith("the area attack does not reach F: F is in the air") for n in notes)
    assert out.unit("K").front_life == 6


def test_an_area_attack_elsewhere_spares_the_guarded_commander_and_a_direct_one_is_refused() -> None:
    out = _guarded(attack("B", "N", [8, 1, 3, 10], area=True))  # N takes 3; G, next to N, rolls a 10
    assert [d.target for d in out.of("damage")] == ["N"]
    assert "K is behind its royal guard G: the area attack spares it" in [n.text for n in out.of("note")]
    out = _guarded(attack("B", "K", [8, 1, 3], area=True))
    assert out.of("refused")[0].reason == "K is protected by the royal guard G: eliminate G first"


def test_the_alternation_option_lets_a_side_play_several_cards_in_a_row() -> None:
    actions = [
        INITIATIVE_RED,
        passes("BK"),  # blue plays first although red won the reaction rolls
        passes("RK"),  # red's turn: no ruling needed
        attack("R1", "B1", [8, 1, 1]),  # blue's turn, and red plays: 8 > 1, damage 1
        attack("R2", "B1", [8, 1, 2]),  # red again: damage 2
        attack("R1", "B1", [8, 1, 3]),  # red's new round (RK, R1, R2 have acted), still out of turn: damage 3
        passes("B1"),  # blue's turn: no ruling
        passes("B1"),  # refused: the round rule still holds, B2 has not acted
    ]
    out = run_data(deployed(actions, options={"alternation": "free"}))
    rulings = [(i, e.option, e.value) for i, s in enumerate(out.steps) for e in s.events if e.kind == "ruling"]
    assert rulings == [(step, "alternation", "free") for step in (1, 3, 4, 5)]
    assert out.of("ruling", 4)[0].text == (
        "the players need not alternate: red plays R2's turn although it is blue's (the players "
        "alternate, one card each, and red played the last card)"
    )
    assert out.of("ruling", 1)[0].text.endswith("it is red's (red won the reaction roll and plays the next card)")
    assert [(r.rule, r.reason) for r in out.of("refused")] == [
        ("turn order", "B1 already acted this round; blue must first play B2")
    ]
    assert out.unit("B1").front_life == 10 - 1 - 2 - 3 and out.state.rounds == (2, 1) and out.state.turns == (4, 2)
    strict = run_data(deployed(actions))  # the rule: the same file is refused at its second action
    assert strict.of("refused")[0].reason == "it is red's turn: red won the reaction roll and plays the next card"
    assert strict.of("ruling") == [] and [s.refused for s in strict.steps][:3] == [False, True, False]


def test_the_alternation_option_changes_nothing_where_the_rule_lets_a_side_play_again() -> None:
    units = {"A": card("red", [0, 1]), "A2": card("red", [1, 1]), "B": card("blue", [0, 4], paralysed=True)}
    out = run_data(battle(units, [passes("A"), passes("A2")], options={"alternation": "free"}))
    assert [s.refused for s in out.steps] == [False, False] and out.of("ruling") == []
    assert "blue has no card that can act: red plays again" in [n.text for n in out.of("note")]


@pytest.mark.parametrize(("code", "said"), [("en", "natural 10"), ("es", "10 natural")])
def test_a_reaction_roll_won_by_a_natural_10_says_so_in_the_language(code: str, said: str) -> None:
    from tests.support import speaking

    # blue's natural 10 beats red's 7 (no bonus on either side): the rule is told, in the language spoken
    with speaking(code, "forgod"):
        out = run_data(deployed([{"do": "initiative", "dice": [7, 10]}]))
    check = out.of("opposed_check")[0]
    assert (check.winner, check.rule) == ("blue", said)
