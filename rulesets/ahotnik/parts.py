"""The heavy half of this game, handed to the core as typed parts (imported on first use: see ``__init__.py``)."""

from __future__ import annotations

from tabroll.kit.parts import GameParts

from .model import AhotnikAction, AhotnikOptions, AhotnikScenario
from .picture import state_view
from .resolver import resolve
from .setup import build_scenario, quick_action, quick_scenario, summarize
from .state import Board

PARTS: GameParts[Board, AhotnikAction] = GameParts(
    options_model=AhotnikOptions,
    scenario_model=AhotnikScenario,
    load_scenario=build_scenario,
    resolve=resolve,
    summarize_state=summarize,
    state_view=state_view,
    quick_attack=quick_scenario,
    quick_action=quick_action,
)
