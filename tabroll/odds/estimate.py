"""Whether a tree is worth walking exactly: a few sampled resolutions estimate its leaves against the budget
before any branch is walked."""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Hashable
from typing import Any

from tabroll.dice.sources import DiceRequest
from tabroll.engine.steps import Step, StepWatcher
from tabroll.engine.work import BaseTurn
from tabroll.errors import RuleRefusal
from tabroll.kit import AnyRuleset
from tabroll.odds.branches import pool_size, pool_ways, reading_of
from tabroll.odds.limits import MAX_TOTALS_BYTES, PROBES, BudgetExceeded


class Samples(list[int]):
    """The sampled leaves of :func:`estimate_leaves`, lowest first; ``merging``: two samples met at a step with
    dice still to draw below it, so the walk may need far fewer resolutions than there are leaves."""

    merging: bool = False
    # the sampled roll of most pools (or totals): count, sides, how many, what they are, the memory of its weights
    largest: tuple[int, int, int, str, int] | None = None

    def over(self, budget: int) -> BudgetExceeded:
        """Why a tree :func:`surely_over` the budget is not walked: the one roll whose pools (or totals) alone
        are over it, or too large for memory, when the samples met one (as the walk itself would say), else the
        estimate."""
        largest = self.largest
        if largest is not None:
            count, sides, size, what, nbytes = largest
            if what == "totals" and nbytes > MAX_TOTALS_BYTES:
                return BudgetExceeded(budget, 0, request=(count, sides, size), what="large totals")
            if size - 1 > budget:
                return BudgetExceeded(budget, 0, request=(count, sides, size), what=what)
        return BudgetExceeded(budget, 0, estimate=self[len(self) // 2] if self else None)


class _SampledDice(StepWatcher):
    """Rolls from ``rng`` and keeps, for every request, how unlikely its pool was (``sides**count / ways``).

    ``steps``: the (step, state) pairs it took
    between its first die and a later one. Such a pair that another sample took too shows that the walk of a
    resolver written as steps merges where it saves work: below it, dice are still to be walked. (A pair with no
    die after it, an attack's last step with the state a miss leaves, saves nothing when merged.)"""

    __slots__ = ("_drawn", "_pending", "_rng", "_samples", "inverse", "steps")

    def __init__(self, rng: Any, samples: Samples) -> None:
        self._rng, self._samples = rng, samples  # the samples' largest roll is kept up to date as it draws
        self.inverse = 1
        self.steps: set[Hashable] = set()
        self._pending: list[Hashable] = []
        self._drawn = False

    def at_step(self, turn: BaseTurn, step: Step) -> bool:
        if self._drawn:  # before the first die every outcome is at the same step: no sign of merging
            self._pending.append((step, turn.state_now()))
        return False

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        count, sides = request.count, request.sides
        self._drawn = True
        if self._pending:
            self.steps.update(self._pending)
            self._pending.clear()
        values = tuple(self._rng.randrange(sides) + 1 for _ in range(count))
        reading = reading_of(request)
        size = pool_size(count, sides) if reading is None else len(reading)
        samples = self._samples
        if samples.largest is None or size > samples.largest[2]:
            samples.largest = (count, sides, size, *(("pools", 0) if reading is None else ("totals", reading.nbytes)))
        if reading is not None:  # walked by its totals (or counts): the weight of the branch drawn
            # a roll too large to walk exactly at all is as unlikely as anything
            ways = 1 if reading.nbytes > MAX_TOTALS_BYTES else reading[reading.index_of(values)][1]
        else:
            ways = pool_ways(tuple(sorted(values)))
        self.inverse = self.inverse * sides**count // ways if self.inverse < 10**30 else self.inverse
        return values


def estimate_leaves(ruleset: AnyRuleset, state: Any, action: Any, *, probes: int = PROBES) -> Samples:
    """How many leaves the exact walk would visit, by sampling: each of ``probes`` resolutions with random dice
    gives ``1 / P(its pools)``, whose mean over the outcomes is exactly the number of leaves; sorted, lowest first.

    The mean can be far off (one rare deep outcome weighs a lot), so :func:`surely_over` reads the samples as a
    test: it says a tree is over a budget only when samples like these would be very unlikely otherwise. Every
    probe is taken, whatever the clock says: the answer depends on the tree alone. Once two samples meet at a step
    (``merging``) no more are taken: nothing reads a merging tree's samples further.
    """
    rng = random.Random(0)  # the same answer every time, whatever --seed the simulation uses
    samples = Samples()
    seen: set[Hashable] = set()  # the (step, state) pairs earlier samples took
    for _ in range(probes):
        dice = _SampledDice(rng, samples)
        with contextlib.suppress(RuleRefusal):  # a refused outcome is a leaf like any other
            ruleset.resolve(state, action, dice)
        samples.append(dice.inverse)
        # A pair another sample took too: two outcomes of the dice meet at a step, which the walk merges.
        samples.merging = samples.merging or not seen.isdisjoint(dice.steps)
        seen |= dice.steps
        if samples.merging:
            break  # a merging walk is tried within its budget, whatever the samples say (see surely_over)
    samples.sort()
    return samples


LIKELY = 8
"""A tree whose estimated size (the mean of the samples) is this many times the budget is not walked."""

SURELY = 1e-6
"""How unlikely the samples must be, for a tree within the budget, before the walk is not even started."""


def surely_over(samples: list[int], budget: int) -> bool:
    """Whether the sampled tree is certainly over ``budget`` leaves.

    In a tree of at most ``budget`` leaves, the outcomes with ``1/P >= x`` are at most ``budget`` leaves of
    probability at most ``1/x`` each: they hold at most ``budget / x`` of the probability. When ``k`` of the
    samples are at least ``x``, and ``k`` draws out of ``len(samples)`` landing where at most ``budget / x`` of
    the probability lies is less likely than :data:`SURELY`, the tree is over the budget. So is a tree whose
    estimate is :data:`LIKELY` times the budget: a walk that gives up after ``budget`` resolutions costs as much
    as the largest tree it can walk, and would be thrown away. (The samples are seeded: the same tree always
    gets the same answer.)"""
    if getattr(samples, "merging", False):
        # The leaves do not bound a merging walk's work (outcomes that meet at a step are walked once from there
        # on, so a tree of astronomically many leaves may take a few thousand resolutions), and its early pace
        # says little of its end (its first subtrees are walked in full, the later ones found known): it is
        # tried, within its budget and its share of the time.
        return False
    n = len(samples)
    if n and sum(samples) > LIKELY * budget * n:
        return True  # the estimate itself (the mean) is many times the budget
    for index, inverse in enumerate(samples):
        if inverse <= budget:
            continue
        k = n - index  # samples at least ``inverse``
        q = budget / inverse
        tail = sum(math.comb(n, i) * q**i * (1 - q) ** (n - i) for i in range(k, n + 1))
        if tail < SURELY:
            return True
    return False
