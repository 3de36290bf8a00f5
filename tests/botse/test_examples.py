"""Every bundled BotSE scenario (one per acceptance idea of the digest, and the engage steps), with the stated
faces and the exact outcome."""

from __future__ import annotations

from tabroll.events import Roll
from tests.botse.helpers import EXAMPLES, run_file


def test_01_first_engage_gains_no_fatigue_the_second_gains_one_and_end_turn_resets() -> None:
    out = run_file(EXAMPLES / "01-fatigue.yaml")
    assert [(e.amount, e.total, e.reason) for e in out.of("light_fatigue")] == [
        (0, 0, "first engage this turn"),
        (1, 1, "engage 2 this turn"),
        (0, 0, "first engage this turn"),
    ]
    # the fatigue die went on the cooldown track (slot 2, after the first Combat die); the Recovery step of the
    # next turn (Cooldown 2) returned that Combat die to the rows and discarded the fatigue die
    assert out.steps[1].state.unit("Ayrenn").cooldown[:3] == ("Combat", "(light fatigue)", "Combat")
    assert out.steps[2].state.unit("Ayrenn").cooldown[:2] == ("Combat", None)
    assert out.unit("Ayrenn").light_fatigue == 0 and out.unit("Ayrenn").engages == 1


def test_02_expert_gains_two() -> None:
    out = run_file(EXAMPLES / "02-fatigue-expert.yaml")
    assert [(e.amount, e.total) for e in out.of("light_fatigue")] == [(0, 0), (2, 2)]
    assert out.of("light_fatigue")[1].reason == "engage 2 this turn on Expert"


def test_01_under_the_expert_option_the_second_engage_gains_two() -> None:
    out = run_file(EXAMPLES / "01-fatigue.yaml", difficulty="expert")
    assert [e.amount for e in out.of("light_fatigue")] == [0, 2, 0]


def test_03_four_stamina_dice_with_stamina_3_is_refused_and_changes_nothing() -> None:
    out = run_file(EXAMPLES / "03-gathering-limit.yaml")
    assert out.steps[0].refused
    assert out.of("refused")[0].reason == (
        "gathering 4 dice that use Stamina, but Ayrenn has Stamina 3: at most 3 such dice per engage"
    )
    assert out.steps[0].state == out.scenario.state
    gather = out.of("gather_dice")[0]
    assert (gather.stamina, gather.stamina_limit) == (3, 3)
    assert out.damage()[0][:2] == ("Draugr", 4)
    assert out.unit("Draugr").health == 16


def test_04_magic_form_refuses_combat_dice() -> None:
    out = run_file(EXAMPLES / "04-magic-form-no-combat-dice.yaml")
    assert out.of("refused")[0].reason == "'Combat' is a combat die: combat dice cannot be gathered in Magic form"
    assert not out.steps[1].refused and out.unit("Draugr").health == 18


def test_05_two_dice_of_2_and_3_are_one_dealing_of_5_then_the_item_meets_defense_0() -> None:
    out = run_file(EXAMPLES / "05-summed-damage-and-defense.yaml")
    damage = out.of("damage")
    assert [(d.target, d.amount) for d in damage] == [("Draugr", 5), ("Draugr", 1)]
    assert damage[0].rule == "summed damage of the dice; Defense 2 stops 2"
    assert damage[1].rule == "Ember Staff's ability; Defense 0"
    lowered, restored = out.of("modifier")
    assert (lowered.amount, lowered.total) == (-2, 0)
    assert (restored.amount, restored.total, restored.reason) == (2, 2, "restored after the engage")
    assert out.unit("Draugr").health == 4 and out.unit("Draugr").defense == 2
    assert out.places() == [(1, "exhausted", 1), (2, "exhausted", 2)]


def test_05_under_the_original_5b_each_die_meets_defense_on_its_own() -> None:
    out = run_file(EXAMPLES / "05-summed-damage-and-defense.yaml", damage_summing="ability")
    assert [d.rule for d in out.of("damage")] == [
        "die 1; Defense 2 stops 2",
        "die 2; Defense 0",
        "Ember Staff's ability; Defense 0",
    ]
    assert out.of("ruling")[0].value == "ability"


def test_06_a_skipped_result_is_exhausted_to_the_leftmost_open_slot() -> None:
    out = run_file(EXAMPLES / "06-skipped-result-exhausted.yaml")
    assert out.places() == [(1, "active", 1), (2, "exhausted", 2)]
    ayrenn = out.unit("Ayrenn")
    assert ayrenn.cooldown[:4] == ("Sword", "Combat", "Combat", None)
    assert [p.die for p in ayrenn.active] == ["Restoration"]
    assert out.of("damage") == [] and out.unit("Draugr").health == 20


