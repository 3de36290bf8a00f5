"""Issue 16: partial resolution when a status has nowhere to go, costs and sequences on faces, heals, an
adventurer's prevention, fatigue dice on the cooldown track, and turns that can be played one after another.

Dice values are FACE NUMBERS: of the sample dice (see test_rules.py), or of the dice each test defines."""

from __future__ import annotations

from typing import Any

from tests.botse.helpers import adventurer, battle, engage, run_data

FROST = {
    "Frost": {
        "stat": "magicka",
        "dice": {
            "Ice": {
                "faces": [
                    {"status": "Chilled", "text": "slow it", "code": "status"},  # 1
                    {"prevent": 1, "status": "Warded", "code": "status"},  # 2
                    {"damage": 2, "status": "Chilled", "code": "instant"},  # 3
                    {"damage": 3, "cost": {"tenacity": 1}},  # 4: pay 1 tenacity to deal 3
                    {"damage": 1, "then": {"status": "Chilled"}},  # 5: deal 1, then chill
                    {"cost": {"health": 2}, "then": {"heal": 5}},  # 6: pay 2 Health, then heal 5
                    {"heal": 3},  # 7
                    {"cost": {"tenacity": 1}, "damage": 2},  # 8: the cost and a target-needing part
                ]
            }
        },
    }
}


def frosty(**stats: Any) -> dict[str, dict[str, Any]]:
    return {"Ayrenn": adventurer(dice=["Ice", "Ice"], form="magic", **stats)}


def run(actions: list[dict[str, Any]], adventurers: dict[str, Any] | None = None, **options: Any) -> Any:
    data = battle(actions, adventurers=adventurers or frosty(), skill_lines=FROST)
    return run_data(data, **options)


def done(out: Any) -> list[str]:
    return [e.done for e in out.of("die_result")]


# --- the crash: a status face with something else on it and nowhere to put the status ----------------------


def test_a_status_face_without_a_target_does_the_rest_and_is_exhausted() -> None:
    out = run([engage(["Ice"], [1], target=None)])
    assert not out.steps[0].refused
    assert done(out) == ["apply by hand: slow it (skipped: status Chilled: no unit or hex to place it on)"]
    assert out.places() == [(1, "exhausted", 1)]
    assert [(r.option, r.value) for r in out.of("ruling")] == [("status_nowhere", "exhaust")]
    assert out.of("status") == []


def test_a_status_face_rolled_outside_battle_prevents_and_is_exhausted() -> None:
    out = run([{"do": "roll_skill_dice", "adventurer": "Ayrenn", "gather": ["Ice"], "dice": [2]}])
    assert done(out) == ["Ayrenn prevents 1 (skipped: status Warded: no unit or hex to place it on)"]
    assert out.places() == [(1, "exhausted", 1)]


def test_under_not_resolved_the_whole_status_face_is_left_unresolved() -> None:
    out = run([engage(["Ice"], [1], target=None)], status_nowhere="not_resolved")
    assert done(out) == []
    assert out.places() == [(1, "exhausted", 1)]
    assert out.of("die_placed")[0].reason == "not resolved"


def test_a_status_on_a_face_with_another_code_still_lands_on_the_target() -> None:
    out = run([engage(["Ice"], [3])])
    assert [(s.unit, s.status) for s in out.of("status")] == [("Draugr", "Chilled")]
    assert out.unit("Draugr").statuses == ("Chilled",) and out.unit("Draugr").health == 18
    assert out.places() == [(1, "exhausted", 1)]


# --- costs and sequences ------------------------------------------------------------------------------------


def test_a_face_cost_paid_in_full_applies_the_face() -> None:
    out = run([engage(["Ice"], [4])], adventurers=frosty(tenacity=1))
    assert [(s.resource, s.amount, s.remaining) for s in out.of("spend")] == [("tenacity", 1, 0)]
    assert out.unit("Draugr").health == 17 and out.unit("Ayrenn").tenacity == 0


def test_a_face_cost_that_cannot_be_paid_does_nothing() -> None:
    out = run([engage(["Ice"], [4])], adventurers=frosty(tenacity=0))
    assert out.of("spend") == [] and out.of("damage") == []
    assert out.unit("Draugr").health == 20
    assert out.places() == [(1, "exhausted", 1)] and out.of("die_placed")[0].reason == "not resolved"
    assert "its cost (1 tenacity) cannot be paid in full: 1 tenacity needed, Ayrenn has 0" in out.of("note")[0].text


