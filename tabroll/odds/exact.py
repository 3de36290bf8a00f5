"""Exact odds: walk every dice outcome of one action through the real resolver, with rational arithmetic.

The resolver draws every random number from the injected dice source. Here that source answers from a prefix of
values and, when the prefix runs out, interrupts the resolution with the request it could not answer. The walk
then branches over every value that die (or group of dice) can show, each with its exact probability, and
resolves again with the longer prefix. A chance node that is not a die (a random pick between two directions)
is a die too (``tabroll.dice.pick``), so it is walked the same way. Player choices come from the action itself.

A request of several dice at once is walked as pools (values in rising order, weighted by how many ordered
rolls give them): the rules of every game read a pool by its values, never by the order of the dice. A request
whose rules read only its sum (:attr:`~tabroll.dice.sources.DiceRequest.total_only`: damage added up) is walked
as its totals, each with the number of ordered rolls that add up to it: 1,901 branches for 100d20, not 4.9e21.

Each leaf is one complete resolution; its outcome (the attack's hit, defeats and damage, what followed it, and
the game's own declared measures: see ``measures.py``) is added to the tally with the leaf's probability.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabroll.dice.sources import DiceRequest
from tabroll.engine import AnyRuleset, Measure
from tabroll.errors import RuleRefusal, interrupted
from tabroll.odds.measures import Key, Outcome, blow_outcome, combine, measure
from tabroll.steps import Step, StepWatcher
from tabroll.turn import ActionLog

DEFAULT_BUDGET = 200_000


class _TooDeep(Exception):
    """One resolution drew more dice than any walkable tree would (a loop that rerolls the value it was given)."""


MAX_DRAWS = 100_000
"""Most requests one resolution may draw past its prefix before the walk gives up on the tree."""


class PrefixDice(StepWatcher):
    """Answers requests from a fixed prefix of values; past its end, with the first pool of every request.

    A request past the prefix is a branch of the tree nobody has walked yet: it is answered with its first pool
    (every die showing 1) and noted in ``fresh``, with the position it starts at and where it hangs in the
    walk (the node of the step it follows and its weight from there), so that the walk pushes the other pools of that
    request as branches still to walk. One resolution thus reaches one leaf, and every leaf of the tree costs
    at most one resolution (no resolution is spent on a prefix that ends mid-action).

    A step the resolver takes past the prefix (:meth:`at_step`, see :mod:`tabroll.steps`) is handed to the walk,
    which either knows what follows it already (the resolution stops there) or opens a node for it. A node keeps
    the working area as it was at its step: the values of a resolution resumed from it (``origin``) count from
    there.
    """

    __slots__ = ("_given", "_position", "_values", "_walker", "base", "fresh", "keep_first", "origin")
    valid_by_construction = True  # every value it gives is one the walk made for that request (checked_draw)

    def __init__(self, values: Sequence[int], walker: _Walker | None = None, origin: _Node | None = None) -> None:
        self._values = list(values)
        self._given = len(self._values)
        self._position = 0
        self._walker = walker
        # the node this resolution resumed from (None: the action's start), then the innermost node opened at a
        # step, and where in the values its dice begin
        self.origin = origin
        self.base = 0
        # whether a step before the action's first die opens a node too (resumed from, the branches below it skip
        # the checks an action makes before its dice); not while the walk is being shared out among processes,
        # whose branches must hang from the root (a worker starts from the action's start)
        self.keep_first = True
        # (position, count, sides, node, numerator, denominator, reading, origin, base) of each request past the
        # prefix: ``node`` is the node of the step the request follows, numerator/denominator the weight of the path
        # from there to it, ``reading`` how many of its dice are summed and whether the highest when it is walked
        # as its totals (its rules read only the sum: :func:`_reading`; None: by its pools), and
        # ``origin``/``base`` where a resolution of its other pools resumes from and where its values begin
        self.fresh: list[tuple[int, int, int, _Node | None, int, int, Reading | None, _Node | None, int]] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        start = self._position
        count = request.count
        end = start + count
        self._position = end
        values = self._values
        if end <= len(values):
            return tuple(values[start:end])
        if start < len(values):  # a prefix never ends inside a request: the resolver is not deterministic
            raise RuntimeError(f"the resolver asked for {request.describe()} where the walk gave another request")
        if len(self.fresh) >= MAX_DRAWS:
            raise _TooDeep
        walker = self._walker
        step = request.sides**count
        reading = _reading(request)
        if walker is None:
            self.fresh.append((start, count, request.sides, None, 1, 1, reading, None, 0))
        else:
            self.fresh.append(
                (
                    start,
                    count,
                    request.sides,
                    walker.node,
                    walker.numerator,
                    walker.denominator,
                    reading,
                    self.origin,
                    self.base,
                )
            )
            walker.denominator *= step
            walker.node.lone = False
            if reading is not None and reading[0] < count:  # the lowest kept total: how many rolls give it
                walker.numerator *= _totals(count, request.sides, *reading).first_ways
        first = (1,) * count  # the first pool, and the first total's pool: every die showing 1
        values.extend(first)
        return first

    def at_step(self, turn: ActionLog, step: Step) -> bool:
        """The resolver is about to take ``step``: past the prefix, the walk either knows what follows (True: the
        resolution stops) or opens a node that keeps ``turn`` as it is now, to resume from (before the action's
        first die only with :attr:`keep_first`)."""
        position = self._position
        walker = self._walker
        if position < self._given or walker is None or (position == 0 and self.origin is None and not self.keep_first):
            return False
        node = walker.at_step(turn, step)
        if node is None:
            return True
        self.origin, self.base = node, position
        return False


class BudgetExceeded(Exception):
    """The outcome tree is larger than the budget allows for an exact walk.

    ``request``: the roll that showed it, as (count, sides, pools), when one request alone has more pools than
    the budget has resolutions left (its pools are counted, never listed); ``what`` names them (``pools``, or
    ``totals`` for a roll read by its sum; ``large totals`` when their counts alone would not fit in memory)."""

    def __init__(
        self,
        budget: int,
        walked: int,
        *,
        estimate: int | None = None,
        request: tuple[int, int, int] | None = None,
        what: str = "pools",
    ) -> None:
        # Too large for memory, whatever the budget: --budget cannot help (``budget_helps`` says so).
        self.budget_helps = what != "large totals"
        if request is not None and not self.budget_helps:
            message = (
                f"one roll of {_roll_name(request)} alone has {request[2]:,} totals whose exact weights would not "
                f"fit in {MAX_TOTALS_BYTES // 2**20} MiB"
            )
        else:
            if request is not None:
                how = f"one roll of {_roll_name(request)} alone has {request[2]:,} different {what}"
            elif estimate is None:
                how = f"walked {walked:,}"
            else:
                how = f"about {estimate:,} by sampling {PROBES} outcomes"
            message = f"more than {budget:,} resolutions would be needed ({how})"
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
        return (_budget_exceeded, (self.budget, self.walked, self.estimate, self.request, self.what))


def _budget_exceeded(
    budget: int, walked: int, estimate: int | None, request: tuple[int, int, int] | None, what: str
) -> BudgetExceeded:
    return BudgetExceeded(budget, walked, estimate=estimate, request=request, what=what)


def _roll_name(request: tuple[int, int, int]) -> str:
    count, sides, _ = request
    return f"{count}d{sides}"


class WalkStopped(Exception):
    """The exact walk reached its deadline (``--timeout``) before it had walked every outcome."""

    def __init__(self, resolutions: int, covered: Fraction) -> None:
        super().__init__(f"stopped after {resolutions:,} resolutions, {float(covered):.1%} of the outcomes walked")
        self.resolutions = resolutions
        self.covered = covered

    def __reduce__(self) -> tuple[Any, ...]:  # crosses from a worker by its own arguments (see BudgetExceeded)
        return (type(self), (self.resolutions, self.covered))


class WalkTooLong(WalkStopped):
    """The walk met a roll whose pools it could not walk in the time left before its deadline, even at its
    fastest pace: it stops there at once rather than spend the time and throw the walk away."""

    def __init__(
        self,
        resolutions: int,
        covered: Fraction,
        *,
        request: tuple[int, int, int],
        seconds: float,
        what: str = "pools",
    ) -> None:
        super().__init__(resolutions, covered)
        self.request = request
        self.seconds = seconds
        self.what = what  # pools, or totals (a roll read by its sum)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_walk_too_long, (self.resolutions, self.covered, self.request, self.seconds, self.what))

    def reason(self) -> str:
        return (
            f"one roll of {_roll_name(self.request)} has {self.request[2]:,} different {self.what}, at least "
            f"{_duration(self.seconds)} of resolutions at the walk's pace"
        )


def _walk_too_long(
    resolutions: int, covered: Fraction, request: tuple[int, int, int], seconds: float, what: str
) -> WalkTooLong:
    return WalkTooLong(resolutions, covered, request=request, seconds=seconds, what=what)


def _duration(seconds: float) -> str:
    return f"{seconds:.2g} s" if seconds < 10 else f"{seconds:,.0f} s"


FASTEST = 2e-6
"""The fewest seconds one resolution of the walk is ever assumed to take (none is faster, in any game), so that a
roll of more pools than the time left could walk at this pace is simulated at once."""


CLOCK_EVERY = 64
"""The walk and the simulation look at the clock once every this many resolutions (and after each one that cost
a resolve, for the simulation): a deadline is met within a few resolutions' time, at no measurable cost."""


