"""Every ``python`` block of the README and of the documentation site runs as printed: a page's blocks run in
order in one namespace, from the repository's root, as the cells of a notebook do, and none may raise.

A block right after the line ``<!-- pending: tabroll.api -->`` uses a call of the public library that has not
landed yet: it is compiled (a typo still fails), it and the blocks after it on its page do not run, and the page's
test is skipped saying so. Taking the line away makes the block run like the others.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from tests.doc_pages import ROOT, blocks, name, pages, read

PENDING = "<!-- pending: tabroll.api -->"


def _pending(page: Path, line: int) -> bool:
    """Whether the block whose fence is on ``line`` (from 1) comes right after the pending line."""
    before = [text for text in read(page).splitlines()[: line - 1] if text.strip()]
    return bool(before) and before[-1].strip() == PENDING


def python_pages() -> list[Path]:
    return [page for page in pages() if blocks("python", page)]


def test_the_library_page_has_python_blocks() -> None:
    assert (ROOT / "docs" / "designer" / "library.md") in python_pages()
    assert len(blocks("python", ROOT / "docs" / "designer" / "library.md")) >= 4


@pytest.mark.parametrize("page", pages(), ids=name)
def test_the_pending_line_stands_only_before_a_python_block(page: Path) -> None:
    lines = read(page).splitlines()
    for index, text in enumerate(lines):
        if text.strip() == PENDING:
            after = next((later for later in lines[index + 1 :] if later.strip()), "")
            assert after == "```python", f"{name(page)}:{index + 1}: {PENDING} stands before {after!r}"


@pytest.mark.parametrize("page", python_pages(), ids=name)
def test_a_pages_python_blocks_run_in_order(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    waiting = 0
    for line, code in blocks("python", page):
        compiled = compile(code, f"{name(page)}:{line}", "exec")  # every block, pending or not, must be Python
        if waiting or _pending(page, line):
            waiting += 1
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compiled, namespace)
    if waiting:
        pytest.skip(f"{waiting} block(s) of {name(page)} wait for tabroll.api ({PENDING})")
