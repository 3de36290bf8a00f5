"""The text reads as a native player of each game's language would write it (issue 42): each sentence a reader
found wrong is rendered through the real command, in the game's own language, and the corrected sentence is there
while the wrong one is not. Names are put where their form does not change (Russian and Polish decline them,
Spanish, Portuguese and Italian verbs agree with plural unit names), counts take the language's plural forms, and
the games' own terms are used (lance de Dano, punti Vita, здоровье, Życie)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabroll import i18n

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


def _run(cli: Callable[..., Any], lang: str, *args: str, stdin: str = "") -> str:
    result = cli("--lang", lang, *args, stdin=stdin)
    assert result.code in (0, 1), result.err
    return str(result.out)


def _log(text: str) -> str:
    """The lines tabroll writes in the language: not the scenarios' own titles (``# ...``), written by whoever
    wrote the file."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("#"))


def _scenario(game: str, name: str) -> str:
    return str(SCENARIOS / game / name)


# --- Russian (BotSE) ----------------------------------------------------------------------------------------


def test_russian_engage_header_keeps_both_names_in_the_nominative(cli: Callable[..., Any]) -> None:
    out = _run(cli, "ru", "run", _scenario("botse", "01-fatigue.yaml"))
    assert "1. атака: Ayrenn → Draugr" in out
    assert "атакует: Draugr" not in out


def test_russian_die_damage_names_the_unit_before_the_count(cli: Callable[..., Any]) -> None:
    out = _run(cli, "ru", "run", _scenario("botse", "03-gathering-limit.yaml"))
    assert "кубик 3 «Меч»: Draugr: 2 урона" in out
    assert "урона по Draugr" not in out and "урон по Draugr" not in out


def test_russian_damage_event_puts_the_count_before_the_noun_in_its_plural_form(cli: Callable[..., Any]) -> None:
    out = _run(cli, "ru", "run", _scenario("botse", "03-gathering-limit.yaml"))
    assert "Draugr получает 4 урона: суммарный урон кубиков" in out
    assert "Draugr получает 1 урон: суммарный урон кубиков" in _run(
        cli, "ru", "run", _scenario("botse", "01-fatigue.yaml")
    )
    assert "получает урон" not in out


def test_russian_tenacity_is_counted_in_points(cli: Callable[..., Any]) -> None:
    out = _run(cli, "ru", "run", _scenario("botse", "09-tenacity-and-free-dice.yaml"))
    assert "Ayrenn получает 1 очко стойкости (грань стойкости); стойкость 1" in out
    assert "получает 1 стойкость" not in out


def test_russian_log_says_health_in_russian_everywhere(cli: Callable[..., Any]) -> None:
    out = _log(_run(cli, "ru", "run", str(SCENARIOS / "botse")))
    assert "осталось здоровья: 19" in out
    assert "Health" not in out
    assert "tenacity" not in out  # the resource spent: «тратит стойкость: 1»
    assert "Ayrenn тратит стойкость: 1 (осталось 0)" in out


def test_russian_brief_uses_the_singular_for_one(cli: Callable[..., Any]) -> None:
    out = _run(cli, "ru", "run", "--brief", _scenario("botse", "01-fatigue.yaml"))
    assert "Ayrenn → Draugr: 1 урон (здоровье: осталось 19)" in out
    assert "1 урона" not in out
    assert "Health" not in out


def test_russian_log_names_the_sample_dice_by_the_source_s_terms(cli: Callable[..., Any]) -> None:
    out = _log(_run(cli, "ru", "run", _scenario("botse", "09-tenacity-and-free-dice.yaml")))
    assert "Ayrenn собирает: «Бой», «Меч» + 1 свободный кубик боя врагов" in out
    assert "кубик 1 «Бой»: 1d6 → стойкость (4)" in out
    assert "перезарядка: [«Бой», «Меч», -, -, -, -, -, -]" in out
    assert "Combat" not in out and "Sword" not in out.replace("Steel Sword", "")  # the item is the scenario's name
    english = _log(cli("run", _scenario("botse", "09-tenacity-and-free-dice.yaml")).out)
    assert "Ayrenn gathers Combat, Sword + 1 free enemy combat dice" in english  # the typed names stay in English


