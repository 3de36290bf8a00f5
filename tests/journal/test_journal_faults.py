"""The journal under faults: links, modes, a full disk, a file-size limit, two writers, hostile text.

Each test states the fault and asserts that the journal is left exactly as it was (byte for byte) or written as
it should be, and that the user gets tabroll's own message.
"""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tabroll import journal as jr
from tabroll.dice.sources import GivenDice
from tabroll.engine import Scenario
from tabroll.errors import InputError, OutputError
from tabroll.journal import open_journal, read_journal, undo
from tabroll.loading.scenario import load_scenario_file
from tests.journal.test_journal import ROOT, copy_scenario, record_one_by_one

SKIRMISH = ROOT / "scenarios/forgod/13-skirmish.yaml"


@pytest.fixture
def recorded(tmp_path: Path) -> tuple[Path, Path, Scenario]:
    scenario_path = copy_scenario(SKIRMISH, tmp_path)
    journal_path = tmp_path / "game.jsonl"
    scenario = record_one_by_one(journal_path, scenario_path, count=2)
    return journal_path, scenario_path, scenario


# --- symbolic links -----------------------------------------------------------------------------------------


def test_undo_through_a_link_changes_the_real_journal_and_keeps_the_link(recorded, tmp_path: Path) -> None:
    journal_path, _, _ = recorded
    link = tmp_path / "link.jsonl"
    link.symlink_to(journal_path)
    undo(link)
    assert link.is_symlink() and link.resolve() == journal_path
    assert len(read_journal(journal_path)[1]) == 1


def test_recording_through_a_link_appends_to_the_real_journal(recorded, tmp_path: Path) -> None:
    journal_path, scenario_path, scenario = recorded
    link = tmp_path / "link.jsonl"
    link.symlink_to(journal_path)
    journal = open_journal(link, scenario, scenario_path=scenario_path)
    step = scenario.steps[2]
    journal.resolve(step.action, GivenDice(step.dice or ()))
    assert link.is_symlink()
    assert len(read_journal(journal_path)[1]) == 3


def test_a_new_journal_through_a_dangling_link_is_refused(tmp_path: Path) -> None:
    scenario_path = copy_scenario(SKIRMISH, tmp_path)
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "missing" / "game.jsonl")
    with pytest.raises(InputError, match=r"is a symbolic link to .*which does not exist"):
        open_journal(link, load_scenario_file(scenario_path), scenario_path=scenario_path)
    assert link.is_symlink() and not (tmp_path / "missing").exists()


def test_a_link_to_a_device_is_refused_and_left_alone(tmp_path: Path) -> None:
    scenario_path = copy_scenario(SKIRMISH, tmp_path)
    link = tmp_path / "out.jsonl"
    link.symlink_to("/dev/null")
    with pytest.raises(InputError, match="not a regular file"):
        open_journal(link, load_scenario_file(scenario_path), scenario_path=scenario_path)
    assert link.is_symlink() and os.readlink(link) == "/dev/null"


# --- modes --------------------------------------------------------------------------------------------------


def test_a_new_journal_honours_the_umask(tmp_path: Path) -> None:
    scenario_path = copy_scenario(SKIRMISH, tmp_path)
    old = os.umask(0o027)
    try:
        open_journal(tmp_path / "j.jsonl", load_scenario_file(scenario_path), scenario_path=scenario_path)
    finally:
        os.umask(old)
    assert (tmp_path / "j.jsonl").stat().st_mode & 0o777 == 0o640


def test_a_read_only_journal_is_never_rewritten(recorded) -> None:
    journal_path, _, _ = recorded
    before = journal_path.read_bytes()
    journal_path.chmod(0o444)
    try:
        with pytest.raises(InputError, match="is read-only; tabroll leaves it as it is"):
            undo(journal_path)
    finally:
        journal_path.chmod(0o644)
    assert journal_path.read_bytes() == before


# --- failed appends leave the journal as it was ------------------------------------------------------------


