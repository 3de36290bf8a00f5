"""Magic: The Gathering of Heroes resolution: direct combat, ranges, turns, mana and skill tests.

``resolve(battle, action, dice) -> (events, battle)``. Nothing here prints, reads files or draws a random number
except through ``dice``. A refusal by the rules raises :class:`RuleRefusal` before any die is rolled and before
any state changes (the engine turns it into a ``refused`` event).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tabroll.dice.sources import DiceSource
from tabroll.errors import InputError, RuleRefusal
from tabroll.events import (
    Damage,
    Defeat,
    Event,
    Heal,
    Hit,
    Immune,
    Miss,
    Modifier,
    Note,
    Spend,
    StatusApplied,
)
from tabroll.turn import ActionLog

from .events import BandChange, TurnOrder
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
)
from .skills import check_skill
from .state import BAND_RULES, SCALE, Battle, Combatant

MAX_TIE_ROUNDS = 20
"""Opposed initiative rolls that tie again and again stop here (the listed order then stands)."""


@dataclass
class Turn(ActionLog):
    """The working area of one action: the battle as it evolves (plus the dice and events of ActionLog)."""

    battle: Battle

    @property
    def options(self) -> Any:
        return self.battle.options

    def roll(self, count: int, purpose: str, unit: str | None) -> int:
        """Roll ``count`` d6 (every die logged); 0 dice total 0 and are noted, not rolled."""
        if count <= 0:
            self.emit(Note(unit=unit, text=f"{purpose}: no dice (0), total 0"))
            return 0
        return self.roll_dice(f"{count}d6", purpose, unit).total

    def current(self, name: str) -> Combatant:
        return self.battle.unit(name)

    def update(self, unit: Combatant) -> Combatant:
        self.battle = self.battle.with_unit(unit)
        return unit

    def set_band(self, a: str, b: str, band: str, reason: str) -> None:
        before = self.battle.band(a, b)
        if before == band:
            return
        self.battle = dataclasses.replace(self.battle, bands=self.battle.bands.with_band(a, b, band))
        self.emit(BandChange(first=a, second=b, before=before, after=band, reason=reason))


def resolve(battle: Battle, action: Any, dice: DiceSource) -> tuple[list[Event], Battle]:
    turn = Turn(battle=battle, dice=dice)
    handler = HANDLERS.get(type(action))
    if handler is None:  # pragma: no cover - the scenario model admits only these kinds
        raise TypeError(f"unknown action {action!r}")
    handler(turn, action)
    return turn.events, turn.battle


# --- who may act ------------------------------------------------------------------------------------------


def check_in_fight(unit: Combatant, role: str) -> None:
    if unit.out:
        raise RuleRefusal(f"{unit.name} is out of the fight ({unit.out_reason}) and cannot {role}", rule="out")
    if unit.life <= 0:
        raise RuleRefusal(f"{unit.name} is at 0 Life and cannot {role}", rule="out")


def take_action(turn: Turn, unit: Combatant, verb: str) -> Combatant:
    """Check that ``unit`` may act now and charge the action: its own, or its controller's Command."""
    check_in_fight(unit, verb)
    active = turn.battle.active
    if unit.controller is not None:
        if unit.summoning_sick and not unit.has("haste"):
            raise RuleRefusal(
                f"{unit.name} was summoned this turn: summoning sickness, it cannot be commanded until next turn",
                rule="summoning sickness",
                tip="a creature with Haste can be commanded at once",
            )
        boss = turn.current(unit.controller)
        if boss.out or boss.life <= 0:
            raise RuleRefusal(f"{unit.name}'s controller {boss.name} is out of the fight", rule="command")
        if active is not None and active != boss.name:
            raise RuleRefusal(
                f"it is {active}'s turn: {unit.name} acts when {boss.name} commands it on its own turn",
                rule="turn order",
            )
        if not boss.commanded:
            if boss.actions_used > 0:
                raise RuleRefusal(
                    f"{boss.name} already took another action this turn: commands come before other actions",
                    rule="command",
                )
            charge(turn, boss, "Command (any number of creatures, once per turn)")
            turn.update(dataclasses.replace(turn.current(boss.name), commanded=True))
        return turn.current(unit.name)
    if active is not None and active != unit.name:
        raise RuleRefusal(f"it is {active}'s turn, not {unit.name}'s", rule="turn order")
    return charge(turn, unit, verb)


