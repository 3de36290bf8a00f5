"""F0R60D's attacks: who may attack whom (:func:`attack_refusal`) and how often (FA), and the steps of an attack:
the attack and evasion rolls (:class:`Strike`), the damage roll (:class:`DamageRoll`: the damage multiplied, less
the target's :func:`absorptions`, never below 0, and the :func:`wound`), a series (:class:`SeriesStrike`) and an
area attack (:class:`AreaRound`, :class:`AreaStrike`); ``do: attack``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import Damage, Event, Hit, Miss, Modifier, said
from tabroll.frozen import eq_hash_without

from .abilities import use_ability
from .actions import AbilityAction, AttackAction, ResponseInput
from .bonuses import Bonus, absorption_off, attack_bonuses, damage_bonuses, evasion_bonuses, is_ranged
from .checks import Morale, Opposed, edge, natural_ten
from .events import CardsLost, Multiplier
from .messages import N_, _
from .state import Battle, Card
from .turn import END, HANDLERS, BattleStep, ForgodTurn, Unbroken, remove, turn_moves


def attack_refusal(
    state: Battle, attacker: Card, target: Card, mode: str | None, *, reach: bool = True, through_guard: bool = False
) -> None:
    """Refuse an attack the rules forbid; ``reach=False`` before the tactical move, which may bring it in reach."""
    a, t = attacker.name, target.name
    if a == t or attacker.side == target.side:
        raise RuleRefusal(_("{a} and {t} are on the same side", a=a, t=t), rule="target")
    if not target.on_board:
        raise RuleRefusal(_("{t} is no longer on the field", t=t), rule="target")
    # a shield and a royal guard protect another card instead of attacking, until released
    for duty, protected, rule in (
        (N_("{a} is the shield of {protected} and cannot attack"), state.shield_of(a), "Escudo"),
        (N_("{a} is the royal guard of {protected} and cannot attack"), state.guarding(a), "Guardia Real"),
    ):
        if protected is not None:
            raise RuleRefusal(
                _(duty, a=a, protected=protected),
                tip=_("end it first: do: release, unit: {a}", a=a),
                rule=rule,
            )
    if (covered := state.covering(a)) is not None:
        raise RuleRefusal(
            _("{a} covers the charge of {charger} and cannot attack while it lasts", a=a, charger=covered.charger),
            rule="Cubrir Carga",
        )
    guard = state.guard_of(t)
    if guard is not None and not through_guard:
        raise RuleRefusal(
            _("{t} is protected by the royal guard {guard}: eliminate {guard} first", t=t, guard=guard),
            tip=_("an area attack on {guard} (area: true) also reaches the commander behind it", guard=guard),
            rule="Guardia Real",
        )
    if mode == "ranged" and attacker.attack_type == "melee":
        raise RuleRefusal(_("{a} has no ranged attack (TA: cuerpo a cuerpo)", a=a), rule="TA")
    if mode == "melee" and attacker.attack_type == "ranged":
        raise RuleRefusal(_("{a} has no melee attack (TA: rango)", a=a), rule="TA")
    if attacker.kind == "power":
        return
    if target.in_air and not attacker.in_air and not is_ranged(attacker, target, mode):
        raise RuleRefusal(
            _(
                "{t} is in the air: only air cards and ranged attacks reach it, and {a} attacks in "
                "melee from the ground",
                t=t,
                a=a,
            ),
            rule="Terreno",
        )
    if reach and attacker.reach is not None and attacker.position is not None and target.position is not None:
        distance = state.board.distance(attacker.position, target.position)
        if distance > attacker.reach:
            raise RuleRefusal(
                _(
                    "{t} is {distance} squares away; {a} reaches {reach}",
                    t=t,
                    distance=distance,
                    a=a,
                    reach=attacker.reach,
                ),
                rule="attack area",
            )


def _attack_count(turn: ForgodTurn, attacker: Card, target: Card, times: int | None) -> int:
    frequency = attacker.attacks
    charge = turn.state.charge_by(target.name)
    if charge is not None and charge.cover is not None:
        floor = turn.state.options.cover_fa_floor
        reduced = max(floor, frequency - 2)
        turn.emit(
            Modifier(
                applies_to="FA",
                reason=_("Cubrir Carga por {cover}", cover=charge.cover),
                amount=reduced - frequency,
                total=reduced,
                unit=attacker.name,
            )
        )
        turn.ruling("cover_fa_floor", floor, _("FA after Cubrir Carga never drops below {floor}", floor=floor))
        frequency = reduced
    if frequency <= 0:
        raise RuleRefusal(
            _(
                "{attacker} has FA {frequency} against {target}: no attack",
                attacker=attacker.name,
                frequency=frequency,
                target=target.name,
            ),
            rule="FA",
        )
    if times is not None and times > frequency:
        raise RuleRefusal(
            _(
                "{attacker} has FA {frequency}; it cannot attack {times} times",
                attacker=attacker.name,
                frequency=frequency,
                times=times,
            ),
            rule="FA",
        )
    return times if times is not None else frequency


class Form(msgspec.Struct, frozen=True):
    """How a card strikes in one part of an action, fixed before any die: the bonuses the action adds to its
    attack and damage rolls, the damage multiplier (a charge), the attack mode, an orange attack, whether
    the target keeps its Absorción for a later attack, and the action's answers before the damage roll."""

    attacker: str
    extra_attack: tuple[Bonus, ...] = ()
    extra_damage: tuple[Bonus, ...] = ()
    multiplier: tuple[int, str] | None = None
    mode: str | None = None
    orange: bool = False
    keep_absorption: bool = False
    responses: tuple[ResponseInput, ...] = ()  # not compared

    __eq__, __hash__ = eq_hash_without("responses")


