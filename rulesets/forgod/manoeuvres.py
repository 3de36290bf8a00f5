"""F0R60D's strategic actions of combat: Escudo, Guardia Real and their end, a turn spent moving, Flanquear, Carga
with Cubrir Carga and its impact, and the defender's counterattack when one of them fails."""

from __future__ import annotations

from typing import ClassVar

from tabroll.errors import RuleRefusal

from .actions import ChargeAction, FlankAction, ImpactAction, MoveAction, ReleaseAction, RoyalGuardAction, ShieldAction
from .bonuses import Bonus
from .checks import stat_check
from .messages import _
from .state import Charge
from .strikes import Form, Strike, attacking_turn, strike_series
from .turn import END, HANDLERS, BattleStep, ForgodTurn, charge_due, turn_moves


class Counterattack(BattleStep, frozen=True):
    """The ``defender``'s one automatic attack at +2 against the card whose special attack ``failed``, if both
    are still on the field; then ``then``."""

    defender: str
    failed: str
    then: BattleStep

    def take(self, turn: ForgodTurn) -> BattleStep:
        if not (turn.unit(self.defender).on_board and turn.unit(self.failed).on_board):
            return self.then
        turn.note(
            _("{defender} counterattacks {failed}: one attack at +2", defender=self.defender, failed=self.failed),
            self.defender,
        )
        form = Form(self.defender, extra_attack=(("Contraataque", 2),))
        return Strike(form, self.failed, self.then).take(turn)


class EndCharge(BattleStep, frozen=True):
    """A charge's impact is over: the charge of ``charger`` ends."""

    inline: ClassVar[bool] = True
    charger: str

    def take(self, turn: ForgodTurn) -> BattleStep:
        turn.change(charges=tuple(c for c in turn.state.charges if c.charger != self.charger))
        return END


@HANDLERS.on(ShieldAction)
def shield_action(turn: ForgodTurn, act: ShieldAction) -> None:
    turn_moves(turn, act.unit, act)
    state = turn.state
    shield, protected = state.unit(act.unit), state.unit(act.protects)
    if shield.name == protected.name or shield.side != protected.side:
        raise RuleRefusal(_("{shield} can only shield another card of its own side", shield=shield.name), rule="Escudo")
    if not protected.on_board:
        raise RuleRefusal(_("{protected} is no longer on the field", protected=protected.name), rule="Escudo")
    if state.shield_of(protected.name) is not None:
        raise RuleRefusal(
            _("{protected} is itself a shield, and a shield cannot be shielded", protected=protected.name),
            rule="Escudo",
        )
    if state.shield_of(shield.name) is not None:
        raise RuleRefusal(
            _("{shield} already shields {shield_of}", shield=shield.name, shield_of=state.shield_of(shield.name)),
            rule="Escudo",
        )
    if state.shields_on(protected.name):
        raise RuleRefusal(_("{protected} already has a shield", protected=protected.name), rule="Escudo")
    if any(protected.name in pair or shield.name in pair for pair in state.guards):
        raise RuleRefusal(
            _("no shield for the royal guard or the commander it protects once the Guardia Real is declared"),
            rule="Guardia Real",
        )
    assert shield.position is not None and protected.position is not None
    if state.board.distance(shield.position, protected.position) > 1:
        raise RuleRefusal(
            _(
                "{shield} must stand next to {protected} to shield it ({distance} squares apart)",
                shield=shield.name,
                protected=protected.name,
                distance=state.board.distance(shield.position, protected.position),
            ),
            rule="Escudo",
        )
    turn.change(shields=(*state.shields, (shield.name, protected.name)))
    turn.status(
        shield.name, lambda: _("shield of {protected}", protected=protected.name), _("cannot attack, evasion -2")
    )
    turn.status(
        protected.name,
        lambda: _("shielded by {shield}", shield=shield.name),
        _("evasion +2, absorptions changed by 2 and active"),
    )


