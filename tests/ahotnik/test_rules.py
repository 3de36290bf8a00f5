"""Every rule of the Ahotnik attack phase, with stated choices and dice and the exact outcome."""

from __future__ import annotations

import pytest

from tabroll.errors import InputError
from tests.ahotnik.helpers import EXAMPLES, attack, game, run_data, run_file

# Default pointy map: 1 NE (1, -1), 2 E (1, 0), 3 SE (0, 1), 4 SW (-1, 1), 5 W (-1, 0), 6 NW (0, -1).

# --- step 1: direction ------------------------------------------------------------------------------------


def test_equal_pilot_numbers_are_a_success_and_turn_the_ahotnik_without_dice() -> None:
    out = run_data(game({"A": {"at": [0, 0]}}, [attack("A", [4, 4])]))
    (syn,) = out.of("synapse")
    assert (syn.result, syn.pilots, syn.direction, syn.direction_name) == ("success", (4, 4), 4, "4 (SW)")
    assert not out.of("roll")
    (rot,) = out.of("rotation")
    assert (rot.before, rot.after) == (1, 4)
    assert out.ahotnik("A").facing == 4


@pytest.mark.parametrize(("die", "direction"), [(1, 3), (2, 6)])
def test_different_pilot_numbers_are_forced_and_a_d2_picks_one(die: int, direction: int) -> None:
    out = run_data(game({"A": {"at": [0, 0]}}, [attack("A", [3, 6], dice=[die])]))
    (roll,) = out.of("roll")
    assert (roll.dice, roll.values) == ("1d2", (die,))
    assert "1 = direction 3, 2 = direction 6" in roll.label
    (syn,) = out.of("synapse")
    assert (syn.result, syn.candidates, syn.direction) == ("forced", (3, 6), direction)
    assert out.ahotnik("A").facing == direction


def test_synapse_result_given_directly() -> None:
    success = run_data(game({"A": {"at": [0, 0]}}, [attack("A", {"synapse": "success", "direction": 5})]))
    assert (success.of("synapse")[0].result, success.ahotnik("A").facing) == ("success", 5)
    picked = run_data(game({"A": {"at": [0, 0]}}, [attack("A", {"synapse": "forced", "direction": 2})]))
    assert (picked.of("synapse")[0].result, picked.ahotnik("A").facing, picked.of("roll")) == ("forced", 2, [])
    rolled = run_data(game({"A": {"at": [0, 0]}}, [attack("A", {"synapse": "forced", "directions": [2, 4]}, dice=[2])]))
    assert (rolled.of("synapse")[0].result, rolled.ahotnik("A").facing) == ("forced", 4)


def test_missing_choice_asks_the_dice_source_for_each_pilot_number() -> None:
    out = run_data(game({"A": {"at": [0, 0]}}, [{"do": "attack_phase"}]), session=[3, 3])
    assert [r.values for r in out.of("roll")] == [(3,), (3,)]
    assert "no choice given for A" in out.of("note")[0].text
    assert (out.of("synapse")[0].result, out.ahotnik("A").facing) == ("success", 3)


# --- step 2: target identification ------------------------------------------------------------------------


def test_scan_starts_at_the_facing_hex_and_a_demon_ahead_takes_melee_damage_straight_to_life() -> None:
    demons = {"Ahead": {"at": [1, 0], "shields": 3, "life": 5}, "Next": {"at": [0, 1], "shields": 0, "life": 5}}
    out = run_data(game({"A": {"at": [0, 0]}}, [attack("A", [2, 2])], demons))
    (t,) = out.of("targeting")
    assert (t.attack, t.targets, t.direction) == ("melee", ("Ahead",), 2)
    assert out.strikes() == [("A", "Ahead", 2, 0, 2)]
    assert (out.demon("Ahead").shields, out.demon("Ahead").life) == (3, 3)


