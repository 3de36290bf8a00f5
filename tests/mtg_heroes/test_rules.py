"""Gathering of Heroes rules, one mechanism per test, each with the exact dice and the exact outcome."""

from __future__ import annotations

from tests.mtg_heroes.helpers import attack, character, creature, fight, run_data

DUEL = {"A": character("a", power=2, toughness=1, life=10), "B": character("b", power=1, toughness=2, life=10)}


# --- the exchange -----------------------------------------------------------------------------------------


def test_power_dice_against_toughness_dice_excess_off_life_then_counterattack() -> None:
    out = run_data(fight(DUEL, [attack("A", "B", [6, 4, 2, 3, 5, 1])]))
    assert [(r.dice, r.total) for r in out.of("roll")] == [("2d6", 10), ("2d6", 5), ("1d6", 5), ("1d6", 1)]
    assert [(d.target, d.amount, d.rule) for d in out.of("damage")] == [
        ("B", 5, "10 − 5 = 5 off Life 10 → 5"),
        ("A", 4, "5 − 1 = 4 off Life 10 → 6"),
    ]
    assert (out.unit("A").life, out.unit("B").life) == (6, 5)


def test_no_excess_is_a_miss_and_no_damage() -> None:
    out = run_data(fight(DUEL, [attack("A", "B", [1, 1, 3, 3, 1, 6])]))
    assert [(m.target, m.result, m.needed) for m in out.of("miss")] == [("B", 2, 7), ("A", 1, 7)]
    assert out.of("damage") == [] and out.unit("B").life == 10


def test_the_counterattack_can_be_declined_by_the_action_or_the_option() -> None:
    declined = run_data(fight(DUEL, [attack("A", "B", [6, 6, 1, 1], counterattack=False)]))
    assert len(declined.of("roll")) == 2 and declined.unit("A").life == 10
    assert "B does not counterattack" in [n.text for n in declined.of("note")]
    by_option = run_data(fight(DUEL, [attack("A", "B", [6, 6, 1, 1])], options={"counterattack": False}))
    assert len(by_option.of("roll")) == 2


def test_a_defender_killed_by_the_attack_does_not_counterattack() -> None:
    units = {"A": creature("a", 3, 1, 5), "B": creature("b", 5, 1, 2)}
    out = run_data(fight(units, [attack("A", "B", [6, 6, 6, 1])]))
    assert [e.unit for e in out.of("defeat")] == ["B"] and len(out.of("roll")) == 2
    assert "B is at 0 Life and cannot counterattack" in [n.text for n in out.of("note")]


def test_power_zero_rolls_no_dice() -> None:
    units = {"A": creature("a", 0, 1, 5), "B": creature("b", 1, 1, 5)}
    out = run_data(fight(units, [attack("A", "B", [3, 2, 1])]))
    assert [r.dice for r in out.of("roll")] == ["1d6", "1d6", "1d6"]
    assert "attack: A's Power 0d6: no dice (0), total 0" in [n.text for n in out.of("note")]


# --- First Strike -----------------------------------------------------------------------------------------


def test_defender_first_strike_kills_the_attacker_before_it_deals_damage() -> None:
    units = {"A": creature("a", 4, 1, 2), "B": creature("b", 1, 1, 2, "First Strike")}
    out = run_data(fight(units, [attack("A", "B", [6, 1])]))
    assert [r.label for r in out.of("roll")] == ["counterattack: B's Power 1d6", "defence: A's Toughness 1d6"]
    assert [e.unit for e in out.of("defeat")] == ["A"] and out.unit("B").life == 2
    assert "A fell to the first strike and deals no damage" in [n.text for n in out.of("note")]


def test_defender_first_strike_then_a_surviving_attacker_strikes() -> None:
    units = {"A": creature("a", 1, 1, 5), "B": creature("b", 1, 1, 5, "first_strike")}
    out = run_data(fight(units, [attack("A", "B", [3, 1, 6, 2])]))
    assert [(d.attacker, d.amount) for d in out.of("damage")] == [("B", 2), ("A", 4)]


