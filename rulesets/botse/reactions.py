"""Step 6 (and what follows an aura): triggered skills."""

from __future__ import annotations

import msgspec

from tabroll.events import Note
from tabroll.i18n import N_

from .choices import ask_choice, asking
from .damage import deal
from .events import Reaction
from .messages import _, n_, p_
from .model import AuraAction, RollFields
from .state import Skill, Unit
from .track import take_fatigue
from .work import BotseTurn, Engage


class Trigger(msgspec.Struct, frozen=True):
    """One triggered skill that step 6 looks at; an ally's (an adventurer's or a companion's) is optional."""

    owner: str
    index: int
    skill: Skill
    ally: bool


Phase = tuple[Trigger, ...]


ORDER_TEXT = {
    "allies_first": N_(
        "step 6: the adventurers' and companions' reactions come before the enemies', so an enemy they "
        "defeat is defeated during the engage (no 'engaged' skill, its 'defeated' skill fires)"
    ),
    "enemies_first": N_(
        "step 6: the enemies' reactions come first, then the adventurers' and companions'; an "
        "enemy's 'engaged' skill is checked against the defeats before it"
    ),
}


def react(work: BotseTurn, setup: Engage | None, action: RollFields | AuraAction) -> None:
    """Step 6 (and what follows an aura): every triggered skill whose moment came (:func:`moment`) fires once,
    whoever caused it; enemies must, adventurers and companions only when listed in ``reactions:`` or chosen at
    the table. The groups go in the order ruling ``reaction_order`` sets (the targets' ``engaged`` skills after
    the allies' under ``allies_first``, so nothing can defeat them after), repeated while a reaction fires so
    chained triggers are caught; each skill is used at most once per action, which ends every chain."""
    ruling = work.options.reaction_order
    allies, others, engaged = step_six_triggers(work, action, aura=setup is None)
    if not (allies or others or engaged):
        return  # no unit has a skill that could trigger
    phases = [allies, others, engaged] if ruling == "allies_first" else [others, engaged, allies]
    done: set[tuple[str, int]] = set()
    sides: set[bool] = set()  # the sides whose reactions were looked at so far (True: the allies)
    fired_engaged: list[str] = []
    while any(run_phase(work, setup, action, phase, done, sides, fired_engaged) for phase in phases):
        pass
    for trigger in engaged:
        if (trigger.owner, trigger.index) not in done and trigger.owner in work.damaged:
            reason = _("it took damage but was not the declared target, so it was not engaged")
            work.emit(
                Reaction(unit=trigger.owner, skill=trigger.skill.name, when="engaged", fired=False, reason=reason)
            )
    for name in fired_engaged:
        if name in work.defeated:
            why = (
                _("ruling reaction_order = enemies_first: the enemies reacted before the adventurers and companions")
                if ruling == "enemies_first"
                else _("by a chain of reactions that an 'engaged' skill started")
            )
            work.emit(
                Note(
                    text=_("{unit} was defeated in step 6 after its 'engaged' skill fired ({why})", unit=name, why=why),
                    unit=name,
                )
            )


def step_six_triggers(work: BotseTurn, action: RollFields | AuraAction, *, aura: bool) -> tuple[Phase, Phase, Phase]:
    """The triggered skills step 6 looks at: the allies' (those listed in ``reactions:`` first, in that order), the
    enemies' other skills, and the ``engaged`` skills. After an aura only ``damaged`` and ``defeated`` skills
    can trigger."""
    wanted = ("damaged", "defeated") if aura else ("damaged", "defeated", "after_engage", "engaged")
    allies: list[Trigger] = []
    others: list[Trigger] = []
    engaged: list[Trigger] = []
    units: tuple[Unit, ...] = (*work.state.creatures, *work.state.adventurers)
    for unit in units:
        ally = unit.side != "enemy"
        for index, skill in enumerate(unit.skills):
            if skill.when not in wanted:
                continue
            trigger = Trigger(unit.name, index, skill, ally)
            (engaged if skill.when == "engaged" else allies if ally else others).append(trigger)
    listed = {name: place for place, name in enumerate(action.reactions)}
    allies.sort(key=lambda t: listed.get(t.owner, len(listed)))
    return tuple(allies), tuple(others), tuple(engaged)


def run_phase(
    work: BotseTurn,
    setup: Engage | None,
    action: RollFields | AuraAction,
    phase: Phase,
    done: set[tuple[str, int]],
    sides: set[bool],
    fired_engaged: list[str],
) -> bool:
    """Look at the group's skills again and again until none is left whose moment came; whether one fired."""
    fired_any = False
    fired = True
    while fired:
        fired = False
        for trigger in phase:
            key = (trigger.owner, trigger.index)
            if key in done:
                continue
            verdict, told = moment(work, setup, trigger)
            if verdict is None:
                continue  # its moment has not come (yet)
            done.add(key)
            if verdict == SILENT:
                continue
            order = work.options.reaction_order
            first = order == "allies_first"  # the side that reacts first: True for the allies
            if trigger.ally != first and first in sides:
                work.ruling("reaction_order", order, _(ORDER_TEXT[order]))  # both sides react: the order decides
            sides.add(trigger.ally)
            if told is not None:
                work.ruling(*told)
            skill = trigger.skill
            if verdict != FIRES:
                work.emit(Reaction(unit=trigger.owner, skill=skill.name, when=skill.when, fired=False, reason=verdict))
                continue
            if trigger.ally and not chosen(work, action, trigger.owner, skill.name, skill.when):
                continue
            owner = work.state.unit(trigger.owner)
            apply_effect(work, owner, skill, setup)
            if skill.when == "engaged":
                fired_engaged.append(trigger.owner)
            fired = fired_any = True
    return fired_any


