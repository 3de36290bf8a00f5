"""Gathering of Heroes, the whole turn (issue 15): the battle's result, the phases, Library and Memory, spells as
data, push-back, the Trample follow-up's timing, and what the start of a fight refuses. Exact dice, exact outcomes."""

from __future__ import annotations

import pytest

from tabroll.errors import InputError
from tests.mtg_heroes.helpers import attack, character, creature, fight, run_data


def reach(unit: str, **more: object) -> dict[str, object]:
    return {"do": "reach_phase", "unit": unit, **more}


def upkeep(unit: str, *uphold: str) -> dict[str, object]:
    return {"do": "upkeep", "unit": unit, "uphold": list(uphold)}


def cast(caster: str, spell: str, target: str | None = None, **more: object) -> dict[str, object]:
    action: dict[str, object] = {"do": "cast", "caster": caster, "spell": spell, **more}
    if target is not None:
        action["target"] = target
    return action


END = {"do": "end_turn"}


# --- the battle's result ----------------------------------------------------------------------------------


def test_a_beaten_character_ends_the_duel_and_later_actions_are_refused() -> None:
    units = {"A": character("a", power=2, toughness=1, life=10), "B": character("b", power=1, toughness=1, life=3)}
    out = run_data(fight(units, [attack("A", "B", [6, 5, 2]), attack("A", "B", [6, 6, 1])]))
    (over,) = out.of("game_over")
    assert (over.winner, over.unit, over.by) == ("a", "B", "A")
    assert over.reason == "B lost the battle; only a's side still stands"
    assert out.refusals() == ["the battle is over: a wins"]
    assert out.state.result == "a wins" and out.unit("B").out_reason == "lost the battle"


def test_creatures_of_a_side_do_not_keep_it_standing_once_its_characters_are_out() -> None:
    units = {
        "A": character("a", power=3, toughness=1, life=10),
        "B": character("b", power=1, toughness=1, life=2),
        "P": creature("b", 1, 1, 9, controller="B"),
    }
    out = run_data(fight(units, [attack("A", "B", [6, 6, 6, 1])]))
    assert [(g.winner, g.unit) for g in out.of("game_over")] == [("a", "B")]
    assert not out.unit("P").out


def test_a_character_wins_when_the_last_wild_creature_falls() -> None:
    units = {"K": character("k", power=3, toughness=1, life=10), "Ogre": creature("o", 1, 1, 2)}
    out = run_data(fight(units, [attack("K", "Ogre", [6, 6, 6, 1])]))
    assert [(g.winner, g.unit, g.by) for g in out.of("game_over")] == [("k", "Ogre", "K")]


def test_a_fight_of_creatures_alone_is_never_ended_by_tabroll() -> None:
    units = {"W": creature("a", 3, 1, 5), "B": creature("b", 1, 1, 1)}
    out = run_data(fight(units, [attack("W", "B", [6, 6, 6, 1])]))
    assert out.of("game_over") == [] and out.state.result is None


def test_a_lost_character_forgets_every_spell_in_memory() -> None:
    units = {
        "A": character("a", power=3, toughness=1, life=10),
        "B": character("b", power=1, toughness=1, life=1, memory=4, spells=["Ember Dart", "Oak Skin"]),
    }
    out = run_data(fight(units, [attack("A", "B", [6, 6, 6, 1])]))
    assert out.unit("B").memory_spells == ()
    assert "B forgets Ember Dart, Oak Skin" in [n.text for n in out.of("note")]


# --- the phases -------------------------------------------------------------------------------------------

DUEL = {
    "X": character("x", speed=2, reach=4, mana=1, focus=2, mastery=3, memory=4, power=2, toughness=1, life=12,
                   spells=["Ember Dart"], library=["Cinder Burst", "Oak Skin"]),
    "Y": character("y", speed=1, reach=2, mana=0, focus=1, mastery=2, life=12),
}  # fmt: skip


