"""kill -9 during a journaled run loses nothing but the action in flight (a few rounds of
benchmarks/journal_kill.py; run that script for hundreds)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from benchmarks import journal_kill


def test_killed_journaled_runs_keep_a_replayable_prefix(tmp_path: Path) -> None:
    (tmp_path / "skirmish.yaml").write_text(journal_kill.scenario_text(120), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "tabroll", "run", "skirmish.yaml", "--journal", "full.jsonl", "--format", "jsonl"],
        capture_output=True, cwd=tmp_path, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    full = (tmp_path / "full.jsonl").read_bytes()
    rng = random.Random(4)
    said = [journal_kill.one_round(tmp_path, full, rng) for _ in range(3)]  # raises on anything lost or refused
    assert len(said) == 3
