"""Every write error is an error: a full disk, a file-size limit or a closed reader never ends in exit 0 with a
truncated result, nor in "this is a bug". Run as real processes, since these are properties of the real stdout."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # whole processes whose output is made to fail (run by the slow tier)

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = str(ROOT / "scenarios/forgod/13-skirmish.yaml")
COMMANDS = {
    "run-json": ["run", SKIRMISH, "--format", "json"],
    "run-text": ["run", SKIRMISH, "--format", "text"],
    "roll": ["roll", "2d6", "--seed", "1"],
    "odds": ["odds", str(ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml"), "--format", "json"],
    "help": ["--help"],
}


def tabroll(
    args: list[str], stdout: object, *, file_limit: int | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    return subprocess.run(
        [sys.executable, "-m", "tabroll", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        cwd=cwd,
        preexec_fn=limit,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_full_device_is_a_clear_error(name: str) -> None:
    with open("/dev/full", "w") as full:
        done = tabroll(COMMANDS[name], full)
    assert done.returncode == 74, done.stderr
    assert done.stderr.startswith("error: cannot write to standard output: "), done.stderr
    assert len(done.stderr.splitlines()) == 1 and "internal error" not in done.stderr, done.stderr


def test_a_file_size_limit_is_an_error_not_a_truncated_success(tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    with whole.open("w") as out:
        assert tabroll(COMMANDS["run-json"], out).returncode == 0
    size = whole.stat().st_size
    assert size > 8192
    cut = tmp_path / "cut.json"
    with cut.open("w") as out:
        done = tabroll(COMMANDS["run-json"], out, file_limit=8192)
    assert done.returncode == 74, done.stderr
    assert done.stderr.startswith("error: cannot write to standard output: "), done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert cut.stat().st_size == 8192 and whole.read_bytes().startswith(cut.read_bytes())


def test_a_reader_that_leaves_early_ends_the_command_quietly() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "tabroll", *COMMANDS["run-json"]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        restore_signals=True,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(10)
    process.stdout.close()  # the reader leaves, as `| head -c 10` does
    err = process.stderr.read().decode()
    code = process.wait(timeout=120)
    assert code in (0, -signal.SIGPIPE) and err == "", (code, err)


# Python's own start, before tabroll's first line runs, is Python's: the process says "ready" once tabroll's entry
# point is imported (its first line installs the handler), and the interrupts land from there on.
_STARTER = (
    "import sys; from tabroll.cli.entry import main; sys.stderr.write('ready\\n'); sys.stderr.flush(); "
    "sys.argv[0] = 'tabroll'; main()"
)


@pytest.mark.parametrize("delay", [i * 0.07 for i in range(8)])
def test_ctrl_c_at_any_moment_is_one_line_and_exit_130(delay: float) -> None:
    """Interrupts land during the imports, the loading, the resolving and the output, by the delay."""
    process = subprocess.Popen(
        [sys.executable, "-c", _STARTER, *COMMANDS["run-json"]],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        text=True,
    )
    assert process.stderr is not None
    assert process.stderr.readline() == "ready\n"
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGINT)
    err = process.stderr.read()
    process.wait(timeout=120)
    assert "Traceback" not in err and "internal error" not in err, err
    # -SIGINT: the interrupt came while Python was shutting down, after tabroll had finished (Python restores the
    # default handler then); the shell sees 130 either way.
    assert process.returncode in (0, 130, -signal.SIGINT), (process.returncode, err)
    if process.returncode == 130:
        assert err.strip().splitlines()[-1] == "interrupted", err


# --- issue 26: every write fault is exit 74 and one line naming what was not written ----------------------------

OUTPUT_LINE = "error: cannot write to standard output: "


def _one_line(done: subprocess.CompletedProcess[str], start: str) -> None:
    assert done.returncode == 74, (done.returncode, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(start), done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr and "bug" not in done.stderr


def _closed_stdout(args: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabroll", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        cwd=ROOT,
        preexec_fn=lambda: os.close(1),  # `tabroll ... >&-`
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_closed_standard_output_is_exit_74_and_one_line(name: str) -> None:
    _one_line(_closed_stdout(COMMANDS[name]), OUTPUT_LINE)


def test_a_closed_standard_output_never_lands_in_a_journal(tmp_path: Path) -> None:
    """The descriptor of a closed stdout is held, so the journal a run opens never gets number 1 (and the log)."""
    journal = tmp_path / "game.jsonl"
    done = _closed_stdout(["run", SKIRMISH, "--journal", str(journal), "--format", "text"])
    _one_line(done, OUTPUT_LINE)
    for line in journal.read_bytes().splitlines():
        assert line.startswith(b"{"), line  # JSON Lines of the journal only, no log line among them


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("fmt", ["jsonl", "json", "text", "markdown", "brief"])
def test_a_full_device_is_never_called_a_bug(fmt: str) -> None:
    projectile = str(ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml")
    with open("/dev/full", "w") as full:
        done = tabroll(["run", projectile, "--format", fmt], full)
    _one_line(done, OUTPUT_LINE)


def test_a_broken_pipe_that_reaches_tabroll_is_exit_74() -> None:
    """With SIGPIPE blocked (as some supervisors start their children), a write to a pipe nobody reads fails
    with EPIPE instead of ending the process: that is a write fault like any other."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tabroll", "run", str(ROOT / "scenarios"), "--format", "jsonl", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        text=True,
        preexec_fn=lambda: signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPIPE}),
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the first byte
    err = process.stderr.read()
    code = process.wait(timeout=120)
    _one_line(subprocess.CompletedProcess([], code, "", err), OUTPUT_LINE)


def _limited(args: list[str], limit: int, cwd: Path) -> subprocess.CompletedProcess[str]:
    return tabroll(args, subprocess.PIPE, file_limit=limit, cwd=cwd)


def test_a_picture_that_cannot_be_written_leaves_the_one_there_as_it_was(tmp_path: Path) -> None:
    lance = ["odds", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2", "--format", "json"]
    picture = tmp_path / "odds.svg"
    picture.write_text("<svg>the picture of yesterday</svg>\n", encoding="utf-8")
    done = _limited([*lance, "--svg", str(picture)], 1_000, tmp_path)  # the picture is larger than this
    _one_line(done, f"error: cannot write the picture {picture} (--svg): ")
    assert picture.read_text(encoding="utf-8") == "<svg>the picture of yesterday</svg>\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["odds.svg"]  # no temporary file left either
    written = subprocess.run(
        [sys.executable, "-m", "tabroll", *lance, "--svg", str(picture)], capture_output=True, cwd=tmp_path, check=False
    )
    assert written.returncode == 0 and picture.read_text(encoding="utf-8").startswith("<?xml")


def test_a_journal_that_cannot_be_written_is_exit_74(tmp_path: Path) -> None:
    journal = tmp_path / "game.jsonl"
    done = _limited(["run", SKIRMISH, "--journal", str(journal), "--format", "json"], 2_000, tmp_path)
    assert done.returncode == 74, done.stderr
    assert f"error: cannot write to the journal {journal}: " in done.stderr, done.stderr
    assert "internal error" not in done.stderr
