"""This game's sentences in every language it has a catalogue for (``locale/``, see :mod:`tabroll.i18n`):
``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")`` look in this game's catalogue, then in tabroll's, then
say the English.

The game's machine words (a range band, a phase, a strike, a reason a combatant left the fight) stay English in
the state and in JSON; the helpers below say them in the language when a sentence shows them."""

from __future__ import annotations

from pathlib import Path

from tabroll.i18n import Domain

MESSAGES = Domain("mtg_heroes", Path(__file__).resolve().parent / "locale")
_ = MESSAGES.gettext
n_ = MESSAGES.ngettext
p_ = MESSAGES.pgettext


def band_word(band: str) -> str:
    """A range band (far, near, direct) as the language names it."""
    words = {"far": p_("range", "far"), "near": p_("range", "near"), "direct": p_("range", "direct")}
    return words.get(band) or band


def phase_word(phase: str) -> str:
    """A phase of a turn (reach, upkeep, main, end) as the language names it."""
    words = {
        "reach": p_("phase", "Reach phase"),
        "upkeep": p_("phase", "Upkeep"),
        "main": p_("phase", "action phase"),
        "end": p_("phase", "End phase"),
    }
    return words.get(phase) or phase


def strike_word(what: str) -> str:
    """A strike of an exchange (attack, counterattack) as the language names it."""
    if what == "attack":
        return p_("strike", "attack")
    return p_("strike", "counterattack") if what == "counterattack" else what


def out_word(reason: str) -> str:
    """Why a combatant left the fight (kept in English in the state), as the language says it."""
    words = {  # each said only when it is the one asked for (a fall says one of them)
        "lost the battle": lambda: p_("out", "lost the battle"),
        "beaten at 0 Life": lambda: p_("out", "beaten at 0 Life"),
        "destroyed": lambda: p_("out", "destroyed"),
        "exiled": lambda: p_("out", "exiled"),
        "dismissed": lambda: p_("out", "dismissed"),
        "fled": lambda: p_("out", "fled"),
    }
    word = words.get(reason)
    return word() if word is not None else reason


def result_word(result: str) -> str:
    """The end of a battle as the state keeps it ("X wins", "no side stands"), in the language."""
    if result == "no side stands":
        return _("no side stands")
    if result.endswith(" wins"):
        return _("{winner} wins", winner=result.removesuffix(" wins"))
    return result


def _catalogue_words() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """Words said through this game's catalogue that no call in its code spells out (its event kinds, action help
    and attack field names are read from the game by the extractor): tabroll's own messages in its terms
    (tabroll's domain looks in the playing game's catalogue first), and the names and values the core says with
    ``p_(context, NAME)``."""
    # the defeat words, the pool and resource words, the sentences that say them
    p_("defeat", "defeated")
    p_("defeat", "destroyed")
    p_("defeat", "exiled")
    p_("defeat", "dismissed")
    p_("defeat", "fled")
    p_("pool", "Life")
    p_("resource", "mana")
    _("{unit} is {how} and leaves play ({reason})")
    _("{unit} has fled and leaves play ({reason})")
    _("{unit} spends {amount} {resource} ({remaining} left)")
    # the names of its rules a refusal gives (``RuleRefusal(rule=...)``, shown in brackets after the reason)
    p_("rule", "actions")
    p_("rule", "attack")
    p_("rule", "battle over")
    p_("rule", "command")
    p_("rule", "control")
    p_("rule", "flee")
    p_("rule", "focus")
    p_("rule", "initiative")
    p_("rule", "instant")
    p_("rule", "intercept")
    p_("rule", "mana")
    p_("rule", "mastery")
    p_("rule", "memory")
    p_("rule", "move")
    p_("rule", "out")
    p_("rule", "phases")
    p_("rule", "push back")
    p_("rule", "range")
    p_("rule", "reach")
    p_("rule", "regenerate")
    p_("rule", "response")
    p_("rule", "spell")
    p_("rule", "spent")
    p_("rule", "summon")
    p_("rule", "summoning sickness")
    p_("rule", "target")
    p_("rule", "turn order")
    p_("rule", "upkeep")
    # its own odds measures (``declare_measures``; the name stays the JSON key), ``… {unit}`` for one unit's
    p_("figure", "Life left: {unit}")
    p_("figure", "skill test succeeds")
    p_("figure", "counterattack")
    p_("figure", "intercept")
    p_("figure", "mana burn")
    p_("figure", "reply by {unit}")
    # the word values of its attack fields, as ``tabroll matrix`` names its setting (``distance 1, sight true``)
    p_("field value", "near")
    p_("field value", "far")
    p_("field value", "true")
    p_("field value", "false")