def test_clockwise_scan_wraps_around_from_the_facing() -> None:
    # Facing 5 (W): the scan is 5, 6, 1, 2, 3, 4 — the Demon at 1 (NE) comes before the one at 4 (SW).
    demons = {"SW": {"at": [-1, 1], "life": 5}, "NE": {"at": [1, -1], "life": 5}}
    out = run_data(game({"A": {"at": [0, 0]}}, [attack("A", [5, 5])], demons))
    assert out.of("targeting")[0].targets == ("NE",)
    assert out.strikes() == [("A", "NE", 2, 0, 2)]


def test_without_adjacent_demons_the_first_enemy_ahotnik_clockwise_is_attacked_shields_first() -> None:
    ahotniks = {"A": {"at": [0, 0]}, "B": {"at": [0, 1], "shields": 1, "life": 4}, "C": {"at": [-1, 0]}}
    out = run_data(game(ahotniks, [attack("A", [2, 2])]))
    (t,) = out.of("targeting")
    assert (t.attack, t.targets, t.direction) == ("melee", ("B",), 3)
    assert out.strikes() == [("A", "B", 2, 1, 1)]
    assert (out.ahotnik("B").shields, out.ahotnik("B").life) == (0, 3)
    assert not out.of("transition")  # hitting an Ahotnik is no phase transition


def test_attacking_an_adjacent_enemy_does_not_turn_the_attacker() -> None:
    out = run_data(game({"A": {"at": [0, 0]}}, [attack("A", [1, 1])], {"D": {"at": [-1, 0], "life": 5}}))
    assert out.of("targeting")[0].direction == 5
    assert out.ahotnik("A").facing == 1


def test_forced_synapse_melee_deals_1() -> None:
    out = run_data(game({"A": {"at": [0, 0]}}, [attack("A", [2, 3], dice=[1])], {"D": {"at": [1, 0], "life": 5}}))
    assert out.strikes() == [("A", "D", 1, 0, 1)]


def test_ranged_shot_goes_to_the_map_edge_with_falling_damage() -> None:
    ahotniks = {"A": {"at": [-3, 0]}, "B": {"at": [-1, 0], "shields": 0, "life": 6}}
    demons = {
        "D1": {"at": [0, 0], "shields": 1, "life": 6},
        "D2": {"at": [1, 0], "life": 6},
        "D3": {"at": [3, 0], "life": 6},
    }
    out = run_data(game(ahotniks, [attack("A", [2, 2])], demons))
    (t,) = out.of("targeting")
    assert t.line == ((-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0), (3, 0))
    assert t.stopped_by is None
    assert out.strikes() == [("A", "B", 3, 0, 3), ("A", "D1", 2, 1, 1), ("A", "D2", 1, 0, 1), ("A", "D3", 0, 0, 0)]


def test_forced_ranged_shot_deals_1_then_0() -> None:
    ahotniks = {"A": {"at": [-3, 0]}, "B": {"at": [0, 0], "shields": 0, "life": 6}}
    out = run_data(game(ahotniks, [attack("A", [2, 6], dice=[1])], {"D": {"at": [2, 0], "life": 6}}))
    assert out.strikes() == [("A", "B", 1, 0, 1), ("A", "D", 0, 0, 0)]


def test_the_singularity_stops_the_line() -> None:
    ahotniks = {"A": {"at": [-3, 0]}, "B": {"at": [2, 0]}}
    out = run_data(game(ahotniks, [attack("A", [2, 2])], {"D": {"at": [-1, 0], "life": 6}}, singularity=[0, 0]))
    (t,) = out.of("targeting")
    assert (t.line, t.stopped_by, t.targets) == (((-2, 0), (-1, 0)), (0, 0), ("D",))
    assert "Singularity at [0, 0]" in t.reason
    assert out.strikes() == [("A", "D", 3, 0, 3)]


def test_a_shot_that_hits_nothing() -> None:
    out = run_data(game({"A": {"at": [0, 0]}}, [attack("A", [1, 1])]))
    (t,) = out.of("targeting")
    assert (t.attack, t.targets, t.line) == ("ranged", (), ((1, -1), (2, -2), (3, -3)))
    assert out.strikes() == []


