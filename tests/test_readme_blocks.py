"""Every shell block of the README and of the documentation site (docs/**/*.md) runs as printed, as a newcomer
would paste it into a terminal.

Each ``sh`` block is split into its commands (a command goes on over lines ending in ``\\`` or starting with
``|``), and the commands run one after the other with bash, in one folder holding only what a fresh clone holds
that they may read (a copy of ``scenarios/``), with ``tabroll`` on the ``PATH`` as pip installs it. Each must exit
0, or the code a comment above it names (``# ... (exits 1: ...)``), and none may print a traceback or call
itself a bug. The set-up commands (install and run; install and test: any block with ``pip install``) are CI's to run
(``.ci/run``, word for word). ``jq`` is the one from the ``jq`` package of the dev extra, so the recipes run the
same on a machine without the jq program.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.doc_pages import ROOT, blocks, pages
from tests.doc_pages import name as page_name

pytestmark = pytest.mark.slow  # every shell block, as a newcomer runs it: whole processes (run by the slow tier)

JQ_SHIM = '''#!{python}
"""jq, as far as the README uses it (-r, -s, -c and one filter), from the jq package."""
import json, sys
import jq
flags, args = set(), []
for word in sys.argv[1:]:
    if word.startswith("-") and len(word) > 1 and not args:
        flags.update(word[1:])
    else:
        args.append(word)
program = jq.compile(args[0])
for value in program.input_text(sys.stdin.read(), slurp="s" in flags):
    if "r" in flags and isinstance(value, str):
        print(value)
    else:
        print(json.dumps(value, ensure_ascii=False, indent=None if "c" in flags else 2))
'''

TABROLL_SHIM = """#!{python}
import sys
sys.path.insert(0, {root!r})
from tabroll.cli.entry import main
sys.argv[0] = "tabroll"
main()
"""


def shell_blocks() -> list[tuple[str, str]]:
    """(page:line, text) of each ``sh`` block the newcomer pastes (not the set-up commands), on every page."""
    found = []
    for page in pages():
        for line, text in blocks("sh", page):
            if "pip install" in text:
                continue  # the set-up commands: run by .ci/run, to the letter (tests/test_readme.py)
            found.append((f"{page_name(page)}:{line}", text))
    return found


def commands(block: str) -> list[tuple[str, int]]:
    """The block's commands, each with the exit code the comments above it name (0 when they name none)."""
    out: list[tuple[str, int]] = []
    current: list[str] = []
    said = 0
    for line in block.splitlines():
        stripped = line.strip()
        if current and (current[-1].endswith("\\") or stripped.startswith("|")):
            current.append(line)
            continue
        if current:
            out.append(("\n".join(current), said))
            current, said = [], 0
        if not stripped:
            continue
        if stripped.startswith("#"):
            code = re.search(r"\(exits (\d+)\b", stripped)
            said = int(code.group(1)) if code else said
            continue
        current.append(line)
    if current:
        out.append(("\n".join(current), said))
    return out


BLOCKS = shell_blocks()


def test_the_pages_have_shell_blocks_beyond_the_set_up() -> None:
    assert len(BLOCKS) >= 4
    assert sum(len(commands(text)) for _, text in BLOCKS) >= 8


@pytest.fixture
def clone_folder(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder with a copy of the bundled scenarios, and an environment whose PATH has tabroll and jq."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("tabroll", TABROLL_SHIM), ("jq", JQ_SHIM)):
        shim = bin_dir / name
        shim.write_text(text.replace("{python}", sys.executable).replace("{root!r}", repr(str(ROOT))))
        shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    work = tmp_path / "clone"
    work.mkdir()
    shutil.copytree(ROOT / "scenarios", work / "scenarios")
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "NO_COLOR": "1",
        "CI": "true",
    }
    env.pop("PYTHONPATH", None)
    return work, env


@pytest.mark.parametrize(("where", "block"), BLOCKS, ids=[where for where, _ in BLOCKS])
def test_a_shell_block_runs_as_printed(where: str, block: str, clone_folder) -> None:
    work, env = clone_folder
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash on this machine")
    for command, code in commands(block):
        done = subprocess.run(
            [bash, "-o", "pipefail", "-c", command],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=300,
            check=False,
        )
        shown = done.stdout + done.stderr
        assert "Traceback" not in shown and "internal error" not in shown, f"{where}: {command}\n{shown}"
        assert done.returncode == code, f"{where}: `{command}` exited {done.returncode}, not {code}:\n{shown}"