def charge(turn: Turn, unit: Combatant, verb: str) -> Combatant:
    if unit.actions_used >= unit.speed:
        raise RuleRefusal(
            f"{unit.name} has used all its {unit.speed} action(s) this turn (Speed {unit.speed})",
            rule="actions",
            tip="a 'do: end_turn' action starts the next turn",
        )
    used = unit.actions_used + 1
    turn.emit(Note(unit=unit.name, text=f"{unit.name} takes action {used} of {unit.speed}: {verb}"))
    return turn.update(dataclasses.replace(unit, actions_used=used))


# --- direct combat ----------------------------------------------------------------------------------------


def resolve_attack(turn: Turn, action: AttackAction) -> None:
    attacker = turn.current(action.attacker)
    target = turn.current(action.target)
    if attacker.name == target.name:
        raise RuleRefusal(f"{attacker.name} cannot attack itself", rule="target")
    check_in_fight(attacker, "attack")
    check_in_fight(target, "be attacked")
    if attacker.side == target.side:
        raise RuleRefusal(f"{attacker.name} and {target.name} are on the same side ({target.side})", rule="target")
    follow_up = attacker.extra_attack
    if attacker.attacked and not follow_up:
        raise RuleRefusal(f"{attacker.name} already attacked this turn: one attack per turn", rule="attack")
    if attacker.moved and not follow_up:
        raise RuleRefusal(f"{attacker.name} moved this turn, so it cannot attack this turn", rule="move")
    band = turn.battle.band(attacker.name, target.name)
    if not BAND_RULES[band].fight:
        raise RuleRefusal(
            f"{attacker.name} is at {band} range from {target.name}: {BAND_RULES[band].why_not}", rule="range"
        )
    defender = target
    if action.intercept_by is not None:
        defender = check_intercept(turn, attacker, target, action.intercept_by)
    if follow_up:
        attacker = turn.update(dataclasses.replace(attacker, extra_attack=False))
        turn.emit(Note(unit=attacker.name, text=f"{attacker.name} takes its Trample follow-up attack"))
    else:
        attacker = take_action(turn, attacker, f"attack {defender.name}")
    turn.update(dataclasses.replace(turn.current(attacker.name), attacked=True))
    if defender is not target:
        turn.emit(
            Note(
                unit=defender.name,
                text=f"{target.name} orders {defender.name} to step in: {attacker.name} must fight it instead",
            )
        )
    exchange(turn, attacker.name, defender.name, action)


def check_intercept(turn: Turn, attacker: Combatant, target: Combatant, name: str) -> Combatant:
    interceptor = turn.current(name)
    if not target.is_character:
        raise RuleRefusal(
            f"only a character that is attacked may order an intercept; {target.name} is a creature", rule="intercept"
        )
    if interceptor.controller != target.name:
        raise RuleRefusal(f"{interceptor.name} is not a creature controlled by {target.name}", rule="intercept")
    check_in_fight(interceptor, "step in")
    if interceptor.summoning_sick and not interceptor.has("haste"):
        raise RuleRefusal(
            f"{interceptor.name} was summoned this turn: summoning sickness, it cannot be ordered to step in",
            rule="summoning sickness",
        )
    band = turn.battle.band(attacker.name, interceptor.name)
    if not SCALE.at_or_closer(band, "near"):
        raise RuleRefusal(
            f"{interceptor.name} is at {band} range from {attacker.name}: only a creature at near range of the "
            "attacker can step in",
            rule="intercept",
        )
    return interceptor


def exchange(turn: Turn, attacker: str, defender: str, action: AttackAction) -> None:
    """One exchange at direct range: attack, counterattack (First Strike decides the order), then back to near."""
    before = turn.battle.band(attacker, defender)
    turn.set_band(attacker, defender, "direct", "attack: the exchange begins")
    counter = turn.options.counterattack if action.counterattack is None else action.counterattack
    if counter and turn.current(defender).fleeing is not None:
        turn.emit(Note(unit=defender, text=f"{defender} is fleeing and does not fight back"))
        counter = False
    a_first, d_first = (turn.current(n).has("first strike") for n in (attacker, defender))
    killed = False
    if d_first and not a_first and counter:
        turn.emit(Note(unit=defender, text=f"First Strike: {defender} strikes first; {attacker} only if it survives"))
        strike(turn, defender, attacker, "counterattack")
        if turn.current(attacker).in_fight:
            killed = strike(turn, attacker, defender, "attack")
        else:
            turn.emit(Note(unit=attacker, text=f"{attacker} fell to the first strike and deals no damage"))
    else:
        if a_first and not d_first:
            turn.emit(
                Note(unit=attacker, text=f"First Strike: {attacker} strikes first; {defender} only if it survives")
            )
        elif a_first and d_first:
            turn.emit(Note(text="both have First Strike: attack, then counterattack as usual"))
        killed = strike(turn, attacker, defender, "attack")
        if not counter:
            turn.emit(Note(unit=defender, text=f"{defender} does not counterattack"))
        elif turn.current(defender).in_fight:
            strike(turn, defender, attacker, "counterattack")
        else:
            turn.emit(Note(unit=defender, text=f"{defender} is at 0 Life and cannot counterattack"))
    turn.set_band(attacker, defender, "near" if before == "direct" else before, "the exchange is over")
    after_exchange(turn, attacker, defender, killed)


