"""The ``tabroll`` command line: thin Typer commands that parse, call the engine, and render.

Heavy modules (YAML, pydantic models, Rich) are imported inside the commands that need them, so ``--help`` and
``tabroll roll`` start about as fast as any Typer program can. One error boundary, :func:`main`, turns every
:class:`~tabroll.errors.TabrollError` into a short message and an exit code (0 resolved, 1 refused by the
rules, 2 bad usage or input); nothing a user types produces a traceback.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import typer

from tabroll.cli.shared import _STARTED, _internal_error
from tabroll.errors import (
    EXIT_BAD_INPUT,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_REFUSED,
    INTERRUPTS,
    TabrollError,
)
from tabroll.i18n import _, p_

if TYPE_CHECKING:
    pass
from tabroll.cli.commands import attack, odds, run
from tabroll.cli.commands import info as info_commands
from tabroll.cli.commands import journal as _journal  # noqa: F401  (declares the journal group's commands)
from tabroll.cli.completion import GameWordsCommand, NegativeWordsCommand
from tabroll.cli.flags import GAME_WORDS
from tabroll.cli.typer_app import app, journal_app

# The commands, in the order help lists them (each module declares its own; the table here names them once).
app.command(cls=NegativeWordsCommand)(run.roll)
app.command()(run.run)
app.command(context_settings=GAME_WORDS, cls=GameWordsCommand)(attack.attack)
app.command(context_settings=GAME_WORDS, cls=GameWordsCommand)(odds.odds)
app.command(context_settings=GAME_WORDS, cls=GameWordsCommand)(odds.matrix)
app.command("check-skill")(attack.check_skill)
app.command()(attack.play)
app.add_typer(journal_app)
app.command()(info_commands.check)
app.command()(info_commands.schema)
app.command()(info_commands.rulesets)
app.command()(info_commands.units)
app.command()(info_commands.rules)
app.command()(info_commands.new)


def _reflowed(doc: str) -> str:
    """A docstring as help shows it: each paragraph of prose on one line (Rich wraps it to the terminal), and each
    indented paragraph (the examples) kept line by line, as they are typed. Rich help keeps a docstring's line
    breaks, which were only made for the source's width."""
    import inspect

    paragraphs = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        lines = paragraph.split("\n")
        if all(line.startswith("    ") for line in lines if line.strip()):
            paragraphs.append("\n".join(line.strip() for line in lines if line.strip()))
        else:
            paragraphs.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(paragraphs)


def _teach(typer_app: typer.Typer) -> None:
    """Give every command (and the app itself) its docstring, reflowed, as its help."""
    for info, _where in _command_infos(typer_app):
        unset = info.help is None or isinstance(info.help, _placeholder())
        if unset and info.callback is not None and info.callback.__doc__:
            info.help = _reflowed(info.callback.__doc__)


def _placeholder() -> type:
    from typer.models import DefaultPlaceholder

    return DefaultPlaceholder


def _command_infos(typer_app: typer.Typer, path: str = "tabroll") -> Iterator[tuple[Any, str]]:
    """Each command of ``typer_app`` (and its callback, and its groups'), with the words that run it."""
    infos: list[Any] = [*typer_app.registered_commands]
    if typer_app.registered_callback is not None:
        infos.append(typer_app.registered_callback)
    for info in infos:
        name = info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
        yield info, path if name.startswith("-") or info is typer_app.registered_callback else f"{path} {name}"
    for group in typer_app.registered_groups:
        if isinstance(group.typer_instance, typer.Typer):
            name = group.typer_instance.info.name
            words = f"{path} {name if isinstance(name, str) else ''}".rstrip()
            yield group.typer_instance.info, words
            yield from _command_infos(group.typer_instance, words)


