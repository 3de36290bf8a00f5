"""TAB MASTER rules, one mechanism per test, each with the exact dice and the exact outcome."""

from __future__ import annotations

from typing import Any

from tests.tabmaster.helpers import battle, run_data


def unit(side: str, at: list[int], **stats: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"side": side, "at": at, "ATK": 1, "DAN": "1d20", "DEF": 5, "MOV": 1, "HLT": 1}
    base.update(stats)
    return base


def attack(attacker: str, target: str | None = None, dice: list[int] | None = None, **more: Any) -> dict[str, Any]:
    action: dict[str, Any] = {"do": "attack", "attacker": attacker}
    if target is not None:
        action["target"] = target
    if dice is not None:
        action["dice"] = dice
    action.update(more)
    return action


# --- Common -----------------------------------------------------------------------------------------------


def test_common_out_of_reach_is_refused_and_changes_nothing() -> None:
    out = run_data(battle({"A": unit("red", [0, 0], ATK=2), "B": unit("blue", [3, 0])}, [attack("A", "B", [20])]))
    refused = out.of("refused")[0]
    assert refused.reason == "B is 3 squares away; the attack reaches 2 (ATK 2)"
    assert out.of("roll") == [] and out.state == out.scenario.state
    assert out.steps[0].refused


def test_common_height_beyond_hlt_is_refused() -> None:
    out = run_data(
        battle(
            {"A": unit("red", [0, 0], HLT=1), "B": unit("blue", [1, 0])},
            [attack("A", "B", [20])],
            heights=[{"at": [1, 0], "height": 2}],
        )
    )
    assert "2 levels higher or lower; A attacks across at most 1 (HLT 1)" in out.of("refused")[0].reason


def test_common_needs_line_of_sight() -> None:
    out = run_data(
        battle(
            {"A": unit("red", [0, 0], ATK=3), "B": unit("blue", [2, 0])},
            [attack("A", "B", [20])],
            obstacles=[[1, 0]],
        )
    )
    assert out.of("refused")[0].reason.startswith("A cannot see B")


def test_damage_equal_to_def_survives_under_the_rule_text_and_defeats_with_at_least() -> None:
    data = battle({"A": unit("red", [0, 0]), "B": unit("blue", [1, 0], DEF=5)}, [attack("A", "B", [5])])
    greater = run_data(data)
    assert greater.of("damage")[0].rule == "5 does not beat DEF 5: more than 5 needed"
    assert greater.of("survive")[0].unit == "B" and greater.unit("B").on_board
    at_least = run_data(data, defeat_threshold="at_least")
    assert at_least.of("damage")[0].rule == "5 ≥ DEF 5" and at_least.unit("B").defeated


def test_allies_are_not_targets_unless_the_attack_says_all() -> None:
    units = {"A": unit("red", [0, 0]), "F": unit("red", [1, 0])}
    assert (
        "only an (All) or a healing attack aims at allies"
        in run_data(battle(units, [attack("A", "F", [9])])).of("refused")[0].reason
    )
    units["A"]["ATK"] = "1 (Todos)"
    out = run_data(battle(units, [attack("A", "F", [9])]))
    assert out.unit("F").defeated


def test_flipped_unit_cannot_act_until_a_new_round() -> None:
    units = {"A": unit("red", [0, 0]), "B": unit("blue", [1, 0], DEF=50)}
    out = run_data(
        battle(units, [attack("A", "B", [3]), attack("A", "B", [4]), {"do": "new_round"}, attack("A", "B", [5])])
    )
    assert [s.refused for s in out.steps] == [False, True, False, False]
    assert out.of("refused")[0].rule == "flip"
    assert out.of("new_round")[0].ready == ("A",)
    assert [r.total for r in out.of("roll")] == [3, 5]


def test_flip_option_off_lets_a_unit_attack_twice() -> None:
    units = {"A": unit("red", [0, 0]), "B": unit("blue", [1, 0], DEF=50)}
    out = run_data(battle(units, [attack("A", "B", [3]), attack("A", "B", [4])]), flip_blocks_actions=False)
    assert [s.refused for s in out.steps] == [False, False]


