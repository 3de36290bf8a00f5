"""A turn and its phases: the turn begins (Reach phase for a character, action phase for a creature), the Reach
phase (a spell drawn, mana regained), the Upkeep (Focus upholds permanents and creatures) and the End phase
(spells forgotten, mana burn, flights settled, the turn's limits reset, the next turn in the order).
"""

from __future__ import annotations

from tabroll.errors import RuleRefusal
from tabroll.events import Defeat, Modifier, Note, StatusApplied
from tabroll.frozen import replace
from tabroll.words import count

from .acting import check_in_fight
from .events import TurnPhase
from .falls import check_result, end_permanents, fall, tell_life_lost
from .model import EndTurnAction, ReachPhaseAction, UpkeepAction
from .state import BAND_RULES, PHASE_NAMES, SCALE, Combatant
from .work import Turn


def start_turn(turn: Turn, name: str, number: int) -> None:
    """``name``'s turn begins: a character starts with its Reach phase, a creature of its own with its action
    phase. It has prepared again (a push-back ends); a character's creatures wait for its Upkeep to be refreshed."""
    unit = turn.unit(name)
    first = "reach" if unit.is_character else "main"
    turn.state = replace(turn.state, active=name, turn=number)
    if unit.pushed_back:
        turn.emit(Note(unit=name, text=f"{name} has prepared again: the push-back ends"))
    turn.put(replace(unit, pushed_back=False, upheld=0, reached=False, upkept=False))
    if unit.is_character:
        for creature in turn.state.combatants:
            if creature.controller == name and not creature.out:
                turn.put(replace(creature, refreshed=False))
    reason = (
        "Reach phase: draw a spell, regain mana"
        if first == "reach"
        else "its action phase (a creature has no Reach phase or Upkeep)"
    )
    enter_phase(turn, name, first, reason)


STEPS = {"reach": "do: reach_phase", "upkeep": "do: upkeep", "main": "its actions, then do: end_turn"}


def enter_phase(turn: Turn, name: str, phase: str, reason: str) -> None:
    """``name``'s turn moves to ``phase`` (reach, upkeep, main or end), logged with the step that takes it on."""
    turn.state = replace(turn.state, phase=phase)
    step = f" ({STEPS[phase]})" if phase in STEPS else ""
    turn.emit(TurnPhase(unit=name, phase=phase, turn=turn.state.turn, reason=reason + step))


def resolve_end_turn(turn: Turn, action: EndTurnAction) -> None:
    """The End phase, step by step: the ending character forgets spells, mana above the maximum burns, flights are
    settled, the turn's limits and reductions end, then the next turn in the order begins."""
    ending = action.unit or turn.state.active
    if ending is not None:
        begin_end_phase(turn, ending, action.forget)
    elif action.forget:
        raise RuleRefusal("name the character that forgets: 'unit' on the end_turn", rule="memory")
    burn_mana(turn, [turn.unit(ending)] if ending is not None else list(turn.state.combatants))
    settle_flights(turn)
    reset_turn_limits(turn, ending)
    if turn.state.result is not None:
        turn.emit(
            Note(text=f"{ending}'s turn ends; the battle is over" if ending else "the turn ends; the battle is over")
        )
        return
    pass_turn(turn, ending)


def begin_end_phase(turn: Turn, ending: str, forget: list[str]) -> None:
    """``ending``'s turn may end (it is its turn, past Reach and Upkeep): its End phase, and the spells it forgets."""
    unit = turn.unit(ending)
    if turn.state.active is not None and ending != turn.state.active:
        raise RuleRefusal(f"it is {turn.state.active}'s turn, not {ending}'s", rule="turn order")
    phase = turn.state.phase
    if phase in ("reach", "upkeep") and not unit.out:
        raise RuleRefusal(
            f"{ending} is in its {PHASE_NAMES[phase]}: the Reach phase and Upkeep come before the End phase",
            rule="phases",
            tip="do: reach_phase, then do: upkeep (uphold nothing if it keeps nothing), then do: end_turn",
        )
    if turn.state.phase is not None:
        enter_phase(turn, ending, "end", "End phase")
    forget_spells(turn, unit, forget)


