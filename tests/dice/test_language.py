"""Dice errors in the languages: the expression, its position and its caret are the same in every language."""

from __future__ import annotations

import pytest

from tabroll.dice.notation import DiceSyntaxError, parse
from tabroll.dice.sources import DiceExhausted, DiceRequest, GivenDice, parse_dice_values
from tabroll.errors import InputError
from tests.support import speaking

CARET = "\n    2d6+\n        ^\n"


def _describe(text: str, language: str) -> str:
    with speaking(language):
        with pytest.raises(DiceSyntaxError) as caught:
            parse(text)
        return caught.value.describe()  # in the block: its "Tip:" is worded when shown


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "it",
            "impossibile leggere l'espressione di dadi '2d6+' alla posizione 5: atteso un numero, un dado come 1d6, "
            "o '(', ma l'espressione finisce qui" + CARET + "Suggerimento: i dadi si scrivono come 1d20, 2d6+3, 4d6kh3",
        ),
        (
            "es",
            "no se puede leer la expresión de dados '2d6+' en la posición 5: se esperaba un número, un dado como "
            "1d6, o '(', pero la expresión acaba aquí"
            + CARET
            + "Consejo: los dados se escriben como 1d20, 2d6+3, 4d6kh3",
        ),
        (
            "pl",
            "nie da się odczytać wyrażenia z kośćmi '2d6+' na pozycji 5: oczekiwano: liczba, kość w rodzaju 1d6 "
            "albo '(', ale wyrażenie kończy się tutaj"
            + CARET
            + "Wskazówka: kości zapisuje się tak: 1d20, 2d6+3, 4d6kh3",
        ),
        (
            "ru",
            "не удаётся прочитать выражение с кубиками '2d6+' на позиции 5: ожидалось: число, кубик вроде 1d6 "
            "или '(', но выражение здесь заканчивается"
            + CARET
            + "Подсказка: кубики записываются так: 1d20, 2d6+3, 4d6kh3",
        ),
    ],
)
def test_a_malformed_expression_is_explained_in_the_language(language: str, said: str) -> None:
    assert _describe("2d6+", language) == said


def test_the_position_and_the_caret_do_not_change() -> None:
    english = _describe("2d6+", "en")
    for language in ("pt", "it", "ru", "es", "pl"):
        said = _describe("2d6+", language)
        assert said != english
        assert said.split("\n")[1:3] == english.split("\n")[1:3]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("it", "non si possono tenere 5 di 4 dadi; tienine da 1 a 4"),
        ("es", "no se pueden guardar 5 de 4 dados; guarda de 1 a 4"),
        ("pl", "nie można zatrzymać 5 z 4 kości; zatrzymaj od 1 do 4"),
        ("ru", "нельзя оставить 5 из 4 кубиков; оставьте от 1 до 4"),
    ],
)
def test_keeping_more_dice_than_rolled(language: str, said: str) -> None:
    assert f": {said}\n" in _describe("4d6kh5", language)


def test_given_dice_that_run_out_in_russian_and_portuguese() -> None:
    request = DiceRequest("damage", 2, 6)
    for language, said in (
        (
            "ru",
            "--dice закончились: для 2d6 для damage нужно 2 значения, но осталось только 1 из 3 заданных"
            " (добавьте ещё 1)",
        ),
        ("pt", "--dice acabou: 2d6 para damage precisa de 2 valores, mas só resta 1 dos 3 valores dados (dê mais 1)"),
    ):
        dice = GivenDice([1, 2, 3], origin="--dice")
        dice.draw(DiceRequest("first", 2, 6))
        with speaking(language), pytest.raises(DiceExhausted) as caught:
            dice.draw(request)
        assert caught.value.message == said


def test_a_die_value_that_is_not_a_number_in_polish() -> None:
    with speaking("pl"):
        with pytest.raises(InputError) as caught:
            parse_dice_values("3,x", "--dice")
        said = caught.value.describe()
    assert said == (
        "--dice: 'x' na pozycji 3 to nie wartość kości\n"
        "Wskazówka: podaj liczby wyrzucone na kościach, oddzielone spacjami lub przecinkami, np. 14 albo 14,3,5"
    )
