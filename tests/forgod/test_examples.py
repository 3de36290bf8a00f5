"""The bundled F0R60D scenarios (the digest's acceptance ideas and one per mechanism), with their exact outcomes.

The source has no numeric worked example; these numbers are derived from the rules and stated in each file.
"""

from __future__ import annotations

from pathlib import Path

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
    one, two, _, _, four = out.steps
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
    before, last = out.steps[2].state, out.steps[3]
    measures = game.outcome_measures(before, last.state, last.events)
    declared = game.declare_measures(before, out.scenario.steps[3].action)
    assert set(measures) == {m.name for m in declared}
    assert {m.name: measures[m.name] for m in declared if measures[m.name] != m.missing()} == {
        "cards left: Rey": 0,
        "cards left: Milicia": 0,
        "fled: Milicia": True,
    }


def test_14_a_whole_battle_from_deployment_to_the_result() -> None:
    out = run_file("14-whole-battle.yaml")
    assert all(not step.refused for step in out.steps) and len(out.steps) == 11
    assert out.state.first == "red" and out.state.turns == (5, 4)
    assert [(e.target, e.amount) for e in out.of("damage")] == [
        ("Bárbaros", 8),
        ("Sanadora", 5),
        ("Sanadora", 9),
        ("Caudillo", 6),
        ("Lanceros", 6),
        ("Caudillo", 3),
        ("Grifa", 7),
        ("Caudillo", 5),
    ]
    # the Caudillo's Grito answers the Grifa's attack after its hit and before its damage roll
    answered = [e.kind for e in out.steps[8].events if e.kind in ("hit", "status", "damage")]
    assert answered == ["hit", "status", "damage"]
    assert "Caudillo answers Grifa's attack with Grito, an instant ability: not its turn" in [
        n.text for n in out.of("note")
    ]
    assert [(h.unit, h.amount, h.after) for h in out.of("heal")] == [("Sanadora", 4, 5)]
    assert "Grifa does not declare flight this turn: it moves on the ground (Terreno Cualquiera)" in [
        n.text for n in out.of("note")
    ]
    assert [d.unit for d in out.of("defeat")] == ["Sanadora", "Caudillo", "Bárbaros"]
    (over,) = out.of("game_over")
    assert (over.winner, over.reason) == ("red", "blue has no troops left on the field")
    assert out.unit("Lanceros").paralysed and out.unit("Bárbaros").fled
    assert [a.label for a in out.state.oxido[1]] == ["Veterano"] and out.unit("Caudillo").additions == ()
    assert [(u.name, u.front_life) for u in out.state.living()] == [("Lanceros", 2), ("Grifa", 3), ("Capitana", 12)]


def test_15_every_refusal_of_a_battle_and_the_run_stopping_at_its_end() -> None:
    out = run_file("15-refusals.yaml")
    assert [(i + 1, r.rule) for i, s in enumerate(out.steps) for r in s.events if r.kind == "refused"] == [
        (1, "initiative"),
        (3, "first turn"),
        (5, "alternation"),
        (7, "turn order"),
        (8, "Terreno"),
        (11, "Guardia Real"),
        (13, "paralysed"),
        (15, "healing"),
        (17, "black additions"),
        (18, "abilities"),
        (19, "Reagrupar"),
        (20, "Cambio de Estrategia"),
        (21, "Llamar Refuerzos"),
    ]
    assert len(out.steps) == 22 and out.of("game_over")[0].winner == "red"
    for step, before in zip(out.steps[1:], out.steps, strict=False):
        if step.refused:
            assert step.state == before.state