def test_a_defeated_unit_cannot_act_later() -> None:
    units = {"A": unit("red", [0, 0]), "B": unit("blue", [1, 0])}
    out = run_data(battle(units, [attack("A", "B", [20]), attack("B", "A", [20])]))
    assert out.of("refused")[0].reason == "B was defeated and has left the board"


def test_move_further_than_mov_is_refused() -> None:
    units = {"A": unit("red", [0, 0], MOV=1), "B": unit("blue", [4, 0])}
    out = run_data(battle(units, [attack("A", "B", [20], move_to=[2, 0])]))
    assert out.of("refused")[0].reason == "A can move 1 square (MOV 1); that move takes 2"


# --- Trample ----------------------------------------------------------------------------------------------


def trampler(**more: Any) -> dict[str, Any]:
    return unit("red", [0, 0], ATK="3 (Atropelamento)", HLT=0, **more)


def test_trample_ends_before_a_last_target_that_survives() -> None:
    units = {"C": trampler(), "S": unit("blue", [2, 0], DEF=9)}
    out = run_data(battle(units, [attack("C", dice=[4], path=[[1, 0], [2, 0], [3, 0]])]))
    assert out.unit("S").on_board and out.unit("C").position == (3, 0)
    units["T"] = unit("blue", [3, 0], DEF=9)
    out = run_data(battle(units, [attack("C", dice=[4, 4], path=[[1, 0], [2, 0], [3, 0]])]))
    assert [d.target for d in out.of("damage")] == ["S", "T"]
    assert out.unit("C").position == (1, 0)


def test_trample_path_follows_the_straight_line_to_the_targets() -> None:
    units = {"C": trampler(), "S": unit("blue", [2, 2], DEF=1)}
    out = run_data(battle(units, [attack("C", "S", [2])]))
    assert out.of("move")[-1].path == ((1, 1), (2, 2))
    assert out.unit("S").defeated and out.unit("C").position == (2, 2)


def test_trample_refuses_paths_that_are_too_long_or_cross_the_unreachable() -> None:
    long = run_data(battle({"C": trampler()}, [attack("C", path=[[1, 0], [2, 0], [3, 0], [4, 0]])]))
    assert "the trample path is 4 squares; C tramples at most 3 (ATK 3)" in long.of("refused")[0].reason
    high = run_data(
        battle(
            {"C": trampler(), "L": unit("blue", [1, 0])},
            [attack("C", path=[[1, 0], [2, 0]])],
            heights=[{"at": [1, 0], "height": 1}],
        )
    )
    assert "with HLT 0 C cannot reach it" in high.of("refused")[0].reason
    ally = run_data(battle({"C": trampler(), "F": unit("red", [1, 0])}, [attack("C", path=[[1, 0], [2, 0]])]))
    assert "an ally the trample may not hit" in ally.of("refused")[0].reason
    gap = run_data(battle({"C": trampler()}, [attack("C", path=[[1, 0], [3, 0]])]))
    assert "is not next to" in gap.of("refused")[0].reason


# --- Projectile -------------------------------------------------------------------------------------------


def archer(**more: Any) -> dict[str, Any]:
    base = unit("red", [0, 0], ATK="1d10 (Projétil: Flecha)", traits=["Arqueiro"], ammunition={"Flecha": 1})
    base.update(more)
    return base


def test_projectile_miss_spends_the_arrow_and_rolls_no_damage() -> None:
    out = run_data(battle({"A": archer(), "B": unit("blue", [5, 0])}, [attack("A", "B", [4])]))
    assert out.of("spend")[0].remaining == 0
    miss = out.of("miss")[0]
    assert (miss.result, miss.needed, miss.rule) == (4, 5, "attack 4 < distance 5")
    assert len(out.of("roll")) == 1 and out.unit("A").flipped


def test_projectile_without_ammunition_is_refused_with_a_tip() -> None:
    out = run_data(
        battle({"A": archer(ammunition={"Flecha": 0}), "B": unit("blue", [2, 0])}, [attack("A", "B", [9, 9])])
    )
    refused = out.of("refused")[0]
    assert refused.reason == "the red army has no Flecha left" and refused.rule == "projectile"


