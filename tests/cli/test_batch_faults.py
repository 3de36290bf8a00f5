"""Batch runs under faults: a bug met by one file, a worker that dies, a reader that leaves, Ctrl-C.

A batch never stops because of one file, names every file it could not run, and leaves no process behind."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabroll import batch
from tests.cli.test_batch import ROLLING, per_file

pytestmark = pytest.mark.slow  # whole processes with their workers (run by the slow tier)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for i in range(8):
        (tmp_path / f"f{i}.yaml").write_text(ROLLING.format(defense=5 + i))
    return tmp_path


def test_a_bug_met_by_one_file_never_stops_the_batch(cli, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tabroll.engine

    real = tabroll.engine.run_scenario

    def broken_for_f3(scenario, *args, **kwargs):
        if scenario.state.unit("Soldado").defense == 8:  # f3.yaml only
            raise KeyError("a bug")
        return real(scenario, *args, **kwargs)

    monkeypatch.setattr(tabroll.engine, "run_scenario", broken_for_f3)
    result = cli("run", str(folder), "--seed", "1", "--format", "jsonl")
    assert result.code == 70
    assert sorted(Path(f).name for f in per_file(result.jsonl())) == [f"f{i}.yaml" for i in range(8) if i != 3]
    assert f"error: {folder / 'f3.yaml'}: internal error: KeyError: 'a bug'" in result.err
    assert "summary: 8 files, 7 actions, " in result.err and "1 met a bug in tabroll" in result.err


_REAL_RUN_FOR_POOL = batch._run_for_pool


def _dies_on_f5(args: tuple) -> batch.FileResult:
    if args[0].endswith("f5.yaml"):
        os._exit(9)  # as a worker killed by the system would
    return _REAL_RUN_FOR_POOL(args)


def test_a_worker_that_dies_is_named_and_the_rest_reported(cli, folder: Path, monkeypatch) -> None:
    monkeypatch.setattr(batch, "_run_for_pool", _dies_on_f5)
    result = cli("run", str(folder), "--seed", "1", "--format", "jsonl", "--jobs", "2")
    assert result.code == 70, result.err
    assert "Traceback" not in result.err and "BrokenProcessPool" not in result.err
    not_run = [line for line in result.err.splitlines() if ": not run: a worker process stopped" in line]
    assert any("f5.yaml" in line for line in not_run), result.err
    assert "summary: 8 files" in result.err
    done = per_file(result.jsonl())
    assert not any(name.endswith("f5.yaml") for name in done)


def _group_is_gone(group: int) -> bool:
    for _ in range(200):  # up to ~10 s for the kernel to reap them; the test asserts the end state, not the time
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def _many(tmp_path: Path, count: int = 150) -> Path:
    for i in range(count):
        (tmp_path / f"g{i:03}.yaml").write_text(ROLLING.format(defense=5 + i % 7))
    return tmp_path


def _parallel_batch(folder: Path, stderr: int) -> subprocess.Popen[bytes]:
    """``tabroll run FOLDER --jobs 2`` in a process group of its own (its workers join the group)."""
    return subprocess.Popen(
        [sys.executable, "-m", "tabroll", "run", str(folder), "--jobs", "2", "--format", "jsonl"],
        stdout=subprocess.PIPE,
        stderr=stderr,
        cwd=ROOT,
        start_new_session=True,
    )


def test_a_reader_that_leaves_takes_the_workers_with_it(tmp_path: Path) -> None:
    process = _parallel_batch(_many(tmp_path), subprocess.DEVNULL)
    assert process.stdout is not None
    assert process.stdout.read(10)
    process.stdout.close()
    process.wait(timeout=120)
    try:
        assert _group_is_gone(process.pid), "worker processes outlived tabroll"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


@pytest.mark.parametrize("after_bytes", [4_000])
def test_ctrl_c_ends_a_parallel_batch_with_its_workers(tmp_path: Path, after_bytes: int) -> None:
    process = _parallel_batch(_many(tmp_path), subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read(after_bytes)
    os.killpg(process.pid, signal.SIGINT)  # the terminal sends Ctrl-C to the whole group
    rest = process.stdout.read()
    try:
        code = process.wait(timeout=120)
        err = process.stderr.read().decode()
        if code != 0:  # the run may have finished before the interrupt arrived
            assert code == 130 and len(err.splitlines()) == 1, (code, err, len(rest))
            assert err.startswith("interrupted: ") and " of 150 files were done (their results are above)" in err
        assert "Traceback" not in err
        assert _group_is_gone(process.pid), "worker processes outlived tabroll"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
