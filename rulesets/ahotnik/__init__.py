"""Ahotnik: giant robots steered by two pilots fight each other and Demons on a hex map (the attack phase).

Everything about this game is in this folder: ``README.md`` (the rules as we read them, options and rulings),
``model.py`` (scenario files), ``state.py``, ``resolver.py`` (the rules), ``events.py`` (its event kinds) and
``picture.py`` (the hex map drawn in the terminal). Hex geometry comes from :mod:`tabroll.geometry.hex`. This
module stays light: the heavy parts are imported when a scenario is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabroll.engine import Ruleset, Scenario

from . import events as _events  # registers the event kinds and their log wording

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabroll.dice.sources import DiceSource
    from tabroll.events import Event
    from tabroll.loading.yaml_source import YamlDocument

del _events


class AhotnikGame(Ruleset):
    id = "ahotnik"
    name = "Ahotnik"
    aliases = ("ahotnik-attack",)
    summary = "Hex map; pilots' synapse picks the direction; clockwise targeting; Shields, Life, DNA, threat level."
    source_language = "Italian"

    def options_model(self) -> type[BaseModel]:
        from .model import AhotnikOptions

        return AhotnikOptions

    def scenario_model(self) -> type[BaseModel]:
        from .model import AhotnikScenario

        return AhotnikScenario

    def load_scenario(self, doc: YamlDocument, options: Mapping[str, Any] | None = None) -> Scenario:
        from .setup import build_scenario

        return build_scenario(self, doc, options or {})

    def resolve(self, state: Any, action: Any, dice: DiceSource) -> tuple[list[Event], Any]:
        from .resolver import resolve

        return resolve(state, action, dice)

    def describe_action(self, action: Any) -> tuple[str | None, str, str]:
        from .model import AttackAction, AttackPhaseAction, EndTransitionAction, SummonAction, TerrainAction

        if isinstance(action, AttackPhaseAction):
            return None, "attack_phase", "attack phase"
        if isinstance(action, AttackAction):
            return action.ahotnik, "attack", f"{action.ahotnik} attacks"
        if isinstance(action, SummonAction):
            return action.demon, "summon", f"{action.demon} is summoned at {list(action.at)}"
        if isinstance(action, TerrainAction):
            return None, "contaminated_terrain", f"a Contaminated Terrain token is {action.change}"
        if isinstance(action, EndTransitionAction):
            who = ", ".join(action.ahotniks) if action.ahotniks is not None else "every Ahotnik"
            return None, "end_transition", f"phase transition ends for {who}"
        return None, "action", str(action)

    def quick_action(self, attacker: str, target: str, fields: Mapping[str, str]) -> Any:
        from .setup import quick_action

        return quick_action(attacker, target, fields)

    def summarize_state(self, state: Any) -> dict[str, Any]:
        from .setup import summarize

        return summarize(state)

    def state_lines(self, state: Any) -> list[str]:
        from .picture import state_lines

        return state_lines(state)

    def state_rich(self, state: Any) -> Any:
        from .picture import state_rich

        return state_rich(state)

    def outcome_measures(self, before: Any, after: Any, events: Any) -> dict[str, int | bool | str]:
        out: dict[str, int | bool | str] = {"threat": after.threat, "game over": after.game_over is not None}
        for a in after.ahotniks:
            out[f"life: {a.name}"] = a.life
            out[f"shields: {a.name}"] = a.shields
        for d in after.demons:
            out[f"exiled: {d.name}"] = d.exiled
        return out


RULESET = AhotnikGame()

__all__ = ["RULESET", "AhotnikGame"]
