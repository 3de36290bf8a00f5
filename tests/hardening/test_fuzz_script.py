"""The release fuzzer (benchmarks/fuzz_cli.py) keeps working: a few of its inputs, run here in this process."""

from __future__ import annotations

import random
from pathlib import Path

from benchmarks import fuzz_cli


def test_the_fuzzer_makes_the_same_inputs_from_the_same_seed() -> None:
    first = [fuzz_cli.make_input(random.Random(f"5:{n}")) for n in range(50)]
    again = [fuzz_cli.make_input(random.Random(f"5:{n}")) for n in range(50)]
    assert first == again
    assert {item["argv"][0] for item in first} >= {"run", "roll", "attack"}


def test_forty_fuzzed_commands_break_nothing(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    counts, broken = fuzz_cli._worker((11, 0, 40, str(tmp_path)))
    assert sum(counts.values()) == 40
    assert broken == [], broken[0]
