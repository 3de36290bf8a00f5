"""TAB MASTER in Portuguese, its source's language (issue 32): exact sentences with exact dice, in the source's
terms (derrotado, flipado, lance de ataque, Ficha de Exército), and JSON that says the same numbers, kinds and
keys in every language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabroll.i18n.catalogues import check, sources
from tests.support import speaking
from tests.tabmaster.helpers import battle, run_data, run_file
from tests.tabmaster.test_rules import attack, unit

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster"
PROJECTILE = SCENARIOS / "05-projectile-arqueiro.yaml"


def _sentences(out: Any) -> list[tuple[str, str]]:
    return [(e.kind, e.sentence()) for e in out.events]


def test_the_catalogue_is_complete_and_checks_clean() -> None:
    (source,) = [s for s in sources() if s.name == "tabmaster"]
    assert check(source) == []
    assert source.languages() == ["es", "it", "pl", "pt", "ru"]  # its own language and every other of tabroll's


def test_source_example_5_the_arqueiro_shoots_in_portuguese() -> None:
    # Source example 5: one Flecha from the army sheet, 1d10 shows 7, +2 for standing 2 higher = 9 >= 8 squares:
    # hit; 1d20 shows 7 > DEF 6: the Lanceiro is defeated, and the Arqueiro is flipped.
    with speaking("pt", game="tabmaster"):
        out = run_file(PROJECTILE)
        said = _sentences(out)
    assert said[1:] == [
        (
            "ruling",
            "projectiles = army: os Projéteis são contados na Ficha de Exército: um estoque por lado e por tipo",
        ),
        ("spend", "Arqueiro gasta 1 Flecha (restam 4)"),
        ("roll", "lance de ataque: 1d10 → 7"),
        ("modifier", "lance de ataque +2 (altura: 2 acima de Lanceiro) → 9"),
        ("hit", "acerto no alvo Lanceiro: ataque 9 ≥ distância 8"),
        ("roll", "lance de Dano (alvo: Lanceiro): 1d20 → 7"),
        ("ruling", "defeat_threshold = greater: o Dano deve ser maior que a DEF para derrotar (o texto da regra)"),
        ("damage", "Lanceiro sofre 7 pontos de Dano: 7 > DEF 6"),
        ("defeat", "Lanceiro: derrotado, sai do tabuleiro (7 > DEF 6)"),
        ("flip", "Arqueiro é flipado"),
    ]
    assert said[0] == ("action", "1. ataque: Arqueiro → Lanceiro")


def test_a_unit_that_survives_and_a_miss_in_portuguese() -> None:
    # Source example 2: the Cavaleiro's 8 does not beat the Soldado's DEF 9; then an arrow falls short.
    with speaking("pt", game="tabmaster"):
        trample = run_file(SCENARIOS / "02-trample-cavaleiro.yaml")
        survive = trample.of("survive")[0].sentence()
        path = trample.of("note")[0].sentence()
        moved = trample.of("move")[0].sentence()
        shot = run_data(
            battle(
                {
                    "A": unit("red", [0, 0], ATK="1d10 (Projétil: Flecha)", ammo={"Flecha": 1}),
                    "B": unit("blue", [6, 0]),
                },
                [attack("A", "B", [3])],
            )
        )
        miss = shot.of("miss")[0].sentence()
        flip = shot.of("flip")[0].sentence()
    assert survive == "Soldado sobrevive (8 não supera DEF 9: é preciso mais de 9)"
    assert path == "trajetória do Atropelamento: [1, 0] → [2, 0] → [3, 0]"
    assert (
        moved == "Cavaleiro: movimento [0, 0] → [3, 0] (Atropelamento: termina na última casa livre da sua trajetória)"
    )
    assert miss == "falha no alvo B: ataque 3 < distância 6"
    assert flip == "A é flipado"


def test_an_element_bonus_in_portuguese() -> None:
    # Water against Essência: Fogo adds 10: 1d20 shows 4, 4 + 10 = 14 > DEF 5.
    units = {
        "A": unit("red", [0, 0], ATK="1 (Elemento: Água)"),
        "B": unit("blue", [1, 0], traits=["Essência: Fogo"]),
    }
    with speaking("pt", game="tabmaster"):
        out = run_data(battle(units, [attack("A", "B", [4])]))
        (bonus,) = out.of("element_bonus")
        sentence = bonus.sentence()
        defeat = out.of("defeat")[0].sentence()
    assert sentence == "Dano +10 (Água +10 contra Essência: Fogo) → 14"
    assert bonus.element == "Water (Água)"  # a field of the event, not prose: the same in every language
    assert defeat == "B: derrotado, sai do tabuleiro (14 > DEF 5)"


def test_refusals_and_their_tips_in_portuguese() -> None:
    far = battle({"A": unit("red", [0, 0], ATK=2), "B": unit("blue", [3, 0])}, [attack("A", "B", [20])])
    empty = battle(
        {"A": unit("red", [0, 0], ATK="1d10 (Projétil: Flecha)", ammo={"Flecha": 0}), "B": unit("blue", [3, 0])},
        [attack("A", "B", [5, 5])],
    )
    with speaking("pt", game="tabmaster"):
        reach = run_data(far).of("refused")[0]
        arrows = run_data(empty).of("refused")[0]
    assert reach.reason == "B está a 3 casas de distância; o ataque alcança 2 (ATK 2)"
    assert reach.rule == "ataque Comum"  # the rule's name, as the catalogue words it (JSON: prose too)
    assert arrows.reason == "o exército vermelho não tem mais Flecha"


def test_a_refusal_on_the_command_line_in_portuguese(cli: Any) -> None:
    result = cli(
        "attack", "-r", "tabmaster", "-a", "Hero ATK=1 DAN=1d12", "-t", "Orc DEF=3", "--distance", "3",
        "--dice", "5", "--format", "text", "--lang", "pt",
    )  # fmt: skip
    assert "Orc está a 3 casas de distância; o ataque alcança 1 (ATK 1)" in result.out + result.err


def test_rules_shows_the_options_in_portuguese(cli: Any) -> None:
    result = cli("rules", "tabmaster", "--format", "text", "--lang", "pt")
    assert result.code == 0, result.err
    assert "Uma unidade flipada não pode atacar nem se mover de novo até uma nova rodada." in result.out
    assert "  flip_blocks_actions = true [true | false]" in result.out  # names and values stay as they are
    english = cli("rules", "tabmaster", "--format", "text")
    assert "A flipped unit cannot attack or move again until a new round." in english.out


def test_the_state_at_the_end_says_flipado(cli: Any) -> None:
    with speaking("pt", game="tabmaster"):
        from tabroll.engine import find_ruleset
        from tabroll.kit.views import line_text

        out = run_file(PROJECTILE)
        view = find_ruleset("tabmaster").state_view(out.state)
    assert line_text(view.lines[0]).startswith("Arqueiro (vermelho)")
    assert "flipado, Flecha 4" in line_text(view.lines[0])


def _numbers_kinds_and_keys(value: Any) -> Any:
    """A JSON document with its prose taken out: every key, every number, true/false/null, every kind."""
    if isinstance(value, dict):
        return {k: (v if k == "kind" else _numbers_kinds_and_keys(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_numbers_kinds_and_keys(v) for v in value]
    return "<text>" if isinstance(value, str) else value


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_json_in_portuguese_keeps_the_kinds_keys_and_numbers(cli: Any, path: Path) -> None:
    english = cli("run", str(path), "--format", "json")
    portuguese = cli("run", str(path), "--format", "json", "--lang", "pt")
    assert english.code == portuguese.code == 0, portuguese.err
    assert _numbers_kinds_and_keys(portuguese.json()) == _numbers_kinds_and_keys(english.json())
    events = [e for f in english.json()["files"] for a in f["actions"] for e in a["events"]]
    said = [e for f in portuguese.json()["files"] for a in f["actions"] for e in a["events"]]
    for en, pt in zip(events, said, strict=True):
        for key in ("unit", "target", "attacker", "element", "resource", "option", "value", "how", "verb", "dice"):
            assert pt.get(key) == en.get(key), key  # names and machine values are not translated


def test_json_in_portuguese_says_its_prose_in_portuguese(cli: Any) -> None:
    doc = cli("run", str(PROJECTILE), "--format", "json", "--lang", "pt").json()
    events = {e["kind"]: e for a in doc["files"][0]["actions"] for e in a["events"]}
    assert events["hit"]["rule"] == "ataque 9 ≥ distância 8"
    assert events["modifier"]["reason"] == "altura: 2 acima de Lanceiro"


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_no_line_of_a_scenario_is_the_same_in_english_and_portuguese(cli: Any, path: Path) -> None:
    import yaml

    title = yaml.safe_load(path.read_text(encoding="utf-8"))["title"]
    english = cli("run", str(path), "--format", "text")
    portuguese = cli("run", str(path), "--format", "text", "--lang", "pt")
    assert english.code == portuguese.code == 0, portuguese.err
    same = [
        line
        for line in set(english.out.splitlines()) & set(portuguese.out.splitlines())
        if line.strip() and title not in line
    ]
    assert same == []


@pytest.mark.parametrize(
    ("message", "values"),
    [
        ("{amount} does not beat DEF {defense}: more than {defense} needed", {"amount": 7, "defense": 9}),
        ("damage must be greater than DEF to defeat (the rule text)", {}),
        ("a {slip} the code made", {}),  # a placeholder with no value: said as written
        ("{side} moves first", {"side": "red"}),  # a side word, said in the language
        ("'{side}' is no side", {"side": "red"}),  # a side quoted: as typed
        ("{a} and {t} are on the same side", {"a": "X", "t": "Y", "unused": 3}),
    ],
)
@pytest.mark.parametrize("code", ["en", "pt", "game"])
def test_the_games_sentences_are_said_as_its_catalogue_says_them(code: str, message: str, values: Any) -> None:
    # English fills the message at once (no catalogue to look in, a side said as named); every language says
    # what the catalogue says
    from tabroll.rulesets.tabmaster import messages

    with speaking(code, "tabmaster"):
        assert messages._(message, **values) == messages._SIDES.gettext(message, **values)
