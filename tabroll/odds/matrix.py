"""A balance table: for every attacker and target, the chance the attack defeats the target and the damage
it deals on average. Every pair is one attack, built the same way ``tabroll attack`` builds it; exact where the
outcome tree fits the budget, simulated (and marked so) where it does not.

Both figures are the attack's own. What follows it (a counterattack, a reaction) is a second table: the chance
the attacker is defeated by it and the damage the attacker takes on average."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabroll.dice.session import check_jobs
from tabroll.engine import AnyRuleset, AttackRequest, ruleset_for_units
from tabroll.errors import InputError, RuleRefusal
from tabroll.odds.api import compute_odds
from tabroll.odds.report import Estimate, Report, plural
from tabroll.words import visible

MAX_PAIRS = 2_500
MATRIX_FORMAT = "tabroll.matrix"
MATRIX_FORMAT_VERSION = 2  # a change of shape raises it; CHANGELOG.md says what each version changed


@dataclass
class Cell:
    attacker: str
    target: str
    report: Report | None = None
    refused: str | None = None
    label: str = ""  # the target's name in the resolved attack (a unit facing its own kind is renamed)
    out_of_time: bool = False  # the pair's share of --timeout ran out: its figures are the best estimate so far

    def defeat(self) -> float | None:
        if self.report is None:
            return None
        estimate = self.report.probabilities.get(f"defeated: {self.label or self.target}")
        return 0.0 if estimate is None else estimate.value

    def mean_damage(self) -> float | None:
        if self.report is None or "damage" not in self.report.means:
            return None
        return self.report.means["damage"].value

    def comeback(self) -> tuple[Estimate, Estimate] | None:
        """What follows the attack, for the attacker: P(defeated) and the mean damage it takes, summed over the
        follow-up blocks (a unit is defeated at most once, and means add up); None when nothing follows."""
        if self.report is None or not self.report.follow_ups:
            return None
        exact = self.report.method == "exact"
        defeat, damage = Fraction(0), Fraction(0)
        low_d = high_d = low_m = high_m = 0.0
        for block in self.report.follow_ups:
            d = block.probabilities.get(f"defeated: {self.attacker}")
            m = block.means.get(f"damage taken by {self.attacker}")
            if d is not None:
                defeat += d.exact if d.exact is not None else Fraction(d.value)
                low_d, high_d = low_d + (d.low or 0.0), high_d + (d.high or 0.0)
            if m is not None:
                damage += m.exact if m.exact is not None else Fraction(m.value)
                low_m, high_m = low_m + (m.low or 0.0), high_m + (m.high or 0.0)
        if exact:
            return Estimate(float(defeat), exact=defeat), Estimate(float(damage), exact=damage)
        return (
            Estimate(float(defeat), low=low_d, high=min(1.0, high_d)),
            Estimate(float(damage), low=low_m, high=high_m),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"attacker": self.attacker, "target": self.target}
        if self.refused is not None:
            out["refused"] = self.refused
        if self.report is not None:
            out["method"] = self.report.method
            out["samples"] = self.report.samples
            if self.out_of_time:
                out["out_of_time"] = True
                out["note"] = self.report.note
            out["defeat"] = self.defeat()
            out["mean_damage"] = self.mean_damage()
            defeat = self.report.probabilities.get(f"defeated: {self.label or self.target}")
            if defeat is not None and defeat.exact is not None:
                out["defeat_exact"] = str(defeat.exact)
            elif defeat is None and self.report.method == "exact":
                out["defeat_exact"] = "0"  # no outcome defeats the target
            damage = self.report.means.get("damage")
            if damage is not None and damage.exact is not None:
                out["mean_damage_exact"] = str(damage.exact)
            comeback = self.comeback()
            if comeback is not None:
                out["follow_ups"] = {
                    "labels": [b.label for b in self.report.follow_ups],
                    "attacker_defeated": comeback[0].to_json(),
                    "mean_damage_taken": comeback[1].to_json(),
                }
        return out


@dataclass
class Matrix:
    ruleset: str
    attackers: list[str]
    targets: list[str]
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)
    setting: str = ""
    timeout: float | None = None  # seconds for the whole table (--timeout), shared among the pairs
    seed: int | None = None  # the seed of the simulated pairs (named in the notes, to replay them)

    @property
    def out_of_time(self) -> list[Cell]:
        return [cell for cell in self.cells.values() if cell.out_of_time]

    def time_note(self) -> str:
        """What the time limit did to the table ("" when every pair was done in its share)."""
        short = self.out_of_time
        if not short or self.timeout is None:
            return ""
        return (
            f"the time limit ({self.timeout:g} s, --timeout) cut {len(short)} of {len(self.cells)} pairs short: "
            "their figures are simulated estimates from the trials done in their share of the time (marked ~)"
        )


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
) -> Matrix:
    """The table; with ``timeout`` seconds, each pair may take an equal share of the time left for the pairs still
    to do (a quick pair leaves its time to the later ones), and stops at it with its best estimate so far.

    With ``jobs`` > 1 the pairs are shared among that many forked processes; every pair is computed as it is in
    one process (its own seed, its own walk), so the table is the same, in the same order."""
    import time

    from tabroll.quick import check_fields, parse_unit, unit_stats

    game: AnyRuleset
    state: Any = None
    for option, given in (("--attackers", attackers), ("--targets", targets)):
        if given is not None and not given:  # given, but only commas or spaces: not "the whole catalogue"
            raise InputError(f"{option} names no unit", tip=f"give names separated by commas, or leave {option} out")
    typed_attackers = [parse_unit(text, "--attackers") for text in attackers or ()]
    typed_targets = [parse_unit(text, "--targets") for text in targets or ()]
    attackers = [unit.name for unit in typed_attackers] or None
    targets = [unit.name for unit in typed_targets] or None
    stats: dict[tuple[str, str], dict[str, str]] = {}
    if scenario_file is not None:
        from tabroll.scenario import load_scenario_file

        typed = next((u for u in (*typed_attackers, *typed_targets) if u.stats), None)
        if typed is not None:
            raise InputError(
                f'{typed.flag} "{typed.text}": the scenario file {scenario_file} gives the units\' stats',
                tip="change them in the file, or leave the file out to type the units' stats",
            )

        scenario = load_scenario_file(scenario_file, options)
        game, state = scenario.ruleset, scenario.state
        fields = check_fields(game, fields, with_file=True)
        known = scenario_units(game.summarize_state(state))
        setting = f"positions from {scenario_file}"
    else:
        untyped = [unit.name for unit in (*typed_attackers, *typed_targets) if not unit.stats]
        game = ruleset_for_units(ruleset, untyped or [*(attackers or []), *(targets or [])])
        fields = check_fields(game, fields, with_file=False)
        known = game.catalogue_names()
        setting = ", ".join(
            f"{spec.name.replace('_', ' ')} {fields.get(spec.name, spec.default)}"
            for spec in game.attack_fields
            if spec.name in fields or (spec.quick_only and spec.default is not None)
        )
    from tabroll.odds.montecarlo import MAX_TRIALS

    check_jobs(jobs)

    if not 1 <= trials <= MAX_TRIALS:  # checked before any pair, not when the first pair is simulated
        raise InputError(f"--trials {trials} is out of range", tip=f"use 1 to {MAX_TRIALS:,} trials")
    attackers = attackers or known
    targets = targets or known
    if not attackers or not targets:
        if scenario_file is not None:
            raise InputError(f"{scenario_file} has no units to compare", tip="add units to the file")
        missing = " and ".join(o for o, given in (("--attackers", attackers), ("--targets", targets)) if not given)
        raise InputError(
            f"{game.name} has no unit catalogue: name the units with {missing}",
            tip=f"type each unit as a name and its stats, e.g. {_typed_example(game)} (tabroll units {game.id} "
            "lists the stats each attack needs); or take the units from a scenario file: tabroll matrix FILE",
        )
    if len(attackers) * len(targets) > MAX_PAIRS:
        raise InputError(
            f"{len(attackers)} x {len(targets)} pairs is more than {MAX_PAIRS:,}",
            tip="name fewer --attackers or --targets",
        )
    if scenario_file is None:
        held = {name.casefold() for name in known}
        for role, typed_units in (("attacker", typed_attackers), ("target", typed_targets)):
            for unit in typed_units:
                stats[(role, unit.name)] = unit_stats(
                    game, unit, {}, role=role, typed_flag=unit.flag, catalogued=unit.name.casefold() in held
                )
    table = Matrix(ruleset=game.id, attackers=attackers, targets=targets, setting=setting, timeout=timeout, seed=seed)
    pairs = len(attackers) * len(targets)
    deadline = None if timeout is None else (time.monotonic() if since is None else since) + timeout
    from tabroll.workers import doing

    def describe() -> str:
        return f"{max(0, len(table.cells) - 1)} of the table's {pairs} pairs were done; no table printed"

    work = [(attacker, target) for attacker in attackers for target in targets]
    if jobs > 1 and pairs > 1:
        job = (game, state, fields, options, budget, trials, seed, stats)
        return _build_in_processes(table, work, jobs, deadline, job)
    with doing(describe), _progress(pairs) as advance:
        for attacker, target in work:
            cell = Cell(attacker=attacker, target=target)
            table.cells[(attacker, target)] = cell
            share = None
            if deadline is not None:
                share = max(0.001, (deadline - time.monotonic()) / (pairs - len(table.cells) + 1))
            _fill(
                cell, game, state, fields, options, budget=budget, trials=trials, seed=seed, seconds=share,
                stats=(stats.get(("attacker", attacker), {}), stats.get(("target", target), {})),
            )  # fmt: skip
            advance(f"{attacker} → {target}")
    return table


_JOB: tuple[Any, ...] | None = None  # what the forked workers of --jobs share: the game, state and settings


def _pair_in_worker(item: tuple[int, int, str, str]) -> Cell:
    """One pair in a worker process: the same :func:`_fill` as in one process (the job is inherited by fork)."""
    import time

    assert _JOB is not None
    index, pairs, attacker, target = item
    game, state, fields, options, budget, trials, seed, stats, deadline, jobs = _JOB
    share = None
    if deadline is not None:  # the pairs before this one are about done: share the time left with those after it
        share = max(0.001, (deadline - time.monotonic()) * jobs / max(jobs, pairs - index))
    cell = Cell(attacker=attacker, target=target)
    _fill(
        cell, game, state, fields, options, budget=budget, trials=trials, seed=seed, seconds=share,
        stats=(stats.get(("attacker", attacker), {}), stats.get(("target", target), {})),
    )  # fmt: skip
    return cell


def _build_in_processes(
    table: Matrix, work: list[tuple[str, str]], jobs: int, deadline: float | None, job: tuple[Any, ...]
) -> Matrix:
    """The pairs shared among ``jobs`` forked workers, one pair at a time, gathered in the table's order."""
    global _JOB
    from tabroll.workers import WorkerDied, doing, in_order, process_pool

    pairs = len(work)

    def describe() -> str:
        return f"{len(table.cells)} of the table's {pairs} pairs were done (in {jobs} processes); no table printed"

    _JOB = (*job, deadline, jobs)
    try:
        with doing(describe), _progress(pairs) as advance, process_pool(min(jobs, pairs)) as pool:
            items = [(index, pairs, attacker, target) for index, (attacker, target) in enumerate(work)]
            for cell in in_order(pool, _pair_in_worker, items):
                table.cells[(cell.attacker, cell.target)] = cell
                advance(f"{cell.attacker} → {cell.target}")
    except WorkerDied as died:
        raise WorkerDied(
            f"{died.message}: {len(table.cells)} of the table's {pairs} pairs were done, so no table is printed",
            tip=died.tip,
        ) from None
    finally:
        _JOB = None
    return table


