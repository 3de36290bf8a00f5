"""``tabroll odds`` and ``tabroll matrix``: the exact or simulated odds of an attack, of dice, and of every pair.

Each command's flags are one typed request (:class:`OddsRequest`, :class:`MatrixRequest`): a new flag is a new
field there, and the command reads it from the request."""

import os
import re
from typing import TYPE_CHECKING, Annotated

import msgspec
import typer

from tabroll.cli.commands.attack import attack_words
from tabroll.cli.flags import (
    AttackerOption,
    AttackerStatOption,
    GameWordsArg,
    OptionOption,
    PngOption,
    ReportFormatOption,
    RulesetOption,
    SetOption,
    SvgOption,
    TargetOption,
    TargetStatOption,
    game_words,
    takes_request,
)
from tabroll.cli.shared import assignments, draw_pictures, fenced, report_format, started_at, warn
from tabroll.errors import EXIT_REFUSED, InputError
from tabroll.i18n import _

if TYPE_CHECKING:
    from tabroll.api import Attack


class OddsRequest(msgspec.Struct, frozen=True):
    """The flags of ``tabroll odds``, in the order its help lists them."""

    words: GameWordsArg = None
    attacker: AttackerOption = ""
    target: TargetOption = ""
    action_index: Annotated[
        int | None,
        typer.Option("--action", help="With a scenario file and no -a/-t: its action N (default 1).", metavar="N"),
    ] = None
    ruleset: RulesetOption = None
    attacker_stat: AttackerStatOption = None
    target_stat: TargetStatOption = None
    setting: SetOption = None
    trials: Annotated[
        int | None, typer.Option("--trials", help="Simulate this many attacks instead of the exact walk.", metavar="N")
    ] = None
    budget: Annotated[
        int,
        typer.Option(
            "--budget", help="Most resolutions the exact walk may take before simulating instead.", metavar="N"
        ),
    ] = 200_000
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Seed the simulation (reproducible); without it a fresh seed is drawn, and the note names it.",
            metavar="N",
        ),
    ] = None
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Processes for a simulation (an exact walk runs in one).", metavar="N")
    ] = 1
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            help="Stop after this many seconds with the best estimate so far, and say so (0: no limit). The exact "
            "walk may take half; past that, the simulation takes over.",
            metavar="SECONDS",
        ),
    ] = 60.0
    fmt: ReportFormatOption = None
    option: OptionOption = None
    svg: SvgOption = None
    png: PngOption = None
    versus: Annotated[
        str | None,
        typer.Option(
            "--vs",
            help="A second attacker against the same target, as -a takes it: both attacks side by side, A − B, and "
            "who deals more damage (--svg and --png draw both in one picture).",
            metavar="UNIT",
        ),
    ] = None
    versus_setting: Annotated[
        list[str] | None,
        typer.Option(
            "--vs-set",
            help="A field of the second attack only, KEY=VALUE, in place of the first attack's own (--vs-set "
            "using=secondary: two forms of one attack; --distance 1 --vs-set distance=3: two distances).",
            metavar="KEY=VALUE",
        ),
    ] = None
    until: Annotated[
        str | None,
        typer.Option(
            "--until",
            help="Attack again, from the state each attack leaves, until the target is defeated: the odds of "
            "each number of attacks (or rounds) and its mean.",
            metavar="defeat",
        ),
    ] = None
    attacks: Annotated[
        int | None,
        typer.Option("--attacks", help="With --until: the most attacks (or rounds) made (default 20).", metavar="N"),
    ] = None

    def asks_about_dice(self) -> bool:
        """Whether the words are a dice expression (and no flag describes an attack): see :func:`reads_as_dice`."""
        described = self.attacker or self.target or self.ruleset or self.attacker_stat or self.target_stat
        asked = self.compares() or self.until is not None or self.attacks is not None
        if described or self.setting or self.option or self.action_index is not None or asked:
            return False
        return reads_as_dice(self.words or [])

    def compares(self) -> bool:
        return self.versus is not None or bool(self.versus_setting)

    def second(self) -> "OddsRequest":
        """The request of the second attack: the first one's with the ``--vs`` attacker, and each ``--vs-set
        KEY=VALUE`` in place of the first attack's field of that name (its game fields are handed over as ``--set``,
        so that one of the same name is overridden)."""
        from msgspec.structs import replace

        from tabroll.engine import all_rulesets, find_ruleset
        from tabroll.loading.quick import split_words

        attacker = self.versus if self.versus is not None else self.attacker
        free = list(self.words or ())
        one_game = self.ruleset is not None and not any(w.startswith("--") for w in free)
        split = split_words(free, [find_ruleset(self.ruleset)] if self.ruleset and one_game else all_rulesets())
        overridden = {_field_key(item) for item in self.versus_setting or ()}
        kept = [item for item in self.setting or () if _field_key(item) not in overridden]
        fields = [f"{key}={value}" for key, value in split.fields.items() if key not in overridden]
        return replace(
            self,
            attacker=attacker,
            words=[split.scenario_file] if split.scenario_file is not None else None,
            setting=[*kept, *fields, *(self.versus_setting or ())],
        )

    def attack(self) -> "Attack":
        """The attack the words and flags describe, as ``tabroll attack`` reads them."""
        from tabroll.api import attack_from_words

        return attack_from_words(
            attack_words(
                self.words, self.attacker, self.target, ruleset=self.ruleset, attacker_stat=self.attacker_stat,
                target_stat=self.target_stat, setting=self.setting, option=self.option,
                action_index=self.action_index, command="odds",
            )
        )  # fmt: skip


