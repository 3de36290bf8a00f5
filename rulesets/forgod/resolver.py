"""F0R60D rules: ``resolve(state, action, dice) -> Resolution``.

Pure: no printing, no files, every die drawn from the injected source. An action the rules forbid raises
:class:`RuleRefusal`; the engine then keeps the state as it was, so a refusal half-way changes nothing. Every
handler works on one :class:`~.turn.Turn` (the battle and the action's log), so each ruling is told once per
action; :data:`HANDLERS` is the one table from action class to handler. A handler that rolls dice the rest of
the action reads returns its first step (:class:`BattleStep`, :mod:`tabroll.steps`) and :func:`resolve` takes
the steps to the end; a handler of no steps returns None.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from tabroll.dice.sources import DiceSource
from tabroll.engine import Resolution
from tabroll.errors import RuleRefusal
from tabroll.events import Damage, Defeat, GameOver, Hit, Miss, Modifier, StatusApplied
from tabroll.kit import Handlers
from tabroll.records import replace
from tabroll.steps import Step

from .abilities import use_ability
from .actions import (
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


# --- the steps of an action (tabroll.steps) -------------------------------------------------------------------


@dataclass(frozen=True)
class BattleStep(Step):
    """A step of a F0R60D action (:mod:`tabroll.steps`): its fields are what it and the steps after it read
    besides the battle, every one compared (the strike's form, the cards still to strike, the area die, the
    step that follows…).

    ``fall``: the card that fell last in the action so far and by whom, which the battle's result names at the
    end (:class:`EndAction`); stamped on each step as it is reached (:meth:`stamped`), in a judged battle only.
    A step whose ``inline`` is true draws no die: the step before it takes it at once, so the exact walk never
    keeps the action there (the battle's result, a charge's end)."""

    fall: tuple[str, str | None] | None = field(default=None, kw_only=True)
    inline: ClassVar[bool] = False

    def advance(self, turn: Turn) -> BattleStep | None:
        following = self.take(turn)
        while following is not None and following.inline:
            following = following.take(turn)
        return None if following is None else following.stamped(turn)

    def take(self, turn: Turn) -> BattleStep | None:
        """This step's rule applied to ``turn`` (as :meth:`Step.advance <tabroll.steps.Step.advance>`): the
        step that follows, or None at the end of the action."""
        raise NotImplementedError

    def stamped(self, turn: Turn) -> BattleStep:
        """This step with the action's last fall so far, where the battle's result will read it."""
        if turn.state.judged and self.fall != turn.fall:
            return replace(self, fall=turn.fall)
        return self


@dataclass(frozen=True)
class EndAction(BattleStep):
    """The last rule of every action: the battle's result (:func:`_battle_result`)."""

    inline: ClassVar[bool] = True

    def take(self, turn: Turn) -> None:
        _battle_result(turn)


END = EndAction()


@dataclass(frozen=True)
class Unbroken(BattleStep):
    """Steps taken as one, ``first`` and each after it to the end of the action: no place in between where the
    exact walk keeps the action. For an area attack that may strike a troop and later its commander: the troop
    that then flees is a defeat no blow caused, which the odds read with the troop's last blow of the action;
    the walk combines the blows on either side of a kept step apart, so none may lie between the two."""

    first: BattleStep

    def take(self, turn: Turn) -> None:
        step: BattleStep | None = self.first
        while step is not None:
            step = step.take(turn)


@dataclass(frozen=True)
class Form:
    """How a card strikes in one part of an action, fixed before any die: the bonuses the action adds to its
    attack and damage rolls, the damage multiplier (a charge), the attack mode, an orange attack, and whether
    the target keeps its Absorción for a later attack."""

    attacker: str
    extra_attack: tuple[Bonus, ...] = ()
    extra_damage: tuple[Bonus, ...] = ()
    multiplier: tuple[int, str] | None = None
    mode: str | None = None
    orange: bool = False
    keep_absorption: bool = False