def test_attacker_first_strike_is_the_usual_order() -> None:
    units = {"A": creature("a", 1, 1, 5, "First Strike"), "B": creature("b", 1, 1, 1)}
    out = run_data(fight(units, [attack("A", "B", [5, 1])]))
    assert [e.unit for e in out.of("defeat")] == ["B"] and out.unit("A").life == 5


def test_both_first_strike_attack_then_counterattack() -> None:
    units = {"A": creature("a", 1, 1, 5, "First Strike"), "B": creature("b", 1, 1, 5, "First Strike")}
    out = run_data(fight(units, [attack("A", "B", [5, 1, 4, 2])]))
    assert [(d.attacker, d.amount) for d in out.of("damage")] == [("A", 4), ("B", 2)]
    assert "both have First Strike: attack, then counterattack as usual" in [n.text for n in out.of("note")]


# --- Toughness after the exchange -------------------------------------------------------------------------

THREE = {
    "A": creature("a", 2, 1, 20, controller="X"),
    "C": creature("a", 1, 1, 20, controller="X"),
    "B": creature("b", 1, 2, 20),
    "X": character("a", speed=1),
}


def test_pool_the_second_attack_meets_what_is_left_of_the_defence_roll() -> None:
    actions = [attack("A", "B", [2, 1, 6, 6], counterattack=False), attack("C", "B", [4], counterattack=False)]
    out = run_data(fight(THREE, actions))
    assert [m.total for m in out.of("modifier")] == [9, 5]
    assert [(d.amount) for d in out.of("damage")] == []  # 3 vs 12, then 4 vs 9: no excess
    assert out.unit("B").toughness_pool == 5


def test_pool_lowered_to_zero_lets_the_next_attack_through_whole() -> None:
    actions = [attack("A", "B", [6, 6, 1, 1], counterattack=False), attack("C", "B", [3], counterattack=False)]
    out = run_data(fight(THREE, actions))
    assert [d.amount for d in out.of("damage")] == [10, 3]


def test_zero_option_toughness_is_zero_after_an_exchange() -> None:
    actions = [attack("A", "B", [1, 1, 6, 6], counterattack=False), attack("C", "B", [2], counterattack=False)]
    out = run_data(fight(THREE, actions, options={"toughness_after_exchange": "zero"}))
    assert [d.amount for d in out.of("damage")] == [2]
    assert out.of("ruling")[0].value == "zero"


def test_reroll_option_rolls_toughness_for_every_attack() -> None:
    actions = [attack("A", "B", [6, 6, 1, 1], counterattack=False), attack("C", "B", [3, 1, 1], counterattack=False)]
    out = run_data(fight(THREE, actions, options={"toughness_after_exchange": "reroll"}))
    assert [d.amount for d in out.of("damage")] == [10, 1]
    assert out.unit("B").toughness_pool is None


def test_end_of_turn_ends_toughness_reductions() -> None:
    actions = [
        attack("A", "B", [6, 6, 1, 1], counterattack=False),
        {"do": "end_turn"},
        attack("C", "B", [3, 2, 2], counterattack=False),
    ]
    out = run_data(fight(THREE, actions))
    assert [d.amount for d in out.of("damage")] == [10]
    assert "end of turn: Power and Toughness reductions end (B)" in [n.text for n in out.of("note")]


# --- after the exchange -----------------------------------------------------------------------------------


def test_a_surviving_attacker_is_pushed_back_unless_vigilant() -> None:
    units = {"A": creature("a", 1, 1, 5), "V": creature("a", 1, 1, 5, "Vigilance"), "B": creature("b", 1, 1, 50)}
    out = run_data(fight(units, [attack("A", "B", [1, 1, 1, 1]), attack("V", "B", [1, 1, 1])]))
    assert [(s.unit, s.status) for s in out.of("status")] == [("A", "pushed back")]
    assert "Vigilance: V is not pushed back and need not prepare again" in [n.text for n in out.of("note")]