def strike(turn: Turn, striker_name: str, victim_name: str, what: str) -> bool:
    """``striker``'s Power dice against ``victim``'s Toughness; the excess comes off Life. True if it kills."""
    striker = turn.current(striker_name)
    attack = turn.roll(striker.power_now, f"{what}: {striker.name}'s Power {striker.power_now}d6", striker.name)
    victim = turn.current(victim_name)
    reading = turn.options.toughness_after_exchange
    if victim.toughness_pool is None or reading == "reroll":
        dice = victim.toughness_now
        defence = turn.roll(dice, f"defence: {victim.name}'s Toughness {dice}d6", victim.name)
        if reading == "reroll":
            turn.ruling("toughness_after_exchange", "reroll", "every attack rolls the defender's Toughness afresh")
        elif reading == "pool":
            turn.ruling(
                "toughness_after_exchange",
                "pool",
                "the defence total is the Toughness left to the defender until end of turn; each attack lowers it",
            )
    else:
        defence = victim.toughness_pool
        if reading == "pool":
            text = f"{victim.name}'s Toughness this turn is what is left of its defence roll: {defence} (no new roll)"
        else:
            text = f"{victim.name} already fought this turn: its Toughness is 0 until end of turn (no roll)"
        turn.ruling("toughness_after_exchange", reading, text)
    excess = max(0, attack - defence)
    if excess > 0:
        turn.emit(
            Hit(
                attacker=striker.name,
                target=victim.name,
                result=attack,
                needed=defence + 1,
                rule=f"{what} {attack} > defence {defence}",
            )
        )
    else:
        turn.emit(
            Miss(
                attacker=striker.name,
                target=victim.name,
                result=attack,
                needed=defence + 1,
                rule=f"{what} {attack} does not beat defence {defence}",
            )
        )
    life = max(0, victim.life - excess)
    if excess > 0:
        turn.emit(
            Damage(
                attacker=striker.name,
                target=victim.name,
                amount=excess,
                rule=f"{attack} − {defence} = {excess} off Life {victim.life} → {life}",
                defeats=life == 0,
            )
        )
    pool: int | None = victim.toughness_pool
    if reading == "pool":
        pool = max(0, defence - attack)
        if pool != defence:
            turn.emit(
                Modifier(
                    applies_to=f"{victim.name}'s Toughness until end of turn",
                    reason=f"lowered by the {what} total {attack}, not below 0",
                    amount=pool - defence,
                    total=pool,
                    unit=victim.name,
                )
            )
    elif reading == "zero":
        if victim.toughness_pool is None:
            turn.ruling("toughness_after_exchange", "zero", "after an exchange Toughness is 0 until end of turn")
            turn.emit(
                Modifier(
                    applies_to=f"{victim.name}'s Toughness until end of turn",
                    reason="it has fought this turn",
                    amount=-defence,
                    total=0,
                    unit=victim.name,
                )
            )
        pool = 0
    fleeing = victim.fleeing + excess if victim.fleeing is not None else None
    victim = turn.update(dataclasses.replace(victim, life=life, toughness_pool=pool, fleeing=fleeing))
    if life == 0 and excess > 0:
        fall(turn, victim, striker.name)
        return True
    return False


