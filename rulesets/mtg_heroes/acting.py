"""Who may act, and what acting costs: a combatant in the fight, in its turn's action phase, charged one of its
actions (Speed) or, for a creature, its controller's Command once a turn.
"""

from __future__ import annotations

from tabroll.errors import RuleRefusal
from tabroll.events import Note
from tabroll.frozen import replace
from tabroll.words import count

from .state import PHASE_NAMES, Combatant, LastAct
from .work import Turn


def check_in_fight(unit: Combatant, role: str) -> None:
    if unit.out:
        raise RuleRefusal(f"{unit.name} is out of the fight ({unit.out_reason}) and cannot {role}", rule="out")
    if unit.life <= 0:
        raise RuleRefusal(f"{unit.name} is at 0 Life and cannot {role}", rule="out")


def check_phase(turn: Turn, unit: Combatant, doing: str) -> None:
    """Once the turn order is fixed, the active combatant acts only in its action phase (after Reach and Upkeep)."""
    battle = turn.state
    if battle.phase is None or battle.active != unit.name or battle.phase == "main":
        return
    missing = {"reach": "do: reach_phase, then do: upkeep", "upkeep": "do: upkeep"}.get(battle.phase, "")
    raise RuleRefusal(
        f"{unit.name} is in its {PHASE_NAMES[battle.phase]}: it can {doing} only in its action phase",
        rule="phases",
        tip=f"first {missing}" if missing else None,
    )


def take_action(turn: Turn, unit: Combatant, verb: str, *, free: bool = False) -> Combatant:
    """Check that ``unit`` may act now and charge the action: its own, or its controller's Command.

    A character's commands come first: its first action of another kind closes commanding for the turn."""
    check_in_fight(unit, verb)
    active = turn.state.active
    if unit.controller is not None:
        if unit.summoning_sick and not unit.has("haste"):
            raise RuleRefusal(
                f"{unit.name} was summoned this turn: summoning sickness, it cannot be commanded until next turn",
                rule="summoning sickness",
                tip="a creature with Haste can be commanded at once",
            )
        boss = turn.unit(unit.controller)
        if boss.out or boss.life <= 0:
            raise RuleRefusal(f"{unit.name}'s controller {boss.name} is out of the fight", rule="command")
        if active is not None and active != boss.name:
            raise RuleRefusal(
                f"it is {active}'s turn: {unit.name} acts when {boss.name} commands it on its own turn",
                rule="turn order",
            )
        check_phase(turn, boss, f"command {unit.name}")
        if turn.state.phase is not None and turn.options.creatures_need_upkeep and not unit.refreshed:
            turn.ruling(
                "creatures_need_upkeep", True, "a creature acts only in a turn its controller upheld it with Focus"
            )
            raise RuleRefusal(
                f"{unit.name} was not refreshed: {boss.name} spent no Focus on it in this turn's Upkeep",
                rule="upkeep",
                tip=f"name it in {boss.name}'s 'do: upkeep' (uphold: [{unit.name}])",
            )
        if boss.commands_closed:
            raise RuleRefusal(
                f"{boss.name} already took another action this turn: commands come before other actions",
                rule="command",
            )
        if not boss.commanded:
            charge(turn, boss, "Command (any number of creatures, once per turn)")
            turn.put(replace(turn.unit(boss.name), commanded=True))
        turn.change(last_act=LastAct(actor=unit.name, controller=boss.name, what=verb))
        return turn.unit(unit.name)
    if active is not None and active != unit.name:
        raise RuleRefusal(f"it is {active}'s turn, not {unit.name}'s", rule="turn order")
    check_phase(turn, unit, verb)
    if free:
        turn.emit(Note(unit=unit.name, text=f"{unit.name} {verb}: a free action (it spends none of its actions)"))
        charged = unit
    else:
        charged = charge(turn, unit, verb)
    if unit.is_character and unit.commanded and not unit.commands_closed:
        turn.emit(Note(unit=unit.name, text=f"{unit.name}'s commands are over for this turn: it acts itself now"))
    return turn.put(replace(charged, commands_closed=True))


def charge(turn: Turn, unit: Combatant, verb: str) -> Combatant:
    if unit.actions_used >= unit.speed:
        raise RuleRefusal(
            f"{unit.name} has used all its {count(unit.speed, 'action')} this turn (Speed {unit.speed})",
            rule="actions",
            tip="a 'do: end_turn' action starts the next turn",
        )
    used = unit.actions_used + 1
    turn.emit(Note(unit=unit.name, text=f"{unit.name} takes action {used} of {unit.speed}: {verb}"))
    return turn.put(replace(unit, actions_used=used))
