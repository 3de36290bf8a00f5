"""F0R60D's working area for one action (:class:`ForgodTurn`); what every action's steps share
(:mod:`tabroll.engine.steps`): :class:`BattleStep`, the battle's result (:func:`battle_result`) that ends every
action, and :class:`Unbroken`, steps the exact walk must take as one; and what every card's turn shares: who may
act, a new round, the addition phase, the terrain and the tactical move, a card leaving the field and PV restored."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from msgspec.structs import replace

from tabroll.dice.sources import roll_die
from tabroll.engine.steps import Step
from tabroll.engine.work import Turn
from tabroll.errors import RuleRefusal
from tabroll.events import Defeat, Event, GameOver, Heal, Modifier, Move, NewRound, Roll, StatusApplied, said
from tabroll.geometry.grid import Square
from tabroll.kit import Handlers
from tabroll.kit.roster import Roster

from .army import slot_overflow
from .bonuses import Bonus
from .messages import _, n_
from .state import Battle, Card, Charge, Decks, at_side, with_copies

if TYPE_CHECKING:
    from .actions import Action
    from .cards import AdditionInput


class ForgodTurn(Turn[Battle], kw_only=True):  # a working area: never compared (as Turn)
    """One action being resolved: the battle as it stands (``state``), the dice and the action's log.

    ``fall``: the card that fell last in this action and who felled it (``None`` for a card that fled), as the
    battle's result names it (:func:`battle_result`). Every value is immutable, so the exact walk's forks share
    them."""

    fall: tuple[str, str | None] | None = None

    def emit(self, event: Event) -> None:
        self.events.append(event)
        if type(event) is Defeat:
            self.fall = (event.unit, event.by)

    def unit(self, name: str) -> Card:
        return self.state.unit(name)

    def put(self, card: Card) -> None:
        """The card, changed, back into the battle."""
        self.state = self.state.with_unit(card)

    def moved(self, unit: str, origin: Square, to: Square, reason: str) -> None:
        """A ``move`` event: ``unit`` went from ``origin`` straight to ``to``."""
        self.emit(Move(unit=unit, origin=origin, destination=to, path=(to,), reason=reason))

    def status(self, unit: str, status: Callable[[], str], reason: str) -> None:
        """A ``status`` event: the unit gets the status ``status()`` says, in every language."""
        self.emit(StatusApplied(unit=unit, status=said(status), reason=reason))

    def d10(self, purpose: str, unit: str | None) -> int:
        """One d10 from the action's dice, logged as a ``roll``."""
        return self.logged_d10(roll_die(self.dice, 10, purpose), purpose, unit)

    def logged_d10(self, value: int, purpose: str, unit: str | None) -> int:
        """A d10 drawn already (by ``draw_compared``, for an opposed roll), logged as :meth:`d10` logs one."""
        self.emit(Roll.die(10, value, label=purpose, unit=unit))
        return value

    def apply(self, total: int, bonuses: Sequence[Bonus], applies_to: str, unit: str | None) -> int:
        """``total`` with each non-zero bonus added, each logged as a ``modifier``."""
        for reason, amount in bonuses:
            if amount == 0:
                continue
            total += amount
            self.emit(Modifier(applies_to=applies_to, reason=reason, amount=amount, total=total, unit=unit))
        return total


HANDLERS: Handlers[ForgodTurn] = Handlers()
"""Every F0R60D action's handler, each registered where it is defined (the modules :mod:`.resolver` names)."""


class BattleStep(Step, frozen=True, kw_only=True):
    """A step of a F0R60D action: its fields (every one compared) are what it and the steps after it read besides
    the battle.

    ``fall``: the card that fell last in the action so far and by whom, which the battle's result names; stamped
    on each step as it is reached, in a judged battle only. A step whose ``inline`` is true draws no die: the step
    before it takes it at once, so the exact walk never keeps the action there."""

    fall: tuple[str, str | None] | None = None  # keyword-only: after every subclass's own fields
    inline: ClassVar[bool] = False

    def advance(self, turn: ForgodTurn) -> BattleStep | None:
        following = self.take(turn)
        while following is not None and following.inline:
            following = following.take(turn)
        return None if following is None else following.stamped(turn)

    def take(self, turn: ForgodTurn) -> BattleStep | None:
        """This step's rule applied to ``turn``: the step that follows, or None at the end of the action."""
        raise NotImplementedError

    def stamped(self, turn: ForgodTurn) -> BattleStep:
        """This step with the action's last fall so far, where the battle's result will read it."""
        if turn.state.judged and self.fall != turn.fall:
            return replace(self, fall=turn.fall)
        return self


