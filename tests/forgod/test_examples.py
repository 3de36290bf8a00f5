"""The bundled F0R60D scenarios (the digest's acceptance ideas and one per mechanism), with their exact outcomes.

The source has no numeric worked example; these numbers are derived from the rules and stated in each file.
"""

from __future__ import annotations

from tests.forgod.helpers import run_file


def test_01_tie_goes_to_the_defender() -> None:
    out = run_file("01-tie-goes-to-the-defender.yaml")
    miss = out.of("miss")[0]
    assert (miss.result, miss.rule) == (9, "evasion 9 ≥ attack 9 (ties go to the defender)")
    assert out.of("damage") == [] and out.unit("Arqueros").front_life == 5


def test_02_natural_ten_beats_a_huge_evasion_and_doubles_damage() -> None:
    out = run_file("02-critical-beats-any-bonus.yaml")
    assert out.of("hit")[0].rule.startswith("natural 10 (critical)")
    assert out.reasons("multiplier") == [("damage", "crítico", 2)]
    assert out.of("damage")[0].amount == 14 and out.unit("Coloso").front_life == 6


def test_03_detachment_bonuses_and_damage_overflow() -> None:
    out = run_file("03-detachment-of-three.yaml")
    first, second, third = out.steps
    mods = [(e.reason, e.amount) for e in first.events if e.kind == "modifier"]
    assert mods == [("BA +1 × 3 cartas", 3), ("Daño +2 × 3 cartas", 6)]
    lost = next(e for e in second.events if e.kind == "cards_lost")
    assert (lost.lost, lost.left, lost.life_left) == (2, 1, 3)
    mods = [(e.reason, e.amount) for e in third.events if e.kind == "modifier"]
    assert mods == [("BA", 1), ("Daño", 2)]
    infantes = out.unit("Infantes")
    assert (infantes.cards, infantes.front_life) == (1, 3)
    assert out.unit("Ogro").front_life == 30 - 10 - 5


def test_04_evaded_charge_and_counterattack() -> None:
    out = run_file("04-evaded-charge-counterattack.yaml")
    impact = out.steps[2].events
    assert [e.kind for e in impact if e.kind in ("miss", "hit")] == ["miss", "hit"]
    assert ("attack roll", "Contraataque", 2) in out.reasons()
    assert ("evasion roll", "cargando", -4) in out.reasons()
    assert out.unit("Jinetes").defeated and out.unit("Piqueros").front_life == 6
    assert out.state.charges == ()


def test_05_lines_air_orange_and_absorption_once_per_round() -> None:
    out = run_file("05-lines-and-air.yaml")
    one, two, _, four = out.steps
    assert [e.amount for e in one.events if e.kind == "damage"] == [2]
    assert [e.amount for e in two.events if e.kind == "damage"] == [9]
    assert any(e.kind == "ruling" and e.option == "absorption_sign" for e in two.events)
    reasons = [(e.reason, e.amount) for e in four.events if e.kind == "modifier"]
    assert ("casilla naranja", -6) in reasons and ("Tierra contra Aire, a rango", -2) in reasons
    assert ("Absorción (una vez por ronda)", -2) not in reasons
    assert [e.amount for e in four.events if e.kind == "damage"] == [5]
    assert out.unit("Grifo").front_life == 3 and out.unit("Espadas").front_life == 3


def test_06_shield() -> None:
    out = run_file("06-shield.yaml")
    assert [e.amount for e in out.of("damage")] == [1, 5]
    assert ("evasion roll", "protegido por el Escudo Escudero", 2) in out.reasons()
    assert ("evasion roll", "Escudo de Maga", -2) in out.reasons()
    assert out.state.shields == (("Escudero", "Maga"),)


def test_07_covered_charge_and_critical_impact() -> None:
    out = run_file("07-covered-charge-critical.yaml")
    assert ("FA", "Cubrir Carga por Escolta", -2) in out.reasons()
    assert ("damage", "Cubrir Carga por Escolta", -4) in out.reasons()
    assert out.reasons("multiplier") == [("damage", "Carga", 2), ("damage", "crítico", 2)]
    assert [e.amount for e in out.of("damage")] == [4, 24]
    assert out.unit("Lanceros").defeated and out.unit("Caballería").front_life == 6


def test_08_flank() -> None:
    out = run_file("08-flank.yaml")
    assert out.of("opposed_check")[0].winner == "Exploradores"
    assert out.totals("attack roll") == [5, 9] and out.totals("damage") == [6, 10, 8]
    assert out.unit("Guardias").front_life == 4


def test_09_charge_with_flank_critical_is_times_six() -> None:
    out = run_file("09-charge-with-flank.yaml")
    assert out.reasons("multiplier") == [("damage", "Carga con flanqueo", 3), ("damage", "crítico", 2)]
    assert out.of("damage")[0].amount == 42 and out.unit("Muralla").defeated


def test_10_royal_guard_and_commander_fall() -> None:
    out = run_file("10-royal-guard-and-fallen-commander.yaml")
    assert [e.unit for e in out.of("defeat")] == ["Guardia", "Rey", "Milicia"]
    assert [(c.defender, c.winner) for c in out.of("opposed_check")] == [("Infantes", "Infantes"), ("Milicia", "Rey")]
    assert out.unit("Milicia").fled and out.unit("Infantes").on_board


def test_11_initiative_and_checks() -> None:
    out = run_file("11-initiative-and-checks.yaml")
    checks = out.of("opposed_check")
    assert [(c.stat, c.attacker_total, c.defender_total, c.winner) for c in checks] == [
        ("Reacción", 7, 5, "red"),
        ("Moral", 13, 13, "Milicianos"),
        ("Fortaleza", 15, 13, "Dragón"),
    ]
    assert out.state.first == "red"


def test_12_detachment_additions() -> None:
    out = run_file("12-detachment-additions.yaml")
    assert [e.amount for e in out.of("damage")] == [15, 10, 3]
    assert out.of("cards_lost")[0].left == 1
    legion = out.unit("Legión")
    assert (legion.cards, legion.front_life) == (1, 2)


def test_13_a_whole_skirmish_replays_exactly() -> None:
    out = run_file("13-skirmish.yaml")
    assert all(not step.refused for step in out.steps)
    assert out.state.first == "red"
    assert [(e.target, e.amount) for e in out.of("damage")] == [("Jinetes", 1), ("Bárbaros", 8), ("Arqueros", 12)]
    assert [e.unit for e in out.of("defeat")] == ["Arqueros"]
    assert out.unit("Bárbaros").cards == 1 and out.unit("Bárbaros").front_life == 2
    assert out.state.shields == (("Escuderos", "Caudillo"),) and out.state.charges == ()
    assert [c.winner for c in out.of("opposed_check")] == ["red", "Bárbaros"]


def test_outcome_measures_count_cards_left_and_flight() -> None:
    from tabroll.engine import find_ruleset

    game = find_ruleset("forgod")
    out = run_file("10-royal-guard-and-fallen-commander.yaml")
    before, last = out.steps[1].state, out.steps[2]
    measures = game.outcome_measures(before, last.state, last.events)
    declared = game.declare_measures(before, out.scenario.steps[2].action)
    assert set(measures) == {m.name for m in declared}
    assert {m.name: measures[m.name] for m in declared if measures[m.name] != m.missing()} == {
        "cards left: Rey": 0,
        "cards left: Milicia": 0,
        "fled: Milicia": True,
    }
