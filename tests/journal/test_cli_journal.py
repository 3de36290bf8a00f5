"""The journal through the CLI: run/attack --journal, and journal show/undo/replay."""

from __future__ import annotations

import shutil
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml"


def test_state_lasts_between_commands_and_undo_replay_show(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLE, "s.yaml")
    first = cli("attack", "s.yaml", "-a", "Arqueiro", "-t", "Lanceiro", "--journal", "g.jsonl", "--dice", "2",
                "--format", "json")  # fmt: skip
    assert first.code == 0, first.err
    arqueiro = next(u for u in first.json()["final_state"]["units"] if u["name"] == "Arqueiro")
    assert arqueiro["ammunition"] == {"Flecha": 4} and arqueiro["flipped"]
    # The next command starts from the recorded game: the Arqueiro is still flipped and has 4 arrows.
    second = cli("run", "s.yaml", "--journal", "g.jsonl", "--format", "jsonl")
    assert second.code == 1
    refused = [line for line in second.jsonl() if line["kind"] == "refused"]
    assert refused and refused[0]["rule"] == "flip" and refused[0]["action"] == 2
    # The refused attack changed nothing and is not recorded: the journal holds the one attack that happened.
    show = cli("journal", "show", "g.jsonl")
    assert show.code == 0 and show.out.splitlines()[0] == "journal of s.yaml (tabmaster), 1 action"
    assert cli("journal", "replay", "g.jsonl").out.splitlines() == ["1. Arqueiro attacks Lanceiro: ok"]
    assert cli("run", "s.yaml", "--journal", "g.jsonl", "--format", "jsonl").code == 1  # refused again, still flipped
    assert cli("journal", "undo", "g.jsonl").out.startswith("dropped action 1")
    after_undo = cli("run", "s.yaml", "--journal", "g.jsonl", "--format", "jsonl")
    assert after_undo.code == 0  # the Arqueiro stands ready again: the file's own attack (dice: [7]) resolves
    assert len(Path("s.yaml").read_text()) == len(EXAMPLE.read_text())  # the user's YAML is never rewritten


def test_damaged_and_mismatched_journals_are_reported(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLE, "s.yaml")
    assert cli("run", "s.yaml", "--journal", "g.jsonl", "--format", "text").code == 0
    data = Path("g.jsonl").read_bytes()
    Path("g.jsonl").write_bytes(data[:-7])
    torn = cli("run", "s.yaml", "--journal", "g.jsonl")
    assert torn.code == 2 and "cut short" in torn.err and "tabroll journal undo" in torn.err
    Path("g.jsonl").write_bytes(data)
    Path("s.yaml").write_text(Path("s.yaml").read_text().replace("Flecha: 5", "Flecha: 6"))
    changed = cli("run", "s.yaml", "--journal", "g.jsonl")
    assert changed.code == 2 and "--journal-force" in changed.err
    assert "a journal follows one scenario file" in cli("run", "s.yaml", "s.yaml", "--journal", "g.jsonl").err
    assert (
        "a journal follows a scenario file"
        in cli("attack", "-a", "Lanceiro", "-t", "Soldado", "--journal", "g.jsonl").err
    )
    not_journal = Path("other.jsonl")
    not_journal.write_text('{"hello": 1}\n')
    assert cli("journal", "show", "other.jsonl").code == 2