def test_each_turn_goes_reach_upkeep_action_end_in_order() -> None:
    actions = [{"do": "initiative"}, reach("X"), upkeep("X"), END, reach("Y"), upkeep("Y"), END]
    out = run_data(fight(DUEL, actions, default_range="far"))
    assert out.refusals() == []
    assert [(p.unit, p.phase, p.turn) for p in out.of("turn_phase")] == [
        ("X", "reach", 1),
        ("X", "upkeep", 1),
        ("X", "main", 1),
        ("X", "end", 1),
        ("Y", "reach", 1),
        ("Y", "upkeep", 1),
        ("Y", "main", 1),
        ("Y", "end", 1),
        ("X", "reach", 2),
    ]


@pytest.mark.parametrize(
    ("actions", "refusal"),
    [
        ([attack("X", "Y", [6])], "X is in its Reach phase: it can attack Y only in its action phase"),
        ([upkeep("X")], "X's Reach phase comes before its Upkeep"),
        ([END], "X is in its Reach phase: the Reach phase and Upkeep come before the End phase"),
        ([reach("X"), END], "X is in its Upkeep: the Reach phase and Upkeep come before the End phase"),
        ([reach("X"), reach("X")], "X's Reach phase is over this turn (now its Upkeep)"),
        ([reach("X"), upkeep("X"), upkeep("X")], "X's Upkeep is over this turn (now its action phase)"),
        ([reach("X"), cast("X", "Cinder Burst", "Y")], "X is in its Upkeep: it can cast Cinder Burst only in its "
         "action phase"),
    ],
)  # fmt: skip
def test_skipping_or_repeating_a_phase_is_refused_with_the_step_to_take(actions, refusal) -> None:
    out = run_data(fight(DUEL, [{"do": "initiative"}, *actions], default_range="near"))
    assert out.refusals() == [refusal]
    assert out.steps[-1].refused and out.steps[-1].state == out.steps[-2].state


def test_without_initiative_actions_are_checked_one_by_one_without_phases() -> None:
    out = run_data(fight(DUEL, [attack("X", "Y", [1, 1, 1, 1, 1])]))
    assert out.refusals() == [] and out.of("turn_phase") == []


def test_a_creature_with_a_turn_of_its_own_starts_in_its_action_phase() -> None:
    units = {"X": character("x", speed=1), "Ogre": creature("o", 1, 1, 5, speed=3)}
    out = run_data(fight(units, [{"do": "initiative"}, attack("Ogre", "X", [1, 1, 1, 1])]))
    assert [(p.unit, p.phase) for p in out.of("turn_phase")] == [("Ogre", "main")] and out.refusals() == []


def test_a_delay_is_only_before_the_turn_begins() -> None:
    actions = [{"do": "initiative"}, reach("X"), {"do": "delay", "unit": "X", "after": "Y"}]
    out = run_data(fight(DUEL, actions))
    assert out.refusals() == ["X has begun its turn: it can delay only before its turn begins"]
    fresh = run_data(fight(DUEL, [{"do": "initiative"}, {"do": "delay", "unit": "X", "after": "Y"}]))
    assert fresh.state.active == "Y" and fresh.state.phase == "reach"


# --- Reach phase: Library into Memory, mana -------------------------------------------------------------


def test_the_reach_phase_adds_the_next_library_spell_to_memory_and_regains_mana() -> None:
    out = run_data(fight(DUEL, [{"do": "initiative"}, reach("X")], default_range="far"))
    x = out.unit("X")
    assert (x.memory_spells, x.library, x.mana) == (("Ember Dart", "Cinder Burst"), ("Oak Skin",), 4)  # up to 4
    near = run_data(fight(DUEL, [{"do": "initiative"}, reach("X", draw=False)]))
    assert near.unit("X").memory_spells == ("Ember Dart",) and near.unit("X").mana == 3  # 1 + (4 − 2)


