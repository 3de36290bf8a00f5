"""The ``tabroll`` command line: thin Typer commands that parse, call the engine, and render.

Heavy modules (YAML, pydantic models, Rich) are imported inside the commands that need them, so ``--help`` and
``tabroll roll`` start about as fast as any Typer program can. One error boundary, :func:`main`, turns every
:class:`~tabroll.errors.TabrollError` into a short message and an exit code (0 resolved, 1 refused by the
rules, 2 bad usage or input); nothing a user types produces a traceback.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tabroll import __version__
from tabroll.errors import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_REFUSED,
    INTERRUPTS,
    TabrollError,
    interrupted,
)

if TYPE_CHECKING:
    from tabroll.batch import Totals
    from tabroll.dice.session import DiceChoice, Session


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


FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help="rich (coloured log, default on a terminal), text (default when piped), json, jsonl, markdown (to "
        "paste into a chat) or brief (one line per action).",
        metavar="FORMAT",
    ),
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


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tabroll {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """Dice and combat resolver for tabletop games: resolve attacks with the dice you rolled, or let tabroll roll.

    Exit codes: 0 resolved, 1 refused by the rules, 2 bad usage or input, 74 output not written.

    Start from a scenario of your game (the games: tabroll rulesets), change it, and run it; or resolve one
    attack with no file at all:

        tabroll new tabmaster mine.yaml
        tabroll run mine.yaml
        tabroll attack -a Lanceiro -t Alquimista --distance 2 --dice 6
    """


# --- shared helpers ---------------------------------------------------------------------------------------


def _format(fmt: str | None, *, brief: bool = False, formats: tuple[str, ...] | None = None) -> str:
    """The output format: ``--format`` (checked against the command's ``formats``), ``--brief``, or the default
    for where the output goes (rich on a terminal, text in a pipe)."""
    from tabroll.errors import InputError
    from tabroll.render.output import FORMATS, default_format

    allowed = formats or FORMATS
    if brief:
        if fmt not in (None, "brief"):
            raise InputError(f"--brief and --format {fmt} ask for two formats", tip="give one of them")
        return "brief"
    if fmt is None:
        return default_format()
    if fmt not in allowed:
        raise InputError(f"unknown output format '{fmt}'", tip=f"use one of: {', '.join(allowed)}")
    return fmt


REPORT_FORMATS = ("rich", "text", "json", "jsonl", "markdown")
"""The formats of ``odds`` and ``matrix`` (a report, not a log of actions: no ``brief``)."""


@contextlib.contextmanager
def _fenced(fmt: str) -> Iterator[str]:
    """A report's format, with Markdown as its text in a code block (a table of figures keeps its columns in a
    chat only there)."""
    if fmt != "markdown":
        yield fmt
        return
    sys.stdout.write("```text\n")
    yield "text"
    sys.stdout.write("```\n")


def _dice_choice(
    seed: int | None, dice: str | None, prompt: bool, answers: bool = False, *, signed: bool = False
) -> DiceChoice:
    """The one way every command reads --seed, --dice, --prompt and --answers (``signed``: Fudge faces too)."""
    from tabroll.dice.session import Asking, DiceChoice

    return DiceChoice(seed, dice, prompt, answers, asking=Asking(_ask, _tell, _ask_secret), signed=signed)


def _session(
    seed: int | None, dice: str | None, prompt: bool, answers: bool = False, *, signed: bool = False
) -> Session:
    from tabroll.dice.session import Session

    return Session(_dice_choice(seed, dice, prompt, answers, signed=signed))


def _show_one(
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
    note = session.choice.leftover_note()
    if note:
        _warn(note)
    if resolution.refused:
        raise typer.Exit(EXIT_REFUSED)


MAX_ANSWER = 1_000  # characters in one answer at the --prompt (a die value or a choice needs a few)


def _ask(question: str) -> str:
    from tabroll.errors import InputError
    from tabroll.words import visible

    sys.stderr.write(visible(question, lines=True))  # a question names units from the file
    sys.stderr.flush()
    try:
        line = sys.stdin.readline(MAX_ANSWER + 1)
    except UnicodeDecodeError:
        sys.stderr.write("\n")
        raise InputError("the answer is not UTF-8 text", tip="type the value again with plain digits") from None
    if not line:
        sys.stderr.write("\n")  # end the unanswered question's line before the error
        raise EOFError
    if len(line) > MAX_ANSWER:
        sys.stderr.write("\n")
        raise InputError(
            f"the answer is longer than {MAX_ANSWER:,} characters", tip="answer with the value alone, e.g. 7"
        )
    return line


def _ask_secret(question: str) -> str:
    """A choice the other players must not see (a pilot's number): typed without echo on a terminal."""
    if not sys.stdin.isatty():
        return _ask(question)
    import getpass

    from tabroll.words import visible

    return getpass.getpass(visible(question, lines=True), stream=sys.stderr)


def _tell(message: str) -> None:
    from tabroll.words import visible

    sys.stderr.write(visible(message, lines=True) + "\n")


def _options(items: list[str] | None, flag: str = "--option") -> dict[str, str]:
    """``NAME=VALUE`` assignments of one repeated flag; a malformed one names that flag and its own example."""
    from tabroll.options import parse_option_assignments

    for item in items or []:
        name, sep, _ = item.partition("=")
        if flag != "--option" and (not sep or not name.strip()):
            from tabroll.errors import InputError

            example, where = _ASSIGNMENT_HELP[flag]
            raise InputError(f"cannot read {flag} '{item}'", tip=f"write it as {example} ({where})")
    return parse_option_assignments(items or [])


_ASSIGNMENT_HELP = {
    "--attacker-stat": ("STAT=VALUE, e.g. --attacker-stat ATK=3", "tabroll units GAME lists each game's stats"),
    "--target-stat": ("STAT=VALUE, e.g. --target-stat DEF=4", "tabroll units GAME lists each game's stats"),
    "--set": ("KEY=VALUE, e.g. --set hex=Sono", "any field of the game's attack action"),
}


def _warn(message: str) -> None:
    from tabroll.words import visible

    sys.stderr.write(f"warning: {visible(message, lines=True)}\n")


# --- commands ---------------------------------------------------------------------------------------------


@app.command()
def roll(
    expression: Annotated[
        list[str],
        typer.Argument(
            help="Dice notation: 1d20, 2d6+3, 4d6kh3, 3d6!, 8d6r1, 8d10>=7, 1d20+7>=15, 4dF (the README lists it all); "
            "'adv' or 'dis' rolls the first die twice and keeps the higher or lower, and a bonus may follow apart: "
            "1d20 adv +5. Several expressions are rolled one after the other: 4d6kh3 4d6kh3.",
            metavar="EXPRESSION",
        ),
    ],
    label: Annotated[
        str, typer.Option("--label", help="What the roll is for (shown in the log).", metavar="TEXT")
    ] = "roll",
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
    from tabroll.events import Roll
    from tabroll.render.output import make_renderer

    chosen = _format(fmt)
    parsed = parse_words(expression)
    session = _session(seed, dice, prompt, signed=any("fudge" in e.features for e in parsed))
    rolls = [Roll.of(e.roll(session.source, label), label=label) for e in parsed]
    renderer = make_renderer(chosen)
    for event in rolls:
        renderer.event(event)
    renderer.footer(**session.facts())
    renderer.close()
    note = session.choice.leftover_note()
    if note:
        _warn(note)


@app.command()
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

    chosen = _format(fmt, brief=brief)
    paths = expand_paths(files)
    check_jobs(jobs)
    choice = _dice_choice(seed, dice, prompt, answers)
    batch = Batch(
        paths, choice, make_renderer(chosen), options=_options(option), jobs=jobs, journal=journal,
        journal_force=journal_force, state=state and chosen in ("text", "rich", "markdown"),
    )  # fmt: skip
    progress = _progress(len(paths))
    try:
        totals = batch.run(_read_stdin, on_file=progress.advance if progress is not None else None)
    finally:
        if progress is not None:
            progress.stop()
    note = choice.leftover_note()
    if note:
        _warn(note)
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


class _Progress:
    """A Rich progress bar on standard error (only on a terminal, and never under CI)."""

    def __init__(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import Progress

        self._progress = Progress(console=Console(stderr=True), transient=True)
        self._task = self._progress.add_task("scenarios", total=total)
        self._progress.start()

    def advance(self) -> None:
        self._progress.advance(self._task)

    def stop(self) -> None:
        self._progress.stop()


def _progress(total: int) -> _Progress | None:
    import os

    if total < 2 or os.environ.get("CI", "").lower() in ("true", "1") or not sys.stderr.isatty():
        return None
    return _Progress(total)


def _summary(totals: Totals, elapsed: float, master: int, *, to_stdout: bool) -> None:
    """The end-of-run table: files, actions, refusals, errors, time (stderr, so stdout stays machine-readable)."""
    line = (
        f"{totals.files} files, {totals.actions} actions, {totals.refusals} refused, "
        f"{totals.errors} with errors, {elapsed:.2f} s (master seed {master})"
    )
    if totals.bugs:
        line += f"; {totals.bugs} met a bug in tabroll (see the errors above)"
    if to_stdout:
        from rich.console import Console
        from rich.table import Table

        table = Table(title="summary", title_justify="left")
        for column in ("files", "actions", "refused", "errors", "time", "master seed"):
            table.add_column(column, justify="right")
        table.add_row(
            str(totals.files), str(totals.actions), str(totals.refusals), str(totals.errors),
            f"{elapsed:.2f} s", str(master),
        )  # fmt: skip
        Console().print(table)
        if totals.exit_reason():
            Console().print(totals.exit_reason(), style="dim", markup=False)
    else:
        sys.stderr.write(f"summary: {line}\n")
        if totals.exit_reason():
            sys.stderr.write(f"{totals.exit_reason()}\n")


ScenarioArg = Annotated[
    str | None, typer.Argument(help="A scenario file for positions and stats (optional).", metavar="[SCENARIO]")
]
AttackerOption = Annotated[
    str,
    typer.Option(
        "--attacker",
        "-a",
        help='The attacking unit: a catalogue unit, or a name and its stats, "Hero ATK=1 DAN=1d12" '
        "(tabroll units GAME lists them).",
        metavar="UNIT",
    ),
]
TargetOption = Annotated[
    str,
    typer.Option("--target", "-t", help='The unit attacked, as --attacker: "Orc DEF=3".', metavar="UNIT"),
]
RulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset",
        "-r",
        help="The game, without a scenario file (default: the one whose catalogue has the units).",
        metavar="GAME",
        autocompletion=_complete_games,
    ),
]
GameWordsArg = Annotated[
    list[str] | None,
    typer.Argument(
        help="A scenario file (optional), then the game's own attack fields anywhere, e.g. --range 3 "
        "(tabroll rules GAME lists them).",
        metavar="SCENARIO --FIELD VALUE",
        show_default=False,
    ),
]
GAME_WORDS = {"allow_extra_args": True, "ignore_unknown_options": True}
AttackerStatOption = Annotated[
    list[str] | None, typer.Option("--attacker-stat", help="Override a stat, e.g. ATK=3.", metavar="STAT=VALUE")
]
TargetStatOption = Annotated[
    list[str] | None, typer.Option("--target-stat", help="Override a stat, e.g. DEF=4.", metavar="STAT=VALUE")
]
SetOption = Annotated[
    list[str] | None, typer.Option("--set", help="Any other field of the attack action, KEY=VALUE.", metavar="TEXT")
]


def _one_attack(
    words: list[str] | None,
    attacker: str,
    target: str,
    *,
    ruleset: str | None,
    attacker_stat: list[str] | None,
    target_stat: list[str] | None,
    setting: list[str] | None,
    option: list[str] | None,
    action_index: int | None = None,
    command: str = "attack",
) -> Any:
    """The attack the command line describes (shared by attack and odds): see :mod:`tabroll.quick`."""
    from tabroll.engine import all_rulesets, find_ruleset
    from tabroll.quick import AttackWords, describe_attack, split_words

    free = list(words or ())
    games = [find_ruleset(ruleset)] if ruleset and not any(w.startswith("--") for w in free) else all_rulesets()
    split = split_words(free, games)
    return describe_attack(
        AttackWords(
            scenario_file=split.scenario_file,
            attacker=attacker,
            target=target,
            ruleset=ruleset,
            fields=split.fields,
            settings=_options(setting, "--set"),
            attacker_stats=_options(attacker_stat, "--attacker-stat"),
            target_stats=_options(target_stat, "--target-stat"),
            options=_options(option),
            action_index=action_index,
            command=command,
        )
    )


@app.command(context_settings=GAME_WORDS)
def attack(
    words: GameWordsArg = None,
    attacker: AttackerOption = "",
    target: TargetOption = "",
    ruleset: RulesetOption = None,
    attacker_stat: AttackerStatOption = None,
    target_stat: TargetStatOption = None,
    setting: SetOption = None,
    fmt: FormatOption = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    prompt: PromptOption = False,
    answers: AnswersOption = False,
    option: OptionOption = None,
    journal: JournalOption = None,
    journal_force: JournalForceOption = False,
    brief: BriefOption = False,
) -> None:
    """Resolve one attack: from a scenario file's positions, or from the command line alone.

    With --journal, the attack starts from the game recorded there and is recorded in turn. Exit code 1: the rules
    refuse the attack (the log says why).

    Examples:

        tabroll attack -a Lanceiro -t Alquimista --distance 2 --dice 6
        tabroll attack -r forgod -a "Orc BA=2" -t "Elf PV=6 Evasión=1" --dice 7,3,5
        tabroll new tabmaster battle.yaml  # a starter scenario to try these on, if you have none
        tabroll attack battle.yaml -a Arqueiro -t Soldado --dice 8,12
    """
    from tabroll.engine import resolve
    from tabroll.errors import InputError

    if not attacker or not target:
        from tabroll.quick import name_units_tip

        raise InputError("name the --attacker and the --target", tip=name_units_tip("attack", ruleset))
    chosen = _format(fmt, brief=brief)
    described = _one_attack(
        words, attacker, target, ruleset=ruleset, attacker_stat=attacker_stat, target_stat=target_stat,
        setting=setting, option=option,
    )  # fmt: skip
    game, state, action, title = described.ruleset, described.state, described.action, described.title
    scenario_file = described.scenario.source if described.scenario is not None else None
    session = _session(seed, dice, prompt, answers)
    index = 1
    if journal is not None:
        if described.scenario is None or scenario_file is None:
            raise InputError("a journal follows a scenario file", tip="tabroll attack FILE --journal J -a X -t Y")
        from tabroll.journal import open_journal

        book = open_journal(journal, described.scenario, scenario_path=scenario_file, force=journal_force)
        index = book.next_seq
        resolution = book.resolve(action, session.source)
    else:
        resolution = resolve(game, state, action, session.source)
    _show_one(chosen, session, resolution, title=title, ruleset=game.id, file=scenario_file, index=index,
              final_state=game.summarize_state(resolution.state))  # fmt: skip


SvgOption = Annotated[
    str | None, typer.Option("--svg", help="Also draw the figures as a picture in this SVG file.", metavar="FILE")
]


@app.command(context_settings=GAME_WORDS)
def odds(
    words: GameWordsArg = None,
    attacker: AttackerOption = "",
    target: TargetOption = "",
    action_index: Annotated[
        int | None,
        typer.Option("--action", help="With a scenario file and no -a/-t: its action N (default 1).", metavar="N"),
    ] = None,
    ruleset: RulesetOption = None,
    attacker_stat: AttackerStatOption = None,
    target_stat: TargetStatOption = None,
    setting: SetOption = None,
    trials: Annotated[
        int | None, typer.Option("--trials", help="Simulate this many attacks instead of the exact walk.", metavar="N")
    ] = None,
    budget: Annotated[
        int,
        typer.Option(
            "--budget", help="Most resolutions the exact walk may take before simulating instead.", metavar="N"
        ),
    ] = 200_000,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Seed the simulation (reproducible); without it a fresh seed is drawn, and the note names it.",
            metavar="N",
        ),
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Processes for the exact walk or the simulation.", metavar="N")
    ] = 1,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            help="Stop after this many seconds with the best estimate so far, and say so (0: no limit). The exact "
            "walk may take half; past that, the simulation takes over.",
            metavar="SECONDS",
        ),
    ] = 60.0,
    fmt: FormatOption = None,
    option: OptionOption = None,
    svg: SvgOption = None,
) -> None:
    """Exact odds of one attack (every dice outcome through the real rules), or a Monte Carlo estimate; or the exact
    distribution of a dice expression (EXPR, EXPR >= N, EXPR vs EXPR).

    Exit code: 0, or 1 when the rules refuse the action whatever the dice (as `tabroll attack` does).

    Examples:

        tabroll odds -a Lanceiro -t Alquimista --distance 2
        tabroll new tabmaster battle.yaml  # a starter scenario to try these on, if you have none
        tabroll odds battle.yaml --action 3
        tabroll odds -r forgod -a "Orc BA=2" -t "Elf PV=6" --trials 2000 --seed 7
        tabroll odds 4d6kh3
        tabroll odds "1d20+7>=15"
        tabroll odds 2d6 vs 2d6
    """
    from tabroll.odds.dice_odds import looks_like_dice

    described = attacker or target or ruleset or attacker_stat or target_stat or setting or option
    if not described and action_index is None and looks_like_dice(words or []):
        _dice_odds(words or [], fmt=fmt, svg=svg, trials=trials, seed=seed, timeout=timeout)
        return
    from tabroll.odds.api import TimeLimit, check_timeout, compute_odds
    from tabroll.render.odds import render_odds
    from tabroll.render.svg import check_picture_path, odds_svg, write_picture

    chosen = _format(fmt, formats=REPORT_FORMATS)
    if svg is not None:
        check_picture_path(svg)  # before the work, not after it
    described = _one_attack(
        words, attacker, target, ruleset=ruleset, attacker_stat=attacker_stat, target_stat=target_stat,
        setting=setting, option=option, action_index=action_index, command="odds",
    )  # fmt: skip
    game, state, action, title = described.ruleset, described.state, described.action, described.title
    from tabroll.dice.session import check_jobs

    check_jobs(jobs)
    limit = TimeLimit(check_timeout(timeout), since=_started())
    report = compute_odds(
        game, state, action, trials=trials, budget=budget, seed=_simulation_seed(seed), jobs=jobs, limit=limit
    )
    _, _, description = game.describe_action(action)
    with _fenced(chosen) as shown:
        render_odds(report, shown, title=description or title, ruleset=game.id, limit=limit)
    if svg is not None:
        write_picture(svg, odds_svg(report, description or title))
    if report.always_refused:  # the same answer `tabroll attack` gives for an action the rules refuse
        raise typer.Exit(EXIT_REFUSED)


