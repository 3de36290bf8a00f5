"""Pilgrim steps are the unit's own attacks, a Trample attacks each square once per move and ends by its last
target, and fields that would do nothing are refused (issue 16). Each test states its dice and the outcome."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.tabmaster.helpers import battle, run_data
from tests.tabmaster.test_rules import attack, unit

EAST = 3  # the Random-line d8: 1 = N, 2 = NE, 3 = E …


# --- Pilgrim: height limit and sight, from the square the chain has reached --------------------------------


def test_a_pilgrim_step_obeys_the_height_limit() -> None:
    units = {"A": unit("red", [0, 0], ATK="2 (Peregrino x 1)", HLT=0), "B": unit("blue", [1, 0], DEF=1)}
    high = [{"at": [1, 0], "height": 5}]
    out = run_data(battle(units, [attack("A", dice=[EAST])], heights=high))
    assert out.of("damage") == []
    assert any("B cannot be hit: B is 5 levels higher or lower" in n.text for n in out.of("note"))
    assert not out.unit("B").defeated
    # the same step with HLT 5 reaches it: the d20 rolls 7 against DEF 1
    units["A"]["HLT"] = 5
    out = run_data(battle(units, [attack("A", dice=[EAST, 7])], heights=high))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("B", 7)]
    assert out.unit("B").defeated


def test_a_common_pilgrim_step_needs_sight_and_a_magic_one_does_not() -> None:
    ridge = [{"at": [1, 0], "height": 3}]
    units = {"A": unit("red", [0, 0], ATK="3 (Peregrino x 1)", HLT=9), "B": unit("blue", [2, 0], DEF=1)}
    out = run_data(battle(units, [attack("A", dice=[EAST])], heights=ridge))
    assert out.of("damage") == []
    assert any("A cannot see B" in n.text for n in out.of("note"))
    units["A"]["ATK"] = "3 (Mágico) (Peregrino x 1)"
    out = run_data(battle(units, [attack("A", dice=[EAST, 4])], heights=ridge))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("B", 4)]


def test_the_levi_situation_a_pilgrim_trample_with_hlt_0_cannot_reach_one_level_up() -> None:
    # The source's Trample example: a Cavaleiro with HLT 0 cannot reach the Levi standing one level higher.
    units = {
        "Cavaleiro": unit("red", [0, 0], ATK="3 (Atropelamento) (Peregrino x 1)", HLT=0),
        "Levi": unit("blue", [1, 0], DEF=2),
    }
    out = run_data(battle(units, [attack("Cavaleiro", dice=[EAST])], heights=[{"at": [1, 0], "height": 1}]))
    assert out.of("damage") == []
    assert any("Levi cannot be hit: Levi is 1 level higher or lower" in n.text for n in out.of("note"))
    assert out.unit("Levi").on_board


def test_a_later_pilgrim_step_measures_from_the_square_reached() -> None:
    # Step 1 goes east to B (same height, hit for 2: B survives DEF 5); step 2 goes north from [1, 0] to C,
    # which stands 1 level above [1, 0] but 1 level above A too: HLT 1 reaches it from there.
    units = {
        "A": unit("red", [0, 0], ATK="1 (Peregrino x 2)", HLT=1),
        "B": unit("blue", [1, 0], DEF=5),
        "C": unit("blue", [1, 1], DEF=1),
    }
    out = run_data(battle(units, [attack("A", dice=[EAST, 2, 1, 6])], heights=[{"at": [1, 1], "height": 1}]))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("B", 2), ("C", 6)]


# --- Trample: each square at most once per move --------------------------------------------------------------


def multiple_trampler() -> dict[str, Any]:
    return unit("red", [0, 0], ATK="2 (Atropelamento) (Múltiplo x 2)", HLT=0)


def test_a_multiple_trample_does_not_attack_a_square_twice() -> None:
    # Pass 1 tramples S (4 against DEF 9: it survives) and ends on [2, 0]; pass 2 comes back over S's square:
    # S is passed over, not attacked again, and the second die is never rolled.
    units = {"C": multiple_trampler(), "S": unit("blue", [1, 0], DEF=9)}
    out = run_data(battle(units, [attack("C", dice=[4, 15], paths=[[[1, 0], [2, 0]], [[1, 1], [0, 0]]])]))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("S", 4)]
    out = run_data(battle(units, [attack("C", dice=[4, 15], paths=[[[1, 0], [2, 0]], [[1, 0], [0, 0]]])]))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("S", 4)]
    assert any("[1, 0] was already attacked by this trample: S is passed over" in n.text for n in out.of("note"))
    assert out.unit("C").position == (0, 0) and out.unit("S").on_board
    assert any("given dice not used: 15" in n.text for n in out.of("note"))


def test_a_pilgrim_trample_may_hit_the_same_square_again() -> None:
    # The source's exception to "once per square": step 1 east hits S for 3 (it survives DEF 5), step 2 goes
    # west from S's square back to C's own square (nothing to hit), step 3 east hits S again, for 8.
    units = {"C": unit("red", [0, 0], ATK="1 (Atropelamento) (Peregrino x 3)", HLT=0), "S": unit("blue", [1, 0])}
    out = run_data(battle(units, [attack("C", dice=[EAST, 3, 7, EAST, 8])], size=(3, 1)))
    assert [(d.target, d.amount) for d in out.of("damage")] == [("S", 3), ("S", 8)]
    assert out.unit("S").defeated


# --- Trample: where it ends when units were defeated --------------------------------------------------------


def test_a_trample_that_defeats_ends_on_the_last_target_square_not_past_it() -> None:
    units = {"C": unit("red", [0, 0], ATK="3 (Atropelamento)", HLT=0), "S": unit("blue", [1, 0], DEF=1)}
    path = [[1, 0], [2, 0], [3, 0]]
    out = run_data(battle(units, [attack("C", dice=[5], path=path)]))
    assert out.unit("S").defeated and out.unit("C").position == (1, 0)
    assert [(r.option, r.value) for r in out.of("ruling") if r.option == "trample_end"] == [
        ("trample_end", "last_target")
    ]
    old = run_data(battle(units, [attack("C", dice=[5], path=path)]), trample_end="path_end")
    assert old.unit("C").position == (3, 0)
    # nobody defeated: the last free square of the whole path, as before
    units["S"]["DEF"] = 9
    out = run_data(battle(units, [attack("C", dice=[5], path=path)]))
    assert out.unit("S").on_board and out.unit("C").position == (3, 0)


def test_a_trample_whose_last_target_survives_stops_before_it_when_an_earlier_one_fell() -> None:
    units = {
        "C": unit("red", [0, 0], ATK="4 (Atropelamento)", HLT=0),
        "S": unit("blue", [1, 0], DEF=1),
        "T": unit("blue", [3, 0], DEF=9),
    }
    out = run_data(battle(units, [attack("C", dice=[5, 4], path=[[1, 0], [2, 0], [3, 0], [4, 0]])]))
    assert out.unit("S").defeated and out.unit("T").on_board
    assert out.unit("C").position == (2, 0)


# --- Area projectile, refused no-op fields, the command line -------------------------------------------------


def test_an_area_projectile_with_nobody_in_reach_spends_nothing() -> None:
    units = {
        "A": unit("red", [0, 0], ATK="1d10 (Projétil: Flecha) (Área)", traits=["Arqueiro"], ammunition={"Flecha": 1}),
        "F": unit("red", [1, 0]),
    }
    out = run_data(battle(units, [attack("A", dice=[])]))
    assert out.of("spend") == [] and out.of("refused") == []
    assert out.unit("A").ammo("Flecha") == 1


@pytest.mark.parametrize(
    ("units", "action", "words"),
    [
        (
            lambda: {"A": unit("red", [0, 0], ATK="3 (Linha: Aleatório)"), "B": unit("blue", [1, 0])},
            {"direction": "E"},
            "'direction' is not used by any attack",
        ),
        (lambda: {"C": multiple_trampler()}, {"times": 2}, "'times' does nothing on a trample"),
        (lambda: {"C": unit("red", [0, 0], ATK="2 (Atropelamento)")}, {"path": []}, "an empty trample path"),
        (lambda: {"C": multiple_trampler()}, {"paths": [[[1, 0]], []]}, "every pass of a Multiple trample"),
        (lambda: {"A": unit("red", [0, 0], ATK="2")}, {"path": [[1, 0]]}, "A's attack does not trample"),
    ],
)
def test_fields_that_would_do_nothing_are_refused(
    units: Callable[[], dict[str, Any]], action: dict[str, Any], words: str
) -> None:
    built = units()
    out = run_data(battle(built, [attack(next(iter(built)), dice=[3, 9], **action)]))
    assert out.steps[0].refused and words in out.of("refused")[0].reason
    assert out.state == out.scenario.state and out.of("roll") == []


def test_a_card_stat_with_a_colon_is_read_as_the_text_typed(cli: Callable[..., Any]) -> None:
    # Projectile: 7 on the d10 ≥ distance 5 hits, then 9 on the d20 beats DEF 6.
    result = cli(
        "attack",
        "-r",
        "tabmaster",
        "-a",
        "Archer",
        "-t",
        "Lanceiro",
        "--distance",
        "5",
        "--attacker-stat",
        "ATK=1d10 (Projétil: Flecha)",
        "--attacker-stat",
        "DAN=1d20",
        "--attacker-stat",
        "DEF=5",
        "--attacker-stat",
        "ammo={Flecha: 2}",
        "--dice",
        "7,9",
        "--format",
        "json",
    )
    assert result.code == 0, result.err
    events = [e for step in result.json()["actions"] for e in step["events"]]
    assert [e["resource"] for e in events if e["kind"] == "spend"] == ["Flecha"]
    assert [e["unit"] for e in events if e["kind"] == "defeat"] == ["Lanceiro"]


# --- Special as data ----------------------------------------------------------------------------------------


def stone_thrower(**more: Any) -> dict[str, Any]:
    return unit("red", [0, 0], ATK="1 (Especial: petrifying gaze)", **more)


def test_a_special_may_cancel_the_normal_damage() -> None:
    units = {"A": stone_thrower(), "B": unit("blue", [1, 0], DEF=1)}
    out = run_data(battle(units, [attack("A", "B", [], special_outcome={"damage": "none", "defeated": ["B"]})]))
    assert out.of("roll") == [] and out.of("damage") == []
    assert out.unit("B").defeated  # by the table's ruling, not by a damage roll
    assert [d.reason for d in out.of("defeat")] == ["the table's ruling on a Special attack"]


def test_a_special_may_replace_the_normal_damage_from_the_card() -> None:
    # The card says the Special deals 2d6 instead of DAN 1d20: 3 + 4 = 7 > DEF 5.
    units = {"A": stone_thrower(special={"damage": "2d6", "note": "stone shards"}), "B": unit("blue", [1, 0])}
    out = run_data(battle(units, [attack("A", "B", [3, 4])]))
    assert [(r.dice, r.total) for r in out.of("roll")] == [("2d6", 7)]
    assert out.unit("B").defeated and any(n.text == "stone shards" for n in out.of("note"))
    # the action's outcome wins over the card
    out = run_data(battle(units, [attack("A", "B", [3], special_outcome={"damage": "normal"})]))
    assert [(r.dice, r.total) for r in out.of("roll")] == [("1d20", 3)] and out.unit("B").on_board


def test_a_special_outcome_on_an_attack_without_a_special_is_refused() -> None:
    units = {"A": unit("red", [0, 0]), "B": unit("blue", [1, 0])}
    out = run_data(battle(units, [attack("A", "B", [9], special_outcome={"damage": "none"})]))
    assert "'special_outcome' does nothing" in out.of("refused")[0].reason


# --- projectiles on the army sheet --------------------------------------------------------------------------


def two_archers() -> dict[str, Any]:
    shot = "1d10 (Projétil: Flecha)"
    units = {
        "A1": unit("red", [0, 0], ATK=shot, traits=["Arqueiro"], ammunition={"Flecha": 1}),
        "A2": unit("red", [0, 1], ATK=shot, traits=["Arqueiro"], ammunition={"Flecha": 0}),
        "B": unit("blue", [3, 0], DEF=30),
    }
    return battle(units, [attack("A2", "B", [9, 1]), attack("A1", "B", [9, 1])])


def test_projectiles_come_from_one_pool_per_side() -> None:
    # A2 has no arrow of its own, but the red army sheet holds the side's 1: A2 shoots, then A1 finds none.
    out = run_data(two_archers())
    assert [(s.unit, s.remaining) for s in out.of("spend")] == [("A2", 0)]
    assert out.of("refused")[0].reason == "the red army has no Flecha left"
    assert next((r.option, r.value) for r in out.of("ruling") if r.option == "projectiles") == ("projectiles", "army")
    # each unit its own count: A2 is refused, A1 shoots
    per_unit = run_data(two_archers(), projectiles="unit")
    assert per_unit.of("refused")[0].reason == "A2 has no Flecha left"
    assert [(s.unit, s.remaining) for s in per_unit.of("spend")] == [("A1", 0)]


def test_an_army_sheet_in_the_scenario_sets_the_pool() -> None:
    data = two_archers()
    data["armies"] = {"red": {"Flecha": 2}}
    out = run_data(data)
    assert [(s.unit, s.remaining) for s in out.of("spend")] == [("A2", 1), ("A1", 0)]
    assert out.state.pool("red", "Flecha") == 0
