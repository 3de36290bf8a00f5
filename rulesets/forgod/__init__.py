"""Sistema Táctico F0R60D: card wargame with d10s on two facing fields of squares, detachments and strategic
actions (Escudo, Carga, Cubrir Carga, Flanquear, Contraataque, Guardia Real).

Everything about this game is in this folder: ``README.md`` (the rules as we read them, options and rulings),
``model.py`` (scenario files, with the cards' Spanish stat names), ``army.py`` (a legal army, checked at load),
``state.py``, ``events.py`` (its own event kinds), ``resolver.py`` (turns, the attack and the strategic actions of
combat), ``strategy.py`` (Reagrupar, Cambio de Estrategia, Llamar Refuerzos) and ``abilities.py`` (abilities in
use). This module stays light: the heavy parts load with a scenario.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabroll.engine import ActionHeader, AttackRequest, Measure, Resolution, Ruleset, Scenario

from .events import EVENTS

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabroll.dice.sources import DiceSource
    from tabroll.events import Event
    from tabroll.loading.yaml_source import YamlDocument

_VERBS = {
    "attack": ("attacker", "attacks", "target"),
    "shield": ("unit", "shields", "protects"),
    "release": ("unit", "stops protecting", None),
    "charge": ("charger", "charges", "target"),
    "charge_impact": ("charger", "'s charge hits", None),
    "flank": ("flanker", "flanks", "target"),
    "royal_guard": ("unit", "becomes the royal guard of", "commander"),
    "move": ("unit", "moves", None),
    "check": ("attacker", "tests", "defender"),
    "heal": ("healer", "heals", "unit"),
    "regroup": ("unit", "regroups", None),
    "ability": ("unit", "uses an ability on", "target"),
    "change_strategy": ("unit", "is exchanged for", "into"),
    "reinforcements": ("side", "calls reinforcements", None),
    "paralyse": ("unit", "is paralysed", None),
}


class Forgod(Ruleset[Any, Any]):
    id = "forgod"
    name = "Sistema Táctico F0R60D"
    aliases = ("f0r60d", "forgod", "sistema tactico f0r60d")
    summary = (
        "d10 attack against d10 evasion, damage minus absorption; detachments, strategic actions, and a whole "
        "battle: alternating turns, legal armies, the addition deck, abilities and the result."
    )
    source_language = "Spanish"
    events = EVENTS
    stops_at_game_over = True

    def options_model(self) -> type[BaseModel]:
        from .model import ForgodOptions

        return ForgodOptions

    def scenario_model(self) -> type[BaseModel]:
        from .model import ForgodScenario

        return ForgodScenario

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
        verb = str(getattr(action, "do", "action"))
        if verb == "initiative":
            return None, verb, "reaction rolls: who acts first"
        actor_field, words, other_field = _VERBS.get(verb, ("unit", verb, None))
        actor = getattr(action, actor_field, None)
        other = getattr(action, other_field, None) if other_field else None
        if verb == "check":
            stat = {"fortitude": "Fortaleza", "morale": "Moral"}.get(str(getattr(action, "stat", "")), "")
            text = f"{actor} tests {stat} against {other}"
        elif verb == "charge_impact":
            text = f"the charge of {actor} hits"
        elif verb == "ability":
            text = f"{actor} uses {action.ability}" + (f" on {other}" if other else "")
        else:
            text = f"{actor} {words}" + (f" {other}" if other else "")
            if verb == "charge" and getattr(action, "flank", False):
                text += " (with a flank)"
            if verb == "move":
                where = action.to if action.to is not None else action.move_to
                text += f" to {list(where)}" if where is not None else ""
        return actor, verb, text

    def quick_attack(self, request: AttackRequest) -> Scenario:
        from .setup import quick_scenario

        return quick_scenario(self, request)

    def quick_action(self, attacker: str, target: str, fields: Mapping[str, str]) -> Any:
        from .setup import quick_action

        return quick_action(attacker, target, fields)

    def declare_measures(self, state: Any, action: Any) -> list[Measure]:
        """Cards left in every unit on the board (a level), and whether each troop that could flee fled."""
        measures = [Measure(f"cards left: {card.name}", "level", card.cards) for card in state.units if card.on_board]
        commanded = {c.side for c in state.units if c.on_board and c.commander}
        measures += [
            Measure(f"fled: {card.name}", "flag")
            for card in state.units
            if card.on_board and card.kind == "troop" and card.side in commanded and not card.commander
        ]
        return measures

    def outcome_measures(self, before: Any, after: Any, events: Sequence[Event]) -> dict[str, int | bool]:
        measures: dict[str, int | bool] = {}
        for measure in self.declare_measures(before, None):
            unit = after.unit(measure.name.split(": ", 1)[1])
            if measure.kind == "level":
                measures[measure.name] = unit.cards if unit.on_board else 0
            else:
                measures[measure.name] = unit.fled
        return measures

    def outcome_part(self, action: Any, event: Event) -> str:
        """The acting card's strikes are the attack; the other side's are its counterattack; a troop that
        fled when its commander fell did so in the morale test that followed."""
        actor = self.describe_action(action)[0]
        striker = getattr(event, "attacker", None) or getattr(event, "by", None)
        if striker == actor:
            return ""
        return "morale after the commander fell" if striker is None else "counterattack"

    def summarize_state(self, state: Any) -> dict[str, Any]:
        from .setup import summarize

        return summarize(state)


RULESET = Forgod()

__all__ = ["RULESET", "Forgod"]
