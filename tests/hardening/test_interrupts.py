"""Long work ends cleanly: Ctrl-C at random moments, a worker killed on purpose, a closed pipe.

Each command runs as a real process in a process group of its own (as a shell starts it), so the test can send
Ctrl-C to the whole group the way a terminal does, and then find any process of that group still alive by
scanning ``/proc`` (no psutil). No test asserts how long anything took: the machines are shared; the figures
are in the notes of the issue.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks import journal_kill

pytestmark = pytest.mark.slow  # whole processes, interrupted and killed (run by the slow tier)

ROOT = Path(__file__).resolve().parents[2]
LANCE = ["-r", "tabmaster", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2"]
NO_LIMIT = ["--timeout", "0"]
# A chain of six random-direction steps, each with its damage roll: millions of outcomes, and no checkpoint for
# the walk to merge them by, so its exact walk runs for minutes.
PILGRIM = "Hero ATK='1 (Peregrino x 6)' DAN=1d20"
LONG_WALK = ["-r", "tabmaster", "-a", PILGRIM, "-t", "Orc DEF=30", "--distance", "1", "--budget", "10000000"]

# Work that takes far longer than the test waits: every interrupt lands while it is under way.
LONG = {
    "odds-simulated": ["odds", *LANCE, "--trials", "90000000", *NO_LIMIT],
    "odds-simulated-jobs2": ["odds", *LANCE, "--trials", "90000000", "--jobs", "2", *NO_LIMIT],
    "odds-exact": ["odds", *LONG_WALK, *NO_LIMIT],
    "matrix": [
        "matrix",
        "-r",
        "tabmaster",
        "--attackers",
        f"Lanceiro, {PILGRIM}",
        "--targets",
        "Soldado, Orc DEF=30",
        "--distance",
        "1",
        "--budget",
        "10000000",
        *NO_LIMIT,
    ],
}

# tabroll's entry point installs its Ctrl-C handler on its first line; the process says "ready" once it is
# imported (Python's own start, before that, is Python's), and the interrupts land from there on.
_STARTER = (
    "import sys; from tabroll.cli.entry import main; sys.stderr.write('ready\\n'); sys.stderr.flush(); "
    "sys.argv[0] = 'tabroll'; main()"
)


def group_members(group: int) -> list[int]:
    """Live (not zombie) processes of process group ``group``, from ``/proc``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] not in ("Z", "X") and int(fields[2]) == group:
            found.append(int(name))
    return found


def children_of(pid: int) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            with contextlib.suppress(OSError):
                stat = Path(f"/proc/{name}/stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                if int(fields[1]) == pid and fields[0] not in ("Z", "X"):
                    found.append(int(name))
    return found


def group_is_gone(group: int) -> bool:
    for _ in range(200):  # up to ~10 s for the kernel to reap them: the end state is asserted, not the time
        if not group_members(group):
            return True
        time.sleep(0.05)
    return False


def start(args: list[str], *, stdout: int = subprocess.DEVNULL) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", _STARTER, *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        text=True,
        start_new_session=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert process.stderr is not None
    assert process.stderr.readline() == "ready\n"
    return process


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    """Its exit code and standard error; it must end (a hang fails here), and leave no process of its group."""
    try:
        _, err = process.communicate(timeout=120)
        assert group_is_gone(process.pid), f"processes outlived tabroll: {group_members(process.pid)}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    return process.returncode, err


def interrupt_at(args: list[str], delay: float) -> tuple[int, str]:
    process = start(args)
    try:
        process.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGINT)  # the terminal sends Ctrl-C to the whole group
    return finish(process)


def check_interrupted(code: int, err: str) -> None:
    assert "Traceback" not in err and "internal error" not in err, err
    assert code == 130, (code, err)
    (line,) = err.strip().splitlines()  # one line, and nothing else
    assert line.startswith("interrupted"), err


def delays(name: str, count: int) -> list[float]:
    """Random moments from the start to well into the work (seeded: a failure names its delay)."""
    rng = random.Random(f"{name}:{count}")
    return [round(rng.uniform(0.0, 2.5), 3) for _ in range(count)]


LONG_CASES = sorted(LONG)


@pytest.mark.parametrize("name", LONG_CASES)
def test_ctrl_c_ends_long_work_with_its_workers(name: str) -> None:
    for delay in delays(name, 2):
        code, err = interrupt_at(LONG[name], delay)
        check_interrupted(code, err)


@pytest.mark.slow  # a dozen interrupts per command (each its own process): the README's test command and CI
@pytest.mark.parametrize("name", LONG_CASES)
def test_ctrl_c_at_a_dozen_random_moments(name: str) -> None:
    for delay in delays(name, 12):
        code, err = interrupt_at(LONG[name], delay)
        try:
            check_interrupted(code, err)
        except AssertionError as failed:
            raise AssertionError(f"Ctrl-C after {delay} s: {failed}") from None


