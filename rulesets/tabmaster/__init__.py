"""TAB MASTER: square-grid skirmish with printed attack types (Common, Trample, Magic, Secondary, Projectile)
and attack effects (Area, Element, Line, Multiple, Pilgrim, All, Special).

Everything about this game is in this folder (``README.md`` holds the rules as we read them, with our rulings).
This module stays light: its hooks import the rest when first used."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabroll.i18n import N_
from tabroll.kit import AttackField, AttackNeeds, Ruleset, StatNeed
from tabroll.kit.hooks import hook

if TYPE_CHECKING:
    from tabroll.kit.views import StateView

    from .model import TabMasterAction
    from .state import Battle

WORDS: dict[str, tuple[str, ...]] = {
    "attack": ("ataque",),
    "damage": ("dano",),
    "height_limit": ("limite de altura",),
    "movement": ("movimento",),
    "traits": ("características",),
    "defense": ("defesa",),
    "vitality": ("vitalidade",),
    "ammunition": ("munição",),
    "secondary": ("secundário", "ataque secundário"),
}
"""Each stat's name in Portuguese, the game's language, as its log and catalogue say it: accepted beside the
card's abbreviation and the English name, on the command line and in a scenario file (``model.py``)."""

_ATK = StatNeed(
    "ATK",
    N_(
        "The attack as printed: its reach, or its dice for a Projectile, and its type (Mágico, Atropelamento, "
        "Projétil: KIND) and effects in brackets."
    ),
    "printed",
    required=True,
    aliases=("attack", *WORDS["attack"]),
    example="2",
)
_DAN = StatNeed(
    "DAN", N_("The damage dice."), "dice", required=True, aliases=("damage", *WORDS["damage"]), example="1d20"
)
_HLT = StatNeed(
    "HLT",
    N_("The largest height difference it attacks across (not for Magic)."),
    default="0",
    aliases=("height_limit", *WORDS["height_limit"]),
    example="1",
)
_MOV = StatNeed(
    "MOV",
    N_("Squares it may move first (--move), or along a trample."),
    default="0",
    aliases=("movement", *WORDS["movement"]),
    example="1",
)
_TRAITS = StatNeed(
    "traits",
    N_("Traits and essences, e.g. [Arqueiro] or ['Essência: Fogo']."),
    "list",
    aliases=WORDS["traits"],
    example="[Arqueiro]",
)
_DEF = StatNeed(
    "DEF",
    N_("Defense: damage must beat it to defeat the unit."),
    required=True,
    aliases=("defense", *WORDS["defense"]),
    example="6",
)
_VIT = StatNeed(
    "VIT",
    N_("Vitality, for units that have it: it loses the damage beyond DEF."),
    aliases=("vitality", *WORDS["vitality"]),
    example="5",
)
_AMMO = StatNeed(
    "ammunition",
    N_("Projectiles it carries, by kind."),
    "map",
    aliases=("ammo", *WORDS["ammunition"]),
    example="'{Flecha: 5}'",
)
_SECONDARY = StatNeed(
    "secondary",
    N_("Its secondary attack (--using secondary)."),
    "map",
    aliases=WORDS["secondary"],
    example="'{ATK: 1, DAN: 1d4}'",
)
_TARGET = (_DEF, _VIT, _TRAITS)


class TabMaster(Ruleset["Battle", "TabMasterAction"]):
    id = "tabmaster"
    name = "TAB MASTER"
    aliases = ("tab-master", "tab_master", "tab master")
    summary = N_("Square grid; DAN rolled against DEF; Common, Trample, Magic, Secondary and Projectile attacks.")
    language = "pt"
    stat_words = (("flipped", N_("flipped")), ("vitality", "VIT"))
    catalogue_file = "units.json"  # units.yaml read as it is, without loading the models or the YAML reader
    attack_fields = (
        AttackField("using", N_("Which printed attack: primary or secondary."), "text", "primary"),
        AttackField("move_to", N_("Move first to this square, X,Y, then attack."), "text"),
        AttackField("distance", N_("Squares between the two (no scenario file)."), "int", "1", quick_only=True),
        AttackField(
            "height", N_("Target's height minus the attacker's (no scenario file)."), "int", "0", quick_only=True
        ),
        AttackField(
            "sight", N_("Line of sight between them (--no-sight: a ridge between)."), "flag", "true", quick_only=True
        ),
        AttackField(
            "move", N_("Squares moved toward the target first (no scenario file)."), "int", "0", quick_only=True
        ),
    )
    layout = N_("two units on a row of squares")
    attack_needs = (
        AttackNeeds(
            "common",
            N_("Comum: reach ATK squares and HLT levels, in sight; DAN against DEF."),
            (_ATK, _DAN, _HLT, _MOV, _TRAITS),
            _TARGET,
            'tabroll attack -r tabmaster -a "Hero ATK=1 DAN=1d12" -t "Orc DEF=3" --dice 5',
        ),
        AttackNeeds(
            "magic",
            N_("Mágico (ATK '5 (Mágico)'): as common, with no height limit and no sight needed."),
            (_ATK, _DAN, _MOV, _TRAITS),
            _TARGET,
        ),
        AttackNeeds(
            "trample",
            N_(
                "Atropelamento (ATK '3 (Atropelamento)'): moves through the targets' squares; "
                "DAN against each one's DEF."
            ),
            (_ATK, _DAN, _HLT, _MOV, _TRAITS),
            _TARGET,
        ),
        AttackNeeds(
            "projectile",
            N_(
                "Projétil (ATK '1d10 (Projétil: Flecha)'): spends one projectile; the ATK roll "
                "plus the height above the target must reach the distance; DAN against DEF."
            ),
            (_ATK, _DAN, _AMMO, _TRAITS),
            _TARGET,
            "tabroll attack -a \"Bow ATK='1d10 (Projétil: Flecha)' DAN=1d20 ammo='{Flecha: 1}'\" "
            "-t Lanceiro --distance 4 --dice 7,9",
        ),
        AttackNeeds(
            "secondary",
            N_("--using secondary: the unit's secondary attack, read as common."),
            (_SECONDARY, _HLT, _MOV),
            _TARGET,
        ),
    )

    options_model = hook("model.TabMasterOptions", call=False)
    scenario_model = hook("model.TabMasterScenario", call=False)
    load_scenario = hook("setup.build_scenario", ruleset=True)
    resolve = hook("resolver.resolve")
    load_events = hook("events.EVENTS", call=False)
    summarize_state = hook("setup.summarize")
    quick_attack = hook("setup.quick_scenario", ruleset=True)
    quick_action = hook("setup.quick_action", ruleset=True)
    catalogue = hook("model.catalogue")
    check_stat = hook("setup.check_stat")
    next_attack_rule = hook("resolver.next_attack", call=False)

    def new_round_action(self, state: Battle) -> TabMasterAction:
        """A new round: every flipped unit is turned face up."""
        from .model import NewRoundAction

        return NewRoundAction.model_validate({"do": "new_round"})

    def state_view(self, state: Battle) -> StateView:
        """The default view of the units, with this game's words (``flipped``) in the language now."""
        from tabroll.kit.views import units_view

        from .messages import _

        words = tuple((key, _(word)) for key, word in self.stat_words)
        return units_view(self.summarize_state(state), words)


RULESET: Ruleset[Battle, TabMasterAction] = TabMaster()

__all__ = ["RULESET", "TabMaster"]