def _dice_odds(
    words: list[str], *, fmt: str | None, svg: str | None, trials: int | None, seed: int | None, timeout: float
) -> None:
    """``tabroll odds EXPR`` (``EXPR >= N``, ``EXPR vs EXPR``): read, work out, show (:mod:`tabroll.odds.dice_odds`)."""
    from tabroll.odds import dice_odds
    from tabroll.render import dice

    chosen = _format(fmt, formats=REPORT_FORMATS)
    if svg is not None:
        from tabroll.render.svg import check_picture_path

        check_picture_path(svg)  # before the work, not after it
    limit = dice_odds.checked_timeout(timeout)
    question = dice_odds.read_question(words)
    odds = dice_odds.compute(question, trials=trials, seed=_simulation_seed(seed), timeout=limit)
    with _fenced(chosen) as shown:
        dice.render(odds, shown)
    if svg is not None:
        from tabroll.render.svg import write_picture

        write_picture(svg, dice.svg(odds))


@app.command(context_settings=GAME_WORDS)
def matrix(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            help="Take the units from this scenario file instead of the catalogue; the game's own attack fields "
            "anywhere, e.g. --range 3 (tabroll rules GAME lists them).",
            metavar="SCENARIO --FIELD VALUE",
            show_default=False,
        ),
    ] = None,
    ruleset: RulesetOption = None,
    attackers: Annotated[
        str | None,
        typer.Option(
            "--attackers",
            help="Comma-separated attackers, each a unit as -a takes it (default: the whole catalogue).",
            metavar="UNITS",
        ),
    ] = None,
    targets: Annotated[
        str | None,
        typer.Option(
            "--targets",
            help="Comma-separated targets, each a unit as -t takes it (default: the whole catalogue).",
            metavar="UNITS",
        ),
    ] = None,
    budget: Annotated[
        int, typer.Option("--budget", help="Most resolutions per exact pair (then it is simulated).", metavar="N")
    ] = 20_000,
    trials: Annotated[
        int, typer.Option("--trials", help="Trials per pair when a pair is too large to walk exactly.", metavar="N")
    ] = 20_000,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Seed any simulated pair (reproducible); without it a fresh seed is drawn, and the notes name it.",
            metavar="N",
        ),
    ] = None,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            help="Seconds for the whole table, shared among the pairs still to do; a pair out of time gives its "
            "best estimate so far, and the table says so (0: no limit).",
            metavar="SECONDS",
        ),
    ] = 600.0,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Share the pairs among this many processes.", metavar="N")
    ] = 1,
    fmt: FormatOption = None,
    option: OptionOption = None,
    svg: SvgOption = None,
) -> None:
    """Defeat probability and expected damage for every attacker against every target: a balance table.

    Examples:

        tabroll matrix -r tabmaster --attackers Lanceiro,Arqueiro --targets Alquimista,Lanceiro
        tabroll new tabmaster battle.yaml  # a starter scenario to try these on, if you have none
        tabroll matrix battle.yaml
        tabroll matrix -r forgod --attackers "Orc BA=2,Troll BA=4" --targets "Elf PV=6"
    """
    from tabroll.engine import all_rulesets, find_ruleset
    from tabroll.odds.api import check_timeout
    from tabroll.odds.matrix import build_matrix
    from tabroll.quick import split_words
    from tabroll.render.matrix import progress_bar, render_matrix
    from tabroll.render.svg import check_picture_path, matrix_svg, write_picture

    chosen = _format(fmt, formats=REPORT_FORMATS)
    if svg is not None:
        check_picture_path(svg)
    master = _simulation_seed(seed)
    free = list(words or ())
    split = split_words(free, [find_ruleset(ruleset)] if ruleset else all_rulesets())
    table = build_matrix(
        scenario_file=split.scenario_file, ruleset=ruleset, attackers=_names(attackers), targets=_names(targets),
        fields=split.fields, budget=budget, trials=trials, seed=master, options=_options(option),
        timeout=check_timeout(timeout), jobs=jobs, since=_started(), progress=progress_bar,
    )  # fmt: skip
    with _fenced(chosen) as shown:
        render_matrix(table, shown)
    if svg is not None:
        write_picture(svg, matrix_svg(table))


