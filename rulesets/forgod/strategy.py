"""F0R60D's strategic actions that change the army on the field: Reagrupar (split and join detachments), Cambio
de Estrategia (a troop-deck card replaces a unit) and Llamar Refuerzos (troop-deck cards called in)."""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import said
from tabroll.geometry.grid import Square

from .actions import ChangeStrategyAction, RegroupAction, ReinforcementsAction
from .cards import detachment_limit
from .events import Multiplier
from .messages import _, n_
from .model import MODE_NAMES, MODE_UNITS, REINFORCEMENT_FACTOR
from .state import Battle, Card, at_side, with_copies
from .turn import HANDLERS, ForgodTurn, begin_turn, on_the_board, remove, vacant
from .words import SquareInput

SAME_CARD = (
    "kind",
    "troop_type",
    "attack_type",
    "attacks",
    "attack",
    "damage",
    "life",
    "evasion",
    "absorption",
    "constant_absorption",
    "fortitude",
    "morale",
    "level",
    "terrain",
    "cost",
    "faction",
)


def _mark_acted(turn: ForgodTurn, side: str, name: str) -> None:
    index = turn.state.side_index(side)
    turn.change(acted=at_side(turn.state.acted, index, turn.state.acted[index] | {name}))


def _has_role(state: Battle, name: str) -> str | None:
    if state.shield_of(name) or state.shields_on(name):
        return _("a shield or shielded")
    if state.guarding(name) or state.guard_of(name):
        return _("a royal guard or guarded")
    if state.charge_by(name) or state.covering(name):
        return _("in a charge")
    return None


@HANDLERS.on(RegroupAction)
def regroup(turn: ForgodTurn, act: RegroupAction) -> None:
    """Reagrupar, in a tactical movement phase: split cards off a detachment (its turn) into a new unit, or join
    a card or detachment (its turn) to an identical detachment, within the level's detachment limit."""
    begin_turn(turn, turn.unit(act.unit), act)
    state = turn.state
    unit = state.unit(act.unit)
    if unit.kind != "troop":
        raise RuleRefusal(
            _("{unit} is not a troop card: only troops form detachments", unit=unit.name), rule="Reagrupar"
        )
    if (role := _has_role(state, unit.name)) is not None:
        raise RuleRefusal(_("{unit} is {role}: end that first", unit=unit.name, role=role), rule="Reagrupar")
    if act.split is not None:
        _split(turn, unit, act)
        return
    assert act.join is not None
    _join(turn, unit, state.unit(act.join))


def _split(turn: ForgodTurn, unit: Card, act: RegroupAction) -> None:
    state = turn.state
    assert act.split is not None and act.into is not None and act.to is not None and unit.position is not None
    if act.split >= unit.cards:
        raise RuleRefusal(
            n_(
                "{unit} has {n} card: it can split off at most {most}",
                "{unit} has {n} cards: it can split off at most {most}",
                unit.cards,
                unit=unit.name,
                most=unit.cards - 1,
            ),
            rule="Reagrupar",
        )
    if any(u.name == act.into for u in state.units):
        raise RuleRefusal(
            _("there is already a unit called '{into}'", into=act.into), tip=_("name the new unit otherwise")
        )
    to = (act.to[0], act.to[1])
    on_the_board(state, to)
    vacant(state, to, unit)
    distance = state.board.distance(unit.position, to)
    if unit.movement is not None and distance > unit.movement:
        raise RuleRefusal(
            _(
                "the split cards would move {distance} squares; {unit} moves {movement}",
                distance=distance,
                unit=unit.name,
                movement=unit.movement,
            ),
            rule="movement",
        )
    part = replace(
        unit,
        name=act.into,
        cards=act.split,
        wounds=0,
        position=to,
        additions=(),
        invading=state.row_line(unit.side, to[1]) is None,
    )
    rest = replace(unit, cards=unit.cards - act.split)
    turn.change(units=(*state.with_unit(rest).units, part))
    _mark_acted(turn, unit.side, part.name)
    turn.note(
        n_(
            "{unit} splits: {n} card forms {part}; {rest} stay (with the damaged card and the equipped additions)",
            "{unit} splits: {n} cards form {part}; {rest} stay (with the damaged card and the equipped additions)",
            act.split,
            unit=unit.name,
            part=part.name,
            rest=rest.cards,
        ),
        unit.name,
    )
    turn.moved(part.name, unit.position, to, _("Reagrupar"))


