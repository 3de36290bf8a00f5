"""F0R60D rules, one mechanism per test, each with the exact dice and the exact outcome."""

from __future__ import annotations

import pytest

from tabroll.errors import InputError
from tests.forgod.helpers import attack, battle, card, run_data

PASS_B = {"do": "move", "unit": "B"}  # blue plays a turn without moving: the players alternate

# --- the attack ---------------------------------------------------------------------------------------------


def test_natural_ten_on_evasion_evades_a_higher_attack() -> None:
    out = run_data(battle({"A": card("red", [0, 1], BA=9), "B": card("blue", [0, 4])}, [attack("A", "B", [9, 10])]))
    miss = out.of("miss")[0]
    assert (miss.result, miss.rule) == (18, "natural 10 on the evasion die: evaded whatever the totals (10 vs 18)")


def test_both_natural_tens_the_defender_evades() -> None:
    out = run_data(battle({"A": card("red", [0, 1]), "B": card("blue", [0, 4])}, [attack("A", "B", [10, 10])]))
    assert out.of("miss")[0].rule == "both natural 10: the defender evades"


def test_damage_never_goes_below_zero() -> None:
    units = {
        "A": card("red", [0, 1]),
        "B": card("blue", [0, 4], **{"Absorción Constante": 9, "absorption_active": True}),
    }
    out = run_data(battle(units, [attack("A", "B", [5, 1, 2])]))
    assert out.totals("damage") == [-7, 0]
    assert out.of("damage")[0].amount == 0 and out.unit("B").front_life == 10


def test_accentless_stat_names_are_accepted() -> None:
    units = {"A": card("red", [0, 1], Dano=3), "B": card("blue", [0, 4], Evasion=2)}
    out = run_data(battle(units, [attack("A", "B", [5, 1, 4])]))
    assert out.totals("evasion roll") == [3] and out.totals("damage") == [7]


def test_fa_attacks_stop_when_the_target_falls() -> None:
    units = {"A": card("red", [0, 1], FA=3, Daño=5), "B": card("blue", [0, 4], PV=9)}
    out = run_data(battle(units, [attack("A", "B", [5, 1, 4, 5, 1, 4])]))
    assert [e.amount for e in out.of("damage")] == [9]
    assert out.unit("B").defeated
    assert [e.text for e in out.of("note") if e.text.startswith("given dice")] == ["given dice not used: 5, 1, 4"]


def test_more_attacks_than_fa_are_refused() -> None:
    out = run_data(battle({"A": card("red", [0, 1]), "B": card("blue", [0, 4])}, [attack("A", "B", [5], times=2)]))
    assert out.of("refused")[0].reason == "A has FA 1; it cannot attack 2 times"


def test_allies_cannot_be_attacked() -> None:
    units = {"A": card("red", [0, 1]), "B": card("red", [1, 1]), "E": card("blue", [0, 4])}
    out = run_data(battle(units, [attack("A", "B", [5])]))
    assert out.of("refused")[0].reason == "A and B are on the same side"


def test_reach_limits_the_attack() -> None:
    units = {"A": card("red", [0, 1], reach=2), "B": card("blue", [0, 4])}
    out = run_data(battle(units, [attack("A", "B", [5])]))
    assert out.of("refused")[0].reason == "B is 3 squares away; A reaches 2"
    assert out.state == out.scenario.state


# --- lines ----------------------------------------------------------------------------------------------------


def test_rear_line_attack_and_damage_minus_two_evasion_plus_four() -> None:
    units = {"A": card("red", [0, 0], BA=1, Daño=1), "B": card("blue", [0, 5], Evasión=1)}
    out = run_data(battle(units, [attack("A", "B", [8, 1, 5])]))
    assert out.reasons() == [
        ("attack roll", "BA", 1),
        ("attack roll", "Retaguardia", -2),
        ("evasion roll", "Evasión", 1),
        ("evasion roll", "Retaguardia", 4),
        ("damage", "Daño", 1),
        ("damage", "Retaguardia", -2),
    ]
    assert out.of("damage")[0].amount == 4


