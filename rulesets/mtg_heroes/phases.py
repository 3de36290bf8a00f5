"""Turns: the order by Speed (ties settled by opposed Speed rolls, :class:`Ordering` and :class:`TieRoll`), a
delay, and the phases of a turn: Reach (a spell drawn, mana regained), Upkeep (Focus upholds permanents and
creatures), the action phase, and End (spells forgotten, mana burn, flights settled, the next turn).
"""

from __future__ import annotations

from msgspec.structs import replace

from tabroll.engine.steps import Step
from tabroll.errors import RuleRefusal
from tabroll.events import Defeat, said
from tabroll.i18n import N_

from .effects import check_result, end_permanents, lose_life
from .events import TurnOrder, TurnPhase
from .messages import _, n_, p_, phase_word
from .model import DelayAction, EndTurnAction, InitiativeAction, ReachPhaseAction, UpkeepAction
from .state import REACH_PENALTY, SCALE, Combatant
from .work import HANDLERS, HeroesTurn, check_in_fight


def start_turn(turn: HeroesTurn, name: str, number: int) -> None:
    """``name``'s turn begins: a character starts with its Reach phase, a creature of its own with its action
    phase. It has prepared again (a push-back ends); a character's creatures wait for its Upkeep to be refreshed."""
    unit = turn.unit(name)
    turn.change(active=name, turn=number)
    if unit.pushed_back:
        turn.note(_("{name} has prepared again: the push-back ends", name=name), name)
    turn.put(replace(unit, pushed_back=False, upheld=0, reached=False, upkept=False))
    if not unit.is_character:
        enter_phase(turn, name, "main", _("its action phase (a creature has no Reach phase or Upkeep)"))
        return
    for creature in turn.state.combatants:
        if creature.controller == name and not creature.out:
            turn.put(replace(creature, refreshed=False))
    enter_phase(turn, name, "reach", _("Reach phase: draw a spell, regain mana"))


STEPS = {"reach": "do: reach_phase", "upkeep": "do: upkeep", "main": N_("its actions, then do: end_turn")}


def enter_phase(turn: HeroesTurn, name: str, phase: str, reason: str) -> None:
    """``name``'s turn moves to ``phase`` (reach, upkeep, main or end), logged with the step that takes it on."""
    turn.change(phase=phase)
    if phase in STEPS:
        reason = _("{reason} ({step})", reason=reason, step=_(STEPS[phase]))
    turn.emit(TurnPhase(unit=name, phase=phase, turn=turn.state.turn, reason=reason))


@HANDLERS.on(EndTurnAction)
def resolve_end_turn(turn: HeroesTurn, action: EndTurnAction) -> None:
    """The End phase, step by step: the ending character forgets spells, mana above the maximum burns, flights are
    settled, the turn's limits and reductions end, then the next turn in the order begins."""
    ending = action.unit or turn.state.active
    if ending is not None:
        begin_end_phase(turn, ending, action.forget)
    elif action.forget:
        raise RuleRefusal(_("name the character that forgets: 'unit' on the end_turn"), rule="memory")
    burn_mana(turn, [turn.unit(ending)] if ending is not None else list(turn.state.combatants))
    settle_flights(turn)
    reset_turn_limits(turn, ending)
    if turn.state.result is not None:
        turn.note(
            _("{ending}'s turn ends; the battle is over", ending=ending)
            if ending
            else _("the turn ends; the battle is over")
        )
        return
    pass_turn(turn, ending)


def begin_end_phase(turn: HeroesTurn, ending: str, forget: list[str]) -> None:
    """``ending``'s turn may end (it is its turn, past Reach and Upkeep): its End phase, and the spells it forgets."""
    unit = turn.unit(ending)
    if turn.state.active is not None and ending != turn.state.active:
        raise RuleRefusal(
            _("it is {active}'s turn, not {ending}'s", active=turn.state.active, ending=ending), rule="turn order"
        )
    phase = turn.state.phase
    if phase in ("reach", "upkeep") and not unit.out:
        raise RuleRefusal(
            _(
                "{ending} is in its {phase}: the Reach phase and Upkeep come before the End phase",
                ending=ending,
                phase=phase_word(phase),
            ),
            rule="phases",
            tip=_("do: reach_phase, then do: upkeep (uphold nothing if it keeps nothing), then do: end_turn"),
        )
    if turn.state.phase is not None:
        enter_phase(turn, ending, "end", _("End phase"))
    forget_spells(turn, unit, forget)