def _field_key(item: str) -> str:
    """The field a ``KEY=VALUE`` names, as the games name fields (``move-to`` and ``move_to`` are one)."""
    return item.partition("=")[0].strip().replace("-", "_")


_BEGINS_AS_DICE = re.compile(r"[0-9(+\-]|[dD][0-9%fF]")


def reads_as_dice(words: list[str]) -> bool:
    """The one rule between a scenario file and dice in the free words of ``tabroll odds`` (its help, and
    docs/designer/dice.md, "``tabroll odds EXPR``", say it):

    1. a word ending in ``.yaml`` or ``.yml`` is a scenario file, and so are words with a game's ``--FIELD``;
    2. words that read as a dice expression (or two around ``vs``) are dice, whatever the folder holds: a file
       named like dice (``3d6``) is named by a path (``./3d6``);
    3. otherwise the first word is a scenario file when it names an existing file;
    4. otherwise the words are dice when they begin as dice do (a digit, ``d6``, ``(``, a sign, or hold ``vs``):
       the message says what in the expression cannot be read; anything else is a scenario file not found.

    Nothing here touches a file but to ask whether it exists (a name too long for the system is no file)."""
    from tabroll.odds.dice_odds import read_question

    if not words or any(word.startswith("--") for word in words):
        return False
    first = words[0].strip()
    if first.lower().endswith((".yaml", ".yml")):
        return False
    try:
        read_question(words)
    except InputError:
        pass
    else:
        return True
    if os.path.isfile(first):  # False for a name the system refuses (too long, a NUL): never an OSError
        return False
    joined = " ".join(words)
    return bool(_BEGINS_AS_DICE.match(first)) or re.search(r"(?:^|\s)vs(?:\s|$)", joined, re.IGNORECASE) is not None


@takes_request(OddsRequest)
def odds(request: OddsRequest) -> None:
    """Exact odds of one attack (every dice outcome through the real rules), or a Monte Carlo estimate; or the exact
    distribution of a dice expression (EXPR, EXPR >= N, EXPR vs EXPR).

    Dice or a file: words that read as dice are dice (a file named like dice is named by its path, ./3d6); a
    word ending in .yaml or .yml, or any other word naming a file, is a scenario file. An expression may begin with
    a minus: tabroll odds -1d8 + 4.

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
        tabroll odds "(1d6+1)/2"
        tabroll odds -a Lanceiro -t Soldado --vs Feiticeiro
    """
    if request.asks_about_dice():
        _dice_odds(request)
    elif request.compares():
        _versus_odds(request)
    else:
        _attack_odds(request)


