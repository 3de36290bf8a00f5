"""Every example in ``tabroll COMMAND --help`` is run, in order, as a reader would type it, and exits 0 (or the
exit code its line documents with ``# exit N``).

Each command's examples run from an empty folder, as on a machine with only the wheel installed: an example that
reads a file comes after the example that makes it (``tabroll new tabmaster battle.yaml``, and ``... && tabroll run
battle.yaml --journal battle.jsonl`` for the journal commands)."""

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
    for name in root.list_commands(None):  # type: ignore[attr-defined]
        command = root.get_command(None, name)  # type: ignore[attr-defined]
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
def table(tmp_path: Path, monkeypatch) -> Path:
    """An empty folder to run a command's examples in."""
    monkeypatch.chdir(tmp_path)
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
        *before, last = [shlex.split(part) for part in line.split(" && ")]
        for args in before:  # what the example needs first, made as a reader would: each must succeed
            assert args[0] == "tabroll"
            got, output = _run(args[1:], capsys, monkeypatch)
            assert got == 0, f"`{shlex.join(args)}` (in `{line}`) exited {got}:\n{output}"
        assert last[0] == "tabroll"
        if command and not before and last[1] != "new":
            assert last[1 : 1 + len(command.split())] == command.split(), f"{line!r} is not an example of {command}"
        got, output = _run(last[1:], capsys, monkeypatch)
        assert got == code, f"`{line}` exited {got}, its help says {code}:\n{output}"
