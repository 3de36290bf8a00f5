"""Odds benchmark: tabroll's exact walk and Monte Carlo next to the baselines the odds issue names.

    python -m pip install -e ".[bench]"     # icepool and d20, used only here
    python benchmarks/odds.py [--repeat 5] [--trials 20000] [--baseline OTHER_CHECKOUT]

Measured side by side in one run:
1. exact odds of four actions: a TAB MASTER trample over three targets (three 1d20 damage rolls against three
   DEFs), a F0R60D attack (attack roll against evasion, then damage against absorption), a Gathering of Heroes
   exchange (attack and counterattack, benchmarks/scenarios/mtg-exchange.yaml) and a BotSE engage (four dice of
   the sample set summed against Defense, benchmarks/scenarios/botse-engage.yaml): tabroll's wall time (the real
   resolver walked over every outcome) against icepool computing the same joint distribution with a map over
   the dice, and against icepool written idiomatically (each figure from marginals); every figure is checked
   equal to both. ``--baseline`` times another checkout's walk (main, say) turn about with this one's. Then a
   damage roll of 10d20 and of 100d20 (``tabroll odds -r tabmaster -a "Hero ATK=1 DAN=100d20" -t "Orc DEF=1000"``,
   the work beyond start-up, checked against icepool's ``100 @ d20``) with the walk's traced peak memory;
2. Monte Carlo throughput (resolved attacks per second) with one process and with two, against a plain
   script that only rolls the same dice with d20 (no rules at all), on the small projectile example and on a
   BotSE engage of eight dice whose tree is too large for the cache of resolved sequences to help;
3. exact odds of Barrage (tests/fixtures/games/barrage, a pool game: attacks roll d6 to hit, hits to wound,
   wounds to save, each roll read by its count of successes) with 10, 20 and 40 attacks, the walk's traced peak
   memory, against icepool's binomial chain (``n @ (d6 >= 3)``, and so on), every figure checked equal;
4. peak memory of a simulation as --trials grows tenfold (it should stay flat: only counts are kept).
Figures, not pass/fail: these machines are shared and noisy.
"""

from __future__ import annotations

import argparse
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


def _scenario_loader() -> Any:
    """``load_scenario_file`` where the checkout keeps it (``tabroll.loading.scenario``; ``tabroll.scenario`` before
    the tree moved), so that every case builds in a baseline checkout too."""
    try:
        from tabroll.loading.scenario import load_scenario_file
    except ImportError:
        from tabroll.scenario import load_scenario_file  # type: ignore[no-redef]
    return load_scenario_file


def replaced(record: Any, **changes: Any) -> Any:
    """``record`` with ``changes``: a record is a msgspec Struct, or a dataclass in a baseline checkout from before
    records were Structs."""
    import msgspec.structs

    if isinstance(record, msgspec.Struct):
        return msgspec.structs.replace(record, **changes)
    import dataclasses

    return dataclasses.replace(record, **changes)


def trample_case() -> tuple[Any, Any, Any]:
    """Example 2 of TAB MASTER with the Levi moved onto the path: three targets, DEF 9, 5 and 2."""
    load_scenario_file = _scenario_loader()

    scenario = load_scenario_file(ROOT / "scenarios" / "tabmaster" / "02-trample-cavaleiro.yaml")
    levi = scenario.state.unit("Levi")
    state = scenario.state.with_unit(replaced(levi, position=(1, 0)))
    return scenario.ruleset, state, scenario.steps[0].action


def tabroll_exact(case: tuple[Any, Any, Any]) -> Any:
    from tabroll.odds.exact import exact_odds
    from tabroll.odds.report import build_report

    ruleset, state, action = case
    result = exact_odds(ruleset, state, action)
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


def _damage(report: Any) -> Fraction:
    """The mean damage over every target (the report gives it per target when an attack strikes several)."""
    if "damage" in report.means:
        return Fraction(report.means["damage"].exact)
    return sum((e.exact for name, e in report.means.items() if name.startswith("damage to ")), Fraction(0))


def check_trample(report: Any, joint: Any) -> str:
    def p(pred: Callable[[Any], bool]) -> Fraction:
        total = joint.denominator()
        return Fraction(sum(q for outcome, q in joint.items() if pred(outcome)), total)

    same = (
        report.probabilities["defeated: Levi"].exact == p(lambda o: o[0])
        and report.probabilities["defeated: Soldado"].exact == p(lambda o: o[1])
        and report.probabilities["defeated: Arqueiro"].exact == p(lambda o: o[2])
        and _damage(report) == Fraction(sum(o[3] * q for o, q in joint.items()), joint.denominator())
    )
    return "same results" if same else "RESULTS DIFFER"


