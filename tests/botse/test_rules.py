"""BotSE engage rules, one mechanism per test, with the exact faces given and the exact outcome.

Dice values are FACE NUMBERS of the illustrative sample dice (rulesets/botse/sample_dice.yaml):
Combat [1 dmg, 1 dmg, 2 dmg, tenacity, blank, 1 dmg cooldown]; Sword (light weapon) [2, 1 cooldown, tenacity,
blank, 3 drained, 1]; Bow (ranged) [2, 1 + splash 1, tenacity, blank, 1, status Marked]; Fire Staff (magic)
[2, 3 cooldown, 1 + status Burning, tenacity, blank, 2 drained]; Restoration [prevent 2 active, text, tenacity,
blank, prevent 1 active, text]; Enemy Combat [1, 1, 2, blank, blank, 1].
"""

from __future__ import annotations

from typing import Any

from tests.botse.helpers import adventurer, battle, engage, run_data


def one(action: dict[str, Any], **kw: Any) -> Any:
    return run_data(battle([action], **kw))


def refusal(out: Any) -> str:
    assert out.steps[-1].refused, out.events
    return str(out.of("refused")[-1].reason)


# --- step 1: fatigue --------------------------------------------------------------------------------------


def test_a_granted_engage_gains_no_fatigue_and_is_not_counted() -> None:
    out = run_data(battle([engage(["Combat"], [1]), engage(["Combat"], [1], granted=True)]))
    assert [e.amount for e in out.of("light_fatigue")] == [0, 0]
    assert "granted_engage_fatigue" in [r.option for r in out.of("ruling")]
    assert out.unit("Ayrenn").engages == 1 and out.unit("Ayrenn").light_fatigue == 0


def test_a_granted_engage_gains_fatigue_under_the_same_option() -> None:
    data = battle([engage(["Combat"], [1]), engage(["Combat"], [1], granted=True)])
    out = run_data(data, granted_engage_fatigue="same")
    assert [e.amount for e in out.of("light_fatigue")] == [0, 1]


def test_engages_already_done_this_turn_count_from_the_scenario() -> None:
    adv = {"Ayrenn": adventurer(dice=["Combat"], engages=2, light_fatigue=1)}
    out = one(engage(["Combat"], [1]), adventurers=adv)
    fatigue = out.of("light_fatigue")[0]
    assert (fatigue.amount, fatigue.total, fatigue.reason) == (1, 2, "engage 3 this turn")


# --- step 2: battle form and range ------------------------------------------------------------------------


def test_heavy_weapon_reaches_adjacent_units_only() -> None:
    enemies = {"Draugr": {"at": [2, 0], "health": 5}}
    out = one(engage(["Combat"], [1], form="heavy_weapon"), enemies=enemies)
    assert refusal(out) == "Draugr is 2 hexes away; heavy_weapon form reaches adjacent units only"


def test_magic_reaches_up_to_magicka_hexes() -> None:
    enemies = {"Draugr": {"at": [3, 0], "health": 5}}
    out = one(engage([], [], form="magic"), enemies=enemies)
    assert refusal(out) == "Draugr is 3 hexes away; magic form reaches 2 (Magicka)"


def test_ranged_reaches_up_to_stamina_hexes() -> None:
    enemies = {"Draugr": {"at": [3, 0], "health": 5}}
    adv = {"Ayrenn": adventurer(stamina=2, dice=["Bow"])}
    out = one(engage(["Bow"], [1], form="ranged"), enemies=enemies, adventurers=adv)
    assert refusal(out) == "Draugr is 3 hexes away; ranged form reaches 2 (Stamina)"


def test_defensive_form_declares_no_target() -> None:
    out = one(engage(["Combat"], [1], form="defensive"))
    assert refusal(out) == "Defensive form has no range: no target can be declared"


def test_a_declared_form_changes_the_adventurers_form() -> None:
    adv = {"Ayrenn": adventurer(dice=["Fire Staff"])}
    out = one(engage(["Fire Staff"], [1], form="magic"), adventurers=adv)
    form = out.of("battle_form")[0]
    assert (form.form, form.previous) == ("magic", "light_weapon")
    assert out.unit("Ayrenn").form.value == "magic"


# --- step 3: target ---------------------------------------------------------------------------------------