def fall(turn: Turn, unit: Combatant, by: str | None) -> None:
    """A combatant at 0 Life leaves the fight: a character loses, a creature is destroyed (unless Indestructible)."""
    if unit.is_character:
        reason = "Life 0: a character is never destroyed; it loses the battle and forgets the spells in its Memory"
        turn.update(dataclasses.replace(unit, out=True, out_reason="lost the battle"))
        turn.emit(Defeat(unit=unit.name, by=by, reason=reason))
    elif unit.has("indestructible"):
        turn.update(dataclasses.replace(unit, out=True, out_reason="beaten at 0 Life"))
        turn.emit(
            StatusApplied(
                unit=unit.name,
                status="beaten",
                reason="Life 0; Indestructible, so not destroyed, but out of the fight until regenerated",
            )
        )
    else:
        turn.update(dataclasses.replace(unit, out=True, out_reason="destroyed"))
        turn.emit(Defeat(unit=unit.name, by=by, reason="Life 0: destroyed"))


def after_exchange(turn: Turn, attacker: str, defender: str, killed: bool) -> None:
    unit = turn.current(attacker)
    if not unit.in_fight:
        return
    if unit.has("vigilance"):
        turn.emit(Note(unit=attacker, text=f"Vigilance: {attacker} is not pushed back and need not prepare again"))
    else:
        turn.emit(
            StatusApplied(
                unit=attacker, status="pushed back", reason="after the exchange it must prepare to fight again"
            )
        )
    if killed and unit.has("trample"):
        turn.update(dataclasses.replace(unit, extra_attack=True))
        turn.emit(
            Note(
                unit=attacker,
                text=f"Trample: {attacker} killed {defender}; it may at once move to attack another target or go "
                f"to far range from {defender} (offered: its next action may take it)",
            )
        )


# --- moving between ranges --------------------------------------------------------------------------------


def resolve_move(turn: Turn, action: MoveAction) -> None:
    unit = turn.current(action.unit)
    try:
        wanted = SCALE.parse(action.to)
    except InputError as err:
        raise RuleRefusal(err.message, tip=err.tip, rule="range") from None
    if wanted == "direct":
        raise RuleRefusal("direct range is entered only by attacking (do: attack)", rule="range")
    check_in_fight(unit, "move")
    follow_up = unit.extra_attack
    if unit.moved and not follow_up:
        raise RuleRefusal(f"{unit.name} already moved this turn: one move per turn", rule="move")
    if action.relative_to is not None:
        others = [turn.current(name) for name in action.relative_to]
        if unit.name in action.relative_to:
            raise RuleRefusal(f"{unit.name} has no range to itself", rule="range")
    else:
        others = [u for u in turn.battle.enemies(unit) if u.in_fight]
    if not others:
        raise RuleRefusal(f"{unit.name} has no one to move closer to or away from", rule="range")
    for other in others:
        current = turn.battle.band(unit.name, other.name)
        if current == wanted:
            raise RuleRefusal(f"{unit.name} is already at {wanted} range from {other.name}", rule="range")
        if current == "direct":
            raise RuleRefusal(f"{unit.name} is fighting {other.name} at direct range", rule="range")
    if follow_up:
        turn.update(dataclasses.replace(unit, extra_attack=False))
        turn.emit(Note(unit=unit.name, text=f"{unit.name} takes its Trample follow-up move"))
    else:
        take_action(turn, unit, f"move to {wanted} range")
    turn.update(dataclasses.replace(turn.current(unit.name), moved=True))
    for other in others:
        turn.set_band(unit.name, other.name, wanted, f"{unit.name} moves")
    turn.emit(Note(unit=unit.name, text=f"{unit.name} moved: it cannot attack or flee this turn"))


# --- skill tests ------------------------------------------------------------------------------------------


def resolve_skill_test(turn: Turn, action: SkillTestAction) -> None:
    identity = action.identity
    if action.unit is not None:
        unit = turn.current(action.unit)
        if identity is None:
            identity = unit.identity
    assert identity is not None
    events = check_skill(
        identity,
        action.skill_names(),
        turn.dice,
        difficulty=action.difficulty,
        target=action.target,
        reading=turn.options.difficulty_target,
        unit=action.unit,
    )
    turn.events.extend(events)


# --- initiative and turns ---------------------------------------------------------------------------------


def resolve_initiative(turn: Turn, action: InitiativeAction) -> None:
    actors = [u for u in turn.battle.combatants if u.in_fight and u.controller is None]
    if not actors:
        raise RuleRefusal("no one is left in the fight to take turns", rule="initiative")
    order: list[str] = []
    speeds = sorted({u.speed for u in actors}, reverse=True)
    for speed in speeds:
        tied = [u for u in actors if u.speed == speed]
        order.extend(break_tie(turn, tied) if len(tied) > 1 else [tied[0].name])
    turn.battle = dataclasses.replace(turn.battle, order=tuple(order), active=order[0])
    turn.emit(TurnOrder(order=tuple(order), reason="highest Speed first; ties by opposed Speed rolls"))


