"""The ``tabroll`` console script and ``python -m tabroll``: Ctrl-C is handled from the first line of tabroll.

Importing the command line (Typer, Click, Rich) takes a while; a Ctrl-C in that window would print a
``KeyboardInterrupt`` traceback. Importing this module installs, before anything heavy is imported, a handler
that gives the same single line and exit code 130 as :func:`tabroll.cli.app.main` gives later on. (Before this
module runs, the interrupt belongs to Python's own start-up.) :mod:`signal` is the standard library's: Typer
imports it in any case (through :mod:`subprocess`).
"""

from __future__ import annotations

import os
import signal
import sys
import time

STARTED = time.monotonic()
"""When the command started (its first line of tabroll): ``--timeout`` counts from here, so the start-up and the
loading before the work are inside the limit."""

EXIT_INTERRUPTED = 130


def _interrupted_early(signum: int, frame: object) -> None:
    try:
        sys.stderr.write("interrupted\n")
        sys.stderr.flush()
    finally:
        os._exit(EXIT_INTERRUPTED)


signal.signal(signal.SIGINT, _interrupted_early)


def main() -> None:
    from tabroll.cli.app import main as app_main

    app_main()