def test_only_an_enemy_can_be_the_target() -> None:
    companions = {"Lydia": {"at": [0, 1], "health": 5}}
    out = one(engage(["Combat"], [1], target="Lydia"), companions=companions)
    assert refusal(out) == "Lydia is not an enemy: only an enemy can be the target of an engage"


def test_a_defeated_target_is_refused() -> None:
    out = run_data(
        battle([engage(["Combat"], [3]), engage(["Combat"], [1])], enemies={"Draugr": {"at": [1, 0], "health": 2}})
    )
    assert out.unit("Draugr").defeated
    assert refusal(out) == "Draugr is already defeated"


def test_the_target_is_checked_again_at_each_result() -> None:
    """The item's ability defeats the target first; the die resolved after it finds no target, does nothing
    and is exhausted."""
    adv = {"Ayrenn": adventurer(dice=["Combat"], items={"Axe": {"forms": ["light_weapon"], "ability": {"damage": 2}}})}
    enemies = {"Draugr": {"at": [1, 0], "health": 2}}
    out = one(engage(["Combat"], [3], item="Axe", resolve=["item", 1]), adventurers=adv, enemies=enemies)
    assert [(d.target, d.amount) for d in out.of("damage")] == [("Draugr", 2)]
    assert "Draugr is defeated" in out.of("note")[-1].text
    assert out.places() == [(1, "exhausted", 1)]


def test_no_target_is_fine_and_target_damage_is_then_not_resolved() -> None:
    out = one(engage(["Combat", "Combat"], [1, 4], target=None))
    assert out.of("engage_target") == [] and out.of("damage") == []
    assert out.places() == [(2, "exhausted", 1), (1, "exhausted", 2)]
    assert out.unit("Ayrenn").tenacity == 1


# --- step 4: gathering and rolling ------------------------------------------------------------------------


def test_dice_must_be_available_in_the_rows() -> None:
    adv = {"Ayrenn": adventurer(dice=["Combat"])}
    out = one(engage(["Combat", "Combat"], [1, 1]), adventurers=adv)
    assert refusal(out) == "Ayrenn has 1 'Combat' die available in the attribute rows; gathering 2"


def test_a_die_with_another_forms_icon_is_refused() -> None:
    adv = {"Ayrenn": adventurer(dice=["Sword"], form="heavy_weapon")}
    out = one(engage(["Sword"], [1]), adventurers=adv)
    assert refusal(out) == "'Sword' carries the light_weapon form icon; the form is heavy_weapon"


def test_each_die_counts_against_its_own_stat() -> None:
    adv = {"Ayrenn": adventurer(stamina=1, magicka=2, dice=["Combat", "Restoration", "Restoration"])}
    out = one(engage(["Combat", "Restoration", "Restoration"], [1, 3, 4]), adventurers=adv)
    gather = out.of("gather_dice")[0]
    assert (gather.stamina, gather.stamina_limit, gather.magicka, gather.magicka_limit) == (1, 1, 2, 2)
    adv["Ayrenn"]["magicka"] = 1
    out = one(engage(["Combat", "Restoration", "Restoration"], [1, 3, 4]), adventurers=adv)
    assert refusal(out) == "gathering 2 dice that use Magicka, but Ayrenn has Magicka 1: at most 1 such dice per engage"


def test_free_dice_do_not_count_against_the_limits() -> None:
    adv = {"Ayrenn": adventurer(stamina=1, dice=["Combat"])}
    out = one(engage(["Combat"], [1, 3, 1], free_dice=2), adventurers=adv)
    assert [(d.target, d.amount) for d in out.of("damage")] == [("Draugr", 4)]
    assert out.places() == [(1, "exhausted", 1), (2, "discarded", None), (3, "discarded", None)]
    assert out.unit("Ayrenn").cooldown[1] is None


def test_free_dice_are_combat_dice_and_not_allowed_in_magic_form() -> None:
    enemies = {"Draugr": {"at": [2, 0], "health": 5}}
    out = one(engage([], [1], form="magic", free_dice=1), enemies=enemies)
    assert refusal(out) == "free combat dice are combat dice: none in Magic form"


def test_an_enemy_die_is_not_gathered() -> None:
    out = one(engage(["Enemy Combat"], [1]))
    assert refusal(out) == "'Enemy Combat' is an enemy combat die: it joins a roll only as a free die"