def test_no_cost_is_paid_when_nothing_else_on_the_face_can_be_done() -> None:
    # face 8: pay 1 tenacity to deal 2 damage, but no target is declared: the result is not resolved
    out = run([engage(["Ice"], [8], target=None)], adventurers=frosty(tenacity=1))
    assert out.of("spend") == [] and out.unit("Ayrenn").tenacity == 1
    assert out.of("die_placed")[0].reason == "not resolved"


def test_then_applies_only_when_the_part_before_it_was_done() -> None:
    out = run([engage(["Ice"], [5])])
    assert out.unit("Draugr").statuses == ("Chilled",) and out.unit("Draugr").health == 19
    # out of range (magic reaches 2 hexes): no damage, so no chill either — and nothing else, so not resolved
    far = battle(
        [engage(["Ice"], [5])],
        adventurers=frosty(),
        enemies={"Draugr": {"at": [3, 0], "health": 20}},
        skill_lines=FROST,
    )
    out = run_data(far)
    assert out.steps[0].refused  # declared out of range: refused at step 3
    out = run([engage(["Ice"], [5], target=None)])
    assert out.of("status") == [] and done(out) == []
    assert "then status Chilled: not done, as the part before it was not done in full" in out.of("note")[0].text


def test_a_cost_then_a_heal_up_to_the_starting_health() -> None:
    # face 6: pay 2 Health, then heal 5 — from 8 (of 10): 6 after the cost, 10 after the heal (capped at 10)
    out = run([engage(["Ice"], [6], target=None)], adventurers=frosty(health=8, max_health=10))
    heal = out.of("heal")[0]
    assert (heal.before, heal.after, heal.amount) == (6, 10, 4)
    assert out.unit("Ayrenn").health == 10


def test_a_heal_face_restores_health_capped_at_the_starting_health() -> None:
    out = run([engage(["Ice"], [7], target=None)], adventurers=frosty(health=9))
    assert [(h.before, h.after) for h in out.of("heal")] == [(9, 9)]  # max_health defaults to the starting 9
    out = run([engage(["Ice"], [7], target=None)], adventurers=frosty(health=4, max_health=10))
    assert [(h.before, h.after) for h in out.of("heal")] == [(4, 7)]


# --- an adventurer's prevention ----------------------------------------------------------------------------


def weapon_break() -> dict[str, Any]:
    skill = {"name": "Weapon Break", "when": "engaged", "effect": {"damage": 3}}
    return {"Draugr": {"at": [1, 0], "health": 20, "skills": [skill]}}


def test_prevention_in_an_active_slot_reduces_damage_dealt_to_the_adventurer_later() -> None:
    # Restoration face 1: prevent 2, active slot. Weapon Break then deals 3: 2 prevented, 1 Health lost.
    adv = {"Ayrenn": adventurer(dice=["Restoration"])}
    action = engage(["Restoration"], [1])
    out = run_data(battle([action], adventurers=adv, enemies=weapon_break()))
    assert out.of("damage")[-1].amount == 1 and out.unit("Ayrenn").health == 9
    assert out.unit("Ayrenn").active == () and out.unit("Ayrenn").cooldown[0] == "Restoration"
    recorded = run_data(battle([action], adventurers=adv, enemies=weapon_break()), adventurer_prevention="record")
    assert recorded.unit("Ayrenn").health == 7 and len(recorded.unit("Ayrenn").active) == 1


# --- fatigue dice, several turns, movement, defeated targets --------------------------------------------------


def test_an_engage_whose_fatigue_finds_no_room_on_the_track_is_refused() -> None:
    adv = {"Ayrenn": adventurer(dice=["Combat", "Combat"], cooldown_slots=1)}
    data = battle([engage(["Combat"], [1]), engage(["Combat"], [1])], adventurers=adv)
    out = run_data(data)
    assert not out.steps[0].refused and out.steps[1].refused
    assert out.of("refused")[0].reason == (
        "Ayrenn cannot receive 1 light fatigue die (engage 2 this turn): the cooldown track has 0 open slot(s)"
    )
    counted = run_data(data, fatigue="counter")
    assert not counted.steps[1].refused and counted.unit("Ayrenn").light_fatigue == 1