def _typed_example(game: AnyRuleset) -> str:
    """A matrix command line with typed units, from the game's first attack example (``tabroll units GAME``
    shows it): its ``-a``/``-t`` become ``--attackers``/``--targets``, its attack fields stay, its dice go."""
    import shlex

    example = next((needs.example for needs in game.stat_needs() if needs.example), "")
    try:
        words = shlex.split(example)[2:]  # past "tabroll attack"
    except ValueError:
        words = []
    if not words:
        return f'tabroll matrix -r {game.id} --attackers "Hero ATK=1" --targets "Orc DEF=3"'
    renamed = {"-a": "--attackers", "--attacker": "--attackers", "-t": "--targets", "--target": "--targets"}
    out: list[str] = []
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word in ("--dice", "--seed"):
            skip = True
        else:
            out.append(renamed.get(word, word))
    return "tabroll matrix " + " ".join(shlex.quote(word) if " " in word else word for word in out)


def scenario_units(summary: Mapping[str, Any]) -> list[str]:
    """The units a state's summary lists, in its order: every list of named records (``units`` in most games;
    Ahotnik's ``ahotniks`` and ``demons``)."""
    names: list[str] = []
    for value in summary.values():
        if isinstance(value, list):
            for item in value:
                if isinstance(item, Mapping) and isinstance(item.get("name"), str) and item["name"] not in names:
                    names.append(item["name"])
    return names


