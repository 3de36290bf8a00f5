"""What a packaged tool ships beside its code: the licence text the metadata names, and a changelog whose list of
output formats is the one the code writes and the scripting guide (docs/scripting.md) describes."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.doc_pages import holding

ROOT = Path(__file__).resolve().parent.parent
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def formats_in_code() -> dict[str, int]:
    from tabroll.cli.units import UNITS_FORMAT, UNITS_VERSION
    from tabroll.events import EVENTS_FORMAT, EVENTS_FORMAT_VERSION
    from tabroll.journal.records import JOURNAL_FORMAT, JOURNAL_VERSION
    from tabroll.odds.dice_figures import ODDS_FORMAT as DICE_ODDS_FORMAT
    from tabroll.odds.dice_figures import ODDS_FORMAT_VERSION as DICE_ODDS_FORMAT_VERSION
    from tabroll.odds.figures import MATRIX_FORMAT, MATRIX_FORMAT_VERSION, ODDS_FORMAT, ODDS_FORMAT_VERSION
    from tabroll.odds.versus import VERSUS_FORMAT, VERSUS_FORMAT_VERSION
    from tabroll.render.state import STATE_FORMAT, STATE_FORMAT_VERSION

    return {
        EVENTS_FORMAT: EVENTS_FORMAT_VERSION,
        ODDS_FORMAT: ODDS_FORMAT_VERSION,
        DICE_ODDS_FORMAT: DICE_ODDS_FORMAT_VERSION,
        MATRIX_FORMAT: MATRIX_FORMAT_VERSION,
        VERSUS_FORMAT: VERSUS_FORMAT_VERSION,
        STATE_FORMAT: STATE_FORMAT_VERSION,
        UNITS_FORMAT: UNITS_VERSION,
        JOURNAL_FORMAT: JOURNAL_VERSION,
    }


def changelog_formats() -> dict[str, list[tuple[int, str]]]:
    """Each format's entries in the changelog, newest first: (version, what it changed)."""
    section = CHANGELOG[CHANGELOG.index("## Output formats") :]
    found: dict[str, list[tuple[int, str]]] = {}
    for name, body in re.findall(r"^### `([\w.]+)`[^\n]*\n(.*?)(?=^### |\Z)", section, re.S | re.M):
        entries = re.findall(r"^- \*\*(\d+)\*\*: (.*?)(?=^- \*\*|\Z)", body, re.S | re.M)
        found[name] = [(int(version), " ".join(text.split())) for version, text in entries]
    return found


def test_the_licence_the_metadata_names_is_in_the_repository() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Permission is hereby granted, free of charge" in text


@pytest.mark.parametrize(("name", "version"), sorted(formats_in_code().items()))
def test_every_format_the_code_writes_is_in_the_changelog_at_its_version(name: str, version: int) -> None:
    entries = changelog_formats().get(name)
    assert entries, f"CHANGELOG.md has no section for {name}"
    assert [v for v, _ in entries] == list(range(version, 0, -1)), f"{name}: one entry per version, newest first"


def test_the_changelog_lists_no_format_the_code_does_not_write() -> None:
    assert sorted(changelog_formats()) == sorted(formats_in_code())


def test_the_docs_and_the_changelog_say_the_same_of_each_events_version() -> None:
    _, page = holding("Removing or renaming a field raises the version. What changed:")
    start = page.index("Removing or renaming a field raises the version. What changed:")
    block = page[start : page.index("\n## ", start)] if "\n## " in page[start:] else page[start:]
    said = [
        (int(v), " ".join(t.split()))
        for v, t in re.findall(r"^- \*\*(\d+)\*\*: (.*?)(?=^- \*\*|\Z)", block, re.S | re.M)
    ]
    assert said == changelog_formats()["tabroll.events"]


def test_the_docs_name_each_formats_current_version() -> None:
    _, page = holding("Every JSON document names its format and version.")
    said = " ".join(page[page.index("Every JSON document names its format and version.") :].split()[:40])
    named = dict(re.findall(r"`(tabroll\.\w+)` (\d+)", said))
    assert {name: int(version) for name, version in named.items()} == formats_in_code()