def test_end_turn_recovers_cooldown_stat_dice_from_the_left() -> None:
    adv = {
        "Ayrenn": adventurer(dice=[], cooldown=["Combat", "light fatigue", "Sword"], cooldown_stat=2, light_fatigue=1)
    }
    out = run_data(battle([{"do": "end_turn", "adventurer": "Ayrenn"}], adventurers=adv))
    ayrenn = out.unit("Ayrenn")
    assert ayrenn.available == ("Combat",) and ayrenn.cooldown[:2] == ("Sword", None)
    assert ayrenn.light_fatigue == 0
    kept = run_data(battle([{"do": "end_turn", "adventurer": "Ayrenn"}], adventurers=adv), recovery="none")
    assert kept.unit("Ayrenn").cooldown[:3] == ("Combat", "(light fatigue)", "Sword")


def test_a_second_turn_can_be_played_after_end_turn() -> None:
    adv = {"Ayrenn": adventurer(dice=["Combat"], cooldown_stat=1)}
    actions = [engage(["Combat"], [3]), {"do": "end_turn", "adventurer": "Ayrenn"}, engage(["Combat"], [3])]
    out = run_data(battle(actions, adventurers=adv))
    assert not any(step.refused for step in out.steps)
    assert out.unit("Draugr").health == 16 and [e.amount for e in out.of("light_fatigue")] == [0, 0]


def test_a_move_goes_up_to_stamina_hexes_through_open_hexes() -> None:
    adv = {"Ayrenn": adventurer(stamina=2)}
    far = run_data(battle([{"do": "move", "adventurer": "Ayrenn", "to": [3, 0]}], adventurers=adv, enemies={}))
    assert far.of("refused")[0].reason == (
        "[3, 0] is 3 hexes away by the shortest open path; Ayrenn moves up to 2 (Stamina)"
    )
    near = run_data(battle([{"do": "move", "adventurer": "Ayrenn", "to": [2, 0]}], adventurers=adv, enemies={}))
    assert near.unit("Ayrenn").position == (2, 0)
    # [1, 0] blocked and [1, -1] taken: the way round is 3 hexes
    around = battle(
        [{"do": "move", "adventurer": "Ayrenn", "to": [2, 0]}],
        adventurers=adv,
        enemies={"Rat": {"at": [1, -1], "health": 1}},
        blocked=[[1, 0]],
    )
    assert "3 hexes away" in run_data(around).of("refused")[0].reason
    assert run_data(around, movement="unchecked").unit("Ayrenn").position == (2, 0)


def test_a_target_defeated_in_the_engage_does_not_use_its_damaged_skill() -> None:
    skill = {"name": "Spite", "when": "damaged", "effect": {"damage": 2}}
    enemies = {"Draugr": {"at": [1, 0], "health": 2, "skills": [skill]}}
    data = battle([engage(["Combat"], [3])], enemies=enemies)
    out = run_data(data)
    assert out.unit("Draugr").defeated and out.unit("Ayrenn").health == 10
    assert [(r.fired, r.reason) for r in out.of("skill_trigger")] == [
        (False, "it was defeated during the engage (ruling defeated_reactions)")
    ]
    assert run_data(data, defeated_reactions="fire_damaged").unit("Ayrenn").health == 8


# --- reactions of adventurers, companions and enemies after an engage ---------------------------------------


def test_an_adventurer_may_react_after_an_engage() -> None:
    # Ayrenn's Combat face 3 deals 2 to the Draugr (Defense 0); Lydia's Follow-up then deals 1 more to the target,
    # only when she chooses it (reactions:); the engage's running total already lowered nothing (Defense 0).
    follow_up = {"name": "Follow-up", "when": "after_engage", "effect": {"damage": 1, "to": "target"}}
    adventurers = {
        "Ayrenn": adventurer(dice=["Combat"]),
        "Lydia": adventurer(at=[-1, 0], skills=[follow_up]),
    }
    used = run_data(battle([engage(["Combat"], [3], reactions=["Lydia"])], adventurers=adventurers))
    assert [(d.attacker, d.target, d.amount) for d in used.of("damage")] == [
        ("Ayrenn", "Draugr", 2),
        ("Lydia", "Draugr", 1),
    ]
    assert used.unit("Draugr").health == 17
    unused = run_data(battle([engage(["Combat"], [3])], adventurers=adventurers))
    assert unused.unit("Draugr").health == 18
    assert [(r.unit, r.fired) for r in unused.of("skill_trigger")] == [("Lydia", False)]