def burn_mana(turn: Turn, burners: list[Combatant]) -> None:
    """Mana burn: mana left above the maximum at the End phase is damage off Life, and the mana drops to the
    maximum."""
    for unit in burners:
        excess = unit.mana - unit.max_mana
        if excess > 0 and not unit.out:
            why = f"mana burn: {unit.mana} mana, {excess} over the maximum {unit.max_mana}; "
            life = tell_life_lost(turn, unit, excess, None, why)
            fleeing = unit.fleeing + excess if unit.fleeing is not None else None
            unit = turn.put(replace(unit, mana=unit.max_mana, life=life, fleeing=fleeing))
            if life == 0:
                fall(turn, unit, None)


def settle_flights(turn: Turn) -> None:
    """A combatant that fled this turn escapes if it took fewer than 5 damage while fleeing; otherwise it stays."""
    for unit in turn.state.combatants:
        if unit.fleeing is None or not unit.in_fight:
            continue
        if unit.fleeing < 5:
            turn.put(replace(unit, fleeing=None, out=True, out_reason="fled"))
            reason = f"it took {unit.fleeing} damage (fewer than 5) while fleeing"
            turn.emit(Defeat(unit=unit.name, by=None, reason=reason, how="fled"))
            check_result(turn, unit.name, None, "fled")
        else:
            turn.put(replace(unit, fleeing=None))
            turn.emit(Note(unit=unit.name, text=f"{unit.name} took {unit.fleeing} damage while fleeing: it stays"))


def reset_turn_limits(turn: Turn, ending: str | None) -> None:
    """What lasts until end of turn ends for everyone: Toughness left and Power/Toughness changes, actions, moves,
    attacks, commands and casts; the summoning sickness of the ending character's creatures (of all, with no one
    named); a push-back too when no turns are kept (with turns, it lasts until the combatant prepares again)."""
    kept_turns = turn.state.phase is not None or turn.state.result is not None
    reset: list[str] = []
    for unit in turn.state.combatants:
        if unit.toughness_pool is not None or unit.power_change or unit.toughness_change:
            reset.append(unit.name)
        sick = unit.summoning_sick and (ending is None or unit.controller == ending)
        turn.put(
            replace(
                unit,
                toughness_pool=None,
                power_change=0,
                toughness_change=0,
                actions_used=0,
                moved=False,
                attacked=False,
                commanded=False,
                commands_closed=False,
                spells_cast=0,
                reached=False,
                upkept=False,
                pushed_back=unit.pushed_back and kept_turns,
                summoning_sick=unit.summoning_sick and not sick,
            )
        )
    if reset:
        turn.emit(Note(text=f"end of turn: Power and Toughness reductions end ({', '.join(reset)})"))


def pass_turn(turn: Turn, ending: str | None) -> None:
    """The next in the order still in the fight takes its turn (after the last, the first, and the turn number
    goes up; with no order kept, only the number goes up)."""
    order = [n for n in turn.state.order if not turn.unit(n).out]
    active = turn.state.active
    number = turn.state.turn
    if active is not None and order:
        position = turn.state.order.index(active)
        following = [n for n in turn.state.order[position + 1 :] if n in order]
        if following:
            active = following[0]
        else:
            active, number = order[0], number + 1
    elif active is None:
        number += 1
    turn.state = replace(turn.state, active=active, turn=number)
    whose = f"{ending}'s" if ending else "the"
    turn.emit(Note(text=f"{whose} turn ends" + (f"; now {active}'s turn" if active else "")))
    if active is not None and turn.state.phase is not None:
        start_turn(turn, active, number)


