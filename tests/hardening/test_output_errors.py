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

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = str(ROOT / "scenarios/forgod/13-skirmish.yaml")
COMMANDS = {
    "run-json": ["run", SKIRMISH, "--format", "json"],
    "run-text": ["run", SKIRMISH, "--format", "text"],
    "roll": ["roll", "2d6", "--seed", "1"],
    "odds": ["odds", str(ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml"), "--format", "json"],
    "help": ["--help"],
}


def tabroll(args: list[str], stdout: object, *, file_limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    return subprocess.run(
        [sys.executable, "-m", "tabroll", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        cwd=ROOT,
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
    assert done.stderr.splitlines()[-1] == "error: cannot write the output: No space left on device", done.stderr


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
    assert done.stderr.splitlines()[-1] == "error: cannot write the output: File too large"
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
