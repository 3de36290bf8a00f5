"""The engage as steps (:mod:`tabroll.engine.steps`) once its dice are gathered: :class:`RollDie`, then
:class:`Results`. Every die is drawn as a FACE NUMBER and logged as a core ``roll``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import getitem

from tabroll.dice.sources import roll_die
from tabroll.engine.steps import Step
from tabroll.errors import RuleRefusal
from tabroll.events import Roll, said
from tabroll.i18n import N_, language

from .damage import restore_defense
from .events import FaceTurned
from .gathering import Pool
from .messages import _, die_word, p_
from .model import Code, RollFields
from .reactions import react
from .results import resolve_results, resolve_summed
from .state import Die
from .work import BotseTurn, Engage, Rolled, die_number


@dataclass(frozen=True)
class RollDie(Step):
    """Step 4, the roll from die ``number`` (from 1) on: that die, or in a plain engage the row of dice with as
    many faces, asked for together by their :data:`Effects` so the walk branches over sums. ``reading``, the
    compared value: what the rest of the engage reads of the dice so far (the summed effects, or every face)."""

    number: int
    reading: tuple[int, ...]
    faces: tuple[int, ...] = field(compare=False)
    pool: Pool = field(compare=False)

    def advance(self, turn: BotseTurn) -> Step | None:
        pool, number = self.pool, self.number
        dice = pool.dice
        if pool.plain:
            return self._roll_kind(turn)
        entry = Rolled(number=number, die=dice[number - 1], face_number=0, free=number > pool.gathered)
        roll_face(turn, entry, pool.adventurer, pool.purposes[number - 1])
        faces = (*self.faces, entry.face_number)
        if number < len(dice):
            return RollDie(number + 1, faces, faces, pool)
        Results(faces, faces, pool).advance(turn)
        return None

    def _roll_kind(self, turn: BotseTurn) -> Step | None:
        """A plain engage: the row of dice from :attr:`number`, read by their summed effects."""
        pool, first = self.pool, self.number
        row = pool.row(first)
        walked = turn.walked
        if walked:  # the walk's roll stands for every roll of its branch: one entry in its log, not one per die,
            values = turn.roll_faces(row.sides, row.tables, row.purposes, lambda index, face: None)
            if getattr(turn.dice, "reads_rolls", True):  # and none when the walk reads no roll (as the core's own)
                turn.emit(Roll(label=row.label, dice=row.notation, values=values, kept=values, total=sum(values),
                               unit=pool.adventurer))  # fmt: skip
        else:
            dice = pool.dice

            def log(index: int, face: int) -> None:
                number = first + index
                log_face(turn, Rolled(number=number, die=dice[number - 1], face_number=face), pool.adventurer)

            values = turn.roll_faces(row.sides, row.tables, row.purposes, log)
        reading = tuple(map(sum, zip(self.reading, *map(getitem, row.by_face, values), strict=True)))
        faces = (*self.faces, *values)
        if row.last < len(pool.dice):
            return RollDie(row.last + 1, reading, faces, pool)
        results = Results(reading, faces, pool)
        if first > 1:
            return results
        results.advance(turn)  # walked: the summed results at once
        return None


@dataclass(frozen=True)
class Results(Step):
    """Steps 5 and 6 once every die is rolled: rerolls and turned faces (5a), the results in the player's order
    (5b), the reactions (6) and Defense restored."""

    reading: tuple[int, ...]
    faces: tuple[int, ...] = field(compare=False)
    pool: Pool = field(compare=False)

    def advance(self, turn: BotseTurn) -> None:
        pool = self.pool
        action = pool.action
        if pool.plain and turn.walked:  # the exact walk, which read the dice by their sums (roll_faces)
            resolve_summed(turn, pool, self.faces, self.reading)
            return
        rolled = [
            Rolled(number=number, die=die, face_number=face, free=number > pool.gathered)
            for number, (die, face) in enumerate(zip(pool.dice, self.faces, strict=True), start=1)
        ]
        setup = Engage(pool.adventurer, pool.form, pool.target, rolled, pool.ability, pool.item)
        if pool.target is not None:
            setup.targets = pool.targets
        change_faces(turn, setup, action)
        resolve_results(turn, setup, action)
        assert sorted(turn.placed) == [r.number for r in setup.rolled], "every rolled die ends in one place"
        react(turn, setup, action)
        restore_defense(turn)


CODE_EFFECTS = {
    Code.ACTIVE: N_("to an active slot once resolved"),
    Code.COOLDOWN: N_("to the cooldown track once resolved (its effect lasts there)"),
    Code.DRAINED: N_("drained once resolved"),
    Code.INSTANT: N_("exhausted once resolved"),
    Code.STATUS: N_("placed as a status once resolved"),
}


def face_effect(entry: Rolled) -> str:
    """What the face a die shows does with it, in a few words (its icons are the face's name)."""
    face = entry.face
    if face.blank:
        return _("nothing to resolve")
    if face.tenacity:
        return _("+1 tenacity, exhausted")
    return _("discarded once resolved (a free die)") if entry.free else _(CODE_EFFECTS[face.code])


def roll_face(work: BotseTurn, entry: Rolled, unit: str, purpose: str, *, again: bool = False) -> None:
    """Roll ``entry``'s die (a face number from 1) and log it as a core ``roll`` of one die, naming the face it
    shows and what the face does; ``again`` for a reroll (step 5a)."""
    entry.face_number = roll_die(work.dice, entry.die.sides, purpose)
    log_face(work, entry, unit, again=again)


_WORDED: dict[tuple[int, int, int, bool, bool, str], tuple[Die, str, str, str]] = {}
"""The words of each die logged, by the die's id (the die kept, so the id is not reused), face, place, free,
rerolled and language: a walk or a simulation logs the same dice many times."""


def log_face(work: BotseTurn, entry: Rolled, unit: str, *, again: bool = False) -> None:
    """Log ``entry``'s die as rolled (:func:`roll_face`)."""
    die = entry.die
    key = (id(die), entry.face_number, entry.number, entry.free, again, language())
    known = _WORDED.get(key)
    if known is None or known[0] is not die:
        values = {"number": entry.number, "die": die_word(die.name)}
        if entry.free:
            label = (
                _("die {number} {die} (free) rerolled", **values) if again else _("die {number} {die} (free)", **values)
            )
        else:
            label = _("die {number} {die} rerolled", **values) if again else _("die {number} {die}", **values)
        face = entry.face
        shown = said(lambda: face.describe() if face.tenacity or face.blank else face.part_text())
        if len(_WORDED) >= 4096:
            _WORDED.clear()
        known = _WORDED[key] = (die, label, shown, face_effect(entry))
    work.emit(Roll.die(die.sides, entry.face_number, label=known[1], unit=unit, face=known[2], effect=known[3]))


def change_faces(work: BotseTurn, setup: Engage, action: RollFields) -> None:
    """Step 5a: rerolls and turned faces that abilities allow happen before anything is resolved."""
    for number in action.reroll:
        entry = die_number(setup, number, "reroll")
        roll_face(
            work,
            entry,
            setup.adventurer,
            _("reroll {die}, die {number}", die=entry.die.name, number=number),
            again=True,
        )
    for turned in action.turn:
        entry = die_number(setup, turned.die, "turn")
        if turned.face > entry.die.sides:
            raise RuleRefusal(
                _("{die} has {sides} faces, not {face}", die=entry.die.name, sides=entry.die.sides, face=turned.face),
                rule=p_("rule", "turn"),
            )
        entry.face_number = turned.face
        work.emit(
            FaceTurned(
                number=entry.number,
                die=entry.die.name,
                face=entry.face_number,
                sides=entry.die.sides,
                shows=said(entry.face.describe),
            )
        )