FIRES = "fires"
SILENT = "silent"


def moment(work: BotseTurn, setup: Engage | None, trigger: Trigger) -> tuple[str | None, tuple[str, str, str] | None]:
    """Whether a skill's moment has come: ``FIRES``, a reason it does not fire (logged), ``SILENT`` (it cannot
    fire in this action and there is nothing to say: a unit defeated before it), or None (not yet); with the
    ruling (option, value, text) that decided it, if one did."""
    name, when = trigger.owner, trigger.skill.when
    unit = work.state.unit(name)
    if when == "defeated":
        return (FIRES if name in work.defeated else None), None
    if unit.defeated and name not in work.defeated:
        return SILENT, None  # defeated before this action
    if when == "damaged":
        if name not in work.damaged:
            return None, None
        if name not in work.defeated:
            return FIRES, None
        if work.options.defeated_reactions == "fire_damaged":
            return FIRES, ("defeated_reactions", "fire_damaged", _("a defeated unit still uses its 'damaged' skills"))
        told = (
            "defeated_reactions",
            "skip_damaged",
            _("a unit defeated in the engage does not use its 'damaged' skills either"),
        )
        return _("it was defeated during the engage (ruling defeated_reactions)"), told
    if when == "engaged" and (setup is None or name not in setup.targets):
        return None, None  # not engaged: told at the end of step 6 when it was damaged
    if unit.defeated:
        return _("it was defeated during the engage"), None
    return FIRES, None


def chosen(work: BotseTurn, action: RollFields | AuraAction, unit: str, skill: str, when: str) -> bool:
    """An optional reaction (a companion's or an adventurer's): used when listed in ``reactions:`` or, left open,
    chosen at the table (default no); else logged as not used."""
    if unit in action.reactions:
        return True
    if asking(work.dice, action, "reactions"):
        question = (
            _("use {skill} (after the engage)?", skill=skill)
            if when == "after_engage"
            else _("use {skill} (after being {when})?", skill=skill, when=p_("when", when))
        )
        if ask_choice(work.dice, work.emit, unit, question, [_("no"), _("yes")]) == 1:
            return True
    reason = _("an optional reaction, not chosen (reactions:)")
    work.emit(Reaction(unit=unit, skill=skill, when=when, fired=False, reason=reason))
    return False


def apply_effect(work: BotseTurn, owner: Unit, skill: Skill, setup: Engage | None) -> None:
    """A skill's effect, said as it fires (in an engage when ``setup`` is given, else an aura's): its damage dealt to
    who its ``to`` names, its light fatigue taken by the adventurer who engaged."""
    effect = skill.effect
    engager = setup.adventurer if setup is not None else None
    targets = setup.targets if setup is not None else ()
    parts: list[str] = []
    victims: list[str] = []
    missing: str | None = None  # said when no unit takes the damage
    if effect.damage and effect.to == "engager":
        parts.append(
            n_("{n} damage to the adventurer who engaged", "{n} damage to the adventurer who engaged", effect.damage)
        )
        victims = [engager] if engager else []
        missing = _("{skill}: no adventurer engaged, so no one takes its damage", skill=skill.name)
    elif effect.damage and effect.to == "adjacent":
        parts.append(n_("{n} damage to every adjacent unit", "{n} damage to every adjacent unit", effect.damage))
        victims = [
            u.name
            for u in work.state.units
            if not u.defeated and u.name != owner.name and work.state.map.distance(u.position, owner.position) == 1
        ]
    elif effect.damage:
        parts.append(n_("{n} damage to the target", "{n} damage to the target", effect.damage))
        victims = [t for t in targets if not work.state.unit(t).defeated]
        missing = _("{skill}: no living declared target to damage", skill=skill.name)
    if effect.light_fatigue:
        parts.append(n_("{n} light fatigue", "{n} light fatigue", effect.light_fatigue))
    if effect.text:
        parts.append(_("apply by hand: {text}", text=effect.text))
    reason = "; ".join(parts) or _("no effect")
    work.emit(Reaction(unit=owner.name, skill=skill.name, when=skill.when, fired=True, reason=reason))
    if missing is not None and not victims:
        work.emit(Note(text=missing, unit=owner.name))
    blockable, through = (0, effect.damage) if effect.unblockable else (effect.damage, 0)
    for victim in victims:
        deal(work, victim, blockable, through, by=owner.name, what=skill.name, engage=setup is not None)
    if effect.light_fatigue and engager:
        take_fatigue(work, engager, effect.light_fatigue, skill.name, must_fit=False)