def test_owned_dna_demon_is_ignored_next_to_the_attacker_and_on_the_line() -> None:
    ahotniks = {"A": {"at": [-3, 0], "dna": ["Earth"]}, "B": {"at": [0, 0], "shields": 0}}
    demons = {"Earth": {"at": [-2, 0], "life": 6}, "Wind": {"at": [1, 0], "life": 6}}
    out = run_data(game(ahotniks, [attack("A", [2, 2])], demons))
    assert [(e.unit, e.reason) for e in out.of("ignored")] == [("Earth", "A owns the DNA of Earth")]
    assert out.of("targeting")[0].attack == "ranged"
    assert out.strikes() == [("A", "B", 3, 0, 3), ("A", "Wind", 2, 0, 2)]


def test_dna_is_by_identity_so_a_resummoned_demon_is_still_ignored() -> None:
    demons = {"Earth Demon (2nd)": {"at": [1, 0], "life": 6, "identity": "Earth Demon"}}
    out = run_data(game({"A": {"at": [0, 0], "dna": ["Earth Demon"]}}, [attack("A", [2, 2])], demons))
    assert out.of("ignored")[0].unit == "Earth Demon (2nd)"
    assert out.strikes() == []


def test_allies_are_treated_as_absent() -> None:
    ahotniks = {
        "A": {"at": [0, 0], "team": "red"},
        "B": {"at": [1, 0], "team": "red"},
        "C": {"at": [2, 0], "team": "blue"},
    }
    out = run_data(game(ahotniks, [attack("A", [2, 2])]))
    assert [(e.unit, e.reason) for e in out.of("ignored")] == [("B", "an ally of A (team red)")]
    assert out.strikes() == [("A", "C", 3, 2, 1)]


def test_a_target_that_is_not_the_rules_choice_is_refused() -> None:
    out = run_data(
        game(
            {"A": {"at": [0, 0]}, "B": {"at": [1, 0]}},
            [attack("A", [2, 2], target="B")],
            {"D": {"at": [0, 1], "life": 3}},
        )
    )
    (refused,) = out.of("refused")
    assert "A cannot choose B: the rules make it attack D" in refused.reason
    assert out.state.demon("D").life == 3


# --- step 3 and 4: damage and outcome ---------------------------------------------------------------------


def test_life_and_shields_never_go_below_zero() -> None:
    out = run_data(game({"A": {"at": [-3, 0]}}, [attack("A", [2, 2])], {"D": {"at": [0, 0], "shields": 1, "life": 1}}))
    assert out.strikes() == [("A", "D", 3, 1, 1)]
    assert [(d.pool, d.amount, d.left, d.defeats) for d in out.of("damage")] == [
        ("Shields", 1, 0, False),
        ("Life", 1, 0, True),
    ]
    assert [(e.unit, e.how) for e in out.of("defeat")] == [("D", "exiled")]


def test_exile_lowers_threat_and_gives_dna_to_the_last_blow() -> None:
    out = run_data(game({"A": {"at": [0, 0]}}, [attack("A", [2, 2])], {"D": {"at": [1, 0], "life": 2}}, threat=4))
    assert [(e.unit, e.by, e.how, e.reason) for e in out.of("defeat")] == [
        ("D", "A", "exiled", "at 0 Life: exiled from [1, 0]")
    ]
    assert [(t.change, t.before, t.after) for t in out.of("threat")] == [(-1, 4, 3)]
    assert [(d.unit, d.identity) for d in out.of("dna")] == [("A", "D")]
    assert out.ahotnik("A").dna == frozenset({"D"})


def test_threat_never_falls_below_the_number_of_ahotniks() -> None:
    ahotniks = {"A": {"at": [0, 0]}, "B": {"at": [-3, 3]}}
    out = run_data(game(ahotniks, [attack("A", [2, 2])], {"D": {"at": [1, 0], "life": 2}}, threat=2))
    assert [(t.before, t.after, t.floor) for t in out.of("threat")] == [(2, 2, 2)]


