"""This game's sentences in every language it has a catalogue for (``locale/``, see :mod:`tabroll.i18n`):
``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")`` look in this game's catalogue, then in tabroll's, then
say the English."""

from __future__ import annotations

from pathlib import Path

from tabroll.i18n import N_, Domain

MESSAGES = Domain("botse", Path(__file__).resolve().parent / "locale")
_ = MESSAGES.gettext
n_ = MESSAGES.ngettext
p_ = MESSAGES.pgettext
np_ = MESSAGES.npgettext


def form_word(form: str) -> str:
    """A battle form's value (``light_weapon``) as the logs say it: as it is in English, the source's name
    for it in a translation. The value itself (JSON, scenario files) never changes."""
    words = {
        "light_weapon": p_("form", "light_weapon"),
        "heavy_weapon": p_("form", "heavy_weapon"),
        "defensive": p_("form", "defensive"),
        "ranged": p_("form", "ranged"),
        "magic": p_("form", "magic"),
    }
    return words.get(form, form)


def when_word(when: str) -> str:
    """A triggered skill's moment (``engaged``, ``after_engage``…) as the logs say it."""
    words = {
        "engaged": p_("when", "engaged"),
        "damaged": p_("when", "damaged"),
        "defeated": p_("when", "defeated"),
        "after_engage": p_("when", "after_engage"),
        "aura": p_("when", "aura"),
    }
    return words.get(when, when)


def code_word(code: str) -> str:
    """A resolution code's value (``instant``…) as the logs say it."""
    words = {
        "active": p_("code", "active"),
        "cooldown": p_("code", "cooldown"),
        "drained": p_("code", "drained"),
        "instant": p_("code", "instant"),
        "status": p_("code", "status"),
    }
    return words.get(code, code)


def side_word(side: str) -> str:
    """A unit's side (``adventurer``, ``enemy``, ``companion``) as the state view says it."""
    words = {
        "adventurer": p_("side", "adventurer"),
        "enemy": p_("side", "enemy"),
        "companion": p_("side", "companion"),
    }
    return words.get(side, side)


def _core_words() -> None:  # pragma: no cover - never called: it only marks the core's words BotSE says its way
    """tabroll's own messages that this game words in its own terms (its catalogue answers them first): the
    log's kind column for each of its event kinds, and the defeat word it uses."""
    p_("event", "light_fatigue")
    p_("event", "battle_form")
    p_("event", "engage_target")
    p_("event", "gather_dice")
    p_("event", "die_turned")
    p_("event", "die_result")
    p_("event", "tenacity")
    p_("event", "die_placed")
    p_("event", "skill_trigger")
    p_("defeat", "defeated")
    p_("pool", "Health")
    _(", {lost} {pool} lost")
    _(", {pool} {left} left")
    p_("resource", "tenacity")


__all__ = ["MESSAGES", "N_", "_", "code_word", "form_word", "n_", "np_", "p_", "side_word", "when_word"]


def _odds_figures() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """The names of this game's own odds measures (``declare_measures``) as ``tabroll odds`` shows them: the
    name stays the JSON key; the report says ``p_("figure", NAME)``, or ``"... {unit}"`` for a measure of one
    unit."""
    p_("figure", "Health left: {unit}")
    p_("figure", "tenacity gained: {unit}")
    p_("figure", "light fatigue gained: {unit}")
    p_("figure", "dice to cooldown: {unit}")
    p_("figure", "reaction")


def _attack_fields() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """The names of this game's attack fields and their word values, as ``tabroll matrix`` names its setting
    (``distance 1, sight true``): the fields and values typed stay as they are."""
    p_("attack field", "distance")
    p_("attack field", "sight")
    p_("attack field", "gather")
    p_("attack field", "form")
    p_("field value", "true")
    p_("field value", "false")