def forget_spells(turn: Turn, unit: Combatant, forget: list[str]) -> None:
    """End phase: a character with more spells in Memory than half its Memory (rounded up) forgets the excess."""
    excess = len(unit.memory_spells) - unit.memory_limit
    if not unit.tracks_spells or unit.out or excess <= 0:
        if forget:
            raise RuleRefusal(
                f"{unit.name} has {len(unit.memory_spells)} spell(s) in Memory, not more than half its Memory "
                f"{unit.memory} rounded up ({unit.memory_limit}): it forgets nothing",
                rule="memory",
            )
        return
    in_memory = ", ".join(unit.memory_spells)
    if len(forget) != excess:
        raise RuleRefusal(
            f"{unit.name} has {len(unit.memory_spells)} spells in Memory, more than half its Memory {unit.memory} "
            f"rounded up ({unit.memory_limit}): it must forget {excess}, not {len(forget)}",
            rule="memory",
            tip=f"list {excess} of them under 'forget:' on the end_turn (in Memory: {in_memory})",
        )
    left = list(unit.memory_spells)
    for name in forget:
        if name not in left:
            raise RuleRefusal(f"{name} is not in {unit.name}'s Memory (in Memory: {in_memory})", rule="memory")
        left.remove(name)
    library = unit.library
    if turn.options.forgotten_spells == "bottom_of_library":
        library = (*library, *forget)
        turn.ruling("forgotten_spells", "bottom_of_library", "forgotten spells go to the bottom of the Library")
    else:
        turn.ruling("forgotten_spells", "lost", "forgotten spells are gone for the rest of the fight")
    turn.put(replace(unit, memory_spells=tuple(left), library=library))
    turn.emit(
        Note(
            unit=unit.name,
            text=f"End phase: {unit.name} forgets {', '.join(forget)} (Memory {unit.memory}: keeps at most "
            f"{unit.memory_limit}; keeps {', '.join(left) or 'nothing'})",
        )
    )


def _character_in_turn(turn: Turn, name: str, *, doing: str, step: str, rule: str) -> Combatant:
    """The character taking a phase step of its own turn (``step``: "a Reach phase"), or the refusal saying why not."""
    unit = turn.unit(name)
    check_in_fight(unit, doing)
    if not unit.is_character:
        raise RuleRefusal(f"{unit.name} is a creature: only characters have {step}", rule=rule)
    active = turn.state.active
    if active is not None and active != unit.name:
        raise RuleRefusal(f"it is {active}'s turn, not {unit.name}'s", rule="turn order")
    return unit


def resolve_reach_phase(turn: Turn, action: ReachPhaseAction) -> None:
    unit = _character_in_turn(turn, action.unit, doing="draw mana", step="a Reach phase", rule="reach")
    now = turn.state.phase
    if now is not None and now != "reach":
        raise RuleRefusal(f"{unit.name}'s Reach phase is over this turn (now its {PHASE_NAMES[now]})", rule="phases")
    if unit.reached:
        raise RuleRefusal(f"{unit.name} has had its Reach phase this turn", rule="phases")
    if action.draw and unit.library:
        drawn, *rest = unit.library
        unit = turn.put(replace(unit, memory_spells=(*unit.memory_spells, drawn), library=tuple(rest)))
        turn.emit(Note(unit=unit.name, text=f"Reach phase: {unit.name} adds {drawn} from its Library to its Memory"))
    elif action.draw and unit.tracks_spells:
        turn.emit(Note(unit=unit.name, text=f"{unit.name}'s Library is empty: no spell to add to Memory"))
    close = [u.name for u in turn.state.enemies(unit) if SCALE.at_or_closer(turn.state.band(unit.name, u.name), "near")]
    gain = unit.reach
    if close:
        gain = max(0, unit.reach - BAND_RULES["near"].reach_penalty)
        turn.emit(
            Modifier(
                applies_to="mana regained",
                reason=f"Reach −2: at near range of {', '.join(close)}",
                amount=gain - unit.reach,
                total=gain,
                unit=unit.name,
            )
        )
    mana = max(unit.mana, min(unit.max_mana, unit.mana + gain))
    turn.emit(
        Modifier(
            applies_to=f"{unit.name}'s mana",
            reason=f"Reach phase: regains {gain}, up to the maximum {unit.max_mana}",
            amount=mana - unit.mana,
            total=mana,
            unit=unit.name,
        )
    )
    if action.colorless:
        turn.emit(
            Modifier(
                applies_to=f"{unit.name}'s mana",
                reason=f"colourless mana above the maximum {unit.max_mana}: spend it by the End phase or it burns",
                amount=action.colorless,
                total=mana + action.colorless,
                unit=unit.name,
            )
        )
        mana += action.colorless
    turn.put(replace(unit, mana=mana, reached=True))
    if turn.state.phase is not None:
        enter_phase(turn, unit.name, "upkeep", f"Upkeep: uphold up to Focus {unit.focus} permanents and creatures")


