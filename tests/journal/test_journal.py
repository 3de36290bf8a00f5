"""The game journal (``tabroll.journal``) with the bundled scenarios of every game, through the real resolver."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tabroll import journal as jr
from tabroll.cli.views import journal_story as story
from tabroll.dice.sources import GivenDice, SeededDice
from tabroll.engine import Scenario, run_scenario
from tabroll.errors import InputError, TabrollError
from tabroll.events import Note, without_prose
from tabroll.journal import (
    JournalDamaged,
    check_hash,
    decode_action,
    encode_action,
    journal_scenario,
    open_journal,
    read_journal,
    replay,
    undo,
)
from tabroll.loading.scenario import load_scenario_file

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_FILES = sorted((ROOT / "scenarios").glob("*/*.yaml"))
IDS = [f"{p.parent.name}/{p.stem}" for p in SCENARIO_FILES]
SEED = 7


def test_every_game_has_bundled_scenarios() -> None:
    games = {p.parent.name for p in SCENARIO_FILES}
    assert {"tabmaster", "ahotnik", "botse", "forgod", "mtg_heroes"} <= games


def copy_scenario(source: Path, tmp_path: Path) -> Path:
    target = tmp_path / source.name
    shutil.copyfile(source, target)
    return target


def step_dice(step: Any, session: SeededDice) -> Any:
    return GivenDice(step.dice) if step.dice is not None else session


def direct_results(scenario: Scenario) -> list[Any]:
    return [r.resolution for r in run_scenario(scenario, lambda: SeededDice(SEED))]


def record_one_by_one(journal_path: Path, scenario_path: Path, count: int | None = None) -> Scenario:
    """Record the scenario's actions as separate commands would: open the journal again for every action."""
    scenario = load_scenario_file(scenario_path)
    session = SeededDice(SEED)
    for step in scenario.steps[:count]:
        journal = open_journal(journal_path, scenario, scenario_path=scenario_path)
        journal.current_state()
        journal.resolve(step.action, step_dice(step, session))
    return scenario


def without_leftover_note(events: Any) -> list[Any]:
    """run_scenario's note about given dice left unused: shown, not recorded (a replay uses exactly the dice)."""
    return [e for e in events if not (isinstance(e, Note) and e.text.startswith("given dice not used"))]


