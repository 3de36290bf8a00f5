"""The heavy half of this game, handed to the core as typed parts (imported on first use: see ``__init__.py``)."""

from __future__ import annotations

from tabroll.kit.parts import GameParts

from .model import HeroAction, HeroesOptions, HeroesScenario
from .resolver import next_attack, resolve
from .setup import build_scenario, quick_action, quick_scenario, quick_skill_test, state_view, summarize
from .state import Battle

PARTS: GameParts[Battle, HeroAction] = GameParts(
    options_model=HeroesOptions,
    scenario_model=HeroesScenario,
    load_scenario=build_scenario,
    resolve=resolve,
    summarize_state=summarize,
    state_view=state_view,
    quick_attack=quick_scenario,
    quick_action=quick_action,
    next_attack=next_attack,
    quick_skill_test=quick_skill_test,
)
