"""Barrage (``tests/fixtures/games/barrage``), the fixture game of dice pools, found as ``TABROLL_GAMES`` finds it:
its scenario, and an attack of two units typed with their stats."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tabroll.engine as engine
import tabroll.rulesets as GAMES_PACKAGE
from tabroll.kit import AttackRequest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "tests" / "fixtures" / "games"
SCENARIO = GAMES / "barrage" / "scenarios" / "01-archers-and-knights.yaml"
_PATH = list(GAMES_PACKAGE.__path__)


def _forget() -> None:
    engine._REGISTRY = None
    for name in [m for m in sys.modules if m.startswith("tabroll.rulesets.barrage")]:
        del sys.modules[name]
    GAMES_PACKAGE.__path__[:] = _PATH


def found(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The body of a fixture: the game's ruleset, discovered in the fixture folder for one test."""
    monkeypatch.setenv("TABROLL_GAMES", str(GAMES))
    _forget()
    yield engine.find_ruleset("barrage")
    _forget()


def attack(ruleset: Any, attacker: dict[str, int], target: dict[str, int], **options: str) -> tuple[Any, Any]:
    """The state and the action of ``tabroll odds -r barrage -a "A k=v …" -t "B k=v …"``."""
    built = ruleset.quick_attack(
        AttackRequest(
            attacker="A",
            target="B",
            attacker_stats={k: str(v) for k, v in attacker.items()},
            target_stats={k: str(v) for k, v in target.items()},
            options=options,
        )
    )
    return built.state, built.steps[0].action
