"""A journal as a game goes on: open or create it, resolve and record each action (as JSON that reads back
equal), replay it, undo the last action (or a torn tail)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, cast, get_args, get_origin

from msgspec.structs import replace

from tabroll.dice.sources import GivenDice, RecordingDice, asks_players
from tabroll.engine import Resolution, Scenario, StepResult, find_ruleset, resolve, run_scenario
from tabroll.errors import InputError
from tabroll.events import without_prose
from tabroll.i18n import N_, _, n_
from tabroll.journal import limits
from tabroll.journal.files import create, locked, regular_file, rewrite, target_of
from tabroll.journal.records import (
    JOURNAL_FORMAT,
    JOURNAL_VERSION,
    JournalHeader,
    JournalRecord,
    ReplayCheck,
    Undone,
    check_hash,
    ignored_fields,
    line_of,
    plain,
    read_journal,
    recorded_form,
    scan_journal,
)
from tabroll.kit import AnyRuleset
from tabroll.version import __version__
from tabroll.writing import write_failed

# --- actions as JSON, read back equal ---------------------------------------------------------------------

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


def encode_action(ruleset: AnyRuleset, action: Any) -> dict[str, Any]:
    """``action`` as JSON data that :func:`decode_action` reads back equal (checked here, every time): the fields
    the action was given, by their names (every scenario model is a kit ``Strict`` model, which reads names as
    well as aliases), so a journal records what the scenario or the command line said and nothing more."""
    from pydantic import BaseModel, ValidationError

    if not isinstance(action, BaseModel):
        raise InputError(f"a {type(action).__name__} cannot be recorded in a journal (not a scenario action)")
    # warnings=False: a callable discriminator may not recognise a model instance when dumping (a game's result
    # choices); the round trip below is the real check.
    data: dict[str, Any] = action.model_dump(mode="json", exclude_unset=True, warnings=False)
    try:
        if action_adapter(ruleset).validate_python(data) == action:
            return data
    except ValidationError:
        pass
    raise InputError(
        _("this {game} action cannot be recorded in a journal: it does not read back the same", game=ruleset.name),
        tip=_("run it without --journal; this is a bug in tabroll, please report it"),
    )


def decode_action(ruleset: AnyRuleset, data: Any) -> Any:
    """A recorded action back as the ruleset's action model (raises :class:`InputError`)."""
    from pydantic import ValidationError

    try:
        return action_adapter(ruleset).validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InputError(
            _("not a valid {game} action: {field}: {problem}", game=ruleset.name, field=where, problem=first["msg"]),
            tip=_("the journal was changed by hand or by another version of tabroll: start a new journal file"),
        ) from None


def options_json(options: Any) -> dict[str, Any] | None:
    from pydantic import BaseModel

    if isinstance(options, BaseModel):
        return cast("dict[str, Any]", plain(options.model_dump(mode="json")))
    if isinstance(options, Mapping):
        return dict(plain(dict(options)))
    return None


# --- replaying --------------------------------------------------------------------------------------------


def short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _mapping_difference(sentence: str, recorded: Mapping[str, Any], replayed: Mapping[str, Any], **values: Any) -> str:
    """``sentence`` (a message marked with ``N_``, with ``{keys}``, ``{recorded}`` and ``{replayed}``) filled
    with how two mappings differ."""
    keys = sorted(k for k in recorded.keys() | replayed.keys() if recorded.get(k) != replayed.get(k))
    old = {k: recorded.get(k) for k in keys}
    new = {k: replayed.get(k) for k in keys}
    return _(sentence, keys=", ".join(keys), recorded=short(old), replayed=short(new), **values)


def _events_difference(
    recorded: Sequence[Mapping[str, Any]], replayed: Sequence[Mapping[str, Any]], ignored: frozenset[str]
) -> str | None:
    """How the events the rules give differ from those recorded, in their machine values (the fields ``ignored``,
    written for people, are said again in the reader's language and never compared), or ``None``."""
    recorded, replayed = without_prose(list(recorded), ignored), without_prose(list(replayed), ignored)
    for number, (old, new) in enumerate(zip(recorded, replayed, strict=False), start=1):
        # A field a newer tabroll adds to an event (a roll's terms) is no disagreement with an older journal.
        shared = {key: value for key, value in new.items() if key in old}
        if old != shared:
            sentence = N_("event {number} ({kind}) differs in {keys}: recorded {recorded}, the rules give {replayed}")
            return _mapping_difference(sentence, old, shared, number=number, kind=new.get("kind"))
    if len(recorded) != len(replayed):
        return n_(
            "the rules give {n} event; the journal recorded {recorded}",
            "the rules give {n} events; the journal recorded {recorded}",
            len(replayed),
            recorded=len(recorded),
        )
    return None