def test_the_item_must_be_ready_and_match_the_form() -> None:
    items = {
        "Bow of Shadows": {"forms": ["ranged"], "ability": {"damage": 1}},
        "Old Axe": {"forms": ["light_weapon"], "ability": {"damage": 1}, "ready": False},
    }
    adv = {"Ayrenn": adventurer(dice=["Combat"], items=items)}
    out = one(engage(["Combat"], [1], item="Bow of Shadows"), adventurers=adv)
    assert refusal(out) == "Bow of Shadows's ability works in ranged form, not light_weapon"
    out = one(engage(["Combat"], [1], item="Old Axe"), adventurers=adv)
    assert refusal(out) == "Old Axe is not ready"


def test_overtax_pays_its_cost_in_full_or_is_refused() -> None:
    item = {
        "forms": ["light_weapon"],
        "ability": {"damage": 1},
        "overtax": {"cost": {"tenacity": 2}, "ability": {"damage": 1, "free_dice": 1}},
    }
    adv = {"Ayrenn": adventurer(dice=["Combat"], tenacity=1, items={"Mace": item})}
    out = one(engage(["Combat"], [1, 3], item="Mace", overtax=True), adventurers=adv)
    assert refusal(out).startswith("Ayrenn cannot pay the cost of overtax Mace in full")
    adv["Ayrenn"]["tenacity"] = 2
    out = one(engage(["Combat"], [1, 3], item="Mace", overtax=True), adventurers=adv)
    spend = out.of("spend")[0]
    assert (spend.resource, spend.amount, spend.remaining) == ("tenacity", 2, 0)
    assert out.of("gather_dice")[0].free == 1
    # the dice's 1 + 2 are summed; the item's 1 + 1 is dealt on its own
    assert [(d.target, d.amount) for d in out.of("damage")] == [("Draugr", 3), ("Draugr", 2)]


def test_nothing_gathered_still_runs_the_other_steps() -> None:
    enemies = {
        "Draugr": {
            "at": [1, 0],
            "health": 5,
            "skills": [{"name": "Shield Bash", "when": "engaged", "effect": {"damage": 2}}],
        }
    }
    out = one(engage([], []), enemies=enemies)
    assert out.of("note")[0].text == "no dice gathered: the remaining steps still happen"
    assert out.of("skill_trigger")[0].fired and out.unit("Ayrenn").health == 8


# --- step 5: resolving ------------------------------------------------------------------------------------


def test_rerolls_then_turned_faces_happen_before_resolving() -> None:
    out = one(engage(["Combat", "Combat"], [5, 5, 3], reroll=[1], turn=[{"die": 2, "face": 4}]))
    assert [(d.number, d.face, d.how) for d in out.dice()] == [(1, 5, "rolled"), (2, 5, "rolled"), (1, 3, "rerolled")]
    assert [e.kind for e in out.events if e.kind in ("roll", "die_turned")][-1] == "die_turned"
    (turned,) = out.of("die_turned")
    assert (turned.number, turned.face, turned.shows) == (2, 4, "tenacity")
    assert turned.sentence() == "die 2 Combat turned to face 4 of 6: tenacity"
    assert out.damage()[0][:2] == ("Draugr", 2) and out.unit("Ayrenn").tenacity == 1


def test_a_turned_face_must_exist() -> None:
    out = one(engage(["Combat"], [1], turn=[{"die": 1, "face": 7}]))
    assert refusal(out) == "Combat has 6 faces, not 7"


def test_a_status_result_can_be_placed_on_a_hex() -> None:
    adv = {"Ayrenn": adventurer(dice=["Bow"], form="ranged")}
    enemies = {"Draugr": {"at": [2, 0], "health": 10}}
    out = one(engage(["Bow"], [6], resolve=[{"die": 1, "hex": [1, 1]}]), adventurers=adv, enemies=enemies)
    assert out.places() == [(1, "status", None)]
    assert out.of("die_placed")[0].on == "hex [1, 1]"
    assert out.of("status")[0].status == "Marked"


def test_cooldown_code_exhausts_the_die_while_its_effect_lasts() -> None:
    out = one(engage(["Combat"], [6]))
    assert out.places() == [(1, "exhausted", 1)]
    assert out.of("die_placed")[0].reason == "cooldown code: its effect lasts while it is there"


def test_an_aura_needs_a_creature_with_that_aura() -> None:
    out = one({"do": "aura", "unit": "Draugr", "skill": "Death Aura"})
    assert refusal(out) == "Draugr has no aura called 'Death Aura'"
    out = one({"do": "aura", "unit": "Ayrenn", "skill": "Death Aura"})
    assert refusal(out).startswith("Ayrenn has no aura")


