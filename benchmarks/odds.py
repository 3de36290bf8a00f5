"""Odds benchmark: tabroll's exact walk and Monte Carlo next to the baselines the odds issue names.

    python -m pip install -e ".[bench]"     # icepool and d20, used only here
    python benchmarks/odds.py [--repeat 5] [--trials 20000]

Measured side by side in one run:
1. exact odds of a TAB MASTER trample over three targets (three 1d20 damage rolls against three DEFs) and of
   a F0R60D attack (attack roll against evasion, then damage against absorption), when that ruleset is
   present: tabroll's wall time (the real resolver walked over every outcome) against icepool computing the
   same joint distribution;
2. Monte Carlo throughput (resolved attacks per second) with one process and with two, against a plain
   script that only rolls the same dice with d20 (no rules at all);
3. peak memory of a simulation as --trials grows tenfold (it should stay flat: only counts are kept).
Figures, not pass/fail: these machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def median_seconds(fn: Callable[[], Any], repeat: int) -> float:
    fn()  # warm up (imports, caches)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def trample_case() -> tuple[Any, Any, Any]:
    """Example 2 of TAB MASTER with the Levi moved onto the path: three targets, DEF 9, 5 and 2."""
    from tabroll.scenario import load_scenario_file

    scenario = load_scenario_file(ROOT / "scenarios" / "tabmaster" / "02-trample-cavaleiro.yaml")
    levi = scenario.state.unit("Levi")
    state = scenario.state.with_unit(dataclasses.replace(levi, position=(1, 0)))
    return scenario.ruleset, state, scenario.steps[0].action


def tabroll_exact(case: tuple[Any, Any, Any], jobs: int = 1) -> Any:
    from tabroll.odds.exact import exact_odds
    from tabroll.odds.report import build_report

    ruleset, state, action = case
    result = exact_odds(ruleset, state, action, jobs=jobs)
    return build_report(result.tally, exact=True, samples=result.leaves)


def icepool_trample() -> Any:
    import icepool

    d20 = icepool.d20
    # Levi (DEF 2) first on the path, then Soldado (DEF 9), then Arqueiro (DEF 5); damage > DEF defeats.
    return icepool.map(lambda a, b, c: (a > 2, b > 9, c > 5, a + b + c), d20, d20, d20)


def icepool_trample_idiomatic() -> Any:
    """The same figures written the way icepool is meant to be used: each marginal on its own, no joint map."""
    import icepool

    d20 = icepool.d20
    return [(d20 > 2).mean(), (d20 > 9).mean(), (d20 > 5).mean(), (3 @ d20).mean()]


def check_trample(report: Any, joint: Any) -> str:
    def p(pred: Callable[[Any], bool]) -> Fraction:
        total = joint.denominator()
        return Fraction(sum(q for outcome, q in joint.items() if pred(outcome)), total)

    same = (
        report.probabilities["defeated: Levi"].exact == p(lambda o: o[0])
        and report.probabilities["defeated: Soldado"].exact == p(lambda o: o[1])
        and report.probabilities["defeated: Arqueiro"].exact == p(lambda o: o[2])
        and report.means["damage"].exact == Fraction(sum(o[3] * q for o, q in joint.items()), joint.denominator())
    )
    return "same results" if same else "RESULTS DIFFER"


def simulate_rate(trials: int, jobs: int) -> float:
    from tabroll.odds.montecarlo import simulate
    from tabroll.scenario import load_scenario_file

    scenario = load_scenario_file(ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml")
    start = time.perf_counter()
    simulate(scenario.ruleset, scenario.state, scenario.steps[0].action, trials=trials, seed=1, jobs=jobs)
    return trials / (time.perf_counter() - start)


def d20_rate(trials: int) -> float:
    import d20

    start = time.perf_counter()
    for _ in range(trials):
        d20.roll("1d10")  # the attack die of the projectile example...
        d20.roll("1d20")  # ...and its damage die; no rules, no bookkeeping
    return trials / (time.perf_counter() - start)


MEMORY_CHILD = """
import resource, sys
from tabroll.odds.montecarlo import simulate
from tabroll.scenario import load_scenario_file
s = load_scenario_file(sys.argv[1])
simulate(s.ruleset, s.state, s.steps[0].action, trials=int(sys.argv[2]), seed=1, jobs=1)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_memory_kib(trials: int) -> int:
    scenario = ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml"
    out = subprocess.run(
        [sys.executable, "-c", MEMORY_CHILD, str(scenario), str(trials)], capture_output=True, text=True, check=True
    )
    return int(out.stdout.strip())


def forgod_case() -> tuple[Any, Any, Any]:
    """One F0R60D attack (benchmarks/scenarios/forgod-attack.yaml)."""
    from tabroll.scenario import load_scenario_file

    scenario = load_scenario_file(ROOT / "benchmarks" / "scenarios" / "forgod-attack.yaml")
    return scenario.ruleset, scenario.state, scenario.steps[0].action