@dataclass(frozen=True)
class Strike(BattleStep):
    """One attack roll of ``form.attacker`` at ``target``, then its evasion roll (:class:`Evasion`). ``then``
    follows the strike, ``evaded`` instead when the target evades it (None: ``then``). ``attack_die``: an area
    attack's die, rolled once for every card it covers. ``answers``: whether the action's answers before the
    damage roll (``responses``, fixed by the action) are still to come: they answer its first hit."""

    form: Form
    target: str
    then: BattleStep
    evaded: BattleStep | None = None
    attack_die: int | None = None
    answers: bool = False
    responses: tuple[ResponseInput, ...] = field(default=(), compare=False)

    def take(self, turn: Turn) -> BattleStep:
        form = self.form
        state = turn.state
        attacker, target = state.unit(form.attacker), state.unit(self.target)
        a, t = attacker.name, target.name
        bonuses, notes = attack_bonuses(state, attacker, target, mode=form.mode, orange=form.orange)
        for text in notes:
            turn.note(text, a)
        attack_die = self.attack_die
        rolled = attack_die is None
        if attack_die is None:
            attack_die = turn.d10(f"attack roll of {a} vs {t}", a)
        else:
            turn.note(f"the area attack's die, {attack_die}, against {t}", a)
        attack_total = turn.apply(attack_die, [*bonuses, *form.extra_attack], "attack roll", a)
        evasion = Evasion(
            form, t, attack_die, attack_total, self.then, self.evaded, answers=self.answers, responses=self.responses
        )
        return evasion if rolled else evasion.take(turn)  # a step after the die this strike rolled


@dataclass(frozen=True)
class Evasion(BattleStep):
    """The evasion roll of ``target`` against a strike's attack (``attack_die``, ``attack_total``): a natural 10
    evades whatever the totals, an attack's natural 10 is evaded only so, and ties go to the defender; on a
    hit, the answers before the damage roll, then the damage roll (:class:`DamageRoll`). See :class:`Strike`."""

    form: Form
    target: str
    attack_die: int
    attack_total: int
    then: BattleStep
    evaded: BattleStep | None = None
    answers: bool = False
    responses: tuple[ResponseInput, ...] = field(default=(), compare=False)

    def take(self, turn: Turn) -> BattleStep:
        a, t = self.form.attacker, self.target
        attack_die, attack_total = self.attack_die, self.attack_total
        evasion_die = turn.d10(f"evasion roll of {t}", t)
        evasion_total = turn.apply(evasion_die, evasion_bonuses(turn.state, turn.unit(t)), "evasion roll", t)
        hit, decided = natural_ten(attack_die, attack_total, evasion_die, evasion_total)
        if decided == "both 10":
            rule = "both natural 10: the defender evades"
        elif decided == "defender's 10":
            rule = f"natural 10 on the evasion die: evaded whatever the totals ({evasion_total} vs {attack_total})"
        elif decided == "attacker's 10":
            rule = f"natural 10 (critical): only a natural 10 evades it ({attack_total} vs evasion {evasion_total})"
        elif hit:
            rule = f"attack {attack_total} > evasion {evasion_total}"
        else:
            rule = f"evasion {evasion_total} ≥ attack {attack_total} (ties go to the defender)"
        if not hit:
            turn.emit(Miss(attacker=a, target=t, result=attack_total, needed=evasion_total + 1, rule=rule))
            return self.then if self.evaded is None else self.evaded
        turn.emit(Hit(attacker=a, target=t, result=attack_total, needed=evasion_total + 1, rule=rule))
        if self.answers:
            _answer_before_damage(turn, a, self.responses)
        # What follows reads only the battle and these values: the hits of every attack and evasion roll that
        # lead here with the same criticality share the damage roll's subtree.
        return DamageRoll(self.form, t, attack_die == 10, self.then)


@dataclass(frozen=True)
class DamageRoll(BattleStep):
    """A hit's damage roll: 1d10 + the damage bonuses, multiplied (a charge, a ``critical``) and less the
    absorptions in the order option ``multiplier_order`` says; then the wound, and if a commander fell, its
    troops' Moral (:class:`Morale`) before ``then``."""

    form: Form
    target: str
    critical: bool
    then: BattleStep

    def take(self, turn: Turn) -> BattleStep:
        form = self.form
        state = turn.state
        attacker, target = state.unit(form.attacker), state.unit(self.target)
        a, t = attacker.name, target.name
        damage_die = turn.d10(f"damage vs {t}", a)
        bonuses, notes = damage_bonuses(state, attacker, target)
        for text in notes:
            turn.note(text, a)
        total = turn.apply(damage_die, [*bonuses, *form.extra_damage], "damage", a)
        factors: list[tuple[int, str]] = []
        if form.multiplier is not None:
            factors.append(form.multiplier)
        if self.critical:
            factors.append((2, "crítico"))
        absorbs = _absorptions(turn, target, form.keep_absorption)
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
        fallen = _wound(turn, a, t, _at_least_zero(turn, total, t))
        if fallen is None:
            return self.then
        return Morale.after_fall(turn, fallen, self.then)


