"""Batch benchmark: 1,000 generated scenario files through ``tabroll run --format jsonl``, with --jobs 1 and 2.

    python benchmarks/batch.py [--files 1000]

Generates TAB MASTER scenarios (a few units and attacks each, rolled from each file's derived seed) in a temporary
folder, runs the whole folder once with ``--jobs 1`` and once with ``--jobs 2``, and prints files per second and
the peak memory of the command (the parent and its worker processes), and checks that both runs printed the
same events. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

UNITS = ["Lanceiro", "Alquimista", "Cavaleiro", "Soldado", "Arqueiro", "Levi", "Feiticeiro"]


def scenario(rng: random.Random) -> str:
    red, blue = rng.sample(UNITS, 2)
    lines = [
        "ruleset: tabmaster",
        "board: {size: [6, 3]}",
        "units:",
        f"  A: {{unit: {red}, side: red, at: [1, 1]}}",
        f"  B: {{unit: {blue}, side: blue, at: [{rng.randint(2, 4)}, {rng.randint(0, 2)}]}}",
        "actions:",
        "  - {do: attack, attacker: A, target: B}",
        "  - {do: attack, attacker: B, target: A}",
        "  - {do: new_round}",
        "  - {do: attack, attacker: A, target: B}",
    ]
    return "\n".join(lines) + "\n"


def run(folder: Path, jobs: int) -> tuple[float, int, bytes]:
    """Wall time, peak RSS in KiB (largest of the command and its children), and the output."""
    command = [sys.executable, "-m", "tabroll", "run", str(folder), "--format", "jsonl", "--seed", "7"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run([*command, "--jobs", str(jobs)], capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, max(peak, before), done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i in range(args.files):
            (folder / f"s{i:05d}.yaml").write_text(scenario(rng))
        one_time, one_peak, one_out = run(folder, 1)
        two_time, two_peak, two_out = run(folder, 2)
    same = "same events" if one_out == two_out else "EVENTS DIFFER"
    print(f"{args.files} files, tabroll run --format jsonl")
    print(f"  --jobs 1: {args.files / one_time:7.1f} files/s ({one_time:.2f} s), peak {one_peak / 1024:.0f} MiB")
    print(f"  --jobs 2: {args.files / two_time:7.1f} files/s ({two_time:.2f} s), peak {two_peak / 1024:.0f} MiB "
          f"per process; {one_time / two_time:.2f}x the speed of --jobs 1 ({same})")  # fmt: skip


if __name__ == "__main__":
    main()
