"""Trample (Atropelamento) attacks: the path (given, or the straight line to the targets) and the units on it,
checked before any die; then each pass (:class:`TramplePass`), its victims (:class:`TrampleVictims`,
:class:`TrampleHit`: a square is attacked at most once per move) and where the pass ends (:class:`TrampleEnd`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from tabroll.engine.steps import Step
from tabroll.errors import RuleRefusal
from tabroll.frozen import eq_hash_without
from tabroll.geometry.grid import Square

from .damage import strike
from .messages import _, n_
from .model import AttackAction
from .movement import do_move
from .profiles import AttackProfile
from .state import Unit
from .targeting import may_hit
from .work import AttackStep

if TYPE_CHECKING:
    from .work import TabMasterTurn


def plan_trample(
    turn: TabMasterTurn, action: AttackAction, attacker: Unit, profile: AttackProfile, given: list[Square] | None
) -> tuple[list[Square], list[tuple[Square, Unit]]]:
    """The trample's path (given, or the straight line to the targets), checked, and the units on it, each checked
    (ally, height) before any die is rolled."""
    assert attacker.position is not None and profile.reach is not None
    board = turn.state.board
    if given is not None:
        path = list(given)
    else:
        names = action.target_names()
        if not names:
            raise RuleRefusal(_("a trample needs its 'path' (or targets on one straight line)"), rule="trample")
        ends = [turn.unit(n).position for n in names]
        directions = {board.direction_to(attacker.position, e) for e in ends if e is not None}
        if len(directions) != 1 or None in directions:
            raise RuleRefusal(
                _("the targets are not on one straight line from the attacker"),
                rule="trample",
                tip=_("give the trample's 'path' as a list of squares"),
            )
        direction = directions.pop()
        assert direction is not None
        far = max(board.distance(attacker.position, e) for e in ends if e is not None)
        path = board.ray(attacker.position, direction, length=far)
    check = board.is_path(path, attacker.position, metric=turn.options.distance)
    if not check:
        raise RuleRefusal(_("the trample path is not valid: {problem}", problem=check.problem), rule="trample")
    if len(path) > profile.reach:
        raise RuleRefusal(
            n_(
                "the trample path is {n} square; {unit} tramples at most {reach} (ATK {reach})",
                "the trample path is {n} squares; {unit} tramples at most {reach} (ATK {reach})",
                len(path),
                unit=attacker.name,
                reach=profile.reach,
            ),
            rule="trample",
        )
    victims: list[tuple[Square, Unit]] = []
    previous = attacker.position
    for square in path:
        unit = turn.state.unit_at(square)
        if unit is not None:
            rise = abs(board.height_difference(previous, square))
            if not may_hit(attacker, unit, profile):
                raise RuleRefusal(
                    _("the path crosses {unit}, an ally the trample may not hit", unit=unit.name), rule="trample"
                )
            if rise > attacker.height_limit:
                raise RuleRefusal(
                    n_(
                        "the path crosses {unit}, {n} level off; with HLT {limit} {attacker} cannot reach it",
                        "the path crosses {unit}, {n} levels off; with HLT {limit} {attacker} cannot reach it",
                        rise,
                        unit=unit.name,
                        limit=attacker.height_limit,
                        attacker=attacker.name,
                    ),
                    rule="trample",
                )
            victims.append((square, unit))
        previous = square
    if not action.paths:
        for name in action.target_names():
            if all(v.name != name for _, v in victims):
                raise RuleRefusal(_("{unit} is not on the trample's path", unit=name), rule="trample")
    return path, victims


class TramplePass(AttackStep, frozen=True):
    """Pass ``number`` (from 1) of a trample, along ``passes[number - 1]`` (``None``: the path the rules plan).
    ``attacked``: the squares earlier passes attacked; a trample attacks a square at most once, so a unit on one
    of them is passed over."""

    number: int
    passes: tuple[list[Square] | None, ...]  # not compared
    attacked: frozenset[Square]

    __eq__, __hash__ = eq_hash_without("attack", "passes")

    def advance(self, turn: TabMasterTurn) -> Step:
        attack = self.attack
        attacker = turn.unit(attack.attacker.name)
        if len(self.passes) > 1:
            turn.note(
                _("Multiple trample: pass {number} of {count}", number=self.number, count=len(self.passes)),
                attacker.name,
            )
        path, victims = plan_trample(turn, attack.action, attacker, attack.profile, self.passes[self.number - 1])
        shown = " → ".join(str(list(s)) for s in path)
        turn.note(_("trample path: {squares}", squares=shown), attacker.name)
        listed = tuple((square, unit.name) for square, unit in victims)
        return TrampleVictims(self, attacker, tuple(path), listed, 0, (), self.attacked, attack=attack)


class TrampleVictims(AttackStep, frozen=True):
    """The victims of one trample pass from ``index`` on: the next one standing on a square not yet attacked
    is struck (:class:`TrampleHit`); the others are passed over. ``mover`` is the attacker as the pass began,
    ``struck`` the squares of the victims struck so far in this pass."""

    pass_: TramplePass
    mover: Unit
    path: tuple[Square, ...]
    victims: tuple[tuple[Square, str], ...]
    index: int
    struck: tuple[Square, ...]
    attacked: frozenset[Square]

    def advance(self, turn: TabMasterTurn) -> Step:
        for index in range(self.index, len(self.victims)):
            square, name = self.victims[index]
            if square in self.attacked:
                turn.note(
                    _(
                        "{square} was already attacked by this trample: {unit} is passed over, not attacked again",
                        square=list(square),
                        unit=name,
                    ),
                    self.mover.name,
                )
                continue
            return TrampleHit(
                replace(self, index=index, struck=(*self.struck, square), attacked=self.attacked | {square}),
                attack=self.attack,
            )
        return TrampleEnd(replace(self, index=len(self.victims)), attack=self.attack)


class TrampleHit(AttackStep, frozen=True):
    """The strike on the victim ``at.victims[at.index]`` of a trample pass."""

    at: TrampleVictims

    def advance(self, turn: TabMasterTurn) -> Step:
        at, attack = self.at, self.attack
        name = at.victims[at.index][1]
        strike(turn, at.mover, turn.unit(name), attack.profile, attack.action, None)
        return replace(at, index=at.index + 1)


class TrampleEnd(AttackStep, frozen=True):
    """Where a trample pass ends: on the last free square of its path (or of the path up to the last target's
    square, by the ruling ``trample_end``), then the next pass or the end of the attack."""

    at: TrampleVictims

    def advance(self, turn: TabMasterTurn) -> Step:
        at = self.at
        attacker, path = at.mover, at.path
        last = len(path) - 1
        struck_names = [name for square, name in at.victims if square in at.struck]
        if any(turn.unit(name).defeated for name in struck_names):
            past = path.index(at.struck[-1])
            if turn.options.trample_end == "last_target":
                if past < last:
                    turn.ruling(
                        "trample_end",
                        "last_target",
                        _("units were defeated: the trample ends by the last square a target occupied, not past it"),
                    )
                last = past
            elif past < last:
                turn.ruling(
                    "trample_end", "path_end", _("the trample ends on the furthest free square of the whole path")
                )
        end_index = next((i for i in range(last, -1, -1) if turn.state.unit_at(path[i]) is None), -1)
        if end_index >= 0:
            reason = (
                _("trample: ends on the last free square of its path up to the last target's square")
                if end_index < len(path) - 1 and last < len(path) - 1
                else _("trample: ends on the last free square of its path")
            )
            do_move(turn, turn.unit(attacker.name), list(path[: end_index + 1]), reason)
        else:
            turn.note(_("no square of the path is free: the attacker stays where it was"), attacker.name)
        done = at.pass_
        if done.number < len(done.passes):
            return TramplePass(done.number + 1, done.passes, at.attacked, attack=self.attack)
        return self.end()
