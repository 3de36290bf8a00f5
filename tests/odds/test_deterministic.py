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


def _mtg(power: int, toughness: int, life: int) -> str:
    return f"Power={power} Toughness={toughness} Life={life}"


# A table on the edge: its first pair walks 165,441 outcomes (about 2 s idle), the second is quick.
EDGE = ["matrix", "-r", "mtg_heroes", "--attackers", f"A {_mtg(4, 4, 10)},C {_mtg(1, 1, 2)}"]
EDGE += ["--targets", f"B {_mtg(4, 4, 10)}", "--budget", "1000000", "--seed", "1", "--format", "json"]


def test_a_matrix_pair_is_never_cut_by_a_share_of_the_time(cli, slow_clock) -> None:
    # Each pair used to get a share of the time left (35 of 70 s for the first, a quarter of it for sampling and
    # half for the walk): on a slow machine the first pair was simulated although the table had time to spare.
    # Now a pair may use all the time left; only the table's limit stops it.
    idle = cli(*EDGE, "--timeout", "70").out
    slow_clock(0.1)  # the table looks at the clock some 500 times: 50 s of its 70
    slow = cli(*EDGE, "--timeout", "70").out
    doc = json.loads(slow)
    assert doc["time_limit"] == {"seconds": 70.0, "reached": False}
    assert [cell["method"] for cell in doc["cells"]] == ["exact", "exact"]
    assert slow == idle


def test_a_timeout_that_fires_says_so_in_the_json(cli, slow_clock) -> None:
    slow_clock(3.0)  # the walk's first look at the clock is past its half of the 5 s
    doc = cli(*ODDS, "--timeout", "5").json()
    assert doc["time_limit"] == {"seconds": 5.0, "reached": True}
    assert doc["method"] == "monte_carlo" and "--timeout" in doc["note"]


@pytest.mark.slow  # a chain of some 20,000 resolutions, then 10,000 simulated chains: about 10 s
def test_an_until_chain_is_simulated_by_its_budget_not_by_the_clock(cli) -> None:
    # Whether this chain is walked or simulated is decided by a count of resolutions (a tenth of --budget), not by
    # the pace of the machine: with a time limit far beyond its run time it is still simulated, by its budget.
    # (Power 2 against Toughness 2 is walked exactly since a strike is walked by Power less Toughness: 3 against 3
    # is not.)
    args = ["odds", "-r", "mtg_heroes", "-a", "A", "-t", "B", "--until", "defeat", "--seed", "3", "--format", "json"]
    for side in ("attacker", "target"):
        args += [f"--{side}-stat", "Power=3", f"--{side}-stat", "Toughness=3", f"--{side}-stat", "Life=6"]
    args += ["--timeout", "900"]  # a loaded machine takes minutes: the clock must not be what decides here
    doc = cli(*args).json()
    assert doc["time_limit"] == {"seconds": 900.0, "reached": False}
    assert doc["until"]["note"].startswith(
        "no exact chain: its walks would take more than 20,000 resolutions (a tenth of --budget); simulated 10,000 "
        "chains of attacks instead (seed 3"
    ), doc["until"]["note"]


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


# On the edge: an attack walked exactly in about 2 s; a chain of attacks walked exactly; the table above.
HEAVY = ["odds", "-r", "mtg_heroes", "-a", "A", "-t", "B", "--budget", "1000000", "--format", "json"]
HEAVY += ["--attacker-stat", "Power=4", "--attacker-stat", "Toughness=4", "--attacker-stat", "Life=10"]
HEAVY += ["--target-stat", "Power=4", "--target-stat", "Toughness=4", "--target-stat", "Life=10"]


@pytest.mark.slow
@pytest.mark.parametrize("args", [HEAVY, UNTIL, EDGE], ids=["odds", "until", "matrix"])
def test_the_same_command_gives_the_same_json_idle_and_beside_two_busy_processes(args, request) -> None:
    idle = _run(args)
    request.getfixturevalue("busy")
    assert _run(args) == idle
