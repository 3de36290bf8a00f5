"""What an exact walk adds up: each outcome with its exact weight, and the walk's result."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabroll.kit import AnyRuleset, Measure
from tabroll.odds.measures import Key, Outcome, generic_kind, measure


@dataclass
class Tally:
    """Probability mass per measure and value, plus refusals.

    ``values`` is keyed by (part, name) (see :mod:`tabroll.odds.measures`); ``declared`` holds the game's own
    measures as the ruleset declared them for this action, ``undeclared`` the names an outcome reported that
    were not declared (a defect of the ruleset, reported rather than guessed at).

    The exact walk adds integer weights over a denominator (:meth:`add_scaled`), all kept over one common
    denominator (the least common multiple of those added so far: the weights are scaled up when a new one does
    not divide it) and turned into fractions once, by :meth:`settle` (a :class:`~fractions.Fraction` sum per
    leaf and measure was a large part of the walk); the sums are exact either way, so the figures are the
    same."""

    values: dict[Key, dict[Any, Any]] = field(default_factory=dict)
    refused: dict[str, Any] = field(default_factory=dict)
    weight: Any = 0
    declared: dict[str, Measure] = field(default_factory=dict)
    undeclared: set[str] = field(default_factory=set)
    acted: bool = True
    _scaled: Tally | None = field(default=None, repr=False, compare=False)
    _denominator: int = field(default=1, repr=False, compare=False)  # the common denominator of ``_scaled``
    # the resolved weight and each figure's weight of figures a step keeps (worked out at their first merge)
    _masses: tuple[Any, dict[Key, Any]] | None = field(default=None, repr=False, compare=False)

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

    def _over(self, denominator: int) -> tuple[Tally, int]:
        """The integer weights over the common denominator, made a multiple of ``denominator``, and what a weight
        over ``denominator`` is multiplied by to join them."""
        part, over = self._scaled, self._denominator
        if part is None:
            self._scaled, self._denominator = Tally(), denominator
            return self._scaled, 1
        if over % denominator:
            grown = math.lcm(over, denominator)
            factor, self._denominator = grown // over, grown
            part.weight *= factor
            for bucket in part.values.values():
                for value in bucket:
                    bucket[value] *= factor
            for reason in part.refused:
                part.refused[reason] *= factor
            over = grown
        return part, over // denominator

    def add_scaled(self, outcome: Outcome, numerator: int, denominator: int) -> None:
        """Add ``outcome`` with probability ``numerator / denominator`` (integers until :meth:`settle`)."""
        part, factor = self._over(denominator)
        part.add(outcome, numerator * factor)

    def add_refusal_scaled(self, reason: str, numerator: int, denominator: int) -> None:
        part, factor = self._over(denominator)
        part.add_refusal(reason, numerator * factor)

    def add_collapsed(
        self, other: Tally, over: int, numerator: int, denominator: int, after: Outcome | None = None
    ) -> None:
        """Add every figure of ``other`` (integer weights over ``over``: :meth:`collapse`) times
        ``numerator / denominator``.

        ``after``: the blow figures of what came before ``other``'s outcomes (the path from the node this
        tally hangs from to the one ``other`` was walked below): each of ``other``'s blow figures is combined
        with it (a change adds up, a flag is true if either is), and an outcome that lacks one of them takes its
        value."""
        part, factor = self._over(denominator * over)
        numerator *= factor
        values = part.values
        for name, bucket in other.values.items():
            mine = values.setdefault(name, {})
            get = mine.get
            earlier = after.get(name) if after else None
            if earlier is None:
                for value, mass in bucket.items():
                    mine[value] = get(value, 0) + numerator * mass
                continue
            adds = generic_kind(name[1]) == "change"  # a change adds up, a flag is either's
            for value, mass in bucket.items():
                value = int(earlier) + int(value) if adds else bool(earlier) or bool(value)
                mine[value] = get(value, 0) + numerator * mass
        if after:
            if other._masses is None:  # kept for the other merges of the step it was walked below
                resolved = other.weight - sum(other.refused.values())
                other._masses = (resolved, {name: sum(b.values()) for name, b in other.values.items()})
            resolved, by_name = other._masses
            for name, earlier in after.items():
                missing = resolved - by_name.get(name, 0)
                if missing:
                    mine = values.setdefault(name, {})
                    mine[earlier] = mine.get(earlier, 0) + numerator * missing
        refused = part.refused
        for reason, mass in other.refused.items():
            refused[reason] = refused.get(reason, 0) + numerator * mass
        part.weight += numerator * other.weight

    def collapse(self) -> tuple[Tally, int]:
        """The integer weights kept over their common denominator: (figures, it)."""
        return (Tally() if self._scaled is None else self._scaled), self._denominator

    def settle(self) -> Tally:
        """Turn the integer weights kept over their common denominator into fractions, added to the figures."""
        part, denominator, self._scaled, self._denominator = self._scaled, self._denominator, None, 1
        if part is not None:
            self.weight += Fraction(part.weight, denominator)
            shares: dict[int, Fraction] = {}  # each mass reduced once (a unit's damage and the attack's are alike)
            for name, bucket in part.values.items():
                mine = self.values.setdefault(name, {})
                for value, mass in bucket.items():
                    share = shares.get(mass)
                    if share is None:
                        share = shares[mass] = Fraction(mass, denominator)
                    mine[value] = mine[value] + share if value in mine else share  # no 0 + share: one reduction
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
