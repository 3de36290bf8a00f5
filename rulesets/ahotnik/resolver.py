"""Ahotnik resolution: the attack phase and the threat-level actions, as a pure function of state, action, dice
(only ``dice`` draws a number: a forced synapse's pick, the pilots' numbers the file does not give).

One Ahotnik's attack runs in four steps: :func:`decide_direction`, :func:`identify` (targets), :func:`strike`
(damage) and :func:`settle` (exile, DNA, end of the game). The exact walk takes the attack phase as
:mod:`steps <tabroll.engine.steps>`: one per Ahotnik (:class:`NextAhotnik`), or step by step, one per Ahotnik's
direction (:class:`Directions`) and one for the rest (:class:`StepByStepAttacks`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

import msgspec
from msgspec.structs import replace

from tabroll.dice.sources import choose_number
from tabroll.engine.steps import Step
from tabroll.engine.work import StateField, Turn
from tabroll.errors import RuleRefusal
from tabroll.events import Damage, Defeat, GameOver, Hit, Roll, position_text, said
from tabroll.frozen import eq_hash_without, hash_without
from tabroll.geometry.hex import Hex
from tabroll.kit import Handlers

from .events import DnaGained, Ignored, PhaseTransition, Rotation, Summon, Synapse, Targeting, ThreatChanged
from .messages import _, direction_word, n_, p_
from .model import (
    AhotnikOptions,
    AttackAction,
    AttackPhaseAction,
    ChoiceInput,
    EndTransitionAction,
    SummonAction,
    TerrainAction,
    as_choice,
)
from .state import Ahotnik, Board, Demon, Unit

if TYPE_CHECKING:
    from tabroll.dice.sources import DiceSource
    from tabroll.engine import Resolution

    from .model import AhotnikAction

RANGED_DAMAGE = {"success": 3, "forced": 1}
MELEE_DAMAGE = {"success": 2, "forced": 1}

SynapseResult = Literal["success", "forced"]


class Aim(msgspec.Struct, frozen=True):
    """One target of a planned attack and how it takes the damage."""

    target: str
    amount: int
    straight_to_life: bool
    rule: str


class Plan(msgspec.Struct, frozen=True):
    """What one Ahotnik's attack will do, decided at target identification."""

    attacker: str
    attack: Literal["melee", "ranged", "none"]
    blows: tuple[Aim, ...] = ()


class AhotnikTurn(Turn[Board], eq=False, kw_only=True, dict=True):  # a working area: never compared nor shown
    """The working area of one action: the board as it evolves (``state``, with the dice and events of the kit's
    :class:`~tabroll.engine.work.Turn`) and what the attacks so far leave to settle."""

    last_blow: dict[str, str] = msgspec.field(default_factory=dict)  # Demon -> Ahotnik whose blow took it to 0 Life
    fallen: list[tuple[str, str]] = msgspec.field(default_factory=list)  # (Ahotnik at 0 Life, who struck it)

    options = StateField[AhotnikOptions]()

    def put(self, unit: Unit) -> None:
        self.state = self.state.replace(unit)

    def name(self, d: int) -> str:
        return self.state.map.direction_name(d)

    def _forked(self) -> None:
        self.last_blow = dict(self.last_blow)
        self.fallen = list(self.fallen)


HANDLERS: Handlers[AhotnikTurn] = Handlers()
"""Each action class to the function that resolves it (the one table of this game's actions)."""


def resolve(board: Board, action: AhotnikAction, dice: DiceSource) -> Resolution:
    if board.game_over is not None:
        raise RuleRefusal(_("the game is over: {reason}", reason=board.game_over), rule=_("end of the game"))
    turn = AhotnikTurn(state=board, dice=dice)
    HANDLERS(turn, action)
    return turn.resolution(turn.state)


@HANDLERS.on(AttackPhaseAction)
def resolve_attack_phase(turn: AhotnikTurn, action: AttackPhaseAction) -> None:
    order = [a.name for a in turn.state.ahotniks]
    choices = {name: as_choice(c) for name, c in action.choices.items()}
    for name in choices:
        turn.state.ahotnik(name)  # refuses an unknown name (the loader already checks files)
    if len(order) > 1:
        if turn.options.phase_order == "per_ahotnik":
            text = _("each Ahotnik runs all four steps before the next in turn order")
        else:
            text = _("each step is done by every Ahotnik, in turn order, before the next step")
        turn.ruling("phase_order", turn.options.phase_order, text)
    phase = Phase(tuple(order), choices)
    if turn.options.phase_order == "step_by_step":
        turn.run(Directions(0, (), phase=phase) if order else StepByStepAttacks((), phase=phase))
    elif order:
        turn.run(NextAhotnik(0, phase=phase))


class Phase(msgspec.Struct, frozen=True):
    """What the steps of one attack phase read that the dice cannot change: the Ahotniks in turn order and the
    choices the action gives for them."""

    order: tuple[str, ...]
    choices: Mapping[str, ChoiceInput]  # compared, not hashed (a dict)

    __hash__ = hash_without("choices")


class PhaseStep(Step, frozen=True, kw_only=True):
    """A step of the attack phase: its :class:`Phase` rides along, uncompared (the same for every outcome)."""

    phase: Phase  # not compared (keyword-only: every subclass's fields come first)

    __eq__, __hash__ = eq_hash_without("phase")


class Directions(PhaseStep, frozen=True):
    """Step by step: step 1 (direction) for the Ahotnik at ``index`` in turn order, ``results`` the synapses
    decided before it. Nothing is struck yet: what follows reads only the board and those synapses."""

    index: int
    results: tuple[SynapseResult, ...]

    def advance(self, turn: AhotnikTurn) -> Step:
        name = self.phase.order[self.index]
        results = (*self.results, decide_direction(turn, name, self.phase.choices.get(name)))
        if len(results) < len(self.phase.order):
            return Directions(self.index + 1, results, phase=self.phase)
        return StepByStepAttacks(results, phase=self.phase)


class StepByStepAttacks(PhaseStep, frozen=True):
    """Step by step: steps 2 to 4 (targets, damage, what it settles) for every Ahotnik, in turn order."""

    results: tuple[SynapseResult, ...]

    def advance(self, turn: AhotnikTurn) -> None:
        plans = [identify(turn, name, result) for name, result in zip(self.phase.order, self.results, strict=True)]
        for i, plan in enumerate(plans):
            strike(turn, plan)
            if turn.fallen:
                skipped = [p.attacker for p in plans[i + 1 :] if p.blows]
                if skipped:
                    text = n_(
                        "the game is over: {names} deal no damage",
                        "the game is over: {names} deal no damage",
                        len(skipped),
                        names=", ".join(skipped),
                    )
                    turn.note(text)
                break
        settle(turn)


class NextAhotnik(PhaseStep, frozen=True):
    """Per Ahotnik: all four steps for the Ahotnik at ``index`` in turn order. The previous Ahotnik's attack is
    settled (``last_blow`` and ``fallen`` are empty): only the board counts."""

    index: int

    def advance(self, turn: AhotnikTurn) -> Step | None:
        order = self.phase.order
        name = order[self.index]
        result = decide_direction(turn, name, self.phase.choices.get(name))
        strike(turn, identify(turn, name, result))
        settle(turn)
        if turn.state.game_over is not None:
            skipped = order[self.index + 1 :]
            if skipped:
                text = n_(
                    "the game is over: {names} do not attack",
                    "the game is over: {names} do not attack",
                    len(skipped),
                    names=", ".join(skipped),
                )
                turn.note(text)
            return None
        return NextAhotnik(self.index + 1, phase=self.phase) if self.index + 1 < len(order) else None


@HANDLERS.on(AttackAction)
def resolve_single_attack(turn: AhotnikTurn, action: AttackAction) -> None:
    turn.state.ahotnik(action.ahotnik)
    result = decide_direction(turn, action.ahotnik, as_choice(action.choice) if action.choice else None)
    plan = identify(turn, action.ahotnik, result)
    if action.target is not None and action.target not in [b.target for b in plan.blows]:
        values = {"ahotnik": action.ahotnik, "target": action.target}
        if plan.blows:
            picked = ", ".join(b.target for b in plan.blows)
            message = _("{ahotnik} cannot choose {target}: the rules make it attack {picked}", picked=picked, **values)
        else:
            message = _("{ahotnik} cannot choose {target}: the rules make it attack nothing", **values)
        raise RuleRefusal(
            message,
            rule=_("target identification"),
            tip=_(
                "an Ahotnik attacks the first adjacent Demon clockwise from its facing, then the first adjacent "
                "enemy Ahotnik, otherwise shoots along its facing"
            ),
        )
    strike(turn, plan)
    settle(turn)


def decide_direction(turn: AhotnikTurn, name: str, choice: ChoiceInput | None) -> SynapseResult:
    """Work out the synapse and turn the Ahotnik to the direction it attacks in; return success or forced."""
    if choice is None:
        turn.note(
            _(
                "no choice given for {name}: each pilot's number is asked of the dice source "
                "(with --prompt the pilots type them)",
                name=name,
            ),
            name,
        )
        numbers: list[int] = []
        for pilot in (1, 2):
            label = _("{name}, pilot {pilot}: secret direction number", name=name, pilot=pilot)
            numbers.append(choose_number(turn.dice, 6, label))
            turn.emit(Roll.die(6, numbers[-1], label=label, unit=name))
        choice = ChoiceInput(pilots=(numbers[0], numbers[1]))
    result: SynapseResult
    candidates: tuple[int, ...]
    if choice.pilots is not None:
        a, b = choice.pilots
        if a == b:
            result, candidates, direction = "success", (a,), a
            reason = _("both pilots named the same number")
        else:
            result, candidates = "forced", (a, b)
            direction = _forced_pick(turn, name, candidates)
            reason = _("the pilots disagree: picked at random between the two")
        pilots: tuple[int, ...] = (a, b)
    else:
        pilots = ()
        result = "success" if choice.synapse == "success" else "forced"
        if choice.direction is not None:
            candidates, direction = (choice.direction,), choice.direction
            reason = _("given by the table")
        else:
            assert choice.directions is not None
            candidates = tuple(dict.fromkeys(choice.directions))
            direction = _forced_pick(turn, name, candidates)
            reason = _("picked at random between the two named directions")
    turn.emit(
        Synapse(
            unit=name,
            result=result,
            pilots=pilots,
            candidates=candidates,
            direction=direction,
            direction_name=turn.name(direction),
            reason=reason,
        )
    )
    ahotnik = turn.state.ahotnik(name)
    turn.emit(
        Rotation(
            unit=name,
            before=ahotnik.facing,
            after=direction,
            before_name=turn.name(ahotnik.facing),
            after_name=turn.name(direction),
        )
    )
    turn.put(replace(ahotnik, facing=direction))
    return result


def _forced_pick(turn: AhotnikTurn, name: str, candidates: tuple[int, ...]) -> int:
    if len(candidates) == 1:
        return candidates[0]
    choices = ", ".join(_("{i} = direction {d}", i=i, d=d) for i, d in enumerate(candidates, 1))
    label = _("forced synapse of {name}: {choices}", name=name, choices=choices)
    return turn.pick(candidates, label, name)


def ignore_reason(attacker: Ahotnik, unit: Unit) -> str | None:
    """Why ``attacker``'s attacks treat ``unit`` as absent, or None when it is a valid target."""
    if isinstance(unit, Demon):
        if unit.identity in attacker.dna:
            return _("{attacker} owns the DNA of {identity}", attacker=attacker.name, identity=unit.identity)
        return None
    if not attacker.is_enemy_of(unit):
        return _("an ally of {attacker} (team {team})", attacker=attacker.name, team=unit.team)
    if unit.phase_transition:
        return _("in phase transition")
    return None


def identify(turn: AhotnikTurn, name: str, result: SynapseResult) -> Plan:
    """Find what ``name`` attacks: an adjacent Demon first, then an adjacent enemy Ahotnik, else a ranged shot."""
    attacker = turn.state.ahotnik(name)
    if attacker.phase_transition and not turn.options.transition_attacks:
        turn.ruling("transition_attacks", False, _("an Ahotnik in phase transition only turns, it does not attack"))
        turn.note(_("{name} is in phase transition and does not attack", name=name), name)
        return Plan(attacker=name, attack="none")
    if attacker.phase_transition:
        turn.ruling("transition_attacks", True, _("an Ahotnik in phase transition still attacks"))
    skip = Skipper(turn, attacker)
    adjacent = adjacent_targets(turn, attacker, skip)
    demons = [(d, u) for d, u in adjacent if isinstance(u, Demon)]
    chosen = demons[0] if demons else (adjacent[0] if adjacent else None)
    if chosen is not None:
        return melee_plan(turn, attacker, result, *chosen)
    return ranged_plan(turn, attacker, result, skip)


