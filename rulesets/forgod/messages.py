# ruff: noqa: E501  (the messages are listed as the code says them, one per line)
"""This game's sentences in every language it has a catalogue for (``locale/``, see :mod:`tabroll.i18n`):
``_("…")``, ``n_("…", "…", n)``, ``p_("context", "…")`` look in this game's catalogue, then in tabroll's, then
say the English."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import CodeType

from tabroll.events import Said, said
from tabroll.i18n import N_, Domain, SideWords, language

MESSAGES = Domain("forgod", Path(__file__).resolve().parent / "locale")
p_ = MESSAGES.pgettext
np_ = MESSAGES.npgettext

__all__ = ["MESSAGES", "N_", "_", "n_", "np_", "p_", "said_once", "side_word"]


_SIDES = SideWords(MESSAGES)
side_word = _SIDES.word
n_ = _SIDES.ngettext


_ = _SIDES.gettext


_SAID: dict[tuple[str, CodeType], Said] = {}


def said_once(make: Callable[[], str]) -> Said:
    """What ``said(make)`` gives for words that take no value (``lambda: _("damage")``, no name from around it),
    made once for each language: every roll adds its bonuses to such a word, and the exact walk rolls thousands."""
    if make.__closure__ is not None:
        raise ValueError("said_once says fixed words: a message that takes a value goes through said()")
    key = (language(), make.__code__)
    words = _SAID.get(key)
    if words is None:
        words = _SAID[key] = said(make)
    return words


def _side_words() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """The sides the bundled scenarios and the starter name, said in the game's language."""
    p_("side", "red")
    p_("side", "blue")


def _core_words() -> None:
    """Never called: tabroll's own messages that F0R60D words in its own terms, listed here so that the extractor
    puts them in this game's catalogue (tabroll's domain looks in the playing game's catalogue first)."""
    # the log's kind column: this game's own event kinds
    p_("event", "multiplier")
    p_("event", "cards_lost")
    p_("event", "opposed_check")
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


def _rule_names() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """The names of this game's rules that a refusal gives (``RuleRefusal(rule=...)``, shown in brackets after
    the reason): the core says them as ``p_("rule", NAME)``, from this catalogue."""
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


def _odds_figures() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """The names of this game's own odds measures (``declare_measures``) as ``tabroll odds`` shows them: the
    name stays the JSON key; the report says ``p_("figure", NAME)``, or ``"... {unit}"`` for a measure of one
    unit."""
    p_("figure", "cards left: {unit}")
    p_("figure", "fled: {unit}")
    p_("figure", "counterattack")
    p_("figure", "morale after the commander fell")


def _attack_fields() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """The names of this game's attack fields and their word values, as ``tabroll matrix`` names its setting
    (``distance 1, sight true``): the fields and values typed stay as they are."""
    p_("attack field", "attacker line")
    p_("attack field", "target line")
    p_("field value", "normal")
    p_("field value", "avanzada")
    p_("field value", "retaguardia")
    p_("field value", "air")
    p_("field value", "true")
    p_("field value", "false")


