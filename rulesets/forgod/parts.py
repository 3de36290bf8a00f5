"""The heavy half of this game, handed to the core as typed parts (imported on first use: see ``__init__.py``)."""

from __future__ import annotations

from tabroll.kit.parts import GameParts

from .model import Action, ForgodOptions, ForgodScenario
from .resolver import resolve
from .setup import build_scenario, quick_action, quick_scenario, summarize
from .state import Battle
from .turn import next_attack

PARTS: GameParts[Battle, Action] = GameParts(
    options_model=ForgodOptions,
    scenario_model=ForgodScenario,
    load_scenario=build_scenario,
    resolve=resolve,
    summarize_state=summarize,
    quick_attack=quick_scenario,
    quick_action=quick_action,
    next_attack=next_attack,
)
