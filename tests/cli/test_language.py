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
    assert lines[2] == "Каталог (7 юнитов; -a NAME берёт один из них):"


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
