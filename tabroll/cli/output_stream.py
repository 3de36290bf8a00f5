"""Standard output that never loses bytes silently.

CPython's buffered writer accepts a short write from the operating system (a file-size limit, a nearly full disk)
and drops the rest without an error, so ``tabroll run > file`` could exit 0 with a truncated file. The console
script therefore writes through :class:`WholeWrites`, which writes every byte or raises, and :func:`output_error`
turns what is raised into one line on standard error and a non-zero exit.
"""

from __future__ import annotations

import errno
import io
import os
import sys

EXIT_OUTPUT = 74  # sysexits' EX_IOERR: the result could not be written

# Errors that mean "the output cannot be written", as opposed to a bug: a full disk, a quota, a file-size limit,
# a device error, a read-only or closed descriptor.
_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EDQUOT, errno.EROFS, errno.EBADF, errno.ENXIO}


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
        while view:
            view = view[os.write(self._fd, view) :]
        return total

    def close(self) -> None:  # the descriptor belongs to the process, not to this object
        self.flush()
        super().close()


def install() -> None:
    """Replace ``sys.stdout`` by a text stream over :class:`WholeWrites` (same encoding, same line buffering)."""
    old = sys.stdout
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


def is_output_error(err: OSError) -> bool:
    return err.errno in _OUTPUT_ERRNOS


def output_failed(err: OSError) -> int:
    """Say that the output could not be written, silence stdout for the rest of the exit, and give the exit code."""
    reason = err.strerror or str(err)
    try:
        sys.stderr.write(f"error: cannot write the output: {reason}\n")
        sys.stderr.flush()
    except OSError:
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    return EXIT_OUTPUT
