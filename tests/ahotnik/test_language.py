"""Ahotnik in Italian, its source's language (``--lang it``): the game's own sentences word by word, with the
bundled scenarios' own dice, in the source's terms (Sinapsi, Scudi, Vita, esiliato, Transizione di fase,
Minaccia); refusals and errors; and JSON, whose kinds, keys and numbers the language never changes.

Lines are matched by their end: the kind column (``synapse``, ``threat``…) and the core's own sentences
(``… is hit: {rule}``) are the core's to translate."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tabroll.i18n.catalogues import check, sources
from tests.ahotnik.helpers import EXAMPLES
from tests.support import speaking

SCENARIOS = sorted(EXAMPLES.glob("*.yaml"))

PROSE = {"text", "reason", "rule", "label", "description", "game_over_text"}  # game_over: the same words in any
"""The JSON fields whose words follow the language: the sentences a person reads, never a machine's value."""


def _log(cli: Any, path: Path, language: str) -> list[str]:
    result = cli("run", str(path), "--format", "text", "--lang", language)
    assert result.code == 0, result.err
    return result.out.splitlines()


def _ends(lines: list[str], sentence: str) -> bool:
    return any(line == sentence or line.endswith(" " + sentence) for line in lines)


def test_the_catalogue_is_complete_and_sound() -> None:
    (ahotnik,) = [s for s in sources() if s.name == "ahotnik"]
    assert check(ahotnik) == []
    assert "it" in ahotnik.languages()


LOGS: dict[str, tuple[str, ...]] = {
    # 03: the pilots name 2 and 4, the 1d2 shows 1 (the first pilot's 2): a weak shot stopped by the Singolarità
    "03-forced-synapse-singularity.yaml": (
        "1. Lynx attacca",
        "Sinapsi forzata di Lynx: 1 = direzione 2, 2 = direzione 4: 1d2 → 1",
        "Lynx: i Piloti scelgono 2 e 4 → Sinapsi forzata, direzione 2 (E) (i Piloti non concordano: estratta a caso "
        "tra le due)",
        "Lynx spara a distanza verso 2 (E): Bear, Storm Demon (nessun nemico adiacente: colpo a distanza in linea "
        "retta nella direzione verso cui è rivolto, bloccato dalla Singolarità in [1, 0])",
        "a distanza, Sinapsi forzata, bersaglio 1 sulla linea: 1 − 0 = 1 danno, prima gli Scudi",
        "a distanza, Sinapsi forzata, bersaglio 2 sulla linea: 1 − 1 = 0 danni, prima gli Scudi",
        "zero_damage_hit = true: un Demone raggiunto con 0 danni è comunque colpito (Transizione di fase)",
        "Lynx entra in Transizione di fase (ha colpito un Demone)",
    ),
    "07-step-by-step.yaml": (
        "1. fase di attacco",
        "phase_order = step_by_step: ogni fase viene svolta da tutti gli Ahotnik, nell'ordine di turno, prima della "
        "fase successiva",
        "Eagle: i Piloti scelgono 2 e 2 → Sinapsi riuscita, direzione 2 (E) (entrambi i Piloti hanno scelto lo "
        "stesso numero)",
        "Eagle guarda già verso 2 (E)",
        "corpo a corpo, Sinapsi riuscita: 2 danni, non di fronte: prima gli Scudi",
        "corpo a corpo, Sinapsi riuscita: 2 danni, bersaglio di fronte: direttamente sulla Vita",
        "EA  Eagle in [0, 0]: rivolto verso 2 (E), Scudi 2, Vita 4, TRANSIZIONE DI FASE",
        "fi  Fire Demon in [-1, 0]: Scudi 0, Vita 2",
        "livello di Minaccia 3 (minimo 2)",
        "tabellone finale:",
    ),
    # 06: Tiger's shot takes Lion to 0 Vita and exiles the Smoke Demon; the Ash Demon, whose DNA Tiger owns,
    # leaves the board; the Ahotniks after it do not attack.
    "06-game-end.yaml": (
        "Tiger ruota da 1 (NE) a 2 (E)",
        "il resto dello stesso tiro va comunque a segno, poi la partita termina",
        "Smoke Demon: esiliato, lascia il tabellone (a 0 Vita: esiliato da [2, 0])",
        "Minaccia -1 (Smoke Demon va in esilio): 4 → 3",
        "Tiger ottiene il DNA di Smoke Demon: da ora in poi si ignorano a vicenda",
        "Lion: sconfitto, lascia il tabellone (a 0 Vita: la partita termina)",
        "Ash Demon: rimosso, lascia il tabellone (la partita termina e Tiger possiede il DNA di Ash Demon)",
        "la partita è finita: Lion, Bull non attaccano",
        "--  Smoke Demon: esiliato",
        "--  Ash Demon: fuori dal tabellone",
        "FINE PARTITA: Lion a 0 Vita per un colpo di Tiger",
    ),
    "05-dna-summon-threat.yaml": (
        "evocazione di Mud Demon in [1, 0] (Scudi 1, Vita 3)",
        "Minaccia +1 (evocazione di Mud Demon): 2 → 3",
        "Boar possiede il DNA di Mud Demon: si ignorano a vicenda",
        "Boar esce dalla Transizione di fase (la termina lo scenario)",
        "Boar ignora Mud Demon (Boar possiede il DNA di Mud Demon)",
        "Boar spara a distanza verso 2 (E): nessun bersaglio (nessun nemico adiacente: colpo a distanza in linea "
        "retta nella direzione verso cui è rivolto)",
        "la Minaccia resta 1: un segnalino Terreno Contaminato viene rimosso (non scende mai sotto 1, il numero di "
        "Ahotnik)",
        "2. un segnalino Terreno Contaminato viene rivelato",
    ),
}
"""Lines of the Italian log of bundled scenarios: each is a whole line, or the end of one after its kind column."""


