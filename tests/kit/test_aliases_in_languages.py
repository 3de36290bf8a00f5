"""Stats typed in each game's own language (issue 42): the word its log says (``защита``, ``defesa``, ``vida``,
``zdolność``) is an alias of the English name, on the command line (any case, with or without diacritics) and
in a scenario file; no alias of a game is another stat's name or alias."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tabroll.engine import find_ruleset, ruleset_ids
from tabroll.kit.models import Strict, spellings
from tabroll.loading.quick import stat_table
from tests.conftest import SCENARIOS

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(ruleset_ids())


def _fold(word: str) -> str:
    """How the command line compares a stat's name: case, accents, ``_`` and ``-`` aside."""
    folded = unicodedata.normalize("NFKD", word.strip().casefold())
    bare = "".join(c for c in folded if not unicodedata.combining(c))
    return " ".join(bare.replace("_", " ").replace("-", " ").split())


@pytest.mark.parametrize("game", GAMES)
def test_no_spelling_of_a_stat_is_another_stats(game: str) -> None:
    """Every spelling of every stat the game's attacks read (its name, abbreviations and own-language words),
    folded as the command line folds it, names one stat only, across the attacker's and the target's."""
    owner: dict[str, set[str]] = {}
    for needs in find_ruleset(game).stat_needs():
        for need in (*needs.attacker, *needs.target):
            for spelling in need.spellings():
                owner.setdefault(_fold(spelling), set()).add(need.name)
    clashes = {word: names for word, names in owner.items() if len(names) > 1}
    assert clashes == {}


def _models(game: str) -> list[type[Strict]]:
    import importlib.util

    ruleset = find_ruleset(game)
    ruleset.scenario_model()  # imports the game's models
    package = type(ruleset).__module__  # the game's package, wherever it was found (a fixture game too)
    if importlib.util.find_spec(f"{package}.model") is not None:
        importlib.import_module(f"{package}.model")
    found, todo = [], list(Strict.__subclasses__())
    while todo:
        model = todo.pop()
        todo += model.__subclasses__()
        if model.__module__ == package or model.__module__.startswith(f"{package}."):
            found.append(model)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_key_of_a_scenario_model_is_two_fields(game: str) -> None:
    """In each model of a game's scenario files, each key (a field's name or alias, in every spelling) belongs to
    one field; folded as a person would read it, too (``Siła`` and ``sila`` are one word)."""
    from pydantic import AliasChoices

    models = _models(game)
    assert models
    for model in models:
        owner: dict[str, set[str]] = {}
        for name, info in model.model_fields.items():
            alias = info.validation_alias
            words = [str(c) for c in alias.choices] if isinstance(alias, AliasChoices) else [str(alias or name)]
            for word in {name, *words}:
                owner.setdefault(_fold(word), set()).add(name)
        clashes = {word: names for word, names in owner.items() if len(names) > 1}
        assert clashes == {}, model.__name__


