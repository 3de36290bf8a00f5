"""What counts as the outcome of one resolved action, read from its events (and the ruleset's own measures).

Generic measures, for every ruleset:
- ``hit``: the action hit something (a ``hit`` event, or damage dealt when the game has no hit roll);
- ``defeated: <unit>``: that unit was defeated;
- ``damage``: the total damage dealt (a distribution);
- ``damage to <unit>``: the damage each unit took, when more than one unit can be damaged.
A ruleset adds its own through ``Ruleset.outcome_measures`` (shields left, cards lost, tenacity gained…).
Boolean measures become probabilities; whole-number measures become distributions with a mean. An action in
which nothing is attacked (a skill test, a move) has no hit or damage measures, only the ruleset's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabroll.engine import Ruleset
from tabroll.events import Event

Outcome = dict[str, bool | int | str]


def measure(ruleset: Ruleset, before: Any, after: Any, events: Sequence[Event]) -> Outcome:
    outcome: Outcome = {}
    kinds = {e.kind for e in events}
    damage = [e for e in events if e.kind == "damage"]
    if not kinds & {"hit", "miss", "damage", "immune"}:
        # Nothing was attacked in this outcome (a skill test, a move, a refusal): no hit or damage measures.
        outcome.update(ruleset.outcome_measures(before, after, events))
        return outcome
    outcome["hit"] = "hit" in kinds or (not kinds & {"hit", "miss"} and bool(damage))
    total = 0
    per_target: dict[str, int] = {}
    for event in damage:
        amount = int(getattr(event, "amount", 0))
        total += amount
        target = str(getattr(event, "target", ""))
        per_target[target] = per_target.get(target, 0) + amount
    outcome["damage"] = total
    for target, amount in per_target.items():
        outcome[f"damage to {target}"] = amount
    for event in events:
        if event.kind == "defeat":
            outcome[f"defeated: {getattr(event, 'unit', '?')}"] = True
    outcome.update(ruleset.outcome_measures(before, after, events))
    return outcome
