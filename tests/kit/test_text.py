"""The kit's text helpers: how a typed name is compared, a game's bundled YAML, an error pointed at a field, the
values typed on the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from tabroll.errors import InputError
from tabroll.kit.text import bundled_yaml, cli_values, located, plain
from tabroll.loading.yaml_source import load_yaml_text


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Opieka  nad zwierzętami", "opieka nad zwierzetami"),
        ("  Água\tViva ", "agua viva"),
        ("ŁUCZNIK", "lucznik"),
        ("Straße", "strasse"),
        ("Morto-Vivo", "morto-vivo"),
        ("animal_handling", "animal_handling"),
    ],
)
def test_plain_folds_case_accents_and_spaces(text: str, folded: str) -> None:
    assert plain(text) == folded


def test_plain_reads_the_given_characters_as_spaces() -> None:
    assert plain("Animal_Handling-Skill", spaces="_-") == "animal handling skill"
    assert plain("a -- b", spaces="-") == "a b"


def test_bundled_yaml_reads_a_games_table_as_pyyaml_does() -> None:
    import tabroll.rulesets.tabmaster.elements as module

    text = Path(module.__file__).with_name("elements.yaml").read_text(encoding="utf-8")
    data = bundled_yaml(module.__file__, "elements.yaml")
    assert data == yaml.safe_load(text)
    assert "fire" in data


def test_located_points_an_input_error_at_the_field() -> None:
    doc = load_yaml_text("title: t\nboard:\n  size: [3, 3]\n", source="game.yaml")
    with pytest.raises(InputError) as caught, located(doc, ("board", "size")):
        raise InputError("too small", tip="make it larger")
    err = caught.value
    assert (err.message, err.tip) == ("too small", "make it larger")
    assert err.location is not None
    assert (err.location.line, err.location.field) == (3, "board.size")
    assert err.__suppress_context__


def test_located_lets_other_errors_and_success_pass() -> None:
    doc = load_yaml_text("a: 1\n", source="game.yaml")
    with located(doc, ("a",)):
        value = 2
    assert value == 2
    with pytest.raises(ValueError, match="not input"), located(doc, ("a",)):
        raise ValueError("not input")


def test_cli_values_reads_each_word_as_a_files_value() -> None:
    assert cli_values({"life": "3", "tags": "[a, b]", "name": "Ann", "blank": "  "}) == {
        "life": 3,
        "tags": ["a", "b"],
        "name": "Ann",
        "blank": "  ",
    }


def test_cli_values_reads_options_stripped_and_lists_with_commas() -> None:
    read = cli_values({"move_to": " 2,1 ", "at": "[3, 4]", "times": " 2 "}, flags=True, lists=("move_to", "at"))
    assert read == {"move_to": [2, 1], "at": [3, 4], "times": 2}


def test_cli_values_names_the_key_or_the_option_in_its_errors() -> None:
    with pytest.raises(InputError, match=r"command line \(life\)"):
        cli_values({"life": "[1"})
    with pytest.raises(InputError, match=r"command line \(--move-to\)"):
        cli_values({"move_to": "[1"}, flags=True)


def test_cli_values_takes_the_words_as_text_where_the_key_says_so() -> None:
    def as_text(key: str) -> Callable[[str], bool] | None:
        return (lambda text: True) if key == "ATK" else None

    read = cli_values({"ATK": "1d10 (Projectile: Arrow)", "DEF": "a: b"}, text_if=as_text)
    assert read == {"ATK": "1d10 (Projectile: Arrow)", "DEF": {"a": "b"}}
