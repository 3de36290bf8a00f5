"""The fight across the range bands: direct combat (who may attack whom, who may step in, the exchange of Power
dice against Toughness dice taken as steps, the push-back and Trample), moves between bands, a character's flight,
and the opposed Speed test.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from tabroll.engine.steps import Step
from tabroll.errors import InputError, RuleRefusal
from tabroll.events import Defeat, GameOver, Hit, Miss, Said, said
from tabroll.frozen import eq_hash_without

from .effects import check_result, end_permanents, fall, tell_life_lost
from .messages import _, band_word, p_, strike_word
from .model import AttackAction, FleeAction, MoveAction
from .state import SCALE, Combatant
from .work import HANDLERS, HeroesTurn, check_in_fight, out_of_range, take_action


@HANDLERS.on(AttackAction)
def resolve_attack(turn: HeroesTurn, action: AttackAction) -> None:
    attacker = turn.unit(action.attacker)
    target = turn.unit(action.target)
    values = {"attacker": attacker.name, "target": target.name, "side": target.side}
    if attacker.name == target.name:
        raise RuleRefusal(_("{attacker} cannot attack itself", **values), rule="target")
    check_in_fight(attacker, _("attack"))
    check_in_fight(target, _("be attacked"))
    if attacker.side == target.side:
        raise RuleRefusal(_("{attacker} and {target} are on the same side ({side})", **values), rule="target")
    follow_up = turn.state.follow_up == attacker.name
    if attacker.attacked and not follow_up:
        raise RuleRefusal(_("{attacker} already attacked this turn: one attack per turn", **values), rule="attack")
    if attacker.moved and not follow_up:
        raise RuleRefusal(_("{attacker} moved this turn, so it cannot attack this turn", **values), rule="move")
    if attacker.pushed_back and not follow_up and turn.options.push_back == "refresh":
        turn.ruling("push_back", "refresh", _("a pushed-back combatant must be refreshed before it attacks again"))
        again = (
            _("its controller {controller} upholds it in an Upkeep", controller=attacker.controller)
            if attacker.controller is not None
            else _("its own next turn begins")
        )
        raise RuleRefusal(
            _("{attacker} was pushed back after its last attack: it must prepare again before it attacks", **values),
            rule="push back",
            tip=_("it is ready again when {again}", again=again),
        )
    if turn.state.band(attacker.name, target.name) == "far":
        raise out_of_range(attacker.name, target.name)
    defender = target
    if action.intercept_by is not None:
        defender = check_interference(turn, attacker, target, action.intercept_by)
    if follow_up:
        turn.change(follow_up=None)
        turn.note(_("{attacker} takes its Trample follow-up attack", **values), attacker.name)
    else:
        free = not turn.options.attack_takes_action
        if attacker.controller is None:
            text = _("fighting is free") if free else _("fighting takes an action")
            turn.ruling("attack_takes_action", not free, text)
        attacker = take_action(turn, attacker, _("attack {defender}", defender=defender.name), free=free)
    turn.put(replace(turn.unit(attacker.name), attacked=True))
    if defender is not target:
        values["defender"] = defender.name
        if defender.controller == target.name:
            text = _("{who} orders {defender} to step in: {attacker} must fight it instead", who=target.name, **values)
        else:
            text = _("{defender} interferes: {attacker} must fight it instead of {target}", **values)
        turn.note(text, defender.name)
    exchange(turn, attacker.name, defender.name, action)


def check_interference(turn: HeroesTurn, attacker: Combatant, target: Combatant, name: str) -> Combatant:
    """Another combatant at near range of the attacker steps in and takes the fight: an attacked character's
    creature on its order, or any combatant not on the attacker's side (a creature only if its controller may
    order it)."""
    interceptor = turn.unit(name)
    values = {"interceptor": interceptor.name, "attacker": attacker.name}
    if interceptor.name in (attacker.name, target.name):
        raise RuleRefusal(_("{interceptor} cannot step in for its own fight", **values), rule="intercept")
    if interceptor.side == attacker.side:
        raise RuleRefusal(
            _("{interceptor} is on {attacker}'s side: only others interfere with an attack", **values),
            rule="intercept",
        )
    check_in_fight(interceptor, _("step in"))
    if interceptor.fleeing is not None:
        raise RuleRefusal(_("{interceptor} is fleeing and does not fight", **values), rule="intercept")
    if interceptor.controller is not None:
        boss = turn.unit(interceptor.controller)
        if not boss.in_fight:
            raise RuleRefusal(
                _(
                    "{interceptor}'s controller {boss} is out of the fight and cannot order it",
                    boss=boss.name,
                    **values,
                ),
                rule="intercept",
            )
        if interceptor.summoning_sick and not interceptor.has("haste"):
            raise RuleRefusal(
                _(
                    "{interceptor} was summoned this turn: summoning sickness, it cannot be ordered to step in",
                    **values,
                ),
                rule="summoning sickness",
            )
    if interceptor.pushed_back and turn.options.push_back == "refresh":
        turn.ruling("push_back", "refresh", _("a pushed-back combatant must be refreshed before it fights again"))
        raise RuleRefusal(
            _("{interceptor} was pushed back after its last attack and is not ready to step in", **values),
            rule="push back",
        )
    band = turn.state.band(attacker.name, interceptor.name)
    if not SCALE.at_or_closer(band, "near"):
        raise RuleRefusal(
            _(
                "{interceptor} is at {band} range from {attacker}: only a combatant at near "
                "range of the attacker can step in",
                band=band_word(band),
                **values,
            ),
            rule="intercept",
        )
    return interceptor


def exchange(turn: HeroesTurn, attacker: str, defender: str, action: AttackAction) -> None:
    """One exchange at direct range: attack, counterattack (First Strike decides the order), then back to near;
    what is settled before any die is an :class:`Exchange`, the strikes are steps."""
    before = turn.bands.between(attacker, defender)
    turn.set_band(attacker, defender, "direct", _("attack: the exchange begins"))
    counter = turn.options.counterattack if action.counterattack is None else action.counterattack
    if counter and turn.unit(defender).fleeing is not None:
        turn.note(_("{defender} is fleeing and does not fight back", defender=defender), defender)
        counter = False
    a_first, d_first = (turn.unit(n).has("first strike") for n in (attacker, defender))
    settled = Exchange.of(attacker, defender, before, counter)
    values = {"attacker": attacker, "defender": defender}
    if d_first and not a_first and counter:
        turn.note(_("First Strike: {defender} strikes first; {attacker} only if it survives", **values), defender)
        turn.run(Strike(at=FIRST_STRIKE, told=None, exchange=settled))
        return
    if a_first and not d_first:
        turn.note(_("First Strike: {attacker} strikes first; {defender} only if it survives", **values), attacker)
    elif a_first and d_first:
        turn.note(_("both have First Strike: attack, then counterattack as usual"))
    turn.run(Strike(at=ATTACK, told=None, exchange=settled))


# The strikes of an exchange, in the order they may come: the defender's First Strike (its counterattack before
# the attack), the attack after it, or the attack, then the counterattack after it.
FIRST_STRIKE = "first strike"
AFTER_FIRST_STRIKE = "attack after the first strike"
ATTACK = "attack"
COUNTERATTACK = "counterattack"


class Exchange(msgspec.Struct, frozen=True):
    """What every step of one exchange reads that the dice cannot change: who attacks whom, their band before,
    whether the defender fights back; and the words it says whatever its dice, made once as it begins, not at every
    strike of every outcome: why the band goes back, the push-back and why, each one's "Toughness until end of
    turn" (the attacker's, then the defender's)."""

    attacker: str
    defender: str
    before: str
    counter: bool
    over: str
    pushed_back: Said
    prepare: str
    toughness: tuple[Said, Said]

    @classmethod
    def of(cls, attacker: str, defender: str, before: str, counter: bool) -> Exchange:
        over, prepare = _("the exchange is over"), _("after the exchange it must prepare to fight again")
        toughness = (_until_end(attacker), _until_end(defender))
        return cls(
            attacker, defender, before, counter, over, said(lambda: p_("status", "pushed back")), prepare, toughness
        )


