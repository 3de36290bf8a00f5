"""The element table (``elements.yaml``) as typed data, with the questions the resolver asks of it."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import msgspec

from tabroll.kit.text import bundled_yaml

from .messages import N_, _
from .state import Unit

Condition = Mapping[str, str]

LABELS: dict[str, str] = {
    "fire": N_("Fire (Fogo)"),
    "water": N_("Water (Água)"),
    "earth": N_("Earth (Terra)"),
    "air": N_("Air (Ar)"),
    "ice": N_("Ice (Gelo)"),
    "electricity": N_("Electricity (Eletricidade)"),
    "life": N_("Life (Vida)"),
    "disease": N_("Disease (Doença)"),
    "light": N_("Light (Luz)"),
    "darkness": N_("Darkness (Escuridão)"),
}
"""Each element as the logs' sentences name it (its English name and the source's), in the language now."""

ESSENCES: dict[str, str] = {
    "fire": N_("Essence: Fire"),
    "water": N_("Essence: Water"),
    "earth": N_("Essence: Earth"),
    "air": N_("Essence: Air"),
    "ice": N_("Essence: Ice"),
    "electricity": N_("Essence: Electricity"),
    "life": N_("Essence: Life"),
    "disease": N_("Essence: Disease"),
    "light": N_("Essence: Light"),
    "darkness": N_("Essence: Darkness"),
}

TRAITS: dict[str, str] = {"fly": N_("a flyer"), "undead": N_("Undead"), "archer": N_("an archer")}


def _describe(condition: Condition) -> str:
    if "essence" in condition:
        essence = condition["essence"]
        return _(ESSENCES[essence]) if essence in ESSENCES else f"Essence: {essence.capitalize()}"
    trait = condition.get("trait", "")
    return _(TRAITS[trait]) if trait in TRAITS else "?"


class Bonus(msgspec.Struct, frozen=True):
    amount: int
    when: tuple[Condition, ...]


class Element(msgspec.Struct, frozen=True):
    id: str
    names: tuple[str, ...]
    bonuses: tuple[Bonus, ...] = ()
    immune: tuple[Condition, ...] = ()
    heals: bool = False
    no_heal: tuple[Condition, ...] = ()
    damages_instead: tuple[Condition, ...] = ()
    auto_defeat: tuple[Condition, ...] = ()
    applies_hex: bool = False

    @property
    def label(self) -> str:
        """The element as its events' ``element`` field names it (the same in every language)."""
        return f"{self.id.capitalize()} ({self.names[0]})"

    @property
    def shown(self) -> str:
        """The element as a sentence names it, in the language now."""
        return _(LABELS[self.id]) if self.id in LABELS else self.label

    @staticmethod
    def matches_any(unit: Unit, conditions: tuple[Condition, ...]) -> bool:
        return any(unit.matches(c) for c in conditions)

    @staticmethod
    def why(unit: Unit, conditions: tuple[Condition, ...]) -> str:
        said = ""
        for condition in conditions:
            if unit.matches(condition):
                word = _describe(condition)
                said = _("{first} and {second}", first=said, second=word) if said else word
        return said

    def why_immune(self, unit: Unit) -> str:
        return _(
            "{element} cannot harm {unit} ({why})", element=self.shown, unit=unit.name, why=self.why(unit, self.immune)
        )

    def bonus_against(self, unit: Unit) -> tuple[int, str] | None:
        """The extra damage against ``unit`` (once per element, whichever condition matches)."""
        for bonus in self.bonuses:
            if self.matches_any(unit, bonus.when):
                why = self.why(unit, bonus.when)
                return bonus.amount, _("{element} +{amount} vs {why}", element=self.shown, amount=bonus.amount, why=why)
        return None


def _conditions(raw: Any) -> tuple[Condition, ...]:
    return tuple(dict(c) for c in (raw or ()))


@cache
def element_table(*, ice_bonus: int = 20) -> dict[str, Element]:
    """The bundled table, with Ice's bonus set by the ``ice_bonus`` option."""
    raw: dict[str, dict[str, Any]] = bundled_yaml(__file__, "elements.yaml")
    table: dict[str, Element] = {}
    for key, entry in raw.items():
        bonuses = tuple(Bonus(int(b["amount"]), _conditions(b["when"])) for b in entry.get("bonuses", ()))
        if key == "ice":
            bonuses = tuple(Bonus(ice_bonus, b.when) for b in bonuses)
        table[key] = Element(
            id=key,
            names=tuple(entry["names"]),
            bonuses=bonuses,
            immune=_conditions(entry.get("immune")),
            heals=bool(entry.get("heals", False)),
            no_heal=_conditions(entry.get("no_heal")),
            damages_instead=_conditions(entry.get("damages_instead")),
            auto_defeat=_conditions(entry.get("auto_defeat")),
            applies_hex=bool(entry.get("applies_hex", False)),
        )
    return table
