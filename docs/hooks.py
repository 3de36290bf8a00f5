"""MkDocs hooks (mkdocs.yml `hooks:`): pages made at build time from files kept elsewhere in the repository, so the
site never holds a copy that goes stale.

- One page per game, `games/<id>.md`, from each `rulesets/<id>/README.md` (its rulings document, the text
  `tabroll rules <id>` shows), listed under "Games" in the navigation: a game added as a folder gets its page.
- `changelog.md` from `CHANGELOG.md`.

Every page is read as GitHub reads it where Python-Markdown differs: a list may start right under a line of text
(here), and a nested list may be indented by two or three spaces (`mdx_truly_sane_lists`, in mkdocs.yml).

The pages in `docs/` link to those files by their place in the repository (`../CHANGELOG.md`,
`../rulesets/tabmaster/README.md`), so the links work where the Markdown is read as it is (GitHub); on the site
they are pointed at the pages made from them. The functions that decide what to make read files only, so the
tests call them without MkDocs.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
CHANGELOG = "changelog.md"
GAMES_SECTION = "Games"
# An inline Markdown link or image: [text](target) with an optional #anchor, no title.
LINK = re.compile(r"(\]\()([^)\s#]+)(#[^)\s]*)?(\))")


def games(root: Path = ROOT) -> dict[str, Path]:
    """Each game folder of ``rulesets/`` that has a rulings document, by id, in the order of their ids."""
    return {p.parent.name: p for p in sorted((root / "rulesets").glob("*/README.md"))}


def game_title(readme: str, game_id: str) -> str:
    """The short name the navigation gives a game: its document's title up to " in tabroll" or " — "."""
    first = next((line[2:].strip() for line in readme.splitlines() if line.startswith("# ")), game_id)
    return re.split(r" in tabroll| — ", first, maxsplit=1)[0].strip() or game_id


def generated_pages(root: Path = ROOT) -> dict[str, Path]:
    """Each page the site makes from a file kept elsewhere: its path in the site, and that file."""
    pages = {f"games/{game_id}.md": readme for game_id, readme in games(root).items()}
    pages[CHANGELOG] = root / "CHANGELOG.md"
    return pages


def site_link(target: str, page_source: Path, root: Path = ROOT) -> str | None:
    """Where a link written in ``page_source`` (a file of the repository) to ``target`` goes on the site, when it
    names a repository file the site makes a page of; None for any other link (left as it is)."""
    if "://" in target or target.startswith(("/", "mailto:")):
        return None
    aimed = (page_source.parent / target).resolve()
    made = {path.resolve(): page for page, path in generated_pages(root).items()}
    if aimed not in made:
        return None
    here = page_source.resolve().relative_to(root.resolve())
    # The page's own place on the site: a page made from elsewhere where it is made, a docs/ page where it is.
    site_here = made.get(page_source.resolve())
    if site_here is None:
        site_here = here.relative_to("docs").as_posix() if here.parts[0] == "docs" else here.as_posix()
    return posixpath.relpath(made[aimed], posixpath.dirname(site_here) or ".")


ITEM = re.compile(r"^ {0,3}(?:[-*+]|\d+[.)]) ")


def github_lists(markdown: str) -> str:
    """``markdown`` with a blank line before each list that starts right under a line of text: GitHub reads that
    as a list, Python-Markdown as more of the paragraph (the README's style, and the games' rulings documents')."""
    out: list[str] = []
    fenced = False
    for line in markdown.splitlines(keepends=True):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and ITEM.match(line) and out:
            before = out[-1]
            if (
                before.strip()
                and not before[0].isspace()
                and not ITEM.match(before)
                and not before.startswith(("#", "|", "<"))
            ):
                out.append("\n")
        out.append(line)
    return "".join(out)


def rewrite_links(markdown: str, page_source: Path, root: Path = ROOT) -> str:
    """``markdown`` with each link to a repository file the site makes a page of pointed at that page."""

    def one(match: re.Match[str]) -> str:
        linked = site_link(match.group(2), page_source, root)
        if linked is None:
            return match.group(0)
        return f"{match.group(1)}{linked}{match.group(3) or ''}{match.group(4)}"

    return LINK.sub(one, markdown)


# --- MkDocs events ------------------------------------------------------------------------------------------------


def on_config(config: Any) -> Any:
    """Lists every game's page under "Games" in the navigation, after the pages written there by hand."""
    for section in config["nav"] or []:
        if isinstance(section, dict) and GAMES_SECTION in section:
            entries = section[GAMES_SECTION]
            for game_id, readme in games().items():
                entries.append({game_title(readme.read_text(encoding="utf-8"), game_id): f"games/{game_id}.md"})
    return config


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for page, source in generated_pages().items():
        files.append(File.generated(config, page, content=source.read_text(encoding="utf-8")))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    uri = page.file.src_uri
    source = generated_pages().get(uri, DOCS / uri)
    return rewrite_links(github_lists(markdown), source)


__all__ = [
    "games",
    "generated_pages",
    "github_lists",
    "on_config",
    "on_files",
    "on_page_markdown",
    "rewrite_links",
    "site_link",
]
