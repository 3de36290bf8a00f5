"""What counts as the outcome of one resolved action, read from its blows and the ruleset's own measures.

An outcome has three parts:
- the declared attack's own figures (part ``""``), from the blows the ruleset labels as the attack's:
  ``hit`` (the attack hit at least one of its targets), ``hit: <unit>`` per target, ``defeated: <unit>``,
  ``damage`` (the total the attack dealt) and ``damage to <unit>`` per target;
- what followed the attack, one part per label the ruleset gives (a counterattack, a reaction, an intercept…):
  ``happens`` (the part took place), ``hit on <unit>``, ``defeated: <unit>`` and ``damage taken by <unit>``;
- the game's own measures (:data:`GAME`), declared with their kind by ``Ruleset.declare_measures``.

Every measure has a kind that says what an outcome which does not mention it means: a ``flag`` is false, a
``change`` is 0, a ``level`` keeps its value from before the action (see :class:`tabroll.kit.Measure`).
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

from tabroll.events import Event
from tabroll.kit import AnyRuleset, Blow, MeasureKind

ATTACK = ""
GAME = "\x00game"  # the part of the game's own measures (no ruleset label can be this)
HAPPENS = "happens"

Key = tuple[str, str]
Outcome = dict[Key, int | bool]


def generic_kind(name: str) -> MeasureKind:
    """The kind of a measure the odds engine derives from blows."""
    return "change" if name == "damage" or name.startswith(("damage to ", "damage taken by ")) else "flag"


def measure(
    ruleset: AnyRuleset,
    action: Any,
    before: Any,
    after: Any,
    events: Sequence[Event],
    *,
    declared: Container[str],
    acted: bool = True,
    start: int = 0,
) -> tuple[Outcome, list[str]]:
    """The outcome of one resolution, and the names of game measures it reported without declaring them.

    ``acted``: the action has one acting unit (an attack by someone, not a phase in which several units act);
    then, when anything was struck, the declared attack has a P(hit) even if something else took the blow.
    ``start``: the blow figures count only the events from that one on (the game's measures read them all)."""
    outcome = blow_outcome(ruleset.blows(action, events[start:] if start else events), acted)
    undeclared: list[str] = []
    for name, value in ruleset.outcome_measures(before, after, events).items():
        if name not in declared:
            undeclared.append(name)
        outcome[(GAME, name)] = value
    return outcome, undeclared


def blow_outcome(blows: Sequence[Blow], acted: bool) -> Outcome:
    """The outcome's figures read from blows: the attack's own, and those of each part that followed it.

    Every figure here is a flag that is true when any blow makes it so, or a change that adds up over the blows;
    so the figures of two runs of blows, one after the other, are those of each combined (changes add up, flags
    are either's: ``tabroll.odds.exact._spread``)."""
    outcome: Outcome = {}
    if blows and acted:
        outcome[(ATTACK, "hit")] = False
        outcome[(ATTACK, "damage")] = 0
    for blow in blows:
        part, target, hit, damage = blow.part, blow.target, blow.hit, blow.damage
        if part == ATTACK:
            outcome[(ATTACK, "hit")] = bool(outcome.get((ATTACK, "hit"))) or hit
            outcome[(ATTACK, "damage")] = int(outcome.get((ATTACK, "damage"), 0)) + damage
            hit_on, damage_to = "hit: ", "damage to "
        else:
            outcome[(part, HAPPENS)] = True
            hit_on, damage_to = "hit on ", "damage taken by "
        if blow.attacker or hit or damage:  # else a fall no blow caused (a unit that fled)
            key = (part, hit_on + target)
            outcome[key] = bool(outcome.get(key)) or hit
            key = (part, damage_to + target)
            outcome[key] = int(outcome.get(key, 0)) + damage
        if blow.defeats:
            outcome[(part, "defeated: " + target)] = True
    return outcome
