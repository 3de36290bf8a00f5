"""The documentation site's make-up (mkdocs.yml and docs/hooks.py), checked without MkDocs (CI builds the site
itself with `mkdocs build --strict`): every page of docs/ is in the navigation, each game's page is made from its
rulings document (a game added as a folder gets one), and the links the pages write to repository files lead to
the pages made from them on the site."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from tabroll.engine import all_rulesets
from tests.doc_pages import DOCS, ROOT, pages


def _hooks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tabroll_docs_hooks", DOCS / "hooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hooks = _hooks()


class _Config(yaml.SafeLoader):
    """mkdocs.yml as data; its one Python tag (the anchors' slugify) read as its arguments."""


_Config.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: loader.construct_mapping(node))


def _nav() -> Any:
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Config)["nav"]


def _listed(entry: object) -> list[str]:
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, list):
        return [page for item in entry for page in _listed(item)]
    if isinstance(entry, dict):
        return [page for item in entry.values() for page in _listed(item)]
    return []


def test_every_page_of_docs_is_in_the_navigation_once() -> None:
    listed = _listed(_nav())
    assert len(listed) == len(set(listed))
    on_disk = {page.relative_to(DOCS).as_posix() for page in pages()[1:]}
    assert on_disk - set(listed) == set(), "pages left out of mkdocs.yml's nav"
    # The rest of the navigation is made at build time: the changelog (each game's page is added by the hook).
    assert set(listed) - on_disk == {"changelog.md"}


def test_each_discovered_game_gets_a_page_from_its_rulings_document() -> None:
    bundled = {game.id for game in all_rulesets() if game.folder().resolve().parent == (ROOT / "rulesets").resolve()}
    made = hooks.generated_pages()
    assert {page for page in made if page.startswith("games/")} == {f"games/{game}.md" for game in bundled}
    assert made["games/tabmaster.md"] == ROOT / "rulesets" / "tabmaster" / "README.md"
    assert made["changelog.md"] == ROOT / "CHANGELOG.md"


def test_the_hook_lists_the_games_under_games_in_the_navigation() -> None:
    config = {"nav": _nav()}
    hooks.on_config(config)
    (games,) = [section["Games"] for section in config["nav"] if isinstance(section, dict) and "Games" in section]
    assert games[0] == {"The five games": "games/index.md"}
    assert {"TAB MASTER": "games/tabmaster.md"} in games
    assert {"Magic: The Gathering of Heroes": "games/mtg_heroes.md"} in games
    assert len(games) == 1 + len(hooks.games())


def test_a_game_added_as_a_folder_gets_its_page(tmp_path: Path) -> None:
    (tmp_path / "rulesets" / "duel").mkdir(parents=True)
    (tmp_path / "rulesets" / "duel" / "README.md").write_text("# Duel — two fighters\n", encoding="utf-8")
    (tmp_path / "rulesets" / "notes").mkdir()  # a folder with no rulings document is no game's page
    assert set(hooks.generated_pages(tmp_path)) == {"games/duel.md", "changelog.md"}
    assert hooks.game_title("# Duel — two fighters\n", "duel") == "Duel"


def test_links_to_repository_files_lead_to_the_pages_made_from_them() -> None:
    games_index = DOCS / "games" / "index.md"
    assert hooks.site_link("../../rulesets/botse/README.md", games_index) == "botse.md"
    assert hooks.site_link("../../CHANGELOG.md", games_index) == "../changelog.md"
    assert hooks.site_link("../CHANGELOG.md", DOCS / "scripting.md") == "changelog.md"
    # Links to pages of the site, to the web, or to a file the site has no page of are left as they are.
    assert hooks.site_link("../player.md", games_index) is None
    assert hooks.site_link("https://example.org/README.md", games_index) is None
    assert hooks.site_link("../../rulesets/botse/units.yaml", games_index) is None
    written = "[the journal](player.md#a-journal) and [versions](../CHANGELOG.md#output-formats)"
    assert hooks.rewrite_links(written, DOCS / "scripting.md") == (
        "[the journal](player.md#a-journal) and [versions](changelog.md#output-formats)"
    )


def test_a_list_right_under_a_line_of_text_is_read_as_a_list() -> None:
    written = "The two tiers:\n- **everyday**: quick\n  and more\n- **slow**: the rest\n"
    assert hooks.github_lists(written) == "The two tiers:\n\n- **everyday**: quick\n  and more\n- **slow**: the rest\n"
    # Lists already apart, items of one list, tables, headings and code blocks are left as they are.
    kept = "## Steps\n1. roll\n2. hit\n\n```sh\necho a\n- not a list\n```\n| a |\n- b\n"
    assert hooks.github_lists(kept) == kept


# --- pointers to the pages, from the code --------------------------------------------------------------------------

PAGE_NAMED = re.compile(r"\bdocs/[\w/.-]+\.md\b")


def test_help_that_points_to_the_documentation_names_a_page_that_is_there() -> None:
    """The README is a short front page now: a command's help that sends the reader on names the page of docs/ that
    holds it, and that page exists."""
    from tabroll.cli.app import _help_holders

    named = []
    for holder, where, _declared in _help_holders():
        text = getattr(holder, "help", None) or ""
        assert "README" not in text, f"{where}: its help points to the README: {text!r}"
        named += [(where, page) for page in PAGE_NAMED.findall(text)]
    assert ("tabroll roll", "docs/designer/dice.md") in named
    for where, page in named:
        assert (ROOT / page).is_file(), f"{where}: its help names {page}, which is not there"


def test_the_code_s_comments_point_to_the_pages_that_hold_what_they_name() -> None:
    """A comment or docstring of tabroll's own code that names a page of docs/ names one that exists, and none sends
    the reader to the README, whose sections moved to docs/ (a game's ``README.md``, its rulings, is a file of its
    folder, and may be named)."""
    for source in sorted((ROOT / "tabroll").rglob("*.py")):
        text = source.read_text(encoding="utf-8")
        where = source.relative_to(ROOT).as_posix()
        stale = re.findall(r".*\bREADME\b(?!\.md).*", text)
        assert stale == [], f"{where}: points to the README, whose sections moved to docs/: {stale}"
        for page in PAGE_NAMED.findall(text):
            assert (ROOT / page).is_file(), f"{where}: names {page}, which is not there"


def test_the_changelog_s_opening_names_the_page_that_lists_the_output_formats() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    opening = changelog[: changelog.index("\n## ")]
    assert "README" not in opening and "`docs/scripting.md`" in opening
    assert "\n## Output formats\n" in (DOCS / "scripting.md").read_text(encoding="utf-8")
