"""The compiled methods of the program's dataclasses, kept between runs so that a command does not compile them again.

A ``@dataclass`` writes the source of its ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and ``__setattr__``
as text and compiles it with :func:`exec` every time its module is imported. Compiling is most of that cost (about
six parts in seven on CPython 3.11), and a command of tabroll imports well over a hundred dataclasses (the events,
the dice expressions, each game's state and steps, and those of pydantic). Here :mod:`dataclasses` is given an
``exec`` that compiles each distinct text once and keeps the code object, and the code objects are kept between
runs in a file of the user's cache folder (never the working folder, never the installed package), read with
:mod:`marshal` as Python reads its own bytecode files.

The cache cannot go stale: the key is the whole text that would be compiled, and the file is named by the exact
Python version that wrote it. A missing, unreadable, corrupt or unwritable file only means the text is compiled,
as without this module; the classes made either way are the same (the same text compiled with the same flags and
file name). ``TABROLL_CACHE_DIR`` names another folder; set to an empty value, no file is read or written.
"""

import builtins
import marshal
import os
import sys
from types import CodeType
from typing import Any

CACHE_ENV = "TABROLL_CACHE_DIR"
MAX_ENTRIES = 5_000
"""A file that has grown past this many texts (the dataclasses of many versions of the code) starts afresh."""

_compiled: dict[str, CodeType] = {}
_added = 0
_path: str | None = None


def cache_folder() -> str | None:
    """The folder of tabroll's cache: ``TABROLL_CACHE_DIR``, else the platform's per-user cache folder."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return chosen or None
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return os.path.join(base, "tabroll", "Cache") if base else None
    home = os.path.expanduser("~")
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Caches", "tabroll")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(home, ".cache")
    if not os.path.isabs(base) or base.startswith("~"):  # an unset home: never a folder relative to the cwd
        return None
    return os.path.join(base, "tabroll")


def cache_file() -> str | None:
    folder = cache_folder()
    if folder is None or not os.path.isabs(folder):
        return None
    return os.path.join(folder, f"dataclass-code-{sys.implementation.name}-{sys.hexversion:08x}.marshal")


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """:func:`exec`, with a text compiled once per text (as ``exec`` compiles it: file ``<string>``, no inherited
    ``__future__`` flags, which dataclasses' own module has none of)."""
    global _added
    if type(source) is str:
        code = _compiled.get(source)
        if code is None:
            code = _compiled[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _added += 1
        source = code
    builtins.exec(source, globals, locals)


def _read(path: str) -> dict[str, CodeType]:
    try:
        with open(path, "rb") as file:
            loaded = marshal.loads(file.read())  # marshal.load(file) reads object by object: many times slower
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(loaded, dict):
        return {}
    return {text: code for text, code in loaded.items() if type(text) is str and type(code) is CodeType}


def _write() -> None:
    """Keeps what this run compiled for the next run; any failure leaves things as they were."""
    if not _added or _path is None or len(_compiled) > MAX_ENTRIES:
        if _path is not None and len(_compiled) > MAX_ENTRIES:
            with _quiet():
                os.remove(_path)
        return
    with _quiet():
        os.makedirs(os.path.dirname(_path), exist_ok=True)
        temporary = f"{_path}.{os.getpid()}.tmp"
        try:
            with open(temporary, "wb") as file:
                marshal.dump(_compiled, file)
            os.replace(temporary, _path)  # whole or not at all: a reader never sees half a file
        finally:
            if os.path.exists(temporary):
                os.remove(temporary)


class _quiet:
    """Suppresses the failures of a cache (no room, no right to write): the program runs as without it."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: object, trace: object) -> bool:
        return isinstance(error, OSError | ValueError)


def install() -> None:
    """Gives :mod:`dataclasses` the caching ``exec`` and reads the kept code; writes what was added at exit."""
    global _path
    import dataclasses

    if getattr(dataclasses, "exec", None) is _exec:
        return
    _path = cache_file()
    if _path is not None:
        _compiled.update(_read(_path))
        import atexit

        atexit.register(_write)
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # found before the builtin by dataclasses' own calls