def burn_mana(turn: HeroesTurn, burners: list[Combatant]) -> None:
    """Mana burn: mana left above the maximum at the End phase is damage off Life, and the mana drops to the
    maximum."""
    for unit in burners:
        excess = unit.mana - unit.max_mana
        if excess > 0 and not unit.out:
            why = _(
                "mana burn: {mana} mana, {excess} over the maximum {max_mana}; ",
                mana=unit.mana,
                excess=excess,
                max_mana=unit.max_mana,
            )
            lose_life(turn, unit, excess, None, why, mana=unit.max_mana)


def settle_flights(turn: HeroesTurn) -> None:
    """A combatant that fled this turn escapes if it took fewer than 5 damage while fleeing; otherwise it stays."""
    for unit in turn.state.combatants:
        if unit.fleeing is None or not unit.in_fight:
            continue
        if unit.fleeing < 5:
            turn.put(replace(unit, fleeing=None, out=True, out_reason="fled"))
            reason = _("it took {damage} damage (fewer than 5) while fleeing", damage=unit.fleeing)
            turn.emit(Defeat(unit=unit.name, by=None, reason=reason, how="fled"))
            check_result(turn, unit.name, None, "fled")
        else:
            turn.put(replace(unit, fleeing=None))
            turn.note(
                _("{unit} took {fleeing} damage while fleeing: it stays", unit=unit.name, fleeing=unit.fleeing),
                unit.name,
            )


def reset_turn_limits(turn: HeroesTurn, ending: str | None) -> None:
    """What lasts until end of turn ends for everyone: Toughness left and Power/Toughness changes, actions, moves,
    attacks, commands and casts; the summoning sickness of the ending character's creatures (of all, with no one
    named); a push-back too when no turns are kept (with turns, it lasts until the combatant prepares again)."""
    kept_turns = turn.state.phase is not None or turn.state.result is not None
    reset = [
        u.name for u in turn.state.combatants if u.toughness_pool is not None or u.power_change or u.toughness_change
    ]
    for unit in turn.state.combatants:
        sick = unit.summoning_sick and (ending is None or unit.controller == ending)
        turn.put(
            replace(
                unit,
                toughness_pool=None,
                power_change=0,
                toughness_change=0,
                actions_used=0,
                moved=False,
                attacked=False,
                commanded=False,
                commands_closed=False,
                spells_cast=0,
                reached=False,
                upkept=False,
                pushed_back=unit.pushed_back and kept_turns,
                summoning_sick=unit.summoning_sick and not sick,
            )
        )
    if reset:
        turn.note(_("end of turn: Power and Toughness reductions end ({reset})", reset=", ".join(reset)))


def pass_turn(turn: HeroesTurn, ending: str | None) -> None:
    """The next in the order still in the fight takes its turn (after the last, the first, and the turn number
    goes up; with no order kept, only the number goes up)."""
    order = [n for n in turn.state.order if not turn.unit(n).out]
    active = turn.state.active
    number = turn.state.turn
    if active is not None and order:
        position = turn.state.order.index(active)
        following = [n for n in turn.state.order[position + 1 :] if n in order]
        if following:
            active = following[0]
        else:
            active, number = order[0], number + 1
    elif active is None:
        number += 1
    turn.change(active=active, turn=number)
    if ending and active:
        text = _("{ending}'s turn ends; now {active}'s turn", ending=ending, active=active)
    elif ending:
        text = _("{ending}'s turn ends", ending=ending)
    elif active:
        text = _("the turn ends; now {active}'s turn", active=active)
    else:
        text = _("the turn ends")
    turn.note(text)
    if active is not None and turn.state.phase is not None:
        start_turn(turn, active, number)