@dataclass(frozen=True)
class Morale(BattleStep):
    """The first of ``troops`` (the fallen commander's troops still to roll, in order) rolls Moral against the
    commander's ``morale`` (the troop wins ties) or flees; then the next, then ``then``."""

    commander: str
    morale: int
    troops: tuple[str, ...]
    then: BattleStep

    @staticmethod
    def after_fall(turn: Turn, commander: Card, then: BattleStep) -> BattleStep:
        """What follows a commander's fall: each troop of its side rolls Moral, then ``then``."""
        troops = tuple(c.name for c in turn.state.living(commander.side) if c.kind == "troop")
        if not troops:
            return then
        turn.note(
            f"{commander.name}, the commander, has fallen: each troop rolls Moral against the commander's "
            f"Moral {commander.morale} (the troop wins ties) or flees"
        )
        # A troop that flees is a defeat no blow caused; the odds read it with the troop's last blow of the
        # action, so once a troop that may flee was struck in this action (an area attack) the rolls are taken
        # here, with no step between them (see Unbroken).
        struck = {e.target for e in turn.events if isinstance(e, (Hit, Miss))}
        if any(name in struck for name in troops):
            for name in troops:
                _morale_roll(turn, commander.name, commander.morale, name)
            return then
        return Morale(commander.name, commander.morale, troops, then)

    def take(self, turn: Turn) -> BattleStep:
        _morale_roll(turn, self.commander, self.morale, self.troops[0])
        return replace(self, troops=self.troops[1:]) if len(self.troops) > 1 else self.then


def _morale_roll(turn: Turn, commander: str, morale: int, name: str) -> None:
    """One troop's Moral roll against its fallen commander's; the loser flees."""
    troop = turn.unit(name)
    fallen = [("Moral del comandante caído", morale)]
    bonuses = check_bonuses(turn.state, troop, "morale")
    if _opposed(turn, "Moral", commander, fallen, troop.name, bonuses):
        turn.emit(
            Defeat(
                unit=troop.name,
                by=None,
                reason="its commander fell and it lost the Moral roll (counts as annihilated)",
                how="fled",
            )
        )
        remove(turn, troop.name, fled=True)


@dataclass(frozen=True)
class Counterattack(BattleStep):
    """The ``defender``'s one automatic attack at +2 against the card whose special attack ``failed``, if both
    are still on the field; then ``then``."""

    defender: str
    failed: str
    then: BattleStep

    def take(self, turn: Turn) -> BattleStep:
        if not (turn.unit(self.defender).on_board and turn.unit(self.failed).on_board):
            return self.then
        turn.note(f"{self.defender} counterattacks {self.failed}: one attack at +2", self.defender)
        form = Form(self.defender, extra_attack=(("Contraataque", 2),))
        return Strike(form, self.failed, self.then).take(turn)


@dataclass(frozen=True)
class SeriesStrike(BattleStep):
    """Attack ``number`` (from 0) of the ``count`` a card makes at one ``target`` in one action, each its own
    strike; the series stops when either card has left the field, and ``then`` follows it. ``answers``: whether
    the action's answers before the damage roll (``responses``) are still to come."""

    form: Form
    target: str
    number: int
    count: int
    then: BattleStep
    answers: bool = False
    responses: tuple[ResponseInput, ...] = field(default=(), compare=False)

    def take(self, turn: Turn) -> BattleStep:
        a, t = self.form.attacker, self.target
        if not turn.unit(t).on_board or not turn.unit(a).on_board:
            return self.then
        if self.count > 1:
            turn.note(f"attack {self.number + 1} of {self.count}", a)
        hit = evaded = self.then
        if self.number + 1 < self.count:
            hit = replace(self, number=self.number + 1, answers=False)
            evaded = replace(hit, answers=True) if self.answers else hit  # the answers wait for a hit
        strike = Strike(
            self.form, t, hit, None if evaded is hit else evaded, answers=self.answers, responses=self.responses
        )
        return strike.take(turn)


@dataclass(frozen=True)
class AreaRound(BattleStep):
    """Attack ``number`` (from 0) of the ``count`` of an area attack centred on ``target``: the cards it covers
    and its one die, then each covered card's strike (:class:`AreaStrike`); ``then`` follows the last."""

    form: Form
    target: str
    number: int
    count: int
    then: BattleStep

    def take(self, turn: Turn) -> BattleStep:
        a, t = self.form.attacker, self.target
        if not turn.unit(t).on_board or not turn.unit(a).on_board:
            return self.then
        if self.count > 1:
            turn.note(f"attack {self.number + 1} of {self.count}", a)
        covered = _area_victims(turn, turn.unit(a), turn.unit(t), self.form.mode)
        names = ", ".join(covered[1:])
        turn.note(f"area attack: {t}" + (f" and the cards next to it ({names})" if names else ""))
        die = turn.d10(f"attack roll of {a} (area, centred on {t})", a)
        return AreaStrike(self, tuple(covered), 0, die)

    def following(self) -> BattleStep:
        return replace(self, number=self.number + 1) if self.number + 1 < self.count else self.then


