"""The Elder Scrolls: Betrayal of the Second Era — the Engage action, with custom dice described as data.

Everything about this game is in this folder: ``README.md`` (the rules as we read them, options and rulings),
``sample_dice.yaml`` (an ILLUSTRATIVE dice set, not the printed game's faces), ``model.py`` (scenario files),
``state.py``, ``setup.py``, ``resolver.py`` (the six engage steps) and ``events.py`` (this game's events). This
module stays light: the heavy parts are imported when a scenario is loaded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabroll.engine import ActionHeader, AttackField, AttackRequest, Measure, Resolution, Ruleset, Scenario

from .events import EVENTS

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabroll.dice.sources import DiceSource
    from tabroll.events import Event
    from tabroll.loading.yaml_source import YamlDocument


class Botse(Ruleset[Any, Any]):
    id = "botse"
    name = "The Elder Scrolls: Betrayal of the Second Era"
    aliases = ("betrayal of the second era", "elder scrolls", "tes-botse")
    summary = "Hex map; custom skill dice as data; the six engage steps, summed damage against Defense."
    source_language = "Russian"
    events = EVENTS
    attack_fields = (
        AttackField(
            "distance", "Hexes between the adventurer and the enemy (no scenario file).", "int", "1", quick_only=True
        ),
        AttackField(
            "sight",
            "Whether the adventurer sees the enemy (--no-sight blocks the hex between).",
            "flag",
            "true",
            quick_only=True,
        ),
    )

    def options_model(self) -> type[BaseModel]:
        from .model import BotseOptions

        return BotseOptions

    def scenario_model(self) -> type[BaseModel]:
        from .model import BotseScenario

        return BotseScenario

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
        from .model import AuraAction, EndTurnAction, EngageAction, MoveAction, RollSkillDiceAction

        if isinstance(action, EngageAction):
            names = action.target_names()
            against = f" {', '.join(names)}" if names else " (no target)"
            granted = " (granted by an ability)" if action.granted else ""
            return action.adventurer, "engage", f"{action.adventurer} engages{against}{granted}"
        if isinstance(action, RollSkillDiceAction):
            return action.adventurer, "roll_skill_dice", f"{action.adventurer} rolls skill dice outside battle"
        if isinstance(action, MoveAction):
            return action.adventurer, "move", f"{action.adventurer} moves to {list(action.to)}"
        if isinstance(action, AuraAction):
            return action.unit, "aura", f"{action.unit} uses {action.skill}"
        assert isinstance(action, EndTurnAction)
        return action.adventurer, "end_turn", f"{action.adventurer} ends the turn"

    def quick_attack(self, request: AttackRequest) -> Scenario:
        from .setup import quick_scenario

        return quick_scenario(self, request)

    def quick_action(self, attacker: str, target: str, fields: Mapping[str, str]) -> Any:
        from .setup import quick_action

        return quick_action(attacker, target, fields)

    def declare_measures(self, state: Any, action: Any) -> list[Measure]:
        """Health left of every unit (a level); tenacity, light fatigue and dice sent to the cooldown track
        gained by each adventurer (changes)."""
        measures = [Measure(f"Health left: {unit.name}", "level", unit.health) for unit in state.units]
        for adventurer in state.adventurers:
            measures += [
                Measure(f"tenacity gained: {adventurer.name}", "change"),
                Measure(f"light fatigue gained: {adventurer.name}", "change"),
                Measure(f"dice to cooldown: {adventurer.name}", "change"),
            ]
        return measures

    def outcome_measures(self, before: Any, after: Any, events: Sequence[Event]) -> dict[str, int | bool]:
        out: dict[str, int | bool] = {}
        for unit in before.units:
            out[f"Health left: {unit.name}"] = after.unit(unit.name).health
        for old in before.adventurers:
            new = after.unit(old.name)
            out[f"tenacity gained: {old.name}"] = new.tenacity - old.tenacity
            out[f"light fatigue gained: {old.name}"] = new.light_fatigue - old.light_fatigue
            out[f"dice to cooldown: {old.name}"] = _exhausted(new) - _exhausted(old)
        return out

    def outcome_part(self, action: Any, event: Event) -> str:
        """The engaging adventurer's damage is the engage's own; an enemy's afterwards is its reaction."""
        actor = self.describe_action(action)[0]
        striker = getattr(event, "attacker", None) or getattr(event, "by", None)
        return "" if striker is None or striker == actor else "reaction"

    def summarize_state(self, state: Any) -> dict[str, Any]:
        from .setup import summarize

        return summarize(state)

    def state_lines(self, state: Any) -> list[str]:
        from .setup import state_lines

        return state_lines(state)

    def state_rich(self, state: Any) -> Any:
        from rich.text import Text

        return Text("\n".join(self.state_lines(state)).strip("\n"))


def _exhausted(adventurer: Any) -> int:
    """How many dice sit on an adventurer's cooldown track."""
    return sum(1 for slot in adventurer.cooldown if slot is not None)


RULESET = Botse()

__all__ = ["RULESET", "Botse"]
