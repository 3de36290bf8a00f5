"""Machine values do not follow the language: every JSON field outside the list of fields written for people
(docs/player.md, "Languages"; tabroll.events.PROSE_FIELDS, with an error's message and tip) is byte for byte the
same under every --lang, --lang game and a locale alone, in every bundled scenario."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabroll import i18n
from tabroll.events import PROSE_FIELDS, without_prose

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("**/*.yaml"))
EVERYDAY = {
    "ahotnik/06-game-end.yaml",  # the final state's game_over
    "botse/01-fatigue.yaml",  # faces, reach, done
    "forgod/05-lines-and-air.yaml",  # statuses, applies_to
    "mtg_heroes/05-initiative-and-mana.yaml",  # applies_to, status
    "tabmaster/05-projectile-arqueiro.yaml",  # applies_to
}
"""One scenario per game, among those whose machine values once followed the language: the everyday tier; every
other bundled scenario runs in the slow tier."""

LOCALE = "LANG=pt_BR.UTF-8"
FOR_PEOPLE = PROSE_FIELDS | {"tip", "message"}


def _name(path: Path) -> str:
    return path.relative_to(ROOT / "scenarios").as_posix()


def _every_scenario() -> list[Any]:
    assert {_name(p) for p in SCENARIOS} >= EVERYDAY
    return [pytest.param(p, id=_name(p), marks=() if _name(p) in EVERYDAY else (pytest.mark.slow,)) for p in SCENARIOS]


def _machine(document: Any) -> str:
    return json.dumps(without_prose(document, FOR_PEOPLE), ensure_ascii=False)


@pytest.mark.parametrize("path", _every_scenario())
def test_the_json_outside_the_prose_fields_is_the_same_in_every_language(
    cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, path: Path
) -> None:
    arguments = ("run", str(path), "--format", "json", "--seed", "1")
    english = cli(*arguments, "--lang", "en")
    assert english.code in (0, 1), english.err
    expected = _machine(english.json())
    for speaker in [*i18n.LANGUAGES, "game", LOCALE]:
        if speaker == LOCALE:
            for name in ("TABROLL_LANG", "LC_ALL", "LC_MESSAGES"):
                monkeypatch.delenv(name, raising=False)
            monkeypatch.setenv("LANG", "pt_BR.UTF-8")
            told = cli(*arguments)
        else:
            told = cli(*arguments, "--lang", speaker)
        assert told.code == english.code, speaker
        assert _machine(told.json()) == expected, speaker


def test_a_field_that_once_followed_the_language_keeps_tabroll_s_own_words(cli: Callable[..., Any]) -> None:
    """The machine values a script filters on, under Russian: the words as tabroll writes them, the Russian in
    their ``_text`` twins."""
    run = cli("run", str(ROOT / "scenarios" / "botse" / "01-fatigue.yaml"), "--format", "json", "--lang", "ru")
    events = [e for a in run.json()["files"][0]["actions"] for e in a["events"]]
    roll = next(e for e in events if e["kind"] == "roll")
    assert (roll["faces"], roll["faces_text"]) == (["1 damage"], ["1 урон"])
    form = next(e for e in events if e["kind"] == "battle_form")
    assert (form["reach"], form["reach_text"]) == ("adjacent targets only", "только цели в соседних клетках")
    result = next(e for e in events if e["kind"] == "die_result")
    assert (result["done"], result["done_text"]) == ("1 damage to Draugr", "Draugr: 1 урон")
    forgod = cli("run", str(ROOT / "scenarios" / "forgod" / "05-lines-and-air.yaml"), "--format", "json",
                 "--lang", "es", "--seed", "1")  # fmt: skip
    units = forgod.json()["files"][0]["final_state"]["units"]
    used = next(u for u in units if "Absorción used this round" in u["statuses"])
    assert "Absorción usada esta ronda" in used["statuses_text"]
    modifiers = [e for a in forgod.json()["files"][0]["actions"] for e in a["events"] if e["kind"] == "modifier"]
    assert {"applies_to": "damage", "applies_to_text": "daño"}.items() <= next(
        m for m in modifiers if m["applies_to"] == "damage"
    ).items()
