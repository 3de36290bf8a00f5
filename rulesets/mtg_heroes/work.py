"""The working area of one action (:class:`HeroesTurn`); who may act, and what acting costs: a combatant in the
fight, in its turn's action phase, charged one of its actions (Speed) or, for a creature, its controller's Command
once a turn."""

from __future__ import annotations

from msgspec.structs import replace

from tabroll.engine.work import RosterTurn, StateField
from tabroll.errors import RuleRefusal
from tabroll.events import GameOver, Heal, Modifier, Said, StatusApplied
from tabroll.geometry.bands import RangeBands
from tabroll.kit import Handlers

from .events import BandChange
from .messages import _, band_word, n_, out_word, phase_word
from .model import HeroesOptions
from .state import FAR_FORBIDS, Battle, Combatant, LastAct


class HeroesTurn(RosterTurn[Battle, Combatant], kw_only=True):  # compared by identity, as every working area
    """The battle as one action changes it (a :class:`~tabroll.engine.work.RosterTurn`), what the action before it
    did and the end of the battle still to be told."""

    previous_act: LastAct | None = None  # what the action before this one did that may be responded to
    game_over: GameOver | None = None  # the end of the battle, told once everything this action did is told

    options = StateField[HeroesOptions]()
    bands = StateField[RangeBands]()
    result = StateField[str | None]()

    def modifier(self, unit: str, what: Said, reason: str, before: int, after: int) -> None:
        """``what`` of ``unit`` goes from ``before`` to ``after``, for ``reason``."""
        self.emit(Modifier(applies_to=what, reason=reason, amount=after - before, total=after, unit=unit))

    def status(self, unit: str, status: str, reason: str) -> None:
        """``unit`` gets ``status`` (a :class:`~tabroll.events.Said`, the same in every language), for ``reason``."""
        self.emit(StatusApplied(unit=unit, status=status, reason=reason))

    def heal(self, unit: str, before: int, after: int, reason: str) -> None:
        """``unit``'s Life goes up from ``before`` to ``after``."""
        self.emit(Heal(unit=unit, amount=after - before, before=before, after=after, reason=reason, pool="Life"))

    def tell_game_over(self) -> None:
        """The end of the battle, when this action brought it: told last, once."""
        over = self.game_over
        if over is not None:
            self.emit(over)
            self.game_over = None

    def roll(self, count: int, purpose: str, unit: str | None, drawn: tuple[int, ...] | None = None) -> int:
        """Roll ``count`` d6 (every die logged); 0 dice total 0 and are noted, not rolled. ``drawn``: the values,
        drawn already with the roll they meet (:meth:`~tabroll.engine.work.BaseTurn.draw_against`), logged as a
        roll of them is."""
        if count <= 0:
            self.note(_("{purpose}: no dice (0), total 0", purpose=purpose), unit)
            return 0
        if drawn is None:
            return self.roll_total(f"{count}d6", purpose, unit)
        return self.log_drawn(f"{count}d6", drawn, purpose, unit)

    def set_band(self, a: str, b: str, band: str, reason: str) -> None:
        """``a`` and ``b`` are now at ``band`` range."""
        before = self.bands.between(a, b)
        if before == band:
            return
        self.change(bands=self.bands.with_band(a, b, band))
        self.emit(BandChange(first=a, second=b, before=before, after=band, reason=reason))


HANDLERS: Handlers[HeroesTurn] = Handlers()
"""Each action class to the function that resolves it, registered by the module of its rules."""


def check_in_fight(unit: Combatant, role: str) -> None:
    if unit.out:
        raise RuleRefusal(
            _(
                "{unit} is out of the fight ({out_reason}) and cannot {role}",
                unit=unit.name,
                out_reason=out_word(unit.out_reason),
                role=role,
            ),
            rule="out",
        )
    if unit.life <= 0:
        raise RuleRefusal(_("{unit} is at 0 Life and cannot {role}", unit=unit.name, role=role), rule="out")


def out_of_range(unit: str, other: str) -> RuleRefusal:
    """The refusal of what ``unit`` may not do with ``other`` at far range (:data:`FAR_FORBIDS`)."""
    values = {"why_not": _(FAR_FORBIDS), "unit": unit, "band": band_word("far"), "other": other}
    return RuleRefusal(_("{unit} is at {band} range from {other}: {why_not}", **values), rule="range")


