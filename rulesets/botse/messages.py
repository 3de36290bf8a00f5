"""This game's sentences in every language it has a catalogue for (``locale/``, see :mod:`tabroll.i18n`):
``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")`` look in this game's catalogue, then in tabroll's, then
say the English."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tabroll.i18n import Domain

MESSAGES = Domain("botse", Path(__file__).resolve().parent / "locale")
_ = MESSAGES.gettext
n_ = MESSAGES.ngettext
p_ = MESSAGES.pgettext


def die_word(name: str) -> str:
    """A die's name as the log says it: a sample die by the source's terms in a translation (Russian «Бой» for
    Combat), any other as it is written; the name typed in a scenario never changes."""
    return p_("die", name)


def dice_words(names: Iterable[str]) -> str:
    """Several dice's names, each as :func:`die_word` says it, separated by commas."""
    return ", ".join(die_word(name) for name in names)


def _catalogue_words() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """Words said through this game's catalogue that no call in its code spells out (its event kinds, attack
    fields and actions' help are read from the game by the extractor): values said by their context, tabroll's
    own messages in its terms (tabroll's domain looks in the playing game's catalogue first), its odds measures
    and its attack fields' word values."""
    # a battle form, a skill's moment, a resolution code, a die (:func:`die_word`) and a unit's side
    p_("form", "light_weapon")
    p_("form", "heavy_weapon")
    p_("form", "defensive")
    p_("form", "ranged")
    p_("form", "magic")
    p_("when", "engaged")
    p_("when", "damaged")
    p_("when", "defeated")
    p_("when", "after_engage")
    p_("when", "aura")
    p_("code", "active")
    p_("code", "cooldown")
    p_("code", "drained")
    p_("code", "instant")
    p_("code", "status")
    p_("die", "Combat")
    p_("die", "Enemy Combat")
    p_("die", "Sword")
    p_("die", "Bow")
    p_("die", "Fire Staff")
    p_("die", "Restoration")
    p_("side", "adventurer")
    p_("side", "enemy")
    p_("side", "companion")
    # the core's words in its terms: the defeat, the pool, the spent resource, and the source's word for a unit,
    # «боевая единица», where the core says «отряд»
    p_("defeat", "defeated")
    p_("pool", "Health")
    p_("resource", "tenacity")
    _("Attacks, and the stats each reads (* required of a unit not in the catalogue):")
    _("No catalogue: the source prints no unit's stats, so type them (below).")
    _("an attack of unit A on unit T")
    _("attacks (* required of a unit not in the catalogue)")
    _("clear the screen and show the units now")
    _("the units now")
    _(
        "type each unit as a name and its stats, e.g. {example} (tabroll units {id} lists the stats each attack "
        "needs); or take the units from a scenario file: tabroll matrix FILE"
    )
    _("{game} has no unit catalogue: name the units with {options}")
    _(", {lost} {pool} lost")
    _(", {pool} {left} left")
    # its own odds measures (``declare_measures``; the name stays the JSON key), ``… {unit}`` for one unit's
    p_("figure", "Health left: {unit}")
    p_("figure", "tenacity gained: {unit}")
    p_("figure", "light fatigue gained: {unit}")
    p_("figure", "dice to cooldown: {unit}")
    p_("figure", "reaction")
    # the word values of its attack fields, as ``tabroll matrix`` names its setting (``distance 1, sight true``)
    p_("field value", "true")
    p_("field value", "false")