def test_ctrl_c_during_a_simulation_says_how_far_it_got() -> None:
    code, err = interrupt_at(LONG["odds-simulated"], 2.0)
    check_interrupted(code, err)
    assert err.startswith(("interrupted: the simulation was stopped after about ", "interrupted\n")), err


def test_ctrl_c_during_a_matrix_says_which_pairs_were_done() -> None:
    code, err = interrupt_at(LONG["matrix"], 2.0)
    check_interrupted(code, err)
    loading = err == "interrupted\n"  # the interrupt came while the file was still loading
    assert loading or " of the table's 4 pairs were done; no table printed" in err, err


def test_a_killed_worker_of_odds_is_reported_and_nothing_hangs() -> None:
    process = start(LONG["odds-simulated-jobs2"])
    try:
        for _ in range(1200):  # the workers start once the attack is loaded
            workers = children_of(process.pid)
            if workers or process.poll() is not None:
                break
            time.sleep(0.05)
        assert workers, "no worker process started"
        os.kill(workers[0], signal.SIGKILL)  # as the system's out-of-memory killer would
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    code, err = finish(process)
    assert code == 70, (code, err)
    assert "Traceback" not in err and "BrokenProcessPool" not in err and "InvalidStateError" not in err, err
    assert err.startswith("error: a worker process stopped before its work was done"), err
    assert "the simulation lost " in err and "so no odds are given" in err, err


ACTIONS = 300


def _long_scenario(seed: int) -> str:
    """A TAB MASTER skirmish of 300 actions: its events alone are far more than a pipe buffer (64 KiB)."""
    return journal_kill.scenario_text(ACTIONS, seed=seed)


def test_a_killed_worker_of_a_batch_names_the_files_not_run(tmp_path: Path) -> None:
    for i in range(40):
        (tmp_path / f"s{i:02}.yaml").write_text(_long_scenario(i))
    process = start(["run", str(tmp_path), "--jobs", "2", "--format", "jsonl"])
    try:
        for _ in range(1200):
            workers = children_of(process.pid)
            if workers or process.poll() is not None:
                break
            time.sleep(0.05)
        assert workers, "no worker process started"
        os.kill(workers[-1], signal.SIGKILL)
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    code, err = finish(process)
    if code in (0, 1):  # the run was over before the worker could be killed
        pytest.skip("the batch finished before its worker was killed")
    assert code == 70, (code, err)
    assert "Traceback" not in err and "BrokenProcessPool" not in err, err
    assert ": not run: a worker process stopped before its work was done" in err, err
    assert "summary: 40 files" in err, err


def test_output_larger_than_a_pipe_buffer_with_jobs_is_whole_and_the_same(tmp_path: Path) -> None:
    for i in range(4):
        (tmp_path / f"s{i}.yaml").write_text(_long_scenario(i))
    args = [sys.executable, "-m", "tabroll", "run", str(tmp_path), "--format", "jsonl", "--seed", "1"]
    one = subprocess.run(args, capture_output=True, cwd=ROOT, timeout=300, check=False)
    two = subprocess.run([*args, "--jobs", "2"], capture_output=True, cwd=ROOT, timeout=300, check=False)
    assert len(one.stdout) > 4 * 65536
    assert (one.returncode, one.stdout) == (two.returncode, two.stdout)


def test_a_simulation_over_two_processes_with_more_trials_than_a_pipe_holds() -> None:
    """Enough trials that the work really is shared (PARALLEL_MIN_TRIALS), more than a pipe buffer's worth."""
    from tabroll.engine import find_ruleset
    from tabroll.kit import AttackRequest
    from tabroll.odds.montecarlo import PARALLEL_MIN_TRIALS, simulate

    game = find_ruleset("tabmaster")
    built = game.quick_attack(
        AttackRequest(attacker="Lanceiro", target="Alquimista", options={}, fields={"distance": "2"})
    )
    args = (game, built.state, built.steps[0].action)
    trials = PARALLEL_MIN_TRIALS + 70_001
    one = simulate(*args, trials=trials, seed=5, jobs=1)
    two = simulate(*args, trials=trials, seed=5, jobs=2)
    assert one.weight == two.weight == trials
    assert one.values == two.values


def test_a_closed_pipe_ends_a_parallel_simulation_and_its_workers() -> None:
    """Odds write at the end; the reader leaving earlier must still end everything, with no traceback."""
    process = start(["odds", *LANCE, "--trials", "400000", "--jobs", "2", "--format", "json"], stdout=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.close()  # the reader leaves at once, as `| head -c 0` would
    code, err = finish(process)
    assert "Traceback" not in err, err
    assert code in (0, -signal.SIGPIPE), (code, err)