def test_an_enemy_must_use_its_after_engage_skill_unless_defeated() -> None:
    howl = {"name": "Howl", "when": "after_engage", "effect": {"light_fatigue": 1}}
    enemies = {"Draugr": {"at": [1, 0], "health": 20}, "Wolf": {"at": [-2, 0], "health": 1, "skills": [howl]}}
    out = run_data(battle([engage(["Combat"], [3])], enemies=enemies))
    assert [(r.unit, r.fired) for r in out.of("skill_trigger")] == [("Wolf", True)]
    assert out.unit("Ayrenn").light_fatigue == 1 and out.unit("Ayrenn").cooldown[1] == "(light fatigue)"


def test_an_item_counts_free_enemy_dice_as_combat_dice() -> None:
    # 1 damage per combat die: one Combat die and one free enemy die are 2 combat dice → 2 damage from the item,
    # after the dice's own (face 5 blank, enemy face 4 blank).
    item = {"Gauntlet": {"forms": ["light_weapon"], "ability": {"damage_per_combat_die": 1}}}
    adv = {"Ayrenn": adventurer(dice=["Combat"], items=item)}
    out = run_data(battle([engage(["Combat"], [5, 4], item="Gauntlet", free_dice=1)], adventurers=adv))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("Draugr", 2)]
    assert "1 damage per combat die × 2 combat dice in the roll (free dice included)" in out.of("die_result")[-1].done


# --- more than one target, when an ability says so -------------------------------------------------------------


def cleave_battle(action: dict[str, Any]) -> dict[str, Any]:
    item = {"Cleaver": {"forms": ["light_weapon"], "ability": {"damage": 1, "targets": 2}}}
    skill = {"name": "Weapon Break", "when": "engaged", "effect": {"damage": 1}}
    enemies = {
        "Draugr": {"at": [1, 0], "health": 20, "skills": [skill]},
        "Rat": {"at": [0, 1], "health": 5, "skills": [skill]},
    }
    adv = {"Ayrenn": adventurer(dice=["Combat", "Combat"], items=item)}
    return battle([action], adventurers=adv, enemies=enemies)


def test_an_item_that_names_two_targets_lets_the_engage_declare_both() -> None:
    # Combat face 3 = 2 damage. Die 1 aims at the first target (Draugr), die 2 at the Rat (target: Rat); the
    # Cleaver's 1 damage goes to each; both targets were engaged, so both Weapon Breaks hit Ayrenn for 1.
    action = engage(
        ["Combat", "Combat"],
        [3, 3],
        target=None,
        targets=["Draugr", "Rat"],
        item="Cleaver",
        resolve=[1, {"die": 2, "target": "Rat"}, "item"],
    )
    out = run_data(cleave_battle(action))
    assert [(d.target, d.amount) for d in out.of("damage")] == [
        ("Draugr", 2),
        ("Rat", 2),
        ("Draugr", 1),
        ("Rat", 1),
        ("Ayrenn", 1),
        ("Ayrenn", 1),
    ]
    assert out.unit("Draugr").health == 17 and out.unit("Rat").health == 2 and out.unit("Ayrenn").health == 8


def test_two_targets_without_an_ability_that_allows_them_are_refused() -> None:
    out = run_data(cleave_battle(engage(["Combat"], [3], target=None, targets=["Draugr", "Rat"])))
    assert out.of("refused")[0].reason == (
        "2 targets declared: an engage has one target unless an ability says otherwise, and no item is chosen (item:)"
    )
    aimed_elsewhere = engage(["Combat"], [3], resolve=[{"die": 1, "target": "Rat"}])
    out = run_data(cleave_battle(aimed_elsewhere))
    assert out.of("refused")[0].reason == "resolve: Rat is not a declared target of this engage (declared: Draugr)"