def test_trample_after_a_kill_offers_one_follow_up_attack() -> None:
    units = {"W": creature("a", 2, 1, 5, "Trample"), "B": creature("b", 1, 1, 1), "C": creature("b", 1, 1, 1)}
    out = run_data(fight(units, [attack("W", "B", [6, 6, 1]), attack("W", "C", [6, 6, 1]), attack("W", "B", [1])]))
    assert [e.unit for e in out.of("defeat")] == ["B", "C"]
    assert out.refusals() == ["B is out of the fight (destroyed) and cannot be attacked"]


def test_without_trample_a_second_attack_is_refused() -> None:
    units = {"W": creature("a", 2, 1, 5, speed=2), "B": creature("b", 1, 1, 1), "C": creature("b", 1, 1, 1)}
    out = run_data(fight(units, [attack("W", "B", [6, 6, 1]), attack("W", "C", [6, 6, 1])]))
    assert out.refusals() == ["W already attacked this turn: one attack per turn"]


def test_trample_without_a_kill_offers_nothing() -> None:
    units = {"W": creature("a", 1, 1, 5, "Trample"), "B": creature("b", 1, 1, 9), "C": creature("b", 1, 1, 1)}
    out = run_data(fight(units, [attack("W", "B", [6, 1, 1, 1]), attack("W", "C", [6, 1])]))
    assert out.refusals() == ["W already attacked this turn: one attack per turn"]


def test_trample_follow_up_may_be_a_move_to_far_range() -> None:
    units = {"W": creature("a", 2, 1, 5, "Trample"), "B": creature("b", 1, 1, 1), "C": creature("b", 1, 1, 1)}
    actions = [attack("W", "B", [6, 6, 1]), {"do": "move", "unit": "W", "to": "far", "relative_to": ["C"]}]
    out = run_data(fight(units, actions))
    assert out.refusals() == [] and out.state.band("W", "C") == "far"


# --- ranges -----------------------------------------------------------------------------------------------


def test_far_range_refuses_direct_fighting_and_changes_nothing() -> None:
    out = run_data(fight(DUEL, [attack("A", "B", [6, 6])], default_range="far"))
    assert out.refusals()[0].startswith("A is at far range from B: at far range there is no direct fighting")
    assert out.of("roll") == [] and out.state == out.scenario.state


def test_direct_range_is_entered_only_by_attacking_and_moves_are_once_per_turn() -> None:
    actions = [
        {"do": "move", "unit": "A", "to": "direct"},
        {"do": "move", "unit": "A", "to": "daleki"},
        {"do": "move", "unit": "A", "to": "near"},
    ]
    out = run_data(fight(DUEL, actions))
    assert out.refusals() == [
        "direct range is entered only by attacking (do: attack)",
        "A already moved this turn: one move per turn",
    ]
    assert out.state.band("A", "B") == "far"


def test_moving_to_the_band_already_held_is_refused() -> None:
    out = run_data(fight(DUEL, [{"do": "move", "unit": "A", "to": "near"}]))
    assert out.refusals() == ["A is already at near range from B"]


def test_ranges_are_per_pair() -> None:
    units = {**DUEL, "C": creature("b", 1, 1, 1)}
    out = run_data(
        fight(
            units, [attack("A", "C", [6, 6, 1], counterattack=False)], ranges=[{"between": ["B", "A"], "band": "far"}]
        )
    )
    assert out.refusals() == [] and out.state.band("A", "B") == "far"


# --- intercept --------------------------------------------------------------------------------------------

GUARDED = {
    "A": creature("a", 2, 1, 10),
    "L": character("l"),
    "Z": creature("l", 1, 1, 3, controller="L"),
    "Y": creature("l", 1, 1, 3),
}


def test_a_character_orders_its_creature_to_step_in() -> None:
    out = run_data(fight(GUARDED, [attack("A", "L", [6, 6, 1], intercept_by="Z")]))
    assert [d.target for d in out.of("damage")] == ["Z"] and out.unit("L").life == 10


