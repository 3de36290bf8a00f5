"""TAB MASTER attack profiles and unit traits, and the printed notation players copy from a unit card.

A unit card prints its attack as, e.g., ``ATK 3 (Atropelamento)``, ``ATK 1d10 (Projétil: Flecha)`` or
``ATK 5 (Mágico) (Elemento: Fogo) (Área)``: a reach (or, for projectiles, an attack die) followed by tags in
parentheses. :func:`parse_attack` reads that form (Portuguese or English tags, accents optional) into an
:class:`AttackProfile`; scenario files may also spell the profile out field by field."""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cache, lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING

import msgspec

from tabroll.kit.text import plain

from .messages import N_, _

if TYPE_CHECKING:
    from tabroll.dice.notation import DiceRules

ELEMENT_NAMES: dict[str, str] = {
    "fogo": "fire", "fire": "fire",
    "agua": "water", "water": "water",
    "terra": "earth", "earth": "earth",
    "ar": "air", "air": "air",
    "gelo": "ice", "ice": "ice",
    "eletricidade": "electricity", "electricity": "electricity",
    "vida": "life", "life": "life",
    "doenca": "disease", "disease": "disease",
    "luz": "light", "light": "light",
    "escuridao": "darkness", "darkness": "darkness",
}  # fmt: skip

TRAIT_NAMES: dict[str, str] = {
    "voar": "fly", "fly": "fly", "flying": "fly",
    "morto-vivo": "undead", "morto vivo": "undead", "undead": "undead",
    "arqueiro": "archer", "archer": "archer",
}  # fmt: skip


class AttackKind(StrEnum):
    COMMON = "common"
    TRAMPLE = "trample"
    MAGIC = "magic"
    PROJECTILE = "projectile"


KIND_NAMES: dict[str, AttackKind] = {
    "comum": AttackKind.COMMON, "common": AttackKind.COMMON,
    "atropelamento": AttackKind.TRAMPLE, "trample": AttackKind.TRAMPLE,
    "magico": AttackKind.MAGIC, "magic": AttackKind.MAGIC,
    "projetil": AttackKind.PROJECTILE, "projectile": AttackKind.PROJECTILE,
}  # fmt: skip


class LineKind(StrEnum):
    HORIZONTAL = "horizontal"
    VERTICAL = "vertical"
    DIAGONALS = "diagonals"
    RANDOM = "random"
    FRONT = "front"
    BACK = "back"
    COMPLETE = "complete"


LINE_NAMES: dict[str, LineKind] = {
    "horizontal": LineKind.HORIZONTAL,
    "vertical": LineKind.VERTICAL,
    "diagonal": LineKind.DIAGONALS, "diagonais": LineKind.DIAGONALS, "diagonals": LineKind.DIAGONALS,
    "aleatorio": LineKind.RANDOM, "random": LineKind.RANDOM,
    "frente": LineKind.FRONT, "front": LineKind.FRONT,
    "fundo": LineKind.BACK, "back": LineKind.BACK,
    "completa": LineKind.COMPLETE, "complete": LineKind.COMPLETE,
}  # fmt: skip


def element_id(name: str) -> str:
    key = plain(name)
    if key not in ELEMENT_NAMES:
        raise ValueError(
            _(
                "unknown element '{name}'; the elements are Fogo/Fire, Água/Water, Terra/Earth, Ar/Air, Gelo/Ice, "
                "Eletricidade/Electricity, Vida/Life, Doença/Disease, Luz/Light, Escuridão/Darkness",
                name=name,
            )
        )
    return ELEMENT_NAMES[key]


class Effects(msgspec.Struct, frozen=True):
    """The attack effects written on a card after the attack type."""

    area: bool = False
    elements: tuple[str, ...] = ()
    line: LineKind | None = None
    multiple: int | None = None
    pilgrim: int | None = None
    all_units: bool = False
    special: str | None = None

    def labels(self) -> list[str]:
        """The effects as the log names them, in the card's order (``["Area", "Element: Fire"]``)."""
        labels = (
            self.area and "Area",
            self.elements and "Element: " + ", ".join(e.capitalize() for e in self.elements),
            self.line and f"Line: {self.line.value.capitalize()}",
            self.multiple and f"Multiple x{self.multiple}",
            self.pilgrim and f"Pilgrim x{self.pilgrim}",
            self.all_units and "All",
            self.special and f"Special: {self.special}",
        )
        return [label for label in labels if label]