def icepool_forgod() -> Any:
    """The same attack written by hand for icepool: (hit, damage) over attack, evasion and damage d10s."""
    import icepool

    def outcome(attack: int, evasion: int, damage: int) -> tuple[bool, int]:
        if evasion == 10:  # a natural 10 always evades
            return (False, 0)
        if attack != 10 and evasion + 3 >= attack + 2:  # ties go to the defender
            return (False, 0)
        total = (damage + 3) * (2 if attack == 10 else 1)  # a critical doubles
        return (True, max(0, total - 2))  # Absorción Constante 2

    return icepool.map(outcome, icepool.d10, icepool.d10, icepool.d10)


def check_forgod(report: Any, joint: Any) -> str:
    total = joint.denominator()
    hit = Fraction(sum(q for o, q in joint.items() if o[0]), total)
    defeat = Fraction(sum(q for o, q in joint.items() if o[1] >= 9), total)
    mean = Fraction(sum(o[1] * q for o, q in joint.items()), total)
    same = (
        report.probabilities["hit"].exact == hit
        and report.probabilities["defeated: Guardia"].exact == defeat
        and report.means["damage"].exact == mean
    )
    return "same results" if same else "RESULTS DIFFER"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--trials", type=int, default=20_000)
    args = parser.parse_args()
    try:
        import d20  # noqa: F401
        import icepool  # noqa: F401
    except ImportError:
        sys.exit("install the baselines first: python -m pip install -e '.[bench]'")
    results: dict[str, Any] = {}

    case = trample_case()
    ours = median_seconds(lambda: tabroll_exact(case), args.repeat)
    theirs = median_seconds(icepool_trample, args.repeat)
    idiom = median_seconds(icepool_trample_idiomatic, args.repeat)
    verdict = check_trample(tabroll_exact(case), icepool_trample())
    two = median_seconds(lambda: tabroll_exact(case, jobs=2), args.repeat)
    results["trample_exact"] = {
        "tabroll_s": ours, "tabroll_jobs2_s": two, "icepool_s": theirs, "icepool_idiomatic_s": idiom,
        "ratio": ours / theirs, "ratio_idiomatic": ours / idiom, "check": verdict,
    }  # fmt: skip
    print(f"exact odds, TAB MASTER trample over 3 targets (8,000 outcomes): tabroll {ours * 1000:.1f} ms "
          f"({two * 1000:.1f} ms with --jobs 2), icepool map {theirs * 1000:.1f} ms -> {ours / theirs:.1f}x icepool "
          f"({two / theirs:.1f}x with 2 jobs; {verdict}); icepool's marginals {idiom * 1000:.2f} ms -> "
          f"{ours / idiom:.0f}x")  # fmt: skip

    forgod = forgod_case()
    ours = median_seconds(lambda: tabroll_exact(forgod), args.repeat)
    theirs = median_seconds(icepool_forgod, args.repeat)
    verdict = check_forgod(tabroll_exact(forgod), icepool_forgod())
    results["forgod_exact"] = {"tabroll_s": ours, "icepool_s": theirs, "ratio": ours / theirs, "check": verdict}
    print(f"exact odds, F0R60D attack (433 outcomes): tabroll {ours * 1000:.1f} ms, icepool map {theirs * 1000:.1f} ms "
          f"-> {ours / theirs:.1f}x icepool ({verdict})")  # fmt: skip

    from tabroll.odds.montecarlo import PARALLEL_MIN_TRIALS

    one = simulate_rate(args.trials, 1)
    plain = d20_rate(args.trials)
    many = max(args.trials, PARALLEL_MIN_TRIALS)  # --jobs is used from this many trials on
    one_many, two_many = simulate_rate(many, 1), simulate_rate(many, 2)
    results["monte_carlo"] = {
        "jobs1_per_s": one, "d20_rolls_only_per_s": plain, "ratio_d20": one / plain,
        "large_trials": many, "large_jobs1_per_s": one_many, "large_jobs2_per_s": two_many,
    }  # fmt: skip
    print(f"Monte Carlo, projectile example ({args.trials:,} trials): {one:,.0f} attacks/s; d20 only rolling the "
          f"same two dice: {plain:,.0f}/s -> tabroll at {one / plain:.2f}x d20's rate; at {many:,} trials "
          f"{one_many:,.0f}/s with 1 job, {two_many:,.0f}/s with 2 jobs ({two_many / one_many:.2f}x)")  # fmt: skip

    small, large = peak_memory_kib(args.trials), peak_memory_kib(args.trials * 10)
    results["memory"] = {"trials": [args.trials, args.trials * 10], "peak_kib": [small, large]}
    print(f"peak memory: {small / 1024:.1f} MiB at {args.trials:,} trials, {large / 1024:.1f} MiB at "
          f"{args.trials * 10:,} ({large / small:.2f}x)")  # fmt: skip
    print(json.dumps(results))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