def test_a_card_in_the_enemy_field_keeps_the_front_line_until_back_on_its_middle_line() -> None:
    units = {"A": card("red", [0, 2]), "B": card("blue", [4, 4])}
    actions = [
        {"do": "move", "unit": "A", "to": [0, 3]},
        {"do": "move", "unit": "B", "to": [4, 5]},
        {"do": "move", "unit": "A", "to": [0, 2]},
        {"do": "move", "unit": "B", "to": [4, 4]},
        attack("A", "B", [5, 1, 1]),
    ]
    out = run_data(battle(units, actions))
    assert out.steps[2].state.line_of(out.steps[2].state.unit("A")) == "front"
    assert ("attack roll", "Avanzada", 4) in out.reasons()
    notes = [e.text for e in out.of("note")]
    assert "A enters the enemy field and keeps the Avanzada modifiers" in notes
    back = run_data(battle(units, [*actions[:3], actions[3], {"do": "move", "unit": "A", "to": [0, 1]}]))
    assert back.unit("A").invading is False
    assert "A is back on its middle line: no more Avanzada modifiers" in [e.text for e in back.of("note")]


def test_reaching_the_enemy_rear_line_is_noted() -> None:
    units = {"A": card("red", [0, 2], Nivel=3), "B": card("blue", [4, 4])}
    out = run_data(battle(units, [{"do": "move", "unit": "A", "to": [0, 5]}]))
    assert (
        "A reaches the enemy's rear line: blue discards 3 additions (its level) to the Óxido, of its choice, in its "
        "next turn" in [e.text for e in out.of("note")]
    )
    assert out.state.owed_discards == (0, 3)


def test_powers_ignore_formation_lines() -> None:
    units = {"P": card("red", [0, 2], kind="poder"), "B": card("blue", [0, 3])}
    out = run_data(battle(units, [attack("P", "B", [5, 1, 1])]))
    assert ("attack roll", "Avanzada", 4) not in out.reasons()
    assert ("evasion roll", "Avanzada", -2) in out.reasons()


# --- terrain --------------------------------------------------------------------------------------------------


def test_ground_melee_cannot_reach_an_air_card() -> None:
    units = {"A": card("red", [0, 1]), "G": card("blue", [0, 4], Terreno="Aire")}
    out = run_data(battle(units, [attack("A", "G", [5])]))
    assert out.of("refused")[0].rule == "Terreno"


def test_dual_card_shoots_at_an_air_card_at_minus_two_and_air_melee_is_fine() -> None:
    units = {
        "A": card("red", [0, 1], TA="dual"),
        "F": card("red", [1, 1], Terreno="Aire"),
        "G": card("blue", [0, 4], Terreno="Aire"),
    }
    actions = [attack("A", "G", [5, 1, 1]), {"do": "move", "unit": "G"}, attack("F", "G", [5, 1, 1])]
    out = run_data(battle(units, actions))
    assert out.reasons().count(("attack roll", "Tierra contra Aire, a rango", -2)) == 1
    assert out.of("refused") == []


def test_either_terrain_declares_flight_and_ground_cards_cannot() -> None:
    units = {"E": card("blue", [0, 4], Terreno="Cualquiera"), "A": card("red", [0, 1]), "W": card("red", [1, 1])}
    out = run_data(battle(units, [{"do": "move", "unit": "E", "to": [0, 4], "fly": True}, attack("A", "E", [5])]))
    assert out.unit("E").in_air and out.of("refused")[0].rule == "Terreno"
    out = run_data(battle(units, [{"do": "move", "unit": "W", "to": [1, 1], "fly": True}]))
    assert out.of("refused")[0].reason.startswith("W has Terreno ground and cannot choose")


# --- absorption ----------------------------------------------------------------------------------------------


def test_absorption_needs_armour_for_every_card() -> None:
    units = {
        "A": card("red", [0, 1], Daño=5),
        "D": card("blue", [0, 4], cards=2, PV=20, Absorción=3, additions=[{"kind": "armadura", "copies": 1}]),
    }
    out = run_data(battle(units, [attack("A", "D", [5, 1, 5])]))
    assert out.of("damage")[0].amount == 10
    assert out.of("note")[0].text.startswith("D's absorptions are not active")


