"""A balance table: for every attacker and target, the chance the attack defeats the target and the damage
it deals on average. Every pair is one attack, built the same way ``tabroll attack`` builds it; exact where the
outcome tree fits the budget, simulated (and marked so) where it does not.

Both figures are the attack's own. What follows it (a counterattack, a reaction) is a second table: the chance
the attacker is defeated by it and the damage the attacker takes on average."""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import msgspec

from tabroll.batch.workers import WorkerDied, doing, in_order, process_pool
from tabroll.dice.session import check_jobs
from tabroll.engine import ruleset_for_units
from tabroll.errors import InputError, RuleRefusal
from tabroll.events import Said, said
from tabroll.i18n import MESSAGES, _, n_
from tabroll.kit import AnyRuleset, AttackRequest
from tabroll.loading.quick import TypedUnit, check_fields, parse_unit, unit_stats
from tabroll.loading.scenario import load_scenario_file
from tabroll.odds.api import TimeLimit, compute_odds
from tabroll.odds.estimate import estimate_leaves
from tabroll.odds.figures import Cell, Matrix
from tabroll.odds.montecarlo import check_trials

MAX_PAIRS = 2_500

Progress = Callable[[int], AbstractContextManager[Callable[[str], None]]]
"""How a caller follows the build: called with the number of pairs, it gives a function called with each pair
done (``tabroll matrix`` passes :func:`tabroll.render.matrix.progress_bar`)."""


def _quiet(_pairs: int) -> AbstractContextManager[Callable[[str], None]]:
    return nullcontext(lambda _pair: None)


def build_matrix(
    *,
    scenario_file: str | None,
    ruleset: str | None,
    attackers: list[str] | None,
    targets: list[str] | None,
    fields: Mapping[str, str],
    budget: int,
    trials: int,
    seed: int,
    options: Mapping[str, str],
    timeout: float | None = None,
    jobs: int = 1,
    since: float | None = None,
    progress: Progress | None = None,
    until: int | None = None,
) -> Matrix:
    """The table; with ``timeout`` seconds, a safety stop for the whole table (``budget`` alone decides whether a
    pair is exact; a pair the limit stops is marked out of time). With ``jobs`` > 1 the pairs are shared among
    forked processes, each computed as in one process, so the table is the same. ``progress`` is told of each
    pair done. With ``until``, each cell also has the mean attacks to defeat (:mod:`~tabroll.odds.until`)."""
    typed_attackers, typed_targets = _typed_units(attackers, targets)
    if scenario_file is not None:
        where = _from_file(scenario_file, typed_attackers, typed_targets, fields, options)
    else:
        where = _from_catalogue(ruleset, typed_attackers, typed_targets, fields)
    check_jobs(jobs)
    check_trials(trials)  # before any pair, not when the first pair is simulated
    attackers, targets = _pair_names(where, typed_attackers, typed_targets, scenario_file)
    job = _PairJob(
        where.game, where.state, where.fields, options, budget=budget, trials=trials, seed=seed,
        stats={} if scenario_file is not None else _typed_stats(where, typed_attackers, typed_targets), until=until,
    )  # fmt: skip
    table = Matrix(
        ruleset=where.game.id, attackers=attackers, targets=targets, setting=str(where.setting.machine),
        setting_text=str(where.setting), timeout=timeout, seed=seed,
    )  # fmt: skip
    deadline = None if timeout is None else (time.monotonic() if since is None else since) + timeout
    work = [(attacker, target) for attacker in attackers for target in targets]
    return _build(table, work, jobs if len(work) > 1 else 1, deadline, job, progress or _quiet)


class _Where(msgspec.Struct, frozen=True):
    """Where the pairs stand: the game, the scenario's state (None for catalogue units), the attack fields as
    checked, the units there are to pair (the scenario's, or the catalogue's) and the setting the table names."""

    game: AnyRuleset
    state: Any
    fields: dict[str, str]
    known: list[str]
    setting: Said  # for people, and its machine words (the JSON's, the same in every language)


def _typed_units(attackers: list[str] | None, targets: list[str] | None) -> tuple[list[TypedUnit], list[TypedUnit]]:
    """``--attackers`` and ``--targets`` read as units, each a name and any stats typed after it."""
    for option, given in (("--attackers", attackers), ("--targets", targets)):
        if given is not None and not given:  # given, but only commas or spaces: not "the whole catalogue"
            raise InputError(
                _("{option} names no unit", option=option),
                tip=_("give names separated by commas, or leave {option} out", option=option),
            )
    typed_attackers = [parse_unit(text, "--attackers") for text in attackers or ()]
    return typed_attackers, [parse_unit(text, "--targets") for text in targets or ()]


