"""The core events of a battle besides the action and its rolls: refusals, rulings and notes; modifiers, hits,
misses and immunities; damage, healing, statuses, spending, moves, rounds, defeats and the end of the game. Every
game speaks them; :mod:`tabroll.events` hands them out by name (see its text)."""

from __future__ import annotations

import msgspec
import msgspec.structs

from tabroll.events import Event, Position, defeat_word, event_kind, position_text
from tabroll.i18n import _, n_, p_
from tabroll.lazy import names_from

# The kinds fewer actions emit, and the list of every core kind, live in tabroll.more_events, imported when first
# asked for (PEP 562): an action that emits none of them defines none. tabroll.events finds them here.
_IN_MORE_EVENTS = ("CORE_EVENTS", "GameOver", "Heal", "Immune", "Spend", "StatusApplied")
__getattr__ = names_from(globals(), "tabroll.more_events", _IN_MORE_EVENTS)

# --- the action frame -------------------------------------------------------------------------------------


@event_kind("refused")
class Refused(Event, frozen=True, kw_only=True):
    """The rules do not allow the action; nothing changed. ``rule`` names the rule that refused it."""

    STYLE = "bold red"
    actor: str | None
    verb: str
    reason: str
    rule: str | None = None

    def sentence(self) -> str:
        return _("{reason} [{rule}]", reason=self.reason, rule=self.rule) if self.rule else self.reason


@event_kind("ruling")
class RulingApplied(Event, frozen=True, kw_only=True):
    """A reading of an ambiguous rule (a house-rule option) decided something in this action."""

    STYLE = "dim italic"
    OUTCOME = False
    option: str
    value: str
    text: str

    def sentence(self) -> str:
        return _("{option} = {value}: {text}", option=self.option, value=self.value, text=self.text)


@event_kind("note")
class Note(Event, frozen=True, kw_only=True):
    """Information for the table that changes no number (e.g. a unit's special text to apply by hand)."""

    STYLE = "dim"
    OUTCOME = False
    text: str
    unit: str | None = None

    def sentence(self) -> str:
        return self.text


# --- dice and numbers -------------------------------------------------------------------------------------


@event_kind("modifier")
class Modifier(Event, frozen=True, kw_only=True):
    """A number was adjusted: ``applies_to`` (e.g. "attack roll", "damage": the same words in every language, and
    ``applies_to_text`` in the language) changed by ``amount`` to ``total``."""

    STYLE = "yellow"
    OUTCOME = False
    TWINS = ("applies_to",)
    applies_to: str
    reason: str
    amount: int
    total: int
    unit: str | None = None
    applies_to_text: str = ""

    def sentence(self) -> str:
        return f"{self.applies_to_text or self.applies_to} {self.amount:+d} ({self.reason}) → {self.total}"


class _AttackRoll(Event, frozen=True, kw_only=True):
    """What a hit and a miss both record: the attack's ``result`` against what it ``needed``, and the ``rule``."""

    attacker: str
    target: str
    result: int
    needed: int
    rule: str


@event_kind("hit")
class Hit(_AttackRoll, frozen=True):
    """An attack reached its target. ``result`` is what the attack achieved and ``needed`` what it had to reach;
    a game that rolls no attack (every unit an attack reaches is hit) gives the blow's strength as ``result``
    and 0 as ``needed``, with ``rule`` saying why it hit."""

    STYLE = "green"

    def sentence(self) -> str:
        return _("{target} is hit: {rule}", target=self.target, rule=self.rule)


@event_kind("miss")
class Miss(_AttackRoll, frozen=True):
    """An attack roll fell short of what it needed."""

    STYLE = "red"

    def sentence(self) -> str:
        return _("{target} is missed: {rule}", target=self.target, rule=self.rule)


# --- consequences -----------------------------------------------------------------------------------------


@event_kind("damage")
class Damage(Event, frozen=True, kw_only=True):
    """Damage dealt to ``target``: ``amount`` points, taken from its ``pool`` (the game's own word for its
    health-like points). ``rule`` is the comparison that decided it (e.g. "6 > DEF 3"); ``lost`` is what the pool
    lost when the game counts that apart from the damage (``None``: the amount); ``left`` what the pool has left
    (``None``: the game does not count it); ``defeats`` whether this damage removes the unit. ``attacker`` is
    ``None`` for damage nobody dealt (a hazard, fatigue)."""

    STYLE = "bold yellow"
    attacker: str | None
    target: str
    amount: int
    rule: str
    defeats: bool
    pool: str = ""
    lost: int | None = None
    left: int | None = None

    def sentence(self) -> str:
        values = {
            "amount": self.amount,
            "target": self.target,
            "rule": self.rule,
            "pool": p_("pool", self.pool) if self.pool else "",
        }
        text = n_("{amount} damage to {target}: {rule}", "{amount} damage to {target}: {rule}", self.amount, **values)
        if self.lost is not None and self.lost != self.amount:
            values["lost"] = self.lost
            text += _(", {lost} {pool} lost", **values) if self.pool else _(", {lost} lost", **values)
        if self.left is not None:
            values["left"] = self.left
            text += _(", {pool} {left} left", **values) if self.pool else _(", {left} left", **values)
        return text


@event_kind("move")
class Move(Event, frozen=True, kw_only=True):
    """A unit moved along ``path`` (the squares or hexes entered, in order)."""

    STYLE = "blue"
    unit: str
    origin: Position
    destination: Position
    path: tuple[Position, ...]
    reason: str = "move"

    def sentence(self) -> str:
        return _(
            "{unit} moves {origin} → {destination} ({reason})",
            unit=self.unit,
            origin=position_text(self.origin),
            destination=position_text(self.destination),
            reason=self.reason,
        )


@event_kind("new_round")
class NewRound(Event, frozen=True, kw_only=True):
    """A new round began; ``ready`` lists the units made ready to act again."""

    STYLE = "bold blue"
    round: int
    ready: tuple[str, ...] = msgspec.field(default=())

    def sentence(self) -> str:
        if self.ready:
            return _("round {round} begins; ready again: {units}", round=self.round, units=", ".join(self.ready))
        return _("round {round} begins", round=self.round)


@event_kind("defeat")
class Defeat(Event, frozen=True, kw_only=True):
    """A unit leaves play: ``how`` says it in the game's own word (an open set: defeated, annihilated,
    destroyed, exiled, fled, dismissed, sacrificed, removed, knocked out…), ``reason`` why, ``by`` the unit that
    did it (``None``: nobody, or the rules themselves)."""

    STYLE = "bold red"
    unit: str
    by: str | None
    reason: str
    how: str = "defeated"

    def sentence(self) -> str:
        values = {"unit": self.unit, "reason": self.reason}
        if self.how == "fled":
            return _("{unit} has fled and leaves play ({reason})", **values)
        return _("{unit} is {how} and leaves play ({reason})", how=defeat_word(self.how), **values)
