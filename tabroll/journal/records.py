"""The journal file format: its header and records, their checks, and reading them back strictly (a damaged
line is located, never guessed at)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from tabroll.errors import InputError, Location
from tabroll.events import FORMERLY_PROSE, PROSE_FIELDS, without_prose
from tabroll.i18n import _
from tabroll.journal import limits
from tabroll.journal.files import read_bytes

JOURNAL_FORMAT = "tabroll.journal"
JOURNAL_VERSION = 2
"""2: records keep machine values only (events and state without the fields written for people, see
:data:`tabroll.events.PROSE_FIELDS`), so a journal reads the same in every language; 1: records kept the events
as the log said them, in the language of the command that wrote them (still read: see :func:`ignored_fields`)."""

RECORD_FIELDS = ("seq", "action", "dice", "refused", "events", "state", "check")
OPTIONAL_RECORD_FIELDS = (
    "asked",  # true when the players answered open choices (--prompt)
    "step",  # which of the scenario file's actions this is (from 1); 0 for an action typed at the table
)


class JournalDamaged(InputError):
    """A journal that cannot be read safely: a torn or invalid line, a check-hash mismatch, seq out of order."""

    def __init__(self, message: str, *, path: Path, line: int, tip: str | None = None) -> None:
        super().__init__(message, tip=tip, location=Location(file=str(path), line=line))
        self.path = path
        self.line = line


class JournalHeader(msgspec.Struct, frozen=True):
    """Line 1 of a journal."""

    ruleset: str
    scenario: str
    scenario_sha256: str
    options: dict[str, Any] | None
    created_by: str
    version: int = JOURNAL_VERSION


class JournalRecord(msgspec.Struct, frozen=True):
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
    step: int | None = None
    """The scenario file's action this record resolves (from 1), 0 for an action typed at the table (``attack
    --journal``, ``tabroll play``), ``None`` in a journal written before records said so."""


class ReplayCheck(msgspec.Struct, frozen=True):
    """The verdict of ``tabroll journal replay`` on one recorded action."""

    seq: int
    ok: bool
    difference: str | None
    description: str = ""

    @property
    def text(self) -> str:
        """One line for people: ``3. Archer attacks Knight: ok`` or the difference."""
        verdict = _("ok") if self.ok else _("DIFFERS: {difference}", difference=self.difference)
        return f"{self.seq}. {self.description}: {verdict}" if self.description else f"{self.seq}. {verdict}"


class Undone(msgspec.Struct, frozen=True):
    """What :func:`undo` dropped: a recorded action, or a torn last line (an action cut short by a crash)."""

    record: JournalRecord | None
    torn_line: int | None
    message: str


def ignored_fields(version: int) -> frozenset[str]:
    """The fields of a record's events and state that replaying does not compare: the words for people, and, in a
    journal written before format 2, the fields that then followed the language too (it may have been recorded in
    any language)."""
    return PROSE_FIELDS if version >= 2 else PROSE_FIELDS | FORMERLY_PROSE


def recorded_form(value: Any) -> Any:
    """What a journal keeps of events or a state: its JSON without the words for people (machine values only)."""
    return without_prose(plain(value))


# --- canonical JSON and hashes ----------------------------------------------------------------------------


def check_hash(obj: Mapping[str, Any]) -> str:
    """The ``check`` value of a header or record: SHA-256 of its canonical JSON without ``check``."""
    checked = {k: v for k, v in obj.items() if k != "check"}
    canonical = json.dumps(checked, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def plain(value: Any) -> Any:
    """``value`` as the JSON reader gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value, allow_nan=False))


def line_of(obj: Mapping[str, Any]) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, allow_nan=False) + "\n").encode()


# --- reading ----------------------------------------------------------------------------------------------


class Scan(msgspec.Struct):
    header: JournalHeader
    records: list[JournalRecord]
    offsets: list[int]  # byte offset of each record's line
    size: int  # bytes of intact lines
    torn_line: int | None = None  # number of a torn last line, when tolerated
    data: bytes = b""


def torn_tip(path: Path) -> str:
    return _(
        "the last action was cut short by a crash and was not saved; 'tabroll journal undo {path}' drops it", path=path
    )


def _lone_surrogate(raw: bytes, value: Any) -> str | None:
    """What is wrong when the JSON text ``raw`` (parsed as ``value``) escapes half a character (a lone surrogate,
    ``\\udfff``): valid JSON, but no text can hold it, so tabroll never writes one; ``None`` when all is well."""
    if b"\\u" not in raw:
        return None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as err:
        return _(
            "it holds half a character (a lone surrogate, {escape})", escape=f"\\u{ord(err.object[err.start]):04x}"
        )
    return None


def _load_json(raw: bytes, path: Path, number: int) -> Any:
    if len(raw) > limits.MAX_RECORD_BYTES:
        raise InputError(
            f"{path}:{number}: "
            + _(
                "the line is {size}; records over {limit} are refused",
                size=limits.size_text(len(raw)),
                limit=limits.size_text(limits.MAX_RECORD_BYTES),
            ),
            tip=_("this is not a journal tabroll wrote; start a new journal file"),
        )

    def no_constants(name: str) -> Any:
        raise ValueError(f"{name} is not allowed")

    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=no_constants)
        if (half := _lone_surrogate(raw, value)) is None:
            return value
        problem = half
    except UnicodeDecodeError as err:
        problem = _("it is not UTF-8 text (byte {byte})", byte=err.start + 1)
    except json.JSONDecodeError as err:
        problem = _("it is not valid JSON ({why} at column {column})", why=err.msg, column=err.colno)
    except (ValueError, RecursionError) as err:
        problem = _("it is not valid JSON ({why})", why=err)
    raise _damaged(_("line {line} is damaged: {problem}", line=number, problem=problem), path, number)


