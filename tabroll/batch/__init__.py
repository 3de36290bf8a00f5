"""Batch runs: many scenario files, one process or a pool, with results that do not depend on either.

Each file rolls with its own seed (:func:`file_seed`, unless it names its own ``seed:``), so its rolls do not
depend on the other files of the run, their order, ``--jobs`` or how its path was typed. A file that cannot be
loaded or resolved is reported with its error and counted, and the other files still run, even past a bug or a
worker that died (:class:`Totals` makes the exit code); standard output that cannot be written stops the run."""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import sys
import time
from array import array
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
import msgspec.structs

from tabroll.dice.sources import SeededDice, asks_players
from tabroll.errors import EXIT_INTERNAL, EXIT_OUTPUT, InputError, TabrollError, interrupted
from tabroll.i18n import _, n_
from tabroll.words import visible
from tabroll.writing import is_output_error

if TYPE_CHECKING:
    from tabroll.dice.session import DiceChoice
    from tabroll.engine import Scenario
    from tabroll.kit.views import StateView

MAX_FILES = 100_000
SCENARIO_SUFFIXES = (".yaml", ".yml")


def expand_paths(items: list[str]) -> list[str]:
    """Files, directories (every ``*.yaml``/``*.yml`` below, sorted), globs, and ``-`` for standard input."""
    found: list[str] = []
    for item in items:
        if item == "-":
            found.append(item)
        elif os.path.isdir(item):
            below = sorted(str(p) for p in Path(item).rglob("*") if p.suffix in SCENARIO_SUFFIXES and p.is_file())
            if not below:
                raise InputError(
                    _("{folder}: the folder holds no scenario files (*.yaml, *.yml)", folder=item),
                    tip=_("give the folder that holds them, or the files themselves"),
                )
            found.extend(below)
        elif glob.has_magic(item):
            matched = sorted(glob.glob(item, recursive=True))
            if not matched:
                raise InputError(
                    _("no file matches '{pattern}'", pattern=item),
                    tip=_("check the pattern; quote it to let tabroll expand it"),
                )
            found.extend(m for m in matched if not os.path.isdir(m))
        else:
            found.append(item)
        if len(found) > MAX_FILES:
            raise InputError(
                _("more than {limit:,} files in one run", limit=MAX_FILES), tip=_("split the run into smaller ones")
            )
    return found


def file_seed(master: int, key: str) -> int:
    """The seed of one file of a run: ``sha256("<master>:<key>")`` read as a 64-bit number, the key being the file's
    fingerprint (its parsed content), so the same scenario rolls the same however its path is typed."""
    # A key that is not valid UTF-8 (a path kept by Python as surrogates) hashes by its original bytes.
    digest = hashlib.sha256(f"{master}:{key}".encode("utf-8", "surrogateescape")).digest()
    return int.from_bytes(digest[:8], "big")


class FileResult(msgspec.Struct):
    """Everything a renderer needs about one file, computed in whichever process ran it."""

    path: str
    title: str = ""
    ruleset: str = ""
    # (index, events, refused) of each action, kept only when no on_step callback showed them as they came (a
    # pool's results cross processes); shown ones are only counted, so memory stays flat over any number of actions
    steps: list[tuple[int, list[Any], bool]] = msgspec.field(default_factory=list)
    actions: int = 0
    refusals: int = 0
    final_state: dict[str, Any] | None = None
    view: StateView | None = None  # what the game shows of the final state, made only when it is shown
    seed: int | None = None
    dice_drawn: list[int] = msgspec.field(default_factory=list)
    error: str | None = None
    error_code: int = 0
    error_json: dict[str, Any] | None = None  # the error as the JSON of a batch gives it (message, where, tip)
    notes: list[str] = msgspec.field(default_factory=list)


class _DiceValues:
    """The dice a file draws, passed on from ``inner``: only their values, in a compact array, and only when
    they are shown (``keep``), never every request; a stream of JSON Lines shows none, so it keeps none."""

    __slots__ = ("drawn", "inner", "keep", "values")

    def __init__(self, inner: Any, *, keep: bool) -> None:
        self.inner, self.keep = inner, keep
        self.values = array("q")
        self.drawn = 0

    @property
    def asks_players(self) -> bool:
        return asks_players(self.inner)

    def draw(self, request: Any) -> tuple[int, ...]:
        values = tuple(self.inner.draw(request))
        self.drawn += len(values)
        if self.keep:
            self.values.extend(values)
        return values


