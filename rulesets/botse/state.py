"""BotSE battle state: dice definitions and units, all immutable."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.geometry.hex import Hex, HexMap
from tabroll.kit import find_named
from tabroll.kit.roster import Roster

from .messages import _, n_, p_
from .model import Code, Form, Stat


class Cost(msgspec.Struct, frozen=True):
    tenacity: int = 0
    health: int = 0
    light_fatigue: int = 0

    def describe(self) -> str:
        parts = []
        if self.tenacity:
            parts.append(n_("{n} tenacity", "{n} tenacity", self.tenacity))
        if self.health:
            parts.append(n_("{n} Health", "{n} Health", self.health))
        if self.light_fatigue:
            parts.append(n_("{n} light fatigue", "{n} light fatigue", self.light_fatigue))
        return ", ".join(parts) or _("nothing")


class Face(msgspec.Struct, frozen=True):
    """One face of a die: its icons and where the die goes once the face is resolved; ``cost`` is paid in full
    before anything else, ``then`` is done only when the face's own part was done in full."""

    damage: int = 0
    splash: int = 0
    adjacent_to: str = "target"
    unblockable: bool = False
    prevent: int = 0
    heal: int = 0
    tenacity: bool = False
    status: str | None = None
    text: str | None = None
    code: Code = Code.INSTANT
    cost: Cost | None = None
    then: Face | None = None

    @property
    def blank(self) -> bool:
        return not (
            self.damage
            or self.splash
            or self.prevent
            or self.heal
            or self.tenacity
            or self.status
            or self.text
            or self.cost
            or self.then
        )

    def describe(self) -> str:
        """The face in a few words: ``2 damage, splash 1 [instant]``, ``tenacity``, ``blank``."""
        text = self.part_text()
        return (
            text if self.tenacity or self.blank else _("{face} [{code}]", face=text, code=p_("code", self.code.value))
        )

    def part_text(self) -> str:
        """The face (or its ``then`` part) in a few words, without its code."""
        if self.tenacity:
            return _("tenacity")
        if self.blank:
            return _("blank")
        parts: list[str] = []
        if self.damage:
            parts.append(n_("{n} damage", "{n} damage", self.damage))
        if self.splash:
            if self.adjacent_to == "target":
                parts.append(
                    n_(
                        "{n} damage to a unit adjacent to the target",
                        "{n} damage to a unit adjacent to the target",
                        self.splash,
                    )
                )
            else:
                parts.append(
                    n_("{n} damage to a unit adjacent to you", "{n} damage to a unit adjacent to you", self.splash)
                )
        if self.unblockable:
            parts.append(_("unblockable"))
        if self.prevent:
            parts.append(_("prevent {n}", n=self.prevent))
        if self.heal:
            parts.append(_("heal {n}", n=self.heal))
        if self.status:
            parts.append(_("status {status}", status=self.status))
        if self.text:
            parts.append(self.text)
        text = ", ".join(parts)
        if self.cost is not None:
            cost = self.cost.describe()
            text = _("pay {cost} to do: {effects}", cost=cost, effects=text) if text else _("pay {cost}", cost=cost)
        if self.then is not None:
            text = _("{first}, then: {then}", first=text, then=self.then.part_text())
        return text


class Die(msgspec.Struct, frozen=True):
    """A die as data. ``stat`` is None for enemy combat dice; ``combat`` marks combat dice."""

    name: str
    faces: tuple[Face, ...]
    stat: Stat | None = None
    form: Form | None = None
    combat: bool = False

    @property
    def sides(self) -> int:
        return len(self.faces)


class Ability(msgspec.Struct, frozen=True):
    damage: int = 0
    damage_per_combat_die: int = 0
    unblockable: bool = False
    free_dice: int = 0
    tenacity: int = 0
    targets: int = 1
    text: str | None = None


