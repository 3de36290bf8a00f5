"""Paths the system cannot take (issue 19): a folder whose path is longer than PATH_MAX (4,096 bytes on Linux) and a
file name longer than NAME_MAX (255 bytes), given to run, check and the journal commands. Each is exit 2 with a
message that names the path, never a traceback or exit 70 (``journal undo`` and ``--journal`` were exit 70:
``Path.is_symlink`` lets ENAMETOOLONG through)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.hardening.test_fuzz_cli import assert_clean, invoke

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "scenarios" / "tabmaster" / "01-common-lanceiro.yaml"
PATH_MAX = os.pathconf("/", "PC_PATH_MAX") if hasattr(os, "pathconf") else 4096


@pytest.fixture
def deep_folder(tmp_path: Path) -> Path:
    """A real folder, ``PATH_MAX`` deep and more, holding a scenario: made one level at a time through folder
    descriptors (the whole path cannot be opened)."""
    fd = os.open(tmp_path, os.O_RDONLY)
    parts: list[str] = []
    try:
        while len(str(tmp_path)) + sum(len(p) + 1 for p in parts) <= PATH_MAX + 100:
            name = f"{len(parts):02d}" + "d" * 198
            os.mkdir(name, dir_fd=fd)
            inner = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
            parts.append(name)
        out = os.open("game.yaml", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(out, EXAMPLE.read_bytes())
        os.close(out)
    finally:
        os.close(fd)
    folder = tmp_path.joinpath(*parts)
    assert len(str(folder)) > PATH_MAX
    return folder


def _short(args: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(a if len(a) < 80 else f"<{len(a):,} characters>" for a in args)


def _refused(cli, args: tuple[str, ...], named: str) -> str:
    result = invoke(cli, *args)
    assert_clean(_short(args), result, allowed=(2,))
    assert named in result.err, (_short(args), result.err[-300:])
    assert "File name too long" in result.err, (_short(args), result.err[-300:])
    return result.err


def test_a_folder_longer_than_path_max(cli, deep_folder: Path) -> None:
    folder = str(deep_folder)
    scenario = str(deep_folder / "game.yaml")
    journal = str(deep_folder / "game.journal.jsonl")
    for args in [("run", folder), ("run", scenario), ("check", folder), ("check", scenario)]:
        _refused(cli, (*args, "--format", "json") if args[0] == "run" else args, folder)
    for verb in ("show", "undo", "replay", "state"):
        _refused(cli, ("journal", verb, journal), journal)
    err = _refused(cli, ("run", str(EXAMPLE), "--journal", journal), journal)
    assert "a file name holds at most 255 bytes and a whole path at most 4,096" in err
    _refused(cli, ("play", str(EXAMPLE), "--journal", journal), journal)


def test_a_file_name_longer_than_name_max(cli, tmp_path: Path) -> None:
    long = str(tmp_path / ("n" * 300 + ".yaml"))
    for args in [("run", long), ("check", long), ("run", long, "--format", "jsonl")]:
        _refused(cli, args, long)
    journal = str(tmp_path / ("j" * 300 + ".jsonl"))
    for verb in ("show", "undo", "replay", "state"):
        _refused(cli, ("journal", verb, journal), journal)
    _refused(cli, ("run", str(EXAMPLE), "--journal", journal), journal)
    _refused(cli, ("attack", str(EXAMPLE), "-a", "Lanceiro", "-t", "Alquimista", "--journal", journal), journal)
    _refused(cli, ("play", str(EXAMPLE), "--journal", journal), journal)
    assert sorted(os.listdir(tmp_path)) == []  # nothing was created on the way


def test_a_folder_among_others_does_not_stop_the_batch(cli, deep_folder: Path, tmp_path: Path) -> None:
    """In a run of several files, the one that cannot be opened is named and counted; the others run."""
    result = invoke(cli, "run", str(deep_folder / "game.yaml"), str(EXAMPLE), "--format", "jsonl", "--seed", "1")
    assert_clean(("run", "<long path>", str(EXAMPLE)), result, allowed=(2,))
    assert "File name too long" in result.err
    assert any(r.get("kind") == "damage" for r in result.jsonl())