def _play_help() -> None:  # pragma: no cover - never called: it only marks messages for the catalogue
    """What ``play``'s ``help KIND`` says of this game's actions and of their fields (each action model's docstring,
    its first paragraph, and each field's description), in the game's language: the core says them through
    :meth:`tabroll.kit.Ruleset.said`."""
    N_("A card's attacks for its turn (FA of them, or ``times``), after its tactical move.")
    N_("The square the card moves to first (its tactical move).")
    N_("Terreno Cualquiera only: whether the card moves by air (true) or ground (false) this turn.")
    N_("Additions from the hand equipped on the card whose turn it is, in its addition phase.")
    N_("Additions sent from the hand to the Óxido this turn.")
    N_("The card that attacks.")
    N_("The enemy card it attacks.")
    N_("How many of its FA attacks it makes (default: all).")
    N_("For a card with both attack types (TA): melee or ranged (default: ranged at an air card).")
    N_("The target stands on an orange square of the archers' area: attack -6.")
    N_("The target keeps its once-a-round Absorción for a later attack (it applies only its Absorción Constante now).")
    N_(
        "The attack also hits the cards next to its target (as the attacker's card says): one attack die for all, an evasion and a damage roll for each. On a royal guard, it reaches the commander behind."
    )
    N_(
        "Abilities used once the first attack has hit and before its damage roll: healing or repair (the last moment the rules allow it) or instant responses."
    )
    N_("The dice this action draws, in order (d10s; 1dN for an addition drawn from a deck of N).")
    N_("Escudo: the card stands next to another of its side and protects it.")
    N_("The card that becomes the shield.")
    N_("The card of its side it protects.")
    N_("A shield or a royal guard stops protecting, and may attack again.")
    N_("The shield or royal guard.")
    N_("No dice: nothing is rolled.")
    N_("Carga: a melee card moves up to twice its move; the charge hits in its side's next turn.")
    N_("The card that charges (melee or dual TA).")
    N_("The enemy card it charges.")
    N_("Cubrir Carga: a card of its side within 2 squares that covers it.")
    N_("The charge is combined with a flank (an opposed Fortaleza first).")
    N_("The charge under way hits, at the start of the charging side's next turn.")
    N_("The card whose charge hits.")
    N_("The target left the charger's attack area: the charge fails.")
    N_("The target keeps its once-a-round Absorción for later.")
    N_("Flanquear: an opposed Fortaleza; on a win the flanker attacks at +4 attack and +4 damage.")
    N_("The card that flanks.")
    N_("The enemy card it flanks.")
    N_("Guardia Real: the card stands just in front of its commander, who cannot be attacked while it stands.")
    N_("The card that becomes the royal guard.")
    N_("Its side's commander.")
    N_("A card's turn spent moving.")
    N_("The card that moves.")
    N_("The square it moves to (or 'move_to').")
    N_("An opposed Fortaleza or Moral roll between two cards, as a card or the table calls for it.")
    N_("Fortaleza or Moral.")
    N_("The card that tests (it must beat the defender: ties go to the defender).")
    N_("The card it tests against.")
    N_("A healing or repair ability: not the card's action, any phase, either player's turn.")
    N_("The card that heals or repairs.")
    N_("The card healed (the card taking damage in a detachment).")
    N_("PV restored, as a number.")
    N_("PV restored, as dice (1d10).")
    N_("The negative effects (paralysis) end.")
    N_("An effect (an ability, a power) paralyses a card: it takes no action while it lasts.")
    N_("The card paralysed.")
    N_("The card whose effect paralyses it.")
    N_("For how many rounds of its side (default: until cured).")
    N_("Reagrupar, in the tactical movement phase: split cards off a detachment, or join a card to one.")
    N_("The card or detachment whose turn it is.")
    N_("How many cards split off into a new unit.")
    N_("The name of the new unit of a split.")
    N_("The square of the new unit of a split.")
    N_("The identical detachment the unit joins.")
    N_("Cambio de Estrategia: a unit leaves the field for a card of the troop deck, in the unit's turn.")
    N_("The unit sacrificed (it goes to the Panteón).")
    N_("The troop-deck card that enters on its square.")
    N_("The new unit enters without the old one's damage, at twice its PC.")
    N_("Llamar Refuerzos: the special card brings troop-deck cards to the field, with 1d10 × the mode's factor PC.")
    N_("The side that plays the Llamar Refuerzos card.")
    N_("The troop-deck cards called, in order, each with its square.")
    N_(
        "A card uses one of its abilities: its action for the turn (not both an attack and an ability), unless the ability heals or repairs, or it is an instant one played as a response (``response: true``)."
    )
    N_("The card that uses the ability.")
    N_("The ability, by name.")
    N_("The card it aims at (default: the card itself).")
    N_("An instant ability played as an answer, outside the card's turn.")
    N_("The reaction rolls: 1d10 + the commander's Reacción for each side; the higher acts first.")
