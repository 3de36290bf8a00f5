"""The pages a reader reads: README.md and every Markdown page of the documentation site (docs/**/*.md). The tests
that run the examples as printed, or check that a page says what the code does, read them through here, so an
example moved from the README to a page is still run."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

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


class Fenced(msgspec.Struct, frozen=True):
    """A fenced block of a page: the lines of its opening and closing fences (from 1), its language and its
    text."""

    line: int
    end: int
    language: str
    text: str


FENCE = re.compile(r"^(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$")


def fenced(page: Path | str) -> list[Fenced]:
    """Every fenced block of ``page`` (a path, or the Markdown itself), in order, read as CommonMark reads them: a
    block closes at a fence of its own character at least as long as its opening one, so a block of four
    backticks can hold a block of three (a Markdown report shown as it is printed). A block left open runs to the
    end of the page."""
    lines = (read(page) if isinstance(page, Path) else page).splitlines()
    found: list[Fenced] = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if opening is None:
            index += 1
            continue
        fence, language = opening.group(1), opening.group(2)
        body: list[str] = []
        start = index
        index += 1
        while index < len(lines):
            closing = lines[index].strip()
            if closing.startswith(fence) and set(closing) == {fence[0]}:
                break
            body.append(lines[index])
            index += 1
        found.append(Fenced(start + 1, index + 1, language, "".join(f"{text}\n" for text in body)))
        index += 1
    return found


def holding(phrase: str) -> tuple[Path, str]:
    """The one page that holds ``phrase`` (a sentence or marker a test reads from), and its text."""
    found = [(page, read(page)) for page in pages() if phrase in read(page)]
    assert len(found) == 1, f"{phrase!r} should be on exactly one page, not on {[name(p) for p, _ in found]}"
    return found[0]
