"""The odds of one action: exact when the outcome tree fits the budget, simulated otherwise (its screens are in
:mod:`tabroll.render.odds`)."""

from __future__ import annotations

import time
from typing import Any

import msgspec

from tabroll.batch.workers import doing
from tabroll.dice.session import check_jobs
from tabroll.errors import InputError
from tabroll.i18n import _, n_
from tabroll.kit import AnyRuleset
from tabroll.odds import limits, montecarlo
from tabroll.odds.estimate import estimate_leaves, surely_over
from tabroll.odds.exact import exact_odds
from tabroll.odds.figures import Report, number
from tabroll.odds.limits import BudgetExceeded, WalkStopped
from tabroll.odds.report import build_report

DEFAULT_TRIALS = 100_000


class TimeLimit(msgspec.Struct):
    """How long one computation may take, and whether it had to stop short (``reached``)."""

    seconds: float | None
    reached: bool = False
    name: str = "--timeout"  # how the note names the limit (a matrix pair has its share of --timeout)
    since: float | None = None  # the time.monotonic() moment the seconds count from (None: when the work starts)

    def to_json(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "reached": self.reached}

    def named(self) -> str:
        assert self.seconds is not None
        seconds = f"{self.seconds:.3g} s" if self.seconds < 10 else f"{self.seconds:,.0f} s"
        return _("the time limit ({seconds}, {name})", seconds=seconds, name=self.name)


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
    ``fallback_trials`` simulated attacks. With a ``limit`` of some seconds, the exact walk may take half of them,
    then a simulation the time left; a simulation stops at the limit with the trials done (at least one). Either
    way ``limit.reached`` is set and the report's note says what was done."""
    check_jobs(jobs)
    if not 1 <= budget <= 10_000_000:
        raise InputError(
            _("--budget {budget} is out of range", budget=budget),
            tip=_("use 1 to {most} resolutions", most="10,000,000"),
        )
    phase = {"what": "sampling the outcome tree", "jobs": jobs, "trials": 0}
    limits.WALKED[0] = montecarlo.SIMULATED[0] = 0

    def describe() -> str:
        if phase["what"] == "walk":
            said = _("the exact walk was stopped after about {count} resolutions", count=f"{limits.WALKED[0]:,}")
        elif phase["what"] == "simulation":
            if jobs > 1:
                said = _("the simulation in {jobs} processes was stopped", jobs=jobs)
            else:
                said = _(
                    "the simulation was stopped after about {done} of {count} trials",
                    done=f"{montecarlo.SIMULATED[0]:,}",
                    count=f"{phase['trials']:,}",
                )
        else:
            said = _("stopped while sampling the outcome tree")
        return _("{what}; no odds printed (--timeout SECONDS stops with the estimate so far)", what=said)

    started = limit.since if limit is not None and limit.since is not None else time.monotonic()
    seconds = limit.seconds if limit is not None else None
    note = ""
    with doing(describe):
        if trials is None:
            walked = _walk_first(
                ruleset, state, action, budget=budget, seed=seed, trials=fallback_trials, limit=limit,
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
    seed: int,
    trials: int,
    limit: TimeLimit | None,
    walk_deadline: float | None,
    phase: dict[str, Any],
) -> Report | str:
    """The exact odds; or, when the walk is over the budget or out of its half of the time, the note that says
    why ``trials`` attacks are simulated instead."""
    # Sample the tree first (seeded: the same answer every time): a walk that would exceed the budget is not
    # started (it would be thrown away). Only the budget decides; the time limit is a safety stop of the walk.
    samples = estimate_leaves(ruleset, state, action)
    try:
        if surely_over(samples, budget):
            raise samples.over(budget)
        phase["what"] = "walk"
        result = exact_odds(ruleset, state, action, budget=budget, deadline=walk_deadline)
    except BudgetExceeded as too_big:
        if too_big.budget_helps:
            return n_(
                "no exact odds: {why}; simulated {count} attack instead (seed {seed}; --budget raises the limit, "
                "--trials sets the count)",
                "no exact odds: {why}; simulated {count} attacks instead (seed {seed}; --budget raises the limit, "
                "--trials sets the count)",
                trials,
                why=too_big,
                count=number(trials),
                seed=seed,
            )
        return n_(
            "no exact odds: {why}; simulated {count} attack instead (seed {seed}; --trials sets the count)",
            "no exact odds: {why}; simulated {count} attacks instead (seed {seed}; --trials sets the count)",
            trials,
            why=too_big,
            count=number(trials),
            seed=seed,
        )
    except WalkStopped as stopped:
        assert limit is not None and limit.seconds is not None
        limit.reached = True  # half the time was up: say how far the walk came, and what was done instead
        instead = n_(
            "simulated up to {count} attack in the time left instead (seed {seed})",
            "simulated up to {count} attacks in the time left instead (seed {seed})",
            trials,
            count=number(trials),
            seed=seed,
        )
        return _(
            "{limit} stopped the exact walk at half time, after {count} resolutions covering {share} of the "
            "outcomes; {instead}",
            limit=limit.named(),
            count=number(stopped.resolutions),
            share=f"{float(stopped.covered):.1%}",
            instead=instead,
        )
    return build_report(result.tally, exact=True, samples=result.leaves)


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
    phase["what"], phase["trials"] = "simulation", trials
    tally = montecarlo.simulate(ruleset, state, action, trials=trials, seed=seed, jobs=jobs, deadline=deadline)
    done = int(tally.weight)
    if done < trials:
        assert limit is not None and limit.seconds is not None
        limit.reached = True
        if note:
            note += _(
                "; the time limit then stopped the simulation after {done} of {count} trials",
                done=number(done),
                count=number(trials),
            )
        else:
            note = n_(
                "{limit} stopped the simulation after {done} of {count} trials (seed {seed}, {n} job)",
                "{limit} stopped the simulation after {done} of {count} trials (seed {seed}, {n} jobs)",
                jobs,
                limit=limit.named(),
                done=number(done),
                count=number(trials),
                seed=seed,
            )
    return build_report(
        tally,
        exact=False,
        samples=done,
        note=note or n_("seed {seed}, {n} job", "seed {seed}, {n} jobs", jobs, seed=seed),
    )