def test_07_volley_damage_to_a_non_target_does_not_trigger_weapon_break() -> None:
    out = run_file(EXAMPLES / "07-volley-does-not-engage.yaml")
    assert [(d.target, d.amount) for d in out.of("damage")] == [("Archer", 1), ("Draugr", 1)]
    assert [(r.unit, r.fired) for r in out.of("skill_trigger")] == [("Archer", True), ("Draugr", False)]
    assert "not the declared target" in out.of("skill_trigger")[1].reason


def test_08_a_defeated_target_does_not_react_but_its_defeat_skill_fires() -> None:
    out = run_file(EXAMPLES / "08-defeated-target-does-not-react.yaml")
    assert out.damage()[0] == (
        "Skeleton",
        4,
        "summed damage of the dice; Defense 1 stops 1",
    )
    assert [e.unit for e in out.of("defeat")] == ["Skeleton"]
    # the target's "engaged" skill is looked at last in step 6 (ruling reaction_order), after its Death Burst
    assert [(r.skill, r.fired) for r in out.of("skill_trigger")] == [("Death Burst", True), ("Weapon Break", False)]
    assert out.of("skill_trigger")[1].reason == "it was defeated during the engage"
    assert out.unit("Ayrenn").health == 9


def test_09_tenacity_face_and_a_free_die_that_is_summed_then_discarded() -> None:
    out = run_file(EXAMPLES / "09-tenacity-and-free-dice.yaml")
    gather = out.of("gather_dice")[0]
    assert (gather.stamina, gather.free) == (2, 1)
    # every die is a core roll of one die: the face number drawn, the face it shows and what that face does
    assert out.of("roll") == [
        Roll.die(6, 4, label="die 1 Combat", unit="Ayrenn", face="tenacity", effect="+1 tenacity, exhausted"),
        Roll.die(6, 1, label="die 2 Sword", unit="Ayrenn", face="2 damage", effect="exhausted once resolved"),
        Roll.die(
            6,
            3,
            label="die 3 Enemy Combat (free)",
            unit="Ayrenn",
            face="2 damage",
            effect="discarded once resolved (a free die)",
        ),
    ]
    assert out.of("roll")[0].sentence() == "die 1 Combat: 1d6 → tenacity (4): +1 tenacity, exhausted"
    assert out.places() == [(1, "exhausted", 1), (2, "exhausted", 2), (3, "discarded", None)]
    assert out.unit("Ayrenn").tenacity == 1
    # one dealing of the summed 2 + 2 against Defense 1: 3 Health lost of 6, 3 left
    (damage,) = out.of("damage")
    assert damage.to_json() == {
        "kind": "damage",
        "attacker": "Ayrenn",
        "target": "Bandit",
        "amount": 4,
        "rule": "summed damage of the dice; Defense 1 stops 1",
        "defeats": False,
        "pool": "Health",
        "lost": 3,
        "left": 3,
    }
    assert (
        damage.sentence()
        == "4 damage to Bandit: summed damage of the dice; Defense 1 stops 1, 3 Health lost, Health 3 left"
    )


def test_10_defensive_form_turns_combat_damage_into_prevention_in_active_slots() -> None:
    out = run_file(EXAMPLES / "10-defensive-form.yaml")
    assert out.places() == [(1, "active", 1), (2, "active", 2), (3, "exhausted", 1)]
    assert out.unit("Ayrenn").form.value == "defensive"
    assert out.of("damage") == [] and out.of("engage_target") == []


def test_11_outside_battle_form_dice_are_refused_and_tenacity_still_counts() -> None:
    out = run_file(EXAMPLES / "11-skill-dice-outside-battle.yaml")
    assert out.steps[0].refused and "ruling out_of_battle_form_dice = refuse" in out.of("refused")[0].reason
    assert out.of("light_fatigue") == [] and out.of("battle_form") == []
    assert out.places(1) == [(2, "exhausted", 1), (1, "exhausted", 2)]
    assert out.unit("Ayrenn").tenacity == 1 and out.unit("Ayrenn").engages == 0


def test_11_with_the_allow_option_form_dice_roll_outside_battle() -> None:
    out = run_file(EXAMPLES / "11-skill-dice-outside-battle.yaml", out_of_battle_form_dice="allow")
    assert not out.steps[0].refused and out.places(0) == [(1, "exhausted", 1)]


def test_12_death_aura_is_unblockable_and_engages_no_one() -> None:
    out = run_file(EXAMPLES / "12-death-aura.yaml")
    assert [(d.target, d.amount) for d in out.of("damage")] == [("Ayrenn", 1), ("Draugr", 1)]
    assert out.unit("Ayrenn").health == 9 and out.unit("Draugr").health == 4
    assert [r.skill for r in out.of("skill_trigger")] == ["Death Aura"]


