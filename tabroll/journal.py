"""The game journal: state that lasts between commands at the table.

A journal is an append-only JSON Lines file (UTF-8, one JSON object per line, every line ending in ``\\n``) that
records, for one scenario file, every action resolved with ``--journal FILE``. The next command with the same
journal starts from the scenario plus everything recorded: the resolver replays each recorded action with its
recorded dice, so the whole state of the game (ammunition, defeats, who has acted, cooldowns…)
comes back exactly, whatever the ruleset. The user's YAML is never rewritten.

Format, version 1
-----------------
Line 1 is the header::

    {"format": "tabroll.journal", "version": 1, "ruleset": "<game id>", "scenario": "<path as given>",
     "scenario_sha256": "<sha256 of the scenario file's bytes>", "options": {<the house rules in force>},
     "created_by": "tabroll 0.1.0", "check": "<sha256>"}

Every other line is one resolved action (refused ones too)::

    {"seq": 1, "action": {<the action as JSON, as in a scenario file>}, "dice": [7, 12], "refused": false,
     "events": [<event.to_json()>, ...], "state": <ruleset.summarize_state(after)>, "check": "<sha256>"}

* ``seq`` counts actions from 1 with no gaps; ``dice`` is every die value drawn, in order.
* ``check`` is the SHA-256 (hex) of the canonical JSON of the object without ``check`` (keys sorted, separators
  ``,`` and ``:``, UTF-8, no NaN). A line whose hash does not match was changed or damaged.
* ``events`` and ``state`` are there for people and for verification: the state is always rebuilt by replaying
  the actions with their dice, and a replay that does not give back the recorded events and state is reported
  (the journal and the rules disagree) rather than trusted.
* A reader refuses a header whose ``version`` is newer than its own.

Safety
------
Records are appended with unbuffered ``os.write`` calls then ``os.fsync``, under an exclusive lock (``flock``)
and after checking that the file is still the size this command read, so a crash loses at most the action in
flight and two commands writing one journal at once are refused rather than interleaved. A failed append (a full
disk, a file-size limit) is cut back to the file's size before it, so the journal is left exactly as it was. A
last line without its ``\\n`` (cut short by a crash), a line that is not JSON, a check-hash mismatch or seq
numbers out of order raise :class:`JournalDamaged` with the file and line; nothing is ever read past damage.
:func:`undo` (and :func:`repair`, which drops only a torn last line) rewrite the file atomically: a temporary
file in the same folder, fsync, ``os.replace``, fsync of the folder; a read-only journal is never rewritten.
A journal path that is a symbolic link is followed to its target, which is written (the link stays a link); a
dangling link is refused. New journals get the mode the umask gives. Journals over :data:`MAX_JOURNAL_BYTES` and
records over :data:`MAX_RECORD_BYTES` are refused.

Use
---
``open_journal(path, scenario, scenario_path=...)`` creates or checks a journal; ``Journal.current_state()``
gives the state to start from; ``Journal.resolve(action, dice)`` resolves one action and records it;
``Journal.run(session_dice)`` is :func:`tabroll.engine.run_scenario` that records every step.
:func:`story`, :func:`undo` and :func:`replay` serve ``tabroll journal show|undo|replay``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args, get_origin

from tabroll.engine import AnyRuleset, Resolution, Scenario, StepResult, find_ruleset, resolve, run_scenario
from tabroll.errors import InputError, Location

JOURNAL_FORMAT = "tabroll.journal"
JOURNAL_VERSION = 1
MAX_JOURNAL_BYTES = 256 * 1024 * 1024
"""Journals larger than this are refused (one game's journal is a few hundred kilobytes)."""
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""A single line larger than this is refused."""

HEADER_FIELDS = ("format", "version", "ruleset", "scenario", "scenario_sha256", "options", "created_by", "check")
RECORD_FIELDS = ("seq", "action", "dice", "refused", "events", "state", "check")
OPTIONAL_RECORD_FIELDS = ("asked",)  # true when the players answered open choices (--prompt)

_NEW_JOURNAL_TIP = "give --journal a new file name (e.g. game.journal.jsonl); tabroll never writes into other files"
_FORCE_TIP = "start a new journal file, or pass --journal-force to replay this journal over the scenario as it is now"


class JournalDamaged(InputError):
    """A journal that cannot be read safely: a torn or invalid line, a check-hash mismatch, seq out of order."""

    def __init__(self, message: str, *, path: Path, line: int, tip: str | None = None) -> None:
        super().__init__(message, tip=tip, location=Location(file=str(path), line=line))
        self.path = path
        self.line = line


@dataclass(frozen=True, slots=True)
class JournalHeader:
    """Line 1 of a journal."""

    ruleset: str
    scenario: str
    scenario_sha256: str
    options: dict[str, Any] | None
    created_by: str
    version: int = JOURNAL_VERSION


@dataclass(frozen=True, slots=True)
class JournalRecord:
    """One resolved action, as written on line ``line`` of the journal."""

    seq: int
    action: dict[str, Any]
    dice: tuple[int, ...]
    refused: bool
    events: list[dict[str, Any]]
    state: dict[str, Any]
    check: str
    line: int = 0
    asked: bool = False


@dataclass(frozen=True, slots=True)
class ReplayCheck:
    """The verdict of ``tabroll journal replay`` on one recorded action."""

    seq: int
    ok: bool
    difference: str | None
    description: str = ""

    @property
    def text(self) -> str:
        """One line for people: ``3. Archer attacks Knight: ok`` or the difference."""
        verdict = "ok" if self.ok else f"DIFFERS: {self.difference}"
        return f"{self.seq}. {self.description}: {verdict}" if self.description else f"{self.seq}. {verdict}"


@dataclass(frozen=True, slots=True)
class Undone:
    """What :func:`undo` dropped: a recorded action, or a torn last line (an action cut short by a crash)."""

    record: JournalRecord | None
    torn_line: int | None
    message: str


# --- canonical JSON and hashes ----------------------------------------------------------------------------


def canonical_json(value: Any) -> bytes:
    """The canonical JSON bytes the check hashes are computed over."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def check_hash(obj: Mapping[str, Any]) -> str:
    """The ``check`` value of a header or record: SHA-256 of its canonical JSON without ``check``."""
    return hashlib.sha256(canonical_json({k: v for k, v in obj.items() if k != "check"})).hexdigest()


def _plain(value: Any) -> Any:
    """``value`` as the JSON reader gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value, allow_nan=False))


def _line(obj: Mapping[str, Any]) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, allow_nan=False) + "\n").encode()


# --- actions as JSON --------------------------------------------------------------------------------------

_ADAPTERS: dict[str, Any] = {}


def action_adapter(ruleset: AnyRuleset) -> Any:
    """A ``pydantic.TypeAdapter`` for one action of ``ruleset`` (from its scenario model's ``actions: list[X]``)."""
    adapter = _ADAPTERS.get(ruleset.id)
    if adapter is None:
        from pydantic import TypeAdapter

        found = ruleset.scenario_model().model_fields.get("actions")
        annotation = found.annotation if found is not None else None
        args = get_args(annotation)
        if get_origin(annotation) is not list or len(args) != 1:
            raise InputError(f"the {ruleset.name} ruleset's scenario model has no 'actions: list[...]' field")
        adapter = _ADAPTERS[ruleset.id] = TypeAdapter(args[0])
    return adapter


_DUMPS = ((False, True), (True, True), (False, False), (True, False))  # (by_alias, exclude_none), in preference


def encode_action(ruleset: AnyRuleset, action: Any) -> dict[str, Any]:
    """``action`` as JSON data that :func:`decode_action` reads back equal (checked here, every time).

    Field names first (``exclude_none``); aliases for models that do not accept their field names.
    """
    from pydantic import BaseModel, ValidationError

    if not isinstance(action, BaseModel):
        raise InputError(f"a {type(action).__name__} cannot be recorded in a journal (not a scenario action)")
    adapter = action_adapter(ruleset)
    for by_alias, exclude_none in _DUMPS:
        # warnings=False: a callable discriminator may not recognise a model instance when dumping (a game's
        # result choices); the round trip below is the real check.
        data: dict[str, Any] = action.model_dump(
            mode="json", by_alias=by_alias, exclude_none=exclude_none, warnings=False
        )
        try:
            if adapter.validate_python(data) == action:
                return data
        except ValidationError:
            continue
    raise InputError(
        f"this {ruleset.name} action cannot be recorded in a journal: it does not read back the same",
        tip="run it without --journal; this is a bug in tabroll, please report it",
    )


def decode_action(ruleset: AnyRuleset, data: Any) -> Any:
    """A recorded action back as the ruleset's action model (raises :class:`InputError`)."""
    from pydantic import ValidationError

    try:
        return action_adapter(ruleset).validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InputError(f"not a valid {ruleset.name} action: {where}: {first['msg']}") from None


def _options_json(options: Any) -> dict[str, Any] | None:
    from pydantic import BaseModel

    if isinstance(options, BaseModel):
        dumped: dict[str, Any] = _plain(options.model_dump(mode="json"))
        return dumped
    if isinstance(options, Mapping):
        return dict(_plain(dict(options)))
    return None


# --- files ------------------------------------------------------------------------------------------------


def _size_text(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB"


def _regular_file(path: Path) -> os.stat_result | None:
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
        raise InputError(f"{path} is not a regular file", tip=_NEW_JOURNAL_TIP)
    return info


def _read_bytes(path: Path) -> bytes:
    info = _regular_file(path)
    if info is None:
        raise InputError(
            f"{path} does not exist",
            tip="a journal is started by 'tabroll run' or 'tabroll attack' with --journal FILE",
        )
    if info.st_size > MAX_JOURNAL_BYTES:
        raise InputError(
            f"{path} is {_size_text(info.st_size)}; journals over {_size_text(MAX_JOURNAL_BYTES)} are refused",
            tip="a journal holds one game: start a new journal file",
        )
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_JOURNAL_BYTES + 1)
    except PermissionError:
        raise InputError(f"cannot read {path}: permission denied", tip="check the file's permissions") from None
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror}") from None
    if len(data) > MAX_JOURNAL_BYTES:
        raise InputError(f"{path} is over {_size_text(MAX_JOURNAL_BYTES)}", tip="start a new journal file")
    return data


def _target(path: str | Path) -> Path:
    """The file a journal path names. A symbolic link is followed, so commands write through it to the real journal
    and the link stays a link; a dangling link is refused rather than replaced or created behind the user's back."""
    journal_path = Path(path)
    if not journal_path.is_symlink():
        return journal_path
    try:
        resolved = Path(os.path.realpath(journal_path, strict=True))
    except OSError:
        raise InputError(
            f"{journal_path} is a symbolic link to {os.readlink(journal_path)}, which does not exist",
            tip="create the file it points to, point the link somewhere else, or give the journal's own path",
        ) from None
    return resolved


def _new_file_mode() -> int:
    """The mode a new file gets under the current umask (``open`` would give it; ``mkstemp`` gives 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextlib.contextmanager
def _locked(fd: int, path: Path) -> Iterator[None]:
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


def _fsync_dir(folder: Path) -> None:
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


def _write_temp(folder: Path, name: str, data: bytes, mode: int | None) -> str:
    fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(temp, mode)
    except BaseException:
        os.unlink(temp)
        raise
    return temp


def _rewrite(path: Path, data: bytes, *, expected_size: int) -> None:
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
            with _locked(fd, path):
                if (size := os.fstat(fd).st_size) != expected_size:
                    raise InputError(
                        f"{path} changed while this command read it ({size} bytes, expected {expected_size})",
                        tip="is another tabroll writing to the same journal? run one command at a time",
                    )
                temp = _write_temp(path.parent, path.name, data, mode)
                try:
                    os.replace(temp, path)
                except BaseException:
                    os.unlink(temp)
                    raise
        finally:
            os.close(fd)
    except OSError as err:
        raise InputError(f"cannot rewrite {path}: {err.strerror}", tip="the journal was left as it was") from None
    _fsync_dir(path.parent)


def _create(path: Path, data: bytes) -> None:
    """Create ``path`` holding ``data`` (never half-written): temp file, fsync, hard link, fsync the folder."""
    try:
        temp = _write_temp(path.parent, path.name, data, _new_file_mode())
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
        raise InputError(f"cannot create {path}: {err.strerror}") from None
    _fsync_dir(path.parent)


# --- reading ----------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Scan:
    header: JournalHeader
    records: list[JournalRecord]
    offsets: list[int]  # byte offset of each record's line
    size: int  # bytes of intact lines
    torn_line: int | None = None  # number of a torn last line, when tolerated
    data: bytes = field(default=b"", repr=False)


def _torn_tip(path: Path) -> str:
    return f"the last action was cut short by a crash and was not saved; 'tabroll journal undo {path}' drops it"


def _lone_surrogate(raw: bytes, value: Any) -> str | None:
    """What is wrong when the JSON text ``raw`` (parsed as ``value``) escapes half a character (a lone surrogate,
    ``\\udfff``): valid JSON, but no text can hold it, so tabroll never writes one; ``None`` when all is well."""
    if b"\\u" not in raw:
        return None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as err:
        return f"it holds half a character (a lone surrogate, \\u{ord(err.object[err.start]):04x})"
    return None


def _load_json(raw: bytes, path: Path, number: int) -> Any:
    if len(raw) > MAX_RECORD_BYTES:
        raise InputError(
            f"{path}:{number}: the line is {_size_text(len(raw))}; records over {_size_text(MAX_RECORD_BYTES)} "
            "are refused",
            tip="this is not a journal tabroll wrote; start a new journal file",
        )

    def no_constants(name: str) -> Any:
        raise ValueError(f"{name} is not allowed")

    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=no_constants)
        if (half := _lone_surrogate(raw, value)) is None:
            return value
        problem = half
    except UnicodeDecodeError as err:
        problem = f"it is not UTF-8 text (byte {err.start + 1})"
    except json.JSONDecodeError as err:
        problem = f"it is not valid JSON ({err.msg} at column {err.colno})"
    except (ValueError, RecursionError) as err:
        problem = f"it is not valid JSON ({err})"
    raise JournalDamaged(f"line {number} is damaged: {problem}", path=path, line=number, tip=_damage_tip(path))


def _damage_tip(path: Path) -> str:
    return (
        f"the journal was changed or damaged on disk; restore it from a copy, or start a new journal. "
        f"'tabroll journal show {path}' shows what is intact before the damage"
    )


def _parse_header(raw: bytes, path: Path, *, torn: bool) -> JournalHeader:
    not_journal = InputError(
        f"{path} is not a tabroll journal (its first line is not a journal header)", tip=_NEW_JOURNAL_TIP
    )
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        if torn:
            raise JournalDamaged(
                "the journal's header is incomplete (it was being created during a crash)",
                path=path,
                line=1,
                tip=f"it holds no actions: delete {path} and start again",
            ) from None
        raise not_journal from None
    if not isinstance(obj, dict) or obj.get("format") != JOURNAL_FORMAT:
        raise not_journal
    if (half := _lone_surrogate(raw, obj)) is not None:
        raise JournalDamaged(f"line 1 is damaged: {half}", path=path, line=1, tip=_damage_tip(path))
    if torn:
        raise JournalDamaged("the journal's header has no end of line", path=path, line=1, tip=_torn_tip(path))
    version = obj.get("version")
    if type(version) is not int or version < 1:
        raise JournalDamaged(f"the header's version {version!r} is not a format version", path=path, line=1)
    if version > JOURNAL_VERSION:
        raise InputError(
            f"{path} was written by a newer tabroll (format v{version}); this is v{JOURNAL_VERSION}",
            tip="upgrade tabroll (python3 -m pip install -U tabroll) to use this journal",
        )
    if obj.get("check") != check_hash(obj):
        raise JournalDamaged(
            "the header's check hash does not match its content", path=path, line=1, tip=_damage_tip(path)
        )
    types = {"ruleset": str, "scenario": str, "scenario_sha256": str, "created_by": str}
    bad = [name for name, kind in types.items() if not isinstance(obj.get(name), kind)]
    options = obj.get("options")
    if options is not None and not isinstance(options, dict):
        bad.append("options")
    if isinstance(obj.get("scenario"), str) and "\x00" in obj["scenario"]:
        bad.append("scenario (a file name cannot hold a NUL byte)")
    if bad:
        raise JournalDamaged(f"the header's {', '.join(bad)} is missing or not valid", path=path, line=1)
    return JournalHeader(
        ruleset=obj["ruleset"],
        scenario=obj["scenario"],
        scenario_sha256=obj["scenario_sha256"],
        options=options,
        created_by=obj["created_by"],
        version=version,
    )


def _is_die(value: Any) -> bool:
    return type(value) is int and 1 <= value <= 1_000_000


def _parse_record(raw: bytes, path: Path, number: int, expected_seq: int) -> JournalRecord:
    obj = _load_json(raw, path, number)
    if not isinstance(obj, dict):
        raise JournalDamaged(f"line {number} is not a journal record", path=path, line=number, tip=_damage_tip(path))
    if obj.get("check") != check_hash(obj):
        raise JournalDamaged(
            f"line {number}: the record's check hash does not match its content (changed or damaged)",
            path=path,
            line=number,
            tip=_damage_tip(path),
        )
    known = RECORD_FIELDS + OPTIONAL_RECORD_FIELDS
    problems = [name for name in RECORD_FIELDS if name not in obj] + [n for n in obj if n not in known]
    seq, dice, events = obj.get("seq"), obj.get("dice"), obj.get("events")
    if (
        problems
        or type(seq) is not int
        or not isinstance(obj["action"], dict)
        or not isinstance(dice, list)
        or not all(_is_die(v) for v in dice)
        or type(obj["refused"]) is not bool
        or not isinstance(events, list)
        or not all(isinstance(e, dict) and isinstance(e.get("kind"), str) for e in events)
        or not isinstance(obj["state"], dict)
        or type(obj.get("asked", False)) is not bool
    ):
        raise JournalDamaged(
            f"line {number} is not a valid journal record", path=path, line=number, tip=_damage_tip(path)
        )
    if seq != expected_seq:
        raise JournalDamaged(
            f"line {number}: action number {seq} is out of order (expected {expected_seq})",
            path=path,
            line=number,
            tip=_damage_tip(path),
        )
    return JournalRecord(
        seq=seq,
        action=obj["action"],
        dice=tuple(dice),
        refused=obj["refused"],
        events=events,
        state=obj["state"],
        check=obj["check"],
        line=number,
        asked=obj.get("asked", False),
    )


def _scan(path: Path, *, tolerate_torn_tail: bool = False, data: bytes | None = None) -> _Scan:
    if data is None:
        data = _read_bytes(path)
    if not data:
        raise InputError(f"{path} is empty: not a tabroll journal", tip=_NEW_JOURNAL_TIP)
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    torn_line = len(lines) + 1 if tail else None
    if not lines:  # the only line is torn
        _parse_header(tail, path, torn=True)
        raise AssertionError("unreachable")  # pragma: no cover
    header = _parse_header(lines[0], path, torn=False)
    records: list[JournalRecord] = []
    offsets: list[int] = []
    offset = len(lines[0]) + 1
    for number, raw in enumerate(lines[1:], start=2):
        records.append(_parse_record(raw, path, number, len(records) + 1))
        offsets.append(offset)
        offset += len(raw) + 1
    if torn_line is not None and not tolerate_torn_tail:
        raise JournalDamaged(
            f"line {torn_line} is cut short (no end of line)", path=path, line=torn_line, tip=_torn_tip(path)
        )
    return _Scan(header=header, records=records, offsets=offsets, size=offset, torn_line=torn_line, data=data)


def read_journal(path: str | Path) -> tuple[JournalHeader, list[JournalRecord]]:
    """The header and records of a journal; any damage raises :class:`JournalDamaged`."""
    scan = _scan(Path(path))
    return scan.header, scan.records


# --- replaying --------------------------------------------------------------------------------------------


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _mapping_difference(what: str, recorded: Mapping[str, Any], replayed: Mapping[str, Any]) -> str:
    keys = sorted(k for k in recorded.keys() | replayed.keys() if recorded.get(k) != replayed.get(k))
    old = {k: recorded.get(k) for k in keys}
    new = {k: replayed.get(k) for k in keys}
    return f"{what} differs in {', '.join(keys)}: recorded {_short(old)}, the rules give {_short(new)}"


def _events_difference(recorded: Sequence[Mapping[str, Any]], replayed: Sequence[Mapping[str, Any]]) -> str | None:
    for number, (old, new) in enumerate(zip(recorded, replayed, strict=False), start=1):
        # A field a newer tabroll adds to an event (a roll's terms) is no disagreement with an older journal.
        shared = {key: value for key, value in new.items() if key in old}
        if old != shared:
            return _mapping_difference(f"event {number} ({new.get('kind')})", old, shared)
    if len(recorded) != len(replayed):
        return f"the rules give {len(replayed)} events; the journal recorded {len(recorded)}"
    return None


def _replay_one(ruleset: AnyRuleset, state: Any, record: JournalRecord) -> tuple[Any, str | None]:
    """The state after replaying ``record`` with its dice, and how the replay differs from it (``None``: same)."""
    from tabroll.dice.sources import GivenDice

    try:
        action = decode_action(ruleset, record.action)
    except InputError as err:
        return state, f"the recorded action is no longer valid: {err.message}"
    given = GivenDice(record.dice, origin=f"the dice recorded for action {record.seq}", answers=record.asked)
    first = record.events[0] if record.events else {}
    recorded_index = first.get("index") if first.get("kind") == "action" else None
    index = recorded_index if type(recorded_index) is int else record.seq
    try:
        resolution = resolve(ruleset, state, action, given, index=index)
    except InputError as err:
        return state, f"the rules ask for other dice than were recorded: {err.message}"
    if given.remaining:
        return resolution.state, f"the rules use {len(given.used)} of the {len(record.dice)} dice recorded"
    if resolution.refused != record.refused:
        said = "refuse" if resolution.refused else "allow"
        return resolution.state, f"the rules now {said} this action"
    difference = _events_difference(record.events, [_plain(e.to_json()) for e in resolution.events])
    if difference is None:
        summary = _plain(ruleset.summarize_state(resolution.state))
        if summary != record.state:
            difference = _mapping_difference("the state after it", record.state, summary)
    return resolution.state, difference


def _disagreement(path: Path, record: JournalRecord, difference: str) -> InputError:
    return InputError(
        f"{path}:{record.line}: action {record.seq} does not replay as recorded (the journal and the rules "
        f"disagree): {difference}",
        tip=f"'tabroll journal replay {path}' lists every difference; 'tabroll journal undo' drops the last "
        "action, or start a new journal",
    )


# --- the journal ------------------------------------------------------------------------------------------


def scenario_sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _scenario_bytes(scenario_path: str | Path) -> bytes:
    if str(scenario_path) == "-":
        raise InputError(
            "a journal needs a scenario file it can read again; standard input ('-') is gone after this command",
            tip="save the scenario to a file and give its name",
        )
    path = Path(scenario_path)
    if _regular_file(path) is None:
        raise InputError(f"the scenario {path} does not exist")
    try:
        return path.read_bytes()
    except OSError as err:
        raise InputError(f"cannot read the scenario {path}: {err.strerror}") from None


class Journal:
    """An open journal: the scenario it belongs to, its records, and the state they lead to."""

    def __init__(self, path: Path, scenario: Scenario, header: JournalHeader, records: list[JournalRecord], size: int):
        self.path = path
        self.scenario = scenario
        self.header = header
        self.records = records
        self._size = size
        self._state: Any = None
        self._replayed = False

    @property
    def ruleset(self) -> AnyRuleset:
        return self.scenario.ruleset

    @property
    def next_seq(self) -> int:
        return len(self.records) + 1

    def current_state(self) -> Any:
        """The scenario's state after every recorded action, replayed with its recorded dice.

        A record the rules do not replay exactly as recorded raises :class:`InputError` naming its seq.
        """
        if not self._replayed:
            state = self.scenario.state
            for record in self.records:
                state, difference = _replay_one(self.ruleset, state, record)
                if difference is not None:
                    raise _disagreement(self.path, record, difference)
            self._state, self._replayed = state, True
        return self._state

    def resolve(self, action: Any, dice: Any) -> Resolution:
        """Resolve ``action`` from :meth:`current_state` with ``dice`` (a DiceSource) and record it.

        Nothing is recorded when resolving raises (bad dice, unknown unit): the journal holds only resolved
        actions, refused ones included. The ``action`` event's index is the action's seq.
        """
        from tabroll.dice.sources import RecordingDice, asks_players

        encoded = encode_action(self.ruleset, action)  # before resolving: fail before anything happens
        recording = RecordingDice(dice)
        resolution = resolve(self.ruleset, self.current_state(), action, recording, index=self.next_seq)
        self._append(encoded, recording.values, resolution, asked=asks_players(dice))
        return resolution

    def append(self, action: Any, dice_values: Sequence[int], resolution: Resolution) -> JournalRecord:
        """Record an action resolved by the caller from :meth:`current_state` with exactly ``dice_values``."""
        self.current_state()
        return self._append(encode_action(self.ruleset, action), dice_values, resolution)

    def run(self, session_dice: Callable[[], Any]) -> Iterator[StepResult]:
        """:func:`tabroll.engine.run_scenario` from :meth:`current_state`, recording every step as it goes.

        Steps are numbered by seq (they continue the journal). Given dice a step leaves unused are reported as
        a note, as ``run_scenario`` does (the note is shown, not recorded).
        """

        def record(state: Any, action: Any, dice: Any, index: int) -> Resolution:
            return self.resolve(action, dice)

        yield from run_scenario(
            self.scenario, session_dice, state=self.current_state(), resolve_step=record, first_index=self.next_seq
        )

    def _append(
        self, encoded: dict[str, Any], dice_values: Sequence[int], resolution: Resolution, *, asked: bool = False
    ) -> JournalRecord:
        record: dict[str, Any] = {
            "seq": self.next_seq,
            "action": encoded,
            "dice": [int(v) for v in dice_values],
            "refused": resolution.refused,
            "events": [_plain(e.to_json()) for e in resolution.events],
            "state": _plain(self.ruleset.summarize_state(resolution.state)),
        }
        if asked:
            record["asked"] = True
        record["check"] = check_hash(record)
        line = _line(record)
        if len(line) > MAX_RECORD_BYTES:
            raise InputError(f"the record of this action would be {_size_text(len(line))}; the limit is 16 MiB")
        if self._size + len(line) > MAX_JOURNAL_BYTES:
            raise InputError(
                f"{self.path} would grow over {_size_text(MAX_JOURNAL_BYTES)}", tip="start a new journal file"
            )
        self._write(line)
        written = JournalRecord(
            seq=record["seq"],
            action=encoded,
            dice=tuple(record["dice"]),
            refused=resolution.refused,
            events=record["events"],
            state=record["state"],
            check=record["check"],
            line=len(self.records) + 2,
            asked=asked,
        )
        self.records.append(written)
        self._state, self._replayed = resolution.state, True
        return written

    def _write(self, line: bytes) -> None:
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except PermissionError:
            raise InputError(f"cannot write to {self.path}: permission denied") from None
        except OSError as err:
            raise InputError(
                f"cannot write to {self.path}: {err.strerror}", tip="the action was not recorded"
            ) from None
        try:
            with _locked(fd, self.path):
                size = os.fstat(fd).st_size
                if size != self._size:
                    raise InputError(
                        f"{self.path} changed since this command opened it ({size} bytes, expected {self._size})",
                        tip="is another tabroll writing to the same journal? run one command at a time",
                    )
                try:
                    view = memoryview(line)
                    while view:  # os.write may write less than asked (a signal, a nearly full disk)
                        view = view[os.write(fd, view) :]
                    os.fsync(fd)
                except OSError as err:
                    with contextlib.suppress(OSError):
                        os.ftruncate(fd, size)  # unbuffered: nothing left to flush, so this cannot fail on it
                        os.fsync(fd)
                    raise InputError(
                        f"cannot write to {self.path}: {err.strerror}",
                        tip="the action was not recorded; the journal is as it was before it",
                    ) from None
        finally:
            os.close(fd)
        self._size += len(line)


def open_journal(
    path: str | Path,
    scenario: Scenario,
    *,
    scenario_path: str | Path,
    scenario_bytes: bytes | None = None,
    force: bool = False,
) -> Journal:
    """Open the journal at ``path`` for ``scenario`` (loaded from ``scenario_path``), creating it if missing.

    An existing journal must be for the same ruleset (always) and the same scenario bytes and options (unless
    ``force``: then the records are replayed over the scenario as it is now, and :meth:`Journal.current_state`
    reports any action that no longer replays). ``scenario_bytes`` replaces reading ``scenario_path``.
    """
    journal_path = _target(path)
    named = str(scenario_path)
    if any("\udc80" <= char <= "\udcff" for char in named):  # bytes that are not UTF-8, kept as surrogates
        raise InputError(
            f"a journal names its scenario file, and the name {named.encode('utf-8', 'surrogateescape')!r} is not "
            "UTF-8 text",
            tip="rename the scenario file with letters a journal can record (any UTF-8 name), then start the journal",
        )
    data = _scenario_bytes(scenario_path) if scenario_bytes is None else scenario_bytes
    digest = scenario_sha256(data)
    options = _options_json(scenario.options)
    parent = journal_path.parent
    if not parent.is_dir():
        what = "is not a folder" if parent.exists() else "does not exist"
        raise InputError(
            f"cannot create the journal {journal_path}: the folder {parent} {what}",
            tip=f"create it first (mkdir -p {parent}) or give another path",
        )
    info = _regular_file(journal_path)
    header_obj: dict[str, Any] = {
        "format": JOURNAL_FORMAT,
        "version": JOURNAL_VERSION,
        "ruleset": scenario.ruleset.id,
        "scenario": str(scenario_path),
        "scenario_sha256": digest,
        "options": options,
        "created_by": f"tabroll {_version()}",
    }
    header_obj["check"] = check_hash(header_obj)
    if info is None or info.st_size == 0:
        line = _line(header_obj)
        if info is None:
            _create(journal_path, line)
        else:
            _rewrite(journal_path, line, expected_size=0)
    scan = _scan(journal_path)
    header = scan.header
    if header.ruleset != scenario.ruleset.id:
        raise InputError(
            f"{journal_path} is a journal of a {header.ruleset} game; {scenario_path} is {scenario.ruleset.id}",
            tip="give --journal a new file name for this scenario",
        )
    if not force:
        if header.scenario_sha256 != digest:
            raise InputError(
                f"{journal_path} was started with another version of the scenario ({header.scenario}, "
                f"sha256 {header.scenario_sha256[:12]}…); {scenario_path} is now sha256 {digest[:12]}…",
                tip=_FORCE_TIP,
            )
        if header.options is not None and options is not None and header.options != options:
            raise InputError(
                f"{journal_path} was started with other house rules: "
                + _mapping_difference("the options", header.options, options).replace("the rules give", "now"),
                tip="pass the same --option values as when the journal was started, or " + _FORCE_TIP,
            )
    return Journal(journal_path, scenario, header, scan.records, scan.size)


def _version() -> str:
    from tabroll import __version__

    return __version__


# --- tabroll journal show | undo | replay -----------------------------------------------------------------


def journal_scenario(path: str | Path, *, scenario_path: str | Path | None = None, force: bool = False) -> Scenario:
    """The scenario a journal was started from (``scenario_path`` overrides the one named in its header),
    loaded with the house rules recorded in the header; a scenario file changed since is refused unless
    ``force``."""
    from tabroll.scenario import load_scenario_file

    journal_path = Path(path)
    header = _scan(journal_path, tolerate_torn_tail=True).header
    where = Path(scenario_path if scenario_path is not None else header.scenario)
    if _regular_file(where) is None:
        raise InputError(
            f"the scenario of {journal_path} ({where}) does not exist",
            tip="the path is as given when the journal was started: run from that folder, or name the scenario file",
        )
    scenario = load_scenario_file(where, header.options or {})
    if not force and scenario_sha256(_scenario_bytes(where)) != header.scenario_sha256:
        raise InputError(f"{where} has changed since {journal_path} was started", tip=_FORCE_TIP)
    return scenario


def replay(path: str | Path, scenario: Scenario) -> list[ReplayCheck]:
    """Re-run every recorded action with its dice over ``scenario`` and compare with what was recorded.

    Every record gets a verdict; after a difference the replay goes on from the state the rules give.
    """
    journal_path = Path(path)
    header, records = read_journal(journal_path)
    ruleset = scenario.ruleset
    if header.ruleset != ruleset.id:
        raise InputError(f"{journal_path} is a journal of a {header.ruleset} game, not {ruleset.id}")
    checks: list[ReplayCheck] = []
    state = scenario.state
    for record in records:
        state, difference = _replay_one(ruleset, state, record)
        checks.append(ReplayCheck(record.seq, difference is None, difference, _describe(ruleset, record.action)))
    return checks


def _describe(ruleset: AnyRuleset, action: Any) -> str:
    try:
        return ruleset.describe_action(decode_action(ruleset, action))[2]
    except InputError:
        return _short(action, 80)


def _event_text(ruleset: AnyRuleset, data: Mapping[str, Any]) -> str:
    from tabroll.render.describe import describe_json

    return describe_json(data, ruleset.event_types())


def story(path: str | Path) -> list[str]:
    """The story so far, for ``tabroll journal show``: a title line, then one line per recorded action (its
    seq, description, and why it was refused or what happened). A torn last line is mentioned, not hidden."""
    journal_path = Path(path)
    scan = _scan(journal_path, tolerate_torn_tail=True)
    header = scan.header
    ruleset = find_ruleset(header.ruleset)
    count = len(scan.records)
    lines = [f"journal of {header.scenario} ({header.ruleset}), {count} action{'s' if count != 1 else ''}"]
    for record in scan.records:
        text = f"{record.seq}. {_describe(ruleset, record.action)}"
        if record.refused:
            reasons = [_event_text(ruleset, e) for e in record.events if e.get("kind") == "refused"]
            text += " — refused: " + "; ".join(reasons)
        else:
            kinds = ruleset.event_types()
            told = [e for e in record.events if (cls := kinds.get(str(e.get("kind")))) is None or cls.OUTCOME]
            outcomes = [_event_text(ruleset, e) for e in told]
            if outcomes:
                text += " — " + "; ".join(outcomes)
        lines.append(text)
    if scan.torn_line is not None:
        lines.append(f"line {scan.torn_line}: an action cut short by a crash, not saved ({_torn_tip(journal_path)})")
    return lines


def undo(path: str | Path) -> Undone:
    """Drop the last recorded action, or a torn last line (an action cut short by a crash), atomically."""
    journal_path = _target(path)
    scan = _scan(journal_path, tolerate_torn_tail=True)
    if scan.torn_line is not None:
        _rewrite(journal_path, scan.data[: scan.size], expected_size=len(scan.data))
        return Undone(
            record=None,
            torn_line=scan.torn_line,
            message=f"dropped line {scan.torn_line}: an action cut short by a crash (it was never saved)",
        )
    if not scan.records:
        raise InputError(f"{journal_path} has no actions to undo")
    last = scan.records[-1]
    _rewrite(journal_path, scan.data[: scan.offsets[-1]], expected_size=len(scan.data))
    description = _describe(find_ruleset(scan.header.ruleset), last.action)
    return Undone(record=last, torn_line=None, message=f"dropped action {last.seq}: {description}")


def repair(path: str | Path) -> int:
    """Drop a torn last line (and nothing else); the number of bytes dropped (0: nothing was torn)."""
    journal_path = _target(path)
    scan = _scan(journal_path, tolerate_torn_tail=True)
    if scan.torn_line is None:
        return 0
    _rewrite(journal_path, scan.data[: scan.size], expected_size=len(scan.data))
    return len(scan.data) - scan.size
