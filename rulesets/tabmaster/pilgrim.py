"""Pilgrim (Peregrino xN) attacks: a chain of steps, each in a rolled direction from the square the chain has
reached, each square hit with its own roll (a projectile per step; a trampler moves onto each square it hits)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from tabroll.engine.steps import Step

from .damage import strike
from .messages import _
from .movement import do_move
from .profiles import AttackKind
from .projectile import projectile_hits, spend_projectile
from .state import Unit
from .targeting import height_and_sight_problem, may_hit, roll_direction
from .work import AttackStep

if TYPE_CHECKING:
    from .work import TabMasterTurn


class PilgrimChain(AttackStep, frozen=True):
    """A Pilgrim attack, in one step: a chain of random-line attacks, each from the last square hit; each square
    hit gets its own roll."""

    def advance(self, turn: TabMasterTurn) -> Step:
        action, attacker, profile = self.attack.action, self.attack.attacker, self.attack.profile
        assert profile.effects.pilgrim is not None and attacker.position is not None
        origin = attacker.position
        projectile = profile.kind is AttackKind.PROJECTILE
        reach = profile.reach  # a projectile's line runs to the board's edge; its die decides how far it carries
        trample = profile.kind is AttackKind.TRAMPLE
        turn.note(_("Pilgrim x{count}: each step rolls a direction", count=profile.effects.pilgrim), attacker.name)
        for step in range(1, profile.effects.pilgrim + 1):
            if projectile and not spend_projectile(turn, attacker, profile, first=step == 1):
                break
            direction = roll_direction(turn, attacker, _("Pilgrim step {step}: direction", step=step))
            ray = turn.state.board.ray(origin, direction, length=reach)
            ray = list(itertools.takewhile(lambda s: not turn.state.board.is_obstacle(s), ray))
            if not ray:
                turn.note(_("step {step}: the line leaves the board; nothing hit", step=step), attacker.name)
                continue
            hit_square = ray[-1]
            target: Unit | None = None
            previous = origin
            for square in ray:
                unit = turn.state.unit_at(square)
                if unit is not None and may_hit(attacker, unit, profile):
                    # Each step is one of the unit's own attacks: its height limit and sight apply from the
                    # square the chain has reached (a Trample step from the square before the unit).
                    problem = height_and_sight_problem(turn, attacker, unit, profile, origin, step_from=previous)
                    if problem is None:
                        hit_square, target = square, unit
                        break
                    turn.note(
                        _("step {step}: {unit} cannot be hit: {why}", step=step, unit=unit.name, why=problem),
                        attacker.name,
                    )
                previous = square
            text = (
                _("step {step}: square {square} holds {unit}", step=step, square=list(hit_square), unit=target.name)
                if target
                else _("step {step}: square {square} is empty", step=step, square=list(hit_square))
            )
            turn.note(text, attacker.name)
            if projectile and target is not None:
                shots = projectile_hits(
                    turn, attacker, profile, [target], _("Pilgrim step {step}", step=step), origin=origin
                )
                target = shots[0] if shots else None
            if target is not None:
                strike(turn, attacker, target, profile, action, None)
            if trample and turn.state.unit_at(hit_square) is None:
                do_move(turn, turn.unit(attacker.name), [hit_square], _("Pilgrim trample step {step}", step=step))
            origin = hit_square
        return self.end()
