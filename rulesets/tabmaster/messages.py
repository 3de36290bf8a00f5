"""This game's sentences in every language it has a catalogue for (``locale/``, see :mod:`tabroll.i18n`):
``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")`` look in this game's catalogue, then in tabroll's, then
say the English."""

from __future__ import annotations

from pathlib import Path

from tabroll.i18n import N_, Domain, SideWords

MESSAGES = Domain("tabmaster", Path(__file__).resolve().parent / "locale")
p_ = MESSAGES.pgettext
np_ = MESSAGES.npgettext

__all__ = ["MESSAGES", "N_", "_", "n_", "np_", "p_", "side_word"]

_SIDES = SideWords(MESSAGES)
side_word = _SIDES.word
n_ = _SIDES.ngettext
_ = _SIDES.gettext


def _side_words() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """The sides the bundled scenarios and the starter name, said in the game's language."""
    p_("side", "red")
    p_("side", "blue")


def _core_words() -> None:  # pragma: no cover - never called: it only marks these messages for the extractor
    """tabroll's own messages that TAB MASTER words in its source's terms (its catalogue says them first, while
    this game is played): the core's kinds in the log's kind column, the way a unit leaves play, and the core
    sentences the source has words for (a unit "atingido", "derrotado", "flipado", the "lance" of the dice, the
    army's sheet)."""
    # the core's kinds this game's log shows
    p_("event", "action")
    p_("event", "refused")
    p_("event", "ruling")
    p_("event", "note")
    p_("event", "roll")
    p_("event", "modifier")
    p_("event", "hit")
    p_("event", "miss")
    p_("event", "immune")
    p_("event", "damage")
    p_("event", "heal")
    p_("event", "status")
    p_("event", "spend")
    p_("event", "move")
    p_("event", "new_round")
    p_("event", "defeat")
    # how a unit leaves play in this game, in the log and in the state shown at the end
    p_("defeat", "defeated")
    p_("unit state", "defeated")
    # the state shown at the end (the kit's default view of the units)
    _("final state")
    _(", at {position}")
    # core sentences, in the source's terms
    _("{target} is hit: {rule}")
    _("{target} is missed: {rule}")
    _("{target} is immune: {reason}")
    n_("{amount} damage to {target}: {rule}", "{amount} damage to {target}: {rule}", 1)
    _(", {lost} {pool} lost")
    _(", {pool} {left} left")
    _("{unit} heals {amount}: {reason}")
    _("{unit} gets {status} ({reason})")
    _("{unit} spends {amount} {resource} ({remaining} left)")
    _("{unit} moves {origin} → {destination} ({reason})")
    _("round {round} begins; ready again: {units}")
    _("round {round} begins")
    _("{unit} is {how} and leaves play ({reason})")


def _rule_names() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """The names of this game's rules that a refusal gives (``RuleRefusal(rule=...)``, shown in brackets after
    the reason): the core says them as ``p_("rule", NAME)``, from this catalogue."""
    p_("rule", "common attack")
    p_("rule", "defeat")
    p_("rule", "flip")
    p_("rule", "line")
    p_("rule", "magic attack")
    p_("rule", "movement")
    p_("rule", "multiple")
    p_("rule", "projectile")
    p_("rule", "projectile attack")
    p_("rule", "secondary attack")
    p_("rule", "target")
    p_("rule", "trample")
    p_("rule", "trample attack")
    p_("rule", "unused field")


def _attack_fields() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """The word values of this game's attack fields, as ``tabroll matrix`` names its setting (``distance 1, sight
    true``; the fields' names are read from the game by the extractor): the values typed stay as they are."""
    p_("field value", "primary")
    p_("field value", "secondary")
    p_("field value", "true")
    p_("field value", "false")
