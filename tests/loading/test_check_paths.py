"""``tabroll check`` follows every path the dice a file leaves open can take, as ``run`` would with any seed
(issue 43: with the dice of one F0R60D attack left out, check said "ok" while ``run --seed 1`` stopped on a later
action's given dice running out)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import GivenDice, SeededDice
from tabroll.engine import run_scenario
from tabroll.errors import TabrollError
from tabroll.loading import checking
from tabroll.loading.checking import check_file, follow_every_path
from tabroll.loading.scenario import load_scenario_file
from tests.support import examples

ROOT = Path(__file__).resolve().parents[2]
SUMMONERS = ROOT / "scenarios" / "forgod" / "18-special-units-and-summoners.yaml"
TEXT = SUMMONERS.read_text(encoding="utf-8")
SIXTH = "  - {do: attack, attacker: Capitán, target: Hechicera, dice: [7, 3, 1]}\n"  # actions[5] from 0


def _without_dice(tmp_path: Path, line: str = SIXTH) -> Path:
    assert line in TEXT
    path = tmp_path / "f.yaml"
    path.write_text(TEXT.replace(line, re.sub(r", dice: \[[^]]*\]", "", line)), encoding="utf-8")
    return path


def test_check_finds_the_path_run_stops_on_and_the_dice_that_lead_there(cli, tmp_path: Path) -> None:
    path = _without_dice(tmp_path)
    ran = cli("run", str(path), "--seed", "1", "--format", "text")
    assert ran.code == 2 and "actions[10].dice: ran out" in ran.err
    checked = cli("check", str(path))
    assert checked.code == 2, checked.out
    assert (
        "f.yaml:65:5: actions[10].dice: ran out: 1d10 for Moral roll of Caudillo needs 1 value, but all 3 given are "
        "used (give 1 more), on a path the dice can take: actions[6] (no dice given) rolls 10, 10\n"
    ) in checked.err
    assert f"Tip: tabroll run {path} --dice 10,10 stops there; give the dice of the actions that have none" in (
        checked.err
    )
    again = cli("run", str(path), "--dice", "10,10", "--format", "text")  # the tip, followed
    assert again.code == 2 and "actions[10].dice: ran out" in again.err
    record = cli("check", str(path), "--format", "json").json()["files"][0]
    assert record["ok"] is False
    assert (record["error"]["line"], record["error"]["field"]) == (65, "actions[10].dice")


def test_the_bundled_file_with_all_its_dice_is_fine(cli) -> None:
    result = cli("check", str(SUMMONERS), "--format", "json")
    assert result.code == 0
    assert "every_path" not in result.json()["files"][0]  # said only when check could not follow every path


def test_past_its_budget_check_says_it_could_not_follow_every_path(cli, tmp_path: Path, monkeypatch) -> None:
    path = _without_dice(tmp_path)
    # (the walk reads F0R60D's opposed rolls by their outcomes: the paths to the stop take some 40 resolutions)
    assert follow_every_path(load_scenario_file(path), budget=20) is False
    monkeypatch.setattr(checking, "PATH_BUDGET", 20)
    checked = check_file(path)
    assert checked.ok and not checked.every_path and checked.to_json()["every_path"] is False
    assert "check could not follow every path the dice can take (over 20 resolutions)" in checked.line()


LINES = [line + "\n" for line in TEXT.splitlines() if line.startswith("  - {do: attack") and "dice: [" in line]


@given(
    removed=st.sets(st.sampled_from(LINES), min_size=1, max_size=2), seeds=st.lists(st.integers(0, 2**31), max_size=4)
)
@settings(max_examples=examples(8), deadline=None)
def test_check_says_ok_only_when_no_seed_makes_run_stop(removed: set[str], seeds: list[int], tmp_path_factory) -> None:
    text = TEXT
    for line in removed:
        text = text.replace(line, re.sub(r", dice: \[[^]]*\]", "", line))
    path = tmp_path_factory.mktemp("paths") / "f.yaml"
    path.write_text(text, encoding="utf-8")
    checked = check_file(path)
    scenario = load_scenario_file(path)
    if checked.ok:
        assert checked.every_path
        for seed in seeds:  # no seed makes run stop on the file
            list(run_scenario(scenario, lambda seed=seed: SeededDice(seed)))
        return
    assert checked.error is not None
    tip = checked.error.tip or ""
    shown = re.search(r"--dice ([0-9,]+) stops there", tip)
    if shown is not None:  # the dice check names make run stop with its problem
        given = [int(v) for v in shown.group(1).split(",")]
        with pytest.raises(TabrollError):
            list(run_scenario(scenario, lambda: GivenDice(given, origin="--dice")))