def _join(turn: ForgodTurn, unit: Card, into: Card) -> None:
    state = turn.state
    if into.name == unit.name or into.side != unit.side or not into.on_board:
        raise RuleRefusal(
            _("{unit} can only join another unit of its side on the field", unit=unit.name), rule="Reagrupar"
        )
    differ = [f for f in SAME_CARD if getattr(unit, f) != getattr(into, f)]
    if differ:
        raise RuleRefusal(
            _(
                "only identical cards form a detachment: {unit} and {into} differ in {differ}",
                unit=unit.name,
                into=into.name,
                differ=", ".join(differ),
            ),
            rule="Reagrupar",
        )
    if unit.commander or into.commander:
        raise RuleRefusal(_("a detachment cannot be the troops' commander"), rule="Reagrupar")
    if (role := _has_role(state, into.name)) is not None:
        raise RuleRefusal(_("{into} is {role}: end that first", into=into.name, role=role), rule="Reagrupar")
    total, limit = unit.cards + into.cards, detachment_limit(unit.level)
    if total > limit:
        raise RuleRefusal(
            _(
                "{total} cards of level {level} would exceed the detachment limit of {limit}",
                total=total,
                level=unit.level,
                limit=limit,
            ),
            rule="Reagrupar",
        )
    if unit.wounds and into.wounds and unit.wounds + into.wounds >= unit.life:
        raise RuleRefusal(
            _(
                "{unit} and {into} both carry damage adding up to a whole card's PV: tabroll keeps "
                "one damaged card per detachment",
                unit=unit.name,
                into=into.name,
            ),
            tip=_("heal one of them first"),
            rule="Reagrupar",
        )
    assert unit.position is not None and into.position is not None
    distance = state.board.distance(unit.position, into.position)
    if unit.movement is not None and distance > unit.movement:
        raise RuleRefusal(
            _(
                "{into} is {distance} squares away; {unit} moves {movement}",
                into=into.name,
                distance=distance,
                unit=unit.name,
                movement=unit.movement,
            ),
            rule="movement",
        )
    additions = into.additions
    for addition in unit.additions:
        additions = with_copies(additions, addition)
    joined = replace(
        into,
        cards=total,
        wounds=unit.wounds + into.wounds,
        additions=additions,
        absorption_used=into.absorption_used or unit.absorption_used,
    )
    turn.state = state.with_unit(joined).with_unit(replace(unit, position=None, joined=into.name))
    _mark_acted(turn, unit.side, into.name)
    turn.moved(unit.name, unit.position, into.position, _("Reagrupar"))
    turn.note(
        _(
            "{unit} joins {into}: a detachment of {total} cards (it counts as having acted this round)",
            unit=unit.name,
            into=into.name,
            total=total,
        ),
        into.name,
    )


