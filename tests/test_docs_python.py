"""Every ``python`` block of the README and of the documentation site runs as printed: a page's blocks run in
order in one namespace, from the repository's root, as the cells of a notebook do, and none may raise. A ``text``
block right under a ``python`` block (nothing but blank lines between them) is what that block prints: the test
checks it, line for line. The library's page (docs/designer/library.md) is such a notebook, through the public
names of ``tabroll`` only."""

from __future__ import annotations

import ast
import contextlib
import io
from pathlib import Path

import pytest

import tabroll
from tests.doc_pages import ROOT, Fenced, fenced, name, pages, read

LIBRARY = ROOT / "docs" / "designer" / "library.md"


def cells(page: Path | str) -> list[tuple[Fenced, Fenced | None]]:
    """Each ``python`` block of ``page``, in order, with the ``text`` block that shows what it prints (None when
    none stands right under it)."""
    found = fenced(page)
    lines = (read(page) if isinstance(page, Path) else page).splitlines()
    paired: list[tuple[Fenced, Fenced | None]] = []
    for index, block in enumerate(found):
        if block.language != "python":
            continue
        after = found[index + 1] if index + 1 < len(found) else None
        between = lines[block.end : after.line - 1] if after is not None else []
        shown = after if after is not None and after.language == "text" and not any(map(str.strip, between)) else None
        paired.append((block, shown))
    return paired


def python_pages() -> list[Path]:
    return [page for page in pages() if cells(page)]


def run_cells(page: Path) -> list[tuple[Fenced, str, Fenced | None]]:
    """Run the page's ``python`` blocks in order in one namespace: each block, what it printed, and its output
    block."""
    namespace: dict[str, object] = {"__name__": "__docs__"}
    ran: list[tuple[Fenced, str, Fenced | None]] = []
    for block, shown in cells(page):
        compiled = compile(block.text, f"{name(page)}:{block.line}", "exec")
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compiled, namespace)
        ran.append((block, printed.getvalue(), shown))
    return ran


def same_lines(printed: str, shown: str) -> bool:
    """Whether a block printed what the page shows under it (trailing spaces and blank lines aside)."""
    return [line.rstrip() for line in printed.rstrip().splitlines()] == [
        line.rstrip() for line in shown.rstrip().splitlines()
    ]


@pytest.mark.parametrize("page", python_pages(), ids=name)
def test_a_pages_python_blocks_run_in_order_and_print_what_it_shows(
    page: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    for block, printed, shown in run_cells(page):
        if shown is not None:
            assert same_lines(printed, shown.text), (
                f"{name(page)}:{block.line}: the block printed\n{printed}\nnot what line {shown.line} shows\n"
                f"{shown.text}"
            )


def test_a_text_block_right_under_a_python_block_is_its_output_and_a_wrong_one_is_seen() -> None:
    page = (
        "Intro\n\n```python\nprint(1)\n```\n\n```text\n1\n```\n\n"
        "prose\n\n```python\nx = 2\n```\n\nmore\n\n```text\n$ tabroll x\n```\n"
    )
    (first, first_shown), (second, second_shown) = cells(page)
    assert (first.line, first.end, first.text) == (3, 5, "print(1)\n")
    assert first_shown is not None and first_shown.text == "1\n"
    assert second.text == "x = 2\n" and second_shown is None  # prose between: an example, not an output
    assert same_lines("1\n", first_shown.text) and not same_lines("2\n", first_shown.text)
    # A Markdown report printed as it is stands in a longer fence, and the inner fences are its text.
    shown_md = "```python\nprint(x)\n```\n````text\n**A**\n\n```text\nB\n```\n````\n"
    ((_, output),) = cells(shown_md)
    assert output is not None and output.text == "**A**\n\n```text\nB\n```\n"


def test_the_library_page_is_a_notebook_of_public_names_with_its_outputs_shown() -> None:
    blocks = cells(LIBRARY)
    assert len(blocks) >= 12 and sum(shown is not None for _, shown in blocks) >= 12
    used: set[str] = set()
    for block, _ in blocks:
        for node in ast.walk(ast.parse(block.text)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "tabroll":
                used.add(node.attr)
    assert used <= set(tabroll.__all__), f"not public: {sorted(used - set(tabroll.__all__))}"
    wanted = {"games", "game", "unit", "attack", "attack_odds", "dice_odds", "matrix", "resolve", "load", "InputError"}
    assert wanted <= used, f"the walk-through leaves out {sorted(wanted - used)}"
    text = read(LIBRARY)
    assert "pending" not in text and "tabroll.odds(" not in text  # the names of the API as it is
    for phrase in ("semantic versioning", "until=", "vs=", "to_dict()", "_repr_markdown_", "seed="):
        assert phrase in text, phrase
