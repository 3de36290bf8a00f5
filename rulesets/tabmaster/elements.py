"""The element table (``elements.yaml``) as typed data, with the questions the resolver asks of it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .state import Unit

Condition = Mapping[str, str]


def _describe(condition: Condition) -> str:
    if "essence" in condition:
        return f"Essence: {condition['essence'].capitalize()}"
    return {"fly": "a flyer", "undead": "Undead", "archer": "an archer"}.get(condition.get("trait", ""), "?")


@dataclass(frozen=True, slots=True)
class Bonus:
    amount: int
    when: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class Element:
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
        return f"{self.id.capitalize()} ({self.names[0]})"

    @staticmethod
    def matches_any(unit: Unit, conditions: tuple[Condition, ...]) -> bool:
        return any(unit.matches(c) for c in conditions)

    @staticmethod
    def why(unit: Unit, conditions: tuple[Condition, ...]) -> str:
        return " and ".join(_describe(c) for c in conditions if unit.matches(c))

    def why_immune(self, unit: Unit) -> str:
        return f"cannot harm {unit.name} ({self.why(unit, self.immune)})"

    def bonus_against(self, unit: Unit) -> tuple[int, str] | None:
        """The extra damage against ``unit`` (once per element, whichever condition matches)."""
        for bonus in self.bonuses:
            if self.matches_any(unit, bonus.when):
                return bonus.amount, f"{self.label} +{bonus.amount} vs {self.why(unit, bonus.when)}"
        return None


def _conditions(raw: Any) -> tuple[Condition, ...]:
    return tuple(dict(c) for c in (raw or ()))


@cache
def element_table(*, ice_bonus: int = 20) -> dict[str, Element]:
    """The bundled table, with Ice's bonus set by the ``ice_bonus`` option."""
    import yaml

    text = resources.files(__package__).joinpath("elements.yaml").read_text(encoding="utf-8")
    # libyaml's safe loader when present (5x faster than PyYAML's, the same data; checked by the tests)
    raw: dict[str, dict[str, Any]] = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
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
