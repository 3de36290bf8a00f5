"""How F0R60D's scenario files spell things: the card's Spanish stat names (:func:`spelt`) and values (the types at
the end, such as ``Kind``), with or without accents, next to the English ones; and the models' numeric types."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import AfterValidator, AliasChoices, BeforeValidator, Field

from .messages import N_, _

Coordinate = Annotated[int, Field(ge=0, le=999)]
SquareInput = tuple[Coordinate, Coordinate]
Stat = Annotated[int, Field(ge=-1000, le=1000)]
Count = Annotated[int, Field(ge=0, le=1000)]


def _dice(value: str | None) -> str | None:
    if value is not None:
        from tabroll.dice.notation import parse

        parse(value)  # a DiceSyntaxError is a ValueError: reported at this field's line
    return value


DiceText = Annotated[str | None, Field(max_length=40), AfterValidator(_dice)]
"""Dice as text (``1d10``), checked as the file loads."""


def plain(text: str) -> str:
    """Lower case, no accents, single spaces: how a word from a card is compared."""
    folded = unicodedata.normalize("NFKD", text.strip().casefold())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).replace("_", " ").split())


def spellings(*names: str) -> AliasChoices:
    """Every spelling of a stat: as given, and without accents."""
    listed: list[str] = []
    for name in names:
        bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
        for variant in (name, bare, plain(name).replace(" ", "_"), plain(name)):
            if variant not in listed:
                listed.append(variant)
    return AliasChoices(*listed)


def spelt(default: Any, *names: str, **given: Any) -> Any:
    """A model's field that a file may name in any spelling of ``names`` (:func:`spellings`), with ``default``
    (``...``: required) and what else :func:`pydantic.Field` is ``given``."""
    return Field(default, validation_alias=spellings(*names), **given)


def read_word(value: Any, table: dict[str, str], what: str) -> Any:
    if not isinstance(value, str):
        return value
    found = table.get(plain(value))
    if found is None:
        known = ", ".join(sorted(set(table)))
        raise ValueError(_("'{value}' is not a known {what} (known: {known})", value=value, what=what, known=known))
    return found


def words(**spellings: tuple[str, ...]) -> dict[str, str]:
    """A table of words (as :func:`plain` folds them) to the value they mean: each value, by its own name and by the
    ``spellings`` given for it."""
    return {word: value for value, others in spellings.items() for word in (value, *others)}


def word_of(table: dict[str, str], what: Callable[[], str]) -> BeforeValidator:
    """A field's value read through ``table`` (:func:`read_word`); ``what`` names the word in an error, in the
    language of the moment."""
    return BeforeValidator(lambda value: read_word(value, table, what()))


ATTACK_TYPES = words(melee=("cuerpo a cuerpo",), ranged=("rango",), dual=("mixto", "cuerpo a cuerpo y rango", "both"))
TERRAINS = words(ground=("tierra",), air=("aire",), either=("cualquiera",))
KINDS = words(
    troop=("tropa",),
    war_machine=("war machine", "maquina de guerra"),
    beast=("bestia", "invocacion"),
    power=("poder",),
    # special units: not troops, and no square of the mode's limit; the source names three of them
    special=("special unit", "unidad especial", "especial", "estandarte", "altavoz biomecanoide", "llama del templo"),
)
# What a card of each kind is called in messages.
KIND_WORDS = {
    "troop": N_("a troop"),
    "war_machine": N_("a war machine"),
    "beast": N_("a beast"),
    "power": N_("a power"),
    "special": N_("a special unit"),
}
INVOCATIONS = frozenset({"beast", "power"})
LINES = words(front=("avanzada",), normal=("middle",), rear=("retaguardia",))
ADDITION_KINDS = words(
    weapon=("arma",),
    armour=("armor", "armadura"),
    accessory=("accesorio",),
    experience=("experiencia", "ecb", "liderazgo"),
    black=("negra",),
)
ACTIVATIONS = words(native=("nativa",), ecb=(), liderazgo=())
TIMINGS = words(instant=("instantanea",), constant=("constante",))
TESTED_STATS = words(fortitude=("fortaleza",), morale=("moral",))
"""The stats a save or an opposed check rolls with: Fortaleza or Moral."""
AFFECTS = words(allies=("aliados", "ally"), enemies=("enemigos", "enemy"))


Kind = Annotated[str, word_of(KINDS, lambda: _("card kind"))]
AttackType = Annotated[str, word_of(ATTACK_TYPES, lambda: _("attack type (TA)"))]
Terrain = Annotated[str, word_of(TERRAINS, lambda: _("terrain (Terreno)"))]
Line = Annotated[str | None, word_of(LINES, lambda: _("formation line"))]
AdditionKind = Annotated[str, word_of(ADDITION_KINDS, lambda: _("addition kind"))]
Activation = Annotated[str, word_of(ACTIVATIONS, lambda: _("ability activation (native, ECB, Liderazgo)"))]
Timing = Annotated[str, word_of(TIMINGS, lambda: _("ability timing (instant, constant)"))]
Affects = Annotated[str, word_of(AFFECTS, lambda: _("side an effect affects (allies, enemies)"))]
SavedStat = Annotated[str, word_of(TESTED_STATS, lambda: _("save (Fortaleza or Moral)"))]
CheckedStat = Annotated[str, word_of(TESTED_STATS, lambda: _("check (Fortaleza or Moral)"))]