class EndAction(BattleStep, frozen=True):
    """The last rule of every action: the battle's result (:func:`battle_result`)."""

    inline: ClassVar[bool] = True

    def take(self, turn: ForgodTurn) -> None:
        battle_result(turn)


END = EndAction()


class Unbroken(BattleStep, frozen=True):
    """Steps taken as one, ``first`` and each after it to the end of the action, with no kept step between: for an
    area attack that may strike a troop and later its commander, so the odds read the troop's flight with its
    last blow."""

    first: BattleStep

    def take(self, turn: ForgodTurn) -> None:
        step: BattleStep | None = self.first
        while step is not None:
            step = step.take(turn)


def battle_result(turn: ForgodTurn) -> None:
    """The player left with no troops on the field loses: a ``game_over`` naming the winner."""
    state = turn.state
    if not state.judged:
        return
    option = state.options.battle_end  # which cards keep their side in the battle
    keep = [c.side for c in state.living() if option == "every_card" or c.counts_as_troop]
    beaten = [side for side in state.sides if side not in keep]
    if not beaten:
        return
    turn.ruling(
        "battle_end",
        option,
        _(
            "a side stays in the battle while it has troops and war machines (invocations and special units are "
            "not troops) on the field"
        )
        if option == "troop_deck"
        else _("a side stays in the battle while it has cards on the field"),
    )
    winner = None if len(beaten) == 2 else state.other_side(beaten[0])
    if winner is None:
        reason = _("neither side has troops left on the field")
    else:
        reason = _("{beaten} has no troops left on the field", beaten=beaten[0])
    unit, by = turn.fall or (None, None)
    turn.emit(GameOver(reason=reason, winner=winner, unit=unit, by=by))
    turn.change(over=True, winner=winner, to_play=None)


# --- whose turn -----------------------------------------------------------------------------------------------


def charge_due(state: Battle, charge: Charge) -> bool:
    other = 1 - state.side_index(charge.side)
    return state.turns[other] > charge.opponent_turns


def may_act(state: Battle, card: Card) -> bool:
    """Whether the card could play a turn now: on the field, not paralysed, not in the middle of a charge."""
    return card.on_board and not card.paralysed and state.charge_by(card.name) is None


def begin_turn(turn: ForgodTurn, card: Card, act: Any) -> None:
    """The card's side plays a turn with it: check it may act, start its side's new round if due, then its
    addition phase."""
    state = turn.state
    _may_play(state, card)
    _alternation(turn, state, card)
    index = state.side_index(card.side)
    acted = _round_for(turn, state, card, index)
    state = turn.state
    turn.change(
        acted=at_side(state.acted, index, acted | {card.name}),
        turns=at_side(state.turns, index, state.turns[index] + 1),
        exposed=state.exposed - {card.name},
        to_play=state.other_side(card.side),
        played_last=card.side,
    )
    if turn.unit(card.name).ability_uses:  # FH counts the uses between two of the card's turns
        turn.put(replace(turn.unit(card.name), ability_uses=()))
    _addition_phase(turn, turn.unit(card.name), act)


def _may_play(state: Battle, card: Card) -> None:
    """Refuse a turn the card cannot play: off the field, charging, paralysed, its side's charge or the reaction
    rolls due first, or not the commander in the battle's first turn."""
    if not card.on_board:
        raise RuleRefusal(_("{card} is no longer on the field", card=card.name), rule="annihilated")
    for charge in state.charges:
        if charge.side == card.side and charge_due(state, charge):
            raise RuleRefusal(
                _(
                    "{charger}'s charge on {victim} hits at the start of this turn of {side}",
                    charger=charge.charger,
                    victim=charge.victim,
                    side=card.side,
                ),
                tip=_("resolve it first: do: charge_impact, charger: {charger}", charger=charge.charger),
                rule="charge timing",
            )
    if (own := state.charge_by(card.name)) is not None:
        raise RuleRefusal(
            _("{card} is charging {victim} and cannot act until the charge hits", card=card.name, victim=own.victim),
            rule="Carga",
        )
    if card.paralysed:
        lasts = _("until it is cured") if card.paralysed_rounds is None else _("while the effect lasts")
        raise RuleRefusal(
            _("{card} is paralysed and takes no action {lasts}", card=card.name, lasts=lasts), rule="paralysed"
        )
    index = state.side_index(card.side)
    if state.from_deployment and state.first is None:
        raise RuleRefusal(
            _("the battle has not begun: the reaction rolls decide who acts first"),
            tip=_("roll them first: do: initiative"),
            rule="initiative",
        )
    if state.from_deployment and state.turns[index] == 0 and not card.commander:
        commander = state.commander_of(card.side)
        values = {"card": card.name, "side": card.side}
        raise RuleRefusal(
            _(
                "in the battle's first turn only the commanders act; {card} is not {side}'s commander ({commander})",
                commander=commander.name,
                **values,
            )
            if commander is not None
            else _("in the battle's first turn only the commanders act; {card} is not {side}'s commander", **values),
            rule="first turn",
        )


