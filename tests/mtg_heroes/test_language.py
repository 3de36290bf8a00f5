"""Magic: The Gathering of Heroes in Polish, the source's language (issue 32): the log says the bundled scenarios'
exact dice in the source's own terms (Życie, Siła, Wytrzymałość, Sięganie, Faza Główna…), counts take Polish's
three plural forms, refusals and the options are Polish, and ``--lang`` changes no kind, key or number of JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabroll.i18n.catalogues import check, sources
from tabroll.rulesets.mtg_heroes.messages import n_
from tests.mtg_heroes.helpers import EXAMPLES, character, fight, run_data, run_file
from tests.support import json_shape, speaking


def sentences(out: Any, kind: str) -> list[str]:
    return [e.sentence() for e in out.of(kind)]


def test_the_catalogue_is_complete_and_sound() -> None:
    (source,) = [s for s in sources() if s.name == "mtg_heroes"]
    assert "pl" in source.languages()
    assert check(source) == []


def test_direct_combat_in_polish_with_the_scenarios_dice() -> None:
    """02: the bear's 2d6 = 11 against Kaya's 2d6 = 4; Kaya's 1d6 = 4 against the bear's 3; the Ogre's 2 ends it."""
    with speaking("pl", game="mtg_heroes"):
        out = run_file(EXAMPLES / "02-direct-combat.yaml")
        headers = [e.description for e in out.of("action")]
        bands = sentences(out, "band_change")
    assert headers == ["atak: Grizzly Bear → Kaya", "atak: Ogre → Kaya"]
    assert bands == [
        "Grizzly Bear i Kaya: zasięg bliski → bezpośredni (atak: zaczyna się wymiana ciosów)",
        "Grizzly Bear i Kaya: zasięg bezpośredni → bliski (wymiana ciosów się kończy)",
        "Ogre i Kaya: zasięg bliski → bezpośredni (atak: zaczyna się wymiana ciosów)",
        "Ogre i Kaya: zasięg bezpośredni → bliski (wymiana ciosów się kończy)",
    ]
    assert [(r.label, r.total) for r in out.of("roll")] == [
        ("atak: Siła (Grizzly Bear) 2d6", 11),
        ("obrona: Wytrzymałość (Kaya) 2d6", 4),
        ("kontratak: Siła (Kaya) 1d6", 4),
        ("obrona: Wytrzymałość (Grizzly Bear) 2d6", 3),
        ("atak: Siła (Ogre) 1d6", 2),
    ]
    assert [h.rule for h in out.of("hit")] == ["atak 11 > obrona 4", "kontratak 4 > obrona 3", "atak 2 > obrona 0"]
    assert [d.rule for d in out.of("damage")] == [
        "11 − 4 = 7; Życie 8 → 1",
        "4 − 3 = 1; Życie 4 → 3",
        "2 − 0 = 2; Życie 1 → 0",
    ]
    assert {d.pool for d in out.of("damage")} == {"Life"}  # a machine value in JSON: only sentences say Życie
    notes = [n.text for n in out.of("note")]
    assert "Vraska: akcja 1 z 3 — Rozkazywanie (dowolna liczba istot, raz na turę)" in notes
    assert "Kaya ma 0 Życia i nie może kontratakować" in notes
    (defeat,) = out.of("defeat")
    assert defeat.how == "defeated"  # the machine's word stays
    assert defeat.reason == (
        "Życie 0: postaci nie można zniszczyć; przegrywa bitwę i zapomina zaklęcia ze swojej Pamięci"
    )
    (status,) = out.of("status")
    assert (status.status, status.status_text) == ("pushed back", "odepchnięcie")  # the machine's words stay
    assert status.reason == "po wymianie ciosów musi znów przygotować się do walki"
    (over,) = out.of("game_over")
    assert over.reason == "Kaya: przegrana bitwa; stoi już tylko strona Vraska"