class AttackProfile(msgspec.Struct, frozen=True, cache_hash=True):  # hashed with its unit in the exact walk's keys
    """One attack of a unit: its type, reach (or attack die), damage dice and effects."""

    kind: AttackKind
    damage: str
    reach: int | None = None
    roll: str | None = None
    ammo: str | None = None
    effects: Effects = msgspec.field(default_factory=Effects)

    def describe(self) -> str:
        head = self.roll if self.kind is AttackKind.PROJECTILE else str(self.reach)
        tags = [self.kind.value.capitalize() + (f": {self.ammo}" if self.ammo else "")]
        tags += self.effects.labels()
        return f"ATK {head} " + " ".join(f"({t})" for t in tags) + f", DAN {self.damage}"


# [0-9], not \d: a count is written with the digits 0-9 (\d also reads every other script's digits, "٣")
_HEAD = re.compile(r"^\s*(?P<head>[0-9]*[dD][0-9]+|[0-9]+)?\s*(?P<rest>.*)$", re.S)
_TIMES = re.compile(r"^x\s*([0-9]+)$")


def parse_effect(tag: str, effects: dict[str, object]) -> AttackKind | tuple[AttackKind, str] | None:
    """Read one parenthesised tag into ``effects``; return the attack kind if the tag names one."""
    name, _colon, value = tag.partition(":")
    key, value = plain(name), value.strip()
    words = key.split(" ", 1)
    if key in KIND_NAMES and not value:
        return KIND_NAMES[key]
    if key in ("projetil", "projectile"):
        if not value:
            raise ValueError(_("a projectile attack names its projectile, e.g. (Projétil: Flecha)"))
        return (AttackKind.PROJECTILE, value)
    if key in ("area",):
        effects["area"] = True
    elif key in ("todos", "all"):
        effects["all_units"] = True
    elif key in ("elemento", "element", "elementos", "elements"):
        parts = [p for p in re.split(r"\s*(?:,|/|\be\b|\band\b)\s*", value) if p]
        if not parts:
            raise ValueError(_("an element tag names at least one element, e.g. (Elemento: Fogo)"))
        effects["elements"] = tuple(dict.fromkeys(element_id(p) for p in parts))
    elif key in ("linha", "line"):
        if plain(value) not in LINE_NAMES:
            raise ValueError(
                _(
                    "unknown line kind '{value}'; use Horizontal, Vertical, Diagonais, Aleatório, Frente, "
                    "Fundo or Completa",
                    value=value,
                )
            )
        effects["line"] = LINE_NAMES[plain(value)]
    elif words[0] in ("multiplo", "multiple", "peregrino", "pilgrim"):
        count_text = plain(value or (words[1] if len(words) > 1 else ""))
        match = _TIMES.match(count_text) or re.match(r"^([0-9]+)$", count_text)
        if not match or not 1 <= int(match.group(1)) <= 100:
            raise ValueError(_("'{tag}' needs a count from 1 to 100, e.g. (Múltiplo x 3)", tag=tag))
        effects["multiple" if words[0] in ("multiplo", "multiple") else "pilgrim"] = int(match.group(1))
    elif key in ("especial", "special"):
        effects["special"] = value or "(no text given)"
    else:
        raise ValueError(
            _(
                "unknown attack tag '({tag})'; known tags: Comum, Atropelamento, Mágico, Projétil: <kind>, Área, "
                "Elemento: <names>, Linha: <kind>, Múltiplo x N, Peregrino x N, Todos, Especial: <text>",
                tag=tag,
            )
        )
    return None


