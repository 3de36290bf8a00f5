"""A run's seed replays the same rolls however the file's path is typed: each file's seed comes from the master
seed and what the file says (its parsed content), not from the path's spelling, its comments or its layout."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Four attacks with no dice of their own: every roll comes from the run's seed.
SCENARIO = """\
ruleset: tabmaster
title: Four blows
board: {size: [2, 1]}
units:
  A: {side: red, at: [0, 0], ATK: 1, DAN: 1d20, DEF: 30, MOV: 1}
  B: {side: blue, at: [1, 0], ATK: 1, DAN: 1d20, DEF: 30, MOV: 1}
actions:
  - {do: attack, attacker: A, target: B}
  - {do: attack, attacker: B, target: A}
  - {do: new_round}
  - {do: attack, attacker: A, target: B}
  - {do: attack, attacker: B, target: A}
"""


def _rolls(cli, *args: str) -> list[int]:
    result = cli("run", *args, "--seed", "5", "--format", "json")
    assert result.code in (0, 1), result.err
    (doc,) = result.json()["files"]  # a run lists its files (events format 3)
    return [v for a in doc["actions"] for e in a["events"] if e["kind"] == "roll" for v in e["values"]]


def test_the_same_seed_rolls_the_same_whatever_the_path(cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "tm.yaml").write_text(SCENARIO, encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(games)
    first = _rolls(cli, "tm.yaml")
    assert first, "the scenario rolls dice"
    assert _rolls(cli, "./tm.yaml") == first
    assert _rolls(cli, str(games / "tm.yaml")) == first
    monkeypatch.chdir(tmp_path / "elsewhere")
    assert _rolls(cli, "../games/tm.yaml") == first


def test_comments_and_layout_do_not_change_the_rolls_but_the_game_does(cli, tmp_path: Path) -> None:
    text = SCENARIO
    plain, commented = tmp_path / "a.yaml", tmp_path / "b.yaml"
    plain.write_text(text, encoding="utf-8")
    commented.write_text("# our Tuesday game\n\n" + text.replace("\n", "   \n"), encoding="utf-8")
    assert _rolls(cli, str(plain)) == _rolls(cli, str(commented))
    retitled = tmp_path / "c.yaml"
    retitled.write_text(text.replace("Four blows", "Four other blows"), encoding="utf-8")
    assert _rolls(cli, str(retitled)) != _rolls(cli, str(plain))