def test_an_empty_library_adds_nothing() -> None:
    units = {**DUEL, "X": {**DUEL["X"], "library": []}}
    out = run_data(fight(units, [reach("X")]))
    assert out.unit("X").memory_spells == ("Ember Dart",)
    assert "X's Library is empty: no spell to add to Memory" in [n.text for n in out.of("note")]


# --- Upkeep -----------------------------------------------------------------------------------------------

HOST = {
    "X": character("x", speed=2, reach=5, mana=5, focus=2, mastery=5, memory=6,
                   spells=["Ward of Thorns", "Ember Dart", "Cinder Burst", "Mending Light"]),
    "P": creature("x", 1, 1, 5, controller="X"),
    "Q": creature("x", 1, 1, 5, controller="X"),
    "E": character("e", speed=1, life=30),
}  # fmt: skip


def test_upkeep_refreshes_only_the_creatures_given_focus() -> None:
    actions = [{"do": "initiative"}, reach("X"), upkeep("X", "P"), attack("P", "E", [1, 1, 1, 1]), attack("Q", "E")]
    out = run_data(fight(HOST, actions))
    assert out.refusals() == ["Q was not refreshed: X spent no Focus on it in this turn's Upkeep"]
    assert [(s.unit, s.status) for s in out.of("status", 2)] == [("P", "refreshed")]
    assert "Q is not upheld: it stays, but is not refreshed this turn" in [n.text for n in out.of("note", 2)]
    options = {"creatures_need_upkeep": False}
    free = run_data(fight(HOST, [*actions[:-1], attack("Q", "E", [1, 1, 1])], options=options))
    assert free.refusals() == []


def test_upkeep_is_limited_by_focus_and_to_what_the_character_holds() -> None:
    units = {**HOST, "R": creature("x", 1, 1, 5, controller="X")}
    too_many = run_data(fight(units, [upkeep("X", "P", "Q", "R")]))
    assert too_many.refusals() == ["X upholds 3, more than its Focus 2"]
    stranger = run_data(fight(units, [upkeep("X", "E")]))
    assert stranger.refusals() == [
        "E is neither a permanent effect of X's nor a creature it controls (it has: P, Q, R)"
    ]


def test_focus_minus_upheld_is_what_may_be_cast() -> None:
    actions = [upkeep("X", "P"), cast("X", "Cinder Burst", "E"), cast("X", "Mending Light", "X")]
    out = run_data(fight(HOST, actions))
    assert out.refusals() == ["X has cast 1 spell this turn: its Focus 2 minus 1 upheld allows 1"]
    assert out.unit("E").life == 26 and out.unit("X").mana == 2


def test_a_permanent_lasts_while_upheld_and_ends_when_not() -> None:
    actions = [
        cast("X", "Ward of Thorns", "P"),
        END,
        upkeep("X", "Ward of Thorns"),
        END,
        upkeep("X"),
    ]
    out = run_data(fight(HOST, actions))
    assert out.refusals() == []
    powers = [step.state.unit("P").power_now for step in out.steps]
    assert powers == [2, 2, 2, 2, 1]
    assert [(s.unit, s.status) for s in out.of("status", -1)] == [("P", "Ward of Thorns ends")]
    assert out.state.permanents == ()


# --- End phase: forgetting ---------------------------------------------------------------------------------

FULL = {"X": character("x", memory=3, spells=["Ember Dart", "Oak Skin", "Cinder Burst"], library=["Flashfire"])}


def test_the_end_phase_forgets_spells_above_half_of_memory_rounded_up() -> None:
    out = run_data(fight(FULL, [{"do": "end_turn", "unit": "X", "forget": ["Oak Skin"]}]))
    assert out.unit("X").memory_spells == ("Ember Dart", "Cinder Burst")
    assert out.unit("X").library == ("Flashfire", "Oak Skin")
    assert [r.value for r in out.of("ruling")] == ["bottom_of_library"]
    lost = run_data(
        fight(FULL, [{"do": "end_turn", "unit": "X", "forget": ["Oak Skin"]}], options={"forgotten_spells": "lost"})
    )
    assert lost.unit("X").library == ("Flashfire",)


