"""The heavy half of this game, handed to the core as typed parts (imported on first use: see ``__init__.py``)."""

from __future__ import annotations

from tabroll.kit.parts import GameParts

from .model import BotseAction, BotseOptions, BotseScenario
from .resolver import next_attack, resolve
from .setup import build_scenario, quick_action, quick_scenario, state_view, summarize
from .state import Battle

PARTS: GameParts[Battle, BotseAction] = GameParts(
    options_model=BotseOptions,
    scenario_model=BotseScenario,
    load_scenario=build_scenario,
    resolve=resolve,
    summarize_state=summarize,
    state_view=state_view,
    quick_attack=quick_scenario,
    quick_action=quick_action,
    next_attack=next_attack,
)