def simulate_rate(trials: int, jobs: int) -> float:
    load_scenario_file = _scenario_loader()
    from tabroll.odds.montecarlo import simulate

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


BIG_TREE_CASE = "benchmarks/scenarios/large/botse-engage-8.yaml"  # not in the golden walks: too large a tree


def simulate_big_rate(trials: int) -> float:
    """Monte Carlo of an engage of eight dice (1,679,616 sequences of faces: the cache of resolved sequences
    rarely helps)."""
    from tabroll.odds.montecarlo import simulate

    ruleset, state, action = scenario_case(BIG_TREE_CASE)
    start = time.perf_counter()
    simulate(ruleset, state, action, trials=trials, seed=1, jobs=1)
    return trials / (time.perf_counter() - start)


def d20_big_rate(trials: int) -> float:
    import d20

    start = time.perf_counter()
    for _ in range(trials):
        d20.roll("8d6")  # the same eight six-sided dice, bare: no faces read, no rules
    return trials / (time.perf_counter() - start)


def large_pool_case(dice: str = "100d20") -> tuple[Any, Any, Any]:
    """``tabroll odds -r tabmaster -a "Hero ATK=1 DAN=100d20" -t "Orc DEF=1000"``, as the command builds it."""
    try:
        from tabroll.loading.quick import AttackWords, describe_attack
    except ImportError:  # a baseline checkout from before the tree moved
        from tabroll.quick import AttackWords, describe_attack  # type: ignore[no-redef]

    built = describe_attack(
        AttackWords(None, f"Hero ATK=1 DAN={dice}", "Orc DEF=1000", ruleset="tabmaster", command="odds")
    )
    return built.ruleset, built.state, built.action


def check_large_pool(report: Any) -> str:
    import icepool

    total = 100 @ icepool.d20
    defeat = report.probabilities["defeated: Orc"].exact == Fraction(*_ratio(total > 1000))
    same = defeat and report.means["damage"].exact == Fraction(*_ratio_mean(total))
    return "same results" if same else "RESULTS DIFFER"


def _ratio(die: Any) -> tuple[int, int]:
    return die.quantity(True), die.denominator()


def _ratio_mean(die: Any) -> tuple[int, int]:
    return sum(outcome * quantity for outcome, quantity in die.items()), die.denominator()


def traced_peak_mib(case: tuple[Any, Any, Any]) -> float:
    import tracemalloc

    from tabroll.odds.exact import exact_odds

    tracemalloc.start()
    exact_odds(*case)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


