"""Ahotnik: giant robots steered by two pilots fight each other and Demons on a hex map (the attack phase).

Everything about this game is in this folder: ``README.md`` (the rules as we read them, options and rulings),
``model.py`` (scenario files), ``state.py``, ``resolver.py`` (the rules), ``events.py`` (its event kinds) and
``picture.py`` (the hex map drawn in the terminal). Hex geometry comes from :mod:`tabroll.geometry.hex`. This
module stays light: the heavy parts are imported when a scenario is loaded.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabroll.engine import ActionHeader, Blow, Measure, Resolution, Ruleset, Scenario

from .events import EVENTS

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabroll.dice.sources import DiceSource
    from tabroll.events import Event
    from tabroll.loading.yaml_source import YamlDocument


class AhotnikGame(Ruleset[Any, Any]):
    id = "ahotnik"
    name = "Ahotnik"
    aliases = ("ahotnik-attack",)
    summary = "Hex map; pilots' synapse picks the direction; clockwise targeting; Shields, Life, DNA, threat level."
    source_language = "Italian"
    events = EVENTS

    def options_model(self) -> type[BaseModel]:
        from .model import AhotnikOptions

        return AhotnikOptions

    def scenario_model(self) -> type[BaseModel]:
        from .model import AhotnikScenario

        return AhotnikScenario

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

    def declare_measures(self, state: Any, action: Any) -> list[Measure]:
        """Life and Shields left of every Ahotnik and every Demon on the board (levels); which Ahotniks enter
        phase transition and which Demons are exiled (flags); DNA gained by each Ahotnik (a change); the threat
        level; whether the game ends."""
        measures: list[Measure] = []
        for a in state.ahotniks:
            measures += [Measure(f"Life left: {a.name}", "level", a.life)]
            measures += [Measure(f"Shields left: {a.name}", "level", a.shields)]
        for d in state.demons:
            if d.on_board:
                measures += [Measure(f"Life left: {d.name}", "level", d.life)]
                measures += [Measure(f"Shields left: {d.name}", "level", d.shields)]
        measures += [
            Measure(f"enters phase transition: {a.name}", "flag") for a in state.ahotniks if not a.phase_transition
        ]
        measures += [Measure(f"exiled: {d.name}", "flag") for d in state.demons if d.on_board]
        measures += [Measure(f"DNA gained: {a.name}", "change") for a in state.ahotniks]
        measures += [Measure("threat", "level", state.threat), Measure("game over", "flag")]
        return measures

    def outcome_measures(self, before: Any, after: Any, events: Any) -> dict[str, int | bool]:
        out: dict[str, int | bool] = {}
        for a in before.ahotniks:
            now = after.ahotnik(a.name)
            out[f"Life left: {a.name}"] = now.life
            out[f"Shields left: {a.name}"] = now.shields
            if not a.phase_transition:
                out[f"enters phase transition: {a.name}"] = now.phase_transition
            out[f"DNA gained: {a.name}"] = len(now.dna - a.dna)
        for d in before.demons:
            if d.on_board:
                now_d = after.demon(d.name)
                out[f"Life left: {d.name}"] = now_d.life
                out[f"Shields left: {d.name}"] = now_d.shields
                out[f"exiled: {d.name}"] = now_d.exiled and not d.exiled
        out["threat"] = after.threat
        out["game over"] = after.game_over is not None
        return out

    def outcome_part(self, action: Any, event: Event) -> str:
        """An Ahotnik's own attack is the attack; in a whole attack phase each Ahotnik's attack is its own part."""
        striker = getattr(event, "attacker", None) or getattr(event, "by", None)
        actor = self.describe_action(action)[0]
        return "" if actor is not None and striker == actor else f"attack by {striker}"

    def blows(self, action: Any, events: Sequence[Event]) -> list[Blow]:
        """Every unit a strike reaches is hit (a 0-damage strike included); its damage is what its Shields and
        Life took; an exiled Demon, or an Ahotnik whose fall ends the game, is defeated by that blow."""
        blows: list[Blow] = []
        for event in events:
            if event.kind == "strike":
                taken = int(getattr(event, "to_shields", 0)) + int(getattr(event, "to_life", 0))
                attacker, target = str(getattr(event, "attacker", "")), str(getattr(event, "target", ""))
                blows.append(Blow(self.outcome_part(action, event), attacker, target, True, taken))
            elif event.kind in ("exile", "game_over") and getattr(event, "unit", None):
                unit, by = getattr(event, "unit", None), getattr(event, "by", None)
                for i in range(len(blows) - 1, -1, -1):
                    if blows[i].target == unit and blows[i].attacker == by:
                        blows[i] = dataclasses.replace(blows[i], defeats=True)
                        break
        return blows


RULESET = AhotnikGame()

__all__ = ["RULESET", "AhotnikGame"]
