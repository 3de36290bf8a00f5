"""F0R60D's opposed rolls: the natural-10 rule (:func:`natural_ten`), the Fortaleza and Moral checks (``do: check``,
a flank's, the troops' Moral when their commander falls: :class:`Morale`) and the reaction rolls (:class:`Reaction`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec
from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import said

from .actions import CheckAction, InitiativeAction
from .bonuses import Bonus, check_bonuses
from .events import OpposedCheck
from .messages import _
from .state import Card
from .turn import END, HANDLERS, BattleStep, ForgodTurn, remove

MAX_INITIATIVE_ROLLS = 50


Decided = Literal["both 10", "defender's 10", "attacker's 10", "totals"]


def natural_ten(attack_die: int, attack_total: int, defence_die: int, defence_total: int) -> tuple[bool, Decided]:
    """The rule of every roll of a card against another's: a natural 10 on the defender's die wins for the
    defender (against the attacker's 10 too); a natural 10 on the attacker's die wins; otherwise the higher total
    wins and ties go to the defender. Whether the attacker won, and what decided it."""
    if defence_die == 10:
        return False, "both 10" if attack_die == 10 else "defender's 10"
    if attack_die == 10:
        return True, "attacker's 10"
    return attack_total > defence_total, "totals"


def edge(attacker: Sequence[Bonus], defender: Sequence[Bonus]) -> int:
    """How far the attacker's bonuses go past the defender's: the totals of an opposed roll differ by the dice's
    difference plus this."""
    return sum(amount for _reason, amount in attacker) - sum(amount for _reason, amount in defender)


class Opposed(msgspec.Struct, frozen=True):
    """What the rules read of an opposed roll's d10s (attacker's, defender's; only the defender's when ``die``, the
    attacker's, is rolled already), all the exact walk branches over: whether the attacker wins (the totals
    ``edge`` apart beyond the dice) and, with ``critical``, whether it won with a natural 10 (double damage)."""

    edge: int
    critical: bool = False
    die: int | None = None

    def __call__(self, values: tuple[int, ...]) -> tuple[bool, bool]:
        attack, defence = (values[0], values[1]) if self.die is None else (self.die, values[0])
        won = natural_ten(attack, attack + self.edge, defence, defence)[0]
        return won, won and self.critical and attack == 10


def reaction_winner(dice: Sequence[int], totals: Sequence[int]) -> int | None:
    """Which side wins the reaction rolls (0 or 1; None: a tie, both roll again): a lone natural 10, else the
    higher total."""
    if dice[0] == 10 and dice[1] != 10:
        return 0
    if dice[1] == 10 and dice[0] != 10:
        return 1
    if totals[0] != totals[1] and not (dice[0] == 10 and dice[1] == 10):
        return 0 if totals[0] > totals[1] else 1
    return None


class ReactionOutcome(msgspec.Struct, frozen=True):
    """What the rules read of the reaction rolls' two d10s: who wins, or a tie (:func:`reaction_winner`)."""

    edge: int

    def __call__(self, values: tuple[int, ...]) -> int | None:
        return reaction_winner(values, (values[0] + self.edge, values[1]))


def opposed(
    turn: ForgodTurn,
    stat: str,
    attacker: str,
    attacker_bonuses: Sequence[Bonus],
    defender: str,
    defender_bonuses: Sequence[Bonus],
) -> bool:
    """An opposed roll; True when the attacker wins. The defender wins ties; a natural 10 beats any bonus."""
    purposes = (
        _("{stat} roll of {attacker}", stat=stat, attacker=attacker),
        _("{stat} roll of {defender}", stat=stat, defender=defender),
    )
    a_die, d_die = turn.draw_compared(10, purposes, Opposed(edge(attacker_bonuses, defender_bonuses)))
    roll = said(lambda: _("{stat} roll", stat=stat))
    a_total = turn.apply(turn.logged_d10(a_die, purposes[0], attacker), attacker_bonuses, roll, attacker)
    d_total = turn.apply(turn.logged_d10(d_die, purposes[1], defender), defender_bonuses, roll, defender)
    won, decided = natural_ten(a_die, a_total, d_die, d_total)
    if decided == "attacker's 10":
        rule = _("natural 10: only another natural 10 beats it")
    elif decided != "totals":
        rule = _("natural 10 for the defender")
    elif won:
        rule = _("{a_total} > {d_total}", a_total=a_total, d_total=d_total)
    else:
        rule = _("{d_total} ≥ {a_total} (ties go to the defender)", d_total=d_total, a_total=a_total)
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