def test_botse_in_russian_calls_a_unit_by_the_source_s_word(cli: Callable[..., Any], tmp_path: Path) -> None:
    scenario = tmp_path / "b.yaml"
    scenario.write_text((SCENARIOS / "botse" / "01-fatigue.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    said = _run(cli, "ru", "units", "botse", "--format", "text") + _run(
        cli, "ru", "play", str(scenario), stdin="help\nquit\n"
    )
    assert "обязательны для боевой единицы не из каталога" in said
    assert "боевые единицы сейчас" in said
    assert "отряд" not in said and "юнит" not in said


def test_russian_catalogue_calls_a_unit_one_thing() -> None:
    text = (ROOT / "tabroll/locale/ru/LC_MESSAGES/tabroll.po").read_text(encoding="utf-8")
    assert "юнит" not in text


# --- Polish (Magic: The Gathering of Heroes) ----------------------------------------------------------------


def test_polish_attack_header_keeps_both_names_in_the_nominative(cli: Callable[..., Any]) -> None:
    out = _run(cli, "pl", "run", _scenario("mtg_heroes", "02-direct-combat.yaml"))
    assert "1. atak: Grizzly Bear → Kaya" in out
    assert "atakuje: Kaya" not in out


def test_polish_action_of_an_attack_names_its_target_as_a_label(cli: Callable[..., Any]) -> None:
    out = _run(cli, "pl", "run", str(SCENARIOS / "mtg_heroes"))
    assert "Sorin: akcja 1 z 3 — atak, cel: Zombie" in out
    assert not re.search(r"atak na [A-Z]", out)


def test_polish_status_is_named_after_a_label(cli: Callable[..., Any]) -> None:
    out = _run(cli, "pl", "run", str(SCENARIOS / "mtg_heroes"))
    assert "Bear — nowy stan: odepchnięcie" in out
    assert "otrzymuje stan" not in out


def test_polish_brief_says_one_damage_in_the_singular_and_life_in_polish(cli: Callable[..., Any]) -> None:
    out = _run(cli, "pl", "run", "--brief", _scenario("mtg_heroes", "02-direct-combat.yaml"))
    assert "1 obrażenie (Życie: zostaje 3)" in out
    assert "7 obrażeń (Życie: zostaje 1)" in out
    assert "2 obrażenia (Życie: zostaje 0)" in out
    assert "1 obrażeń" not in out and "Life" not in out


def test_polish_odds_name_the_counterattack_and_the_mean_without_agreement(cli: Callable[..., Any]) -> None:
    out = _run(cli, "pl", "odds", _scenario("mtg_heroes", "02-direct-combat.yaml"), "--action", "1")
    assert "potem, kontratak:" in out
    assert "P(kontratak) = 98,84%" in out
    assert "counterattack" not in out
    assert "(wartość): średnia" in out or "(wartość): średnio" in out
    assert "średnia obrażenia" not in out and "(poziom)" not in out


def test_polish_picture_legend_names_the_counterattack(cli: Callable[..., Any], tmp_path: Path) -> None:
    picture = tmp_path / "odds.svg"
    _run(cli, "pl", "odds", _scenario("mtg_heroes", "02-direct-combat.yaml"), "--action", "1", "--svg", str(picture))
    drawn = picture.read_text(encoding="utf-8")
    assert "kontratak: obrażenia otrzymane (cel: Grizzly Bear)" in drawn
    assert "counterattack" not in drawn


def test_polish_matrix_names_the_follow_up_and_its_setting_in_polish(cli: Callable[..., Any]) -> None:
    unit = "Bear Power=2 Toughness=2 Life=5"
    out = _run(cli, "pl", "matrix", "-r", "mtg_heroes", "--attackers", unit, "--targets", unit.replace("Bear", "Ogre"))
    assert "zasięg: bliski" in out
    assert "range near" not in out and "counterattack" not in out


def test_polish_hit_needed_names_the_target_as_a_label() -> None:
    i18n.use("pl")
    said = i18n._("needs a total of {total} or more, modifiers included, to hit {target}", total=7, target="Kaya")
    assert said == "trafienie (cel: Kaya) wymaga łącznie 7 lub więcej, z modyfikatorami"


# --- Spanish (Sistema Táctico F0R60D) -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def forgod_es() -> str:
    import contextlib
    import io

    from tabroll.cli.app import main

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer), pytest.raises(SystemExit):
        main(["--lang", "es", "run", str(SCENARIOS / "forgod")])
    i18n.use(i18n.ENGLISH)
    i18n.enter_game(None, "", "")
    return buffer.getvalue()


