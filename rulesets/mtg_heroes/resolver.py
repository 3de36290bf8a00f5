"""Magic: The Gathering of Heroes resolution: ``resolve(battle, action, dice)`` hands the action to the handler of
its class in :data:`HANDLERS`. A refusal comes before any die or change; the end of the battle is the last event of
the action that brought it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from msgspec.structs import replace

from tabroll.dice.sources import DiceSource, GivenDice
from tabroll.errors import RuleRefusal

from . import casting, combat, effects, phases  # noqa: F401  (each registers its handlers)
from .messages import _, result_word
from .model import AttackAction, EndTurnAction, MoveAction, SkillTestAction
from .skills import resolve_skill_test
from .state import Battle
from .work import HANDLERS, HeroesTurn

if TYPE_CHECKING:
    from tabroll.engine import Resolution

    from .model import HeroAction

HANDLERS.on(SkillTestAction)(resolve_skill_test)  # not in skills.py: the scenario models read it, and it stays light


def resolve(battle: Battle, action: HeroAction, dice: DiceSource) -> Resolution:
    if battle.result is not None:
        raise RuleRefusal(_("the battle is over: {result}", result=result_word(battle.result)), rule="battle over")
    turn = HeroesTurn(state=battle, dice=dice)
    handler = HANDLERS.handler(action)
    offered = battle.follow_up
    takes_it = (isinstance(action, AttackAction) and action.attacker == offered) or (
        isinstance(action, MoveAction) and action.unit == offered
    )
    if offered is not None and not takes_it:
        turn.change(follow_up=None)
        turn.note(
            _("{offered}'s Trample follow-up lapses: it is taken at once after the kill or not", offered=offered),
            offered,
        )
    turn.previous_act = battle.last_act
    if turn.state.last_act is not None:
        turn.change(last_act=None)
    handler(turn, action)
    turn.tell_game_over()  # the battle ended in this action: its end is the action's last word
    return turn.resolution(turn.state)


def next_attack(battle: Battle, action: HeroAction) -> Battle:
    """The state the same combatant attacks again from (``tabroll odds --until defeat``): the turn ends as ``do:
    end_turn`` ends it (with a turn order the next turn may be another's: the attack is then refused). The turn
    number stays: no rule reads it, and states differing by it alone would walk the same attack again."""
    return _turn_ended(battle)


@lru_cache(maxsize=16_384)  # a chain meets the same battle after many attacks
def _turn_ended(battle: Battle) -> Battle:
    try:
        ended: Battle = resolve(battle, _END_TURN, GivenDice((), origin="the end of the turn")).state
    except RuleRefusal:  # a turn that cannot end here (its Reach phase is still due): the next attack says why
        return battle
    return replace(ended, turn=battle.turn)


_END_TURN = EndTurnAction.model_validate({"do": "end_turn"})


def chain_state(battle: Battle, action: HeroAction, attacks: int) -> Battle:
    """The battle an ``odds --until defeat`` chain walks in place of ``battle`` with at most ``attacks`` attacks
    still to make (:meth:`~tabroll.kit.Ruleset.chain_state`): no rule reads the attacker's Life above all the damage
    those attacks can deal it, so every such Life is walked as one, that damage plus 1. Only where nothing but the
    target's strikes back can hurt the attacker (no one stepping in, free play, no permanents, not fleeing, no mana
    to burn); a strike back deals at most the target's Power dice all showing 6."""
    if not isinstance(action, AttackAction) or action.intercept_by is not None:
        return battle
    if battle.phase is not None or battle.permanents:
        return battle
    roster = battle.roster
    attacker, target = roster.get(action.attacker), roster.get(action.target)
    if attacker is None or target is None or attacker.fleeing is not None or attacker.mana > attacker.max_mana:
        return battle
    most = attacks * 6 * target.power_now + 1
    if attacker.life <= most:
        return battle
    return battle.with_unit(replace(attacker, life=most))