WALKED = [0]
"""Resolutions walked so far by the walk in this process (to the nearest :data:`CLOCK_EVERY`), for the line an
interrupt prints."""


def passed(deadline: float | None) -> bool:
    """Whether ``deadline`` (a :func:`time.monotonic` moment, the same clock in forked workers) has passed."""
    return deadline is not None and time.monotonic() >= deadline


@dataclass
class Tally:
    """Probability mass per measure and value, plus refusals.

    ``values`` is keyed by (part, name) (see :mod:`tabroll.odds.measures`); ``declared`` holds the game's own
    measures as the ruleset declared them for this action, ``undeclared`` the names an outcome reported that
    were not declared (a defect of the ruleset, reported rather than guessed at).

    The exact walk adds integer weights over a denominator (:meth:`add_scaled`), kept apart per denominator
    and turned into fractions once, by :meth:`settle` (a :class:`~fractions.Fraction` sum per leaf and measure
    was a large part of the walk); the sums are exact either way, so the figures are the same."""

    values: dict[Key, dict[Any, Any]] = field(default_factory=dict)
    refused: dict[str, Any] = field(default_factory=dict)
    weight: Any = 0
    declared: dict[str, Measure] = field(default_factory=dict)
    undeclared: set[str] = field(default_factory=set)
    acted: bool = True
    _scaled: dict[int, Tally] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, ruleset: AnyRuleset, state: Any, action: Any) -> Tally:
        declared = {m.name: m for m in ruleset.declare_measures(state, action)}
        return cls(declared=declared, acted=ruleset.describe_action(action)[0] is not None)

    def outcome(
        self, ruleset: AnyRuleset, action: Any, before: Any, after: Any, events: Any, start: int = 0
    ) -> Outcome:
        """The outcome of one resolution, its blow figures from event ``start`` on (undeclared game measures are
        noted here)."""
        outcome, undeclared = measure(
            ruleset, action, before, after, events, declared=frozenset(self.declared), acted=self.acted, start=start
        )
        if undeclared:
            self.undeclared.update(undeclared)
        return outcome

    def resolved(self, ruleset: AnyRuleset, action: Any, before: Any, after: Any, events: Any, weight: Any) -> None:
        self.add(self.outcome(ruleset, action, before, after, events), weight)

    def add(self, outcome: Outcome, weight: Any) -> None:
        self.weight += weight
        values = self.values
        for name, value in outcome.items():
            bucket = values.get(name)
            if bucket is None:
                values[name] = {value: weight}
            else:
                bucket[value] = bucket.get(value, 0) + weight

    def add_refusal(self, reason: str, weight: Any) -> None:
        self.weight += weight
        self.refused[reason] = self.refused.get(reason, 0) + weight

    def _over(self, denominator: int) -> Tally:
        part = self._scaled.get(denominator)
        if part is None:
            part = self._scaled[denominator] = Tally()
        return part

    def add_scaled(self, outcome: Outcome, numerator: int, denominator: int) -> None:
        """Add ``outcome`` with probability ``numerator / denominator`` (integers until :meth:`settle`)."""
        self._over(denominator).add(outcome, numerator)

    def add_refusal_scaled(self, reason: str, numerator: int, denominator: int) -> None:
        self._over(denominator).add_refusal(reason, numerator)

    def add_collapsed(
        self, other: Tally, over: int, numerator: int, denominator: int, after: Outcome | None = None
    ) -> None:
        """Add every figure of ``other`` (integer weights over ``over``: :meth:`collapse`) times
        ``numerator / denominator``.

        ``after``: the blow figures of what came before ``other``'s outcomes (the path from the node this
        tally hangs from to the one ``other`` was walked below): each of ``other``'s blow figures is combined
        with it (:func:`~tabroll.odds.measures.combine`), and an outcome that lacks one of them takes its value."""
        part = self._over(denominator * over)
        values = part.values
        for name, bucket in other.values.items():
            mine = values.get(name)
            if mine is None:
                mine = values[name] = {}
            get = mine.get
            earlier = after.get(name) if after else None
            if earlier is None:
                for value, mass in bucket.items():
                    mine[value] = get(value, 0) + numerator * mass
            else:
                for value, mass in bucket.items():
                    value = combine(name, earlier, value)
                    mine[value] = get(value, 0) + numerator * mass
        if after:
            resolved = other.weight - sum(other.refused.values())
            for name, earlier in after.items():
                missing = resolved - sum(other.values.get(name, {}).values())
                if missing:
                    part._put(name, earlier, numerator * missing)
        refused = part.refused
        for reason, mass in other.refused.items():
            refused[reason] = refused.get(reason, 0) + numerator * mass
        part.weight += numerator * other.weight

    def collapse(self) -> tuple[Tally, int]:
        """The integer weights kept per denominator, brought over one common denominator: (figures, it)."""
        scaled = self._scaled
        over = math.lcm(*scaled) if scaled else 1
        whole = Tally()
        for denominator, part in scaled.items():
            factor = over // denominator
            whole.weight += part.weight * factor
            for name, bucket in part.values.items():
                for value, mass in bucket.items():
                    whole._put(name, value, mass * factor)
            for reason, mass in part.refused.items():
                whole.refused[reason] = whole.refused.get(reason, 0) + mass * factor
        return whole, over

    def _put(self, name: Key, value: Any, mass: Any) -> None:
        bucket = self.values.get(name)
        if bucket is None:
            self.values[name] = {value: mass}
        else:
            bucket[value] = bucket.get(value, 0) + mass

    def settle(self) -> Tally:
        """Turn the integer weights kept per denominator into fractions, added to the figures."""
        scaled, self._scaled = self._scaled, {}
        for denominator, part in scaled.items():
            self.weight += Fraction(part.weight, denominator)
            for name, bucket in part.values.items():
                mine = self.values.setdefault(name, {})
                for value, mass in bucket.items():
                    mine[value] = mine.get(value, 0) + Fraction(mass, denominator)
            for reason, mass in part.refused.items():
                self.refused[reason] = self.refused.get(reason, 0) + Fraction(mass, denominator)
        return self

    def merge(self, other: Tally) -> None:
        other.settle()
        self.settle()
        self.weight += other.weight
        for name, bucket in other.values.items():
            mine = self.values.setdefault(name, {})
            for value, mass in bucket.items():
                mine[value] = mine.get(value, 0) + mass
        for reason, mass in other.refused.items():
            self.refused[reason] = self.refused.get(reason, 0) + mass
        self.declared.update(other.declared)
        self.undeclared |= other.undeclared