def _alternation(turn: ForgodTurn, state: Battle, card: Card) -> None:
    """The players alternate one card each (option ``alternation``), unless the side due has no card that can act."""
    if state.to_play is None or card.side == state.to_play:
        return
    if not any(may_act(state, c) for c in state.living(state.to_play)):
        turn.note(_("{to_play} has no card that can act: {side} plays again", to_play=state.to_play, side=card.side))
        return
    why = (
        _("the players alternate, one card each, and {side} played the last card", side=card.side)
        if state.played_last == card.side
        else _("{to_play} won the reaction roll and plays the next card", to_play=state.to_play)
    )
    if state.options.alternation != "free":
        raise RuleRefusal(_("it is {to_play}'s turn: {why}", to_play=state.to_play, why=why), rule="alternation")
    turn.ruling(
        "alternation",
        "free",
        _(
            "the players need not alternate: {side} plays {card}'s turn although it is {to_play}'s ({why})",
            side=card.side,
            card=card.name,
            to_play=state.to_play,
            why=why,
        ),
    )


def _round_for(turn: ForgodTurn, state: Battle, card: Card, index: int) -> frozenset[str]:
    """The cards of the side that have acted in its round: a card acts again only after all its side's others
    that can, and then the side begins a new round."""
    acted = state.acted[index]
    if card.name not in acted:
        return acted
    waiting = [c.name for c in state.living(card.side) if c.name not in acted and may_act(state, c)]
    if waiting:
        raise RuleRefusal(
            _(
                "{card} already acted this round; {side} must first play {waiting}",
                card=card.name,
                side=card.side,
                waiting=", ".join(waiting),
            ),
            rule="turn order",
        )
    rounds = at_side(state.rounds, index, state.rounds[index] + 1)
    turn.change(rounds=rounds)
    turn.emit(NewRound(round=rounds[index]))
    turn.note(
        _("{side} begins round {rounds}: its cards' Absorción is ready again", side=card.side, rounds=rounds[index])
    )
    _new_round_for(turn, card.side)
    return frozenset()


def _take(pile: list[AdditionInput], name: str, side: str, where: str) -> AdditionInput:
    for i, addition in enumerate(pile):
        if addition.label == name or addition.name == name:
            return pile.pop(i)
    held = ", ".join(a.label for a in pile) or _("nothing")
    raise RuleRefusal(
        _(
            "{side} has no addition '{name}' in its {where} (it holds {held})",
            side=side,
            name=name,
            where=where,
            held=held,
        ),
        rule="addition hand",
    )


def _addition_phase(turn: ForgodTurn, card: Card, act: Any) -> None:
    """A turn's addition phase: a troop card's side draws one addition at random (:func:`_draw`); then the
    action's ``discard`` go to the Óxido, at least those owed since an enemy reached the side's rear line, and its
    ``equip`` onto the card. The hand keeps one addition per unit."""
    state = turn.state
    index = state.side_index(card.side)
    side = card.side
    hand = list(state.hands[index])
    oxido = list(state.oxido[index])
    decks = _draw(turn, state, card, index, hand)
    discards = getattr(act, "discard", None) or []
    owed = min(state.owed_discards[index], len(hand))
    if len(discards) < owed:
        raise RuleRefusal(
            n_(
                "{side} owes {n} addition to the Óxido (an enemy reached its rear line) and discards {discarded}",
                "{side} owes {n} additions to the Óxido (an enemy reached its rear line) and discards {discarded}",
                owed,
                side=side,
                discarded=len(discards),
            ),
            tip=_("name them in this turn's discard: [...]"),
            rule="enemy on the rear line",
        )
    for name in discards:
        oxido.append(_take(hand, name, side, "hand"))
        turn.note(_("{side} sends {name} to the Óxido", side=side, name=name))
    for name in getattr(act, "equip", None) or []:
        card = _equip(turn, card, _take(hand, name, side, "hand"), name)
    held, units = len(hand), len(state.living(side))
    if held > units:
        raise RuleRefusal(
            n_(
                "{side} would hold {held} additions with {n} unit on the field",
                "{side} would hold {held} additions with {n} units on the field",
                units,
                side=side,
                held=held,
            ),
            tip=_("equip one on the card (equip: [name]) or send one to the Óxido (discard: [name])"),
            rule="addition hand",
        )
    hands, piles = at_side(state.hands, index, tuple(hand)), at_side(state.oxido, index, tuple(oxido))
    owed_discards = at_side(state.owed_discards, index, 0)
    turn.state = replace(state.with_unit(card), decks=decks, hands=hands, oxido=piles, owed_discards=owed_discards)