@lru_cache(maxsize=1024)
def parse_attack(text: str, damage: str, *, default_kind: AttackKind = AttackKind.COMMON) -> AttackProfile:
    """Parse a printed attack such as ``"1d10 (Projétil: Flecha)"`` with its damage dice ``damage`` (a profile is
    frozen, so the units of a large file that print the same attack share one)."""
    match = _HEAD.match(text)
    assert match is not None
    head, rest = match.group("head"), match.group("rest").strip()
    tags: list[str] = []
    while rest:
        if not rest.startswith("("):
            raise ValueError(
                _(
                    "cannot read attack '{text}': expected a tag in parentheses at '{rest}'. "
                    "Write attacks as printed on the card, e.g. '3 (Atropelamento)' or '1d10 (Projétil: Flecha)'",
                    text=text,
                    rest=rest,
                )
            )
        depths = accumulate({"(": 1, ")": -1}.get(char, 0) for char in rest)
        end = next((i for i, depth in enumerate(depths) if depth == 0), -1)  # the ')' that closes the first '('
        if end < 0:
            raise ValueError(_("cannot read attack '{text}': a '(' is never closed", text=text))
        tags.append(rest[1:end].strip())
        rest = rest[end + 1 :].strip()
    kind: AttackKind | None = None
    ammo: str | None = None
    found: dict[str, object] = {}
    for tag in tags:
        named = parse_effect(tag, found)
        if named is not None:
            if kind is not None:
                raise ValueError(_("attack '{text}' names two attack types", text=text))
            kind, ammo = named if isinstance(named, tuple) else (named, None)
    if kind is None:
        kind = AttackKind.PROJECTILE if head and "d" in head.lower() else default_kind
    return build_profile(kind=kind, head=head, damage=damage, ammo=ammo, effects=Effects(**found))  # type: ignore[arg-type]


@cache
def dan_rules() -> DiceRules:
    """What DAN may be written with: the source compares "this amount of damage" with DEF, so a DAN is an amount.
    A count of successes or a pass/fail is not one, and the game's dice are numbered (d4, d10, d20), not Fudge.
    The reasons are said in the reader's language when an expression is refused."""
    from tabroll.dice.notation import DiceRules

    return DiceRules(
        "DAN",
        refused=(
            ("success", N_("DAN is an amount of damage set against DEF, not a count of successes")),
            ("compare", N_("DAN is an amount of damage set against DEF, not a success or a failure")),
            ("fudge", N_("TAB MASTER rolls numbered dice (d4, d10, d20)")),
        ),
        say=_,
    )


def build_profile(
    *, kind: AttackKind, head: str | None, damage: str, ammo: str | None, effects: Effects
) -> AttackProfile:
    """Check that the parts of an attack fit together and build the profile."""
    from tabroll.dice.notation import parse as parse_dice

    parse_dice(damage, rules=dan_rules())
    if kind is AttackKind.PROJECTILE:
        if not head or "d" not in head.lower():
            raise ValueError(_("a projectile attack rolls an attack die: write its ATK as a die, e.g. '1d10'"))
        parse_dice(head)
        if not ammo:
            raise ValueError(_("a projectile attack names its projectile, e.g. (Projétil: Flecha)"))
        reach, roll = None, head.lower()
    else:
        if head is None or not (head.isascii() and head.isdigit()):
            raise ValueError(_("a {kind} attack has a reach in squares as its ATK, e.g. 2", kind=kind.value))
        reach, roll = int(head), None
        if reach > 1000:
            raise ValueError(_("reach {reach} is larger than any board (at most 1000)", reach=reach))
    if effects.pilgrim and (effects.multiple or effects.area):
        raise ValueError(_("a Pilgrim attack cannot be combined with other attacks (Multiple or Area)"))
    return AttackProfile(kind=kind, damage=damage, reach=reach, roll=roll, ammo=ammo, effects=effects)


def parse_trait(text: str) -> tuple[str, str]:
    """A trait as ``("trait", "fly")`` or ``("essence", "fire")``."""
    name, sep, value = text.partition(":")
    key = plain(name)
    if sep and key in ("essencia", "essence"):
        return ("essence", element_id(value))
    if not sep and key in TRAIT_NAMES:
        return ("trait", TRAIT_NAMES[key])
    raise ValueError(
        _(
            "unknown trait '{text}'; known traits: Voar (Fly), Morto-Vivo (Undead), Arqueiro (Archer), "
            "Essência: <element>",
            text=text,
        )
    )