@dataclass
class ExactResult:
    tally: Tally
    leaves: int
    resolutions: int


def _pool_size(count: int, sides: int) -> int:
    """How many different pools ``count`` dice of ``sides`` sides can show, ignoring order (counted, not listed)."""
    return math.comb(sides + count - 1, count)


def _total_size(count: int, sides: int) -> int:
    """How many different totals ``count`` dice of ``sides`` sides can add up to."""
    return count * (sides - 1) + 1


Reading = tuple[int, bool]
"""How a roll read by its sum is walked: how many of its dice are summed (all, or those it keeps), and whether
they are the highest ones (``kh``, ``dl``) or the lowest (``kl``, ``dh``)."""

MAX_KEEP_WORK = 20_000_000
"""Most steps the count of a kept sum's weights may take (about ``sides * count**2 * kept * sides``): past it,
the roll is walked by its pools (100d20kh50 would take minutes to count)."""


def _reading(request: DiceRequest) -> Reading | None:
    """How the walk reads ``request``: by its totals (see :data:`Reading`) when its rules read only the sum of its
    dice or of the dice it keeps, else None (by its pools)."""
    count = request.count
    if not request.total_only or count == 1:
        return None
    keep = request.keep
    if keep is None:
        return count, True
    kept = keep.kept_of(count)
    if kept == count:
        return count, True
    sides = request.sides
    if sides * count * count * max(1, kept) * sides > MAX_KEEP_WORK:
        return None
    return kept, keep.highest


MAX_TOTALS_BYTES = 64 * 2**20
"""Most memory the weights of one roll's totals may take (each weight is a whole number of up to ``count *
log2(sides)`` bits: 10,000d20 would need about 1 GB); a roll past it is not walked exactly."""


