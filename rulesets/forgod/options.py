"""F0R60D's game modes (Guerrilla, Refriega, Campaña) with their figures, and the house-rule options."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from tabroll.kit.models import Strict

from .messages import N_, _
from .words import word_of, words

MODES = words(guerrilla=("skirmish",), refriega=("melee",), campana=("campaign",))
# The addition deck per game mode: its size, the least black additions in it; at most six identical cards.
DECK_SIZE = {"guerrilla": (30, 6), "refriega": (48, 12), "campana": (72, 18)}
MOST_IDENTICAL = 6
# Llamar Refuerzos: 1d10 times this many points, by game mode.
REINFORCEMENT_FACTOR = {"guerrilla": 20, "refriega": 50, "campana": 100}
MODE_NAMES = {"guerrilla": "Guerrilla", "refriega": "Refriega", "campana": "Campaña"}
# Most different units on the field per game mode, the commander included (Campaña: eight and the commander).
MODE_UNITS = {"guerrilla": 3, "refriega": 5, "campana": 9}
TIERS = words(basic=("basico",), intermediate=("intermedio",), advanced=("avanzado",))
# The source's suggested campaign points per mode and tier.
SUGGESTED_POINTS = {
    "guerrilla": {"basic": 500, "intermediate": 1000, "advanced": 1500},
    "refriega": {"basic": 1000, "intermediate": 1500, "advanced": 2000},
    "campana": {"basic": 1500, "intermediate": 2000, "advanced": 2500},
}
Mode = Annotated[str | None, word_of(MODES, lambda: _("game mode (Guerrilla, Refriega, Campaña)"))]
Tier = Annotated[str | None, word_of(TIERS, lambda: _("tier (Básico, Intermedio, Avanzado)"))]


class ForgodOptions(Strict):
    """House-rule options of F0R60D (see rulesets/forgod/README.md for the reasoning)."""

    absorption_sign: Literal["as_damage", "literal"] = Field(
        "as_damage",
        description=N_(
            "Avanzada's '+2 Absorción' and the shield's '-2 Absorción' read as changes to the damage taken "
            "(as_damage: the front line absorbs 2 less, a shielded card 2 more) or with their literal signs."
        ),
    )
    flank_penalties: Literal["with_charge", "always"] = Field(
        "with_charge",
        description=N_(
            "The flanker's -4 evasion and loss of absorption apply only when the flank is combined with a "
            "charge (with_charge) or after every flank (always, until the flanker's next turn)."
        ),
    )
    charge_flank_bonus: Literal["stated", "stack"] = Field(
        "stated",
        description=N_(
            "A charge combined with a flank gets the combination's stated figures only: attack +4, damage x3 "
            "(stated), or also the flank's own +4 attack and +4 damage (stack)."
        ),
    )
    multiplier_order: Literal["before_absorption", "after_absorption"] = Field(
        "before_absorption",
        description=N_(
            "Multiply (roll + bonuses) and then subtract absorptions (before_absorption), or subtract "
            "absorptions first and multiply what is left (after_absorption)."
        ),
    )
    cover_fa_floor: Literal[0, 1] = Field(
        0,
        description=N_(
            "The lowest FA an attacker of a covered charger keeps after Cubrir Carga's -2: 0 (the rule's "
            "words: it may be left with no attack) or 1."
        ),
    )

    battle_end: Literal["troop_deck", "every_card"] = Field(
        "troop_deck",
        description=N_(
            "Which cards keep a side in the battle: the cards of its troop deck, troops and war machines "
            "(troop_deck: invocations and special units do not count as troops, so a side left with only beasts, "
            "powers and special units has lost), or every card on the field (every_card)."
        ),
    )
    alternation: Literal["strict", "free"] = Field(
        "strict",
        description=N_(
            "Whether the players alternate one card each (strict, the rule) or a side may play several "
            "cards in a row (free: for what-if scenarios; every turn that strict alternation would refuse is logged "
            "as a ruling). The other turn rules still hold."
        ),
    )