class Skipper:
    """Whether a unit is a valid target of one attacker's attack; tells once per unit (an ``ignored`` event) why
    the attack passes it by."""

    def __init__(self, turn: AhotnikTurn, attacker: Ahotnik) -> None:
        self.turn, self.attacker = turn, attacker
        self.told: set[str] = set()

    def valid(self, unit: Unit) -> bool:
        why = ignore_reason(self.attacker, unit)
        if why is not None and unit.name not in self.told:
            self.told.add(unit.name)
            self.turn.emit(Ignored(unit=unit.name, attacker=self.attacker.name, reason=why))
        return why is None


def adjacent_targets(turn: AhotnikTurn, attacker: Ahotnik, skip: Skipper) -> list[tuple[int, Unit]]:
    """The valid targets on the hexes next to ``attacker``, clockwise from its facing (the others are skipped)."""
    board = turn.state
    adjacent: list[tuple[int, Unit]] = []
    for d in board.map.clockwise_from(attacker.facing):
        unit = board.unit_at(board.map.neighbour(attacker.position, d))
        if unit is not None and skip.valid(unit):
            adjacent.append((d, unit))
    return adjacent


def melee_plan(turn: AhotnikTurn, attacker: Ahotnik, result: SynapseResult, d: int, target: Unit) -> Plan:
    """A melee blow on the adjacent ``target`` in direction ``d``: straight to Life when it is ahead."""
    name, facing = attacker.name, attacker.facing
    ahead = d == facing
    where = {"facing": direction_word(turn.name(facing)), "direction": direction_word(turn.name(d))}
    if isinstance(target, Demon):
        why = _("first adjacent Demon clockwise from {facing}: at {direction}", **where)
    else:
        why = _("no Demon adjacent; first enemy Ahotnik clockwise from {facing}: at {direction}", **where)
    amount = MELEE_DAMAGE[result]
    rule = _melee_rule(result, amount, ahead)
    turn.emit(
        Targeting(
            attacker=name,
            attack="melee",
            targets=(target.name,),
            direction=d,
            direction_name=turn.name(d),
            reason=why,
        )
    )
    return Plan(attacker=name, attack="melee", blows=(Aim(target.name, amount, ahead, rule),))


def ranged_plan(turn: AhotnikTurn, attacker: Ahotnik, result: SynapseResult, skip: Skipper) -> Plan:
    """A straight shot along the facing, to the map's edge or the Singularity: each valid target on the line
    takes one less damage than the one before it."""
    board, name, facing = turn.state, attacker.name, attacker.facing
    line = board.map.line(attacker.position, facing)
    after = board.map.neighbour(line[-1] if line else attacker.position, facing)
    stopped = after if after in board.map.blocked else None
    base = RANGED_DAMAGE[result]
    blows: list[Aim] = []
    for h in line:
        unit = board.unit_at(h)
        if unit is None or not skip.valid(unit):
            continue
        k = len(blows)
        amount = max(base - k, 0)
        rule = _ranged_rule(result, k, base, amount)
        blows.append(Aim(unit.name, amount, False, rule))
    if stopped is None:
        reason = _("no enemy adjacent: a straight shot along the facing")
    else:
        reason = _(
            "no enemy adjacent: a straight shot along the facing, stopped by the Singularity at {hex}",
            hex=position_text(stopped),
        )
    turn.emit(
        Targeting(
            attacker=name,
            attack="ranged",
            targets=tuple(b.target for b in blows),
            direction=facing,
            direction_name=turn.name(facing),
            line=tuple(line),
            stopped_by=stopped,
            reason=reason,
        )
    )
    return Plan(attacker=name, attack="ranged", blows=tuple(blows))


def _melee_rule(result: SynapseResult, amount: int, ahead: bool) -> str:
    """A melee blow's rule, as the ``hit`` says it."""
    if result == "success":
        if ahead:
            return n_(
                "melee, success: {n} damage, target ahead: straight to Life",
                "melee, success: {n} damage, target ahead: straight to Life",
                amount,
            )
        return n_(
            "melee, success: {n} damage, not ahead: Shields first",
            "melee, success: {n} damage, not ahead: Shields first",
            amount,
        )
    if ahead:
        return n_(
            "melee, forced: {n} damage, target ahead: straight to Life",
            "melee, forced: {n} damage, target ahead: straight to Life",
            amount,
        )
    return n_(
        "melee, forced: {n} damage, not ahead: Shields first",
        "melee, forced: {n} damage, not ahead: Shields first",
        amount,
    )


