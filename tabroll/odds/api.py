"""The odds of one action: exact when the outcome tree fits the budget, simulated otherwise (its screens are in
:mod:`tabroll.render.odds`)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tabroll.dice.session import check_jobs
from tabroll.engine import AnyRuleset
from tabroll.odds.figures import Report, plural
from tabroll.odds.limits import BudgetExceeded, WalkStopped, WalkTooLong
from tabroll.odds.report import build_report

DEFAULT_TRIALS = 100_000

DEFAULT_TIMEOUT = 60.0
"""Seconds ``tabroll odds`` runs at most unless told otherwise (``--timeout``): then it stops with the best estimate
so far and says so. ``tabroll matrix`` shares :data:`MATRIX_TIMEOUT` among its pairs."""

MATRIX_TIMEOUT = 600.0


@dataclass
class TimeLimit:
    """How long one computation may take, and whether it had to stop short (``reached``)."""

    seconds: float | None
    reached: bool = False
    name: str = "--timeout"  # how the note names the limit (a matrix pair has its share of --timeout)
    since: float | None = None  # the time.monotonic() moment the seconds count from (None: when the work starts)

    def to_json(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "reached": self.reached}

    def named(self) -> str:
        assert self.seconds is not None
        return f"the time limit ({_seconds(self.seconds)}, {self.name})"


def _seconds(value: float) -> str:
    return f"{value:.3g} s" if value < 10 else f"{value:,.0f} s"


def compute_odds(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    *,
    trials: int | None = None,
    budget: int = 200_000,
    seed: int = 0,
    jobs: int = 1,
    fallback_trials: int = DEFAULT_TRIALS,
    limit: TimeLimit | None = None,
) -> Report:
    """Exact odds unless ``trials`` is given or the exact walk would exceed ``budget`` resolutions; then
    ``fallback_trials`` simulated attacks.

    With a ``limit`` of some seconds, the exact walk may take half of them: past that it turns into a simulation
    for the time left, and the report says how much of the outcomes the walk had covered. A simulation stops at
    the limit with the trials done so far (at least one). Either way ``limit.reached`` is set and the report's
    note says what was done."""
    from tabroll.errors import InputError

    check_jobs(jobs)
    if not 1 <= budget <= 10_000_000:
        raise InputError(f"--budget {budget} is out of range", tip="use 1 to 10,000,000 resolutions")
    from tabroll.batch.workers import doing
    from tabroll.odds import limits, montecarlo

    phase = {"what": "sampling the outcome tree", "jobs": jobs, "trials": 0}
    limits.WALKED[0] = montecarlo.SIMULATED[0] = 0

    def describe() -> str:
        where = f" in {jobs} processes" if jobs > 1 else ""
        if phase["what"] == "walk":
            done = "" if jobs > 1 else f" after about {limits.WALKED[0]:,} resolutions"
            said = f"the exact walk{where} was stopped{done}"
        elif phase["what"] == "simulation":
            done = "" if jobs > 1 else f" after about {montecarlo.SIMULATED[0]:,} of {phase['trials']:,} trials"
            said = f"the simulation{where} was stopped{done}"
        else:
            said = f"stopped while {phase['what']}"
        return f"{said}; no odds printed (--timeout SECONDS stops with the estimate so far)"

    with doing(describe):
        return _compute(
            ruleset, state, action, trials=trials, budget=budget, seed=seed, jobs=jobs,
            fallback_trials=fallback_trials, limit=limit, phase=phase,
        )  # fmt: skip


def _compute(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    *,
    trials: int | None,
    budget: int,
    seed: int,
    jobs: int,
    fallback_trials: int,
    limit: TimeLimit | None,
    phase: dict[str, Any],
) -> Report:
    started = limit.since if limit is not None and limit.since is not None else time.monotonic()
    seconds = limit.seconds if limit is not None else None
    note = ""
    if trials is None:
        walked = _walk_first(
            ruleset, state, action, budget=budget, jobs=jobs, seed=seed, trials=fallback_trials, limit=limit,
            walk_deadline=None if seconds is None else started + seconds / 2, phase=phase,
        )  # fmt: skip
        if isinstance(walked, Report):
            return walked
        trials, note = fallback_trials, walked
    deadline = None if seconds is None else started + seconds
    return _simulated(
        ruleset, state, action, trials=trials, seed=seed, jobs=jobs, deadline=deadline, limit=limit, note=note,
        phase=phase,
    )  # fmt: skip


def _walk_first(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    *,
    budget: int,
    jobs: int,
    seed: int,
    trials: int,
    limit: TimeLimit | None,
    walk_deadline: float | None,
    phase: dict[str, Any],
) -> Report | str:
    """The exact odds; or, when the walk is over the budget or out of its half of the time, the note that says
    why ``trials`` attacks are simulated instead."""
    from tabroll.odds.estimate import estimate_leaves, surely_over
    from tabroll.odds.exact import exact_odds

    # Sample the tree first: a walk that would exceed the budget is not started (it would be thrown away).
    samples = estimate_leaves(ruleset, state, action, deadline=walk_deadline)
    try:
        if surely_over(samples, budget):
            raise samples.over(budget)
        phase["what"] = "walk"
        result = exact_odds(ruleset, state, action, budget=budget, jobs=jobs, deadline=walk_deadline)
    except BudgetExceeded as too_big:
        raise_it = "--budget raises the limit, " if too_big.budget_helps else ""
        return (
            f"no exact odds: {too_big}; simulated {plural(trials, 'attack')} instead "
            f"(seed {seed}; {raise_it}--trials sets the count)"
        )
    except WalkStopped as stopped:
        assert limit is not None and limit.seconds is not None
        limit.reached = True
        return _stopped_note(stopped, limit, trials, seed)
    return build_report(result.tally, exact=True, samples=result.leaves)


def _stopped_note(stopped: WalkStopped, limit: TimeLimit, trials: int, seed: int) -> str:
    """Why the time limit stopped the exact walk: it would take too long, or half the time was up."""
    instead = f"simulated up to {plural(trials, 'attack')} in the time left instead (seed {seed})"
    if isinstance(stopped, WalkTooLong):
        return f"no exact odds within {limit.named()}: {stopped.reason()}; {instead}"
    return (
        f"{limit.named()} stopped the exact walk at half time, after {stopped.resolutions:,} resolutions "
        f"covering {float(stopped.covered):.1%} of the outcomes; {instead}"
    )


def _simulated(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    *,
    trials: int,
    seed: int,
    jobs: int,
    deadline: float | None,
    limit: TimeLimit | None,
    note: str,
    phase: dict[str, Any],
) -> Report:
    """``trials`` simulated attacks, or those done by the ``deadline`` (the note then says so)."""
    from tabroll.odds.montecarlo import simulate

    phase["what"], phase["trials"] = "simulation", trials
    tally = simulate(ruleset, state, action, trials=trials, seed=seed, jobs=jobs, deadline=deadline)
    done = int(tally.weight)
    if done < trials:
        assert limit is not None and limit.seconds is not None
        limit.reached = True
        stop = f"the simulation after {done:,} of {trials:,} trials"
        if note:
            note += f"; the time limit then stopped {stop}"
        else:
            note = f"{limit.named()} stopped {stop} (seed {seed}, {plural(jobs, 'job')})"
    return build_report(tally, exact=False, samples=done, note=note or f"seed {seed}, {plural(jobs, 'job')}")