def _fill(
    cell: Cell,
    game: AnyRuleset,
    state: Any,
    fields: Mapping[str, str],
    options: Mapping[str, str],
    *,
    budget: int,
    trials: int,
    seed: int,
    stats: tuple[Mapping[str, str], Mapping[str, str]] = ({}, {}),
    seconds: float | None = None,
) -> None:
    """The odds of one pair: exact within ``budget``, else ``trials`` simulated attacks (and only those); within
    ``seconds``, or the best estimate by then. ``stats`` are the typed stats of the attacker and of the target
    (checked by :func:`tabroll.quick.unit_stats`)."""
    from tabroll.odds.api import TimeLimit

    attacker, target = cell.attacker, cell.target
    if attacker == target and state is not None:
        cell.refused = "a unit does not attack itself"
        return
    try:
        if state is not None:
            pair_state, action = state, game.quick_action(attacker, target, fields)
        else:
            request = AttackRequest(
                attacker=attacker,
                target=target,
                attacker_stats=stats[0],
                target_stats=stats[1],
                options=options,
                fields=fields,
            )
            built = game.quick_attack(request)
            pair_state, action = built.state, built.steps[0].action
            cell.label = _resolved_target(action, target)
        limit = TimeLimit(seconds, name="this pair's share of --timeout")
        report = compute_odds(
            game, pair_state, action, budget=budget, seed=seed, fallback_trials=trials, limit=limit,
            trials=trials if _walk_would_give_up(game, pair_state, action, budget, seconds) else None,
        )  # fmt: skip
    except RuleRefusal as refusal:
        cell.refused = refusal.message
        return
    cell.out_of_time = limit.reached
    if report.refused and sum(e.value for e in report.refused.values()) >= 1.0:
        cell.refused = next(iter(report.refused))
    else:
        cell.report = report


