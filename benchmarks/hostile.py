"""Time and peak memory of tabroll refusing hostile input.

Each input runs in a fresh process (``tabroll run FILE`` or ``tabroll roll EXPR``), measured by the wall clock
and the child's peak resident memory (``resource.getrusage(RUSAGE_CHILDREN)`` after each run, which is why every
input gets a process of its own, started from a small wrapper). The baseline is ``tabroll run`` on a bundled
scenario, so the figures can be read as "the cost of refusing" on top of a normal start.

    python benchmarks/hostile.py            # every input, 3 runs each (the median time is shown)
    python benchmarks/hostile.py --runs 1
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAD = "ruleset: tabmaster\n"

# Runs one tabroll command in a child of this small wrapper and reports the child's time, peak RSS and output.
WRAPPER = textwrap.dedent(
    """
    import json, resource, subprocess, sys, time
    start = time.perf_counter()
    done = subprocess.run(sys.argv[1:], capture_output=True, stdin=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    err = done.stderr.decode("utf-8", "replace").strip().splitlines()
    print(json.dumps({"seconds": elapsed, "peak_kib": peak_kib, "code": done.returncode,
                      "stderr": err[0] if err else "", "stdout_bytes": len(done.stdout)}))
    """
)


def billion_laughs(levels: int = 9, width: int = 10) -> str:
    lines = [HEAD, "a: &a [" + ", ".join(["lol"] * width) + "]\n"]
    for level in range(1, levels):
        name, previous = chr(ord("a") + level), chr(ord("a") + level - 1)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * width) + "]\n")
    return "".join(lines)


def files(folder: Path) -> list[tuple[str, list[str]]]:
    """(label, tabroll arguments) of every hostile input, writing the files it needs into ``folder``."""
    contents: dict[str, str | bytes] = {
        "alias bomb (9 levels x 10)": billion_laughs(),
        "nesting 10,000 deep '['": HEAD + "x: " + "[" * 10_000 + "]" * 10_000 + "\n",
        "nesting 10,000 deep '{a: '": HEAD + "x: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n",
        "3 MiB file": HEAD + "# " + "x" * (3 * 1024 * 1024) + "\n",
        "100,000-digit number": HEAD + "seed: " + "9" * 100_000 + "\n",
        "non-UTF-8 bytes": HEAD.encode() + b"title: \xff\xfe\xc3(\n",
    }
    out = [("baseline: a bundled scenario", ["run", str(ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml")])]
    for index, (label, content) in enumerate(contents.items()):
        path = folder / f"hostile-{index}.yaml"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        out.append((label, ["run", str(path), "--format", "json"]))
    out += [
        ("baseline: roll 1d20", ["roll", "1d20", "--seed", "1"]),
        ("roll 1000000000d1000000000", ["roll", "--seed", "1", "--", "1000000000d1000000000"]),
        ("roll '(' * 100000", ["roll", "--seed", "1", "--", "(" * 100_000]),
        ("roll 100,000-digit number", ["roll", "--seed", "1", "--", "9" * 100_000]),
        ("roll 10 x 1000d1000000 (largest allowed)", ["roll", "--seed", "1", "--", "+".join(["1000d1000000"] * 10)]),
    ]
    return out


def measure(args: list[str], runs: int) -> dict[str, object]:
    command = [sys.executable, "-c", WRAPPER, sys.executable, "-m", "tabroll", *args]
    env = {**os.environ, "CI": "true", "NO_COLOR": "1"}
    results = [
        json.loads(subprocess.run(command, capture_output=True, check=True, env=env).stdout) for _ in range(runs)
    ]
    last = results[-1]
    return {
        "seconds": statistics.median(r["seconds"] for r in results),
        "peak_mib": max(r["peak_kib"] for r in results) / 1024,
        "code": last["code"],
        "message": last["stderr"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs per input (median time, largest peak memory)")
    options = parser.parse_args()
    print(f"tabroll refusing hostile input: {options.runs} run(s) each, each in a fresh process")
    print(f"{'input':<42} {'exit':>4} {'time':>8} {'peak RSS':>9}  message")
    with tempfile.TemporaryDirectory() as tmp:
        for label, args in files(Path(tmp)):
            row = measure(args, options.runs)
            message = str(row["message"]).replace(tmp + os.sep, "")
            message = message if len(message) <= 90 else message[:87] + "..."
            print(f"{label:<42} {row['code']:>4} {row['seconds']:>7.3f}s {row['peak_mib']:>6.1f} MiB  {message}")


if __name__ == "__main__":
    main()
