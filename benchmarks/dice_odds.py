"""Benchmark of ``tabroll odds EXPR``: the exact odds of four expressions next to icepool computing the same
distribution, in the same run.

    python -m pip install -e ".[bench]"     # icepool
    python benchmarks/dice_odds.py [--runs 11]

For each of ``100d20``, ``10d10!``, ``8d6kh3`` and ``20d6>=5`` it prints:
- tabroll's work (parse, exact odds, the text table) and icepool's (the same distribution), each timed after its
  imports in a fresh process, so nothing is cached from an earlier run: the median of ``--runs``, and their ratio;
- the command's time beyond start-up: the median wall time of ``tabroll odds EXPR --format text`` less the median
  of ``tabroll roll 1d20 --format text`` (the same start-up: Python, Typer, the dice), measured turn about in the same
  rounds (the target: at most 100 ms); and the CPU time of both where the platform reports it (on a busy machine a
  process waits for a core, which inflates its wall time but not its CPU time);
- whether every exact fraction of the two agrees;
- what importing icepool costs a command (``python -c "import icepool"`` less ``python -c pass``): the reason tabroll
  does not use it at run time.
Figures, not pass/fail: these machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EXPRESSIONS = ("100d20", "10d10!", "8d6kh3", "20d6>=5")


ICEPOOL = {
    "100d20": "100 @ icepool.d20",
    "10d10!": "10 @ icepool.d10.explode(depth=9)",  # tabroll's cap: a chain of explosions adds at most 9 dice
    "8d6kh3": "icepool.d6.highest(8, 3)",
    "20d6>=5": "20 @ (icepool.d6 >= 5)",
}

# Each measure runs in a fresh process (nothing cached from an earlier run) and times only the work, after the
# imports: the figures compare the algorithms; the command times below add what a user waits for.
TABROLL_WORK = """
import io, sys, time
from contextlib import redirect_stdout
from tabroll.odds import dice_odds
from tabroll.render import dice as dice_views
start = time.perf_counter()
odds = dice_odds.compute(dice_odds.read_question([sys.argv[1]]), seed=1)
with redirect_stdout(io.StringIO()):
    dice_views.render(odds, "text")
print(time.perf_counter() - start)
"""
ICEPOOL_WORK = """
import sys, time
import icepool
start = time.perf_counter()
die = eval(sys.argv[1])
die.denominator()
print(time.perf_counter() - start)
"""


def _icepool_die(text: str) -> Any:
    import icepool

    return eval(ICEPOOL[text], {"icepool": icepool})


def _work(code: str, argument: str, runs: int) -> float:
    """The median seconds of ``code`` (which prints its own time) run afresh ``runs`` times."""
    times = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code, argument], capture_output=True, text=True, check=True)
        times.append(float(done.stdout.strip()))
    return statistics.median(times)


def _agrees(text: str) -> bool:
    from tabroll.dice.notation import parse

    die = _icepool_die(text)
    total = die.denominator()
    theirs = {int(v): Fraction(q, total) for v, q in die.items() if q}
    return parse(text).distribution() == theirs


def _children_cpu() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _commands(runs: int) -> tuple[dict[str, float], dict[str, float]]:
    """Median wall and CPU seconds of each odds command and of the start-up baseline, in interleaved rounds."""
    import compileall

    import tabroll

    compileall.compile_dir(str(Path(tabroll.__file__).parent), quiet=1)  # as pip would, once
    py = sys.executable
    cases = {"start-up: roll 1d20": [py, "-m", "tabroll", "roll", "1d20", "--format", "text"]}
    cases |= {text: [py, "-m", "tabroll", "odds", text, "--format", "text"] for text in EXPRESSIONS}
    cases["python -c 'import icepool'"] = [py, "-c", "import icepool"]
    cases["python -c pass"] = [py, "-c", "pass"]
    wall: dict[str, list[float]] = {name: [] for name in cases}
    cpu: dict[str, list[float]] = {name: [] for name in cases}
    with tempfile.TemporaryDirectory() as tmp:
        for command in cases.values():
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, cwd=tmp)
        for _ in range(runs):
            for name, command in cases.items():
                used = _children_cpu()
                start = time.perf_counter()
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, cwd=tmp)
                wall[name].append(time.perf_counter() - start)
                after = _children_cpu()
                if used is not None and after is not None:
                    cpu[name].append(after - used)
    return (
        {name: statistics.median(times) for name, times in wall.items()},
        {name: statistics.median(times) for name, times in cpu.items() if times},
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    try:
        import icepool
    except ImportError:
        sys.exit('icepool is not installed: python -m pip install -e ".[bench]"')
    wall, cpu = _commands(args.runs)
    base, base_cpu = wall["start-up: roll 1d20"], cpu.get("start-up: roll 1d20")
    print(f"median of {args.runs} runs, Python {sys.version.split()[0]}, icepool {icepool.__version__}")
    print(
        f"{'expression':<10}{'tabroll work ms':>16}{'icepool ms':>12}{'icepool/tabroll':>16}{'agree':>7}"
        f"{'command beyond start-up ms':>28}{'CPU beyond ms':>15}"
    )
    for text in EXPRESSIONS:
        ours = _work(TABROLL_WORK, text, args.runs)
        theirs = _work(ICEPOOL_WORK, ICEPOOL[text], args.runs)
        beyond = (wall[text] - base) * 1000
        cpu_beyond = f"{(cpu[text] - base_cpu) * 1000:>15.1f}" if base_cpu is not None and text in cpu else ""
        agree = "yes" if _agrees(text) else "NO"
        print(
            f"{text:<10}{ours * 1000:>16.1f}{theirs * 1000:>12.1f}{theirs / ours:>15.1f}×{agree:>7}"
            f"{beyond:>28.1f}{cpu_beyond}"
        )
    print(
        f"start-up (tabroll roll 1d20): {base * 1000:.1f} ms wall"
        + (f", {base_cpu * 1000:.1f} ms CPU" if base_cpu else "")
    )
    cost = (wall["python -c 'import icepool'"] - wall["python -c pass"]) * 1000
    print(f"importing icepool adds {cost:.1f} ms to a command (python -c 'import icepool' less python -c pass)")


if __name__ == "__main__":
    main()