def test_forgetting_refusals() -> None:
    short = run_data(fight(FULL, [{"do": "end_turn", "unit": "X"}]))
    assert short.refusals() == [
        "X has 3 spells in Memory, more than half its Memory 3 rounded up (2): it must forget 1, not 0"
    ]
    wrong = run_data(fight(FULL, [{"do": "end_turn", "unit": "X", "forget": ["Flashfire"]}]))
    assert wrong.refusals() == ["Flashfire is not in X's Memory (in Memory: Ember Dart, Oak Skin, Cinder Burst)"]
    units = {"X": {**FULL["X"], "memory": 5}}
    nothing = run_data(fight(units, [{"do": "end_turn", "unit": "X", "forget": ["Oak Skin"]}]))
    assert nothing.refusals() == [
        "X has 3 spells in Memory, not more than half its Memory 5 rounded up (3): it forgets nothing"
    ]


# --- spells as data ---------------------------------------------------------------------------------------

MAGE = {
    "M": character("m", speed=3, reach=10, mana=10, focus=3, mastery=5, memory=9,
                   spells=["Ember Dart", "Mending Light", "Feral Surge", "Unmaking", "Banishment", "Stolen Will",
                           "Call the Pack Wolf", "Ember Hound"]),
    "E": character("e", life=10),
    "C": creature("e", 2, 2, 4),
    "I": creature("e", 1, 1, 4, "Indestructible"),
}  # fmt: skip


def test_damage_life_and_power_toughness_effects() -> None:
    actions = [cast("M", "Ember Dart", "E"), cast("M", "Mending Light", "E"), cast("M", "Feral Surge", "C")]
    out = run_data(fight(MAGE, actions))
    assert [(d.target, d.amount, d.rule) for d in out.of("damage")] == [("E", 2, "Ember Dart: Life 10 → 8")]
    assert [(h.unit, h.amount, h.after) for h in out.of("heal")] == [("E", 3, 11)]
    assert (out.unit("C").power_now, out.unit("C").toughness_now) == (4, 3)
    assert out.unit("M").mana == 10 - 1 - 2 - 2 and out.unit("M").spells_cast == 2  # Ember Dart is an Instant
    ended = run_data(fight(MAGE, [*actions, END]))
    assert (ended.unit("C").power_now, ended.unit("C").toughness_now) == (2, 2)


def test_destroy_exile_and_control_spells_and_who_ignores_them() -> None:
    out = run_data(fight(MAGE, [cast("M", "Unmaking", "I"), cast("M", "Banishment", "C"), cast("M", "Unmaking", "E")]))
    assert [i.reason for i in out.of("immune")] == ["Indestructible: it cannot be destroyed"]
    assert out.unit("C").out_reason == "exiled"
    assert out.refusals() == ["Unmaking targets creatures only; E is a character"]
    control = run_data(fight(MAGE, [cast("M", "Stolen Will", "C")]))
    assert control.refusals() == [] and control.unit("M").mana == 5
    assert (control.unit("C").controller, control.unit("C").side) == ("M", "m")


def test_summoning_spells_bring_their_creature_sick_unless_haste() -> None:
    actions = [
        cast("M", "Call the Pack Wolf"),
        cast("M", "Ember Hound"),
        attack("Pack Wolf", "C", [6]),
        attack("Ember Hound", "C", [6, 6, 1, 1]),
    ]
    out = run_data(fight(MAGE, actions))
    assert out.refusals() == [
        "Pack Wolf was summoned this turn: summoning sickness, it cannot be commanded until next turn",
        "M already took another action this turn: commands come before other actions",
    ]
    assert (out.unit("Pack Wolf").controller, out.unit("Ember Hound").controller) == ("M", "M")


