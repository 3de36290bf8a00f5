"""Monte Carlo simulation of one action: many seeded resolutions, tallied as counts.

Trial ``i`` rolls with its own seed, derived from the master seed and ``i`` alone (``seed * 2**32 + i``), so the
result is the same whatever the number of jobs and however the trials are split among them. Only the tally
(counts per measure and value) is kept, so memory stays flat as the number of trials grows.
"""

from __future__ import annotations

from typing import Any

from tabroll.dice.sources import SeededDice
from tabroll.engine import AnyRuleset, find_ruleset
from tabroll.errors import InputError, RuleRefusal
from tabroll.odds.exact import Tally

CHUNK = 1_000
MAX_TRIALS = 100_000_000


def trial_seed(seed: int, index: int) -> int:
    return seed * 2**32 + index


def run_trials(ruleset: AnyRuleset, state: Any, action: Any, start: int, stop: int, seed: int) -> Tally:
    tally = Tally.of(ruleset, state, action)
    for index in range(start, stop):
        try:
            resolved = ruleset.resolve(state, action, SeededDice(trial_seed(seed, index)))
            events, after = resolved.events, resolved.state
        except RuleRefusal as refusal:
            tally.add_refusal(refusal.message, 1)
            continue
        tally.resolved(ruleset, action, state, after, events, 1)
    return tally


_JOB: tuple[str, Any, Any] | None = None


def _chunk(args: tuple[int, int, int]) -> Tally:
    assert _JOB is not None
    ruleset_id, state, action = _JOB
    start, stop, seed = args
    return run_trials(find_ruleset(ruleset_id), state, action, start, stop, seed)


def simulate(ruleset: AnyRuleset, state: Any, action: Any, *, trials: int, seed: int, jobs: int = 1) -> Tally:
    """Resolve ``action`` ``trials`` times; with ``jobs`` > 1, in that many processes (same result)."""
    if not 1 <= trials <= MAX_TRIALS:
        raise InputError(f"--trials {trials} is out of range", tip=f"use 1 to {MAX_TRIALS:,} trials")
    if not 1 <= jobs <= 64:
        raise InputError(f"--jobs {jobs} is out of range", tip="use 1 to 64 processes")
    global _JOB
    chunks = [(s, min(s + CHUNK, trials), seed) for s in range(0, trials, CHUNK)]
    total = Tally.of(ruleset, state, action)
    if jobs == 1 or len(chunks) == 1:
        for start, stop, _ in chunks:
            total.merge(run_trials(ruleset, state, action, start, stop, seed))
        return total
    from tabroll.workers import process_pool

    # The workers are forked after the job is set, so they inherit the state and action without pickling
    # them (a ruleset's state may hold things pickle cannot carry); only seeds and tallies cross processes.
    _JOB = (ruleset.id, state, action)
    try:
        with process_pool(jobs) as pool:
            for part in pool.map(_chunk, chunks):
                total.merge(part)
    finally:
        _JOB = None
    return total
