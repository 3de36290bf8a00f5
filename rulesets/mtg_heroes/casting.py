"""Casting a spell: its cost against Mastery and mana, Memory and the day's graveyard, its target and range,
Focus for spells that are not Instants, a response's opposed Speed test (none against Split Second), then the
listed spell's effects in their order.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import Spend

from .combat import opposed_speed
from .effects import apply_effect, change_stats, deal_damage, report_change, summon_creature
from .messages import _, n_
from .model import CastAction, SpellInput
from .state import Combatant, LastAct, Permanent
from .work import HANDLERS, HeroesTurn, check_in_fight, out_of_range, take_action


class CastSpell(msgspec.Struct, frozen=True):
    """What a cast needs to know of its spell, from the spell list or from the action (a spell of the table's)."""

    name: str
    cost: int
    instant: bool
    split_second: bool
    creature_only: bool
    listed: SpellInput | None


def spell_of(turn: HeroesTurn, action: CastAction) -> CastSpell:
    listed = turn.state.spell(action.spell) if action.cost is None else None
    if listed is not None:
        return CastSpell(
            action.spell, listed.cost, listed.instant, listed.split_second, listed.target == "creature", listed
        )
    if action.cost is None:  # pragma: no cover - the loader refuses a cast of an unknown spell without a cost
        raise RuleRefusal(_("no spell called '{spell}' in the spell list", spell=action.spell), rule="spell")
    return CastSpell(action.spell, action.cost, action.instant, action.split_second, action.creature_only, None)


@HANDLERS.on(CastAction)
def resolve_cast(turn: HeroesTurn, action: CastAction) -> None:
    caster = turn.unit(action.caster)
    check_in_fight(caster, _("cast"))
    spell = spell_of(turn, action)
    target = spell_target(turn, caster, spell, action.target)
    check_cast(turn, caster, spell, target, action)
    if action.responds_to is not None and not responds(turn, caster, spell, action.responds_to):
        turn.note(
            _("{caster} is too slow: {spell} is not cast, no mana spent", caster=caster.name, spell=spell.name),
            caster.name,
        )
        return
    caster = pay_for(turn, caster, spell)
    if target is not None and target.name != caster.name:
        text = _("{caster} casts {spell} at {target}", caster=caster.name, spell=spell.name, target=target.name)
    else:
        text = _("{caster} casts {spell}", caster=caster.name, spell=spell.name)
    if caster.is_character:
        text = _("{cast}; it is spent for the day (in the graveyard)", cast=text)
    turn.note(text, caster.name)
    turn.change(
        last_act=LastAct(caster.name, caster.controller, _("cast {spell}", spell=spell.name), spell.split_second)
    )
    if spell.listed is not None:
        apply_spell(turn, caster.name, spell.name, spell.listed, target.name if target is not None else None)


def check_cast(
    turn: HeroesTurn, caster: Combatant, spell: CastSpell, target: Combatant | None, action: CastAction
) -> None:
    """Before any die or mana: the cost within Mastery and the mana at hand, the spell known, who may summon or
    control, the target's range, and Focus for a spell that is not an Instant (which alone may respond)."""
    values = {"spell": spell.name, "cost": spell.cost, "caster": caster.name}
    if caster.is_character and spell.cost > caster.mastery:
        text = _("{spell} costs {cost}, above {caster}'s Mastery {mastery}", mastery=caster.mastery, **values)
        raise RuleRefusal(text, rule="mastery")
    if spell.cost > caster.mana:
        raise RuleRefusal(_("{spell} costs {cost}; {caster} has {mana} mana", mana=caster.mana, **values), rule="mana")
    if caster.is_character:
        check_known(caster, spell)
    listed = spell.listed
    if listed is not None and listed.summon is not None:
        if not caster.is_character:
            raise RuleRefusal(_("{caster} is a creature: only characters summon", caster=caster.name), rule="summon")
        if all(u.name != listed.summon for u in turn.state.reserve):
            raise RuleRefusal(
                _("{summon} is already summoned, or not in the reserve", summon=listed.summon), rule="summon"
            )
    if listed is not None and listed.effect == "control" and not caster.is_character:
        raise RuleRefusal(
            _("{caster} is a creature: only a character controls creatures", caster=caster.name), rule="control"
        )
    other = target.name if target is not None and target.name != caster.name else None
    if spell.creature_only and other is not None and turn.state.band(caster.name, other) == "far":
        raise out_of_range(other, caster.name)
    if not spell.instant:
        if action.responds_to is not None and not spell.split_second:
            raise RuleRefusal(_("only an Instant (or a Split Second spell) can respond to a spell"), rule="instant")
        limit = caster.focus - caster.upheld
        if caster.is_character and caster.spells_cast >= limit:
            values |= {"focus": caster.focus, "upheld": caster.upheld, "allowed": max(0, limit)}
            if caster.upheld:
                text = n_(
                    "{caster} has cast {n} spell this turn: its Focus {focus} minus {upheld} upheld allows {allowed}",
                    "{caster} has cast {n} spells this turn: its Focus {focus} minus {upheld} upheld allows {allowed}",
                    caster.spells_cast,
                    **values,
                )
            else:
                text = n_(
                    "{caster} has cast {n} spell this turn: its Focus {focus} allows {allowed}",
                    "{caster} has cast {n} spells this turn: its Focus {focus} allows {allowed}",
                    caster.spells_cast,
                    **values,
                )
            raise RuleRefusal(text, rule="focus")


def pay_for(turn: HeroesTurn, caster: Combatant, spell: CastSpell) -> Combatant:
    """The cast is paid: an action (none for an Instant), the mana, the spell out of Memory and, for a character,
    into the graveyard for the day. The caster, paid."""
    if spell.split_second:
        turn.note(_("Split Second: no one can respond to {spell}", spell=spell.name), caster.name)
    if not spell.instant:
        caster = take_action(turn, caster, _("cast {spell}", spell=spell.name))
    else:
        turn.note(_("{spell} is an Instant: no action, any phase, any turn", spell=spell.name), caster.name)
    caster = turn.unit(caster.name)
    left = caster.mana - spell.cost
    memory = list(caster.memory_spells)
    if spell.listed is not None and caster.tracks_spells and spell.name in memory:
        memory.remove(spell.name)
    paid = turn.put(
        replace(
            caster,
            mana=left,
            spells_cast=caster.spells_cast + (not spell.instant),
            memory_spells=tuple(memory),
            graveyard=(*caster.graveyard, spell.name) if caster.is_character else caster.graveyard,
        )
    )
    turn.emit(Spend(unit=paid.name, resource="mana", amount=spell.cost, remaining=left))
    return paid


def spell_target(turn: HeroesTurn, caster: Combatant, spell: CastSpell, name: str | None) -> Combatant | None:
    listed = spell.listed
    if listed is None:
        return turn.unit(name) if name is not None else None
    if listed.target == "none":
        if name is not None:
            raise RuleRefusal(_("{spell} has no target", spell=spell.name), rule="target")
        return None
    if listed.target == "self":
        if name is not None and name != caster.name:
            raise RuleRefusal(_("{spell} affects its caster only", spell=spell.name), rule="target")
        return caster
    if name is None:
        raise RuleRefusal(_("{spell} needs a target: give 'target'", spell=spell.name), rule="target")
    target = turn.unit(name)
    check_in_fight(target, _("be targeted"))
    if listed.target == "creature" and target.is_character:
        raise RuleRefusal(
            _("{spell} targets creatures only; {target} is a character", spell=spell.name, target=target.name),
            rule="target",
        )
    return target


def check_known(caster: Combatant, spell: CastSpell) -> None:
    """A character casts a listed spell from its Memory (when its Memory is listed); a spell cast is spent for the
    day."""
    in_memory = spell.name in caster.memory_spells
    values = {"caster": caster.name, "spell": spell.name}
    if spell.name in caster.graveyard and not in_memory:
        raise RuleRefusal(
            _("{caster} already cast {spell} today: it is spent for the day (in the graveyard)", **values), rule="spent"
        )
    if caster.tracks_spells and spell.listed is not None and not in_memory:
        values["known"] = ", ".join(caster.memory_spells) or "nothing"
        raise RuleRefusal(_("{spell} is not in {caster}'s Memory (in Memory: {known})", **values), rule="memory")


def responds(turn: HeroesTurn, caster: Combatant, spell: CastSpell, name: str) -> bool:
    """A response answers the spell just cast, or the commanded creature's action just taken: an opposed Speed
    test the responder wins on an equal or greater total; a Split Second spell needs none. True: it is cast."""
    if name == caster.name:
        raise RuleRefusal(_("{caster} cannot respond to its own spell", caster=caster.name), rule="instant")
    other = turn.unit(name)
    previous = turn.previous_act
    if previous is None or name not in (previous.actor, previous.controller):
        last = _(" (the last was {actor}: {what})", actor=previous.actor, what=previous.what) if previous else ""
        raise RuleRefusal(
            _(
                "there is nothing of {name}'s to respond to: a response answers the spell just "
                "cast or the commanded creature's action just taken{last}",
                name=name,
                last=last,
            ),
            rule="response",
        )
    if previous.split_second:
        raise RuleRefusal(
            _("{actor}'s spell has Split Second: no one can respond to it", actor=previous.actor), rule="response"
        )
    if spell.split_second:
        turn.note(_("Split Second: it responds to anything, with no Speed test"), caster.name)
        return True
    opponent = other
    if turn.options.response_test_against == "active" and turn.state.active is not None:
        opponent = turn.unit(turn.state.active)
        turn.ruling("response_test_against", "active", _("a response's Speed test is against whose turn it is"))
    else:
        turn.ruling(
            "response_test_against", "named", _("a response's Speed test is against {name}, whom it answers", name=name)
        )
    if opponent.name == caster.name:
        raise RuleRefusal(
            _("it is {caster}'s own turn: there is no one to test Speed against", caster=caster.name), rule="response"
        )
    return opposed_speed(turn, caster, opponent, responder=caster)


def apply_spell(turn: HeroesTurn, caster: str, name: str, spell: SpellInput, target: str | None) -> None:
    """The effects of a listed spell, in the order: damage, Life, Power/Toughness, destroy/exile/control, summon."""
    if spell.damage and target is not None:
        deal_damage(turn, target, spell.damage, caster, name)
    if spell.gain_life and target is not None and turn.unit(target).in_fight:
        unit = turn.unit(target)
        after = unit.life + spell.gain_life
        turn.put(replace(unit, life=after))
        turn.heal(
            unit.name, unit.life, after, _("{name}: Life {life} → {value}", name=name, life=unit.life, value=after)
        )
    if (spell.power or spell.toughness) and target is not None and turn.unit(target).in_fight:
        if spell.permanent:
            unit = turn.unit(target)
            turn.change(
                permanents=(*turn.state.permanents, Permanent(name, caster, target, spell.power, spell.toughness))
            )
            changed = turn.put(
                replace(
                    unit,
                    lasting_power=unit.lasting_power + spell.power,
                    lasting_toughness=unit.lasting_toughness + spell.toughness,
                )
            )
            report_change(turn, unit, changed, _("{name}, while {caster} upholds it", name=name, caster=caster))
        else:
            change_stats(turn, target, spell.power, spell.toughness, name)
    if spell.effect is not None and target is not None and turn.unit(target).in_fight:
        apply_effect(turn, spell.effect, target, caster)
    if spell.summon is not None and turn.state.result is None:
        summon_creature(turn, caster, spell.summon)
