"""``tabroll new GAME [FILE]``: a commented starter scenario for each game that ships one (``starter.yaml``, optional:
docs/contributing/adding-a-game.md states what it must be), which checks and runs as it stands."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabroll.engine import all_rulesets

GAMES = tuple(g.id for g in all_rulesets() if g.starter_text() is not None)  # every game discovered with a starter


def test_the_five_games_tabroll_ships_each_have_a_starter() -> None:
    assert {"ahotnik", "botse", "forgod", "mtg_heroes", "tabmaster"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_starter_checks_and_runs_with_its_own_dice(game: str, cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    made = cli("new", game, "battle.yaml")
    assert made.code == 0, made.err
    assert "tabroll run battle.yaml" in made.err and made.out == ""
    assert cli("check", "battle.yaml").code == 0
    ran = cli("run", "battle.yaml", "--format", "text")
    assert ran.code == 0, ran.out + ran.err
    assert "dice drawn" not in ran.out  # every roll came from the starter's own dice lists
    assert "refused" not in ran.out


@pytest.mark.parametrize("game", GAMES)
def test_the_starter_explains_its_fields_in_comments(game: str, cli) -> None:
    text = cli("new", game).out
    assert text.startswith("# ") and f"ruleset: {game}" in text
    assert f"tabroll schema scenario -r {game}" in text
    commented = [line for line in text.splitlines() if "#" in line]
    assert len(commented) >= 12
    for word in ("rulesets/", "scenarios/", "tests/", ".md"):
        assert word not in text  # nothing a pip user does not have


def test_without_a_file_the_starter_goes_to_standard_output(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli("new", "forgod")
    assert result.code == 0 and "ruleset: forgod" in result.out
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_is_never_overwritten_without_force(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "battle.yaml").write_text("mine\n")
    refused = cli("new", "tabmaster", "battle.yaml")
    assert refused.code == 2
    assert "already exists" in refused.err and "--force" in refused.err
    assert (tmp_path / "battle.yaml").read_text() == "mine\n"
    forced = cli("new", "tabmaster", "battle.yaml", "--force")
    assert forced.code == 0 and "ruleset: tabmaster" in (tmp_path / "battle.yaml").read_text()


def test_bad_targets_are_clear_errors(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert "did you mean 'forgod'" in cli("new", "forgood").err
    folder = cli("new", "tabmaster", ".")
    assert folder.code == 2 and "is a folder" in folder.err
    missing = cli("new", "tabmaster", "no/such/battle.yaml")
    assert missing.code == 2 and "does not exist" in missing.err


def test_a_write_that_fails_leaves_no_half_starter(tmp_path: Path, monkeypatch) -> None:
    import resource
    import subprocess
    import sys

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100))

    done = subprocess.run(
        [sys.executable, "-m", "tabroll", "new", "tabmaster", "battle.yaml"],
        cwd=tmp_path, capture_output=True, text=True, preexec_fn=limit, check=False,
    )  # fmt: skip
    # exit 74, the result could not be written (issue 26): one line naming the file, nothing left behind
    assert done.returncode == 74, done.stderr
    assert done.stderr.startswith("error: cannot write battle.yaml: "), done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []
