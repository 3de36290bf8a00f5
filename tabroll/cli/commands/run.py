"""``tabroll roll`` and ``tabroll run``: dice, and whole scenario files."""

import contextlib
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from tabroll.cli.flags import (
    AnswersOption,
    BriefOption,
    DiceOption,
    FormatOption,
    JournalForceOption,
    JournalOption,
    OptionOption,
    PromptOption,
    SeedOption,
)
from tabroll.cli.shared import assignments, dice_choice, dice_session, output_format, warn
from tabroll.i18n import _, n_, number, p_

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from tabroll.batch import Totals


def roll(
    expression: Annotated[
        list[str],
        typer.Argument(
            help="Dice notation: 1d20, 2d6+3, 4d6kh3, 3d6!, 8d6r1, 8d10>=7, 1d20+7>=15, 4dF "
            "(docs/designer/dice.md lists it all); 'adv' or 'dis' rolls the first die twice and keeps the higher or "
            "lower, and a bonus may follow apart: 1d20 adv +5. Several expressions are rolled one after the other: "
            "4d6kh3 4d6kh3.",
            metavar="EXPRESSION",
        ),
    ],
    label: Annotated[
        str, typer.Option("--label", help="What the roll is for (shown in the log).", metavar="TEXT")
    ] = "roll",  # tabroll.events.UNLABELLED: the log says it in the language, the JSON keeps it
    fmt: FormatOption = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    prompt: PromptOption = False,
) -> None:
    """Roll dice expressions, one after the other.

    Examples:

        tabroll roll 2d6+3
        tabroll roll 1d20 adv +5 --label initiative --seed 7
        tabroll roll 4d6kh3 --dice 5,3,6,1
        tabroll roll 1d20+7 2d6+3 --seed 3
    """
    from tabroll.dice.words import parse_words
    from tabroll.events import named_rolls
    from tabroll.render.output import make_renderer

    chosen = output_format(fmt)
    parsed = parse_words(expression)
    session = dice_session(seed, dice, prompt, signed=any("fudge" in e.features for e in parsed))
    rolls = named_rolls(parsed, session.source, label)  # every roll is made before any is shown
    renderer = make_renderer(chosen)
    for event in rolls:
        renderer.event(event)
    renderer.footer(**session.facts())
    renderer.close()
    warn(session.choice.leftover_note())


def run(
    files: Annotated[
        list[str],
        typer.Argument(help="Scenario files, folders or globs (YAML); '-' reads standard input.", metavar="FILE"),
    ],
    fmt: FormatOption = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Master seed: each file rolls with a seed derived from it.", metavar="N"),
    ] = None,
    dice: DiceOption = None,
    prompt: PromptOption = False,
    answers: AnswersOption = False,
    option: OptionOption = None,
    state: Annotated[bool, typer.Option("--state/--no-state", help="Show the final state of each file.")] = True,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Resolve files in this many processes.", metavar="N")] = 1,
    journal: JournalOption = None,
    journal_force: JournalForceOption = False,
    brief: BriefOption = False,
) -> None:
    """Resolve every action of each scenario file in order, carrying the state from one to the next.

    Exit code: 0 all resolved, 1 some action refused by the rules, 2 some file had bad input, 70 some file met a
    bug in tabroll (the other files still run).

    Examples:

        tabroll new tabmaster battle.yaml  # a starter scenario to try these on, if you have none
        tabroll run battle.yaml
        tabroll run battle.yaml --seed 42 --format json
        tabroll run battle.yaml --journal evening.jsonl
    """
    from tabroll.batch import Batch, expand_paths
    from tabroll.dice.session import check_jobs
    from tabroll.render.output import make_renderer

    chosen = output_format(fmt, brief=brief)
    paths = expand_paths(files)
    check_jobs(jobs)
    choice = dice_choice(seed, dice, prompt, answers)
    batch = Batch(  # as tabroll.api.run makes it (without importing the library's result types)
        paths, choice, make_renderer(chosen), options=assignments(option), jobs=jobs, journal=journal,
        journal_force=journal_force, state=state and chosen in ("text", "rich", "markdown"),
    )  # fmt: skip
    with _progress(len(paths)) as advance:
        totals = batch.run(_read_stdin, on_file=advance)
    warn(choice.leftover_note())
    if len(paths) > 1:
        _summary(totals, batch.elapsed, choice.master, to_stdout=chosen == "rich")
    raise typer.Exit(totals.exit_code)


def _read_stdin(limit: int) -> bytes:
    """Up to ``limit`` bytes of standard input (a text stream with no bytes beneath, as a caller running tabroll
    in its own process may give, is read as text)."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read(limit)
        return data
    return sys.stdin.read(limit).encode("utf-8", "surrogateescape")


@contextlib.contextmanager
def _progress(total: int) -> "Iterator[Callable[[], None] | None]":
    """A Rich progress bar on standard error, advanced once per file (only on a terminal, and never under CI)."""
    import os

    if total < 2 or os.environ.get("CI", "").lower() in ("true", "1") or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(_("scenarios"), total=total)
        yield lambda: bar.advance(task)


def _summary(totals: "Totals", elapsed: float, master: int, *, to_stdout: bool) -> None:
    """The end-of-run table: files, actions, refusals, errors, time (stderr, so stdout stays machine-readable)."""
    line = ", ".join(
        (
            n_("{n} file", "{n} files", totals.files),
            n_("{n} action", "{n} actions", totals.actions),
            n_("{n} refused", "{n} refused", totals.refusals),
            n_("{n} with errors", "{n} with errors", totals.errors),
            _("{seconds} s (master seed {seed})", seconds=number(elapsed, 2, grouped=False), seed=master),
        )
    )
    if totals.bugs:
        line += _("; {n} met a bug in tabroll (see the errors above)", n=totals.bugs)
    if to_stdout:
        from rich.console import Console
        from rich.table import Table

        table = Table(title=_("summary"), title_justify="left")
        columns = (p_("column", "files"), p_("column", "actions"), p_("column", "refused"), p_("column", "errors"))
        for column in (*columns, p_("column", "time"), p_("column", "master seed")):
            table.add_column(column, justify="right")
        table.add_row(
            str(totals.files), str(totals.actions), str(totals.refusals), str(totals.errors),
            f"{number(elapsed, 2, grouped=False)} s", str(master),
        )  # fmt: skip
        Console().print(table)
        if totals.exit_reason():
            Console().print(totals.exit_reason(), style="dim", markup=False)
    else:
        sys.stderr.write(_("summary: {line}", line=line) + "\n")
        if totals.exit_reason():
            sys.stderr.write(f"{totals.exit_reason()}\n")