@dataclass(frozen=True)
class AreaStrike(BattleStep):
    """The strike of an area attack's round (``round``: its step) on ``covered[index]``, with the round's ``die``,
    if that card and the attacker are still on the field."""

    round: AreaRound
    covered: tuple[str, ...]
    index: int
    die: int

    def take(self, turn: Turn) -> BattleStep:
        index = self.index + 1
        following = replace(self, index=index) if index < len(self.covered) else self.round.following()
        victim, form = self.covered[self.index], self.round.form
        if not (turn.unit(victim).on_board and turn.unit(form.attacker).on_board):
            return following
        return Strike(form, victim, following, attack_die=self.die).take(turn)


@dataclass(frozen=True)
class Reaction(BattleStep):
    """Attempt ``attempt`` (from 0) at the reaction rolls that decide who acts first: each side 1d10 plus its
    commander's Reacción (``bonuses``, read before the first roll), the first side's here, the other's in the
    step that follows (``first``: the first side's die and total); a tie rolls again, at most
    :data:`MAX_INITIATIVE_ROLLS` times. A tie changes nothing but the count: every tie of one attempt leads to
    the same next one."""

    attempt: int
    bonuses: tuple[tuple[Bonus, ...], tuple[Bonus, ...]]
    first: tuple[int, int] | None = None

    def take(self, turn: Turn) -> BattleStep:
        state = turn.state
        side = 0 if self.first is None else 1
        die = turn.d10(f"reaction roll of {state.sides[side]}", None)
        total = turn.apply(die, self.bonuses[side], "reaction roll", None)
        if self.first is None:
            return replace(self, first=(die, total))
        dies, totals = (self.first[0], die), (self.first[1], total)
        if dies[0] == 10 and dies[1] != 10:
            winner, rule = 0, "natural 10"
        elif dies[1] == 10 and dies[0] != 10:
            winner, rule = 1, "natural 10"
        elif totals[0] != totals[1] and not (dies[0] == 10 and dies[1] == 10):
            winner = 0 if totals[0] > totals[1] else 1
            rule = f"{totals[winner]} > {totals[1 - winner]}"
        else:
            turn.note("a tie: both sides roll again")
            if self.attempt + 1 < MAX_INITIATIVE_ROLLS:
                return replace(self, attempt=self.attempt + 1, first=None)
            raise RuleRefusal(f"{MAX_INITIATIVE_ROLLS} tied reaction rolls in a row", rule="initiative")
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
        return END


@dataclass(frozen=True)
class EndCharge(BattleStep):
    """A charge's impact is over: the charge of ``charger`` ends."""

    inline: ClassVar[bool] = True
    charger: str

    def take(self, turn: Turn) -> BattleStep:
        _end_charge(turn, self.charger)
        return END


# --- what the strikes share ----------------------------------------------------------------------------------


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


def _wound(turn: Turn, attacker: str, target_name: str, amount: int) -> Card | None:
    """Damage fills one card's PV at a time; each card filled is annihilated and the rest carries over. The
    ``damage`` event says the PV the unit lost (never more than it had, over all its cards) and the PV left on
    the card that takes the next damage. Returns the commander that fell, if the unit was one (its troops'
    Moral follows: :class:`Morale`)."""
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
            return target
    return None


Decided = Literal["both 10", "defender's 10", "attacker's 10", "totals"]


def natural_ten(attack_die: int, attack_total: int, defence_die: int, defence_total: int) -> tuple[bool, Decided]:
    """The one rule of every roll of a card against another's (an attack against its evasion, an opposed
    Fortaleza or Moral): a natural 10 on the defender's die wins for the defender whatever the totals (against
    the attacker's own 10 too); a natural 10 on the attacker's die wins unless the defender rolled one;
    otherwise the higher total wins and ties go to the defender. Whether the attacker won, and what decided it."""
    if defence_die == 10:
        return False, "both 10" if attack_die == 10 else "defender's 10"
    if attack_die == 10:
        return True, "attacker's 10"
    return attack_total > defence_total, "totals"


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
    won, decided = natural_ten(a_die, a_total, d_die, d_total)
    if decided == "attacker's 10":
        rule = "natural 10: only another natural 10 beats it"
    elif decided != "totals":
        rule = "natural 10 for the defender"
    elif won:
        rule = f"{a_total} > {d_total}"
    else:
        rule = f"{d_total} ≥ {a_total} (ties go to the defender)"
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


