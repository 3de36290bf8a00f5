"""TAB MASTER resolution: every attack type and effect, as a pure function of state, action and dice.

``resolve(battle, action, dice) -> Resolution``: ``HANDLERS`` maps each action class to its handler, which
works on a :class:`Turn` (the battle as it evolves, with the dice and the log). Nothing here prints, reads
files or draws a random number except through ``dice``. A refusal by the rules raises :class:`RuleRefusal`
before any state changes (the engine turns it into a ``refused`` event); the checks run before the first die
is rolled where they can.

An attack is checked by its handler, then taken as :mod:`steps <tabroll.steps>`: a round of a ranged attack
(:class:`RangedRound`), each strike of it (:class:`RangedStrike`), each pass of a trample (:class:`TramplePass`,
:class:`TrampleVictims`, :class:`TrampleHit`, :class:`TrampleEnd`), a Pilgrim chain (:class:`PilgrimChain`),
and what ends every attack (:class:`EndAttack`). A step's compared fields are what the dice may have changed;
what the action fixed before any die (:class:`Attack`) rides along uncompared.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabroll.errors import RuleRefusal
from tabroll.events import (
    Damage,
    Defeat,
    Heal,
    Hit,
    Immune,
    Miss,
    Modifier,
    Move,
    NewRound,
    Note,
    Spend,
    StatusApplied,
)
from tabroll.geometry.grid import Direction, Square
from tabroll.kit import Handlers
from tabroll.kit.roster import RosterDraft
from tabroll.records import replace
from tabroll.steps import Step
from tabroll.turn import ActionLog

from .elements import Element, element_table
from .events import ElementBonus, Flip, Survive
from .model import AttackAction, MoveAction, NewRoundAction
from .profiles import AttackKind, AttackProfile, LineKind
from .state import Battle, Unit

if TYPE_CHECKING:
    from tabroll.dice.sources import DiceSource
    from tabroll.engine import Resolution

ARCHER_BLIND_PENALTY = -10

LINE_DIRECTIONS: dict[LineKind, tuple[Direction, ...]] = {
    LineKind.HORIZONTAL: (Direction.E, Direction.W),
    LineKind.VERTICAL: (Direction.N, Direction.S),
    LineKind.DIAGONALS: (Direction.NE, Direction.SE, Direction.SW, Direction.NW),
    LineKind.COMPLETE: tuple(Direction),
}


@dataclass
class Turn(ActionLog):
    """The working area of one action: the battle as it evolves (plus the dice and events of ActionLog).

    Units changed by :meth:`update` go to a working copy of the roster (one list assignment each, however
    many units the battle holds); :attr:`battle` freezes them into a new battle when it is next read, so a new
    round or an Area attack builds the units tuple once, not once per unit."""

    start: Battle
    special_damage: str = "normal"  # this attack's Special: normal, none (cancels DAN) or a dice expression
    _draft: RosterDraft[Unit] | None = field(default=None, init=False, repr=False)

    @property
    def battle(self) -> Battle:
        draft = self._draft
        if draft is not None and draft.changed:
            self.start = replace(self.start, units=draft.freeze())
        return self.start

    @battle.setter
    def battle(self, battle: Battle) -> None:
        self.start, self._draft = battle, None

    @property
    def options(self) -> Any:
        return self.start.options  # unit changes never change the options: no need to freeze them

    def roll(self, notation: str, purpose: str, unit: str | None) -> int:
        return self.roll_total(notation, purpose, unit)  # every roll of this game is read by its total

    def current(self, name: str) -> Unit:
        if self._draft is not None:
            return self._draft.find(name)
        return self.start.unit(name)

    def update(self, unit: Unit) -> None:
        if self._draft is None:
            self._draft = self.battle.roster.edit()
        self._draft.put(unit)

    def state_now(self) -> Battle:
        return self.battle

    def _forked(self) -> None:
        """The copy starts from the battle as it stands, with no draft: the draft is still the original's, so it is
        read here, not frozen (freezing it would leave the original's battle behind its draft)."""
        if self._draft is not None:
            self.start, self._draft = replace(self.start, units=self._draft.snapshot()), None


@dataclass(frozen=True)
class Attack:
    """What every step of one attack reads that the dice cannot change: the action, the attacker as the attack
    began (after a move before it), the attack form used, and the targets named for every round."""

    action: AttackAction
    attacker: Unit
    profile: AttackProfile
    named: tuple[str, ...] = ()
    times: int = 1


@dataclass(frozen=True)
class AttackStep(Step):
    """A step of an attack: its :class:`Attack` rides along, uncompared (the same for every outcome)."""

    attack: Attack = field(compare=False, kw_only=True)

    def advance(self, turn: Turn) -> Step | None:
        raise NotImplementedError

    def end(self) -> EndAttack:
        return EndAttack(attack=self.attack)


HANDLERS: Handlers[Turn] = Handlers()
"""Each action class to the function that resolves it (the one table of this game's actions)."""


def resolve(battle: Battle, action: AttackAction | MoveAction | NewRoundAction, dice: DiceSource) -> Resolution:
    turn = Turn(start=battle, dice=dice)
    HANDLERS(turn, action)
    return turn.resolution(turn.battle)


# --- rounds and movement ----------------------------------------------------------------------------------


@HANDLERS.on(NewRoundAction)
def resolve_new_round(turn: Turn, action: NewRoundAction) -> None:
    flipped = tuple(u.name for u in turn.battle.units if u.flipped and u.on_board)
    for name in flipped:
        turn.update(replace(turn.current(name), flipped=False))
    turn.battle = replace(turn.battle, round=turn.battle.round + 1)
    turn.emit(NewRound(round=turn.battle.round, ready=flipped))


def check_can_act(turn: Turn, unit: Unit) -> None:
    if not unit.on_board:
        raise RuleRefusal(f"{unit.name} was defeated and has left the board", rule="defeat")
    if unit.flipped and turn.options.flip_blocks_actions:
        raise RuleRefusal(
            f"{unit.name} is flipped: it already acted this round",
            rule="flip",
            tip="a 'do: new_round' action turns every unit face up again (ruling flip_blocks_actions)",
        )


def walk(turn: Turn, unit: Unit, path: list[Square] | None, goal: Square | None, limit: int) -> list[Square]:
    """Check (or find) a path of free squares for ``unit`` of at most ``limit`` steps."""
    assert unit.position is not None
    board = turn.battle.board

    def free(square: Square) -> bool:
        return board.contains(square) and not board.is_obstacle(square) and turn.battle.unit_at(square) is None

    if path is None:
        assert goal is not None
        if not board.contains(goal):
            raise RuleRefusal(f"square {list(goal)} is off the board", rule="movement")
        if goal == unit.position:
            return []
        found = board.shortest_path(unit.position, goal, passable=free, metric=turn.options.distance)
        if found is None:
            raise RuleRefusal(f"{unit.name} has no free path to {list(goal)}", rule="movement")
        path = found
    else:
        check = board.is_path(path, unit.position, metric=turn.options.distance)
        if not check:
            raise RuleRefusal(f"{unit.name} cannot take that path: {check.problem}", rule="movement")
        for square in path:
            if not free(square):
                raise RuleRefusal(f"{unit.name} cannot move through {list(square)}: it is occupied", rule="movement")
    if len(path) > limit:
        raise RuleRefusal(
            f"{unit.name} can move {limit} square(s) (MOV {limit}); that move takes {len(path)}",
            rule="movement",
        )
    return path


def do_move(turn: Turn, unit: Unit, path: list[Square], reason: str) -> Unit:
    if not path:
        return unit
    assert unit.position is not None
    moved = replace(unit, position=path[-1])
    turn.update(moved)
    turn.emit(Move(unit=unit.name, origin=unit.position, destination=path[-1], path=tuple(path), reason=reason))
    return moved


@HANDLERS.on(MoveAction)
def resolve_move(turn: Turn, action: MoveAction) -> None:
    unit = turn.current(action.unit)
    check_can_act(turn, unit)
    path = walk(turn, unit, action.path, action.to, unit.movement)
    do_move(turn, unit, path, "move")
    moved = turn.current(unit.name)
    turn.update(replace(moved, flipped=True))
    turn.emit(Flip(unit=unit.name))


# --- attacks ----------------------------------------------------------------------------------------------


@HANDLERS.on(AttackAction)
def resolve_attack(turn: Turn, action: AttackAction) -> None:
    attacker = turn.current(action.attacker)
    check_can_act(turn, attacker)
    profile = attacker.primary if action.using == "primary" else attacker.secondary
    if profile is None:
        raise RuleRefusal(f"{attacker.name} has no secondary attack", rule="secondary attack")
    for name in action.target_names():
        target = turn.current(name)
        if not target.on_board:
            raise RuleRefusal(f"{name} was already defeated", rule="target")
        if name == attacker.name:
            raise RuleRefusal(f"{name} cannot attack itself", rule="target")
    check_attack_fields(action, attacker, profile)
    if profile.effects.special:
        special_as_data(turn, action, attacker, profile)
    elif action.special_outcome is not None:
        raise RuleRefusal(
            f"'special_outcome' does nothing: {attacker.name}'s attack has no (Especial: …) effect",
            rule="unused field",
            tip="remove 'special_outcome'",
        )

    first: Step
    if profile.kind is AttackKind.TRAMPLE:
        if action.move_to is not None or action.move_path is not None:
            raise RuleRefusal("a trample's movement is its path: give 'path', not 'move_to'", rule="trample")
        if profile.effects.pilgrim:
            first = PilgrimChain(attack=Attack(action, attacker, profile))
        else:
            passes: list[list[Square] | None] = [list(p) for p in action.paths] if action.paths else [action.path]
            allowed = profile.effects.multiple or 1
            if len(passes) > allowed:
                raise RuleRefusal(
                    f"{len(passes)} trample paths given; this trample makes {allowed} pass(es)"
                    + (f" (Multiple x{allowed})" if profile.effects.multiple else ""),
                    rule="trample",
                )
            # a trample attacks each square at most once, across every pass
            first = TramplePass(1, tuple(passes), frozenset(), attack=Attack(action, attacker, profile))
    else:
        if action.move_to is not None or action.move_path is not None:
            if not turn.options.move_before_attack:
                raise RuleRefusal("moving before an attack is off (option move_before_attack)", rule="movement")
            path = walk(turn, attacker, action.move_path, action.move_to, attacker.movement)
            turn.ruling("move_before_attack", "true", "a unit may move up to MOV squares, then attack")
            attacker = do_move(turn, attacker, path, "move before attack")
        if profile.effects.pilgrim:
            first = PilgrimChain(attack=Attack(action, attacker, profile))
        else:
            first = resolve_ranged(turn, action, attacker, profile)
    turn.run(first)


@dataclass(frozen=True)
class EndAttack(AttackStep):
    """The table's ruling on a Special, then the attacker, if still on the board, is flipped."""

    def advance(self, turn: Turn) -> None:
        name = self.attack.attacker.name
        apply_special_outcome(turn, self.attack.action, name)
        final = turn.current(name)
        if final.on_board:
            turn.update(replace(final, flipped=True))
            turn.emit(Flip(unit=name))


def check_attack_fields(action: AttackAction, attacker: Unit, profile: AttackProfile) -> None:
    """Fields that would do nothing for this attack are refused, so a table never believes they counted:
    ``direction:`` (a Random line rolls its direction), ``times:`` on a trample (a Multiple trample makes one
    pass per entry of ``paths:``), an empty path or pass, a trample path on an attack that does not trample."""
    if action.direction is not None:
        raise RuleRefusal(
            "'direction' is not used by any attack: a Random line rolls its direction (1d8, 1 = N … 8 = NW), "
            "and Front/Back lines follow the unit's 'facing'",
            rule="unused field",
            tip="remove 'direction'; give the direction's d8 roll in the action's dice: list instead",
        )
    trample = profile.kind is AttackKind.TRAMPLE and not profile.effects.pilgrim
    if trample and action.times is not None:
        raise RuleRefusal(
            "'times' does nothing on a trample: a Multiple trample makes one pass per path in 'paths'",
            rule="unused field",
            tip="list one path per pass under 'paths:' and remove 'times'",
        )
    given = "path" if action.path is not None else ("paths" if action.paths is not None else None)
    if given is not None and not trample:
        pilgrim = " (a Pilgrim's steps are rolled)" if profile.effects.pilgrim else ""
        raise RuleRefusal(
            f"'{given}' is a trample's path, but {attacker.name}'s attack does not trample{pilgrim}",
            rule="unused field",
            tip=f"remove '{given}' (to move before the attack, use 'move_to' or 'move_path')",
        )
    if action.path is not None and not action.path:
        raise RuleRefusal(
            "an empty trample path moves nowhere and attacks nothing",
            rule="trample",
            tip="list at least one square in 'path'",
        )
    if action.paths is not None and (not action.paths or any(not p for p in action.paths)):
        raise RuleRefusal(
            "every pass of a Multiple trample needs at least one square",
            rule="trample",
            tip="remove the empty pass from 'paths'",
        )


def special_as_data(turn: Turn, action: AttackAction, attacker: Unit, profile: AttackProfile) -> None:
    """A Special's text follows the data the table gave for it: the action's ``special_outcome``, else the
    unit card's ``special``. Its ``damage`` keeps the normal DAN, cancels it (``none``) or replaces it with a
    dice expression; with neither given, the text is shown and the normal damage applies."""
    turn.emit(Note(unit=attacker.name, text=f"Special: {profile.effects.special} — the table applies this text"))
    outcome = action.special_outcome
    damage, note = (outcome.damage, outcome.note) if outcome is not None else (attacker.special_damage, None)
    if outcome is None and attacker.special_note:
        note = attacker.special_note
    turn.special_damage = damage
    where = "the action's special_outcome" if outcome is not None else f"{attacker.name}'s special"
    if damage == "none":
        turn.emit(Note(unit=attacker.name, text=f"the Special cancels the normal damage ({where})"))
    elif damage != "normal":
        turn.emit(
            Note(unit=attacker.name, text=f"the Special deals {damage} instead of DAN {profile.damage} ({where})")
        )
    if note and outcome is None:
        turn.emit(Note(text=note, unit=attacker.name))


def apply_special_outcome(turn: Turn, action: AttackAction, attacker: str) -> None:
    outcome = action.special_outcome
    if outcome is None:
        return
    if outcome.note:
        turn.emit(Note(text=outcome.note, unit=attacker))
    for name in outcome.defeated:
        unit = turn.current(name)
        if unit.on_board:
            defeat(turn, unit, attacker, "the table's ruling on a Special attack")


def is_enemy(a: Unit, b: Unit) -> bool:
    return a.side != b.side


def may_hit(attacker: Unit, target: Unit, profile: AttackProfile, *, named: bool = False) -> bool:
    """Enemies; allies too with (All). An ally named as the one target of a healing attack may be aimed at:
    a Life attack is how a unit heals its side (a ruling). Areas and random lines reach allies only with (All)."""
    if target.name == attacker.name:
        return False
    return is_enemy(attacker, target) or profile.effects.all_units or (named and heals(profile))


def heals(profile: AttackProfile) -> bool:
    table = element_table()
    return any(table[e].heals for e in profile.effects.elements)


def reach_problem(turn: Turn, attacker: Unit, target: Unit, profile: AttackProfile) -> str | None:
    """Why ``attacker`` cannot aim ``profile`` at ``target`` from where it stands, or None."""
    assert attacker.position is not None and target.position is not None
    distance = turn.battle.distance(attacker.position, target.position)
    if profile.kind is not AttackKind.PROJECTILE and profile.reach is not None and distance > profile.reach:
        return f"{target.name} is {distance} squares away; the attack reaches {profile.reach} (ATK {profile.reach})"
    return height_and_sight_problem(turn, attacker, target, profile, attacker.position)


def height_and_sight_problem(
    turn: Turn, attacker: Unit, target: Unit, profile: AttackProfile, origin: Square, step_from: Square | None = None
) -> str | None:
    """Why ``profile`` cannot hit ``target`` from ``origin`` by height limit or line of sight, or None.

    Common (and a Secondary without its own type): within HLT levels and in sight. Projectile: in sight,
    except for archers (they shoot unseen at -10; height changes the roll instead). Magic: neither. Trample:
    within HLT of the square it steps from (``step_from``, default ``origin``). A Pilgrim step measures
    from the square its chain has reached.
    """
    assert target.position is not None
    board = turn.battle.board
    where = "" if origin == attacker.position else f" from {list(origin)}"
    if profile.kind in (AttackKind.COMMON, AttackKind.TRAMPLE):
        base = step_from if (profile.kind is AttackKind.TRAMPLE and step_from is not None) else origin
        rise = abs(board.height_difference(base, target.position))
        if rise > attacker.height_limit:
            return (
                f"{target.name} is {rise} levels higher or lower{where}; {attacker.name} attacks across at most "
                f"{attacker.height_limit} (HLT {attacker.height_limit})"
            )
    if profile.kind is AttackKind.COMMON:
        sight = board.line_of_sight(origin, target.position)
        if not sight.clear:
            return f"{attacker.name} cannot see {target.name}{where}: {sight.reason}"
    if profile.kind is AttackKind.PROJECTILE and "archer" not in attacker.traits:
        sight = board.line_of_sight(origin, target.position)
        if not sight.clear:
            return f"{attacker.name} cannot see {target.name}{where}: {sight.reason} (only archers may shoot unseen)"
    return None


def roll_direction(turn: Turn, attacker: Unit, purpose: str) -> Direction:
    """A random straight-line direction: 1d8, numbered clockwise from north, shown in the log."""
    direction = turn.pick(list(Direction), f"{purpose} (1=N … 8=NW)", attacker.name)
    turn.emit(Note(unit=attacker.name, text=f"direction rolled: {direction.name_for_log}"))
    return direction


def line_directions(turn: Turn, attacker: Unit, profile: AttackProfile, purpose: str) -> tuple[Direction, ...]:
    line = profile.effects.line
    assert line is not None
    if line is LineKind.RANDOM:
        return (roll_direction(turn, attacker, f"{purpose}: line direction"),)
    if line is LineKind.FRONT:
        return (attacker.facing,)
    if line is LineKind.BACK:
        return (attacker.facing.opposite,)
    return LINE_DIRECTIONS[line]


def on_lines(turn: Turn, attacker: Unit, target: Unit, directions: tuple[Direction, ...]) -> bool:
    assert attacker.position is not None and target.position is not None
    return turn.battle.board.direction_to(attacker.position, target.position) in directions


def candidates(
    turn: Turn, attacker: Unit, profile: AttackProfile, directions: tuple[Direction, ...] | None
) -> list[Unit]:
    """Every unit this attack could reach, nearest first."""
    assert attacker.position is not None
    found = [
        u
        for u in turn.battle.living()
        if may_hit(attacker, u, profile)
        and reach_problem(turn, attacker, u, profile) is None
        and (directions is None or on_lines(turn, attacker, u, directions))
    ]
    origin = attacker.position
    return sorted(found, key=lambda u: (turn.battle.distance(origin, u.position or origin), u.name))


def resolve_ranged(turn: Turn, action: AttackAction, attacker: Unit, profile: AttackProfile) -> Step:
    """Common, Magic, Secondary and Projectile attacks, with Area, Line, Multiple and All: the checks made before
    any die, then the first round (:class:`RangedRound`)."""
    effects = profile.effects
    count = effects.multiple or 1
    times = action.times if action.times is not None else count
    if times > count:
        raise RuleRefusal(
            f"the attack allows {count} attack(s) (Multiple x{count}); {times} were asked", rule="multiple"
        )
    named = action.target_names()
    if effects.multiple and len(named) > 1:
        times = len(named)
        if times > count:
            raise RuleRefusal(f"{times} targets named; Multiple x{count} allows {count} attacks", rule="multiple")
    elif len(named) > 1 and not effects.area:
        raise RuleRefusal("this attack hits one target: name one 'target'", rule="target")
    if not named and not effects.area and effects.line is not LineKind.RANDOM:
        # No target named: the attack needs exactly one unit in reach, chosen once for every round.
        static = LINE_DIRECTIONS.get(effects.line) if effects.line else None
        if effects.line in (LineKind.FRONT, LineKind.BACK):
            static = line_directions(turn, attacker, profile, "attack")
        options = candidates(turn, attacker, profile, static)
        if len(options) != 1:
            listed = ", ".join(u.name for u in options) or "none"
            raise RuleRefusal("name the target of the attack", rule="target", tip=f"units in reach: {listed}")
        named = [options[0].name]
    if effects.multiple:
        turn.emit(Note(unit=attacker.name, text=f"Multiple x{count}: {times} separate attack(s), rolls never summed"))
    attack = Attack(action, attacker, profile, tuple(named), times)
    return RangedRound(0, attack=attack) if times else EndAttack(attack=attack)


@dataclass(frozen=True)
class RangedRound(AttackStep):
    """Round ``index`` (from 0) of a ranged attack: its line, its targets, a projectile, a shared damage roll.
    Each round reads only the battle, its number and the names aimed at (fixed before any die)."""

    index: int

    def next_round(self) -> Step:
        following = self.index + 1
        return RangedRound(following, attack=self.attack) if following < self.attack.times else self.end()

    def advance(self, turn: Turn) -> Step:
        attack, round_index = self.attack, self.index
        attacker, profile, named = attack.attacker, attack.profile, attack.named
        effects = profile.effects
        purpose = f"attack {round_index + 1}" if attack.times > 1 else "attack"
        directions = line_directions(turn, attacker, profile, purpose) if effects.line else None
        if effects.area:
            targets = candidates(turn, attacker, profile, directions)
            if not targets:
                turn.emit(Note(unit=attacker.name, text="no unit within the area"))
        else:
            name = named[round_index] if effects.multiple and len(named) > 1 else (named[0] if named else None)
            if effects.line is LineKind.RANDOM:
                reachable = candidates(turn, attacker, profile, directions)
                if name is not None and all(u.name != name for u in reachable):
                    turn.emit(Note(unit=attacker.name, text=f"{name} is not on the rolled line"))
                targets = reachable[:1] if name is None else [u for u in reachable if u.name == name]
                if not targets:
                    turn.emit(Note(unit=attacker.name, text="no target on the rolled line: the attack hits nothing"))
            else:
                assert name is not None
                target = turn.current(name)
                if not target.on_board:
                    turn.emit(
                        Note(
                            unit=attacker.name,
                            text=f"{name} is already defeated: attack {round_index + 1} is lost",
                        )
                    )
                    return self.next_round()
                check_target(turn, attacker, target, profile, directions)
                targets = [target]
        if profile.kind is AttackKind.PROJECTILE:
            if effects.area and not targets:
                turn.emit(Note(unit=attacker.name, text="no unit in the area to shoot at: no projectile is spent"))
                return self.next_round()
            if not spend_projectile(turn, attacker, profile, first=round_index == 0):
                return self.end()
            targets = projectile_hits(turn, attacker, profile, targets, purpose)
        shared: int | None = None
        if effects.area and len(targets) > 1 and turn.options.area_damage == "shared" and turn.special_damage != "none":
            turn.ruling("area_damage", "shared", "one damage roll serves every unit the Area attack hits")
            dan = profile.damage if turn.special_damage == "normal" else turn.special_damage
            shared = turn.roll(dan, "damage (Area, shared)", attacker.name)
        struck = tuple(target.name for target in targets)
        return RangedStrike(round_index, struck, 0, shared, attack=self.attack).following()


@dataclass(frozen=True)
class RangedStrike(AttackStep):
    """The strike on ``struck[index]`` in round ``round_index`` of a ranged attack (``shared``: the round's one
    damage roll for an Area, if any). The rest of the round reads the battle, which units it strikes and that
    roll."""

    round_index: int
    struck: tuple[str, ...]
    index: int
    shared: int | None

    def following(self) -> Step:
        """This strike, or (past the last target) the next round."""
        if self.index < len(self.struck):
            return self
        return RangedRound(self.round_index, attack=self.attack).next_round()

    def advance(self, turn: Turn) -> Step:
        current = turn.current(self.struck[self.index])
        if current.on_board:
            attack = self.attack
            strike(turn, attack.attacker, current, attack.profile, attack.action, self.shared)
        return RangedStrike(self.round_index, self.struck, self.index + 1, self.shared, attack=self.attack).following()


def check_target(
    turn: Turn, attacker: Unit, target: Unit, profile: AttackProfile, directions: tuple[Direction, ...] | None
) -> None:
    if not may_hit(attacker, target, profile, named=True):
        raise RuleRefusal(
            f"{target.name} is on {attacker.name}'s side; only an (All) or a healing attack aims at allies",
            rule="target",
        )
    problem = reach_problem(turn, attacker, target, profile)
    if problem:
        raise RuleRefusal(problem, rule=f"{profile.kind.value} attack")
    if directions is not None and not on_lines(turn, attacker, target, directions):
        names = ", ".join(d.short_name for d in directions)
        raise RuleRefusal(f"{target.name} is not on the attack's line ({names})", rule="line")


def spend_projectile(turn: Turn, attacker: Unit, profile: AttackProfile, *, first: bool) -> bool:
    """Take one projectile from the army sheet. Without one, the first shot is refused and a later shot
    (of a Multiple or Pilgrim attack) ends the attack: returns False."""
    assert profile.ammo is not None
    shooter = turn.current(attacker.name)
    army = turn.options.projectiles == "army"
    if army:
        turn.ruling("projectiles", "army", "projectiles are counted on the army sheet: one pool per side and kind")
        left = turn.battle.pool(shooter.side, profile.ammo)
        owner = f"the {shooter.side} army"
    else:
        turn.ruling("projectiles", "unit", "each unit counts its own projectiles")
        left = shooter.ammo(profile.ammo)
        owner = attacker.name
    if left <= 0:
        if first:
            raise RuleRefusal(
                f"{owner} has no {profile.ammo} left",
                rule="projectile",
                tip="use the secondary attack ('using: secondary') if the unit has one",
            )
        turn.emit(Note(unit=attacker.name, text=f"no {profile.ammo} left: the remaining attacks are lost"))
        return False
    if army:
        turn.battle = turn.battle.with_pool(shooter.side, profile.ammo, left - 1)
    else:
        turn.update(shooter.with_ammo(profile.ammo, left - 1))
    turn.emit(Spend(unit=attacker.name, resource=profile.ammo, amount=1, remaining=left - 1))
    return True


def projectile_hits(
    turn: Turn,
    attacker: Unit,
    profile: AttackProfile,
    targets: list[Unit],
    purpose: str,
    *,
    origin: Square | None = None,
) -> list[Unit]:
    """Roll the attack die (the projectile is already spent) and keep the targets the result reaches.

    Height, sight and distance are measured from ``origin``: the attacker's square, or the square a Pilgrim
    chain has reached.
    """
    assert profile.roll is not None
    if not targets:
        return []
    base = turn.roll(profile.roll, f"{purpose} roll", attacker.name)
    hits: list[Unit] = []
    source = origin if origin is not None else attacker.position
    assert source is not None
    for target in targets:
        assert target.position is not None
        total = base
        rise = turn.battle.board.height_difference(target.position, source)
        if rise:
            total += rise
            word = "above" if rise > 0 else "below"
            turn.emit(
                Modifier(
                    applies_to="attack roll",
                    reason=f"height: {abs(rise)} {word} {target.name}",
                    amount=rise,
                    total=total,
                    unit=attacker.name,
                )
            )
        if not turn.battle.board.line_of_sight(source, target.position).clear:
            total += ARCHER_BLIND_PENALTY
            turn.emit(
                Modifier(
                    applies_to="attack roll",
                    reason=f"archer shooting without sight of {target.name}",
                    amount=ARCHER_BLIND_PENALTY,
                    total=total,
                    unit=attacker.name,
                )
            )
        distance = turn.battle.distance(source, target.position)
        rule = f"attack {total} ≥ distance {distance}" if total >= distance else f"attack {total} < distance {distance}"
        if total >= distance:
            turn.emit(Hit(attacker=attacker.name, target=target.name, result=total, needed=distance, rule=rule))
            hits.append(target)
        else:
            turn.emit(Miss(attacker=attacker.name, target=target.name, result=total, needed=distance, rule=rule))
    return hits


# --- damage -----------------------------------------------------------------------------------------------


def elements_of(turn: Turn, profile: AttackProfile) -> list[Element]:
    table = element_table(ice_bonus=turn.options.ice_bonus)
    return [table[e] for e in profile.effects.elements]


def strike(
    turn: Turn, attacker: Unit, target: Unit, profile: AttackProfile, action: AttackAction, shared: int | None
) -> None:
    """One hit on one target: elements, damage (or healing), defeat or survival, hexes."""
    elements = elements_of(turn, profile)
    for element in elements:
        if element.matches_any(target, element.immune):
            turn.emit(
                Immune(
                    attacker=attacker.name,
                    target=target.name,
                    reason=f"{element.label} {element.why_immune(target)}",
                )
            )
            return
    for element in elements:
        if element.matches_any(target, element.auto_defeat):
            turn.emit(
                Note(
                    unit=target.name,
                    text=f"{element.label} defeats {target.name} outright ({element.why(target, element.auto_defeat)})",
                )
            )
            defeat(
                turn,
                target,
                attacker.name,
                f"{element.label} against {element.why(target, element.auto_defeat)}",
            )
            return
    healing = [e for e in elements if e.heals and not e.matches_any(target, e.damages_instead)]
    if healing:
        heal(turn, attacker, target, profile, healing[0])
        return
    if turn.special_damage == "none":
        turn.emit(Note(unit=target.name, text=f"{target.name} is hit; the Special leaves no normal damage to roll"))
        return
    dan = profile.damage if turn.special_damage == "normal" else turn.special_damage
    amount = shared if shared is not None else turn.roll(dan, f"damage vs {target.name}", attacker.name)
    for element in elements:
        bonus = element.bonus_against(target)
        if bonus:
            amount += bonus[0]
            turn.emit(
                ElementBonus(element=element.label, target=target.name, amount=bonus[0], reason=bonus[1], total=amount)
            )
    hexed = [e for e in elements if e.applies_hex]
    survived = apply_damage(turn, attacker, target, amount)
    if hexed and survived:
        name = action.hex or "a hex (Feitiço) chosen by the attacking side"
        current = turn.current(target.name)
        turn.update(replace(current, statuses=(*current.statuses, f"hex: {name}")))
        turn.emit(StatusApplied(unit=target.name, status=f"hex: {name}", reason=f"{hexed[0].label} attack"))


def apply_damage(turn: Turn, attacker: Unit, target: Unit, amount: int) -> bool:
    """Compare damage with DEF (and VIT); return whether the target is still standing. The ``damage`` event's
    pool is VIT when VIT takes the excess (with what it lost and has left), else DEF."""
    at_least = turn.options.defeat_threshold == "at_least"
    if at_least:
        turn.ruling("defeat_threshold", "at_least", "damage equal to DEF defeats (as the source's examples 3 and 4)")
    else:
        turn.ruling("defeat_threshold", "greater", "damage must be greater than DEF to defeat (the rule text)")
    sign = "≥" if at_least else ">"
    beats = amount >= target.defense if at_least else amount > target.defense
    uses_vitality = target.vitality is not None and turn.options.vitality == "excess"
    if uses_vitality:
        assert target.vitality is not None
        turn.ruling("vitality", "excess", "a unit with VIT loses the damage beyond its DEF from VIT, falling at 0")
        excess = max(0, amount - target.defense + (1 if at_least else 0)) if beats else 0
        lost = min(excess, target.vitality)
        left = target.vitality - lost
        rule = (
            f"{amount} {sign} DEF {target.defense}: {excess} through to VIT"
            if beats
            else f"{amount} does not beat DEF {target.defense}: {_needed(target.defense, at_least)}"
        )
        defeats = left == 0 and beats
        turn.emit(
            Damage(
                attacker=attacker.name,
                target=target.name,
                amount=amount,
                rule=rule,
                defeats=defeats,
                pool="VIT",
                lost=lost,
                left=left,
            )
        )
        turn.update(replace(turn.current(target.name), vitality=left))
    else:
        defeats = beats
        rule = (
            f"{amount} {sign} DEF {target.defense}"
            if beats
            else f"{amount} does not beat DEF {target.defense}: {_needed(target.defense, at_least)}"
        )
        # DEF alone decides: the damage is weighed against the target's points of Defence (the source's words),
        # which it does not lower, so the pool is DEF, with nothing lost or left
        turn.emit(
            Damage(attacker=attacker.name, target=target.name, amount=amount, rule=rule, defeats=defeats, pool="DEF")
        )
    if defeats:
        defeat(turn, turn.current(target.name), attacker.name, rule)
        return False
    turn.emit(Survive(unit=target.name, reason=rule))
    return True


def heal(turn: Turn, attacker: Unit, target: Unit, profile: AttackProfile, element: Element) -> None:
    if element.matches_any(target, element.no_heal):
        turn.emit(
            Heal(
                unit=target.name,
                amount=0,
                before=target.vitality,
                after=target.vitality,
                reason=f"{element.label}: no healing for {element.why(target, element.no_heal)}",
                pool="VIT",
            )
        )
        return
    amount = turn.roll(profile.damage, f"healing for {target.name}", attacker.name)
    if target.vitality is None:
        turn.emit(
            Heal(
                unit=target.name,
                amount=0,
                before=None,
                after=None,
                reason=f"{element.label} heals instead of damaging; {target.name} has no VIT to restore",
                pool="VIT",
            )
        )
        return
    cap = target.max_vitality if target.max_vitality is not None else target.vitality + amount
    after = min(cap, target.vitality + amount)
    turn.update(replace(target, vitality=after))
    turn.emit(
        Heal(
            unit=target.name,
            amount=after - target.vitality,
            before=target.vitality,
            after=after,
            reason=f"{element.label} heals instead of damaging (rolled {amount}, up to VIT {cap})",
            pool="VIT",
        )
    )


def defeat(turn: Turn, target: Unit, by: str | None, reason: str) -> None:
    turn.update(replace(target, defeated=True, position=None))
    turn.emit(Defeat(unit=target.name, by=by, reason=reason))


# --- trample and pilgrim ----------------------------------------------------------------------------------


def trample_path(
    turn: Turn, action: AttackAction, attacker: Unit, profile: AttackProfile, given: list[Square] | None
) -> list[Square]:
    assert attacker.position is not None and profile.reach is not None
    if given is not None:
        path = list(given)
    else:
        names = action.target_names()
        if not names:
            raise RuleRefusal("a trample needs its 'path' (or targets on one straight line)", rule="trample")
        ends = [turn.current(n).position for n in names]
        directions = {turn.battle.board.direction_to(attacker.position, e) for e in ends if e is not None}
        if len(directions) != 1 or None in directions:
            raise RuleRefusal(
                "the targets are not on one straight line from the attacker",
                rule="trample",
                tip="give the trample's 'path' as a list of squares",
            )
        direction = directions.pop()
        assert direction is not None
        far = max(turn.battle.board.distance(attacker.position, e) for e in ends if e is not None)
        path = turn.battle.board.ray(attacker.position, direction, length=far)
    check = turn.battle.board.is_path(path, attacker.position, metric=turn.options.distance)
    if not check:
        raise RuleRefusal(f"the trample path is not valid: {check.problem}", rule="trample")
    if len(path) > profile.reach:
        raise RuleRefusal(
            f"the trample path is {len(path)} squares; {attacker.name} tramples at most {profile.reach} "
            f"(ATK {profile.reach})",
            rule="trample",
        )
    return path


_PLANS: dict[tuple[int, int, int], tuple[Any, ...]] = {}
"""Trample plans already worked out, by the identity of the battle, the action and the attacker (checked on use):
the exact walk and a simulation resolve one action from one battle thousands of times, and its path and the
units on it do not depend on the dice."""


def trample_plan(
    turn: Turn, action: AttackAction, attacker: Unit, profile: AttackProfile, given: list[Square] | None
) -> tuple[list[Square], list[tuple[Square, Unit]]]:
    """The trample's path and the units on it (refused as :func:`plan_trample` refuses), kept per battle."""
    battle = turn.battle
    key = (id(battle), id(action), id(attacker))
    shape = None if given is None else tuple(given)
    kept = _PLANS.get(key, (None,) * 7)
    if kept[0] is battle and kept[1] is action and kept[2] is attacker and kept[3] is profile and kept[4] == shape:
        return list(kept[5]), list(kept[6])
    path, victims = plan_trample(turn, action, attacker, profile, given)
    if len(_PLANS) >= 64:
        _PLANS.clear()
    _PLANS[key] = (battle, action, attacker, profile, shape, tuple(path), tuple(victims))
    return path, victims


def plan_trample(
    turn: Turn, action: AttackAction, attacker: Unit, profile: AttackProfile, given: list[Square] | None
) -> tuple[list[Square], list[tuple[Square, Unit]]]:
    """The trample's path, checked, and the units on it, each checked (ally, height) before any die is rolled."""
    path = trample_path(turn, action, attacker, profile, given)
    assert attacker.position is not None
    board = turn.battle.board
    victims: list[tuple[Square, Unit]] = []
    previous = attacker.position
    for square in path:
        unit = turn.battle.unit_at(square)
        if unit is not None:
            rise = abs(board.height_difference(previous, square))
            if not may_hit(attacker, unit, profile):
                raise RuleRefusal(f"the path crosses {unit.name}, an ally the trample may not hit", rule="trample")
            if rise > attacker.height_limit:
                raise RuleRefusal(
                    f"the path crosses {unit.name}, {rise} level(s) off; with HLT {attacker.height_limit} "
                    f"{attacker.name} cannot reach it",
                    rule="trample",
                )
            victims.append((square, unit))
        previous = square
    if not action.paths:
        for name in action.target_names():
            if all(v.name != name for _, v in victims):
                raise RuleRefusal(f"{name} is not on the trample's path", rule="trample")
    return path, victims


@dataclass(frozen=True)
class TramplePass(AttackStep):
    """Pass ``number`` (from 1) of a trample, along ``passes[number - 1]`` (``None``: the path the rules plan).
    ``attacked`` holds the squares already attacked by this move (earlier passes of a Multiple trample): the
    source lets a trample attack a square at most once (only a Pilgrim Trample may come back), so a unit standing
    on one of them is passed over, not attacked again."""

    number: int
    passes: tuple[list[Square] | None, ...] = field(compare=False)
    attacked: frozenset[Square]

    def advance(self, turn: Turn) -> Step:
        attack = self.attack
        attacker = turn.current(attack.attacker.name)
        if len(self.passes) > 1:
            turn.emit(Note(unit=attacker.name, text=f"Multiple trample: pass {self.number} of {len(self.passes)}"))
        path, victims = trample_plan(turn, attack.action, attacker, attack.profile, self.passes[self.number - 1])
        assert attacker.position is not None
        turn.emit(Note(unit=attacker.name, text="trample path: " + " → ".join(str(list(s)) for s in path)))
        listed = tuple((square, unit.name) for square, unit in victims)
        return TrampleVictims(self, attacker, tuple(path), listed, 0, (), self.attacked, attack=attack)


@dataclass(frozen=True)
class TrampleVictims(AttackStep):
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

    def advance(self, turn: Turn) -> Step:
        for index in range(self.index, len(self.victims)):
            square, name = self.victims[index]
            if square in self.attacked:
                turn.emit(
                    Note(
                        unit=self.mover.name,
                        text=f"{list(square)} was already attacked by this trample: {name} is passed over, "
                        "not attacked again",
                    )
                )
                continue
            # What follows reads only the battle, this pass's path and victims, how far along them it is and
            # the squares attacked: the exact odds walk the rest once for every way the dice bring it here.
            return TrampleHit(
                replace(self, index=index, struck=(*self.struck, square), attacked=self.attacked | {square}),
                attack=self.attack,
            )
        return TrampleEnd(replace(self, index=len(self.victims)), attack=self.attack)


@dataclass(frozen=True)
class TrampleHit(AttackStep):
    """The strike on the victim ``at.victims[at.index]`` of a trample pass."""

    at: TrampleVictims

    def advance(self, turn: Turn) -> Step:
        at, attack = self.at, self.attack
        name = at.victims[at.index][1]
        strike(turn, at.mover, turn.current(name), attack.profile, attack.action, None)
        return replace(at, index=at.index + 1)


@dataclass(frozen=True)
class TrampleEnd(AttackStep):
    """Where a trample pass ends: on the last free square of its path (or of the path up to the last target's
    square, by the ruling ``trample_end``), then the next pass or the end of the attack."""

    at: TrampleVictims

    def advance(self, turn: Turn) -> Step:
        at = self.at
        attacker, path = at.mover, at.path
        assert attacker.position is not None
        last = len(path) - 1
        struck_names = [name for square, name in at.victims if square in at.struck]
        if any(turn.current(name).defeated for name in struck_names):
            past = path.index(at.struck[-1])
            if turn.options.trample_end == "last_target":
                if past < last:
                    turn.ruling(
                        "trample_end",
                        "last_target",
                        "units were defeated: the trample ends by the last square a target occupied, not past it",
                    )
                last = past
            elif past < last:
                turn.ruling("trample_end", "path_end", "the trample ends on the furthest free square of the whole path")
        end_index = -1
        for i in range(last, -1, -1):
            if turn.battle.unit_at(path[i]) is None:
                end_index = i
                break
        if end_index >= 0:
            mover = turn.current(attacker.name)
            turn.update(replace(mover, position=path[end_index]))
            turn.emit(
                Move(
                    unit=attacker.name,
                    origin=attacker.position,
                    destination=path[end_index],
                    path=tuple(path[: end_index + 1]),
                    reason="trample: ends on the last free square of its path"
                    + (" up to the last target's square" if end_index < len(path) - 1 and last < len(path) - 1 else ""),
                )
            )
        else:
            turn.emit(Note(unit=attacker.name, text="no square of the path is free: the attacker stays where it was"))
        done = at.pass_
        if done.number < len(done.passes):
            return TramplePass(done.number + 1, done.passes, at.attacked, attack=self.attack)
        return self.end()


@dataclass(frozen=True)
class PilgrimChain(AttackStep):
    """A Pilgrim attack (:func:`resolve_pilgrim`), in one step."""

    def advance(self, turn: Turn) -> Step:
        attack = self.attack
        resolve_pilgrim(turn, attack.action, attack.attacker, attack.profile)
        return self.end()


def resolve_pilgrim(turn: Turn, action: AttackAction, attacker: Unit, profile: AttackProfile) -> None:
    """A chain of random-line attacks, each from the last square hit; each square hit gets its own roll."""
    assert profile.effects.pilgrim is not None and attacker.position is not None
    origin = attacker.position
    projectile = profile.kind is AttackKind.PROJECTILE
    reach = profile.reach  # a projectile's line runs to the board's edge; its die decides how far it carries
    trample = profile.kind is AttackKind.TRAMPLE
    turn.emit(Note(unit=attacker.name, text=f"Pilgrim x{profile.effects.pilgrim}: each step rolls a direction"))
    for step in range(1, profile.effects.pilgrim + 1):
        if projectile and not spend_projectile(turn, attacker, profile, first=step == 1):
            break
        direction = roll_direction(turn, attacker, f"Pilgrim step {step}: direction")
        ray = turn.battle.board.ray(origin, direction, length=reach)
        ray = list(itertools.takewhile(lambda s: not turn.battle.board.is_obstacle(s), ray))
        if not ray:
            turn.emit(Note(unit=attacker.name, text=f"step {step}: the line leaves the board; nothing hit"))
            continue
        hit_square = ray[-1]
        target: Unit | None = None
        previous = origin
        for square in ray:
            unit = turn.battle.unit_at(square)
            if unit is not None and may_hit(attacker, unit, profile):
                # Each step is one of the unit's own attacks: its height limit and sight apply from the
                # square the chain has reached (a Trample step from the square before the unit).
                problem = height_and_sight_problem(turn, attacker, unit, profile, origin, step_from=previous)
                if problem is None:
                    hit_square, target = square, unit
                    break
                turn.emit(Note(unit=attacker.name, text=f"step {step}: {unit.name} cannot be hit: {problem}"))
            previous = square
        text = f"step {step}: square {list(hit_square)} " + (f"holds {target.name}" if target else "is empty")
        turn.emit(Note(unit=attacker.name, text=text))
        if projectile and target is not None:
            shots = projectile_hits(turn, attacker, profile, [target], f"Pilgrim step {step}", origin=origin)
            target = shots[0] if shots else None
        if target is not None:
            strike(turn, attacker, target, profile, action, None)
        if trample and turn.battle.unit_at(hit_square) is None:
            mover = turn.current(attacker.name)
            assert mover.position is not None
            turn.update(replace(mover, position=hit_square))
            turn.emit(
                Move(
                    unit=attacker.name,
                    origin=mover.position,
                    destination=hit_square,
                    path=(hit_square,),
                    reason=f"Pilgrim trample step {step}",
                )
            )
        origin = hit_square


def _needed(defense: int, at_least: bool) -> str:
    return f"{defense} or more needed" if at_least else f"more than {defense} needed"
