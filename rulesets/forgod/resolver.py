"""F0R60D rules: ``resolve(state, action, dice) -> (events, new_state)``.

Pure: no printing, no files, every die drawn from the injected source. An action the rules forbid raises
:class:`RuleRefusal`; the engine then keeps the state as it was, so a refusal half-way changes nothing.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from typing import Any

from tabroll.dice.sources import DiceSource, roll_die
from tabroll.errors import RuleRefusal
from tabroll.events import (
    Damage,
    Defeat,
    Event,
    GameOver,
    Heal,
    Hit,
    Miss,
    Modifier,
    Move,
    NewRound,
    Note,
    Roll,
    RulingApplied,
    StatusApplied,
)
from tabroll.geometry.grid import Square
from tabroll.turn import ActionLog

from .army import slot_overflow
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
    RoyalGuardAction,
    ShieldAction,
)
from .state import LINE_NAMES, Ability, Addition, Battle, Card, Charge

Bonus = tuple[str, int]

MAX_INITIATIVE_ROLLS = 50


# --- small helpers ----------------------------------------------------------------------------------------


def _d10(dice: DiceSource, purpose: str, unit: str | None, events: list[Event]) -> int:
    value = roll_die(dice, 10, purpose)
    events.append(Roll(label=purpose, dice="1d10", values=(value,), kept=(value,), total=value, unit=unit))
    return value


def _apply(total: int, bonuses: Sequence[Bonus], applies_to: str, unit: str | None, events: list[Event]) -> int:
    for reason, amount in bonuses:
        if amount == 0:
            continue
        total += amount
        events.append(Modifier(applies_to=applies_to, reason=reason, amount=amount, total=total, unit=unit))
    return total


def _times(reason: str, amount: int, count: int) -> Bonus:
    """A printed bonus multiplied by a count: ``("BA +1 × 3 cartas", 3)``."""
    if count == 1:
        return (reason, amount)
    return (f"{reason} {amount:+d} × {count} cartas", amount * count)


def _ruling(option: str, value: Any, text: str) -> RulingApplied:
    return RulingApplied(option=option, value=str(value), text=text)


def _line_name(state: Battle, card: Card) -> str | None:
    line = state.line_of(card)
    return None if line is None else LINE_NAMES[line]


# --- card numbers -----------------------------------------------------------------------------------------


def _addition_bonuses(card: Card, stat: str) -> tuple[list[Bonus], list[str]]:
    """Bonuses of equipped additions to ``stat`` (attack / damage / evasion), and notes on inactive ones."""
    bonuses: list[Bonus] = []
    notes: list[str] = []
    for addition in card.additions:
        amount = getattr(addition, stat)
        if amount == 0:
            continue
        if addition.kind == "weapon":
            if addition.copies < card.cards:
                notes.append(
                    f"{card.name}'s weapon {addition.label} is not active: {addition.copies} "
                    f"cop{'y' if addition.copies == 1 else 'ies'} for {card.cards} cards"
                )
                continue
            count = min(addition.copies, card.cards)
            reason = f"arma {addition.label}"
            bonuses.append((f"{reason} {amount:+d} × {count}", amount * count) if count > 1 else (reason, amount))
        elif addition.kind == "experience":
            count = addition.copies
            reason = f"experiencia {addition.label}"
            bonuses.append((f"{reason} {amount:+d} × {count}", amount * count) if count > 1 else (reason, amount))
        elif addition.kind == "armour":
            if _armour_active(card):
                bonuses.append((f"armadura {addition.label}", amount))
        else:
            bonuses.append((f"accesorio {addition.label}", amount))
    return bonuses, notes


def _armour_active(card: Card) -> bool:
    return any(a.kind == "armour" and a.copies >= card.cards for a in card.additions)


def absorption_active(state: Battle, card: Card) -> bool:
    """Whether the card may apply its absorptions (armour, engineer, summoner or commander; or a shield)."""
    if card.absorption_active is not None:
        return card.absorption_active
    if state.shields_on(card.name):
        return True
    ancestral = card.faction.strip().casefold().startswith("ancestral")
    if card.kind == "troop":
        return _armour_active(card)
    if card.kind == "war_machine":
        return ancestral or card.engineer
    if card.kind == "beast":
        if ancestral or card.summoner is None:
            return True
        summoner = state.unit(card.summoner)
        return summoner.on_board
    commander = state.commander_of(card.side)
    return commander is not None and commander.on_board


def _is_ranged(card: Card, target: Card, mode: str | None) -> bool:
    if card.attack_type == "ranged":
        return True
    if card.attack_type == "dual":
        return mode == "ranged" or (mode is None and target.in_air)
    return False


def ability_active(card: Card, ability: Ability) -> bool:
    """A native ability is always there; an ECB or Liderazgo one needs an equipped experience addition of that
    line, except on beasts and war machines."""
    if ability.activation == "native" or card.kind in ("beast", "war_machine"):
        return True
    return any(a.kind == "experience" and a.line == ability.activation for a in card.additions)


def _constant_bonuses(card: Card, stat: str) -> list[Bonus]:
    return [
        (f"habilidad {a.name}", getattr(a, stat))
        for a in card.abilities
        if a.timing == "constant" and getattr(a, stat) and ability_active(card, a)
    ]


def attack_bonuses(
    state: Battle, attacker: Card, target: Card, *, mode: str | None = None, orange: bool = False
) -> tuple[list[Bonus], list[str]]:
    bonuses = [_times("BA", attacker.attack, attacker.cards)]
    extra, notes = _addition_bonuses(attacker, "attack")
    bonuses += extra + _constant_bonuses(attacker, "attack")
    line = state.line_of(attacker)
    if line == "front":
        bonuses.append(("Avanzada", 4))
    elif line == "rear":
        bonuses.append(("Retaguardia", -2))
    ranged = _is_ranged(attacker, target, mode)
    if target.in_air and not attacker.in_air and ranged and attacker.kind != "power":
        bonuses.append(("Tierra contra Aire, a rango", -2))
    if orange:
        bonuses.append(("casilla naranja", -6))
    return bonuses, notes


def damage_bonuses(state: Battle, attacker: Card, target: Card) -> tuple[list[Bonus], list[str]]:
    bonuses = [_times("Daño", attacker.damage, attacker.cards)]
    extra, notes = _addition_bonuses(attacker, "damage")
    bonuses += extra + _constant_bonuses(attacker, "damage")
    if state.line_of(attacker) == "rear":
        bonuses.append(("Retaguardia", -2))
    charge = state.charge_by(target.name)
    if charge is not None and charge.cover is not None:
        bonuses.append((f"Cubrir Carga por {charge.cover}", -4))
    return bonuses, notes


def evasion_bonuses(state: Battle, card: Card) -> list[Bonus]:
    bonuses: list[Bonus] = [("Evasión", card.evasion)]
    bonuses += _addition_bonuses(card, "evasion")[0] + _constant_bonuses(card, "evasion")
    line = state.line_of(card)
    if line == "front":
        bonuses.append(("Avanzada", -2))
    elif line == "rear":
        bonuses.append(("Retaguardia", 4))
    protected = state.shield_of(card.name)
    if protected is not None:
        bonuses.append((f"Escudo de {protected}", -2))
    for shield in state.shields_on(card.name):
        bonuses.append((f"protegido por el Escudo {shield}", 2))
    if state.guarding(card.name) is not None:
        bonuses.append(("Guardia Real", -2))
    charge = state.charge_by(card.name)
    if charge is not None:
        bonuses.append(("cargando" + (" con flanqueo" if charge.flank else ""), -4))
    elif card.name in state.exposed:
        bonuses.append(("flanqueando", -4))
    return bonuses


def check_bonuses(state: Battle, card: Card, stat: str) -> list[Bonus]:
    """Bonuses of a Fortaleza or Moral roll: the stat, +1 per two cards, and the commander's Moral bonus."""
    name = "Fortaleza" if stat == "fortitude" else "Moral"
    bonuses: list[Bonus] = [(name, getattr(card, stat))]
    if card.cards >= 2:
        bonuses.append((f"destacamento de {card.cards} cartas (+1 por cada dos)", card.cards // 2))
    if stat == "morale":
        commander = state.commander_of(card.side)
        if commander is not None and commander.on_board:
            if commander.leader:
                bonuses.append((f"{commander.name}, líder de la facción", 2))
            elif 9 <= commander.level <= 11:
                bonuses.append((f"{commander.name}, comandante de nivel {commander.level}", 1))
    return bonuses


# --- turns --------------------------------------------------------------------------------------------------


def _charge_due(state: Battle, charge: Charge) -> bool:
    other = 1 - state.side_index(charge.side)
    return state.turns[other] > charge.opponent_turns


def may_act(state: Battle, card: Card) -> bool:
    """Whether the card could play a turn now: on the field, not paralysed, not in the middle of a charge."""
    return card.on_board and not card.paralysed and state.charge_by(card.name) is None


def _begin_turn(
    state: Battle, card: Card, events: list[Event], act: Any = None, dice: DiceSource | None = None
) -> Battle:
    """The card's side plays a turn with it: check it may act, start a new round for its side if due, then its
    addition phase (with the action's ``equip`` and ``discard``)."""
    if not card.on_board:
        raise RuleRefusal(f"{card.name} is no longer on the field", rule="annihilated")
    for charge in state.charges:
        if charge.side == card.side and _charge_due(state, charge):
            raise RuleRefusal(
                f"{charge.charger}'s charge on {charge.victim} hits at the start of this turn of {card.side}",
                tip=f"resolve it first: do: charge_impact, charger: {charge.charger}",
                rule="charge timing",
            )
    own = state.charge_by(card.name)
    if own is not None:
        raise RuleRefusal(
            f"{card.name} is charging {own.victim} and cannot act until the charge hits",
            rule="Carga",
        )
    if card.paralysed:
        lasts = "until it is cured" if card.paralysed_rounds is None else "while the effect lasts"
        raise RuleRefusal(f"{card.name} is paralysed and takes no action {lasts}", rule="paralysed")
    index = state.side_index(card.side)
    if state.from_deployment and state.first is None:
        raise RuleRefusal(
            "the battle has not begun: the reaction rolls decide who acts first",
            tip="roll them first: do: initiative",
            rule="initiative",
        )
    if state.from_deployment and state.turns[index] == 0 and not card.commander:
        commander = state.commander_of(card.side)
        named = f" ({commander.name})" if commander is not None else ""
        raise RuleRefusal(
            f"in the battle's first turn only the commanders act; {card.name} is not {card.side}'s commander{named}",
            rule="first turn",
        )
    if state.to_play is not None and card.side != state.to_play:
        if any(may_act(state, c) for c in state.living(state.to_play)):
            raise RuleRefusal(
                f"it is {state.to_play}'s turn: the players alternate, one card each, and {card.side} "
                "played the last card",
                rule="alternation",
            )
        events.append(Note(text=f"{state.to_play} has no card that can act: {card.side} plays again"))
    acted = state.acted[index]
    if card.name in acted:
        waiting = [c.name for c in state.living(card.side) if c.name not in acted and may_act(state, c)]
        if waiting:
            raise RuleRefusal(
                f"{card.name} already acted this round; {card.side} must first play {', '.join(waiting)}",
                rule="turn order",
            )
        rounds = list(state.rounds)
        rounds[index] += 1
        state = dataclasses.replace(state, rounds=(rounds[0], rounds[1]))
        events.append(NewRound(round=rounds[index]))
        events.append(Note(text=f"{card.side} begins round {rounds[index]}: its cards' Absorción is ready again"))
        state = _new_round_for(state, card.side, events)
        acted = frozenset()
    acted_pair = list(state.acted)
    acted_pair[index] = acted | {card.name}
    turns = list(state.turns)
    turns[index] += 1
    state = dataclasses.replace(
        state,
        acted=(acted_pair[0], acted_pair[1]),
        turns=(turns[0], turns[1]),
        exposed=state.exposed - {card.name},
        to_play=state.other_side(card.side),
    )
    if state.unit(card.name).ability_uses:  # FH counts the uses between two of the card's turns
        state = state.with_unit(dataclasses.replace(state.unit(card.name), ability_uses=()))
    if dice is None:
        return state
    return _addition_phase(state, state.unit(card.name), act, dice, events)


def _take(pile: list[Addition], name: str, side: str, where: str) -> Addition:
    for i, addition in enumerate(pile):
        if addition.label == name or addition.name == name:
            return pile.pop(i)
    held = ", ".join(a.label for a in pile) or "nothing"
    raise RuleRefusal(f"{side} has no addition '{name}' in its {where} (it holds {held})", rule="addition hand")


def _addition_phase(state: Battle, card: Card, act: Any, dice: DiceSource, events: list[Event]) -> Battle:
    """A turn's addition phase: a troop card's side draws one addition at random from its deck (one per turn,
    a detachment too; none for war machines and invocations), a chance event through the dice; then the action's
    ``discard`` go to the Óxido and its ``equip`` go onto the card. The hand keeps one addition per unit."""
    index = state.side_index(card.side)
    side = card.side
    hand = list(state.hands[index])
    oxido = list(state.oxido[index])
    decks = state.decks
    kept = decks[index]
    if kept is not None:
        deck = list(kept)
        if card.kind != "troop":
            events.append(Note(text=f"{card.name} is not a troop card: {side} draws no addition this turn"))
        elif not deck:
            events.append(Note(text=f"{side}'s addition deck is empty: no addition is drawn"))
        else:
            log = ActionLog(dice=dice, events=events)
            drawn = deck.pop(
                log.pick(list(range(len(deck))), f"addition drawn by {side} ({len(deck)} in the deck)", None)
            )
            hand.append(drawn)
            events.append(Note(text=f"{side} draws {drawn.label} from its addition deck ({len(deck)} left)"))
            both = list(decks)
            both[index] = tuple(deck)
            decks = (both[0], both[1])
    discards = getattr(act, "discard", None) or []
    owed = min(state.owed_discards[index], len(hand))
    if len(discards) < owed:
        raise RuleRefusal(
            f"{side} owes {owed} addition{'s' if owed != 1 else ''} to the Óxido (an enemy reached its rear line) "
            f"and discards {len(discards)}",
            tip="name them in this turn's discard: [...]",
            rule="enemy on the rear line",
        )
    for name in discards:
        oxido.append(_take(hand, name, side, "hand"))
        events.append(Note(text=f"{side} sends {name} to the Óxido"))
    if state.owed_discards[index]:
        owed_pair = list(state.owed_discards)
        owed_pair[index] = 0
        state = dataclasses.replace(state, owed_discards=(owed_pair[0], owed_pair[1]))
    for name in getattr(act, "equip", None) or []:
        addition = _take(hand, name, side, "hand")
        if addition.kind == "black":
            raise RuleRefusal(
                f"{name} is a black addition: it stays in the hand, never equipped", rule="black additions"
            )
        if card.kind != "troop":
            raise RuleRefusal(f"{card.name} is not a troop card: it takes no additions", rule="addition deck")
        same = next((a for a in card.additions if dataclasses.replace(a, copies=1) == addition), None)
        if same is None:
            additions = (*card.additions, addition)
        else:
            grown = dataclasses.replace(same, copies=same.copies + 1)
            additions = tuple(grown if a is same else a for a in card.additions)
        card = dataclasses.replace(card, additions=additions)
        overflow = slot_overflow(card)
        if overflow is not None:
            raise RuleRefusal(overflow, rule="addition slots")
        events.append(StatusApplied(unit=card.name, status=f"{name} equipped", reason="addition phase"))
    units = len(state.living(side))
    if len(hand) > units:
        raise RuleRefusal(
            f"{side} would hold {len(hand)} additions with {units} unit{'s' if units != 1 else ''} on the field",
            tip="equip one on the card (equip: [name]) or send one to the Óxido (discard: [name])",
            rule="addition hand",
        )
    hands, piles = list(state.hands), list(state.oxido)
    hands[index], piles[index] = tuple(hand), tuple(oxido)
    state = state.with_unit(card)
    return dataclasses.replace(state, decks=decks, hands=(hands[0], hands[1]), oxido=(piles[0], piles[1]))


def _new_round_for(state: Battle, side: str, events: list[Event]) -> Battle:
    """A side's new round: its cards' Absorción is ready again, and paralysis counted in rounds wears off."""
    units: list[Card] = []
    for unit in state.units:
        if unit.side == side:
            unit = dataclasses.replace(unit, absorption_used=False)
            if unit.paralysed and unit.paralysed_rounds is not None:
                left = unit.paralysed_rounds - 1
                unit = dataclasses.replace(unit, paralysed=left > 0, paralysed_rounds=left or None)
                if left == 0 and unit.on_board:
                    events.append(Note(text=f"{unit.name}'s paralysis ends: it may act again", unit=unit.name))
        units.append(unit)
    return dataclasses.replace(state, units=tuple(units))


def _declare_terrain(state: Battle, card: Card, fly: bool | None, events: list[Event]) -> Battle:
    """Where the card moves this turn. A Cualquiera card is on the ground unless it declares flight this turn."""
    if card.terrain != "either":
        if fly is not None and fly != card.in_air:
            raise RuleRefusal(
                f"{card.name} has Terreno {card.terrain} and cannot choose where it moves",
                tip="only Terreno: Cualquiera cards declare 'fly'",
                rule="Terreno",
            )
        return state
    flying = bool(fly)
    if fly is None and card.flying:
        events.append(
            Note(
                text=f"{card.name} does not declare flight this turn: it moves on the ground (Terreno Cualquiera)",
                unit=card.name,
            )
        )
    elif fly is not None:
        events.append(
            Note(text=f"{card.name} declares it moves by {'air' if fly else 'ground'} this turn", unit=card.name)
        )
    if flying == card.flying:
        return state
    return state.with_unit(dataclasses.replace(card, flying=flying))


def _move(
    state: Battle, name: str, to: Square | None, events: list[Event], *, reason: str, limit: int | None = None
) -> Battle:
    card = state.unit(name)
    if to is None or card.position is None or tuple(to) == card.position:
        return state
    to = (to[0], to[1])
    if not state.board.contains(to):
        raise RuleRefusal(f"{list(to)} is off the board ({state.board.width} squares wide, 6 rows)", rule="board")
    distance = state.distance(card.position, to)
    if limit is not None and distance > limit:
        raise RuleRefusal(f"{card.name} would move {distance} squares; it may move {limit} ({reason})", rule="movement")
    for other in state.living():
        if other.name != name and other.position == to and not (other.in_air or card.in_air):
            raise RuleRefusal(f"{list(to)} is taken by {other.name}", rule="one unit per square")
    line = state.row_line(card.side, to[1])
    invading = True if line is None else (False if line == "normal" else card.invading)
    was_in_rear = state.in_enemy_rear(card)
    moved = dataclasses.replace(card, position=to, invading=invading)
    state = state.with_unit(moved)
    events.append(Move(unit=name, origin=card.position, destination=to, path=(to,), reason=reason))
    if invading and line is None and not card.invading:
        events.append(Note(text=f"{name} enters the enemy field and keeps the Avanzada modifiers", unit=name))
    if not invading and card.invading:
        events.append(Note(text=f"{name} is back on its middle line: no more Avanzada modifiers", unit=name))
    state = _check_protections(state, events)
    if state.in_enemy_rear(moved) and not was_in_rear:
        enemy = state.other_side(card.side)
        events.append(
            Note(
                text=f"{name} reaches the enemy's rear line: {enemy} discards "
                f"{card.level} addition{'s' if card.level != 1 else ''} (its level) to the Óxido, of its choice, "
                "in its next turn",
                unit=name,
            )
        )
        owed = list(state.owed_discards)
        owed[state.side_index(enemy)] += card.level
        state = dataclasses.replace(state, owed_discards=(owed[0], owed[1]))
    return state


def _check_protections(state: Battle, events: list[Event]) -> Battle:
    """A shield no longer next to its card, or a guard no longer just in front of its commander, stops protecting."""
    shields = []
    for shield, protected in state.shields:
        a, b = state.unit(shield).position, state.unit(protected).position
        if a is not None and b is not None and state.distance(a, b) <= 1:
            shields.append((shield, protected))
        else:
            events.append(Note(text=f"{shield} is no longer next to {protected}: the shield ends", unit=shield))
    guards = []
    for guard, commander in state.guards:
        g, c = state.unit(guard), state.unit(commander)
        forward = 1 if state.side_index(g.side) == 0 else -1
        if g.position is not None and c.position is not None and g.position == (c.position[0], c.position[1] + forward):
            guards.append((guard, commander))
        else:
            events.append(
                Note(text=f"{guard} left its place in front of {commander}: the royal guard ends", unit=guard)
            )
    return dataclasses.replace(state, shields=tuple(shields), guards=tuple(guards))


def _turn_moves(
    state: Battle,
    card: Card,
    act: Any,
    events: list[Event],
    *,
    limit: int | None,
    reason: str,
    to: Square | None = None,
) -> Battle:
    """The start of a card's turn: its terrain for the turn, then its tactical move."""
    state = _declare_terrain(state, state.unit(card.name), getattr(act, "fly", None), events)
    destination = to if to is not None else getattr(act, "move_to", None)
    state = _move(state, card.name, destination, events, reason=reason, limit=limit)
    moved = state.unit(card.name)
    if not moved.in_air:
        for other in state.living():
            if other.name != moved.name and other.position == moved.position and not other.in_air:
                raise RuleRefusal(
                    f"{moved.name} would land on {other.name}'s square {list(other.position or ())}",
                    tip="declare flight (fly: true) or move to a free square (move_to)",
                    rule="one unit per square",
                )
    return state


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
    if target.in_air and not attacker.in_air and not _is_ranged(attacker, target, mode):
        raise RuleRefusal(
            f"{t} is in the air: only air cards and ranged attacks reach it, and {a} attacks in melee from the ground",
            rule="Terreno",
        )
    if reach and attacker.reach is not None and attacker.position is not None and target.position is not None:
        distance = state.distance(attacker.position, target.position)
        if distance > attacker.reach:
            raise RuleRefusal(f"{t} is {distance} squares away; {a} reaches {attacker.reach}", rule="attack area")


def _attack_count(state: Battle, attacker: Card, target: Card, times: int | None, events: list[Event]) -> int:
    frequency = attacker.attacks
    charge = state.charge_by(target.name)
    if charge is not None and charge.cover is not None:
        floor = state.options.cover_fa_floor
        reduced = max(floor, frequency - 2)
        events.append(
            Modifier(
                applies_to="FA",
                reason=f"Cubrir Carga por {charge.cover}",
                amount=reduced - frequency,
                total=reduced,
                unit=attacker.name,
            )
        )
        events.append(_ruling("cover_fa_floor", floor, f"FA after Cubrir Carga never drops below {floor}"))
        frequency = reduced
    if frequency <= 0:
        raise RuleRefusal(f"{attacker.name} has FA {frequency} against {target.name}: no attack", rule="FA")
    if times is not None and times > frequency:
        raise RuleRefusal(f"{attacker.name} has FA {frequency}; it cannot attack {times} times", rule="FA")
    return times if times is not None else frequency


# --- one attack ---------------------------------------------------------------------------------------------


def _strike(
    state: Battle,
    attacker_name: str,
    target_name: str,
    dice: DiceSource,
    events: list[Event],
    *,
    extra_attack: Sequence[Bonus] = (),
    extra_damage: Sequence[Bonus] = (),
    multiplier: tuple[int, str] | None = None,
    mode: str | None = None,
    orange: bool = False,
    keep_absorption: bool = False,
    attack_die: int | None = None,
    before_damage: Sequence[Any] = (),
) -> tuple[Battle, bool]:
    """One attack roll against one evasion roll, then damage. Returns the new state and whether it was evaded.

    ``attack_die``: the die of an area attack, rolled once for every card it covers."""
    attacker, target = state.unit(attacker_name), state.unit(target_name)
    a, t = attacker.name, target.name
    bonuses, notes = attack_bonuses(state, attacker, target, mode=mode, orange=orange)
    events.extend(Note(text=n, unit=a) for n in notes)
    if attack_die is None:
        attack_die = _d10(dice, f"attack roll of {a} vs {t}", a, events)
    else:
        events.append(Note(text=f"the area attack's die, {attack_die}, against {t}", unit=a))
    attack_total = _apply(attack_die, [*bonuses, *extra_attack], "attack roll", a, events)
    evasion_die = _d10(dice, f"evasion roll of {t}", t, events)
    evasion_total = _apply(evasion_die, evasion_bonuses(state, target), "evasion roll", t, events)
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
        events.append(Miss(attacker=a, target=t, result=attack_total, needed=evasion_total + 1, rule=rule))
        return state, True
    events.append(Hit(attacker=a, target=t, result=attack_total, needed=evasion_total + 1, rule=rule))
    if before_damage:
        state = _answer_before_damage(state, before_damage, dice, events)
        attacker, target = state.unit(a), state.unit(t)
    critical = attack_die == 10
    damage_die = _d10(dice, f"damage vs {t}", a, events)
    bonuses, notes = damage_bonuses(state, attacker, target)
    events.extend(Note(text=n, unit=a) for n in notes)
    total = _apply(damage_die, [*bonuses, *extra_damage], "damage", a, events)
    factors: list[tuple[int, str]] = []
    if multiplier is not None:
        factors.append(multiplier)
    if critical:
        factors.append((2, "crítico"))
    state, absorbs = _absorptions(state, target, keep_absorption, events)
    order = state.options.multiplier_order
    if factors and absorbs:
        events.append(
            _ruling(
                "multiplier_order",
                order,
                "the damage is multiplied, then absorptions are subtracted"
                if order == "before_absorption"
                else "absorptions are subtracted, then what is left is multiplied",
            )
        )
    if order == "before_absorption":
        total = _multiply(total, factors, t, events)
        total = _apply(total, absorbs, "damage", t, events)
    else:
        total = _apply(total, absorbs, "damage", t, events)
        if total < 0:
            events.append(Modifier(applies_to="damage", reason="never below 0", amount=-total, total=0, unit=t))
            total = 0
        total = _multiply(total, factors, t, events)
    if total < 0:
        events.append(Modifier(applies_to="damage", reason="never below 0", amount=-total, total=0, unit=t))
        total = 0
    state = _wound(state, a, t, total, dice, events)
    return state, False


def _answer_before_damage(state: Battle, responses: Sequence[Any], dice: DiceSource, events: list[Event]) -> Battle:
    """Abilities played after the hit and before the damage roll, each as a response (never a turn)."""
    from .abilities import use_ability

    events.append(Note(text="before the damage roll: " + ", ".join(f"{r.unit} uses {r.ability}" for r in responses)))
    for response in responses:
        answer = AbilityAction(
            do="ability", unit=response.unit, ability=response.ability, target=response.target, response=True, dice=None
        )
        more, state = use_ability(state, answer, dice)
        events.extend(more)
    return state


def _multiply(total: int, factors: Sequence[tuple[int, str]], unit: str, events: list[Event]) -> int:
    for factor, reason in factors:
        total *= factor
        events.append(Multiplier(applies_to="damage", reason=reason, factor=factor, total=total, unit=unit))
    return total


def _absorptions(state: Battle, target: Card, keep: bool, events: list[Event]) -> tuple[Battle, list[Bonus]]:
    """The absorptions the target applies to this hit (as negative damage bonuses); marks Absorción as used."""
    t = target.name
    charge = state.charge_by(t)
    if (charge is not None and charge.flank) or t in state.exposed:
        if target.absorption or target.constant_absorption:
            events.append(Note(text=f"{t} is flanking and cannot apply any absorption", unit=t))
        return state, []
    if not absorption_active(state, target):
        if target.absorption or target.constant_absorption:
            events.append(
                Note(text=f"{t}'s absorptions are not active (no armour for every card, no engineer…)", unit=t)
            )
        return state, []
    sign = state.options.absorption_sign
    adjust: list[Bonus] = []
    if state.line_of(target) == "front":
        adjust.append(("Avanzada", -2 if sign == "as_damage" else 2))
    for shield in state.shields_on(t):
        adjust.append((f"Escudo {shield}", 2 if sign == "as_damage" else -2))
    if adjust:
        events.append(
            _ruling(
                "absorption_sign",
                sign,
                "line and shield changes to absorption are read as changes to the damage taken"
                if sign == "as_damage"
                else "line and shield changes to absorption keep their printed signs",
            )
        )
    armour = [a for a in target.additions if a.kind == "armour"]
    absorbs: list[Bonus] = []
    per_round = target.absorption + sum(a.absorption for a in armour)
    if keep:
        events.append(Note(text=f"{t} keeps its Absorción for a later attack this round", unit=t))
    elif target.absorption_used:
        events.append(Note(text=f"{t} already used its Absorción this round", unit=t))
    else:
        value = _apply(per_round, adjust, "Absorción", t, events)
        absorbs.append(("Absorción (una vez por ronda)", -value))
        state = state.with_unit(dataclasses.replace(target, absorption_used=True))
    constant = target.constant_absorption + sum(a.constant_absorption for a in armour)
    value = _apply(constant, adjust, "Absorción Constante", t, events)
    absorbs.append(("Absorción Constante", -value))
    return state, absorbs


def _wound(
    state: Battle, attacker: str, target_name: str, amount: int, dice: DiceSource, events: list[Event]
) -> Battle:
    """Damage fills one card's PV at a time; each card filled is annihilated and the rest carries over."""
    target = state.unit(target_name)
    front = target.front_life
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
    events.append(
        Damage(
            attacker=attacker,
            target=target_name,
            amount=amount,
            rule=rule,
            defeats=left == 0,
            pool="PV",
            left=life_left,
        )
    )
    if lost and target.cards > 1:
        events.append(CardsLost(unit=target_name, lost=lost, left=left, life_left=life_left))
    state = state.with_unit(dataclasses.replace(target, cards=left if left else target.cards, wounds=wounds))
    if left == 0:
        events.append(Defeat(unit=target_name, by=attacker, reason="PV 0 or less: annihilated, to the Panteón"))
        state = _remove(state, target_name, events)
        if target.commander:
            state = _commander_fallen(state, target, dice, events)
    return state


def _remove(state: Battle, name: str, events: list[Event], *, fled: bool = False) -> Battle:
    card = state.unit(name)
    state = state.with_unit(dataclasses.replace(card, defeated=True, fled=fled, position=None))
    shields = tuple(pair for pair in state.shields if name not in pair)
    guards = tuple(pair for pair in state.guards if name not in pair)
    charges: list[Charge] = []
    for charge in state.charges:
        if name in (charge.charger, charge.victim):
            events.append(Note(text=f"the charge of {charge.charger} on {charge.victim} ends"))
            continue
        if charge.cover == name:
            events.append(Note(text=f"{charge.charger}'s charge is no longer covered"))
            charge = dataclasses.replace(charge, cover=None)
        charges.append(charge)
    return dataclasses.replace(state, shields=shields, guards=guards, charges=tuple(charges))


def _commander_fallen(state: Battle, commander: Card, dice: DiceSource, events: list[Event]) -> Battle:
    """Each troop of the fallen commander's side rolls Moral against the commander's; the losers flee."""
    troops = [c for c in state.living(commander.side) if c.kind == "troop"]
    if not troops:
        return state
    events.append(
        Note(
            text=f"{commander.name}, the commander, has fallen: each troop rolls Moral against the commander's "
            f"Moral {commander.morale} (the troop wins ties) or flees"
        )
    )
    for troop in troops:
        fallen = [("Moral del comandante caído", commander.morale)]
        flees = _opposed(
            state, "Moral", commander.name, fallen, troop.name, check_bonuses(state, troop, "morale"), dice, events
        )
        if flees:
            events.append(
                Defeat(
                    unit=troop.name, by=None, reason="fled the field after its commander fell (counts as annihilated)"
                )
            )
            state = _remove(state, troop.name, events, fled=True)
    return state


def _opposed(
    state: Battle,
    stat: str,
    attacker: str,
    attacker_bonuses: Sequence[Bonus],
    defender: str,
    defender_bonuses: Sequence[Bonus],
    dice: DiceSource,
    events: list[Event],
) -> bool:
    """An opposed roll; True when the attacker wins. The defender wins ties; a natural 10 beats any bonus."""
    a_die = _d10(dice, f"{stat} roll of {attacker}", attacker, events)
    a_total = _apply(a_die, attacker_bonuses, f"{stat} roll", attacker, events)
    d_die = _d10(dice, f"{stat} roll of {defender}", defender, events)
    d_total = _apply(d_die, defender_bonuses, f"{stat} roll", defender, events)
    if d_die == 10:
        won, rule = False, "natural 10 for the defender"
    elif a_die == 10:
        won, rule = True, "natural 10: only another natural 10 beats it"
    elif a_total > d_total:
        won, rule = True, f"{a_total} > {d_total}"
    else:
        won, rule = False, f"{d_total} ≥ {a_total} (ties go to the defender)"
    events.append(
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


def _counterattack(state: Battle, defender: str, failed: str, dice: DiceSource, events: list[Event]) -> Battle:
    """The defender's one automatic attack at +2 against the card whose special attack failed."""
    d, f = state.unit(defender), state.unit(failed)
    if not (d.on_board and f.on_board):
        return state
    events.append(Note(text=f"{defender} counterattacks {failed}: one attack at +2", unit=defender))
    state, _ = _strike(state, defender, failed, dice, events, extra_attack=[("Contraataque", 2)])
    return state


# --- actions ------------------------------------------------------------------------------------------------


def _attack(state: Battle, act: AttackAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    events: list[Event] = []
    attacker = state.unit(act.attacker)
    target = state.unit(act.target)
    _attack_refusal(state, attacker, target, act.mode, reach=False)  # before the turn, for a clear reason
    state = _begin_turn(state, attacker, events, act, dice)
    state = _turn_moves(state, attacker, act, events, limit=attacker.movement, reason="tactical move")
    attacker, target = state.unit(act.attacker), state.unit(act.target)
    _attack_refusal(state, attacker, target, act.mode)
    if act.area and act.before_damage:
        raise RuleRefusal("answers before the damage roll go with a single-target attack", rule="abilities")
    state = _strike_series(
        state, attacker, target, act.times, dice, events,
        mode=act.mode, orange=act.orange, keep_absorption=act.keep_absorption, area=act.area,
        before_damage=act.before_damage,
    )  # fmt: skip
    return events, state


def _strike_series(
    state: Battle,
    attacker: Any,
    target: Any,
    times: int | None,
    dice: DiceSource,
    events: list[Event],
    *,
    area: bool = False,
    **strike: Any,
) -> Battle:
    """The attacks a card makes in one action (FA per turn, or the ``times`` asked), each its own strike; the
    series stops when either card has left the board. An ``area`` attack rolls its die once and covers the target
    and the enemy cards next to it, each with its own evasion and damage."""
    count = _attack_count(state, attacker, target, times, events)
    responses = strike.pop("before_damage", ())
    for number in range(count):
        if not state.unit(target.name).on_board or not state.unit(attacker.name).on_board:
            break
        if count > 1:
            events.append(Note(text=f"attack {number + 1} of {count}", unit=attacker.name))
        if not area:
            state, evaded = _strike(state, attacker.name, target.name, dice, events, before_damage=responses, **strike)
            if not evaded:
                responses = ()  # answered at the first hit
            continue
        covered = _area_victims(state, state.unit(attacker.name), state.unit(target.name), strike.get("mode"), events)
        names = ", ".join(covered[1:])
        events.append(
            Note(text=f"area attack: {target.name}" + (f" and the cards next to it ({names})" if names else ""))
        )
        die = _d10(dice, f"attack roll of {attacker.name} (area, centred on {target.name})", attacker.name, events)
        for victim in covered:
            if state.unit(victim).on_board and state.unit(attacker.name).on_board:
                state, _ = _strike(state, attacker.name, victim, dice, events, attack_die=die, **strike)
    return state


def _area_victims(state: Battle, attacker: Card, target: Card, mode: str | None, events: list[Event]) -> list[str]:
    """The cards an area attack covers: its target, then the enemy cards on the squares next to it that the
    attacker could attack. A commander behind its royal guard is reached only through the guard itself."""
    covered = [target.name]
    assert target.position is not None
    for card in state.living(target.side):
        if card.name == target.name or card.position is None:
            continue
        if state.distance(card.position, target.position) != 1:
            continue
        guard = state.guard_of(card.name)
        if guard is not None and guard != target.name:
            events.append(Note(text=f"{card.name} is behind its royal guard {guard}: the area attack spares it"))
            continue
        try:
            _attack_refusal(state, attacker, card, mode, reach=False, through_guard=True)
        except RuleRefusal as refusal:
            events.append(Note(text=f"the area attack does not reach {card.name}: {refusal.message}"))
            continue
        if guard is not None:
            events.append(
                Note(
                    text=f"the area attack on the royal guard {guard} also reaches {card.name}, the commander behind it"
                )
            )
        covered.append(card.name)
    return covered


def _shield(state: Battle, act: ShieldAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    events: list[Event] = []
    shield, protected = state.unit(act.unit), state.unit(act.protects)
    state = _begin_turn(state, shield, events, act, dice)
    state = _turn_moves(state, shield, act, events, limit=shield.movement, reason="tactical move")
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
    state = dataclasses.replace(state, shields=(*state.shields, (shield.name, protected.name)))
    events.append(
        StatusApplied(unit=shield.name, status=f"shield of {protected.name}", reason="cannot attack, evasion -2")
    )
    events.append(
        StatusApplied(
            unit=protected.name,
            status=f"shielded by {shield.name}",
            reason="evasion +2, absorptions changed by 2 and active",
        )
    )
    return events, state


def _release(state: Battle, act: ReleaseAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    name = act.unit
    state.unit(name)
    shields = tuple(p for p in state.shields if p[0] != name)
    guards = tuple(p for p in state.guards if p[0] != name)
    if shields == state.shields and guards == state.guards:
        raise RuleRefusal(f"{name} is neither a shield nor a royal guard", rule="release")
    events: list[Event] = [Note(text=f"{name} stops protecting and may attack again", unit=name)]
    return events, dataclasses.replace(state, shields=shields, guards=guards)


def _royal_guard(state: Battle, act: RoyalGuardAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    events: list[Event] = []
    guard, commander = state.unit(act.unit), state.unit(act.commander)
    state = _begin_turn(state, guard, events, act, dice)
    state = _turn_moves(state, guard, act, events, limit=guard.movement, reason="tactical move")
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
    state = dataclasses.replace(state, guards=(*state.guards, (guard.name, commander.name)))
    events.append(
        StatusApplied(unit=guard.name, status=f"royal guard of {commander.name}", reason="cannot attack, evasion -2")
    )
    events.append(
        StatusApplied(
            unit=commander.name, status=f"guarded by {guard.name}", reason="cannot be attacked until the guard falls"
        )
    )
    return events, state


def _move_action(state: Battle, act: MoveAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    events: list[Event] = []
    card = state.unit(act.unit)
    state = _begin_turn(state, card, events, act, dice)
    to = act.to if act.to is not None else act.move_to
    state = _turn_moves(state, card, act, events, limit=card.movement, reason="tactical move", to=to)
    return events, state


def _flank_check(state: Battle, flanker: Card, target: Card, dice: DiceSource, events: list[Event]) -> bool:
    return _opposed(
        state,
        "Fortaleza",
        flanker.name,
        check_bonuses(state, flanker, "fortitude"),
        target.name,
        check_bonuses(state, target, "fortitude"),
        dice,
        events,
    )


def _flank(state: Battle, act: FlankAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    events: list[Event] = []
    flanker, target = state.unit(act.flanker), state.unit(act.target)
    _attack_refusal(state, flanker, target, None, reach=False)
    state = _begin_turn(state, flanker, events, act, dice)
    state = _turn_moves(state, flanker, act, events, limit=flanker.movement, reason="flanking move")
    flanker, target = state.unit(act.flanker), state.unit(act.target)
    _attack_refusal(state, flanker, target, None)
    penalties = state.options.flank_penalties
    if penalties == "always":
        state = dataclasses.replace(state, exposed=state.exposed | {flanker.name})
        events.append(
            _ruling("flank_penalties", penalties, "every flank costs the flanker -4 evasion and its absorptions")
        )
        events.append(
            StatusApplied(unit=flanker.name, status="flanking", reason="evasion -4, no absorption until its next turn")
        )
    else:
        events.append(_ruling("flank_penalties", penalties, "a flank without a charge has no penalty"))
    if not _flank_check(state, flanker, target, dice, events):
        events.append(Note(text=f"the flank fails: {target.name} may counterattack", unit=target.name))
        return events, _counterattack(state, target.name, flanker.name, dice, events)
    events.append(
        Note(text=f"the flank succeeds: {flanker.name} attacks at +4 attack and +4 damage", unit=flanker.name)
    )
    state = _strike_series(
        state, flanker, target, act.times, dice, events,
        extra_attack=[("Flanqueo", 4)], extra_damage=[("Flanqueo", 4)], keep_absorption=act.keep_absorption,
    )  # fmt: skip
    return events, state


def _charge(state: Battle, act: ChargeAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    events: list[Event] = []
    charger, victim = state.unit(act.charger), state.unit(act.target)
    if charger.attack_type not in ("melee", "dual"):
        raise RuleRefusal(f"{charger.name} attacks only at range; only melee or dual cards charge", rule="Carga")
    _attack_refusal(state, charger, victim, "melee", reach=False)
    state = _begin_turn(state, charger, events, act, dice)
    limit = None if charger.movement is None else 2 * charger.movement
    state = _turn_moves(state, charger, act, events, limit=limit, reason="charge (twice the tactical move)")
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
        events.append(Note(text=f"{charger.name} combines the charge with a flank: opposed Fortaleza first"))
        if not _flank_check(state, charger, victim, dice, events):
            events.append(Note(text=f"the flank fails: {victim.name} may counterattack", unit=victim.name))
            return events, _counterattack(state, victim.name, charger.name, dice, events)
    other = 1 - state.side_index(charger.side)
    charge = Charge(
        charger=charger.name,
        victim=victim.name,
        side=charger.side,
        opponent_turns=state.turns[other],
        flank=act.flank,
        cover=act.cover,
    )
    state = dataclasses.replace(state, charges=(*state.charges, charge))
    penalty = "no attack, evasion -4" + (", no absorption" if act.flank else "") + " until the charge hits"
    events.append(StatusApplied(unit=charger.name, status=f"charging {victim.name}", reason=penalty))
    if act.cover is not None:
        events.append(
            StatusApplied(
                unit=act.cover,
                status=f"covering {charger.name}'s charge",
                reason=f"cannot attack; attackers of {charger.name} get FA -2 and damage -4",
            )
        )
    events.append(
        Note(
            text=f"the charge hits on {charger.side}'s next turn, once {state.sides[other]} has played a card "
            f"(do: charge_impact, charger: {charger.name})"
        )
    )
    return events, state


def _impact(state: Battle, act: ImpactAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    events: list[Event] = []
    charge = state.charge_by(act.charger)
    if charge is None:
        raise RuleRefusal(f"{act.charger} has no charge under way", rule="Carga")
    if not _charge_due(state, charge):
        raise RuleRefusal(
            f"{act.charger}'s charge hits on {charge.side}'s next turn, after {state.other_side(charge.side)} "
            "has played a card",
            rule="charge timing",
        )
    charger, victim = state.unit(charge.charger), state.unit(charge.victim)
    escaped = act.escaped
    if not escaped and charger.reach is not None and charger.position and victim.position:
        escaped = state.distance(charger.position, victim.position) > charger.reach
    if escaped:
        events.append(Note(text=f"{victim.name} left {charger.name}'s attack area before the impact: the charge fails"))
        state = _counterattack(state, victim.name, charger.name, dice, events)
        return events, _end_charge(state, charger.name)
    extra_attack: list[Bonus] = [("Carga", 4)]
    extra_damage: list[Bonus] = []
    if charge.flank:
        stacking = state.options.charge_flank_bonus
        multiplier = (3, "Carga con flanqueo")
        if stacking == "stack":
            extra_attack.append(("Flanqueo", 4))
            extra_damage.append(("Flanqueo", 4))
            events.append(_ruling("charge_flank_bonus", stacking, "the flank's own +4 attack and damage add on top"))
        else:
            events.append(
                _ruling("charge_flank_bonus", stacking, "the combination's figures are complete: +4 attack, damage x3")
            )
    else:
        multiplier = (2, "Carga")
    state, evaded = _strike(
        state,
        charger.name,
        victim.name,
        dice,
        events,
        extra_attack=extra_attack,
        extra_damage=extra_damage,
        multiplier=multiplier,
        mode="melee",
        keep_absorption=act.keep_absorption,
    )
    if evaded:
        state = _counterattack(state, victim.name, charger.name, dice, events)
    return events, _end_charge(state, charger.name)


def _end_charge(state: Battle, charger: str) -> Battle:
    return dataclasses.replace(state, charges=tuple(c for c in state.charges if c.charger != charger))


def _check(state: Battle, act: CheckAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    events: list[Event] = []
    attacker, defender = state.unit(act.attacker), state.unit(act.defender)
    for card in (attacker, defender):
        if not card.on_board:
            raise RuleRefusal(f"{card.name} is no longer on the field", rule="check")
    stat = "Fortaleza" if act.stat == "fortitude" else "Moral"
    _opposed(
        state,
        stat,
        attacker.name,
        check_bonuses(state, attacker, act.stat),
        defender.name,
        check_bonuses(state, defender, act.stat),
        dice,
        events,
    )
    return events, state


def _initiative(state: Battle, act: InitiativeAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    events: list[Event] = []
    bonuses: list[list[Bonus]] = []
    for side in state.sides:
        commander = state.commander_of(side)
        if commander is None or not commander.on_board:
            events.append(Note(text=f"{side} has no commander on the field: its reaction roll has no bonus"))
            bonuses.append([])
        else:
            bonuses.append([(f"Reacción de {commander.name}", commander.reaction)])
    for _ in range(MAX_INITIATIVE_ROLLS):
        dies: list[int] = []
        totals: list[int] = []
        for side, bonus in zip(state.sides, bonuses, strict=True):
            die = _d10(dice, f"reaction roll of {side}", None, events)
            dies.append(die)
            totals.append(_apply(die, bonus, "reaction roll", None, events))
        if dies[0] == 10 and dies[1] != 10:
            winner, rule = 0, "natural 10"
        elif dies[1] == 10 and dies[0] != 10:
            winner, rule = 1, "natural 10"
        elif totals[0] != totals[1] and not (dies[0] == 10 and dies[1] == 10):
            winner = 0 if totals[0] > totals[1] else 1
            rule = f"{totals[winner]} > {totals[1 - winner]}"
        else:
            events.append(Note(text="a tie: both sides roll again"))
            continue
        first = state.sides[winner]
        events.append(
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
        events.append(Note(text=f"{first} acts first this round; the players then alternate cards"))
        return events, dataclasses.replace(state, first=first, to_play=first)
    raise RuleRefusal(f"{MAX_INITIATIVE_ROLLS} tied reaction rolls in a row", rule="initiative")


def _heal(state: Battle, act: HealAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    """A healing or repair ability: PV back on the front card (never above its PV, never a fallen card back), and
    with ``cure`` the negative effects (paralysis) ended. Not the card's action: any phase, either player's turn,
    and, since it is its own step between actions, always before the next attack's damage roll."""
    log = ActionLog(dice=dice)
    healer, target = state.unit(act.healer), state.unit(act.unit)
    if not healer.on_board:
        raise RuleRefusal(f"{healer.name} is no longer on the field", rule="healing")
    if healer.paralysed:
        raise RuleRefusal(f"{healer.name} is paralysed: it takes no action and uses no ability", rule="paralysed")
    if not target.on_board:
        raise RuleRefusal(
            f"{target.name} has been annihilated: cards in the Panteón are not healed back", rule="healing"
        )
    target = _restore(healer, target, act.life, act.roll, act.cure, log)
    log.emit(Note(text=f"healing is not {healer.name}'s action: its turn is still to come", unit=healer.name))
    return log.events, state.with_unit(target)


def _restore(healer: Card, target: Card, life: int | None, roll: str | None, cure: bool, log: ActionLog) -> Card:
    """PV back on the card taking damage (never above its PV) and, with ``cure``, the paralysis ended."""
    if life is not None or roll is not None:
        if roll is not None:
            amount = log.roll_dice(roll, f"PV restored by {healer.name} to {target.name}", healer.name).total
        else:
            amount = life or 0
        restored = max(0, min(amount, target.wounds))
        before = target.front_life
        target = dataclasses.replace(target, wounds=target.wounds - restored)
        rule = f"{amount} PV restored, up to the card's PV {target.life}"
        if target.cards > 1:
            rule += "; only the card taking damage is healed, fallen cards stay in the Panteón"
        log.emit(
            Heal(
                unit=target.name,
                amount=restored,
                before=before,
                after=target.front_life,
                reason=f"{healer.name}: {rule}",
                pool="PV",
            )
        )
    if cure:
        if target.paralysed:
            target = dataclasses.replace(target, paralysed=False, paralysed_rounds=None)
            log.emit(Note(text=f"{healer.name} cures {target.name}: the paralysis ends", unit=target.name))
        else:
            log.emit(Note(text=f"{target.name} has no negative effect to cure", unit=target.name))
    return target


def _paralyse(state: Battle, act: ParalyseAction, dice: DiceSource) -> tuple[list[Event], Battle]:
    """An effect paralyses a card (what an ability or a power did at the table): no action while it lasts."""
    card = state.unit(act.unit)
    if not card.on_board:
        raise RuleRefusal(f"{card.name} is no longer on the field", rule="paralysed")
    if act.by is not None and not state.unit(act.by).on_board:
        raise RuleRefusal(f"{act.by} is no longer on the field", rule="paralysed")
    lasts = (
        "until cured"
        if act.rounds is None
        else f"for {act.rounds} round{'s' if act.rounds != 1 else ''} of {card.side}"
    )
    by = f" by {act.by}" if act.by else ""
    event = StatusApplied(unit=card.name, status="paralysed", reason=f"paralysed{by} {lasts}: it takes no action")
    return [event], state.with_unit(dataclasses.replace(card, paralysed=True, paralysed_rounds=act.rounds))


Handler = Callable[[Battle, Any, DiceSource], tuple[list[Event], Battle]]


@functools.cache
def _handlers() -> dict[type[Any], Handler]:
    """Every action's handler. The army's strategic actions and the abilities live in their own modules, which use
    the helpers of this one, so they are imported here rather than at the top."""
    from .abilities import use_ability
    from .strategy import change_strategy, regroup, reinforcements

    return {
        AttackAction: _attack,
        ShieldAction: _shield,
        ReleaseAction: _release,
        RoyalGuardAction: _royal_guard,
        MoveAction: _move_action,
        FlankAction: _flank,
        ChargeAction: _charge,
        ImpactAction: _impact,
        CheckAction: _check,
        HealAction: _heal,
        ParalyseAction: _paralyse,
        RegroupAction: regroup,
        ChangeStrategyAction: change_strategy,
        ReinforcementsAction: reinforcements,
        AbilityAction: use_ability,
        InitiativeAction: _initiative,
    }


def resolve(state: Battle, action: Any, dice: DiceSource) -> tuple[list[Event], Battle]:
    handler = _handlers().get(type(action))
    if handler is None:
        raise TypeError(f"not a F0R60D action: {action!r}")
    if state.over:
        result = f"{state.winner} won" if state.winner else "neither side has troops left"
        raise RuleRefusal(f"the battle is over: {result}", rule="battle result")
    events, state = handler(state, action, dice)
    return _battle_result(state, events)


def keeps_in_battle(state: Battle, card: Card) -> bool:
    """Whether the card keeps its side in the battle (option ``battle_end``)."""
    return card.on_board and (state.options.battle_end == "every_card" or card.counts_as_troop)


def _battle_result(state: Battle, events: list[Event]) -> tuple[list[Event], Battle]:
    """The player left with no troops on the field loses: a ``game_over`` naming the winner."""
    beaten = [side for side in state.sides if not any(keeps_in_battle(state, c) for c in state.living(side))]
    if not beaten or not state.judged:
        return events, state
    option = state.options.battle_end
    counted = "troops and war machines (invocations are not troops)" if option == "troop_deck" else "cards"
    events.append(_ruling("battle_end", option, f"a side stays in the battle while it has {counted} on the field"))
    winner = None if len(beaten) == 2 else state.other_side(beaten[0])
    if winner is None:
        reason = "neither side has troops left on the field"
    else:
        reason = f"{beaten[0]} has no troops left on the field"
    fall = next((e for e in reversed(events) if isinstance(e, Defeat)), None)
    events.append(
        GameOver(
            reason=reason,
            winner=winner,
            unit=fall.unit if fall is not None else None,
            by=fall.by if fall is not None else None,
        )
    )
    return events, dataclasses.replace(state, over=True, winner=winner, to_play=None)
