"""F0R60D scenario files: the pydantic model of a whole file (:class:`ForgodScenario`); its parts are in
``words.py``, ``options.py``, ``cards.py`` and ``actions.py``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabroll.kit.models import ScenarioFile, Strict, empty_dict, empty_list

from .actions import Action, ResponseInput
from .cards import DeckCardInput, UnitInput
from .messages import N_, _
from .options import SUGGESTED_POINTS, ForgodOptions, Mode, Tier

__all__ = ["Action", "BoardInput", "ForgodOptions", "ForgodScenario", "ResponseInput"]


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
