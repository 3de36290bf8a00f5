"""Which units an attack may aim at and reach: sides and (All), reach in squares, height limits and line of sight
by attack type, straight lines (fixed, facing or rolled), and the units in reach, nearest first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabroll.errors import RuleRefusal
from tabroll.geometry.grid import Direction, Square

from .messages import _, n_
from .profiles import AttackKind, AttackProfile, LineKind
from .state import Unit

if TYPE_CHECKING:
    from .work import TabMasterTurn

LINE_DIRECTIONS: dict[LineKind, tuple[Direction, ...]] = {
    LineKind.HORIZONTAL: (Direction.E, Direction.W),
    LineKind.VERTICAL: (Direction.N, Direction.S),
    LineKind.DIAGONALS: (Direction.NE, Direction.SE, Direction.SW, Direction.NW),
    LineKind.COMPLETE: tuple(Direction),
}


def may_hit(attacker: Unit, target: Unit, profile: AttackProfile, *, named: bool = False) -> bool:
    """Enemies; allies too with (All). An ally named as the one target of a healing attack may be aimed at:
    a Life attack is how a unit heals its side (a ruling). Areas and random lines reach allies only with (All)."""
    if target.name == attacker.name:
        return False
    return attacker.side != target.side or profile.effects.all_units or (named and heals(profile))


def heals(profile: AttackProfile) -> bool:
    if not profile.effects.elements:  # no element heals: the table is not read
        return False
    from .elements import element_table

    table = element_table()
    return any(table[e].heals for e in profile.effects.elements)


def reach_problem(turn: TabMasterTurn, attacker: Unit, target: Unit, profile: AttackProfile) -> str | None:
    """Why ``attacker`` cannot aim ``profile`` at ``target`` from where it stands, or None."""
    assert attacker.position is not None and target.position is not None
    distance = turn.state.distance(attacker.position, target.position)
    if profile.kind is not AttackKind.PROJECTILE and profile.reach is not None and distance > profile.reach:
        return n_(
            "{unit} is {n} square away; the attack reaches {reach} (ATK {reach})",
            "{unit} is {n} squares away; the attack reaches {reach} (ATK {reach})",
            distance,
            unit=target.name,
            reach=profile.reach,
        )
    return height_and_sight_problem(turn, attacker, target, profile, attacker.position)


def height_and_sight_problem(
    turn: TabMasterTurn,
    attacker: Unit,
    target: Unit,
    profile: AttackProfile,
    origin: Square,
    step_from: Square | None = None,
) -> str | None:
    """Why ``profile`` cannot hit ``target`` from ``origin`` by height limit or line of sight, or None.

    Common (and a Secondary without its own type): within HLT levels and in sight. Projectile: in sight,
    except for archers (they shoot unseen at -10; height changes the roll instead). Magic: neither. Trample:
    within HLT of the square it steps from (``step_from``, default ``origin``). A Pilgrim step measures
    from the square its chain has reached."""
    assert target.position is not None
    board = turn.state.board
    here = origin == attacker.position
    if profile.kind in (AttackKind.COMMON, AttackKind.TRAMPLE):
        base = step_from if (profile.kind is AttackKind.TRAMPLE and step_from is not None) else origin
        rise = abs(board.height_difference(base, target.position))
        if rise > attacker.height_limit:
            values = {"unit": target.name, "attacker": attacker.name, "limit": attacker.height_limit}
            if here:
                return n_(
                    "{unit} is {n} level higher or lower; {attacker} attacks across at most {limit} (HLT {limit})",
                    "{unit} is {n} levels higher or lower; {attacker} attacks across at most {limit} (HLT {limit})",
                    rise,
                    **values,
                )
            return n_(
                "{unit} is {n} level higher or lower from {square}; {attacker} attacks across at most {limit} "
                "(HLT {limit})",
                "{unit} is {n} levels higher or lower from {square}; {attacker} attacks across at most {limit} "
                "(HLT {limit})",
                rise,
                square=list(origin),
                **values,
            )
    archer = "archer" in attacker.traits  # only archers may shoot a projectile unseen
    if profile.kind is AttackKind.COMMON or (profile.kind is AttackKind.PROJECTILE and not archer):
        sight = board.line_of_sight(origin, target.position)
        if not sight.clear:
            values = {"attacker": attacker.name, "unit": target.name, "why": sight.reason}
            if profile.kind is AttackKind.COMMON:
                if here:
                    return _("{attacker} cannot see {unit}: {why}", **values)
                return _("{attacker} cannot see {unit} from {square}: {why}", square=list(origin), **values)
            if here:
                return _("{attacker} cannot see {unit}: {why} (only archers may shoot unseen)", **values)
            return _(
                "{attacker} cannot see {unit} from {square}: {why} (only archers may shoot unseen)",
                square=list(origin),
                **values,
            )
    return None


def roll_direction(turn: TabMasterTurn, attacker: Unit, purpose: str) -> Direction:
    """A random straight-line direction: 1d8, numbered clockwise from north, shown in the log."""
    direction = turn.pick(list(Direction), _("{purpose} (1=N … 8=NW)", purpose=purpose), attacker.name)
    turn.note(_("direction rolled: {direction}", direction=direction.name_for_log), attacker.name)
    return direction


def line_directions(turn: TabMasterTurn, attacker: Unit, profile: AttackProfile, purpose: str) -> tuple[Direction, ...]:
    line = profile.effects.line
    assert line is not None
    if line is LineKind.RANDOM:
        return (roll_direction(turn, attacker, _("{purpose}: line direction", purpose=purpose)),)
    if line is LineKind.FRONT:
        return (attacker.facing,)
    if line is LineKind.BACK:
        return (attacker.facing.opposite,)
    return LINE_DIRECTIONS[line]


def on_lines(turn: TabMasterTurn, attacker: Unit, target: Unit, directions: tuple[Direction, ...]) -> bool:
    assert attacker.position is not None and target.position is not None
    return turn.state.board.direction_to(attacker.position, target.position) in directions


def candidates(
    turn: TabMasterTurn, attacker: Unit, profile: AttackProfile, directions: tuple[Direction, ...] | None
) -> list[Unit]:
    """Every unit this attack could reach, nearest first."""
    assert attacker.position is not None
    found = [
        u
        for u in turn.state.living()
        if may_hit(attacker, u, profile)
        and reach_problem(turn, attacker, u, profile) is None
        and (directions is None or on_lines(turn, attacker, u, directions))
    ]
    origin = attacker.position
    return sorted(found, key=lambda u: (turn.state.distance(origin, u.position or origin), u.name))


def check_target(
    turn: TabMasterTurn, attacker: Unit, target: Unit, profile: AttackProfile, directions: tuple[Direction, ...] | None
) -> None:
    if not may_hit(attacker, target, profile, named=True):
        raise RuleRefusal(
            _(
                "{unit} is on {attacker}'s side; only an (All) or a healing attack aims at allies",
                unit=target.name,
                attacker=attacker.name,
            ),
            rule="target",
        )
    problem = reach_problem(turn, attacker, target, profile)
    if problem:
        raise RuleRefusal(problem, rule=f"{profile.kind.value} attack")
    if directions is not None and not on_lines(turn, attacker, target, directions):
        names = ", ".join(d.short_name for d in directions)
        raise RuleRefusal(_("{unit} is not on the attack's line ({lines})", unit=target.name, lines=names), rule="line")
