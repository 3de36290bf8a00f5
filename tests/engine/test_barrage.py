"""Barrage, the fixture game of dice pools, with the dice stated: each of its three rolls (to hit, to wound,
saves) is read by how many of its dice succeed (``turn.roll_count``), every die is logged, and each unsaved wound
takes its damage off one model, the damage beyond that model's wounds lost."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tabroll.dice.sources import GivenDice, SeededDice
from tabroll.engine import resolve
from tabroll.errors import InputError, RuleRefusal
from tabroll.loading.scenario import load_scenario_file
from tests.engine.barrage import SCENARIO, attack, found


@pytest.fixture
def barrage(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from found(monkeypatch)


def kinds(events: Any, kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def chain(events: Any) -> tuple[int, int | None, int | None]:
    """(hits, wounds, saves) as the events tell them (None: that roll was not made)."""
    hits = kinds(events, "hit") or kinds(events, "miss")
    counted = {e.stage: e.succeeded for e in kinds(events, "counted")}
    return hits[0].result, counted.get("wound"), counted.get("save")


def test_the_scenario_with_its_dice(barrage: Any) -> None:
    scenario = load_scenario_file(SCENARIO)
    state = scenario.state
    first = resolve(barrage, state, scenario.steps[0].action, GivenDice(scenario.steps[0].dice or ()))
    # Archers: 6 5 4 4 3 2 1 6 2 3 hit on 4+ five times; 4 1 6 3 5 wound on 4+ three times; the Knights save on 3+
    # with 3 2 6: two saved, one wound of 1 damage: the first Knight has lost 1 of its 3 wounds.
    assert chain(first.events) == (5, 3, 2)
    knights = first.state.unit("Knights")
    assert (knights.models, knights.hurt) == (5, 1)
    (damage,) = kinds(first.events, "damage")
    assert (damage.amount, damage.lost, damage.left, damage.defeats) == (1, 1, 14, False)
    assert not kinds(first.events, "removed")
    second = resolve(barrage, first.state, scenario.steps[1].action, GivenDice(scenario.steps[1].dice or ()))
    # Knights: six hit on 3+, four wound on 3+; the Archers' save of 6+ less AP 1 needs 7: only the unmodified 6
    # saves. Three wounds of 2 damage remove three Archers of 1 wound; the second damage of each is lost.
    assert chain(second.events) == (6, 4, 1)
    (damage,) = kinds(second.events, "damage")
    assert (damage.amount, damage.lost, damage.left) == (6, 3, 7)
    (removed,) = kinds(second.events, "removed")
    assert (removed.unit, removed.models, removed.left) == ("Archers", 3, 7)
    assert second.state.unit("Archers").models == 7


def test_every_die_of_each_roll_is_logged(barrage: Any) -> None:
    state, action = attack(barrage, {"attacks": 12, "hit": 2, "wound": 2}, {"models": 30, "save": 7})
    rolled = resolve(barrage, state, action, SeededDice(11))
    rolls = kinds(rolled.events, "roll")
    hits, wounds, saved = chain(rolled.events)
    assert [len(r.values) for r in rolls] == [12, hits, wounds]
    assert hits == sum(v >= 2 for v in rolls[0].values) and wounds == sum(v >= 2 for v in rolls[1].values)
    assert saved == sum(v == 6 for v in rolls[2].values)  # a save of 7: only an unmodified 6


class WalkedDice(GivenDice):
    """The given dice, answered as the odds answer (a source that makes every value it gives: ``turn.walked``)."""

    valid_by_construction = True


def test_the_odds_draw_logs_no_counted_event_and_ends_as_played(barrage: Any) -> None:
    # Hits, wounds and saves counted are the log's alone: where the odds draw the dice the rules skip them, and
    # the state, the strikes and the damage are the played ones.
    state, action = attack(barrage, {"attacks": 3, "hit": 3, "wound": 4}, {"models": 2, "wounds": 1, "save": 5})
    dice = [3, 4, 6, 4, 6, 6, 5, 1, 2]  # three hits, all wound; one of three saved
    played = resolve(barrage, state, action, GivenDice(dice))
    walked = resolve(barrage, state, action, WalkedDice(dice))
    assert chain(played.events) == (3, 3, 1)
    assert kinds(walked.events, "counted") == [] and len(kinds(played.events, "counted")) == 2
    assert walked.state == played.state
    assert [e for e in played.events if e.kind != "counted"] == list(walked.events)


def test_damage_beyond_a_model_is_lost_and_the_next_wound_hurts_the_next_model(barrage: Any) -> None:
    # Two unsaved wounds of 2 damage on models of 3 wounds, the first already hurt by 2: the first wound removes
    # it (1 dealt, 1 lost), the second hurts the next model by 2.
    state, action = attack(barrage, {"attacks": 2, "damage": 2}, {"models": 3, "wounds": 3, "hurt": 2})
    rolled = resolve(barrage, state, action, GivenDice([4, 5, 6, 6, 1, 2]))
    assert chain(rolled.events) == (2, 2, 0)
    (damage,) = kinds(rolled.events, "damage")
    assert (damage.amount, damage.lost, damage.left) == (4, 3, 4)
    unit = rolled.state.unit("B")
    assert (unit.models, unit.hurt) == (2, 2)


def test_the_last_model_removed_destroys_the_unit(barrage: Any) -> None:
    state, action = attack(barrage, {"attacks": 3, "damage": 3}, {"models": 2, "wounds": 2})
    rolled = resolve(barrage, state, action, GivenDice([6, 6, 6, 6, 6, 6, 1, 1, 1]))
    assert chain(rolled.events) == (3, 3, 0)
    (damage,) = kinds(rolled.events, "damage")
    assert (damage.lost, damage.left, damage.defeats) == (4, 0, True)
    (defeat,) = kinds(rolled.events, "defeat")
    assert (defeat.unit, defeat.how) == ("B", "destroyed")
    with pytest.raises(RuleRefusal, match="already destroyed"):
        barrage.resolve(rolled.state, action, GivenDice([6, 6, 6]))


def test_a_chain_stops_at_the_first_roll_with_no_success(barrage: Any) -> None:
    state, action = attack(barrage, {"attacks": 3}, {"save": 4})
    missed = resolve(barrage, state, action, GivenDice([1, 2, 3]))
    assert chain(missed.events) == (0, None, None) and len(kinds(missed.events, "roll")) == 1
    unwounded = resolve(barrage, state, action, GivenDice([4, 5, 1, 3, 2]))
    assert chain(unwounded.events) == (2, 0, None) and len(kinds(unwounded.events, "roll")) == 2
    saved = resolve(barrage, state, action, GivenDice([4, 4, 4, 4, 4, 5, 6, 5, 4]))
    assert chain(saved.events) == (3, 3, 3) and not kinds(saved.events, "damage")


@pytest.mark.parametrize(("naturals", "saved"), [("true", 1), ("false", 0)])
def test_an_unmodified_six_saves_against_any_target_unless_the_option_says_otherwise(
    barrage: Any, naturals: str, saved: int
) -> None:
    # Save 5 against AP 2: a die needs 7. Only the naturals rule lets the 6 save.
    state, action = attack(barrage, {"attacks": 2, "ap": 2}, {"models": 5, "save": 5}, naturals=naturals)
    rolled = resolve(barrage, state, action, GivenDice([6, 6, 6, 6, 6, 5]))
    assert chain(rolled.events) == (2, 2, saved)
    assert rolled.state.unit("B").models == 5 - (2 - saved)


def test_a_unit_without_attacks_does_not_attack(barrage: Any) -> None:
    state, action = attack(barrage, {"attacks": 0}, {})
    with pytest.raises(RuleRefusal, match="A has no attacks"):
        barrage.resolve(state, action, GivenDice([]))


def test_a_model_hurt_by_all_its_wounds_is_refused_in_the_file(barrage: Any) -> None:
    with pytest.raises(InputError, match="hurt 3 must be less than the model's 3 wounds"):
        attack(barrage, {}, {"wounds": 3, "hurt": 3})
