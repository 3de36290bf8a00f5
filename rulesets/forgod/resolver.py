"""F0R60D rules: ``resolve(state, action, dice) -> Resolution``.

Pure: no printing, no files, every die drawn from the injected source. An action the rules forbid raises
:class:`RuleRefusal`; the engine then keeps the state as it was, so a refusal half-way changes nothing. Every
handler works on one :class:`~.turn.Turn` (the battle and the action's log), so each ruling is told once per
action; :data:`HANDLERS` is the one table from action class to handler.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from tabroll.dice.sources import DiceSource
from tabroll.engine import Resolution
from tabroll.errors import RuleRefusal
from tabroll.events import Damage, Defeat, GameOver, Hit, Miss, Modifier, StatusApplied
from tabroll.kit import Handlers
from tabroll.records import replace

from .abilities import use_ability
from .bonuses import (
    Bonus,
    absorption_active,
    absorption_off,
    attack_bonuses,
    check_bonuses,
    damage_bonuses,
    evasion_bonuses,
    is_ranged,
)
from .events import CardsLost, Multiplier, OpposedCheck
from .model import (
    AbilityAction,
    AttackAction,
    ChangeStrategyAction,
    ChargeAction,
    CheckAction,
    FlankAction,
    HealAction,
    ImpactAction,
    InitiativeAction,
    MoveAction,
    ParalyseAction,
    RegroupAction,
    ReinforcementsAction,
    ReleaseAction,
    ResponseInput,
    RoyalGuardAction,
    ShieldAction,
)
from .state import Battle, Card, Charge
from .strategy import change_strategy, regroup, reinforcements
from .turn import Turn, begin_turn, charge_due, remove, restore, turn_moves

MAX_INITIATIVE_ROLLS = 50


# --- who may attack whom ------------------------------------------------------------------------------------


def _attack_refusal(
    state: Battle, attacker: Card, target: Card, mode: str | None, *, reach: bool = True, through_guard: bool = False
) -> None:
    """Refuse an attack the rules forbid; ``reach=False`` before the tactical move, which may bring it in reach."""
    a, t = attacker.name, target.name
    if a == t or attacker.side == target.side:
        raise RuleRefusal(f"{a} and {t} are on the same side", rule="target")
    if not target.on_board:
        raise RuleRefusal(f"{t} is no longer on the field", rule="target")
    protected = state.shield_of(a)
    if protected is not None:
        raise RuleRefusal(
            f"{a} is the shield of {protected} and cannot attack",
            tip=f"end it first: do: release, unit: {a}",
            rule="Escudo",
        )
    commander = state.guarding(a)
    if commander is not None:
        raise RuleRefusal(
            f"{a} is the royal guard of {commander} and cannot attack",
            tip=f"end it first: do: release, unit: {a}",
            rule="Guardia Real",
        )
    covered = state.covering(a)
    if covered is not None:
        raise RuleRefusal(
            f"{a} covers the charge of {covered.charger} and cannot attack while it lasts", rule="Cubrir Carga"
        )
    guard = state.guard_of(t)
    if guard is not None and not through_guard:
        raise RuleRefusal(
            f"{t} is protected by the royal guard {guard}: eliminate {guard} first",
            tip=f"an area attack on {guard} (area: true) also reaches the commander behind it",
            rule="Guardia Real",
        )
    if mode == "ranged" and attacker.attack_type == "melee":
        raise RuleRefusal(f"{a} has no ranged attack (TA: cuerpo a cuerpo)", rule="TA")
    if mode == "melee" and attacker.attack_type == "ranged":
        raise RuleRefusal(f"{a} has no melee attack (TA: rango)", rule="TA")
    if attacker.kind == "power":
        return
    if target.in_air and not attacker.in_air and not is_ranged(attacker, target, mode):
        raise RuleRefusal(
            f"{t} is in the air: only air cards and ranged attacks reach it, and {a} attacks in melee from the ground",
            rule="Terreno",
        )
    if reach and attacker.reach is not None and attacker.position is not None and target.position is not None:
        distance = state.distance(attacker.position, target.position)
        if distance > attacker.reach:
            raise RuleRefusal(f"{t} is {distance} squares away; {a} reaches {attacker.reach}", rule="attack area")


def _attack_count(turn: Turn, attacker: Card, target: Card, times: int | None) -> int:
    frequency = attacker.attacks
    charge = turn.state.charge_by(target.name)
    if charge is not None and charge.cover is not None:
        floor = turn.state.options.cover_fa_floor
        reduced = max(floor, frequency - 2)
        turn.emit(
            Modifier(
                applies_to="FA",
                reason=f"Cubrir Carga por {charge.cover}",
                amount=reduced - frequency,
                total=reduced,
                unit=attacker.name,
            )
        )
        turn.ruling("cover_fa_floor", floor, f"FA after Cubrir Carga never drops below {floor}")
        frequency = reduced
    if frequency <= 0:
        raise RuleRefusal(f"{attacker.name} has FA {frequency} against {target.name}: no attack", rule="FA")
    if times is not None and times > frequency:
        raise RuleRefusal(f"{attacker.name} has FA {frequency}; it cannot attack {times} times", rule="FA")
    return times if times is not None else frequency


# --- one attack ---------------------------------------------------------------------------------------------


def _strike(
    turn: Turn,
    attacker_name: str,
    target_name: str,
    *,
    extra_attack: Sequence[Bonus] = (),
    extra_damage: Sequence[Bonus] = (),
    multiplier: tuple[int, str] | None = None,
    mode: str | None = None,
    orange: bool = False,
    keep_absorption: bool = False,
    attack_die: int | None = None,
    before_damage: Sequence[ResponseInput] = (),
    then: Hashable = None,
) -> bool:
    """One attack roll against one evasion roll, then damage. Returns whether it was evaded.

    ``attack_die``: the die of an area attack, rolled once for every card it covers. ``then``: what the callers
    do once this strike is over, as a hashable value (their loop index, the cards still to strike…), for the
    exact walk's checkpoint before the damage roll (:meth:`~.turn.Turn.mark`)."""
    state = turn.state
    attacker, target = state.unit(attacker_name), state.unit(target_name)
    a, t = attacker.name, target.name
    bonuses, notes = attack_bonuses(state, attacker, target, mode=mode, orange=orange)
    for text in notes:
        turn.note(text, a)
    if attack_die is None:
        attack_die = turn.d10(f"attack roll of {a} vs {t}", a)
    else:
        turn.note(f"the area attack's die, {attack_die}, against {t}", a)
    attack_total = turn.apply(attack_die, [*bonuses, *extra_attack], "attack roll", a)
    evasion_die = turn.d10(f"evasion roll of {t}", t)
    evasion_total = turn.apply(evasion_die, evasion_bonuses(state, target), "evasion roll", t)
    if evasion_die == 10:
        evaded = True
        rule = (
            "both natural 10: the defender evades"
            if attack_die == 10
            else f"natural 10 on the evasion die: evaded whatever the totals ({evasion_total} vs {attack_total})"
        )
    elif attack_die == 10:
        evaded = False
        rule = f"natural 10 (critical): only a natural 10 evades it ({attack_total} vs evasion {evasion_total})"
    elif evasion_total >= attack_total:
        evaded = True
        rule = f"evasion {evasion_total} ≥ attack {attack_total} (ties go to the defender)"
    else:
        evaded = False
        rule = f"attack {attack_total} > evasion {evasion_total}"
    if evaded:
        turn.emit(Miss(attacker=a, target=t, result=attack_total, needed=evasion_total + 1, rule=rule))
        return True
    turn.emit(Hit(attacker=a, target=t, result=attack_total, needed=evasion_total + 1, rule=rule))
    if before_damage:
        _answer_before_damage(turn, a, before_damage)
    critical = attack_die == 10
    # What follows reads only the battle, these values and what the callers do next (``then``): the hits of
    # every attack and evasion roll that lead here with the same criticality share the damage roll's subtree.
    turn.mark(("damage", a, t, critical, tuple(extra_damage), multiplier, keep_absorption, then))
    state = turn.state
    attacker, target = state.unit(a), state.unit(t)
    damage_die = turn.d10(f"damage vs {t}", a)
    bonuses, notes = damage_bonuses(state, attacker, target)
    for text in notes:
        turn.note(text, a)
    total = turn.apply(damage_die, [*bonuses, *extra_damage], "damage", a)
    factors: list[tuple[int, str]] = []
    if multiplier is not None:
        factors.append(multiplier)
    if critical:
        factors.append((2, "crítico"))
    absorbs = _absorptions(turn, target, keep_absorption)
    order = turn.state.options.multiplier_order
    if factors and absorbs:
        turn.ruling(
            "multiplier_order",
            order,
            "the damage is multiplied, then absorptions are subtracted"
            if order == "before_absorption"
            else "absorptions are subtracted, then what is left is multiplied",
        )
    if order == "before_absorption":
        total = _multiply(turn, total, factors, t)
        total = turn.apply(total, absorbs, "damage", t)
    else:
        total = _at_least_zero(turn, turn.apply(total, absorbs, "damage", t), t)
        total = _multiply(turn, total, factors, t)
    _wound(turn, a, t, _at_least_zero(turn, total, t), then)
    return False