def run_file(
    path: str,
    *,
    master_seed: int,
    options: Mapping[str, Any],
    source_factory: Callable[[int | None], Any] | None = None,
    on_step: Callable[[FileResult, int, list[Any], bool], None] | None = None,
    view: bool = False,
    text: bytes | None = None,
    journal: str | None = None,
    journal_force: bool = False,
    keep_dice: bool = True,
) -> FileResult:
    """Load and resolve one file (or ``text`` read earlier, e.g. standard input). Errors are captured in the
    result, never raised (except interrupts). ``keep_dice=False``: the values drawn are not kept (not shown)."""
    result = FileResult(path=path)
    try:
        from tabroll.loading.scenario import load_scenario_file, scenario_from_document
        from tabroll.loading.yaml_source import load_yaml_text

        if text is None:
            scenario = load_scenario_file(path, options)
        else:  # read earlier: standard input, named <stdin>
            document = load_yaml_text(text, source="<stdin>" if path == "-" else path)
            scenario = scenario_from_document(document, options)
        result.title, result.ruleset = scenario.title, scenario.ruleset.id
        seed = scenario.seed if scenario.seed is not None else file_seed(master_seed, scenario.fingerprint or path)
        inner = source_factory(seed) if source_factory is not None else SeededDice(seed)
        session = _DiceValues(inner, keep=keep_dice)
        final = _resolve_all(result, scenario, session, on_step, journal, journal_force)
        if session.drawn:
            result.dice_drawn = session.values.tolist()
            result.seed = getattr(inner, "seed", None)
        result.final_state = scenario.ruleset.summarize_state(final)
        if view:
            result.view = scenario.ruleset.state_view(final)
    except TabrollError as err:
        interrupted()  # Ctrl-C that a library turned into another error (pydantic's SchemaError) stays Ctrl-C
        result.error = err.describe()
        result.error_code = err.exit_code
        result.error_json = err.to_json()  # message, where, tip, exit code, problems
    except OSError as err:
        interrupted()
        if is_output_error(err):  # the output itself cannot be written: no file of the run can be shown
            raise
        _bug(result, err)
    except Exception as err:  # a bug in tabroll: say which file met it, and let the other files run
        interrupted()
        _bug(result, err)
    return result


def _resolve_all(
    result: FileResult,
    scenario: Scenario,
    session: _DiceValues,
    on_step: Callable[[FileResult, int, list[Any], bool], None] | None,
    journal: str | None,
    journal_force: bool,
) -> Any:
    """Resolve every step of the scenario (after those its journal already holds), counting them in ``result``
    and showing each through ``on_step`` (else keeping it): the state the last one leaves."""
    from tabroll.engine import run_scenario

    final = scenario.state
    if journal is not None:  # continue the game recorded there, and record every new step
        from tabroll.journal import open_journal

        book = open_journal(journal, scenario, scenario_path=result.path, force=journal_force)
        final = book.current_state()
        held = book.recorded_steps()
        if held:
            total = len(scenario.steps)
            if held == total:
                note = n_(
                    "{journal} already holds this file's {n} action: it is not resolved again",
                    "{journal} already holds every one of this file's {n} actions: they are not resolved again",
                    total,
                    journal=journal,
                )
            else:
                note = n_(
                    "{journal} already holds the first {held} of this file's {n} action: they are not resolved again",
                    "{journal} already holds the first {held} of this file's {n} actions: they are not resolved again",
                    total,
                    journal=journal,
                    held=held,
                )
            result.notes.append(note)
        steps = book.run(lambda: session)
    else:
        steps = run_scenario(scenario, lambda: session)
    for step in steps:
        refused = step.resolution.refused
        result.actions += 1
        result.refusals += refused
        if on_step is not None:  # shown now, and counted: nothing of it is kept
            on_step(result, step.index, list(step.resolution.events), refused)
        else:
            result.steps.append((step.index, list(step.resolution.events), refused))
        final = step.resolution.state
    return final


def _bug(result: FileResult, err: BaseException) -> None:
    result.error = (
        f"{result.path}: "
        + _("internal error: {error}", error=f"{type(err).__name__}: {err}")
        + "\n"
        + _("This is a bug in tabroll; please report it with this file and the command you ran.")
    )
    result.error_code = EXIT_INTERNAL
    result.error_json = {"message": f"internal error: {type(err).__name__}: {err}", "exit_code": EXIT_INTERNAL}


OUTCOMES = {0: "resolved", 1: "refused", 2: "input_error", EXIT_INTERNAL: "internal_error", EXIT_OUTPUT: "output_error"}
"""A file's outcome in the JSON of a batch, by the exit code it makes."""


