"""Exact odds: walk every dice outcome of one action through the real resolver, with rational arithmetic.

The resolver draws every random number from the injected dice source. Here that source answers from a prefix of
values and, when the prefix runs out, interrupts the resolution with the request it could not answer. The walk
then branches over every value that die (or group of dice) can show, each with its exact probability, and
resolves again with the longer prefix. A chance node that is not a die (a random pick between two directions)
is a die too (``tabroll.dice.pick``), so it is walked the same way. Player choices come from the action itself.

A request of several dice at once is walked as pools (values in rising order, weighted by how many ordered
rolls give them): the rules of every game read a pool by its values, never by the order of the dice.

Each leaf is one complete resolution; its outcome (the attack's hit, defeats and damage, what followed it, and
the game's own declared measures: see ``measures.py``) is added to the tally with the leaf's probability.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabroll.dice.sources import DiceRequest
from tabroll.engine import AnyRuleset, Measure
from tabroll.errors import RuleRefusal
from tabroll.odds.measures import Key, Outcome, measure

DEFAULT_BUDGET = 200_000


class _NeedsDice(Exception):
    """The prefix ran out: ``request`` is the next draw the resolver asked for."""

    def __init__(self, request: DiceRequest) -> None:
        super().__init__(request.describe())
        self.request = request


class PrefixDice:
    """Answers requests from a fixed prefix of values; past its end, raises :class:`_NeedsDice`."""

    __slots__ = ("_position", "_values")

    def __init__(self, values: Sequence[int]) -> None:
        self._values = values
        self._position = 0

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        end = self._position + request.count
        if end > len(self._values):
            raise _NeedsDice(request)
        values = tuple(self._values[self._position : end])
        self._position = end
        return values


class BudgetExceeded(Exception):
    """The outcome tree is larger than the budget allows for an exact walk."""

    def __init__(self, budget: int, walked: int) -> None:
        super().__init__(f"more than {budget:,} resolutions would be needed (walked {walked:,})")
        self.budget = budget
        self.walked = walked


@dataclass
class Tally:
    """Probability mass per measure and value, plus refusals.

    ``values`` is keyed by (part, name) (see :mod:`tabroll.odds.measures`); ``declared`` holds the game's own
    measures as the ruleset declared them for this action, ``undeclared`` the names an outcome reported that
    were not declared (a defect of the ruleset, reported rather than guessed at)."""

    values: dict[Key, dict[Any, Any]] = field(default_factory=dict)
    refused: dict[str, Any] = field(default_factory=dict)
    weight: Any = 0
    declared: dict[str, Measure] = field(default_factory=dict)
    undeclared: set[str] = field(default_factory=set)
    acted: bool = True

    @classmethod
    def of(cls, ruleset: AnyRuleset, state: Any, action: Any) -> Tally:
        declared = {m.name: m for m in ruleset.declare_measures(state, action)}
        return cls(declared=declared, acted=ruleset.describe_action(action)[0] is not None)

    def resolved(self, ruleset: AnyRuleset, action: Any, before: Any, after: Any, events: Any, weight: Any) -> None:
        outcome, undeclared = measure(
            ruleset, action, before, after, events, declared=frozenset(self.declared), acted=self.acted
        )
        self.undeclared.update(undeclared)
        self.add(outcome, weight)

    def add(self, outcome: Outcome, weight: Any) -> None:
        self.weight += weight
        for name, value in outcome.items():
            bucket = self.values.setdefault(name, {})
            bucket[value] = bucket.get(value, 0) + weight

    def add_refusal(self, reason: str, weight: Any) -> None:
        self.weight += weight
        self.refused[reason] = self.refused.get(reason, 0) + weight

    def merge(self, other: Tally) -> None:
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
    """How many different pools ``count`` dice of ``sides`` sides can show, ignoring order."""
    return math.comb(sides + count - 1, count)


def _pools(count: int, sides: int) -> list[tuple[tuple[int, ...], int]]:
    """Every pool of ``count`` dice (values in rising order) with the number of ordered rolls that give it.

    One request of several dice is one pool (``4d6``, a Power pool): the rules read which values came up, not
    in which order, so walking 126 pools of 4d6 with their weights gives the same odds as 1,296 ordered rolls.
    """
    if count == 1:
        return [((face,), 1) for face in range(1, sides + 1)]
    pools = []
    total = math.factorial(count)
    for combo in itertools.combinations_with_replacement(range(1, sides + 1), count):
        ways = total
        for face in set(combo):
            ways //= math.factorial(combo.count(face))
        pools.append((combo, ways))
    return pools


Branch = tuple[tuple[int, ...], Fraction]


def _walk(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    stack: list[Branch],
    budget: int,
    *,
    split_at: int | None = None,
) -> tuple[Tally, int, int, list[Branch]]:
    """Walk the branches on ``stack`` depth first: (tally, leaves, resolutions, branches left).

    With ``split_at``, stop as soon as ``split_at`` branches wait on the stack and hand them back (how the
    walk is shared among processes); otherwise walk to the end.
    """
    tally = Tally.of(ruleset, state, action)
    resolutions = leaves = 0
    while stack:
        if split_at is not None and len(stack) >= split_at:
            break
        prefix, probability = stack.pop()
        resolutions += 1
        if resolutions > budget:
            raise BudgetExceeded(budget, resolutions - 1)
        try:
            resolved = ruleset.resolve(state, action, PrefixDice(prefix))
            events, after = resolved.events, resolved.state
        except _NeedsDice as need:
            request = need.request
            branches = _pool_size(request.count, request.sides)
            if resolutions + len(stack) + branches > budget:
                raise BudgetExceeded(budget, resolutions) from None
            for combo, ways in _pools(request.count, request.sides):
                stack.append((prefix + combo, probability * ways / request.sides**request.count))
            continue
        except RuleRefusal as refusal:
            leaves += 1
            tally.add_refusal(refusal.message, probability)
            continue
        leaves += 1
        tally.resolved(ruleset, action, state, after, events, probability)
    return tally, leaves, resolutions, stack


_JOB: tuple[str, Any, Any, int] | None = None


def _walk_part(stack: list[Branch]) -> tuple[Tally, int, int]:
    from tabroll.engine import find_ruleset

    assert _JOB is not None
    ruleset_id, state, action, budget = _JOB
    tally, leaves, resolutions, _ = _walk(find_ruleset(ruleset_id), state, action, stack, budget)
    return tally, leaves, resolutions


def exact_odds(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    *,
    budget: int = DEFAULT_BUDGET,
    jobs: int = 1,
) -> ExactResult:
    """Walk every dice outcome of ``action`` from ``state``; raise :class:`BudgetExceeded` past ``budget``.

    With ``jobs`` > 1 the first branches of the tree are dealt out to that many forked processes; the result is
    the same exact tally (fractions add up the same whatever the split).
    """
    global _JOB
    start: list[Branch] = [((), Fraction(1))]
    if jobs <= 1:
        tally, leaves, resolutions, _ = _walk(ruleset, state, action, start, budget)
        return ExactResult(tally=tally, leaves=leaves, resolutions=resolutions)
    tally, leaves, resolutions, waiting = _walk(ruleset, state, action, start, budget, split_at=jobs * 4)
    if waiting:
        from tabroll.workers import process_pool

        parts: list[list[Branch]] = [waiting[i::jobs] for i in range(jobs)]
        _JOB = (ruleset.id, state, action, max(1, budget - resolutions))
        try:
            with process_pool(jobs) as pool:
                for part_tally, part_leaves, part_resolutions in pool.map(_walk_part, [p for p in parts if p]):
                    tally.merge(part_tally)
                    leaves += part_leaves
                    resolutions += part_resolutions
        finally:
            _JOB = None
        if resolutions > budget:
            raise BudgetExceeded(budget, resolutions)
    return ExactResult(tally=tally, leaves=leaves, resolutions=resolutions)
