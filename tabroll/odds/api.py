"""The odds of one action: exact when the outcome tree fits the budget, simulated otherwise; and its views."""

from __future__ import annotations

import sys
from typing import Any

from tabroll.engine import AnyRuleset
from tabroll.odds.report import Report, build_report, plural, render_report

DEFAULT_TRIALS = 100_000


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
) -> Report:
    """Exact odds unless ``trials`` is given or the exact walk would exceed ``budget`` resolutions; then
    ``fallback_trials`` simulated attacks."""
    from tabroll.errors import InputError
    from tabroll.odds.exact import BudgetExceeded, estimate_leaves, exact_odds, surely_over
    from tabroll.odds.montecarlo import simulate

    if not 1 <= jobs <= 64:
        raise InputError(f"--jobs {jobs} is out of range", tip="use 1 to 64 processes")
    if not 1 <= budget <= 10_000_000:
        raise InputError(f"--budget {budget} is out of range", tip="use 1 to 10,000,000 resolutions")
    note = ""
    if trials is None:
        # Sample the tree first: a walk that would exceed the budget is not started (it would be thrown away).
        samples = estimate_leaves(ruleset, state, action)
        try:
            if surely_over(samples, budget):
                raise BudgetExceeded(budget, 0, estimate=samples[len(samples) // 2])
            result = exact_odds(ruleset, state, action, budget=budget, jobs=jobs)
        except BudgetExceeded as too_big:
            trials = fallback_trials
            note = (
                f"the exact walk would need {too_big}; simulated {plural(trials, 'attack')} instead "
                f"(seed {seed}; --budget raises the limit, --trials sets the count)"
            )
        else:
            return build_report(result.tally, exact=True, samples=result.leaves)
    tally = simulate(ruleset, state, action, trials=trials, seed=seed, jobs=jobs)
    return build_report(tally, exact=False, samples=trials, note=note or f"seed {seed}, {plural(jobs, 'job')}")


def render_odds(report: Report, fmt: str, *, title: str, ruleset: str) -> None:
    if fmt in ("json", "jsonl"):
        import json

        document = {**report.to_json(), "title": title, "ruleset": ruleset}
        indent = None if fmt == "jsonl" else 2
        sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=indent) + "\n")
        return
    render_report(report, fmt, title=title)
