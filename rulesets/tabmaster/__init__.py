"""TAB MASTER: square-grid skirmish with printed attack types (Common, Trample, Magic, Secondary, Projectile)
and attack effects (Area, Element, Line, Multiple, Pilgrim, All, Special).

Everything about this game is in this folder: ``README.md`` (the rules as we read them, options and rulings),
``units.yaml`` (catalogue), ``elements.yaml`` (element table), ``model.py`` (scenario files), ``state.py``,
``profiles.py`` (printed attack notation) and ``resolver.py`` (the rules). This module stays light: the heavy
parts are imported when a scenario is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabroll.engine import ActionHeader, AttackField, AttackRequest, Resolution, Ruleset, Scenario

from .events import EVENTS

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabroll.dice.sources import DiceSource
    from tabroll.loading.yaml_source import YamlDocument


class TabMaster(Ruleset[Any, Any]):
    id = "tabmaster"
    name = "TAB MASTER"
    aliases = ("tab-master", "tab_master", "tab master")
    summary = "Square grid; DAN rolled against DEF; Common, Trample, Magic, Secondary and Projectile attacks."
    source_language = "Portuguese"
    events = EVENTS
    stat_words = (("flipped", "flipped"), ("vitality", "VIT"))
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

    def options_model(self) -> type[BaseModel]:
        from .model import TabMasterOptions

        return TabMasterOptions

    def scenario_model(self) -> type[BaseModel]:
        from .model import TabMasterScenario

        return TabMasterScenario

    def load_scenario(self, doc: YamlDocument, options: Mapping[str, Any] | None = None) -> Scenario:
        from .setup import build_scenario

        return build_scenario(self, doc, options or {})

    def resolve(self, state: Any, action: Any, dice: DiceSource) -> Resolution:
        from .resolver import resolve

        events, after = resolve(state, action, dice)
        return Resolution(events=tuple(events), state=after)

    def describe_action(self, action: Any) -> ActionHeader:
        return ActionHeader(*self._header(action))

    def _header(self, action: Any) -> tuple[str | None, str, str]:
        from .model import AttackAction, MoveAction

        if isinstance(action, AttackAction):
            names = action.target_names()
            against = f" {', '.join(names)}" if names else ""
            how = " (secondary attack)" if action.using == "secondary" else ""
            return action.attacker, "attack", f"{action.attacker} attacks{against}{how}"
        if isinstance(action, MoveAction):
            where = list(action.to) if action.to is not None else "along a path"
            return action.unit, "move", f"{action.unit} moves to {where}"
        return None, "new_round", "a new round begins"

    def quick_attack(self, request: AttackRequest) -> Scenario:
        from .setup import quick_scenario

        return quick_scenario(self, request)

    def catalogue_names(self) -> list[str]:
        from .model import catalogue

        return list(catalogue())

    def quick_action(self, attacker: str, target: str, fields: Mapping[str, str]) -> Any:
        from .setup import quick_action

        return quick_action(attacker, target, fields)

    def summarize_state(self, state: Any) -> dict[str, Any]:
        from .setup import summarize

        return summarize(state)


RULESET = TabMaster()

__all__ = ["RULESET", "TabMaster"]