def _walk_would_give_up(game: AnyRuleset, state: Any, action: Any, budget: int, seconds: float | None) -> bool:
    """Whether the sampled tree (:func:`~tabroll.odds.estimate.estimate_leaves`, seeded: the same answer every time)
    is estimated at ``budget`` leaves or more: such a walk most likely gives up at the budget and is thrown away,
    then the pair is simulated anyway, so a table simulates it at once. (A single ``odds`` is stricter: it walks
    unless the tree is surely over, as one attack can afford the try.)"""
    import time

    from tabroll.odds.estimate import estimate_leaves

    deadline = None if seconds is None else time.monotonic() + seconds / 4
    samples = estimate_leaves(game, state, action, deadline=deadline)
    if samples.merging:
        return False  # a merging walk needs far fewer resolutions than leaves: it is tried within its budget
    return bool(samples) and sum(samples) >= budget * len(samples)


@contextmanager
def _progress(pairs: int) -> Iterator[Callable[[str], None]]:
    """A progress bar over the pairs on standard error, when it is a terminal (not under CI); else nothing."""
    if not sys.stderr.isatty() or os.environ.get("CI"):
        yield lambda _pair: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("pairs", total=pairs)
        # Text, not markup, and control characters shown: a pair's names came from a file or the command line
        yield lambda pair: progress.update(task, advance=1, description=visible(pair).replace("[", r"\["))


