"""Gathering of Heroes in the one event vocabulary: every die a ``roll``, every loss of Life a ``damage`` with its
pool, what it lost and what is left, every removal a ``defeat`` with how; the kit's pieces (headers, the handler
table, the command-line ``--range`` and its values)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_args

import pytest

from tabroll.dice.sources import DiceSource, GivenDice, RecordingDice, SeededDice
from tabroll.engine import Resolution, find_ruleset, resolve, run_scenario
from tabroll.errors import InputError
from tabroll.kit import ActionHeader, AttackRequest, Blow
from tabroll.loading.scenario import load_scenario_file
from tabroll.rulesets.mtg_heroes.model import HeroAction
from tabroll.rulesets.mtg_heroes.resolver import HANDLERS
from tests.mtg_heroes.helpers import EXAMPLES, attack, character, check_skill, creature, fight, run_data

GAME = find_ruleset("mtg_heroes")
HOWS = {"destroyed", "exiled", "defeated", "fled", "dismissed"}


# --- exact dice, exact events -----------------------------------------------------------------------------


def test_an_exchange_rolls_each_side_and_the_damage_says_the_life_it_really_took() -> None:
    # A's Power 3d6 = 6+6+6 = 18 against B's Toughness 1d6 = 1: 17 damage, but B has only 2 Life to lose.
    units = {"A": creature("a", 3, 1, 10), "B": creature("b", 1, 1, 2)}
    out = run_data(fight(units, [attack("A", "B", [6, 6, 6, 1])]))
    rolls = [(r.label, r.dice, r.values, r.total, r.unit) for r in out.of("roll")]
    assert rolls == [
        ("attack: A's Power 3d6", "3d6", (6, 6, 6), 18, "A"),
        ("defence: B's Toughness 1d6", "1d6", (1,), 1, "B"),
    ]
    (damage,) = out.of("damage")
    assert (damage.attacker, damage.target, damage.amount, damage.pool, damage.lost, damage.left) == (
        "A",
        "B",
        17,
        "Life",
        2,
        0,
    )
    assert damage.defeats
    (defeat,) = out.of("defeat")
    assert (defeat.unit, defeat.by, defeat.how, defeat.reason) == ("B", "A", "destroyed", "Life 0")
    assert defeat.sentence() == "B is destroyed and leaves play (Life 0)"
    assert "2 Life lost, Life 0 left" in damage.sentence()


def test_a_counterattack_that_takes_less_than_the_life_left_loses_exactly_its_amount() -> None:
    # A's 1d6 = 1 against B's 1d6 = 6: a miss; B's 2d6 = 5+4 = 9 against A's Toughness 1d6 = 3: 6 off A's 10.
    units = {"A": creature("a", 1, 1, 10), "B": creature("b", 2, 1, 10)}
    out = run_data(fight(units, [attack("A", "B", [1, 6, 5, 4, 3])]))
    assert [(m.attacker, m.target, m.result, m.needed) for m in out.of("miss")] == [("A", "B", 1, 7)]
    (damage,) = out.of("damage")
    assert (damage.attacker, damage.target, damage.amount, damage.lost, damage.left) == ("B", "A", 6, 6, 4)
    assert out.of("defeat") == []


def test_a_character_at_0_life_is_defeated_and_game_over_is_the_actions_last_event() -> None:
    units = {"Kaya": character("k", toughness=1, life=2), "Ogre": creature("o", 2, 1, 5)}
    out = run_data(fight(units, [attack("Ogre", "Kaya", [6, 6, 1])]))
    (defeat,) = out.of("defeat")
    assert (defeat.unit, defeat.by, defeat.how) == ("Kaya", "Ogre", "defeated")
    kinds = out.kinds()
    assert kinds[-1] == "game_over" and kinds.index("defeat") < kinds.index("game_over")
    assert "band_change" in kinds[kinds.index("defeat") :]  # the exchange's end comes before the game's


def test_effects_destroy_and_exile_are_defeats_saying_how() -> None:
    units = {"X": character("x"), "P": creature("e", 1, 1, 5), "Q": creature("e", 1, 1, 5)}
    actions = [
        {"do": "effect", "effect": "destroy", "target": "P", "by": "X"},
        {"do": "effect", "effect": "exile", "target": "Q"},
    ]
    out = run_data(fight(units, actions))
    assert [(d.unit, d.by, d.how, d.reason) for d in out.of("defeat")] == [
        ("P", "X", "destroyed", "a destroy effect"),
        ("Q", None, "exiled", "an exile effect"),
    ]


def test_a_flight_is_a_defeat_that_fled_and_its_creatures_are_dismissed() -> None:
    units = {
        "X": character("x", speed=3),
        "P": creature("x", 1, 1, 5, controller="X"),
        "E": character("e", speed=1),
    }
    actions = [{"do": "flee", "unit": "X", "dice": [2, 2, 2, 5]}]
    out = run_data(fight(units, actions, default_range="far"))
    assert [(d.unit, d.by, d.how) for d in out.of("defeat")] == [("P", None, "dismissed"), ("X", None, "fled")]
    assert [(r.unit, r.values) for r in out.of("roll")] == [("X", (2, 2, 2)), ("E", (5,))]
    assert out.kinds()[-1] == "game_over"


def test_mana_burn_is_damage_nobody_dealt_and_its_own_part_of_the_outcome() -> None:
    units = {"X": character("x", reach=2, mana=2, life=5), "E": character("e")}
    actions = [{"do": "reach_phase", "unit": "X", "colorless": 3}, {"do": "end_turn", "unit": "X"}]
    out = run_data(fight(units, actions))
    (burn,) = out.of("damage")
    assert (burn.attacker, burn.target, burn.amount, burn.pool, burn.lost, burn.left) == (None, "X", 3, "Life", 3, 2)
    end = out.scenario.steps[1].action
    assert GAME.blows(end, out.steps[1].events) == [Blow("mana burn", "", "X", hit=True, damage=3)]


def test_damage_from_an_unnamed_source_has_no_attacker() -> None:
    units = {"X": character("x", life=5), "E": character("e")}
    out = run_data(fight(units, [{"do": "damage", "target": "X", "amount": 2, "source": "a trap"}]))
    (damage,) = out.of("damage")
    assert (damage.attacker, damage.amount, damage.pool, damage.lost, damage.left) == (None, 2, "Life", 2, 3)
    assert damage.rule == "a trap: Life 5 → 3"


def test_regenerate_heals_life_naming_the_pool() -> None:
    units = {"A": creature("a", 3, 1, 10), "R": creature("b", 1, 1, 4, "Regenerate")}
    out = run_data(fight(units, [attack("A", "R", [4, 1, 1, 1, 1]), {"do": "regenerate", "unit": "R"}]))
    (damage,) = out.of("damage")
    assert (damage.amount, damage.lost, damage.left) == (5, 4, 0)
    (heal,) = out.of("heal")
    assert (heal.unit, heal.amount, heal.before, heal.after, heal.pool) == ("R", 4, 0, 4, "Life")
    assert heal.sentence() == "R heals 4: Regenerate: lost Life comes back; it returns to the fight (Life 0 → 4)"


def test_a_skill_test_rolls_through_the_log_with_the_roll_shape() -> None:
    events = check_skill("WUBB", "Subtlety", GivenDice([3, 3, 2]), difficulty="medium")
    (roll,) = [e for e in events if e.kind == "roll"]
    assert (roll.label, roll.dice, roll.values, roll.total) == ("Subtlety test", "3d6", (3, 3, 2), 8)
    assert [(t.dice, t.values) for t in roll.terms] == [("3d6", (3, 3, 2))]
    assert [e.kind for e in events] == ["note", "ruling", "roll", "skill_test"]


# --- every bundled scenario -------------------------------------------------------------------------------


def _check_events(name: str, resolution: Resolution, combatants: set[str]) -> None:
    kinds = [e.kind for e in resolution.events]
    if "game_over" in kinds:
        assert kinds[-1] == "game_over" or (
            kinds[-1] == "note" and "given dice not used" in str(getattr(resolution.events[-1], "text", ""))
        ), (name, kinds)
    for event in resolution.events:
        if event.kind == "damage":
            assert event.target in combatants and event.pool == "Life", (name, event)
            assert event.attacker is None or event.attacker in combatants, (name, event)
            assert event.lost is not None and event.left is not None and 0 <= event.lost <= event.amount, (name, event)
        elif event.kind == "defeat":
            assert event.unit in combatants and event.how in HOWS and event.reason, (name, event)
            assert event.by is None or event.by in combatants, (name, event)
        elif event.kind == "heal":
            assert event.pool == "Life", (name, event)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: Path(p).stem)
def test_every_bundled_scenario_logs_each_die_drawn_and_full_damage_and_defeats(path: Path) -> None:
    scenario = load_scenario_file(path)
    state = scenario.state
    combatants = {u.name for u in [*state.combatants, *state.reserve]}

    def step(at: Any, action: Any, dice: DiceSource, index: int) -> Resolution:
        recording = RecordingDice(dice)
        resolution = resolve(GAME, at, action, recording, index=index)
        rolled = [value for e in resolution.events if e.kind == "roll" for value in e.values]
        assert rolled == list(recording.values), (path.name, index, rolled, recording.values)
        return resolution

    seen = 0
    for result in run_scenario(scenario, lambda: SeededDice(scenario.seed or 13), resolve_step=step):
        _check_events(path.name, result.resolution, combatants)
        seen += 1
    assert seen == len(scenario.steps)


# --- the kit's pieces -------------------------------------------------------------------------------------


def test_every_action_class_has_its_handler_and_its_header() -> None:
    classes = set(get_args(HeroAction))
    assert set(HANDLERS.classes) == classes and len(classes) == 15
    for cls in classes:
        assert "describe" in cls.__dict__, cls.__name__
    scenario = load_scenario_file(EXAMPLES / "07-whole-duel.yaml")
    headers = [GAME.describe_action(s.action) for s in scenario.steps]
    assert all(isinstance(h, ActionHeader) for h in headers)
    assert headers[0] == ActionHeader(None, "initiative", "initiative: the turn order is fixed")
    assert headers[8] == ActionHeader("Sela", "cast", "Sela casts Ember Dart at Orm in response to Orm")
    assert headers[-1] == ActionHeader("Ember Hound", "attack", "Ember Hound attacks Orm")


STATS = {"Power": "2", "Toughness": "1", "Life": "3"}


def _quick(**fields: str) -> Any:
    return GAME.quick_attack(AttackRequest("A", "B", attacker_stats=STATS, target_stats=STATS, fields=fields))


def test_the_command_line_range_lays_out_the_two() -> None:
    assert [f.name for f in GAME.attack_fields] == ["range"] and GAME.attack_fields[0].quick_only
    assert _quick().state.band("A", "B") == "near"
    assert _quick(range="far").state.band("A", "B") == "far"
    assert _quick(range="daleki").state.band("A", "B") == "far"
    with pytest.raises(InputError, match="--range 'close': unknown range 'close'"):
        _quick(range="close")


def test_command_line_values_are_read_like_a_file_and_an_identity_stays_text() -> None:
    stats = {**STATS, "identity": "[WUBB]", "keywords": "[first strike, trample]", "speed": "2"}
    built = GAME.quick_attack(AttackRequest("A", "B", attacker_stats=stats, target_stats=STATS))
    unit = built.state.unit("A")
    assert (unit.identity, unit.keywords, unit.speed) == ("WUBB", frozenset({"first strike", "trample"}), 2)
    action = GAME.quick_action("A", "B", {"counterattack": "false", "intercept_by": "Zombie Lord"})
    assert (action.counterattack, action.intercept_by) == (False, "Zombie Lord")
    with pytest.raises(InputError):
        GAME.quick_action("A", "B", {"counterattack": "[a"})


def test_the_json_log_carries_the_pool_what_it_lost_and_how_a_unit_left(cli) -> None:
    result = cli("run", str(EXAMPLES / "02-direct-combat.yaml"), "--format", "jsonl")
    assert result.code == 0, result.err
    events = [json.loads(line) for line in result.out.splitlines() if line.startswith("{")]
    damage = [(e["target"], e["amount"], e["pool"], e["lost"], e["left"]) for e in events if e["kind"] == "damage"]
    assert damage == [("Kaya", 7, "Life", 7, 1), ("Grizzly Bear", 1, "Life", 1, 3), ("Kaya", 2, "Life", 1, 0)]
    assert [(e["unit"], e["by"], e["how"]) for e in events if e["kind"] == "defeat"] == [("Kaya", "Ogre", "defeated")]
    last = [e for e in events if e.get("action") == 2][-1]
    assert last["kind"] == "game_over" and last["winner"] == "Vraska"