def _until_end(victim: str) -> Said:
    return said(lambda: _("{victim}'s Toughness until end of turn", victim=victim))


class ExchangeStep(Step, frozen=True, kw_only=True):
    """A step of an exchange. Compared: which strike it is (``at``, one of :data:`FIRST_STRIKE`…), whether the
    attack has killed the defender (``killed``, read at the end), and ``told``: the end of the battle still to be
    told (the turn's ``game_over``, the one thing beside the battle the dice may change). Uncompared: the
    :class:`Exchange`."""

    at: str
    killed: bool = False
    told: GameOver | None
    exchange: Exchange

    __eq__, __hash__ = eq_hash_without("exchange")

    def sides(self) -> tuple[str, str, str]:
        """Who strikes whom in this strike, and what it is (attack or counterattack)."""
        settled = self.exchange
        if self.at in (FIRST_STRIKE, COUNTERATTACK):
            return settled.defender, settled.attacker, "counterattack"
        return settled.attacker, settled.defender, "attack"

    def land(self, turn: HeroesTurn, attack: int, defence: int) -> Step | None:
        """The strike's totals met: its damage, then the strike that follows, or the end of the exchange."""
        striker, victim, what = self.sides()
        settled = self.exchange
        attacker, defender = settled.attacker, settled.defender
        kills = strike(turn, striker, victim, what, attack, defence, settled.toughness[victim == defender])
        if self.at == FIRST_STRIKE:
            if turn.unit(attacker).in_fight:
                return Strike(at=AFTER_FIRST_STRIKE, told=turn.game_over, exchange=settled)
            turn.note(_("{attacker} fell to the first strike and deals no damage", attacker=attacker), attacker)
            self.end(turn, False)
            return None
        if self.at == ATTACK:
            if not settled.counter:
                turn.note(_("{defender} does not counterattack", defender=defender), defender)
            elif turn.unit(defender).in_fight:
                return Strike(at=COUNTERATTACK, killed=kills, told=turn.game_over, exchange=settled)
            else:
                turn.note(_("{defender} is at 0 Life and cannot counterattack", defender=defender), defender)
            self.end(turn, kills)
            return None
        self.end(turn, kills if self.at == AFTER_FIRST_STRIKE else self.killed)
        return None

    def end(self, turn: HeroesTurn, killed: bool) -> None:
        """Back to the band before the exchange (near from direct), the push-back and a Trample follow-up; then
        the end of the battle, if it came."""
        settled = self.exchange
        attacker, defender = settled.attacker, settled.defender
        before = settled.before
        turn.set_band(attacker, defender, "near" if before == "direct" else before, settled.over)
        after_exchange(turn, settled, killed)
        turn.tell_game_over()


