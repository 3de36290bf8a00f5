"""What the commands share: the chosen format, the dice a command rolls with, questions at the table, and the
little parsers of ``NAME=VALUE`` options and name lists."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import typer

from tabroll.errors import EXIT_INTERNAL, EXIT_REFUSED, InputError
from tabroll.i18n import N_, _

if TYPE_CHECKING:
    from tabroll.dice.session import DiceChoice, Session


def output_format(
    fmt: str | None, *, brief: bool = False, formats: tuple[str, ...] | None = None, command: str | None = None
) -> str:
    """The output format: ``--format`` (checked against the command's ``formats``; an error names ``command``
    when given), ``--brief``, or the default for where the output goes (rich on a terminal, text in a pipe)."""
    from tabroll.render.output import FORMATS, default_format

    allowed = formats or FORMATS
    if brief:
        if fmt not in (None, "brief"):
            raise InputError(
                _("--brief and --format {format} ask for two formats", format=fmt), tip=_("give one of them")
            )
        return "brief"
    if fmt is None:
        return default_format()
    if fmt not in allowed:
        raise InputError(
            _("unknown output format '{format}' for {command}", format=fmt, command=command)
            if command
            else _("unknown output format '{format}'", format=fmt),
            tip=_("use one of: {choices}", choices=", ".join(allowed)),
        )
    return fmt


REPORT_FORMATS = ("rich", "text", "json", "jsonl", "markdown")
"""The formats of ``odds`` and ``matrix`` (a report, not a log of actions: no ``brief``)."""
PLAY_FORMATS = ("rich", "text")  # play shows a log for people
UNITS_FORMATS = ("rich", "text", "json", "jsonl")


def report_format(fmt: str | None, svg: str | None, png: str | None = None) -> str:
    """The format of a report (``odds``, ``matrix``), its picture files and PNG renderer checked before the work."""
    chosen = output_format(fmt, formats=REPORT_FORMATS)
    if svg is not None:
        from tabroll.render.svg import check_picture_path

        check_picture_path(svg)
    if png is not None:
        from tabroll.render.png import check_png_available
        from tabroll.render.svg import check_picture_path

        check_picture_path(png, "--png")
        check_png_available()
    return chosen


def draw_pictures(svg: str | None, picture: Callable[[], str], png: str | None = None) -> None:
    """The picture (drawn only when asked for, once) written to ``--svg`` and to ``--png``."""
    if svg is None and png is None:
        return
    drawn = picture()
    if svg is not None:
        from tabroll.render.svg import write_picture

        write_picture(svg, drawn)
    if png is not None:
        from tabroll.render.png import write_png

        write_png(png, drawn)


@contextlib.contextmanager
def fenced(fmt: str) -> Iterator[str]:
    """A report's format, Markdown as text in a code block (where a chat keeps a table's columns)."""
    if fmt != "markdown":
        yield fmt
        return
    sys.stdout.write("```text\n")
    yield "text"
    sys.stdout.write("```\n")


def dice_choice(
    seed: int | None, dice: str | None, prompt: bool, answers: bool = False, *, signed: bool = False
) -> DiceChoice:
    """The one way every command reads --seed, --dice, --prompt and --answers (``signed``: Fudge faces too)."""
    from tabroll.dice.session import Asking, DiceChoice

    return DiceChoice(seed, dice, prompt, answers, asking=Asking(_ask, _tell, _ask_secret), signed=signed)


def dice_session(
    seed: int | None, dice: str | None, prompt: bool, answers: bool = False, *, signed: bool = False
) -> Session:
    from tabroll.dice.session import Session

    return Session(dice_choice(seed, dice, prompt, answers, signed=signed))


def show_one(
    fmt: str,
    session: Session,
    resolution: Any,
    *,
    title: str,
    ruleset: str,
    file: str | None = None,
    index: int = 1,
    final_state: dict[str, Any] | None = None,
) -> None:
    """Render one resolved action (attack, skill test), warn about unused --dice values, exit 1 if refused."""
    from tabroll.render.output import make_renderer

    renderer = make_renderer(fmt)
    renderer.header(title=title, ruleset=ruleset, file=file)
    for event in resolution.events:
        renderer.event(event, action=index)
    renderer.footer(final_state=final_state, **session.facts(), notes=session.replay_lines())
    renderer.close()
    warn(session.choice.leftover_note())
    if resolution.refused:
        raise typer.Exit(EXIT_REFUSED)


MAX_ANSWER = 1_000  # characters in one answer at the --prompt (a die value or a choice needs a few)


def _ask(question: str) -> str:
    from tabroll.words import visible

    sys.stderr.write(visible(question, lines=True))  # a question names units from the file
    sys.stderr.flush()
    try:
        line = sys.stdin.readline(MAX_ANSWER + 1)
    except UnicodeDecodeError:
        sys.stderr.write("\n")
        raise InputError(_("the answer is not UTF-8 text"), tip=_("type the value again with plain digits")) from None
    if not line:
        sys.stderr.write("\n")  # end the unanswered question's line before the error
        raise EOFError
    if len(line) > MAX_ANSWER:
        sys.stderr.write("\n")
        raise InputError(
            _("the answer is longer than {n} characters", n=f"{MAX_ANSWER:,}"),
            tip=_("answer with the value alone, e.g. 7"),
        )
    return line


def _ask_secret(question: str) -> str:
    """A choice the other players must not see (a pilot's number): typed without echo on a terminal."""
    if not sys.stdin.isatty():
        return _ask(question)
    return hidden_answer(question, sys.stderr)


class _MarkedAnswer:
    """The stream :func:`getpass.getpass` writes to: the question, then ``•••`` where the unseen answer was typed
    (getpass ends the line with one ``"\n"`` once the answer is read)."""

    def __init__(self, out: Any) -> None:
        self.out, self.asked = out, False

    def write(self, text: str) -> int:
        if self.asked and text == "\n":
            text = "•••\n"  # answered, and kept from the other players: the log names it once the action resolves
        self.asked = True
        return int(self.out.write(text) or 0)

    def flush(self) -> None:
        self.out.flush()


def hidden_answer(question: str, out: Any) -> str:
    """A choice typed without echo (:func:`getpass.getpass`), its line marked ``•••``: answered, never what."""
    import getpass

    from tabroll.words import visible

    return getpass.getpass(visible(question, lines=True), stream=_MarkedAnswer(out))  # type: ignore[arg-type]


def _tell(message: str) -> None:
    from tabroll.words import visible

    sys.stderr.write(visible(message, lines=True) + "\n")


def assignments(items: list[str] | None, flag: str = "--option") -> dict[str, str]:
    """``NAME=VALUE`` assignments of one repeated flag; a malformed one names that flag and its own example."""
    from tabroll.kit.options import parse_option_assignments

    for item in items or []:
        name, sep, _value = item.partition("=")
        if flag != "--option" and (not sep or not name.strip()):
            example, where = _ASSIGNMENT_HELP[flag]
            raise InputError(
                _("cannot read {flag} '{item}'", flag=flag, item=item),
                tip=_("write it as {example} ({where})", example=_(example), where=_(where)),
            )
    return parse_option_assignments(items or [])


_ASSIGNMENT_HELP = {
    "--attacker-stat": (N_("STAT=VALUE, e.g. --attacker-stat ATK=3"), N_("tabroll units GAME lists each game's stats")),
    "--target-stat": (N_("STAT=VALUE, e.g. --target-stat DEF=4"), N_("tabroll units GAME lists each game's stats")),
    "--set": (N_("KEY=VALUE, e.g. --set hex=Sono"), N_("any field of the game's attack action")),
}


def warn(message: str | None) -> None:
    """``message`` as a warning on standard error; nothing when there is none (``leftover_note()``'s ``None``)."""
    from tabroll.words import visible

    if message:
        sys.stderr.write(_("warning: {message}", message=visible(message, lines=True)) + "\n")


def started_at() -> float:
    """When this command started: ``--timeout`` counts from there, start-up and loading included."""
    import time

    return STARTED[0] if STARTED else time.monotonic()


STARTED: list[float] = []


def internal_error(err: BaseException) -> int:
    from tabroll.words import visible

    sys.stderr.write(
        f"internal error: {type(err).__name__}: {visible(str(err), lines=True)}\n"
        "This is a bug in tabroll; please report it with the command you ran.\n"
    )
    return EXIT_INTERNAL
