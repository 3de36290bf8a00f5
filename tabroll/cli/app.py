"""The ``tabroll`` command line: thin Typer commands that parse, call the engine, and render; each imports its heavy
modules (YAML, pydantic, Rich) itself. One error boundary, :func:`main`, turns every
:class:`~tabroll.errors.TabrollError` into a short message and its exit code: no traceback for anything typed."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any

from tabroll.cli import collector
from tabroll.cli.plain_arguments import PlainGroup
from tabroll.cli.shared import STARTED, internal_error
from tabroll.cli.typer_app import root_app
from tabroll.errors import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, EXIT_REFUSED, INTERRUPTS, TabrollError
from tabroll.i18n import _, p_

_GAME_WORDS: dict[str, Any] = {"context_settings": {"allow_extra_args": True, "ignore_unknown_options": True}}
COMMANDS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "roll": ("run", "roll", {"cls": "NegativeWordsCommand"}),
    "run": ("run", "run", {}),
    "attack": ("attack", "attack", {**_GAME_WORDS, "cls": "GameWordsCommand"}),
    "odds": ("odds", "odds", {**_GAME_WORDS, "cls": "GameWordsCommand"}),
    "matrix": ("odds", "matrix", {**_GAME_WORDS, "cls": "GameWordsCommand"}),
    "check-skill": ("attack", "check_skill", {}),
    "play": ("attack", "play", {}),
    "journal": ("journal", "journal_app", {}),
    "check": ("info", "check", {}),
    "schema": ("info", "schema", {}),
    "rulesets": ("info", "rulesets", {}),
    "units": ("info", "units", {}),
    "rules": ("info", "rules", {}),
    "new": ("info", "new", {}),
}
"""The commands in help's order: the module of ``tabroll.cli.commands`` declaring each (imported only when needed),
its function or Typer group there, and its settings."""


def _declared(name: str) -> tuple[Any, dict[str, Any]]:
    """The function (or Typer group) of command ``name``, and its settings."""
    import importlib

    module, attribute, settings = COMMANDS[name]
    declared = getattr(importlib.import_module(f"tabroll.cli.commands.{module}"), attribute)
    if isinstance(settings.get("cls"), str):
        from tabroll.cli import completion

        settings = {**settings, "cls": getattr(completion, settings["cls"])}
    return declared, settings


def _built(name: str) -> Any:
    """The Click command of ``name``, in English, made from its Typer declaration."""
    import typer
    from typer.main import get_command

    from tabroll.cli.typer_app import RICH, command

    declared, settings = _declared(name)
    if not isinstance(declared, typer.Typer):  # a function: a Typer app of that one command
        single = typer.Typer(add_completion=False, rich_markup_mode=RICH)
        command(single, name, **settings)(declared)
        declared = single
    return get_command(declared)


def _listed(name: str) -> Any:
    """Command ``name`` as the root's help lists it: its name and its help, in English, and none of its parameters
    (the list reads nothing else; converting every command's parameters is the bulk of what help would cost)."""
    import typer

    from tabroll.cli.plain_arguments import PlainCommand
    from tabroll.cli.typer_app import reflowed

    declared, _settings = _declared(name)
    text = declared.info.help if isinstance(declared, typer.Typer) else reflowed(declared.__doc__ or "")
    return PlainCommand(name=name, help=text)


def _told(command: Any) -> Any:
    """``command`` (and its subcommands) with each ``help`` looked up in tabroll's catalogue for the language."""
    from tabroll import i18n

    if i18n.language() == i18n.ENGLISH:
        return command
    for holder in (command, *command.params):
        text = getattr(holder, "help", None)
        if isinstance(text, str) and text:
            holder.help = _(text)
    commands = getattr(command, "commands", None)
    if isinstance(commands, dict) and not isinstance(command, Commands):  # the root's are told as each is made
        for sub in commands.values():
            _told(sub)
    return command


class Commands(PlainGroup):
    """The root group: a command is made from its declaration only when asked for (Click's lazy-subcommand hooks
    ``list_commands`` and ``get_command``); ``commands`` knows every name, for Typer's suggestion on a typo."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self.commands = dict.fromkeys(COMMANDS)  # type: ignore[assignment]  # None: not made yet
        self._listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The root's help, whose list of commands shows each one's name and help only (:func:`_listed`)."""
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in COMMANDS and self.commands[cmd_name] is None:
            if self._listing:  # listed in help, not run: not kept, so a run makes the whole command
                return _told(_listed(cmd_name))
            self.commands[cmd_name] = _told(_built(cmd_name))
        return self.commands.get(cmd_name)


app = root_app(Commands)


def _help_holders() -> Iterator[tuple[Any, str, Any]]:
    """Everything whose English ``help`` a person reads (the app, each command, group and parameter), with the words
    that run it and the function that declares it (``None`` for the app and the journal group)."""
    from typer.main import get_command

    root = get_command(app)
    yield from ((holder, "tabroll", None) for holder in _own_holders(root))
    for name in COMMANDS:
        built = _built(name)
        declared = _declared(name)[0] if name != "journal" else None
        yield from ((holder, f"tabroll {name}", declared) for holder in _own_holders(built))
        for sub_name, sub in getattr(built, "commands", {}).items():
            yield from ((holder, f"tabroll {name} {sub_name}", declared) for holder in _own_holders(sub))


def _own_holders(command: Any) -> Iterator[Any]:
    """``command`` and its parameters, but not the ones Typer adds (shell completion), whose words are Typer's."""
    yield command
    yield from (p for p in command.params if p.name not in ("install_completion", "show_completion"))


def help_texts() -> Iterator[tuple[str, str, int]]:
    """Every English help text, with the file and line of its command (for the catalogues)."""
    import inspect
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent.parent
    for holder, _where, declared in _help_holders():
        english = getattr(holder, "help", None)
        if isinstance(english, str) and english:
            try:
                path = Path(inspect.getsourcefile(declared) or __file__) if callable(declared) else Path(__file__)
                line = inspect.getsourcelines(declared)[1] if callable(declared) else 0
            except (OSError, TypeError):
                path, line = Path(__file__), 0
            yield english, str(path.resolve().relative_to(root)), line


def _language_flag(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang CODE`` (or ``--lang=CODE``) anywhere before a lone ``--``, and the words without it: read before
    Typer sees the command, since every command takes it."""
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


class _Interrupted(KeyboardInterrupt):
    """Ctrl-C: one line and exit code 130. A ``KeyboardInterrupt``, because CPython code that clears the error
    after running a signal handler (``compile``'s constant folding) keeps only that kind; Typer exits 130 on it."""


def _on_interrupt(signum: int, frame: object) -> None:
    INTERRUPTS.append(signum)
    raise _Interrupted


def _quiet_interrupts(previous: Any) -> Any:
    """A ``sys.unraisablehook`` quiet about a Ctrl-C raised where Python cannot raise (a weak reference's callback,
    a ``__del__``), which it would print with a traceback: ``INTERRUPTS`` has it, so the long loops stop and
    :func:`main` exits 130. Anything else goes to ``previous``."""

    def hook(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and INTERRUPTS:
            return
        previous(unraisable)

    return hook


def _on_late_interrupt(signum: int, frame: object) -> None:
    """Ctrl-C after the command's work, while the output is flushed: remembered, and the exit code says so."""
    INTERRUPTS.append(signum)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``tabroll`` command: run the app, turn every failure into a message and exit code (Typer
    reports usage errors itself, exit 2)."""
    import os
    import signal
    import time

    entry = sys.modules.get("tabroll.cli.entry")
    STARTED[:] = [entry.STARTED if argv is None and entry is not None else time.monotonic()]
    _prepare_streams(argv)
    if argv is None:  # no pydantic plugins (finding them reads every distribution's entry points) unless asked for
        os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    INTERRUPTS.clear()
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
        collector.at_exit()
    if INTERRUPTS and code != EXIT_INTERRUPTED and argv is None:
        sys.stderr.write(_interrupted())
        code = EXIT_INTERRUPTED
    INTERRUPTS.clear()  # this command's; work done after it in the same process (tests) is not interrupted
    if argv is not None:  # in a program that called main(): its own hook again (a process keeps ours to its end)
        sys.unraisablehook = unraisable
    raise SystemExit(code)


def _hold_interrupts() -> None:
    """From here on a Ctrl-C is blocked until the process is gone: the exit code is decided, and after Python's
    shutdown resets the handlers a Ctrl-C would kill the process with no line. The output is whole by now."""
    import signal

    for stream in (sys.stdout, sys.stderr):  # nothing left to write once Ctrl-C is held (a full pipe can block)
        with contextlib.suppress(Exception):
            stream.flush()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _prepare_streams(argv: list[str] | None) -> None:
    """Standard output and error as a command line tool needs them: every byte written or said not to be, no
    crash on a name that is not UTF-8, a quiet stop when a pipe's reader leaves."""
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
    """The command's exit code, every error a message on standard error; an error Ctrl-C caused is re-raised as
    the interrupt, for :func:`main` to tell."""
    from tabroll import i18n
    from tabroll.cli import click_words, output_stream

    try:
        flag, args = _language_flag(list(sys.argv[1:] if argv is None else argv))
        i18n.use(i18n.choose(flag))
        i18n.enter_game(None, "", "")  # no game yet (a command run before in the same process played one)
        click_words.speak()
        from typer.main import get_command

        _told(get_command(app)).main(args=args, prog_name="tabroll", standalone_mode=True)
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else EXIT_BAD_INPUT)
        if code == EXIT_INTERRUPTED and INTERRUPTS:  # Typer's own answer to the interrupt: no line yet
            sys.stderr.write(_interrupted())
        return code
    except TabrollError as err:
        if INTERRUPTS:  # an error that Ctrl-C caused (a validator that turned it into a ValueError)
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
        return output_stream.output_failed(err) if output_stream.is_output_error(err) else internal_error(err)
    except Exception as err:  # pragma: no cover - a bug in tabroll; keep the message short and actionable
        if INTERRUPTS:  # Ctrl-C inside a library that wrapped our exception in its own (pydantic's SchemaError)
            sys.stderr.write(_interrupted())
            return EXIT_INTERRUPTED
        return internal_error(err)
    return EXIT_OK


def _flushed(code: int) -> int:
    """``code``, or the exit code of output that could not be written when standard output is flushed."""
    from tabroll.cli import output_stream

    try:
        sys.stdout.flush()
    except OSError as err:
        return output_stream.output_failed(err) if output_stream.is_output_error(err) else internal_error(err)
    return code


def _interrupted() -> str:
    """``interrupted``, with what the long work under way had done (only when that work ran)."""
    workers = sys.modules.get("tabroll.batch.workers")
    return (workers.interrupted_line() if workers is not None else p_("message", "interrupted")) + "\n"