def test_the_player_order_decides_what_meets_defense() -> None:
    adv = {
        "Ayrenn": adventurer(
            dice=["Combat", "Combat"], items={"Axe": {"forms": ["light_weapon"], "ability": {"damage": 1}}}
        )
    }
    enemies = {"Draugr": {"at": [1, 0], "health": 10, "defense": 2}}
    out = one(
        engage(["Combat", "Combat"], [3, 3], item="Axe", resolve=["item", 1, 2]), adventurers=adv, enemies=enemies
    )
    assert [d.rule for d in out.of("damage")] == [
        "Axe's ability; Defense 2 stops 1",
        "summed damage of the dice; Defense 1 stops 1",
    ]


def test_resolve_refuses_a_die_twice_a_missing_die_and_item_without_an_item() -> None:
    assert (
        refusal(one(engage(["Combat"], [1], resolve=[1, 1]))) == "resolve: 1 is listed twice; each result resolves once"
    )
    assert refusal(one(engage(["Combat"], [1], resolve=[2]))) == "resolve: there is no die 2; 1 dice were rolled"
    assert "no item was chosen" in refusal(one(engage(["Combat"], [1], resolve=["item"])))


def test_splash_with_no_other_adjacent_enemy_is_skipped_and_the_rest_resolves() -> None:
    adv = {"Ayrenn": adventurer(dice=["Bow"], form="ranged")}
    enemies = {"Draugr": {"at": [2, 0], "health": 10}}
    out = one(engage(["Bow"], [2]), adventurers=adv, enemies=enemies)
    assert out.of("die_result")[0].done == (
        "1 damage to Draugr; apply by hand: Volley (skipped: 1 splash damage: no other enemy is adjacent)"
    )
    assert out.damage()[0][:2] == ("Draugr", 1)


def test_drained_code_takes_the_die_out_for_the_battle() -> None:
    adv = {"Ayrenn": adventurer(dice=["Sword"])}
    out = one(engage(["Sword"], [5]), adventurers=adv)
    assert out.places() == [(1, "drained", None)]
    assert out.unit("Ayrenn").drained == ("Sword",) and out.unit("Draugr").health == 17


def test_a_full_cooldown_track_drains_the_die_it_cannot_take() -> None:
    # The first engage gains no fatigue, so it is not refused: Combat (face 1: 1 damage) resolves, and with no
    # open slot to exhaust it to, it is drained instead (the game's rule for a full track).
    adv = {"Ayrenn": adventurer(dice=["Combat"], cooldown_slots=1, cooldown=["Sword"])}
    out = one(engage(["Combat"], [1]), adventurers=adv)
    assert not out.steps[-1].refused
    assert out.places() == [(1, "drained", None)]
    assert out.unit("Ayrenn").drained == ("Combat",) and out.unit("Draugr").health == 19
    refused = run_data(battle([engage(["Combat"], [1])], adventurers=adv), full_track="refuse")
    assert refusal(refused) == "Ayrenn's cooldown track has no open slot to exhaust Combat to"
    assert refused.state == refused.scenario.state


def test_unused_free_dice_are_discarded_or_exhausted_by_option() -> None:
    action = engage(["Combat"], [1, 1], free_dice=1, resolve=[1])
    assert one(action).places() == [(1, "exhausted", 1), (2, "discarded", None)]
    out = run_data(battle([action]), unused_free_dice="exhaust")
    assert out.places() == [(1, "exhausted", 1), (2, "exhausted", 2)]
    assert out.of("ruling")[-1].value == "exhaust"


def test_free_dice_in_defensive_form_cannot_go_to_active_slots() -> None:
    out = one(engage(["Combat"], [1, 1], target=None, form="defensive", free_dice=1))
    assert out.places() == [(1, "active", 1), (2, "discarded", None)]
    assert "free enemy dice cannot be placed in active slots in Defensive form" in out.of("note")[0].text


