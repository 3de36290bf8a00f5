"""``tabroll attack``, ``check-skill`` and ``play``: one action typed on the command line, or a table session."""

from typing import TYPE_CHECKING, Annotated, Any

import typer

from tabroll.cli.flags import (
    AnswersOption,
    AttackerOption,
    AttackerStatOption,
    BriefOption,
    DiceOption,
    FormatOption,
    GameWordsArg,
    JournalForceOption,
    JournalOption,
    OptionOption,
    PlayFormatOption,
    PromptOption,
    RulesetOption,
    SeedOption,
    SetOption,
    TargetOption,
    TargetStatOption,
)
from tabroll.cli.shared import assignments, dice_session, output_format, show_one
from tabroll.cli.typer_app import complete_games
from tabroll.errors import EXIT_REFUSED, InputError
from tabroll.i18n import _

if TYPE_CHECKING:
    from tabroll.dice.session import Session
    from tabroll.loading.quick import AttackWords, DescribedAttack


def attack_words(
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
) -> "AttackWords":
    """What the command line says about the attack (shared by attack and odds): its free words split into the
    scenario file and the game's fields, and its flags."""
    from tabroll.engine import all_rulesets, find_ruleset
    from tabroll.loading.quick import AttackWords, split_words

    free = list(words or ())
    games = [find_ruleset(ruleset)] if ruleset and not any(w.startswith("--") for w in free) else all_rulesets()
    split = split_words(free, games)
    return AttackWords(
        scenario_file=split.scenario_file,
        attacker=attacker,
        target=target,
        ruleset=ruleset,
        fields=split.fields,
        settings=assignments(setting, "--set"),
        attacker_stats=assignments(attacker_stat, "--attacker-stat"),
        target_stats=assignments(target_stat, "--target-stat"),
        options=assignments(option),
        action_index=action_index,
        command=command,
    )


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
    if not attacker or not target:
        from tabroll.loading.quick import name_units_tip

        raise InputError(_("name the --attacker and the --target"), tip=name_units_tip("attack", ruleset))
    from tabroll.loading.quick import describe_attack

    chosen = output_format(fmt, brief=brief)
    described = describe_attack(
        attack_words(
            words, attacker, target, ruleset=ruleset, attacker_stat=attacker_stat, target_stat=target_stat,
            setting=setting, option=option,
        )
    )  # fmt: skip
    session = dice_session(seed, dice, prompt, answers)
    resolution, index = _resolve_attack(described, session, journal, journal_force=journal_force)
    game = described.ruleset
    scenario_file = described.scenario.source if described.scenario is not None else None
    show_one(chosen, session, resolution, title=described.title, ruleset=game.id, file=scenario_file,
              index=index, final_state=game.summarize_state(resolution.state))  # fmt: skip


def _resolve_attack(
    described: "DescribedAttack", session: "Session", journal: str | None, *, journal_force: bool
) -> tuple[Any, int]:
    """The attack resolved with the dice of ``session``, and its number in the log: with ``--journal``, the
    journal's next (and recorded there)."""
    if journal is None:
        from tabroll.engine import resolve

        return resolve(described.ruleset, described.state, described.action, session.source), 1
    if described.scenario is None:
        raise InputError(_("a journal follows a scenario file"), tip="tabroll attack FILE --journal J -a X -t Y")
    from tabroll.journal import open_journal

    book = open_journal(journal, described.scenario, scenario_path=described.scenario.source, force=journal_force)
    index = book.next_seq
    return book.resolve(described.action, session.source), index


def check_skill(
    identity: Annotated[
        str, typer.Argument(help="Who tests, in the game's words (tabroll rules GAME says how).", metavar="WHO")
    ],
    skill: Annotated[
        list[str], typer.Argument(help="The skill tested; when several fit, the strongest is used.", metavar="SKILL")
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
            autocompletion=complete_games,
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
        tabroll check-skill WUBB Subtlety --total 9 --seed 4  # exit 1: 6 < 9, the test fails
    """
    from tabroll.engine import all_rulesets, find_ruleset, resolve

    chosen = output_format(fmt)
    if ruleset is None:
        games = [g for g in all_rulesets() if g.has_skill_tests()]
        if len(games) != 1:
            names = ", ".join(g.id for g in games) or _("none")
            raise InputError(_("name the game with --ruleset"), tip=_("games with skill tests: {games}", games=names))
        game = games[0]
    else:
        game = find_ruleset(ruleset)
    built = game.quick_skill_test(identity, skill, difficulty=difficulty, target=target, options=assignments(option))
    session = dice_session(seed, dice, prompt)
    resolution = resolve(game, built.state, built.steps[0].action, session.source)
    show_one(chosen, session, resolution, title=built.title, ruleset=game.id)
    if any(getattr(event, "success", None) is False for event in resolution.events):
        raise typer.Exit(EXIT_REFUSED)  # the help's promise: exit code 1 when the test fails


def play(
    file: Annotated[str, typer.Argument(help="The scenario file: the board and units to play on.", metavar="FILE")],
    journal: Annotated[
        str | None,
        typer.Option("--journal", help="The game's journal (default: FILE's name + .journal.jsonl).", metavar="FILE"),
    ] = None,
    fmt: PlayFormatOption = None,
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