def _attack_odds(request: OddsRequest) -> None:
    """``tabroll odds`` of an attack (with ``--until``, of the chain of attacks to defeat), shown."""
    from tabroll.api import attack_odds, until_cap
    from tabroll.render.odds import render_odds
    from tabroll.render.svg import odds_svg

    chosen = report_format(request.fmt, request.svg, request.png)
    until_cap(request.until, request.attacks)  # before the attack is read, as every flag of its own
    described = request.attack()
    result = attack_odds(
        described, until=request.until, attacks=request.attacks, trials=request.trials, budget=request.budget,
        seed=request.seed, jobs=request.jobs, timeout=request.timeout, started=started_at(),
    )  # fmt: skip
    game, report, title = described.game.ruleset, result.report, result.title
    if result.chain is not None:
        from tabroll.render.until import render_until, until_svg

        chain = result.chain
        with fenced(chosen) as fmt:
            render_until(report, chain, fmt, title=title, ruleset=game.id, limit=result.limit)
        draw_pictures(request.svg, lambda: until_svg(chain, title, game=game.name), request.png)
        return
    with fenced(chosen) as shown:
        render_odds(report, shown, title=title, ruleset=game.id, limit=result.limit)
    draw_pictures(request.svg, lambda: odds_svg(report, title, game=game.name), request.png)
    nothing = not report.attack and not report.follow_ups and set(report.game.unchanged()) == set(report.game.kinds)
    fields = [s.flag for s in game.attack_fields if not (s.quick_only and described.scenario is not None)]
    if nothing and request.attacker and fields and not report.always_refused:  # a typed attack, its fields left out
        warn(
            _("the attack as typed counts nothing: give it its fields, {fields} (tabroll rules {game})",
              fields=", ".join(fields), game=game.id)
        )  # fmt: skip
    if report.always_refused:  # the same answer `tabroll attack` gives for an action the rules refuse
        raise typer.Exit(EXIT_REFUSED)


def _versus_odds(request: OddsRequest) -> None:
    """``tabroll odds … --vs UNIT``: the odds of both attacks, each on its own, compared side by side
    (:func:`tabroll.api.attack_odds` with ``vs``)."""
    from msgspec.structs import replace

    from tabroll.api import attack_odds, check_no_until_with_vs
    from tabroll.dice.session import check_jobs
    from tabroll.render.versus import render_versus, versus_svg

    chosen = report_format(request.fmt, request.svg, request.png)
    check_no_until_with_vs(request.until, request.attacks)
    check_jobs(request.jobs)
    first, second = request.attack(), request.second().attack()
    if first.title == second.title and request.versus_setting:  # two forms told apart only by --vs-set: say which
        second = replace(second, title=f"{second.title} ({', '.join(request.versus_setting)})")
    result = attack_odds(
        first, vs=second, trials=request.trials, budget=request.budget, seed=request.seed, jobs=request.jobs,
        timeout=request.timeout, started=started_at(),
    )  # fmt: skip
    comparison = result.comparison
    with fenced(chosen) as shown:
        render_versus(comparison, shown, ruleset=result.game)
    draw_pictures(request.svg, lambda: versus_svg(comparison, game=first.game.name), request.png)


def _dice_odds(request: OddsRequest) -> None:
    """``tabroll odds EXPR`` (``EXPR >= N``, ``EXPR vs EXPR``): read and worked out by
    :func:`tabroll.api.dice_odds`, shown by :mod:`tabroll.render.dice`."""
    from tabroll.api import dice_odds
    from tabroll.render import dice

    chosen = report_format(request.fmt, request.svg, request.png)
    odds = dice_odds(request.words or [], trials=request.trials, seed=request.seed, timeout=request.timeout).answer
    with fenced(chosen) as shown:
        dice.render(odds, shown)
    draw_pictures(request.svg, lambda: dice.svg(odds), request.png)


def _complete_colours(incomplete: str) -> list[str]:
    """Tab completion of ``--colour`` (``tabroll matrix --colour d<TAB>``)."""
    from tabroll.render.svg import MATRIX_COLOURS

    return [name for name in MATRIX_COLOURS if name.startswith(incomplete)]