def forget_spells(turn: HeroesTurn, unit: Combatant, forget: list[str]) -> None:
    """End phase: a character with more spells in Memory than half its Memory (rounded up) forgets the excess."""
    excess = len(unit.memory_spells) - unit.memory_limit
    values = {"unit": unit.name, "memory": unit.memory, "memory_limit": unit.memory_limit, "excess": excess}
    if not unit.tracks_spells or unit.out or excess <= 0:
        if forget:
            raise RuleRefusal(
                n_(
                    "{unit} has {n} spell in Memory, not more than half its Memory {memory} rounded up "
                    "({memory_limit}): it forgets nothing",
                    "{unit} has {n} spells in Memory, not more than half its Memory {memory} rounded up "
                    "({memory_limit}): it forgets nothing",
                    len(unit.memory_spells),
                    **values,
                ),
                rule="memory",
            )
        return
    values["in_memory"] = ", ".join(unit.memory_spells)
    if len(forget) != excess:
        raise RuleRefusal(
            _(
                "{unit} has {memory_spells} spells in Memory, more than half its Memory {memory} "
                "rounded up ({memory_limit}): it must forget {excess}, not {forget}",
                memory_spells=len(unit.memory_spells),
                forget=len(forget),
                **values,
            ),
            rule="memory",
            tip=_("list {excess} of them under 'forget:' on the end_turn (in Memory: {in_memory})", **values),
        )
    left = list(unit.memory_spells)
    for name in forget:
        if name not in left:
            text = _("{name} is not in {unit}'s Memory (in Memory: {in_memory})", name=name, **values)
            raise RuleRefusal(text, rule="memory")
        left.remove(name)
    library = unit.library
    if turn.options.forgotten_spells == "bottom_of_library":
        library = (*library, *forget)
        turn.ruling("forgotten_spells", "bottom_of_library", _("forgotten spells go to the bottom of the Library"))
    else:
        turn.ruling("forgotten_spells", "lost", _("forgotten spells are gone for the rest of the fight"))
    turn.put(replace(unit, memory_spells=tuple(left), library=library))
    turn.note(
        _(
            "End phase: {unit} forgets {forget} (Memory {memory}: keeps at most {memory_limit}; keeps {value})",
            forget=", ".join(forget),
            value=", ".join(left) or _("nothing"),
            **values,
        ),
        unit.name,
    )


def _character_in_turn(turn: HeroesTurn, name: str, *, doing: str, step: str, rule: str) -> Combatant:
    """The character taking a phase step of its own turn (``step``: "a Reach phase"), or the refusal saying why not."""
    unit = turn.unit(name)
    check_in_fight(unit, doing)
    if not unit.is_character:
        raise RuleRefusal(_("{unit} is a creature: only characters have {step}", unit=unit.name, step=step), rule=rule)
    active = turn.state.active
    if active is not None and active != unit.name:
        raise RuleRefusal(_("it is {active}'s turn, not {unit}'s", active=active, unit=unit.name), rule="turn order")
    return unit


@HANDLERS.on(ReachPhaseAction)
def resolve_reach_phase(turn: HeroesTurn, action: ReachPhaseAction) -> None:
    unit = _character_in_turn(turn, action.unit, doing=_("draw mana"), step=_("a Reach phase"), rule="reach")
    now = turn.state.phase
    if now is not None and now != "reach":
        raise RuleRefusal(
            _("{unit}'s Reach phase is over this turn (now its {phase})", unit=unit.name, phase=phase_word(now)),
            rule="phases",
        )
    if unit.reached:
        raise RuleRefusal(_("{unit} has had its Reach phase this turn", unit=unit.name), rule="phases")
    if action.draw and unit.library:
        drawn, *rest = unit.library
        unit = turn.put(replace(unit, memory_spells=(*unit.memory_spells, drawn), library=tuple(rest)))
        turn.note(
            _("Reach phase: {unit} adds {drawn} from its Library to its Memory", unit=unit.name, drawn=drawn), unit.name
        )
    elif action.draw and unit.tracks_spells:
        turn.note(_("{unit}'s Library is empty: no spell to add to Memory", unit=unit.name), unit.name)
    close = [u.name for u in turn.state.enemies(unit) if SCALE.at_or_closer(turn.state.band(unit.name, u.name), "near")]
    gain = unit.reach
    if close:
        gain = max(0, unit.reach - REACH_PENALTY)
        reason = _("Reach −2: at near range of {close}", close=", ".join(close))
        turn.modifier(unit.name, said(lambda: _("mana regained")), reason, unit.reach, gain)
    mana = max(unit.mana, min(unit.max_mana, unit.mana + gain))
    reason = _("Reach phase: regains {gain}, up to the maximum {max_mana}", gain=gain, max_mana=unit.max_mana)
    pool = said(lambda: _("{unit}'s mana", unit=unit.name))
    turn.modifier(unit.name, pool, reason, unit.mana, mana)
    if action.colorless:
        reason = _(
            "colourless mana above the maximum {max_mana}: spend it by the End phase or it burns",
            max_mana=unit.max_mana,
        )
        turn.modifier(unit.name, pool, reason, mana, mana + action.colorless)
        mana += action.colorless
    turn.put(replace(unit, mana=mana, reached=True))
    if turn.state.phase is not None:
        reason = _("Upkeep: uphold up to Focus {focus} permanents and creatures", focus=unit.focus)
        enter_phase(turn, unit.name, "upkeep", reason)