def _resolved_target(action: Any, fallback: str) -> str:
    """The target's name as the built action spells it (``target`` field when the action has one)."""
    return str(getattr(action, "target", None) or fallback)


WIDTH = 80  # the terminal a table must fit
NAME_WIDTH = 14  # the widest row name before it is abbreviated
CORNER = "attacker \\ target"


@dataclass
class Grid:
    """One table of the matrix: a title, the attackers' and targets' short names, and styled cells."""

    title: str
    rows: list[list[tuple[str, str]]]  # per attacker, per target: (text, Rich style)


def render_matrix(table: Matrix, fmt: str, *, width: int | None = None) -> None:
    if fmt in ("json", "jsonl"):
        import json

        document = {
            "format": MATRIX_FORMAT,
            "version": MATRIX_FORMAT_VERSION,
            "ruleset": table.ruleset,
            "setting": table.setting,
            "time_limit": {"seconds": table.timeout, "reached": bool(table.out_of_time)},
            "cells": [cell.to_json() for cell in table.cells.values()],
        }
        if table.time_note():
            document["note"] = table.time_note()
        sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=None if fmt == "jsonl" else 2) + "\n")
        return
    if fmt == "rich":
        from rich.console import Console
        from rich.text import Text

        console = Console(highlight=False)
        for line in matrix_view(table, width=width or max(WIDTH, min(console.width, 160))):
            text = Text()
            for piece, style in line:
                text.append(visible(piece), style=style or None)
            console.print(text, soft_wrap=True)
        return
    for line in matrix_view(table, width=width or WIDTH):  # names came from a file: their control characters shown
        sys.stdout.write(visible("".join(piece for piece, _ in line).rstrip()) + "\n")


def percent_text(value: float) -> str:
    """A probability as a whole percent, never rounded to 0% or 100% when it is not exactly that."""
    if 0 < value < 0.005:
        return "<1%"
    if 0.995 <= value < 1:
        return ">99%"
    return f"{100 * value:.0f}%"


def heat_style(value: float) -> str:
    """The Rich style of a cell by its probability: dim at 0, then green, yellow, orange, red."""
    if value <= 0:
        return "dim"
    for limit, style in ((0.25, "green"), (0.5, "yellow"), (0.75, "dark_orange")):
        if value < limit:
            return style
    return "bold red"


def grids(table: Matrix) -> list[Grid]:
    """The attack's own table, and the table of what follows it when anything does."""
    own: list[list[tuple[str, str]]] = []
    back: list[list[tuple[str, str]]] = []
    for attacker in table.attackers:
        row: list[tuple[str, str]] = []
        comeback_row: list[tuple[str, str]] = []
        for target in table.targets:
            cell = table.cells[(attacker, target)]
            if cell.report is None:
                mark = ("refused", "dim") if cell.refused else ("—", "dim")
                row.append(mark)
                comeback_row.append(mark)
                continue
            sim = "" if cell.report.method == "exact" else "~"
            defeat, damage = cell.defeat() or 0.0, cell.mean_damage() or 0.0
            row.append((f"{sim}{percent_text(defeat)} {damage:.1f}", heat_style(defeat)))
            comeback = cell.comeback()
            if comeback is None:
                comeback_row.append(("—", "dim"))
            else:
                value = comeback[0].value
                comeback_row.append((f"{sim}{percent_text(value)} {comeback[1].value:.1f}", heat_style(value)))
        own.append(row)
        back.append(comeback_row)
    out = [Grid(f"{table.ruleset}: in each cell, P(target defeated) and mean damage dealt", own)]
    if any(c.comeback() is not None for c in table.cells.values()):
        labels = sorted({b.label for c in table.cells.values() if c.report for b in c.report.follow_ups})
        out.append(Grid(f"then, {' or '.join(labels)}: in each cell, P(attacker defeated) and mean damage taken", back))
    return out