class MatrixRequest(msgspec.Struct, frozen=True):
    """The flags of ``tabroll matrix``, in the order its help lists them."""

    words: Annotated[
        list[str] | None,
        game_words(
            "Take the units from this scenario file instead of the catalogue; the game's own attack fields "
            "anywhere, e.g. --distance 2 in tabmaster, botse and ahotnik (tabroll rules GAME lists each game's)."
        ),
    ] = None
    ruleset: RulesetOption = None
    attackers: Annotated[
        str | None,
        typer.Option(
            "--attackers",
            help="Comma-separated attackers, each a unit as -a takes it (default: the whole catalogue).",
            metavar="UNITS",
        ),
    ] = None
    targets: Annotated[
        str | None,
        typer.Option(
            "--targets",
            help="Comma-separated targets, each a unit as -t takes it (default: the whole catalogue).",
            metavar="UNITS",
        ),
    ] = None
    budget: Annotated[
        int, typer.Option("--budget", help="Most resolutions per exact pair (then it is simulated).", metavar="N")
    ] = 20_000
    trials: Annotated[
        int, typer.Option("--trials", help="Trials per pair when a pair is too large to walk exactly.", metavar="N")
    ] = 20_000
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Seed any simulated pair (reproducible); without it a fresh seed is drawn, and the notes name it.",
            metavar="N",
        ),
    ] = None
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            help="Seconds for the whole table, shared among the pairs still to do; a pair out of time gives its "
            "best estimate so far, and the table says so (0: no limit).",
            metavar="SECONDS",
        ),
    ] = 600.0
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", help="Share the pairs among this many processes.", metavar="N")
    ] = 1
    fmt: ReportFormatOption = None
    option: OptionOption = None
    svg: SvgOption = None
    png: PngOption = None
    colour: Annotated[
        str,
        typer.Option(
            "--colour",
            "--color",
            help="What the colour of the picture's cells shows: defeat (P(defeated)), damage (mean damage, on a "
            "scale to the table's largest) or attacks (mean attacks to defeat, each pair attacking again up to 20 "
            "times: also in --format json).",
            metavar="FIGURE",
            autocompletion=_complete_colours,
        ),
    ] = "defeat"


@takes_request(MatrixRequest)
def matrix(request: MatrixRequest) -> None:
    """Defeat probability and expected damage for every attacker against every target: a balance table.

    Examples:

        tabroll matrix -r tabmaster --attackers Lanceiro,Arqueiro --targets Alquimista,Lanceiro
        tabroll new tabmaster battle.yaml  # a starter scenario to try these on, if you have none
        tabroll matrix battle.yaml
        tabroll matrix -r forgod --attackers "Orc BA=2,Troll BA=4" --targets "Elf PV=6"
    """
    from tabroll.api import matrix as balance_table
    from tabroll.dice.session import seed_or_fresh
    from tabroll.engine import all_rulesets, find_ruleset
    from tabroll.loading.quick import split_units, split_words
    from tabroll.render.matrix import progress_bar, render_matrix
    from tabroll.render.svg import check_colour, matrix_svg

    chosen = report_format(request.fmt, request.svg, request.png)
    colour = check_colour(request.colour)
    master = seed_or_fresh(request.seed)
    games = [find_ruleset(request.ruleset)] if request.ruleset else all_rulesets()
    split = split_words(list(request.words or ()), games)
    table = balance_table(
        split_units(request.attackers), split_units(request.targets), game=request.ruleset,
        scenario=split.scenario_file, fields=split.fields, options=assignments(request.option), budget=request.budget,
        trials=request.trials, seed=master, timeout=request.timeout, jobs=request.jobs,
        until=20 if colour == "attacks" else None, started=started_at(), progress=progress_bar,
    ).table  # fmt: skip
    with fenced(chosen) as shown:
        render_matrix(table, shown)
    draw_pictures(
        request.svg, lambda: matrix_svg(table, colour=colour, game=find_ruleset(table.ruleset).name), request.png
    )