def _at_least_zero(turn: Turn, total: int, unit: str) -> int:
    if total < 0:
        turn.emit(Modifier(applies_to="damage", reason="never below 0", amount=-total, total=0, unit=unit))
        return 0
    return total


def _answer_before_damage(turn: Turn, attacker: str, responses: Sequence[ResponseInput]) -> None:
    """Abilities played after the hit and before the damage roll, each as a response to ``attacker``'s attack
    (never a turn): healing, or an enemy's instant answer."""
    turn.note("before the damage roll: " + ", ".join(f"{r.unit} uses {r.ability}" for r in responses))
    for response in responses:
        answer = AbilityAction(
            do="ability", unit=response.unit, ability=response.ability, target=response.target, response=True, dice=None
        )
        use_ability(turn, answer, answering=attacker)


def _multiply(turn: Turn, total: int, factors: Sequence[tuple[int, str]], unit: str) -> int:
    for factor, reason in factors:
        total *= factor
        turn.emit(Multiplier(applies_to="damage", reason=reason, factor=factor, total=total, unit=unit))
    return total


def _absorptions(turn: Turn, target: Card, keep: bool) -> list[Bonus]:
    """The absorptions the target applies to this hit (as negative damage bonuses); marks Absorción as used."""
    state = turn.state
    t = target.name
    charge = state.charge_by(t)
    if (charge is not None and charge.flank) or t in state.exposed:
        if target.absorption or target.constant_absorption:
            turn.note(f"{t} is flanking and cannot apply any absorption", t)
        return []
    if not absorption_active(state, target):
        if target.absorption or target.constant_absorption:
            turn.note(f"{t}'s absorptions are not active: {absorption_off(state, target)}", t)
        return []
    sign = state.options.absorption_sign
    adjust: list[Bonus] = []
    if state.line_of(target) == "front":
        adjust.append(("Avanzada", -2 if sign == "as_damage" else 2))
    for shield in state.shields_on(t):
        adjust.append((f"Escudo {shield}", 2 if sign == "as_damage" else -2))
    if adjust:
        turn.ruling(
            "absorption_sign",
            sign,
            "line and shield changes to absorption are read as changes to the damage taken"
            if sign == "as_damage"
            else "line and shield changes to absorption keep their printed signs",
        )
    armour = [a for a in target.additions if a.kind == "armour"]
    absorbs: list[Bonus] = []
    per_round = target.absorption + sum(a.absorption for a in armour)
    if keep:
        turn.note(f"{t} keeps its Absorción for a later attack this round", t)
    elif target.absorption_used:
        turn.note(f"{t} already used its Absorción this round", t)
    else:
        value = turn.apply(per_round, adjust, "Absorción", t)
        absorbs.append(("Absorción (una vez por ronda)", -value))
        turn.put(replace(target, absorption_used=True))
    constant = target.constant_absorption + sum(a.constant_absorption for a in armour)
    value = turn.apply(constant, adjust, "Absorción Constante", t)
    absorbs.append(("Absorción Constante", -value))
    return absorbs