class Strike(ExchangeStep, frozen=True):
    """The striker's Power dice; then the victim's Toughness: rolled in a :class:`Defence` step, or what is left of
    it this turn (no die). A source that watches steps is asked for both pools at once, read only by Power less
    Toughness (:meth:`~tabroll.engine.work.BaseTurn.draw_against`); the log is the same either way."""

    def advance(self, turn: HeroesTurn) -> Step | None:
        striker_name, victim_name, what = self.sides()
        striker = turn.unit(striker_name)
        victim = turn.unit(victim_name)
        reading = turn.options.toughness_after_exchange
        rolls_toughness = victim.toughness_pool is None or reading == "reroll"
        power, toughness = striker.power_now, victim.toughness_now
        purpose = _("{what}: {striker}'s Power {power}d6", what=strike_word(what), striker=striker_name, power=power)
        drawn = None
        if rolls_toughness and power > 0 and toughness > 0:  # the rules read only Power less Toughness
            guard = defence_purpose(victim_name, toughness)
            drawn = turn.draw_against(6, (power, toughness), (purpose, guard))
        attack = turn.roll(power, purpose, striker_name, None if drawn is None else drawn[:power])
        if rolls_toughness:
            if drawn is None:  # the Toughness dice are drawn at a step of their own
                return Defence(at=self.at, killed=self.killed, attack=attack, told=self.told, exchange=self.exchange)
            # drawn already: nothing to wait for, no step before them
            return self.land(turn, attack, defend(turn, victim_name, drawn[power:], guard))
        defence = victim.toughness_pool
        assert defence is not None  # a pool left this turn: no Toughness rolled
        if reading == "pool":
            text = _(
                "{victim}'s Toughness this turn is what is left of its defence roll: {defence} (no new roll)",
                victim=victim.name,
                defence=defence,
            )
        else:
            text = _(
                "{victim} already fought this turn: its Toughness is 0 until end of turn (no roll)", victim=victim.name
            )
        turn.ruling("toughness_after_exchange", reading, text)
        return self.land(turn, attack, defence)