@pytest.mark.parametrize(
    ("units", "actions", "refusal"),
    [
        (MAGE, [cast("M", "Cinder Burst", "E")], "Cinder Burst is not in M's Memory (in Memory: Ember Dart, "
         "Mending Light, Feral Surge, Unmaking, Banishment, Stolen Will, Call the Pack Wolf, Ember Hound)"),
        (MAGE, [cast("M", "Ember Dart", "E"), cast("M", "Ember Dart", "E")],
         "M already cast Ember Dart today: it is spent for the day (in the graveyard)"),
        (MAGE, [cast("M", "Ember Dart")], "Ember Dart needs a target: give 'target'"),
        (MAGE, [cast("M", "Call the Pack Wolf", "E")], "Call the Pack Wolf has no target"),
        ({**MAGE, "M": {**MAGE["M"], "mastery": 4}}, [cast("M", "Stolen Will", "C")],
         "Stolen Will costs 5, above M's Mastery 4"),
        ({**MAGE, "M": {**MAGE["M"], "mana": 4}}, [cast("M", "Stolen Will", "C")], "Stolen Will costs 5; M has 4 mana"),
    ],
)  # fmt: skip
def test_casting_refusals(units, actions, refusal) -> None:
    out = run_data(fight(units, actions))
    assert out.refusals() == [refusal]


def test_creature_only_spells_need_near_range_and_any_target_spells_do_not() -> None:
    far = [{"between": ["M", "C"], "band": "far"}]
    out = run_data(fight(MAGE, [cast("M", "Feral Surge", "C"), cast("M", "Ember Dart", "C")], ranges=far))
    assert out.refusals()[0].startswith("C is at far range from M: at far range there is no direct fighting")
    assert [(d.target, d.amount) for d in out.of("damage")] == [("C", 2)]


def test_the_same_spell_twice_in_memory_is_cast_twice() -> None:
    units = {**MAGE, "M": {**MAGE["M"], "spells": ["Ember Dart", "Ember Dart"]}}
    out = run_data(fight(units, [cast("M", "Ember Dart", "E"), cast("M", "Ember Dart", "E")]))
    assert out.refusals() == [] and out.unit("E").life == 6 and out.unit("M").graveyard == ("Ember Dart",) * 2


def test_a_scenario_spell_replaces_the_bundled_one_by_name() -> None:
    data = fight(MAGE, [cast("M", "Ember Dart", "E")])
    data["spells"] = {"Ember Dart": {"colour": "R", "cost": 0, "instant": True, "damage": 5}}
    out = run_data(data)
    assert out.unit("E").life == 5 and out.unit("M").mana == 10


def test_a_table_spell_with_a_cost_is_spent_for_the_day_too() -> None:
    units = {"X": character("x", speed=3, reach=3, mana=3, focus=3, mastery=3), "E": character("e")}
    spell = {"do": "cast", "caster": "X", "spell": "Hex", "cost": 1}
    out = run_data(fight(units, [spell, spell]))
    assert out.refusals() == ["X already cast Hex today: it is spent for the day (in the graveyard)"]


def test_bad_spell_input_names_the_file_place_and_the_fix() -> None:
    data = fight({"M": character("m", spells=["Ember Dartt"])}, [])
    with pytest.raises(InputError) as err:
        run_data(data)
    assert "combatants.M.spells[0]: no spell called 'Ember Dartt' in the spell list" in str(err.value)
    assert "did you mean 'Ember Dart'?" in str(err.value)
    with pytest.raises(InputError) as err:
        run_data(fight({"M": character("m")}, [cast("M", "Ember Dart", "M", cost=1)]))
    assert "actions[1].cost: 'Ember Dart' is in the spell list (cost 1)" in str(err.value)
    with pytest.raises(InputError) as err:
        run_data(fight({"M": character("m")}, [cast("M", "Fireball", "M")]))
    assert "actions[1].spell: no spell called 'Fireball' in the spell list" in str(err.value)


# --- push-back --------------------------------------------------------------------------------------------


