"""What random play (``benchmarks/random_play.py``) found, each pinned with its exact dice and outcome."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests import support

ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_defeated_botse_adventurer_cannot_end_its_turn() -> None:
    """Found at seed 19 (play 69 of 12-death-aura.yaml): a defeated adventurer ended its turn and ran its Recovery
    step although it had left play. Every other action of a
    defeated adventurer was already refused. No die is rolled: the aura deals 1 unblockable damage."""
    data = yaml.safe_load((ROOT / "scenarios" / "botse" / "12-death-aura.yaml").read_text(encoding="utf-8"))
    data["adventurers"]["Ayrenn"]["health"] = 1
    data["actions"] = [
        {"do": "aura", "unit": "Lich", "skill": "Death Aura"},
        {"do": "end_turn", "adventurer": "Ayrenn"},
    ]
    out = support.run_data(data, [], support.Outcome)
    assert [e.unit for e in out.of("defeat", 0)] == ["Ayrenn"]
    assert out.steps[1].refused
    assert out.refusals() == ["Ayrenn is defeated"]
    assert out.state == out.steps[0].state
    assert out.of("roll") == []
