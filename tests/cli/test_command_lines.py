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


# --- help offers exactly what each command does ------------------------------------------------------------------


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Help on one line per option, so a test reads each text whole."""
    monkeypatch.setenv("COLUMNS", "400")


@pytest.mark.parametrize("command", ["odds", "matrix"])
def test_help_shows_the_png_extra_with_its_brackets(cli, wide, command: str) -> None:
    assert "pip install 'tabroll[png]'" in cli(command, "-h").out


def test_every_bracket_of_a_help_text_is_shown(cli, wide) -> None:
    """Rich reads ``[word]`` as markup: any help text with brackets must still show them."""
    import re

    from tabroll.cli.app import _help_holders

    for holder, where, _declared in _help_holders():
        text = holder.help if isinstance(holder.help, str) else ""
        for bracketed in re.findall(r"\\?\[[a-z][^\]]*\]", text):
            shown = cli(*where.split()[1:2], "-h").out if " " in where else cli("-h").out
            assert bracketed.lstrip("\\") in shown, (where, bracketed)


def _option_line(out: str, flag: str) -> str:
    return next(line for line in out.splitlines() if line.lstrip("│ ").startswith(flag))


@pytest.mark.parametrize(
    ("command", "offered", "refused"),
    [
        (("odds", "3d6"), ("rich", "text", "json", "jsonl", "markdown"), ("brief",)),
        (("play", str(ARCHER)), ("rich", "text"), ("json", "jsonl", "markdown", "brief")),
        (("units", "tabmaster"), ("rich", "text", "json", "jsonl"), ("markdown", "brief")),
    ],
)
def test_format_help_names_exactly_the_formats_taken(
    cli, wide, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...], offered, refused
) -> None:
    monkeypatch.chdir(tmp_path)  # play keeps its journal beside the file: use a copy
    words = [str(shutil.copy(ARCHER, tmp_path / "a.yaml")) if w == str(ARCHER) else w for w in command]
    line = _option_line(cli(command[0], "-h").out, "--format")
    for fmt in offered:
        assert fmt in line, (fmt, line)
    for fmt in refused:
        assert fmt not in line, (fmt, line)
        result = cli(*words, "--format", fmt)
        assert result.code == 2 and result.err.startswith("error: "), (fmt, result.err)


def test_arguments_are_named_by_what_they_mean(cli, wide) -> None:
    # the ellipsis after a repeated argument is Click's to draw (Typer 0.15 leaves it out): the names are tabroll's
    assert "Usage: tabroll check-skill [OPTIONS] WHO SKILL" in cli("check-skill", "-h").out
    assert "Usage: tabroll schema [OPTIONS] events|scenario" in cli("schema", "-h").out


@pytest.mark.parametrize("command", ["attack", "odds", "matrix"])
def test_the_field_example_is_a_field_of_each_game_it_names(cli, wide, command: str) -> None:
    import re

    from tabroll.engine import find_ruleset

    out = cli(command, "-h").out
    example = re.search(r"e\.g\. (--[a-z-]+) \d+ in ([a-z_, ]+?) \(", out)
    assert example is not None, out
    flag, games = example.group(1), re.split(r", | and ", example.group(2))
    assert len(games) >= 3
    for game in games:
        assert find_ruleset(game).attack_field(flag[2:].replace("-", "_")) is not None, (game, flag)


def test_the_root_help_names_every_exit_code(cli, wide) -> None:
    from tabroll import errors

    out = cli("-h").out
    codes = {value for name, value in vars(errors).items() if name.startswith("EXIT_")}
    said = next(line for line in out.splitlines() if "Exit codes:" in line)
    for code in sorted(codes):
        assert f" {code} " in said, (code, said)


# --- hints ---------------------------------------------------------------------------------------------------------


def test_odds_of_a_typed_attack_that_counts_nothing_names_its_fields(cli) -> None:
    botse = str(ROOT / "scenarios" / "botse" / "01-fatigue.yaml")
    bare = cli("odds", botse, "-a", "Ayrenn", "-t", "Draugr", "--format", "text")
    assert bare.code == 0
    assert (
        bare.err
        == "warning: the attack as typed counts nothing: give it its fields, --gather, --form (tabroll rules botse)\n"
    )
    gathered = cli("odds", botse, "-a", "Ayrenn", "-t", "Draugr", "--gather", "Combat", "--format", "text")
    assert gathered.code == 0 and gathered.err == ""
    shield = cli("odds", str(ROOT / "scenarios" / "forgod" / "06-shield.yaml"), "--action", "1", "--format", "text")
    assert shield.code == 0 and shield.err == ""  # an action of the file that is no attack: nothing to hint