def break_tie(turn: Turn, tied: list[Combatant]) -> list[str]:
    """Opposed Speed rolls (Speed d6 each, at least one die): higher total first, equal totals roll again."""
    turn.emit(Note(text=f"Speed {tied[0].speed} tie: {', '.join(u.name for u in tied)} roll opposed Speed"))
    groups: list[list[Combatant]] = [tied]
    for _ in range(MAX_TIE_ROUNDS):
        if all(len(g) == 1 for g in groups):
            break
        next_groups: list[list[Combatant]] = []
        for group in groups:
            if len(group) == 1:
                next_groups.append(group)
                continue
            totals = {u.name: turn.roll(max(1, u.speed), f"initiative: {u.name}'s Speed", u.name) for u in group}
            for total in sorted(set(totals.values()), reverse=True):
                next_groups.append([u for u in group if totals[u.name] == total])
        groups = next_groups
    else:
        turn.emit(Note(text=f"still tied after {MAX_TIE_ROUNDS} rounds of rolls: the listed order stands"))
    return [u.name for g in groups for u in g]


def resolve_delay(turn: Turn, action: DelayAction) -> None:
    order = list(turn.battle.order)
    if not order:
        raise RuleRefusal("there is no turn order yet", rule="initiative", tip="resolve a 'do: initiative' first")
    for name in (action.unit, action.after):
        turn.current(name)
        if name not in order:
            raise RuleRefusal(f"{name} has no turn of its own in the order", rule="initiative")
    if action.unit == action.after:
        raise RuleRefusal(f"{action.unit} cannot delay after itself", rule="initiative")
    order.remove(action.unit)
    order.insert(order.index(action.after) + 1, action.unit)
    active = turn.battle.active
    if active == action.unit:
        position = list(turn.battle.order).index(action.unit)
        active = turn.battle.order[position + 1] if position + 1 < len(turn.battle.order) else order[0]
    turn.battle = dataclasses.replace(turn.battle, order=tuple(order), active=active)
    turn.emit(TurnOrder(order=tuple(order), reason=f"{action.unit} delays until after {action.after}"))


def resolve_end_turn(turn: Turn, action: EndTurnAction) -> None:
    ending = action.unit or turn.battle.active
    if ending is not None:
        turn.current(ending)
        if turn.battle.active is not None and ending != turn.battle.active:
            raise RuleRefusal(f"it is {turn.battle.active}'s turn, not {ending}'s", rule="turn order")
    burners = [turn.current(ending)] if ending is not None else list(turn.battle.combatants)
    for unit in burners:
        excess = unit.mana - unit.max_mana
        if excess > 0 and not unit.out:
            life = max(0, unit.life - excess)
            turn.emit(
                Damage(
                    attacker=unit.name,
                    target=unit.name,
                    amount=excess,
                    rule=f"mana burn: {unit.mana} mana, {excess} over the maximum {unit.max_mana}; "
                    f"Life {unit.life} → {life}",
                    defeats=life == 0,
                )
            )
            fleeing = unit.fleeing + excess if unit.fleeing is not None else None
            unit = turn.update(dataclasses.replace(unit, mana=unit.max_mana, life=life, fleeing=fleeing))
            if life == 0:
                fall(turn, unit, None)
    for unit in turn.battle.combatants:
        if unit.fleeing is None or not unit.in_fight:
            continue
        if unit.fleeing < 5:
            turn.update(dataclasses.replace(unit, fleeing=None, out=True, out_reason="fled"))
            turn.emit(
                StatusApplied(
                    unit=unit.name, status="fled", reason=f"it took {unit.fleeing} damage (fewer than 5) while fleeing"
                )
            )
        else:
            turn.update(dataclasses.replace(unit, fleeing=None))
            turn.emit(Note(unit=unit.name, text=f"{unit.name} took {unit.fleeing} damage while fleeing: it stays"))
    reset: list[str] = []
    for unit in turn.battle.combatants:
        if unit.toughness_pool is not None or unit.power_change or unit.toughness_change:
            reset.append(unit.name)
        sick = unit.summoning_sick and (ending is None or unit.controller == ending)
        turn.update(
            dataclasses.replace(
                unit,
                toughness_pool=None,
                power_change=0,
                toughness_change=0,
                actions_used=0,
                moved=False,
                attacked=False,
                extra_attack=False,
                commanded=False,
                summoning_sick=unit.summoning_sick and not sick,
            )
        )
    if reset:
        turn.emit(Note(text=f"end of turn: Power and Toughness reductions end ({', '.join(reset)})"))
    order = [n for n in turn.battle.order if not turn.current(n).out]
    active = turn.battle.active
    number = turn.battle.turn
    if active is not None and order:
        position = turn.battle.order.index(active)
        following = [n for n in turn.battle.order[position + 1 :] if n in order]
        if following:
            active = following[0]
        else:
            active, number = order[0], number + 1
    elif active is None:
        number += 1
    turn.battle = dataclasses.replace(turn.battle, active=active, turn=number)
    turn.emit(Note(text=f"{ending or 'the'} turn ends" + (f"; now {active}'s turn" if active else "")))


