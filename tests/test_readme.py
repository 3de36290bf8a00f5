"""The examples of the README and of the documentation site (docs/**/*.md) are real: each ``$ tabroll ...`` in a
``text`` block is run and its output compared line by line (a file the example only names, like ``typo.yaml``, is
made from the scenario on the page or skipped). And the README stays a short front page: under 200 lines, its two
newcomer commands the ones CI runs, an attack in each game, and links that lead to the pages."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from tabroll.cli.app import main
from tests.doc_pages import ROOT, blocks, name, pages, read

README = read(ROOT / "README.md")

TYPO = "ruleset: tabmaster\nboard:\n  size: [3, 1]\nunits:\n  Lanceiro:\n    side: red\n    at: [0, 0]\n    DFE: 3\n"


def _transcript(page: Path, line: int) -> bool:
    """Whether the block whose fence is on ``line`` is a ``tabroll play`` session (its lines alternate what was
    typed and what was printed: tests/cli/test_play.py replays it)."""
    return "<!-- play transcript" in read(page).splitlines()[line - 2]


def examples(page: Path) -> list[tuple[str, list[str]]]:
    """Each ``$ tabroll ...`` of the page's ``text`` and ``console`` blocks, with the lines printed under it."""
    found: list[tuple[str, list[str]]] = []
    shown = [block for line, block in blocks("console", page) if not _transcript(page, line)]
    for block in [block for _, block in blocks("text", page)] + shown:
        command: str | None = None
        lines: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    found.append((command, lines))
                command, lines = line[2:], []
            elif command is not None:
                lines.append(line)
        if command:
            found.append((command, lines))
    return found


README_EXAMPLES = examples(ROOT / "README.md")
EXAMPLES = [(page, command, lines) for page in pages() for command, lines in examples(page)]


def test_the_readme_and_the_pages_have_examples() -> None:
    assert len(README_EXAMPLES) >= 5
    assert len({page for page, _, _ in EXAMPLES}) >= 6
    assert len(EXAMPLES) >= 35


@pytest.mark.parametrize(
    ("page", "command", "expected"), EXAMPLES, ids=[f"{name(page)}: {command}" for page, command, _ in EXAMPLES]
)
def test_readme_example(page: Path, command: str, expected: list[str], capsys, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)
    assert args[0] == "tabroll"
    if "typo.yaml" in args:
        (tmp_path / "typo.yaml").write_text(TYPO)
        monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit):
        main(args[1:])
    captured = capsys.readouterr()
    shown = (captured.out + captured.err).splitlines()
    for line in expected:
        assert line in shown, f"{name(page)} line not in the output of `{command}`: {line!r}\n" + "\n".join(shown)


def _start_here() -> list[str]:
    """The README's two newcomer commands: the first ``sh`` block that installs and runs, and the test command."""
    blocks = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    install = "python3 -m venv .venv && . .venv/bin/activate && python3 -m pip install . && python3 -m tabroll run "
    (first,) = [line for line in blocks if line.startswith(install)]
    (tests,) = [line for line in blocks if "pytest" in line]
    assert README.index(first) < README.index(tests) < README.index("\n## ", README.index("## Start here") + 1)
    return [first, tests]


@pytest.mark.parametrize("command", _start_here(), ids=["first-command", "test-command"])
def test_ci_runs_the_readmes_commands_to_the_letter(command: str) -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci, f".ci/run must run the README's command as its own line: {command}"


def test_the_first_command_runs_a_bundled_scenario() -> None:
    first = _start_here()[0]
    assert (ROOT / first.rsplit(" ", 1)[-1]).is_file()


GAMES = ("tabmaster", "forgod", "mtg_heroes", "ahotnik", "botse")
SHORT = 82  # "about 80 characters": a command a player types at the table


def _no_file_attack(game: str) -> str:
    """The README's attack of ``game`` with no scenario file (units typed after -a and -t)."""
    found = [
        command
        for command, _ in README_EXAMPLES
        if command.startswith(f"tabroll attack -r {game} ")
        and not any(w.endswith(".yaml") for w in shlex.split(command))
    ]
    assert found, f"the README shows no attack without a file for {game}"
    return found[0]


@pytest.mark.parametrize("game", GAMES)
def test_the_readme_attacks_each_game_without_a_file(game: str, capsys, monkeypatch) -> None:
    """Each game has a short no-file attack in the README, typed units and all, and it resolves (exit 0); the
    lines shown under it are checked by test_readme_example."""
    command = _no_file_attack(game)
    assert len(command) <= SHORT, f"{len(command)} characters: {command}"
    words = shlex.split(command)
    assert any("=" in words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-a", "-t")), command
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as exit_:
        main(words[1:])
    assert exit_.value.code == 0, capsys.readouterr().err


def test_the_pages_show_tabroll_units_once() -> None:
    shown = [command for _, command, _ in EXAMPLES if command.startswith("tabroll units ")]
    assert len(shown) == 1, shown


# --- the README is a front page, and every link of it and of the pages leads somewhere --------------------------


def test_the_readme_is_a_short_front_page() -> None:
    assert len(README.splitlines()) < 200
    linked = {target for target, _ in _links(ROOT / "README.md")}
    for page in ("docs/player.md", "docs/designer/odds.md", "docs/scripting.md", "docs/contributing/index.md"):
        assert page in linked, f"the README links to none of {page}"


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub and MkDocs's toc both make it (for the headings these pages have)."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", read(page), flags=re.S | re.M)
    return {_slug(m.group(1)) for m in re.finditer(r"^#+ (.*)$", text, re.M)}


def _links(page: Path) -> list[tuple[str, str]]:
    """(target path from the repository's root or "" for the page itself, #anchor) of each relative link."""
    text = re.sub(r"^```.*?^```", "", read(page), flags=re.S | re.M)
    found = []
    for target, anchor in re.findall(r"\]\(([^)\s#]*)(?:#([^)\s]*))?\)", text):
        if "://" in target or target.startswith("mailto:"):
            continue
        path = (page.parent / target).resolve().relative_to(ROOT).as_posix() if target else ""
        found.append((path, anchor or ""))
    return found


@pytest.mark.parametrize("page", pages(), ids=name)
def test_every_link_of_a_page_leads_to_a_file_and_a_heading(page: Path) -> None:
    """Links are relative paths in the repository, so they work where the Markdown is read as it is (GitHub); the
    site's build (mkdocs build --strict, in CI) checks them again as pages of the site."""
    for path, anchor in _links(page):
        aimed = ROOT / path if path else page
        assert aimed.exists(), f"{name(page)} links to {path}, which does not exist"
        if anchor:
            assert anchor in _anchors(aimed), f"{name(page)} links to {path}#{anchor}: no such heading"
