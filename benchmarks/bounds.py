"""Do ``--timeout`` and ``--budget`` bound large dice pools? Wall time and peak memory of each command, run as a user
runs it (its own process, from the first line of Python to the last byte of its output).

    python benchmarks/bounds.py [--timeout SECONDS] [--trials N ...] [--cap SECONDS]

For a damage roll of ``DAN=`` 6d20, 10d20, 20d20 and 100d100, ``tabroll odds`` and ``tabroll matrix`` with
``--timeout`` (3 s unless told): each should end within the limit plus one second and peak under 100 MiB. Then
the simulation's memory as ``--trials`` grows (``tabroll odds scenarios/forgod/17-every-rule.yaml --action 3``,
a big outcome tree): it should stay flat. ``--cap`` kills a command that runs that long (printed as ``>CAP``).
Then ``tabroll check`` of files of ``--units`` bad units (10,000, the most a scenario holds, and 20,000 unless told:
320 and 650 KB, each unit with six problems), which should take at most a second per MiB of input (start-up
included) and stay under 100 MiB.
Peak memory is the process's largest resident set (``ru_maxrss`` of the process, its forked workers included).
A benchmark, not a test: it prints figures, and says ``over`` where a bound is not met.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POOLS = ("6d20", "10d20", "20d20", "100d100")
MEMORY_BOUND_MIB = 100.0


_WRAPPER = """
import json, os, resource, subprocess, sys, time
cap, argv = float(sys.argv[1]), sys.argv[2:]
started = time.perf_counter()
try:
    done = subprocess.run(argv, capture_output=True, timeout=cap, env={**os.environ, "NO_COLOR": "1"}, check=False)
    code, out, err = done.returncode, done.stdout, done.stderr
except subprocess.TimeoutExpired as stopped:
    code, out, err = None, stopped.stdout or b"", stopped.stderr or b""
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps([seconds, peak, code, out.decode(errors="replace"), err.decode(errors="replace")]))
"""


def measured(argv: list[str], cap: float) -> tuple[float, float, int | None, str]:
    """(wall seconds, peak MiB, exit code or None when killed at ``cap``, the output's note or first error line).

    Each command runs under a fresh helper process, so the peak (``ru_maxrss`` of the helper's children, in KiB
    on Linux) is that command's own, its forked workers included."""
    import json

    helper = subprocess.run(
        [sys.executable, "-c", _WRAPPER, str(cap), sys.executable, "-m", "tabroll", *argv],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )  # fmt: skip
    seconds, peak, code, out, err = json.loads(helper.stdout)
    note = next((line.strip() for line in out.splitlines() if '"note"' in line or "simulated" in line), "")
    if not note:
        note = (err.strip().splitlines() or [""])[0]
    return seconds, peak / 1024, code, note


def report(label: str, argv: list[str], *, cap: float, limit: float | None, slack: float = 1.0) -> bool:
    """Run and print one command; whether it held its bounds (``limit`` + ``slack`` seconds, the memory bound)."""
    seconds, peak, code, note = measured(argv, cap)
    slow = limit is not None and seconds > limit + slack
    heavy = peak > MEMORY_BOUND_MIB
    flags = " ".join(word for word, bad in (("over-time", slow), ("over-memory", heavy)) if bad)
    shown = f">{cap:g}" if code is None else f"{seconds:.2f}"
    print(f"{label:<44}{shown:>8}{peak:>9.1f}  {code if code is not None else '-':>4}  {flags}", flush=True)
    if note:
        print(f"    {note[:150]}", flush=True)
    return not (slow or heavy or code is None)


def bad_units_file(units: int, folder: str) -> Path:
    """A TAB MASTER scenario of ``units`` units, each with six problems (three missing fields, two values of the
    wrong type, an unknown field): what ``check`` must not spend its time and memory explaining to the last."""
    path = Path(folder) / "bad-units.yaml"
    lines = ["ruleset: tabmaster", "board:", "  size: [200, 200]", "units:"]
    lines += [f"  U{i}: {{side: 1, at: 2, x: 3}}" for i in range(units)]
    path.write_text("\n".join([*lines, "actions: []", ""]), encoding="utf-8")
    return path


def check_many_bad_units(units: int, *, cap: float) -> bool:
    """``tabroll check`` of :func:`bad_units_file`: within a second per MiB of input, under the memory bound."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = bad_units_file(units, folder)
        mib = path.stat().st_size / 1024 / 1024
        label = f"check {units:,} bad units ({mib * 1024:.0f} KB)"
        return report(label, ["check", str(path)], cap=cap, limit=mib, slack=0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timeout", type=float, default=3.0, help="--timeout of odds and matrix (default 3)")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds before a command is killed")
    parser.add_argument(
        "--trials", type=int, nargs="*", default=[20_000, 200_000], help="--trials of the memory-growth runs"
    )
    parser.add_argument(
        "--units",
        type=int,
        nargs="*",
        default=[10_000, 20_000],
        help="bad units in each file 'check' reads (a TAB MASTER scenario holds at most 10,000)",
    )
    args = parser.parse_args()
    timeout = str(args.timeout)
    print(f"{'command':<44}{'seconds':>8}{'MiB':>9}  exit")
    good = True
    for pool in POOLS:
        attacker = f"Hero ATK=1 DAN={pool}"
        odds = ["odds", "-r", "tabmaster", "-a", attacker, "-t", "Orc DEF=3", "--timeout", timeout, "-f", "json"]
        good &= report(f"odds DAN={pool} --timeout {timeout}", odds, cap=args.cap, limit=args.timeout)
        matrix = ["matrix", "-r", "tabmaster", "--attackers", attacker, "--targets", "Soldado", "--timeout", timeout]
        good &= report(
            f"matrix DAN={pool} --timeout {timeout}", [*matrix, "-f", "json"], cap=args.cap, limit=args.timeout
        )
    budget = ["odds", "-r", "tabmaster", "-a", "Hero ATK=1 DAN=14d14", "-t", "Orc DEF=3", "--budget", "1000"]
    label = f"odds DAN=14d14 --budget 1000 --timeout {timeout}"
    good &= report(label, [*budget, "--timeout", timeout, "-f", "json"], cap=args.cap, limit=args.timeout)
    every_rule = ["odds", "scenarios/forgod/17-every-rule.yaml", "--action", "3", "--timeout", "0", "-f", "json"]
    for trials in args.trials:
        label = f"odds forgod/17 --action 3 --trials {trials:,}"
        good &= report(label, [*every_rule, "--trials", str(trials)], cap=max(args.cap, trials / 1_000), limit=None)
    for units in args.units:
        good &= check_many_bad_units(units, cap=args.cap)
    print("every bound held" if good else "some bound did not hold (marked above)")


if __name__ == "__main__":
    main()
