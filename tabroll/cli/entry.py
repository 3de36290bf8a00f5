"""The ``tabroll`` console script and ``python -m tabroll``: Ctrl-C is handled from the first line of tabroll.

Importing the command line (Typer, Click, Rich) takes tens of milliseconds; a Ctrl-C in that window used to print
a ``KeyboardInterrupt`` traceback. Importing this module installs, before anything heavy is imported, a handler
that gives the same single line and exit code 130 as :func:`tabroll.cli.app.main` gives later on. (Before this
module runs, the interrupt belongs to Python's own start-up.)
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # the C module: nothing to import before the handler
import os
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


_signal.signal(_signal.SIGINT, _interrupted_early)


def main() -> None:
    from tabroll.cli import code_cache

    code_cache.install()  # before Typer and pydantic are imported: their dataclasses are made from the cache too
    from tabroll.cli.app import main as app_main

    app_main()
