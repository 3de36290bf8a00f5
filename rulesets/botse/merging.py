"""Which engages the exact walk may merge by what their dice do added up (:data:`Effects`)."""

from __future__ import annotations

import functools
import math
from typing import Any, cast

from tabroll.dice.sources import asks_players

from .model import Code, EngageAction, Form, RollFields
from .state import Ability, Adventurer, Die, Face
from .work import BotseTurn

Effects = tuple[int, int, int, int]
"""What the dice rolled so far in a plain engage do, added up: (blockable damage to the target, unblockable
damage to it, tenacity faces, dice drained by their code)."""

Shown = tuple[Effects, tuple[int, ...]]
"""What the dice of a plain engage read: what they do added up, and the faces they show (the value read)."""


def plain_face(face: Face) -> bool:
    """A face that only damages the target, gains tenacity, notes a text or does nothing, and whose die goes to
    the cooldown track or is drained."""
    return (
        face.cost is None
        and face.then is None
        and not (face.splash or face.prevent or face.heal or face.status)
        and face.code in (Code.INSTANT, Code.COOLDOWN, Code.DRAINED)
        and not (face.tenacity and (face.damage or face.text))
    )


def merges_by_effects(
    work: BotseTurn,
    adventurer: Adventurer,
    action: RollFields,
    form: Form | None,
    target: str | None,
    ability: Ability | None,
    dice: list[Die],
) -> bool:
    """Whether the exact walk may merge the engage's outcomes by what its dice do added up (:data:`Effects`)
    rather than by which die showed which face: when each die does only what its :func:`plain_face` says, every
    figure the odds count depends on the dice only through their sums."""
    if not isinstance(action, EngageAction) or target is None or ability is not None or len(dice) < 2:
        return False
    if action.reroll or action.turn or action.resolve is not None or asks_players(work.dice):
        return False
    if getattr(work.dice, "reads_rolls", False):  # a walk that keeps each final state: which die went where counts
        return False
    if form is Form.DEFENSIVE or work.options.damage_summing != "engage" or len(action.target_names()) != 1:
        return False
    if len(dice) != len(action.gather):  # free dice
        return False
    if work.options.full_track == "refuse" and adventurer.cooldown.count(None) < len(dice):
        return False  # the refusal names the die that found the track full
    return all(face_effects(die) is not None for die in dice)


_PLAIN_DICE: dict[int, tuple[Die, tuple[Effects, ...] | None]] = {}
"""Each die looked at, by id (the die kept, so the id is not reused): its :func:`face_effects`."""


def face_effects(die: Die) -> tuple[Effects, ...] | None:
    """What each face of ``die`` does in a plain engage (:func:`face_effect`), when every face is
    :func:`plain_face`; else None."""
    known = _PLAIN_DICE.get(id(die))
    if known is not None and known[0] is die:
        return known[1]
    if len(_PLAIN_DICE) >= 256:
        _PLAIN_DICE.clear()
    effects = tuple(face_effect(face) for face in die.faces)
    answer = effects if all(plain_face(face) for face in die.faces) else None
    _PLAIN_DICE[id(die)] = (die, answer)
    return answer


def face_effect(face: Face) -> Effects:
    """What a :func:`plain_face` does in a plain engage, as :data:`Effects`."""
    if face.tenacity:
        return (0, 0, 1, 0)
    drained = int(bool(face.damage or face.text) and face.code is Code.DRAINED)
    return (0, face.damage, 0, drained) if face.unblockable else (face.damage, 0, 0, drained)


@functools.lru_cache(maxsize=256)
def face_sums(tables: tuple[tuple[Effects, ...], ...]) -> tuple[tuple[tuple[Shown, int], ...], int]:
    """The outcomes of dice whose die i's face k does ``tables[i][k - 1]`` (:class:`~.rolling.Summed`): each
    distinct sum once, lowest first, with the lowest roll that gives it and how many ordered rolls do; and all the
    rolls. A convolution, die by die, faces that do the same counted as one kind."""
    reach: dict[Effects, tuple[int, tuple[int, ...]]] = {(0, 0, 0, 0): (1, ())}
    for table in tables:
        kinds: dict[Effects, list[int]] = {}  # what a face does -> [its lowest face, how many faces do it]
        for face, counted in enumerate(table, start=1):
            kinds.setdefault(counted, [face, 0])[1] += 1
        following: dict[Effects, tuple[int, tuple[int, ...]]] = {}
        for total, (ways, roll) in reach.items():
            for counted, (lowest, many) in kinds.items():
                key = cast(Effects, tuple([a + b for a, b in zip(total, counted, strict=True)]))
                shown = (*roll, lowest)
                more, known = ways * many, following.get(key)
                following[key] = (more, shown) if known is None else (known[0] + more, min(known[1], shown))
        reach = following
    return tuple(((key, reach[key][1]), reach[key][0]) for key in sorted(reach)), math.prod(map(len, tables))


@functools.lru_cache(maxsize=256)
def sum_sides(tables: tuple[tuple[Effects, ...], ...]) -> tuple[dict[Any, tuple[int, int, tuple[int, ...]]], ...]:
    """The sums of :func:`face_sums` by what each side of their outcome reads (:func:`~.results.finish_summed`): the
    damage (blockable, unblockable), the tenacity gained, the dice drained; each with its ways and the first sum
    giving it (its tenacity and faces)."""
    sides: tuple[dict[Any, Any], ...] = ({}, {}, {})
    for ((blockable, through, tenacity, drained), faces), ways in face_sums(tables)[0]:
        for side, key in zip(sides, ((blockable, through), tenacity, drained), strict=True):
            known = side.get(key)
            side[key] = (ways, tenacity, faces) if known is None else (known[0] + ways, *known[1:])
    return sides
