"""Batch runs: folders, globs, stdin, --jobs, per-file seeds, partial failures, pipelines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster"

ROLLING = """ruleset: tabmaster
board: {{size: [6, 1]}}
units:
  Lanceiro: {{side: red, at: [0, 0]}}
  Soldado: {{side: blue, at: [1, 0], DEF: {defense}}}
actions:
  - {{do: attack, attacker: Lanceiro, target: Soldado}}
"""


@pytest.fixture
def rolling_files(tmp_path: Path) -> list[str]:
    paths = []
    for i in range(6):
        path = tmp_path / f"f{i}.yaml"
        path.write_text(ROLLING.format(defense=5 + i))
        paths.append(str(path))
    return paths


def per_file(lines: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for line in lines:
        out.setdefault(line["file"], []).append(line)
    return out


def test_a_folder_runs_every_scenario_in_it_with_a_summary(cli) -> None:
    result = cli("run", str(EXAMPLES), "--format", "jsonl")
    assert result.code == 0, result.err
    files = per_file(result.jsonl())
    assert len(files) == 5 and all(f.endswith(".yaml") for f in files)
    assert "summary: 5 files, 5 actions, 0 refused, 0 with errors" in result.err


def test_results_do_not_depend_on_jobs_or_file_order(cli, rolling_files) -> None:
    one = per_file(cli("run", *rolling_files, "--seed", "9", "--format", "jsonl").jsonl())
    two = per_file(cli("run", *rolling_files, "--seed", "9", "--format", "jsonl", "--jobs", "2").jsonl())
    backwards = per_file(cli("run", *reversed(rolling_files), "--seed", "9", "--format", "jsonl").jsonl())
    assert one == two == backwards
    rolls = {f: [e["values"] for e in events if e["kind"] == "roll"] for f, events in one.items()}
    assert len({tuple(map(tuple, r)) for r in rolls.values()}) > 1  # files get different seeds
    other = per_file(cli("run", *rolling_files, "--seed", "10", "--format", "jsonl").jsonl())
    assert other != one


def test_each_file_is_told_in_its_own_games_language_whatever_the_jobs(cli) -> None:
    """``--lang game`` with workers: the events come back to this process, which says them in each file's game's
    language (TAB MASTER's Portuguese, then BotSE's Russian), line for line as ``--jobs 1`` does."""
    files = [str(EXAMPLES / "05-projectile-arqueiro.yaml"), str(EXAMPLES.parent / "botse" / "01-fatigue.yaml")]
    logs = []
    for jobs in ("1", "2"):
        result = cli("run", *files, "--seed", "3", "--format", "text", "--lang", "game", "--jobs", jobs)
        assert result.code == 0, result.err
        logs.append(result.out.splitlines())
    assert logs[0] == logs[1]
    assert "# regras: tabmaster" in logs[1] and "# правила: botse" in logs[1]
    assert "  flipado       Arqueiro é flipado" in logs[1]


def test_one_broken_file_does_not_stop_the_others(cli, rolling_files, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: tabmaster\nboard: {size: [3, 1]\n")
    result = cli("run", rolling_files[0], str(broken), rolling_files[1], "--seed", "1", "--format", "jsonl")
    assert result.code == 2
    assert set(per_file(result.jsonl())) == {rolling_files[0], rolling_files[1]}
    assert f"error: {broken}:" in result.err and "1 with errors" in result.err


def test_refusals_make_exit_code_1(cli, tmp_path: Path) -> None:
    far = tmp_path / "far.yaml"
    far.write_text(ROLLING.format(defense=5).replace("at: [1, 0]", "at: [5, 0]"))
    result = cli("run", str(far), "--seed", "1", "--format", "text")
    assert result.code == 1 and "refused" in result.out


def test_standard_input_and_several_files_as_one_json_document(cli, rolling_files) -> None:
    text = Path(rolling_files[0]).read_text()
    result = cli("run", "-", rolling_files[1], "--seed", "2", "--format", "json", stdin=text)
    assert result.code == 0, result.err
    doc = result.json()
    assert doc["format"] == "tabroll.events" and [f["file"] for f in doc["files"]] == ["-", rolling_files[1]]
    assert all(f["seed"] == 2 and f["dice_drawn"] for f in doc["files"])


def test_dice_and_prompt_limits_in_batches(cli, rolling_files) -> None:
    assert "--dice gives the rolls of one file" in cli("run", *rolling_files[:2], "--dice", "5").err
    assert "use it with --jobs 1" in cli("run", rolling_files[0], "--prompt", "--jobs", "2").err
    assert "out of range" in cli("run", rolling_files[0], "--jobs", "0").err


def test_a_closed_pipe_ends_quietly(rolling_files) -> None:
    command = [sys.executable, "-m", "tabroll", "run", *rolling_files, "--format", "jsonl"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()
        error = process.stderr.read().decode()
        process.wait(timeout=60)
    assert json.loads(first)["kind"] == "action"
    assert "Traceback" not in error and "BrokenPipe" not in error


def test_the_summary_says_why_a_run_of_refusals_exits_1(cli) -> None:
    root = Path(__file__).resolve().parents[2] / "scenarios"
    result = cli("run", str(root / "forgod/15-refusals.yaml"), str(root / "tabmaster"), "--format", "text")
    assert result.code == 1
    (reason,) = [line for line in result.err.splitlines() if line.startswith("exit 1: ")]
    assert reason.startswith("exit 1: the rules refused ") and "not a failure of the run" in reason
    clean = cli("run", str(root / "tabmaster"), "--format", "text")
    assert clean.code == 0 and "exit " not in clean.err


def test_standard_input_without_bytes_beneath_is_read_with_jobs(monkeypatch, capsys) -> None:
    """A caller that runs tabroll in its own process may give a text stream as standard input (the fuzzer does):
    '-' with --jobs reads it too (found by the command-line fuzzer: exit 70)."""
    import io

    from tabroll.cli.app import main

    text = (Path(__file__).resolve().parents[2] / "scenarios/tabmaster/05-projectile-arqueiro.yaml").read_text()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    try:
        main(["run", "-", "--format", "jsonl", "--jobs", "2"])
    except SystemExit as done:
        assert done.code == 0
    kinds = [json.loads(line)["kind"] for line in capsys.readouterr().out.splitlines()]
    assert kinds.count("defeat") == 1


# --- the JSON of a batch has one shape, and lists every file with its outcome (issue 26: 8) ------------------


def _outcomes(doc: dict) -> list[tuple[str, str]]:
    return [(entry["file"], entry["outcome"]) for entry in doc["files"]]


def test_the_json_of_a_batch_lists_every_file_with_its_outcome(cli, rolling_files, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: tabmaster\nboard: {size: [3, 1]\n")
    missing = tmp_path / "missing.yaml"
    far = tmp_path / "far.yaml"
    far.write_text(ROLLING.format(defense=5).replace("at: [1, 0]", "at: [5, 0]"))
    good = rolling_files[0]
    result = cli("run", good, str(broken), str(missing), str(far), "--seed", "1", "--format", "json")
    assert result.code == 2
    doc = result.json()
    assert doc["format"] == "tabroll.events" and doc["version"] == 4 and list(doc) == ["format", "version", "files"]
    assert _outcomes(doc) == [
        (good, "resolved"), (str(broken), "input_error"), (str(missing), "input_error"), (str(far), "refused"),
    ]  # fmt: skip
    resolved, bad, absent, refused = doc["files"]
    assert resolved["actions"] and resolved["final_state"] and "error" not in resolved
    assert refused["actions"][0]["refused"] is True and "error" not in refused
    assert bad["error"]["file"] == str(broken) and bad["error"]["line"] == 3 and bad["error"]["exit_code"] == 2
    assert bad["error"]["message"] and "actions" not in bad
    assert absent["error"]["message"] == "the file does not exist" and absent["error"]["exit_code"] == 2


@pytest.mark.parametrize("count", [1, 2, 3])
def test_the_json_of_a_batch_has_the_same_shape_whatever_the_count_of_files(cli, rolling_files, count) -> None:
    doc = cli("run", *rolling_files[:count], "--seed", "4", "--format", "json").json()
    assert list(doc) == ["format", "version", "files"]
    assert _outcomes(doc) == [(path, "resolved") for path in rolling_files[:count]]
    for entry in doc["files"]:
        assert list(entry)[:2] == ["file", "outcome"]
        assert {"title", "ruleset", "actions", "final_state", "dice_drawn", "seed"} <= set(entry)


def test_the_json_of_a_batch_is_the_same_with_jobs(cli, rolling_files, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: nope\n")
    files = [rolling_files[0], str(broken), *rolling_files[1:3]]
    one = cli("run", *files, "--seed", "6", "--format", "json").json()
    two = cli("run", *files, "--seed", "6", "--format", "json", "--jobs", "2").json()
    assert one == two and _outcomes(one)[1] == (str(broken), "input_error")


def test_an_attack_outside_a_batch_keeps_its_one_document(cli) -> None:
    doc = cli("attack", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2", "--dice", "6", "--format", "json")
    assert doc.code == 0
    assert doc.json()["version"] == 4 and "files" not in doc.json() and doc.json()["actions"]


def test_never_more_workers_than_files_and_a_warning_past_the_cores(
    cli, rolling_files, monkeypatch, started_pools
) -> None:
    """``--jobs 64`` for 6 files starts 6 workers, not 64 (each is a whole tabroll in memory); more workers than
    the machine's cores are run, with a warning that says so."""
    from tabroll.batch import workers

    started = started_pools
    monkeypatch.setattr(workers, "cores", lambda: 8)
    quiet = cli("run", *rolling_files, "--seed", "9", "--format", "jsonl", "--jobs", "64")
    assert quiet.code == 0 and started == [6], quiet.err
    assert "warning" not in quiet.err
    monkeypatch.setattr(workers, "cores", lambda: 2)
    told = cli("run", *rolling_files[:3], "--seed", "9", "--format", "jsonl", "--jobs", "64")
    assert told.code == 0 and started == [6, 3], told.err
    warning = [line for line in told.err.splitlines() if line.startswith("warning: ")]
    assert warning == [
        "warning: --jobs 64: 3 processes on 2 processor cores; more processes than cores share them, each using its"
        " own memory (use --jobs 2 or less)"
    ]
    alone = cli("run", *rolling_files[:3], "--seed", "9", "--format", "jsonl")
    assert per_file(told.jsonl()) == per_file(alone.jsonl())