def _replayed(
    ruleset: AnyRuleset, state: Any, record: JournalRecord, version: int
) -> tuple[Resolution | None, str | None]:
    """The resolution of ``record`` replayed from ``state`` with its dice (``None`` when it cannot be resolved),
    and how it differs from the record (``None``: same)."""
    try:
        action = decode_action(ruleset, record.action)
    except InputError as err:
        return None, _("the recorded action is no longer valid: {problem}", problem=err.message)
    origin = _("the dice recorded for action {number}", number=record.seq)
    given = GivenDice(record.dice, origin=origin, answers=record.asked)
    first = record.events[0] if record.events else {}
    recorded_index = first.get("index") if first.get("kind") == "action" else None
    index = recorded_index if type(recorded_index) is int else record.seq
    try:
        resolution = resolve(ruleset, state, action, given, index=index)
    except InputError as err:
        return None, _("the rules ask for other dice than were recorded: {problem}", problem=err.message)
    if given.remaining:
        return resolution, n_(
            "the rules use {used} of the {n} die recorded",
            "the rules use {used} of the {n} dice recorded",
            len(record.dice),
            used=len(given.used),
        )
    if resolution.refused != record.refused:
        said = _("the rules now refuse this action") if resolution.refused else _("the rules now allow this action")
        return resolution, said
    ignored = ignored_fields(version)
    difference = _events_difference(record.events, [plain(e.to_json()) for e in resolution.events], ignored)
    if difference is None:
        summary = without_prose(plain(ruleset.summarize_state(resolution.state)), ignored)
        recorded = without_prose(record.state, ignored)
        if summary != recorded:
            sentence = N_("the state after it differs in {keys}: recorded {recorded}, the rules give {replayed}")
            difference = _mapping_difference(sentence, recorded, summary)
    return resolution, difference


def _disagreement(path: Path, record: JournalRecord, difference: str) -> InputError:
    return InputError(
        f"{path}:{record.line}: "
        + _(
            "action {number} does not replay as recorded (the journal and the rules disagree): {difference}",
            number=record.seq,
            difference=difference,
        ),
        tip=_(
            "'tabroll journal replay {path}' lists every difference; 'tabroll journal undo' drops the last action,"
            " or start a new journal",
            path=path,
        ),
    )


# --- the journal ------------------------------------------------------------------------------------------