def test_prevention_for_a_non_adventurer_is_summed_against_the_damage_it_takes() -> None:
    line = {
        "stat": "magicka",
        "dice": {
            "Ward": {"faces": [{"prevent": 2, "code": "active"}]},
            "Blast": {"faces": [{"splash": 1, "adjacent_to": "self"}]},
        },
    }
    adv = {"Ayrenn": adventurer(dice=["Ward", "Blast"])}
    companions = {"Lydia": {"at": [0, 1], "health": 5, "defense": 0}}
    out = one(
        engage(
            ["Blast", "Ward"], [1, 1], target=None, resolve=[{"die": 1, "unit": "Lydia"}, {"die": 2, "unit": "Lydia"}]
        ),
        adventurers=adv,
        companions=companions,
        skill_lines={"Arcane": line},
    )
    assert out.of("damage") == []
    assert out.of("note")[0].text == "Lydia prevents 1 of the summed damage (prevent 2)"


def test_damage_to_an_adventurer_is_not_summed() -> None:
    line = {"stat": "stamina", "dice": {"Cleave": {"faces": [{"splash": 1, "adjacent_to": "self"}]}}}
    adv = {"Ayrenn": adventurer(dice=["Cleave", "Cleave"]), "Bob": adventurer(at=[0, 1], defense=1)}
    out = one(
        engage(
            ["Cleave", "Cleave"], [1, 1], target=None, resolve=[{"die": 1, "unit": "Bob"}, {"die": 2, "unit": "Bob"}]
        ),
        adventurers=adv,
        skill_lines={"Brawl": line},
    )
    assert [d.rule for d in out.of("damage")] == [
        "die 1; Defense 1 stops 1",
        "die 2; Defense 0",
    ]


def test_unblockable_damage_ignores_defense() -> None:
    line = {"stat": "stamina", "dice": {"Pierce": {"faces": [{"damage": 2, "unblockable": True}]}}}
    adv = {"Ayrenn": adventurer(dice=["Pierce"])}
    enemies = {"Draugr": {"at": [1, 0], "health": 5, "defense": 3}}
    out = one(engage(["Pierce"], [1]), adventurers=adv, enemies=enemies, skill_lines={"Spear": line})
    assert out.of("damage")[0].rule == (
        "summed damage of the dice; 2 unblockable (ignores Defense); Defense 3 not used"
    )


# --- step 6: reactions ------------------------------------------------------------------------------------


def test_a_damaged_trigger_fires_for_a_non_target() -> None:
    adv = {"Ayrenn": adventurer(dice=["Bow"], form="ranged")}
    enemies = {
        "Archer": {"at": [2, 0], "health": 5},
        "Spriggan": {
            "at": [3, 0],
            "health": 5,
            "skills": [{"name": "Thorns", "when": "damaged", "effect": {"damage": 1}}],
        },
    }
    out = one(engage(["Bow"], [2], target="Archer"), adventurers=adv, enemies=enemies)
    assert [(r.unit, r.skill, r.fired) for r in out.of("skill_trigger")] == [("Spriggan", "Thorns", True)]
    assert out.unit("Ayrenn").health == 9


def test_companion_reactions_are_optional() -> None:
    companions = {
        "Lydia": {
            "at": [0, 1],
            "health": 5,
            "skills": [{"name": "Rally", "when": "damaged", "effect": {"text": "gain 1 tenacity"}}],
        }
    }
    line = {"stat": "stamina", "dice": {"Cleave": {"faces": [{"splash": 1, "adjacent_to": "self"}]}}}
    adv = {"Ayrenn": adventurer(dice=["Cleave"])}
    base = {"adventurers": adv, "companions": companions, "skill_lines": {"Brawl": line}}
    action = engage(["Cleave"], [1], target=None, resolve=[{"die": 1, "unit": "Lydia"}])
    assert [r.fired for r in one(action, **base).of("skill_trigger")] == [False]
    assert [r.fired for r in one({**action, "reactions": ["Lydia"]}, **base).of("skill_trigger")] == [True]


# --- turn structure ---------------------------------------------------------------------------------------


def test_one_move_before_or_after_the_engages() -> None:
    move = {"do": "move", "adventurer": "Ayrenn", "to": [0, 1]}
    ok = run_data(battle([engage(["Combat"], [1]), engage(["Combat"], [1]), move]))
    assert not any(s.refused for s in ok.steps) and ok.unit("Ayrenn").position == (0, 1)
    out = run_data(battle([engage(["Combat"], [1]), move, engage(["Combat"], [1])]))
    assert "moved after engaging this turn" in refusal(out)
    out = run_data(battle([move, engage(["Combat"], [1], target=None), {**move, "to": [0, 2]}]))
    assert refusal(out) == "Ayrenn already moved this turn: a turn with engages allows only one move"