def outcome(result: FileResult) -> str:
    if result.error is None:
        return "refused" if result.refusals else "resolved"
    return OUTCOMES.get(result.error_code, "input_error")


def _run_for_pool(args: tuple[str, int, dict[str, Any], bytes | None, bool]) -> FileResult:
    path, master_seed, options, text, view = args
    return run_file(path, master_seed=master_seed, options=options, text=text, view=view)


def run_many(
    paths: list[str],
    *,
    master_seed: int,
    options: Mapping[str, Any],
    jobs: int,
    stdin_text: bytes | None = None,
    view: bool = False,
) -> Iterator[FileResult]:
    """Results in the order of ``paths``, whatever the number of processes (``-`` reads ``stdin_text``);
    ``view``: each result holds the game's view of its final state."""
    work = [(p, master_seed, dict(options), stdin_text if p == "-" else None, view) for p in paths]
    if jobs <= 1 or len(paths) <= 1:
        for item in work:
            yield _run_for_pool(item)
        return
    from tabroll.batch.workers import WorkerDied, in_order, process_pool, workers_for

    jobs = workers_for(jobs, len(paths))  # a worker for each file at most
    done = 0
    try:
        with process_pool(jobs) as pool:
            chunk = max(1, min(32, len(paths) // (jobs * 8) or 1))
            for result in in_order(pool, _run_for_pool, work, chunksize=chunk):
                done += 1
                yield result
    except WorkerDied as died:
        for path in paths[done:]:  # every file not reported yet is named, and counted as not run
            said = {"message": _("not run: {why}", why=died.message), "exit_code": died.exit_code}
            yield FileResult(path=path, error=f"{path}: " + _("not run: {why}", why=died.message),
                             error_code=died.exit_code, error_json=said)  # fmt: skip


class Totals(msgspec.Struct):
    """The counts of a run, and the exit code they make."""

    files: int = 0
    actions: int = 0
    refusals: int = 0
    errors: int = 0
    bugs: int = 0
    unwritten: int = 0  # files whose results (a journal, say) could not be written

    @property
    def exit_code(self) -> int:
        from tabroll.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_REFUSED

        if self.bugs:
            return EXIT_INTERNAL
        if self.unwritten:
            return EXIT_OUTPUT
        if self.errors:
            return EXIT_BAD_INPUT
        return EXIT_REFUSED if self.refusals else EXIT_OK

    def exit_reason(self) -> str:
        """Why the run ends with its exit code, in a sentence ("" for 0): a refused action makes exit 1 even in a
        run where every refusal is what the scenario shows, and that deserves a word."""
        if self.bugs:
            return n_(
                "exit 70: {n} file met a bug in tabroll (see the errors above)",
                "exit 70: {n} files met a bug in tabroll (see the errors above)",
                self.bugs,
            )
        if self.unwritten:
            return n_(
                "exit 74: what {n} file gave could not be written (see the errors above)",
                "exit 74: what {n} files gave could not be written (see the errors above)",
                self.unwritten,
            )
        if self.errors:
            return n_(
                "exit 2: {n} file had bad input (see the errors above); the others ran",
                "exit 2: {n} files had bad input (see the errors above); the others ran",
                self.errors,
            )
        if self.refusals:
            return n_(
                "exit 1: the rules refused {n} action (each 'refused' line says why); a refusal is the rules' answer,"
                " not a failure of the run: scenarios that show refusals end this way",
                "exit 1: the rules refused {n} actions (each 'refused' line says why); a refusal is the rules' answer,"
                " not a failure of the run: scenarios that show refusals end this way",
                self.refusals,
            )
        return ""


class Batch:
    """``tabroll run``: the files in order (one process or a pool), each file's events to the renderer as they
    come, its final state and how to replay its dice after them, its error (if any) on standard error."""

    def __init__(
        self,
        paths: list[str],
        choice: DiceChoice,
        renderer: Any,
        *,
        options: Mapping[str, Any],
        jobs: int = 1,
        journal: str | None = None,
        journal_force: bool = False,
        state: bool = True,
    ) -> None:
        if paths.count("-") > 1:
            raise InputError(
                _("standard input ('-') can be read only once in a run"), tip=_("give '-' once among the files")
            )
        if choice.prompt and jobs > 1:
            raise InputError(_("--prompt asks at the table, one roll at a time"), tip=_("use it with --jobs 1"))
        if journal is not None and (len(paths) != 1 or jobs != 1 or paths == ["-"]):
            raise InputError(_("a journal follows one scenario file"), tip=_("give one file (not '-') and no --jobs"))
        if choice.given is not None and len(paths) > 1:
            raise InputError(
                _("--dice gives the rolls of one file"), tip=_("with several files, put dice: lists in them")
            )
        workers = 1
        if jobs > 1 and len(paths) > 1:  # a pool (the one-process run never imports the workers' module)
            from tabroll.batch.workers import workers_for

            workers = workers_for(jobs, len(paths))  # never more processes than files
        self.asked_jobs = jobs
        self.paths, self.choice, self.renderer = paths, choice, renderer
        self.options, self.jobs, self.journal, self.journal_force = options, workers, journal, journal_force
        self.state = state
        self.totals = Totals()
        self.elapsed = 0.0
        self._opened: set[str] = set()
        renderer.start_batch()

    def run(self, read_stdin: Callable[[int], bytes], *, on_file: Callable[[], None] | None = None) -> Totals:
        """Run every file; ``read_stdin(limit)`` reads standard input when a pool needs it as bytes."""
        started = time.perf_counter()
        if self.jobs > 1:
            from tabroll.batch.workers import warn_past_cores

            warn_past_cores(self.asked_jobs, self.jobs)
        with contextlib.ExitStack() as stack:
            if len(self.paths) > 1:
                from tabroll.batch.workers import doing

                stack.enter_context(doing(self._done))
            self._run(read_stdin, on_file)
        self.renderer.close()
        self.elapsed = time.perf_counter() - started
        return self.totals

    def _done(self) -> str:
        """What an interrupt leaves: the files done (shown above), and the run's master seed to run it again."""
        return n_(
            "{done} of {n} file was done (its result is above); master seed {seed}",
            "{done} of {n} files were done (their results are above); master seed {seed}",
            len(self.paths),
            done=self.totals.files,
            seed=self.choice.master,
        )

    def _run(self, read_stdin: Callable[[int], bytes], on_file: Callable[[], None] | None) -> None:
        if self.jobs == 1:
            for path in self.paths:
                result = run_file(
                    path, master_seed=self.choice.master, options=self.options, source_factory=self.choice.source,
                    on_step=self._step, view=self.state, journal=self.journal,
                    journal_force=self.journal_force, keep_dice=self.renderer.shows_dice,
                )  # fmt: skip
                self._finish(result, on_file)
        else:
            stdin_text = read_stdin(2 * 1024 * 1024 + 1) if "-" in self.paths else None
            results = run_many(
                self.paths, master_seed=self.choice.master, options=self.options, jobs=self.jobs, stdin_text=stdin_text,
                view=self.state,
            )  # fmt: skip
            for result in results:
                # a worker resolved it; this process says its events, so it plays the file's game too (its words
                # for tabroll's sentences, its language under --lang game), as --jobs 1 does in run_file
                if result.ruleset:
                    from tabroll.engine import find_ruleset

                    with contextlib.suppress(TabrollError):  # the worker found it; if this process cannot, words stay
                        find_ruleset(result.ruleset)
                for index, events, refused in result.steps:
                    self._step(result, index, events, refused)
                self._finish(result, on_file)

    def _begin(self, result: FileResult) -> None:
        if result.path not in self._opened:
            self._opened.add(result.path)
            self.renderer.header(title=result.title, ruleset=result.ruleset, file=result.path)

    def _step(self, result: FileResult, index: int, events: list[Any], refused: bool) -> None:
        self._begin(result)
        for event in events:
            self.renderer.event(event, file=result.path, action=index)

    def _finish(self, result: FileResult, on_file: Callable[[], None] | None) -> None:
        totals = self.totals
        totals.files += 1
        totals.actions += result.actions
        totals.refusals += result.refusals
        if result.error is not None:
            totals.errors += 1
            totals.bugs += result.error_code == EXIT_INTERNAL
            totals.unwritten += result.error_code == EXIT_OUTPUT
            sys.stderr.write(_("error: {problem}", problem=visible(result.error, lines=True)) + "\n")  # JSON: exact
        else:
            self._begin(result)
            facts: dict[str, Any] = {"final_state": result.final_state}
            notes = list(result.notes)
            if result.dice_drawn:
                facts["dice_drawn"] = result.dice_drawn
                if self.choice.seeded:
                    facts["seed"] = self.choice.master
                answers = self.choice.prompt or self.choice.answers
                notes.append(self.choice.replay_note(result.dice_drawn, seed=self.choice.master, answers=answers))
            if result.view is not None:  # the game's view of the final state (made when shown), for the renderer
                facts["state_view"] = result.view
            self.renderer.footer(**facts, notes=notes)
        self.renderer.file_done(result.path, outcome(result), result.error_json)
        if on_file is not None:
            on_file()
