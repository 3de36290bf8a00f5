"""Ahotnik speaks the core vocabulary (issue 13): the pilots' numbers and a forced pick are ``roll`` events,
each unit an attack reaches a ``hit``, each pool that loses something a ``damage`` (Shields or Life, with what
is left), an exiled Demon a ``defeat`` with ``how: exiled``; and its command-line attack lays out a hex map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ahotnik.helpers import EXAMPLES, attack, game, run_data
from tests.tabmaster.helpers import resolved_with_every_die_rolled

SCENARIOS = sorted(EXAMPLES.glob("*.yaml"))
HOW = {"exiled", "defeated", "removed"}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_die_of_every_bundled_scenario_is_a_roll_event(path: Path) -> None:
    for events in resolved_with_every_die_rolled(path):
        kinds = [e.kind for e in events]
        assert "strike" not in kinds and "exile" not in kinds
        for damage in (e for e in events if e.kind == "damage"):
            assert damage.attacker and damage.target and damage.amount > 0
            assert damage.pool in ("Shields", "Life") and damage.left is not None and damage.left >= 0
        for defeat in (e for e in events if e.kind == "defeat"):
            assert defeat.unit and defeat.how in HOW and defeat.reason


def test_pilots_numbers_drawn_from_the_dice_are_one_roll_each_and_a_forced_pick_a_1d2() -> None:
    data = game({"A": {"at": [0, 0]}}, [{"do": "attack", "ahotnik": "A"}], {"D": {"at": [2, 0], "life": 3}})
    out = run_data(data, session=[2, 5, 1])
    assert [(r.dice, r.values, r.unit) for r in out.of("roll")] == [
        ("1d6", (2,), "A"),
        ("1d6", (5,), "A"),
        ("1d2", (1,), "A"),
    ]
    assert out.of("roll")[0].label == "A, pilot 1: secret direction number"
    (synapse,) = out.of("synapse")
    assert (synapse.result, synapse.pilots, synapse.direction) == ("forced", (2, 5), 2)


def test_a_blow_is_a_hit_then_one_damage_per_pool_that_lost_something() -> None:
    # A shoots east: D (Shields 1, Life 3) takes 3, 1 on Shields then 2 on Life; E behind it takes 2 on Life.
    data = game(
        {"A": {"at": [-1, 0]}},
        [attack("A", [2, 2])],
        {"D": {"at": [1, 0], "shields": 1, "life": 3}, "E": {"at": [2, 0], "life": 2}},
    )
    out = run_data(data)
    assert [(h.target, h.result, h.needed) for h in out.of("hit")] == [("D", 3, 0), ("E", 2, 0)]
    assert [(d.target, d.amount, d.pool, d.left, d.defeats) for d in out.of("damage")] == [
        ("D", 1, "Shields", 0, False),
        ("D", 2, "Life", 1, False),
        ("E", 2, "Life", 0, True),
    ]
    assert [(d.unit, d.by, d.how) for d in out.of("defeat")] == [("E", "A", "exiled")]


def test_a_zero_damage_hit_has_no_damage_event() -> None:
    data = game({"A": {"at": [-3, 0]}}, [attack("A", [1, 2], dice=[2])], {"D": {"at": [0, 0], "life": 3}})
    data["ahotniks"]["B"] = {"at": [-1, 0], "shields": 0, "life": 5, "facing": 1}
    out = run_data(data)
    assert [(h.target, h.result) for h in out.of("hit")] == [("B", 1), ("D", 0)]
    assert [(d.target, d.pool, d.amount, d.left) for d in out.of("damage")] == [("B", "Life", 1, 4)]


def test_an_ahotnik_at_zero_life_is_defeated_and_the_dna_owners_demons_are_removed() -> None:
    ahotniks = {"A": {"at": [-3, 0], "dna": ["Owned"]}, "B": {"at": [0, 0], "shields": 0, "life": 3}}
    demons = {"Owned": {"at": [0, 3], "life": 4}}
    out = run_data(game(ahotniks, [{"do": "attack_phase", "choices": {"A": [2, 2], "B": [1, 1]}}], demons))
    assert [(d.unit, d.by, d.how) for d in out.of("defeat")] == [("B", "A", "defeated"), ("Owned", None, "removed")]
    assert "game_over" in out.kinds()


# --- the command-line attack, with no scenario file -----------------------------------------------------


def eagle_attacks(cli, *words: str, command: str = "attack") -> Any:
    """``tabroll attack -r ahotnik -a Eagle <words>`` through the real command line."""
    result = cli(command, "-r", "ahotnik", "-a", "Eagle", *words)
    assert result.code == 0, result.err
    return result


def test_command_line_attack_on_an_adjacent_demon_ahead_goes_straight_to_life(cli) -> None:
    result = eagle_attacks(
        cli, "-t", "Imp", "--toward", "2", "--target-stat", "shields=1", "--target-stat", "life=2",
        "--dice", "2,2", "--format", "json",
    )  # fmt: skip
    events = result.json()["actions"][0]["events"]
    rolls = [(e["dice"], e["values"]) for e in events if e["kind"] == "roll"]
    assert rolls == [("1d6", [2]), ("1d6", [2])]
    damage = [(e["target"], e["amount"], e["pool"], e["left"]) for e in events if e["kind"] == "damage"]
    assert damage == [("Imp", 2, "Life", 0)]
    defeat = next(e for e in events if e["kind"] == "defeat")
    assert (defeat["unit"], defeat["by"], defeat["how"]) == ("Imp", "Eagle", "exiled")
    state = result.json()["final_state"]
    assert state["threat"] == 1 and state["ahotniks"][0]["dna"] == ["Imp"]


def test_command_line_attack_not_ahead_takes_shields_first_with_the_pilots_given(cli) -> None:
    # The Imp is to the east (2); the pilots agree on 1 (north-east): melee, not ahead, Shields first.
    result = eagle_attacks(
        cli, "-t", "Imp", "--toward", "2", "--pilots", "1,1", "--target-stat", "Scudi=1", "--target-stat", "Vita=4",
        "--format", "text",
    )  # fmt: skip
    lines = result.out.splitlines()
    assert "  hit           Imp is hit: melee, success: 2 damage, not ahead: Shields first" in lines
    assert "  damage        1 damage to Imp: Shields first, Shields 0 left" in lines
    assert "  damage        1 damage to Imp: past its Shields, Life 3 left" in lines


def test_command_line_ranged_shot_on_an_enemy_ahotnik_and_a_forced_pick(cli) -> None:
    # The Wolf is 3 hexes west (5); the pilots name 5 and 2 and the 1d2 picks the first: a forced shot, 1 damage.
    result = eagle_attacks(
        cli, "-t", "Wolf", "--enemy", "ahotnik", "--toward", "5", "--distance", "3", "--pilots", "5,2",
        "--target-stat", "shields=2", "--target-stat", "life=6", "--dice", "1", "--format", "json",
    )  # fmt: skip
    events = result.json()["actions"][0]["events"]
    assert [(e["dice"], e["values"]) for e in events if e["kind"] == "roll"] == [("1d2", [1])]
    assert [(e["target"], e["result"]) for e in events if e["kind"] == "hit"] == [("Wolf", 1)]
    assert [(e["pool"], e["amount"], e["left"]) for e in events if e["kind"] == "damage"] == [("Shields", 1, 1)]


def test_command_line_attack_needs_the_targets_life_and_a_direction(cli) -> None:
    no_life = cli("attack", "-r", "ahotnik", "-a", "Eagle", "-t", "Imp")
    assert no_life.code == 2 and "Imp (the target) needs life" in no_life.err
    assert '-t "Imp life=3" (or --target-stat life=3)' in no_life.err
    bad = cli("attack", "-r", "ahotnik", "-a", "Eagle", "-t", "Imp", "--toward", "7", "--target-stat", "life=2")
    assert bad.code == 2 and "--toward 7 is not a direction" in bad.err


def test_command_line_odds_of_a_shot_two_hexes_away(cli) -> None:
    # Success on 2 (1/36) shoots 3 and exiles the Imp (Life 2); a forced synapse naming 2 once (10/36) picks it
    # half the time: 1 damage.
    result = eagle_attacks(
        cli, "-t", "Imp", "--toward", "2", "--distance", "2", "--target-stat", "life=2", "--format", "text",
        command="odds",
    )  # fmt: skip
    # the other 30/36 turn the Eagle away from the Imp: refused, as the same attack in a file is
    assert "  refused by the rules: 83.33%  (Eagle cannot choose Imp: the rules make it attack nothing)" in (
        result.out.splitlines()
    )
    assert "P(hit) = 16.67%  = 1/6" in result.out
    assert "P(defeated: Imp) = 2.78%  = 1/36" in result.out