MEMORY_CHILD = """
import resource, sys
from tabroll.odds.montecarlo import simulate
from tabroll.loading.scenario import load_scenario_file
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
    load_scenario_file = _scenario_loader()

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


def exact_leaves(case: tuple[Any, Any, Any]) -> int:
    from tabroll.odds.exact import exact_odds

    return exact_odds(*case).leaves


def _same(report_values: list[Fraction], marginals: list[Any]) -> str:
    return "same results" if [Fraction(v) for v in marginals] == report_values else "RESULTS DIFFER"


def idiomatic_trample(report: Any, marginals: list[Any]) -> str:
    p = report.probabilities
    ours = [p["defeated: Levi"].exact, p["defeated: Soldado"].exact, p["defeated: Arqueiro"].exact]
    return _same([*ours, _damage(report)], marginals)


def icepool_forgod_idiomatic() -> Any:
    """The F0R60D attack from marginals: a natural 10 hits unless the evasion is a natural 10 too (a critical);
    otherwise the attack must beat the evasion by 2 (1d10 + 2 against 1d10 + 3, ties to the defender)."""
    import icepool

    d10 = icepool.d10
    ten, not_ten = (d10 == 10).mean(), (d10 != 10).mean()
    critical = ten * not_ten
    normal = (d10 - d10 >= 2).mean() - ten * (d10 <= 8).mean()  # a - e >= 2 with a natural 10 counted above
    damage = (d10 + 1).map(lambda x: max(0, x))  # Daño 3, minus Absorción 2
    doubled = (d10 + 3) * 2 - 2
    return [normal + critical, normal * (damage >= 9).mean() + critical * (doubled >= 9).mean(),
            normal * damage.mean() + critical * doubled.mean()]  # fmt: skip


def idiomatic_forgod(report: Any, marginals: list[Any]) -> str:
    p = report.probabilities
    return _same([p["hit"].exact, p["defeated: Guardia"].exact, report.means["damage"].exact], marginals)


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


def scenario_case(path: str) -> tuple[Any, Any, Any]:
    """The first action of a scenario file (a path from the project's root)."""
    load_scenario_file = _scenario_loader()

    scenario = load_scenario_file(ROOT / path)
    return scenario.ruleset, scenario.state, scenario.steps[0].action


MTG_CASE = "benchmarks/scenarios/mtg-exchange.yaml"
BOTSE_CASE = "benchmarks/scenarios/botse-engage.yaml"


def icepool_mtg() -> Any:
    """The Gathering of Heroes exchange by hand: Knight's 2d6 against Ogre's 1d6, the excess off Life 3; an Ogre
    still standing counterattacks, 1d6 against the Knight's 1d6, the excess off the Knight's Life 3.
    (hit, damage, Ogre defeated, counterattack happens, counter hits, damage taken by Knight, Knight defeated)."""
    import icepool

    def outcome(attack: int, defence: int, counter: int, guard: int) -> tuple[bool, int, bool, bool, bool, int, bool]:
        damage = max(0, attack - defence)
        if damage >= 3:  # the Ogre falls: no counterattack
            return (attack > defence, damage, True, False, False, 0, False)
        taken = max(0, counter - guard)
        return (attack > defence, damage, False, True, counter > guard, taken, taken >= 3)

    d6 = icepool.d6
    return icepool.map(outcome, 2 @ d6, d6, d6, d6)


def icepool_mtg_idiomatic() -> Any:
    """The same figures from marginals: the attack's excess, and the counterattack's weighted by P(no defeat)."""
    import icepool

    d6 = icepool.d6
    excess = (2 @ d6 - d6).map(lambda x: max(0, x))
    counter = (d6 - d6).map(lambda x: max(0, x))
    stands = (excess < 3).mean()
    return [(excess > 0).mean(), excess.mean(), (excess >= 3).mean(), stands, stands * (counter > 0).mean(),
            stands * counter.mean(), stands * (counter >= 3).mean()]  # fmt: skip


def check_mtg(report: Any, joint: Any) -> str:
    total = joint.denominator()

    def p(index: int) -> Fraction:
        return Fraction(sum(q for o, q in joint.items() if o[index]), total)

    def mean(index: int) -> Fraction:
        return Fraction(sum(o[index] * q for o, q in joint.items()), total)

    counter = next(block for block in report.follow_ups if block.label == "counterattack")
    same = (
        report.probabilities["hit"].exact == p(0)
        and report.means["damage"].exact == mean(1)
        and report.probabilities["defeated: Ogre"].exact == p(2)
        and counter.probabilities["happens"].exact == p(3)
        and counter.probabilities["hit on Knight"].exact == p(4)
        and counter.means["damage taken by Knight"].exact == mean(5)
        and counter.probabilities["defeated: Knight"].exact == p(6)
    )
    return "same results" if same else "RESULTS DIFFER"


def idiomatic_mtg(report: Any, marginals: list[Any]) -> str:
    counter = next(block for block in report.follow_ups if block.label == "counterattack")
    p, c = report.probabilities, counter.probabilities
    taken = counter.means["damage taken by Knight"].exact
    ours = [p["hit"].exact, report.means["damage"].exact, p["defeated: Ogre"].exact, c["happens"].exact,
            c["hit on Knight"].exact, taken, c["defeated: Knight"].exact]  # fmt: skip
    return _same(ours, marginals)


def idiomatic_botse(report: Any, marginals: list[Any]) -> str:
    p = report.probabilities
    return _same([p["hit"].exact, report.means["damage"].exact, p["defeated: Draugr"].exact], marginals)


SWORD = (2, 1, 0, 0, 3, 1)  # the damage on each face of the sample dice (tenacity and blank faces deal none)
COMBAT = (1, 1, 2, 0, 0, 1)


def icepool_botse() -> Any:
    """The BotSE engage by hand: two Swords and two Combat dice summed, Defense 2 stopping 2 of Health 4.
    (hit, damage, defeated)."""
    import icepool

    sword, combat = icepool.Die(SWORD), icepool.Die(COMBAT)
    return icepool.map(lambda a, b, c, d: (a + b + c + d > 0, a + b + c + d, a + b + c + d - 2 >= 4),
                       sword, sword, combat, combat)  # fmt: skip


def icepool_botse_idiomatic() -> Any:
    import icepool

    total = 2 @ icepool.Die(SWORD) + 2 @ icepool.Die(COMBAT)
    return [(total > 0).mean(), total.mean(), (total >= 6).mean()]


def check_botse(report: Any, joint: Any) -> str:
    total = joint.denominator()
    same = (
        report.probabilities["hit"].exact == Fraction(sum(q for o, q in joint.items() if o[0]), total)
        and report.means["damage"].exact == Fraction(sum(o[1] * q for o, q in joint.items()), total)
        and report.probabilities["defeated: Draugr"].exact == Fraction(sum(q for o, q in joint.items() if o[2]), total)
    )
    return "same results" if same else "RESULTS DIFFER"


BASELINE_CHILD = """
import importlib.util, sys, time
from pathlib import Path
checkout = Path(sys.argv[2])
import tabroll
assert Path(tabroll.__file__).is_relative_to(checkout), tabroll.__file__
# The games: tabroll.rulesets is the checkout's rulesets/ folder (an editable install maps it to its own checkout).
games = importlib.util.spec_from_file_location(
    "tabroll.rulesets", checkout / "rulesets" / "__init__.py", submodule_search_locations=[str(checkout / "rulesets")]
)
sys.modules["tabroll.rulesets"] = module = importlib.util.module_from_spec(games)
games.loader.exec_module(module)
spec = importlib.util.spec_from_file_location("odds_bench", sys.argv[1])
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
cases = {"trample": bench.trample_case, "forgod": bench.forgod_case,
         "mtg": lambda: bench.scenario_case(bench.MTG_CASE), "botse": lambda: bench.scenario_case(bench.BOTSE_CASE)}
built = {}
for line in sys.stdin:  # one case name a line: time one walk of it (warmed up the first time), answer the seconds
    name = line.strip()
    if name not in built:
        case = built[name] = cases[name]()
        where = sys.modules[type(case[0]).__module__].__file__
        assert Path(where).is_relative_to(checkout), where
        game = case[0]  # a checkout's game: its models (hooks as methods), or, before them, its typed or named parts
        if hasattr(game, "load_parts"):
            module = game.load_parts().resolve.__module__
        elif hasattr(game, "part"):
            module = game.part("resolve").__module__
        else:
            module = game.scenario_model().__module__
        assert Path(sys.modules[module].__file__).is_relative_to(checkout), module
        bench.tabroll_exact(case)
    start = time.perf_counter()
    bench.tabroll_exact(built[name])
    print(time.perf_counter() - start, flush=True)
"""


class Baseline:
    """Another checkout's exact walk (its ``tabroll`` and games, this interpreter) in a child process, timed one
    walk at a time, so that its runs and this checkout's alternate: on a shared machine whose load changes from one
    minute to the next, only figures taken turn about compare."""

    def __init__(self, checkout: Path) -> None:
        import os

        env = {**os.environ, "PYTHONPATH": str(checkout)}
        self.child = subprocess.Popen(
            [sys.executable, "-c", BASELINE_CHILD, __file__, str(checkout)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=checkout,
        )  # fmt: skip

    def seconds(self, name: str) -> float:
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write(name + "\n")
        self.child.stdin.flush()
        answer = self.child.stdout.readline()
        if not answer:
            sys.exit(f"the baseline checkout's walk of the {name} case failed (see above)")
        return float(answer)

    def close(self) -> None:
        assert self.child.stdin is not None
        self.child.stdin.close()
        self.child.wait()


def interleaved(ours: Callable[[], Any], theirs: Callable[[], float], repeat: int) -> tuple[float, float]:
    """Median seconds of ``ours`` and of ``theirs`` (which times itself), run turn about after a warm-up."""
    ours()
    mine, other = [], []
    for _ in range(repeat):
        other.append(theirs())
        start = time.perf_counter()
        ours()
        mine.append(time.perf_counter() - start)
    return statistics.median(mine), statistics.median(other)


POOL_ATTACKS = (10, 20, 40)


def pool_case(attacks: int) -> tuple[Any, Any, Any]:
    """``tabroll odds -r barrage -a "A attacks=N hit=3 wound=4 ap=1" -t "B models=N/2 wounds=2 save=4"`` (with
    ``TABROLL_GAMES=tests/fixtures/games``): the fixture game imported from its folder, as discovery would."""
    from tabroll.kit import AttackRequest
    from tests.fixtures.games.barrage import RULESET

    request = AttackRequest(
        attacker="A",
        target="B",
        attacker_stats={"attacks": str(attacks), "hit": "3", "wound": "4", "ap": "1"},
        target_stats={"models": str(attacks // 2), "wounds": "2", "save": "4"},
    )
    built = RULESET.quick_attack(request)
    return RULESET, built.state, built.steps[0].action


def icepool_pool(attacks: int) -> Any:
    """The same figures from icepool's binomial chain: the hits of ``attacks`` d6 on 3+, their wounds on 4+, the
    wounds whose save fails (4+ less AP 1: a 5 or a 6 saves); one damage each to models of 2 wounds.
    (mean damage, P(B destroyed), the distribution of the models left)."""
    import icepool

    d6, models = icepool.d6, attacks // 2
    fails = d6.map(lambda face: face != 6 and (face == 1 or face - 1 < 4))
    unsaved = ((attacks @ (d6 >= 3)) @ (d6 >= 4)) @ fails
    left = unsaved.map(lambda wounds: max(0, models - wounds // 2))
    return unsaved.mean(), (left == 0).mean(), left


def check_pool(report: Any, figures: Any) -> str:
    mean, destroyed, left = figures
    ours = {value: share.exact for value, share in report.game.distributions["models left: B"]}
    theirs = {int(value): Fraction(q, left.denominator()) for value, q in left.items()}
    found = report.probabilities.get("defeated: B")
    same = (
        report.means["damage"].exact == Fraction(mean)
        and (found.exact if found is not None else 0) == Fraction(destroyed)
        and {k: v for k, v in ours.items() if v} == theirs
    )
    return "same results" if same else "RESULTS DIFFER"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--trials", type=int, default=20_000)
    parser.add_argument(
        "--baseline", metavar="CHECKOUT", help="another checkout (e.g. main) whose exact walk is timed in the same run"
    )
    args = parser.parse_args()
    try:
        import d20  # noqa: F401
        import icepool  # noqa: F401
    except ImportError:
        sys.exit("install the baselines first: python -m pip install -e '.[bench]'")
    results: dict[str, Any] = {}
    cases = [  # name, what, outcomes walked, case, icepool's map, its check, icepool's marginals, their check
        ("trample", "TAB MASTER trample over 3 targets", trample_case(), icepool_trample, check_trample,
         icepool_trample_idiomatic, idiomatic_trample),
        ("forgod", "F0R60D attack", forgod_case(), icepool_forgod, check_forgod, icepool_forgod_idiomatic,
         idiomatic_forgod),
        ("mtg", "Gathering of Heroes exchange", scenario_case(MTG_CASE), icepool_mtg, check_mtg,
         icepool_mtg_idiomatic, idiomatic_mtg),
        ("botse", "BotSE engage", scenario_case(BOTSE_CASE), icepool_botse, check_botse, icepool_botse_idiomatic,
         idiomatic_botse),
    ]  # fmt: skip
    baseline = Baseline(Path(args.baseline).resolve()) if args.baseline else None
    before: dict[str, float] = {}
    for name, what, case, joint, check, marginals, check_marginals in cases:
        if baseline is None:
            ours = median_seconds(lambda case=case: tabroll_exact(case), args.repeat)  # type: ignore[misc]
        else:
            ours, before[name] = interleaved(
                lambda case=case: tabroll_exact(case),  # type: ignore[misc]
                lambda name=name: baseline.seconds(name),  # type: ignore[misc]
                args.repeat,
            )
        theirs = median_seconds(joint, args.repeat)
        idiom = median_seconds(marginals, args.repeat)
        report = tabroll_exact(case)
        verdict, idiom_verdict = check(report, joint()), check_marginals(report, marginals())
        leaves = exact_leaves(case)
        row = {
            "tabroll_s": ours, "icepool_s": theirs, "icepool_idiomatic_s": idiom, "ratio": ours / theirs,
            "ratio_idiomatic": ours / idiom, "check": verdict, "check_idiomatic": idiom_verdict, "leaves": leaves,
        }  # fmt: skip
        line = (f"exact odds, {what} ({leaves:,} outcomes): tabroll {ours * 1000:.1f} ms, icepool map "
                f"{theirs * 1000:.1f} ms -> {ours / theirs:.1f}x icepool ({verdict}); icepool's marginals "
                f"{idiom * 1000:.2f} ms -> {ours / idiom:.0f}x ({idiom_verdict})")  # fmt: skip
        if name in before:
            row["baseline_s"] = before[name]
            row["ratio_baseline"] = before[name] / theirs
            line += (f"; baseline checkout {before[name] * 1000:.1f} ms -> {before[name] / theirs:.1f}x icepool "
                     f"(this checkout {before[name] / ours:.2f}x faster, timed turn about)")  # fmt: skip
        results[f"{name}_exact"] = row
        print(line, flush=True)
    if baseline is not None:
        baseline.close()

    pools = {dice: large_pool_case(dice) for dice in ("10d20", "100d20")}
    for dice, case in pools.items():
        ours = median_seconds(lambda case=case: tabroll_exact(case), args.repeat)  # type: ignore[misc]
        verdict = check_large_pool(tabroll_exact(case)) if dice == "100d20" else "not checked"
        peak = traced_peak_mib(case)
        results[f"tabmaster_{dice}"] = {"tabroll_s": ours, "check": verdict, "traced_peak_mib": peak}
        print(f"exact odds, TAB MASTER ATK=1 DAN={dice} against DEF 1000 (the work, beyond start-up): "
              f"{ours * 1000:.1f} ms ({verdict}; icepool's 100 @ d20), traced peak {peak:.1f} MiB",
              flush=True)  # fmt: skip

    from tabroll.odds.exact import exact_odds

    for attacks in POOL_ATTACKS:
        case = pool_case(attacks)
        ours = median_seconds(lambda case=case: tabroll_exact(case), args.repeat)  # type: ignore[misc]
        theirs = median_seconds(lambda n=attacks: icepool_pool(n), args.repeat)  # type: ignore[misc]
        verdict = check_pool(tabroll_exact(case), icepool_pool(attacks))
        walked = exact_odds(*case)
        peak = traced_peak_mib(case)
        results[f"pool_{attacks}"] = {
            "tabroll_s": ours, "icepool_s": theirs, "ratio": ours / theirs, "check": verdict,
            "leaves": walked.leaves, "resolutions": walked.resolutions, "traced_peak_mib": peak,
        }  # fmt: skip
        print(f"exact odds, Barrage with {attacks} attacks ({walked.leaves:,} outcomes, {walked.resolutions:,} "
              f"resolutions): tabroll {ours * 1000:.1f} ms, icepool's binomial chain {theirs * 1000:.1f} ms -> "
              f"{ours / theirs:.2f}x icepool ({verdict}), traced peak {peak:.1f} MiB", flush=True)  # fmt: skip

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

    from tabroll.odds.api import DEFAULT_TRIALS

    big, bare = simulate_big_rate(args.trials), d20_big_rate(args.trials)
    big_default = simulate_big_rate(DEFAULT_TRIALS)  # what `tabroll odds` simulates when a tree is too large
    results["monte_carlo_big_tree"] = {
        "jobs1_per_s": big, "d20_rolls_only_per_s": bare, "ratio_d20": big / bare,
        "default_trials": DEFAULT_TRIALS, "default_jobs1_per_s": big_default, "default_ratio_d20": big_default / bare,
    }  # fmt: skip
    print(f"Monte Carlo, BotSE engage of eight dice ({args.trials:,} trials, 1,679,616 sequences): {big:,.0f} "
          f"engages/s; d20 only rolling 8d6: {bare:,.0f}/s -> tabroll at {big / bare:.2f}x d20's rate; at the "
          f"{DEFAULT_TRIALS:,} trials odds simulates by default {big_default:,.0f}/s "
          f"({big_default / bare:.2f}x)")  # fmt: skip

    small, large = peak_memory_kib(args.trials), peak_memory_kib(args.trials * 10)
    results["memory"] = {"trials": [args.trials, args.trials * 10], "peak_kib": [small, large]}
    print(f"peak memory: {small / 1024:.1f} MiB at {args.trials:,} trials, {large / 1024:.1f} MiB at "
          f"{args.trials * 10:,} ({large / small:.2f}x)")  # fmt: skip
    print(json.dumps(results))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