def _from_file(
    scenario_file: str,
    typed_attackers: list[TypedUnit],
    typed_targets: list[TypedUnit],
    fields: Mapping[str, str],
    options: Mapping[str, str],
) -> _Where:
    """The pairs of a scenario file: its units, at its positions (a typed stat is refused: the file gives them)."""
    typed = next((u for u in (*typed_attackers, *typed_targets) if u.stats), None)
    if typed is not None:
        raise InputError(
            _(
                '{flag} "{unit}": the scenario file {file} gives the units\' stats',
                flag=typed.flag,
                unit=typed.text,
                file=scenario_file,
            ),
            tip=_("change them in the file, or leave the file out to type the units' stats"),
        )
    scenario = load_scenario_file(scenario_file, options)
    game, state = scenario.ruleset, scenario.state
    return _Where(
        game, state, check_fields(game, fields, with_file=True), list(dict.fromkeys(game.unit_names(state))),
        said(lambda: _("positions from {file}", file=scenario_file)),
    )  # fmt: skip


def _from_catalogue(
    ruleset: str | None, typed_attackers: list[TypedUnit], typed_targets: list[TypedUnit], fields: Mapping[str, str]
) -> _Where:
    """The pairs of catalogue or typed units: the game that has the untyped ones, and its attack fields."""
    units = (*typed_attackers, *typed_targets)
    untyped = [unit.name for unit in units if not unit.stats]
    game = ruleset_for_units(ruleset, untyped or [unit.name for unit in units])
    checked = check_fields(game, fields, with_file=False)
    setting = said(
        lambda: ", ".join(
            _setting_part(spec.name, str(checked.get(spec.name, spec.default)))
            for spec in game.attack_fields
            if spec.name in checked or (spec.quick_only and spec.default is not None)
        )
    )
    return _Where(game, None, checked, game.catalogue_names(), setting)


def _setting_part(field: str, value: str) -> str:
    """One attack field of the table's setting as people read it (``distance 1``): the field's name and a word
    value in the language now, from the game's catalogue (``p_("attack field", NAME)``, ``p_("field value",
    VALUE)``), else as typed; a number stays as it is."""
    name = field.replace("_", " ")
    word = MESSAGES.plookup("attack field", name) or name
    said = MESSAGES.plookup("field value", value) or value
    return _("{field} {value}", field=word, value=said)


def _pair_names(
    where: _Where, typed_attackers: list[TypedUnit], typed_targets: list[TypedUnit], scenario_file: str | None
) -> tuple[list[str], list[str]]:
    """The attackers and the targets (by default every unit there is), checked to make a table of some pairs."""
    attackers = [unit.name for unit in typed_attackers] or where.known
    targets = [unit.name for unit in typed_targets] or where.known
    if not attackers or not targets:
        if scenario_file is not None:
            raise InputError(_("{file} has no units to compare", file=scenario_file), tip=_("add units to the file"))
        game = where.game
        missing = _(" and ").join(o for o, given in (("--attackers", attackers), ("--targets", targets)) if not given)
        raise InputError(
            _("{game} has no unit catalogue: name the units with {options}", game=game.name, options=missing),
            tip=_(
                "type each unit as a name and its stats, e.g. {example} (tabroll units {id} lists the stats each "
                "attack needs); or take the units from a scenario file: tabroll matrix FILE",
                example=_typed_example(game),
                id=game.id,
            ),
        )
    if len(attackers) * len(targets) > MAX_PAIRS:
        raise InputError(
            _(
                "{attackers} x {targets} pairs is more than {most}",
                attackers=len(attackers),
                targets=len(targets),
                most=f"{MAX_PAIRS:,}",
            ),
            tip=_("name fewer --attackers or --targets"),
        )
    return attackers, targets


def _typed_stats(
    where: _Where, typed_attackers: list[TypedUnit], typed_targets: list[TypedUnit]
) -> dict[tuple[str, str], dict[str, str]]:
    """The typed stats of each attacker and target, by role and name (checked by
    :func:`tabroll.loading.quick.unit_stats`)."""
    held = {name.casefold() for name in where.known}
    stats: dict[tuple[str, str], dict[str, str]] = {}
    for role, typed_units in (("attacker", typed_attackers), ("target", typed_targets)):
        for unit in typed_units:
            stats[(role, unit.name)] = unit_stats(
                where.game, unit, {}, role=role, typed_flag=unit.flag, catalogued=unit.name.casefold() in held
            )
    return stats


