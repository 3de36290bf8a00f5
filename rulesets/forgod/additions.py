"""F0R60D's addition cards in a scenario file: equipped on a unit, or in a side's addition deck or hand."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from tabroll.kit.models import Strict

from .messages import N_, _
from .words import AdditionKind, Stat, plain, spelt


class AdditionInput(Strict):
    """An equipped addition card: weapon, armour, accessory or experience (ECB / Liderazgo)."""

    kind: AdditionKind = spelt(
        ...,
        "kind",
        "tipo",
        description=N_(
            "Arma (weapon), armadura (armour), accesorio (accessory), experiencia (ECB, Liderazgo) or negra (black)."
        ),
    )
    name: str = spelt("", "name", "nombre", max_length=80, description=N_("The addition's name, as printed."))
    copies: int = spelt(
        1,
        "copies",
        "copias",
        ge=1,
        le=9,
        description=N_("Identical copies equipped (a detachment's weapon or armour needs one per card)."),
    )
    attack: Stat = spelt(0, "attack", "BA", "Ataque", description=N_("BA: its attack bonus."))
    damage: Stat = spelt(0, "damage", "Daño", description=N_("Daño: its damage bonus."))
    evasion: Stat = spelt(0, "evasion", "Evasión", description=N_("Evasión: its evasion bonus."))
    absorption: Stat = spelt(
        0, "absorption", "Absorción", description=N_("Absorción: its absorption once per round (armour).")
    )
    constant_absorption: Stat = spelt(
        0,
        "constant_absorption",
        "Absorción Constante",
        "Absorción_Constante",
        description=N_("Absorción Constante: its absorption against every attack (armour)."),
    )

    line: Literal["ecb", "liderazgo"] | None = Field(
        None,
        description=N_(
            "For an experience addition: ECB or Liderazgo, the abilities it activates (taken from 'kind: "
            "ECB' / 'kind: Liderazgo' or from a name that begins with it)."
        ),
    )

    @model_validator(mode="before")
    @classmethod
    def _experience_line(cls, data: Any) -> Any:
        if isinstance(data, dict) and "line" not in data:
            for key in ("kind", "tipo", "name", "nombre"):
                value = data.get(key)
                if isinstance(value, str):
                    word = plain(value)
                    for line in ("ecb", "liderazgo"):
                        if word == line or word.startswith(line + " "):
                            return {**data, "line": line}
        return data

    @model_validator(mode="after")
    def _line_on_experience(self) -> AdditionInput:
        if self.line is not None and self.kind != "experience":
            raise ValueError(_("only an experience addition is ECB or Liderazgo"))
        return self

    @property
    def label(self) -> str:
        """How the log names it: its name, else its kind."""
        return self.name or self.kind


class DeckCardInput(AdditionInput):
    """Addition cards in a side's addition deck (or hand): ``count`` identical cards."""

    count: int = spelt(1, "count", "cartas", ge=1, le=72, description=N_("How many identical cards of this addition."))

    @model_validator(mode="after")
    def _one_card_each(self) -> DeckCardInput:
        if self.copies != 1:
            raise ValueError(_("in a deck or a hand, give the number of identical cards as 'count', not 'copies'"))
        return self