def rewrite_record(path: Path, line: int, change: Any) -> None:
    """Edit record ``line`` (1-based) with ``change(obj)`` and recompute its check hash (a deliberate edit)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    obj = json.loads(lines[line - 1])
    change(obj)
    obj["check"] = check_hash(obj)
    lines[line - 1] = json.dumps(obj, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# --- actions as JSON --------------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario_path", SCENARIO_FILES, ids=IDS)
def test_every_bundled_action_round_trips(scenario_path: Path) -> None:
    scenario = load_scenario_file(scenario_path)
    for step in scenario.steps:
        data = encode_action(scenario.ruleset, step.action)
        assert json.loads(json.dumps(data)) == data
        assert decode_action(scenario.ruleset, data) == step.action


def test_decode_rejects_a_foreign_action() -> None:
    scenario = load_scenario_file(SCENARIO_FILES[0])
    with pytest.raises(InputError, match="not a valid"):
        decode_action(scenario.ruleset, {"do": "dance"})


# --- the state lasts between commands -----------------------------------------------------------------------


@pytest.mark.parametrize("scenario_path", SCENARIO_FILES, ids=IDS)
def test_journal_rebuilds_the_state_of_every_scenario(scenario_path: Path, tmp_path: Path) -> None:
    journal_path = tmp_path / "game.jsonl"
    scenario = record_one_by_one(journal_path, scenario_path)
    direct = direct_results(scenario)
    journal = open_journal(journal_path, scenario, scenario_path=scenario_path)
    assert journal.current_state() == direct[-1].state
    header, records = read_journal(journal_path)
    assert header.ruleset == scenario.ruleset.id
    happened = [r for r in direct if not r.refused]  # a refused action changes nothing and is not recorded
    assert [r.seq for r in records] == list(range(1, len(happened) + 1))
    for record, resolution in zip(records, happened, strict=True):
        assert not record.refused and record.step == 0  # typed one by one: no step of the file
        # machine values only: the words for people are said again, in the reader's language, when shown
        expected = [
            without_prose(json.loads(json.dumps(e.to_json()))) for e in without_leftover_note(resolution.events)
        ]
        expected[0]["index"] = record.seq  # numbered as the journal's action, past the refused ones left out
        assert record.events == expected
        assert record.state == without_prose(json.loads(json.dumps(scenario.ruleset.summarize_state(resolution.state))))
    assert all(check.ok for check in replay(journal_path, scenario))


@pytest.mark.parametrize("scenario_path", SCENARIO_FILES, ids=IDS)
def test_undo_gives_the_state_after_one_action_less(scenario_path: Path, tmp_path: Path) -> None:
    journal_path = tmp_path / "game.jsonl"
    scenario = record_one_by_one(journal_path, scenario_path)
    direct = direct_results(scenario)
    happened = [r for r in direct if not r.refused]
    if not happened:
        return
    done = undo(journal_path)
    assert done.record is not None and done.record.seq == len(happened)
    assert done.message.startswith(f"dropped action {len(happened)}: ")
    expected = happened[-2].state if len(happened) > 1 else scenario.state
    assert open_journal(journal_path, scenario, scenario_path=scenario_path).current_state() == expected


def test_run_records_every_step_like_run_scenario(tmp_path: Path) -> None:
    scenario_path = ROOT / "scenarios/forgod/13-skirmish.yaml"
    scenario = load_scenario_file(scenario_path)
    journal = open_journal(tmp_path / "j.jsonl", scenario, scenario_path=scenario_path)
    recorded = list(journal.run(lambda: SeededDice(SEED)))
    direct = list(run_scenario(scenario, lambda: SeededDice(SEED)))
    assert [r.index for r in recorded] == [r.index for r in direct]
    assert [r.resolution.events for r in recorded] == [r.resolution.events for r in direct]
    # running the same file again resolves none of its actions twice: the journal already holds them all
    again = open_journal(tmp_path / "j.jsonl", scenario, scenario_path=scenario_path)
    assert again.current_state() == direct[-1].resolution.state
    assert again.recorded_steps() == len(scenario.steps)
    assert list(again.run(lambda: SeededDice(SEED + 1))) == []
    assert len(read_journal(tmp_path / "j.jsonl")[1]) == len(direct)


def test_a_file_that_grew_adds_only_its_new_actions(tmp_path: Path) -> None:
    source = (ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml").read_text(encoding="utf-8")
    path = tmp_path / "game.yaml"
    path.write_text(source.replace("    dice: [6]", "    dice: [2]"), encoding="utf-8")  # 2 does not beat DEF
    first = open_journal(tmp_path / "j.jsonl", load_scenario_file(path), scenario_path=path)
    assert [r.index for r in first.run(lambda: SeededDice(SEED))] == [1]
    # the evening goes on: a new round and a second attack are added to the file
    path.write_text(
        path.read_text(encoding="utf-8")
        + "  - {do: new_round}\n  - {do: attack, attacker: Lanceiro, target: Alquimista, dice: [6]}\n",
        encoding="utf-8",
    )
    grown = load_scenario_file(path)
    again = open_journal(tmp_path / "j.jsonl", grown, scenario_path=path, force=True)
    assert again.recorded_steps() == 1
    steps = list(again.run(lambda: SeededDice(SEED)))
    assert [s.index for s in steps] == [2, 3]
    assert any(e.kind == "defeat" for e in steps[-1].resolution.events)
    assert len(read_journal(tmp_path / "j.jsonl")[1]) == 3


def test_a_refused_action_is_not_recorded(tmp_path: Path) -> None:
    scenario_path = ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml"
    scenario = load_scenario_file(scenario_path)
    step = scenario.steps[0]
    journal = open_journal(tmp_path / "j.jsonl", scenario, scenario_path=scenario_path)
    first = journal.resolve(step.action, GivenDice(step.dice or ()))
    second = journal.resolve(step.action, GivenDice(step.dice or ()))  # the attacker is flipped now
    assert not first.refused and second.refused
    assert [e.kind for e in second.events] == ["action", "refused"]
    records = read_journal(tmp_path / "j.jsonl")[1]
    assert [(r.seq, r.refused) for r in records] == [(1, False)]
    reopened = open_journal(tmp_path / "j.jsonl", scenario, scenario_path=scenario_path)
    assert reopened.current_state() == first.state
    lines = story(tmp_path / "j.jsonl")
    assert len(lines) == 2 and "refused" not in lines[1]


REFUSED_SECOND = """\
ruleset: tabmaster
board: {size: [4, 1]}
units:
  Lanceiro: {side: red, at: [0, 0]}
  Alquimista: {side: blue, at: [3, 0], DEF: 9}
  Soldado: {side: blue, at: [1, 0]}