# --- mana, spells and effects -----------------------------------------------------------------------------


def resolve_reach_phase(turn: Turn, action: ReachPhaseAction) -> None:
    unit = turn.current(action.unit)
    check_in_fight(unit, "draw mana")
    if not unit.is_character:
        raise RuleRefusal(f"{unit.name} is a creature: only characters have a Reach phase", rule="reach")
    active = turn.battle.active
    if active is not None and active != unit.name:
        raise RuleRefusal(f"it is {active}'s turn, not {unit.name}'s", rule="turn order")
    close = [
        u.name for u in turn.battle.enemies(unit) if SCALE.at_or_closer(turn.battle.band(unit.name, u.name), "near")
    ]
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
    turn.update(dataclasses.replace(unit, mana=mana))


def resolve_cast(turn: Turn, action: CastAction) -> None:
    caster = turn.current(action.caster)
    check_in_fight(caster, "cast")
    if caster.is_character and action.cost > caster.mastery:
        raise RuleRefusal(
            f"{action.spell} costs {action.cost}, above {caster.name}'s Mastery {caster.mastery}", rule="mastery"
        )
    if action.cost > caster.mana:
        raise RuleRefusal(f"{action.spell} costs {action.cost}; {caster.name} has {caster.mana} mana", rule="mana")
    if action.target is not None:
        target = turn.current(action.target)
        band = turn.battle.band(caster.name, target.name) if target.name != caster.name else "direct"
        if action.creature_only and not BAND_RULES[band].target_creature_only:
            raise RuleRefusal(
                f"{target.name} is at {band} range from {caster.name}: {BAND_RULES[band].why_not}", rule="range"
            )
    if action.responds_to is not None:
        if not action.instant and not action.split_second:
            raise RuleRefusal("only an Instant (or a Split Second spell) can respond to a spell", rule="instant")
        if action.responds_to == caster.name:
            raise RuleRefusal(f"{caster.name} cannot respond to its own spell", rule="instant")
        other = turn.current(action.responds_to)
        if action.split_second:
            turn.emit(Note(unit=caster.name, text="Split Second: it responds to anything, with no Speed test"))
        elif not opposed_speed(turn, caster, other, responder=caster):
            turn.emit(
                Note(unit=caster.name, text=f"{caster.name} is too slow: {action.spell} is not cast, no mana spent")
            )
            return
    if action.split_second:
        turn.emit(Note(unit=caster.name, text=f"Split Second: no one can respond to {action.spell}"))
    if not action.instant:
        if caster.is_character and caster.spells_cast >= caster.focus:
            raise RuleRefusal(
                f"{caster.name} has cast {caster.spells_cast} spell(s) this turn, its Focus {caster.focus}",
                rule="focus",
            )
        caster = take_action(turn, caster, f"cast {action.spell}")
    else:
        turn.emit(Note(unit=caster.name, text=f"{action.spell} is an Instant: no action, any phase"))
    caster = turn.current(caster.name)
    left = caster.mana - action.cost
    turn.update(dataclasses.replace(caster, mana=left, spells_cast=caster.spells_cast + (not action.instant)))
    turn.emit(Spend(unit=caster.name, resource="mana", amount=action.cost, remaining=left))
    aim = f" at {action.target}" if action.target else ""
    turn.emit(Note(unit=caster.name, text=f"{caster.name} casts {action.spell}{aim}; it is spent for the day"))


