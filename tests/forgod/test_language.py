"""F0R60D in Spanish, its source's language: exact sentences with exact dice, a refusal, an option's text, and
JSON that keeps every kind, key and number whatever the language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support import json_shape, speaking

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "forgod"


REFUSING = "15-refusals.yaml"  # its actions are refused on purpose: the run says so in its exit code


def _run(cli: Any, name: str, *extra: str) -> str:
    result = cli("run", str(EXAMPLES / name), "--format", "text", *extra)
    assert result.code == (1 if name == REFUSING else 0), result.err
    return result.out


SPANISH_LOGS: dict[str, tuple[str, ...]] = {
    "01-tie-goes-to-the-defender.yaml": (
        "1. ataque: Lanceros → Arqueros",
        "tirada de ataque de Lanceros contra Arqueros: 1d10 → 6",
        "tirada de ataque +3 (BA) → 9",
        "tirada de evasión +2 (Evasión) → 9",
        "ataque evadido por Arqueros: evasión 9 ≥ ataque 9 (el empate favorece al defensor)",
    ),
    "09-charge-with-flank.yaml": (
        "1. carga con flanqueo: Húsares → Muralla",
        "movimiento de Húsares: [1, 1] → [1, 3] (carga (el doble del movimiento táctico))",
        "Fortaleza: Húsares 10 contra Muralla 6 → victoria: Húsares (10 > 6)",
        "Húsares: cargando contra Muralla (sin ataque, evasión -4 y sin absorción hasta que impacte la carga)",
        "impacto en Muralla: 10 natural (éxito crítico): solo otro 10 natural lo evade (20 contra evasión 8)",
        "daño ×3 (Carga con flanqueo) → 21",
        "42 de daño a Muralla: PV 40 - 42 = -2: carta aniquilada, 40 PV perdidos, quedan PV 0",
    ),
    "17-every-rule.yaml": (
        "9 de daño a Orcos: 9 de daño llena los PV 4 de la primera carta y luego 4 por carta: caen 2 de 3 cartas, "
        "quedan PV 3 en la siguiente, quedan PV 3",
        "Orcos: 2 cartas perdidas; cartas que quedan: 1 (multiplicador ×1), PV 3 en la siguiente",
        "Piqueros II: 2 cartas perdidas, no queda ninguna",
        "Guardia: carta aniquilada, fuera del juego (PV 0 o menos: al Panteón)",
        "rojo roba Espada de su mazo de adiciones (quedan 47)",
        "Reina: Espada equipada (fase de adiciones)",
        "curación de Grifa: +4 (Sanador: 4 PV devueltos, hasta los PV 10 de la carta) (PV 2 → 6)",
        "Sanador: carta sacrificada, fuera del juego (cambiada por Ballesteros con Cambio de Estrategia, al Panteón)",
        "Orcos: huida, fuera del juego (su comandante cayó y perdió la tirada de Moral (cuenta como carta aniquilada))",
    ),
    "15-refusals.yaml": (
        "la batalla no ha empezado: las tiradas de reacción deciden quién actúa primero [iniciativa]",
        "en el primer turno de la batalla solo actúan los comandantes; R1 no es el comandante de rojo (RK) "
        "[primer turno]",
        "es el turno de azul: los jugadores alternan, una carta cada uno, y rojo jugó la última carta",
        "a BK la protege la guardia real Guardia: elimina antes a Guardia [Guardia Real]",
    ),
}
"""Sentences of the Spanish log of F0R60D's scenarios (the rule a refusal names, in brackets, in the catalogue's
words)."""


@pytest.mark.parametrize("name", SPANISH_LOGS)
def test_the_log_in_spanish(cli, name: str) -> None:
    out = _run(cli, name, "--lang", "es")
    for sentence in SPANISH_LOGS[name]:
        assert sentence in out, sentence


def test_a_sentence_with_a_plural_in_spanish() -> None:
    from rulesets.forgod.events import CardsLost

    with speaking("es", game="forgod"):
        assert (
            CardsLost(unit="Orcos", lost=1, left=0, life_left=0).sentence()
            == "Orcos: 1 carta perdida, no queda ninguna"
        )
        assert (
            CardsLost(unit="Orcos", lost=3, left=0, life_left=0).sentence()
            == "Orcos: 3 cartas perdidas, no queda ninguna"
        )
    assert CardsLost(unit="Orcos", lost=3, left=0, life_left=0).sentence() == "Orcos loses 3 cards: none left"


def test_rules_show_the_options_in_spanish(cli) -> None:
    result = cli("rules", "forgod", "--lang", "es")
    assert result.code == 0, result.err
    assert "absorption_sign = as_damage [as_damage | literal]" in result.out  # names and values as typed
    assert (
        "Multiplicar (tirada + bonificadores) y luego restar las absorciones (before_absorption), o restar primero "
        "las absorciones y multiplicar lo que queda (after_absorption)."
    ) in result.out
    english = cli("rules", "forgod", "--format", "json")
    spanish = cli("rules", "forgod", "--format", "json", "--lang", "es")
    en, es = json.loads(english.out)["options"], json.loads(spanish.out)["options"]
    assert [(o["name"], o["default"], o["choices"]) for o in en] == [
        (o["name"], o["default"], o["choices"]) for o in es
    ]
    assert all(a["description"] != b["description"] for a, b in zip(en, es, strict=True))


MACHINE = {"kind", "how", "verb", "option", "value", "dice", "unit", "attacker", "target", "actor", "side", "winner"}


def _shape(value: Any) -> Any:
    return json_shape(value, MACHINE)


@pytest.mark.parametrize("name", ["09-charge-with-flank.yaml", "15-refusals.yaml", "17-every-rule.yaml"])
def test_json_keeps_kinds_keys_and_numbers_in_spanish(cli, name: str) -> None:
    english = cli("run", str(EXAMPLES / name), "--format", "json")
    spanish = cli("run", str(EXAMPLES / name), "--format", "json", "--lang", "es")
    assert english.code == spanish.code == (1 if name == REFUSING else 0), spanish.err
    en, es = json.loads(english.out), json.loads(spanish.out)
    assert _shape(en) == _shape(es)
    assert en != es  # the prose did change
    kinds = [e["kind"] for a in en["files"][0]["actions"] for e in a["events"]]
    assert kinds == [e["kind"] for a in es["files"][0]["actions"] for e in a["events"]]


def test_the_catalogue_checks_clean() -> None:
    from tabroll.i18n.catalogues import check, sources

    (forgod,) = [s for s in sources() if s.name == "forgod"]
    assert "es" in forgod.languages()
    assert check(forgod) == []


@pytest.mark.parametrize(
    "name", ["01-tie-goes-to-the-defender.yaml", "09-charge-with-flank.yaml", "15-refusals.yaml", "17-every-rule.yaml"]
)
def test_no_line_of_the_log_stays_english(cli, name: str) -> None:
    english = _run(cli, name).splitlines()
    spanish = _run(cli, name, "--lang", "es").splitlines()
    title = english[0]  # the scenario's own title, as its file writes it
    same = [line for line in set(english) & set(spanish) if line.strip() and line != title]
    assert same == []


def test_an_illegal_army_is_told_in_spanish(cli) -> None:
    result = cli("check", str(Path(__file__).resolve().parent / "illegal-army.yaml"), "--lang", "es")
    assert result.code != 0
    said = result.out + result.err
    assert "se encontraron 7 problemas:" in said
    assert "Lanceros tiene 6 armas para 3 cartas, como mucho 3 (espacios de adiciones)" in said
    assert "Maldición es una adición negra: se guarda en la mano, nunca se equipa (adiciones negras)" in said


def test_units_tells_the_stats_in_spanish(cli) -> None:
    result = cli("units", "forgod", "--lang", "es")
    assert result.code == 0, result.err
    assert "Ataques por turno." in result.out
    assert "El bonificador de evasión: 1d10 + Evasión debe igualar o superar el ataque." in result.out
    english = cli("units", "forgod")
    assert "Attacks per turn." in english.out and "Ataques por turno." not in english.out


@pytest.mark.parametrize(
    ("message", "values"),
    [
        ("{stat} roll of {attacker}", {"stat": "Fortaleza", "attacker": "red"}),
        ("natural 10 for the defender", {}),
        ("a {slip} the code made", {}),  # a placeholder with no value: said as written
        ("{first} acts first this round; the players then alternate cards", {"first": "blue"}),
        ("{a} and {t} are on the same side", {"a": "X", "t": "Y", "unused": 3}),
    ],
)
@pytest.mark.parametrize("code", ["en", "es", "game"])
def test_the_games_sentences_are_said_as_its_catalogue_says_them(code: str, message: str, values: Any) -> None:
    # English fills the message at once (no catalogue to look in); every language says what the catalogue says
    from tabroll.rulesets.forgod import messages

    with speaking(code, "forgod"):
        assert messages._(message, **values) == messages._SIDES.gettext(message, **values)


def test_the_rolls_modifiers_name_what_they_change_in_english_and_in_the_language(cli) -> None:
    result = cli("run", str(EXAMPLES / "01-tie-goes-to-the-defender.yaml"), "--format", "json", "--lang", "es")
    events = [e for a in json.loads(result.out)["files"][0]["actions"] for e in a["events"]]
    named = {(e["applies_to"], e["applies_to_text"]) for e in events if e["kind"] == "modifier"}
    assert named == {("attack roll", "tirada de ataque"), ("evasion roll", "tirada de evasión")}