class Item(msgspec.Struct, frozen=True):
    name: str
    forms: frozenset[Form]
    ability: Ability
    overtax_cost: Cost | None = None
    overtax_ability: Ability | None = None
    ready: bool = True


class Effect(msgspec.Struct, frozen=True):
    damage: int = 0
    to: str = "engager"
    unblockable: bool = False
    light_fatigue: int = 0
    text: str | None = None


class Skill(msgspec.Struct, frozen=True):
    name: str
    when: str
    effect: Effect


class Placed(msgspec.Struct, frozen=True):
    """A die out of the attribute rows: in an active slot, or as a status on a unit or hex."""

    die: str
    on: str | None = None
    prevent: int = 0  # an active-slot die that prevents damage dealt to its adventurer


class Adventurer(msgspec.Struct, frozen=True, cache_hash=True):  # hashed in every key of the exact walk
    name: str
    position: Hex
    stamina: int
    magicka: int
    health: int
    max_health: int = 0
    cooldown_stat: int = 2
    defense: int = 0
    tenacity: int = 0
    form: Form = Form.LIGHT_WEAPON
    available: tuple[str, ...] = ()
    cooldown: tuple[str | None, ...] = ()
    active_slots: int = 2
    active: tuple[Placed, ...] = ()
    drained: tuple[str, ...] = ()
    statuses: tuple[Placed, ...] = ()
    light_fatigue: int = 0
    engages: int = 0
    moves: int = 0
    moved_after_engage: bool = False
    items: tuple[Item, ...] = ()
    defeated: bool = False
    skills: tuple[Skill, ...] = ()

    side = "adventurer"

    def limit(self, stat: Stat) -> int:
        return self.stamina if stat is Stat.STAMINA else self.magicka

    def item(self, name: str) -> Item | None:
        return next((i for i in self.items if i.name == name), None)


class Creature(msgspec.Struct, frozen=True, cache_hash=True):  # hashed in every key of the exact walk
    """An enemy or a companion: Health, printed Defense and triggered skills (its combat die is only checked)."""

    name: str
    side: str
    position: Hex
    health: int
    max_health: int = 0
    defense: int = 0
    skills: tuple[Skill, ...] = ()
    defeated: bool = False
    statuses: tuple[str, ...] = ()


Unit = Adventurer | Creature


class Battle(msgspec.Struct, frozen=True):
    map: HexMap
    dice: Mapping[str, Die]
    adventurers: Roster[Adventurer]  # tuples with lookup by name in O(1)
    creatures: Roster[Creature]
    options: Any
    enemy_die: str | None = None

    def __hash__(self) -> int:
        # Equal battles have equal units, all that an action changes (the dice mapping cannot be hashed).
        return hash((self.adventurers, self.creatures))

    @property
    def units(self) -> tuple[Unit, ...]:
        return (*self.adventurers, *self.creatures)

    def unit(self, name: str) -> Unit:
        found: Unit | None = self.adventurers.get(name)
        if found is None:
            found = self.creatures.get(name)
        return found if found is not None else find_named(self.units, name)  # find_named words the refusal

    def adventurer(self, name: str) -> Adventurer:
        unit = self.unit(name)
        if not isinstance(unit, Adventurer):
            raise RuleRefusal(
                _("{unit} is not an adventurer: only adventurers engage", unit=name), rule=p_("rule", "engage")
            )
        return unit

    def unit_at(self, where: Hex) -> Unit | None:
        found: Unit | None = self.adventurers.by(_hex_held).get(where)
        return found if found is not None else self.creatures.by(_hex_held).get(where)

    def with_unit(self, unit: Unit) -> Battle:
        if isinstance(unit, Adventurer):
            return replace(self, adventurers=self.adventurers.replace(unit))
        return replace(self, creatures=self.creatures.replace(unit))


def _hex_held(unit: Unit) -> Hex | None:
    """The hex a unit holds (None once defeated): the key of :meth:`Battle.unit_at`'s index."""
    return None if unit.defeated else unit.position