class Strike(BattleStep, frozen=True):
    """One attack roll of ``form.attacker`` at ``target`` and the evasion roll against it, drawn together (the
    rules read them only as a miss, a hit or a critical hit; ties go to the defender, :func:`~.checks.natural_ten`);
    on a hit, the answers, then :class:`DamageRoll`. ``then`` follows the strike, ``evaded`` instead when the target
    evades it. ``attack_die``: an area attack's one die, against which only the evasion die is drawn.
    ``answers``: whether the form's ``responses`` before the damage roll are still to come (on its first hit)."""

    form: Form
    target: str
    then: BattleStep
    evaded: BattleStep | None = None
    attack_die: int | None = None
    answers: bool = False

    def take(self, turn: ForgodTurn) -> BattleStep:
        form = self.form
        state = turn.state
        attacker, target = state.unit(form.attacker), state.unit(self.target)
        a, t = attacker.name, target.name
        bonuses, notes = attack_bonuses(state, attacker, target, mode=form.mode, orange=form.orange)
        for text in notes:
            turn.note(text, a)
        bonuses = [*bonuses, *form.extra_attack]
        evasion_bonus = evasion_bonuses(state, target)
        attack_die = self.attack_die
        if attack_die is not None:
            turn.note(_("the area attack's die, {attack_die}, against {t}", attack_die=attack_die, t=t), a)
            attack_total = turn.apply(attack_die, bonuses, said(lambda: _("attack roll")), a)
            purpose = _("evasion roll of {t}", t=t)
            against = Opposed(attack_total - attack_die + edge((), evasion_bonus), critical=True, die=attack_die)
            (die,) = turn.draw_compared(10, (purpose,), against)
            return self._rolled(turn, attack_die, attack_total, die, purpose, evasion_bonus)
        purposes = (_("attack roll of {a} vs {t}", a=a, t=t), _("evasion roll of {t}", t=t))
        dice = turn.draw_compared(10, purposes, Opposed(edge(bonuses, evasion_bonus), critical=True))
        attack_die = turn.logged_d10(dice[0], purposes[0], a)
        attack_total = turn.apply(attack_die, bonuses, said(lambda: _("attack roll")), a)
        return self._rolled(turn, attack_die, attack_total, dice[1], purposes[1], evasion_bonus)

    def _rolled(
        self, turn: ForgodTurn, attack_die: int, attack_total: int, evasion_die: int, purpose: str, bonuses: list[Bonus]
    ) -> BattleStep:
        """The evasion roll ``evasion_die``, drawn already, logged with its ``bonuses``; then the hit or the miss."""
        a, t = self.form.attacker, self.target
        evasion_die = turn.logged_d10(evasion_die, purpose, t)
        evasion_total = turn.apply(evasion_die, bonuses, said(lambda: _("evasion roll")), t)
        hit, decided = natural_ten(attack_die, attack_total, evasion_die, evasion_total)
        totals = {"attack_total": attack_total, "evasion_total": evasion_total}
        if decided == "both 10":
            rule = _("both natural 10: the defender evades")
        elif decided == "defender's 10":
            rule = _(
                "natural 10 on the evasion die: evaded whatever the totals ({evasion_total} vs {attack_total})",
                **totals,
            )
        elif decided == "attacker's 10":
            rule = _(
                "natural 10 (critical): only a natural 10 evades it ({attack_total} vs evasion {evasion_total})",
                **totals,
            )
        elif hit:
            rule = _("attack {attack_total} > evasion {evasion_total}", **totals)
        else:
            rule = _("evasion {evasion_total} ≥ attack {attack_total} (ties go to the defender)", **totals)
        if not hit:
            turn.emit(Miss(attacker=a, target=t, result=attack_total, needed=evasion_total + 1, rule=rule))
            return self.then if self.evaded is None else self.evaded
        turn.emit(Hit(attacker=a, target=t, result=attack_total, needed=evasion_total + 1, rule=rule))
        if self.answers:
            _answer_before_damage(turn, a, self.form.responses)
        return DamageRoll.prepared(turn, self.form, t, attack_die == 10, self.then)