def test_intercept_refusals() -> None:
    far = [{"between": ["A", "Z"], "band": "far"}]
    helper = {**GUARDED, "H": creature("a", 1, 1, 3)}
    assert run_data(fight(helper, [attack("A", "L", [6], intercept_by="H")])).refusals() == [
        "H is on A's side: only others interfere with an attack"
    ]
    assert run_data(fight(GUARDED, [attack("A", "L", [6], intercept_by="L")])).refusals() == [
        "L cannot step in for its own fight"
    ]
    assert run_data(fight(GUARDED, [attack("A", "L", [6], intercept_by="Z")], ranges=far)).refusals() == [
        "Z is at far range from A: only a combatant at near range of the attacker can step in"
    ]


def test_interference_by_any_other_combatant_at_near_range() -> None:
    """Not only the attacked character's own creature: a creature of its side that no one controls, or another
    character, may step in and take the fight."""
    wild = run_data(fight(GUARDED, [attack("A", "L", [6, 6, 1], intercept_by="Y")]))
    assert [d.target for d in wild.of("damage")] == ["Y"] and wild.unit("L").life == 10
    assert "Y interferes: A must fight it instead of L" in [n.text for n in wild.of("note")]
    units = {**GUARDED, "M": character("m", power=1, toughness=3, life=10)}
    third = run_data(fight(units, [attack("A", "Z", [6, 6, 1, 1, 1, 1, 1], intercept_by="M")]))
    assert [d.target for d in third.of("damage")] == ["M"] and third.unit("M").life == 1


def test_a_pushed_back_combatant_cannot_step_in() -> None:
    units = {**GUARDED, "Q": creature("l", 1, 1, 9)}
    actions = [attack("Q", "A", [1, 6, 1, 6, 1]), attack("A", "L", [6, 6], intercept_by="Q")]
    out = run_data(fight(units, actions))
    assert out.refusals() == ["Q was pushed back after its last attack and is not ready to step in"]
    logged = run_data(fight(units, actions, options={"push_back": "log_only"}))
    assert logged.refusals() == [] and [(d.target, d.amount) for d in logged.of("damage")] == [("Q", 6), ("Q", 12)]


def test_a_summoning_sick_creature_cannot_be_ordered_to_step_in() -> None:
    units = {**GUARDED, "Z": creature("l", 1, 1, 3, controller="L", summoned_this_turn=True)}
    out = run_data(fight(units, [attack("A", "L", [6], intercept_by="Z")]))
    assert out.refusals() == ["Z was summoned this turn: summoning sickness, it cannot be ordered to step in"]


# --- turns, actions, commands -----------------------------------------------------------------------------


def test_summoning_sickness_and_haste() -> None:
    reserve = {"Bear": creature("x", 2, 2, 4), "Hound": creature("x", 2, 2, 4, "Haste")}
    units = {"X": character("x", speed=3), "E": creature("e", 1, 1, 10)}
    actions = [
        {"do": "summon", "caster": "X", "creature": "Bear"},
        {"do": "summon", "caster": "X", "creature": "Hound"},
        attack("Bear", "E", [6, 6, 1, 1]),
        attack("Hound", "E", [1, 1, 6, 6, 6, 6]),
        {"do": "end_turn", "unit": "X"},
        attack("Bear", "E", [1, 1, 6, 6, 6, 6]),
    ]
    out = run_data(fight(units, actions, reserve=reserve))
    assert out.refusals() == ["Bear was summoned this turn: summoning sickness, it cannot be commanded until next turn"]
    assert [s.refused for s in out.steps] == [False, False, True, False, False, False]
    assert out.unit("Bear").controller == "X" and out.state.band("Bear", "E") == "near"


def test_actions_equal_speed() -> None:
    units = {"X": character("x", speed=1, mana=5, reach=5, mastery=5, focus=3), "E": creature("e", 1, 1, 10)}
    actions = [{"do": "cast", "caster": "X", "spell": "Shock", "cost": 1, "target": "E"}, attack("X", "E", [1])]
    out = run_data(fight(units, actions))
    assert out.refusals() == ["X has used all its 1 action this turn (Speed 1)"]