@HANDLERS.on(ReleaseAction)
def release_action(turn: ForgodTurn, act: ReleaseAction) -> None:
    name = act.unit
    state = turn.state
    state.unit(name)
    shields = tuple(p for p in state.shields if p[0] != name)
    guards = tuple(p for p in state.guards if p[0] != name)
    if shields == state.shields and guards == state.guards:
        raise RuleRefusal(_("{name} is neither a shield nor a royal guard", name=name), rule="release")
    turn.note(_("{name} stops protecting and may attack again", name=name), name)
    turn.change(shields=shields, guards=guards)


@HANDLERS.on(RoyalGuardAction)
def royal_guard_action(turn: ForgodTurn, act: RoyalGuardAction) -> None:
    turn_moves(turn, act.unit, act)
    state = turn.state
    guard, commander = state.unit(act.unit), state.unit(act.commander)
    if not commander.commander or commander.side != guard.side or not commander.on_board:
        raise RuleRefusal(
            _("{commander} is not {side}'s commander on the field", commander=commander.name, side=guard.side),
            rule="Guardia Real",
        )
    if state.guard_of(commander.name) is not None:
        raise RuleRefusal(_("{commander} already has a royal guard", commander=commander.name), rule="Guardia Real")
    if state.shield_of(guard.name) is not None:
        raise RuleRefusal(_("{guard} is a shield; release it first", guard=guard.name), rule="Guardia Real")
    assert guard.position is not None and commander.position is not None
    forward = 1 if state.side_index(guard.side) == 0 else -1
    front = (commander.position[0], commander.position[1] + forward)
    if guard.position != front:
        raise RuleRefusal(
            _(
                "the royal guard stands on the square just in front of {commander}, {front}",
                commander=commander.name,
                front=list(front),
            ),
            tip=_("move it there in the same action: move_to: {front}", front=list(front)),
            rule="Guardia Real",
        )
    turn.change(guards=(*state.guards, (guard.name, commander.name)))
    turn.status(
        guard.name, lambda: _("royal guard of {commander}", commander=commander.name), _("cannot attack, evasion -2")
    )
    turn.status(
        commander.name, lambda: _("guarded by {guard}", guard=guard.name), _("cannot be attacked until the guard falls")
    )


@HANDLERS.on(MoveAction)
def move_action(turn: ForgodTurn, act: MoveAction) -> None:
    turn_moves(turn, act.unit, act, to=act.to)


@HANDLERS.on(FlankAction)
def flank_action(turn: ForgodTurn, act: FlankAction) -> BattleStep:
    flanker, target = attacking_turn(turn, act, (act.flanker, act.target), None, _("flanking move"))
    penalties = turn.state.options.flank_penalties
    if penalties == "always":
        turn.change(exposed=turn.state.exposed | {flanker.name})
        turn.ruling("flank_penalties", penalties, _("every flank costs the flanker -4 evasion and its absorptions"))
        turn.status(flanker.name, lambda: _("flanking"), _("evasion -4, no absorption until its next turn"))
    else:
        turn.ruling("flank_penalties", penalties, _("a flank without a charge has no penalty"))
    if not stat_check(turn, "fortitude", flanker, target):
        turn.note(_("the flank fails: {target} may counterattack", target=target.name), target.name)
        return Counterattack(target.name, flanker.name, END)
    turn.note(_("the flank succeeds: {flanker} attacks at +4 attack and +4 damage", flanker=flanker.name), flanker.name)
    flanking = (("Flanqueo", 4),)
    form = Form(flanker.name, extra_attack=flanking, extra_damage=flanking, keep_absorption=act.keep_absorption)
    return strike_series(turn, flanker, target, act.times, form)


