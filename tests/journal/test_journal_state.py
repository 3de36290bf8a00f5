"""``tabroll journal state``: the board and units after every recorded action, in every format."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml"
AHOTNIK = Path(__file__).resolve().parents[2] / "scenarios" / "ahotnik" / "01-eagle-demon-priority.yaml"


@pytest.fixture
def journal(cli, tmp_path: Path, monkeypatch) -> Path:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLE, "s.yaml")
    done = cli("attack", "s.yaml", "-a", "Arqueiro", "-t", "Lanceiro", "--journal", "g.jsonl", "--dice", "7,7")
    assert done.code == 0, done.err
    return tmp_path / "g.jsonl"


def test_text(cli, journal: Path) -> None:
    out = cli("journal", "state", "g.jsonl", "--format", "text")
    assert out.code == 0
    assert out.out == (
        "s.yaml (tabmaster) after 1 action:\n"
        "  Arqueiro (red), at [0, 0], flipped, Flecha 4\n"
        "  Lanceiro (blue), defeated\n"
    )


def test_json_and_jsonl(cli, journal: Path) -> None:
    document = cli("journal", "state", "g.jsonl", "--format", "json").json()
    assert (document["format"], document["version"], document["ruleset"]) == ("tabroll.state", 2, "tabmaster")
    assert document["actions"] == 1 and document["scenario"] == "s.yaml"
    units = {u["name"]: u for u in document["state"]["units"]}
    assert units["Arqueiro"]["ammunition"] == {"Flecha": 4} and units["Lanceiro"]["defeated"]
    lines = cli("journal", "state", "g.jsonl", "--format", "jsonl").jsonl()
    assert [(line["kind"], line.get("name")) for line in lines] == [
        ("unit", "Arqueiro"),
        ("unit", "Lanceiro"),
        ("game", None),
    ]
    assert lines[-1]["round"] == 1


def test_markdown_and_rich(cli, journal: Path) -> None:
    markdown = cli("journal", "state", "g.jsonl", "--format", "markdown").out.splitlines()
    assert markdown[0] == "**s.yaml (tabmaster) after 1 action:**"
    assert "| Arqueiro | red | [0, 0] | flipped, Flecha 4 |" in markdown
    assert "| Lanceiro | blue | — | defeated |" in markdown
    rich = cli("journal", "state", "g.jsonl", "--format", "rich")
    assert rich.code == 0 and "Arqueiro" in rich.out and "Flecha 4" in rich.out


def test_a_game_with_its_own_picture(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(AHOTNIK, "a.yaml")
    assert cli("run", "a.yaml", "--journal", "a.jsonl", "--format", "text").code == 0
    out = cli("journal", "state", "a.jsonl", "--format", "text").out
    assert out.startswith("a.yaml (ahotnik) after 1 action:\n") and "final" not in out
    assert "  --  Fire Demon: exiled\n" in out
    lines = cli("journal", "state", "a.jsonl", "--format", "jsonl").jsonl()
    assert {(line.get("group"), line.get("name")) for line in lines if line["kind"] == "unit"} >= {
        ("ahotniks", "Eagle"),
        ("demons", "Fire Demon"),
    }
    markdown = cli("journal", "state", "a.jsonl", "--format", "markdown").out
    assert "```text\n" in markdown and "threat level 2" in markdown


def test_bad_format_and_missing_journal(cli, journal: Path) -> None:
    bad = cli("journal", "state", "g.jsonl", "--format", "yaml")
    assert bad.code == 2 and "unknown output format 'yaml'" in bad.err
    missing = cli("journal", "state", "nope.jsonl")
    assert missing.code == 2 and "does not exist" in missing.err


def test_journal_state_reads_and_never_writes(cli, journal: Path) -> None:
    before = journal.read_bytes()
    assert cli("journal", "state", "g.jsonl", "--format", "json").code == 0
    assert journal.read_bytes() == before
    assert json.loads(before.splitlines()[1])["step"] == 0  # an attack typed at the table: no step of the file