def test_per_round_absorption_once_then_reset_when_the_side_starts_a_new_round() -> None:
    units = {
        "A": card("red", [0, 1], Daño=5),
        "D": card("blue", [0, 4], PV=50, Absorción=3, absorption_active=True),
    }
    actions = [
        attack("A", "D", [5, 1, 5]),
        attack("D", "A", [1, 9]),
        attack("A", "D", [5, 1, 5]),
        attack("D", "A", [1, 9]),
        attack("A", "D", [5, 1, 5]),
    ]
    out = run_data(battle(units, actions))
    assert [e.amount for e in out.of("damage")] == [7, 10, 7]
    assert [e.round for e in out.of("new_round")] == [2, 2, 3]


def test_keep_absorption_saves_it_for_a_later_hit() -> None:
    units = {"A": card("red", [0, 1], Daño=5), "D": card("blue", [0, 4], PV=50, Absorción=3, absorption_active=True)}
    out = run_data(battle(units, [attack("A", "D", [5, 1, 5], keep_absorption=True)]))
    assert out.of("damage")[0].amount == 10 and not out.unit("D").absorption_used


@pytest.mark.parametrize(
    ("extra", "active"),
    [
        ({"kind": "máquina de guerra"}, False),
        ({"kind": "máquina de guerra", "engineer": True}, True),
        ({"kind": "máquina de guerra", "faction": "Ancestrales"}, True),
        ({"kind": "bestia", "summoner": "S"}, True),
        ({"kind": "bestia", "summoner_fallen": True}, False),  # a battle under way: its summoner fell before
        ({"kind": "bestia", "summoner": "Maga", "summoner_fallen": True, "faction": "Ancestrales"}, True),
        ({"kind": "unidad especial"}, False),  # no armour, no engineer, summoner or commander rule
        ({"kind": "poder"}, False),
        ({"kind": "poder", "side": "blue"}, True),
    ],
)
def test_absorption_activation_by_card_kind(extra: dict, active: bool) -> None:
    extra = dict(extra)
    side = extra.pop("side", "red")
    row = 1 if side == "red" else 4
    units = {
        "X": card(side, [0, row], Absorción=2, **extra),
        "S": card(side, [1, row]),
        "K": card("blue", [2, 5], commander=True),
        "Q": card("blue" if side == "red" else "red", [4, 5 - row], Daño=5),
    }
    out = run_data(battle(units, [attack("Q", "X", [5, 1, 5])]))
    assert out.of("damage")[0].amount == (8 if active else 10)
    assert out.state.unit("X").absorption_used is active


def test_beast_loses_absorption_when_its_summoner_is_gone() -> None:
    units = {
        "X": card("red", [0, 1], kind="bestia", summoner="S", Absorción=2),
        "S": card("red", [1, 1], PV=1),
        "T": card("red", [2, 1]),
        "Q": card("blue", [0, 4], Daño=5, FA=2),
        "R": card("blue", [1, 4], Daño=5),
    }
    actions = [attack("Q", "S", [5, 1, 1]), {"do": "move", "unit": "T"}, attack("R", "X", [5, 1, 5])]
    out = run_data(battle(units, actions))
    assert out.unit("S").defeated and out.of("damage")[-1].amount == 10


def test_literal_absorption_signs() -> None:
    units = {
        "A": card("red", [0, 1], Daño=5),
        "D": card("blue", [0, 3], PV=50, Absorción=1, absorption_active=True),
    }
    default = run_data(battle(units, [attack("A", "D", [5, 1, 5])]))
    literal = run_data(battle(units, [attack("A", "D", [5, 1, 5])]), absorption_sign="literal")
    assert default.of("damage")[0].amount == 10 + 1 + 2  # absorbs -1, constant -2
    assert literal.of("damage")[0].amount == 10 - 3 - 2
    assert literal.of("ruling")[0].value == "literal"


def test_multiplier_order_option() -> None:
    units = {
        "A": card("red", [0, 1], Daño=1),
        "D": card("blue", [0, 4], PV=50, **{"Absorción Constante": 3, "absorption_active": True}),
    }
    first = run_data(battle(units, [attack("A", "D", [10, 1, 4])]))
    second = run_data(battle(units, [attack("A", "D", [10, 1, 4])]), multiplier_order="after_absorption")
    assert first.of("damage")[0].amount == 5 * 2 - 3
    assert second.of("damage")[0].amount == (5 - 3) * 2


