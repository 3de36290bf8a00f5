"""Streaming output keeps memory flat (issue 19): ``run --format jsonl`` writes each action's events as they come
and keeps nothing of them, so a scenario of 4N actions needs no more memory while it runs than one of N actions.

Measured with ``tracemalloc`` in a process of its own that runs the command, from the moment the scenario's
actions start (the file is loaded by then: loading costs in proportion to the file, which is another matter) to
the end of the run: the memory the run holds, sampled after a full garbage collection every few actions (CPython
gives some memory back only at a full collection, which comes at a rhythm of its own, so the raw peak of a short
run depends on where those fall), and what it still holds at the end. Each action is an Area attack over 30 units
(about 60 events, 8 KB of JSON Lines with its new round), so keeping the events, or a record of every die with
its request, shows at once. No clock is read."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow  # whole processes, measured while they stream (run by the slow tier)

ROOT = Path(__file__).resolve().parent.parent.parent


def area_attacks(path: Path, attacks: int, targets: int = 30) -> Path:
    """A TAB MASTER file of ``attacks`` Area attacks that each strike ``targets`` units, new rounds between."""
    units = ["  A: {side: red, at: [0, 0], ATK: '3 (Área)', DAN: 1d4, DEF: 30, VIT: 1000000}"]
    units += [
        f"  B{i}: {{side: blue, at: [{1 + i % 6}, {i // 6}], ATK: 1, DAN: 1d4, DEF: 1, VIT: 1000000}}"
        for i in range(targets)
    ]
    steps = ["  - {do: attack, attacker: A, target: B7}\n  - {do: new_round}"] * attacks
    path.write_text(
        "ruleset: tabmaster\nseed: 5\nboard: {size: [8, 8]}\nunits:\n" + "\n".join(units) + "\nactions:\n"
        + "\n".join(steps) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    return path


def run_measured(path: Path, fmt: str) -> tuple[int, int, int]:
    """(the most the run held, what it still holds after its last action, bytes written), in bytes above the
    memory in use when the scenario's actions start."""
    import tabroll.engine
    from tabroll.cli.app import main

    original = tabroll.engine.run_scenario
    held: list[int] = []

    def measured(*args: Any, **kwargs: Any) -> Iterator[Any]:
        gc.collect()
        start = tracemalloc.get_traced_memory()[0]
        for number, step in enumerate(original(*args, **kwargs)):
            yield step  # shown (or kept) by the run before the next one is asked for
            if number % 8 == 0:
                gc.collect()
                held.append(tracemalloc.get_traced_memory()[0] - start)
        gc.collect()
        held.append(tracemalloc.get_traced_memory()[0] - start)

    out = path.with_suffix(".out")
    stdout = sys.stdout
    tabroll.engine.run_scenario = measured  # type: ignore[assignment]
    try:
        with open(out, "w", encoding="utf-8") as sink:
            sys.stdout = sink
            tracemalloc.start()
            try:
                main(["run", str(path), "--format", fmt, "--seed", "1"])
            except SystemExit as done:
                assert done.code == 0, done.code
            finally:
                tracemalloc.stop()
    finally:
        sys.stdout = stdout
        tabroll.engine.run_scenario = original
    return max(held), held[-1], os.path.getsize(out)


def measure(fmt: str, counts: list[int], folder: Path) -> list[tuple[int, int, int]]:
    """:func:`run_measured` for files of each number of attacks, after one small run (imports and caches)."""
    run_measured(area_attacks(folder / "warm.yaml", 2), fmt)
    return [run_measured(area_attacks(folder / f"{n}.yaml", n), fmt) for n in counts]


@pytest.mark.parametrize("fmt", ["jsonl", "text"])
def test_streaming_output_keeps_memory_flat(fmt: str, tmp_path: Path) -> None:
    """Measured in a process of its own: threads and caches left by other tests would count in tracemalloc."""
    n = 30
    done = subprocess.run(
        [sys.executable, __file__, fmt, str(tmp_path), str(n), str(4 * n)],
        capture_output=True, text=True, cwd=ROOT, timeout=600, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    (peak_n, kept_n, written_n), (peak_4n, kept_4n, written_4n) = json.loads(done.stdout)
    assert written_4n > 3.5 * written_n  # 4 times the output...
    # ...and not 4 times the memory: what grows is at most a few bytes per action (text keeps the values of the
    # dice drawn, 8 bytes each, for its replay note; JSON Lines nothing), far below what each action writes.
    per_action = (written_4n - written_n) / (3 * n)
    assert (peak_4n - peak_n) / (3 * n) < per_action / 10, (peak_n, peak_4n, per_action)
    assert (kept_4n - kept_n) / (3 * n) < per_action / 10, (kept_n, kept_4n, per_action)
    if fmt == "jsonl":
        assert peak_4n < 1.5 * peak_n, (peak_n, peak_4n)


if __name__ == "__main__":  # python tests/hardening/test_streaming_memory.py FORMAT FOLDER N [N…]
    print(json.dumps(measure(sys.argv[1], [int(a) for a in sys.argv[3:]], Path(sys.argv[2]))))