def test_the_whole_duel_in_polish() -> None:
    """07: the turn order, the phases of Sela's and Orm's turns, a response won 6 > 5, a summoned Hound."""
    with speaking("pl", game="mtg_heroes"):
        out = run_file(EXAMPLES / "07-whole-duel.yaml")
        orders = sentences(out, "turn_order")
        phases = sentences(out, "turn_phase")
    notes = [n.text for n in out.of("note")]
    assert orders[0] == (
        "kolejność tur: Sela, Orm (najpierw najwyższa Szybkość; remisy rozstrzyga rzut przeciwstawny Szybkości)"
    )
    assert phases[:4] == [
        "tura 1, Sela: Faza Sięgania: dobranie zaklęcia, odzyskanie Many (do: reach_phase)",
        "tura 1, Sela: Utrzymanie: utrzymanie do 2 (Skupienie) efektów trwałych i istot (do: upkeep)",
        "tura 1, Sela: Faza Główna: 2 akcje (Szybkość 2), najpierw rozkazy (jej akcje, potem do: end_turn)",
        "tura 1, Sela: Faza Końcowa",
    ]
    assert "tura 1, Orm: Faza Główna: 1 akcja (Szybkość 1), najpierw rozkazy (jej akcje, potem do: end_turn)" in phases
    assert (
        "Utrzymanie: Sela utrzymuje 0 przy Skupieniu 2; w tej turze może rzucić 2 zaklęcia, które nie są Instantami"
        in notes
    )
    assert (
        "Utrzymanie: Orm utrzymuje 0 przy Skupieniu 1; w tej turze może rzucić 1 zaklęcie, które nie jest Instantem"
        in notes
    )
    assert "przeciwstawna Szybkość 6 > 5: zwycięstwo: Sela" in notes
    assert "Sela rzuca Ember Hound; zaklęcie jest zużyte na resztę dnia (w cmentarzu)" in notes
    assert "koniec tury: Sela; teraz tura: Orm" in notes
    assert [e.description for e in out.of("action")][:3] == [
        "inicjatywa: ustalenie kolejności tur",
        "Faza Sięgania: Sela",
        "Utrzymanie: Sela niczego nie utrzymuje",
    ]


def test_the_sources_own_skill_test_in_polish() -> None:
    """01: [WUBB] sneaking past a guard, Subtelność, Średni: 3 dice, 8 ≥ 8 succeeds, 7 < 8 fails."""
    with speaking("pl", game="mtg_heroes"):
        out = run_file(EXAMPLES / "01-subtlety-wubb.yaml")
        tests = sentences(out, "skill_test")
    assert tests == [
        "Ravel: test (Subtelność) udany: 8 ≥ 8 (Średni 6–8: cel 8)",
        "test (Subtelność) nieudany: 7 < 8 (Średni 6–8: cel 8)",
    ]
    assert [e.skill for e in out.of("skill_test")] == ["Subtlety", "Subtlety"]  # the machine's name stays
    assert out.of("note")[0].text == (
        "Subtelność to umiejętność kolorów: czarny i niebieski; 3 symbole (czarny i niebieski) w [WUBB]: 3d6"
    )


@pytest.mark.parametrize(
    ("n", "actions", "spells"),
    [
        (1, "1 akcja", "1 zaklęcie"),
        (2, "2 akcje", "2 zaklęcia"),
        (5, "5 akcji", "5 zaklęć"),
        (12, "12 akcji", "12 zaklęć"),
        (22, "22 akcje", "22 zaklęcia"),
    ],
)
def test_polish_counts_take_three_forms(n: int, actions: str, spells: str) -> None:
    with speaking("pl", game="mtg_heroes"):
        phase = n_(
            "action phase: {n} action (Speed {n}), commands first",
            "action phase: {n} actions (Speed {n}), commands first",
            n,
        )
        cast = n_(
            "{caster} has cast {n} spell this turn: its Focus {focus} allows {allowed}",
            "{caster} has cast {n} spells this turn: its Focus {focus} allows {allowed}",
            n,
            caster="Sela",
            focus=n,
            allowed=n,
        )
    assert phase == f"Faza Główna: {actions} (Szybkość {n}), najpierw rozkazy"
    assert cast == f"Sela: w tej turze rzucone {spells}; Skupienie {n} pozwala na {n}"