def _ranged_rule(result: SynapseResult, k: int, base: int, amount: int) -> str:
    """The rule of a ranged shot's blow on the ``k``-th valid target on the line (from 0), as the ``hit`` says it."""
    values = {"place": k + 1, "base": base, "less": k}
    if result == "success":
        return n_(
            "ranged, success, target {place} on the line: {base} − {less} = {n} damage, Shields first",
            "ranged, success, target {place} on the line: {base} − {less} = {n} damage, Shields first",
            amount,
            **values,
        )
    return n_(
        "ranged, forced, target {place} on the line: {base} − {less} = {n} damage, Shields first",
        "ranged, forced, target {place} on the line: {base} − {less} = {n} damage, Shields first",
        amount,
        **values,
    )


def strike(turn: AhotnikTurn, plan: Plan) -> None:
    """Deal the planned damage in order; the attacker enters phase transition if it hit a Demon."""
    hit_demon = False
    for i, blow in enumerate(plan.blows):
        target = turn.state.unit(blow.target)
        if isinstance(target, Demon) and not target.on_board:
            turn.note(_("{unit} has already left the board", unit=target.name), target.name)
            continue
        turn.emit(Hit(attacker=plan.attacker, target=target.name, result=blow.amount, needed=0, rule=blow.rule))
        hurt = take_damage(turn, plan.attacker, target, blow)
        if isinstance(target, Demon):
            if blow.amount > 0:
                hit_demon = True
            else:
                counts = turn.options.zero_damage_hit
                text = (
                    _("a Demon reached for 0 damage is still hit (phase transition)")
                    if counts
                    else _("a Demon reached for 0 damage is not hit (no phase transition)")
                )
                turn.ruling("zero_damage_hit", counts, text)
                hit_demon = hit_demon or counts
            if target.life > 0 and hurt.life == 0:
                turn.last_blow[target.name] = plan.attacker
        elif target.life > 0 and hurt.life == 0:
            turn.fallen.append((target.name, plan.attacker))
            if i + 1 < len(plan.blows):
                at_once = turn.options.game_end == "at_once"
                text = (
                    _("the game ends with this blow: the rest of the shot does not hit")
                    if at_once
                    else _("the rest of the same shot still hits, then the game ends")
                )
                turn.ruling("game_end", turn.options.game_end, text)
                if at_once:
                    break
    if hit_demon:
        attacker = turn.state.ahotnik(plan.attacker)
        if attacker.phase_transition:
            text = _("{unit} hit a Demon; it stays in phase transition", unit=attacker.name)
            turn.note(text, attacker.name)
        else:
            turn.put(replace(attacker, phase_transition=True))
            turn.emit(PhaseTransition(unit=attacker.name, active=True, reason=_("it hit a Demon")))


def take_damage(turn: AhotnikTurn, attacker: str, target: Unit, blow: Aim) -> Unit:
    """Take ``blow`` from Shields first (unless it goes straight to Life), the rest from Life; one ``damage``
    event per pool that loses something. Damage beyond both is lost. Returns the unit as it is now."""
    to_shields = 0 if blow.straight_to_life else min(blow.amount, target.shields)
    to_life = min(blow.amount - to_shields, target.life)
    hurt = replace(target, shields=target.shields - to_shields, life=target.life - to_life)
    turn.put(hurt)
    if blow.straight_to_life:
        life_rule = _("target ahead: straight to Life")
    else:
        life_rule = _("past its Shields") if to_shields else _("no Shields left")
    for pool, lost, left, rule in (
        ("Shields", to_shields, hurt.shields, _("Shields first")),
        ("Life", to_life, hurt.life, life_rule),
    ):
        if lost:
            turn.emit(
                Damage(
                    attacker=attacker,
                    target=target.name,
                    amount=lost,
                    rule=rule,
                    defeats=pool == "Life" and left == 0,
                    pool=pool,
                    left=left,
                )
            )
    return hurt


