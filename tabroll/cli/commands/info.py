"""``tabroll check``, ``schema``, ``rulesets``, ``units``, ``rules`` and ``new``: what a file or a game holds."""

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from tabroll.cli.flags import OptionOption, UnitsFormatOption, ViewFormatOption, format_option
from tabroll.cli.shared import UNITS_FORMATS, assignments, internal_error, output_format
from tabroll.cli.typer_app import complete_games
from tabroll.errors import EXIT_INTERNAL, EXIT_OK, InputError, TabrollError, interrupted
from tabroll.i18n import _, p_

if TYPE_CHECKING:
    from tabroll.loading.checking import Checked

GameArg = Annotated[
    str, typer.Argument(help="A ruleset id (see 'tabroll rulesets').", metavar="GAME", autocompletion=complete_games)
]


def check(
    files: Annotated[
        list[str],
        typer.Argument(help="Scenario files, folders or globs to check; '-' reads standard input.", metavar="FILE"),
    ],
    option: OptionOption = None,
    fmt: Annotated[str | None, format_option("text (default) or json (one record per file).", completed=False)] = None,
) -> None:
    """Check scenario files without printing their log: every problem that 'tabroll run' would stop at, with its
    file, line and field (an unknown unit, a square off the board, a given die above its sides...).

    Exit code: 0 every file is fine, 2 some file has a problem, 70 some file met a bug in tabroll.

    Examples:

        tabroll new tabmaster battle.yaml  # a starter scenario to try these on, if you have none
        tabroll check battle.yaml
        tabroll check . --format json
    """
    import json

    from tabroll.batch import expand_paths
    from tabroll.words import visible

    chosen = fmt or "text"
    if chosen not in ("text", "rich", "json", "jsonl"):
        raise InputError(
            _("unknown output format '{format}'", format=fmt), tip=_("use one of: {choices}", choices="text, json")
        )
    overrides = assignments(option)
    results: list[Checked] = []
    worst = EXIT_OK
    for path in expand_paths(files):
        checked = _check_one(path, overrides)
        if checked is None:  # a bug in tabroll, told already: the other files are still checked
            worst = EXIT_INTERNAL
            continue
        results.append(checked)
        worst = max(worst, checked.exit_code) if worst != EXIT_INTERNAL else worst
        # each file's line as soon as it is checked (a fine one on stdout, a problem on stderr), or its JSON line
        if chosen in ("text", "rich") and checked.ok:
            typer.echo(visible(checked.line(), lines=True))
        elif chosen in ("text", "rich"):
            sys.stderr.write(visible(checked.line(), lines=True) + "\n")
        elif chosen == "jsonl":
            typer.echo(json.dumps(checked.to_json(), ensure_ascii=False))
    if chosen == "json":
        typer.echo(json.dumps({"files": [c.to_json() for c in results]}, ensure_ascii=False, indent=2))
    if worst != EXIT_OK:
        raise typer.Exit(worst)


def _check_one(path: str, overrides: dict[str, str]) -> "Checked | None":
    """One file checked: its problem, if any; None when checking it met a bug in tabroll (said on stderr)."""
    from tabroll.loading.checking import Checked, check_file

    try:
        checked = check_file(path, overrides)
    except TabrollError as err:
        checked = Checked(path, error=err)
    except (KeyboardInterrupt, MemoryError):
        raise
    except Exception as err:  # a bug while checking one file: name it, go on with the others
        interrupted()
        sys.stderr.write(p_("message", "error") + f": {path}: ")
        internal_error(err)
        return None
    interrupted()  # an error that Ctrl-C caused in a library (pydantic's SchemaError) is Ctrl-C, not the file's
    return checked


def _complete_schemas(incomplete: str) -> list[str]:
    """Tab completion of ``tabroll schema``'s word."""
    return [what for what in ("events", "scenario") if what.startswith(incomplete)]


def schema(
    what: Annotated[
        str, typer.Argument(help="'events' or 'scenario'.", metavar="events|scenario", autocompletion=_complete_schemas)
    ],
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset", "-r", help="The game, for 'scenario'.", metavar="GAME", autocompletion=complete_games
        ),
    ] = None,
) -> None:
    """Print a JSON Schema: of the event stream, or of a ruleset's scenario files (for editors).

    Save a game's schema and name it on a scenario's first line, `# yaml-language-server: $schema=FILE`, for
    completion and checks as you type.

    Examples:

        tabroll schema scenario -r tabmaster
        tabroll schema events
    """
    import json

    from tabroll.schemas import events_schema, scenario_schema

    if what == "events":
        document = events_schema()
    elif what == "scenario":
        if ruleset is None:
            from tabroll.engine import ruleset_ids

            raise InputError(
                _("name the game: {command}", command="tabroll schema scenario -r <id>"),
                tip=_("ids: {ids}", ids=", ".join(ruleset_ids())),
            )
        document = scenario_schema(ruleset)
    else:
        raise InputError(
            _("unknown schema '{what}'", what=what), tip=_("use 'tabroll schema events' or 'tabroll schema scenario'")
        )
    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


def rulesets(fmt: ViewFormatOption = None) -> None:
    """List the games tabroll resolves.

    Examples:

        tabroll rulesets
        tabroll rulesets --format json
    """
    from tabroll.cli.views import show_rulesets

    show_rulesets(output_format(fmt, formats=("rich", "text", "json"), command="rulesets"))


def units(name: GameArg, fmt: UnitsFormatOption = None) -> None:
    """A game's unit catalogue, and the stats each of its attacks needs of a unit typed on the command line.

    Examples:

        tabroll units tabmaster
        tabroll units forgod --format json
    """
    from tabroll.cli.units import show_units
    from tabroll.engine import find_ruleset

    show_units(find_ruleset(name), output_format(fmt, formats=UNITS_FORMATS, command="units"))


def rules(
    name: GameArg,
    fmt: Annotated[
        str | None,
        format_option(
            "rich (drawn for a terminal, the default there), text (the default when piped), markdown or json.",
            completed=False,
        ),
    ] = None,
) -> None:
    """Show a ruleset's house-rule options, their defaults, and the rulings tabroll takes.

    Examples:

        tabroll rules tabmaster
        tabroll rules botse --format json
    """
    from tabroll.cli.views import show_rules
    from tabroll.engine import find_ruleset

    show_rules(find_ruleset(name), output_format(fmt, formats=("rich", "text", "markdown", "json"), command="rules"))


def new(
    game: GameArg,
    file: Annotated[
        str | None,
        typer.Argument(help="The scenario file to write (default: print it).", metavar="FILE", show_default=False),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace FILE if it exists.")] = False,
) -> None:
    """Write a starter scenario for a game: commented field by field, and it runs as it stands.

    Exit code 2: FILE exists already (add --force to replace it).

    Examples:

        tabroll new forgod skirmish.yaml
        tabroll new botse
        tabroll new tabmaster battle.yaml --force
    """
    from tabroll.cli.new import new_command

    told = new_command(game, file, force=force)
    if told is not None:
        from tabroll.words import visible

        sys.stderr.write(visible(told) + "\n")