def resolve_upkeep(turn: Turn, action: UpkeepAction) -> None:
    """Upkeep: Focus upholds permanent effects and creatures; upheld creatures are refreshed, the rest are not, and
    permanent effects not upheld end."""
    unit = _character_in_turn(turn, action.unit, doing="uphold anything", step="an Upkeep", rule="upkeep")
    phase = turn.state.phase
    if phase == "reach":
        raise RuleRefusal(f"{unit.name}'s Reach phase comes before its Upkeep", rule="phases", tip="do: reach_phase")
    if phase is not None and phase != "upkeep":
        raise RuleRefusal(f"{unit.name}'s Upkeep is over this turn (now its {PHASE_NAMES[phase]})", rule="phases")
    if unit.upkept:
        raise RuleRefusal(f"{unit.name} has had its Upkeep this turn", rule="phases")
    if len(set(action.uphold)) != len(action.uphold):
        raise RuleRefusal("each permanent or creature is upheld once", rule="upkeep")
    standing = [p for p in turn.state.permanents if p.caster == unit.name and turn.unit(p.target).in_fight]
    mine = {p.spell for p in standing}
    creatures = [c.name for c in turn.state.combatants if c.controller == unit.name and not c.out]
    for name in action.uphold:
        if name not in mine and name not in creatures:
            held = ", ".join([*sorted(mine), *creatures]) or "nothing"
            raise RuleRefusal(
                f"{name} is neither a permanent effect of {unit.name}'s nor a creature it controls (it has: {held})",
                rule="upkeep",
            )
    focus = sum(sum(p.spell == name for p in standing) or 1 for name in action.uphold)  # each copy takes Focus
    if focus > unit.focus:
        raise RuleRefusal(f"{unit.name} upholds {focus}, more than its Focus {unit.focus}", rule="focus")
    kept = frozenset(action.uphold)
    end_permanents(turn, unit.name, "not upheld in the Upkeep", keep=kept)
    for name in creatures:
        creature = turn.unit(name)
        if name in kept:
            turn.put(replace(creature, refreshed=True, pushed_back=False))
            turn.emit(StatusApplied(unit=name, status="refreshed", reason=f"{unit.name} spends Focus on it"))
        else:
            turn.put(replace(creature, refreshed=False))
            turn.emit(Note(unit=name, text=f"{name} is not upheld: it stays, but is not refreshed this turn"))
    unit = turn.put(replace(turn.unit(unit.name), upheld=focus, upkept=True))
    spare = max(0, unit.focus - focus)
    turn.emit(
        Note(
            unit=unit.name,
            text=f"Upkeep: {unit.name} upholds {focus} with Focus {unit.focus}"
            + (f" ({', '.join(action.uphold)})" if kept else "")
            + f"; it may cast {spare} spell(s) that are not Instants this turn",
        )
    )
    if phase is not None:
        enter_phase(
            turn, unit.name, "main", f"action phase: {count(unit.speed, 'action')} (Speed {unit.speed}), commands first"
        )