@HANDLERS.on(UpkeepAction)
def resolve_upkeep(turn: HeroesTurn, action: UpkeepAction) -> None:
    """Upkeep: Focus upholds permanent effects and creatures; upheld creatures are refreshed, the rest are not, and
    permanent effects not upheld end."""
    unit = _character_in_turn(turn, action.unit, doing=_("uphold anything"), step=_("an Upkeep"), rule="upkeep")
    phase = turn.state.phase
    if phase == "reach":
        raise RuleRefusal(
            _("{unit}'s Reach phase comes before its Upkeep", unit=unit.name), rule="phases", tip=_("do: reach_phase")
        )
    if phase is not None and phase != "upkeep":
        raise RuleRefusal(
            _("{unit}'s Upkeep is over this turn (now its {phase})", unit=unit.name, phase=phase_word(phase)),
            rule="phases",
        )
    if unit.upkept:
        raise RuleRefusal(_("{unit} has had its Upkeep this turn", unit=unit.name), rule="phases")
    if len(set(action.uphold)) != len(action.uphold):
        raise RuleRefusal(_("each permanent or creature is upheld once"), rule="upkeep")
    standing = [p for p in turn.state.permanents if p.caster == unit.name and turn.unit(p.target).in_fight]
    mine = {p.spell for p in standing}
    creatures = [c.name for c in turn.state.combatants if c.controller == unit.name and not c.out]
    for name in action.uphold:
        if name not in mine and name not in creatures:
            held = ", ".join([*sorted(mine), *creatures]) or "nothing"
            raise RuleRefusal(
                _(
                    "{name} is neither a permanent effect of {unit}'s nor a creature it controls (it has: {held})",
                    name=name,
                    unit=unit.name,
                    held=held,
                ),
                rule="upkeep",
            )
    focus = sum(sum(p.spell == name for p in standing) or 1 for name in action.uphold)  # each copy takes Focus
    if focus > unit.focus:
        raise RuleRefusal(
            _("{unit} upholds {focus}, more than its Focus {focus2}", unit=unit.name, focus=focus, focus2=unit.focus),
            rule="focus",
        )
    kept = frozenset(action.uphold)
    end_permanents(turn, unit.name, _("not upheld in the Upkeep"), keep=kept)
    for name in creatures:
        creature = turn.unit(name)
        if name in kept:
            turn.put(replace(creature, refreshed=True, pushed_back=False))
            turn.status(name, said(lambda: p_("status", "refreshed")), _("{unit} spends Focus on it", unit=unit.name))
        else:
            turn.put(replace(creature, refreshed=False))
            turn.note(_("{name} is not upheld: it stays, but is not refreshed this turn", name=name), name)
    unit = turn.put(replace(turn.unit(unit.name), upheld=focus, upkept=True))
    spare = max(0, unit.focus - focus)
    values = {"unit": unit.name, "focus": focus, "focus_of": unit.focus, "upheld": ", ".join(action.uphold)}
    if kept:
        text = _("Upkeep: {unit} upholds {focus} with Focus {focus_of} ({upheld})", **values)
    else:
        text = _("Upkeep: {unit} upholds {focus} with Focus {focus_of}", **values)
    text += n_(
        "; it may cast {n} spell that is not an Instant this turn",
        "; it may cast {n} spells that are not Instants this turn",
        spare,
    )
    turn.note(text, unit.name)
    if phase is not None:
        reason = n_(
            "action phase: {n} action (Speed {n}), commands first",
            "action phase: {n} actions (Speed {n}), commands first",
            unit.speed,
        )
        enter_phase(turn, unit.name, "main", reason)


MAX_TIE_ROUNDS = 20
"""Opposed initiative rolls that tie again and again stop here (the listed order then stands)."""


@HANDLERS.on(InitiativeAction)
def resolve_initiative(turn: HeroesTurn, action: InitiativeAction) -> None:
    if not any(u.in_fight and u.controller is None for u in turn.state.combatants):
        raise RuleRefusal(_("no one is left in the fight to take turns"), rule="initiative")
    turn.run(Ordering((), 0))


class Ordering(Step, frozen=True):
    """The turn order, Speed by Speed from the highest: ``order`` so far, from the ``index``-th highest Speed on.
    A shared Speed is an opposed roll (a :class:`TieRoll`); once every Speed is placed, the first turn begins.
    ``still_tied``: the tie before it played all its rounds, so the listed order stood."""

    order: tuple[str, ...]
    index: int
    still_tied: bool = False

    def advance(self, turn: HeroesTurn) -> Step | None:
        if self.still_tied:
            text = _(
                "still tied after {MAX_TIE_ROUNDS} rounds of rolls: the listed order stands",
                MAX_TIE_ROUNDS=MAX_TIE_ROUNDS,
            )
            turn.note(text)
        order = list(self.order)
        actors = [u for u in turn.state.combatants if u.in_fight and u.controller is None]  # they take turns
        speeds = sorted({u.speed for u in actors}, reverse=True)
        for index in range(self.index, len(speeds)):
            tied = [u for u in actors if u.speed == speeds[index]]
            if len(tied) > 1:
                names = tuple(u.name for u in tied)
                text = _("Speed {speed} tie: {value} roll opposed Speed", speed=tied[0].speed, value=", ".join(names))
                turn.note(text)
                return TieRoll.next_round(tuple(order), index, -1, (names,))
            order.append(tied[0].name)
        turn.change(order=tuple(order))
        turn.emit(TurnOrder(order=tuple(order), reason=_("highest Speed first; ties by opposed Speed rolls")))
        start_turn(turn, order[0], turn.state.turn)
        turn.tell_game_over()
        return None


