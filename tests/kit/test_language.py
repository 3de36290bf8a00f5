"""The core's sentences in each language: the events every game logs, counts with the language's own plural
forms, and the kit's refusal of a name that is none of the units (issue 32)."""

from __future__ import annotations

import pytest

from tabroll.events import Damage, Defeat, Event, GameOver, Hit, Miss, NewRound
from tabroll.i18n import n_
from tabroll.kit import no_such
from tests.support import speaking

DAMAGE = Damage(attacker="Lanceiro", target="Alquimista", amount=6, rule="6 > DEF 3", defeats=True)
DEFEAT = Defeat(unit="Alquimista", by="Lanceiro", reason="6 > DEF 3")
FLED = Defeat(unit="Orc", by=None, reason="no cards", how="fled")
HIT = Hit(attacker="Lanceiro", target="Orc", result=7, needed=5, rule="7 >= 5")
MISS = Miss(attacker="Lanceiro", target="Orc", result=3, needed=5, rule="3 < 5")
ROUND = NewRound(round=2, ready=("Lanceiro", "Orc"))
OVER = GameOver(reason="last unit", winner="left", unit="Orc", by="Lanceiro")

SENTENCES: dict[str, list[tuple[Event, str]]] = {
    "pt": [
        (DAMAGE, "6 de dano em Alquimista: 6 > DEF 3"),
        (DEFEAT, "Alquimista: derrotado, fora do jogo (6 > DEF 3)"),
        (FLED, "Orc: fuga, fora do jogo (no cards)"),
        (HIT, "acerto no alvo Orc: 7 >= 5"),
        (MISS, "falha no alvo Orc: 3 < 5"),
        (ROUND, "começa a rodada 2; prontos de novo: Lanceiro, Orc"),
        (OVER, "FIM DE JOGO: Orc: fora de combate, golpe de Lanceiro; vitória: left (last unit)"),
    ],
    "it": [
        (DAMAGE, "6 danni a Alquimista: 6 > DEF 3"),
        (DEFEAT, "Alquimista: sconfitto, fuori dal gioco (6 > DEF 3)"),
        (FLED, "Orc: in fuga, fuori dal gioco (no cards)"),
        (HIT, "colpo a segno su Orc: 7 >= 5"),
        (MISS, "colpo mancato su Orc: 3 < 5"),
        (ROUND, "inizia il round 2; di nuovo pronti: Lanceiro, Orc"),
        (OVER, "FINE PARTITA: Orc: fuori combattimento, colpo di Lanceiro; vittoria: left (last unit)"),
    ],
    "ru": [
        (DAMAGE, "Alquimista получает 6 урона: 6 > DEF 3"),
        (DEFEAT, "Alquimista: побеждён, выбывает из игры (6 > DEF 3)"),
        (FLED, "Orc: бегство, выбывает из игры (no cards)"),
        (HIT, "попадание по цели Orc: 7 >= 5"),
        (MISS, "промах по цели Orc: 3 < 5"),
        (ROUND, "начинается раунд 2; снова готовы: Lanceiro, Orc"),
        (OVER, "ИГРА ОКОНЧЕНА: Orc выбывает из боя (удар: Lanceiro); победа: left (last unit)"),
    ],
    "es": [
        (DAMAGE, "6 de daño a Alquimista: 6 > DEF 3"),
        (DEFEAT, "Alquimista: derrotado, fuera del juego (6 > DEF 3)"),
        (FLED, "Orc: huida, fuera del juego (no cards)"),
        (HIT, "impacto en Orc: 7 >= 5"),
        (MISS, "ataque fallido contra Orc: 3 < 5"),
        (ROUND, "empieza la ronda 2; listos de nuevo: Lanceiro, Orc"),
        (OVER, "FIN DE LA PARTIDA: Orc: fuera de combate por un golpe de Lanceiro; victoria: left (last unit)"),
    ],
    "pl": [
        (DAMAGE, "Alquimista otrzymuje 6 obrażeń: 6 > DEF 3"),
        (DEFEAT, "Alquimista: pokonany, schodzi z gry (6 > DEF 3)"),
        (FLED, "Orc: ucieczka, schodzi z gry (no cards)"),
        (HIT, "trafienie (cel: Orc): 7 >= 5"),
        (MISS, "pudło (cel: Orc): 3 < 5"),
        (ROUND, "zaczyna się runda 2; znów gotowi: Lanceiro, Orc"),
        (OVER, "KONIEC GRY: Orc pada (cios: Lanceiro); zwycięstwo: left (last unit)"),
    ],
}


