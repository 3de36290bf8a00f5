"""The step log's frame and kind column in another language (issue 32): the headers, the kind labels and their
column, the brief line and Markdown, and JSON left exactly as in English."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import SCENARIOS
from tests.support import speaking

ARQUEIRO = SCENARIOS / "tabmaster" / "05-projectile-arqueiro.yaml"
CORE_KINDS = ("regra", "gasto", "lance", "modificador", "acerto", "lance", "regra", "dano", "derrota")
"""The core's kinds as TAB MASTER words them: its catalogue says a roll is a *lance*, as its rulebook does
(the core's Portuguese says *rolagem*, for a game that has no word of its own)."""


def _rows(out: str) -> list[str]:
    """The event lines of a text log: the indented lines after the action's line, up to the final state."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    end = lines.index("", start)
    return lines[start + 1 : end]


def _kinds(out: str) -> list[str]:
    """The kind column of every event line of a text log."""
    return [row[2:16].rstrip() for row in _rows(out)]


def test_the_text_log_frame_and_kind_column_in_portuguese(cli: Any) -> None:
    result = cli("run", str(ARQUEIRO), "--format", "text", "--lang", "pt")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[1] == "# regras: tabmaster"
    assert lines[2] == f"# arquivo: {ARQUEIRO}"
    assert _kinds(result.out)[: len(CORE_KINDS)] == list(CORE_KINDS)  # the last one (flip) is the game's own
    assert "  regra         projectiles = army" in result.out  # a label padded to the 13 columns English has
    assert "estado final:" in lines


def test_the_frame_and_every_core_kind_differ_from_english(cli: Any) -> None:
    english = cli("run", str(ARQUEIRO), "--format", "text").out.splitlines()
    portuguese = cli("run", str(ARQUEIRO), "--format", "text", "--lang", "pt").out.splitlines()
    assert len(english) == len(portuguese)
    for en, pt in zip(
        english[1:3], portuguese[1:3], strict=True
    ):  # the ruleset and file lines (the title is the file's)
        assert en != pt
    en_kinds, pt_kinds = _kinds("\n".join(english)), _kinds("\n".join(portuguese))
    for en, pt in list(zip(en_kinds, pt_kinds, strict=True))[: len(CORE_KINDS)]:
        assert en != pt, en


def test_the_kind_column_widens_to_the_longest_label_of_the_language() -> None:
    from tabroll.render.output import KIND_WIDTH, kind_label, kind_width

    assert kind_width() == KIND_WIDTH
    with speaking("es"):
        assert kind_label("game_over") == "fin de partida"
        assert kind_width() == len("fin de partida") == 14
    with speaking("ru"):
        assert kind_label("new_round") == "новый раунд"
        assert kind_label("flip-of-no-catalogue") == "flip-of-no-catalogue"  # a kind nobody words: as it is


def test_spanish_sentences_start_in_one_column(cli: Any) -> None:
    result = cli("run", str(ARQUEIRO), "--format", "text", "--lang", "es")
    rows = _rows(result.out)
    assert rows and all(row[16] == " " and row[17] != " " for row in rows)  # 2 + 14 columns, then one space
    assert rows[0].startswith("  regla" + " " * 10 + "projectiles")


def test_markdown_and_brief_in_portuguese(cli: Any) -> None:
    markdown = cli("run", str(ARQUEIRO), "--format", "markdown", "--lang", "pt").out
    heading = next(line for line in markdown.splitlines() if line.startswith("*regras tabmaster · arquivo "))
    assert heading.endswith(f"{ARQUEIRO.name}*")  # the folders before it are escaped for Markdown (a_b: a\\_b)
    assert "- **gasto** " in markdown and "- **derrota** " in markdown
    brief = cli("run", str(ARQUEIRO), "--format", "brief", "--lang", "pt").out.splitlines()
    assert brief[1].startswith("1. Arqueiro → Lanceiro: acerto (")
    assert ", 7 de dano (" in brief[1]


def _shape(value: Any) -> Any:
    """A JSON document with its prose left out: keys, kinds, numbers and booleans as they are."""
    if isinstance(value, dict):
        return {k: (v if k in ("kind", "format", "ruleset", "how", "verb") else _shape(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return "text" if isinstance(value, str) else value


def test_json_keeps_its_keys_kinds_and_numbers_in_russian(cli: Any) -> None:
    english = json.loads(cli("run", str(ARQUEIRO), "--format", "json").out)
    russian = json.loads(cli("run", str(ARQUEIRO), "--format", "json", "--lang", "ru").out)
    assert _shape(russian) == _shape(english)
    kinds = [e["kind"] for e in russian["files"][0]["actions"][0]["events"]]
    assert kinds == [e["kind"] for e in english["files"][0]["actions"][0]["events"]]
    assert "damage" in kinds
