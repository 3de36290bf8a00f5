"""The core events fewer actions emit: immunities, healing, statuses, spending and the end of the game; and
:data:`CORE_EVENTS`, every core kind. Imported when one of them is first asked for (their names are found in
:mod:`tabroll.events` and :mod:`tabroll.battle_events` too), so that an action that emits none defines none."""

from __future__ import annotations

import msgspec
import msgspec.structs

from tabroll.battle_events import Damage, Defeat, Hit, Miss, Modifier, Move, NewRound, Note, Refused, RulingApplied
from tabroll.events import ActionStarted, Event, Roll, event_kind
from tabroll.i18n import _, p_


@event_kind("immune")
class Immune(Event, frozen=True, kw_only=True):
    """The target is immune to this attack; no damage roll is made."""

    STYLE = "blue"
    attacker: str
    target: str
    reason: str

    def sentence(self) -> str:
        return _("{target} is immune: {reason}", target=self.target, reason=self.reason)


@event_kind("heal")
class Heal(Event, frozen=True, kw_only=True):
    """A unit recovered points of its ``pool`` (or would have, and ``amount`` says how much it really got)."""

    STYLE = "green"
    unit: str
    amount: int
    before: int | None
    after: int | None
    reason: str
    pool: str = ""

    def sentence(self) -> str:
        pool = f"{p_('pool', self.pool)} " if self.pool else ""
        change = f" ({pool}{self.before} → {self.after})" if self.before is not None else ""
        return _("{unit} heals {amount}: {reason}", unit=self.unit, amount=self.amount, reason=self.reason) + change


@event_kind("status")
class StatusApplied(Event, frozen=True, kw_only=True):
    """A lasting condition was put on a unit (a hex, a curse, a mark): ``status`` the same in every language,
    ``status_text`` in the language."""

    STYLE = "magenta"
    TWINS = ("status",)
    unit: str
    status: str
    reason: str
    status_text: str = ""

    def sentence(self) -> str:
        status = self.status_text or self.status
        return _("{unit} gets {status} ({reason})", unit=self.unit, status=status, reason=self.reason)


@event_kind("spend")
class Spend(Event, frozen=True, kw_only=True):
    """A resource was used (e.g. one arrow from the army sheet)."""

    STYLE = "yellow"
    unit: str
    resource: str
    amount: int
    remaining: int

    def sentence(self) -> str:
        return _(
            "{unit} spends {amount} {resource} ({remaining} left)",
            unit=self.unit,
            amount=self.amount,
            resource=p_("resource", self.resource),
            remaining=self.remaining,
        )


@event_kind("game_over")
class GameOver(Event, frozen=True, kw_only=True):
    """The game ends. ``winner`` names the side or player who won, when the rules decide it (``None``: a draw, or
    left to the table); ``unit`` and ``by`` name the fall that ended it, when one did; ``removed`` lists units taken
    off the board as it ended."""

    STYLE = "bold magenta"
    reason: str
    winner: str | None = None
    unit: str | None = None
    by: str | None = None
    removed: tuple[str, ...] = msgspec.field(default=())

    def sentence(self) -> str:
        fall = ""
        if self.unit and self.by:
            fall = _("{unit} has fallen, struck by {by}; ", unit=self.unit, by=self.by)
        elif self.unit:
            fall = _("{unit} has fallen; ", unit=self.unit)
        winner = p_("side", self.winner) if self.winner else ""  # a game's catalogue may word its sides (red)
        result = _("{winner} wins", winner=winner) if winner else _("the result is left to the table")
        removed = _("; removed: {units}", units=", ".join(self.removed)) if self.removed else ""
        return _(
            "GAME OVER: {fall}{result} ({reason}){removed}",
            fall=fall,
            result=result,
            reason=self.reason,
            removed=removed,
        )


CORE_EVENTS: tuple[type[Event], ...] = (
    ActionStarted,
    Refused,
    RulingApplied,
    Note,
    Roll,
    Modifier,
    Hit,
    Miss,
    Immune,
    Damage,
    Heal,
    StatusApplied,
    Spend,
    Move,
    NewRound,
    Defeat,
    GameOver,
)
"""The kinds every game may emit. A game's own kinds come from its ruleset (``Ruleset.load_events``)."""