def test_spanish_charge_header_does_not_conjugate_a_plural_name(forgod_es: str) -> None:
    assert "1. carga: Jinetes → Piqueros" in forgod_es
    assert "Jinetes carga" not in forgod_es


def test_spanish_hit_puts_the_target_after_a_noun(forgod_es: str) -> None:
    assert "impacto en Ogro: ataque 5 > evasión 1" in forgod_es
    assert "recibe el impacto" not in forgod_es


def test_spanish_fall_and_flight_agree_with_any_name(forgod_es: str) -> None:
    assert "Orcos: huida, fuera del juego" in forgod_es
    assert "FIN DE LA PARTIDA: Orcos: fuera de combate; victoria: rojo" in forgod_es
    assert "cae Orcos" not in forgod_es and "Orcos huye" not in forgod_es


def test_spanish_defeat_and_state_words_agree(forgod_es: str) -> None:
    assert "Jinetes: carta aniquilada, fuera del juego" in forgod_es
    assert "Jinetes (rojo), fuera del juego" in forgod_es
    assert ": aniquilada" not in forgod_es
    assert "derrotado" not in forgod_es


def test_spanish_opposed_roll_names_the_winner_after_a_noun(forgod_es: str) -> None:
    assert "Moral: Jefe 10 contra Orcos 4 → victoria: Jefe (10 > 4)" in forgod_es
    assert "gana " not in forgod_es


def test_spanish_and_portuguese_say_the_bundled_sides_in_the_language(forgod_es: str, cli: Callable[..., Any]) -> None:
    assert "rojo empieza la ronda 2" in forgod_es
    assert not re.search(r"\b(red|blue)\b", _log(forgod_es))
    portuguese = _run(cli, "pt", "run", _scenario("tabmaster", "01-common-lanceiro.yaml"))
    assert "Lanceiro (vermelho), em [1, 0], flipado" in portuguese
    assert "Lanceiro (red)" in cli("run", _scenario("tabmaster", "01-common-lanceiro.yaml")).out


def test_spanish_measure_kind_is_not_the_nivel_stat(cli: Callable[..., Any]) -> None:
    i18n.use("es")
    assert i18n.p_("measure", "level") == "valor"


def test_spanish_play_help_describes_an_action_s_fields_in_spanish(cli: Callable[..., Any], tmp_path: Path) -> None:
    scenario = tmp_path / "f.yaml"
    scenario.write_text((SCENARIOS / "forgod" / "01-tie-goes-to-the-defender.yaml").read_text(encoding="utf-8"))
    out = _run(cli, "es", "play", str(scenario), stdin="help charge\nquit\n")
    assert "charger= (obligatorio) La carta que carga (TA cuerpo a cuerpo o mixto)." in out
    assert "The card that charges" not in out


# --- Portuguese (TAB MASTER) --------------------------------------------------------------------------------