def defence_purpose(victim: str, dice: int) -> str:
    return _("defence: {victim}'s Toughness {dice}d6", victim=victim, dice=dice)


class Defence(ExchangeStep, frozen=True, kw_only=True):
    """The victim's Toughness dice against the Power total ``attack`` (compared: all the rest reads of the Power
    dice). A source that draws both pools at once meets them in :class:`Strike`, with no step between."""

    attack: int

    def advance(self, turn: HeroesTurn) -> Step | None:
        return self.land(turn, self.attack, defend(turn, self.sides()[1], None))


def defend(turn: HeroesTurn, victim: str, drawn: tuple[int, ...] | None, purpose: str | None = None) -> int:
    """The victim's Toughness dice, rolled now or ``drawn`` already (for ``purpose``): their total."""
    dice = turn.unit(victim).toughness_now
    if purpose is None:
        purpose = defence_purpose(victim, dice)
    defence = turn.roll(dice, purpose, victim, drawn)
    reading = turn.options.toughness_after_exchange
    if "toughness_after_exchange" in turn.rulings_told:
        pass  # told already in this action: its words are not made again
    elif reading == "reroll":
        turn.ruling("toughness_after_exchange", "reroll", _("every attack rolls the defender's Toughness afresh"))
    elif reading == "pool":
        turn.ruling(
            "toughness_after_exchange",
            "pool",
            _("the defence total is the Toughness left to the defender until end of turn; each attack lowers it"),
        )
    return defence


def strike(
    turn: HeroesTurn, striker_name: str, victim_name: str, what: str, attack: int, defence: int, until_end: Said
) -> bool:
    """``striker``'s Power total ``attack`` against ``victim``'s Toughness ``defence``; the excess comes off Life.
    True if it kills."""
    victim = turn.unit(victim_name)
    excess = max(0, attack - defence)
    word = strike_word(what)
    if excess > 0:
        beats = _("{what} {attack} > defence {defence}", what=word, attack=attack, defence=defence)
        turn.emit(Hit(attacker=striker_name, target=victim_name, result=attack, needed=defence + 1, rule=beats))
        why = _("{attack} − {defence} = {excess} off ", attack=attack, defence=defence, excess=excess)
        life = tell_life_lost(turn, victim, excess, striker_name, why)
    else:
        beats = _("{what} {attack} does not beat defence {defence}", what=word, attack=attack, defence=defence)
        turn.emit(Miss(attacker=striker_name, target=victim_name, result=attack, needed=defence + 1, rule=beats))
        life = victim.life
    pool = toughness_left(turn, victim, word, attack, defence, until_end)
    fleeing = victim.fleeing + excess if victim.fleeing is not None else None
    victim = turn.put(replace(victim, life=life, toughness_pool=pool, fleeing=fleeing))
    if life == 0 and excess > 0:
        fall(turn, victim, striker_name)
        return True
    return False