def test_projectile_from_below_loses_the_height_difference() -> None:
    out = run_data(
        battle(
            {"A": archer(), "B": unit("blue", [3, 0])},
            [attack("A", "B", [5, 9])],
            heights=[{"at": [3, 0], "height": 3}],
        )
    )
    modifier = out.of("modifier")[0]
    assert (modifier.amount, modifier.total) == (-3, 2)
    assert out.of("miss")[0].rule == "attack 2 < distance 3"


def test_archer_shoots_unseen_at_minus_10_and_others_cannot() -> None:
    board = {"obstacles": [[1, 0]]}
    out = run_data(battle({"A": archer(), "B": unit("blue", [2, 0])}, [attack("A", "B", [10])], **board))
    modifier = out.of("modifier")[0]
    assert (modifier.amount, modifier.total) == (-10, 0)
    assert out.of("miss")[0].result == 0
    plain = archer(traits=[])
    refused = run_data(battle({"A": plain, "B": unit("blue", [2, 0])}, [attack("A", "B", [10])], **board))
    assert "only archers may shoot unseen" in refused.of("refused")[0].reason


# --- Elements ---------------------------------------------------------------------------------------------


def element_fight(element: str, traits: list[str], dice: list[int], **target: Any) -> Any:
    units = {
        "A": unit("red", [0, 0], ATK=f"1 (Elemento: {element})"),
        "B": unit("blue", [1, 0], traits=traits, **target),
    }
    return run_data(battle(units, [attack("A", "B", dice)]))


def test_fire_adds_20_against_essence_ice() -> None:
    out = element_fight("Fogo", ["Essência: Gelo"], [3], DEF=22)
    bonus = out.of("element_bonus")[0]
    assert (bonus.amount, bonus.total) == (20, 23)
    assert out.unit("B").defeated


def test_ice_bonus_is_20_by_default_and_10_with_the_option() -> None:
    units = {
        "A": unit("red", [0, 0], ATK="1 (Elemento: Gelo)"),
        "B": unit("blue", [1, 0], traits=["Essência: Fogo"]),
    }
    data = battle(units, [attack("A", "B", [1])])
    assert run_data(data).of("element_bonus")[0].amount == 20
    assert run_data(data, ice_bonus=10).of("element_bonus")[0].amount == 10


def test_earth_cannot_harm_a_flyer_and_rolls_nothing() -> None:
    out = element_fight("Terra", ["Voar"], [])
    assert out.of("immune")[0].target == "B" and out.of("roll") == [] and out.unit("B").on_board


def test_air_bonus_applies_once_when_both_conditions_match() -> None:
    out = element_fight("Ar", ["Voar", "Essência: Ar"], [4], DEF=20)
    assert [b.amount for b in out.of("element_bonus")] == [10]
    assert out.of("damage")[0].amount == 14


def test_several_elements_stack() -> None:
    out = element_fight("Fogo, Luz", ["Essência: Gelo", "Morto-Vivo"], [1], DEF=30)
    assert [b.amount for b in out.of("element_bonus")] == [20, 10]
    assert out.of("damage")[0].amount == 31 and out.unit("B").defeated


def test_life_heals_vitality_up_to_its_maximum() -> None:
    out = element_fight("Vida", [], [6], VIT=5, max_vitality=8)
    heal = out.of("heal")[0]
    assert (heal.amount, heal.before, heal.after) == (3, 5, 8)
    assert out.of("damage") == [] and out.unit("B").vitality == 8


def test_life_exceptions_darkness_disease_undead() -> None:
    dark = element_fight("Vida", ["Essência: Escuridão"], [], VIT=5)
    assert dark.of("heal")[0].amount == 0 and dark.of("roll") == []
    sick = element_fight("Vida", ["Essência: Doença"], [4], DEF=13)
    assert sick.of("element_bonus")[0].amount == 10 and sick.of("damage")[0].amount == 14
    assert sick.unit("B").defeated
    undead = element_fight("Vida", ["Morto-Vivo"], [], DEF=100)
    assert undead.unit("B").defeated and undead.of("roll") == []


