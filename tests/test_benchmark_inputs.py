"""The scenario files the benchmarks read are valid, and do what their comments say (a benchmark that reads a
broken file would time an error). The golden walks check those of ``benchmarks/scenarios/`` exactly; the large
trees under ``benchmarks/scenarios/large/`` are too big for them, so each is checked here by one resolution."""

from __future__ import annotations

from pathlib import Path

from tabroll.dice.sources import GivenDice
from tabroll.engine import resolve
from tabroll.events import Roll
from tabroll.loading.scenario import load_scenario_file

ROOT = Path(__file__).resolve().parents[1]


def test_the_large_engage_rolls_eight_dice_and_sums_their_damage() -> None:
    scenario = load_scenario_file(ROOT / "benchmarks" / "scenarios" / "large" / "botse-engage-8.yaml")
    # Faces 1 of the four Swords (2 damage each) and faces 3 of the four Combat dice (2 damage each): 16, less
    # Defense 2, off Health 12.
    dice = [1, 1, 1, 1, 3, 3, 3, 3]
    resolved = resolve(scenario.ruleset, scenario.state, scenario.steps[0].action, GivenDice(dice, origin="test"))
    assert sum(1 for event in resolved.events if isinstance(event, Roll)) == 8
    assert resolved.state.unit("Draugr").health == 0