def check_phase(turn: HeroesTurn, unit: Combatant, doing: str) -> None:
    """Once the turn order is fixed, the active combatant acts only in its action phase (after Reach and Upkeep)."""
    battle = turn.state
    if battle.phase is None or battle.active != unit.name or battle.phase == "main":
        return
    missing = {"reach": "do: reach_phase, then do: upkeep", "upkeep": "do: upkeep"}.get(battle.phase, "")
    raise RuleRefusal(
        _(
            "{unit} is in its {phase}: it can {doing} only in its action phase",
            unit=unit.name,
            phase=phase_word(battle.phase),
            doing=doing,
        ),
        rule="phases",
        tip=_("first {missing}", missing=missing) if missing else None,
    )


def take_action(turn: HeroesTurn, unit: Combatant, verb: str, *, free: bool = False) -> Combatant:
    """Check that ``unit`` may act now and charge the action: its own, or its controller's Command.

    A character's commands come first: its first action of another kind closes commanding for the turn."""
    check_in_fight(unit, verb)
    active = turn.state.active
    values = {"unit": unit.name, "active": active, "verb": verb}
    if unit.controller is not None:
        if unit.summoning_sick and not unit.has("haste"):
            raise RuleRefusal(
                _(
                    "{unit} was summoned this turn: summoning sickness, it cannot be commanded until next turn",
                    **values,
                ),
                rule="summoning sickness",
                tip=_("a creature with Haste can be commanded at once"),
            )
        boss = turn.unit(unit.controller)
        values["boss"] = boss.name
        if not boss.in_fight:
            raise RuleRefusal(_("{unit}'s controller {boss} is out of the fight", **values), rule="command")
        if active is not None and active != boss.name:
            raise RuleRefusal(
                _("it is {active}'s turn: {unit} acts when {boss} commands it on its own turn", **values),
                rule="turn order",
            )
        check_phase(turn, boss, _("command {unit}", unit=unit.name))
        if turn.state.phase is not None and turn.options.creatures_need_upkeep and not unit.refreshed:
            turn.ruling(
                "creatures_need_upkeep", True, _("a creature acts only in a turn its controller upheld it with Focus")
            )
            raise RuleRefusal(
                _("{unit} was not refreshed: {boss} spent no Focus on it in this turn's Upkeep", **values),
                rule="upkeep",
                tip=_("name it in {boss}'s 'do: upkeep' (uphold: [{unit}])", **values),
            )
        if boss.commands_closed:
            raise RuleRefusal(
                _("{boss} already took another action this turn: commands come before other actions", boss=boss.name),
                rule="command",
            )
        if not boss.commanded:
            charge(turn, boss, _("Command (any number of creatures, once per turn)"))
            turn.put(replace(turn.unit(boss.name), commanded=True))
        turn.change(last_act=LastAct(actor=unit.name, controller=boss.name, what=verb))
        return turn.unit(unit.name)
    if active is not None and active != unit.name:
        raise RuleRefusal(_("it is {active}'s turn, not {unit}'s", **values), rule="turn order")
    check_phase(turn, unit, verb)
    if free:
        turn.note(_("{unit} {verb}: a free action (it spends none of its actions)", **values), unit.name)
        charged = unit
    else:
        charged = charge(turn, unit, verb)
    if unit.is_character and unit.commanded and not unit.commands_closed:
        turn.note(_("{unit}'s commands are over for this turn: it acts itself now", unit=unit.name), unit.name)
    return turn.put(replace(charged, commands_closed=True))


def charge(turn: HeroesTurn, unit: Combatant, verb: str) -> Combatant:
    if unit.actions_used >= unit.speed:
        raise RuleRefusal(
            n_(
                "{unit} has used all its {n} action this turn (Speed {n})",
                "{unit} has used all its {n} actions this turn (Speed {n})",
                unit.speed,
                unit=unit.name,
            ),
            rule="actions",
            tip=_("a 'do: end_turn' action starts the next turn"),
        )
    used = unit.actions_used + 1
    turn.note(
        _("{unit} takes action {used} of {speed}: {verb}", unit=unit.name, used=used, speed=unit.speed, verb=verb),
        unit.name,
    )
    return turn.put(replace(unit, actions_used=used))
