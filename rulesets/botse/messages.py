"""This game's sentences in every language it has a catalogue for (``locale/``, see :mod:`tabroll.i18n`):
``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")`` look in this game's catalogue, then in tabroll's, then
say the English."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tabroll.i18n import N_, Domain

MESSAGES = Domain("botse", Path(__file__).resolve().parent / "locale")
_ = MESSAGES.gettext
n_ = MESSAGES.ngettext
p_ = MESSAGES.pgettext


def die_word(name: str) -> str:
    """A die's name as the log says it: the sample dice (``dice_set: sample``) by the source's terms in a
    translation (Russian «Бой» for Combat); any other name as it is written. The name typed in a scenario
    (``gather: [Combat]``) never changes."""
    return p_("die", name)


def dice_words(names: Iterable[str]) -> str:
    """Several dice's names, each as :func:`die_word` says it, separated by commas."""
    return ", ".join(die_word(name) for name in names)


def _values() -> None:  # pragma: no cover - never called: it only marks the values said by their context
    """The values said in a translation by their context: a battle form, a skill's moment, a resolution code, a
    die (:func:`die_word`) and a unit's side (any other value is said as it is)."""
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
    # the source's word for a unit, «боевая единица», where the core says «отряд»
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
    p_("resource", "tenacity")


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


def _play_help() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """What ``play``'s ``help KIND`` says of this game's actions (each action model's docstring, its first
    paragraph; the fields' descriptions are marked where ``model.py`` writes them), in the game's language: the
    core says them through :meth:`tabroll.kit.Ruleset.said`."""
    N_("The engage action: fatigue, battle form, target, gather and roll, resolve, reactions.")
    N_("Rolling skill dice outside battle: no fatigue, form or target; reactions still answer it.")
    N_("A move: up to Stamina hexes through open hexes (ruling movement).")
    N_("An enemy's or companion's aura, used by its own action (not an engage).")
    N_("The adventurer's turn ends; its next one starts with the Recovery step (ruling recovery).")