COMMANDS = {
    "X": character("x", speed=2, mana=5, reach=5, mastery=5, focus=3),
    "P": creature("x", 1, 1, 5, controller="X"),
    "Q": creature("x", 1, 1, 5, controller="X"),
    "E": creature("e", 1, 1, 50),
}


def test_commands_come_before_other_actions_and_cost_one_action_for_all() -> None:
    ok = run_data(fight(COMMANDS, [attack("P", "E", [1, 1, 1, 1]), attack("Q", "E", [1, 1, 1])]))
    assert ok.refusals() == [] and ok.unit("X").actions_used == 1
    late = run_data(
        fight(COMMANDS, [{"do": "cast", "caster": "X", "spell": "Shock", "cost": 1}, attack("P", "E", [1, 1, 1, 1])])
    )
    assert late.refusals() == ["X already took another action this turn: commands come before other actions"]


def test_the_first_action_of_another_kind_closes_commanding_for_the_turn() -> None:
    """The bug of issue 15: P commanded, then X casts, then Q (not yet commanded) attacked anyway."""
    actions = [
        attack("P", "E", [1, 1, 1, 1]),
        {"do": "cast", "caster": "X", "spell": "Shock", "cost": 1, "target": "E"},
        attack("Q", "E", [6, 6, 6]),
    ]
    out = run_data(fight(COMMANDS, actions))
    assert out.refusals() == ["X already took another action this turn: commands come before other actions"]
    assert [s.refused for s in out.steps] == [False, False, True]
    assert out.unit("E").life == 50 and out.unit("X").actions_used == 2
    assert "X's commands are over for this turn: it acts itself now" in [n.text for n in out.of("note")]


def test_an_instant_is_no_action_and_leaves_commanding_open() -> None:
    actions = [
        {"do": "cast", "caster": "X", "spell": "Zap", "cost": 1, "target": "E", "instant": True},
        attack("P", "E", [1, 1, 1, 1]),
    ]
    out = run_data(fight(COMMANDS, actions))
    assert out.refusals() == [] and out.unit("X").actions_used == 1 and out.unit("X").commanded


def test_commanding_opens_again_next_turn() -> None:
    actions = [
        {"do": "cast", "caster": "X", "spell": "Shock", "cost": 1, "target": "E"},
        {"do": "end_turn", "unit": "X"},
        attack("P", "E", [1, 1, 1, 1]),
    ]
    out = run_data(fight(COMMANDS, actions))
    assert out.refusals() == [] and out.unit("X").commanded


def test_only_the_active_combatant_acts_once_initiative_is_set() -> None:
    units = {"X": character("x", speed=3), "Y": character("y", speed=1)}
    x_phases = [{"do": "reach_phase", "unit": "X"}, {"do": "upkeep", "unit": "X"}]
    y_phases = [{"do": "reach_phase", "unit": "Y"}, {"do": "upkeep", "unit": "Y"}]
    actions = [{"do": "initiative"}, attack("Y", "X", [1]), *x_phases, {"do": "end_turn"}, *y_phases]
    out = run_data(fight(units, [*actions, attack("Y", "X", [1, 1, 1, 1])]))
    assert out.refusals() == ["it is X's turn, not Y's"]
    assert [s.refused for s in out.steps] == [False, True, False, False, False, False, False, False]
    assert out.state.active == "Y" and out.state.turn == 1


def test_initiative_ties_roll_again_until_broken() -> None:
    units = {"X": character("x", speed=1), "Y": character("y", speed=1), "Z": character("z", speed=4)}
    out = run_data(fight(units, [{"do": "initiative", "dice": [3, 3, 2, 5]}]))
    assert out.of("turn_order")[0].order == ("Z", "Y", "X")
    assert [r.total for r in out.of("roll")] == [3, 3, 2, 5]


def test_delay_changes_the_order_for_the_rest_of_the_fight() -> None:
    units = {"X": character("x", speed=3), "Y": character("y", speed=2), "Z": character("z", speed=1)}
    out = run_data(fight(units, [{"do": "initiative"}, {"do": "delay", "unit": "X", "after": "Z"}]))
    assert out.state.order == ("Y", "Z", "X") and out.state.active == "Y"


