"""Standard output that never loses bytes silently, and never fails as a bug.

CPython's buffered writer drops the rest of a short write (a file-size limit, a full disk) without an error, so
the console script writes through :class:`WholeWrites`, which writes every byte or raises, and
:func:`output_failed` turns that into one line and exit 74. A standard descriptor closed before the start
(``>&-``) is held open on the null device by :func:`install`, so no file opened later takes its number; standard
output then refuses every write, with the same line and exit 74."""

from __future__ import annotations

import contextlib
import io
import os
import sys

from tabroll.errors import EXIT_OUTPUT
from tabroll.i18n import _
from tabroll.writing import OutputLost, is_output_error, reason

__all__ = ["EXIT_OUTPUT", "WholeWrites", "install", "is_output_error", "output_failed"]


class WholeWrites(io.RawIOBase):
    """A raw writer over a file descriptor whose ``write`` writes every byte (looping over short writes) or raises."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: bytes | bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(data).cast("B")
        total = len(view)
        if self.closed_before_start:
            raise OutputLost(_("it was closed before tabroll started"))
        try:
            while view:
                view = view[os.write(self._fd, view) :]
        except OSError as err:
            if not is_output_error(err):
                raise
            raise OutputLost(reason(err)) from None
        return total

    closed_before_start = False
    """The descriptor was closed when tabroll started (now held on the null device): every write fails."""

    def close(self) -> None:  # the descriptor belongs to the process, not to this object
        self.flush()
        super().close()


def _hold_closed_descriptors() -> bool:
    """The null device opened on each closed descriptor 0, 1 or 2; whether standard output was closed."""
    stdout_closed = False
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                held = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
            except OSError:  # pragma: no cover - no null device: nothing to hold it with
                continue
            if held != fd:  # the lowest free descriptor is this one unless a lower one was closed too
                os.dup2(held, fd)
                os.close(held)
            stdout_closed = stdout_closed or fd == 1
    return stdout_closed


def install() -> None:
    """Replace ``sys.stdout`` by a text stream over :class:`WholeWrites` (same encoding, same line buffering); a
    standard output closed before the start refuses every write (see the module's note)."""
    closed = _hold_closed_descriptors()
    if sys.stderr is None:
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), errors="backslashreplace", write_through=True)
    old = sys.stdout
    if old is None or closed:
        raw = WholeWrites(1)
        raw.closed_before_start = True
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", errors="backslashreplace")
        return
    try:
        fd = old.fileno()
    except (AttributeError, ValueError, OSError):
        return  # not a real file (tests capture it): nothing to guard
    encoding = getattr(old, "encoding", None) or "utf-8"
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(WholeWrites(fd)),
        encoding=encoding,
        errors="backslashreplace",
        line_buffering=os.isatty(fd),
        write_through=False,
    )


def output_failed(err: OSError) -> int:
    """Say that the output could not be written, silence stdout for the rest of the exit, and give the exit code."""
    with contextlib.suppress(OSError, AttributeError, ValueError):
        sys.stderr.write(_("error: cannot write to standard output: {reason}", reason=reason(err)) + "\n")
        sys.stderr.flush()
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    raw = getattr(getattr(sys.stdout, "buffer", None), "raw", None)
    if isinstance(raw, WholeWrites):
        raw.closed_before_start = False  # now on the null device: the exit's flush of what is left goes nowhere
    return EXIT_OUTPUT
