"""Monte Carlo: one generator per fixed chunk of trials, a tree of dice prefixes that only caches outcomes, and the
same estimate whatever the number of processes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tabroll.dice.sources import DiceRequest
from tabroll.odds import montecarlo
from tabroll.odds.exact import Tally
from tabroll.odds.montecarlo import CHUNK, chunk_seed, simulate
from tabroll.scenario import load_scenario_file

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "scenarios"


def case(path: Path) -> tuple[Any, Any, Any]:
    scenario = load_scenario_file(path)
    return scenario.ruleset, scenario.state, scenario.steps[0].action


class _Rolling:
    """Every die from one generator, in the order asked: what a trial of a chunk rolls, with no tree at all."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        return tuple(self.rng.randrange(request.sides) + 1 for _ in range(request.count))


def plain_simulation(ruleset: Any, state: Any, action: Any, trials: int, seed: int) -> Tally:
    from tabroll.errors import RuleRefusal

    tally = Tally.of(ruleset, state, action)
    for chunk, start in enumerate(range(0, trials, CHUNK)):
        rng = random.Random(chunk_seed(seed, chunk))
        for _ in range(start, min(start + CHUNK, trials)):
            try:
                resolved = ruleset.resolve(state, action, _Rolling(rng))
            except RuleRefusal as refusal:
                tally.add_refusal(refusal.message, 1)
                continue
            tally.resolved(ruleset, action, state, resolved.state, resolved.events, 1)
    return tally


@pytest.mark.parametrize(
    "path",
    [
        SCENARIOS / "tabmaster" / "05-projectile-arqueiro.yaml",  # a hit roll, then damage only on a hit
        SCENARIOS / "tabmaster" / "02-trample-cavaleiro.yaml",  # one damage roll per target on the path
        BENCH / "forgod-attack.yaml",  # attack, evasion, damage
    ],
)
@pytest.mark.parametrize("kept", [montecarlo.MAX_KEPT, 3])
def test_the_tree_of_dice_prefixes_never_changes_a_result(path: Path, kept: int, monkeypatch) -> None:
    monkeypatch.setattr(montecarlo, "MAX_KEPT", kept)  # 3: past a sequence or two, trials are resolved, not kept
    args = case(path)
    cached = simulate(*args, trials=800, seed=7)
    plain = plain_simulation(*args, trials=800, seed=7)
    assert cached.values == plain.values and cached.refused == plain.refused and cached.weight == 800


def test_one_process_and_two_give_the_same_estimate_for_the_same_seed(monkeypatch) -> None:
    monkeypatch.setattr(montecarlo, "PARALLEL_MIN_TRIALS", 1)  # really fork, even for a few chunks
    args = case(BENCH / "forgod-attack.yaml")
    one = simulate(*args, trials=5 * CHUNK + 17, seed=3, jobs=1)
    two = simulate(*args, trials=5 * CHUNK + 17, seed=3, jobs=2)
    three = simulate(*args, trials=5 * CHUNK + 17, seed=3, jobs=3)
    assert one.values == two.values == three.values and one.weight == two.weight == 5 * CHUNK + 17
    other_seed = simulate(*args, trials=5 * CHUNK + 17, seed=4, jobs=1)
    assert other_seed.values != one.values