@pytest.mark.parametrize("name", LOGS)
def test_the_log_in_italian(cli, name: str) -> None:
    lines = _log(cli, EXAMPLES / name, "it")
    for sentence in LOGS[name]:
        assert _ends(lines, sentence), sentence


def test_a_refusal_in_italian(cli) -> None:
    """Pilots 5 and 5 turn the Eagle west, away from the Imp: the rules make it attack nothing."""
    result = cli(
        "attack", "-r", "ahotnik", "-a", "Eagle", "-t", "Imp Vita=4", "--distance", "3", "--pilots", "5,5",
        "--format", "text", "--lang", "it",
    )  # fmt: skip
    assert result.code == 1, result.err
    assert "Eagle non può scegliere Imp: secondo le regole non attacca nulla" in result.out
    assert "identificazione del bersaglio" in result.out


def test_a_summon_refused_in_italian(cli, tmp_path: Path) -> None:
    path = tmp_path / "summon.yaml"
    path.write_text(
        "ruleset: ahotnik\ntitle: summon\nmap: {radius: 1, singularity: [1, 0]}\nthreat: 1\n"
        "ahotniks: {Eagle: {at: [0, 0], life: 6}}\n"
        "actions:\n  - {do: summon, demon: Imp, at: [1, 0], life: 2}\n",
        encoding="utf-8",
    )
    result = cli("run", str(path), "--format", "text", "--lang", "it")
    assert result.code == 1, result.err
    assert "[1, 0] è la Singolarità" in result.out
    assert "evocazione" in result.out


def test_an_input_error_and_its_tip_in_italian(cli) -> None:
    result = cli("attack", "-r", "ahotnik", "-a", "Eagle", "-t", "Imp Vita=2", "--distance", "99", "--lang", "it")
    assert result.code == 2
    assert "--distance 99 è fuori intervallo" in result.err
    assert "indica a quanti esagoni di distanza, da 1 a 50" in result.err


def test_the_game_s_event_sentences_in_italian() -> None:
    from rulesets.ahotnik.events import Ignored, PhaseTransition, Rotation, ThreatChanged

    with speaking("it", game="ahotnik"):
        assert Rotation(unit="Wolf", before=1, after=5, before_name="1 (NE)", after_name="5 (W)").sentence() == (
            "Wolf ruota da 1 (NE) a 5 (O)"
        )
        assert PhaseTransition(unit="Wolf", active=False, reason="x").sentence() == (
            "Wolf esce dalla Transizione di fase (x)"
        )
        assert Ignored(unit="Owl", attacker="Hawk", reason="y").sentence() == "Hawk ignora Owl (y)"
        threat = ThreatChanged(change=1, before=2, after=3, floor=1, reason="z")
        assert threat.sentence() == "Minaccia +1 (z): 2 → 3"
    assert threat.sentence() == "threat +1 (z): 2 → 3"


def test_rules_show_an_option_in_italian(cli) -> None:
    result = cli("rules", "ahotnik", "--lang", "it")
    assert result.code == 0, result.err
    assert "Un Ahotnik già in Transizione di fase attacca comunque (true) oppure ruota soltanto (false)." in result.out


def _differences(en: Any, it: Any, path: tuple[Any, ...], out: list[tuple[Any, ...]]) -> None:
    if isinstance(en, dict):
        assert isinstance(it, dict) and list(en) == list(it), path
        for key in en:
            _differences(en[key], it[key], (*path, key), out)
    elif isinstance(en, list):
        assert isinstance(it, list) and len(en) == len(it), path
        for i, (a, b) in enumerate(zip(en, it, strict=True)):
            _differences(a, b, (*path, i), out)
    else:
        assert type(en) is type(it), path
        if en != it:
            out.append(path)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_json_in_italian_keeps_kinds_keys_and_numbers(cli, path: Path) -> None:
    docs = []
    for language in ("en", "it"):
        result = cli("run", str(path), "--format", "json", "--lang", language)
        assert result.code == 0, result.err
        docs.append(json.loads(result.out))
    changed: list[tuple[Any, ...]] = []
    _differences(docs[0], docs[1], (), changed)
    assert changed, "nothing was said in Italian"
    assert {p[-1] for p in changed} <= PROSE, [p for p in changed if p[-1] not in PROSE]


def _title(path: Path) -> str:
    match = re.search(r"^title: (.*)$", path.read_text(encoding="utf-8"), re.MULTILINE)
    assert match is not None
    return match.group(1).strip().strip('"')


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_line_of_the_log_is_left_in_english(cli, path: Path) -> None:
    """Every line a person reads differs in Italian, but the file's own text (its title, its name) and the map's
    picture."""
    english, italian = _log(cli, path, "en"), _log(cli, path, "it")
    own = (_title(path), path.name)
    same = [
        line
        for line in set(english) & set(italian)
        if line.strip()
        and not any(text in line for text in own)
        and re.search(r"[A-Za-z]{3}", line)  # the map's rows hold two-letter labels only
    ]
    assert same == []
