"""The other actions: a move, an aura, and a turn's end with the next turn's Recovery step."""

from __future__ import annotations

from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import Move, Note
from tabroll.geometry.hex import Hex

from .messages import _, dice_words, n_, p_
from .model import AuraAction, EndTurnAction, MoveAction
from .reactions import apply_effect, react
from .setup import FATIGUE_DIE
from .state import Adventurer, Battle, Creature
from .work import BotseTurn


def resolve_move(work: BotseTurn, action: MoveAction) -> None:
    adventurer = work.state.adventurer(action.adventurer)
    if adventurer.defeated:
        raise RuleRefusal(_("{unit} is defeated", unit=adventurer.name), rule=p_("rule", "move"))
    if adventurer.engages and adventurer.moves:
        raise RuleRefusal(
            _("{unit} already moved this turn: a turn with engages allows only one move", unit=adventurer.name),
            rule=p_("rule", "move and engage"),
        )
    to = action.to
    battle = work.state
    if not battle.map.contains(to) or to in battle.map.blocked:
        raise RuleRefusal(_("hex {hex} is off the map or blocked", hex=list(to)), rule=p_("rule", "move"))
    other = battle.unit_at(to)
    if other is not None and other.name != adventurer.name:
        raise RuleRefusal(_("hex {hex} is taken by {unit}", hex=list(to), unit=other.name), rule=p_("rule", "move"))
    if work.options.movement == "stamina":
        work.ruling("movement", "stamina", _("a move goes up to Stamina hexes, through open hexes"))
        steps = hex_steps(battle, adventurer, to)
        if steps is None:
            raise RuleRefusal(
                _("{unit} has no path to {hex} through open hexes", unit=adventurer.name, hex=list(to)),
                rule=p_("rule", "movement"),
            )
        if steps > adventurer.stamina:
            raise RuleRefusal(
                n_(
                    "{hex} is {n} hexes away by the shortest open path; {unit} moves up to {stamina} (Stamina)",
                    "{hex} is {n} hexes away by the shortest open path; {unit} moves up to {stamina} (Stamina)",
                    steps,
                    hex=list(to),
                    unit=adventurer.name,
                    stamina=adventurer.stamina,
                ),
                rule=p_("rule", "movement"),
            )
    else:
        work.ruling("movement", "unchecked", _("movement allowance and paths are not checked"))
    moved = replace(adventurer, position=to, moves=adventurer.moves + 1, moved_after_engage=adventurer.engages > 0)
    work.put(moved)
    work.emit(Move(unit=adventurer.name, origin=adventurer.position, destination=to, path=(to,)))


def hex_steps(battle: Battle, adventurer: Adventurer, to: Hex) -> int | None:
    """The fewest steps from the adventurer's hex to ``to`` through hexes that are on the map, not blocked
    and not taken by another living unit (the goal included), or None when there is no way."""
    steps = {adventurer.position: 0}  # each hex reached, by its fewest steps
    queue = [adventurer.position]
    for here in queue:  # breadth first: the hexes reached are appended as the queue is read
        if here == to:
            return steps[here]
        for _side, there in battle.map.neighbours(here):
            if there in steps or there in battle.map.blocked or not battle.map.contains(there):
                continue
            other = battle.unit_at(there)
            if other is None or other.name == adventurer.name:
                steps[there] = steps[here] + 1
                queue.append(there)
    return None


def resolve_aura(work: BotseTurn, action: AuraAction) -> None:
    owner = work.state.unit(action.unit)
    if not isinstance(owner, Creature):
        raise RuleRefusal(
            _("{unit} has no aura: only enemies and companions have triggered skills", unit=action.unit),
            rule=p_("rule", "aura"),
        )
    skill = next((s for s in owner.skills if s.name == action.skill and s.when == "aura"), None)
    if skill is None:
        auras = [s.name for s in owner.skills if s.when == "aura"]
        raise RuleRefusal(
            _("{unit} has no aura called '{skill}'", unit=owner.name, skill=action.skill),
            rule=p_("rule", "aura"),
            tip=_("its auras: {auras}", auras=", ".join(auras)) if auras else None,
        )
    if owner.defeated:
        raise RuleRefusal(_("{unit} is defeated", unit=owner.name), rule=p_("rule", "aura"))
    work.emit(Note(text=_("{skill} is not an engage: no unit is engaged by it", skill=skill.name)))
    apply_effect(work, owner, skill, None)
    react(work, None, action)


def resolve_end_turn(work: BotseTurn, action: EndTurnAction) -> None:
    """The turn ends: engages and moves reset, then the next turn's Recovery step (ruling ``recovery``, from the
    game's turn sequence) frees the Cooldown stat's number of dice from the left of the cooldown track."""
    adventurer = work.state.adventurer(action.adventurer)
    if adventurer.defeated:
        raise RuleRefusal(_("{unit} is defeated", unit=adventurer.name), rule=p_("rule", "end_turn"))
    adventurer = replace(adventurer, engages=0, moves=0, moved_after_engage=False)
    work.put(adventurer)
    work.emit(
        Note(
            text=_("{unit}'s turn ends: the next engage is the first of a turn", unit=adventurer.name),
            unit=adventurer.name,
        )
    )
    if work.options.recovery == "none":
        work.ruling("recovery", "none", _("ending a turn leaves the cooldown track as it is"))
        return
    work.ruling(
        "recovery",
        "cooldown_stat",
        _("the next turn's Recovery step removes Cooldown-stat dice from the left of the cooldown track"),
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
        parts.append(_("{dice} back to the attribute rows", dice=dice_words(recovered)))
    if fatigue:
        parts.append(n_("{n} light fatigue die discarded", "{n} light fatigue dice discarded", fatigue))
    what = "; ".join(parts) if parts else _("the cooldown track is empty")
    work.emit(
        Note(
            text=_("Recovery (Cooldown {cooldown}): {what}", cooldown=adventurer.cooldown_stat, what=what),
            unit=adventurer.name,
        )
    )
