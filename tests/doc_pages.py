"""The pages a reader reads: README.md and every Markdown page of the documentation site (docs/**/*.md). The tests
that run the examples as printed, or check that a page says what the code does, read them through here, so an
example moved from the README to a page is still run."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def pages() -> list[Path]:
    """README.md first, then the site's pages in the order of their paths."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def name(page: Path) -> str:
    """The page's path from the repository's root, as a test id or message shows it."""
    return page.relative_to(ROOT).as_posix()


def read(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def blocks(language: str, page: Path) -> list[tuple[int, str]]:
    """(line number of the fence, text) of each fenced block of ``language`` in ``page``."""
    text = read(page)
    return [
        (text[: match.start()].count("\n") + 1, match.group(1))
        for match in re.finditer(rf"^```{re.escape(language)}\n(.*?)^```", text, re.S | re.M)
    ]


def holding(phrase: str) -> tuple[Path, str]:
    """The one page that holds ``phrase`` (a sentence or marker a test reads from), and its text."""
    found = [(page, read(page)) for page in pages() if phrase in read(page)]
    assert len(found) == 1, f"{phrase!r} should be on exactly one page, not on {[name(p) for p, _ in found]}"
    return found[0]