def toughness_left(
    turn: HeroesTurn, victim: Combatant, word: str, attack: int, defence: int, until_end: Said
) -> int | None:
    """The victim's Toughness until end of turn after this strike, as ``toughness_after_exchange`` reads it: what
    is left of its defence total ("pool"), 0 ("zero"), or none kept, every attack rolling afresh ("reroll")."""
    reading = turn.options.toughness_after_exchange
    pool: int | None = victim.toughness_pool
    if reading == "pool":
        pool = max(0, defence - attack)
        if pool != defence:
            reason = _("lowered by the {what} total {attack}, not below 0", what=word, attack=attack)
            turn.modifier(victim.name, until_end, reason, defence, pool)
    elif reading == "zero":
        if victim.toughness_pool is None:
            turn.ruling("toughness_after_exchange", "zero", _("after an exchange Toughness is 0 until end of turn"))
            turn.modifier(victim.name, until_end, _("it has fought this turn"), defence, 0)
        pool = 0
    return pool


def after_exchange(turn: HeroesTurn, settled: Exchange, killed: bool) -> None:
    attacker, defender = settled.attacker, settled.defender
    unit = turn.unit(attacker)
    if not unit.in_fight or turn.result is not None:
        return
    if unit.has("vigilance"):
        turn.note(_("Vigilance: {attacker} is not pushed back and need not prepare again", attacker=attacker), attacker)
    else:
        reading = turn.options.push_back
        if reading == "refresh":
            turn.ruling(
                "push_back",
                "refresh",
                _(
                    "pushed back: no attacking or stepping in until refreshed (its next turn, or its "
                    "controller's Upkeep for a creature)"
                ),
            )
            unit = turn.put(replace(unit, pushed_back=True))
        else:
            turn.ruling("push_back", "log_only", _("the push-back is logged; it limits nothing"))
        turn.status(attacker, settled.pushed_back, settled.prepare)
    if killed and unit.has("trample"):
        turn.change(follow_up=attacker)
        turn.note(
            _(
                "Trample: {attacker} killed {defender}; it may at once move to attack another "
                "target or go to far range from {defender} (offered for the very next action "
                "only)",
                attacker=attacker,
                defender=defender,
            ),
            attacker,
        )


@HANDLERS.on(MoveAction)
def resolve_move(turn: HeroesTurn, action: MoveAction) -> None:
    unit = turn.unit(action.unit)
    try:
        wanted = SCALE.parse(action.to)
    except InputError as err:
        raise RuleRefusal(err.message, tip=err.tip, rule="range") from None
    if wanted == "direct":
        raise RuleRefusal(_("direct range is entered only by attacking (do: attack)"), rule="range")
    check_in_fight(unit, _("move"))
    follow_up = turn.state.follow_up == unit.name
    if unit.moved and not follow_up:
        raise RuleRefusal(_("{unit} already moved this turn: one move per turn", unit=unit.name), rule="move")
    if action.relative_to is not None:
        others = [turn.unit(name) for name in action.relative_to]
        if unit.name in action.relative_to:
            raise RuleRefusal(_("{unit} has no range to itself", unit=unit.name), rule="range")
    else:
        others = [u for u in turn.state.enemies(unit) if u.in_fight]
    if not others:
        raise RuleRefusal(_("{unit} has no one to move closer to or away from", unit=unit.name), rule="range")
    for other in others:
        current = turn.state.band(unit.name, other.name)
        if current == wanted:
            raise RuleRefusal(
                _(
                    "{unit} is already at {wanted} range from {other}",
                    unit=unit.name,
                    wanted=band_word(wanted),
                    other=other.name,
                ),
                rule="range",
            )
        if current == "direct":
            raise RuleRefusal(
                _("{unit} is fighting {other} at direct range", unit=unit.name, other=other.name), rule="range"
            )
    if follow_up:
        turn.change(follow_up=None)
        turn.note(_("{unit} takes its Trample follow-up move", unit=unit.name), unit.name)
    else:
        take_action(turn, unit, _("move to {wanted} range", wanted=band_word(wanted)))
    turn.put(replace(turn.unit(unit.name), moved=True))
    for other in others:
        turn.set_band(unit.name, other.name, wanted, _("{unit} moves", unit=unit.name))
    turn.note(_("{unit} moved: it cannot attack or flee this turn", unit=unit.name), unit.name)


