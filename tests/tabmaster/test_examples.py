"""The five worked examples of the TAB MASTER source, replayed with the source's own dice."""

from __future__ import annotations

from pathlib import Path

from tests.tabmaster.helpers import run_file

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster"


def test_example_1_common_lanceiro_moves_then_defeats_alquimista() -> None:
    out = run_file(EXAMPLES / "01-common-lanceiro.yaml")
    move = out.of("move")[0]
    assert (move.unit, move.origin, move.destination) == ("Lanceiro", (0, 0), (1, 0))
    roll = out.of("roll")[0]
    assert (roll.label, roll.dice, roll.values, roll.total) == ("damage vs Alquimista", "1d20", (6,), 6)
    damage = out.of("damage")[0]
    assert (damage.amount, damage.rule, damage.defeats) == (6, "6 > DEF 3", True)
    assert [e.unit for e in out.of("defeat")] == ["Alquimista"]
    assert [e.unit for e in out.of("flip")] == ["Lanceiro"]
    assert out.unit("Alquimista").defeated and out.unit("Alquimista").position is None
    assert out.unit("Lanceiro").position == (1, 0) and out.unit("Lanceiro").flipped
    assert any(e.option == "defeat_threshold" and e.value == "greater" for e in out.of("ruling"))


def test_example_2_trample_spares_soldado_defeats_arqueiro_and_ends_on_its_square() -> None:
    out = run_file(EXAMPLES / "02-trample-cavaleiro.yaml")
    rolls = [(r.label, r.total) for r in out.of("roll")]
    assert rolls == [("damage vs Soldado", 8), ("damage vs Arqueiro", 12)]
    assert [(d.target, d.amount, d.defeats) for d in out.of("damage")] == [
        ("Soldado", 8, False),
        ("Arqueiro", 12, True),
    ]
    assert [e.unit for e in out.of("defeat")] == ["Arqueiro"]
    assert out.unit("Soldado").on_board and out.unit("Levi").on_board
    assert out.unit("Cavaleiro").position == (3, 0)
    final_move = out.of("move")[-1]
    assert final_move.destination == (3, 0) and final_move.path == ((1, 0), (2, 0), (3, 0))
    assert out.unit("Cavaleiro").flipped


def test_example_2_holds_under_either_threshold() -> None:
    out = run_file(EXAMPLES / "02-trample-cavaleiro.yaml", defeat_threshold="at_least")
    assert [e.unit for e in out.of("defeat")] == ["Arqueiro"]
    assert out.unit("Cavaleiro").position == (3, 0)


def test_example_3_magic_ignores_height_and_sight_and_defeats_with_at_least() -> None:
    out = run_file(EXAMPLES / "03-magic-alquimista.yaml")
    assert out.of("refused") == []
    assert [(r.dice, r.total) for r in out.of("roll")] == [("1d4", 3)]
    damage = out.of("damage")[0]
    assert (damage.amount, damage.rule, damage.defeats) == (3, "3 ≥ DEF 3", True)
    assert any(e.option == "defeat_threshold" and e.value == "at_least" for e in out.of("ruling"))
    assert out.unit("Feiticeiro").defeated and out.unit("Alquimista").flipped


def test_example_3_under_the_rule_text_the_feiticeiro_survives() -> None:
    out = run_file(EXAMPLES / "03-magic-alquimista.yaml", defeat_threshold="greater")
    assert out.of("defeat") == []
    assert out.unit("Feiticeiro").on_board


def test_example_4_secondary_attack_after_a_move_with_no_arrows() -> None:
    out = run_file(EXAMPLES / "04-secondary-arqueiro.yaml")
    assert out.of("spend") == []
    assert out.of("move")[0].destination == (1, 0)
    assert [(r.dice, r.total) for r in out.of("roll")] == [("1d4", 3)]
    assert out.unit("Feiticeiro").defeated
    assert out.unit("Arqueiro").ammo("Flecha") == 0


def test_example_5_projectile_height_bonus_hit_and_defeat() -> None:
    out = run_file(EXAMPLES / "05-projectile-arqueiro.yaml")
    spend = out.of("spend")[0]
    assert (spend.resource, spend.remaining) == ("Flecha", 4)
    attack_roll, damage_roll = out.of("roll")
    assert (attack_roll.dice, attack_roll.total) == ("1d10", 7)
    modifier = out.of("modifier")[0]
    assert (modifier.applies_to, modifier.amount, modifier.total) == ("attack roll", 2, 9)
    hit = out.of("hit")[0]
    assert (hit.result, hit.needed) == (9, 8)
    assert (damage_roll.dice, damage_roll.total) == ("1d20", 7)
    assert out.of("damage")[0].rule == "7 > DEF 6"
    assert out.unit("Lanceiro").defeated and out.unit("Arqueiro").flipped
    assert out.state.pool("red", "Flecha") == 4  # the arrow comes off the red army sheet
