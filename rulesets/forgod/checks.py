"""F0R60D's opposed rolls: the natural-10 rule every roll of one card against another follows
(:func:`natural_ten`), the Fortaleza and Moral checks (``do: check``, a flank's Fortaleza, the troops' Moral when
their commander falls: :class:`Morale`) and the reaction rolls that decide who acts first (``do: initiative``:
:class:`Reaction`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tabroll.errors import RuleRefusal
from tabroll.events import Defeat, Hit, Miss, said
from tabroll.frozen import replace

from .actions import CheckAction, InitiativeAction
from .bonuses import Bonus, check_bonuses
from .events import OpposedCheck
from .flow import END, BattleStep
from .messages import _
from .state import Card
from .turn import Turn, remove

MAX_INITIATIVE_ROLLS = 50


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


def opposed(
    turn: Turn,
    stat: str,
    attacker: str,
    attacker_bonuses: Sequence[Bonus],
    defender: str,
    defender_bonuses: Sequence[Bonus],
) -> bool:
    """An opposed roll; True when the attacker wins. The defender wins ties; a natural 10 beats any bonus."""
    a_die = turn.d10(_("{stat} roll of {attacker}", stat=stat, attacker=attacker), attacker)
    a_total = turn.apply(a_die, attacker_bonuses, said(lambda: _("{stat} roll", stat=stat)), attacker)
    d_die = turn.d10(_("{stat} roll of {defender}", stat=stat, defender=defender), defender)
    d_total = turn.apply(d_die, defender_bonuses, said(lambda: _("{stat} roll", stat=stat)), defender)
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


def flank_check(turn: Turn, flanker: Card, target: Card) -> bool:
    state = turn.state
    return opposed(
        turn,
        "Fortaleza",
        flanker.name,
        check_bonuses(state, flanker, "fortitude"),
        target.name,
        check_bonuses(state, target, "fortitude"),
    )


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
            _(
                "{commander}, the commander, has fallen: each troop rolls Moral against the "
                "commander's Moral {morale} (the troop wins ties) or flees",
                commander=commander.name,
                morale=commander.morale,
            )
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
    if opposed(turn, "Moral", commander, fallen, troop.name, bonuses):
        turn.emit(
            Defeat(
                unit=troop.name,
                by=None,
                reason=_("its commander fell and it lost the Moral roll (counts as annihilated)"),
                how="fled",
            )
        )
        remove(turn, troop.name, fled=True)


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
        die = turn.d10(_("reaction roll of {sides}", sides=state.sides[side]), None)
        total = turn.apply(die, self.bonuses[side], said(lambda: _("reaction roll")), None)
        if self.first is None:
            return replace(self, first=(die, total))
        dies, totals = (self.first[0], die), (self.first[1], total)
        if dies[0] == 10 and dies[1] != 10:
            winner, rule = 0, "natural 10"
        elif dies[1] == 10 and dies[0] != 10:
            winner, rule = 1, "natural 10"
        elif totals[0] != totals[1] and not (dies[0] == 10 and dies[1] == 10):
            winner = 0 if totals[0] > totals[1] else 1
            rule = _("{winner_total} > {loser_total}", winner_total=totals[winner], loser_total=totals[1 - winner])
        else:
            turn.note(_("a tie: both sides roll again"))
            if self.attempt + 1 < MAX_INITIATIVE_ROLLS:
                return replace(self, attempt=self.attempt + 1, first=None)
            raise RuleRefusal(
                _("{MAX_INITIATIVE_ROLLS} tied reaction rolls in a row", MAX_INITIATIVE_ROLLS=MAX_INITIATIVE_ROLLS),
                rule="initiative",
            )
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


def check_action(turn: Turn, act: CheckAction) -> None:
    state = turn.state
    attacker, defender = state.unit(act.attacker), state.unit(act.defender)
    for card in (attacker, defender):
        if not card.on_board:
            raise RuleRefusal(_("{card} is no longer on the field", card=card.name), rule="check")
    stat = "Fortaleza" if act.stat == "fortitude" else "Moral"
    opposed(
        turn,
        stat,
        attacker.name,
        check_bonuses(state, attacker, act.stat),
        defender.name,
        check_bonuses(state, defender, act.stat),
    )


def initiative_action(turn: Turn, act: InitiativeAction) -> BattleStep:
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