def test_portuguese_hit_and_damage_roll_use_the_source_s_terms(cli: Callable[..., Any]) -> None:
    out = _run(cli, "pt", "run", str(SCENARIOS / "tabmaster"))
    assert "lance de Dano (alvo: Alquimista): 1d20 → 6" in out
    assert "1. ataque: Lanceiro → Alquimista" in out
    assert "Dano contra" not in out
    assert "o ataque atinge" not in out


def test_portuguese_prompt_says_lance_as_the_log_does(cli: Callable[..., Any]) -> None:
    result = cli("--lang", "pt", "attack", "-a", "Lanceiro", "-t", "Alquimista", "--prompt", stdin="6\n")
    said = result.out + result.err
    assert "Lance de 1d20 — lance de Dano (alvo: Alquimista):" in said
    assert "Role " not in said


def test_portuguese_matrix_setting_is_in_portuguese(cli: Callable[..., Any]) -> None:
    out = _run(cli, "pt", "matrix", "-r", "tabmaster", "--attackers", "Lanceiro", "--targets", "Soldado")
    assert "distância 1, altura 0, linha de visão sim, movimento 0" in out
    assert "distance 1" not in out


# --- Italian (Ahotnik) --------------------------------------------------------------------------------------


def test_italian_directions_use_italian_compass_sides(cli: Callable[..., Any]) -> None:
    out = _log(_run(cli, "it", "run", str(SCENARIOS / "ahotnik")))
    assert "direzione 5 (O)" in out
    assert "(W)" not in out and "(SW)" not in out and "(NW)" not in out


def test_italian_life_is_counted_in_punti_vita(cli: Callable[..., Any]) -> None:
    out = _run(cli, "it", "run", _scenario("ahotnik", "01-eagle-demon-priority.yaml"))
    assert "restano 2 punti Vita" in out
    assert "restano 2 Vita" not in out


def test_italian_brief_and_odds_say_the_pools_in_italian(cli: Callable[..., Any]) -> None:
    brief = _log(_run(cli, "it", "run", "--brief", str(SCENARIOS / "ahotnik")))
    assert "(Scudi: ne restano 0)" in brief and "(punti Vita: ne restano 2)" in brief
    assert "Life" not in brief and "Shields" not in brief
    odds = _run(cli, "it", "odds", _scenario("ahotnik", "04-melee-facing-and-teams.yaml"), "--action", "1")
    assert "Vita rimasta: Hawk (valore)" in odds
    assert "(livello)" not in odds


# --- new: the starter in the game's language ---------------------------------------------------------------


@pytest.mark.parametrize(
    "game, lang",
    sorted({"tabmaster": "pt", "ahotnik": "it", "botse": "ru", "forgod": "es", "mtg_heroes": "pl"}.items()),
)
def test_new_writes_the_starter_with_comments_in_the_language(cli: Callable[..., Any], game: str, lang: str) -> None:
    import yaml

    english = cli("new", game).out
    translated = _run(cli, lang, "new", game)
    assert translated != english
    assert "# which game reads this file" in english and "# which game reads this file" not in translated
    data, same = yaml.safe_load(english), yaml.safe_load(translated)
    data.pop("title"), same.pop("title")
    assert same == data  # the same keys and values: only the comments and the title are said in the language


def test_a_translated_starter_runs_as_the_english_one(cli: Callable[..., Any], tmp_path: Path) -> None:
    english, italian = tmp_path / "en.yaml", tmp_path / "it.yaml"
    english.write_text(cli("new", "ahotnik").out, encoding="utf-8")
    italian.write_text(_run(cli, "it", "new", "ahotnik"), encoding="utf-8")
    runs = [cli("run", str(path), "--format", "jsonl").jsonl() for path in (english, italian)]
    events = [[line for line in run if line.get("type") != "header"] for run in runs]
    assert len(events[0]) > 3
    strip = lambda lines: [{k: v for k, v in line.items() if k not in ("title", "file")} for line in lines]  # noqa: E731
    assert strip(events[0]) == strip(events[1])