OWN_WORDS = [
    # game, the word as typed, the stat it names, the word as the game's catalogue (its log) says it
    ("tabmaster", "defesa", "DEF", "defesa"),
    ("tabmaster", "DEFESA", "DEF", "defesa"),
    ("tabmaster", "ataque", "ATK", "ataque"),
    ("tabmaster", "dano", "DAN", "dano"),
    ("tabmaster", "vitalidade", "VIT", "vitalidade"),
    ("tabmaster", "movimento", "MOV", "movimento"),
    ("tabmaster", "limite_de_altura", "HLT", "limite de altura"),
    ("tabmaster", "municao", "ammunition", "munição"),
    ("tabmaster", "Munição", "ammunition", "munição"),
    ("tabmaster", "características", "traits", "características"),
    ("tabmaster", "secundário", "secondary", "secundário"),
    ("ahotnik", "vita", "life", "vita"),
    ("ahotnik", "scudi", "shields", "scudi"),
    ("botse", "защита", "defense", "защита"),
    ("botse", "Защита", "defense", "защита"),
    ("botse", "здоровье", "health", "здоровье"),
    ("botse", "выносливость", "stamina", "выносливость"),
    ("botse", "магия", "magicka", "магия"),
    ("botse", "стойкость", "tenacity", "стойкость"),
    ("botse", "атаки", "engages", "атаки"),
    ("forgod", "vida", "PV", "vida"),
    ("forgod", "puntos_de_vida", "PV", "puntos de vida"),
    ("forgod", "ataques", "FA", "ataques"),
    ("forgod", "tipo de ataque", "TA", "tipo de ataque"),
    ("forgod", "ataque", "BA", "ataque"),
    ("forgod", "dano", "Daño", "daño"),
    ("mtg_heroes", "siła", "Power", "siła"),
    ("mtg_heroes", "wytrzymalosc", "Toughness", "wytrzymałość"),
    ("mtg_heroes", "życie", "Life", "życie"),
    ("mtg_heroes", "szybkość", "Speed", "szybkość"),
    ("mtg_heroes", "zdolność", "keywords", "zdolność"),
    ("mtg_heroes", "zdolnosci", "keywords", "zdolności"),
]


def _catalogue_text(game: str) -> str:
    ruleset = find_ruleset(game)
    po = ruleset.folder() / "locale" / ruleset.language / "LC_MESSAGES" / f"{game}.po"
    said, inside = [], False
    for line in po.read_text(encoding="utf-8").splitlines():
        if line.startswith(("msgstr", "msgid", "msgctxt")):
            inside = line.startswith("msgstr")
        if inside and '"' in line:
            said.append(line[line.index('"') + 1 : line.rindex('"')])
    return "".join(said).lower()


@pytest.mark.parametrize(("game", "typed", "stat", "log_word"), OWN_WORDS)
def test_a_stat_typed_in_the_games_language(game: str, typed: str, stat: str, log_word: str) -> None:
    table = stat_table(find_ruleset(game))
    assert table[_fold(typed)].name == stat
    if log_word != "zdolności":  # the plural of the log's zdolność: a list of them
        assert log_word in _catalogue_text(game)  # the word players read in the game's log


def _json(cli: Any, *args: str) -> Any:
    result = cli(*args, "--format", "json")
    assert result.code in (0, 1), result.err
    return json.loads(result.out)


def test_the_issues_draugr_is_typed_in_russian(cli: Any) -> None:
    base = ("attack", "-r", "botse", "-a", "Hero", "--gather", "Combat", "--dice", "3")
    english = _json(cli, *base, "-t", "Драугр defense=1")
    for typed in ("Драугр защита=1", "Драугр ЗАЩИТА=1"):
        assert _json(cli, *base, "-t", typed) == english
    assert _json(cli, *base, "-t", "Драугр защита=2") != english  # the value is read


def test_stats_typed_in_portuguese_on_the_command_line(cli: Any) -> None:
    base = ("attack", "-r", "tabmaster", "--distance", "1", "--dice", "6,6")
    english = _json(cli, *base, "-a", "Lanceiro", "-t", "Bicho DEF=3 VIT=2")
    assert _json(cli, *base, "-a", "Lanceiro", "-t", "Bicho defesa=3 Vitalidade=2") == english
    assert _json(cli, *base, "-a", "Lanceiro", "-t", "Bicho", "--target-stat", "DEFESA=3", "--target-stat",
                 "vitalidade=2") == english  # fmt: skip


def test_a_misspelt_word_of_the_games_language_gets_the_nearest_stat(cli: Any) -> None:
    result = cli("attack", "-r", "botse", "-a", "Hero", "-t", "Draugr защта=1", "--gather", "Combat", "--dice", "3")
    assert result.code == 2
    assert "защта is not a stat of a" in result.err
    assert "did you mean 'защита'?" in result.err  # the word nearest what was typed, not the stat's English name