def abbreviations(names: list[str], limit: int) -> dict[str, str]:
    """A short form of each name no wider than ``limit``: the name itself when it fits, else its start and a
    dot (``Alquimi.``); where two starts are the same, the initials of its words with its numbers whole
    (``Unit number 10 of the roster`` → ``Un10otr``); failing that, a start and a number."""
    from collections import Counter

    from rich.cells import cell_len

    short = {name: name for name in names if cell_len(name) <= limit}
    taken = set(short.values())
    long = [name for name in names if name not in short]
    for shape in (_start, _initials):  # one shape for all where it tells them apart, else name by name
        forms = {name: shape(name, limit) for name in long}
        if len(set(forms.values())) == len(forms) and not taken & set(forms.values()):
            short.update(forms)
            return {name: short[name] for name in names}
    for shape in (_start, _initials):
        forms = {name: shape(name, limit) for name in long}
        counts = Counter(forms.values())
        for name, form in forms.items():
            if counts[form] == 1 and form not in taken:
                short[name] = form
                taken.add(form)
        long = [name for name in long if name not in short]
    for name in long:
        n = 2
        while True:
            form = _clip(name, limit - 1 - len(str(n))).rstrip() + f"{n}."
            n += 1
            if form not in taken:
                break
        short[name] = form
        taken.add(form)
    return {name: short[name] for name in names}


def _start(name: str, limit: int) -> str:
    return _clip(name, limit - 1).rstrip() + "."


def _initials(name: str, limit: int) -> str:
    return _clip("".join(word if word.isdigit() else word[:1] for word in name.split()), limit)


def _clip(text: str, cells: int) -> str:
    from rich.cells import cell_len

    while cell_len(text) > cells:
        text = text[:-1]
    return text


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    """Prose wrapped at ``width`` terminal cells (a wide character counts two, as on screen); a word longer
    than a line is cut."""
    from rich.cells import cell_len

    lines: list[str] = []
    body = text.lstrip(" ")
    line = text[: len(text) - len(body)]  # a line's own indent is kept
    for word in body.split(" "):
        while True:
            candidate = f"{line} {word}" if line.strip() else (line + word)
            if cell_len(candidate) <= width:
                line = candidate
                break
            if line.strip():
                lines.append(line)
                line = indent
                continue
            room = _clip(word, width - cell_len(line))  # a word wider than a whole line
            lines.append(line + room)
            line, word = indent, word[len(room) :]
            if not word:
                break
    if line.strip():
        lines.append(line)
    return lines or [""]