def opposed_speed(turn: HeroesTurn, actor: Combatant, other: Combatant, *, responder: Combatant) -> bool:
    """An opposed Speed test (Speed d6 each, at least one die): True when ``actor`` wins; ties go to ``responder``."""
    mine = turn.roll(max(1, actor.speed), _("opposed Speed: {actor}", actor=actor.name), actor.name)
    theirs = turn.roll(max(1, other.speed), _("opposed Speed: {other}", other=other.name), other.name)
    wins = mine > theirs or (mine == theirs and responder.name == actor.name)
    sign = ">" if mine > theirs else "<" if mine < theirs else "="
    values = {"mine": mine, "sign": sign, "theirs": theirs, "winner": actor.name if wins else other.name}
    if mine == theirs:
        text = _(
            "opposed Speed {mine} {sign} {theirs}; a tie goes to the responder, {responder}: {winner} wins",
            responder=responder.name,
            **values,
        )
    else:
        text = _("opposed Speed {mine} {sign} {theirs}: {winner} wins", **values)
    turn.note(text, actor.name)
    return wins


@HANDLERS.on(FleeAction)
def resolve_flee(turn: HeroesTurn, action: FleeAction) -> None:
    unit = turn.unit(action.unit)
    check_in_fight(unit, _("flee"))
    if not unit.is_character:
        raise RuleRefusal(_("{unit} is a creature: only characters flee", unit=unit.name), rule="flee")
    if unit.fleeing is not None:
        raise RuleRefusal(_("{unit} is already fleeing", unit=unit.name), rule="flee")
    if unit.moved:
        raise RuleRefusal(_("{unit} moved this turn, so it cannot flee this turn", unit=unit.name), rule="move")
    if unit.actions_used or unit.commanded:
        raise RuleRefusal(_("fleeing must be {unit}'s first action of the turn", unit=unit.name), rule="flee")
    for enemy in turn.state.enemies(unit):
        band = turn.state.band(unit.name, enemy.name)
        if band != "far" and enemy.in_fight:
            raise RuleRefusal(
                _(
                    "{unit} is at {band} range from {enemy}: a character flees only from far range",
                    unit=unit.name,
                    band=band_word(band),
                    enemy=enemy.name,
                ),
                rule="range",
                tip=_("move to far range first, on an earlier turn"),
            )
    unit = take_action(turn, unit, _("flee (the rest of the turn is forfeit)"))
    unit = turn.put(replace(unit, actions_used=max(unit.speed, unit.actions_used)))
    turn.note(_("{unit} flees: its permanent effects end", unit=unit.name), unit.name)
    end_permanents(turn, unit.name, _("its caster flees"))
    for creature in turn.state.combatants:
        if creature.controller == unit.name and not creature.out:
            turn.put(replace(creature, out=True, out_reason="dismissed"))
            turn.emit(Defeat(unit=creature.name, by=None, reason=_("{unit} flees", unit=unit.name), how="dismissed"))
    others = [u for u in turn.state.combatants if u.name != unit.name and u.in_fight]
    enemies = [u for u in others if u.side != unit.side]
    if enemies and all(unit.speed >= other.speed + 2 for other in others):
        turn.note(_("Speed {speed} is 2 or more above everyone: it may escape at once", speed=unit.speed), unit.name)
        if all(opposed_speed(turn, unit, enemy, responder=enemy) for enemy in enemies):
            turn.put(replace(turn.unit(unit.name), out=True, out_reason="fled"))
            turn.emit(Defeat(unit=unit.name, by=None, reason=_("it won the opposed Speed test"), how="fled"))
            check_result(turn, unit.name, None, "fled")
            return
    turn.put(replace(turn.unit(unit.name), fleeing=0))
    reason = _("it escapes at the end of the turn if it takes fewer than 5 damage and does not fight")
    turn.status(unit.name, said(lambda: p_("status", "fleeing")), reason)