def test_hitting_a_demon_puts_the_attacker_in_phase_transition_even_without_wounding() -> None:
    # Forced melee: 1 damage, all absorbed by Shields.
    out = run_data(
        game({"A": {"at": [0, 0]}}, [attack("A", [3, 5], dice=[2])], {"D": {"at": [1, 0], "shields": 4, "life": 2}})
    )
    assert out.strikes() == [("A", "D", 1, 1, 0)]
    assert [(t.unit, t.active) for t in out.of("transition")] == [("A", True)]


def test_zero_damage_hit_on_a_demon_counts_by_default_and_not_with_the_option() -> None:
    ahotniks = {"A": {"at": [-3, 0]}, "B": {"at": [0, 0], "shields": 0}}
    data = game(ahotniks, [attack("A", [2, 6], dice=[1])], {"D": {"at": [2, 0], "life": 6}})
    default = run_data(data)
    assert default.strikes() == [("A", "B", 1, 0, 1), ("A", "D", 0, 0, 0)]
    assert default.ahotnik("A").phase_transition
    assert [(r.option, r.value) for r in default.of("ruling")] == [("zero_damage_hit", "true")]
    strict = run_data(data, zero_damage_hit=False)
    assert not strict.ahotnik("A").phase_transition
    assert [(r.option, r.value) for r in strict.of("ruling")] == [("zero_damage_hit", "false")]


def test_an_ahotnik_at_zero_life_ends_the_game_and_removes_the_dna_owners_demons() -> None:
    ahotniks = {
        "A": {"at": [-3, 0], "dna": ["Owned"]},
        "B": {"at": [0, 0], "shields": 0, "life": 3},
        "C": {"at": [3, -3]},
    }
    demons = {"Owned": {"at": [0, 3], "life": 4}, "Other": {"at": [-3, 3], "life": 4}}
    actions = [
        {"do": "attack_phase", "choices": {"A": [2, 2], "B": [1, 1], "C": [4, 4]}},
        {"do": "contaminated_terrain", "change": "revealed"},
    ]
    out = run_data(game(ahotniks, actions, demons))
    (over,) = out.of("game_over")
    assert (over.unit, over.by, over.removed) == ("B", "A", ("Owned",))
    assert out.demon("Owned").position is None and not out.demon("Owned").exiled
    assert out.demon("Other").position == (-3, 3)
    assert [s.unit for s in out.of("synapse")] == ["A"]  # B and C do not attack
    assert "B, C do not attack" in out.of("note")[-1].text
    assert out.state.game_over == "B fell to 0 Life, struck by A"
    assert "the game is over" in out.of("refused")[0].reason
    assert out.state.threat == 5  # the refused terrain action changed nothing


@pytest.mark.parametrize(("mode", "hits"), [("finish_shot", ["B", "D"]), ("at_once", ["B"])])
def test_game_end_within_a_shot(mode: str, hits: list[str]) -> None:
    ahotniks = {"A": {"at": [-3, 0]}, "B": {"at": [0, 0], "shields": 0, "life": 3}}
    out = run_data(game(ahotniks, [attack("A", [2, 2])], {"D": {"at": [2, 0], "life": 4}}, options={"game_end": mode}))
    assert [s[1] for s in out.strikes()] == hits
    assert out.of("game_over")[0].unit == "B"
    assert [(r.option, r.value) for r in out.of("ruling") if r.option == "game_end"] == [("game_end", mode)]


def test_transition_attacks_option() -> None:
    data = game(
        {"A": {"at": [0, 0], "phase_transition": True}}, [attack("A", [2, 2])], {"D": {"at": [1, 0], "life": 6}}
    )
    default = run_data(data)
    assert default.strikes() == [("A", "D", 2, 0, 2)]
    assert "stays in phase transition" in default.of("note")[-1].text
    only_turns = run_data(data, transition_attacks=False)
    assert only_turns.strikes() == []
    assert only_turns.ahotnik("A").facing == 2