# --- detachments ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "cards", "ok"), [(2, 9, True), (2, 10, False), (4, 7, False), (6, 3, True), (7, 2, False)]
)
def test_detachment_size_limits(level: int, cards: int, ok: bool) -> None:
    units = {"D": card("red", [0, 1], Nivel=level, cards=cards), "B": card("blue", [0, 4])}
    if ok:
        assert run_data(battle(units, [])).unit("D").cards == cards
    else:
        with pytest.raises(InputError, match="at most"):
            run_data(battle(units, []))


def test_weapon_needs_a_copy_per_card() -> None:
    units = {
        "D": card("red", [0, 1], cards=3, additions=[{"kind": "arma", "name": "Hacha", "copies": 2, "BA": 2}]),
        "B": card("blue", [0, 4]),
    }
    out = run_data(battle(units, [attack("D", "B", [5, 6])]))
    assert out.of("note")[0].text == "D's weapon Hacha is not active: 2 copies for 3 cards"
    assert out.totals("attack roll") == []


def test_detachment_morale_and_commander_bonus() -> None:
    units = {
        "K": card("red", [0, 0], commander=True, Nivel=9),
        "D": card("red", [1, 1], cards=5, Moral=1),
        "E": card("blue", [0, 4], Moral=3),
    }
    out = run_data(battle(units, [{"do": "check", "stat": "Moral", "attacker": "E", "defender": "D", "dice": [5, 4]}]))
    assert out.totals("Moral roll") == [8, 5, 7, 8]
    assert out.of("opposed_check")[0].winner == "D"


# --- shield and royal guard -----------------------------------------------------------------------------------


def test_shield_rules() -> None:
    units = {"S": card("red", [0, 1]), "P": card("red", [1, 1]), "T": card("red", [3, 1]), "B": card("blue", [0, 4])}
    shield = {"do": "shield", "unit": "S", "protects": "P"}
    out = run_data(battle(units, [shield, attack("S", "B", [5])]))
    assert out.of("refused")[0].reason == "S is the shield of P and cannot attack"
    out = run_data(battle(units, [shield, PASS_B, {"do": "shield", "unit": "P", "protects": "S"}]))
    assert out.of("refused")[0].reason == "S is itself a shield, and a shield cannot be shielded"
    out = run_data(battle(units, [{"do": "shield", "unit": "T", "protects": "S"}]))
    assert out.of("refused")[0].reason == "T must stand next to S to shield it (3 squares apart)"
    out = run_data(
        battle(
            units,
            [
                shield,
                {"do": "release", "unit": "S"},
                PASS_B,
                attack("T", "B", [5, 6]),
                PASS_B,
                attack("P", "B", [5, 6]),
                PASS_B,
                attack("S", "B", [5, 6]),
            ],
        )
    )
    assert out.of("refused") == [] and out.state.shields == ()


def test_royal_guard_protects_the_commander() -> None:
    units = {"K": card("red", [2, 0], commander=True), "G": card("red", [2, 1]), "B": card("blue", [2, 4])}
    out = run_data(battle(units, [{"do": "royal_guard", "unit": "G", "commander": "K"}, attack("B", "K", [5])]))
    assert out.of("refused")[0].reason == "K is protected by the royal guard G: eliminate G first"
    out = run_data(battle(units, [{"do": "royal_guard", "unit": "G", "commander": "K", "move_to": [1, 1]}]))
    assert out.of("refused")[0].reason == "the royal guard stands on the square just in front of K, [2, 1]"


# --- charge, cover, flank ----------------------------------------------------------------------------------


def _charge_units(**charger: object) -> dict[str, dict]:
    return {
        "C": card("red", [0, 2], BA=2, Daño=2, **charger),
        "V": card("blue", [0, 3], PV=30, BA=1),
        "W": card("blue", [4, 4]),
    }


def test_only_melee_or_dual_cards_charge() -> None:
    out = run_data(battle(_charge_units(TA="rango"), [{"do": "charge", "charger": "C", "target": "V"}]))
    assert out.of("refused")[0].reason == "C attacks only at range; only melee or dual cards charge"


