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

from collections.abc import Sequence

from tabroll.kit import Blow, MeasureKind

ATTACK = ""
GAME = "\x00game"  # the part of the game's own measures (no ruleset label can be this)
HAPPENS = "happens"

Key = tuple[str, str]
Outcome = dict[Key, int | bool]


def generic_kind(name: str) -> MeasureKind:
    """The kind of a measure the odds engine derives from blows."""
    return "change" if name == "damage" or name.startswith(("damage to ", "damage taken by ")) else "flag"


_HIT, _DAMAGE = (ATTACK, "hit"), (ATTACK, "damage")
_NAMES: dict[tuple[str, str], tuple[Key, Key, Key]] = {}
"""The keys of the figures of each part's blows on each unit, made once (the walk reads blows at every outcome)."""


def _names(part: str, target: str) -> tuple[Key, Key, Key]:
    if len(_NAMES) > 4096:  # a long session of many units: made again as they are met
        _NAMES.clear()
    hit_on, damage_to = ("hit: ", "damage to ") if part == ATTACK else ("hit on ", "damage taken by ")
    names = _NAMES[part, target] = ((part, hit_on + target), (part, damage_to + target), (part, "defeated: " + target))
    return names


def blow_outcome(blows: Sequence[Blow], acted: bool) -> Outcome:
    """The outcome's figures read from blows: the attack's own, and those of each part that followed it.

    Every figure here is a flag that is true when any blow makes it so, or a change that adds up over the blows;
    so the figures of two runs of blows, one after the other, are those of each combined (changes add up, flags
    are either's: ``tabroll.odds.exact._spread``)."""
    outcome: Outcome = {}
    if blows and acted:
        outcome[_HIT], outcome[_DAMAGE] = False, 0
    for part, attacker, target, hit, damage, defeats in blows:
        hit_on, damage_to, defeated = _NAMES.get((part, target)) or _names(part, target)
        if part == ATTACK:
            outcome[_HIT] = hit or bool(outcome.get(_HIT))
            outcome[_DAMAGE] = outcome.get(_DAMAGE, 0) + damage
        else:
            outcome[(part, HAPPENS)] = True
        if attacker or hit or damage:  # else a fall no blow caused (a unit that fled)
            outcome[hit_on] = hit or bool(outcome.get(hit_on))
            outcome[damage_to] = outcome.get(damage_to, 0) + damage
        if defeats:
            outcome[defeated] = True
    return outcome
