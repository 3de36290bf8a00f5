"""The Typer application itself: its settings, the root callback (``--version``), the ``journal`` group, and
the one change made to how Typer shows values in help (:func:`_hide_python_types`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from tabroll import __version__

if TYPE_CHECKING:
    pass


def _hide_python_types() -> None:
    """Help names each value by what it means (``N``, ``TEXT``, ``FILE``), never by a Python type: recent Typer
    releases add ``<int>`` or ``<list[str]>`` after every option and argument, which a player should not have to
    read. Where Typer has that display, it is turned off; older releases never had it."""
    try:
        from typer.core import TyperArgument, TyperOption
    except ImportError:  # pragma: no cover - every supported Typer has these classes
        return

    def no_type(self: object, ctx: object) -> None:
        return None

    for cls in (TyperArgument, TyperOption):
        if hasattr(cls, "display_type"):
            setattr(cls, "display_type", no_type)  # noqa: B010 (older Typer has no such attribute to type-check)

    def usage_name(self: Any) -> str:
        """``FILE...`` for a required argument and ``[FILE]`` for an optional one, as most commands write them
        (recent Typer writes ``{FILE}``)."""
        name = str(self.metavar or self.name or "").upper() if not self.metavar else str(self.metavar)
        if not self.required and not name.startswith("["):
            name = f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")

    if hasattr(TyperArgument, "_usage_display_name"):
        setattr(TyperArgument, "_usage_display_name", usage_name)  # noqa: B010


_hide_python_types()


app = typer.Typer(
    name="tabroll",
    context_settings={"help_option_names": ["-h", "--help"]},
    no_args_is_help=True,
    # --install-completion and --show-completion: Typer writes the script for bash, zsh, fish or PowerShell.
    add_completion=True,
    pretty_exceptions_enable=False,
    # Help is laid out by Rich (the docstrings are reflowed for it by _teach, below). Recent Typer imports Rich
    # only when help or a usage error is printed, so a command that runs never pays for it.
    rich_markup_mode="rich",
)


def _complete_games(incomplete: str) -> list[str]:
    """Tab completion of a game's id (``tabroll rules t<TAB>``)."""
    from tabroll.engine import ruleset_ids

    return [game for game in ruleset_ids() if game.startswith(incomplete.lower())]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tabroll {__version__}")
        raise typer.Exit()


@app.callback()
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


journal_app = typer.Typer(
    name="journal",
    help="A game journal: the story so far, undo the last action, or replay and verify it.",
    no_args_is_help=True,
    add_completion=False,
)