actions:
  - {do: attack, attacker: Lanceiro, target: Alquimista, move_to: [1, 0], dice: [2]}
  - {do: attack, attacker: Lanceiro, target: Alquimista, dice: [5]}
  - {do: new_round}
"""


def test_a_rerun_skips_the_recorded_steps_past_a_refused_one(tmp_path: Path) -> None:
    """Action 2 is refused (the Lanceiro is flipped): the journal holds actions 1 and 3, each with the file's
    step it came from, and running the file again resolves none of them twice."""
    path = tmp_path / "game.yaml"
    path.write_text(REFUSED_SECOND.replace("Soldado: {side: blue, at: [1, 0]}", "Soldado: {side: blue, at: [2, 1]}")
                    .replace("size: [4, 1]", "size: [4, 2]"), encoding="utf-8")  # fmt: skip
    scenario = load_scenario_file(path)
    journal = open_journal(tmp_path / "j.jsonl", scenario, scenario_path=path)
    steps = list(journal.run(lambda: SeededDice(SEED)))
    assert [(s.index, s.resolution.refused) for s in steps] == [(1, False), (2, True), (3, False)]
    records = read_journal(tmp_path / "j.jsonl")[1]
    assert [(r.seq, r.step, r.action["do"]) for r in records] == [(1, 1, "attack"), (2, 3, "new_round")]
    again = open_journal(tmp_path / "j.jsonl", scenario, scenario_path=path)
    assert again.recorded_steps() == 3
    assert list(again.run(lambda: SeededDice(SEED))) == []
    assert all(check.ok for check in replay(tmp_path / "j.jsonl", scenario))
    # the file grows: only the new action is resolved, numbered after the journal's two records
    path.write_text(path.read_text(encoding="utf-8") + "  - {do: attack, attacker: Lanceiro, target: Alquimista, "
                    "dice: [6]}\n", encoding="utf-8")  # fmt: skip
    grown = load_scenario_file(path)
    more = list(open_journal(tmp_path / "j.jsonl", grown, scenario_path=path, force=True).run(lambda: SeededDice(1)))
    assert [(s.index, s.resolution.refused) for s in more] == [(3, False)]
    assert [r.step for r in read_journal(tmp_path / "j.jsonl")[1]] == [1, 3, 4]


def test_a_journal_from_before_steps_with_a_refused_record_still_reads(tmp_path: Path) -> None:
    """An older journal recorded refused actions and no step: it replays as recorded, and a rerun of its file
    matches the records to the file's actions in order, as it did then."""
    path = tmp_path / "game.yaml"
    path.write_text(REFUSED_SECOND.replace("Soldado: {side: blue, at: [1, 0]}", "Soldado: {side: blue, at: [2, 1]}")
                    .replace("size: [4, 1]", "size: [4, 2]"), encoding="utf-8")  # fmt: skip
    scenario = load_scenario_file(path)
    journal = open_journal(tmp_path / "j.jsonl", scenario, scenario_path=path)
    state = journal.current_state()
    from tabroll.dice.sources import RecordingDice
    from tabroll.engine import resolve as resolve_one

    for step in scenario.steps:  # what an older tabroll wrote: every step, the refused one too, with no step
        dice = RecordingDice(GivenDice(step.dice or ()))
        resolution = resolve_one(scenario.ruleset, state, step.action, dice, index=journal.next_seq)
        journal._append(encode_action(scenario.ruleset, step.action), dice.values, resolution, asked=False, step=0)
        state = resolution.state
    for line in (2, 3, 4):
        rewrite_record(tmp_path / "j.jsonl", line, lambda obj: obj.pop("step"))
    records = read_journal(tmp_path / "j.jsonl")[1]
    assert [(r.refused, r.step) for r in records] == [(False, None), (True, None), (False, None)]
    reopened = open_journal(tmp_path / "j.jsonl", scenario, scenario_path=path)
    assert reopened.current_state() == state
    assert reopened.recorded_steps() == 3
    assert all(check.ok for check in replay(tmp_path / "j.jsonl", scenario))
    assert "refused" in story(tmp_path / "j.jsonl")[2]


