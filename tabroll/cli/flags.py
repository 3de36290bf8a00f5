"""The options and arguments the commands share, each declared once with its help."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from tabroll.cli.completion import complete_formats, complete_units
from tabroll.cli.typer_app import complete_games

if TYPE_CHECKING:
    import msgspec


def format_option(help: str, *, completed: bool = True) -> Any:
    """The ``--format``/``-f`` option of a command, ``help`` naming the formats it writes; ``completed``: the shell
    completes them."""
    return typer.Option(
        "--format", "-f", help=help, metavar="FORMAT", autocompletion=complete_formats if completed else None
    )


FormatOption = Annotated[
    str | None,
    format_option(
        "rich (coloured log, default on a terminal), text (default when piped), json, jsonl, markdown (to "
        "paste into a chat) or brief (one line per action)."
    ),
]

ReportFormatOption = Annotated[
    str | None,
    format_option(
        "rich (drawn for a terminal, default there), text (default when piped), json, jsonl or markdown (to "
        "paste into a chat)."
    ),
]

PlayFormatOption = Annotated[
    str | None, format_option("rich (coloured log, default on a terminal) or text (default when piped).")
]

UnitsFormatOption = Annotated[
    str | None, format_option("rich (drawn for a terminal, default there), text (default when piped), json or jsonl.")
]

BriefOption = Annotated[bool, typer.Option("--brief", help="One line per action: the same as --format brief.")]

SeedOption = Annotated[
    int | None, typer.Option("--seed", help="Roll with a seeded generator (reproducible).", metavar="N")
]

DiceOption = Annotated[
    str | None,
    typer.Option("--dice", help="The dice you rolled, in the order asked, e.g. --dice 7,12.", metavar="VALUES"),
]

PromptOption = Annotated[bool, typer.Option("--prompt", help="Ask for each roll at the table.")]

AnswersOption = Annotated[
    bool,
    typer.Option(
        "--answers",
        help="The --dice values also answer the choices the scenario leaves open, in the order --prompt asks them "
        "(how a prompted game is replayed).",
    ),
]

OptionOption = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A house-rule option, NAME=VALUE (see 'tabroll rules').", metavar="NAME=VALUE"),
]

JournalOption = Annotated[
    str | None,
    typer.Option(
        "--journal", help="Continue the game recorded in this JSON Lines file and record every action.", metavar="TEXT"
    ),
]

JournalForceOption = Annotated[
    bool, typer.Option("--journal-force", help="Use the journal even though the scenario file changed since.")
]

AttackerOption = Annotated[
    str,
    typer.Option(
        "--attacker",
        "-a",
        help='The attacking unit: a catalogue unit, or a name and its stats, "Hero ATK=1 DAN=1d12" '
        "(tabroll units GAME lists them).",
        metavar="UNIT",
        autocompletion=complete_units,
    ),
]

TargetOption = Annotated[
    str,
    typer.Option(
        "--target",
        "-t",
        help='The unit attacked, as --attacker: "Orc DEF=3".',
        metavar="UNIT",
        autocompletion=complete_units,
    ),
]

RulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset",
        "-r",
        help="The game, without a scenario file (default: the one whose catalogue has the units).",
        metavar="GAME",
        autocompletion=complete_games,
    ),
]


def game_words(help: str) -> Any:
    """The free words of a command that reads a game's attack fields: a scenario file, then ``--FIELD VALUE``."""
    return typer.Argument(help=help, metavar="SCENARIO --FIELD VALUE", show_default=False)


GameWordsArg = Annotated[
    list[str] | None,
    game_words(
        "A scenario file (optional), then the game's own attack fields anywhere, e.g. --distance 2 in tabmaster, "
        "botse and ahotnik (tabroll rules GAME lists each game's)."
    ),
]

AttackerStatOption = Annotated[
    list[str] | None, typer.Option("--attacker-stat", help="Override a stat, e.g. ATK=3.", metavar="STAT=VALUE")
]

TargetStatOption = Annotated[
    list[str] | None, typer.Option("--target-stat", help="Override a stat, e.g. DEF=4.", metavar="STAT=VALUE")
]

SetOption = Annotated[
    list[str] | None, typer.Option("--set", help="Any other field of the attack action, KEY=VALUE.", metavar="TEXT")
]

SvgOption = Annotated[
    str | None, typer.Option("--svg", help="Also draw the figures as a picture in this SVG file.", metavar="FILE")
]
PngOption = Annotated[
    str | None,
    typer.Option(
        "--png",
        help="Also draw the figures as a PNG picture in this file (needs the optional extra: pip install "
        "'tabroll\\[png]').",
        metavar="FILE",
    ),
]

JournalFileArg = Annotated[str, typer.Argument(help="The journal file (JSON Lines).", metavar="FILE")]

ViewFormatOption = Annotated[
    str | None, format_option("rich (default on a terminal), text (default when piped) or json.", completed=False)
]

Request = TypeVar("Request", bound="msgspec.Struct")


def takes_request(request: type[Request]) -> Callable[[Callable[[Request], None]], Callable[..., None]]:
    """A command whose flags are the fields of the record ``request`` (each typed as a Typer option or argument,
    with its default): Typer reads them as the parameters, and the command gets one ``request`` holding them."""
    import functools
    import inspect
    import typing

    import msgspec.structs

    hints = typing.get_type_hints(request, include_extras=True)
    parameters = [
        inspect.Parameter(
            field.name,
            inspect.Parameter.KEYWORD_ONLY,
            annotation=hints[field.name],
            default=inspect.Parameter.empty if field.required else field.default,
        )
        for field in msgspec.structs.fields(request)
    ]

    def command_of(command: Callable[[Request], None]) -> Callable[..., None]:
        @functools.wraps(command)
        def from_flags(**flags: Any) -> None:
            command(request(**flags))

        # What Typer reads: the request's fields as the parameters (the help, the order, the defaults).
        from_flags.__signature__ = inspect.Signature(parameters, return_annotation=None)  # type: ignore[attr-defined]
        from_flags.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": None}
        return from_flags

    return command_of
