"""Errors by cause.

Every error tabroll raises on purpose is a :class:`TabrollError`, which the CLI's one error boundary turns into a
short message and an exit code: :class:`InputError` (exit 2, malformed input: the message says what, where, and a
``Tip:`` how to fix it), :class:`RuleRefusal` (exit 1, the rules do not allow the action, and say why),
:class:`OutputError` (exit 74, a result could not be written). Anything else is a bug in tabroll (exit 70)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec
import msgspec.structs

from tabroll.lazy import names_from

if TYPE_CHECKING:  # handed out by __getattr__ (below)
    from tabroll.problem import Problem as Problem

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70
EXIT_OUTPUT = 74  # sysexits' EX_IOERR: the result could not be written
EXIT_INTERRUPTED = 130

INTERRUPTS: list[int] = []
"""Ctrl-C seen during this command, recorded by the command line's handler: the long loops look here with the
clock and stop, even when a library swallowed the exception."""


def interrupted() -> None:
    """Raise :class:`KeyboardInterrupt` if Ctrl-C was seen (see :data:`INTERRUPTS`)."""
    if INTERRUPTS:
        raise KeyboardInterrupt


class Location(msgspec.Struct, frozen=True):
    """Where in an input something went wrong. Lines and columns are 1-based."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: str | None = None

    def __str__(self) -> str:
        parts: list[str] = []
        if self.file is not None:
            where = self.file
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
            parts.append(where)
        if self.field:
            parts.append(self.shown_field or self.field)
        return ": ".join(parts)

    @property
    def shown_field(self) -> str | None:
        """The field path as a message shows it: a scenario's actions are counted from 1, as the step log and
        ``--action N`` count them (``actions[1].to`` is the first action's ``to``); other lists keep their
        positions from 0, as an editor's JSON path does."""
        if self.field is None or not self.field.startswith("actions["):
            return self.field
        number, bracket, rest = self.field[len("actions[") :].partition("]")
        if not bracket or not number.isdigit():
            return self.field
        return f"actions[{int(number) + 1}]{rest}"


class TabrollError(ValueError):
    """Base class of every error tabroll raises on purpose.

    ``problems``: when the input has several problems (said one per line in the message), each of them, located
    (see :meth:`to_json`). ``rule``: the rule that refuses an action (a :class:`RuleRefusal`'s)."""

    exit_code = EXIT_BAD_INPUT

    def __init__(
        self,
        message: str,
        *,
        tip: str | None = None,
        location: Location | None = None,
        problems: Sequence[Problem] = (),
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.tip = tip
        self.location = location
        self.problems = tuple(problems)
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        """The error as JSON (``check``, ``run --format json``): its message, place (null where unknown; else the
        first problem's), tip and exit code, and ``problems``, each with its own place and tip (at least one)."""
        where = self.location or Location()
        first = self.problems[0].location if self.problems else where
        tip = self.tip or None
        if tip is None and len(self.problems) > 1:  # the message gives each problem's tip on its own line
            from tabroll.i18n import _

            tip = _(
                "fix each problem listed (each says how where it can), then check the file again with tabroll check"
            )
        entry = {
            "message": self.message,
            "file": where.file if where.file is not None else first.file,
            "line": where.line if where.line is not None else first.line,
            "column": where.column if where.line is not None else first.column,
            "field": where.shown_field if where.field is not None else first.shown_field,
            "tip": tip,
            "exit_code": self.exit_code,
        }
        listed = [p.to_json() for p in self.problems] or [
            {key: entry[key] for key in ("message", "file", "line", "column", "field", "tip")}
        ]
        return {**entry, "problems": listed}

    def describe(self) -> str:
        """The full user-facing text: location, message and tip."""
        text = self.message
        if self.location is not None and str(self.location):
            text = f"{self.location}: {text}"
        if self.tip:
            from tabroll.i18n import _

            text += "\n" + _("Tip: {tip}", tip=self.tip)
        return text

    def __str__(self) -> str:
        return self.describe()


class InputError(TabrollError):
    """Malformed input: files, fields, dice notation, given dice values (exit 2, as :class:`TabrollError`)."""


class OutputError(TabrollError):
    """What tabroll writes could not be written whole (a full disk, a file-size limit, a closed output): the
    message names what was not written; nothing half-written is left in its place."""

    exit_code = EXIT_OUTPUT


class RuleRefusal(TabrollError):
    """A well-formed action that the rules do not allow (``rule`` names the rule)."""

    exit_code = EXIT_REFUSED


__getattr__ = names_from(globals(), "tabroll.problem", ("Problem",))
""":class:`~tabroll.problem.Problem` is found here by name, its module imported when first asked for (only a failed
input makes one)."""