def test_nothing_is_recorded_when_resolving_fails(tmp_path: Path) -> None:
    scenario_path = ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml"
    scenario = load_scenario_file(scenario_path)
    journal = open_journal(tmp_path / "j.jsonl", scenario, scenario_path=scenario_path)
    with pytest.raises(InputError, match="ran out"):
        journal.resolve(scenario.steps[0].action, GivenDice(()))
    assert read_journal(tmp_path / "j.jsonl")[1] == []


def test_the_scenario_file_is_never_written(tmp_path: Path) -> None:
    scenario_path = copy_scenario(ROOT / "scenarios/ahotnik/05-dna-summon-threat.yaml", tmp_path)
    before = scenario_path.read_bytes()
    record_one_by_one(tmp_path / "j.jsonl", scenario_path)
    undo(tmp_path / "j.jsonl")
    assert scenario_path.read_bytes() == before


def test_standard_input_cannot_be_a_journals_scenario(tmp_path: Path) -> None:
    scenario = load_scenario_file(SCENARIO_FILES[0])
    with pytest.raises(InputError, match="standard input"):
        open_journal(tmp_path / "k.jsonl", scenario, scenario_path="-")


# --- damage is reported, never misread ----------------------------------------------------------------------


@pytest.fixture
def recorded(tmp_path: Path) -> tuple[Path, Path, Scenario]:
    scenario_path = copy_scenario(ROOT / "scenarios/forgod/13-skirmish.yaml", tmp_path)
    journal_path = tmp_path / "game.jsonl"
    scenario = record_one_by_one(journal_path, scenario_path)
    return journal_path, scenario_path, scenario


