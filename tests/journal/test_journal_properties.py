"""Property tests of the journal: a damaged file is reported, never misread; the state always comes back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import GivenDice, SeededDice
from tabroll.engine import Scenario, run_scenario
from tabroll.errors import InputError
from tabroll.journal import JournalDamaged, JournalRecord, open_journal, read_journal, undo
from tabroll.loading.scenario import load_scenario_file
from tests.support import examples

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = ROOT / "scenarios/forgod/13-skirmish.yaml"
DNA = ROOT / "scenarios/ahotnik/05-dna-summon-threat.yaml"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("journal-properties")


@pytest.fixture(scope="module")
def valid(folder: Path) -> tuple[bytes, list[JournalRecord]]:
    """A valid journal of every action of the skirmish scenario: its bytes and its records."""
    scenario = load_scenario_file(SKIRMISH)
    journal = open_journal(folder / "valid.jsonl", scenario, scenario_path=SKIRMISH)
    for _ in journal.run(lambda: SeededDice(11)):
        pass
    data = (folder / "valid.jsonl").read_bytes()
    return data, read_journal(folder / "valid.jsonl")[1]


def boundaries(data: bytes) -> list[int]:
    """Byte offsets just after each line: the only places a journal may end."""
    return [i + 1 for i, byte in enumerate(data) if byte == ord("\n")]


@settings(max_examples=examples(300), deadline=None)
@given(cut=st.integers(min_value=0, max_value=10**9))
def test_a_truncated_journal_is_read_exactly_or_reported(
    valid: tuple[bytes, list[JournalRecord]], folder: Path, cut: int
) -> None:
    data, records = valid
    cut %= len(data) + 1
    path = folder / "cut.jsonl"
    path.write_bytes(data[:cut])
    ends = boundaries(data)
    if cut in ends:
        _, got = read_journal(path)
        assert got == records[: ends.index(cut)]
    elif cut == 0:
        with pytest.raises(InputError, match="empty"):
            read_journal(path)
    else:
        with pytest.raises(JournalDamaged) as caught:
            read_journal(path)
        assert caught.value.line == data[:cut].count(b"\n") + 1


@settings(max_examples=examples(300), deadline=None)
@given(at=st.integers(min_value=0, max_value=10**9), byte=st.integers(min_value=0, max_value=255))
def test_a_changed_byte_is_reported_or_changes_nothing(
    valid: tuple[bytes, list[JournalRecord]], folder: Path, at: int, byte: int
) -> None:
    data, records = valid
    at %= len(data)
    changed = data[:at] + bytes([byte]) + data[at + 1 :]
    path = folder / "changed.jsonl"
    path.write_bytes(changed)
    try:
        _, got = read_journal(path)
    except InputError:
        return
    # read without complaint: only a change JSON cannot see (spacing) may pass, and it changes no value
    assert [(r.seq, r.action, r.dice, r.refused, r.events, r.state, r.check) for r in got] == [
        (r.seq, r.action, r.dice, r.refused, r.events, r.state, r.check) for r in records
    ]


def _fold(scenario: Scenario, seed: int, count: int) -> Any:
    state = scenario.state
    for step_result in run_scenario(scenario, lambda: SeededDice(seed)):
        if step_result.index > count:
            break
        state = step_result.resolution.state
    return state


@settings(max_examples=examples(25), deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    keep=st.lists(st.booleans(), min_size=8, max_size=8),
)
def test_the_state_always_comes_back_after_records_and_undos(folder: Path, seed: int, keep: list[bool]) -> None:
    """Record the DNA scenario's actions with seeded dice, undoing some right after recording them: the
    journal always rebuilds the state of the actions kept, run directly with the same dice."""
    scenario = load_scenario_file(DNA)
    path = folder / "undo.jsonl"
    path.unlink(missing_ok=True)
    direct = [r.resolution for r in run_scenario(scenario, lambda: SeededDice(seed))]
    session = SeededDice(seed)
    state = scenario.state
    for step, kept, resolution in zip(scenario.steps, keep, direct, strict=True):
        journal = open_journal(path, scenario, scenario_path=DNA)
        assert journal.current_state() == state
        dice = session if step.dice is None else GivenDice(step.dice)
        got = journal.resolve(step.action, dice)
        assert got.state == resolution.state
        if kept:
            state = got.state
        else:
            undo(path)
            # the rules go on from the state kept: the direct run can only be compared while nothing was dropped
            break
    assert open_journal(path, scenario, scenario_path=DNA).current_state() == state
    kept_count = len(read_journal(path)[1])
    assert state == (_fold(scenario, seed, kept_count) if kept_count else scenario.state)