@pytest.mark.parametrize(("speed", "actions"), [(2, "2 akcje"), (5, "5 akcji"), (22, "22 akcje")])
def test_a_characters_action_phase_counts_its_actions_in_polish(speed: int, actions: str) -> None:
    data = fight(
        {"X": character("x", speed=speed), "Y": character("y", speed=0)},
        [{"do": "initiative"}, {"do": "reach_phase", "unit": "X"}, {"do": "upkeep", "unit": "X"}],
    )
    with speaking("pl", game="mtg_heroes"):
        out = run_data(data)
        phases = sentences(out, "turn_phase")
    assert phases[-1] == (
        f"tura 1, X: Faza Główna: {actions} (Szybkość {speed}), najpierw rozkazy (jej akcje, potem do: end_turn)"
    )


def test_refusals_in_polish() -> None:
    with speaking("pl", game="mtg_heroes"):
        out = run_file(EXAMPLES / "08-refusals.yaml")
    refusals = out.refusals()
    assert refusals[:4] == [
        "Sela jest w fazie: Faza Sięgania; rzucenie Cinder Burst — tylko w Fazie Głównej",
        "Sela jest w fazie: Utrzymanie; Faza Sięgania i Utrzymanie są przed Fazą Końcową",
        "Sela utrzymuje 3, więcej niż Skupienie 2",
        "Bear: atak w tej turze już był; jeden atak na turę",
    ]
    assert "Sela: w tej turze rzucone 0 zaklęć; Skupienie 2 minus 2 utrzymane pozwala na 0" in refusals
    assert "Sela: w tej turze była już inna akcja; rozkazy wydaje się przed innymi akcjami" in refusals
    assert [r.rule for r in out.of("refused")][:2] == ["fazy", "fazy"]  # the rule's name, from the catalogue


def test_a_refusal_on_the_command_line_in_polish(cli) -> None:
    result = cli("run", str(EXAMPLES / "08-refusals.yaml"), "--format", "text", "--lang", "pl")
    assert result.code == 1
    assert (
        "Mending Light nie ma w Pamięci (Sela) (w Pamięci: Cinder Burst, Ember Dart, Flashfire) [Pamięć]" in result.out
    )


def test_rules_show_the_options_in_polish(cli) -> None:
    result = cli("rules", "mtg_heroes", "--lang", "pl")
    assert result.code == 0
    assert "  counterattack = true [true | false]" in result.out  # names and values stay
    assert "Broniący się kontratakuje po ataku, chyba że akcja z tego rezygnuje." in result.out
    assert "A defender counterattacks after an attack" not in result.out
    english = cli("rules", "mtg_heroes")
    assert "A defender counterattacks after an attack unless the action declines it." in english.out


MACHINE = {"kind", "how", "verb", "option", "value", "phase", "before", "after", "skill", "difficulty", "identity"}
"""JSON fields whose text is a machine's value: the same in every language."""


def _shape(value: Any) -> Any:
    return json_shape(value, MACHINE)


@pytest.mark.parametrize("name", ["02-direct-combat.yaml", "07-whole-duel.yaml", "08-refusals.yaml"])
def test_json_in_polish_keeps_every_kind_key_and_number(cli, name: str) -> None:
    path = str(EXAMPLES / name)
    english = json.loads(cli("run", path, "--format", "json").out)
    polish = json.loads(cli("run", path, "--format", "json", "--lang", "pl").out)
    assert _shape(polish) == _shape(english)
    assert polish != english  # the prose did change
    assert polish["files"][0]["final_state"] == english["files"][0]["final_state"]  # the state is the machine's


def _lines(cli: Any, path: Path, *lang: str) -> list[str]:
    return cli("run", str(path), "--format", "text", *lang).out.splitlines()


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_no_line_of_a_scenario_is_the_same_in_polish(cli, path: Path) -> None:
    """Every line of the log differs from the English one, but the scenario's own text (its title, its file)."""
    import yaml

    title = yaml.safe_load(path.read_text(encoding="utf-8")).get("title", "")
    english, polish = _lines(cli, path), _lines(cli, path, "--lang", "pl")
    same = [
        line
        for line in set(english) & set(polish)
        if line.strip() and not (title and title in line) and path.name not in line
    ]
    assert same == []
