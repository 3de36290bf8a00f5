"""This game's sentences in every language it has a catalogue for (``locale/``, see :mod:`tabroll.i18n`):
``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")`` look in this game's catalogue, then in tabroll's, then
say the English."""

from __future__ import annotations

from pathlib import Path

from tabroll.i18n import N_, Domain, SideWords

MESSAGES = Domain("forgod", Path(__file__).resolve().parent / "locale")
p_ = MESSAGES.pgettext
_SIDES = SideWords(MESSAGES)
_ = _SIDES.gettext
n_ = _SIDES.ngettext

__all__ = ["MESSAGES", "N_", "_", "n_", "p_"]


def _catalogue_words() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """Words said through this game's catalogue that no call in its code spells out: tabroll's own messages in
    F0R60D's terms (tabroll's domain looks in the playing game's catalogue first), and the names and values the
    core says with ``p_(context, NAME)``."""
    # the sides the bundled scenarios and the starter name
    p_("side", "red")
    p_("side", "blue")
    # how a card leaves play, as the source says it (aniquilada, to the Panteón; sacrificada by Cambio de Estrategia)
    p_("defeat", "annihilated")
    p_("defeat", "sacrificed")
    p_("defeat", "defeated")
    p_("defeat", "fled")
    # the core's sentences, in the source's words (evade, tirada, Panteón, ronda)
    _("{target} is hit: {rule}", target="", rule="")
    _("{target} is missed: {rule}", target="", rule="")
    n_("{amount} damage to {target}: {rule}", "{amount} damage to {target}: {rule}", 0, amount=0, target="", rule="")
    _(", {lost} {pool} lost", lost=0, pool="")
    _(", {pool} {left} left", pool="", left=0)
    _("{unit} heals {amount}: {reason}", unit="", amount=0, reason="")
    _("{unit} gets {status} ({reason})", unit="", status="", reason="")
    _("{unit} moves {origin} → {destination} ({reason})", unit="", origin="", destination="", reason="")
    _("{unit} is {how} and leaves play ({reason})", unit="", how="", reason="")
    _("{unit} has fled and leaves play ({reason})", unit="", reason="")
    _("round {round} begins", round=0)
    _("{attacker} attacks {target}", attacker="", target="")
    _("{winner} wins", winner="")
    _("{unit} has fallen; ", unit="")
    _("{unit} has fallen, struck by {by}; ", unit="", by="")
    p_("unit state", "defeated")
    # the names of its rules a refusal gives (``RuleRefusal(rule=...)``, shown in brackets after the reason)
    p_("rule", "abilities")
    p_("rule", "addition deck")
    p_("rule", "addition hand")
    p_("rule", "addition slots")
    p_("rule", "alternation")
    p_("rule", "annihilated")
    p_("rule", "attack area")
    p_("rule", "battle result")
    p_("rule", "black additions")
    p_("rule", "board")
    p_("rule", "charge timing")
    p_("rule", "check")
    p_("rule", "enemy on the rear line")
    p_("rule", "first turn")
    p_("rule", "healing")
    p_("rule", "initiative")
    p_("rule", "movement")
    p_("rule", "one unit per square")
    p_("rule", "paralysed")
    p_("rule", "release")
    p_("rule", "responses")
    p_("rule", "target")
    p_("rule", "turn order")
    # its own odds measures (``declare_measures``; the name stays the JSON key), ``… {unit}`` for one unit's
    p_("figure", "cards left: {unit}")
    p_("figure", "fled: {unit}")
    p_("figure", "counterattack")
    p_("figure", "morale after the commander fell")
    # the word values of its attack fields, as ``tabroll matrix`` names its setting (``distance 1, sight true``)
    p_("field value", "normal")
    p_("field value", "avanzada")
    p_("field value", "retaguardia")
    p_("field value", "air")
    p_("field value", "true")
    p_("field value", "false")
