"""Every file tabroll writes (``--svg``, ``--png``, ``new``, ``--journal``, ``journal undo``) is written through a
symbolic link to the file it names, never over a link, a folder, a device, a named pipe or a socket, and a write
that fails leaves the file there whole (tabroll.writing.write_target; a journal: tabroll.journal.files.target_of).

A device is made in the test's own folder when the test may (as root), so that a regression could never replace a
device of the system; otherwise ``/dev/null``, which a user without root cannot replace anyway."""

from __future__ import annotations

import errno
import os
import shutil
import socket
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import Result

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml"
OLD = b"the file as it was\n"

Cli = Callable[..., Result]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's folder, as the working folder (a socket's path must be short), with a scenario in it."""
    monkeypatch.chdir(tmp_path)
    shutil.copy(SCENARIO, tmp_path / "s.yaml")
    return tmp_path


@pytest.fixture
def fake_png(monkeypatch: pytest.MonkeyPatch) -> None:
    """--png without its renderer installed: any bytes will do, what is tested is where they are written."""
    monkeypatch.setattr("tabroll.render.png.check_png_available", lambda: None)
    monkeypatch.setattr("tabroll.render.png.png_bytes", lambda svg: b"\x89PNG picture\n")


def _journal(cli: Cli, path: str, *, actions: int) -> None:
    """A journal of ``s.yaml`` at ``path`` holding ``actions`` actions (0: a refused attack, which records none)."""
    if actions:
        done = cli("run", "s.yaml", "--journal", path, "--format", "json")
        assert done.code == 0, done.err
    else:
        done = cli("attack", "s.yaml", "-a", "Lanceiro", "-t", "Arqueiro", "--journal", path, "--format", "json")
        assert done.code == 1, done.err
    assert len(Path(path).read_bytes().splitlines()) == 1 + actions


# Each writer: how to run it on a path, and what the file it writes begins with (a journal: its first line's).
WRITERS: dict[str, tuple[Callable[[Cli, str], Result], bytes]] = {
    "odds --svg": (lambda cli, p: cli("odds", "3d6", "--svg", p, "--format", "json"), b"<?xml"),
    "odds attack --svg": (
        lambda cli, p: cli("odds", "-a", "Lanceiro", "-t", "Soldado", "--svg", p, "--format", "json"),
        b"<?xml",
    ),
    "matrix --svg": (
        lambda cli, p: cli(
            "matrix", "--attackers", "Lanceiro", "--targets", "Soldado", "--budget", "1", "--trials", "200", "--svg", p
        ),
        b"<?xml",
    ),
    "odds --png": (lambda cli, p: cli("odds", "3d6", "--png", p, "--format", "json"), b"\x89PNG"),
    "matrix --png": (
        lambda cli, p: cli(
            "matrix", "--attackers", "Lanceiro", "--targets", "Soldado", "--budget", "1", "--trials", "200", "--png", p
        ),
        b"\x89PNG",
    ),
    "new": (lambda cli, p: cli("new", "tabmaster", p), b"#"),
    "new --force": (lambda cli, p: cli("new", "tabmaster", p, "--force"), b"#"),
    "run --journal": (lambda cli, p: cli("run", "s.yaml", "--journal", p, "--format", "json"), b"{"),
    "attack --journal": (
        lambda cli, p: cli(
            "attack", "s.yaml", "-a", "Arqueiro", "-t", "Lanceiro", "--journal", p, "--dice", "2", "--format", "json"
        ),
        b"{",
    ),
    "journal undo": (lambda cli, p: cli("journal", "undo", p), b"{"),
}
JOURNALS = {"run --journal", "attack --journal", "journal undo"}
REPLACING = set(WRITERS) - {"new"}  # "new" without --force leaves any file there alone


def _device(folder: Path) -> Path:
    """A character device: one of the test's own (null's numbers) where it may make one, else /dev/null."""
    own = folder / "device"
    try:
        os.mknod(own, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError):
        return Path(os.devnull)
    return own


@pytest.fixture
def device(here: Path) -> Path:
    return _device(here)


def _kind(path: Path) -> str:
    mode = os.lstat(path).st_mode
    for test, name in (
        (stat.S_ISLNK, "link"),
        (stat.S_ISDIR, "folder"),
        (stat.S_ISCHR, "device"),
        (stat.S_ISFIFO, "fifo"),
        (stat.S_ISSOCK, "socket"),
        (stat.S_ISREG, "file"),
    ):
        if test(mode):
            return name
    return "other"  # pragma: no cover


@pytest.fixture
def listening(here: Path) -> Iterator[Path]:
    sock = socket.socket(socket.AF_UNIX)
    sock.bind("out.sock")
    try:
        yield here / "out.sock"
    finally:
        sock.close()


def _refused(done: Result) -> None:
    assert done.code == 2, (done.code, done.err)
    lines = done.err.splitlines()
    assert lines[0].startswith("error: ") and "Traceback" not in done.err, done.err
    assert len(lines) == 2 and lines[1].startswith("Tip: "), done.err


# --- what is not a regular file is refused and left as it is -------------------------------------------------


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("kind", ["fifo", "device", "link to a device", "socket", "folder", "link to a folder"])
def test_what_is_not_a_regular_file_is_refused_and_left_alone(
    cli: Cli, here: Path, device: Path, request: pytest.FixtureRequest, fake_png: None, writer: str, kind: str
) -> None:
    if kind == "fifo":
        target = here / "out"
        os.mkfifo(target)
    elif kind == "device":
        target = device
    elif kind == "link to a device":
        target = here / "out"
        target.symlink_to(device)
    elif kind == "socket":
        target = request.getfixturevalue("listening")
    elif kind == "folder":
        target = here / "out"
        target.mkdir()
    else:
        (here / "folder").mkdir()
        target = here / "out"
        target.symlink_to(here / "folder")
    before = sorted(os.listdir(here))
    was = _kind(target)
    run, _ = WRITERS[writer]
    _refused(run(cli, str(target)))
    assert _kind(target) == was
    assert _kind(device) == "device"
    if kind.startswith("link"):
        assert os.readlink(target) == str(device if kind == "link to a device" else here / "folder")
    assert sorted(os.listdir(here)) == before  # nothing written beside it either (no temporary file left)


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_link_that_loops_is_refused(cli: Cli, here: Path, fake_png: None, writer: str) -> None:
    (here / "a").symlink_to("b")
    (here / "b").symlink_to("a")
    run, _ = WRITERS[writer]
    _refused(run(cli, "a"))
    assert os.readlink("a") == "b" and os.readlink("b") == "a"


# --- a link is written through ---------------------------------------------------------------------------------


@pytest.mark.parametrize("writer", sorted(REPLACING))
@pytest.mark.parametrize("links", [1, 3])
def test_a_link_is_written_through_to_its_file(cli: Cli, here: Path, fake_png: None, writer: str, links: int) -> None:
    real = here / "real"
    if writer in JOURNALS:
        _journal(cli, "real", actions=1 if writer == "journal undo" else 0)  # undo: something to undo
    else:
        real.write_bytes(OLD)
    old = real.read_bytes()
    name = "real"
    for n in range(links):  # a chain: link0 -> real, link1 -> link0, …
        (here / f"link{n}").symlink_to(name)
        name = f"link{n}"
    run, begins = WRITERS[writer]
    done = run(cli, name)
    assert done.code == 0, done.err
    for n in range(links):
        assert (here / f"link{n}").is_symlink()
    new = real.read_bytes()
    assert new != old and new.startswith(begins) and _kind(real) == "file"


@pytest.mark.parametrize("writer", sorted(set(WRITERS) - {"journal undo"}))
def test_a_link_to_a_missing_file_writes_that_file(cli: Cli, here: Path, fake_png: None, writer: str) -> None:
    (here / "link").symlink_to("made")
    (here / "chain").symlink_to("link")
    run, begins = WRITERS[writer]
    done = run(cli, "chain")
    assert done.code == 0, done.err
    assert os.readlink("chain") == "link" and os.readlink("link") == "made"
    assert (here / "made").read_bytes().startswith(begins) and _kind(here / "made") == "file"


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_link_into_a_missing_folder_is_refused(cli: Cli, here: Path, fake_png: None, writer: str) -> None:
    (here / "link").symlink_to("missing/made")
    run, _ = WRITERS[writer]
    _refused(run(cli, "link"))
    assert os.readlink("link") == "missing/made" and not (here / "missing").exists()


def test_undo_through_a_link_to_a_missing_journal_says_so(cli: Cli, here: Path) -> None:
    (here / "link").symlink_to("gone.jsonl")
    done = WRITERS["journal undo"][0](cli, "link")
    _refused(done)
    assert "does not exist" in done.err and not (here / "gone.jsonl").exists()


# --- a write that fails leaves the file whole --------------------------------------------------------------------


@pytest.mark.parametrize("writer", sorted(REPLACING))
def test_a_write_that_fails_leaves_the_file_whole(
    cli: Cli, here: Path, fake_png: None, monkeypatch: pytest.MonkeyPatch, writer: str
) -> None:
    if writer in JOURNALS:
        _journal(cli, "real", actions=1 if writer == "journal undo" else 0)  # undo: something to undo
    else:
        (here / "real").write_bytes(OLD)
    (here / "link").symlink_to("real")
    old = (here / "real").read_bytes()
    before = sorted(os.listdir(here))

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    run, _ = WRITERS[writer]
    with monkeypatch.context() as patched:
        patched.setattr(os, "write", full)
        done = run(cli, "link")
    assert done.code == 74, (done.code, done.err)
    assert done.err.startswith("error: cannot write ") and "Traceback" not in done.err, done.err
    assert (here / "real").read_bytes() == old and os.readlink("link") == "real"
    assert sorted(os.listdir(here)) == before
