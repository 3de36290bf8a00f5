"""Files tabroll writes are whole or not there: a picture (``--svg``, ``--png``), a starter scenario (``tabroll
new``), a journal rewritten by ``journal undo``.

Each is written to a temporary file beside its target (``.<target>.tabroll-<pid>-<random>.tmp``), synced, then
renamed over it (or linked, where an existing file must not be replaced), so a full disk, a file-size limit or a
kill never leaves a truncated file; :func:`remove_leftovers` removes the temporary files of killed processes. Only
regular files are written (:func:`write_target`). A write that fails for want of room or of a working disk is an
:class:`~tabroll.errors.OutputError` (exit 74); one the path forbids, an :class:`~tabroll.errors.InputError` (exit 2).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from pathlib import Path

from tabroll.errors import InputError, OutputError, TabrollError
from tabroll.i18n import N_, _

OUTPUT_ERRNOS = frozenset(
    {errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EDQUOT, errno.EROFS, errno.EBADF, errno.ENXIO, errno.EPIPE}
)
"""Errors that mean "this cannot be written here now" (a full disk, a quota, a file-size limit, a device error, a
read-only file system, a closed descriptor or pipe), as opposed to a path that is wrong or a bug."""

_LEFTOVER = re.compile(r"\.(?P<name>.+)\.tabroll-(?P<pid>[0-9]{1,10})-[0-9a-f]{8}\.tmp")


class OutputLost(OSError):
    """A write of tabroll's standard output failed (for a reason of :data:`OUTPUT_ERRNOS`, said in ``reason``).

    Raised with no errno of its own, so that no library between the write and tabroll's error boundary reads it as
    a broken pipe and exits quietly with its own code (Click and Rich both exit 1 on one)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def is_output_error(err: OSError) -> bool:
    return isinstance(err, OutputLost) or err.errno in OUTPUT_ERRNOS


def reason(err: OSError) -> str:
    """Why a write failed, in the system's words (for the message only: tests never read these words)."""
    if isinstance(err, OutputLost):
        return err.reason
    if err.errno == errno.EBADF:
        return _("it is closed")
    if err.errno == errno.EPIPE:
        return _("the reader closed it")
    return err.strerror or str(err)


def write_failed(err: OSError, what: str, *, left: str | None = None) -> TabrollError:
    """The error for a write of ``what`` that failed with ``err``: exit 74, in one line, when it could not be
    written (room, device); exit 2 when the path is wrong (permission, a missing folder). ``left``: what the
    failed write left as it was, said after the reason."""
    if left:
        said = _("cannot write {what}: {why}; {left}", what=what, why=reason(err), left=left)
    else:
        said = _("cannot write {what}: {why}", what=what, why=reason(err))
    if is_output_error(err):
        return OutputError(said)
    return InputError(said, tip=_("give a path in a folder you can write to"))


_KINDS = (
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
    (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
    (stat.S_ISSOCK, N_("a socket")),
)


def write_target(path: Path, *, shown: str | None = None) -> Path:
    """The file a write to ``path`` really changes: ``path``, or the file its symbolic links name (written through,
    the link kept). A folder, a device, a named pipe or a socket there, or a loop of links, is an input error
    naming ``shown`` (the path as the user gave it; ``path`` by default)."""
    said = shown if shown is not None else str(path)
    target = path
    try:
        linked = path.is_symlink()
    except OSError as err:  # a name too long, a part of the path that cannot be read
        raise InputError(
            _("cannot write {path}: {why}", path=said, why=err.strerror or str(err)),
            tip=_("give a path in a folder you can write to"),
        ) from None
    if linked:
        target, _exists = linked_file(path, said)  # a link to a file not there yet: that file is the one written
    try:
        mode = target.stat().st_mode
    except OSError:  # not there (the write creates it), or a path the write itself will fail on, with its reason
        return target
    for test, kind in _KINDS:
        if test(mode):
            raise InputError(
                _("{path} is {kind}, not a regular file: tabroll writes only regular files", path=said, kind=_(kind)),
                tip=_("give the name of a new file, or of a regular file to replace"),
            )
    return target


def linked_file(link: Path, shown: str) -> tuple[Path, bool]:
    """The file a symbolic link (or a chain of them) names, and whether it exists; a loop of links is an input
    error naming ``shown``."""
    try:
        return Path(os.path.realpath(link, strict=True)), True
    except FileNotFoundError:
        return Path(os.path.realpath(link)), False
    except OSError as err:
        raise InputError(
            _("{path} is a symbolic link that cannot be followed: {why}", path=shown, why=err.strerror or str(err)),
            tip=_("point the link at a file, or give the file's own path"),
        ) from None


def new_file_mode() -> int:
    """The mode a new file gets under the current umask (``open`` would give it; a temporary file gets 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_temp(folder: Path, name: str, data: bytes, mode: int | None) -> Path:
    """``data`` in a new temporary file of tabroll's own in ``folder`` (for the file ``name``), synced to the disk;
    its path. Nothing is left behind when this fails."""
    while True:
        temp = folder / f".{name}.tabroll-{os.getpid()}-{os.urandom(4).hex()}.tmp"
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # pragma: no cover - 32 random bits met an earlier file of the same process
            continue
        break
    try:
        try:
            view = memoryview(data)
            while view:  # unbuffered: a short write (a nearly full disk) goes on from where it stopped, or raises
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        if mode is not None:
            os.chmod(temp, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp


def write_atomically(path: Path, data: bytes, *, what: str, replace: bool = True, left: str | None = None) -> None:
    """Write ``data`` to ``path`` (checked by :func:`write_target`) whole or not at all; ``what`` names it in an
    error. ``replace``: an existing file is replaced, keeping its mode; otherwise :class:`FileExistsError`."""
    shown = str(path)
    path = write_target(path)
    folder = path.parent
    try:
        mode = (path.stat().st_mode & 0o7777) if replace and path.exists() else new_file_mode()
        temp = write_temp(folder, path.name, data, mode)
        try:
            write_target(path, shown=shown)  # once more, just before: nothing put there meanwhile is replaced
            if replace:
                os.replace(temp, path)
            else:
                _link_new(temp, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temp)
    except FileExistsError:
        raise
    except OSError as err:
        raise write_failed(err, what, left=left) from None
    fsync_folder(folder)


def _link_new(temp: Path, path: Path) -> None:
    """Put ``temp`` in place as ``path``, which must not exist: a hard link never replaces a file; on a file
    system without hard links, a rename where nothing is there yet."""
    try:
        os.link(temp, path)
    except FileExistsError:
        raise
    except OSError as err:
        if is_output_error(err) or path.exists():
            raise FileExistsError(path) if path.exists() else err from None
        os.replace(temp, path)


def remove_leftovers(path: Path) -> None:
    """Remove the temporary files of ``path`` that a tabroll process killed mid-write left beside it (its process
    is gone). Never fails: what cannot be looked at or removed is left as it is."""
    folder = path.parent
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        match = _LEFTOVER.fullmatch(name)
        if match is None or match.group("name") != path.name or _alive(int(match.group("pid"))):
            continue
        with contextlib.suppress(OSError):
            os.unlink(folder / name)


def _alive(pid: int) -> bool:
    """Whether another process ``pid`` runs now (this process's own pid is not "another": it is not writing)."""
    if pid == os.getpid() or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # another user's process, or no signal to probe with: keep the file
        return True
    return True
