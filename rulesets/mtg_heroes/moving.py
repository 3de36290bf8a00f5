"""Moving between range bands and fleeing the fight: a move to near or far range (direct range is entered only
by attacking), a character's flight from far range, and the opposed Speed test that decides an escape at once
(and a response to a spell).
"""

from __future__ import annotations

from tabroll.errors import InputError, RuleRefusal
from tabroll.events import Defeat, said
from tabroll.frozen import replace

from .effects import check_result, end_permanents
from .messages import _, band_word, p_
from .model import FleeAction, MoveAction
from .state import SCALE, Combatant
from .work import HANDLERS, HeroesTurn, check_in_fight, take_action


@HANDLERS.on(MoveAction)
def resolve_move(turn: HeroesTurn, action: MoveAction) -> None:
    unit = turn.unit(action.unit)
    try:
        wanted = SCALE.parse(action.to)
    except InputError as err:
        raise RuleRefusal(err.message, tip=err.tip, rule="range") from None
    if wanted == "direct":
        raise RuleRefusal(_("direct range is entered only by attacking (do: attack)"), rule="range")
    check_in_fight(unit, _("move"))
    follow_up = turn.state.follow_up == unit.name
    if unit.moved and not follow_up:
        raise RuleRefusal(_("{unit} already moved this turn: one move per turn", unit=unit.name), rule="move")
    if action.relative_to is not None:
        others = [turn.unit(name) for name in action.relative_to]
        if unit.name in action.relative_to:
            raise RuleRefusal(_("{unit} has no range to itself", unit=unit.name), rule="range")
    else:
        others = [u for u in turn.state.enemies(unit) if u.in_fight]
    if not others:
        raise RuleRefusal(_("{unit} has no one to move closer to or away from", unit=unit.name), rule="range")
    for other in others:
        current = turn.state.band(unit.name, other.name)
        if current == wanted:
            raise RuleRefusal(
                _(
                    "{unit} is already at {wanted} range from {other}",
                    unit=unit.name,
                    wanted=band_word(wanted),
                    other=other.name,
                ),
                rule="range",
            )
        if current == "direct":
            raise RuleRefusal(
                _("{unit} is fighting {other} at direct range", unit=unit.name, other=other.name), rule="range"
            )
    if follow_up:
        turn.change(follow_up=None)
        turn.note(_("{unit} takes its Trample follow-up move", unit=unit.name), unit.name)
    else:
        take_action(turn, unit, _("move to {wanted} range", wanted=band_word(wanted)))
    turn.put(replace(turn.unit(unit.name), moved=True))
    for other in others:
        turn.set_band(unit.name, other.name, wanted, _("{unit} moves", unit=unit.name))
    turn.note(_("{unit} moved: it cannot attack or flee this turn", unit=unit.name), unit.name)


def opposed_speed(turn: HeroesTurn, actor: Combatant, other: Combatant, *, responder: Combatant) -> bool:
    """An opposed Speed test (Speed d6 each, at least one die): True when ``actor`` wins; ties go to ``responder``."""
    mine = turn.roll(max(1, actor.speed), _("opposed Speed: {actor}", actor=actor.name), actor.name)
    theirs = turn.roll(max(1, other.speed), _("opposed Speed: {other}", other=other.name), other.name)
    wins = mine > theirs or (mine == theirs and responder.name == actor.name)
    sign = ">" if mine > theirs else "<" if mine < theirs else "="
    values = {"mine": mine, "sign": sign, "theirs": theirs, "winner": actor.name if wins else other.name}
    if mine == theirs:
        text = _(
            "opposed Speed {mine} {sign} {theirs}; a tie goes to the responder, {responder}: {winner} wins",
            responder=responder.name,
            **values,
        )
    else:
        text = _("opposed Speed {mine} {sign} {theirs}: {winner} wins", **values)
    turn.note(text, actor.name)
    return wins


@HANDLERS.on(FleeAction)
def resolve_flee(turn: HeroesTurn, action: FleeAction) -> None:
    unit = turn.unit(action.unit)
    check_in_fight(unit, _("flee"))
    if not unit.is_character:
        raise RuleRefusal(_("{unit} is a creature: only characters flee", unit=unit.name), rule="flee")
    if unit.fleeing is not None:
        raise RuleRefusal(_("{unit} is already fleeing", unit=unit.name), rule="flee")
    if unit.moved:
        raise RuleRefusal(_("{unit} moved this turn, so it cannot flee this turn", unit=unit.name), rule="move")
    if unit.actions_used or unit.commanded:
        raise RuleRefusal(_("fleeing must be {unit}'s first action of the turn", unit=unit.name), rule="flee")
    for enemy in turn.state.enemies(unit):
        band = turn.state.band(unit.name, enemy.name)
        if band != "far" and enemy.in_fight:
            raise RuleRefusal(
                _(
                    "{unit} is at {band} range from {enemy}: a character flees only from far range",
                    unit=unit.name,
                    band=band_word(band),
                    enemy=enemy.name,
                ),
                rule="range",
                tip=_("move to far range first, on an earlier turn"),
            )
    unit = take_action(turn, unit, _("flee (the rest of the turn is forfeit)"))
    unit = turn.put(replace(unit, actions_used=max(unit.speed, unit.actions_used)))
    turn.note(_("{unit} flees: its permanent effects end", unit=unit.name), unit.name)
    end_permanents(turn, unit.name, _("its caster flees"))
    for creature in turn.state.combatants:
        if creature.controller == unit.name and not creature.out:
            turn.put(replace(creature, out=True, out_reason="dismissed"))
            turn.emit(Defeat(unit=creature.name, by=None, reason=_("{unit} flees", unit=unit.name), how="dismissed"))
    others = [u for u in turn.state.combatants if u.name != unit.name and u.in_fight]
    enemies = [u for u in others if u.side != unit.side]
    if enemies and all(unit.speed >= other.speed + 2 for other in others):
        turn.note(_("Speed {speed} is 2 or more above everyone: it may escape at once", speed=unit.speed), unit.name)
        if all(opposed_speed(turn, unit, enemy, responder=enemy) for enemy in enemies):
            turn.put(replace(turn.unit(unit.name), out=True, out_reason="fled"))
            turn.emit(Defeat(unit=unit.name, by=None, reason=_("it won the opposed Speed test"), how="fled"))
            check_result(turn, unit.name, None, "fled")
            return
    turn.put(replace(turn.unit(unit.name), fleeing=0))
    reason = _("it escapes at the end of the turn if it takes fewer than 5 damage and does not fight")
    turn.status(unit.name, said(lambda: p_("status", "fleeing")), reason)