class TieRoll(Step, frozen=True):
    """One opposed Speed roll of a tie (Speed d6, at least one die): higher total first, equal totals roll again
    in the next round, up to :data:`MAX_TIE_ROUNDS` rounds (then the listed order stands). Compared: the place in
    the order, the ``round``, its ``groups``, the ``group`` rolling, the next round's groups made (``done``) and
    the totals so far: every tie that leaves the same groups is walked on once."""

    order: tuple[str, ...]
    index: int
    round: int
    groups: tuple[tuple[str, ...], ...]
    group: int
    done: tuple[tuple[str, ...], ...] = ()
    totals: tuple[tuple[str, int], ...] = ()

    @staticmethod
    def next_round(order: tuple[str, ...], index: int, played: int, groups: tuple[tuple[str, ...], ...]) -> Step:
        """After round ``played`` (-1: none yet) left ``groups``: the first roll of the next round, or the order
        with the tie placed when every group is one combatant or the rounds are all played."""
        rounds = played + 1
        if rounds < MAX_TIE_ROUNDS and any(len(g) > 1 for g in groups):
            return TieRoll(order, index, rounds, groups, 0).first_roll()
        placed = (*order, *(n for g in groups for n in g))
        return Ordering(placed, index + 1, rounds >= MAX_TIE_ROUNDS)

    def first_roll(self) -> Step:
        """This round's roll at group ``group`` or the first group after it that is still tied."""
        done = self.done
        for at in range(self.group, len(self.groups)):
            group = self.groups[at]
            if len(group) > 1:
                return replace(self, group=at, done=done, totals=())
            done = (*done, group)
        return TieRoll.next_round(self.order, self.index, self.round, done)

    def advance(self, turn: HeroesTurn) -> Step:
        group = self.groups[self.group]
        unit = turn.unit(group[len(self.totals)])
        total = turn.roll(max(1, unit.speed), _("initiative: {unit}'s Speed", unit=unit.name), unit.name)
        totals = (*self.totals, (unit.name, total))
        if len(totals) < len(group):
            return replace(self, totals=totals)
        by_name = dict(totals)
        split = tuple(
            tuple(name for name in group if by_name[name] == value)
            for value in sorted(set(by_name.values()), reverse=True)
        )
        return replace(self, group=self.group + 1, done=(*self.done, *split), totals=()).first_roll()


@HANDLERS.on(DelayAction)
def resolve_delay(turn: HeroesTurn, action: DelayAction) -> None:
    order = list(turn.state.order)
    if not order:
        raise RuleRefusal(_("there is no turn order yet"), rule="initiative", tip=_("resolve a 'do: initiative' first"))
    for name in (action.unit, action.after):
        turn.unit(name)
        if name not in order:
            raise RuleRefusal(_("{name} has no turn of its own in the order", name=name), rule="initiative")
    if action.unit == action.after:
        raise RuleRefusal(_("{unit} cannot delay after itself", unit=action.unit), rule="initiative")
    order.remove(action.unit)
    order.insert(order.index(action.after) + 1, action.unit)
    active = turn.state.active
    hands_over = active == action.unit
    if hands_over:
        unit = turn.unit(action.unit)
        if unit.actions_used or unit.commanded or turn.state.phase not in (None, "reach"):
            raise RuleRefusal(
                _("{unit} has begun its turn: it can delay only before its turn begins", unit=action.unit),
                rule="initiative",
            )
        position = list(turn.state.order).index(action.unit)
        active = turn.state.order[position + 1] if position + 1 < len(turn.state.order) else order[0]
    turn.change(order=tuple(order), active=active)
    turn.emit(
        TurnOrder(
            order=tuple(order), reason=_("{unit} delays until after {after}", unit=action.unit, after=action.after)
        )
    )
    if hands_over and active is not None and turn.state.phase is not None:
        start_turn(turn, active, turn.state.turn)