def test_charge_timing() -> None:
    charge = {"do": "charge", "charger": "C", "target": "V"}
    early = run_data(battle(_charge_units(), [charge, {"do": "charge_impact", "charger": "C", "dice": [5, 1, 1]}]))
    assert early.of("refused")[0].rule == "charge timing"
    busy = run_data(battle(_charge_units(), [charge, {"do": "move", "unit": "C", "to": [1, 2]}]))
    assert busy.of("refused")[0].reason == "C is charging V and cannot act until the charge hits"
    due = {"do": "move", "unit": "W", "to": [4, 5]}
    late = run_data(
        battle({**_charge_units(), "D": card("red", [3, 1])}, [charge, due, {"do": "move", "unit": "D", "to": [3, 0]}])
    )
    assert late.of("refused")[0].reason == "C's charge on V hits at the start of this turn of red"


def test_charge_that_lands_doubles_damage() -> None:
    actions = [{"do": "charge", "charger": "C", "target": "V"}, {"do": "move", "unit": "W", "to": [4, 5]}]
    actions.append({"do": "charge_impact", "charger": "C", "dice": [5, 1, 5]})
    out = run_data(battle(_charge_units(), actions))
    assert out.reasons("multiplier") == [("damage", "Carga", 2)]
    assert out.of("damage")[0].amount == 14 and out.state.charges == ()


def test_victim_out_of_reach_makes_the_charge_fail_and_counterattack() -> None:
    actions = [
        {"do": "charge", "charger": "C", "target": "V"},
        {"do": "move", "unit": "V", "to": [3, 4]},
        {"do": "charge_impact", "charger": "C", "dice": [5, 1, 5]},
    ]
    out = run_data(battle(_charge_units(reach=1), actions))
    notes = [e.text for e in out.of("note")]
    assert "V left C's attack area before the impact: the charge fails" in notes
    assert ("attack roll", "Contraataque", 2) in out.reasons()
    assert out.of("damage")[0].target == "C" and out.of("damage")[0].amount == 5


@pytest.mark.parametrize(("floor", "refused"), [(0, True), (1, False)])
def test_cover_charge_can_leave_an_attacker_without_attacks(floor: int, refused: bool) -> None:
    units = {**_charge_units(), "K": card("red", [1, 1])}
    actions = [
        {"do": "charge", "charger": "C", "target": "V", "cover": "K"},
        attack("W", "C", [5, 1, 5]),
    ]
    out = run_data(battle(units, actions), cover_fa_floor=floor)
    assert bool(out.of("refused")) is refused
    if refused:
        assert out.of("refused")[0].reason == "W has FA 0 against C: no attack"


def test_cover_must_be_within_two_squares_and_cannot_attack() -> None:
    units = {**_charge_units(), "K": card("red", [4, 0]), "N": card("red", [1, 1])}
    out = run_data(battle(units, [{"do": "charge", "charger": "C", "target": "V", "cover": "K"}]))
    assert out.of("refused")[0].reason == "K is 4 squares from C; a cover stays within 2"
    out = run_data(
        battle(units, [{"do": "charge", "charger": "C", "target": "V", "cover": "N"}, attack("N", "V", [5])])
    )
    assert out.of("refused")[0].reason == "N covers the charge of C and cannot attack while it lasts"


def test_failed_flank_gives_a_counterattack() -> None:
    units = {"F": card("red", [0, 2], Fortaleza=1), "T": card("blue", [0, 3], Fortaleza=2, Daño=1)}
    out = run_data(battle(units, [{"do": "flank", "flanker": "F", "target": "T", "dice": [5, 4, 3, 1, 6]}]))
    assert out.of("opposed_check")[0].winner == "T"
    assert ("attack roll", "Contraataque", 2) in out.reasons()
    assert out.unit("F").front_life == 10 - 7


def test_flank_penalties_always_option() -> None:
    units = {"F": card("red", [0, 1], Absorción=2, absorption_active=True), "T": card("blue", [0, 4], Daño=1)}
    flank = {"do": "flank", "flanker": "F", "target": "T", "dice": [1, 5, 3, 1, 6]}
    out = run_data(battle(units, [flank]), flank_penalties="always")
    assert ("evasion roll", "flanqueando", -4) in out.reasons()
    assert out.unit("F").front_life == 10 - 7
    default = run_data(battle(units, [flank]))
    assert default.unit("F").front_life == 10 - 5


