"""How long ``tabroll matrix FILE --format text`` takes on every bundled scenario (wall seconds per file).

    python benchmarks/matrix_times.py [--cap SECONDS] [--jobs N] [GLOB ...]

Each file runs in its own process, as a user runs it; ``--cap`` stops a file after that many seconds (printed as
``>CAP``) so one slow file cannot hold the whole run. Also times the no-file form of the games that have no
catalogue (expected: a message saying what to type, at once). A benchmark, not a test: it prints figures only.
"""

from __future__ import annotations

import argparse
import glob
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(argv: list[str], cap: float) -> tuple[float | None, int | None, str]:
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tabroll", *argv], capture_output=True, text=True, timeout=cap, check=False
        )
    except subprocess.TimeoutExpired:
        return None, None, ""
    lines = (done.stderr or done.stdout).strip().splitlines()
    return time.perf_counter() - start, done.returncode, lines[0] if lines else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cap", type=float, default=120.0, help="seconds before a file is stopped")
    parser.add_argument("--jobs", type=int, default=1, help="matrix --jobs")
    parser.add_argument("files", nargs="*", help="scenario globs (default: every bundled scenario)")
    args = parser.parse_args()
    patterns = args.files or [str(ROOT / "scenarios" / "*" / "*.yaml")]
    files = sorted({f for pattern in patterns for f in glob.glob(pattern)})
    jobs = ["--jobs", str(args.jobs)] if args.jobs != 1 else []
    total = 0.0
    print(f"{'scenario':<58}{'seconds':>9}  exit")
    for file in files:
        seconds, code, first = timed(["matrix", file, "--format", "text", *jobs], args.cap)
        name = str(Path(file).resolve().relative_to(ROOT)) if Path(file).resolve().is_relative_to(ROOT) else file
        shown = f">{args.cap:g}" if seconds is None else f"{seconds:.2f}"
        total += args.cap if seconds is None else seconds
        print(f"{name:<58}{shown:>9}  {code if code is not None else '-'}{'  ' + first if code else ''}", flush=True)
    print(f"{'total':<58}{total:>9.1f}")
    if not args.files:
        for game in ("ahotnik", "forgod", "mtg_heroes", "botse"):
            seconds, code, first = timed(["matrix", "-r", game, "--format", "text"], args.cap)
            print(f"matrix -r {game:<48}{seconds or 0:>9.2f}  {code}  {first}")


if __name__ == "__main__":
    main()