def test_a_pushed_back_creature_attacks_again_only_after_its_controller_upholds_it() -> None:
    units = {
        "X": character("x", speed=1, focus=1),
        "P": creature("x", 1, 1, 9, controller="X"),
        "Y": character("y", speed=1, life=30),
    }
    turn = [reach("X"), upkeep("X", "P"), attack("P", "Y", [1, 1, 1, 1]), END, reach("Y"), upkeep("Y"), END]
    start = [{"do": "initiative", "dice": [6, 1]}, *turn, reach("X")]
    options = {"creatures_need_upkeep": False}
    out = run_data(fight(units, [*start, upkeep("X"), attack("P", "Y", [1, 1, 1, 1])], options=options))
    assert out.refusals() == ["P was pushed back after its last attack: it must prepare again before it attacks"]
    again = run_data(fight(units, [*start, upkeep("X", "P"), attack("P", "Y", [1, 1, 1, 1])], options=options))
    assert again.refusals() == [] and again.of("status", -1)[-1].status == "pushed back"


def test_a_pushed_back_character_cannot_step_in_until_its_next_turn() -> None:
    units = {
        "X": character("x", power=1, speed=3, life=20),
        "Y": character("y", speed=2, life=20),
        "P": creature("x", 1, 1, 9, speed=1),
    }
    x_turn = [reach("X"), upkeep("X"), attack("X", "Y", [1, 1, 1, 1]), END]
    y_turn = [reach("Y"), upkeep("Y"), attack("Y", "P", [6, 1, 1, 1], intercept_by="X"), END]
    out = run_data(fight(units, [{"do": "initiative"}, *x_turn, *y_turn, END]))
    assert out.refusals() == ["X was pushed back after its last attack and is not ready to step in"]
    assert [step.state.unit("X").pushed_back for step in out.steps][-3:] == [True, True, False]
    assert "X has prepared again: the push-back ends" in [n.text for n in out.of("note", -1)]
    free = run_data(fight(units, [attack("X", "Y", [1, 1, 1, 1]), {"do": "end_turn"}]))
    assert free.unit("X").pushed_back is False  # without turns kept, the push-back ends with the turn


def test_vigilance_is_never_pushed_back() -> None:
    units = {"V": creature("a", 1, 1, 9, "Vigilance"), "B": creature("b", 1, 1, 9), "C": creature("a", 1, 1, 9)}
    out = run_data(fight(units, [attack("V", "B", [1, 1, 1, 1]), attack("B", "C", [6, 1], intercept_by="V")]))
    assert out.refusals() == [] and out.unit("V").pushed_back is False
    # V's Toughness left this turn is 0 (its defence 1 met a counterattack of 1), B's likewise
    assert [(d.target, d.amount) for d in out.of("damage")] == [("V", 6), ("B", 1)]


# --- Trample timing ---------------------------------------------------------------------------------------


def test_the_trample_follow_up_lapses_when_anything_else_comes_first() -> None:
    units = {"W": creature("a", 2, 1, 5, "Trample"), "B": creature("b", 1, 1, 1), "C": creature("b", 1, 1, 1)}
    between = {"do": "skill_test", "identity": "G", "skill": "Survival", "target": 2, "dice": [4]}
    out = run_data(fight(units, [attack("W", "B", [6, 6, 1]), between, attack("W", "C", [6, 6, 1])]))
    assert out.refusals() == ["W already attacked this turn: one attack per turn"]
    assert "W's Trample follow-up lapses: it is taken at once after the kill or not" in [n.text for n in out.of("note")]


# --- the start of a fight ---------------------------------------------------------------------------------


def test_life_zero_at_the_start_is_refused_with_its_place() -> None:
    with pytest.raises(InputError) as err:
        run_data(fight({"A": creature("a", 1, 1, 0), "B": creature("b", 1, 1, 1)}, []))
    assert "combatants.A.life: A starts the fight with Life 0" in str(err.value)
    assert "Tip: give it Life 1 or more" in str(err.value)


