"""The release fuzzer (benchmarks/fuzz_cli.py) keeps working: a few of its inputs, run here in this process."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from benchmarks import fuzz_cli

pytestmark = pytest.mark.slow  # the fuzzers, run as scripts (run by the slow tier)


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


def test_the_fuzzer_types_other_digits_and_terminal_escapes() -> None:
    """Issue 26: ``²`` where a whole number is asked for, and escape sequences in names, titles and values."""
    inputs = [fuzz_cli.make_input(random.Random(f"7:{n}")) for n in range(400)]
    typed = [word for item in inputs for word in item["argv"]]
    files = "".join(item["file"] or "" for item in inputs)
    assert any(digit in word for word in typed for digit in fuzz_cli.NOT_DIGITS)
    assert any(escape in word for word in typed for escape in fuzz_cli.ESCAPES)
    assert any(f in typed for f in fuzz_cli.FIELDS)
    assert "\\e" in files or "\\x1B" in files or "\x1b" in files  # an escape in a file (YAML writes it escaped)


def test_the_fuzzer_finds_a_raw_control_character_in_a_format_for_people() -> None:
    assert fuzz_cli._raw_control("Lance\x1b[2Jiro") and fuzz_cli._raw_control("\x9b")
    assert not fuzz_cli._raw_control("Lance\\u001b[2Jiro\n\tok")
    assert fuzz_cli._machine_format(["run", "x", "--format", "json"])
    assert not fuzz_cli._machine_format(["run", "x", "--format", "text"])
