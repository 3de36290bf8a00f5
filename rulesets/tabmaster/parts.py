"""The heavy half of this game, handed to the core as typed parts (imported on first use: see ``__init__.py``)."""

from __future__ import annotations

from tabroll.kit.parts import GameParts

from .model import TabMasterAction, TabMasterOptions, TabMasterScenario, catalogue
from .resolver import next_attack, resolve
from .setup import build_scenario, check_stat, quick_action, quick_scenario, summarize
from .state import Battle

PARTS: GameParts[Battle, TabMasterAction] = GameParts(
    options_model=TabMasterOptions,
    scenario_model=TabMasterScenario,
    load_scenario=build_scenario,
    resolve=resolve,
    summarize_state=summarize,
    quick_attack=quick_scenario,
    quick_action=quick_action,
    catalogue=catalogue,
    check_stat=check_stat,
    next_attack=next_attack,
)