@pytest.mark.parametrize(("typed", "nearest"), [("Защта", "защита"), ("defens", "defense")])
def test_odds_suggest_the_nearest_word_in_the_language_it_was_typed(cli: Any, typed: str, nearest: str) -> None:
    result = cli("odds", "-r", "botse", "-a", "Hero", "-t", f"Draugr {typed}=1", "--gather", "Combat")
    assert result.code == 2
    assert f"Tip: did you mean '{nearest}'? the stats are: stamina, magicka" in result.err


def test_a_slip_of_a_word_without_its_accents_is_said_with_them(cli: Any) -> None:
    result = cli("odds", "-r", "mtg_heroes", "-a", "Hero Sia=2 Wytrzymalsc=2", "-t", "Goblin")
    assert result.code == 2
    assert "did you mean 'Siła'?" in result.err


def test_the_same_stat_in_two_languages_is_given_twice(cli: Any) -> None:
    result = cli("attack", "-r", "botse", "-a", "Hero", "-t", "Draugr defense=1 защита=2", "--dice", "3")
    assert result.code == 2
    assert "defense is given twice" in result.err


def _renamed(data: Any, words: dict[str, str], where: tuple[str, ...]) -> Any:
    """The scenario with the keys of each unit under ``where`` (its top-level containers) renamed by ``words``."""
    out = dict(data)
    for container in where:
        units = out[container]
        out[container] = {
            name: {words.get(key, key): value for key, value in unit.items()} for name, unit in units.items()
        }
    return out


SCENARIO_WORDS = [
    (
        "botse/05-summed-damage-and-defense.yaml",
        ("adventurers", "enemies"),
        {"stamina": "выносливость", "magicka": "Магия", "health": "здоровье", "defense": "защита"},
    ),
    ("botse/09-tenacity-and-free-dice.yaml", ("adventurers",), {"tenacity": "стойкость", "health": "Здоровье"}),
    ("forgod/03-detachment-of-three.yaml", ("units",), {"PV": "puntos_de_vida", "Daño": "dano"}),
    ("forgod/05-lines-and-air.yaml", ("units",), {"PV": "vida", "TA": "tipo de ataque", "FA": "ataques"}),
    (
        "mtg_heroes/03-first-strike-trample.yaml",
        ("combatants",),
        {"Power": "siła", "Toughness": "Wytrzymałość", "Life": "zycie", "keywords": "zdolności"},
    ),
]


@pytest.mark.parametrize(("name", "where", "words"), SCENARIO_WORDS, ids=[s[0] for s in SCENARIO_WORDS])
def test_a_scenario_file_in_the_games_language(
    cli: Any, tmp_path: Path, name: str, where: tuple[str, ...], words: dict[str, str]
) -> None:
    data = yaml.safe_load((SCENARIOS / name).read_text(encoding="utf-8"))
    renamed = _renamed(data, words, where)
    used = {key for container in where for unit in renamed[container].values() for key in unit}
    assert used & set(words.values())  # the file does use the game's own words
    english, own = tmp_path / "english.yaml", tmp_path / "own.yaml"
    english.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    own.write_text(yaml.safe_dump(renamed, allow_unicode=True), encoding="utf-8")
    first, second = _json(cli, "run", str(english)), _json(cli, "run", str(own))
    for document in (first, second):
        for file in document["files"]:
            file.pop("file")
    assert second == first


TABMASTER = """\
ruleset: tabmaster
board: {{size: [3, 1]}}
units:
  Lanceiro: {{side: red, at: [0, 0]}}
  Bicho: {{side: blue, at: [1, 0], {stats}}}
actions:
  - {{do: attack, attacker: Lanceiro, target: Bicho, dice: [6, 6]}}
"""


