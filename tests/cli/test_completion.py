"""Tab completion in the shell: unit names after -a/-t (the scenario file's, the game's, or every catalogue),
the --format values of each command, and each game's own attack fields among the options."""

from __future__ import annotations

import pytest

ARQUEIRO = "scenarios/tabmaster/05-projectile-arqueiro.yaml"


@pytest.fixture
def complete(cli, monkeypatch):  # type: ignore[no-untyped-def]
    def offered(line: str) -> list[str]:
        words = line.split(" ")
        monkeypatch.setenv("_TABROLL_COMPLETE", "complete_bash")
        monkeypatch.setenv("COMP_WORDS", line)
        monkeypatch.setenv("COMP_CWORD", str(len(words) - 1))
        result = cli()
        assert result.code == 0 and "Traceback" not in result.err and result.err == ""
        return result.out.split()

    return offered


def test_units_of_the_game_named_with_r(complete) -> None:  # type: ignore[no-untyped-def]
    assert complete("tabroll odds -r tabmaster -a La") == ["Lanceiro"]
    assert complete("tabroll attack -r tabmaster -t L") == ["Lanceiro", "Levi"]


def test_units_of_the_scenario_file_typed(complete, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    assert complete(f"tabroll attack {ARQUEIRO} -a ") == ["Arqueiro", "Lanceiro"]


def test_units_of_every_catalogue_without_a_game(complete) -> None:  # type: ignore[no-untyped-def]
    from tabroll.engine import all_rulesets

    every = [name for game in all_rulesets() for name in game.catalogue_names()]
    assert complete("tabroll odds -a ") == list(dict.fromkeys(every)) and "Soldado" in every


def test_format_values_per_command(complete) -> None:  # type: ignore[no-untyped-def]
    assert complete("tabroll run x.yaml --format ") == ["rich", "text", "json", "jsonl", "markdown", "brief"]
    assert complete("tabroll odds -f ") == ["rich", "text", "json", "jsonl", "markdown"]
    assert complete("tabroll matrix --format j") == ["json", "jsonl"]


def test_the_game_s_own_fields_among_the_options(complete) -> None:  # type: ignore[no-untyped-def]
    assert complete("tabroll attack -a Lanceiro -t Soldado --di") == ["--dice", "--distance"]  # the game's and ours
    offered = complete("tabroll odds -r tabmaster --")
    assert {"--using", "--distance", "--height", "--sight", "--no-sight"} <= set(offered)
    assert "--trials" in offered  # the command's own options stay


def test_a_completer_that_cannot_read_the_line_offers_nothing(complete) -> None:  # type: ignore[no-untyped-def]
    assert complete("tabroll odds -r nosuchgame -a ") == []
    assert complete("tabroll odds -r nosuchgame --dist") == []