def _started() -> float:
    """When this command started: ``--timeout`` counts from there (start-up and loading included), so the whole
    command ends within the limit and its output."""
    import time

    return _STARTED[0] if _STARTED else time.monotonic()


_STARTED: list[float] = []


def _simulation_seed(seed: int | None) -> int:
    """``--seed`` of odds and matrix, read as every command reads it: a whole number from 0 to 2**63-1, and
    without one a fresh seed (the output names it, so the same figures can be had again)."""
    from tabroll.dice.session import check_seed

    checked = check_seed(seed)
    if checked is not None:
        return checked
    from tabroll.dice.sources import fresh_seed

    return fresh_seed()


def _names(text: str | None) -> list[str] | None:
    """Comma-separated units, each a name or a typed unit (``"Hero ATK=1 DAN=1d12,Orc DEF=3"``)."""
    if text is None:
        return None
    from tabroll.quick import split_units

    return split_units(text)


@app.command("check-skill")
def check_skill(
    identity: Annotated[
        str, typer.Argument(help="Who tests, in the game's words (tabroll rules GAME says how).", metavar="TEXT")
    ],
    skill: Annotated[
        list[str], typer.Argument(help="The skill tested; when several fit, the strongest is used.", metavar="TEXT")
    ],
    difficulty: Annotated[
        str | None,
        typer.Option(
            "--difficulty", "-d", help="A difficulty by name (tabroll rules GAME lists them).", metavar="TEXT"
        ),
    ] = None,
    target: Annotated[
        int | None,
        typer.Option("--total", "-n", help="An explicit total to reach (instead of a difficulty).", metavar="N"),
    ] = None,
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            "-r",
            help="The game (default: the one game with skill tests).",
            metavar="GAME",
            autocompletion=_complete_games,
        ),
    ] = None,
    fmt: FormatOption = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    prompt: PromptOption = False,
    option: OptionOption = None,
) -> None:
    """A skill test from the command line, for games that have them: who, skill, difficulty → dice, total, success.

    Exit code 1: the test failed.

    Examples:

        tabroll check-skill WUBB Subtlety -d medium --dice 3,3,2
        tabroll check-skill WUBB Subtlety --total 9 --seed 4
    """
    from tabroll.engine import all_rulesets, find_ruleset, resolve
    from tabroll.errors import InputError

    chosen = _format(fmt)
    if ruleset is None:
        games = [g for g in all_rulesets() if g.has_skill_tests()]
        if len(games) != 1:
            names = ", ".join(g.id for g in games) or "none"
            raise InputError("name the game with --ruleset", tip=f"games with skill tests: {names}")
        game = games[0]
    else:
        game = find_ruleset(ruleset)
    built = game.quick_skill_test(identity, skill, difficulty=difficulty, target=target, options=_options(option))
    session = _session(seed, dice, prompt)
    resolution = resolve(game, built.state, built.steps[0].action, session.source)
    _show_one(chosen, session, resolution, title=built.title, ruleset=game.id)


