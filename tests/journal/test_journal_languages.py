"""A journal reads the same in every language: it keeps machine values only (kinds, units, numbers, the same words
in every language), and says its sentences again in the reader's language whenever they are shown. So a game
recorded under one language (``--lang``, ``--lang game``, or only the locale) continues, replays and shows under
any other, and a journal written before (format 1, its events in the language it was recorded in) still does."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from tabroll import i18n
from tabroll.events import PROSE_FIELDS, without_prose
from tabroll.journal.records import check_hash

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "v1"

LANGUAGES = list(i18n.LANGUAGES)  # en pt it ru es pl
LOCALE = "LANG=pt_BR.UTF-8"
SPEAKERS = [*LANGUAGES, "game", LOCALE]
"""Who runs a command: a language asked for with --lang, each game's own (--lang game), or only the locale."""


def _speaking(monkeypatch: pytest.MonkeyPatch, speaker: str) -> list[str]:
    """The arguments that make a command speak ``speaker`` (the locale alone: set in the environment)."""
    for name in ("TABROLL_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    if speaker == LOCALE:
        monkeypatch.setenv("LANG", "pt_BR.UTF-8")
        return []
    return ["--lang", speaker]


class Table:
    """Commands run in one folder, each said by someone."""

    def __init__(self, cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
        self.cli, self.monkeypatch, self.folder = cli, monkeypatch, folder
        monkeypatch.chdir(folder)

    def __call__(self, speaker: str, *args: str, stdin: str = "", code: int | None = 0) -> Any:
        result = self.cli(*_speaking(self.monkeypatch, speaker), *args, stdin=stdin)
        if code is not None:
            assert result.code == code, (speaker, args, result.err)
        assert "Traceback" not in result.err
        return result


# --- a game begun in one language and carried on in another -------------------------------------------------------

BOTSE = ROOT / "scenarios" / "botse" / "01-fatigue.yaml"


def _botse_evening(table: Table, recorder: str, continuer: str) -> bytes:
    """Two engages resolved from the file under ``recorder``; the turn ended and a third engage typed at the table
    (``play``) under ``continuer``. The journal's bytes."""
    scenario = yaml.safe_load(BOTSE.read_text(encoding="utf-8"))
    rest = scenario["actions"][2:]
    scenario["actions"] = scenario["actions"][:2]
    Path("s.yaml").write_text(yaml.safe_dump(scenario, sort_keys=False), encoding="utf-8")
    table(recorder, "run", "s.yaml", "--journal", "g.jsonl", "--format", "json")
    typed = "".join(json.dumps(action) + "\n" for action in rest) + "1\n1\n1\n"  # the battle form, a die, a result
    table(continuer, "play", "s.yaml", "--journal", "g.jsonl", "--format", "text", stdin=typed)
    return Path("g.jsonl").read_bytes()


def _machine(document: Any) -> Any:
    return without_prose(document, PROSE_FIELDS | {"tip", "message"})


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The evening spent wholly in one language, by speaker: its journal and what is shown of it (filled as asked)."""
    return {}


def _told_in_one_language(table: Table, speaker: str, alone: dict[str, Any]) -> dict[str, Any]:
    """The journal, story, replay and state of the evening recorded and continued wholly by ``speaker``, in a
    folder of its own (kept per speaker for the module)."""
    if speaker not in alone:
        folder = table.folder / f"only-{speaker.replace('=', '-')}"
        folder.mkdir()
        here = Table(table.cli, table.monkeypatch, folder)
        journal = _botse_evening(here, speaker, speaker)
        alone[speaker] = {"journal": journal, **_readings(here, speaker)}
        table.monkeypatch.chdir(table.folder)
    told: dict[str, Any] = alone[speaker]
    return told


def _readings(table: Table, reader: str) -> dict[str, Any]:
    return {
        "show": table(reader, "journal", "show", "g.jsonl").out,
        "show_json": table(reader, "journal", "show", "g.jsonl", "--format", "json").json(),
        "replay": table(reader, "journal", "replay", "g.jsonl").out,
        "state": table(reader, "journal", "state", "g.jsonl", "--format", "text").out,
        "state_json": table(reader, "journal", "state", "g.jsonl", "--format", "json").json(),
    }


def _pairs(everyday: list[tuple[str, str]], every: list[tuple[str, str]]) -> list[Any]:
    """``everyday`` pairs, and the rest of ``every`` in the slow tier."""
    return [*everyday, *(pytest.param(*pair, marks=pytest.mark.slow) for pair in every if pair not in everyday)]


RING = [(speaker, SPEAKERS[(n + 1) % len(SPEAKERS)]) for n, speaker in enumerate(SPEAKERS)]
"""Each speaker followed by the next (en → pt → … → pl → game → the locale → en): the everyday tier."""

EVERY_PAIR = _pairs(RING, [(a, b) for a in SPEAKERS for b in SPEAKERS])


@pytest.mark.parametrize(("recorder", "continuer"), EVERY_PAIR)
def test_a_game_recorded_in_one_language_continues_replays_and_shows_in_any_other(
    cli: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    alone: dict[str, Any],
    recorder: str,
    continuer: str,
) -> None:
    table = Table(cli, monkeypatch, tmp_path)
    journal = _botse_evening(table, recorder, continuer)
    # The journal holds no word of either language: byte for byte the journal of the evening spent in English.
    assert journal == _told_in_one_language(table, "en", alone)["journal"]
    # Replay, story and state are said in the reader's language, as if the whole evening had been spent in it.
    readings = _readings(table, continuer)
    spent = _told_in_one_language(table, continuer, alone)
    for name in ("show", "show_json", "replay", "state", "state_json"):
        assert readings[name] == spent[name], name
    assert readings["replay"].count("\n") == 4  # four actions, each replayed as recorded (exit 0 checked)


def test_the_machine_values_of_a_journal_are_its_only_content(cli: Callable[..., Any], tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """No field written for people is recorded: the sentences of a record come back from the rules."""
    table = Table(cli, monkeypatch, tmp_path)
    _botse_evening(table, "ru", "es")
    records = [json.loads(line) for line in Path("g.jsonl").read_text(encoding="utf-8").splitlines()[1:]]
    found: set[str] = set()

    def keys(value: Any) -> None:
        if isinstance(value, dict):
            found.update(value)
            for inner in value.values():
                keys(inner)
        elif isinstance(value, list):
            for inner in value:
                keys(inner)

    keys(records)
    assert not found & PROSE_FIELDS
    assert {"faces", "reach", "done"} <= found  # BotSE's machine values: kept, in tabroll's own words
    faces = [e["faces"] for r in records for e in r["events"] if "faces" in e]
    assert faces[0] == ["1 damage"]  # the same words whatever the language of the command


@pytest.mark.parametrize("reader", ["pt", "ru", "game", LOCALE])
def test_an_attack_recorded_in_english_goes_on_with_run_in_another_language(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, reader: str
) -> None:
    """``attack --journal`` under one language, then the file's own action under another: the Arqueiro is still
    flipped (the attack happened), so the file's attack is refused, whatever the languages."""
    table = Table(cli, monkeypatch, tmp_path)
    shutil.copy(ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml", "s.yaml")
    table("en", "attack", "s.yaml", "-a", "Arqueiro", "-t", "Lanceiro", "--journal", "g.jsonl", "--dice", "2")
    again = table(reader, "run", "s.yaml", "--journal", "g.jsonl", "--format", "json", code=1)
    refused = [e for a in again.json()["files"][0]["actions"] for e in a["events"] if e["kind"] == "refused"]
    assert [(e["actor"], e["verb"]) for e in refused] == [("Arqueiro", "attack")]  # its rule: said in the language
    table(reader, "journal", "replay", "g.jsonl")
    state = table(reader, "journal", "state", "g.jsonl", "--format", "json").json()["state"]
    arqueiro = next(u for u in state["units"] if u["name"] == "Arqueiro")
    assert arqueiro["flipped"] and arqueiro["ammunition"] == {"Flecha": 4}


# --- journals written before: format 1, events in the language they were recorded in --------------------------------

OLD = sorted(FIXTURES.glob("*.jsonl"))
"""Journals written by tabroll before format 2, each under one language (named in the file: ``*.pt.jsonl``), by
``tabroll --lang L run scenarios/GAME/FILE.yaml --journal J --seed 1``."""


def _old_journal(tmp_path: Path, fixture: Path) -> Path:
    copy = tmp_path / fixture.name
    shutil.copy(fixture, copy)
    return copy


OLD_READ = _pairs(
    [(f.name, SPEAKERS[(n + 1) % len(SPEAKERS)]) for n, f in enumerate(OLD)],  # each read in one language
    [(f.name, reader) for f in OLD for reader in SPEAKERS],
)


@pytest.mark.parametrize(("fixture", "reader"), OLD_READ)
def test_an_old_journal_replays_shows_and_goes_on_in_every_language(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fixture: str, reader: str
) -> None:
    monkeypatch.chdir(ROOT)  # the journals name their scenarios from the project's folder
    journal = str(_old_journal(tmp_path, FIXTURES / fixture))
    header = json.loads(Path(journal).read_text(encoding="utf-8").splitlines()[0])
    assert header["version"] == 1
    table = Table(cli, monkeypatch, ROOT)
    replayed = table(reader, "journal", "replay", journal).out
    assert replayed.count("\n") == len(Path(journal).read_text(encoding="utf-8").splitlines()) - 1
    # Shown in the reader's language: the story of the same game recorded now, in that language.
    fresh = tmp_path / "fresh.jsonl"
    table(reader, "run", header["scenario"], "--journal", str(fresh), "--seed", "1", "--format", "json", code=None)
    assert (
        table(reader, "journal", "show", journal).out.splitlines()[1:]
        == (table(reader, "journal", "show", str(fresh)).out.splitlines()[1:])
    )
    state = table(reader, "journal", "state", journal, "--format", "json").json()
    assert state["state"] == table(reader, "journal", "state", str(fresh), "--format", "json").json()["state"]
    # It goes on: its last action undone, the file's run again records it (format 2 in a format 1 journal).
    table(reader, "journal", "undo", journal)
    table(reader, "run", header["scenario"], "--journal", journal, "--seed", "1", "--format", "json", code=None)
    table(reader, "journal", "replay", journal)
    assert table(reader, "journal", "state", journal, "--format", "json").json() == state


def test_an_old_journal_differs_only_where_the_rules_do(cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:  # fmt: skip
    """An old journal's prose is not compared, its numbers are: a changed amount is still a difference."""
    monkeypatch.chdir(ROOT)
    journal = _old_journal(tmp_path, FIXTURES / "tabmaster-05-projectile-arqueiro.pt.jsonl")
    lines = journal.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[1])
    damage = next(e for e in record["events"] if e["kind"] == "damage")
    damage["amount"] += 1
    record["check"] = check_hash(record)
    journal.write_text(lines[0] + "\n" + json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    result = cli("journal", "replay", str(journal))
    assert result.code == 1
    assert result.out == (
        '1. Arqueiro attacks Lanceiro: DIFFERS: event 9 (damage) differs in amount: recorded {"amount": 8},'
        ' the rules give {"amount": 7}\n'
    )


def test_a_journal_whose_scenario_is_elsewhere_is_told_from_its_values(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The sentences come from the rules: without the scenario, the story tells the values the journal keeps and
    says why; ``--scenario`` names the file and the story is whole again."""
    table = Table(cli, monkeypatch, tmp_path)
    shutil.copy(ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml", "s.yaml")
    table("pt", "run", "s.yaml", "--journal", "g.jsonl")
    Path("s.yaml").rename("moved.yaml")
    lines = table("en", "journal", "show", "g.jsonl").out.splitlines()
    assert "damage: attacker=Arqueiro, target=Lanceiro, amount=7, defeats=True, pool=DEF" in lines[1]
    assert lines[2] == (
        "the scenario of g.jsonl (s.yaml) does not exist: the outcomes are told from the values the journal keeps"
        " (--scenario FILE tells them in full)"
    )
    assert table("en", "journal", "show", "g.jsonl", "--scenario", "moved.yaml").out.splitlines()[1:] == [
        "1. Arqueiro attacks Lanceiro — Arqueiro spends 1 Flecha (4 left); Lanceiro is hit: attack 9 ≥ distance 8;"
        " 7 damage to Lanceiro: 7 > DEF 6; Lanceiro is defeated and leaves play (7 > DEF 6); Arqueiro is flipped"
    ]
    document = table("en", "journal", "show", "g.jsonl", "--format", "json", "--scenario", "moved.yaml").json()
    assert document["note"] is None and document["actions"][0]["outcome"][1] == "Lanceiro is hit: attack 9 ≥ distance 8"
