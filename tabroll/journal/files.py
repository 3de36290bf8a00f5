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
from tabroll.i18n import N_, _
from tabroll.journal import limits
from tabroll.writing import (
    fsync_folder,
    is_output_error,
    linked_file,
    new_file_mode,
    reason,
    remove_leftovers,
    write_failed,
    write_temp,
)

TOO_LONG_TIP = N_("a file name holds at most 255 bytes and a whole path at most 4,096: choose a shorter name or folder")


def regular_file(path: Path) -> os.stat_result | None:
    """The file's stat, ``None`` if it does not exist; a clear error if it is not a regular file."""
    if "\x00" in str(path):
        raise InputError(
            _("{name!r} cannot be a file name: it contains a NUL byte", name=str(path)),
            tip=_("give the journal's path without the NUL byte"),
        )
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise InputError(
            _("{path}: a part of this path is a file, not a folder", path=path),
            tip=_("give a path whose folders are folders"),
        ) from None
    except OSError as err:
        raise _unreadable(path, err) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError(
            _("{path} is a folder, not a journal file", path=path),
            tip=_("give a file name, e.g. {example}", example=path / "game.journal.jsonl"),
        )
    if not stat.S_ISREG(info.st_mode):
        raise InputError(_("{path} is not a regular file", path=path), tip=_(limits.NEW_JOURNAL_TIP))
    return info


def _unreadable(path: Path, err: OSError) -> InputError:
    return InputError(
        _("cannot read {path}: {why}", path=path, why=err.strerror), tip=_("give the path of a file you can read")
    )


def read_bytes(path: Path) -> bytes:
    """The journal's bytes. Every command that opens a journal reads it here, and first removes the temporary
    copies a killed rewrite of it left beside it (:func:`tabroll.writing.remove_leftovers`)."""
    info = regular_file(path)
    if info is None:
        raise InputError(
            _("{path} does not exist", path=path),
            tip=_("a journal is started by 'tabroll run' or 'tabroll attack' with --journal FILE"),
        )
    remove_leftovers(Path(os.path.realpath(path)))
    if info.st_size > limits.MAX_JOURNAL_BYTES:
        raise InputError(
            _(
                "{path} is {size}; journals over {limit} are refused",
                path=path,
                size=limits.size_text(info.st_size),
                limit=limits.size_text(limits.MAX_JOURNAL_BYTES),
            ),
            tip=_("a journal holds one game: start a new journal file"),
        )
    try:
        with path.open("rb") as handle:
            data = handle.read(limits.MAX_JOURNAL_BYTES + 1)
    except PermissionError:
        raise InputError(
            _("cannot read {path}: permission denied", path=path), tip=_("check the file's permissions")
        ) from None
    except OSError as err:
        raise _unreadable(path, err) from None
    if len(data) > limits.MAX_JOURNAL_BYTES:
        raise InputError(
            _("{path} is over {limit}", path=path, limit=limits.size_text(limits.MAX_JOURNAL_BYTES)),
            tip=_("start a new journal file"),
        )
    return data


def target_of(path: str | Path) -> Path:
    """The file a journal path names: symbolic links are followed and written through, never replaced (a link to
    a file not there yet names it, as :func:`tabroll.writing.write_target` does, unless its folder is missing)."""
    journal_path = Path(path)
    try:
        link = journal_path.is_symlink()
    except OSError as err:  # a name or a path too long, a loop: Path.is_symlink lets these through
        tip = _(TOO_LONG_TIP) if err.errno == errno.ENAMETOOLONG else None
        raise InputError(
            _("cannot use {path} as a journal: {why}", path=journal_path, why=err.strerror), tip=tip
        ) from None
    if not link:
        return journal_path
    resolved, exists = linked_file(journal_path, str(journal_path))
    if exists or resolved.parent.is_dir():  # a link to a journal not started yet: it is started there
        return resolved
    raise InputError(
        _(
            "{path} is a symbolic link to {target}, which does not exist",
            path=journal_path,
            target=os.readlink(journal_path),
        ),
        tip=_("create the file it points to, point the link somewhere else, or give the journal's own path"),
    )


@contextlib.contextmanager
def locked(fd: int, path: Path) -> Iterator[None]:
    """Hold an exclusive lock on the open journal ``fd`` (where the platform has ``flock``)."""
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise InputError(
            _("another tabroll command is writing {path} right now", path=path),
            tip=_("wait for it to finish: a journal takes one writer at a time"),
        ) from None
    except (ImportError, OSError):  # no advisory locks (Windows, some filesystems): the size check guards appends
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
                _("{path} is read-only; tabroll leaves it as it is", path=path),
                tip=_("make it writable first (chmod u+w {path}) if you mean to change it", path=path),
            )
        fd = os.open(path, os.O_RDONLY)
        try:
            with locked(fd, path):
                if (size := os.fstat(fd).st_size) != expected_size:
                    raise InputError(
                        _(
                            "{path} changed while this command read it ({size} bytes, expected {expected})",
                            path=path,
                            size=size,
                            expected=expected_size,
                        ),
                        tip=_("is another tabroll writing to the same journal? run one command at a time"),
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
        raise write_failed(err, _("the journal {path}", path=path), left=_("the journal was left as it was")) from None
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
        raise InputError(
            _("cannot create {path}: permission denied", path=path), tip=_("choose a folder you can write to")
        ) from None
    except OSError as err:
        if is_output_error(err):
            raise OutputError(_("cannot create the journal {path}: {why}", path=path, why=reason(err))) from None
        raise InputError(
            _("cannot create {path}: {why}", path=path, why=err.strerror), tip=_("choose a folder you can write to")
        ) from None
    fsync_folder(path.parent)
