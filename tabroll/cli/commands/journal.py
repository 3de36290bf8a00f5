"""``tabroll journal``: a recorded game shown, its state, an action undone, the whole replayed."""

from typing import Annotated

import typer

from tabroll.cli.flags import JournalFileArg, JournalForceOption, format_option
from tabroll.cli.typer_app import command, journal_app
from tabroll.errors import EXIT_REFUSED

ScenarioOption = Annotated[
    str | None, typer.Option("--scenario", help="The scenario file, if not where the journal says.", metavar="FILE")
]


@command(journal_app, "show")
def journal_show(
    path: JournalFileArg,
    fmt: Annotated[str | None, format_option("text (default) or json (one document).", completed=False)] = None,
    scenario: ScenarioOption = None,
) -> None:
    """The story so far: one line per recorded action.

    Examples:

        tabroll new tabmaster battle.yaml && tabroll run battle.yaml --journal battle.jsonl  # a game to look at
        tabroll journal show battle.jsonl
        tabroll journal show battle.jsonl --format json
    """
    from tabroll.cli.shared import output_format
    from tabroll.cli.views import show_journal

    show_journal(path, output_format(fmt or "text", formats=("text", "rich", "json"), command="journal show"), scenario)


@command(journal_app, "state")
def journal_state(
    path: JournalFileArg,
    fmt: Annotated[str | None, format_option("text, rich, json, jsonl or markdown.", completed=False)] = None,
    scenario: ScenarioOption = None,
    journal_force: JournalForceOption = False,
) -> None:
    """The board and units now: the scenario after every recorded action.

    Examples:

        tabroll new tabmaster battle.yaml && tabroll run battle.yaml --journal battle.jsonl  # a game to look at
        tabroll journal state battle.jsonl
        tabroll journal state battle.jsonl --format json
    """
    from tabroll.cli.play import journal_state_command

    journal_state_command(path, fmt=fmt, scenario=scenario, force=journal_force)


@command(journal_app, "undo")
def journal_undo(path: JournalFileArg) -> None:
    """Drop the last recorded action (or a line cut short by a crash).

    Examples:

        tabroll new tabmaster battle.yaml && tabroll run battle.yaml --journal battle.jsonl  # a game to look at
        tabroll journal undo battle.jsonl
    """
    from tabroll.journal import undo
    from tabroll.words import visible

    typer.echo(visible(undo(path).message, lines=True))


@command(journal_app, "replay")
def journal_replay(
    path: JournalFileArg,
    scenario: Annotated[
        str | None, typer.Option("--scenario", help="The scenario file, if not where the journal says.", metavar="TEXT")
    ] = None,
    journal_force: JournalForceOption = False,
) -> None:
    """Re-run every recorded action with its recorded dice and check the rules give the same result.

    Exit code 1: some action no longer gives the recorded result.

    Examples:

        tabroll new tabmaster battle.yaml && tabroll run battle.yaml --journal battle.jsonl  # a game to look at
        tabroll journal replay battle.jsonl
    """
    from tabroll.journal import journal_scenario, replay
    from tabroll.words import visible

    checks = replay(path, journal_scenario(path, scenario_path=scenario, force=journal_force))
    for check in checks:
        typer.echo(visible(check.text, lines=True))
    if not all(check.ok for check in checks):
        raise typer.Exit(EXIT_REFUSED)
