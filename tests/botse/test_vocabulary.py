"""BotSE speaks the one event vocabulary (issue 13): every die it rolls is a core ``roll`` of one die naming the
face it shows and what that face does; every Health lost is a core ``damage`` (pool ``Health``, ``lost`` and
``left``); a unit brought to Health 0 is a core ``defeat``. Its own kinds stay only as extras.

Dice values are FACE NUMBERS of the sample dice (rulesets/botse/sample_dice.yaml) or of the test's own dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabroll.dice.sources import DiceSource, RecordingDice, SeededDice
from tabroll.engine import Resolution, resolve, run_scenario
from tabroll.events import Damage, Defeat, Heal, Roll
from tabroll.loading.scenario import load_scenario_file
from tests.botse.helpers import EXAMPLES, adventurer, battle, engage, run_data, run_file
from tests.botse.test_partial_and_turns import FROST, frosty

BUNDLED = sorted(EXAMPLES.glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_every_bundled_scenario_logs_each_die_as_a_roll_and_each_health_loss_as_damage(path: Path) -> None:
    scenario = load_scenario_file(path, {})
    steps: list[tuple[RecordingDice, Any, Resolution]] = []

    def step(state: Any, action: Any, dice: DiceSource, index: int) -> Resolution:
        recording = RecordingDice(dice)
        resolution = resolve(scenario.ruleset, state, action, recording, index=index)
        steps.append((recording, state, resolution))
        return resolution

    list(run_scenario(scenario, lambda: SeededDice(13), resolve_step=step))
    assert steps
    for recording, before, resolution in steps:
        if resolution.refused:
            continue
        events = resolution.events
        # every die drawn is one roll event of one die, in the order drawn, with the face it shows
        drawn = [(request.notation, values) for request, values in recording.log]
        rolls = [e for e in events if isinstance(e, Roll)]
        assert [(r.dice, r.values) for r in rolls] == drawn
        assert all(r.faces and r.effect and r.unit for r in rolls)
        assert not {"die_face"} & {e.kind for e in events}
        # every loss of Health is a damage event in the game's word, with what was lost and what is left
        health = {u.name: u.health for u in before.units}
        for event in events:
            if isinstance(event, Damage):
                assert event.pool == "Health" and event.lost is not None and event.left is not None
                assert event.left == health[event.target] - event.lost and event.lost <= event.amount
                assert event.defeats == (event.left == 0)
                health[event.target] = event.left
            elif isinstance(event, Heal):
                assert event.pool == "Health" and event.before == health[event.unit]
                assert event.after is not None
                health[event.unit] = event.after
            elif isinstance(event, Defeat):
                assert event.how == "defeated" and event.reason and health[event.unit] == 0
        after = resolution.state
        assert health == {u.name: u.health for u in after.units}
        # a unit brought to Health 0 in this action leaves play with a defeat event
        fallen = {u.name for u in after.units if u.defeated and not before.unit(u.name).defeated}
        assert fallen == {e.unit for e in events if isinstance(e, Defeat)}


def test_each_die_is_a_roll_of_one_die_with_its_face_and_what_it_does() -> None:
    # Combat face 3 (2 damage), Sword face 5 (3 damage, drained code), rerolled to face 2 (1 damage, cooldown code)
    out = run_data(
        battle(
            [engage(["Combat", "Sword"], [3, 5, 2], reroll=[2])],
            adventurers={"Ayrenn": adventurer(dice=["Combat", "Sword"])},
        )
    )
    cooldown = "to the cooldown track once resolved (its effect lasts there)"
    faces = [
        ("die 1 Combat", 3, "2 damage", "exhausted once resolved"),
        ("die 2 Sword", 5, "3 damage", "drained once resolved"),
    ]
    faces.append(("die 2 Sword rerolled", 2, "1 damage", cooldown))
    expected = [
        Roll.die(6, value, label=label, unit="Ayrenn", face=face, effect=what) for label, value, face, what in faces
    ]
    assert out.of("roll") == expected
    assert [r.sentence() for r in out.of("roll")][1:] == [
        "die 2 Sword: 1d6 → 3 damage (5): drained once resolved",
        "die 2 Sword rerolled: 1d6 → 1 damage (2): to the cooldown track once resolved (its effect lasts there)",
    ]
    roll = out.of("roll")[0].to_json()
    assert (roll["faces"], roll["effect"], roll["values"]) == (["2 damage"], "exhausted once resolved", [3])
    # the die's result, once chosen, is this game's extra: which result, and what it did
    assert [(r.number, r.done) for r in out.of("die_result")] == [(1, "2 damage to Draugr"), (2, "1 damage to Draugr")]


def test_a_blank_face_and_a_tenacity_face_name_themselves() -> None:
    out = run_data(battle([engage(["Combat", "Combat"], [5, 4], target=None)]))
    assert [(r.faces, r.effect) for r in out.of("roll")] == [
        (("blank",), "nothing to resolve"),
        (("tenacity",), "+1 tenacity, exhausted"),
    ]


def test_damage_names_the_health_lost_and_left_and_a_defeat_follows_health_0() -> None:
    # Combat face 3 (2) + Sword face 1 (2) against a Skeleton of Health 3, Defense 1: 3 lost, defeated
    out = run_file(EXAMPLES / "08-defeated-target-does-not-react.yaml")
    burst = out.of("damage")[-1]
    assert out.of("damage") == [
        Damage(
            attacker="Ayrenn",
            target="Skeleton",
            amount=4,
            rule="summed damage of the dice; Defense 1 stops 1",
            defeats=True,
            pool="Health",
            lost=3,
            left=0,
        ),
        burst,
    ]
    # Death Burst, when the Skeleton is defeated: 1 unblockable damage to the adjacent Ayrenn (a reaction)
    assert (burst.attacker, burst.target, burst.amount, burst.lost, burst.left, burst.pool) == (
        "Skeleton", "Ayrenn", 1, 1, 9, "Health"
    )  # fmt: skip
    assert out.of("defeat") == [
        Defeat(unit="Skeleton", by="Ayrenn", reason="Health 0 (summed damage of the dice)", how="defeated")
    ]
    assert out.of("defeat")[0].sentence() == (
        "Skeleton is defeated and leaves play (Health 0 (summed damage of the dice))"
    )


def test_health_paid_as_a_cost_is_damage_dealt_by_nobody() -> None:
    # Ice face 6: pay 2 Health, then heal 5 — from 8 (of 10): 6 after the cost, 10 after the heal
    out = run_data(
        battle([engage(["Ice"], [6], target=None)], adventurers=frosty(health=8, max_health=10), skill_lines=FROST)
    )
    assert out.of("damage") == [
        Damage(
            attacker=None,
            target="Ayrenn",
            amount=2,
            rule="Health paid as the cost of die 1 Ice",
            defeats=False,
            pool="Health",
            lost=2,
            left=6,
        )
    ]
    assert out.of("spend") == []
    assert out.of("heal") == [
        Heal(unit="Ayrenn", amount=4, before=6, after=10, reason="die 1 Ice: heal 5, up to Health 10", pool="Health")
    ]
    # paying a cost is no blow of the engage: the odds see no hit on Ayrenn
    ruleset = out.scenario.ruleset
    assert ruleset.blows(out.scenario.steps[0].action, out.events) == []


def test_a_health_cost_may_not_bring_the_adventurer_to_0() -> None:
    # with 2 Health, paying 2 would leave 0: the cost cannot be paid in full, so nothing on the face is done
    out = run_data(battle([engage(["Ice"], [6], target=None)], adventurers=frosty(health=2), skill_lines=FROST))
    assert out.of("damage") == [] and out.of("heal") == [] and out.of("defeat") == []
    assert "2 Health to pay, Ayrenn has 2 (a cost may not bring it to 0)" in out.of("note")[0].text
    assert out.places() == [(1, "exhausted", 1)] and out.unit("Ayrenn").health == 2


def test_every_action_class_has_its_handler_and_its_own_header() -> None:
    from tabroll.rulesets.botse.model import BotseAction
    from tabroll.rulesets.botse.resolver import HANDLERS

    classes = set(BotseAction.__args__)
    assert set(HANDLERS.classes) == classes
    for cls in classes:
        assert "describe" in cls.__dict__, cls
