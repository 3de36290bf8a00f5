"""Which engages the exact walk may merge by what their dice do added up (:data:`Effects`), rather than by
every face rolled.
"""

from __future__ import annotations

from tabroll.dice.sources import asks_players

from .model import Code, EngageAction, Form, RollFields
from .state import Ability, Adventurer, Die, Face
from .work import BotseTurn

Effects = tuple[int, int, int, int]
"""What the dice rolled so far in a plain engage do, added up: (blockable damage to the target, unblockable
damage to it, tenacity faces, dice drained by their code)."""


def plain_face(face: Face) -> bool:
    """A face whose whole effect is damage to the target, tenacity, a note for the table or nothing, and whose die
    goes to the cooldown track or is drained."""
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
    """Whether the engage is plain enough for the exact walk to merge the outcomes of its dice by what they do
    added up (:data:`Effects`, the compared ``reading`` of :class:`RollDie` and :class:`Results`), not by which
    die showed which face.

    Plain: one declared target (in range: step 3 checked it), no item, no free dice, no reroll or turned face,
    the results resolved in roll order with their damage summed (ruling ``damage_summing: engage``), not in
    Defensive form, every face :func:`plain_face`, and the cooldown track never refusing a die. Then step 5 does
    for each die, in roll order, what its face alone says: its damage joins the summed damage (dealt once, after
    the last damaging result, to a target nothing else touches before), a tenacity face gains 1, and the die is
    drained (a resolved drained code) or goes to the leftmost open cooldown slot (drained when the track is
    full). Step 6 and the rest read only what that leaves. So whatever is rolled next, every figure the odds
    count (the blows, Health, tenacity, fatigue, how many dice reach the cooldown track, refusals) depends on
    the dice rolled so far only through their sums: which die showed which face changes the log's wording and
    which names sit where on the track, nothing the odds count. Any other engage is keyed by every face rolled,
    so the walk resumes it from each die but merges none of its outcomes."""
    if not isinstance(action, EngageAction) or target is None or ability is not None or len(dice) < 2:
        return False
    if action.reroll or action.turn or action.resolve is not None or asks_players(work.dice):
        return False
    if form is Form.DEFENSIVE or work.options.damage_summing != "engage" or len(action.target_names()) != 1:
        return False
    if len(dice) != len(action.gather):  # free dice
        return False
    if work.options.full_track == "refuse" and sum(1 for slot in adventurer.cooldown if slot is None) < len(dice):
        return False  # the refusal names the die that found the track full
    return all(plain_die(die) for die in dice)


_PLAIN_DICE: dict[int, tuple[Die, tuple[Effects, ...] | None]] = {}
"""Each die already looked at (by identity, the die kept so that its id is not reused) and, when every face of it
is plain, what each face does (:func:`face_effects`), else None: an exact walk asks for the same dice at every
resolution."""


def face_effects(die: Die) -> tuple[Effects, ...] | None:
    """What each face of ``die`` does in a plain engage (:func:`add_effect` from nothing), when every face is
    :func:`plain_face`; else None. A plain engage reads its dice only through these added up: what it asks the
    walk for (:meth:`~tabroll.engine.work.BaseTurn.roll_faces`)."""
    known = _PLAIN_DICE.get(id(die))
    if known is not None and known[0] is die:
        return known[1]
    if len(_PLAIN_DICE) >= 256:
        _PLAIN_DICE.clear()
    effects = tuple(add_effect((0, 0, 0, 0), face) for face in die.faces)
    answer = effects if all(plain_face(face) for face in die.faces) else None
    _PLAIN_DICE[id(die)] = (die, answer)
    return answer


def plain_die(die: Die) -> bool:
    return face_effects(die) is not None


def add_effect(running: tuple[int, ...], face: Face) -> Effects:
    """``running`` with what a :func:`plain_face` does in a plain engage added."""
    blockable, through, tenacity, drained = running
    if face.tenacity:
        return (blockable, through, tenacity + 1, drained)
    if face.damage:
        if face.unblockable:
            through += face.damage
        else:
            blockable += face.damage
    if (face.damage or face.text) and face.code is Code.DRAINED:
        drained += 1
    return (blockable, through, tenacity, drained)
