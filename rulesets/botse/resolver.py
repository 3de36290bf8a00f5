"""BotSE resolution, pure: one handler per action class (``HANDLERS``), each working on a :class:`BotseTurn`; the
rules live beside it, one module per part of the game. Every die is drawn from ``dice`` as a FACE NUMBER (1-based),
so given values, prompts, seeds and the odds engine all work on custom dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabroll.dice.sources import DiceSource
from tabroll.kit import Handlers

from .engage import resolve_roll
from .model import AuraAction, BotseAction, EndTurnAction, EngageAction, MoveAction, RollSkillDiceAction
from .turns import resolve_aura, resolve_end_turn, resolve_move
from .work import BotseTurn

if TYPE_CHECKING:
    from tabroll.engine import Resolution

    from .state import Battle

HANDLERS: Handlers[BotseTurn] = Handlers()
"""Each action class to the function that resolves it."""
HANDLERS.on(EngageAction, RollSkillDiceAction)(resolve_roll)
HANDLERS.on(MoveAction)(resolve_move)
HANDLERS.on(AuraAction)(resolve_aura)
HANDLERS.on(EndTurnAction)(resolve_end_turn)


def resolve(battle: Battle, action: object, dice: DiceSource) -> Resolution:
    work = BotseTurn(state=battle, dice=dice)
    HANDLERS(work, action)
    return work.resolution(work.state)


def next_attack(battle: Battle, action: BotseAction) -> Battle:
    """The state the same adventurer engages again from (``tabroll odds --until defeat``): its turn ends as
    ``do: end_turn`` ends it, so an engage may find too few dice to gather (refused: the engages stop there)."""
    from tabroll.dice.sources import GivenDice
    from tabroll.errors import RuleRefusal

    if isinstance(action, AuraAction):  # an enemy's or companion's aura: no adventurer's turn to end
        return battle
    end = EndTurnAction.model_validate({"do": "end_turn", "adventurer": action.adventurer})
    try:
        ended: Battle = resolve(battle, end, GivenDice((), origin="the end of the turn")).state
    except RuleRefusal:  # a defeated adventurer ends no turn: its next engage is refused
        return battle
    return ended


__all__ = ["HANDLERS", "next_attack", "resolve"]
