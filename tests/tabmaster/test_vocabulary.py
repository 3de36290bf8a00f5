"""TAB MASTER speaks the core vocabulary: every die is a ``roll``, every damage roll against a unit a ``damage``
naming its pool (VIT when VIT takes the excess, else DEF: issue 25), a unit taken off the board a ``defeat``
saying how (issue 13)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SCENARIOS as ALL_SCENARIOS
from tests.tabmaster.helpers import battle, resolved_with_every_die_rolled, run_data

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_die_of_every_bundled_scenario_is_a_roll_event(path: Path) -> None:
    for events in resolved_with_every_die_rolled(path):
        for damage in (e for e in events if e.kind == "damage"):
            assert damage.target and damage.amount >= 0 and damage.attacker
            assert damage.pool in ("VIT", "DEF")
            if damage.pool == "VIT":
                assert damage.lost is not None and damage.left is not None
            else:
                assert damage.lost is None and damage.left is None
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
    assert [(d.target, d.amount, d.pool, d.defeats) for d in out.of("damage")] == [("B", 15, "DEF", True)]


# --- the pool in the JSON a user reads (issue 25) ---------------------------------------------------------


def _damage_json(result: Any) -> list[dict[str, Any]]:
    doc = result.json()
    (doc,) = doc.get("files", [doc])  # a run lists its files (one here); an attack is one document
    return [e for action in doc["actions"] for e in action["events"] if e["kind"] == "damage"]


def test_a_unit_without_vit_takes_its_damage_against_def_in_the_json(cli) -> None:
    # Example 1 of the source: the Lanceiro rolls 6 on 1d20 against the Alquimista's DEF 3 (no VIT).
    result = cli("run", str(ALL_SCENARIOS / "tabmaster" / "01-common-lanceiro.yaml"), "--format", "json")
    assert result.code == 0, result.err
    (damage,) = _damage_json(result)
    assert {k: damage[k] for k in ("target", "amount", "pool", "lost", "left", "defeats", "rule")} == {
        "target": "Alquimista",
        "amount": 6,
        "pool": "DEF",
        "lost": None,
        "left": None,
        "defeats": True,
        "rule": "6 > DEF 3",
    }


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_damage_of_every_bundled_scenario_names_its_pool_in_the_json(path: Path, cli) -> None:
    result = cli("run", str(path), "--seed", "13", "--format", "json")
    assert result.code in (0, 1), result.err
    damage = _damage_json(result)
    assert damage, f"{path.name} deals no damage"
    assert {e["pool"] for e in damage} == {"DEF"}  # no bundled unit has VIT


def _vit_battle(tmp_path: Path, *, vitality: str, option: str = "") -> Path:
    path = tmp_path / "vit.yaml"
    path.write_text(
        "ruleset: tabmaster\n"
        + (f"options: {{vitality: {option}}}\n" if option else "")
        + "board: {size: [3, 1]}\nunits:\n"
        "  A: {side: red, at: [0, 0], ATK: 1, DAN: 1d20, DEF: 2}\n"
        f"  B: {{side: blue, at: [1, 0], ATK: 1, DAN: 1d6, DEF: 3{vitality}}}\n"
        "actions:\n  - {do: attack, attacker: A, target: B, dice: [6]}\n  - do: new_round\n"
        "  - {do: attack, attacker: A, target: B, dice: [2]}\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("vitality", "option", "code", "expected"),
    [
        # VIT 5: 6 beats DEF 3 and 3 goes through to VIT; then 2 does not beat DEF 3: nothing reaches VIT
        (", VIT: 5", "", 0, [("VIT", 6, 3, 2, False), ("VIT", 2, 0, 2, False)]),
        # vitality: ignore: DEF alone decides, VIT or not; 6 > 3 defeats, so the second attack is refused
        (", VIT: 5", "ignore", 1, [("DEF", 6, None, None, True)]),
        # no VIT at all: DEF alone decides
        ("", "", 1, [("DEF", 6, None, None, True)]),
    ],
)
def test_the_pool_is_vit_where_vit_takes_the_excess_and_def_where_def_alone_decides(
    cli, tmp_path: Path, vitality: str, option: str, code: int, expected: list[tuple[Any, ...]]
) -> None:
    result = cli("run", str(_vit_battle(tmp_path, vitality=vitality, option=option)), "--format", "json")
    assert result.code == code, result.out
    damage = _damage_json(result)
    assert [(e["pool"], e["amount"], e["lost"], e["left"], e["defeats"]) for e in damage] == expected


def test_the_command_line_attack_names_the_pool_too(cli) -> None:
    typed = cli("attack", "-r", "tabmaster", "-a", "Hero ATK=1 DAN=1d12", "-t", "Orc DEF=3", "--dice", "2",
                "--format", "json")  # fmt: skip
    assert typed.code == 0, typed.err
    assert [(e["pool"], e["amount"], e["defeats"]) for e in _damage_json(typed)] == [("DEF", 2, False)]
    vit = cli("attack", "-r", "tabmaster", "-a", "Hero ATK=1 DAN=1d12", "-t", "Orc DEF=3 VIT=4", "--dice", "5",
              "--format", "json")  # fmt: skip
    assert vit.code == 0, vit.err
    assert [(e["pool"], e["amount"], e["lost"], e["left"]) for e in _damage_json(vit)] == [("VIT", 5, 2, 2)]