class DamageRoll(BattleStep, frozen=True):
    """A hit's damage roll: 1d10 + the damage bonuses, multiplied (a charge, a ``critical``) and less the
    absorptions in the order option ``multiplier_order`` says; then the wound, and if a commander fell, its
    troops' Moral (:class:`Morale`) before ``then``.

    What the die does not change is worked out once, in :meth:`prepared` (bonuses, ``notes``, ``factors``, the
    absorptions and what they log), and logged after the die: the exact walk resolves the roll once per face."""

    form: Form
    target: str
    critical: bool
    then: BattleStep
    bonuses: tuple[Bonus, ...] = ()
    notes: tuple[str, ...] = ()
    factors: tuple[tuple[int, str], ...] = ()
    absorbs: tuple[Bonus, ...] = ()
    logged: tuple[Event, ...] = ()

    @classmethod
    def prepared(cls, turn: ForgodTurn, form: Form, target: str, critical: bool, then: BattleStep) -> DamageRoll:
        """The damage roll of a hit on ``target``, with what its die does not change worked out."""
        state = turn.state
        attacker, card = state.unit(form.attacker), state.unit(target)
        bonuses, notes = damage_bonuses(state, attacker, card)
        factors: list[tuple[int, str]] = []
        if form.multiplier is not None:
            factors.append(form.multiplier)
        if critical:
            factors.append((2, "crítico"))
        events, turn.events = turn.events, []  # what the absorptions log, kept to be logged after the die
        try:
            absorbs = absorptions(turn, card, form.keep_absorption)
            order = turn.state.options.multiplier_order
            if factors and absorbs:
                turn.ruling(
                    "multiplier_order",
                    order,
                    _("the damage is multiplied, then absorptions are subtracted")
                    if order == "before_absorption"
                    else _("absorptions are subtracted, then what is left is multiplied"),
                )
        finally:
            events, turn.events = turn.events, events
        extra = (*bonuses, *form.extra_damage)
        return cls(form, target, critical, then, extra, tuple(notes), tuple(factors), tuple(absorbs), tuple(events))

    def take(self, turn: ForgodTurn) -> BattleStep:
        a, t = self.form.attacker, self.target
        damage_die = turn.d10(_("damage vs {t}", t=t), a)
        for text in self.notes:
            turn.note(text, a)
        total = turn.apply(damage_die, self.bonuses, said(lambda: _("damage")), a)
        for event in self.logged:
            turn.emit(event)
        factors, absorbs = self.factors, self.absorbs
        if turn.state.options.multiplier_order == "before_absorption":
            total = multiply(turn, total, factors, t)
            total = turn.apply(total, absorbs, said(lambda: _("damage")), t)
        else:
            total = at_least_zero(turn, turn.apply(total, absorbs, said(lambda: _("damage")), t), t)
            total = multiply(turn, total, factors, t)
        fallen = wound(turn, a, t, at_least_zero(turn, total, t))
        if fallen is None:
            return self.then
        return Morale.after_fall(turn, fallen, self.then)


