"""Input errors in the languages: the sentence is translated, the place (file:line:column: field) is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabroll.batch import Totals
from tabroll.errors import InputError, Location
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tests.support import speaking

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster" / "03-magic-alquimista.yaml"
WHERE = "t.yaml:16:40: units.Feiticeiro.atk: "


def _error(text: str, language: str) -> InputError:
    with speaking(language):
        with pytest.raises(InputError) as caught:
            scenario_from_document(load_yaml_text(text, source="t.yaml"))
        return caught.value


def _said(text: str, language: str) -> str:
    """The error as a person reads it (its "Tip:" is worded when it is shown, so in the language too)."""
    err = _error(text, language)
    with speaking(language):
        return err.describe()


def _unknown_field() -> str:
    text = SCENARIO.read_text(encoding="utf-8")
    return text.replace("Feiticeiro: {side: blue, at: [2, 0]}", "Feiticeiro: {side: blue, at: [2, 0], atk: 3}")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "unknown field 'atk'\nTip: did you mean 'ATK'?"),
        ("pt", "campo desconhecido 'atk'\nDica: você quis dizer 'ATK'?"),
        ("ru", "неизвестное поле 'atk'\nПодсказка: может быть, 'ATK'?"),
        ("it", "campo sconosciuto 'atk'\nSuggerimento: forse intendevi 'ATK'?"),
        ("es", "campo desconocido 'atk'\nConsejo: ¿quisiste decir 'ATK'?"),
        ("pl", "nieznane pole 'atk'\nWskazówka: czy chodziło o 'ATK'?"),
    ],
)
def test_an_unknown_field_is_said_in_the_language_at_the_same_place(language: str, said: str) -> None:
    assert _said(_unknown_field(), language) == WHERE + said


def test_the_location_is_the_same_in_every_language() -> None:
    english = _error(_unknown_field(), "en")
    for language in ("pt", "ru"):
        err = _error(_unknown_field(), language)
        assert err.location == english.location
        assert err.location == Location("t.yaml", 16, 40, "units.Feiticeiro.atk")
        assert err.message != english.message


def test_a_value_of_the_wrong_kind_in_portuguese_and_russian() -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace("size: [3, 1]", "size: [3, x]")
    assert _said(text, "pt").splitlines()[0] == "t.yaml:10:13: board.size[1]: esperava um número inteiro, veio 'x'"
    assert _said(text, "ru").splitlines()[0] == "t.yaml:10:13: board.size[1]: ожидалось: целое число, получено: 'x'"


def test_broken_yaml_in_portuguese_and_russian() -> None:
    text = "ruleset: tabmaster\nunits:\n  A: {side: red\n"
    pt, ru = _error(text, "pt"), _error(text, "ru")
    assert pt.location == ru.location == _error(text, "en").location
    assert pt.message.startswith("erro de sintaxe YAML: ")
    assert ru.message.startswith("синтаксическая ошибка YAML: ")


def test_a_duplicate_key_names_its_first_line() -> None:
    text = "ruleset: tabmaster\nruleset: tabmaster\n"
    assert _said(text, "ru") == (
        "t.yaml:2:1: ruleset: повторяющийся ключ 'ruleset' (первый — в строке 1)\n"
        "Подсказка: ключ может встречаться в словаре только один раз; удалите или переименуйте один из них"
    )


@pytest.mark.parametrize(
    ("language", "files", "said"),
    [
        ("ru", 1, "exit 2: в 1 файле ошибка во входных данных (см. ошибки выше); остальные выполнены"),
        ("ru", 2, "exit 2: в 2 файлах ошибки во входных данных (см. ошибки выше); остальные выполнены"),
        ("ru", 5, "exit 2: в 5 файлах ошибки во входных данных (см. ошибки выше); остальные выполнены"),
        ("pl", 1, "exit 2: 1 plik miał błędne dane (zobacz błędy powyżej); pozostałe wykonano"),
        ("pl", 2, "exit 2: 2 pliki miały błędne dane (zobacz błędy powyżej); pozostałe wykonano"),
        ("pl", 5, "exit 2: 5 plików miało błędne dane (zobacz błędy powyżej); pozostałe wykonano"),
        ("en", 1, "exit 2: 1 file had bad input (see the errors above); the others ran"),
        ("en", 5, "exit 2: 5 files had bad input (see the errors above); the others ran"),
    ],
)
def test_the_batch_summary_counts_files_in_the_language(language: str, files: int, said: str) -> None:
    with speaking(language):
        assert Totals(files=files + 3, errors=files).exit_reason() == said


@pytest.mark.parametrize(
    ("language", "actions", "said"),
    [
        ("ru", 1, "exit 1: правила отклонили 1 действие"),
        ("ru", 3, "exit 1: правила отклонили 3 действия"),
        ("ru", 5, "exit 1: правила отклонили 5 действий"),
        ("pl", 1, "exit 1: zasady odrzuciły 1 akcję"),
        ("pl", 3, "exit 1: zasady odrzuciły 3 akcje"),
        ("pl", 5, "exit 1: zasady odrzuciły 5 akcji"),
    ],
)
def test_refused_actions_are_counted_in_the_language(language: str, actions: int, said: str) -> None:
    with speaking(language):
        assert Totals(files=1, refusals=actions).exit_reason().startswith(said + " (")


def test_check_says_ok_in_the_language(cli) -> None:  # type: ignore[no-untyped-def]
    result = cli("check", str(SCENARIO), "--lang", "ru")
    assert result.code == 0, result.err
    assert f"{SCENARIO}: ок (tabmaster, 1 действие)" in result.out