# --- characters, destroy, exile, control, regenerate ------------------------------------------------------


def test_characters_are_immune_to_destroy_exile_and_control() -> None:
    units = {"X": character("x"), "Y": character("y")}
    actions = [{"do": "effect", "effect": e, "target": "X", "by": "Y"} for e in ("destroy", "exile", "control")]
    out = run_data(fight(units, actions))
    assert len(out.of("immune")) == 3 and not out.unit("X").out


def test_destroy_exile_control_on_creatures_and_indestructible() -> None:
    units = {
        "X": character("x"),
        "P": creature("y", 1, 1, 3),
        "Q": creature("y", 1, 1, 3),
        "R": creature("y", 1, 1, 3, "Indestructible"),
        "S": creature("y", 1, 1, 3),
    }
    actions = [
        {"do": "effect", "effect": "destroy", "target": "P"},
        {"do": "effect", "effect": "exile", "target": "Q"},
        {"do": "effect", "effect": "destroy", "target": "R"},
        {"do": "effect", "effect": "control", "target": "S", "by": "X"},
    ]
    out = run_data(fight(units, actions))
    assert (out.unit("P").out_reason, out.unit("Q").out_reason, out.unit("R").out) == ("destroyed", "exiled", False)
    assert (out.unit("S").controller, out.unit("S").side) == ("X", "x")


def test_indestructible_at_zero_life_is_beaten_not_destroyed_and_regenerates() -> None:
    units = {"A": creature("a", 3, 1, 10), "R": creature("b", 1, 1, 2, "Indestructible", "Regenerate")}
    out = run_data(fight(units, [attack("A", "R", [6, 6, 6, 1]), {"do": "regenerate", "unit": "R"}]))
    (beaten,) = out.of("defeat")  # out of the fight until regenerated: a removal, but not "destroyed"
    assert (beaten.unit, beaten.by, beaten.how) == ("R", "A", "defeated") and "Indestructible" in beaten.reason
    (heal,) = out.of("heal")
    assert (heal.unit, heal.amount, heal.before, heal.after, heal.pool) == ("R", 2, 0, 2, "Life")
    assert out.unit("R").life == 2 and not out.unit("R").out


def test_regenerate_needs_the_keyword() -> None:
    units = {"A": creature("a", 3, 1, 10)}
    out = run_data(fight(units, [{"do": "regenerate", "unit": "A"}]))
    assert out.refusals() == ["A has no Regenerate"]


# --- mana and spells --------------------------------------------------------------------------------------


def test_cast_limits_mastery_mana_focus_and_far_range() -> None:
    units = {"X": character("x", speed=5, mana=4, reach=4, mastery=3, focus=1), "E": creature("e", 1, 1, 5)}
    spell = {"do": "cast", "caster": "X", "spell": "Bolt", "target": "E"}
    out = run_data(
        fight(
            units,
            [
                {**spell, "cost": 4},
                {**spell, "cost": 1, "creature_only": True},
                {**spell, "cost": 1},
                {**spell, "spell": "Zap", "cost": 1, "instant": True},
            ],
            ranges=[{"between": ["X", "E"], "band": "far"}],
        )
    )
    assert out.refusals() == [
        "Bolt costs 4, above X's Mastery 3",
        "E is at far range from X: at far range there is no direct fighting and no spell or ability that targets "
        "only creatures; move to near range first",
    ]
    assert out.unit("X").mana == 2 and out.unit("X").spells_cast == 1


def test_reach_phase_penalty_only_at_near_range() -> None:
    far = [{"between": ["X", "E"], "band": "far"}]
    units = {"X": character("x", reach=3, mana=0), "E": creature("e", 1, 1, 5)}
    out_far = run_data(fight(units, [{"do": "reach_phase", "unit": "X"}], ranges=far))
    out_near = run_data(fight(units, [{"do": "reach_phase", "unit": "X"}]))
    assert (out_far.unit("X").mana, out_near.unit("X").mana) == (3, 1)