def _wound(turn: Turn, attacker: str, target_name: str, amount: int, then: Hashable = None) -> None:
    """Damage fills one card's PV at a time; each card filled is annihilated and the rest carries over. The
    ``damage`` event says the PV the unit lost (never more than it had, over all its cards) and the PV left on
    the card that takes the next damage."""
    target = turn.unit(target_name)
    front = target.front_life
    standing = front + (target.cards - 1) * target.life  # the PV the unit has left, over all its cards
    pool = target.wounds + amount
    lost = min(target.cards, pool // target.life)
    left = target.cards - lost
    wounds = pool - lost * target.life if left else 0
    life_left = target.life - wounds if left else 0
    if target.cards == 1:
        rule = f"PV {front} - {amount} = {front - amount}" + (": annihilated" if left == 0 else "")
    else:
        rule = (
            f"{amount} damage fills PV {front} of the front card and then {target.life} per card: "
            f"{lost} of {target.cards} cards fall" + (f", PV {life_left} left on the next" if left else "")
        )
    turn.emit(
        Damage(
            attacker=attacker,
            target=target_name,
            amount=amount,
            rule=rule,
            defeats=left == 0,
            pool="PV",
            lost=min(amount, standing),
            left=life_left,
        )
    )
    if lost and target.cards > 1:
        turn.emit(CardsLost(unit=target_name, lost=lost, left=left, life_left=life_left))
    turn.put(replace(target, cards=left if left else target.cards, wounds=wounds))
    if left == 0:
        turn.emit(Defeat(unit=target_name, by=attacker, reason="PV 0 or less: to the Panteón", how="annihilated"))
        remove(turn, target_name)
        if target.commander:
            _commander_fallen(turn, target, then)


def _commander_fallen(turn: Turn, commander: Card, then: Hashable = None) -> None:
    """Each troop of the fallen commander's side rolls Moral against the commander's; the losers flee.

    ``then``: what the callers do afterwards (see :func:`_strike`)."""
    troops = [c for c in turn.state.living(commander.side) if c.kind == "troop"]
    if not troops:
        return
    # A troop that flees is a defeat no blow caused; the odds read it with the troop's last blow of the action,
    # so no checkpoint once a troop that may flee was struck in this action (an area attack).
    struck = {e.target for e in turn.events if isinstance(e, (Hit, Miss))}
    merging = not any(troop.name in struck for troop in troops)
    turn.note(
        f"{commander.name}, the commander, has fallen: each troop rolls Moral against the commander's "
        f"Moral {commander.morale} (the troop wins ties) or flees"
    )
    for index, troop in enumerate(troops):
        if merging:
            names = tuple(t.name for t in troops[index:])
            turn.mark(("morale", commander.name, commander.morale, names, then))
        fallen = [("Moral del comandante caído", commander.morale)]
        bonuses = check_bonuses(turn.state, troop, "morale")
        if _opposed(turn, "Moral", commander.name, fallen, troop.name, bonuses):
            turn.emit(
                Defeat(
                    unit=troop.name,
                    by=None,
                    reason="its commander fell and it lost the Moral roll (counts as annihilated)",
                    how="fled",
                )
            )
            remove(turn, troop.name, fled=True)


def _opposed(
    turn: Turn,
    stat: str,
    attacker: str,
    attacker_bonuses: Sequence[Bonus],
    defender: str,
    defender_bonuses: Sequence[Bonus],
) -> bool:
    """An opposed roll; True when the attacker wins. The defender wins ties; a natural 10 beats any bonus."""
    a_die = turn.d10(f"{stat} roll of {attacker}", attacker)
    a_total = turn.apply(a_die, attacker_bonuses, f"{stat} roll", attacker)
    d_die = turn.d10(f"{stat} roll of {defender}", defender)
    d_total = turn.apply(d_die, defender_bonuses, f"{stat} roll", defender)
    if d_die == 10:
        won, rule = False, "natural 10 for the defender"
    elif a_die == 10:
        won, rule = True, "natural 10: only another natural 10 beats it"
    elif a_total > d_total:
        won, rule = True, f"{a_total} > {d_total}"
    else:
        won, rule = False, f"{d_total} ≥ {a_total} (ties go to the defender)"
    turn.emit(
        OpposedCheck(
            stat=stat,
            attacker=attacker,
            defender=defender,
            attacker_total=a_total,
            defender_total=d_total,
            winner=attacker if won else defender,
            rule=rule,
        )
    )
    return won


def _counterattack(turn: Turn, defender: str, failed: str, then: Hashable = None) -> None:
    """The defender's one automatic attack at +2 against the card whose special attack failed. ``then``: what
    the callers do afterwards (see :func:`_strike`)."""
    if not (turn.unit(defender).on_board and turn.unit(failed).on_board):
        return
    turn.note(f"{defender} counterattacks {failed}: one attack at +2", defender)
    where = ("counterattack", defender, failed, then)
    turn.mark(where)
    _strike(turn, defender, failed, extra_attack=[("Contraataque", 2)], then=where)


# --- actions ------------------------------------------------------------------------------------------------


def _attack(turn: Turn, act: AttackAction) -> None:
    attacker, target = turn.unit(act.attacker), turn.unit(act.target)
    _attack_refusal(turn.state, attacker, target, act.mode, reach=False)  # before the turn, for a clear reason
    begin_turn(turn, attacker, act)
    turn_moves(turn, attacker, act, limit=attacker.movement, reason="tactical move")
    attacker, target = turn.unit(act.attacker), turn.unit(act.target)
    _attack_refusal(turn.state, attacker, target, act.mode)
    if act.area and act.before_damage:
        raise RuleRefusal("answers before the damage roll go with a single-target attack", rule="abilities")
    _strike_series(
        turn, attacker, target, act.times,
        mode=act.mode, orange=act.orange, keep_absorption=act.keep_absorption, area=act.area,
        before_damage=act.before_damage,
    )  # fmt: skip


def _strike_series(
    turn: Turn,
    attacker: Card,
    target: Card,
    times: int | None,
    *,
    area: bool = False,
    before_damage: Sequence[ResponseInput] = (),
    **strike: Any,
) -> None:
    """The attacks a card makes in one action (FA per turn, or the ``times`` asked), each its own strike; the
    series stops when either card has left the board. An ``area`` attack rolls its die once and covers the target
    and the enemy cards next to it, each with its own evasion and damage."""
    count = _attack_count(turn, attacker, target, times)
    responses = before_damage
    a, t = attacker.name, target.name
    # For the exact walk's checkpoints (Turn.mark): every value the rest of the series reads, besides the battle.
    series = (a, t, count, area, _frozen(strike))
    if area:
        # A troop struck by the area attack flees if its commander, struck later, falls: the odds read that flight
        # with the troop's earlier blow, so while that can happen no checkpoint splits the action.
        commander = turn.state.commander_of(target.side)
        if commander is not None and commander.on_board:
            turn.merging = False
    for number in range(count):
        if not turn.unit(t).on_board or not turn.unit(a).on_board:
            break
        if count > 1:
            turn.note(f"attack {number + 1} of {count}", a)
        if not area:
            then = ("series", number, series)
            if not responses:  # the answers are read at the first hit; none are left to carry
                turn.mark(then)
            if not _strike(turn, a, t, before_damage=responses, then=then, **strike):
                responses = ()  # answered at the first hit
            continue
        turn.mark(("series", number, series))
        covered = _area_victims(turn, turn.unit(a), turn.unit(t), strike.get("mode"))
        names = ", ".join(covered[1:])
        turn.note(f"area attack: {t}" + (f" and the cards next to it ({names})" if names else ""))
        die = turn.d10(f"attack roll of {a} (area, centred on {t})", a)
        for index, victim in enumerate(covered):
            if turn.unit(victim).on_board and turn.unit(a).on_board:
                rest = ("area", number, series, tuple(covered), index, die)
                if index:
                    turn.mark(rest)
                _strike(turn, a, victim, attack_die=die, then=rest, **strike)


def _frozen(strike: dict[str, Any]) -> Hashable:
    """A strike's keyword arguments as a hashable value (lists of bonuses as tuples), for a checkpoint."""
    return tuple(sorted((key, tuple(value) if isinstance(value, list) else value) for key, value in strike.items()))


def _area_victims(turn: Turn, attacker: Card, target: Card, mode: str | None) -> list[str]:
    """The cards an area attack covers: its target, then the enemy cards on the squares next to it that the
    attacker could attack. A commander behind its royal guard is reached only through the guard itself."""
    state = turn.state
    covered = [target.name]
    assert target.position is not None
    for card in state.living(target.side):
        if card.name == target.name or card.position is None:
            continue
        if state.distance(card.position, target.position) != 1:
            continue
        guard = state.guard_of(card.name)
        if guard is not None and guard != target.name:
            turn.note(f"{card.name} is behind its royal guard {guard}: the area attack spares it")
            continue
        try:
            _attack_refusal(state, attacker, card, mode, reach=False, through_guard=True)
        except RuleRefusal as refusal:
            turn.note(f"the area attack does not reach {card.name}: {refusal.message}")
            continue
        if guard is not None:
            turn.note(f"the area attack on the royal guard {guard} also reaches {card.name}, the commander behind it")
        covered.append(card.name)
    return covered


def _shield(turn: Turn, act: ShieldAction) -> None:
    begin_turn(turn, turn.unit(act.unit), act)
    turn_moves(turn, turn.unit(act.unit), act, limit=turn.unit(act.unit).movement, reason="tactical move")
    state = turn.state
    shield, protected = state.unit(act.unit), state.unit(act.protects)
    if shield.name == protected.name or shield.side != protected.side:
        raise RuleRefusal(f"{shield.name} can only shield another card of its own side", rule="Escudo")
    if not protected.on_board:
        raise RuleRefusal(f"{protected.name} is no longer on the field", rule="Escudo")
    if state.shield_of(protected.name) is not None:
        raise RuleRefusal(f"{protected.name} is itself a shield, and a shield cannot be shielded", rule="Escudo")
    if state.shield_of(shield.name) is not None:
        raise RuleRefusal(f"{shield.name} already shields {state.shield_of(shield.name)}", rule="Escudo")
    if state.shields_on(protected.name):
        raise RuleRefusal(f"{protected.name} already has a shield", rule="Escudo")
    if any(protected.name in pair or shield.name in pair for pair in state.guards):
        raise RuleRefusal(
            "no shield for the royal guard or the commander it protects once the Guardia Real is declared",
            rule="Guardia Real",
        )
    assert shield.position is not None and protected.position is not None
    if state.distance(shield.position, protected.position) > 1:
        raise RuleRefusal(
            f"{shield.name} must stand next to {protected.name} to shield it "
            f"({state.distance(shield.position, protected.position)} squares apart)",
            rule="Escudo",
        )
    turn.change(shields=(*state.shields, (shield.name, protected.name)))
    turn.emit(StatusApplied(unit=shield.name, status=f"shield of {protected.name}", reason="cannot attack, evasion -2"))
    turn.emit(
        StatusApplied(
            unit=protected.name,
            status=f"shielded by {shield.name}",
            reason="evasion +2, absorptions changed by 2 and active",
        )
    )


def _release(turn: Turn, act: ReleaseAction) -> None:
    name = act.unit
    state = turn.state
    state.unit(name)
    shields = tuple(p for p in state.shields if p[0] != name)
    guards = tuple(p for p in state.guards if p[0] != name)
    if shields == state.shields and guards == state.guards:
        raise RuleRefusal(f"{name} is neither a shield nor a royal guard", rule="release")
    turn.note(f"{name} stops protecting and may attack again", name)
    turn.change(shields=shields, guards=guards)


def _royal_guard(turn: Turn, act: RoyalGuardAction) -> None:
    begin_turn(turn, turn.unit(act.unit), act)
    turn_moves(turn, turn.unit(act.unit), act, limit=turn.unit(act.unit).movement, reason="tactical move")
    state = turn.state
    guard, commander = state.unit(act.unit), state.unit(act.commander)
    if not commander.commander or commander.side != guard.side or not commander.on_board:
        raise RuleRefusal(f"{commander.name} is not {guard.side}'s commander on the field", rule="Guardia Real")
    if state.guard_of(commander.name) is not None:
        raise RuleRefusal(f"{commander.name} already has a royal guard", rule="Guardia Real")
    if state.shield_of(guard.name) is not None:
        raise RuleRefusal(f"{guard.name} is a shield; release it first", rule="Guardia Real")
    assert guard.position is not None and commander.position is not None
    forward = 1 if state.side_index(guard.side) == 0 else -1
    front = (commander.position[0], commander.position[1] + forward)
    if guard.position != front:
        raise RuleRefusal(
            f"the royal guard stands on the square just in front of {commander.name}, {list(front)}",
            tip=f"move it there in the same action: move_to: {list(front)}",
            rule="Guardia Real",
        )
    turn.change(guards=(*state.guards, (guard.name, commander.name)))
    turn.emit(
        StatusApplied(unit=guard.name, status=f"royal guard of {commander.name}", reason="cannot attack, evasion -2")
    )
    turn.emit(
        StatusApplied(
            unit=commander.name, status=f"guarded by {guard.name}", reason="cannot be attacked until the guard falls"
        )
    )


def _move_action(turn: Turn, act: MoveAction) -> None:
    begin_turn(turn, turn.unit(act.unit), act)
    to = act.to if act.to is not None else act.move_to
    turn_moves(turn, turn.unit(act.unit), act, limit=turn.unit(act.unit).movement, reason="tactical move", to=to)


def _flank_check(turn: Turn, flanker: Card, target: Card) -> bool:
    state = turn.state
    return _opposed(
        turn,
        "Fortaleza",
        flanker.name,
        check_bonuses(state, flanker, "fortitude"),
        target.name,
        check_bonuses(state, target, "fortitude"),
    )


def _flank(turn: Turn, act: FlankAction) -> None:
    flanker, target = turn.unit(act.flanker), turn.unit(act.target)
    _attack_refusal(turn.state, flanker, target, None, reach=False)
    begin_turn(turn, flanker, act)
    turn_moves(turn, flanker, act, limit=flanker.movement, reason="flanking move")
    flanker, target = turn.unit(act.flanker), turn.unit(act.target)
    _attack_refusal(turn.state, flanker, target, None)
    penalties = turn.state.options.flank_penalties
    if penalties == "always":
        turn.change(exposed=turn.state.exposed | {flanker.name})
        turn.ruling("flank_penalties", penalties, "every flank costs the flanker -4 evasion and its absorptions")
        turn.emit(
            StatusApplied(unit=flanker.name, status="flanking", reason="evasion -4, no absorption until its next turn")
        )
    else:
        turn.ruling("flank_penalties", penalties, "a flank without a charge has no penalty")
    if not _flank_check(turn, flanker, target):
        turn.note(f"the flank fails: {target.name} may counterattack", target.name)
        _counterattack(turn, target.name, flanker.name)
        return
    turn.note(f"the flank succeeds: {flanker.name} attacks at +4 attack and +4 damage", flanker.name)
    _strike_series(
        turn, flanker, target, act.times,
        extra_attack=[("Flanqueo", 4)], extra_damage=[("Flanqueo", 4)], keep_absorption=act.keep_absorption,
    )  # fmt: skip


def _charge(turn: Turn, act: ChargeAction) -> None:
    charger, victim = turn.unit(act.charger), turn.unit(act.target)
    if charger.attack_type not in ("melee", "dual"):
        raise RuleRefusal(f"{charger.name} attacks only at range; only melee or dual cards charge", rule="Carga")
    _attack_refusal(turn.state, charger, victim, "melee", reach=False)
    begin_turn(turn, charger, act)
    limit = None if charger.movement is None else 2 * charger.movement
    turn_moves(turn, charger, act, limit=limit, reason="charge (twice the tactical move)")
    state = turn.state
    charger, victim = state.unit(act.charger), state.unit(act.target)
    _attack_refusal(state, charger, victim, "melee")
    if act.cover is not None:
        cover = state.unit(act.cover)
        if cover.side != charger.side or cover.name == charger.name or not cover.on_board:
            raise RuleRefusal(f"{cover.name} cannot cover {charger.name}'s charge", rule="Cubrir Carga")
        if state.shield_of(cover.name) or state.guarding(cover.name) or state.covering(cover.name):
            raise RuleRefusal(f"{cover.name} is already protecting another card", rule="Cubrir Carga")
        assert cover.position is not None and charger.position is not None
        apart = state.distance(cover.position, charger.position)
        if apart > 2:
            raise RuleRefusal(
                f"{cover.name} is {apart} squares from {charger.name}; a cover stays within 2", rule="Cubrir Carga"
            )
    if act.flank:
        turn.note(f"{charger.name} combines the charge with a flank: opposed Fortaleza first")
        if not _flank_check(turn, charger, victim):
            turn.note(f"the flank fails: {victim.name} may counterattack", victim.name)
            _counterattack(turn, victim.name, charger.name)
            return
    other = 1 - state.side_index(charger.side)
    charge = Charge(
        charger=charger.name,
        victim=victim.name,
        side=charger.side,
        opponent_turns=state.turns[other],
        flank=act.flank,
        cover=act.cover,
    )
    turn.change(charges=(*turn.state.charges, charge))
    penalty = "no attack, evasion -4" + (", no absorption" if act.flank else "") + " until the charge hits"
    turn.emit(StatusApplied(unit=charger.name, status=f"charging {victim.name}", reason=penalty))
    if act.cover is not None:
        turn.emit(
            StatusApplied(
                unit=act.cover,
                status=f"covering {charger.name}'s charge",
                reason=f"cannot attack; attackers of {charger.name} get FA -2 and damage -4",
            )
        )
    turn.note(
        f"the charge hits on {charger.side}'s next turn, once {state.sides[other]} has played a card "
        f"(do: charge_impact, charger: {charger.name})"
    )


def _impact(turn: Turn, act: ImpactAction) -> None:
    state = turn.state
    charge = state.charge_by(act.charger)
    if charge is None:
        raise RuleRefusal(f"{act.charger} has no charge under way", rule="Carga")
    if not charge_due(state, charge):
        raise RuleRefusal(
            f"{act.charger}'s charge hits on {charge.side}'s next turn, after {state.other_side(charge.side)} "
            "has played a card",
            rule="charge timing",
        )
    charger, victim = state.unit(charge.charger), state.unit(charge.victim)
    escaped = act.escaped
    if not escaped and charger.reach is not None and charger.position and victim.position:
        escaped = state.distance(charger.position, victim.position) > charger.reach
    then = ("end charge", charger.name)  # what the impact does last, for the exact walk's checkpoints
    if escaped:
        turn.note(f"{victim.name} left {charger.name}'s attack area before the impact: the charge fails")
        _counterattack(turn, victim.name, charger.name, then)
        _end_charge(turn, charger.name)
        return
    extra_attack: list[Bonus] = [("Carga", 4)]
    extra_damage: list[Bonus] = []
    if charge.flank:
        stacking = state.options.charge_flank_bonus
        multiplier = (3, "Carga con flanqueo")
        if stacking == "stack":
            extra_attack.append(("Flanqueo", 4))
            extra_damage.append(("Flanqueo", 4))
            turn.ruling("charge_flank_bonus", stacking, "the flank's own +4 attack and damage add on top")
        else:
            turn.ruling("charge_flank_bonus", stacking, "the combination's figures are complete: +4 attack, damage x3")
    else:
        multiplier = (2, "Carga")
    evaded = _strike(
        turn,
        charger.name,
        victim.name,
        extra_attack=extra_attack,
        extra_damage=extra_damage,
        multiplier=multiplier,
        mode="melee",
        keep_absorption=act.keep_absorption,
        then=then,
    )
    if evaded:
        _counterattack(turn, victim.name, charger.name, then)
    _end_charge(turn, charger.name)


def _end_charge(turn: Turn, charger: str) -> None:
    turn.change(charges=tuple(c for c in turn.state.charges if c.charger != charger))


def _check(turn: Turn, act: CheckAction) -> None:
    state = turn.state
    attacker, defender = state.unit(act.attacker), state.unit(act.defender)
    for card in (attacker, defender):
        if not card.on_board:
            raise RuleRefusal(f"{card.name} is no longer on the field", rule="check")
    stat = "Fortaleza" if act.stat == "fortitude" else "Moral"
    _opposed(
        turn,
        stat,
        attacker.name,
        check_bonuses(state, attacker, act.stat),
        defender.name,
        check_bonuses(state, defender, act.stat),
    )


def _initiative(turn: Turn, act: InitiativeAction) -> None:
    state = turn.state
    bonuses: list[list[Bonus]] = []
    for side in state.sides:
        commander = state.commander_of(side)
        if commander is None or not commander.on_board:
            turn.note(f"{side} has no commander on the field: its reaction roll has no bonus")
            bonuses.append([])
        else:
            bonuses.append([(f"Reacción de {commander.name}", commander.reaction)])
    for attempt in range(MAX_INITIATIVE_ROLLS):
        # A tie changes nothing but the count of rolls: every tie of one attempt leads to the same next one.
        turn.mark(("initiative", attempt))
        dies: list[int] = []
        totals: list[int] = []
        for side, bonus in zip(state.sides, bonuses, strict=True):
            die = turn.d10(f"reaction roll of {side}", None)
            dies.append(die)
            totals.append(turn.apply(die, bonus, "reaction roll", None))
        if dies[0] == 10 and dies[1] != 10:
            winner, rule = 0, "natural 10"
        elif dies[1] == 10 and dies[0] != 10:
            winner, rule = 1, "natural 10"
        elif totals[0] != totals[1] and not (dies[0] == 10 and dies[1] == 10):
            winner = 0 if totals[0] > totals[1] else 1
            rule = f"{totals[winner]} > {totals[1 - winner]}"
        else:
            turn.note("a tie: both sides roll again")
            continue
        first = state.sides[winner]
        turn.emit(
            OpposedCheck(
                stat="Reacción",
                attacker=state.sides[0],
                defender=state.sides[1],
                attacker_total=totals[0],
                defender_total=totals[1],
                winner=first,
                rule=rule,
            )
        )
        turn.note(f"{first} acts first this round; the players then alternate cards")
        turn.change(first=first, to_play=first, played_last=None)
        return
    raise RuleRefusal(f"{MAX_INITIATIVE_ROLLS} tied reaction rolls in a row", rule="initiative")


def _heal(turn: Turn, act: HealAction) -> None:
    """A healing or repair ability: PV back on the front card (never above its PV, never a fallen card back), and
    with ``cure`` the negative effects (paralysis) ended. Not the card's action: any phase, either player's turn,
    and, since it is its own step between actions, always before the next attack's damage roll."""
    healer, target = turn.unit(act.healer), turn.unit(act.unit)
    if not healer.on_board:
        raise RuleRefusal(f"{healer.name} is no longer on the field", rule="healing")
    if healer.paralysed:
        raise RuleRefusal(f"{healer.name} is paralysed: it takes no action and uses no ability", rule="paralysed")
    if not target.on_board:
        raise RuleRefusal(
            f"{target.name} has been annihilated: cards in the Panteón are not healed back", rule="healing"
        )
    turn.put(restore(turn, healer, target, act.life, act.roll, act.cure))
    turn.note(f"healing is not {healer.name}'s action: its turn is still to come", healer.name)


def _paralyse(turn: Turn, act: ParalyseAction) -> None:
    """An effect paralyses a card (what an ability or a power did at the table): no action while it lasts."""
    card = turn.unit(act.unit)
    if not card.on_board:
        raise RuleRefusal(f"{card.name} is no longer on the field", rule="paralysed")
    if act.by is not None and not turn.unit(act.by).on_board:
        raise RuleRefusal(f"{act.by} is no longer on the field", rule="paralysed")
    lasts = (
        "until cured"
        if act.rounds is None
        else f"for {act.rounds} round{'s' if act.rounds != 1 else ''} of {card.side}"
    )
    by = f" by {act.by}" if act.by else ""
    turn.emit(StatusApplied(unit=card.name, status="paralysed", reason=f"paralysed{by} {lasts}: it takes no action"))
    turn.put(replace(card, paralysed=True, paralysed_rounds=act.rounds))


HANDLERS: Handlers[Turn] = Handlers()
"""Every F0R60D action's handler: the combat here, the army's strategic actions (``strategy.py``) and the
abilities (``abilities.py``)."""
HANDLERS.on(AttackAction)(_attack)
HANDLERS.on(ShieldAction)(_shield)
HANDLERS.on(ReleaseAction)(_release)
HANDLERS.on(RoyalGuardAction)(_royal_guard)
HANDLERS.on(MoveAction)(_move_action)
HANDLERS.on(FlankAction)(_flank)
HANDLERS.on(ChargeAction)(_charge)
HANDLERS.on(ImpactAction)(_impact)
HANDLERS.on(CheckAction)(_check)
HANDLERS.on(HealAction)(_heal)
HANDLERS.on(ParalyseAction)(_paralyse)
HANDLERS.on(RegroupAction)(regroup)
HANDLERS.on(ChangeStrategyAction)(change_strategy)
HANDLERS.on(ReinforcementsAction)(reinforcements)
HANDLERS.on(AbilityAction)(use_ability)
HANDLERS.on(InitiativeAction)(_initiative)


def resolve(state: Battle, action: Any, dice: DiceSource) -> Resolution:
    if state.over:
        result = f"{state.winner} won" if state.winner else "neither side has troops left"
        raise RuleRefusal(f"the battle is over: {result}", rule="battle result")
    turn = Turn(dice=dice, state=state)
    HANDLERS(turn, action)
    _battle_result(turn)
    return turn.resolution(turn.state)


def keeps_in_battle(state: Battle, card: Card) -> bool:
    """Whether the card keeps its side in the battle (option ``battle_end``)."""
    return card.on_board and (state.options.battle_end == "every_card" or card.counts_as_troop)


def _battle_result(turn: Turn) -> None:
    """The player left with no troops on the field loses: a ``game_over`` naming the winner."""
    state = turn.state
    beaten = [side for side in state.sides if not any(keeps_in_battle(state, c) for c in state.living(side))]
    if not beaten or not state.judged:
        return
    option = state.options.battle_end
    counted = (
        "troops and war machines (invocations and special units are not troops)" if option == "troop_deck" else "cards"
    )
    turn.ruling("battle_end", option, f"a side stays in the battle while it has {counted} on the field")
    winner = None if len(beaten) == 2 else state.other_side(beaten[0])
    if winner is None:
        reason = "neither side has troops left on the field"
    else:
        reason = f"{beaten[0]} has no troops left on the field"
    fall = next((e for e in reversed(turn.events) if isinstance(e, Defeat)), None)
    turn.emit(
        GameOver(
            reason=reason,
            winner=winner,
            unit=fall.unit if fall is not None else None,
            by=fall.by if fall is not None else None,
        )
    )
    turn.change(over=True, winner=winner, to_play=None)