def test_step_by_step_identifies_every_target_before_any_damage() -> None:
    # Example 1 read step by step: the Wolf picks its target before the Eagle enters phase transition, so it
    # attacks the Eagle, which is ahead of it: straight to Life.
    out = run_file(EXAMPLES / "01-eagle-demon-priority.yaml", phase_order="step_by_step")
    assert out.kinds()[:5] == ["ruling", "synapse", "rotation", "synapse", "rotation"]
    assert [(t.attacker, t.targets) for t in out.of("targeting")] == [("Eagle", ("Fire Demon",)), ("Wolf", ("Eagle",))]
    assert out.strikes() == [("Eagle", "Fire Demon", 2, 1, 1), ("Wolf", "Eagle", 2, 0, 2)]
    assert (out.ahotnik("Eagle").life, out.ahotnik("Eagle").phase_transition) == (4, True)
    assert not out.ahotnik("Wolf").phase_transition


# --- threat-level actions and phase transition ------------------------------------------------------------


def test_summon_raises_threat_and_owned_dna_is_noted() -> None:
    actions = [{"do": "summon", "demon": "Earth Demon", "at": [1, 0], "life": 3, "shields": 1}]
    out = run_data(game({"A": {"at": [0, 0], "dna": ["Earth Demon"]}}, actions, threat=3))
    (s,) = out.of("summon")
    assert (s.unit, s.position, s.shields, s.life) == ("Earth Demon", (1, 0), 1, 3)
    assert [(t.before, t.after) for t in out.of("threat")] == [(3, 4)]
    assert "A owns the DNA of Earth Demon" in out.of("note")[0].text


def test_an_exiled_demon_can_be_summoned_again() -> None:
    actions = [attack("A", [2, 2]), {"do": "summon", "demon": "D", "at": [2, 0], "life": 5}, attack("A", [2, 2])]
    out = run_data(game({"A": {"at": [0, 0]}}, actions, {"D": {"at": [1, 0], "life": 1}}, threat=3))
    assert [t.after for t in out.of("threat")] == [2, 3]
    assert out.demon("D").position == (2, 0) and not out.demon("D").exiled
    assert out.of("ignored")[0].unit == "D"  # A owns its DNA now


@pytest.mark.parametrize(("at", "reason"), [([1, 0], "taken by B"), ([0, 1], "is the Singularity")])
def test_summon_refusals(at: list[int], reason: str) -> None:
    actions = [{"do": "summon", "demon": "D", "at": at, "life": 5}]
    out = run_data(game({"A": {"at": [0, 0]}, "B": {"at": [1, 0]}}, actions, singularity=[0, 1]))
    assert reason in out.of("refused")[0].reason
    assert out.state.threat == 4


def test_contaminated_terrain_moves_the_threat_level_within_its_floor() -> None:
    actions = [
        {"do": "contaminated_terrain", "change": "revealed"},
        {"do": "contaminated_terrain", "change": "removed"},
        {"do": "contaminated_terrain", "change": "removed"},
    ]
    out = run_data(game({"A": {"at": [0, 0]}}, actions, threat=1))
    assert [(t.change, t.before, t.after) for t in out.of("threat")] == [(1, 1, 2), (-1, 2, 1), (-1, 1, 1)]


def test_end_transition() -> None:
    ahotniks = {"A": {"at": [0, 0], "phase_transition": True}, "B": {"at": [2, 0]}}
    out = run_data(game(ahotniks, [{"do": "end_transition", "ahotniks": ["A", "B"]}]))
    assert [(t.unit, t.active) for t in out.of("transition")] == [("A", False)]
    assert "B is not in phase transition" in out.of("note")[0].text
    assert not out.ahotnik("A").phase_transition