def _draw(turn: ForgodTurn, state: Battle, card: Card, index: int, hand: list[AdditionInput]) -> Decks:
    """A troop card's side draws one addition at random from its deck into ``hand`` (one per turn, a detachment
    too; none for war machines and invocations); the decks after it."""
    decks = state.decks
    kept = decks[index]
    if kept is None:
        return decks
    side = card.side
    deck = list(kept)
    if card.kind != "troop":
        turn.note(_("{card} is not a troop card: {side} draws no addition this turn", card=card.name, side=side))
    elif not deck:
        turn.note(_("{side}'s addition deck is empty: no addition is drawn", side=side))
    else:
        purpose = _("addition drawn by {side} ({left} in the deck)", side=side, left=len(deck))
        drawn = deck.pop(turn.pick(list(range(len(deck))), purpose, None))
        hand.append(drawn)
        turn.note(
            _(
                "{side} draws {label} from its addition deck ({left} left)",
                side=side,
                label=drawn.label,
                left=len(deck),
            )
        )
        decks = at_side(decks, index, tuple(deck))
    return decks


def _equip(turn: ForgodTurn, card: Card, addition: AdditionInput, name: str) -> Card:
    """An addition from the hand onto a troop card (a copy more of one it has), within its four slots; never a
    black addition."""
    if addition.kind == "black":
        raise RuleRefusal(
            _("{name} is a black addition: it stays in the hand, never equipped", name=name), rule="black additions"
        )
    if card.kind != "troop":
        raise RuleRefusal(_("{card} is not a troop card: it takes no additions", card=card.name), rule="addition deck")
    card = replace(card, additions=with_copies(card.additions, addition))
    if (overflow := slot_overflow(card)) is not None:
        raise RuleRefusal(overflow, rule="addition slots")
    turn.status(card.name, lambda: _("{name} equipped", name=name), _("addition phase"))
    return card


def _new_round_for(turn: ForgodTurn, side: str) -> None:
    """A side's new round: its cards' Absorción is ready again, and paralysis counted in rounds wears off."""
    units: list[Card] = []
    for unit in turn.state.units:
        if unit.side == side:
            unit = replace(unit, absorption_used=False)
            if unit.paralysed and unit.paralysed_rounds is not None:
                left = unit.paralysed_rounds - 1
                unit = replace(unit, paralysed=left > 0, paralysed_rounds=left or None)
                if left == 0 and unit.on_board:
                    turn.note(_("{unit}'s paralysis ends: it may act again", unit=unit.name), unit.name)
        units.append(unit)
    turn.change(units=tuple(units))


def next_attack(battle: Battle, action: Action) -> Battle:
    """The state the same card attacks again from (``tabroll odds --until defeat``): the other side has played its
    turn in between, leaving the two cards as they are, and both sides begin a new round (:func:`_new_round_for`);
    the attacker's side plays next. PV lost stays lost."""
    from tabroll.dice.sources import GivenDice

    turn = ForgodTurn(state=battle, dice=GivenDice((), origin="a new round"))
    for side in battle.sides:
        _new_round_for(turn, side)
    rounds = (turn.state.rounds[0] + 1, turn.state.rounds[1] + 1)
    state = replace(turn.state, rounds=rounds, acted=(frozenset(), frozenset()))
    from .actions import AttackAction, CheckAction

    name = action.attacker if isinstance(action, AttackAction | CheckAction) else None
    attacker = next((c for c in state.units if c.name == name), None)
    if attacker is None:
        return state
    other = state.other_side(attacker.side)
    index = state.side_index(other)
    turns = at_side(state.turns, index, state.turns[index] + 1)
    return replace(state, turns=turns, to_play=attacker.side, played_last=other)