def test_charge_flank_stack_option() -> None:
    actions = [
        {"do": "charge", "charger": "C", "target": "V", "flank": True, "dice": [9, 1]},
        {"do": "move", "unit": "W", "to": [4, 5]},
        {"do": "charge_impact", "charger": "C", "dice": [5, 1, 5]},
    ]
    stated = run_data(battle(_charge_units(), actions))
    stacked = run_data(battle(_charge_units(), actions), charge_flank_bonus="stack")
    assert stated.of("damage")[0].amount == (5 + 2) * 3
    assert stacked.of("damage")[0].amount == (5 + 2 + 4) * 3
    assert ("attack roll", "Flanqueo", 4) in stacked.reasons()


def test_failed_flank_charge_puts_no_charge_under_way() -> None:
    actions = [{"do": "charge", "charger": "C", "target": "V", "flank": True, "dice": [1, 9, 1, 10]}]
    out = run_data(battle(_charge_units(), actions))
    assert out.state.charges == () and ("attack roll", "Contraataque", 2) in out.reasons()


# --- turns and initiative ------------------------------------------------------------------------------------


def test_a_card_acts_again_only_after_its_side_acted() -> None:
    units = {"A": card("red", [0, 1]), "A2": card("red", [1, 1]), "B": card("blue", [0, 4], PV=99)}
    out = run_data(battle(units, [attack("A", "B", [1, 9]), PASS_B, attack("A", "B", [1, 9])]))
    assert out.of("refused")[0].reason == "A already acted this round; red must first play A2"


def test_initiative_natural_ten_wins() -> None:
    units = {"K": card("red", [0, 0], commander=True, Reacción=5), "Q": card("blue", [0, 5], commander=True)}
    out = run_data(battle(units, [{"do": "initiative", "dice": [9, 10]}]))
    assert out.of("opposed_check")[0].winner == "blue" and out.state.first == "blue"


def test_a_move_may_bring_the_target_in_reach() -> None:
    units = {"A": card("red", [0, 1], reach=1, movement=1), "B": card("blue", [0, 3])}
    out = run_data(battle(units, [attack("A", "B", [5, 1, 1], move_to=[0, 2])]))
    assert out.of("refused") == [] and out.of("hit")


def test_a_shield_that_moves_away_stops_protecting() -> None:
    units = {"S": card("red", [0, 1]), "P": card("red", [1, 1]), "B": card("blue", [0, 4])}
    actions = [{"do": "shield", "unit": "S", "protects": "P"}, PASS_B, {"do": "move", "unit": "P", "to": [3, 1]}]
    out = run_data(battle(units, actions))
    assert out.state.shields == () and "S is no longer next to P: the shield ends" in [e.text for e in out.of("note")]


def test_a_charge_moves_at_most_twice_the_tactical_movement() -> None:
    units = _charge_units(movement=1)
    units["V"]["at"] = [2, 4]
    out = run_data(battle(units, [{"do": "charge", "charger": "C", "target": "V", "move_to": [2, 3]}]))
    assert out.of("refused") == []
    out = run_data(battle(units, [{"do": "charge", "charger": "C", "target": "V", "move_to": [3, 3]}]))
    assert out.of("refused")[0].reason == "C would move 3 squares; it may move 2 (charge (twice the tactical move))"


def test_only_an_air_card_shares_a_square() -> None:
    units = {"A": card("red", [0, 1]), "G": card("red", [1, 1], Terreno="Aire"), "B": card("blue", [0, 4])}
    out = run_data(
        battle(units, [{"do": "move", "unit": "G", "to": [0, 1]}, {"do": "move", "unit": "B", "to": [0, 3]}])
    )
    assert out.unit("G").position == (0, 1) and out.of("refused") == []
    out = run_data(battle(units, [{"do": "move", "unit": "A", "to": [1, 1]}]))
    assert out.of("refused") == []
    units["G"]["Terreno"] = "Tierra"
    out = run_data(battle(units, [{"do": "move", "unit": "A", "to": [1, 1]}]))
    assert out.of("refused")[0].reason == "[1, 1] is taken by G"
