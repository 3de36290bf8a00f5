"""F0R60D rules: ``resolve(state, action, dice) -> Resolution``, and :data:`HANDLERS`, the one table from action
class to handler: ``turn.py`` (a card's turn), ``strikes.py``, ``wounds.py``, ``checks.py`` (attacks and opposed
rolls), ``manoeuvres.py`` (strategic actions of combat), ``strategy.py`` (the army's), ``abilities.py``.

Pure: every die drawn from the injected source; an action the rules forbid raises :class:`RuleRefusal`. Every
handler works on one :class:`~.turn.ForgodTurn`, so each ruling is told once per action. A handler that rolls dice
the rest of the action reads returns its first step (``flow.BattleStep``), which :func:`resolve` takes to the end.
"""

from __future__ import annotations

from typing import Any

from tabroll.dice.sources import DiceSource
from tabroll.engine import Resolution
from tabroll.errors import RuleRefusal
from tabroll.kit import Handlers

from .abilities import heal_action, paralyse_action, use_ability
from .actions import (
    AbilityAction,
    AttackAction,
    ChangeStrategyAction,
    ChargeAction,
    CheckAction,
    FlankAction,
    HealAction,
    ImpactAction,
    InitiativeAction,
    MoveAction,
    ParalyseAction,
    RegroupAction,
    ReinforcementsAction,
    ReleaseAction,
    RoyalGuardAction,
    ShieldAction,
)
from .checks import check_action, initiative_action
from .flow import BattleStep, battle_result
from .manoeuvres import (
    charge_action,
    flank_action,
    impact_action,
    move_action,
    release_action,
    royal_guard_action,
    shield_action,
)
from .messages import _
from .state import Battle
from .strategy import change_strategy, regroup, reinforcements
from .strikes import attack_action
from .turn import ForgodTurn

__all__ = ["HANDLERS", "resolve"]


HANDLERS: Handlers[ForgodTurn] = Handlers()
"""Every F0R60D action's handler."""
HANDLERS.on(AttackAction)(attack_action)
HANDLERS.on(ShieldAction)(shield_action)
HANDLERS.on(ReleaseAction)(release_action)
HANDLERS.on(RoyalGuardAction)(royal_guard_action)
HANDLERS.on(MoveAction)(move_action)
HANDLERS.on(FlankAction)(flank_action)
HANDLERS.on(ChargeAction)(charge_action)
HANDLERS.on(ImpactAction)(impact_action)
HANDLERS.on(CheckAction)(check_action)
HANDLERS.on(HealAction)(heal_action)
HANDLERS.on(ParalyseAction)(paralyse_action)
HANDLERS.on(RegroupAction)(regroup)
HANDLERS.on(ChangeStrategyAction)(change_strategy)
HANDLERS.on(ReinforcementsAction)(reinforcements)
HANDLERS.on(AbilityAction)(use_ability)
HANDLERS.on(InitiativeAction)(initiative_action)


def resolve(state: Battle, action: Any, dice: DiceSource) -> Resolution:
    if state.over:
        result = _("{winner} won", winner=state.winner) if state.winner else _("neither side has troops left")
        raise RuleRefusal(_("the battle is over: {result}", result=result), rule="battle result")
    turn = ForgodTurn(dice=dice, state=state)
    first: BattleStep | None = HANDLERS(turn, action)
    if first is None:  # an action of no steps
        battle_result(turn)
    else:  # its steps end with the battle's result (EndAction)
        turn.run(first.stamped(turn))
    return turn.resolution(turn.state)
