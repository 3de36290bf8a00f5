"""Writing journals safely: through symbolic links, under a lock, atomically replaced or appended with fsync, and
left as they were when a write fails."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from tabroll.errors import InputError, OutputError
from tabroll.journal import limits
from tabroll.writing import (
    fsync_folder,
    is_output_error,
    new_file_mode,
    reason,
    remove_leftovers,
    write_failed,
    write_temp,
)

# --- files ------------------------------------------------------------------------------------------------

TOO_LONG_TIP = "a file name holds at most 255 bytes and a whole path at most 4,096: choose a shorter name or folder"


def regular_file(path: Path) -> os.stat_result | None:
    """The file's stat, ``None`` if it does not exist; a clear error if it is not a regular file."""
    if "\x00" in str(path):
        raise InputError(f"{str(path)!r} cannot be a file name: it contains a NUL byte")
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise InputError(f"{path}: a part of this path is a file, not a folder") from None
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(
            f"{path} is a folder, not a journal file", tip=f"give a file name, e.g. {path / 'game.journal.jsonl'}"
        )
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"{path} is not a regular file", tip=limits.NEW_JOURNAL_TIP)
    return info


def read_bytes(path: Path) -> bytes:
    """The journal's bytes. Every command that opens a journal reads it here, and first removes the temporary
    copies a killed rewrite of it left beside it (:func:`tabroll.writing.remove_leftovers`)."""
    info = regular_file(path)
    if info is None:
        raise InputError(
            f"{path} does not exist",
            tip="a journal is started by 'tabroll run' or 'tabroll attack' with --journal FILE",
        )
    remove_leftovers(Path(os.path.realpath(path)))
    if info.st_size > limits.MAX_JOURNAL_BYTES:
        raise InputError(
            f"{path} is {limits.size_text(info.st_size)}; "
            f"journals over {limits.size_text(limits.MAX_JOURNAL_BYTES)} are refused",
            tip="a journal holds one game: start a new journal file",
        )
    try:
        with path.open("rb") as handle:
            data = handle.read(limits.MAX_JOURNAL_BYTES + 1)
    except PermissionError:
        raise InputError(f"cannot read {path}: permission denied", tip="check the file's permissions") from None
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror}") from None
    if len(data) > limits.MAX_JOURNAL_BYTES:
        raise InputError(f"{path} is over {limits.size_text(limits.MAX_JOURNAL_BYTES)}", tip="start a new journal file")
    return data


def target_of(path: str | Path) -> Path:
    """The file a journal path names. A symbolic link is followed, so commands write through it to the real journal
    and the link stays a link; a dangling link is refused rather than replaced or created behind the user's back."""
    journal_path = Path(path)
    try:
        link = journal_path.is_symlink()
    except OSError as err:  # a name or a path too long, a loop: Path.is_symlink lets these through
        tip = TOO_LONG_TIP if err.errno == errno.ENAMETOOLONG else None
        raise InputError(f"cannot use {journal_path} as a journal: {err.strerror}", tip=tip) from None
    if not link:
        return journal_path
    try:
        resolved = Path(os.path.realpath(journal_path, strict=True))
    except OSError:
        raise InputError(
            f"{journal_path} is a symbolic link to {os.readlink(journal_path)}, which does not exist",
            tip="create the file it points to, point the link somewhere else, or give the journal's own path",
        ) from None
    return resolved


@contextlib.contextmanager
def locked(fd: int, path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the open journal ``fd`` (where the platform has ``flock``)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no advisory locks; the size check still guards appends
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise InputError(
            f"another tabroll command is writing {path} right now",
            tip="wait for it to finish: a journal takes one writer at a time",
        ) from None
    except OSError:  # a filesystem without locks: go on, guarded by the size check
        yield
        return
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def rewrite(path: Path, data: bytes, *, expected_size: int) -> None:
    """Replace ``path`` by ``data`` atomically: temp file in the same folder, fsync, replace, fsync the folder.

    Done under the journal's lock, and only if the file is still ``expected_size`` bytes (the size the caller
    read), so an action another command appends meanwhile is never silently dropped."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
        if not mode & stat.S_IWUSR:
            raise InputError(
                f"{path} is read-only; tabroll leaves it as it is",
                tip=f"make it writable first (chmod u+w {path}) if you mean to change it",
            )
        fd = os.open(path, os.O_RDONLY)
        try:
            with locked(fd, path):
                if (size := os.fstat(fd).st_size) != expected_size:
                    raise InputError(
                        f"{path} changed while this command read it ({size} bytes, expected {expected_size})",
                        tip="is another tabroll writing to the same journal? run one command at a time",
                    )
                temp = write_temp(path.parent, path.name, data, mode)
                try:
                    os.replace(temp, path)
                except BaseException:
                    os.unlink(temp)
                    raise
        finally:
            os.close(fd)
    except OSError as err:
        raise write_failed(err, f"the journal {path}", left="the journal was left as it was") from None
    fsync_folder(path.parent)


def create(path: Path, data: bytes) -> None:
    """Create ``path`` holding ``data`` (never half-written): temp file, fsync, hard link, fsync the folder."""
    try:
        temp = write_temp(path.parent, path.name, data, new_file_mode())
        try:
            try:
                os.link(temp, path)
            except FileExistsError:
                pass  # created meanwhile by another command: it is read and checked like any journal
            except OSError:  # a filesystem without hard links
                if not path.exists():
                    os.replace(temp, path)
        finally:
            if os.path.exists(temp):
                os.unlink(temp)
    except PermissionError:
        raise InputError(f"cannot create {path}: permission denied", tip="choose a folder you can write to") from None
    except OSError as err:
        if is_output_error(err):
            raise OutputError(f"cannot create the journal {path}: {reason(err)}") from None
        raise InputError(f"cannot create {path}: {err.strerror}") from None
    fsync_folder(path.parent)
