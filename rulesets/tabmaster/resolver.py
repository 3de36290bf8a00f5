"""TAB MASTER resolution: ``HANDLERS`` maps each action class to its handler. An attack is checked here, then taken
as :mod:`steps <tabroll.engine.steps>` in the module of its rules (:mod:`.ranged`, :mod:`.trample`,
:mod:`.pilgrim`), ended by :class:`~.work.EndAttack`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from tabroll.engine.steps import Step
from tabroll.errors import RuleRefusal
from tabroll.events import NewRound
from tabroll.geometry.grid import Square
from tabroll.kit import Handlers

from .events import Flip
from .messages import _, n_, p_
from .model import AttackAction, MoveAction, NewRoundAction
from .movement import check_can_act, do_move, walk
from .profiles import AttackKind, AttackProfile
from .ranged import resolve_ranged
from .special import special_as_data
from .state import Battle, Unit
from .work import Attack, TabMasterTurn

if TYPE_CHECKING:
    from tabroll.dice.sources import DiceSource
    from tabroll.engine import Resolution

HANDLERS: Handlers[TabMasterTurn] = Handlers()
"""Each action class to the function that resolves it (the one table of this game's actions)."""


def resolve(battle: Battle, action: AttackAction | MoveAction | NewRoundAction, dice: DiceSource) -> Resolution:
    turn = TabMasterTurn(state=battle, dice=dice)
    HANDLERS(turn, action)
    return turn.resolution(turn.state)


@HANDLERS.on(NewRoundAction)
def resolve_new_round(turn: TabMasterTurn, action: NewRoundAction) -> None:
    flipped = tuple(u.name for u in turn.state.units if u.flipped and u.on_board)
    for name in flipped:
        turn.put(replace(turn.unit(name), flipped=False))
    turn.state = replace(turn.state, round=turn.state.round + 1)
    turn.emit(NewRound(round=turn.state.round, ready=flipped))


def next_attack(battle: Battle, action: AttackAction | MoveAction | NewRoundAction) -> Battle:
    """The state the same attack is made again from (``tabroll odds --until defeat``): a flipped unit cannot attack
    until the round resets (ruling ``flip_blocks_actions``), so a new round begins in between, as its own action
    makes it. Vitality lost and projectiles spent stay as the last attack left them."""
    from tabroll.dice.sources import GivenDice

    new_round = NewRoundAction.model_validate({"do": "new_round"})
    after: Battle = resolve(battle, new_round, GivenDice((), origin="a new round")).state
    return after


@HANDLERS.on(MoveAction)
def resolve_move(turn: TabMasterTurn, action: MoveAction) -> None:
    unit = turn.unit(action.unit)
    check_can_act(turn, unit)
    path = walk(turn, unit, action.path, action.to, unit.movement)
    do_move(turn, unit, path, p_("move", "move"))
    moved = turn.unit(unit.name)
    turn.put(replace(moved, flipped=True))
    turn.emit(Flip(unit=unit.name))


@HANDLERS.on(AttackAction)
def resolve_attack(turn: TabMasterTurn, action: AttackAction) -> None:
    attacker = turn.unit(action.attacker)
    check_can_act(turn, attacker)
    profile = attacker.primary if action.using == "primary" else attacker.secondary
    if profile is None:
        raise RuleRefusal(_("{unit} has no secondary attack", unit=attacker.name), rule="secondary attack")
    for name in action.target_names():
        target = turn.unit(name)
        if not target.on_board:
            raise RuleRefusal(_("{unit} was already defeated", unit=name), rule="target")
        if name == attacker.name:
            raise RuleRefusal(_("{unit} cannot attack itself", unit=name), rule="target")
    check_attack_fields(action, attacker, profile)
    if profile.effects.special:
        special_as_data(turn, action, attacker, profile)
    elif action.special_outcome is not None:
        raise RuleRefusal(
            _("'special_outcome' does nothing: {unit}'s attack has no (Especial: …) effect", unit=attacker.name),
            rule="unused field",
            tip=_("remove 'special_outcome'"),
        )

    first: Step
    if profile.kind is AttackKind.TRAMPLE:
        if action.move_to is not None or action.move_path is not None:
            raise RuleRefusal(_("a trample's movement is its path: give 'path', not 'move_to'"), rule="trample")
    elif action.move_to is not None or action.move_path is not None:
        if not turn.options.move_before_attack:
            raise RuleRefusal(_("moving before an attack is off (option move_before_attack)"), rule="movement")
        path = walk(turn, attacker, action.move_path, action.move_to, attacker.movement)
        turn.ruling("move_before_attack", "true", _("a unit may move up to MOV squares, then attack"))
        attacker = do_move(turn, attacker, path, _("move before attack"))
    if profile.effects.pilgrim:
        from .pilgrim import PilgrimChain  # the rarer attacks' modules load when one is made

        first = PilgrimChain(attack=Attack(action, attacker, profile))
    elif profile.kind is AttackKind.TRAMPLE:
        from .trample import TramplePass

        passes: list[list[Square] | None] = [list(p) for p in action.paths] if action.paths else [action.path]
        allowed = profile.effects.multiple or 1
        if len(passes) > allowed:
            given = len(passes)
            raise RuleRefusal(
                n_(
                    "{given} trample paths given; this trample makes {n} pass (Multiple x{n})",
                    "{given} trample paths given; this trample makes {n} passes (Multiple x{n})",
                    allowed,
                    given=given,
                )
                if profile.effects.multiple
                else n_(
                    "{given} trample paths given; this trample makes {n} pass",
                    "{given} trample paths given; this trample makes {n} passes",
                    allowed,
                    given=given,
                ),
                rule="trample",
            )
        # a trample attacks each square at most once, across every pass
        first = TramplePass(1, tuple(passes), frozenset(), attack=Attack(action, attacker, profile))
    else:
        first = resolve_ranged(turn, action, attacker, profile)
    turn.run(first)


def check_attack_fields(action: AttackAction, attacker: Unit, profile: AttackProfile) -> None:
    """Fields that would do nothing for this attack are refused, so a table never believes they counted:
    ``direction:`` (a Random line rolls its direction), ``times:`` on a trample (a Multiple trample makes one
    pass per entry of ``paths:``), an empty path or pass, a trample path on an attack that does not trample."""
    if action.direction is not None:
        raise RuleRefusal(
            _(
                "'direction' is not used by any attack: a Random line rolls its direction (1d8, 1 = N … 8 = NW), "
                "and Front/Back lines follow the unit's 'facing'"
            ),
            rule="unused field",
            tip=_("remove 'direction'; give the direction's d8 roll in the action's dice: list instead"),
        )
    trample = profile.kind is AttackKind.TRAMPLE and not profile.effects.pilgrim
    if trample and action.times is not None:
        raise RuleRefusal(
            _("'times' does nothing on a trample: a Multiple trample makes one pass per path in 'paths'"),
            rule="unused field",
            tip=_("list one path per pass under 'paths:' and remove 'times'"),
        )
    given = "path" if action.path is not None else ("paths" if action.paths is not None else None)
    if given is not None and not trample:
        values = {"field": given, "unit": attacker.name}
        if profile.effects.pilgrim:
            reason = _(
                "'{field}' is a trample's path, but {unit}'s attack does not trample (a Pilgrim's steps are rolled)",
                **values,
            )
        else:
            reason = _("'{field}' is a trample's path, but {unit}'s attack does not trample", **values)
        raise RuleRefusal(
            reason,
            rule="unused field",
            tip=_("remove '{field}' (to move before the attack, use 'move_to' or 'move_path')", field=given),
        )
    if action.path is not None and not action.path:
        raise RuleRefusal(
            _("an empty trample path moves nowhere and attacks nothing"),
            rule="trample",
            tip=_("list at least one square in 'path'"),
        )
    if action.paths is not None and (not action.paths or any(not p for p in action.paths)):
        raise RuleRefusal(
            _("every pass of a Multiple trample needs at least one square"),
            rule="trample",
            tip=_("remove the empty pass from 'paths'"),
        )