def stat_check(turn: ForgodTurn, stat: str, attacker: Card, defender: Card) -> bool:
    """An opposed Fortaleza or Moral roll (``stat``: fortitude or morale) of two cards, each with its bonuses
    (:func:`~.bonuses.check_bonuses`); True when the attacker wins."""
    state = turn.state
    word = "Fortaleza" if stat == "fortitude" else "Moral"
    attacking, defending = check_bonuses(state, attacker, stat), check_bonuses(state, defender, stat)
    return opposed(turn, word, attacker.name, attacking, defender.name, defending)


class Morale(BattleStep, frozen=True):
    """The first of ``troops`` (the fallen commander's troops still to roll, in order) rolls Moral against the
    commander's ``morale`` (the troop wins ties) or flees; then the next, then ``then``."""

    commander: str
    morale: int
    troops: tuple[str, ...]
    then: BattleStep

    @staticmethod
    def after_fall(turn: ForgodTurn, commander: Card, then: BattleStep) -> BattleStep:
        """What follows a commander's fall: each troop of its side rolls Moral, then ``then``."""
        troops = tuple(c.name for c in turn.state.living(commander.side) if c.kind == "troop")
        if not troops:
            return then
        turn.note(
            _(
                "{commander}, the commander, has fallen: each troop rolls Moral against the "
                "commander's Moral {morale} (the troop wins ties) or flees",
                commander=commander.name,
                morale=commander.morale,
            )
        )
        return Morale(commander.name, commander.morale, troops, then)

    def take(self, turn: ForgodTurn) -> BattleStep:
        troop = turn.unit(self.troops[0])
        fallen = [("Moral del comandante caído", self.morale)]
        bonuses = check_bonuses(turn.state, troop, "morale")
        if opposed(turn, "Moral", self.commander, fallen, troop.name, bonuses):
            fled = _("its commander fell and it lost the Moral roll (counts as annihilated)")
            remove(turn, troop.name, fled, "fled")
        return replace(self, troops=self.troops[1:]) if len(self.troops) > 1 else self.then


class Reaction(BattleStep, frozen=True):
    """Attempt ``attempt`` (from 0) at the reaction rolls that decide who acts first: each side 1d10 plus its
    commander's Reacción (``bonuses``); a tie rolls again, at most :data:`MAX_INITIATIVE_ROLLS` times."""

    attempt: int
    bonuses: tuple[tuple[Bonus, ...], tuple[Bonus, ...]]

    def take(self, turn: ForgodTurn) -> BattleStep:
        state = turn.state
        purposes = tuple(_("reaction roll of {sides}", sides=side) for side in state.sides)
        dies = turn.draw_compared(10, purposes, ReactionOutcome(edge(*self.bonuses)))
        totals = tuple(
            turn.apply(turn.logged_d10(die, purpose, None), bonuses, said(lambda: _("reaction roll")), None)
            for die, purpose, bonuses in zip(dies, purposes, self.bonuses, strict=True)
        )
        winner = reaction_winner(dies, totals)
        if winner is None:
            turn.note(_("a tie: both sides roll again"))
            if self.attempt + 1 < MAX_INITIATIVE_ROLLS:
                return replace(self, attempt=self.attempt + 1)
            raise RuleRefusal(
                _("{MAX_INITIATIVE_ROLLS} tied reaction rolls in a row", MAX_INITIATIVE_ROLLS=MAX_INITIATIVE_ROLLS),
                rule="initiative",
            )
        if 10 in dies:  # one side's natural 10 (two tie)
            rule = _("natural 10")
        else:
            rule = _("{winner_total} > {loser_total}", winner_total=totals[winner], loser_total=totals[1 - winner])
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
        turn.note(_("{first} acts first this round; the players then alternate cards", first=first))
        turn.change(first=first, to_play=first, played_last=None)
        return END


@HANDLERS.on(CheckAction)
def check_action(turn: ForgodTurn, act: CheckAction) -> None:
    state = turn.state
    attacker, defender = state.unit(act.attacker), state.unit(act.defender)
    for card in (attacker, defender):
        if not card.on_board:
            raise RuleRefusal(_("{card} is no longer on the field", card=card.name), rule="check")
    stat_check(turn, act.stat, attacker, defender)


@HANDLERS.on(InitiativeAction)
def initiative_action(turn: ForgodTurn, act: InitiativeAction) -> BattleStep:
    state = turn.state
    bonuses: list[list[Bonus]] = []
    for side in state.sides:
        commander = state.commander_of(side)
        if commander is None or not commander.on_board:
            turn.note(_("{side} has no commander on the field: its reaction roll has no bonus", side=side))
            bonuses.append([])
        else:
            bonuses.append([(f"Reacción de {commander.name}", commander.reaction)])
    return Reaction(0, (tuple(bonuses[0]), tuple(bonuses[1])))