def resolve_effect(turn: Turn, action: EffectAction) -> None:
    target = turn.current(action.target)
    by = action.by or "an effect"
    if target.out:
        raise RuleRefusal(f"{target.name} is already out of the fight ({target.out_reason})", rule="out")
    if target.is_character:
        turn.emit(
            Immune(
                attacker=by,
                target=target.name,
                reason=f"characters are immune to {action.effect} effects; they only win or lose the battle",
            )
        )
        return
    if action.effect == "destroy" and target.has("indestructible"):
        turn.emit(Immune(attacker=by, target=target.name, reason="Indestructible: it cannot be destroyed"))
        return
    if action.effect == "control":
        if action.by is None:
            raise RuleRefusal("a control effect needs 'by': the character who takes control", rule="control")
        boss = turn.current(action.by)
        if not boss.is_character:
            raise RuleRefusal(f"{boss.name} is a creature: only a character controls creatures", rule="control")
        turn.update(dataclasses.replace(target, controller=boss.name, side=boss.side))
        turn.emit(StatusApplied(unit=target.name, status=f"controlled by {boss.name}", reason="control effect"))
        return
    reason = "destroyed" if action.effect == "destroy" else "exiled"
    turn.update(dataclasses.replace(target, out=True, out_reason=reason))
    turn.emit(Defeat(unit=target.name, by=action.by, reason=f"{reason} by a {action.effect} effect"))


def resolve_modify(turn: Turn, action: ModifyAction) -> None:
    unit = turn.current(action.unit)
    check_in_fight(unit, "be changed")
    changed = turn.update(
        dataclasses.replace(
            unit,
            power_change=unit.power_change + action.power,
            toughness_change=unit.toughness_change + action.toughness,
        )
    )
    for stat, base, old, new in (
        ("Power", unit.power, unit.power_now, changed.power_now),
        ("Toughness", unit.toughness, unit.toughness_now, changed.toughness_now),
    ):
        if new != old:
            turn.emit(
                Modifier(
                    applies_to=f"{unit.name}'s {stat} (printed {base})",
                    reason=f"{action.source}, until end of turn",
                    amount=new - old,
                    total=new,
                    unit=unit.name,
                )
            )


def resolve_regenerate(turn: Turn, action: RegenerateAction) -> None:
    unit = turn.current(action.unit)
    if unit.is_character:
        raise RuleRefusal(f"{unit.name} is a character: only creatures regenerate", rule="regenerate")
    if not unit.has("regenerate"):
        raise RuleRefusal(f"{unit.name} has no Regenerate", rule="regenerate")
    if unit.out_reason == "exiled":
        raise RuleRefusal(f"{unit.name} was exiled and cannot come back", rule="regenerate")
    back = unit.out and unit.out_reason != "lost the battle"
    turn.update(dataclasses.replace(unit, life=unit.max_life, out=False if back else unit.out, out_reason=""))
    turn.emit(
        Heal(
            unit=unit.name,
            amount=unit.max_life - unit.life,
            before=None,
            after=None,
            reason=f"Regenerate: lost Life comes back, Life {unit.life} → {unit.max_life}"
            + ("; it returns to the fight" if back else ""),
        )
    )


def resolve_summon(turn: Turn, action: SummonAction) -> None:
    caster = turn.current(action.caster)
    check_in_fight(caster, "summon")
    if not caster.is_character:
        raise RuleRefusal(f"{caster.name} is a creature: only characters summon", rule="summon")
    found = [u for u in turn.battle.reserve if u.name == action.creature]
    if not found:
        names = ", ".join(u.name for u in turn.battle.reserve) or "none"
        raise RuleRefusal(f"'{action.creature}' is not in the reserve (reserve: {names})", rule="summon")
    creature = dataclasses.replace(
        found[0], controller=caster.name, side=caster.side, summoning_sick=not found[0].has("haste")
    )
    battle = turn.battle
    bands = battle.bands
    for other in battle.combatants:
        if other.name != caster.name:
            bands = bands.with_band(creature.name, other.name, battle.band(caster.name, other.name))
    bands = bands.with_band(creature.name, caster.name, "near")
    turn.battle = dataclasses.replace(
        battle,
        combatants=(*battle.combatants, creature),
        reserve=tuple(u for u in battle.reserve if u.name != creature.name),
        bands=bands,
    )
    status = (
        "Haste: it can be commanded at once"
        if not creature.summoning_sick
        else ("summoning sickness: it cannot be commanded until next turn")
    )
    turn.emit(StatusApplied(unit=creature.name, status=f"summoned by {caster.name}", reason=status))