@pytest.mark.parametrize(
    "stats",
    [
        "ataque: 1, dano: 1d6, defesa: 3, vitalidade: 2, movimento: 1, limite_de_altura: 1, características: [Voar]",
        "Ataque: 1, Dano: 1d6, Defesa: 3, Vitalidade: 2, Movimento: 1, Limite de altura: 1, caracteristicas: [Voar]",
    ],
)
def test_a_tabmaster_unit_in_portuguese(cli: Any, tmp_path: Path, stats: str) -> None:
    english = "ATK: 1, DAN: 1d6, DEF: 3, VIT: 2, MOV: 1, HLT: 1, traits: [Voar]"
    paths = []
    for index, text in enumerate((english, stats)):
        path = tmp_path / f"{index}.yaml"
        path.write_text(TABMASTER.format(stats=text), encoding="utf-8")
        paths.append(path)
    first, second = (_json(cli, "run", str(path)) for path in paths)
    assert second["files"][0]["actions"] == first["files"][0]["actions"]
    assert second["files"][0]["final_state"] == first["files"][0]["final_state"]


def test_a_catalogue_units_stat_replaced_in_portuguese(cli: Any, tmp_path: Path) -> None:
    """A file's ``defesa`` replaces the catalogue's DEF (as ``DEF`` and ``defense`` do), not beside it."""
    outcomes = []
    for stat in ("", ", DEF: 20", ", defesa: 20", ", Defesa: 20"):
        path = tmp_path / "s.yaml"
        path.write_text(
            "ruleset: tabmaster\nboard: {size: [3, 1]}\nunits:\n  Lanceiro: {side: red, at: [0, 0]}\n"
            f"  Soldado: {{side: blue, at: [1, 0]{stat}}}\n"
            "actions:\n  - {do: attack, attacker: Lanceiro, target: Soldado, dice: [12]}\n",
            encoding="utf-8",
        )
        document = _json(cli, "run", str(path))
        outcomes.append([event["kind"] for action in document["files"][0]["actions"] for event in action["events"]])
    assert "defeat" in outcomes[0]
    assert outcomes[1] == outcomes[2] == outcomes[3]
    assert "defeat" not in outcomes[1]


def test_a_misspelt_key_of_a_scenario_file_gets_the_nearest_word(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    text = (SCENARIOS / "botse" / "05-summed-damage-and-defense.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("{at: [2, 0], health: 8, defense: 2}", "{at: [2, 0], health: 8, защта: 2}"),
                    encoding="utf-8")  # fmt: skip
    result = cli("run", str(path))
    assert result.code == 2
    assert "did you mean 'защита'?" in result.err


def test_the_spellings_of_a_word() -> None:
    assert spellings("munição") == ("munição", "municao", "Munição", "Municao")
    assert "limite_de_altura" in spellings("limite de altura")
    assert spellings("стойкость") == ("стойкость", "Стойкость")  # й is a letter of its own: never и
    assert set(spellings("Siła")) == {"Siła", "Sila", "siła", "sila"}


@pytest.mark.parametrize(("typed", "nearest"), [("DFE", "DEF"), ("defsa", "defesa"), ("vitalidad", "vitalidade")])
def test_a_misspelt_tabmaster_key_gets_the_nearest_spelling(cli: Any, tmp_path: Path, typed: str, nearest: str) -> None:
    """Of keys equally near a slip, the field's name or abbreviation comes before the game's words for it (``DFE``
    is as near ``defesa`` as ``DEF``, and ``DEF`` is said)."""
    path = tmp_path / "s.yaml"
    path.write_text(TABMASTER.format(stats=f"ATK: 1, DAN: 1d6, {typed}: 3"), encoding="utf-8")
    result = cli("check", str(path))
    assert result.code == 2
    assert f"did you mean '{nearest}'?" in result.err


@given(st.sampled_from(OWN_WORDS), st.lists(st.booleans(), min_size=30, max_size=30))
def test_a_stat_in_any_case_is_the_same_stat(word: tuple[str, str, str, str], upper: list[bool]) -> None:
    """The command line reads a game's own word in any mix of cases."""
    game, typed, stat, _said = word
    mixed = "".join(c.upper() if up else c.lower() for c, up in zip(typed, upper, strict=False))
    assert stat_table(find_ruleset(game))[_fold(mixed)].name == stat