def test_the_illegal_army_example_lists_every_problem_with_its_line() -> None:
    from tabroll.errors import InputError
    from tabroll.loading.scenario import load_scenario_file

    try:
        load_scenario_file(Path(__file__).with_name("illegal-army.yaml"))
    except InputError as err:
        lines = err.describe().splitlines()
    else:
        raise AssertionError("the illegal army loaded")
    assert lines[0].endswith("illegal-army.yaml: found 7 problems:")
    where = [line.split(": ")[0].rsplit("illegal-army.yaml:", 1)[1] for line in lines[1:]]
    assert where == ["11:1", "12:63", "13:3", "14:48", "14:76", "15:3", "16:76"]
    rules = [line.rsplit("(", 1)[1].split(")")[0] for line in [lines[i].split(" — ")[0] for i in range(1, 8)]]
    assert rules == [
        "starting formation",
        "addition slots",
        "choosing the commander",
        "choosing cards: an invocation needs the card that summons it",
        "addition deck",
        "campaign points: PC per card, each card of a detachment paid",
        "black additions",
    ]


def test_the_readmes_rule_table_names_tests_that_exist() -> None:
    import re
    from pathlib import Path

    folder = Path(__file__).resolve().parent
    readme = (folder.parents[1] / "rulesets" / "forgod" / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Every rule of the source") :]
    for row in table.splitlines():
        if not row.startswith("| ") or "`" not in row:
            continue
        current = None
        for ref in re.findall(r"`([^`]+)`", row.split("|")[3]):
            if ref.endswith(".py"):
                current = ref
                continue
            file, _, name = ref.rpartition("::")
            if file:
                current = file
            if not name.startswith("test") and "…" not in name:
                continue
            assert current is not None, row
            names = re.findall(r"^def (test\w+)", (folder / current).read_text(encoding="utf-8"), re.M)
            parts = [p for p in re.split(r"[…*]", name) if p]
            assert any(all(p in n for p in parts) for n in names), f"{current}::{name} (README) is not a test"


def test_16_a_battle_of_decks_regrouping_and_reinforcements() -> None:
    out = run_file("16-army-management.yaml")
    assert all(not step.refused for step in out.steps) and len(out.steps) == 9
    draws = [(r.dice, r.total) for r in out.of("roll") if r.label.startswith("addition drawn")]
    assert draws == [("1d30", 1), ("1d29", 25), ("1d28", 6), ("1d27", 12)]
    assert [a.label for a in out.state.hands[0]] == ["Maldición", "Cota"] and len(out.state.decks[0]) == 26
    assert [a.label for a in out.unit("Jinete").additions] == ["ECB Veterano"]
    assert out.unit("Piqueros II").defeated and out.unit("Piqueros").defeated
    assert out.unit("Ballesteros").position == (0, 1) and out.unit("Jinete").position == (1, 2)
    assert out.state.reserve[0] == 90 and out.state.reinforcement_cards == (0, 0)
    assert [(e.target, e.amount) for e in out.of("damage")] == [
        ("Jefe", 9),
        ("Reina", 6),
        ("Piqueros II", 9),
        ("Jefe", 5),
    ]
    (over,) = out.of("game_over")
    assert over.winner == "red" and out.unit("Orcos").fled


def test_17_one_battle_through_every_rule_of_the_issue() -> None:
    out = run_file("17-every-rule.yaml")
    assert all(not step.refused for step in out.steps) and len(out.steps) == 19
    draws = [r.total for r in out.of("roll") if r.label.startswith("addition drawn")]
    assert draws == [1, 20, 13, 14, 28, 33, 40, 22]
    assert [(e.target, e.amount) for e in out.of("damage")] == [
        ("Orcos", 9),
        ("Reina", 6),
        ("Arqueros", 4),
        ("Guardia", 9),
        ("Jefe", 8),
        ("Grifa", 8),
        ("Jefe", 2),
        ("Grifa", 4),
        ("Piqueros II", 8),
        ("Jefe", 7),
    ]
    assert [(h.unit, h.amount) for h in out.of("heal")] == [("Grifa", 4)]
    assert [(s.unit, s.status) for s in out.of("status") if s.status == "paralysed"] == [("Piqueros", "paralysed")]
    assert not out.unit("Piqueros").paralysed  # cured by the Remedio
    assert [a.label for a in out.state.oxido[0]] == ["ECB Veterano"] and [a.label for a in out.state.oxido[1]] == [
        "Estandarte"
    ]
    hand = [a.label for a in out.state.hands[0]]
    assert hand == ["Amuleto", "ECB Veterano", "Maldición", "Niebla", "Liderazgo Capitán"]
    assert out.state.reserve[0] == 430 and out.unit("Jinete").position == (3, 2)
    assert "Grifa does not declare flight this turn: it moves on the ground (Terreno Cualquiera)" in [
        n.text for n in out.of("note")
    ]
    (over,) = out.of("game_over")
    assert over.winner == "red" and out.unit("Orcos").fled and out.unit("Arqueros").fled


def test_18_special_units_and_a_summoned_beast_from_deployment_to_the_result() -> None:
    out = run_file("18-special-units-and-summoners.yaml")
    assert all(not step.refused for step in out.steps) and len(out.steps) == 10
    assert [(e.target, e.amount) for e in out.of("damage")] == [
        ("Hechicera", 5),
        ("Lanceros", 4),
        ("Lobo", 5),
        ("Estandarte", 4),
        ("Hechicera", 4),
        ("Lanceros", 3),
        ("Lobo", 4),
        ("Caudillo", 9),
    ]
    specials = [
        (i + 1, e.applies_to, e.reason)
        for i, s in enumerate(out.steps)
        for e in s.events
        if e.kind == "modifier" and e.reason.startswith("unidad especial")
    ]
    assert specials == [
        (2, "attack roll", "unidad especial Estandarte"),
        (3, "evasion roll", "unidad especial Altavoz (Zumbido)"),
        (4, "attack roll", "unidad especial Estandarte"),
        (5, "evasion roll", "unidad especial Altavoz (Zumbido)"),
        (7, "evasion roll", "unidad especial Altavoz (Zumbido)"),
    ]
    assert ("damage", "Absorción Constante", -2) in out.reasons()
    assert "Lobo's absorptions are not active: its summoner Hechicera is no longer on the field" in [
        n.text for n in out.of("note")
    ]
    (over,) = out.of("game_over")
    assert (over.winner, over.reason) == ("red", "blue has no troops left on the field")
    assert [u.name for u in out.state.living()] == ["Capitán", "Altavoz"]


def test_19_responses_answer_an_enemy_action_declared_and_under_way() -> None:
    out = run_file("19-responses.yaml")
    assert [(i + 1, r.rule) for i, s in enumerate(out.steps) for r in s.events if r.kind == "refused"] == [
        (1, "responses")
    ]
    assert [(s.unit, s.reason) for s in out.of("status") if s.status == "paralysed"] == [
        ("Arquera", "Mal de ojo of Chamán, for 1 round of red"),
        ("Jinetes", "Maleficio of Chamán, for 1 round of red"),
    ]
    answered = [e.kind for e in out.steps[5].events if e.kind in ("hit", "status", "damage")]
    assert answered == ["hit", "status", "damage"]
    assert out.state.turns == (2, 3) and out.unit("Chamán").front_life == 2 and out.unit("Lancero").front_life == 2
    (over,) = out.of("game_over")
    assert over.winner == "blue" and out.unit("Jinetes").defeated and out.unit("Arquera").defeated


def test_20_a_what_if_lifts_the_alternation_and_says_so() -> None:
    out = run_file("20-what-if-two-archers-in-a-row.yaml")
    assert [(i + 1, e.option, e.value) for i, s in enumerate(out.steps) for e in s.events if e.kind == "ruling"] == [
        (2, "alternation", "free")
    ]
    assert [e.amount for e in out.of("damage")] == [7, 7] and out.of("refused") == []
    assert out.unit("Ogro").front_life == 13 and out.unit("Arquero 2").front_life == 1
    strict = run_file("20-what-if-two-archers-in-a-row.yaml", alternation="strict")
    assert [(i + 1, r.rule) for i, s in enumerate(strict.steps) for r in s.events if r.kind == "refused"] == [
        (2, "alternation")
    ]
