"""What a newcomer mistypes gets a suggestion and exit 2, the same way everywhere: a unit name on the command line
(with or without the game named, with or without a scenario file), at the ``play`` prompt (tests/cli/test_play.py),
and a game id given by its start or with a slip. An ``error:`` line always means exit 2 (bad input)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECTILE = str(ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml")


def _error(result) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    lines = result.err.strip().splitlines()
    assert result.code == 2, result.err
    assert len(lines) == 2 and lines[0].startswith("error: ") and lines[1].startswith("Tip: "), result.err
    return lines[0], lines[1]


def test_a_slip_in_a_catalogue_unit_with_no_game_named(cli) -> None:
    error, tip = _error(cli("attack", "-a", "Lancero", "-t", "Soldado"))
    assert error == "error: no game's catalogue has a unit called 'Lancero'"
    assert tip == "Tip: did you mean 'Lanceiro' (TAB MASTER: tabroll units tabmaster)?"


def test_two_slips_are_both_suggested_from_one_game(cli) -> None:
    error, tip = _error(cli("odds", "-a", "Lancero", "-t", "Soldadp"))
    assert error == "error: no game's catalogue has a unit called 'Lancero', 'Soldadp'"
    assert tip == "Tip: did you mean 'Lanceiro' and 'Soldado' (TAB MASTER: tabroll units tabmaster)?"


def test_a_name_near_no_unit_still_asks_which_game(cli) -> None:
    error, _ = _error(cli("attack", "-a", "Xyzzy", "-t", "Soldado"))
    assert error.startswith("error: which game? (Soldado, Xyzzy")


def test_a_slip_in_a_catalogue_unit_of_the_named_game(cli) -> None:
    error, tip = _error(cli("attack", "-r", "tabmaster", "-a", "Lancero", "-t", "Soldado"))
    assert error == "error: -a Lancero: the TAB MASTER catalogue has no unit called 'Lancero'"
    assert tip.startswith("Tip: did you mean 'Lanceiro'?")


def test_a_unit_of_ones_own_still_asks_for_its_stats(cli) -> None:
    error, _ = _error(cli("attack", "-r", "tabmaster", "-a", "Hero", "-t", "Soldado"))
    assert error == "error: Hero (the attacker) needs ATK, DAN: it is not in the TAB MASTER catalogue"


@pytest.mark.parametrize(
    ("words", "flag", "typed", "meant"),
    [
        (["-a", "Arqeiro", "-t", "Lanceiro"], "-a", "Arqeiro", "Arqueiro"),
        (["-a", "Arqueiro", "-t", "lanceiro"], "-t", "lanceiro", "Lanceiro"),
    ],
)
def test_a_slip_in_a_unit_of_the_scenario_file(cli, words: list[str], flag: str, typed: str, meant: str) -> None:
    """Not a refusal by the rules (exit 1): the name is bad input, checked before anything is resolved."""
    for command in (["attack", "--dice", "7,7"], ["odds"]):
        error, tip = _error(cli(*command, PROJECTILE, *words))
        assert error == f"error: {flag} {typed}: there is no unit called '{typed}' in {PROJECTILE}"
        assert tip == f"Tip: did you mean '{meant}'?"


@pytest.mark.parametrize(("typed", "game"), [("mtg", "mtg_heroes"), ("TAB", "tabmaster"), ("for", "forgod")])
def test_a_game_named_by_the_start_of_its_id(cli, typed: str, game: str) -> None:
    result = cli("rules", typed, "--format", "json")
    assert result.code == 0, result.err
    assert result.json()["id"] == game


def test_a_start_that_fits_two_games_lists_them(cli) -> None:
    # 't' starts tabmaster, and tes-botse (an alias of botse)
    error, tip = _error(cli("rules", "t"))
    assert error == "error: 't' could be any of: botse, tabmaster"
    assert tip == "Tip: type more of the game's id"


def test_a_slip_in_a_game_id_is_suggested(cli) -> None:
    error, tip = _error(cli("attack", "-r", "tabmastr", "-a", "Lanceiro", "-t", "Soldado"))
    assert (error, tip) == ("error: unknown ruleset 'tabmastr'", "Tip: did you mean 'tabmaster'?")


def test_an_engage_with_nothing_gathered_is_bad_input(cli) -> None:
    error, tip = _error(cli("attack", "-r", "botse", "-a", "A", "-t", "B"))
    assert error == "error: the engage gathers no dice: with no scenario file it would do nothing"
    assert tip.startswith("Tip: gather sample dice")
