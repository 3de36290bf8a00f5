"""The command line in each language: the root help, the frames of ``tabroll units`` and ``tabroll rules``, and a
refusal, with ``--lang`` (issue 32)."""

from __future__ import annotations

import json


def test_the_root_help_is_told_in_russian(cli) -> None:
    result = cli("--help", "--lang", "ru")
    assert result.code == 0
    shown = " ".join(result.out.split())  # Rich wraps the lines
    assert "Разрешение бросков и боёв для настольных игр" in shown
    assert "Коды выхода: 0 разыграно, 1 отклонено правилами" in shown
    assert "tabroll attack -a Lanceiro -t Alquimista --distance 2 --dice 6" in shown  # the examples as typed
    assert "Показать версию и выйти." in shown  # an option of the root


def test_the_attack_help_is_told_in_portuguese(cli) -> None:
    shown = " ".join(cli("attack", "--help", "--lang", "pt").out.split())
    assert "Resolve um ataque: a partir das posições de um arquivo de cenário" in shown
    assert "tabroll new tabmaster battle.yaml # um cenário inicial para testar, se você não tiver um" in shown


def test_the_units_frame_is_told_in_polish(cli) -> None:
    result = cli("units", "tabmaster", "--format", "text", "--lang", "pl")
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[2] == "Katalog (7 jednostek; -a NAME wybiera jedną):"
    assert "Ataki i cechy, które każdy odczytuje (* wymagane od jednostki spoza katalogu):" in lines
    assert any(line.strip().startswith("atakujący: ATK*") for line in lines)


def test_the_units_frame_counts_in_russian(cli) -> None:
    lines = cli("units", "tabmaster", "--format", "text", "--lang", "ru").out.splitlines()
    assert lines[2] == "Каталог (7 отрядов; -a NAME берёт один из них):"


def test_the_units_json_is_the_same_in_every_language(cli) -> None:
    english = json.loads(cli("units", "tabmaster", "--format", "json").out)
    polish = json.loads(cli("units", "tabmaster", "--format", "json", "--lang", "pl").out)
    assert [u["name"] for u in polish["catalogue"]] == [u["name"] for u in english["catalogue"]]
    assert [a["kind"] for a in polish["attacks"]] == [a["kind"] for a in english["attacks"]]


def test_the_rules_frame_is_told_in_spanish(cli) -> None:
    lines = cli("rules", "forgod", "--format", "text", "--lang", "es").out.splitlines()
    assert lines[2] == "Opciones (ajústalas con --option NAME=VALUE o en options: del escenario):"
    assert "Campos de ataque por línea de comandos (tabroll attack/odds/matrix ... --FIELD VALUE):" in [
        line.strip() for line in lines
    ]


def test_an_unknown_ruleset_is_refused_in_italian(cli) -> None:
    result = cli("attack", "-r", "nosuch", "-a", "X", "-t", "Y", "--lang", "it")
    assert result.code == 2
    assert result.err.splitlines()[0] == "errore: regolamento sconosciuto 'nosuch'"


def test_a_unit_slip_is_refused_in_spanish(cli) -> None:
    result = cli("attack", "-a", "Lancero", "-t", "Alquimista", "--lang", "es")
    assert result.code == 2
    assert result.err.splitlines()[0] == "error: ningún catálogo tiene una unidad llamada 'Lancero'"


def test_the_games_list_says_each_summary_in_its_games_language(cli) -> None:
    """``--lang game`` with no one game: each line in its own game's language, the JSON's ids and names as typed."""
    lines = cli("rulesets", "--lang", "game").out.splitlines()
    said = {line.split()[0]: line for line in lines}
    assert "Mappa esagonale" in said["ahotnik"]
    assert "Tabuleiro de casas" in said["tabmaster"]
    assert "Strefy zasięgu" in said["mtg_heroes"]
    english = json.loads(cli("rulesets", "--format", "json").out)
    portuguese = json.loads(cli("rulesets", "--format", "json", "--lang", "pt").out)
    assert [g["id"] for g in portuguese] == [g["id"] for g in english]
    changed = [g["id"] for g, e in zip(portuguese, english, strict=True) if g["summary"] != e["summary"]]
    bundled = {"tabmaster", "ahotnik", "botse", "forgod", "mtg_heroes"}  # a game added beside them may not
    assert changed == [g["id"] for g in english if g["id"] in bundled]  # each speaks Portuguese, not only one


def test_an_attack_fields_help_is_told_by_its_game(cli) -> None:
    document = json.loads(cli("rules", "tabmaster", "--format", "json", "--lang", "pt").out)
    helps = {field["flag"]: field["help"] for field in document["attack_fields"]}
    english = json.loads(cli("rules", "tabmaster", "--format", "json").out)
    assert helps.keys() == {field["flag"] for field in english["attack_fields"]}
    assert all(helps[f["flag"]] != f["help"] for f in english["attack_fields"])


def test_a_field_of_another_game_is_refused_in_the_games_words(cli) -> None:
    result = cli("attack", "-a", "Lanceiro", "-t", "Alquimista", "--synapse", "3", "--lang", "pt")
    assert result.code == 2
    assert "--synapse não significa nada em TAB MASTER" in result.err
    assert "numa fileira de casas" in result.err  # the game's own layout, from its catalogue


def test_the_name_of_the_rule_that_refused_is_told_by_the_game(cli) -> None:
    """A refusal names its rule in brackets, from the game's catalogue; English keeps the name the game gives."""
    given = ("attack", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "9", "--format", "json")
    english = json.loads(cli(*given).out)
    portuguese = json.loads(cli(*given, "--lang", "pt").out)

    def refusals(document: dict) -> list[dict]:
        return [e for action in document["actions"] for e in action["events"] if e["kind"] == "refused"]

    assert [e["rule"] for e in refusals(english)] == ["common attack"]
    assert [e["rule"] for e in refusals(portuguese)] == ["ataque Comum"]
    text = cli(*given[:-2], "--format", "text", "--lang", "pt").out
    assert "o ataque alcança 2 (ATK 2) [ataque Comum]" in text


def test_typers_completion_options_are_told_and_then_english_again(cli) -> None:
    """Typer words ``--install-completion`` without gettext: tabroll says it in the language, and in English
    again for the next command of the same process."""
    russian = " ".join(cli("--help", "--lang", "ru").out.split())
    assert "Установить автодополнение" in russian  # the panel's border may cut the line
    english = " ".join(cli("--help").out.split())
    assert "Install completion for" in english and "Установить" not in english


def test_a_roll_without_a_label_is_called_a_roll_in_the_language(cli) -> None:
    """``tabroll roll`` without ``--label``: the log says the language's word for a roll, the JSON keeps ``roll``;
    a label typed stays as typed."""
    assert cli("roll", "1d6", "--dice", "4", "--format", "text", "--lang", "pt").out == "rolagem: 1d6 → 4\n"
    assert cli("roll", "2d6+3", "--dice", "2,5", "--format", "text", "--lang", "ru").out == (
        "бросок: 2d6+3 → [2, 5]+3 = 10\n"
    )
    assert cli("roll", "1d6", "--dice", "4", "--format", "text").out == "roll: 1d6 → 4\n"
    russian = json.loads(cli("roll", "1d6", "--dice", "4", "--format", "json", "--lang", "ru").out)
    assert [e["label"] for e in russian["events"]] == ["roll"]
    typed = cli("roll", "1d6", "--dice", "4", "--label", "init", "--format", "text", "--lang", "pl").out
    assert typed == "init: 1d6 → 4\n"
