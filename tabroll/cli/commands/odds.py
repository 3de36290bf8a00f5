"""``tabroll odds`` and ``tabroll matrix``: the exact or simulated odds of an attack, of dice, and of every pair."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from tabroll.cli.commands.attack import _one_attack
from tabroll.cli.flags import (
    AttackerOption,
    AttackerStatOption,
    FormatOption,
    GameWordsArg,
    OptionOption,
    RulesetOption,
    SetOption,
    SvgOption,
    TargetOption,
    TargetStatOption,
)
from tabroll.cli.shared import REPORT_FORMATS, _fenced, _format, _names, _options, _simulation_seed, _started
from tabroll.errors import (
    EXIT_REFUSED,
)

if TYPE_CHECKING:
    pass


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
    until: Annotated[
        str | None,
        typer.Option(
            "--until",
            help="Attack again, from the state each attack leaves, until the target is defeated: the odds of "
            "each number of attacks (or rounds) and its mean.",
            metavar="defeat",
        ),
    ] = None,
    attacks: Annotated[
        int | None,
        typer.Option("--attacks", help="With --until: the most attacks (or rounds) made (default 20).", metavar="N"),
    ] = None,
) -> None:
    """Exact odds of one attack (every dice outcome through the real rules), or a Monte Carlo estimate; or the exact
    distribution of a dice expression (EXPR, EXPR >= N, EXPR vs EXPR).

    Exit code: 0, or 1 when the rules refuse the action whatever the dice (as `tabroll attack` does).

    Examples:

        tabroll odds -a Lanceiro -t Alquimista --distance 2
        tabroll new tabmaster battle.yaml  # a starter scenario to try these on, if you have none
        tabroll odds battle.yaml --action 3
        tabroll odds -r forgod -a "Orc BA=2" -t "Elf PV=6" --trials 2000 --seed 7
        tabroll odds -a Lanceiro -t Soldado --until defeat
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
    cap = _until_cap(until, attacks)
    described = _one_attack(
        words, attacker, target, ruleset=ruleset, attacker_stat=attacker_stat, target_stat=target_stat,
        setting=setting, option=option, action_index=action_index, command="odds",
    )  # fmt: skip
    game, state, action, title = described.ruleset, described.state, described.action, described.title
    from tabroll.dice.session import check_jobs

    check_jobs(jobs)
    limit = TimeLimit(check_timeout(timeout), since=_started())
    seed = _simulation_seed(seed)  # one seed for the attack and, with --until, its chain
    report = compute_odds(game, state, action, trials=trials, budget=budget, seed=seed, jobs=jobs, limit=limit)
    _, _, description = game.describe_action(action)
    if cap is not None and not report.always_refused:
        _until_odds(report, game, state, action, cap, shown=chosen, title=description or title, limit=limit,
                    trials=trials, budget=budget, seed=seed)  # fmt: skip
    else:
        with _fenced(chosen) as shown:
            render_odds(report, shown, title=description or title, ruleset=game.id, limit=limit)
    if svg is not None:
        write_picture(svg, odds_svg(report, description or title))
    if report.always_refused:  # the same answer `tabroll attack` gives for an action the rules refuse
        raise typer.Exit(EXIT_REFUSED)


def _until_cap(until: str | None, attacks: int | None) -> int | None:
    """``--until``/``--attacks``: the most attacks of the chain (None: one attack's odds, as without them)."""
    if until is None:
        if attacks is not None:
            from tabroll.errors import InputError

            raise InputError("--attacks counts the attacks of --until", tip="add --until defeat")
        return None
    from tabroll.odds.until import check_until

    return check_until(until, attacks)


def _until_odds(report: Any, game: Any, state: Any, action: Any, cap: int, *, shown: str, title: str, limit: Any,
                trials: int | None, budget: int, seed: int) -> None:  # fmt: skip
    """``--until defeat``: the chain of attacks (:mod:`tabroll.odds.until`), shown by :mod:`tabroll.render.until`."""
    from tabroll.odds.until import compute_until
    from tabroll.render.until import render_until

    chain = compute_until(game, state, action, cap=cap, trials=trials, budget=budget, seed=seed, limit=limit)
    with _fenced(shown) as fmt:
        render_until(report, chain, fmt, title=title, ruleset=game.id, limit=limit)


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
    from tabroll.loading.quick import split_words
    from tabroll.odds.api import check_timeout
    from tabroll.odds.matrix import build_matrix
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
