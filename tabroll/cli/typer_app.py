"""The Typer application itself: its settings, the root callback (``--version``, ``--lang``), the ``journal``
group, and :func:`command`, which registers a command with its docstring as help."""

from collections.abc import Callable
from typing import Annotated, Any, Final, Literal, TypeVar

import typer

from tabroll.cli import collector
from tabroll.cli.plain_arguments import PlainCommand, PlainGroup
from tabroll.version import __version__

F = TypeVar("F", bound=Callable[..., Any])

RICH: Final[Literal["rich"]] = "rich"
"""Help is laid out by Rich (each docstring reflowed for it by :func:`reflowed`), imported by Typer only for help."""


def reflowed(doc: str) -> str:
    """A docstring as help shows it: each paragraph of prose on one line (Rich wraps it, where it would keep the
    source's line breaks), each indented paragraph (the examples) line by line."""
    import inspect

    paragraphs = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        lines = paragraph.split("\n")
        if all(line.startswith("    ") for line in lines if line.strip()):
            paragraphs.append("\n".join(line.strip() for line in lines if line.strip()))
        else:
            paragraphs.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(paragraphs)


class Command(PlainCommand):
    """A tabroll command. Its :meth:`invoke` (Click's hook that runs a command once its words are read) first tells
    the garbage collector that start-up is over (:mod:`tabroll.cli.collector`)."""

    def invoke(self, ctx: Any) -> Any:
        collector.resume()
        return super().invoke(ctx)


def command(typer_app: typer.Typer, name: str | None = None, **settings: Any) -> Callable[[F], F]:
    """Registers a function as a command of ``typer_app``, its docstring reflowed as its help."""

    def register(function: F) -> F:
        settings.setdefault("cls", Command)
        typer_app.command(name, help=reflowed(function.__doc__ or ""), **settings)(function)
        return function

    return register


def complete_games(incomplete: str) -> list[str]:
    """Tab completion of a game's id (``tabroll rules t<TAB>``)."""
    from tabroll.engine import ruleset_ids

    return [game for game in ruleset_ids() if game.startswith(incomplete.lower())]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tabroll {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="CODE",
            help="The language of the log, messages and help, on every command: en, pt, it, ru, es, pl, or game "
            "(each game's own). Else TABROLL_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG), else English.",
        ),
    ] = None,
) -> None:
    """Dice and combat resolver for tabletop games: resolve attacks with the dice you rolled, or let tabroll roll.

    Exit codes: 0 resolved, 1 refused by the rules, 2 bad usage or input, 70 a bug in tabroll (internal error), 74
    output not written, 130 interrupted (Ctrl-C).

    Start from a scenario of your game (the games: tabroll rulesets), change it, and run it; or resolve one
    attack with no file at all:

        tabroll new tabmaster mine.yaml
        tabroll run mine.yaml
        tabroll attack -a Lanceiro -t Alquimista --distance 2 --dice 6
    """


def root_app(group: type) -> typer.Typer:
    """The ``tabroll`` app: the root callback and its settings; ``group`` (a Typer group class) finds the commands."""
    app = typer.Typer(
        name="tabroll",
        cls=group,
        context_settings={"help_option_names": ["-h", "--help"]},
        no_args_is_help=True,
        # --install-completion and --show-completion: Typer writes the script for bash, zsh, fish or PowerShell.
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=RICH,
    )
    app.callback(help=reflowed(_root.__doc__ or ""))(_root)
    return app


journal_app = typer.Typer(
    name="journal",
    cls=PlainGroup,
    help="A game journal: the story so far, undo the last action, or replay and verify it.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=RICH,
)