def at_least_zero(turn: ForgodTurn, total: int, unit: str) -> int:
    if total < 0:
        turn.emit(
            Modifier(applies_to=said(lambda: _("damage")), reason=_("never below 0"), amount=-total, total=0, unit=unit)
        )
        return 0
    return total


def multiply(turn: ForgodTurn, total: int, factors: Sequence[tuple[int, str]], unit: str) -> int:
    for factor, reason in factors:
        total *= factor
        turn.emit(
            Multiplier(applies_to=said(lambda: _("damage")), reason=reason, factor=factor, total=total, unit=unit)
        )
    return total


def absorptions(turn: ForgodTurn, target: Card, keep: bool) -> list[Bonus]:
    """The absorptions the target applies to this hit (as negative damage bonuses); marks Absorción as used."""
    state = turn.state
    t = target.name
    charge = state.charge_by(t)
    if (charge is not None and charge.flank) or t in state.exposed:
        if target.absorption or target.constant_absorption:
            turn.note(_("{t} is flanking and cannot apply any absorption", t=t), t)
        return []
    if (off := absorption_off(state, target)) is not None:
        if target.absorption or target.constant_absorption:
            turn.note(_("{t}'s absorptions are not active: {absorption_off}", t=t, absorption_off=off), t)
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
            _("line and shield changes to absorption are read as changes to the damage taken")
            if sign == "as_damage"
            else _("line and shield changes to absorption keep their printed signs"),
        )
    armour = [a for a in target.additions if a.kind == "armour"]
    absorbs: list[Bonus] = []
    per_round = target.absorption + sum(a.absorption for a in armour)
    if keep:
        turn.note(_("{t} keeps its Absorción for a later attack this round", t=t), t)
    elif target.absorption_used:
        turn.note(_("{t} already used its Absorción this round", t=t), t)
    else:
        value = turn.apply(per_round, adjust, said(lambda: _("Absorción")), t)
        absorbs.append(("Absorción (una vez por ronda)", -value))
        turn.put(replace(target, absorption_used=True))
    constant = target.constant_absorption + sum(a.constant_absorption for a in armour)
    value = turn.apply(constant, adjust, _("Absorción Constante"), t)
    absorbs.append(("Absorción Constante", -value))
    return absorbs