@HANDLERS.on(ChargeAction)
def charge_action(turn: ForgodTurn, act: ChargeAction) -> BattleStep | None:
    if turn.unit(act.charger).attack_type not in ("melee", "dual"):
        raise RuleRefusal(
            _("{charger} attacks only at range; only melee or dual cards charge", charger=act.charger), rule="Carga"
        )
    reason = _("charge (twice the tactical move)")
    charger, victim = attacking_turn(turn, act, (act.charger, act.target), "melee", reason, moves=2)
    state = turn.state
    if act.cover is not None:
        cover = state.unit(act.cover)
        if cover.side != charger.side or cover.name == charger.name or not cover.on_board:
            raise RuleRefusal(
                _("{cover} cannot cover {charger}'s charge", cover=cover.name, charger=charger.name),
                rule="Cubrir Carga",
            )
        if state.shield_of(cover.name) or state.guarding(cover.name) or state.covering(cover.name):
            raise RuleRefusal(_("{cover} is already protecting another card", cover=cover.name), rule="Cubrir Carga")
        assert cover.position is not None and charger.position is not None
        apart = state.board.distance(cover.position, charger.position)
        if apart > 2:
            raise RuleRefusal(
                _(
                    "{cover} is {apart} squares from {charger}; a cover stays within 2",
                    cover=cover.name,
                    apart=apart,
                    charger=charger.name,
                ),
                rule="Cubrir Carga",
            )
    if act.flank:
        turn.note(_("{charger} combines the charge with a flank: opposed Fortaleza first", charger=charger.name))
        if not stat_check(turn, "fortitude", charger, victim):
            turn.note(_("the flank fails: {victim} may counterattack", victim=victim.name), victim.name)
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
    penalty = (
        _("no attack, evasion -4, no absorption until the charge hits")
        if act.flank
        else _("no attack, evasion -4 until the charge hits")
    )
    turn.status(charger.name, lambda: _("charging {victim}", victim=victim.name), penalty)
    if act.cover is not None:
        turn.status(
            act.cover,
            lambda: _("covering {charger}'s charge", charger=charger.name),
            _("cannot attack; attackers of {charger} get FA -2 and damage -4", charger=charger.name),
        )
    turn.note(
        _(
            "the charge hits on {side}'s next turn, once {sides} has played a card (do: "
            "charge_impact, charger: {charger})",
            side=charger.side,
            sides=state.sides[other],
            charger=charger.name,
        )
    )
    return None


@HANDLERS.on(ImpactAction)
def impact_action(turn: ForgodTurn, act: ImpactAction) -> BattleStep:
    state = turn.state
    charge = state.charge_by(act.charger)
    if charge is None:
        raise RuleRefusal(_("{charger} has no charge under way", charger=act.charger), rule="Carga")
    if not charge_due(state, charge):
        raise RuleRefusal(
            _(
                "{charger}'s charge hits on {side}'s next turn, after {other_side} has played a card",
                charger=act.charger,
                side=charge.side,
                other_side=state.other_side(charge.side),
            ),
            rule="charge timing",
        )
    charger, victim = state.unit(charge.charger), state.unit(charge.victim)
    escaped = act.escaped
    if not escaped and charger.reach is not None and charger.position and victim.position:
        escaped = state.board.distance(charger.position, victim.position) > charger.reach
    end = EndCharge(charger.name)
    if escaped:
        turn.note(
            _(
                "{victim} left {charger}'s attack area before the impact: the charge fails",
                victim=victim.name,
                charger=charger.name,
            )
        )
        return Counterattack(victim.name, charger.name, end)
    extra_attack: list[Bonus] = [("Carga", 4)]
    extra_damage: list[Bonus] = []
    if charge.flank:
        stacking = state.options.charge_flank_bonus
        multiplier = (3, "Carga con flanqueo")
        if stacking == "stack":
            extra_attack.append(("Flanqueo", 4))
            extra_damage.append(("Flanqueo", 4))
            turn.ruling("charge_flank_bonus", stacking, _("the flank's own +4 attack and damage add on top"))
        else:
            turn.ruling(
                "charge_flank_bonus", stacking, _("the combination's figures are complete: +4 attack, damage x3")
            )
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