def test_more_mana_than_reach_at_the_start_is_refused_unless_the_option_allows_it() -> None:
    for field in ("max_mana", "mana"):
        with pytest.raises(InputError) as err:
            run_data(fight({"A": character("a", reach=2, **{field: 3})}, []))
        assert f"combatants.A.{field}: A starts with {field} 3, above its Reach 2" in str(err.value)
    allowed = run_data(fight({"A": character("a", reach=2, max_mana=3, mana=3)}, []), mana_above_reach=True)
    assert allowed.state.unit("A").max_mana == 3


# --- responses --------------------------------------------------------------------------------------------


def test_the_response_test_is_against_the_named_one_or_whose_turn_it_is() -> None:
    units = {
        "X": character("x", speed=1, mana=3, reach=3, mastery=3),
        "E": character("e", speed=2, focus=1),
        "W": creature("e", 1, 1, 20, controller="E", speed=3),
    }
    zap = {"do": "cast", "caster": "X", "spell": "Zap", "cost": 1, "instant": True, "target": "W", "responds_to": "W"}
    start = [{"do": "initiative"}, reach("E"), upkeep("E", "W"), attack("W", "X", [1, 1, 1, 1])]
    named = run_data(fight(units, [*start, {**zap, "dice": [6, 2, 2, 1]}]))
    assert [(r.label, r.total) for r in named.of("roll", -1)] == [("opposed Speed: X", 6), ("opposed Speed: W", 5)]
    assert named.unit("X").mana == 2
    active = run_data(fight(units, [*start, {**zap, "dice": [6, 4, 3]}], options={"response_test_against": "active"}))
    assert [(r.label, r.total) for r in active.of("roll", -1)] == [("opposed Speed: X", 6), ("opposed Speed: E", 7)]
    assert active.unit("X").mana == 3 and [r.value for r in active.of("ruling", -1)] == ["active"]
    assert "X is too slow: Zap is not cast, no mana spent" in [n.text for n in active.of("note", -1)]


def test_an_instant_on_another_turn_needs_no_speed_test_unless_it_answers_something() -> None:
    units = {"X": character("x", speed=1, mana=3, reach=3, mastery=3, spells=["Ember Dart"]), "E": character("e")}
    out = run_data(fight(units, [{"do": "initiative", "dice": [1, 6]}, cast("X", "Ember Dart", "E")]))
    assert out.state.active == "E" and out.of("roll", -1) == [] and out.unit("E").life == 8


def test_fighting_takes_an_action_unless_the_option_makes_it_free() -> None:
    units = {"X": character("x", speed=1, power=1, reach=2, mana=2, mastery=2, focus=1), "E": creature("e", 1, 1, 20)}
    actions = [attack("X", "E", [1, 1, 1, 1]), {"do": "cast", "caster": "X", "spell": "Hex", "cost": 1, "target": "E"}]
    costly = run_data(fight(units, actions))
    assert costly.refusals() == ["X has used all its 1 action this turn (Speed 1)"]
    assert [(r.option, r.value) for r in costly.of("ruling", 0)] == [
        ("attack_takes_action", "true"),
        ("toughness_after_exchange", "pool"),
        ("push_back", "refresh"),
    ]
    free = run_data(fight(units, actions, options={"attack_takes_action": False}))
    assert free.refusals() == [] and free.unit("X").actions_used == 1 and free.unit("X").attacked
    assert "X attack E: a free action (it spends none of its actions)" in [n.text for n in free.of("note", 0)]


def test_a_flight_ends_the_permanents_its_character_upholds() -> None:
    units = {"X": character("x", speed=2, reach=2, mana=2, mastery=2, focus=1, spells=["Ward of Thorns"]),
             "E": creature("e", 1, 1, 5)}  # fmt: skip
    far = [{"between": ["X", "E"], "band": "far"}]
    actions = [cast("X", "Ward of Thorns", "E"), {"do": "end_turn", "unit": "X"}, {"do": "flee", "unit": "X"}]
    out = run_data(fight(units, actions, ranges=far))
    assert [step.state.unit("E").power_now for step in out.steps] == [2, 2, 1]
    assert ("E", "Ward of Thorns ends") in [(s.unit, s.status) for s in out.of("status", -1)]