# --- actions ------------------------------------------------------------------------------------------------


def _attack(turn: Turn, act: AttackAction) -> BattleStep:
    attacker, target = turn.unit(act.attacker), turn.unit(act.target)
    _attack_refusal(turn.state, attacker, target, act.mode, reach=False)  # before the turn, for a clear reason
    begin_turn(turn, attacker, act)
    turn_moves(turn, attacker, act, limit=attacker.movement, reason="tactical move")
    attacker, target = turn.unit(act.attacker), turn.unit(act.target)
    _attack_refusal(turn.state, attacker, target, act.mode)
    if act.area and act.before_damage:
        raise RuleRefusal("answers before the damage roll go with a single-target attack", rule="abilities")
    form = Form(attacker.name, mode=act.mode, orange=act.orange, keep_absorption=act.keep_absorption)
    return _strike_series(turn, attacker, target, act.times, form, area=act.area, responses=tuple(act.before_damage))


def _strike_series(
    turn: Turn,
    attacker: Card,
    target: Card,
    times: int | None,
    form: Form,
    *,
    area: bool = False,
    responses: tuple[ResponseInput, ...] = (),
) -> BattleStep:
    """The attacks a card makes in one action (FA per turn, or the ``times`` asked), each its own strike
    (:class:`SeriesStrike`); the series stops when either card has left the board. An ``area`` attack rolls its
    die once and covers the target and the enemy cards next to it, each with its own evasion and damage
    (:class:`AreaRound`)."""
    count = _attack_count(turn, attacker, target, times)
    if not area:
        return SeriesStrike(form, target.name, 0, count, END, answers=bool(responses), responses=responses)
    first = AreaRound(form, target.name, 0, count, END)
    commander = turn.state.commander_of(target.side)
    if commander is not None and commander.on_board:
        # A troop struck by the area attack flees if its commander, struck later, falls: no kept step between.
        return Unbroken(first)
    return first


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


def _flank(turn: Turn, act: FlankAction) -> BattleStep:
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
        return Counterattack(target.name, flanker.name, END)
    turn.note(f"the flank succeeds: {flanker.name} attacks at +4 attack and +4 damage", flanker.name)
    flanking = (("Flanqueo", 4),)
    form = Form(flanker.name, extra_attack=flanking, extra_damage=flanking, keep_absorption=act.keep_absorption)
    return _strike_series(turn, flanker, target, act.times, form)


def _charge(turn: Turn, act: ChargeAction) -> BattleStep | None:
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
            return Counterattack(victim.name, charger.name, END)
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
    return None


def _impact(turn: Turn, act: ImpactAction) -> BattleStep:
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
    end = EndCharge(charger.name)
    if escaped:
        turn.note(f"{victim.name} left {charger.name}'s attack area before the impact: the charge fails")
        return Counterattack(victim.name, charger.name, end)
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
    form = Form(
        charger.name,
        extra_attack=tuple(extra_attack),
        extra_damage=tuple(extra_damage),
        multiplier=multiplier,
        mode="melee",
        keep_absorption=act.keep_absorption,
    )
    return Strike(form, victim.name, end, evaded=Counterattack(victim.name, charger.name, end))


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


def _initiative(turn: Turn, act: InitiativeAction) -> BattleStep:
    state = turn.state
    bonuses: list[list[Bonus]] = []
    for side in state.sides:
        commander = state.commander_of(side)
        if commander is None or not commander.on_board:
            turn.note(f"{side} has no commander on the field: its reaction roll has no bonus")
            bonuses.append([])
        else:
            bonuses.append([(f"Reacción de {commander.name}", commander.reaction)])
    return Reaction(0, (tuple(bonuses[0]), tuple(bonuses[1])))


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
    first: BattleStep | None = HANDLERS(turn, action)
    if first is None:  # an action of no steps
        _battle_result(turn)
    else:  # its steps end with the battle's result (EndAction)
        turn.run(first.stamped(turn))
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
    fall = turn.fall
    turn.emit(
        GameOver(
            reason=reason,
            winner=winner,
            unit=fall[0] if fall is not None else None,
            by=fall[1] if fall is not None else None,
        )
    )
    turn.change(over=True, winner=winner, to_play=None)
