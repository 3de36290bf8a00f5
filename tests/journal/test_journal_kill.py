"""kill -9 during a journaled run loses nothing but the action in flight (a few rounds of
benchmarks/journal_kill.py; run that script for hundreds)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import journal_kill

pytestmark = pytest.mark.slow  # whole processes, killed while they write (run by the slow tier)


def test_killed_journaled_runs_keep_a_replayable_prefix(tmp_path: Path) -> None:
    (tmp_path / "skirmish.yaml").write_text(journal_kill.scenario_text(120), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "tabroll", "run", "skirmish.yaml", "--journal", "full.jsonl", "--format", "jsonl"],
        capture_output=True, cwd=tmp_path, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    full = (tmp_path / "full.jsonl").read_bytes()
    rng = random.Random(4)
    for _ in range(3):
        kind, detail, lost = journal_kill.one_round(tmp_path, full, rng)
        assert kind in ("valid", "no journal yet"), (kind, detail)  # a killed run's journal replays as it is
        assert lost == 0, detail  # nothing printed by the killed run is missing from its journal
