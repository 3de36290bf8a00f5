"""The garbage collector around a command (``tabroll.cli.collector``): paused while the ``tabroll`` process reads its
command line, running again (start-up's objects set aside) for the command's work, and never touched in a program
that calls ``main`` itself. Checked by the collector's own state, never by timing."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabroll.cli import collector
from tabroll.cli.app import COMMANDS, _built, main
from tabroll.cli.typer_app import Command

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "scenarios" / "tabmaster" / "01-common-lanceiro.yaml")

# Runs `tabroll` as its console script does, recording the collector's state when the command's work begins and
# after the process's exit code is decided (written to stderr as one JSON line).
PROBE = """
import atexit, gc, json, sys
from tabroll.cli import collector

seen = {"before_entry": gc.isenabled()}
resume = collector.resume


def recorded():
    seen["before_work"] = gc.isenabled()
    resume()
    seen["during_work"] = gc.isenabled()
    seen["frozen_for_work"] = gc.get_freeze_count()


collector.resume = recorded
atexit.register(lambda: sys.stderr.write("\\nSTATE " + json.dumps({**seen, "frozen_at_exit": gc.get_freeze_count()})))
sys.argv = ["tabroll", *sys.argv[1:]]
from tabroll.cli.entry import main
main()
"""


def probed(*args: str) -> tuple[int, dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )
    return done.returncode, json.loads(done.stderr.rsplit("STATE ", 1)[1])


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("run", EXAMPLE, "--format", "text"), id="run"),
        pytest.param(("roll", "2d6", "--seed", "1"), id="roll"),
        pytest.param(("attack", "-a", "Lanceiro", "-t", "Alquimista", "--dice", "6", "--dice", "1"), id="attack"),
    ],
)
def test_a_command_works_with_the_collector_running_and_start_up_set_aside(args: tuple[str, ...]) -> None:
    code, seen = probed(*args)
    assert code == 0
    assert seen["before_entry"] is True
    assert seen["before_work"] is False  # paused while the command line was read
    assert seen["during_work"] is True  # the work's own garbage is collected (a long walk keeps its memory bounded)
    assert isinstance(seen["frozen_for_work"], int) and seen["frozen_for_work"] > 1000
    assert isinstance(seen["frozen_at_exit"], int) and seen["frozen_at_exit"] >= seen["frozen_for_work"]


def test_help_which_runs_no_command_exits_as_usual_with_start_up_set_aside() -> None:
    code, seen = probed("--help")
    assert code == 0
    assert "before_work" not in seen  # no command's work: the collector stayed paused to the end
    assert isinstance(seen["frozen_at_exit"], int) and seen["frozen_at_exit"] > 1000


def test_a_program_calling_main_keeps_its_collector_as_it_was(capsys: pytest.CaptureFixture[str]) -> None:
    frozen = gc.get_freeze_count()
    assert gc.isenabled()
    with pytest.raises(SystemExit) as exited:
        main(["roll", "2d6", "--seed", "1"])
    assert exited.value.code == 0
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen
    collector.resume()  # nothing was paused here: nothing to resume
    collector.at_exit()  # not tabroll's own process: nothing set aside
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen
    capsys.readouterr()


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_tells_the_collector_when_its_work_begins(name: str) -> None:
    built = _built(name)
    leaves = list(built.commands.values()) if hasattr(built, "commands") else [built]
    assert leaves
    for leaf in leaves:
        assert isinstance(leaf, Command), f"tabroll {name} {leaf.name}: made without tabroll.cli.typer_app.command"