def test_a_torn_last_line_is_reported_and_undo_drops_it(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, scenario_path, scenario = recorded
    count = len(scenario.steps)
    data = journal_path.read_bytes()
    journal_path.write_bytes(data[:-5])
    with pytest.raises(JournalDamaged) as caught:
        read_journal(journal_path)
    assert caught.value.line == count + 1
    assert f"{journal_path}:{count + 1}" in str(caught.value)
    assert "tabroll journal undo" in str(caught.value)
    with pytest.raises(JournalDamaged):
        open_journal(journal_path, scenario, scenario_path=scenario_path)
    assert story(journal_path)[-1].startswith(f"line {count + 1}: an action cut short")
    done = undo(journal_path)
    assert done.record is None and done.torn_line == count + 1
    assert len(read_journal(journal_path)[1]) == count - 1
    direct = direct_results(scenario)
    assert open_journal(journal_path, scenario, scenario_path=scenario_path).current_state() == direct[-2].state


def test_a_missing_final_newline_is_a_torn_line(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, scenario = recorded
    journal_path.write_bytes(journal_path.read_bytes()[:-1])
    with pytest.raises(JournalDamaged, match="cut short"):
        read_journal(journal_path)
    assert undo(journal_path).record is None
    assert len(read_journal(journal_path)[1]) == len(scenario.steps) - 1


def test_undo_touches_nothing_past_damage(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    lines = journal_path.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b'"seq": 2', b'"seq": 9')
    journal_path.write_bytes(b"\n".join(lines)[:-3])
    damaged = journal_path.read_bytes()
    with pytest.raises(JournalDamaged) as caught:
        undo(journal_path)
    assert caught.value.line == 3
    assert journal_path.read_bytes() == damaged


def damaged_at(journal_path: Path, lines: list[bytes], match: str) -> int:
    """Write ``lines`` as the journal and read it: the line of the damage it is refused for (``match``: the
    message)."""
    journal_path.write_bytes(b"\n".join(lines))
    with pytest.raises(JournalDamaged, match=match) as caught:
        read_journal(journal_path)
    return caught.value.line


def test_a_flipped_byte_fails_the_check_hash(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    lines = journal_path.read_bytes().split(b"\n")
    target = lines[3]
    at = target.index(b'"dice": [') + len(b'"dice": [')
    digit = target[at : at + 1]
    assert digit.isdigit()
    lines[3] = target[:at] + (b"1" if digit != b"1" else b"2") + target[at + 1 :]
    assert damaged_at(journal_path, lines, "check hash") == 4


def test_a_line_that_is_not_json_is_damage(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    lines = journal_path.read_bytes().split(b"\n")
    lines[2] = b"\xff" + lines[2][1:]
    assert damaged_at(journal_path, lines, "UTF-8") == 3
    lines[2] = b"{" + lines[2][1:-1]
    damaged_at(journal_path, lines, "not valid JSON")


def test_seq_out_of_order_is_damage(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    lines = journal_path.read_bytes().split(b"\n")
    lines[2], lines[3] = lines[3], lines[2]
    assert damaged_at(journal_path, lines, "out of order") == 3


def test_a_record_with_missing_fields_is_damage(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    rewrite_record(journal_path, 2, lambda obj: obj.pop("state"))
    with pytest.raises(JournalDamaged, match="not a valid journal record"):
        read_journal(journal_path)


def test_a_blank_line_is_damage(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    journal_path.write_bytes(journal_path.read_bytes() + b"\n")
    with pytest.raises(JournalDamaged) as caught:
        read_journal(journal_path)
    assert caught.value.line == len(journal_path.read_bytes().split(b"\n")) - 1


# --- the journal and the rules disagree ---------------------------------------------------------------------


def test_replay_catches_a_tampered_event(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, scenario_path, scenario = recorded
    records = read_journal(journal_path)[1]
    seq = next(r.seq for r in records if any(e["kind"] == "roll" for e in r.events))

    def tamper(obj: dict[str, Any]) -> None:
        roll = next(e for e in obj["events"] if e["kind"] == "roll")
        roll["total"] += 100

    rewrite_record(journal_path, seq + 1, tamper)
    read_journal(journal_path)  # the hash is right: only replaying shows it
    checks = replay(journal_path, scenario)
    bad = [c for c in checks if not c.ok]
    assert [c.seq for c in bad] == [seq]
    assert bad[0].difference is not None and "total" in bad[0].difference
    assert "DIFFERS" in bad[0].text
    with pytest.raises(InputError, match=f"action {seq} does not replay as recorded"):
        open_journal(journal_path, scenario, scenario_path=scenario_path).current_state()


def test_replay_catches_tampered_dice_and_state(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, scenario = recorded
    records = read_journal(journal_path)[1]
    with_dice = [r.seq for r in records if r.dice]
    last = records[-1].seq
    assert with_dice[0] != last
    rewrite_record(journal_path, with_dice[0] + 1, lambda obj: obj["dice"].append(1))
    rewrite_record(journal_path, last + 1, lambda obj: obj["state"].update(extra=1))
    checks = replay(journal_path, scenario)
    assert [c.seq for c in checks if not c.ok] == [with_dice[0], last]
    assert "dice recorded" in (checks[with_dice[0] - 1].difference or "")
    assert "the state after it differs in extra" in (checks[last - 1].difference or "")


def test_an_action_the_rules_no_longer_accept(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, scenario = recorded
    rewrite_record(journal_path, 2, lambda obj: obj["action"].update(do="dance"))
    checks = replay(journal_path, scenario)
    assert not checks[0].ok and "no longer valid" in (checks[0].difference or "")


# --- headers ------------------------------------------------------------------------------------------------


def test_a_newer_format_is_refused(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, scenario_path, scenario = recorded
    rewrite_record(journal_path, 1, lambda obj: obj.update(version=3))
    message = "written by a newer tabroll \\(format v3\\); this is v2"
    with pytest.raises(InputError, match=message):
        read_journal(journal_path)
    with pytest.raises(InputError, match=message):
        open_journal(journal_path, scenario, scenario_path=scenario_path)


def test_a_changed_header_fails_its_check(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    text = journal_path.read_text(encoding="utf-8")
    journal_path.write_text(text.replace('"created_by": "tabroll', '"created_by": "tabrolL', 1), encoding="utf-8")
    with pytest.raises(JournalDamaged, match="header's check hash") as caught:
        read_journal(journal_path)
    assert caught.value.line == 1


def test_another_version_of_the_scenario_is_refused_unless_forced(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, scenario_path, scenario = recorded
    # a comment or a layout change is no other version: the game the file describes is the same
    scenario_path.write_bytes(scenario_path.read_bytes() + b"\n# what we decided on Tuesday\n")
    commented = load_scenario_file(scenario_path)
    assert open_journal(journal_path, commented, scenario_path=scenario_path).current_state() == (
        direct_results(scenario)[-1].state
    )
    assert journal_scenario(journal_path).ruleset.id == "forgod"
    text = scenario_path.read_text(encoding="utf-8")
    scenario_path.write_text(text.replace("title:", "title: Another", 1), encoding="utf-8")
    edited = load_scenario_file(scenario_path)
    with pytest.raises(InputError, match="another version of the scenario") as caught:
        open_journal(journal_path, edited, scenario_path=scenario_path)
    assert "--journal-force" in str(caught.value)
    forced = open_journal(journal_path, edited, scenario_path=scenario_path, force=True)
    assert forced.current_state() == direct_results(scenario)[-1].state
    with pytest.raises(InputError, match="has changed"):
        journal_scenario(journal_path)
    assert journal_scenario(journal_path, force=True).ruleset.id == "forgod"


def test_another_game_is_refused_even_when_forced(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    other_path = ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml"
    other = load_scenario_file(other_path)
    with pytest.raises(InputError, match="journal of a forgod game"):
        open_journal(journal_path, other, scenario_path=other_path, force=True)
    with pytest.raises(InputError, match="forgod"):
        replay(journal_path, other)


def test_other_house_rules_are_refused(tmp_path: Path) -> None:
    scenario_path = ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml"
    journal_path = tmp_path / "j.jsonl"
    record_one_by_one(journal_path, scenario_path)
    changed = load_scenario_file(scenario_path, {"defeat_threshold": "at_least"})
    with pytest.raises(InputError, match=r"other house rules.*defeat_threshold"):
        open_journal(journal_path, changed, scenario_path=scenario_path)
    # the header keeps the options, so the journal's scenario is loaded with them
    assert journal_scenario(journal_path).options == load_scenario_file(scenario_path).options


def test_journal_scenario_loads_the_file_named_in_the_header(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, scenario_path, scenario = recorded
    loaded = journal_scenario(journal_path)
    assert loaded.state == scenario.state
    assert all(c.ok for c in replay(journal_path, loaded))
    scenario_path.unlink()
    with pytest.raises(InputError, match="does not exist"):
        journal_scenario(journal_path)


# --- files --------------------------------------------------------------------------------------------------


def test_file_problems_are_clear(tmp_path: Path) -> None:
    scenario_path = ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml"
    scenario = load_scenario_file(scenario_path)
    with pytest.raises(InputError, match=r"folder .* does not exist"):
        open_journal(tmp_path / "missing" / "j.jsonl", scenario, scenario_path=scenario_path)
    with pytest.raises(InputError, match="is a folder"):
        open_journal(tmp_path, scenario, scenario_path=scenario_path)
    with pytest.raises(InputError, match="does not exist"):
        read_journal(tmp_path / "nothing.jsonl")
    with pytest.raises(InputError, match="is a folder"):
        story(tmp_path)


def test_a_file_that_is_not_a_journal_is_never_written(tmp_path: Path) -> None:
    scenario_path = copy_scenario(ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml", tmp_path)
    scenario = load_scenario_file(scenario_path)
    before = scenario_path.read_bytes()
    with pytest.raises(InputError, match="not a tabroll journal") as caught:
        open_journal(scenario_path, scenario, scenario_path=scenario_path)
    assert "new file name" in str(caught.value)
    assert scenario_path.read_bytes() == before
    other = tmp_path / "other.json"
    other.write_text('{"format": "something else"}\n', encoding="utf-8")
    with pytest.raises(InputError, match="not a tabroll journal"):
        read_journal(other)


def test_an_empty_file_becomes_a_journal(tmp_path: Path) -> None:
    scenario_path = ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml"
    scenario = load_scenario_file(scenario_path)
    journal_path = tmp_path / "j.jsonl"
    journal_path.touch()
    with pytest.raises(InputError, match="empty"):
        read_journal(journal_path)
    open_journal(journal_path, scenario, scenario_path=scenario_path)
    assert read_journal(journal_path)[1] == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_journal(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    journal_path.chmod(0)
    try:
        with pytest.raises(InputError, match="permission denied"):
            read_journal(journal_path)
    finally:
        journal_path.chmod(0o600)


def test_size_caps(recorded: tuple[Path, Path, Scenario], monkeypatch: pytest.MonkeyPatch) -> None:
    journal_path, scenario_path, scenario = recorded
    size = journal_path.stat().st_size
    monkeypatch.setattr(jr.limits, "MAX_JOURNAL_BYTES", size - 1)
    with pytest.raises(InputError, match="journals over"):
        read_journal(journal_path)
    monkeypatch.setattr(jr.limits, "MAX_JOURNAL_BYTES", size + 10)
    journal = open_journal(journal_path, scenario, scenario_path=scenario_path)
    with pytest.raises(InputError, match="would grow over"):
        journal.resolve(scenario.steps[0].action, GivenDice(scenario.steps[0].dice or ()))
    assert journal_path.stat().st_size == size
    monkeypatch.setattr(jr.limits, "MAX_JOURNAL_BYTES", 2**30)
    monkeypatch.setattr(jr.limits, "MAX_RECORD_BYTES", 200)
    with pytest.raises(InputError, match="records over"):
        read_journal(journal_path)


def test_a_journal_changed_by_someone_else_is_not_appended_to(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, scenario_path, scenario = recorded
    first = open_journal(journal_path, scenario, scenario_path=scenario_path)
    second = open_journal(journal_path, scenario, scenario_path=scenario_path)
    step = scenario.steps[0]
    second.resolve(step.action, GivenDice(step.dice or ()))
    with pytest.raises(InputError, match="changed since this command opened it"):
        first.resolve(step.action, GivenDice(step.dice or ()))
    read_journal(journal_path)  # still intact


def test_undo_of_an_empty_journal(tmp_path: Path) -> None:
    scenario_path = ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml"
    open_journal(tmp_path / "j.jsonl", load_scenario_file(scenario_path), scenario_path=scenario_path)
    with pytest.raises(InputError, match="no actions to undo"):
        undo(tmp_path / "j.jsonl")


def test_undo_keeps_the_file_mode_and_leaves_no_temporary_files(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    journal_path.chmod(0o640)
    before = set(journal_path.parent.iterdir())
    undo(journal_path)
    assert set(journal_path.parent.iterdir()) == before
    assert journal_path.stat().st_mode & 0o777 == 0o640


def test_errors_are_tabroll_errors_with_file_and_line(recorded: tuple[Path, Path, Scenario]) -> None:
    journal_path, _, _ = recorded
    journal_path.write_bytes(journal_path.read_bytes()[:-2])
    with pytest.raises(TabrollError) as caught:
        read_journal(journal_path)
    assert isinstance(caught.value, InputError) and caught.value.location is not None
    assert caught.value.location.file == str(journal_path)
    assert "\nTip: " in caught.value.describe()


# --- the story ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario_path", SCENARIO_FILES, ids=IDS)
def test_story_has_one_line_per_action(scenario_path: Path, tmp_path: Path) -> None:
    scenario = record_one_by_one(tmp_path / "j.jsonl", scenario_path)
    happened = [s for s, r in zip(scenario.steps, direct_results(scenario), strict=True) if not r.refused]
    lines = story(tmp_path / "j.jsonl")
    assert lines[0].startswith(f"journal of {scenario_path} ({scenario.ruleset.id}), {len(happened)} action")
    assert len(lines) == len(happened) + 1
    for seq, (line, step) in enumerate(zip(lines[1:], happened, strict=True), start=1):
        assert line.startswith(f"{seq}. {scenario.ruleset.describe_action(step.action)[2]}")


def test_story_of_the_projectile_example(tmp_path: Path) -> None:
    scenario_path = ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml"
    record_one_by_one(tmp_path / "j.jsonl", scenario_path)
    assert story(tmp_path / "j.jsonl")[1] == (
        "1. Arqueiro attacks Lanceiro — Arqueiro spends 1 Flecha (4 left); Lanceiro is hit: attack 9 ≥ distance 8; "
        "7 damage to Lanceiro: 7 > DEF 6; Lanceiro is defeated and leaves play (7 > DEF 6); Arqueiro is flipped"
    )
