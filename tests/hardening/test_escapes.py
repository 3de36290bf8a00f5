"""No text from a file or a command line reaches a terminal raw (issue 26): a name or a title holding escape
sequences is shown with its control characters escaped (``\\u001b``, as field paths already show them) in every
format meant for people, and kept exactly in JSON. Otherwise ``tabroll check`` on someone else's file could clear
the screen, retitle the window or make the log blink."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabroll.words import visible

CLEAR, BLINK, TITLE = "Lance\x1b[2Jiro", "Hero\x1b[5m", "T\x1b]0;owned\x07"
RAW = ("\x1b", "\x07", "\x9b", "\x00")


def _scenario(tmp_path: Path, *, attacker: str = CLEAR) -> Path:
    path = tmp_path / "hostile.yaml"
    path.write_text(
        "ruleset: tabmaster\n"
        'title: "T\\e]0;owned\\a"\n'
        "board: {size: [4, 1]}\n"
        "units:\n"
        '  "Lance\\e[2Jiro": {side: red, at: [0, 0], ATK: 2, DAN: 1d6, DEF: 2, MOV: 2, HLT: 1, VIT: 3}\n'
        '  "Hero\\e[5m": {side: blue, at: [1, 0], ATK: 2, DAN: 1d6, DEF: 2, MOV: 2, HLT: 1, VIT: 3}\n'
        "actions:\n"
        f'  - {{do: attack, attacker: {json.dumps(attacker)}, target: "Hero\\e[5m", dice: [6]}}\n',
        encoding="utf-8",
    )
    return path


def _clean(text: str) -> None:
    for char in RAW:
        assert char not in text, repr(text[max(0, text.find(char) - 40) : text.find(char) + 40])


@pytest.mark.parametrize("fmt", ["text", "markdown", "brief", "rich"])
def test_a_run_shows_the_names_and_title_of_a_file_escaped(cli, tmp_path: Path, fmt: str) -> None:
    result = cli("run", str(_scenario(tmp_path)), "--format", fmt)
    assert result.code == 0, result.err
    _clean(result.out + result.err)
    assert "Hero\\u001b" in result.out.replace("\\\\", "\\")  # markdown escapes the backslash itself


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_json_keeps_every_character_exactly(cli, tmp_path: Path, fmt: str) -> None:
    result = cli("run", str(_scenario(tmp_path)), "--format", fmt)
    assert result.code == 0, result.err
    _clean(result.out)  # JSON escapes them itself...
    records = [json.loads(line) for line in result.out.splitlines()] if fmt == "jsonl" else [result.json()]
    text = json.dumps(records, ensure_ascii=False)
    assert json.dumps(CLEAR)[1:-1] in text and json.dumps(BLINK)[1:-1] in text  # ...and keeps them exact
    if fmt == "json":
        assert records[0]["files"][0]["title"] == TITLE


def test_check_names_an_unknown_unit_with_its_escapes_shown(cli, tmp_path: Path) -> None:
    result = cli("check", str(_scenario(tmp_path, attacker="Lance\x1b[2Jiros")))
    assert result.code == 2
    _clean(result.out + result.err)
    assert "Lance\\u001b[2Jiros" in result.err


def test_an_error_quoting_what_was_typed_shows_its_escapes(cli) -> None:
    result = cli("roll", "1d20", "--format", "\x1b[2J")
    assert result.code == 2
    _clean(result.err)
    assert "\\u001b[2J" in result.err


@pytest.mark.parametrize("fmt", ["text", "rich", "markdown"])
def test_odds_and_matrix_show_typed_names_escaped(cli, fmt: str) -> None:
    odds = cli("odds", "-r", "tabmaster", "-a", "Hero\x1b[5m ATK=1 DAN=1d6", "-t", "Orc\x07 DEF=3", "--format", fmt)
    assert odds.code == 0, odds.err
    _clean(odds.out + odds.err)
    matrix = cli("matrix", "-r", "tabmaster", "--attackers", "Hero\x1b[5m ATK=1 DAN=1d6", "--targets", "Soldado",
                 "--format", fmt)  # fmt: skip
    assert matrix.code == 0, matrix.err
    _clean(matrix.out + matrix.err)


def test_a_journal_story_shows_its_escapes(cli, tmp_path: Path) -> None:
    journal = tmp_path / "game.jsonl"
    assert cli("run", str(_scenario(tmp_path)), "--journal", str(journal), "--format", "json").code == 0
    for command in (["journal", "show"], ["journal", "state"], ["journal", "replay"]):
        result = cli(*command, str(journal))
        assert result.code == 0, result.err
        _clean(result.out + result.err)


@given(st.text())
def test_visible_text_holds_no_control_character_and_loses_nothing_printable(text: str) -> None:
    shown = visible(text)
    assert all(char.isprintable() or not (ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0) for char in shown)
    assert "\n" not in shown and "\x1b" not in shown
    assert visible(text, lines=True).count("\n") == text.count("\n")
    if text.isprintable():
        assert shown == text