# --- moving -----------------------------------------------------------------------------------------------------


def _declare_terrain(turn: ForgodTurn, card: Card, fly: bool | None) -> None:
    """Where the card moves this turn. A Cualquiera card is on the ground unless it declares flight this turn."""
    if card.terrain != "either":
        if fly is not None and fly != card.in_air:
            raise RuleRefusal(
                _(
                    "{card} has Terreno {terrain} and cannot choose where it moves",
                    card=card.name,
                    terrain=card.terrain,
                ),
                tip=_("only Terreno: Cualquiera cards declare 'fly'"),
                rule="Terreno",
            )
        return
    flying = bool(fly)
    if fly is None and card.flying:
        turn.note(
            _("{card} does not declare flight this turn: it moves on the ground (Terreno Cualquiera)", card=card.name),
            card.name,
        )
    elif fly:
        turn.note(_("{card} declares it moves by air this turn", card=card.name), card.name)
    elif fly is not None:
        turn.note(_("{card} declares it moves by ground this turn", card=card.name), card.name)
    if flying != card.flying:
        turn.put(replace(card, flying=flying))


def _move(turn: ForgodTurn, name: str, to: Square | None, *, reason: str, limit: int | None = None) -> None:
    state = turn.state
    card = state.unit(name)
    if to is None or card.position is None or tuple(to) == card.position:
        return
    to = (to[0], to[1])
    on_the_board(state, to)
    distance = state.board.distance(card.position, to)
    if limit is not None and distance > limit:
        raise RuleRefusal(
            _(
                "{card} would move {distance} squares; it may move {limit} ({reason})",
                card=card.name,
                distance=distance,
                limit=limit,
                reason=reason,
            ),
            rule="movement",
        )
    vacant(state, to, card)
    line = state.row_line(card.side, to[1])
    invading = True if line is None else (False if line == "normal" else card.invading)
    was_in_rear = state.in_enemy_rear(card)
    moved = replace(card, position=to, invading=invading)
    turn.put(moved)
    turn.moved(name, card.position, to, reason)
    if invading and line is None and not card.invading:
        turn.note(_("{name} enters the enemy field and keeps the Avanzada modifiers", name=name), name)
    if not invading and card.invading:
        turn.note(_("{name} is back on its middle line: no more Avanzada modifiers", name=name), name)
    _check_protections(turn)
    if turn.state.in_enemy_rear(moved) and not was_in_rear:
        enemy = turn.state.other_side(card.side)
        turn.note(
            n_(
                "{name} reaches the enemy's rear line: {enemy} discards {n} addition (its level) to the Óxido, "
                "of its choice, in its next turn",
                "{name} reaches the enemy's rear line: {enemy} discards {n} additions (its level) to the Óxido, "
                "of its choice, in its next turn",
                card.level,
                name=name,
                enemy=enemy,
            ),
            name,
        )
        owed, index = turn.state.owed_discards, turn.state.side_index(enemy)
        turn.change(owed_discards=at_side(owed, index, owed[index] + card.level))


def on_the_board(state: Battle, to: Square) -> None:
    """Refuse a square off the board."""
    if not state.board.contains(to):
        raise RuleRefusal(
            _("{to} is off the board ({width} squares wide, 6 rows)", to=list(to), width=state.board.width),
            rule="board",
        )


def vacant(state: Battle, to: Square, card: Card) -> None:
    """Refuse a square taken on the ground (an air card may share one)."""
    for other in state.living():
        if other.name != card.name and other.position == to and not (other.in_air or card.in_air):
            raise RuleRefusal(_("{to} is taken by {other}", to=list(to), other=other.name), rule="one unit per square")


def _check_protections(turn: ForgodTurn) -> None:
    """A shield no longer next to its card, or a guard no longer just in front of its commander, stops protecting."""
    state = turn.state
    shields = []
    for shield, protected in state.shields:
        a, b = state.unit(shield).position, state.unit(protected).position
        if a is not None and b is not None and state.board.distance(a, b) <= 1:
            shields.append((shield, protected))
        else:
            turn.note(
                _("{shield} is no longer next to {protected}: the shield ends", shield=shield, protected=protected),
                shield,
            )
    guards = []
    for guard, commander in state.guards:
        g, c = state.unit(guard), state.unit(commander)
        forward = 1 if state.side_index(g.side) == 0 else -1
        if g.position is not None and c.position is not None and g.position == (c.position[0], c.position[1] + forward):
            guards.append((guard, commander))
        else:
            turn.note(
                _(
                    "{guard} left its place in front of {commander}: the royal guard ends",
                    guard=guard,
                    commander=commander,
                ),
                guard,
            )
    turn.change(shields=tuple(shields), guards=tuple(guards))


