"""Magic: The Gathering of Heroes: a homebrew RPG of planeswalker-like characters and their creatures.

Everything about this game is in this folder: ``README.md`` (the rules as we read them, options and rulings),
``skills.yaml`` (the ten colour pairs, their twenty skills and the difficulty bands), ``model.py`` (scenario
files), ``state.py`` (combatants, range bands and what each band allows), ``resolver.py`` (the rules),
``skills.py`` (skill tests) and ``events.py`` (the game's own events). Range bands come from the shared
:mod:`tabroll.geometry.bands`. This module stays light: the heavy parts load with a scenario.
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


class GatheringOfHeroes(Ruleset[Any, Any]):
    id = "mtg_heroes"
    name = "Magic: The Gathering of Heroes"
    aliases = ("gathering-of-heroes", "gathering of heroes", "mtg-heroes", "mtgheroes")
    summary = (
        "Range bands; Power d6 against Toughness d6 with keywords; Speed initiative; Reach, Upkeep, action and End "
        "phases; spells as data; colour-pair skill tests."
    )
    source_language = "Polish"
    events = EVENTS

    def options_model(self) -> type[BaseModel]:
        from .model import HeroesOptions

        return HeroesOptions

    def scenario_model(self) -> type[BaseModel]:
        from .model import HeroesScenario

        return HeroesScenario

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
        from .describe import describe_action

        return describe_action(action)

    def quick_attack(self, request: AttackRequest) -> Scenario:
        from .setup import quick_scenario

        return quick_scenario(self, request)

    def quick_action(self, attacker: str, target: str, fields: Mapping[str, str]) -> Any:
        from .setup import quick_action

        return quick_action(attacker, target, fields)

    def quick_skill_test(
        self,
        identity: str,
        skills: Sequence[str],
        *,
        difficulty: str | None = None,
        target: int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> Scenario:
        """A one-action scenario for a skill test typed on the command line (for ``tabroll check-skill``)."""
        from .setup import quick_skill_test

        return quick_skill_test(self, identity, skills, difficulty=difficulty, target=target, options=options)

    def summarize_state(self, state: Any) -> dict[str, Any]:
        from .setup import summarize

        return summarize(state)

    def declare_measures(self, state: Any, action: Any) -> list[Measure]:
        """Life left of every combatant (a level); a skill test's success (a flag)."""
        from .model import SkillTestAction

        measures = [Measure(f"Life left: {unit.name}", "level", unit.life) for unit in state.combatants]
        if isinstance(action, SkillTestAction):
            measures.append(Measure("skill test succeeds", "flag"))
        return measures

    def outcome_measures(self, before: Any, after: Any, events: Sequence[Event]) -> dict[str, int | bool]:
        known = {unit.name for unit in before.combatants}
        measures: dict[str, int | bool] = {
            f"Life left: {unit.name}": unit.life for unit in after.combatants if unit.name in known
        }
        for event in events:
            if event.kind == "skill_test":
                measures["skill test succeeds"] = bool(getattr(event, "success", False))
        return measures

    def outcome_part(self, action: Any, event: Event) -> str:
        """The attacker's blows on its declared target are the attack; its blows on a creature that stepped in
        are the intercept; the defender's blows on the attacker are the counterattack; mana burn is its own."""
        actor = self.describe_action(action)[0]
        striker = getattr(event, "attacker", None) or getattr(event, "by", None)
        struck = getattr(event, "target", None) or getattr(event, "unit", None)
        if striker is None:
            return ""
        if striker == struck:  # the only damage a combatant deals itself: mana over its maximum, at end of turn
            return "mana burn"
        if striker != actor:
            return "counterattack" if struck == actor else f"reply by {striker}"
        declared = getattr(action, "target", None)
        return "" if declared is None or struck == declared else "intercept"

    def state_lines(self, state: Any) -> list[str]:
        from .setup import state_lines

        return state_lines(state)

    def state_rich(self, state: Any) -> Any:
        from .setup import state_rich

        return state_rich(state)


RULESET = GatheringOfHeroes()

__all__ = ["RULESET", "GatheringOfHeroes"]
