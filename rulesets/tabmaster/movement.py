"""Who may act and how a unit moves: the defeat and flip checks, a path of free squares within MOV (checked,
or found), and the move itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import Move
from tabroll.geometry.grid import Square

from .messages import _, n_
from .state import Unit

if TYPE_CHECKING:
    from .work import TabMasterTurn


def check_can_act(turn: TabMasterTurn, unit: Unit) -> None:
    if not unit.on_board:
        raise RuleRefusal(_("{unit} was defeated and has left the board", unit=unit.name), rule="defeat")
    if unit.flipped and turn.options.flip_blocks_actions:
        raise RuleRefusal(
            _("{unit} is flipped: it already acted this round", unit=unit.name),
            rule="flip",
            tip=_("a 'do: new_round' action turns every unit face up again (ruling flip_blocks_actions)"),
        )


def walk(turn: TabMasterTurn, unit: Unit, path: list[Square] | None, goal: Square | None, limit: int) -> list[Square]:
    """Check (or find) a path of free squares for ``unit`` of at most ``limit`` steps."""
    assert unit.position is not None
    board = turn.state.board

    def free(square: Square) -> bool:
        return board.contains(square) and not board.is_obstacle(square) and turn.state.unit_at(square) is None

    if path is None:
        assert goal is not None
        if not board.contains(goal):
            raise RuleRefusal(_("square {square} is off the board", square=list(goal)), rule="movement")
        if goal == unit.position:
            return []
        found = board.shortest_path(unit.position, goal, passable=free, metric=turn.options.distance)
        if found is None:
            raise RuleRefusal(
                _("{unit} has no free path to {square}", unit=unit.name, square=list(goal)), rule="movement"
            )
        path = found
    else:
        check = board.is_path(path, unit.position, metric=turn.options.distance)
        if not check:
            raise RuleRefusal(
                _("{unit} cannot take that path: {problem}", unit=unit.name, problem=check.problem), rule="movement"
            )
        for square in path:
            if not free(square):
                raise RuleRefusal(
                    _("{unit} cannot move through {square}: it is occupied", unit=unit.name, square=list(square)),
                    rule="movement",
                )
    if len(path) > limit:
        raise RuleRefusal(
            n_(
                "{unit} can move {n} square (MOV {n}); that move takes {steps}",
                "{unit} can move {n} squares (MOV {n}); that move takes {steps}",
                limit,
                unit=unit.name,
                steps=len(path),
            ),
            rule="movement",
        )
    return path


def do_move(turn: TabMasterTurn, unit: Unit, path: list[Square], reason: str) -> Unit:
    if not path:
        return unit
    assert unit.position is not None
    moved = replace(unit, position=path[-1])
    turn.put(moved)
    turn.emit(Move(unit=unit.name, origin=unit.position, destination=path[-1], path=tuple(path), reason=reason))
    return moved