def wound(turn: ForgodTurn, attacker: str, target_name: str, amount: int) -> Card | None:
    """Damage fills one card's PV at a time; each card filled is annihilated and the rest carries over. Returns
    the commander that fell, if the unit was one (its troops' Moral follows)."""
    target = turn.unit(target_name)
    front = target.front_life
    standing = front + (target.cards - 1) * target.life  # the PV the unit has left, over all its cards
    pool = target.wounds + amount
    lost = min(target.cards, pool // target.life)
    left = target.cards - lost
    wounds = pool - lost * target.life if left else 0
    life_left = target.life - wounds if left else 0
    values = {
        "amount": amount,
        "front": front,
        "after": front - amount,
        "life": target.life,
        "lost": lost,
        "cards": target.cards,
        "life_left": life_left,
    }
    if target.cards == 1 and left == 0:
        rule = _("PV {front} - {amount} = {after}: annihilated", **values)
    elif target.cards == 1:
        rule = _("PV {front} - {amount} = {after}", **values)
    elif left:
        rule = _(
            "{amount} damage fills PV {front} of the front card and then {life} per card: "
            "{lost} of {cards} cards fall, PV {life_left} left on the next",
            **values,
        )
    else:
        rule = _(
            "{amount} damage fills PV {front} of the front card and then {life} per card: {lost} of {cards} cards fall",
            **values,
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
    wounded = replace(target, cards=left if left else target.cards, wounds=wounds)
    if left:
        turn.put(wounded)
    else:
        remove(turn, target_name, _("PV 0 or less: to the Panteón"), "annihilated", by=attacker, card=wounded)
        if target.commander:
            return target
    return None


def _attack_made(turn: ForgodTurn, attacker: str, target: str, number: int, count: int) -> bool:
    """Whether attack ``number`` (from 0) of ``count`` at ``target`` is made (not once either card has left), noted
    as it starts."""
    if not turn.unit(target).on_board or not turn.unit(attacker).on_board:
        return False
    if count > 1:
        turn.note(_("attack {value} of {count}", value=number + 1, count=count), attacker)
    return True


class SeriesStrike(BattleStep, frozen=True):
    """Attack ``number`` (from 0) of the ``count`` a card makes at one ``target`` in one action, then ``then``.
    ``answers``: as in :class:`Strike`."""

    form: Form
    target: str
    number: int
    count: int
    then: BattleStep
    answers: bool = False

    def take(self, turn: ForgodTurn) -> BattleStep:
        a, t = self.form.attacker, self.target
        if not _attack_made(turn, a, t, self.number, self.count):
            return self.then
        hit = evaded = self.then
        if self.number + 1 < self.count:
            hit = replace(self, number=self.number + 1, answers=False)
            evaded = replace(hit, answers=True) if self.answers else hit  # the answers wait for a hit
        strike = Strike(self.form, t, hit, None if evaded is hit else evaded, answers=self.answers)
        return strike.take(turn)


class AreaRound(BattleStep, frozen=True):
    """Attack ``number`` (from 0) of the ``count`` of an area attack centred on ``target``: the cards it covers
    and its one die, then each covered card's strike (:class:`AreaStrike`); ``then`` follows the last."""

    form: Form
    target: str
    number: int
    count: int
    then: BattleStep

    def take(self, turn: ForgodTurn) -> BattleStep:
        a, t = self.form.attacker, self.target
        if not _attack_made(turn, a, t, self.number, self.count):
            return self.then
        covered = _area_victims(turn, turn.unit(a), turn.unit(t), self.form.mode)
        names = ", ".join(covered[1:])
        if names:
            turn.note(_("area attack: {target} and the cards next to it ({names})", target=t, names=names))
        else:
            turn.note(_("area attack: {target}", target=t))
        die = turn.d10(_("attack roll of {a} (area, centred on {t})", a=a, t=t), a)
        return AreaStrike(self, tuple(covered), 0, die)

    def following(self) -> BattleStep:
        return replace(self, number=self.number + 1) if self.number + 1 < self.count else self.then


class AreaStrike(BattleStep, frozen=True):
    """The strike of an area attack's round (``round``: its step) on ``covered[index]``, with the round's ``die``,
    if that card and the attacker are still on the field."""

    round: AreaRound
    covered: tuple[str, ...]
    index: int
    die: int

    def take(self, turn: ForgodTurn) -> BattleStep:
        index = self.index + 1
        following = replace(self, index=index) if index < len(self.covered) else self.round.following()
        victim, form = self.covered[self.index], self.round.form
        if not (turn.unit(victim).on_board and turn.unit(form.attacker).on_board):
            return following
        return Strike(form, victim, following, attack_die=self.die).take(turn)


def _answer_before_damage(turn: ForgodTurn, attacker: str, responses: Sequence[ResponseInput]) -> None:
    """Abilities played after the hit and before the damage roll, each as a response to ``attacker``'s attack
    (never a turn): healing, or an enemy's instant answer."""
    uses = ", ".join(_("{unit} uses {ability}", unit=r.unit, ability=r.ability) for r in responses)
    turn.note(_("before the damage roll: {uses}", uses=uses))
    for response in responses:
        answer = AbilityAction(
            do="ability", unit=response.unit, ability=response.ability, target=response.target, response=True, dice=None
        )
        use_ability(turn, answer, answering=attacker)


def attacking_turn(
    turn: ForgodTurn, act: Any, names: tuple[str, str], mode: str | None, reason: str, moves: int = 1
) -> tuple[Card, Card]:
    """The turn of a card attacking (``names``: attacker, target), checked before the turn begins and again after
    its move (``moves`` times its tactical movement), which may bring the target in reach. The two cards after it."""
    attacker = turn.unit(names[0])
    attack_refusal(turn.state, attacker, turn.unit(names[1]), mode, reach=False)
    turn_moves(turn, attacker.name, act, reason=reason, moves=moves)
    attacker, target = turn.unit(names[0]), turn.unit(names[1])
    attack_refusal(turn.state, attacker, target, mode)
    return attacker, target


@HANDLERS.on(AttackAction)
def attack_action(turn: ForgodTurn, act: AttackAction) -> BattleStep:
    attacker, target = attacking_turn(turn, act, (act.attacker, act.target), act.mode, _("tactical move"))
    if act.area and act.before_damage:
        raise RuleRefusal(_("answers before the damage roll go with a single-target attack"), rule="abilities")
    answers = tuple(act.before_damage)
    form = Form(attacker.name, mode=act.mode, orange=act.orange, keep_absorption=act.keep_absorption, responses=answers)
    return strike_series(turn, attacker, target, act.times, form, area=act.area)


def strike_series(
    turn: ForgodTurn, attacker: Card, target: Card, times: int | None, form: Form, *, area: bool = False
) -> BattleStep:
    """The first step of the attacks a card makes in one action (FA, or the ``times`` asked): a
    :class:`SeriesStrike`, or for an ``area`` attack an :class:`AreaRound`."""
    count = _attack_count(turn, attacker, target, times)
    if not area:
        return SeriesStrike(form, target.name, 0, count, END, answers=bool(form.responses))
    first = AreaRound(form, target.name, 0, count, END)
    commander = turn.state.commander_of(target.side)
    if commander is not None and commander.on_board:
        # A troop struck by the area attack flees if its commander, struck later, falls: no kept step between.
        return Unbroken(first)
    return first


def _area_victims(turn: ForgodTurn, attacker: Card, target: Card, mode: str | None) -> list[str]:
    """The cards an area attack covers: its target, then the enemy cards on the squares next to it that the
    attacker could attack. A commander behind its royal guard is reached only through the guard itself."""
    state = turn.state
    covered = [target.name]
    assert target.position is not None
    for card in state.living(target.side):
        if card.name == target.name or card.position is None:
            continue
        if state.board.distance(card.position, target.position) != 1:
            continue
        guard = state.guard_of(card.name)
        if guard is not None and guard != target.name:
            turn.note(
                _("{card} is behind its royal guard {guard}: the area attack spares it", card=card.name, guard=guard)
            )
            continue
        try:
            attack_refusal(state, attacker, card, mode, reach=False, through_guard=True)
        except RuleRefusal as refusal:
            turn.note(_("the area attack does not reach {card}: {message}", card=card.name, message=refusal.message))
            continue
        if guard is not None:
            turn.note(
                _(
                    "the area attack on the royal guard {guard} also reaches {card}, the commander behind it",
                    guard=guard,
                    card=card.name,
                )
            )
        covered.append(card.name)
    return covered