def _totals_bytes(count: int, sides: int, kept: int | None = None) -> int:
    """About how much memory the weights of every total of ``count`` d``sides`` take (half of them are kept: the
    weights are symmetric, and the list shares them); ``kept``: the totals of the dice kept, that many."""
    return _total_size(count if kept is None else kept, sides) * (count * sides.bit_length() // 8 + 28) // 2


class _Totals(Sequence[tuple[tuple[int, ...], int]]):
    """The totals of ``count`` dice of ``sides`` sides, lowest first, as :func:`_pools` lists pools: each as one
    pool that adds up to it (the lowest such pool in rising order: ones, one die between, then dice at
    ``sides``), with the number of ordered rolls that add up to it. A resolver that reads only the sum sees the
    same from any pool of that sum; the weights are counted (J. C. P. Miller's recurrence) when first read."""

    __slots__ = ("_weights", "dice", "faces")
    first_ways = 1  # every die showing 1: the one roll of the lowest total

    def __init__(self, count: int, sides: int) -> None:
        self.dice, self.faces = count, sides
        self._weights: list[int] | None = None

    def __len__(self) -> int:
        return _total_size(self.dice, self.faces)

    def __getitem__(self, index: int) -> tuple[tuple[int, ...], int]:  # type: ignore[override]
        if not 0 <= index < len(self):
            raise IndexError(index)
        weights = self._weights
        if weights is None:
            from tabroll.dice.distribution import uniform_power

            weights = self._weights = uniform_power(self.faces, self.dice)
        return _lowest_pool(self.dice, self.faces, index), weights[index]


def _lowest_pool(count: int, sides: int, index: int) -> tuple[int, ...]:
    """The lowest pool of ``count`` d``sides`` (in rising order) whose total is the ``index``-th (from 0)."""
    top = sides - 1
    if not top or not count:
        return (1,) * count
    full, part = divmod(index, top)
    ones = count - full - (1 if part else 0)
    return (1,) * ones + ((1 + part,) if part else ()) + (sides,) * full


class _KeptTotals(Sequence[tuple[tuple[int, ...], int]]):
    """The totals of the ``kept`` highest (or lowest) of ``count`` dice of ``sides`` sides, lowest first, as
    :class:`_Totals` lists the totals of every die: each as one pool whose kept dice add up to it (the lowest such
    kept dice, the others all 1 when the highest are kept, all ``sides`` when the lowest are), with the number of
    ordered rolls whose kept dice add up to it (``keep_counts``, counted when first read). ``first_ways``: the
    rolls of the lowest total, which the pool of every die showing 1 stands for."""

    __slots__ = ("_weights", "dice", "faces", "highest", "kept")

    def __init__(self, count: int, sides: int, kept: int, highest: bool) -> None:
        self.dice, self.faces, self.kept, self.highest = count, sides, kept, highest
        self._weights: list[int] | None = None

    def __len__(self) -> int:
        return _total_size(self.kept, self.faces)

    def weights(self) -> list[int]:
        weights = self._weights
        if weights is None:
            from tabroll.dice.distribution import keep_counts
            from tabroll.dice.nodes import Keep

            keep = Keep("kh" if self.highest else "kl", self.kept)
            counts = keep_counts([(self.dice, dict.fromkeys(range(1, self.faces + 1), 1))], keep, lambda v: v)
            weights = self._weights = [counts.get(self.kept + i, 0) for i in range(len(self))]
        return weights

    @property
    def first_ways(self) -> int:
        return self.weights()[0]

    def __getitem__(self, index: int) -> tuple[tuple[int, ...], int]:  # type: ignore[override]
        if not 0 <= index < len(self):
            raise IndexError(index)
        kept = _lowest_pool(self.kept, self.faces, index)
        others = self.dice - self.kept
        pool = (1,) * others + kept if self.highest else kept + (self.faces,) * others
        return pool, self.weights()[index]


@functools.lru_cache(maxsize=4)  # at most four rolls' weights held: 4 * MAX_TOTALS_BYTES at the very worst
def _totals(count: int, sides: int, kept: int | None = None, highest: bool = True) -> _Totals | _KeptTotals:
    if kept is None or kept == count:
        return _Totals(count, sides)
    return _KeptTotals(count, sides, kept, highest)


LISTED_POOLS = 1_024
"""A roll of at most this many pools has them listed once and kept (a walk meets the same roll on many of its
branches); the pools of a larger one are made one at a time as the walk reaches them, so that no roll's pools are
ever all held at once (6d20 has 177,100 of them, 20d20 68,923,264,410)."""


@functools.lru_cache(maxsize=64)
def _pools(count: int, sides: int) -> list[tuple[tuple[int, ...], int]]:
    """Every pool of ``count`` dice (values in rising order) with the number of ordered rolls that give it.

    One request of several dice is one pool (``4d6``, a Power pool): the rules read which values came up, not
    in which order, so walking 126 pools of 4d6 with their weights gives the same odds as 1,296 ordered rolls.
    The first pool is always every die showing 1 (one ordered roll), the answer :class:`PrefixDice` gives to a
    request nobody has walked yet. The walk lists only rolls of at most :data:`LISTED_POOLS` pools this way.
    """
    if count == 1:
        return [((face,), 1) for face in range(1, sides + 1)]
    return [(combo, _ways(combo)) for combo in itertools.combinations_with_replacement(range(1, sides + 1), count)]


def _ways(combo: tuple[int, ...]) -> int:
    """How many ordered rolls show the pool ``combo`` (its values in rising order)."""
    count = len(combo)
    if count == 1:
        return 1
    ways = math.factorial(count)
    run = 1
    for i in range(1, count):
        if combo[i] == combo[i - 1]:
            run += 1
        else:
            if run > 1:
                ways //= math.factorial(run)
            run = 1
    if run > 1:
        ways //= math.factorial(run)
    return ways


def _before(combo: tuple[int, ...], sides: int) -> tuple[int, ...]:
    """The pool just before ``combo`` in rising order (as :func:`_pools` lists them); ``combo`` is not the first.

    The last value that can go down by one (staying at least the value before it) does, and every value after
    it goes up to ``sides``."""
    values = list(combo)
    for i in range(len(values) - 1, -1, -1):
        if values[i] > (values[i - 1] if i else 1):
            values[i] -= 1
            for j in range(i + 1, len(values)):
                values[j] = sides
            return tuple(values)
    raise ValueError("the first pool has no pool before it")


class _Pools:
    """The pools of one request still to walk, taken one at a time from the highest down (the order the walk has
    always walked them in): each is the branch ``head + pool``, with probability ``numerator * ways / step``
    counted from the node it hangs below (``hangs``; ``None``: the root).

    A small request's pools are ``listed`` (:func:`_pools`), taken from ``index`` down; a large one's are made
    one from the other (``combo`` is the next), so the walk holds one entry per request, never its pools. A share
    of the pools dealt to another process (:func:`_deal`) takes every ``every``-th one. ``left`` counts the pools
    still to take and ``ways`` the ordered rolls they stand for (the probability still to walk)."""

    __slots__ = (
        "combo",
        "every",
        "hangs",
        "head",
        "index",
        "left",
        "listed",
        "numerator",
        "origin",
        "sides",
        "step",
        "ways",
    )

    def __init__(
        self,
        head: tuple[int, ...],
        sides: int,
        numerator: int,
        step: int,
        hangs: _Node | None,
        *,
        left: int,
        ways: int,
        listed: Sequence[tuple[tuple[int, ...], int]] | None = None,
        index: int = 0,
        combo: tuple[int, ...] = (),
        every: int = 1,
        origin: _Node | None = None,
    ) -> None:
        self.head, self.sides, self.numerator, self.step, self.hangs = head, sides, numerator, step, hangs
        self.left, self.ways, self.listed, self.index, self.combo, self.every = left, ways, listed, index, combo, every
        self.origin = origin  # the node at a step its resolutions resume from (None: the action's start)

    @classmethod
    def of_request(
        cls,
        head: tuple[int, ...],
        count: int,
        sides: int,
        numerator: int,
        step: int,
        hangs: _Node | None,
        size: int,
        *,
        reading: Reading | None = None,
        origin: _Node | None = None,
    ) -> _Pools:
        """Every pool (or, with a ``reading``, every total) of a request but its first (the one the resolution that
        met it walked)."""
        rolls = sides**count
        if reading is not None:
            totals = _totals(count, sides, *reading)
            return cls(head, sides, numerator, step * rolls, hangs, left=size - 1, ways=rolls - totals.first_ways,
                       listed=totals, index=size - 1, origin=origin)  # fmt: skip
        if size <= LISTED_POOLS:
            return cls(head, sides, numerator, step * rolls, hangs, left=size - 1, ways=rolls - 1,
                       listed=_pools(count, sides), index=size - 1, origin=origin)  # fmt: skip
        return cls(head, sides, numerator, step * rolls, hangs, left=size - 1, ways=rolls - 1, combo=(sides,) * count,
                   origin=origin)  # fmt: skip

    def take(self) -> tuple[tuple[int, ...], int]:
        """The next pool and its ordered rolls."""
        self.left -= 1
        listed = self.listed
        if listed is not None:
            combo, ways = listed[self.index]
            self.index -= self.every
        else:
            combo = self.combo
            ways = _ways(combo)
            if self.left:
                following = combo
                for _ in range(self.every):
                    following = _before(following, self.sides)
                self.combo = following
        self.ways -= ways
        return combo, ways

    def weight(self) -> Fraction:
        """The probability of the pools still to take, counted from the node they hang below."""
        return Fraction(self.numerator * self.ways, self.step)


def _deal(stack: list[_Pools], jobs: int) -> list[list[_Pools]]:
    """The pools waiting on ``stack`` (all hanging from the root) dealt out to ``jobs`` parts in turn, each
    request's pools strided over the parts (so neighbouring pools, which cost alike, go to different processes).
    A large request's pools are counted through once here, to know where each share starts and what it weighs."""
    parts: list[list[_Pools]] = [[] for _ in range(jobs)]
    turn = 0
    for entry in stack:
        shares = min(jobs, entry.left)
        every = entry.every * jobs
        starts: list[Any] = []
        ways = [0] * shares
        if entry.listed is not None:
            listed = entry.listed
            for k in range(entry.left):
                index = entry.index - k * entry.every
                if k < shares:
                    starts.append(index)
                ways[k % jobs] += listed[index][1]
        else:
            combo = entry.combo
            for k in range(entry.left):
                if k:
                    for _ in range(entry.every):
                        combo = _before(combo, entry.sides)
                if k < shares:
                    starts.append(combo)
                ways[k % jobs] += _ways(combo)
        for i in range(shares):
            share = _Pools(entry.head, entry.sides, entry.numerator, entry.step, None,
                           left=len(range(i, entry.left, jobs)), ways=ways[i], every=every)  # fmt: skip
            if entry.listed is not None:
                share.listed, share.index = entry.listed, starts[i]
            else:
                share.combo = starts[i]
            parts[(turn + i) % jobs].append(share)
        turn += shares
    return parts


class _HashedKey:
    """A key of the walk's memo with its hash worked out once: a (step, state, measures, rulings) tuple is hashed
    through every unit of the state, and each key is looked up, then stored."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: tuple[Any, ...]) -> None:
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _HashedKey) and self._hash == other._hash and self.value == other.value


class _Node:
    """A step met in the walk, with the figures of everything below it (probabilities counted from it).

    Its tally's blow figures count only the blows struck after it (from event ``start`` on); ``after`` holds
    those struck between its parent's step and it, which its figures are combined with when they are
    added to its parent's. ``pending`` counts what below it is still to walk: branches on the stack and the
    resolution in flight (or the node it went on into). When it falls to 0 the node is complete: its figures
    are kept for its key, and added to its parent's with the node's weight from there."""

    __slots__ = (
        "after",
        "denominator",
        "key",
        "leaves",
        "lone",
        "numerator",
        "parent",
        "pending",
        "resume",
        "start",
        "tally",
    )

    def __init__(
        self,
        key: Hashable,
        parent: _Node | None,
        numerator: int,
        denominator: int,
        tally: Tally,
        *,
        start: int = 0,
        after: Outcome | None = None,
    ) -> None:
        self.key = key
        self.parent = parent
        self.numerator = numerator
        self.denominator = denominator
        self.tally = tally
        self.start = start
        self.after = after
        self.pending = 1
        self.leaves = 0
        # no die drawn below it yet (a node at a step opens so; the first request past it clears this): at a leaf
        # reached so, its figures are that one outcome (see _Walker.complete)
        self.lone = False
        self.resume: tuple[ActionLog, Step] | None = None  # the working area and the step, for a node at a step


class _Walker:
    """The merging walk of one action (see :func:`_walk`).

    A resolver is written as steps (:mod:`tabroll.steps`): at each one, what it does from there depends only on
    the step and on the state. Two outcomes of the dice that reach an equal step with an equal state, with the
    same game measures and rulings told so far, share everything that follows. The walk keeps the figures below
    each step it has walked, counting only the blows struck after it; a later resolution that reaches an equal
    step stops there and adds those figures, combined with its own blows so far and weighed by its own path,
    instead of walking that whole subtree again. The other outcomes of a die drawn below a step are walked by
    resuming from the working area the step's node kept (:attr:`_Node.resume`), never from the action's start.
    """

    def __init__(self, ruleset: AnyRuleset, state: Any, action: Any, tally: Tally) -> None:
        self.ruleset = ruleset
        self.state = state
        self.action = action
        self.tally = tally
        self.root = _Node(None, None, 1, 1, tally)
        self.known: dict[Hashable, tuple[Tally, int, int]] = {}  # figures, their denominator, leaves
        # where the resolution in flight stands: the innermost node, and the weight of its path from there
        self.node = self.root
        self.numerator = 1
        self.denominator = 1
        self.merged = 0
        # how the resolution in flight stopped at a step whose continuation is known: (its key, blows before it)
        self.stopped: tuple[Hashable, Outcome | None] | None = None

    def at_step(self, turn: ActionLog, step: Step) -> _Node | None:
        """A step past the prefix: None (and :attr:`stopped` set) when what follows is known, else the node
        opened for it, which keeps a copy of ``turn`` to resume from. Its key is the core's own: the step, the
        state, the game's measures so far and the rulings told."""
        ruleset, tally = self.ruleset, self.tally
        events = turn.events
        node = self.node
        after = blow_outcome(ruleset.blows(self.action, events[node.start :]), tally.acted)
        state = turn.state_now()
        measures = tuple(sorted(ruleset.outcome_measures(self.state, state, events).items()))
        key = _HashedKey((step, state, measures, frozenset(turn.rulings_told)))
        if key in self.known:
            self.stopped = (key, after)
            return None
        sub = Tally(declared=tally.declared, undeclared=tally.undeclared, acted=tally.acted)
        opened = self.node = _Node(key, node, self.numerator, self.denominator, sub, start=len(events), after=after)
        opened.resume = (turn.fork(turn.dice), step)
        opened.lone = True
        self.numerator = self.denominator = 1
        return opened

    def complete(self, node: _Node, lone: Tally | None = None) -> None:
        """``node`` has one thing less to walk; when it is done, keep its figures and hand them to its parent
        (and so on up while parents are done too). ``lone``: the figures of ``node`` when no die was drawn below
        it (one outcome, weight 1 over 1: what collapsing its tally would give, without adding it there first)."""
        while True:
            node.pending -= 1
            parent = node.parent
            if node.pending or parent is None:
                return
            if lone is not None:
                figures, over, lone = lone, 1, None
            else:
                figures, over = node.tally.collapse()
            self.known[node.key] = (figures, over, node.leaves)
            parent.tally.add_collapsed(figures, over, node.numerator, node.denominator, node.after)
            parent.leaves += node.leaves
            node = parent

    def walked(self, stack: list[_Pools], start: Fraction) -> Fraction:
        """How much of the probability is walked, between resolutions: all of ``start`` (what the walk was given:
        everything, or a process's share) but the pools still on ``stack`` (for a walk stopped by its deadline)."""
        weights: dict[int, Fraction] = {id(self.root): Fraction(1)}

        def weight(node: _Node | None) -> Fraction:
            if node is None:
                return Fraction(1)
            chain = []  # up to the nearest node whose weight is known (no recursion: chains may be deep)
            while id(node) not in weights:
                chain.append(node)
                assert node.parent is not None
                node = node.parent
            known = weights[id(node)]
            for step in reversed(chain):
                known = weights[id(step)] = known * Fraction(step.numerator, step.denominator)
            return known

        return start - sum((entry.weight() * weight(entry.hangs) for entry in stack), Fraction(0))


def _walk(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    stack: list[_Pools],
    budget: int,
    *,
    split_at: int | None = None,
    deadline: float | None = None,
) -> tuple[Tally, int, int, list[_Pools]]:
    """Walk the pools on ``stack`` depth first: (tally, leaves, resolutions, pools left).

    Each resolution answers its prefix, then the first pool of every further request, and ends at a leaf (or at
    a step whose continuation is known: :class:`_Walker`); the other pools of each request it met past its
    prefix are pushed, as one entry per request (:class:`_Pools`). Every limit is looked at before the work it
    limits: a request whose pools (counted, not listed) would take the walk past ``budget`` resolutions raises
    :class:`BudgetExceeded` before any of them is made, and one that could not be walked before ``deadline`` even
    at the fastest pace raises :class:`WalkTooLong`. With ``split_at``, stop as soon as ``split_at`` pools wait,
    all hanging from the root, and hand them back (how the walk is shared among processes); otherwise walk to
    the end. Past ``deadline`` raise :class:`WalkStopped`, saying how much of the probability was walked.
    """
    tally = Tally.of(ruleset, state, action)
    walker = _Walker(ruleset, state, action, tally)
    root = walker.root
    resolutions = 0
    waiting = sum(entry.left for entry in stack)
    start = sum((entry.weight() for entry in stack), Fraction(0))
    began = time.monotonic()
    resolve = ruleset.resolve
    while stack:
        if split_at is not None and waiting >= split_at and all(entry.hangs is None for entry in stack):
            break
        if resolutions % CLOCK_EVERY == 0:
            WALKED[0] = resolutions
            interrupted()  # a Ctrl-C a library swallowed still stops the walk
            if passed(deadline):
                raise WalkStopped(resolutions, walker.walked(stack, start))
        entry = stack[-1]
        combo, ways = entry.take()
        if not entry.left:
            stack.pop()
        waiting -= 1
        prefix = entry.head + combo
        node = entry.hangs or root
        resolutions += 1
        if resolutions + waiting > budget:
            raise BudgetExceeded(budget, resolutions - 1)
        walker.node, walker.numerator, walker.denominator = node, entry.numerator * ways, entry.step
        origin = entry.origin
        dice = PrefixDice(prefix, walker, origin)
        dice.keep_first = split_at is None
        known: tuple[Tally, int, int] | None = None
        after: Outcome | None = None
        walker.stopped = None
        try:
            if origin is None:
                resolved = resolve(state, action, dice)
            else:  # resumed from the step the node kept: never from the action's start
                assert origin.resume is not None
                kept, step = origin.resume
                turn = kept.fork(dice)
                turn.run(step)
                resolved = turn.resolution(turn.state_now())
        except RuleRefusal as refusal:
            resolved = None
            reason = refusal.message
        except _TooDeep:
            raise BudgetExceeded(budget, resolutions) from None
        if walker.stopped is not None:  # stopped at a step whose continuation is known
            known = walker.known[walker.stopped[0]]
            after = walker.stopped[1]
        # The leaf reached, below the innermost step: every request past the prefix answered with its
        # first pool (one ordered roll).
        here = walker.node
        lone: Tally | None = None
        if here.lone and known is None:
            # No die drawn below the innermost step (an attack's last one): its figures are this outcome alone,
            # kept as they are for its key (it is still a merge point: the rest may be costly) and handed up.
            lone = Tally(weight=1)
            if resolved is None:
                lone.refused[reason] = 1
            else:
                outcome = tally.outcome(ruleset, action, state, resolved.state, resolved.events, here.start)
                figures = lone.values
                for name, value in outcome.items():
                    figures[name] = {value: 1}
            here.leaves += 1
        elif known is not None:
            here.tally.add_collapsed(known[0], known[1], walker.numerator, walker.denominator, after)
            here.leaves += known[2]
            walker.merged += 1
        elif resolved is None:
            here.tally.add_refusal_scaled(reason, walker.numerator, walker.denominator)
            here.leaves += 1
        else:
            outcome = tally.outcome(ruleset, action, state, resolved.state, resolved.events, here.start)
            here.tally.add_scaled(outcome, walker.numerator, walker.denominator)
            here.leaves += 1
        # The other pools of each fresh request are still to walk, each with the weight of its path from the
        # step it follows. The deepest request's are pushed last, so walked first: the innermost step is done
        # before any other path can reach an equal one, which then finds it known.
        values = dice._values
        largest: tuple[int, int, int] | None = None
        what = "pools"
        for position, count, sides, owner, path_numerator, path_denominator, reading, since, base in dice.fresh:
            # counted: a request's pools (or totals) are made only as they are walked
            size = _total_size(reading[0], sides) if reading else _pool_size(count, sides)
            if reading and _totals_bytes(count, sides, reading[0]) > MAX_TOTALS_BYTES:
                raise BudgetExceeded(budget, resolutions, request=(count, sides, size), what="large totals")
            if largest is None or size > largest[2]:
                largest = (count, sides, size)
                what = "totals" if reading else "pools"
            owner = owner or root
            owner.pending += size - 1
            if size > 1:
                hangs = None if owner is root else owner
                head = tuple(values[base:position])
                stack.append(
                    _Pools.of_request(
                        head,
                        count,
                        sides,
                        path_numerator,
                        path_denominator,
                        hangs,
                        size,
                        reading=reading,
                        origin=since,
                    )
                )
                waiting += size - 1
        if largest is not None:
            if resolutions + waiting > budget:
                alone = largest if largest[2] - 1 > budget - resolutions else None
                raise BudgetExceeded(budget, resolutions, request=alone, what=what)
            if deadline is not None and largest[2] > LISTED_POOLS:
                now = time.monotonic()
                # Half the pace so far (or the fastest pace of all): a walk that cannot finish even so is not begun.
                pace = max(FASTEST, (now - began) / resolutions / 2)
                if waiting * pace > deadline - now:
                    covered = walker.walked(stack, start)
                    raise WalkTooLong(resolutions, covered, request=largest, seconds=waiting * pace, what=what)
        walker.complete(here, lone)
    leaves = root.leaves
    if stack:  # handed back to be shared out: they are not walked here
        root.pending -= waiting
    return tally, leaves, resolutions, stack


_JOB: tuple[AnyRuleset, Any, Any, int, float | None] | None = None
"""What the forked workers of one walk share: set before the pool forks, so each inherits it (the ruleset itself,
not its id: a game that was never registered, like a test's own, walks in workers too)."""


def _walk_part(stack: list[_Pools]) -> tuple[Tally, int, int, Fraction | None]:
    """One process's share of the walk: (tally, leaves, resolutions, None), or, stopped by the deadline,
    (an empty tally, 0, resolutions, the probability it had walked)."""
    assert _JOB is not None
    ruleset, state, action, budget, deadline = _JOB
    try:
        tally, leaves, resolutions, _ = _walk(ruleset, state, action, stack, budget, deadline=deadline)
    except WalkStopped as stopped:
        return Tally(), 0, stopped.resolutions, stopped.covered
    return tally.settle(), leaves, resolutions, None


def _start() -> list[_Pools]:
    """The walk's first branch: no dice yet, with all the probability."""
    return [_Pools((), 0, 1, 1, None, left=1, ways=1, listed=[((), 1)], index=0)]


def exact_odds(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    *,
    budget: int = DEFAULT_BUDGET,
    jobs: int = 1,
    deadline: float | None = None,
) -> ExactResult:
    """Walk every dice outcome of ``action`` from ``state``; raise :class:`BudgetExceeded` past ``budget``, and
    :class:`WalkStopped` past ``deadline`` (a :func:`time.monotonic` moment).

    With ``jobs`` > 1 the first branches of the tree are dealt out to that many forked processes; the result is
    the same exact tally (fractions add up the same whatever the split).
    """
    global _JOB
    if jobs <= 1:
        tally, leaves, resolutions, _ = _walk(ruleset, state, action, _start(), budget, deadline=deadline)
        return ExactResult(tally=tally.settle(), leaves=leaves, resolutions=resolutions)
    tally, leaves, resolutions, waiting = _walk(
        ruleset, state, action, _start(), budget, split_at=jobs * 4, deadline=deadline
    )
    tally.settle()
    if waiting:
        from tabroll.workers import in_order, process_pool

        parts = _deal(waiting, jobs)
        _JOB = (ruleset, state, action, max(1, budget - resolutions), deadline)
        covered: Fraction | None = None
        from tabroll.workers import WorkerDied

        todo = [p for p in parts if p]
        merged = 0
        try:
            with process_pool(jobs) as pool:
                for part_tally, part_leaves, part_resolutions, stopped in in_order(pool, _walk_part, todo):
                    if stopped is not None:
                        covered = (covered or Fraction(0)) + stopped
                    tally.merge(part_tally)
                    leaves += part_leaves
                    resolutions += part_resolutions
                    merged += 1
        except BudgetExceeded as over:  # a part went past what was left of the budget: say it of the whole walk
            raise BudgetExceeded(
                budget, resolutions + over.walked, estimate=over.estimate, request=over.request, what=over.what
            ) from None
        except WorkerDied as died:
            lost = sum((entry.weight() for part in todo[merged:] for entry in part), Fraction(0))
            raise WorkerDied(
                f"{died.message}: the exact walk lost {len(todo) - merged} of its {len(todo)} parts "
                f"({float(lost):.1%} of the outcomes were not walked), so no odds are given",
                tip=died.tip,
            ) from None
        finally:
            _JOB = None
        if covered is not None:  # a part was stopped by the deadline: the walked share is the parts done and its own
            raise WalkStopped(resolutions, tally.weight + covered)
        if resolutions > budget:
            raise BudgetExceeded(budget, resolutions)
    return ExactResult(tally=tally, leaves=leaves, resolutions=resolutions)


PROBES = 64
"""Sampled outcomes behind :func:`estimate_leaves`."""


class Samples(list[int]):
    """The sampled leaves of :func:`estimate_leaves`, lowest first; ``merging``: two samples met at a step with
    dice still to draw below it, so the walk may need far fewer resolutions than there are leaves."""

    merging: bool = False
    # the sampled roll of most pools (or totals): count, sides, how many, what they are, the dice summed
    largest: tuple[int, int, int, str, int] | None = None

    def over(self, budget: int) -> BudgetExceeded:
        """Why a tree :func:`surely_over` the budget is not walked: the one roll whose pools (or totals) alone
        are over it, or too large for memory, when the samples met one (as the walk itself would say), else the
        estimate."""
        largest = self.largest
        if largest is not None:
            count, sides, size, what, kept = largest
            if what == "totals" and _totals_bytes(count, sides, kept) > MAX_TOTALS_BYTES:
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

    __slots__ = ("_drawn", "_pending", "_rng", "inverse", "largest", "steps")

    def __init__(self, rng: Any) -> None:
        self._rng = rng
        self.inverse = 1
        self.steps: set[Hashable] = set()
        self._pending: list[Hashable] = []
        self._drawn = False
        self.largest: tuple[int, int, int, str, int] | None = None  # as Samples.largest

    def at_step(self, turn: ActionLog, step: Step) -> bool:
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
        reading = _reading(request)
        size = _total_size(reading[0], sides) if reading else _pool_size(count, sides)
        if self.largest is None or size > self.largest[2]:
            self.largest = (count, sides, size, "totals" if reading else "pools", reading[0] if reading else count)
        if reading is not None:  # walked by its totals: the weight of the total drawn
            kept, highest = reading
            if _totals_bytes(count, sides, kept) > MAX_TOTALS_BYTES:
                ways = 1  # not walked exactly at all: as unlikely as anything
            else:
                summed = sorted(values, reverse=highest)[:kept]
                ways = _totals(count, sides, kept, highest)[sum(summed) - kept][1]
            self.inverse = self.inverse * sides**count // ways if self.inverse < 10**30 else self.inverse
            return values
        ways = math.factorial(count)
        for face in set(values):
            ways //= math.factorial(values.count(face))
        self.inverse = self.inverse * sides**count // ways if self.inverse < 10**30 else self.inverse
        return values


def estimate_leaves(
    ruleset: AnyRuleset, state: Any, action: Any, *, probes: int = PROBES, deadline: float | None = None
) -> Samples:
    """How many leaves the exact walk would visit, by sampling: each of ``probes`` resolutions with random dice
    gives ``1 / P(its pools)``, whose mean over the outcomes is exactly the number of leaves; sorted, lowest first.

    The mean can be far off (one rare deep outcome weighs a lot), so :func:`surely_over` reads the samples as a
    test: it says a tree is over a budget only when samples like these would be very unlikely otherwise. Past
    ``deadline`` fewer samples are taken (at least one); the test reads however many there are.
    """
    import random

    rng = random.Random(0)  # the same answer every time, whatever --seed the simulation uses
    samples = Samples()
    seen: set[Hashable] = set()  # the (step, state) pairs earlier samples took
    for _ in range(probes):
        if samples and passed(deadline):
            break
        dice = _SampledDice(rng)
        with contextlib.suppress(RuleRefusal):  # a refused outcome is a leaf like any other
            ruleset.resolve(state, action, dice)
        samples.append(dice.inverse)
        # A pair another sample took too: two outcomes of the dice meet at a step, which the walk merges.
        samples.merging = samples.merging or not seen.isdisjoint(dice.steps)
        seen |= dice.steps
        if dice.largest is not None and (samples.largest is None or dice.largest[2] > samples.largest[2]):
            samples.largest = dice.largest
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
        # The leaves do not bound a merging walk's work (10^51 of them took 4,951 resolutions), and its early pace
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