def test_13_sight_and_range_are_checked_at_declaration() -> None:
    out = run_file(EXAMPLES / "13-own-dice-and-range.yaml")
    refused = [e.reason for e in out.of("refused")]
    assert refused == [
        "Ayrenn cannot see Wraith: a blocked hex is in between",
        "Rat is adjacent; ranged form reaches only units that are not adjacent",
    ]
    assert out.unit("Ghoul").health == 5 and out.unit("Ghoul").statuses == ("Chilled",)
    assert out.places(1) == [(1, "status", None)]


def test_outcome_measures_report_health_lost_and_tenacity() -> None:
    out = run_file(EXAMPLES / "09-tenacity-and-free-dice.yaml")
    ruleset = out.scenario.ruleset
    measures = ruleset.outcome_measures(out.scenario.state, out.state, out.events)
    declared = ruleset.declare_measures(out.scenario.state, out.scenario.steps[0].action)
    assert set(measures) == {m.name for m in declared}
    changed = {m.name: measures[m.name] for m in declared if measures[m.name] != m.missing()}
    assert changed == {"Health left: Bandit": 6 - 3, "tenacity gained: Ayrenn": 1, "dice to cooldown: Ayrenn": 2}


def test_15_costs_sequences_fatigue_dice_and_a_second_turn() -> None:
    out = run_file(EXAMPLES / "15-costs-fatigue-and-turns.yaml")
    assert [s.refused for s in out.steps] == [False, False, True, False, False]
    assert [(d.amount, d.lost, d.left) for d in out.of("damage")] == [
        (3, 2, 10),
        (1, 0, 10),
    ]
    assert out.steps[1].state.unit("Ayrenn").cooldown == ("Ice Spike", "(light fatigue)", "Ice Spike")
    assert out.of("refused")[0].reason == (
        "Ayrenn cannot receive 1 light fatigue die (engage 3 this turn): the cooldown track has 0 open slot(s)"
    )
    assert out.steps[3].state.unit("Ayrenn").cooldown == ("Ice Spike", None, None)
    ayrenn = out.unit("Ayrenn")
    assert ayrenn.tenacity == 0 and ayrenn.light_fatigue == 0 and ayrenn.cooldown == ("Ice Spike", "Ice Spike", None)
    assert out.unit("Draugr").statuses == ("Chilled",) and out.unit("Draugr").health == 10


def test_16_a_follow_ups_defeat_fires_the_curse_not_weapon_break_and_reactions_chain() -> None:
    out = run_file(EXAMPLES / "16-reactions-in-order.yaml")
    assert [(d.attacker, d.target, d.amount, d.left) for d in out.of("damage")] == [
        ("Ayrenn", "Draugr", 2, 1),
        ("Lydia", "Draugr", 1, 0),
        ("Draugr", "Ayrenn", 1, 9),
        ("Draugr", "Bran", 1, 3),
        ("Bran", "Rat", 1, 0),
        ("Rat", "Bran", 1, 2),
    ]
    assert [(d.unit, d.by) for d in out.of("defeat")] == [("Draugr", "Lydia"), ("Rat", "Bran")]
    assert [(r.unit, r.skill, r.fired) for r in out.of("skill_trigger")] == [
        ("Lydia", "Follow Up", True),
        ("Draugr", "Curse", True),
        ("Bran", "Retaliate", True),
        ("Rat", "Death Burst", True),
        ("Draugr", "Weapon Break", False),
    ]
    assert out.of("skill_trigger")[-1].reason == "it was defeated during the engage"
    assert [(r.option, r.value) for r in out.of("ruling") if r.option == "reaction_order"] == [
        ("reaction_order", "allies_first")
    ]
    assert [(u, out.unit(u).health) for u in ("Ayrenn", "Lydia", "Bran")] == [("Ayrenn", 9), ("Lydia", 6), ("Bran", 2)]


def test_16_under_enemies_first_weapon_break_fires_before_the_follow_up() -> None:
    out = run_file(EXAMPLES / "16-reactions-in-order.yaml", reaction_order="enemies_first")
    assert [(r.unit, r.skill, r.fired) for r in out.of("skill_trigger")] == [
        ("Draugr", "Weapon Break", True),
        ("Lydia", "Follow Up", True),
        ("Draugr", "Curse", True),
        ("Bran", "Retaliate", True),
        ("Rat", "Death Burst", True),
    ]
    assert [n.text for n in out.of("note")][-1] == (
        "Draugr was defeated in step 6 after its 'engaged' skill fired (ruling reaction_order = enemies_first: the "
        "enemies reacted before the adventurers and companions)"
    )
    assert out.unit("Bran").health == 2 and out.unit("Rat").defeated
