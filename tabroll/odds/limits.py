"""The limits of an exact walk: its budget of resolutions, its deadline, and the errors that stop it
(each naming the roll that made the tree too big and what to do); and ``--timeout`` as every odds command reads
it (:func:`check_timeout`, light enough for ``tabroll odds EXPR``, which imports no engine)."""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

from tabroll.i18n import _

MAX_TOTALS_BYTES = 64 * 2**20
"""Most memory the weights of one roll's totals may take (each weight is a whole number of up to ``count *
log2(sides)`` bits: 10,000d20 would need about 1 GB); a roll past it is not walked exactly."""

PROBES = 64
"""Sampled outcomes behind :func:`estimate_leaves`."""

MAX_TIMEOUT = 7 * 24 * 3600.0
"""The longest ``--timeout``, in seconds: a week."""


def check_timeout(seconds: float | None) -> float | None:
    """``--timeout``: seconds (0 for no limit) within a week; None is no limit."""
    import math

    from tabroll.errors import InputError

    if seconds is None or seconds == 0:
        return None
    if not math.isfinite(seconds) or not 0 < seconds <= MAX_TIMEOUT:
        raise InputError(
            _("--timeout {seconds} is out of range", seconds=f"{seconds:g}"),
            tip=_("give seconds from 0.001 to {most} (a week), or 0 for no time limit", most=f"{MAX_TIMEOUT:,.0f}"),
        )
    return seconds


class BudgetExceeded(Exception):
    """The outcome tree is larger than the budget allows for an exact walk.

    ``request``: the roll that showed it, as (count, sides, pools), when one request alone has more pools than
    the budget has resolutions left (its pools are counted, never listed); ``what`` names them (``pools``, or
    ``totals`` for a roll read by its sum; ``large totals`` when their counts alone would not fit in memory)."""

    def __init__(
        self,
        budget: int,
        walked: int,
        estimate: int | None = None,
        request: tuple[int, int, int] | None = None,
        what: str = "pools",
    ) -> None:
        # Too large for memory, whatever the budget: --budget cannot help (``budget_helps`` says so).
        self.budget_helps = what != "large totals"
        dice, count = ("", "") if request is None else (f"{request[0]}d{request[1]}", f"{request[2]:,}")
        if request is not None and not self.budget_helps:
            message = _(
                "one roll of {dice} alone has {count} totals whose exact weights would not fit in {size} MiB",
                dice=dice,
                count=count,
                size=MAX_TOTALS_BYTES // 2**20,
            )
        else:
            if request is not None:
                how = (
                    _("one roll of {dice} alone has {count} different totals", dice=dice, count=count)
                    if what == "totals"
                    else _("one roll of {dice} alone has {count} different pools", dice=dice, count=count)
                )
            elif estimate is None:
                how = _("walked {count}", count=f"{walked:,}")
            else:
                how = _("about {count} by sampling {probes} outcomes", count=f"{estimate:,}", probes=PROBES)
            message = _("more than {budget} resolutions would be needed ({how})", budget=f"{budget:,}", how=how)
        super().__init__(message)
        self.budget = budget
        self.walked = walked
        self.estimate = estimate
        self.request = request
        self.what = what

    def __reduce__(self) -> tuple[Any, ...]:
        # Raised in a worker of --jobs, it crosses back to the parent pickled: by its own arguments (an exception
        # is rebuilt from its message alone by default, which this __init__ cannot take: the parent then saw a
        # worker that died instead of a walk over its budget).
        return (type(self), (self.budget, self.walked, self.estimate, self.request, self.what))


class WalkStopped(Exception):
    """The exact walk reached its deadline (``--timeout``) before it had walked every outcome."""

    def __init__(self, resolutions: int, covered: Fraction) -> None:
        super().__init__(
            _(
                "stopped after {count} resolutions, {share} of the outcomes walked",
                count=f"{resolutions:,}",
                share=f"{float(covered):.1%}",
            )
        )
        self.resolutions = resolutions
        self.covered = covered

    def __reduce__(self) -> tuple[Any, ...]:  # crosses from a worker by its own arguments (see BudgetExceeded)
        return (type(self), (self.resolutions, self.covered))


CLOCK_EVERY = 64
"""The walk and the simulation look at the clock once every this many resolutions (and after each one that cost
a resolve, for the simulation): a deadline is met within a few resolutions' time, at no measurable cost."""


WALKED = [0]
"""Resolutions walked so far by the walk in this process (to the nearest :data:`CLOCK_EVERY`), for the line an
interrupt prints."""


def passed(deadline: float | None) -> bool:
    """Whether ``deadline`` (a :func:`time.monotonic` moment, the same clock in forked workers) has passed."""
    return deadline is not None and time.monotonic() >= deadline
