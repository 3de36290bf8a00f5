"""Monte Carlo: one generator per fixed chunk of trials, a tree of dice prefixes that only caches outcomes, and the
same estimate whatever the number of processes."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tabroll.dice.sources import DiceRequest
from tabroll.engine.steps import StepWatcher
from tabroll.loading.scenario import load_scenario_file
from tabroll.odds import montecarlo
from tabroll.odds.montecarlo import CHUNK, chunk_seed, simulate
from tabroll.odds.tally import Tally

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "scenarios"


def case(path: Path) -> tuple[Any, Any, Any]:
    scenario = load_scenario_file(path)
    return scenario.ruleset, scenario.state, scenario.steps[0].action


class _Rolling(StepWatcher):
    """Every request from one generator, in the order asked: what a trial of a chunk rolls, with no tree at all. A
    request the rules read by its reading (its total, its count of successes, its sums per face) is one draw of a
    branch by its weights, any other a draw per die; it watches steps as a simulation does (and so is asked for
    readings, ``roll_faces``), never stopping at one."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def at_step(self, turn: Any, step: Any) -> bool:
        return False

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        branches = montecarlo._branches(request)
        if branches is not None:
            return branches.draw(self.rng.randrange)
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
            tally.add(tally.outcome(ruleset, action, state, resolved.state, resolved.events), 1)
    return tally


@pytest.mark.parametrize(
    "path",
    [
        SCENARIOS / "tabmaster" / "05-projectile-arqueiro.yaml",  # a hit roll, then damage only on a hit
        SCENARIOS / "tabmaster" / "02-trample-cavaleiro.yaml",  # one damage roll per target on the path
        BENCH / "forgod-attack.yaml",  # attack, evasion, damage
        BENCH / "large" / "botse-engage-8.yaml",  # eight dice read by the sums of what their faces do
        BENCH / "mtg-exchange.yaml",  # an attack and its counterattack
        SCENARIOS / "ahotnik" / "07-step-by-step.yaml",  # attacks taken one after the other
        SCENARIOS / "forgod" / "11-initiative-and-checks.yaml",  # an initiative roll, then a round of attacks
        SCENARIOS / "botse" / "16-reactions-in-order.yaml",  # an engage with reactions after its results
    ],
)
@pytest.mark.parametrize("kept", [montecarlo.MAX_KEPT, 3])
def test_the_tree_of_dice_prefixes_never_changes_a_result(path: Path, kept: int, monkeypatch) -> None:
    monkeypatch.setattr(montecarlo, "MAX_KEPT", kept)  # 3: past a sequence or two, trials are resolved, not kept
    args = case(path)
    cached = simulate(*args, trials=800, seed=7)
    plain = plain_simulation(*args, trials=800, seed=7)
    assert cached.values == plain.values and cached.refused == plain.refused and cached.weight == 800


def test_trials_join_the_tree_where_their_steps_meet() -> None:
    """An engage of eight dice has 1.7 million sequences of faces, but it is read by the sums of what its faces
    do: after a few hundred resolutions every trial is a walk down the tree, and the counts are those of
    resolving every trial (the test above)."""
    args = case(BENCH / "large" / "botse-engage-8.yaml")
    tally = Tally.of(*args)
    tree = montecarlo.DiceTree(*args, tally)
    resolved = [0]
    resolve = tree._resolve

    def counted(*given: Any) -> Any:
        resolved[0] += 1
        return resolve(*given)

    tree._resolve = counted  # type: ignore[method-assign]
    tree.run(20_000, random.Random(5).randrange)
    first = resolved[0]
    tree.run(20_000, random.Random(6).randrange)
    assert 0 < len(tree.at) < 2_000
    assert first < 5_000  # of 20,000 trials
    assert resolved[0] - first < first / 4  # the next 20,000 resolve far fewer still
    tree.flush()
    assert tally.weight == 40_000


def test_steps_that_no_trial_joins_stop_being_looked_up() -> None:
    """Every outcome of a trample over three targets differs in its damage, so no trial joins a step another
    took: past the first resolutions the tree stops working out keys (its counts are unchanged: the test of
    every game above covers this scenario) but still resumes from the steps it keeps."""
    args = case(SCENARIOS / "tabmaster" / "02-trample-cavaleiro.yaml")
    tree = montecarlo.DiceTree(*args, Tally.of(*args))
    tree.run(5_000, random.Random(5).randrange)
    assert tree.joined == 0 and tree.resolved > montecarlo.WATCHED
    assert not tree.watching
    # Gathering's initiative rolls dice until the order is settled: the trials meet at its steps again and again
    attack = case(SCENARIOS / "mtg_heroes" / "05-initiative-and-mana.yaml")
    tree = montecarlo.DiceTree(*attack, Tally.of(*attack))
    tree.run(5_000, random.Random(5).randrange)
    assert tree.watching and tree.joined * 10 >= tree.resolved > montecarlo.WATCHED


def test_one_process_and_two_give_the_same_estimate_for_the_same_seed(monkeypatch) -> None:
    monkeypatch.setattr(montecarlo, "PARALLEL_MIN_TRIALS", 1)  # really fork, even for a few chunks
    args = case(BENCH / "forgod-attack.yaml")
    one = simulate(*args, trials=5 * CHUNK + 17, seed=3, jobs=1)
    two = simulate(*args, trials=5 * CHUNK + 17, seed=3, jobs=2)
    three = simulate(*args, trials=5 * CHUNK + 17, seed=3, jobs=3)
    assert one.values == two.values == three.values and one.weight == two.weight == 5 * CHUNK + 17
    other_seed = simulate(*args, trials=5 * CHUNK + 17, seed=4, jobs=1)
    assert other_seed.values != one.values


def test_a_roll_read_by_its_reading_is_one_draw_of_a_branch_by_its_weights() -> None:
    """Each of the 6**4 random numbers a request of 4d6 read by its count of sixes may take picks the branch of
    as many ordered rolls as its weight: the distribution of the count is exact, from one number, not four."""
    request = DiceRequest("to hit", 4, 6, per_face=((4, ((0,),) * 5 + ((1,),)),))
    branches = montecarlo._branches(request)
    assert branches is not None
    numbers: list[int] = []

    def number(limit: int) -> int:
        numbers.append(limit)
        return len(numbers) - 1

    drawn = Counter(sum(v == 6 for v in branches.draw(number)) for _ in range(6**4))
    assert numbers == [6**4] * 6**4
    assert drawn == {0: 5**4, 1: 4 * 5**3, 2: 6 * 5**2, 3: 4 * 5, 4: 1}
    assert montecarlo._branches(DiceRequest("damage", 1, 20, total_only=True)) is None  # one die: drawn as a die
    assert montecarlo._branches(DiceRequest("pool", 4, 6)) is None  # read in full: die by die


def test_the_engage_of_eight_dice_draws_one_number_a_trial() -> None:
    """Four Swords and four Combat dice, all of six faces: once the tree knows their sums, a trial is one random
    number (a branch of the sums of what the eight dice do), not eight faces."""
    args = case(BENCH / "large" / "botse-engage-8.yaml")
    tally = Tally.of(*args)
    tree = montecarlo.DiceTree(*args, tally)
    rng = random.Random(5)
    tree.run(2_000, rng.randrange)
    calls = [0]

    def counted(limit: int) -> int:
        calls[0] += 1
        return rng.randrange(limit)

    resolved = tree.resolved
    tree.run(2_000, counted)
    assert calls[0] == 2_000 and tree.resolved - resolved < 200