def _help_holders(typer_app: typer.Typer) -> Iterator[tuple[Any, str]]:
    """Everything in ``typer_app`` whose ``help`` a person reads: each command and group, and each of their
    options and arguments (declared in the commands' signatures, or in :mod:`tabroll.cli.flags`)."""
    import typing

    from typer.models import ParameterInfo

    for info, where in _command_infos(typer_app):
        yield info, where
        callback = getattr(info, "callback", None)
        if not callable(callback):
            continue
        hints = typing.get_type_hints(callback, include_extras=True)
        # The annotations are text (``from __future__ import annotations``): each reading makes new options, so
        # the ones read here are kept as the annotations, for Typer to read the very options whose help is told.
        callback.__annotations__.update(hints)
        for name, parameter in __import__("inspect").signature(callback).parameters.items():
            found = [parameter.default, *getattr(hints.get(name), "__metadata__", ())]
            for holder in found:
                if isinstance(holder, ParameterInfo):
                    yield holder, f"{where} {name}"


_ENGLISH_HELP: dict[int, tuple[Any, str]] = {}
"""Each help text as written (by the holder's id), so that a command can be told again in another language."""


def _speak_help(typer_app: typer.Typer) -> None:
    """The help of ``typer_app`` in the language chosen (:mod:`tabroll.i18n`); in English, as written."""
    from tabroll import i18n

    if i18n.language() == i18n.ENGLISH and not _ENGLISH_HELP:
        return  # never translated: nothing to put back
    for holder, _where in _help_holders(typer_app):
        kept = _ENGLISH_HELP.get(id(holder))
        if kept is None:
            english = holder.help
            if not isinstance(english, str) or not english:
                continue
            _ENGLISH_HELP[id(holder)] = kept = (holder, english)
        holder.help = i18n._(kept[1])


def help_texts() -> Iterator[tuple[str, str, int]]:
    """Every help text of the command line in English, with the file and line of the command it belongs to (for
    the catalogues)."""
    import inspect
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent.parent
    for holder, where in _help_holders(app):
        kept = _ENGLISH_HELP.get(id(holder))
        english = kept[1] if kept is not None else holder.help
        if isinstance(english, str) and english:
            command = where.split(" ")[1] if " " in where else ""
            callback = next((i.callback for i, w in _command_infos(app) if w.split(" ")[1:2] == [command]), None)
            try:
                path = Path(inspect.getsourcefile(callback) or __file__) if callable(callback) else Path(__file__)
                line = inspect.getsourcelines(callback)[1] if callable(callback) else 0
            except (OSError, TypeError):
                path, line = Path(__file__), 0
            yield english, str(path.resolve().relative_to(root)), line


