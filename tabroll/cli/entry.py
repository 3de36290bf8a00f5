"""The ``tabroll`` console script and ``python -m tabroll``: Ctrl-C is handled from the first line of tabroll.

A Ctrl-C while the command line (Typer, Click, Rich) is imported would print a traceback: this module installs,
before anything heavy is imported, a handler giving the same line and exit code 130 as :func:`tabroll.cli.app.main`."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time

STARTED = time.monotonic()
"""When the command started: ``--timeout`` counts from here, start-up included."""

EXIT_INTERRUPTED = 130


def _interrupted_early(signum: int, frame: object) -> None:
    """The line goes straight to descriptor 2: the interrupt may land while ``sys.stderr`` itself is being written
    or reconfigured, where writing through it again raises (a reentrant call) and the line would be lost."""
    try:
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        os.write(2, b"interrupted\n")
    finally:
        os._exit(EXIT_INTERRUPTED)


signal.signal(signal.SIGINT, _interrupted_early)


def main() -> None:
    from tabroll.cli import collector

    collector.pause()  # until the command's work begins (tabroll.cli.collector says why)
    from tabroll.cli.app import main as app_main

    app_main()
