"""What an exact walk adds up: each outcome with its exact weight, and the walk's result."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

import msgspec
from msgspec.structs import replace

from tabroll.frozen import eq_hash_without
from tabroll.kit import AnyRuleset, Measure, actor_of
from tabroll.odds.measures import GAME, Key, Outcome, blow_outcome


class Tally(msgspec.Struct):
    """Probability mass per measure and value, plus refusals.

    ``values`` is keyed by (part, name) (see :mod:`tabroll.odds.measures`); ``declared`` holds the game's own
    measures as the ruleset declared them for this action, ``undeclared`` the names an outcome reported that
    were not declared (a defect of the ruleset, reported rather than guessed at)."""

    values: dict[Key, dict[Any, Any]] = msgspec.field(default_factory=dict)
    refused: dict[str, Any] = msgspec.field(default_factory=dict)
    weight: Any = 0
    declared: dict[str, Measure] = msgspec.field(default_factory=dict)
    undeclared: set[str] = msgspec.field(default_factory=set)
    acted: bool = True
    over: int = 0  # a denominator of every weight, when known (the exact walk's)
    game_keys: dict[str, Key] = msgspec.field(default_factory=dict)  # made once per walk
    read_events: bool = True  # else the states decide its game's measures
    last: tuple[Any, Any, Any] = (None, None, None)  # states measured last
    __eq__, _ = eq_hash_without("over", "game_keys", "read_events", "last")
    __hash__ = None  # type: ignore[assignment]  # changed as the walk adds up: never a key

    def __reduce__(self) -> Any:  # those states stay in their process (pickle may not carry them)
        return msgspec.Struct.__reduce__(replace(self, last=(None, None, None)))

    @classmethod
    def of(cls, ruleset: AnyRuleset, state: Any, action: Any) -> Tally:
        declared, who = {m.name: m for m in ruleset.declare_measures(state, action)}, actor_of(ruleset, action)
        return cls(declared=declared, acted=who is not None, read_events=getattr(ruleset, "measures_read_events", True))

    def outcome(
        self, ruleset: AnyRuleset, action: Any, before: Any, after: Any, events: Any, start: int = 0,
        decides: tuple[bool, Container[str]] | None = None,
    ) -> Outcome:  # fmt: skip
        """The outcome of one resolution (:mod:`tabroll.odds.measures`): its blow figures from event ``start`` on,
        the game's measures from all its events (the last ones for the same states, unless they read events; each
        key made once per walk, one not declared noted); ``decides``: only its blows or none, and the measures it
        names (a final reading's side). ``acted``: then a strike gives the attack a P(hit) whoever took it."""
        blows = ruleset.blows(action, events[start:] if start else events) if decides is None or decides[0] else ()
        outcome = blow_outcome(blows, self.acted)
        keys, last = self.game_keys, self.last
        if last[0] is not after or last[1] is not before or self.read_events:
            last = self.last = (after, before, ruleset.outcome_measures(before, after, events))
        for name, value in last[2].items():
            key = keys.get(name)
            if key is None:
                key = keys[name] = (GAME, name)
                if name not in self.declared:
                    self.undeclared.add(name)
            if decides is None or name in decides[1]:
                outcome[key] = value
        return outcome

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

    def merge(self, other: Tally) -> None:
        self.over = 0
        self.weight += other.weight
        for name, bucket in other.values.items():
            mine = self.values.setdefault(name, {})
            for value, mass in bucket.items():
                mine[value] = mine.get(value, 0) + mass
        for reason, mass in other.refused.items():
            self.refused[reason] = self.refused.get(reason, 0) + mass
        self.declared.update(other.declared)
        self.undeclared |= other.undeclared


class ExactResult(msgspec.Struct):
    tally: Tally
    leaves: int
    resolutions: int