@HANDLERS.on(ChangeStrategyAction)
def change_strategy(turn: ForgodTurn, act: ChangeStrategyAction) -> None:
    """Cambio de Estrategia, in the unit's turn: it is sacrificed, its cost comes back to the reserve of campaign
    points, and a troop-deck card enters on its square with its damage (or fresh, paying double)."""
    old, new = turn.unit(act.unit), turn.unit(act.into)
    _exchangeable(old, new)
    begin_turn(turn, old, act)
    state = turn.state
    index = state.side_index(old.side)
    available, price = _exchange_price(state, old, new, act.fresh)
    carried = 0 if act.fresh else old.wounds
    lost = carried // new.life
    if lost >= new.cards:
        raise RuleRefusal(
            _(
                "{old}'s damage ({carried}) would annihilate {new} as it enters",
                old=old.name,
                carried=carried,
                new=new.name,
            ),
            tip=_("enter it fresh (fresh: true) at twice its PC"),
            rule="Cambio de Estrategia",
        )
    square = old.position
    assert square is not None
    remove(turn, old.name, _("exchanged for {new} by Cambio de Estrategia, to the Panteón", new=new.name), "sacrificed")
    state = turn.state
    entering = replace(
        new,
        in_deck=False,
        position=square,
        cards=new.cards - lost,
        wounds=carried - lost * new.life,
        invading=state.row_line(new.side, square[1]) is None,
    )
    reserve = at_side(state.reserve or (0, 0), index, available - price)
    turn.state = replace(state.with_unit(entering), reserve=reserve)
    _mark_acted(turn, new.side, new.name)
    if act.fresh:
        carry = _("without damage, at twice its PC")
    elif carried and lost:
        carry = _("with {old}'s {carried} damage ({lost} of its cards fall)", old=old.name, carried=carried, lost=lost)
    elif carried:
        carry = _("with {old}'s {carried} damage", old=old.name, carried=carried)
    else:
        carry = _("{old} had no damage to carry", old=old.name)
    turn.note(
        _(
            "{new} enters the field at {square} for {old} (Cambio de Estrategia), {carry}: "
            "{price} PC paid of {available}, {reserve} kept",
            new=new.name,
            square=list(square),
            old=old.name,
            carry=carry,
            price=price,
            available=available,
            reserve=reserve[index],
        ),
        new.name,
    )


def _exchangeable(old: Card, new: Card) -> None:
    """Refuse an exchange the rule forbids: both cards of the side's troop deck, never the commander."""
    if not new.in_deck or new.side != old.side:
        raise RuleRefusal(
            _("{new} is not a card of {side}'s troop deck", new=new.name, side=old.side), rule="Cambio de Estrategia"
        )
    if not old.paid:
        raise RuleRefusal(
            _("{old} is an invocation, not a unit of the troop deck", old=old.name), rule="Cambio de Estrategia"
        )
    if old.commander:
        raise RuleRefusal(
            _("{old} is the commander, chosen before the battle: it is not exchanged", old=old.name),
            rule="Cambio de Estrategia",
        )


def _exchange_price(state: Battle, old: Card, new: Card, fresh: bool) -> tuple[int, int]:
    """The points the side may pay (its reserve and the leaving unit's cost back) and the entering card's price."""
    if state.reserve is None:
        raise RuleRefusal(
            _("the scenario gives no campaign points to pay with"),
            tip=_("give 'points:' (or 'mode:' and 'tier:')"),
            rule="Cambio de Estrategia",
        )
    index = state.side_index(old.side)
    refund = old.cost * old.cards
    available = state.reserve[index] + refund
    price = new.cost * new.cards * (2 if fresh else 1)
    if price > available:
        values = {
            "new": new.name,
            "price": price,
            "side": old.side,
            "available": available,
            "kept": state.reserve[index],
            "refund": refund,
            "old": old.name,
        }
        raise RuleRefusal(
            _(
                "{new} costs {price} PC (double, to enter without damage); {side} has {available} ({kept} kept + "
                "{refund} back from {old})",
                **values,
            )
            if fresh
            else _(
                "{new} costs {price} PC; {side} has {available} ({kept} kept + {refund} back from {old})",
                **values,
            ),
            rule="Cambio de Estrategia",
        )
    return available, price


