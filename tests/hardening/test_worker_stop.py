"""The worker pool stops whatever its workers were doing when the work was cut short.

The rare hang of Ctrl-C during ``odds --jobs 2`` (seen once in CI under load): a worker terminated while it was
sending its result left the pool's manager thread blocked on the rest of that message, because the parent also
held the pipe's write end, and the parent waited on that thread for ever. Here a worker is caught that way on
purpose, deterministically: it writes the start of a message and stops, and the parent leaves the pool only once
the manager thread is blocked reading the rest (an event, polled; nothing is timed). Each case runs in a fresh
process, so a hang fails the test by its timeout instead of stopping the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import contextlib, multiprocessing, os, struct, sys, threading, time, traceback
    from tabroll.batch.workers import process_pool

    def caught_mid_send():
        # The start of a result message (a 1 MiB one), then nothing: as a worker terminated while sending.
        results = multiprocessing.current_process()._args[1]
        os.write(results._writer.fileno(), struct.pack("!i", 1 << 20) + b"x" * 100)
        time.sleep(3600)

    def manager_is_reading_a_message():
        for ident, frame in sys._current_frames().items():
            if ident != threading.main_thread().ident:
                if any(entry.name == "_recv" for entry in traceback.extract_stack(frame)):
                    return True
        return False

    how = sys.argv[1]
    try:
        with process_pool(2) as pool:
            pool.submit(caught_mid_send)
            while not manager_is_reading_a_message():
                time.sleep(0.01)
            if how == "interrupt":
                raise KeyboardInterrupt
            if how == "error":
                raise ValueError("the work failed")
    except (KeyboardInterrupt, ValueError) as stopped:
        print("stopped by", type(stopped).__name__)
    left = [t.name for t in threading.enumerate() if t is not threading.main_thread()]
    print("threads left:", left)
    """
)


@pytest.mark.parametrize("how", ["interrupt", "error", "end"])
def test_the_pool_stops_with_a_worker_caught_mid_send(how: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, how],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    if how != "end":
        assert lines[0] == {"interrupt": "stopped by KeyboardInterrupt", "error": "stopped by ValueError"}[how]
    assert lines[-1] == "threads left: []", done.stdout
