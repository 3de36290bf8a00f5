"""Odds reports in another language (issue 32): the headings and the chart's columns in Russian and Polish, plural
forms, and JSON identical to English in its keys and numbers."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import SCENARIOS
from tests.support import speaking

ARQUEIRO = SCENARIOS / "tabmaster" / "05-projectile-arqueiro.yaml"


def test_the_odds_report_in_russian(cli: Any) -> None:
    result = cli("odds", str(ARQUEIRO), "--format", "text", "--lang", "ru")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[1:5] == [
        "шансы (точно, по 105 исходам костей)",
        "сама атака:",
        "  P(попадание) = 50,00\u00a0%  = 1/2",  # Russian numbers (issue 42): a decimal comma, a space before %
        "  P(побеждён: Lanceiro) = 35,00\u00a0%  = 7/20",
    ]
    assert lines[5] == "  урон: среднее 5,250 = 21/4"


def test_the_odds_report_in_polish_with_its_columns_aligned(cli: Any) -> None:
    lines = cli("odds", str(ARQUEIRO), "--format", "text", "--lang", "pl").out.splitlines()
    assert lines[1:4] == ["szanse (dokładne, z 105 wyników kości)", "sam atak:", "  P(trafienie) = 50,00%  = 1/2"]
    head, first = lines[6], lines[7]
    assert head.startswith("        dokładnie  co najmniej  0%")
    assert first.startswith("     0     50,00%      100,00%  #")
    assert head.index("dokładnie") + len("dokładnie") == first.index("50,00%") + len("50,00%")
    assert head.index("co najmniej") + len("co najmniej") == first.index("100,00%") + len("100,00%")


def test_attacks_to_defeat_in_russian(cli: Any) -> None:
    lines = cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat", "--format", "text", "--lang", "ru")
    shown = lines.out.splitlines()
    assert shown[1] == (
        "раундов до поражения Soldado, не более 20 (точно, по 400 розыгрышам; не более 1 состояния перед атакой)"
    )
    assert "  P(побеждён за 20 раундов) = >99,99\u00a0%" in shown
    assert "     k      на k       за k  0\u00a0%                 100\u00a0%" in shown  # 100 % where a full bar ends


def test_three_plural_forms_in_russian_and_polish() -> None:
    from tabroll.i18n import n_

    def within(n: int) -> str:
        return n_("P(defeated within {n} round) = ", "P(defeated within {n} rounds) = ", n)

    def after(n: int) -> str:
        return n_("after {n} action:", "after {n} actions:", n)

    with speaking("ru"):
        assert [within(n) for n in (1, 3, 5, 21)] == [
            "P(побеждён за 1 раунд) = ",
            "P(побеждён за 3 раунда) = ",
            "P(побеждён за 5 раундов) = ",
            "P(побеждён за 21 раунд) = ",
        ]
    with speaking("pl"):
        assert [after(n) for n in (1, 2, 5, 22)] == ["po 1 akcji:", "po 2 akcjach:", "po 5 akcjach:", "po 22 akcjach:"]


def test_odds_json_is_the_same_in_polish(cli: Any) -> None:
    english = json.loads(cli("odds", str(ARQUEIRO), "--format", "json").out)
    polish = json.loads(cli("odds", str(ARQUEIRO), "--format", "json", "--lang", "pl").out)
    prose = ("title", "note")  # the action's description and the method's note may follow the language
    assert {k: v for k, v in polish.items() if k not in prose} == {k: v for k, v in english.items() if k not in prose}
    assert polish["probabilities"]["defeated: Lanceiro"] == {"value": 0.35, "exact": "7/20"}


AHOTNIK_MELEE = SCENARIOS / "ahotnik" / "04-melee-facing-and-teams.yaml"


def test_a_games_own_measures_are_named_by_its_catalogue(cli: Any) -> None:
    """Ahotnik's measures of one unit and its follow-ups' labels, in Italian in the report; the JSON keys stay."""
    shown = cli("odds", str(AHOTNIK_MELEE), "--format", "text", "--lang", "it").out
    assert "attacco di Crow:" in shown.splitlines()
    assert "  Vita rimasta: Hawk (valore): media 2,000 = 2" in shown.splitlines()
    assert "entra in Transizione di fase: Raven" in shown and "livello di Minaccia" in shown
    english = json.loads(cli("odds", str(AHOTNIK_MELEE), "--format", "json").out)
    italian = json.loads(cli("odds", str(AHOTNIK_MELEE), "--format", "json", "--lang", "it").out)
    assert list(italian["measures"]) == list(english["measures"])
    assert "Life left: Hawk" in italian["measures"]
    assert italian["measures"] == english["measures"]


def test_a_measure_of_a_unit_whose_name_has_spaces() -> None:
    from tabroll.odds.figures import figure_name

    with speaking("it", game="ahotnik"):
        assert figure_name("Life left: Old Crow") == "Vita rimasta: Old Crow"
        assert figure_name("attack by Old Crow") == "attacco di Old Crow"
        assert figure_name("Life: Old Crow") == "Life: Old Crow"  # no such measure: as it is
        assert figure_name("hit on Old Crow") == "colpito Old Crow"