def test_disease_hexes_a_survivor_and_hurts_essence_life_more() -> None:
    units = {
        "A": unit("red", [0, 0], ATK="1 (Elemento: Doença)"),
        "B": unit("blue", [1, 0], DEF=50, traits=["Essência: Vida"]),
    }
    out = run_data(battle(units, [attack("A", "B", [5], hex="Sono")]))
    assert out.of("element_bonus")[0].amount == 10
    status = out.of("status")[0]
    assert (status.unit, status.status) == ("B", "hex: Sono")
    assert out.unit("B").statuses == ("hex: Sono",)


# --- Area, Line, Multiple, Pilgrim, Special ---------------------------------------------------------------


def test_area_hits_every_enemy_in_reach_with_its_own_roll() -> None:
    units = {
        "A": unit("red", [1, 1], ATK="1 (Área)"),
        "B": unit("blue", [0, 0]),
        "C": unit("blue", [2, 2]),
        "F": unit("red", [1, 2]),
        "Far": unit("blue", [3, 3]),
    }
    out = run_data(battle(units, [attack("A", dice=[6, 2])]))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("B", 6), ("C", 2)]
    assert out.unit("B").defeated and out.unit("C").on_board and out.unit("F").on_board


def test_area_with_a_shared_roll() -> None:
    units = {"A": unit("red", [1, 1], ATK="1 (Área)"), "B": unit("blue", [0, 0]), "C": unit("blue", [2, 2])}
    out = run_data(battle(units, [attack("A", dice=[6])]), area_damage="shared")
    assert [(d.target, d.amount) for d in out.of("damage")] == [("B", 6), ("C", 6)]
    assert len(out.of("roll")) == 1


def test_line_restricts_targets_to_its_directions() -> None:
    units = {"A": unit("red", [2, 2], ATK="2 (Linha: Horizontal)"), "B": unit("blue", [2, 3])}
    out = run_data(battle(units, [attack("A", "B", [9])]))
    assert out.of("refused")[0].reason == "B is not on the attack's line (E, W)"


def test_random_line_rolls_a_direction_and_hits_the_nearest_on_it() -> None:
    units = {
        "A": unit("red", [2, 2], ATK="2 (Linha: Aleatório)"),
        "B": unit("blue", [4, 2]),
        "C": unit("blue", [2, 4]),
    }
    out = run_data(battle(units, [attack("A", dice=[3, 9])]))
    assert "direction rolled: 3 = E" in [n.text for n in out.of("note")]
    assert [d.target for d in out.of("damage")] == ["B"]


def test_multiple_makes_separate_attacks_never_summed() -> None:
    units = {"A": unit("red", [0, 0], ATK="1 (Múltiplo x 3)"), "B": unit("blue", [1, 0], DEF=10)}
    out = run_data(battle(units, [attack("A", "B", [6, 7, 8])]))
    assert [d.amount for d in out.of("damage")] == [6, 7, 8]
    assert out.unit("B").on_board


def test_multiple_with_fewer_attacks_and_several_targets() -> None:
    units = {
        "A": unit("red", [1, 1], ATK="1 (Múltiplo x 3)"),
        "B": unit("blue", [0, 0], DEF=1),
        "C": unit("blue", [2, 2], DEF=1),
    }
    out = run_data(battle(units, [attack("A", targets=["B", "C"], dice=[2, 3])]))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("B", 2), ("C", 3)]
    too_many = run_data(battle(units, [attack("A", "B", [2] * 4, times=4)]))
    assert "allows 3 attacks" in too_many.of("refused")[0].reason


def test_pilgrim_chains_random_lines_from_the_last_square_hit() -> None:
    units = {
        "A": unit("red", [0, 0], ATK="2 (Peregrino x 2)"),
        "B": unit("blue", [2, 0], DEF=1),
        "C": unit("blue", [2, 2], DEF=1),
    }
    out = run_data(battle(units, [attack("A", dice=[3, 5, 1, 6])]))
    directions = [r.total for r in out.of("roll") if "direction" in r.label]
    assert directions == [3, 1]
    assert [(d.target, d.amount) for d in out.of("damage")] == [("B", 5), ("C", 6)]


