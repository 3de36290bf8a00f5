"""Every example in ``tabroll COMMAND --help`` is run, in order, as a reader would type it, and exits 0 (or the
exit code its line documents with ``# exit N``).

The examples work in a folder holding what a reader makes first: ``battle.yaml`` (``tabroll new tabmaster
battle.yaml``) and ``battle.jsonl`` (``tabroll run battle.yaml --journal battle.jsonl``)."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest
from typer.main import get_command

from tabroll.cli.app import app, main


def _commands() -> list[tuple[str, object]]:
    root = get_command(app)
    found: list[tuple[str, object]] = [("", root)]
    for name, command in getattr(root, "commands", {}).items():
        found.append((name, command))
        for sub_name, sub in getattr(command, "commands", {}).items():
            found.append((f"{name} {sub_name}", sub))
    return found


def _examples() -> list[tuple[str, str, int]]:
    examples: list[tuple[str, str, int]] = []
    for name, command in _commands():
        help_text = getattr(command, "help", None) or ""
        for line in help_text.splitlines():
            if not line.startswith("tabroll "):
                continue
            text, _, comment = line.partition("  # ")
            code = re.match(r"exit (\d+)", comment.strip())
            examples.append((name, text.strip(), int(code.group(1)) if code else 0))
    return examples


EXAMPLES = _examples()
SHOWN = {name for name, _, _ in EXAMPLES}


def _run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as exit_:
        main(args)
    captured = capsys.readouterr()
    code = exit_.value.code
    return (code if isinstance(code, int) else 0), captured.out + captured.err


@pytest.fixture
def table(tmp_path: Path, capsys, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert _run(["new", "tabmaster", "battle.yaml"], capsys, monkeypatch)[0] == 0
    assert _run(["run", "battle.yaml", "--journal", "battle.jsonl"], capsys, monkeypatch)[0] == 0
    return tmp_path


def test_every_command_shows_two_or_three_examples() -> None:
    per_command: dict[str, int] = {}
    for name, _, _ in EXAMPLES:
        per_command[name] = per_command.get(name, 0) + 1
    commands = {name for name, command in _commands() if name and not getattr(command, "commands", None)}
    missing = sorted(commands - SHOWN)
    assert not missing, f"commands whose help shows no example: {missing}"
    single = {name for name, n in per_command.items() if n < 2 and name not in ("journal undo", "journal replay")}
    assert not single, f"commands with one example only: {single}"


@pytest.mark.parametrize("command", sorted(SHOWN), ids=lambda name: name or "tabroll")
def test_help_examples_run_in_order(command: str, table: Path, capsys, monkeypatch) -> None:
    """A command's examples run one after the other in one folder, as a reader types them."""
    for name, line, code in EXAMPLES:
        if name != command:
            continue
        args = shlex.split(line)
        assert args[0] == "tabroll"
        if command:
            assert args[1 : 1 + len(command.split())] == command.split(), f"{line!r} is not an example of {command}"
        got, output = _run(args[1:], capsys, monkeypatch)
        assert got == code, f"`{line}` exited {got}, its help says {code}:\n{output}"
