"""The README's command examples are real: each ``$ tabroll ...`` in a ``text`` block is run and its output
compared line by line (a file the example only names, like ``typo.yaml``, is made from the scenario in the README
or skipped)."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from tabroll.cli.app import main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

TYPO = "ruleset: tabmaster\nboard:\n  size: [3, 1]\nunits:\n  Lanceiro:\n    side: red\n    at: [0, 0]\n    DFE: 3\n"


def examples() -> list[tuple[str, list[str]]]:
    found: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```text\n(.*?)```", README, re.S):
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


EXAMPLES = examples()


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example(command: str, expected: list[str], capsys, monkeypatch, tmp_path: Path) -> None:
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
        assert line in shown, f"README line not in the output of `{command}`: {line!r}\n" + "\n".join(shown)


def _start_here() -> list[str]:
    """The README's two newcomer commands: the first ``sh`` block that installs and runs, and the test command."""
    blocks = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    install = "python3 -m venv .venv && . .venv/bin/activate && python3 -m pip install . && python3 -m tabroll run "
    (first,) = [line for line in blocks if line.startswith(install)]
    (tests,) = [line for line in blocks if "pytest" in line]
    assert README.index(first) < README.index(tests) < README.index("## A tour of the commands")
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
        for command, _ in EXAMPLES
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


def test_the_readme_shows_tabroll_units_once() -> None:
    shown = [command for command, _ in EXAMPLES if command.startswith("tabroll units ")]
    assert len(shown) == 1, shown
