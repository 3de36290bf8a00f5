"""One reader of typed whole numbers (issue 26): ASCII digits only, everywhere a user types one, and a refusal that
says "not a whole number" with exit 2, never an internal error. ``"²".isdigit()`` is true and ``int("²")`` fails;
``int("٣")`` reads 3: neither may reach the rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabroll.whole_numbers import read_whole

NOT_DIGITS = ["²", "٣", "３", "1²", "⁴2", "½", "१"]  # superscript, Arabic-Indic, full-width, Devanagari...

QUICK = ["attack", "-a", "Lanceiro", "-t", "Alquimista", "--dice", "6"]


@pytest.mark.parametrize("value", NOT_DIGITS)
@pytest.mark.parametrize("flag", ["--distance", "--height", "--move"])
def test_an_attack_field_that_is_not_ascii_digits_is_refused(cli, flag: str, value: str) -> None:
    result = cli(*QUICK, flag, value)
    assert result.code == 2, result.err
    assert f"error: {flag} {value!r} is not a whole number" in result.err
    assert "internal error" not in result.err


@pytest.mark.parametrize("flag", ["--facing", "--toward", "--distance"])
def test_an_ahotnik_field_that_is_not_ascii_digits_is_refused(cli, flag: str) -> None:
    result = cli("attack", "-r", "ahotnik", "-a", "x", "-t", "y", flag, "²")
    assert result.code == 2, result.err
    assert f"error: {flag} '²' is not a whole number" in result.err


@pytest.mark.parametrize("value", NOT_DIGITS)
def test_an_option_on_the_command_line_that_is_not_ascii_digits_is_refused(cli, value: str) -> None:
    result = cli(*QUICK, "-o", f"ice_bonus={value}")
    assert result.code == 2, result.err
    assert f"option 'ice_bonus': {value!r} is not a whole number; expected one of: 20, 10" in result.err


@pytest.mark.parametrize("value", NOT_DIGITS)
def test_an_option_in_a_file_that_is_not_ascii_digits_is_refused_by_check(cli, tmp_path: Path, value: str) -> None:
    scenario = tmp_path / "options.yaml"
    scenario.write_text(
        "ruleset: tabmaster\n"
        f'options: {{ice_bonus: "{value}"}}\n'
        "board: {size: [4, 1]}\n"
        "units:\n"
        "  Lanceiro: {side: red, at: [0, 0]}\n"
        "  Alquimista: {side: blue, at: [2, 0]}\n"
        "actions:\n"
        "  - {do: attack, attacker: Lanceiro, target: Alquimista, dice: [6]}\n",
        encoding="utf-8",
    )
    result = cli("check", str(scenario))
    assert result.code == 2, result.err
    assert f"options.yaml:2:22: options.ice_bonus: {value!r} is not a whole number" in result.err


def test_a_reach_written_in_other_digits_is_not_read_as_a_number(cli, tmp_path: Path) -> None:
    scenario = tmp_path / "reach.yaml"
    scenario.write_text(
        "ruleset: tabmaster\nboard: {size: [4, 1]}\nunits:\n"
        '  Lanceiro: {side: red, at: [0, 0], ATK: "٣"}\n'
        "  Alquimista: {side: blue, at: [3, 0]}\n"
        "actions: []\n",
        encoding="utf-8",
    )
    result = cli("check", str(scenario))
    assert result.code == 2 and "cannot read attack '٣'" in result.err, result.err


def test_ascii_whole_numbers_still_read(cli) -> None:
    assert cli(*QUICK, "--distance", " 2 ").code == 0
    assert cli(*QUICK, "-o", "ice_bonus=10").code == 0


@given(st.text(max_size=8))
def test_the_reader_takes_ascii_digits_with_a_sign_and_nothing_else(text: str) -> None:
    number = read_whole(text)
    stripped = text.strip()
    if re.fullmatch(r"[+-]?[0-9]{1,18}", stripped):
        assert number == int(stripped)
    else:
        assert number is None


def test_the_reader_refuses_more_digits_than_asked() -> None:
    assert read_whole("1" * 18) == int("1" * 18)
    assert read_whole("1" * 19) is None
    assert read_whole("123", digits=2) is None
