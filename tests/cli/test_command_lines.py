"""Command lines that used to surprise (issue 43): the one rule between a scenario file and dice in ``tabroll odds``,
words that begin with a minus, and what help offers against what the commands take."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARCHER = ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml"


def _first_line(result) -> str:  # type: ignore[no-untyped-def]
    return result.out.splitlines()[0] if result.out else ""


# --- dice or a scenario file ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("expression", ["1d20/2", "(1d6+1)/2", "1d20 vs 1d10/2"])
def test_an_expression_with_a_slash_is_dice(cli, expression: str) -> None:
    result = cli("odds", expression, "--format", "json")
    assert result.code == 0, result.err
    assert result.json()["format"] == "tabroll.dice_odds"


def test_a_sum_too_long_for_a_file_name_is_dice_not_an_internal_error(cli) -> None:
    expression = "1d6+" * 64 + "1"  # 257 characters: a path the system refuses with "File name too long"
    result = cli("odds", expression, "--format", "json")
    assert result.code == 0, result.err
    assert result.json()["mean"]["exact"] == "225"


def test_a_name_too_long_for_the_system_is_a_clear_error(cli) -> None:
    for word in ("a" * 300, "a" * 300 + ".yaml", "d/" + "a" * 300):
        result = cli("odds", word)
        assert result.code == 2 and result.err.startswith("error: ") and "internal error" not in result.err


def test_a_file_named_like_dice_never_shadows_the_dice(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(ARCHER, tmp_path / "3d6")
    dice = cli("odds", "3d6", "--format", "json")
    assert dice.code == 0 and dice.json()["format"] == "tabroll.dice_odds" and dice.json()["mean"]["exact"] == "21/2"
    # ... and the file is named by its path
    attack = cli("odds", "./3d6", "--format", "json")
    assert attack.code == 0, attack.err
    assert attack.json()["format"] == "tabroll.odds"


def test_a_file_with_no_dice_name_is_a_file_and_a_missing_one_says_so(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "maps").mkdir()
    shutil.copy(ARCHER, tmp_path / "maps" / "archer")
    assert cli("odds", "maps/archer", "--format", "json").json()["format"] == "tabroll.odds"
    missing = cli("odds", "maps/nowhere")
    assert missing.code == 2 and missing.err.startswith("error: maps/nowhere: the file does not exist")
    typo = cli("odds", "1d20/2x")
    assert typo.code == 2 and typo.err.startswith("error: cannot read dice expression '1d20/2x'")


# --- words that begin with a minus ---------------------------------------------------------------------------------


def test_roll_takes_a_negative_bonus_as_a_word_of_its_own(cli) -> None:
    result = cli("roll", "1d20", "-2", "--dice", "14", "--format", "text")
    assert (result.code, result.out) == (0, "roll: 1d20-2 → [14]-2 = 12\n"), result.err
    first = cli("roll", "-1d8", "--dice", "3", "--format", "text")
    assert first.out == "roll: -1d8 → -[3] = -3\n", first.err


def test_an_option_still_takes_a_negative_value(cli) -> None:
    result = cli("roll", "1d20", "--seed", "-2")
    assert result.code == 2 and result.err.startswith("error: --seed -2 is out of range")


@pytest.mark.parametrize(
    ("words", "mean"),
    [
        (("-4d6kh3", "--format", "json"), "-15869/1296"),
        (("-1d8", "+", "4", "--format", "json"), "-1/2"),
        (("--format", "json", "--", "-1d8", "+", "4"), "-1/2"),
        (("--format", "json", "--", "-4d6kh3"), "-15869/1296"),
    ],
)
def test_odds_of_an_expression_that_begins_with_a_minus(cli, words: tuple[str, ...], mean: str) -> None:
    result = cli("odds", *words)
    assert result.code == 0, result.err
    assert result.json()["format"] == "tabroll.dice_odds" and result.json()["mean"]["exact"] == mean


def test_a_game_field_still_takes_a_negative_value(cli) -> None:
    result = cli("attack", "-r", "tabmaster", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "-1", "--dice", "6")
    assert result.code == 2 and "--distance" in result.err and "internal error" not in result.err