def test_turn_order_and_italian_aliases() -> None:
    data = game({}, [{"do": "attack_phase", "choices": {"B": [1, 1], "A": [1, 1]}}], turn_order=["B", "A"])
    data["ahotniks"] = {
        "A": {"at": [0, 0], "Scudi": 1, "Vita": 2},
        "B": {"at": [2, 0], "Vita": 3, "transizione_di_fase": True},
    }
    del data["threat"]
    data["Minaccia"] = 2
    out = run_data(data)
    assert [s.unit for s in out.of("synapse")] == ["B", "A"]
    assert (out.ahotnik("A").shields, out.ahotnik("A").life, out.ahotnik("B").phase_transition) == (1, 2, True)


# --- bad input --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"threat": 1}, "below its floor"),
        ({"ahotniks": {"A": {"at": [9, 0], "life": 3}}}, "not on the map"),
        ({"ahotniks": {"A": {"at": [0, 0], "life": 3}, "B": {"at": [0, 0], "life": 3}}}, "both at [0, 0]"),
        ({"map": {"radius": 3, "singularity": [0, 0]}}, "the Singularity"),
        ({"turn_order": ["A"]}, "missing B"),
        ({"actions": [attack("Z", [1, 1])]}, "no Ahotnik called 'Z'"),
        ({"actions": [attack("A", {"synapse": "success"})]}, "one 'direction'"),
        ({"actions": [attack("A", [1, 7])]}, "at most 6"),
        ({"map": {"radius": 500}}, "at most 200, got 500"),
        ({"map": {"radius": 2, "columns": 3, "rows": 3}}, "exactly one"),
        ({"ahotniks": {"A": {"at": [0, 0], "lif": 3}}}, "lif"),
        ({"actions": [{"do": "summon", "demon": "X", "at": [9, 9], "life": 1}]}, "not on the map"),
    ],
)
def test_bad_scenarios_are_input_errors(change: dict, message: str) -> None:
    data = game({"A": {"at": [0, 0]}, "B": {"at": [2, 0]}}, [])
    data.update(change)
    with pytest.raises(InputError) as info:
        run_data(data)
    assert message in str(info.value)


def test_step_by_step_game_end_stops_the_later_damage() -> None:
    ahotniks = {"A": {"at": [-3, 0]}, "B": {"at": [0, 0], "shields": 0, "life": 2}, "C": {"at": [3, -3]}}
    demons = {"D": {"at": [2, -3], "life": 5}}
    choices = {"A": [2, 2], "B": [1, 1], "C": [5, 5]}
    out = run_data(game(ahotniks, [{"do": "attack_phase", "choices": choices}], demons), phase_order="step_by_step")
    assert [t.attacker for t in out.of("targeting")] == ["A", "B", "C"]  # every target picked first
    assert out.strikes() == [("A", "B", 3, 0, 2)]
    assert "B, C deal no damage" in out.of("note")[0].text
    assert out.of("game_over")[0].unit == "B"


@pytest.mark.parametrize(
    ("ahotniks", "demons", "message"),
    [
        ({"A": {"at": [9, 0]}}, {}, "'A' stands at [9, 0], which is not on the map"),
        ({"A": {"at": [0, 0]}, "B": {"at": [0, 0]}}, {}, "'B' and 'A' are both at [0, 0]"),
        ({"A": {"at": [2, 0]}}, {"X": {"at": [2, 0], "life": 1}}, "'X' and 'A' are both at [2, 0]"),
        ({"A": {"at": [1, 1]}}, {}, "'A' and the Singularity are both at [1, 1]"),
        ({"A": {"at": [0, 0]}}, {"A": {"at": [2, 0], "life": 1}}, "'A' is both an Ahotnik and a Demon"),
    ],
)
def test_each_unit_stands_on_a_free_hex_of_the_map(ahotniks: dict, demons: dict, message: str) -> None:
    data = game(ahotniks, [], demons, singularity=[1, 1], threat=1)
    with pytest.raises(InputError) as info:
        run_data(data)
    assert info.value.message == message
    if "not on the map" in message:
        assert info.value.tip is not None and "axial" in info.value.tip
