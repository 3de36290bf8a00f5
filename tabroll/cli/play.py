"""``tabroll play FILE``: the table session in a terminal, and ``tabroll journal state``.

On a terminal the prompt has line editing, history and completion (``readline``, where Python has it); when
standard input is not a terminal (a script, a pipe, a test) each line is read as it comes and echoed after the
prompt, so the output reads as a transcript. Ctrl-C at the prompt clears the line; Ctrl-C while an action asks for
its dice cancels the action (nothing is recorded); Ctrl-D or ``quit`` ends the session, exit code 0."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from tabroll.cli.shared import PLAY_FORMATS
from tabroll.errors import InputError
from tabroll.i18n import _, n_
from tabroll.play.words import MAX_LINE
from tabroll.words import visible

PROMPT = "tabroll> "


class LineTooLong(Exception):
    pass


class Lines:
    """Reads typed lines: with readline on a terminal, else line by line from ``stdin``, echoed to ``out``."""

    def __init__(self, stdin: TextIO, out: TextIO, *, interactive: bool, complete: Callable[[str], list[str]]) -> None:
        self.stdin, self.out, self.interactive = stdin, out, interactive
        self._complete = complete
        self._matches: list[str] = []
        self.readline: Any = None
        if interactive:
            try:
                import readline
            except ImportError:  # pragma: no cover - a Python built without readline: plain input() still works
                pass
            else:
                readline.set_completer(self._completer)
                readline.set_completer_delims(" \t\n")
                binding = "bind ^I rl_complete" if "libedit" in (readline.__doc__ or "") else "tab: complete"
                readline.parse_and_bind(binding)
                self.readline = readline

    def _completer(self, text: str, state: int) -> str | None:
        """Each candidate for the word under the cursor. A whole word is offered with the space after it, as a
        shell completes (Python's readline adds none itself); a ``key=`` field is not, its value follows."""
        if state == 0:
            before = self.readline.get_line_buffer()[: self.readline.get_endidx()] if self.readline else text
            self._matches = [m if m.endswith("=") else m + " " for m in self._complete(before)]
        return self._matches[state] if state < len(self._matches) else None

    def read(self, prompt: str) -> str:
        """One line without its end (``EOFError`` at the end of input, :class:`LineTooLong` past the limit)."""
        if self.interactive:
            self.out.flush()
            line = input(visible(prompt, lines=True))
            if len(line) > MAX_LINE:
                raise LineTooLong
            return line
        self.out.write(visible(prompt, lines=True))  # a question names units from the file
        self.out.flush()
        try:
            line = self.stdin.readline(MAX_LINE + 1)
        except UnicodeDecodeError:
            self.out.write("\n")
            raise LineTooLong from None
        if not line:
            self.out.write("\n")
            raise EOFError
        if len(line) > MAX_LINE and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):  # drop the rest of the long line, a piece at a time
                rest = self.stdin.readline(MAX_LINE + 1)
            self.out.write("…\n")
            raise LineTooLong
        line = line.rstrip("\r\n")
        self.out.write(visible(line) + "\n")  # the echo of a script's line: shown, never obeyed by the terminal
        return line


def session(table: Any, lines: Lines) -> int:
    """The prompt loop: one command a line until quit or the end of input; always exit code 0."""
    table.welcome()
    while True:
        try:
            line = lines.read(PROMPT)
        except EOFError:
            break
        except LineTooLong:
            table.say(
                _("error: the line is longer than {n} characters (or not UTF-8); nothing was done", n=f"{MAX_LINE:,}")
            )
            continue
        except KeyboardInterrupt:
            lines.out.write("\n")  # Ctrl-C at the prompt: the line is dropped, the prompt comes back
            continue
        try:
            if not table.handle(line):
                break
        except KeyboardInterrupt:
            table.say("\n" + _("cancelled: nothing was recorded"))
        except EOFError:
            break
    table.say(_("bye: the game is saved in {path}", path=str(table.journal_path)))
    return 0


def _asking(lines: Lines) -> Any:
    from tabroll.dice.session import Asking

    def ask(question: str) -> str:
        try:
            return lines.read(question)
        except LineTooLong:
            return "?" * 2  # answered as a bad value: the question is asked again

    def tell(message: str) -> None:
        lines.out.write(visible(message, lines=True) + "\n")
        lines.out.flush()

    def ask_secret(question: str) -> str:
        if not lines.interactive:
            return ask(question)
        from tabroll.cli.shared import hidden_answer

        return hidden_answer(question, lines.out)

    return Asking(ask, tell, ask_secret)


def play_command(file: str, *, journal: str | None, fmt: str | None, force: bool, seed: int | None = None) -> int:
    """``tabroll play``: load the file, open (or start) its journal, and run the session on this terminal."""
    from tabroll.dice.session import check_seed
    from tabroll.loading.scenario import load_scenario_file
    from tabroll.play.session import Table, default_journal
    from tabroll.render.output import default_format

    chosen = fmt or default_format()
    if chosen not in PLAY_FORMATS:
        raise InputError(
            _("play shows a log for people, not {format}", format=chosen), tip="--format text or --format rich"
        )
    if file == "-":
        raise InputError(
            _("play reads its commands from standard input; the scenario must be a file"),
            tip=_("save the scenario to a file and give its name: tabroll play FILE"),
        )
    scenario = load_scenario_file(file)
    interactive = sys.stdin.isatty()
    box: list[Any] = []
    lines = Lines(sys.stdin, sys.stdout, interactive=interactive, complete=lambda before: box[0].complete(before))
    table = Table(
        scenario,
        scenario_path=file,
        journal_path=journal or default_journal(file),
        out=sys.stdout,
        asking=_asking(lines),
        fmt=chosen,
        force=force,
        seed=check_seed(seed),
    )
    box.append(table)
    previous = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C clears the line; it does not end the session
    try:
        return session(table, lines)
    finally:
        signal.signal(signal.SIGINT, previous)


def journal_state_command(path: str, *, fmt: str | None, scenario: str | None, force: bool) -> None:
    """``tabroll journal state J``: the board and units after every recorded action."""
    import json

    from tabroll.cli.shared import output_format
    from tabroll.journal.book import read_game
    from tabroll.render.state import (
        STATE_FORMATS,
        state_document,
        state_markdown,
        state_records,
        state_rich,
        state_text,
    )

    chosen = output_format(fmt or None, formats=STATE_FORMATS)
    book = read_game(path, scenario_path=scenario, force=force)
    game, state, count = book.ruleset, book.current_state(), len(book.records)
    title = n_(
        "{scenario} ({game}) after {n} action:",
        "{scenario} ({game}) after {n} actions:",
        count,
        scenario=book.header.scenario,
        game=game.id,
    )
    if chosen == "json":
        document = state_document(game, state, journal=str(Path(path)), scenario=book.header.scenario, actions=count)
        sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
    elif chosen == "jsonl":
        for record in state_records(game, state):
            sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    elif chosen == "rich":
        from rich.console import Console

        Console(highlight=False).print(state_rich(game, state, title=title))
    else:
        view = state_markdown if chosen == "markdown" else state_text
        lines = view(game, state, title=title)
        sys.stdout.write("\n".join(lines) + "\n")
