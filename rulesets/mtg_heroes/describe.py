"""The one-line header of each action in the log."""

from __future__ import annotations

from typing import Any

from .model import (
    AttackAction,
    CastAction,
    DamageAction,
    DelayAction,
    EffectAction,
    EndTurnAction,
    FleeAction,
    InitiativeAction,
    ModifyAction,
    MoveAction,
    ReachPhaseAction,
    RegenerateAction,
    SkillTestAction,
    SummonAction,
    UpkeepAction,
)


def describe_action(action: Any) -> tuple[str | None, str, str]:
    if isinstance(action, AttackAction):
        return action.attacker, "attack", f"{action.attacker} attacks {action.target}"
    if isinstance(action, MoveAction):
        return action.unit, "move", f"{action.unit} moves to {action.to} range"
    if isinstance(action, SkillTestAction):
        who = action.unit or f"[{action.identity}]"
        what = " / ".join(action.skill_names())
        level = action.difficulty or f"target {action.target}"
        return action.unit, "skill_test", f"{who} tests {what} ({level})"
    if isinstance(action, InitiativeAction):
        return None, "initiative", "initiative: the turn order is fixed"
    if isinstance(action, DelayAction):
        return action.unit, "delay", f"{action.unit} delays until after {action.after}"
    if isinstance(action, ReachPhaseAction):
        return action.unit, "reach_phase", f"{action.unit}'s Reach phase"
    if isinstance(action, UpkeepAction):
        what = ", ".join(action.uphold) or "nothing"
        return action.unit, "upkeep", f"{action.unit}'s Upkeep: upholds {what}"
    if isinstance(action, CastAction):
        aim = f" at {action.target}" if action.target else ""
        answer = f" in response to {action.responds_to}" if action.responds_to else ""
        return action.caster, "cast", f"{action.caster} casts {action.spell}{aim}{answer}"
    if isinstance(action, EffectAction):
        return action.by, "effect", f"{action.effect} effect on {action.target}"
    if isinstance(action, FleeAction):
        return action.unit, "flee", f"{action.unit} tries to flee"
    if isinstance(action, DamageAction):
        by = f" from {action.by}" if action.by else ""
        return action.by, "damage", f"{action.amount} damage to {action.target}{by} ({action.source})"
    if isinstance(action, ModifyAction):
        return None, "modify", f"{action.unit} gets {action.power:+d}/{action.toughness:+d} ({action.source})"
    if isinstance(action, RegenerateAction):
        return action.unit, "regenerate", f"{action.unit} regenerates"
    if isinstance(action, SummonAction):
        return action.caster, "summon", f"{action.caster} summons {action.creature}"
    if isinstance(action, EndTurnAction):
        return action.unit, "end_turn", f"end of {action.unit}'s turn" if action.unit else "end of turn"
    raise TypeError(f"unknown action {action!r}")  # pragma: no cover