def turn_moves(
    turn: ForgodTurn, name: str, act: Any, *, reason: str | None = None, moves: int = 1, to: Square | None = None
) -> None:
    """The start of card ``name``'s turn (:func:`begin_turn`), its terrain for the turn, then its tactical move: up
    to ``moves`` times its movement, to ``to`` or the action's ``move_to``."""
    begin_turn(turn, turn.unit(name), act)
    card = turn.unit(name)
    _declare_terrain(turn, card, getattr(act, "fly", None))
    destination = to if to is not None else getattr(act, "move_to", None)
    limit = None if card.movement is None else moves * card.movement
    _move(turn, name, destination, reason=reason or _("tactical move"), limit=limit)
    moved = turn.unit(name)
    if not moved.in_air:
        for other in turn.state.living():
            if other.name != moved.name and other.position == moved.position and not other.in_air:
                raise RuleRefusal(
                    _(
                        "{moved} would land on {other}'s square {value}",
                        moved=moved.name,
                        other=other.name,
                        value=list(other.position or ()),
                    ),
                    tip=_("declare flight (fly: true) or move to a free square (move_to)"),
                    rule="one unit per square",
                )


# --- leaving the field, PV back -----------------------------------------------------------------------------


def remove(
    turn: ForgodTurn, name: str, reason: str, how: str, *, by: str | None = None, card: Card | None = None
) -> None:
    """The card is defeated (``how``: annihilated, sacrificed or fled, ``by`` a card) and leaves the field (to the
    Panteón); what it took part in ends with it. ``card``: the card as it leaves, if the caller changed it."""
    turn.emit(Defeat(unit=name, by=by, reason=reason, how=how))
    state = turn.state
    if card is None:
        card = state.unit(name)
    units = Roster.of(state.units).replace(replace(card, defeated=True, fled=how == "fled", position=None))
    shields = tuple(pair for pair in state.shields if name not in pair)
    guards = tuple(pair for pair in state.guards if name not in pair)
    charges: list[Charge] = []
    for charge in state.charges:
        if name in (charge.charger, charge.victim):
            turn.note(_("the charge of {charger} on {victim} ends", charger=charge.charger, victim=charge.victim))
            continue
        if charge.cover == name:
            turn.note(_("{charger}'s charge is no longer covered", charger=charge.charger))
            charge = replace(charge, cover=None)
        charges.append(charge)
    turn.state = replace(state, units=units, shields=shields, guards=guards, charges=tuple(charges))


def restore(turn: ForgodTurn, healer: Card, target: Card, life: int | None, roll: str | None, cure: bool) -> Card:
    """The card with PV back on its card taking damage (never above its PV) and, with ``cure``, no paralysis."""
    if life is not None or roll is not None:
        if roll is not None:
            purpose = _("PV restored by {healer} to {target}", healer=healer.name, target=target.name)
            amount = turn.roll_total(roll, purpose, healer.name)
        else:
            amount = life or 0
        restored = max(0, min(amount, target.wounds))
        before = target.front_life
        target = replace(target, wounds=target.wounds - restored)
        rule = _("{amount} PV restored, up to the card's PV {life}", amount=amount, life=target.life)
        if target.cards > 1:
            rule = _(
                "{amount} PV restored, up to the card's PV {life}; only the card taking damage is healed, fallen "
                "cards stay in the Panteón",
                amount=amount,
                life=target.life,
            )
        turn.emit(
            Heal(
                unit=target.name,
                amount=restored,
                before=before,
                after=target.front_life,
                reason=_("{healer}: {rule}", healer=healer.name, rule=rule),
                pool="PV",
            )
        )
    if cure:
        if target.paralysed:
            target = replace(target, paralysed=False, paralysed_rounds=None)
            turn.note(
                _("{healer} cures {target}: the paralysis ends", healer=healer.name, target=target.name), target.name
            )
        else:
            turn.note(_("{target} has no negative effect to cure", target=target.name), target.name)
    return target
