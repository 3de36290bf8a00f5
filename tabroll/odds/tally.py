"""What an exact walk adds up: each outcome with its exact weight, and the walk's result."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tabroll.kit import AnyRuleset, Measure
from tabroll.odds.measures import Key, Outcome, measure


@dataclass
class Tally:
    """Probability mass per measure and value, plus refusals.

    ``values`` is keyed by (part, name) (see :mod:`tabroll.odds.measures`); ``declared`` holds the game's own
    measures as the ruleset declared them for this action, ``undeclared`` the names an outcome reported that
    were not declared (a defect of the ruleset, reported rather than guessed at).

    The exact walk adds integer weights in ``_scaled``, all over one common denominator (``_denominator``: that
    of every leaf's probability), turned into fractions once, by :meth:`settle` (a :class:`~fractions.Fraction`
    sum per leaf and measure was a large part of the walk); the sums are exact either way, so the figures are
    the same."""

    values: dict[Key, dict[Any, Any]] = field(default_factory=dict)
    refused: dict[str, Any] = field(default_factory=dict)
    weight: Any = 0
    declared: dict[str, Measure] = field(default_factory=dict)
    undeclared: set[str] = field(default_factory=set)
    acted: bool = True
    _scaled: Tally | None = field(default=None, repr=False, compare=False)
    _denominator: int = field(default=1, repr=False, compare=False)  # the common denominator of ``_scaled``

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
