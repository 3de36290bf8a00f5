"""Streaming output keeps memory flat (issue 19): ``run --format jsonl`` writes each action's events as they come
and keeps nothing of them, so a scenario of 4N actions needs no more memory while it runs than one of N actions.

Measured in-process with ``tracemalloc``, from the moment the scenario's actions start (the file is loaded by
then: loading costs in proportion to the file, which is another matter) to the end of the run: the memory the
run holds, sampled after a full garbage collection every few actions (CPython gives some memory back only at a
full collection, which comes on its own at a rhythm of its own, so the raw peak of a short run depends on where
those fall), and what it still holds at the end. Each action is an Area attack over 30 units (about 90 events,
15 KB of JSON Lines), so keeping the events, or a record of every die with its request, shows at once. No clock
is read."""

from __future__ import annotations

import gc
import os
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabroll.cli.app import main


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


def run_measured(path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int, int]:
    """(the most the run held, what it still holds after its last action, bytes written), in bytes above the
    memory in use when the scenario's actions start."""
    import tabroll.engine

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

    monkeypatch.setattr(tabroll.engine, "run_scenario", measured)
    out = path.with_suffix(".out")
    with open(out, "w", encoding="utf-8") as sink:
        monkeypatch.setattr(sys, "stdout", sink)
        tracemalloc.start()
        try:
            with pytest.raises(SystemExit) as done:
                main(["run", str(path), "--format", fmt, "--seed", "1"])
        finally:
            tracemalloc.stop()
            monkeypatch.undo()
    assert done.value.code == 0
    return max(held), held[-1], os.path.getsize(out)


@pytest.mark.parametrize("fmt", ["jsonl", "text"])
def test_streaming_output_keeps_memory_flat(fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run_measured(area_attacks(tmp_path / "warm.yaml", 2), fmt, monkeypatch)  # imports and caches, once
    n = 30
    peak_n, kept_n, written_n = run_measured(area_attacks(tmp_path / "n.yaml", n), fmt, monkeypatch)
    peak_4n, kept_4n, written_4n = run_measured(area_attacks(tmp_path / "4n.yaml", 4 * n), fmt, monkeypatch)
    assert written_4n > 3.5 * written_n  # 4 times the output...
    # ...and not 4 times the memory: what grows is at most a few bytes per action (text keeps the values of the
    # dice drawn, 8 bytes each, for its replay note; JSON Lines nothing), far below what each action writes.
    per_action = (written_4n - written_n) / (3 * n)
    assert (peak_4n - peak_n) / (3 * n) < per_action / 10, (peak_n, peak_4n, per_action)
    assert (kept_4n - kept_n) / (3 * n) < per_action / 10, (kept_n, kept_4n, per_action)
    if fmt == "jsonl":
        assert peak_4n < 1.5 * peak_n, (peak_n, peak_4n)