def test_a_creature_taken_under_control_leaves_the_turn_order() -> None:
    units = {**MAGE, "C": creature("e", 2, 2, 4, speed=1)}
    actions = [{"do": "initiative", "dice": [3, 2, 1]}, reach("M"), upkeep("M"), cast("M", "Stolen Will", "C")]
    out = run_data(fight(units, actions))
    assert out.steps[0].state.order == ("M", "E", "C", "I")
    assert out.state.order == ("M", "E", "I") and out.unit("C").controller == "M"


def test_without_turn_order_the_reach_phase_and_upkeep_are_still_once_per_turn() -> None:
    units = {"X": character("x", reach=3, mana=0, focus=1), "P": creature("x", 1, 1, 5, controller="X")}
    actions = [reach("X"), reach("X", colorless=2), upkeep("X", "P"), upkeep("X"), END, reach("X", colorless=1)]
    out = run_data(fight(units, actions))
    assert out.refusals() == ["X has had its Reach phase this turn", "X has had its Upkeep this turn"]
    assert [step.state.unit("X").mana for step in out.steps] == [3, 3, 3, 3, 3, 4]
    assert out.steps[3].state.unit("X").upheld == 1  # the refused second Upkeep did not undo the first


def test_a_spell_stops_applying_its_effects_once_its_target_is_out() -> None:
    units = {**MAGE, "M": {**MAGE["M"], "spells": ["Searing Curse"] * 2}, "C": creature("e", 2, 2, 3)}
    data = fight(units, [cast("M", "Searing Curse", "C"), cast("M", "Searing Curse", "E")])
    data["spells"] = {"Searing Curse": {"cost": 1, "damage": 3, "power": -1, "effect": "destroy"}}
    out = run_data(data)
    assert [(d.target, d.amount) for d in out.of("damage")] == [("C", 3), ("E", 3)]
    assert [m.applies_to for m in out.of("modifier")] == ["E's Power (printed 1)"]  # not C's: it fell first
    assert [e.unit for e in out.of("defeat")] == ["C"]  # destroyed by the damage, not destroyed twice
    assert [i.target for i in out.of("immune")] == ["E"]  # a character ignores the destroy part


def test_the_battle_state_stays_hashable_with_the_spell_list() -> None:
    out = run_data(fight(MAGE, [cast("M", "Call the Pack Wolf")]))
    assert hash(out.state) == hash(out.state) and out.unit("Pack Wolf").controller == "M"


def test_each_copy_of_a_permanent_takes_focus_and_one_on_a_fallen_target_ends() -> None:
    units = {**HOST, "X": {**HOST["X"], "spells": ["Ward of Thorns", "Ward of Thorns"], "speed": 3}}
    twice = [cast("X", "Ward of Thorns", "P"), cast("X", "Ward of Thorns", "Q"), END]
    out = run_data(fight(units, [*twice, upkeep("X", "Ward of Thorns", "P")]))
    assert out.refusals() == ["X upholds 3, more than its Focus 2"]
    kept = run_data(fight(units, [*twice, upkeep("X", "Ward of Thorns")]))
    assert kept.refusals() == [] and kept.unit("X").upheld == 2
    assert (kept.unit("P").power_now, kept.unit("Q").power_now) == (2, 2)
    fallen = [*twice, {"do": "damage", "target": "Q", "amount": 5}, upkeep("X", "Ward of Thorns")]
    out = run_data(fight(units, fallen))
    assert out.unit("X").upheld == 1 and [p.target for p in out.state.permanents] == ["P"]


def test_without_a_turn_order_forgetting_needs_the_character_named() -> None:
    out = run_data(fight(FULL, [{"do": "end_turn", "forget": ["Oak Skin"]}, END]))
    assert out.refusals() == ["name the character that forgets: 'unit' on the end_turn"]
    assert out.unit("X").memory_spells == ("Ember Dart", "Oak Skin", "Cinder Burst")  # unchecked without a unit