def settle(turn: AhotnikTurn) -> None:
    """Exile Demons at 0 Life (threat −1, DNA to the last blow); end the game if an Ahotnik is at 0 Life."""
    for demon in turn.state.demons:
        if demon.on_board and demon.life == 0:
            by = turn.last_blow.get(demon.name)
            turn.put(replace(demon, position=None, exiled=True))
            reason = _("at 0 Life: exiled from {hex}", hex=position_text(demon.position))
            turn.emit(Defeat(unit=demon.name, by=by, reason=reason, how="exiled"))
            change_threat(turn, -1, _("{unit} is exiled", unit=demon.name))
            if by is not None:
                owner = turn.state.ahotnik(by)
                if demon.identity not in owner.dna:
                    turn.put(replace(owner, dna=owner.dna | {demon.identity}))
                    turn.emit(DnaGained(unit=by, identity=demon.identity))
    turn.last_blow.clear()
    if not turn.fallen:
        return
    fallen, by = turn.fallen[0]
    turn.emit(Defeat(unit=fallen, by=by, reason=_("at 0 Life: the game ends")))
    owner = turn.state.ahotnik(by)
    removed: list[str] = []
    for demon in turn.state.demons:
        if demon.on_board and demon.identity in owner.dna:
            turn.put(replace(demon, position=None))
            removed.append(demon.name)
            reason = _("the game ends and {by} owns the DNA of {identity}", by=by, identity=demon.identity)
            turn.emit(Defeat(unit=demon.name, by=None, reason=reason, how="removed"))
    if removed:
        reason = _("an Ahotnik at 0 Life ends the game; the Demons whose DNA {by} owns leave the board", by=by)
    else:
        reason = _("an Ahotnik at 0 Life ends the game")
    turn.emit(GameOver(unit=fallen, by=by, removed=tuple(removed), reason=reason))
    over = said(lambda: _("{unit} fell to 0 Life, struck by {by}", unit=fallen, by=by))
    turn.state = replace(turn.state, game_over=over)
    turn.fallen.clear()


def change_threat(turn: AhotnikTurn, change: int, reason: str) -> None:
    board = turn.state
    floor = board.threat_floor
    after = board.threat + change if change > 0 else max(board.threat + change, floor)
    turn.emit(ThreatChanged(change=change, before=board.threat, after=after, floor=floor, reason=reason))
    turn.state = replace(board, threat=after)


@HANDLERS.on(TerrainAction)
def resolve_terrain(turn: AhotnikTurn, action: TerrainAction) -> None:
    if action.change == "revealed":
        change_threat(turn, 1, _("a Contaminated Terrain token is revealed"))
    else:
        change_threat(turn, -1, _("a Contaminated Terrain token is removed"))


@HANDLERS.on(SummonAction)
def resolve_summon(turn: AhotnikTurn, action: SummonAction) -> None:
    board = turn.state
    at: Hex = (action.at[0], action.at[1])
    existing = board.demon(action.demon)
    rule, where = p_("rule", "summon"), position_text(at)
    if existing is not None and existing.on_board:
        raise RuleRefusal(_("{unit} is already on the board", unit=action.demon), rule=rule)
    if any(a.name == action.demon for a in board.ahotniks):
        raise RuleRefusal(_("{unit} is an Ahotnik, not a Demon", unit=action.demon), rule=rule)
    if not board.map.contains(at):
        raise RuleRefusal(_("{hex} is not on the map", hex=where), rule=rule)
    if at in board.map.blocked:
        raise RuleRefusal(_("{hex} is the Singularity", hex=where), rule=rule)
    occupant = board.unit_at(at)
    if occupant is not None:
        raise RuleRefusal(_("{hex} is taken by {unit}", hex=where, unit=occupant.name), rule=rule)
    identity = action.identity or (existing.identity if existing is not None else action.demon)
    demon = Demon(name=action.demon, identity=identity, position=at, shields=action.shields, life=action.life)
    turn.put(demon)
    turn.emit(Summon(unit=demon.name, identity=identity, position=at, shields=demon.shields, life=demon.life))
    change_threat(turn, 1, _("{unit} is summoned", unit=demon.name))
    for owner in board.ahotniks:
        if identity in owner.dna:
            text = _("{unit} owns the DNA of {identity}: they ignore each other", unit=owner.name, identity=identity)
            turn.note(text, owner.name)


@HANDLERS.on(EndTransitionAction)
def resolve_end_transition(turn: AhotnikTurn, action: EndTransitionAction) -> None:
    names = action.ahotniks if action.ahotniks is not None else [a.name for a in turn.state.ahotniks]
    for name in names:
        ahotnik = turn.state.ahotnik(name)
        if ahotnik.phase_transition:
            turn.put(replace(ahotnik, phase_transition=False))
            turn.emit(PhaseTransition(unit=name, active=False, reason=_("the scenario ends it")))
        elif action.ahotniks is not None:
            turn.note(_("{unit} is not in phase transition", unit=name), name)
