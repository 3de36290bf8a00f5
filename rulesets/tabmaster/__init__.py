"""TAB MASTER: square-grid skirmish with printed attack types (Common, Trample, Magic, Secondary, Projectile)
and attack effects (Area, Element, Line, Multiple, Pilgrim, All, Special).

Everything about this game is in this folder: ``README.md`` (the rules as we read them, options and rulings),
``units.yaml`` (catalogue), ``elements.yaml`` (element table), ``model.py`` (scenario files and actions),
``setup.py`` (from a file or a command line to a battle), ``state.py``, ``profiles.py`` (printed attack
notation), ``resolver.py`` (the rules) and ``events.py`` (this game's own event kinds). This module stays
light: the parts named in ``parts`` are imported when first used.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from tabroll.kit import AttackField, Ruleset

from .events import EVENTS

if TYPE_CHECKING:
    from .model import TabMasterAction
    from .state import Battle


class TabMaster(Ruleset["Battle", "TabMasterAction"]):
    id = "tabmaster"
    name = "TAB MASTER"
    aliases = ("tab-master", "tab_master", "tab master")
    summary = "Square grid; DAN rolled against DEF; Common, Trample, Magic, Secondary and Projectile attacks."
    source_language = "Portuguese"
    events = EVENTS
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

    def new_round_action(self, state: Battle) -> TabMasterAction:
        """A new round: every flipped unit is turned face up."""
        from .model import NewRoundAction

        return NewRoundAction.model_validate({"do": "new_round"})

    parts: ClassVar[Mapping[str, str]] = {
        "options_model": "model:TabMasterOptions",
        "scenario_model": "model:TabMasterScenario",
        "catalogue_names": "model:catalogue_names",
        "load_scenario": "setup:build_scenario",
        "quick_attack": "setup:quick_scenario",
        "quick_action": "setup:quick_action",
        "summarize_state": "setup:summarize",
        "resolve": "resolver:resolve",
    }


RULESET: Ruleset[Battle, TabMasterAction] = TabMaster()

__all__ = ["RULESET", "TabMaster"]
