"""The engage as steps (:mod:`tabroll.engine.steps`) once its dice are gathered: :class:`RollDie` for each die (a
plain engage's dice are read together: :class:`ReadRoll`), then :class:`Results`. Every die is drawn as a FACE NUMBER
and logged as a core ``roll``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from operator import attrgetter, getitem
from typing import cast

from msgspec.structs import replace

from tabroll.dice.sources import roll_die
from tabroll.engine.reading import Side
from tabroll.engine.steps import ReadStep, Step
from tabroll.errors import RuleRefusal
from tabroll.events import Roll, said
from tabroll.frozen import eq_hash_without
from tabroll.i18n import N_, language

from .damage import restore_defense
from .events import FaceTurned
from .merging import Effects, Shown, face_effects, face_sums
from .messages import _, die_word, p_
from .model import Code, RollFields
from .reactions import react
from .results import finish_summed, resolve_results, resolve_summed
from .state import Die
from .work import BotseTurn, Engage, Rolled, die_number


class RollDie(Step, frozen=True):
    """Step 4, die ``number`` (from 1) of an engage whose rules read which die shows which face (a reroll, a cost,
    a choice…): ``reading``, the compared value, every face so far."""

    number: int
    reading: tuple[int, ...]
    pool: Engage  # not compared

    __eq__, __hash__ = eq_hash_without("pool")

    def advance(self, turn: BotseTurn) -> Step | None:
        pool, number = self.pool, self.number
        entry = Rolled(number=number, die=pool.dice[number - 1], face_number=0, free=number > pool.gathered)
        roll_face(turn, entry, pool.adventurer, pool.purposes[number - 1])
        faces = (*self.reading, entry.face_number)
        if number < len(pool.dice):
            return RollDie(number + 1, faces, pool)
        Results(faces, pool).advance(turn)
        return None


class ReadRoll(ReadStep, frozen=True):
    """Step 4 of a plain engage (:func:`~.merging.merges_by_effects`): every die, read by what the dice do added up
    (:data:`~.merging.Effects`): the exact walk takes each sum once (:class:`Summed`), no die drawn, and the
    results follow at once."""

    dice: Summed  # not compared: every ReadRoll is equal

    __eq__, __hash__ = eq_hash_without("dice")

    def reads(self, turn: BotseTurn) -> Summed:
        return self.dice

    def then(self, turn: BotseTurn, value: Shown) -> None:
        effects, faces = value
        if turn.walked:  # the odds read of it only its figures and its final state: the results at once
            resolve_summed(turn, self.dice.pool, faces, effects)
        else:
            Results(faces, self.dice.pool).advance(turn)

    def finish(self, turn: BotseTurn, values: Sequence[tuple[Shown, int]]) -> Sequence[Side] | None:
        """Walked, every sum ends the engage (:func:`finish_summed`), unless a unit may react (step 6 reads the
        battle the sum left)."""
        pool = self.dice.pool
        return None if pool.reacts or not turn.walked else finish_summed(turn, pool, self.dice.tables)


class Summed:
    """What :class:`ReadRoll` reads: the dice of a plain engage by their summed :data:`~.merging.Effects` (``tables``:
    each die's per face), with the faces shown; drawn by the odds, each row of dice with as many faces is one
    request and one entry in the log."""

    __slots__ = ("by_face", "pool", "rows", "tables")

    def __init__(self, pool: Engage) -> None:
        self.pool, dice = pool, pool.dice
        self.tables = tuple(face_effects(die) or () for die in dice)  # every die of a plain engage has them
        self.by_face = tuple(((0, 0, 0, 0), *table) for table in self.tables)  # by face number (from 1)
        self.rows: list[tuple[int, int, str]] = []  # (first, last) die (from 0, past it), notation
        first = 0
        for sides, row in groupby(dice, key=attrgetter("sides")):
            last = first + len(list(row))
            self.rows.append((first, last, f"{last - first}d{sides}"))  # labelled when logged
            first = last

    def outcomes(self) -> tuple[tuple[tuple[Shown, int], ...], int]:
        return face_sums(self.tables)

    def read(self, turn: BotseTurn) -> Shown:
        """What the dice do added up, and the faces they show, drawn and logged."""
        pool, faces = self.pool, tuple[int, ...]()
        walked, dice = turn.walked, pool.dice
        for first, last, notation in self.rows:
            tables, purposes, sides = self.tables[first:last], pool.purposes[first:last], dice[first].sides
            if walked:  # one entry in the log for the row, none when the walk reads no roll
                values = turn.roll_faces(sides, tables, purposes, _unlogged)
                if getattr(turn.dice, "reads_rolls", True):
                    turn.emit(Roll(label=" / ".join(purposes), dice=notation, values=values, kept=values,
                                   total=sum(values), unit=pool.adventurer))  # fmt: skip
            else:

                def log(index: int, face: int, first: int = first) -> None:
                    number = first + index + 1
                    log_face(turn, Rolled(number=number, die=dice[number - 1], face_number=face), pool.adventurer)

                values = turn.roll_faces(sides, tables, purposes, log)
            faces += values
        effects = tuple(map(sum, zip(*map(getitem, self.by_face, faces), strict=True)))
        return cast(Effects, effects), faces


def _unlogged(index: int, face: int) -> None:
    """A die the walk draws is not logged one by one (:meth:`Summed.read`)."""


class Results(Step, frozen=True):
    """Steps 5 and 6 once every die is rolled: rerolls and turned faces (5a), the results in the player's order
    (5b), the reactions (6) and Defense restored."""

    faces: tuple[int, ...]
    pool: Engage  # not compared

    __eq__, __hash__ = eq_hash_without("pool")

    def advance(self, turn: BotseTurn) -> None:
        pool = self.pool
        action = pool.action
        rolled = [
            Rolled(number=number, die=die, face_number=face, free=number > pool.gathered)
            for number, (die, face) in enumerate(zip(pool.dice, self.faces, strict=True), start=1)
        ]
        setup = replace(pool, rolled=rolled)
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
        purpose = _("reroll {die}, die {number}", die=entry.die.name, number=number)
        roll_face(work, entry, setup.adventurer, purpose, again=True)
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