def scenario_sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _scenario_bytes(scenario_path: str | Path) -> bytes:
    if str(scenario_path) == "-":
        raise InputError(
            _("a journal needs a scenario file it can read again; standard input ('-') is gone after this command"),
            tip=_("save the scenario to a file and give its name"),
        )
    path = Path(scenario_path)
    if regular_file(path) is None:
        raise InputError(
            _("the scenario {path} does not exist", path=path), tip=_("give the scenario's path with --scenario FILE")
        )
    try:
        return path.read_bytes()
    except OSError as err:
        raise InputError(
            _("cannot read the scenario {path}: {why}", path=path, why=err.strerror),
            tip=_("give the path of a scenario you can read with --scenario FILE"),
        ) from None


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
        """The scenario's state after every recorded action, replayed with its recorded dice (a record the rules
        do not replay as recorded raises :class:`InputError` naming its seq)."""
        if not self._replayed:
            state = self.scenario.state
            for record in self.records:
                resolution, difference = _replayed(self.ruleset, state, record, self.header.version)
                if difference is not None:
                    raise _disagreement(self.path, record, difference)
                state = resolution.state if resolution is not None else state
            self._state, self._replayed = state, True
        return self._state

    def resolve(self, action: Any, dice: Any, *, step: int = 0, index: int | None = None) -> Resolution:
        """Resolve ``action`` from :meth:`current_state` with ``dice`` (a DiceSource) and record it, unless the
        rules refuse it or resolving raises: the journal holds only the actions that happened. ``step`` is the
        scenario file's action it is (from 1), 0 for one typed at the table; ``index`` numbers its ``action``
        event (default: the seq it gets)."""
        encoded = encode_action(self.ruleset, action)  # before resolving: fail before anything happens
        recording = RecordingDice(dice)
        number = self.next_seq if index is None else index
        resolution = resolve(self.ruleset, self.current_state(), action, recording, index=number)
        if not resolution.refused:
            self._append(encoded, recording.values, resolution, asked=asks_players(dice), step=step)
        return resolution

    def recorded_steps(self) -> int:
        """How many of the scenario's actions the journal already holds, in order (running the same file again
        resolves only the actions after them): the last ``step`` recorded, so a refused action before it counts
        too and actions typed at the table (``step`` 0) do not. A record with no ``step`` (an older journal) is
        matched with the file's next action."""
        steps = self.scenario.steps
        done = 0
        for record in self.records:
            if record.step is not None:
                done = max(done, min(record.step, len(steps)))
                continue
            if done == len(steps):
                continue
            try:
                same = decode_action(self.ruleset, record.action) == steps[done].action
            except InputError:
                same = False
            done += same
        return done

    def run(self, session_dice: Callable[[], Any]) -> Iterator[StepResult]:
        """:func:`tabroll.engine.run_scenario` from :meth:`current_state` over the actions the journal does not
        hold yet (:meth:`recorded_steps`), recording each step that the rules allow. Steps are numbered from the
        journal's next seq, one number each (a refused one too)."""
        held = self.recorded_steps()
        first = self.next_seq

        def record(state: Any, action: Any, dice: Any, index: int) -> Resolution:
            return self.resolve(action, dice, step=held + index - first + 1, index=index)

        rest = replace(self.scenario, steps=self.scenario.steps[held:])
        yield from run_scenario(rest, session_dice, state=self.current_state(), resolve_step=record, first_index=first)

    def _append(
        self, encoded: dict[str, Any], dice_values: Sequence[int], resolution: Resolution, *, asked: bool, step: int
    ) -> None:
        record: dict[str, Any] = {
            "seq": self.next_seq,
            "action": encoded,
            "dice": [int(v) for v in dice_values],
            "refused": resolution.refused,
            "events": recorded_form([e.to_json() for e in resolution.events]),
            "state": recorded_form(self.ruleset.summarize_state(resolution.state)),
        }
        if asked:
            record["asked"] = True
        record["step"] = step
        record["check"] = check_hash(record)
        line = line_of(record)
        if len(line) > limits.MAX_RECORD_BYTES:
            raise InputError(
                _("the record of this action would be {size}; the limit is 16 MiB", size=limits.size_text(len(line))),
                tip=_("the action was not recorded; a scenario this large is better run without a journal"),
            )
        if self._size + len(line) > limits.MAX_JOURNAL_BYTES:
            raise InputError(
                _("{path} would grow over {limit}", path=self.path, limit=limits.size_text(limits.MAX_JOURNAL_BYTES)),
                tip=_("start a new journal file"),
            )
        self._write(line)
        self.records.append(JournalRecord(**{**record, "dice": tuple(record["dice"])}, line=len(self.records) + 2))
        self._state, self._replayed = resolution.state, True

    def _write(self, line: bytes) -> None:
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except PermissionError:
            raise InputError(
                _("cannot write to {path}: permission denied", path=self.path),
                tip=_("check the file's permissions; the action was not recorded"),
            ) from None
        except OSError as err:
            raise InputError(
                _("cannot write to {path}: {why}", path=self.path, why=err.strerror),
                tip=_("the action was not recorded"),
            ) from None
        try:
            with locked(fd, self.path):
                size = os.fstat(fd).st_size
                if size != self._size:
                    raise InputError(
                        _(
                            "{path} changed since this command opened it ({size} bytes, expected {expected})",
                            path=self.path,
                            size=size,
                            expected=self._size,
                        ),
                        tip=_("is another tabroll writing to the same journal? run one command at a time"),
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
                    raise write_failed(
                        err,
                        _("to the journal {path}", path=self.path),
                        left=_("the action was not recorded; the journal is as it was before it"),
                    ) from None
        finally:
            os.close(fd)
        self._size += len(line)


def open_journal(path: str | Path, scenario: Scenario, *, scenario_path: str | Path, force: bool = False) -> Journal:
    """Open the journal at ``path`` for ``scenario`` (loaded from ``scenario_path``), creating it if missing. An
    existing journal must be of the same ruleset, and of the same scenario and options unless ``force`` (its
    records are then replayed over the scenario as it is now)."""
    journal_path = target_of(path)
    _check_recordable_name(str(scenario_path))
    data = _scenario_bytes(scenario_path)
    # What the scenario says (its parsed content), so a comment or a layout change keeps the journal valid;
    # journals written before this recorded the SHA-256 of the file's bytes, which is still accepted.
    digest = scenario.fingerprint or scenario_sha256(data)
    options = options_json(scenario.options)
    _start_if_new(journal_path, scenario, str(scenario_path), digest, options)
    scan = scan_journal(journal_path)
    header = scan.header
    if header.ruleset != scenario.ruleset.id:
        raise InputError(
            _(
                "{journal} is a journal of a {game} game; {scenario} is {other}",
                journal=journal_path,
                game=header.ruleset,
                scenario=scenario_path,
                other=scenario.ruleset.id,
            ),
            tip=_("give --journal a new file name for this scenario"),
        )
    if not force:
        if header.scenario_sha256 not in {digest, scenario_sha256(data)}:
            raise InputError(
                _(
                    "{journal} was started with another version of the scenario ({scenario}, sha256 {old}…);"
                    " {path} is now sha256 {new}…",
                    journal=journal_path,
                    scenario=header.scenario,
                    old=header.scenario_sha256[:12],
                    path=scenario_path,
                    new=digest[:12],
                ),
                tip=_(limits.FORCE_TIP),
            )
        if header.options is not None and options is not None and header.options != options:
            sentence = N_(
                "{journal} was started with other house rules: the options differ in {keys}: recorded {recorded},"
                " now {replayed}"
            )
            raise InputError(
                _mapping_difference(sentence, header.options, options, journal=journal_path),
                tip=_(
                    "pass the same --option values as when the journal was started, or {force}",
                    force=_(limits.FORCE_TIP),
                ),
            )
    return Journal(journal_path, scenario, header, scan.records, scan.size)


def _check_recordable_name(named: str) -> None:
    """A journal records its scenario's name: a name whose bytes are not UTF-8 (kept as surrogates) cannot be."""
    if any("\udc80" <= char <= "\udcff" for char in named):
        raise InputError(
            _(
                "a journal names its scenario file, and the name {name!r} is not UTF-8 text",
                name=named.encode("utf-8", "surrogateescape"),
            ),
            tip=_(
                "rename the scenario file with letters a journal can record (any UTF-8 name), then start the journal"
            ),
        )


def _start_if_new(journal_path: Path, scenario: Scenario, named: str, digest: str, options: Any) -> None:
    """Write the header of a journal that does not exist yet (or is empty), in a folder that must exist."""
    parent = journal_path.parent
    if not parent.is_dir():
        values = {"journal": journal_path, "folder": parent}
        raise InputError(
            _("cannot create the journal {journal}: the folder {folder} is not a folder", **values)
            if parent.exists()
            else _("cannot create the journal {journal}: the folder {folder} does not exist", **values),
            tip=_("create it first (mkdir -p {folder}) or give another path", folder=parent),
        )
    info = regular_file(journal_path)
    if info is not None and info.st_size != 0:
        return
    header_obj: dict[str, Any] = {
        "format": JOURNAL_FORMAT,
        "version": JOURNAL_VERSION,
        "ruleset": scenario.ruleset.id,
        "scenario": named,
        "scenario_sha256": digest,
        "options": options,
        "created_by": f"tabroll {__version__}",
    }
    header_obj["check"] = check_hash(header_obj)
    line = line_of(header_obj)
    if info is None:
        create(journal_path, line)
    else:
        rewrite(journal_path, line, expected_size=0)


# --- tabroll journal show | undo | replay -----------------------------------------------------------------


def describe_recorded(ruleset: AnyRuleset, action: Any) -> str:
    try:
        return ruleset.describe_action(decode_action(ruleset, action))[2]
    except InputError:
        return short(action, 80)


def journal_scenario(path: str | Path, *, scenario_path: str | Path | None = None, force: bool = False) -> Scenario:
    """The scenario a journal was started from (``scenario_path`` overrides the one named in its header),
    loaded with the house rules recorded in the header; a scenario file changed since is refused unless
    ``force``."""
    from tabroll.loading.scenario import load_scenario_file

    journal_path = Path(path)
    header = scan_journal(journal_path, tolerate_torn_tail=True).header
    where = Path(scenario_path if scenario_path is not None else header.scenario)
    if regular_file(where) is None:
        raise InputError(
            _("the scenario of {journal} ({path}) does not exist", journal=journal_path, path=where),
            tip=_("the path is as given when the journal was started: run from that folder, or name the scenario file"),
        )
    scenario = load_scenario_file(where, header.options or {})
    accepted = {scenario.fingerprint, scenario_sha256(_scenario_bytes(where))}
    if not force and header.scenario_sha256 not in accepted:
        raise InputError(
            _("{path} has changed since {journal} was started", path=where, journal=journal_path),
            tip=_(limits.FORCE_TIP),
        )
    return scenario


def read_game(path: str | Path, *, scenario_path: str | Path | None = None, force: bool = False) -> Journal:
    """The game a journal holds, to read and never to write (``tabroll journal state``): its scenario as
    :func:`journal_scenario` finds it, and its records; :meth:`Journal.current_state` replays them."""
    scenario = journal_scenario(path, scenario_path=scenario_path, force=force)
    journal_path = target_of(path)
    scan = scan_journal(journal_path)
    return Journal(journal_path, scenario, scan.header, scan.records, scan.size)


def retold(
    path: str | Path, records: Sequence[JournalRecord], version: int, *, scenario_path: str | Path | None = None
) -> tuple[list[JournalRecord], str | None]:
    """``records`` (of the journal at ``path``, of format ``version``) with their events said again in the
    language now, replayed over the journal's scenario (``scenario_path``, else its header's). A record that does
    not replay as recorded keeps its events; so does every record when the scenario cannot be read, and the second
    value then says why (else ``None``)."""
    try:
        scenario = journal_scenario(path, scenario_path=scenario_path, force=True)
    except InputError as err:
        return list(records), _(
            "{problem}: the outcomes are told from the values the journal keeps (--scenario FILE tells them in full)",
            problem=err.message,
        )
    ruleset = scenario.ruleset
    state = scenario.state
    told: list[JournalRecord] = []
    for record in records:
        resolution, difference = _replayed(ruleset, state, record, version)
        if resolution is not None:
            state = resolution.state
        if resolution is None or difference is not None:
            told.append(record)
        else:
            told.append(replace(record, events=[plain(e.to_json()) for e in resolution.events]))
    return told, None


def replay(path: str | Path, scenario: Scenario) -> list[ReplayCheck]:
    """Re-run every recorded action with its dice over ``scenario``: a verdict each, compared with what was
    recorded (after a difference the replay goes on from the state the rules give)."""
    journal_path = Path(path)
    header, records = read_journal(journal_path)
    ruleset = scenario.ruleset
    if header.ruleset != ruleset.id:
        raise InputError(
            _(
                "{journal} is a journal of a {game} game, not {other}",
                journal=journal_path,
                game=header.ruleset,
                other=ruleset.id,
            ),
            tip=_("give the scenario of that game, or another journal file"),
        )
    checks: list[ReplayCheck] = []
    state = scenario.state
    for record in records:
        resolution, difference = _replayed(ruleset, state, record, header.version)
        state = resolution.state if resolution is not None else state
        checks.append(
            ReplayCheck(record.seq, difference is None, difference, describe_recorded(ruleset, record.action))
        )
    return checks


def undo(path: str | Path) -> Undone:
    """Drop the last recorded action, or a torn last line (an action cut short by a crash), atomically."""
    journal_path = target_of(path)
    scan = scan_journal(journal_path, tolerate_torn_tail=True)
    if scan.torn_line is not None:
        rewrite(journal_path, scan.data[: scan.size], expected_size=len(scan.data))
        message = _("dropped line {line}: an action cut short by a crash (it was never saved)", line=scan.torn_line)
        return Undone(record=None, torn_line=scan.torn_line, message=message)
    if not scan.records:
        raise InputError(
            _("{journal} has no actions to undo", journal=journal_path),
            tip=_("nothing was changed: the journal holds only its header"),
        )
    last = scan.records[-1]
    rewrite(journal_path, scan.data[: scan.offsets[-1]], expected_size=len(scan.data))
    description = describe_recorded(find_ruleset(scan.header.ruleset), last.action)
    message = _("dropped action {number}: {action}", number=last.seq, action=description)
    return Undone(record=last, torn_line=None, message=message)
