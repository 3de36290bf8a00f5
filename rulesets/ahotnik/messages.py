"""This game's sentences in every language it has a catalogue for (``locale/``, see :mod:`tabroll.i18n`):
``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")`` look in this game's catalogue, then in tabroll's, then
say the English."""

from __future__ import annotations

from pathlib import Path

from tabroll.i18n import Domain

MESSAGES = Domain("ahotnik", Path(__file__).resolve().parent / "locale")
_ = MESSAGES.gettext
n_ = MESSAGES.ngettext
p_ = MESSAGES.pgettext


def direction_word(name: str) -> str:
    """A direction as the events keep it (``"4 (SW)"``: its number and compass side, in English) as the log says
    it in the language now (Italian ``"4 (SO)"``); the event's field itself never changes."""
    number, _space, side = name.partition(" (")
    side = side.removesuffix(")")
    words = {
        "N": p_("compass", "N"),
        "NE": p_("compass", "NE"),
        "E": p_("compass", "E"),
        "SE": p_("compass", "SE"),
        "S": p_("compass", "S"),
        "SW": p_("compass", "SW"),
        "W": p_("compass", "W"),
        "NW": p_("compass", "NW"),
    }
    return f"{number} ({words[side]})" if side in words else name


def _catalogue_words() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """Words said through this game's catalogue that no call in its code spells out (its event kinds are read
    from its events by the extractor): tabroll's own messages in its terms (tabroll's domain looks in the playing
    game's catalogue first), and the names and values the core says with ``p_(context, NAME)``."""
    # the ways its units leave play (a defeat's ``how``), its pools, and the defeat's sentence in its terms
    p_("defeat", "exiled")
    p_("defeat", "removed")
    p_("defeat", "defeated")
    p_("pool", "Shields")
    p_("pool", "Life")
    _("{unit} is {how} and leaves play ({reason})", unit="", how="", reason="")
    # its own odds measures (``declare_measures``; the name stays the JSON key), ``… {unit}`` for one unit's
    p_("figure", "Life left: {unit}")
    p_("figure", "Shields left: {unit}")
    p_("figure", "DNA gained: {unit}")
    p_("figure", "enters phase transition: {unit}")
    p_("figure", "exiled: {unit}")
    p_("figure", "threat")
    p_("figure", "game over")
    p_("figure", "attack by {unit}")
    # the word values of its attack fields, as ``tabroll matrix`` names its setting (``distance 1, sight true``)
    p_("field value", "demon")
    p_("field value", "ahotnik")
    p_("field value", "true")
    p_("field value", "false")