def opposed_speed(turn: Turn, actor: Combatant, other: Combatant, *, responder: Combatant) -> bool:
    """An opposed Speed test (Speed d6 each, at least one die): True when ``actor`` wins; ties go to ``responder``."""
    mine = turn.roll(max(1, actor.speed), f"opposed Speed: {actor.name}", actor.name)
    theirs = turn.roll(max(1, other.speed), f"opposed Speed: {other.name}", other.name)
    wins = mine > theirs or (mine == theirs and responder.name == actor.name)
    sign = ">" if mine > theirs else "<" if mine < theirs else "="
    tie = f"; a tie goes to the responder, {responder.name}" if mine == theirs else ""
    winner = actor.name if wins else other.name
    turn.emit(Note(unit=actor.name, text=f"opposed Speed {mine} {sign} {theirs}{tie}: {winner} wins"))
    return wins


def resolve_flee(turn: Turn, action: FleeAction) -> None:
    unit = turn.current(action.unit)
    check_in_fight(unit, "flee")
    if not unit.is_character:
        raise RuleRefusal(f"{unit.name} is a creature: only characters flee", rule="flee")
    if unit.fleeing is not None:
        raise RuleRefusal(f"{unit.name} is already fleeing", rule="flee")
    if unit.moved:
        raise RuleRefusal(f"{unit.name} moved this turn, so it cannot flee this turn", rule="move")
    if unit.actions_used or unit.commanded:
        raise RuleRefusal(f"fleeing must be {unit.name}'s first action of the turn", rule="flee")
    for enemy in turn.battle.enemies(unit):
        band = turn.battle.band(unit.name, enemy.name)
        if band != "far" and enemy.in_fight:
            raise RuleRefusal(
                f"{unit.name} is at {band} range from {enemy.name}: a character flees only from far range",
                rule="range",
                tip="move to far range first, on an earlier turn",
            )
    unit = take_action(turn, unit, "flee (the rest of the turn is forfeit)")
    unit = turn.update(dataclasses.replace(unit, actions_used=max(unit.speed, unit.actions_used)))
    turn.emit(Note(unit=unit.name, text=f"{unit.name} flees: its permanent effects end"))
    for creature in turn.battle.combatants:
        if creature.controller == unit.name and not creature.out:
            turn.update(dataclasses.replace(creature, out=True, out_reason="dismissed"))
            turn.emit(StatusApplied(unit=creature.name, status="dismissed", reason=f"{unit.name} flees"))
    others = [u for u in turn.battle.combatants if u.name != unit.name and u.in_fight]
    enemies = [u for u in others if u.side != unit.side]
    if enemies and all(unit.speed >= other.speed + 2 for other in others):
        turn.emit(Note(unit=unit.name, text=f"Speed {unit.speed} is 2 or more above everyone: it may escape at once"))
        if all(opposed_speed(turn, unit, enemy, responder=enemy) for enemy in enemies):
            turn.update(dataclasses.replace(turn.current(unit.name), out=True, out_reason="fled"))
            turn.emit(StatusApplied(unit=unit.name, status="fled", reason="it won the opposed Speed test"))
            return
    turn.update(dataclasses.replace(turn.current(unit.name), fleeing=0))
    turn.emit(
        StatusApplied(
            unit=unit.name,
            status="fleeing",
            reason="it escapes at the end of the turn if it takes fewer than 5 damage and does not fight",
        )
    )


def resolve_damage(turn: Turn, action: DamageAction) -> None:
    target = turn.current(action.target)
    check_in_fight(target, "take damage")
    life = max(0, target.life - action.amount)
    turn.emit(
        Damage(
            attacker=action.by or action.source,
            target=target.name,
            amount=action.amount,
            rule=f"{action.source}: Life {target.life} → {life}",
            defeats=life == 0,
        )
    )
    fleeing = target.fleeing + action.amount if target.fleeing is not None else None
    target = turn.update(dataclasses.replace(target, life=life, fleeing=fleeing))
    if life == 0 and action.amount > 0:
        fall(turn, target, action.by)


HANDLERS: dict[type, Any] = {
    AttackAction: resolve_attack,
    MoveAction: resolve_move,
    SkillTestAction: resolve_skill_test,
    InitiativeAction: resolve_initiative,
    DelayAction: resolve_delay,
    EndTurnAction: resolve_end_turn,
    ReachPhaseAction: resolve_reach_phase,
    CastAction: resolve_cast,
    EffectAction: resolve_effect,
    FleeAction: resolve_flee,
    DamageAction: resolve_damage,
    ModifyAction: resolve_modify,
    RegenerateAction: resolve_regenerate,
    SummonAction: resolve_summon,
}