def test_mana_burn_at_end_of_turn() -> None:
    units = {"X": character("x", reach=2, mana=2, life=3)}
    out = run_data(fight(units, [{"do": "reach_phase", "unit": "X", "colorless": 3}, {"do": "end_turn", "unit": "X"}]))
    assert out.of("damage")[0].amount == 3 and out.unit("X").out_reason == "lost the battle"


# --- flee, damage, responses ------------------------------------------------------------------------------

RUNAWAY = {
    "X": character("x", speed=2, focus=1),
    "P": creature("x", 1, 1, 5, controller="X"),
    "E": character("e", speed=1),
}
AWAY = [{"between": ["X", "E"], "band": "far"}, {"between": ["P", "E"], "band": "far"}]


def test_flee_only_from_far_range_and_as_the_first_action() -> None:
    near = run_data(fight(RUNAWAY, [{"do": "flee", "unit": "X"}]))
    assert near.refusals() == ["X is at near range from E: a character flees only from far range"]
    second = run_data(
        fight(RUNAWAY, [{"do": "cast", "caster": "X", "spell": "Ponder", "cost": 0}, {"do": "flee", "unit": "X"}],
              ranges=AWAY)
    )  # fmt: skip
    assert second.refusals() == ["fleeing must be X's first action of the turn"]


def test_a_flight_dismisses_creatures_and_succeeds_under_5_damage() -> None:
    actions = [
        {"do": "flee", "unit": "X"},
        {"do": "damage", "target": "X", "amount": 4, "by": "E", "source": "Shock"},
        {"do": "end_turn"},
    ]
    out = run_data(fight(RUNAWAY, actions, ranges=AWAY))
    assert [(s.unit, s.status) for s in out.of("status")] == [("X", "fleeing")]
    assert [(d.unit, d.how, d.by) for d in out.of("defeat")] == [("P", "dismissed", None), ("X", "fled", None)]
    assert out.unit("X").out_reason == "fled" and out.unit("X").life == 6


def test_a_flight_fails_at_5_damage() -> None:
    actions = [{"do": "flee", "unit": "X"}, {"do": "damage", "target": "X", "amount": 5}, {"do": "end_turn"}]
    out = run_data(fight(RUNAWAY, actions, ranges=AWAY))
    assert not out.unit("X").out and out.unit("X").fleeing is None
    assert "X took 5 damage while fleeing: it stays" in [n.text for n in out.of("note")]


def test_much_faster_character_escapes_at_once_by_an_opposed_speed_test() -> None:
    units = {"X": character("x", speed=3), "E": character("e", speed=1)}
    win = run_data(fight(units, [{"do": "flee", "unit": "X", "dice": [2, 2, 2, 5]}], default_range="far"))
    assert win.unit("X").out_reason == "fled"
    tie = run_data(fight(units, [{"do": "flee", "unit": "X", "dice": [2, 2, 2, 6]}], default_range="far"))
    assert tie.unit("X").fleeing == 0
    assert "opposed Speed 6 = 6; a tie goes to the responder, E: E wins" in [n.text for n in tie.of("note")]


def test_an_instant_responds_with_an_opposed_speed_test_equal_or_greater() -> None:
    units = {"X": character("x", speed=1, mana=3, reach=3, mastery=3), "E": character("e", speed=1)}
    hex_ = {"do": "cast", "caster": "E", "spell": "Hex", "cost": 0, "instant": True}
    spell = {"do": "cast", "caster": "X", "spell": "Counterspell", "cost": 2, "instant": True, "responds_to": "E"}
    equal = run_data(fight(units, [hex_, {**spell, "dice": [4, 4]}]))
    assert equal.unit("X").mana == 1
    assert [(r.label, r.total) for r in equal.of("roll")] == [("opposed Speed: X", 4), ("opposed Speed: E", 4)]
    slow = run_data(fight(units, [hex_, {**spell, "dice": [3, 4]}]))
    assert slow.unit("X").mana == 3 and slow.of("spend", 1) == []
    sorcery = run_data(fight(units, [hex_, {**spell, "instant": False, "dice": [4, 4]}]))
    assert sorcery.refusals() == ["only an Instant (or a Split Second spell) can respond to a spell"]
    split = run_data(fight(units, [hex_, {**spell, "split_second": True}]))
    assert split.of("roll") == [] and split.unit("X").mana == 1


