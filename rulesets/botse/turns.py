"""The other actions: a move (up to Stamina hexes through open hexes), an aura, and a turn's end with the next
turn's Recovery step.
"""

from __future__ import annotations

from tabroll.errors import RuleRefusal
from tabroll.events import Move, Note
from tabroll.frozen import replace
from tabroll.geometry.hex import Hex

from .model import AuraAction, EndTurnAction, MoveAction
from .reactions import apply_effect, react
from .setup import FATIGUE_DIE
from .state import Adventurer, Battle, Creature
from .work import Work


def resolve_move(work: Work, action: MoveAction) -> None:
    adventurer = work.adventurer(action.adventurer)
    if adventurer.defeated:
        raise RuleRefusal(f"{adventurer.name} is defeated", rule="move")
    if adventurer.engages and adventurer.moves:
        raise RuleRefusal(
            f"{adventurer.name} already moved this turn: a turn with engages allows only one move",
            rule="move and engage",
        )
    to = (action.to[0], action.to[1])
    battle = work.state
    if not battle.map.contains(to) or to in battle.map.blocked:
        raise RuleRefusal(f"hex {list(to)} is off the map or blocked", rule="move")
    other = battle.unit_at(to)
    if other is not None and other.name != adventurer.name:
        raise RuleRefusal(f"hex {list(to)} is taken by {other.name}", rule="move")
    if work.options.movement == "stamina":
        work.ruling("movement", "stamina", "a move goes up to Stamina hexes, through open hexes")
        steps = hex_steps(battle, adventurer, to)
        if steps is None:
            raise RuleRefusal(f"{adventurer.name} has no path to {list(to)} through open hexes", rule="movement")
        if steps > adventurer.stamina:
            raise RuleRefusal(
                f"{list(to)} is {steps} hexes away by the shortest open path; {adventurer.name} moves up to "
                f"{adventurer.stamina} (Stamina)",
                rule="movement",
            )
    else:
        work.ruling("movement", "unchecked", "movement allowance and paths are not checked")
    moved = replace(adventurer, position=to, moves=adventurer.moves + 1, moved_after_engage=adventurer.engages > 0)
    work.put(moved)
    work.emit(Move(unit=adventurer.name, origin=adventurer.position, destination=to, path=(to,)))


def hex_steps(battle: Battle, adventurer: Adventurer, to: Hex) -> int | None:
    """The fewest steps from the adventurer's hex to ``to`` through hexes that are on the map, not blocked
    and not taken by another living unit (the goal included), or None when there is no way."""
    start = adventurer.position
    if start == to:
        return 0
    seen = {start}
    frontier = [start]
    steps = 0
    while frontier:
        steps += 1
        following: list[Hex] = []
        for here in frontier:
            for _, there in battle.map.neighbours(here):
                if there in seen or there in battle.map.blocked or not battle.map.contains(there):
                    continue
                other = battle.unit_at(there)
                if other is not None and other.name != adventurer.name:
                    continue
                if there == to:
                    return steps
                seen.add(there)
                following.append(there)
        frontier = following
    return None


def resolve_aura(work: Work, action: AuraAction) -> None:
    owner = work.unit(action.unit)
    if not isinstance(owner, Creature):
        raise RuleRefusal(f"{action.unit} has no aura: only enemies and companions have triggered skills", rule="aura")
    skill = next((s for s in owner.skills if s.name == action.skill and s.when == "aura"), None)
    if skill is None:
        auras = [s.name for s in owner.skills if s.when == "aura"]
        raise RuleRefusal(
            f"{owner.name} has no aura called '{action.skill}'",
            rule="aura",
            tip=f"its auras: {', '.join(auras)}" if auras else None,
        )
    if owner.defeated:
        raise RuleRefusal(f"{owner.name} is defeated", rule="aura")
    work.emit(Note(text=f"{skill.name} is not an engage: no unit is engaged by it"))
    apply_effect(work, owner, skill.name, "aura", skill.effect, None, engage=False)
    react(work, None, action)


def resolve_end_turn(work: Work, action: EndTurnAction) -> None:
    """The turn ends and the adventurer's next one starts: engages and moves reset, then its Recovery step
    (ruling ``recovery``, from the game's turn sequence): the Cooldown stat's number of dice leave the cooldown
    track from the left; skill dice return to the attribute rows, light fatigue dice are discarded; the rest
    slide left."""
    adventurer = work.adventurer(action.adventurer)
    if adventurer.defeated:
        raise RuleRefusal(f"{adventurer.name} is defeated", rule="end_turn")
    adventurer = replace(adventurer, engages=0, moves=0, moved_after_engage=False)
    work.put(adventurer)
    work.emit(Note(text=f"{adventurer.name}'s turn ends: the next engage is the first of a turn", unit=adventurer.name))
    if work.options.recovery == "none":
        work.ruling("recovery", "none", "ending a turn leaves the cooldown track as it is")
        return
    work.ruling(
        "recovery",
        "cooldown_stat",
        "the next turn's Recovery step removes Cooldown-stat dice from the left of the cooldown track",
    )
    dice = [d for d in adventurer.cooldown if d is not None]
    leaving, staying = dice[: adventurer.cooldown_stat], dice[adventurer.cooldown_stat :]
    recovered = tuple(d for d in leaving if d != FATIGUE_DIE)
    fatigue = len(leaving) - len(recovered)
    track = tuple(staying) + (None,) * (len(adventurer.cooldown) - len(staying))
    light = adventurer.light_fatigue - fatigue if work.options.fatigue == "track" else adventurer.light_fatigue
    work.put(
        replace(
            adventurer,
            cooldown=track,
            available=(*adventurer.available, *recovered),
            light_fatigue=max(0, light),
        )
    )
    parts = []
    if recovered:
        parts.append(f"{', '.join(recovered)} back to the attribute rows")
    if fatigue:
        parts.append(f"{fatigue} light fatigue {'die' if fatigue == 1 else 'dice'} discarded")
    work.emit(
        Note(
            text=f"Recovery (Cooldown {adventurer.cooldown_stat}): "
            + ("; ".join(parts) if parts else "the cooldown track is empty"),
            unit=adventurer.name,
        )
    )