def matrix_view(table: Matrix, *, width: int = WIDTH) -> list[list[tuple[str, str]]]:
    """The matrix as lines of styled pieces, no line wider than ``width``: names that do not fit a column
    are abbreviated (with a legend), and a table with more targets than fit is split into several."""
    from rich.cells import cell_len

    lines: list[list[tuple[str, str]]] = []
    tables = grids(table)
    rows = abbreviations(table.attackers, NAME_WIDTH)
    label_width = max(cell_len(rows[a]) for a in table.attackers)
    cell_widths = [
        max(cell_len(g.rows[i][j][0]) for g in tables for i in range(len(table.attackers)))
        for j in range(len(table.targets))
    ]

    def fit(limit: int) -> tuple[dict[str, str], list[int]]:
        short = abbreviations(table.targets, limit)
        return short, [max(w, cell_len(short[t])) for t, w in zip(table.targets, cell_widths, strict=True)]

    columns, widths = fit(NAME_WIDTH)  # whole names when the table fits as it is
    if label_width + sum(2 + w for w in widths) > width:
        columns, widths = fit(max(max(cell_widths, default=1), 6))
    for attacker in table.attackers:  # a unit too long for both: one short name, one line in the legend
        form = columns.get(attacker, attacker)
        if rows[attacker] != attacker and form != attacker and form not in rows.values():
            rows[attacker] = form
    label_width = max(cell_len(rows[a]) for a in table.attackers)
    corner_inline = max(label_width, cell_len(CORNER)) + sum(2 + w for w in widths) <= width
    if corner_inline:
        label_width = max(label_width, cell_len(CORNER))
    chunks: list[list[int]] = [[]]
    used = label_width
    for j, w in enumerate(widths):
        if chunks[-1] and used + 2 + w > width:
            chunks.append([])
            used = label_width
        chunks[-1].append(j)
        used += 2 + w
    if len(chunks) > 1:  # as many tables, with the columns shared out evenly (no table of one column)
        per = -(-len(widths) // len(chunks))
        even = [list(range(k, min(k + per, len(widths)))) for k in range(0, len(widths), per)]
        if len(even) == len(chunks) and all(label_width + sum(2 + widths[j] for j in c) <= width for c in even):
            chunks = even
    setting = table.setting
    for number, grid in enumerate(tables):
        lines += [[(line, "bold")] for line in _wrap(grid.title, width, "  ")]
        if number == 0 and setting:
            lines += [[(line, "dim")] for line in _wrap(setting, width, "  ")]
        if number == 0 and not corner_inline:
            lines.append([(CORNER, "dim")])
        for part, chunk in enumerate(chunks):
            if part:
                lines.append([("", "")])
            corner = CORNER if number == 0 and part == 0 and corner_inline else ""
            head: list[tuple[str, str]] = [(_pad(corner, label_width, left=True), "dim")]
            for j in chunk:
                head.append(("  " + _pad(columns[table.targets[j]], widths[j]), "bold"))
            lines.append(head)
            for i, attacker in enumerate(table.attackers):
                line: list[tuple[str, str]] = [(_pad(rows[attacker], label_width, left=True), "bold")]
                for j in chunk:
                    text, style = grid.rows[i][j]
                    line += [("  ", ""), (_pad(text, widths[j]), style)]
                lines.append(line)
    legend = list(
        dict.fromkeys(
            f"{short} = {name}" for names in (rows, columns) for name, short in names.items() if short != name
        )
    )
    notes = []
    if legend:
        notes.append("names: " + ", ".join(legend))
    if any(c.report is not None and c.report.method != "exact" for c in table.cells.values()):
        notes.append(f"~ simulated (the exact walk was over the budget; seed {table.seed})")
    if len(tables) > 1 and any(c.report is not None and c.comeback() is None for c in table.cells.values()):
        notes.append("— nothing follows that attack")  # only when some cell of the second table shows it
    if table.time_note():
        notes.append(table.time_note())
    for note in notes:
        lines += [[(line, "dim")] for line in _wrap(note, width, "  ")]
    refusals: dict[str, list[tuple[str, str]]] = {}  # the reason → the pairs it refuses
    for c in table.cells.values():
        if c.refused:
            refusals.setdefault(c.refused, []).append((c.attacker, c.target))
    if refusals:
        lines.append([("refused pairs:", "")])
        for reason, pairs in list(refusals.items())[:10]:
            lines += [[(line, "")] for line in _wrap(f"  {_pairs(table, pairs)}: {reason}", width, "    ")]
        if len(refusals) > 10:
            more = sum(len(pairs) for pairs in list(refusals.values())[10:])
            lines.append([(f"  and {plural(more, 'more pair')} (--format json lists every one)", "dim")])
    return lines


def _pairs(table: Matrix, pairs: list[tuple[str, str]]) -> str:
    """The pairs one reason refuses; a unit against itself said once for all of them."""
    if all(a == t for a, t in pairs):
        every = {a for a in table.attackers if a in table.targets}
        return (
            "each unit against itself"
            if len(pairs) == len(every) > 1
            else f"{', '.join(a for a, _ in pairs)} against itself"
        )
    return ", ".join(f"{a} → {t}" for a, t in pairs)


def _pad(text: str, cells: int, *, left: bool = False) -> str:
    from rich.cells import cell_len

    gap = " " * max(0, cells - cell_len(text))
    return text + gap if left else gap + text