@app.command()
def play(
    file: Annotated[str, typer.Argument(help="The scenario file: the board and units to play on.", metavar="FILE")],
    journal: Annotated[
        str | None,
        typer.Option("--journal", help="The game's journal (default: FILE's name + .journal.jsonl).", metavar="FILE"),
    ] = None,
    fmt: FormatOption = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the rolls tabroll makes (answer r).", metavar="N")
    ] = None,
    journal_force: JournalForceOption = False,
) -> None:
    """A table session: type attacks and the game's actions one at a time, each saved in the journal as it
    resolves; the same command later continues the game. Type help at the prompt.

    Examples:

        tabroll new tabmaster battle.yaml  # a starter scenario to try these on, if you have none
        tabroll play battle.yaml
        tabroll play battle.yaml --journal evening.jsonl --seed 3
    """
    from tabroll.cli.play import play_command

    raise typer.Exit(play_command(file, journal=journal, fmt=fmt, force=journal_force, seed=seed))


journal_app = typer.Typer(
    name="journal",
    help="A game journal: the story so far, undo the last action, or replay and verify it.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(journal_app)
JournalFileArg = Annotated[str, typer.Argument(help="The journal file (JSON Lines).", metavar="FILE")]


@journal_app.command("show")
def journal_show(
    path: JournalFileArg,
    fmt: Annotated[
        str | None, typer.Option("--format", "-f", help="text (default) or json (one document).", metavar="FORMAT")
    ] = None,
) -> None:
    """The story so far: one line per recorded action.

    Examples:

        tabroll new tabmaster battle.yaml && tabroll run battle.yaml --journal battle.jsonl  # a game to look at
        tabroll journal show battle.jsonl
        tabroll journal show battle.jsonl --format json
    """
    from tabroll.cli.views import check_view_format, show_journal

    show_journal(path, check_view_format(fmt or "text", ("text", "rich", "json"), "journal show"))


@journal_app.command("state")
def journal_state(
    path: JournalFileArg,
    fmt: Annotated[
        str | None, typer.Option("--format", "-f", help="text, rich, json, jsonl or markdown.", metavar="FORMAT")
    ] = None,
    scenario: Annotated[
        str | None, typer.Option("--scenario", help="The scenario file, if not where the journal says.", metavar="FILE")
    ] = None,
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


@journal_app.command("undo")
def journal_undo(path: JournalFileArg) -> None:
    """Drop the last recorded action (or a line cut short by a crash).

    Examples:

        tabroll new tabmaster battle.yaml && tabroll run battle.yaml --journal battle.jsonl  # a game to look at
        tabroll journal undo battle.jsonl
    """
    from tabroll.journal import undo
    from tabroll.words import visible

    typer.echo(visible(undo(path).message, lines=True))


@journal_app.command("replay")
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


@app.command()
def check(
    files: Annotated[
        list[str],
        typer.Argument(help="Scenario files, folders or globs to check; '-' reads standard input.", metavar="FILE"),
    ],
    option: OptionOption = None,
    fmt: Annotated[
        str | None,
        typer.Option("--format", "-f", help="text (default) or json (one record per file).", metavar="FORMAT"),
    ] = None,
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
    from tabroll.checking import Checked, check_file
    from tabroll.errors import InputError
    from tabroll.words import visible

    chosen = fmt or "text"
    if chosen not in ("text", "rich", "json", "jsonl"):
        raise InputError(f"unknown output format '{fmt}'", tip="use one of: text, json")
    overrides = _options(option)
    results: list[Checked] = []
    worst = EXIT_OK
    for path in expand_paths(files):
        try:
            checked = check_file(path, overrides)
        except TabrollError as err:
            checked = Checked(path, error=err)
        except (KeyboardInterrupt, MemoryError):
            raise
        except Exception as err:  # a bug while checking one file: name it, go on with the others
            interrupted()
            sys.stderr.write(f"error: {path}: ")
            _internal_error(err)
            worst = EXIT_INTERNAL
            continue
        interrupted()  # an error that Ctrl-C caused in a library (pydantic's SchemaError) is Ctrl-C, not the file's
        results.append(checked)
        worst = max(worst, checked.exit_code) if worst != EXIT_INTERNAL else worst
        if chosen in ("text", "rich"):  # a file's names and paths with their control characters shown
            if checked.ok:
                typer.echo(visible(checked.line(), lines=True))
            else:
                sys.stderr.write(visible(checked.line(), lines=True) + "\n")
        elif chosen == "jsonl":
            typer.echo(json.dumps(checked.to_json(), ensure_ascii=False))
    if chosen == "json":
        typer.echo(json.dumps({"files": [c.to_json() for c in results]}, ensure_ascii=False, indent=2))
    if worst != EXIT_OK:
        raise typer.Exit(worst)


@app.command()
def schema(
    what: Annotated[str, typer.Argument(help="'events' or 'scenario'.", metavar="TEXT")],
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset", "-r", help="The game, for 'scenario'.", metavar="GAME", autocompletion=_complete_games
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
            from tabroll.errors import InputError

            raise InputError("name the game: tabroll schema scenario -r <id>", tip=f"ids: {', '.join(ruleset_ids())}")
        document = scenario_schema(ruleset)
    else:
        from tabroll.errors import InputError

        raise InputError(f"unknown schema '{what}'", tip="use 'tabroll schema events' or 'tabroll schema scenario'")
    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


ViewFormatOption = Annotated[
    str | None,
    typer.Option(
        "--format", "-f", help="rich (default on a terminal), text (default when piped) or json.", metavar="FORMAT"
    ),
]


@app.command()
def rulesets(fmt: ViewFormatOption = None) -> None:
    """List the games tabroll resolves.

    Examples:

        tabroll rulesets
        tabroll rulesets --format json
    """
    from tabroll.cli.views import check_view_format, show_rulesets

    show_rulesets(check_view_format(fmt, ("rich", "text", "json"), "rulesets"))


@app.command()
def units(
    name: Annotated[
        str,
        typer.Argument(help="A ruleset id (see 'tabroll rulesets').", metavar="GAME", autocompletion=_complete_games),
    ],
    fmt: FormatOption = None,
) -> None:
    """A game's unit catalogue, and the stats each of its attacks needs of a unit typed on the command line.

    Examples:

        tabroll units tabmaster
        tabroll units forgod --format json
    """
    from tabroll.cli.units import show_units
    from tabroll.engine import find_ruleset

    show_units(find_ruleset(name), _format(fmt))


@app.command()
def rules(
    name: Annotated[
        str,
        typer.Argument(help="A ruleset id (see 'tabroll rulesets').", metavar="GAME", autocompletion=_complete_games),
    ],
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            "-f",
            help="rich (drawn for a terminal, the default there), text (the default when piped), markdown or json.",
            metavar="FORMAT",
        ),
    ] = None,
) -> None:
    """Show a ruleset's house-rule options, their defaults, and the rulings tabroll takes.

    Examples:

        tabroll rules tabmaster
        tabroll rules botse --format json
    """
    from tabroll.cli.views import check_view_format, show_rules
    from tabroll.engine import find_ruleset

    chosen = check_view_format(fmt, ("rich", "text", "markdown", "json"), "rules")
    show_rules(find_ruleset(name), chosen)


@app.command()
def new(
    game: Annotated[
        str,
        typer.Argument(help="A ruleset id (see 'tabroll rulesets').", metavar="GAME", autocompletion=_complete_games),
    ],
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


# --- help -------------------------------------------------------------------------------------------------


def _reflowed(doc: str) -> str:
    """A docstring as help shows it: each paragraph of prose on one line (Rich wraps it to the terminal), and each
    indented paragraph (the examples) kept line by line, as they are typed. Rich help keeps a docstring's line
    breaks, which were only made for the source's width."""
    import inspect

    paragraphs = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        lines = paragraph.split("\n")
        if all(line.startswith("    ") for line in lines if line.strip()):
            paragraphs.append("\n".join(line.strip() for line in lines if line.strip()))
        else:
            paragraphs.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(paragraphs)


def _teach(typer_app: typer.Typer) -> None:
    """Give every command (and the app itself) its docstring, reflowed, as its help."""
    infos: list[Any] = [*typer_app.registered_commands]
    if typer_app.registered_callback is not None:
        infos.append(typer_app.registered_callback)
    from typer.models import DefaultPlaceholder

    for info in infos:
        unset = info.help is None or isinstance(info.help, DefaultPlaceholder)
        if unset and info.callback is not None and info.callback.__doc__:
            info.help = _reflowed(info.callback.__doc__)
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _teach(group.typer_instance)


_teach(app)


# --- the error boundary -----------------------------------------------------------------------------------


def _app_for(argv: list[str] | None) -> typer.Typer:
    """The app holding only the command being run.

    Typer converts every command's parameters on each start (about 12 ms for all of ours, against 1 ms for
    one). When the first word names a command, a shallow copy of the app with just that command runs instead;
    ``--help``, no command, or an unknown word keep the whole app, so help and "no such command" see all.
    """
    import copy

    words = [word for word in (sys.argv[1:] if argv is None else argv) if not word.startswith("-")]
    if not words:
        return app
    first = words[0]
    commands = [
        c
        for c in app.registered_commands
        if (c.name or (c.callback.__name__ if c.callback else "").replace("_", "-")) == first
    ]
    groups = [
        g
        for g in app.registered_groups
        if (g.name or (g.typer_instance.info.name if g.typer_instance else None)) == first
    ]
    if len(commands) + len(groups) != 1:
        return app
    small = copy.copy(app)
    small.registered_commands = commands
    small.registered_groups = groups
    return small


class _Interrupted(KeyboardInterrupt):
    """Ctrl-C: one line and exit code 130.

    It must be a ``KeyboardInterrupt``: C code inside CPython that can run a signal handler and then clears the
    error it finds (the constant folding of ``compile``, while a module is imported from source) keeps a
    ``KeyboardInterrupt`` and drops any other exception. An interrupt of another class, landing there, was lost
    without a trace, and the command ran on (the rare hang of Ctrl-C under ``--jobs 2``: seen only where the
    libraries had no bytecode, as with uv's install for CI's lowest versions). Typer turns a
    ``KeyboardInterrupt`` into exit 130 with nothing printed; :func:`main` then prints the one line."""


_interrupts = INTERRUPTS  # Ctrl-C seen during this command (a library may wrap, or swallow, the exception it raises)


def _on_interrupt(signum: int, frame: object) -> None:
    _interrupts.append(signum)
    raise _Interrupted


def _quiet_interrupts(previous: Any) -> Any:
    """A ``sys.unraisablehook`` that keeps quiet about a Ctrl-C raised where Python cannot raise (a weak
    reference's callback, such as the import system's module locks, or a ``__del__``): Python would print it
    as "Exception ignored in …" with a traceback. The handler has recorded it in ``INTERRUPTS``, so the long
    loops stop at their next look, and :func:`main` ends with exit 130. Anything else goes to ``previous``."""

    def hook(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and _interrupts:
            return
        previous(unraisable)

    return hook


def _on_late_interrupt(signum: int, frame: object) -> None:
    """Ctrl-C after the command's work, while the output is flushed: remembered, and the exit code says so."""
    _interrupts.append(signum)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``tabroll`` command: run the app, turn every failure into a message and exit code.

    Typer reports usage errors itself (exit 2). Our own errors, interrupts and broken pipes are handled here.
    """
    import contextlib
    import signal
    import time

    from tabroll.cli import output_stream

    code = EXIT_OK
    entry = sys.modules.get("tabroll.cli.entry")
    _STARTED[:] = [entry.STARTED if argv is None and entry is not None else time.monotonic()]
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
    _interrupts.clear()
    previous = signal.getsignal(signal.SIGINT)
    unraisable = sys.unraisablehook
    sys.unraisablehook = _quiet_interrupts(unraisable)
    try:  # an interrupt between the handlers below (leaving a clause, entering finally) is still an interrupt
        # Installed inside the try: the handler may run before signal.signal() itself has returned.
        signal.signal(signal.SIGINT, _on_interrupt)
        try:
            _app_for(argv)(args=argv, prog_name="tabroll", standalone_mode=True)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else EXIT_BAD_INPUT)
            if code == EXIT_INTERRUPTED and _interrupts:  # Typer's own answer to the interrupt: no line yet
                sys.stderr.write(_interrupted())
        except TabrollError as err:
            if _interrupts:  # an error that Ctrl-C caused (a validator that turned it into a ValueError)
                raise _Interrupted from None
            from tabroll.words import visible  # a message quotes what was typed or read: shown, never obeyed

            # "error:" is bad input (exit 2) or a fault (70); the rules' answer (exit 1) is a refusal, and says so.
            said = "refused" if err.exit_code == EXIT_REFUSED else "error"
            sys.stderr.write(f"{said}: {visible(err.describe(), lines=True)}\n")
            code = err.exit_code
        except (_Interrupted, KeyboardInterrupt):
            sys.stderr.write(_interrupted())
            code = EXIT_INTERRUPTED
        except OSError as err:
            code = output_stream.output_failed(err) if output_stream.is_output_error(err) else _internal_error(err)
        except Exception as err:  # pragma: no cover - a bug in tabroll; keep the message short and actionable
            if _interrupts:  # Ctrl-C inside a library that wrapped our exception in its own (pydantic's SchemaError)
                sys.stderr.write(_interrupted())
                code = EXIT_INTERRUPTED
            else:
                code = _internal_error(err)
        finally:
            signal.signal(signal.SIGINT, _on_late_interrupt if argv is None else previous)
    except (_Interrupted, KeyboardInterrupt):
        signal.signal(signal.SIGINT, _on_late_interrupt if argv is None else previous)
        sys.stderr.write(_interrupted())
        code = EXIT_INTERRUPTED
    try:
        sys.stdout.flush()
    except OSError as err:
        code = output_stream.output_failed(err) if output_stream.is_output_error(err) else _internal_error(err)
    if _interrupts and code != EXIT_INTERRUPTED and argv is None:
        sys.stderr.write(_interrupted())
        code = EXIT_INTERRUPTED
    _interrupts.clear()  # this command's; work done after it in the same process (tests) is not interrupted
    if argv is not None:  # in a program that called main(): its own hook again (a process keeps ours to its end)
        sys.unraisablehook = unraisable
    raise SystemExit(code)


def _interrupted() -> str:
    """``interrupted``, with what the long work under way had done (only when that work ran)."""
    workers = sys.modules.get("tabroll.workers")
    return (workers.interrupted_line() if workers is not None else "interrupted") + "\n"


def _internal_error(err: BaseException) -> int:
    from tabroll.words import visible

    sys.stderr.write(
        f"internal error: {type(err).__name__}: {visible(str(err), lines=True)}\n"
        "This is a bug in tabroll; please report it with the command you ran.\n"
    )
    return EXIT_INTERNAL
