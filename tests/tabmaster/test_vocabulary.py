"""TAB MASTER speaks the core vocabulary: every die is a ``roll``, a loss of VIT a ``damage`` naming its pool,
a unit taken off the board a ``defeat`` saying how (issue 13)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.tabmaster.helpers import battle, resolved_with_every_die_rolled, run_data

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_die_of_every_bundled_scenario_is_a_roll_event(path: Path) -> None:
    for events in resolved_with_every_die_rolled(path):
        for damage in (e for e in events if e.kind == "damage"):
            assert damage.target and damage.amount >= 0 and damage.attacker
            if damage.pool:
                assert damage.pool == "VIT" and damage.lost is not None and damage.left is not None
        for defeat in (e for e in events if e.kind == "defeat"):
            assert defeat.unit and defeat.how == "defeated" and defeat.reason


def attack_on_vit(*, vitality: int, damage: int) -> Any:
    """A (DAN 1d20) attacks B (DEF 3, VIT ``vitality``) next to it; the damage die shows ``damage``."""
    units = {
        "A": {"side": "red", "at": [0, 0], "ATK": 1, "DAN": "1d20", "DEF": 2},
        "B": {"side": "blue", "at": [1, 0], "ATK": 1, "DAN": "1d6", "DEF": 3, "VIT": vitality},
    }
    return run_data(battle(units, [{"do": "attack", "attacker": "A", "target": "B", "dice": [damage]}]))


def test_damage_beyond_def_is_taken_from_vit_with_what_is_lost_and_left() -> None:
    out = attack_on_vit(vitality=5, damage=6)
    (roll,) = out.of("roll")
    assert (roll.dice, roll.values, roll.total, roll.unit) == ("1d20", (6,), 6, "A")
    (damage,) = out.of("damage")
    assert (damage.attacker, damage.target, damage.amount, damage.pool, damage.lost, damage.left) == (
        "A",
        "B",
        6,
        "VIT",
        3,
        2,
    )
    assert not damage.defeats and out.of("defeat") == []
    assert out.unit("B").vitality == 2
    assert damage.sentence() == "6 damage to B: 6 > DEF 3: 3 through to VIT, 3 VIT lost, VIT 2 left"


def test_vit_at_zero_is_a_defeat_saying_how() -> None:
    out = attack_on_vit(vitality=2, damage=9)
    (damage,) = out.of("damage")
    assert (damage.amount, damage.pool, damage.lost, damage.left, damage.defeats) == (9, "VIT", 2, 0, True)
    (defeat,) = out.of("defeat")
    assert (defeat.unit, defeat.by, defeat.how) == ("B", "A", "defeated")
    assert out.unit("B").defeated


def test_a_random_line_direction_is_one_d8_roll_per_die() -> None:
    out = run_data(
        battle(
            {
                "A": {"side": "red", "at": [2, 2], "ATK": "2 (Linha: Aleatório)", "DAN": "1d20", "DEF": 2},
                "B": {"side": "blue", "at": [2, 3], "ATK": 1, "DAN": "1d6", "DEF": 3},
            },
            [{"do": "attack", "attacker": "A", "dice": [1, 15]}],
        )
    )
    assert [(r.dice, r.values) for r in out.of("roll")] == [("1d8", (1,)), ("1d20", (15,))]
    assert [(d.target, d.amount, d.pool, d.defeats) for d in out.of("damage")] == [("B", 15, "", True)]