def _language_flag(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang CODE`` (or ``--lang=CODE``) anywhere in the words before a lone ``--``, and the words without it:
    every command takes it, so it is read before Typer sees the command."""
    rest: list[str] = []
    chosen: str | None = None
    words = iter(args)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        if word == "--lang":
            value = next(words, None)
            if value is None or value.startswith("-"):
                from tabroll import i18n
                from tabroll.errors import InputError

                raise InputError(
                    _("--lang needs a language code"),
                    tip=_(
                        "e.g. --lang pt; the languages: {languages}, or {game}",
                        languages=", ".join(i18n.LANGUAGES),
                        game=i18n.GAME,
                    ),
                )
            chosen = value
        elif word.startswith("--lang="):
            chosen = word.split("=", 1)[1]
        else:
            rest.append(word)
    return chosen, rest


_teach(app)


def _app_for(argv: list[str] | None) -> typer.Typer:
    """The app holding only the command being run.

    Typer converts every command's parameters on each start (about 12 ms for all of ours, against 1 ms for
    one). When the first word names a command, a shallow copy of the app with just that command runs instead;
    ``--help``, no command, or an unknown word keep the whole app, so help and "no such command" see all.
    """
    import copy

    words = [word for word in (sys.argv[1:] if argv is None else argv) if not word.startswith("-")]
    if not words:
        return app
    first = words[0]
    commands = [
        c
        for c in app.registered_commands
        if (c.name or (c.callback.__name__ if c.callback else "").replace("_", "-")) == first
    ]
    groups = [
        g
        for g in app.registered_groups
        if (g.name or (g.typer_instance.info.name if g.typer_instance else None)) == first
    ]
    if len(commands) + len(groups) != 1:
        return app
    small = copy.copy(app)
    small.registered_commands = commands
    small.registered_groups = groups
    return small


class _Interrupted(KeyboardInterrupt):
    """Ctrl-C: one line and exit code 130.

    It must be a ``KeyboardInterrupt``: C code inside CPython that can run a signal handler and then clears the
    error it finds (the constant folding of ``compile``, while a module is imported from source) keeps a
    ``KeyboardInterrupt`` and drops any other exception. An interrupt of another class, landing there, was lost
    without a trace, and the command ran on (the rare hang of Ctrl-C under ``--jobs 2``: seen only where the
    libraries had no bytecode, as with uv's install for CI's lowest versions). Typer turns a
    ``KeyboardInterrupt`` into exit 130 with nothing printed; :func:`main` then prints the one line."""


_interrupts = INTERRUPTS  # Ctrl-C seen during this command (a library may wrap, or swallow, the exception it raises)


def _on_interrupt(signum: int, frame: object) -> None:
    _interrupts.append(signum)
    raise _Interrupted


def _quiet_interrupts(previous: Any) -> Any:
    """A ``sys.unraisablehook`` that keeps quiet about a Ctrl-C raised where Python cannot raise (a weak
    reference's callback, such as the import system's module locks, or a ``__del__``): Python would print it
    as "Exception ignored in …" with a traceback. The handler has recorded it in ``INTERRUPTS``, so the long
    loops stop at their next look, and :func:`main` ends with exit 130. Anything else goes to ``previous``."""

    def hook(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and _interrupts:
            return
        previous(unraisable)

    return hook


def _on_late_interrupt(signum: int, frame: object) -> None:
    """Ctrl-C after the command's work, while the output is flushed: remembered, and the exit code says so."""
    _interrupts.append(signum)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``tabroll`` command: run the app, turn every failure into a message and exit code.

    Typer reports usage errors itself (exit 2). Our own errors, interrupts and broken pipes are handled here.
    """
    import signal
    import time

    entry = sys.modules.get("tabroll.cli.entry")
    _STARTED[:] = [entry.STARTED if argv is None and entry is not None else time.monotonic()]
    _prepare_streams(argv)
    _interrupts.clear()
    previous = signal.getsignal(signal.SIGINT)
    unraisable = sys.unraisablehook
    sys.unraisablehook = _quiet_interrupts(unraisable)
    try:  # an interrupt between the handlers below (leaving a clause, entering finally) is still an interrupt
        # Installed inside the try: the handler may run before signal.signal() itself has returned.
        signal.signal(signal.SIGINT, _on_interrupt)
        try:
            code = _run(argv)
        finally:
            signal.signal(signal.SIGINT, _on_late_interrupt if argv is None else previous)
    except (_Interrupted, KeyboardInterrupt):
        signal.signal(signal.SIGINT, _on_late_interrupt if argv is None else previous)
        sys.stderr.write(_interrupted())
        code = EXIT_INTERRUPTED
    code = _flushed(code)
    if argv is None:
        _hold_interrupts()
    if _interrupts and code != EXIT_INTERRUPTED and argv is None:
        sys.stderr.write(_interrupted())
        code = EXIT_INTERRUPTED
    _interrupts.clear()  # this command's; work done after it in the same process (tests) is not interrupted
    if argv is not None:  # in a program that called main(): its own hook again (a process keeps ours to its end)
        sys.unraisablehook = unraisable
    raise SystemExit(code)


def _hold_interrupts() -> None:
    """From here on a Ctrl-C waits, unseen, until the process is gone: the exit code and the "interrupted" line
    are decided once, just below, and nothing can end the command otherwise. Without this, a Ctrl-C that came
    after that decision, once Python's own shutdown had set every handler back to the default, killed the process
    by the signal (exit -2 to its parent) with no line: 2 of 24 short commands interrupted at random moments. A
    Ctrl-C held here came after the work and its output were whole; the command ends as they say."""
    import signal

    standard_output_and_error = (sys.stdout, sys.stderr)
    for stream in standard_output_and_error:  # nothing left to write once Ctrl-C is held (a full pipe can block)
        with contextlib.suppress(Exception):
            stream.flush()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _prepare_streams(argv: list[str] | None) -> None:
    """Standard output and error as a command line tool needs them: every byte written or said not to be, no
    crash on a name that is not UTF-8, and a quiet stop when the reader of a pipe leaves."""
    import signal

    from tabroll.cli import output_stream

    if argv is None:
        output_stream.install()  # every byte of the result is written, or the command says it was not
    for stream in (sys.stdout, sys.stderr):
        # A file name that is not UTF-8 (kept by Python as surrogates) must not crash the output.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")
    if hasattr(signal, "SIGPIPE") and argv is None:
        # 'tabroll run ... | head -1': when the reader leaves, stop quietly as any Unix filter does.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)


def _run(argv: list[str] | None) -> int:
    """The command, and its exit code: every error a message on standard error. An error that Ctrl-C caused is
    raised as the interrupt it is, for :func:`main` to tell."""
    from tabroll import i18n
    from tabroll.cli import click_words, output_stream

    try:
        flag, args = _language_flag(list(sys.argv[1:] if argv is None else argv))
        i18n.use(i18n.choose(flag))
        i18n.enter_game(None, "", "")  # no game yet (a command run before in the same process played one)
        chosen = _app_for(args)
        _speak_help(chosen)
        click_words.speak()
        chosen(args=args, prog_name="tabroll", standalone_mode=True)
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else EXIT_BAD_INPUT)
        if code == EXIT_INTERRUPTED and _interrupts:  # Typer's own answer to the interrupt: no line yet
            sys.stderr.write(_interrupted())
        return code
    except TabrollError as err:
        if _interrupts:  # an error that Ctrl-C caused (a validator that turned it into a ValueError)
            raise _Interrupted from None
        from tabroll.words import visible  # a message quotes what was typed or read: shown, never obeyed

        # "error:" is bad input (exit 2) or a fault (70); the rules' answer (exit 1) is a refusal, and says so.
        said = p_("message", "refused") if err.exit_code == EXIT_REFUSED else p_("message", "error")
        sys.stderr.write(f"{said}: {visible(err.describe(), lines=True)}\n")
        return err.exit_code
    except (_Interrupted, KeyboardInterrupt):
        sys.stderr.write(_interrupted())
        return EXIT_INTERRUPTED
    except OSError as err:
        return output_stream.output_failed(err) if output_stream.is_output_error(err) else _internal_error(err)
    except Exception as err:  # pragma: no cover - a bug in tabroll; keep the message short and actionable
        if _interrupts:  # Ctrl-C inside a library that wrapped our exception in its own (pydantic's SchemaError)
            sys.stderr.write(_interrupted())
            return EXIT_INTERRUPTED
        return _internal_error(err)
    return EXIT_OK


def _flushed(code: int) -> int:
    """``code``, or the exit code of output that could not be written when standard output is flushed."""
    from tabroll.cli import output_stream

    try:
        sys.stdout.flush()
    except OSError as err:
        return output_stream.output_failed(err) if output_stream.is_output_error(err) else _internal_error(err)
    return code


def _interrupted() -> str:
    """``interrupted``, with what the long work under way had done (only when that work ran)."""
    workers = sys.modules.get("tabroll.batch.workers")
    return (workers.interrupted_line() if workers is not None else p_("message", "interrupted")) + "\n"