def test_a_full_disk_leaves_no_torn_line(recorded, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills after 10 bytes of the record: the partial line is cut off again."""
    journal_path, scenario_path, scenario = recorded
    before = journal_path.read_bytes()
    journal = open_journal(journal_path, scenario, scenario_path=scenario_path)
    real_write = os.write
    state = {"written": 0}

    def filling_write(fd: int, data: bytes | memoryview) -> int:
        if state["written"] >= 10:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        done = real_write(fd, bytes(data)[: 10 - state["written"]])
        state["written"] += done
        return done

    monkeypatch.setattr(os, "write", filling_write)
    step = scenario.steps[2]
    with pytest.raises(OutputError) as caught:  # exit 74: the result could not be written
        journal.resolve(step.action, GivenDice(step.dice or ()))
    assert caught.value.exit_code == 74
    assert caught.value.message.startswith(f"cannot write to the journal {journal_path}: ")
    assert "the journal is as it was before it" in str(caught.value)
    monkeypatch.undo()
    assert journal_path.read_bytes() == before
    assert len(read_journal(journal_path)[1]) == 2


def _append_under_a_file_size_limit(journal_path: str, scenario_path: str, limit: int) -> str:
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    scenario = load_scenario_file(scenario_path)
    journal = open_journal(journal_path, scenario, scenario_path=scenario_path)
    step = scenario.steps[2]
    try:
        journal.resolve(step.action, GivenDice(step.dice or ()))
    except OutputError as err:
        return f"{err.exit_code} {err}"
    return "recorded"


def test_a_file_size_limit_leaves_the_journal_as_it_was(recorded) -> None:
    journal_path, scenario_path, _ = recorded
    before = journal_path.read_bytes()
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        said = pool.apply(_append_under_a_file_size_limit, (str(journal_path), str(scenario_path), len(before) + 50))
    assert said.startswith(f"74 cannot write to the journal {journal_path}: "), said
    assert "the journal is as it was before it" in said
    assert journal_path.read_bytes() == before


# --- two writers --------------------------------------------------------------------------------------------


def test_a_second_writer_is_refused_while_the_first_holds_the_journal(recorded) -> None:
    journal_path, scenario_path, scenario = recorded
    before = journal_path.read_bytes()
    journal = open_journal(journal_path, scenario, scenario_path=scenario_path)
    fd = os.open(journal_path, os.O_RDONLY)
    try:
        with jr.files.locked(fd, journal_path):  # another command is in the middle of writing
            step = scenario.steps[2]
            with pytest.raises(InputError, match="another tabroll command is writing"):
                journal.resolve(step.action, GivenDice(step.dice or ()))
            with pytest.raises(InputError, match="another tabroll command is writing"):
                undo(journal_path)
    finally:
        os.close(fd)
    assert journal_path.read_bytes() == before


def _record_third_action(journal_path: str, scenario_path: str, start: object, said: object) -> None:
    scenario = load_scenario_file(scenario_path)
    journal = open_journal(journal_path, scenario, scenario_path=scenario_path)
    journal.current_state()
    start.wait()  # type: ignore[attr-defined]
    step = scenario.steps[2]
    try:
        journal.resolve(step.action, GivenDice(step.dice or ()))
    except InputError as err:
        said.put(str(err))  # type: ignore[attr-defined]
    else:
        said.put("recorded")  # type: ignore[attr-defined]


def test_two_writers_at_once_never_interleave(tmp_path: Path) -> None:
    """Two processes that opened the same journal append at the same moment, 10 times: one is recorded, the other
    is refused, and the journal always reads back whole with three actions."""
    context = multiprocessing.get_context("fork")
    for round_ in range(10):
        folder = tmp_path / str(round_)
        folder.mkdir()
        scenario_path = copy_scenario(SKIRMISH, folder)
        journal_path = folder / "game.jsonl"
        record_one_by_one(journal_path, scenario_path, count=2)
        start, said = context.Barrier(2), context.Queue()
        writers = [
            context.Process(target=_record_third_action, args=(str(journal_path), str(scenario_path), start, said))
            for _ in range(2)
        ]
        for writer in writers:
            writer.start()
        for writer in writers:
            writer.join(timeout=120)
        answers = [said.get(timeout=5) for _ in writers]
        assert sorted(a == "recorded" for a in answers) == [False, True], answers
        assert len(read_journal(journal_path)[1]) == 3


# --- hostile text in a journal ------------------------------------------------------------------------------


def _tabroll(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabroll", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
    )


@pytest.mark.slow  # three whole processes for each
@pytest.mark.parametrize(
    ("where", "text"),
    [("record", "\\udfff"), ("record", "\\ud800x"), ("header", "a\\u0000b.yaml"), ("header", "\\udfff.yaml")],
)
def test_hostile_text_inside_a_journal_is_a_located_error(recorded, where: str, text: str) -> None:
    journal_path, _, _ = recorded
    lines = journal_path.read_bytes().split(b"\n")
    index = 0 if where == "header" else 1
    obj = json.loads(lines[index])
    if where == "header":
        obj["scenario"] = "PLACEHOLDER"
    else:
        obj["action"]["attacker"] = "PLACEHOLDER"
    del obj["check"]
    # the check hash is recomputed over the escaped text, as a hand-editor who knew the format would
    raw = json.dumps(obj, ensure_ascii=True).replace('"PLACEHOLDER"', f'"{text}"')
    obj_back = json.loads(raw)
    obj_back["check"] = jr.check_hash(obj_back) if "\\ud" not in text else "0" * 64
    lines[index] = json.dumps(obj_back, ensure_ascii=True).encode()
    journal_path.write_bytes(b"\n".join(lines))
    for command in ("show", "replay", "undo"):
        done = _tabroll("journal", command, str(journal_path))
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, (command, done.stderr)
        assert done.returncode == 2, (command, done.stderr)
        assert f"{journal_path}:{index + 1}" in done.stderr, done.stderr


def test_a_scenario_named_with_bytes_that_are_not_utf8_cannot_start_a_journal(tmp_path: Path) -> None:
    name = os.fsencode(tmp_path) + b"/x\xff.yaml"
    with open(name, "wb") as handle:
        handle.write(SKIRMISH.read_bytes())
    done = subprocess.run(
        [sys.executable, "-m", "tabroll", "run", name, "--journal", str(tmp_path / "j.jsonl")],
        capture_output=True, timeout=120, cwd=ROOT, check=False,
    )  # fmt: skip
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2 and "internal error" not in err, err
    assert "is not UTF-8 text" in err and not (tmp_path / "j.jsonl").exists()


def test_a_journal_written_before_rolls_kept_their_terms_still_replays(recorded) -> None:
    """Fields a newer tabroll adds to an event (a roll's terms and shown) are no disagreement with old records."""
    journal_path, _, _ = recorded
    lines = journal_path.read_bytes().splitlines()
    old_style = [lines[0]]
    for raw in lines[1:]:
        obj = json.loads(raw)
        for event in obj["events"]:
            event.pop("terms", None)
            event.pop("shown", None)
        del obj["check"]
        obj["check"] = jr.check_hash(obj)
        old_style.append(json.dumps(obj, ensure_ascii=False).encode())
    journal_path.write_bytes(b"\n".join(old_style) + b"\n")
    done = subprocess.run(
        [sys.executable, "-m", "tabroll", "journal", "replay", str(journal_path)],
        capture_output=True, text=True, timeout=120, cwd=journal_path.parent, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


# --- a killed rewrite leaves a temporary file: the next command removes it (issue 26: 6) ---------------------


def _undo_killed_before_the_rename(journal_path: str) -> None:
    """``journal undo`` killed (-9) after its temporary copy is written, before it replaces the journal."""

    def killed(*args: object, **kw: object) -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    os.replace = killed  # type: ignore[assignment]  # this forked process only
    undo(journal_path)


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("command", [["journal", "show"], ["journal", "state"], ["journal", "undo"]])
def test_the_copy_a_killed_undo_left_is_removed_by_the_next_command(cli, recorded, command: list[str]) -> None:
    journal_path, _, _ = recorded
    before = journal_path.read_bytes()
    child = multiprocessing.get_context("fork").Process(
        target=_undo_killed_before_the_rename, args=(str(journal_path),)
    )
    child.start()
    child.join(60)
    assert child.exitcode == -signal.SIGKILL
    left = _leftovers(journal_path.parent)
    assert left == [f".game.jsonl.tabroll-{child.pid}-{left[0].rsplit('-', 1)[1]}"]  # the kill left its copy
    assert journal_path.read_bytes() == before  # and the journal as it was
    result = cli(*command, str(journal_path))
    assert result.code == 0, result.err
    assert _leftovers(journal_path.parent) == []


def test_a_copy_of_a_process_still_running_is_left_alone(cli, recorded) -> None:
    """Another command writing the journal right now has its copy beside it: that one is not touched."""
    journal_path, _, _ = recorded
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        in_flight = journal_path.parent / f".game.jsonl.tabroll-{sleeper.pid}-0123abcd.tmp"
        in_flight.write_bytes(b"half a journal")
        other = journal_path.parent / ".other.jsonl.tabroll-999999999-0123abcd.tmp"  # another file's
        other.write_bytes(b"not this journal's")
        assert cli("journal", "show", str(journal_path)).code == 0
        assert in_flight.exists() and other.exists()
    finally:
        sleeper.kill()
        sleeper.wait()
    assert cli("journal", "show", str(journal_path)).code == 0
    assert not in_flight.exists() and other.exists()
