"""The API reference (docs/reference.md, ``::: tabroll``) lists every public name of the package, each with its
docstring, and the docstrings read without a warning (``mkdocs build --strict`` fails on one). The page is made by
mkdocstrings, which reads the sources with griffe (no import): this reads them the same way, so a name added to
``tabroll.__all__`` with no docstring, or an ``Args:`` entry for a parameter that is not there, fails here, before
CI builds the site. griffe comes with the documentation's extra (``pip install -e ".[docs]"``)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

import tabroll
from tests.doc_pages import DOCS, ROOT, read

griffe = pytest.importorskip("griffe", reason="the docs extra is not installed")

REFERENCE = DOCS / "reference.md"


def package() -> Any:
    """``tabroll`` as mkdocstrings reads it (mkdocs.yml: ``paths: [.]``), its aliases followed."""
    return griffe.load("tabroll", search_paths=[str(ROOT)], resolve_aliases=True, resolve_external=False)


def documented(obj: Any) -> list[Any]:
    """The object the reference shows for a name, and its public members (a class's methods and attributes)."""
    target = obj.final_target if obj.is_alias else obj
    shown = [target]
    if target.is_class:
        shown += [member for name, member in target.members.items() if not name.startswith("_")]
    return shown


def docstring_warnings(obj: Any, caplog: pytest.LogCaptureFixture) -> list[str]:
    """What griffe warns of when it reads ``obj``'s docstring in the Google style mkdocs.yml names."""
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        obj.docstring.parse("google", warn_unknown_params=True)
    return [record.getMessage() for record in caplog.records]


def test_the_reference_page_renders_the_package() -> None:
    assert "::: tabroll\n" in read(REFERENCE)


def attributes_named(cls: Any) -> set[str]:
    """The names a class's docstring lists under ``Attributes:`` (shown in its table on the page)."""
    sections = cls.docstring.parse("google") if cls.docstring is not None else []
    return {item.name for section in sections if section.kind.value == "attributes" for item in section.value}


def test_every_public_name_is_in_the_reference_with_a_docstring_that_reads_without_warnings(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loaded = package()
    assert list(loaded.exports) == list(tabroll.__all__)  # griffe reads the same __all__ the package exports
    text = read(REFERENCE)
    for name in tabroll.__all__:
        if name.startswith("__"):  # a dunder, which the public filter leaves out: the page names it in its text
            assert f"`tabroll.{name}`" in text, f"docs/reference.md does not name tabroll.{name}"
            continue
        target, *members = documented(loaded[name])
        assert target.docstring is not None, f"tabroll.{name} has no docstring: the reference shows it bare"
        if target.path.startswith("tabroll.api."):  # the API's own classes: each member said in words
            listed = attributes_named(target)
            bare = [member.name for member in members if member.docstring is None and member.name not in listed]
            assert bare == [], f"tabroll.{name}: members with no docstring and no Attributes entry: {bare}"
        for shown in [target, *members]:
            if shown.docstring is not None:
                assert docstring_warnings(shown, caplog) == [], f"{shown.path}: the build would warn"


def test_a_docstring_that_names_a_parameter_not_there_is_warned_of(caplog: pytest.LogCaptureFixture) -> None:
    module = griffe.visit(
        "sample",
        filepath=ROOT / "sample.py",
        code='def f(a: int) -> None:\n    """Do.\n\n    Args:\n        b: Not a parameter.\n    """\n',
    )
    assert any("'b'" in message for message in docstring_warnings(module["f"], caplog))
