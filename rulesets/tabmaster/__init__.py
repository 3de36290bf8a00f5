"""TAB MASTER: square-grid skirmish with printed attack types (Common, Trample, Magic, Secondary, Projectile)
and attack effects (Area, Element, Line, Multiple, Pilgrim, All, Special).

Everything about this game is in this folder: ``README.md`` (the rules as we read them, options and rulings),
``units.yaml`` (catalogue), ``elements.yaml`` (element table), ``model.py`` (scenario files and actions),
``setup.py`` (from a file or a command line to a battle), ``state.py``, ``profiles.py`` (printed attack
notation), ``resolver.py`` (the rules) and ``events.py`` (this game's own event kinds). This module stays
light: ``load_parts`` imports ``parts.py`` (the rest) when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabroll.kit import AttackField, AttackNeeds, Ruleset, StatNeed

if TYPE_CHECKING:
    from tabroll.events import Event
    from tabroll.kit.parts import GameParts

    from .model import TabMasterAction
    from .state import Battle

_ATK = StatNeed(
    "ATK",
    "The attack as printed: its reach, or its dice for a Projectile, and its type (Mágico, Atropelamento, "
    "Projétil: KIND) and effects in brackets.",
    "printed",
    required=True,
    aliases=("attack",),
    example="2",
)
_DAN = StatNeed("DAN", "The damage dice.", "dice", required=True, aliases=("damage",), example="1d20")
_HLT = StatNeed(
    "HLT",
    "The largest height difference it attacks across (not for Magic).",
    default="0",
    aliases=("height_limit",),
    example="1",
)
_MOV = StatNeed(
    "MOV", "Squares it may move first (--move), or along a trample.", default="0", aliases=("movement",), example="1"
)
_TRAITS = StatNeed(
    "traits", "Traits and essences, e.g. [Arqueiro] or ['Essência: Fogo'].", "list", example="[Arqueiro]"
)
_DEF = StatNeed(
    "DEF", "Defense: damage must beat it to defeat the unit.", required=True, aliases=("defense",), example="6"
)
_VIT = StatNeed(
    "VIT", "Vitality, for units that have it: it loses the damage beyond DEF.", aliases=("vitality",), example="5"
)
_AMMO = StatNeed("ammunition", "Projectiles it carries, by kind.", "map", aliases=("ammo",), example="'{Flecha: 5}'")
_SECONDARY = StatNeed("secondary", "Its secondary attack (--using secondary).", "map", example="'{ATK: 1, DAN: 1d4}'")
_TARGET = (_DEF, _VIT, _TRAITS)


class TabMaster(Ruleset["Battle", "TabMasterAction"]):
    id = "tabmaster"
    name = "TAB MASTER"
    aliases = ("tab-master", "tab_master", "tab master")
    summary = "Square grid; DAN rolled against DEF; Common, Trample, Magic, Secondary and Projectile attacks."
    source_language = "Portuguese"
    language = "pt"
    stat_words = (("flipped", "flipped"), ("vitality", "VIT"))
    catalogue_file = "catalogue_names.json"  # the names in units.yaml, read without loading the models
    attack_fields = (
        AttackField("using", "Which printed attack: primary or secondary.", "text", "primary"),
        AttackField("move_to", "Move first to this square, X,Y, then attack.", "text"),
        AttackField("distance", "Squares between the two (no scenario file).", "int", "1", quick_only=True),
        AttackField("height", "Target's height minus the attacker's (no scenario file).", "int", "0", quick_only=True),
        AttackField(
            "sight", "Line of sight between them (--no-sight: a ridge between).", "flag", "true", quick_only=True
        ),
        AttackField("move", "Squares moved toward the target first (no scenario file).", "int", "0", quick_only=True),
    )
    layout = "two units on a row of squares"
    attack_needs = (
        AttackNeeds(
            "common",
            "Comum: reach ATK squares and HLT levels, in sight; DAN against DEF.",
            (_ATK, _DAN, _HLT, _MOV, _TRAITS),
            _TARGET,
            'tabroll attack -r tabmaster -a "Hero ATK=1 DAN=1d12" -t "Orc DEF=3" --dice 5',
        ),
        AttackNeeds(
            "magic",
            "Mágico (ATK '5 (Mágico)'): as common, with no height limit and no sight needed.",
            (_ATK, _DAN, _MOV, _TRAITS),
            _TARGET,
        ),
        AttackNeeds(
            "trample",
            "Atropelamento (ATK '3 (Atropelamento)'): moves through the targets' squares; DAN against each one's DEF.",
            (_ATK, _DAN, _HLT, _MOV, _TRAITS),
            _TARGET,
        ),
        AttackNeeds(
            "projectile",
            "Projétil (ATK '1d10 (Projétil: Flecha)'): spends one projectile; the ATK roll "
            "plus the height above the target must reach the distance; DAN against DEF.",
            (_ATK, _DAN, _AMMO, _TRAITS),
            _TARGET,
            "tabroll attack -a \"Bow ATK='1d10 (Projétil: Flecha)' DAN=1d20 ammo='{Flecha: 1}'\" "
            "-t Lanceiro --distance 4 --dice 7,9",
        ),
        AttackNeeds(
            "secondary",
            "--using secondary: the unit's secondary attack, read as common.",
            (_SECONDARY, _HLT, _MOV),
            _TARGET,
        ),
    )

    def new_round_action(self, state: Battle) -> TabMasterAction:
        """A new round: every flipped unit is turned face up."""
        from .model import NewRoundAction

        return NewRoundAction.model_validate({"do": "new_round"})

    def load_events(self) -> tuple[type[Event], ...]:
        from .events import EVENTS

        return EVENTS

    def load_parts(self) -> GameParts[Battle, TabMasterAction]:
        from .parts import PARTS

        return PARTS


RULESET: Ruleset[Battle, TabMasterAction] = TabMaster()

__all__ = ["RULESET", "TabMaster"]
