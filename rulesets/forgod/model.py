"""F0R60D scenario files: the pydantic model of a whole file (:class:`ForgodScenario`), the game modes (Guerrilla,
Refriega, Campaña) with their figures, and the house-rule options; its parts are in ``words.py``, ``cards.py`` and
``actions.py``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabroll.kit.models import ScenarioFile, Strict, empty_dict, empty_list

from .actions import Action
from .cards import DeckCardInput, UnitInput
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


class BoardInput(Strict):
    """Two facing fields of three lines each (retaguardia, normal, avanzada); ``width`` squares per line."""

    width: int = Field(ge=1, le=50, description=N_("Squares per line, the same on both fields."))


class ForgodScenario(ScenarioFile):
    """A F0R60D battle: the board, the two sides' cards and the actions played."""

    ruleset: Literal["forgod"] = Field(description=N_("This file's game: forgod (Sistema Táctico F0R60D)."))
    board: BoardInput = Field(BoardInput(width=5), description=N_("The two fields of squares (5 squares per line)."))
    sides: tuple[str, str] | None = Field(
        None,
        description=N_(
            "The two sides' names, the first on rows 0-2 (its retaguardia on row 0), the second on rows 3-5 "
            "(default: in the order the units name them)."
        ),
    )
    from_deployment: bool = Field(
        False,
        description=N_(
            "The scenario begins at the battle's first turn, just after deployment: each army and its "
            "formation are checked, the initiative is rolled before any card acts, and in the first turn only the "
            "commanders act. Without it, the scenario picks up a battle already under way."
        ),
    )
    mode: Mode = Field(
        None, description=N_("The game mode (Guerrilla, Refriega, Campaña): the most units each side may field.")
    )
    tier: Tier = Field(
        None, description=N_("Básico, Intermedio or Avanzado: the mode's suggested campaign points (PC) per side.")
    )
    points: int | None = Field(
        None, ge=0, le=10**6, description=N_("The campaign points (PC) each side may spend (instead of the tier's).")
    )
    decks: dict[str, list[DeckCardInput]] = Field(
        default_factory=empty_dict,
        description=N_(
            "Each side's addition deck (the forge), by side name: one addition is drawn at random at the "
            "start of each turn of one of its troop cards."
        ),
    )
    hands: dict[str, list[DeckCardInput]] = Field(
        default_factory=empty_dict, description=N_("The additions each side already holds in its hand, by side name.")
    )
    reinforcement_cards: dict[str, Annotated[int, Field(ge=0, le=9)]] = Field(
        default_factory=empty_dict,
        description=N_("How many Llamar Refuerzos special cards each side holds, by side name."),
    )
    units: dict[str, UnitInput] = Field(
        max_length=1000, description=N_("Every card or detachment by name: its side, its square and its card's stats.")
    )
    actions: list[Action] = Field(
        default_factory=empty_list,
        max_length=100_000,
        description=N_("The actions played, in order ('do:' names each kind)."),
    )

    @model_validator(mode="after")
    def _tier_needs_mode(self) -> ForgodScenario:
        if self.tier is not None and self.mode is None:
            raise ValueError(_("'tier' picks the suggested points of a game mode: give 'mode' too"))
        return self

    def point_limit(self) -> int | None:
        if self.points is not None:
            return self.points
        if self.mode is not None and self.tier is not None:
            return SUGGESTED_POINTS[self.mode][self.tier]
        return None