def _damaged(message: str, path: Path, line: int) -> JournalDamaged:
    """Damage on ``line``, with the tip for a journal changed or damaged on disk."""
    tip = _(
        "the journal was changed or damaged on disk; restore it from a copy, or start a new journal."
        " 'tabroll journal show {path}' shows what is intact before the damage",
        path=path,
    )
    return JournalDamaged(message, path=path, line=line, tip=tip)


def _parse_header(raw: bytes, path: Path, *, torn: bool) -> JournalHeader:
    not_journal = InputError(
        _("{path} is not a tabroll journal (its first line is not a journal header)", path=path),
        tip=_(limits.NEW_JOURNAL_TIP),
    )
    try:
        obj = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        if torn:
            raise JournalDamaged(
                _("the journal's header is incomplete (it was being created during a crash)"),
                path=path,
                line=1,
                tip=_("it holds no actions: delete {path} and start again", path=path),
            ) from None
        raise not_journal from None
    if not isinstance(obj, dict) or obj.get("format") != JOURNAL_FORMAT:
        raise not_journal
    if (half := _lone_surrogate(raw, obj)) is not None:
        raise _damaged(_("line {line} is damaged: {problem}", line=1, problem=half), path, 1)
    if torn:
        raise JournalDamaged(_("the journal's header has no end of line"), path=path, line=1, tip=torn_tip(path))
    version = obj.get("version")
    if type(version) is not int or version < 1:
        message = _("the header's version {version!r} is not a format version", version=version)
        raise JournalDamaged(message, path=path, line=1)
    if version > JOURNAL_VERSION:
        raise InputError(
            _(
                "{path} was written by a newer tabroll (format v{version}); this is v{ours}",
                path=path,
                version=version,
                ours=JOURNAL_VERSION,
            ),
            tip=_("upgrade tabroll (python3 -m pip install -U tabroll) to use this journal"),
        )
    if obj.get("check") != check_hash(obj):
        raise _damaged(_("the header's check hash does not match its content"), path, 1)
    types = {"ruleset": str, "scenario": str, "scenario_sha256": str, "created_by": str}
    bad = [name for name, kind in types.items() if not isinstance(obj.get(name), kind)]
    options = obj.get("options")
    if options is not None and not isinstance(options, dict):
        bad.append("options")
    if isinstance(obj.get("scenario"), str) and "\x00" in obj["scenario"]:
        bad.append(_("scenario (a file name cannot hold a NUL byte)"))
    if bad:
        message = _("the header's {fields} is missing or not valid", fields=", ".join(bad))
        raise JournalDamaged(message, path=path, line=1)
    return JournalHeader(**{name: obj[name] for name in types}, options=options, version=version)


def _parse_record(raw: bytes, path: Path, number: int, expected_seq: int) -> JournalRecord:
    obj = _load_json(raw, path, number)
    if not isinstance(obj, dict):
        raise _damaged(_("line {line} is not a journal record", line=number), path, number)
    if obj.get("check") != check_hash(obj):
        raise _damaged(
            _("line {line}: the record's check hash does not match its content (changed or damaged)", line=number),
            path,
            number,
        )
    known = RECORD_FIELDS + OPTIONAL_RECORD_FIELDS
    problems = [name for name in RECORD_FIELDS if name not in obj] + [n for n in obj if n not in known]
    seq, dice, events = obj.get("seq"), obj.get("dice"), obj.get("events")
    if (
        problems
        or type(seq) is not int
        or not isinstance(obj["action"], dict)
        or not isinstance(dice, list)
        or not all(type(v) is int and 1 <= v <= 1_000_000 for v in dice)
        or type(obj["refused"]) is not bool
        or not isinstance(events, list)
        or not all(isinstance(e, dict) and isinstance(e.get("kind"), str) for e in events)
        or not isinstance(obj["state"], dict)
        or type(obj.get("asked", False)) is not bool
        or not (obj.get("step") is None or (type(obj["step"]) is int and obj["step"] >= 0))
    ):
        raise _damaged(_("line {line} is not a valid journal record", line=number), path, number)
    if seq != expected_seq:
        raise _damaged(
            _(
                "line {line}: action number {number} is out of order (expected {expected})",
                line=number,
                number=seq,
                expected=expected_seq,
            ),
            path,
            number,
        )
    return JournalRecord(**{**obj, "dice": tuple(dice)}, line=number)  # every field checked above


def scan_journal(path: Path, *, tolerate_torn_tail: bool = False) -> Scan:
    data = read_bytes(path)
    if not data:
        raise InputError(_("{path} is empty: not a tabroll journal", path=path), tip=_(limits.NEW_JOURNAL_TIP))
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
            _("line {line} is cut short (no end of line)", line=torn_line),
            path=path,
            line=torn_line,
            tip=torn_tip(path),
        )
    return Scan(header=header, records=records, offsets=offsets, size=offset, torn_line=torn_line, data=data)


def read_journal(path: str | Path) -> tuple[JournalHeader, list[JournalRecord]]:
    """The header and records of a journal; any damage raises :class:`JournalDamaged`."""
    scan = scan_journal(Path(path))
    return scan.header, scan.records
