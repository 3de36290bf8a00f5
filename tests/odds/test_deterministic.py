"""Exact or simulated is decided by the input, the options and the seed alone, never by how fast the machine is.

The fast tests here run a command on a clock that jumps forward at every look (a very slow machine, made
deterministic); the slow one runs the same commands idle and beside two CPU-bound processes. ``--timeout`` is a
safety stop: when it fires, the JSON says so (``time_limit.reached``)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXCHANGE = str(ROOT / "scenarios/mtg_heroes/02-direct-combat.yaml")

ODDS = ["odds", "-r", "tabmaster", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2", "--format", "json"]
UNTIL = ["odds", "-r", "tabmaster", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat", "--format", "json"]
MATRIX = ["matrix", "--attackers", "Lanceiro,Alquimista,Soldado", "--targets", "Soldado,Alquimista", "--format", "json"]


@pytest.fixture
def slow_clock(monkeypatch: pytest.MonkeyPatch) -> Callable[[float], None]:
    """``slow_clock(step)``: from now on every look at :func:`time.monotonic` is ``step`` seconds after the last."""

    def install(step: float) -> None:
        now = [time.monotonic()]

        def jumping() -> float:
            now[0] += step
            return now[0]

        monkeypatch.setattr(time, "monotonic", jumping)

    return install


@pytest.mark.parametrize(("args", "step"), [(ODDS, 0.2), (UNTIL, 0.2), (MATRIX, 0.6)], ids=["odds", "until", "matrix"])
def test_a_slow_machine_gets_the_same_json_when_the_limit_is_not_reached(cli, slow_clock, args, step) -> None:
    idle = cli(*args).out
    # Each look at the clock is a fifth of a second (or more) after the last: the odds take some 70 looks, the
    # chain some 130 (within the 30 s the walk has of the default 60), the six pairs of the table some 800
    # (within its 600 s).
    slow_clock(step)
    slow = cli(*args).out
    assert json.loads(slow).get("time_limit", {}).get("reached") is False
    assert slow == idle


def test_a_matrix_pair_is_never_cut_by_a_share_of_the_time(cli, slow_clock) -> None:
    # Six pairs under 600 s: the pairs used to get a share each (100 s, of which a quarter for sampling and half
    # for the walk); on a slow machine a pair was simulated, or sampled fewer times, although the table's limit
    # was far off. Now only the table's limit stops a pair.
    slow_clock(0.7)
    doc = cli(*MATRIX).json()
    assert doc["time_limit"]["reached"] is False
    assert all(cell["method"] == "exact" and "out_of_time" not in cell for cell in doc["cells"])


def test_a_timeout_that_fires_says_so_in_the_json(cli, slow_clock) -> None:
    slow_clock(1.0)
    doc = cli(*ODDS, "--timeout", "5").json()
    assert doc["time_limit"] == {"seconds": 5.0, "reached": True}
    assert doc["method"] == "monte_carlo" and "--timeout" in doc["note"]


@pytest.fixture
def busy() -> Iterator[None]:
    """Two CPU-bound processes for the length of the test."""
    loads = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        yield
    finally:
        for load in loads:
            load.kill()
            load.wait()


def _run(args: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tabroll", *args], capture_output=True, text=True, check=True, cwd=ROOT, timeout=600
    )
    return done.stdout


HEAVY = ["odds", EXCHANGE, "--format", "json"]


@pytest.mark.slow
@pytest.mark.parametrize("args", [ODDS, UNTIL, MATRIX], ids=["odds", "until", "matrix"])
def test_the_same_command_gives_the_same_json_idle_and_beside_two_busy_processes(args, request) -> None:
    idle = _run(args)
    request.getfixturevalue("busy")
    assert _run(args) == idle