def test_special_shows_its_text_and_applies_the_tables_outcome() -> None:
    units = {
        "A": unit("red", [0, 0], ATK="1 (Especial: the target is turned to stone)"),
        "B": unit("blue", [1, 0], DEF=50),
    }
    action = attack("A", "B", [3], special_outcome={"defeated": ["B"], "note": "stone"})
    out = run_data(battle(units, [action]))
    assert "Special: the target is turned to stone" in out.of("note")[0].text
    assert out.unit("B").defeated


def test_vitality_loses_the_excess_and_falls_at_zero() -> None:
    units = {"A": unit("red", [0, 0]), "B": unit("blue", [1, 0], DEF=5, VIT=4)}
    out = run_data(battle(units, [attack("A", "B", [8]), {"do": "new_round"}, attack("A", "B", [6])]))
    first, second = out.of("damage")
    assert (first.lost, first.left, first.defeats) == (3, 1, False)
    assert (second.lost, second.left, second.defeats) == (1, 0, True)
    assert out.unit("B").defeated


def test_a_life_attack_may_heal_a_named_ally_but_an_area_life_attack_skips_allies() -> None:
    units = {"H": unit("red", [0, 0], ATK="1 (Elemento: Vida)"), "F": unit("red", [1, 0], VIT=2, max_vitality=6)}
    out = run_data(battle(units, [attack("H", "F", [3])]))
    assert out.of("heal")[0].after == 5 and out.unit("F").vitality == 5
    units["H"]["ATK"] = "1 (Elemento: Vida) (Área)"
    units["E"] = unit("blue", [0, 1], DEF=9, VIT=1, max_vitality=4)
    area = run_data(battle(units, [attack("H", dice=[2])]))
    assert [h.unit for h in area.of("heal")] == ["E"]


def test_manhattan_metric_counts_a_diagonal_as_two_and_moves_across_sides() -> None:
    units = {"A": unit("red", [0, 0], ATK=2, MOV=2), "B": unit("blue", [1, 1])}
    chebyshev = run_data(battle(units, [attack("A", "B", [9])]))
    assert chebyshev.unit("B").defeated
    units = {"A": unit("red", [0, 0], ATK=1, MOV=2), "B": unit("blue", [2, 1])}
    manhattan = run_data(battle(units, [attack("A", "B", [9], move_to=[1, 1])]), distance="manhattan")
    move = manhattan.of("move")[0]
    assert len(move.path) == 2 and all(
        abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(((0, 0), *move.path), move.path, strict=False)
    )
    diagonal = run_data(battle(units, [attack("A", "B", [9], move_path=[[1, 1]])]), distance="manhattan")
    assert "diagonal" in diagonal.of("refused")[0].reason


def test_a_multiple_trample_makes_one_pass_per_path() -> None:
    units = {
        "C": unit("red", [0, 0], ATK="2 (Atropelamento) (Múltiplo x 2)", HLT=0),
        "S": unit("blue", [1, 0], DEF=1),
        "T": unit("blue", [2, 1], DEF=1),
    }
    out = run_data(battle(units, [attack("C", dice=[5, 6], paths=[[[1, 0], [2, 0]], [[2, 1], [2, 2]]])]))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("S", 5), ("T", 6)]
    # each pass defeats its target, so it ends on that target's square, not past it (ruling trample_end)
    assert [m.destination for m in out.of("move")] == [(1, 0), (2, 1)]
    old = run_data(
        battle(units, [attack("C", dice=[5, 6], paths=[[[1, 0], [2, 0]], [[2, 1], [2, 2]]])]), trample_end="path_end"
    )
    assert [m.destination for m in old.of("move")] == [(2, 0), (2, 2)]
    too_many = run_data(battle(units, [attack("C", paths=[[[1, 0]], [[2, 1]], [[2, 2]]])]))
    assert "3 trample paths given; this trample makes 2 passes" in too_many.of("refused")[0].reason


def test_a_move_action_moves_and_flips_the_unit() -> None:
    units = {"A": unit("red", [0, 0], MOV=2)}
    out = run_data(
        battle(units, [{"do": "move", "unit": "A", "to": [2, 0]}, {"do": "move", "unit": "A", "to": [3, 0]}])
    )
    assert out.unit("A").position == (2, 0) and out.unit("A").flipped
    assert out.of("refused")[0].rule == "flip"