class _PairJob(msgspec.Struct, frozen=True):
    """What every pair is worked out with, in one process or in each forked worker of ``--jobs``."""

    game: AnyRuleset
    state: Any
    fields: Mapping[str, str]
    options: Mapping[str, str]
    budget: int
    trials: int
    seed: int
    stats: Mapping[tuple[str, str], Mapping[str, str]]
    until: int | None = None

    def pair(self, attacker: str, target: str, deadline: float | None) -> Cell:
        """The odds of one pair: exact within ``budget``, else ``trials`` simulated attacks (and only those); with
        the whole time left before ``deadline`` (only the table's limit stops a pair, never its pace), or the
        best estimate by then."""
        game, state, fields = self.game, self.state, self.fields
        cell = Cell(attacker=attacker, target=target)
        if attacker == target and state is not None:
            cell.refused = _("a unit does not attack itself")
            return cell
        try:
            if state is not None:
                action = game.quick_action(attacker, target, fields)
            else:
                request = AttackRequest(
                    attacker=attacker, target=target, attacker_stats=self.stats.get(("attacker", attacker), {}),
                    target_stats=self.stats.get(("target", target), {}), options=self.options, fields=fields,
                )  # fmt: skip
                built = game.quick_attack(request)
                state, action = built.state, built.steps[0].action
                cell.label = str(getattr(action, "target", None) or target)  # as the built action spells it
            seconds = None if deadline is None else max(0.001, deadline - time.monotonic())
            limit = TimeLimit(seconds, name=_("the table's --timeout"))
            report = compute_odds(
                game, state, action, budget=self.budget, seed=self.seed, fallback_trials=self.trials, limit=limit,
                trials=self.trials if _walk_would_give_up(game, state, action, self.budget) else None,
            )  # fmt: skip
        except RuleRefusal as refusal:
            cell.refused = refusal.message
            return cell
        cell.out_of_time = limit.reached
        if report.refused and sum(e.value for e in report.refused.values()) >= 1.0:
            cell.refused = next(iter(report.refused))
            return cell
        cell.report = report
        if self.until is not None:  # the mean attacks to defeat; unknown when the rules cannot tell one target
            from tabroll.odds.until import compute_until

            try:
                chain = compute_until(game, state, action, cap=self.until, budget=self.budget, seed=self.seed,
                                      limit=limit, fallback_trials=self.trials)  # fmt: skip
            except (InputError, RuleRefusal):
                return cell
            cell.attacks, cell.attacks_cap = chain.mean, self.until
        return cell


_JOB: tuple[_PairJob, float | None] | None = None  # what the forked workers of --jobs share: the job, deadline


def _pair_in_worker(pair: tuple[str, str]) -> Cell:
    """One pair, in this process or in a worker (the job is inherited by fork)."""
    assert _JOB is not None
    job, deadline = _JOB
    return job.pair(*pair, deadline)


def _build(
    table: Matrix, work: list[tuple[str, str]], jobs: int, deadline: float | None, job: _PairJob, progress: Progress
) -> Matrix:
    """The pairs, in one process one after the other (each with the whole time left: the table's limit stops
    them, nothing else), or shared among ``jobs`` forked workers, one pair at a time, gathered in the table's
    order."""
    global _JOB
    pairs = len(work)

    def describe() -> str:
        if jobs == 1:
            return n_(
                "{done} of the table's {n} pair was done; no table printed",
                "{done} of the table's {n} pairs were done; no table printed",
                pairs,
                done=len(table.cells),
            )
        return n_(
            "{done} of the table's {n} pair was done (in {jobs} processes); no table printed",
            "{done} of the table's {n} pairs were done (in {jobs} processes); no table printed",
            pairs,
            done=len(table.cells),
            jobs=jobs,
        )

    _JOB = (job, deadline)
    try:
        pool_context = nullcontext(None) if jobs == 1 else process_pool(min(jobs, pairs))
        with doing(describe), progress(pairs) as advance, pool_context as pool:
            for cell in map(_pair_in_worker, work) if pool is None else in_order(pool, _pair_in_worker, work):
                table.cells[(cell.attacker, cell.target)] = cell
                advance(f"{cell.attacker} → {cell.target}")
    except WorkerDied as died:
        raise WorkerDied(
            n_(
                "{problem}: {done} of the table's {n} pair was done, so no table is printed",
                "{problem}: {done} of the table's {n} pairs were done, so no table is printed",
                pairs,
                problem=died.message,
                done=len(table.cells),
            ),
            tip=died.tip,
        ) from None
    finally:
        _JOB = None
    return table


def _typed_example(game: AnyRuleset) -> str:
    """A matrix command line with typed units, from the game's first attack example (``tabroll units GAME``
    shows it): its ``-a``/``-t`` become ``--attackers``/``--targets``, its attack fields stay, its dice go."""
    example = next((needs.example for needs in game.stat_needs() if needs.example), "")
    try:
        words = shlex.split(example)[2:]  # past "tabroll attack"
    except ValueError:
        words = []
    if not words:
        return f'tabroll matrix -r {game.id} --attackers "Hero ATK=1" --targets "Orc DEF=3"'
    renamed = {"-a": "--attackers", "--attacker": "--attackers", "-t": "--targets", "--target": "--targets"}
    out: list[str] = []
    given = iter(words)
    for word in given:
        if word in ("--dice", "--seed"):
            next(given, None)  # and its value
        else:
            out.append(renamed.get(word, word))
    return "tabroll matrix " + " ".join(shlex.quote(word) if " " in word else word for word in out)


def _walk_would_give_up(game: AnyRuleset, state: Any, action: Any, budget: int) -> bool:
    """Whether the sampled tree (:func:`~tabroll.odds.estimate.estimate_leaves`, seeded: the same answer every time)
    is estimated at ``budget`` leaves or more: such a walk most likely gives up at the budget and is thrown away,
    then the pair is simulated anyway, so a table simulates it at once. (A single ``odds`` is stricter: it walks
    unless the tree is surely over, as one attack can afford the try.)"""
    samples = estimate_leaves(game, state, action)
    if samples.merging:
        return False  # a merging walk needs far fewer resolutions than leaves: it is tried within its budget
    return bool(samples) and sum(samples) >= budget * len(samples)