@HANDLERS.on(ReinforcementsAction)
def reinforcements(turn: ForgodTurn, act: ReinforcementsAction) -> None:
    """Llamar Refuerzos, an instant: the special card goes to the Panteón and brings troop-deck cards in with the
    points kept plus 1d10 × the mode's factor, while the side is below the mode's units on the field."""
    state = turn.state
    side = act.side
    on_field = _may_call(state, side)
    assert state.mode is not None
    index = state.side_index(side)
    most = MODE_UNITS[state.mode]
    entering = _called(state, side, act.units)
    factor = REINFORCEMENT_FACTOR[state.mode]
    die = turn.d10(_("Llamar Refuerzos of {side}: 1d10 × {factor} PC", side=side, factor=factor), None)
    kept = state.reserve[index] if state.reserve is not None else 0
    if state.reserve is None:
        turn.note(_("the scenario gives no campaign points: only the call's points are spent"))
    turn.emit(
        Multiplier(
            applies_to=said(lambda: _("Llamar Refuerzos PC")),
            reason=MODE_NAMES[state.mode],
            factor=factor,
            total=die * factor,
        )
    )
    available = kept + die * factor
    count = len(on_field)
    for card in entering:
        price = card.cost * card.cards
        if price > available or (count >= most and card.counts_as_troop):
            why = (
                _("{price} PC, {available} left", price=price, available=available)
                if price > available
                else _("{mode}'s {most} units", mode=MODE_NAMES[state.mode], most=most)
            )
            turn.note(_("{card} stays in the troop deck ({why})", card=card.name, why=why), card.name)
            continue
        where = (act.units[card.name][0], act.units[card.name][1])
        state = state.with_unit(replace(card, in_deck=False, position=where))
        available -= price
        if card.counts_as_troop:  # invocations and special units take none of the mode's units
            count += 1
        turn.note(
            _(
                "{card} enters the field at {where} (Llamar Refuerzos: {price} PC)",
                card=card.name,
                where=list(where),
                price=price,
            ),
            card.name,
        )
    reserve = at_side(state.reserve or (0, 0), index, available)
    cards = at_side(state.reinforcement_cards, index, state.reinforcement_cards[index] - 1)
    turn.note(
        _("the Llamar Refuerzos card goes to the Panteón; {side} keeps {available} PC", side=side, available=available)
    )
    turn.state = replace(state, reserve=reserve, reinforcement_cards=cards)


def _may_call(state: Battle, side: str) -> list[Card]:
    """The side's units on the field, or a refusal of a call the rule forbids."""
    if side not in state.sides:
        raise RuleRefusal(
            _("'{side}' is not one of the sides {sides}", side=side, sides=list(state.sides)), rule="Llamar Refuerzos"
        )
    index = state.side_index(side)
    if state.reinforcement_cards[index] < 1:
        raise RuleRefusal(_("{side} holds no Llamar Refuerzos card", side=side), rule="Llamar Refuerzos")
    if state.mode is None:
        raise RuleRefusal(
            _("the call's points and the unit limit depend on the game mode"),
            tip=_("give the scenario's 'mode:'"),
            rule="Llamar Refuerzos",
        )
    on_field = [c for c in state.living(side) if c.counts_as_troop]
    if not state.living(side):
        raise RuleRefusal(_("{side} has no card left on the field", side=side), rule="Llamar Refuerzos")
    most = MODE_UNITS[state.mode]
    if len(on_field) >= most:
        raise RuleRefusal(
            _(
                "{side} already fields {count} units, the most {mode} allows",
                side=side,
                count=len(on_field),
                mode=MODE_NAMES[state.mode],
            ),
            rule="Llamar Refuerzos",
        )
    return on_field


def _called(state: Battle, side: str, units: Mapping[str, SquareInput]) -> list[Card]:
    """The troop-deck cards called, in order, each to a free square of the side's own field."""
    entering = [state.unit(name) for name in units]
    squares: set[Square] = set()
    for card in entering:
        if not card.in_deck or card.side != side:
            raise RuleRefusal(
                _("{card} is not a card of {side}'s troop deck", card=card.name, side=side), rule="Llamar Refuerzos"
            )
        where = (units[card.name][0], units[card.name][1])
        if not state.board.contains(where) or state.row_line(side, where[1]) is None:
            raise RuleRefusal(
                _("{card} enters on {side}'s own field, not at {where}", card=card.name, side=side, where=list(where)),
                rule="Llamar Refuerzos",
            )
        vacant(state, where, card)
        if where in squares and card.terrain != "air":
            raise RuleRefusal(
                _("two entering units would share {where}", where=list(where)), rule="one unit per square"
            )
        squares.add(where)
    return entering