def test_a_response_answers_only_what_was_just_done() -> None:
    units = {"X": character("x", speed=1, mana=3, reach=3, mastery=3), "E": character("e", speed=1)}
    spell = {"do": "cast", "caster": "X", "spell": "Counterspell", "cost": 2, "instant": True, "responds_to": "E"}
    nothing = run_data(fight(units, [{**spell, "dice": [6, 1]}]))
    assert nothing.refusals() == [
        "there is nothing of E's to respond to: a response answers the spell just cast or the commanded creature's "
        "action just taken"
    ]
    hex_ = {"do": "cast", "caster": "E", "spell": "Hex", "cost": 0, "instant": True}
    late = run_data(fight(units, [hex_, {"do": "skill_test", "identity": "U", "skill": "Subtlety", "target": 2,
                                         "dice": [3]}, {**spell, "dice": [6, 1]}]))  # fmt: skip
    assert late.refusals()[0].startswith("there is nothing of E's to respond to")
    split = {**hex_, "split_second": True}
    answered = run_data(fight(units, [split, {**spell, "dice": [6, 1]}]))
    assert answered.refusals() == ["E's spell has Split Second: no one can respond to it"]


def test_a_response_to_a_commanded_creature_tests_speed_against_the_named_one() -> None:
    units = {
        "X": character("x", speed=1, mana=3, reach=3, mastery=3),
        "E": character("e", speed=1),
        "W": creature("e", 1, 1, 20, controller="E", speed=3),
    }
    actions = [
        attack("W", "X", [1, 1, 1, 1]),
        {"do": "cast", "caster": "X", "spell": "Zap", "cost": 1, "instant": True, "target": "W",
         "responds_to": "W", "dice": [6, 2, 2, 1]},
    ]  # fmt: skip
    out = run_data(fight(units, actions))
    assert [(r.label, r.dice, r.total) for r in out.of("roll", 1)] == [
        ("opposed Speed: X", "1d6", 6),
        ("opposed Speed: W", "3d6", 5),
    ]
    assert out.unit("X").mana == 2 and [r.value for r in out.of("ruling", 1)] == ["named"]


def test_outcome_measures_for_exact_odds() -> None:
    out = run_data(fight(DUEL, [attack("A", "B", [6, 4, 2, 3, 5, 1])]))
    game = out.scenario.ruleset
    measures = game.outcome_measures(out.scenario.state, out.state, out.events)
    assert measures == {"Life left: A": 6, "Life left: B": 5}


def test_power_and_toughness_changes_last_until_end_of_turn() -> None:
    units = {"A": creature("a", 2, 1, 10, speed=3), "B": creature("b", 1, 2, 30)}
    actions = [
        {"do": "modify", "unit": "A", "power": 1, "source": "Giant Growth"},
        {"do": "modify", "unit": "B", "toughness": -3, "source": "Weakness"},
        attack("A", "B", [6, 6, 6, 1, 1]),
        {"do": "end_turn"},
        attack("A", "B", [1, 1, 6, 6, 1, 1]),
    ]
    out = run_data(fight(units, actions))
    assert [(m.applies_to, m.amount, m.total) for m in out.of("modifier")][:2] == [
        ("A's Power (printed 2)", 1, 3),
        ("B's Toughness (printed 2)", -2, 0),
    ]
    rolls = [(r.label, r.dice) for r in out.of("roll")]
    assert rolls[0] == ("attack: A's Power 3d6", "3d6")
    assert "defence: B's Toughness 0d6: no dice (0), total 0" in [n.text for n in out.of("note")]
    assert ("attack: A's Power 2d6", "2d6") in rolls and ("defence: B's Toughness 2d6", "2d6") in rolls
    assert out.of("damage")[0].amount == 18 and out.unit("B").life == 12
    assert out.unit("A").power_change == 0 and out.unit("B").toughness_change == 0