@pytest.mark.parametrize("code", sorted(SENTENCES))
def test_the_core_events_are_told_in_the_language(code: str) -> None:
    with speaking(code):
        told = [event.sentence() for event, _ in SENTENCES[code]]
    assert told == [sentence for _, sentence in SENTENCES[code]]


def test_the_core_events_are_told_in_english_without_a_language() -> None:
    assert DEFEAT.sentence() == "Alquimista is defeated and leaves play (6 > DEF 3)"
    assert DAMAGE.sentence() == "6 damage to Alquimista: 6 > DEF 3"


@pytest.mark.parametrize(
    ("code", "how", "word"),
    [("pt", "exiled", "exilado"), ("it", "annihilated", "annientato"), ("ru", "destroyed", "уничтожен"),
     ("es", "sacrificed", "sacrificado"), ("pl", "knocked out", "znokautowany")],
)  # fmt: skip
def test_a_defeat_says_its_how_in_the_language(code: str, how: str, word: str) -> None:
    event = Defeat(unit="Orc", by=None, reason="x", how=how)
    with speaking(code):
        assert event.sentence().startswith(f"Orc: {word}, ")
    assert event.to_json()["how"] == how  # the machine's word is the same in every language


def test_polish_damage_has_three_forms() -> None:
    def told(amount: int) -> str:
        return Damage(attacker=None, target="Ork", amount=amount, rule="r", defeats=False).sentence()

    with speaking("pl"):
        assert [told(n) for n in (1, 3, 5, 22, 25)] == [
            "Ork otrzymuje 1 obrażenie: r",
            "Ork otrzymuje 3 obrażenia: r",
            "Ork otrzymuje 5 obrażeń: r",
            "Ork otrzymuje 22 obrażenia: r",
            "Ork otrzymuje 25 obrażeń: r",
        ]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("ru", ["1 действие", "3 действия", "5 действий", "21 действие", "12 действий"]),
        ("pl", ["1 akcja", "3 akcje", "5 akcji", "21 akcji", "12 akcji"]),
    ],
)
def test_a_count_takes_the_three_russian_and_polish_forms(code: str, expected: list[str]) -> None:
    with speaking(code):
        assert [n_("{n} action", "{n} actions", n) for n in (1, 3, 5, 21, 12)] == expected


def test_the_game_over_note_counts_the_actions_left_in_russian() -> None:
    with speaking("ru"):
        notes = [
            n_(
                "the game is over: the scenario's {n} remaining action is not resolved",
                "the game is over: the scenario's {n} remaining actions are not resolved",
                n,
            )
            for n in (1, 2, 7)
        ]
    assert notes == [
        "игра окончена: оставшееся 1 действие сценария не разыгрывается",
        "игра окончена: оставшиеся 2 действия сценария не разыгрываются",
        "игра окончена: оставшиеся 7 действий сценария не разыгрываются",
    ]


def test_a_unit_that_is_not_there_is_refused_in_spanish() -> None:
    with speaking("es"):
        near = no_such("Lancero", ["Lanceiro", "Arqueiro"])
        far = no_such("Zorro", ["Lanceiro", "Arqueiro"])
    assert (near.message, near.tip) == ("no hay ninguna unidad llamada 'Lancero'", "¿quisiste decir 'Lanceiro'?")
    assert (far.message, far.tip) == ("no hay ninguna unidad llamada 'Zorro'", "las unidades son: Lanceiro, Arqueiro")
    assert near.rule == "unknown unit"  # a machine's word: the same in every language
