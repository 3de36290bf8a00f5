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

from tabroll.engine import AnyRuleset, AttackRequest, ruleset_for_units
from tabroll.errors import InputError, RuleRefusal
from tabroll.odds.api import compute_odds
from tabroll.odds.report import Estimate, Report

MAX_PAIRS = 2_500


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
) -> Matrix:
    """The table; with ``timeout`` seconds, each pair may take an equal share of the time left for the pairs still
    to do (a quick pair leaves its time to the later ones), and stops at it with its best estimate so far."""
    import time

    from tabroll.quick import check_fields, parse_unit, unit_stats

    game: AnyRuleset
    state: Any = None
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
        known = [u["name"] for u in game.summarize_state(state).get("units", [])]
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
    for option, names in (("--attackers", attackers), ("--targets", targets)):
        if names is not None and not names:  # given, but only commas or spaces: not "the whole catalogue"
            raise InputError(f"{option} names no unit", tip=f"give names separated by commas, or leave {option} out")
    from tabroll.odds.montecarlo import MAX_TRIALS

    if not 1 <= trials <= MAX_TRIALS:  # checked before any pair, not when the first pair is simulated
        raise InputError(f"--trials {trials} is out of range", tip=f"use 1 to {MAX_TRIALS:,} trials")
    attackers = attackers or known
    targets = targets or known
    if not attackers or not targets:
        raise InputError(f"no units to compare for {game.name}", tip="name them with --attackers and --targets")
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
    table = Matrix(ruleset=game.id, attackers=attackers, targets=targets, setting=setting, timeout=timeout)
    pairs = len(attackers) * len(targets)
    deadline = None if timeout is None else time.monotonic() + timeout
    from tabroll.workers import doing

    def describe() -> str:
        return f"{max(0, len(table.cells) - 1)} of the table's {pairs} pairs were done; no table printed"

    with doing(describe), _progress(pairs) as advance:
        for attacker in attackers:
            for target in targets:
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
        report = compute_odds(game, pair_state, action, budget=budget, seed=seed, fallback_trials=trials, limit=limit)
    except RuleRefusal as refusal:
        cell.refused = refusal.message
        return
    cell.out_of_time = limit.reached
    if report.refused and sum(e.value for e in report.refused.values()) >= 1.0:
        cell.refused = next(iter(report.refused))
    else:
        cell.report = report


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
        yield lambda pair: progress.update(task, advance=1, description=pair)


def _resolved_target(action: Any, fallback: str) -> str:
    """The target's name as the built action spells it (``target`` field when the action has one)."""
    return str(getattr(action, "target", None) or fallback)


def render_matrix(table: Matrix, fmt: str) -> None:
    if fmt in ("json", "jsonl"):
        import json

        document = {
            "format": "tabroll.matrix",
            "version": 2,
            "ruleset": table.ruleset,
            "setting": table.setting,
            "time_limit": {"seconds": table.timeout, "reached": bool(table.out_of_time)},
            "cells": [cell.to_json() for cell in table.cells.values()],
        }
        if table.time_note():
            document["note"] = table.time_note()
        sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=None if fmt == "jsonl" else 2) + "\n")
        return
    header = f"{table.ruleset}: P(defeat) / mean damage, attacker (rows) vs target (columns)"
    header += f"; {table.setting}" if table.setting else ""
    rows: list[list[str]] = []
    after: list[list[str]] = []
    for attacker in table.attackers:
        row, back = [attacker], [attacker]
        for target in table.targets:
            cell = table.cells[(attacker, target)]
            if cell.report is None:
                row.append("refused" if cell.refused else "—")
                back.append("refused" if cell.refused else "—")
                continue
            mark = "" if cell.report.method == "exact" else "~"
            defeat, damage = cell.defeat() or 0.0, cell.mean_damage() or 0.0
            row.append(f"{mark}{100 * defeat:.0f}% / {damage:.1f}")
            comeback = cell.comeback()
            back.append("—" if comeback is None else f"{mark}{100 * comeback[0].value:.0f}% / {comeback[1].value:.1f}")
        rows.append(row)
        after.append(back)
    tables = [(header, rows)]
    if any(c.comeback() is not None for c in table.cells.values()):
        labels = sorted({b.label for c in table.cells.values() if c.report for b in c.report.follow_ups})
        tables.append(
            (
                f"then, {' or '.join(labels)}: P(attacker defeated) / mean damage the attacker takes",
                after,
            )
        )
    for title, lines in tables:
        _render_table(table, fmt, title, lines)
    if table.time_note():
        sys.stdout.write(f"note: {table.time_note()}\n")
    refusals = [c for c in table.cells.values() if c.refused]
    if refusals:
        sys.stdout.write(
            "refused pairs: " + "; ".join(f"{c.attacker} → {c.target}: {c.refused}" for c in refusals[:10]) + "\n"
        )


def _render_table(table: Matrix, fmt: str, title: str, rows: list[list[str]]) -> None:
    if fmt == "rich":
        from rich.console import Console
        from rich.table import Table

        grid = Table(title=title, title_justify="left")
        grid.add_column("attacker \\\\ target")
        for target in table.targets:
            grid.add_column(target, justify="right")
        for row in rows:
            grid.add_row(*row)
        Console().print(grid)
        return
    lines = [["", *table.targets], *rows]
    widths = [max(len(r[i]) for r in lines) for i in range(len(table.targets) + 1)]
    sys.stdout.write(title + "\n")
    for line in lines:
        sys.stdout.write(
            "  ".join(
                cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(line, widths, strict=True))
            )
            + "\n"
        )
