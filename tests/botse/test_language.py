"""BotSE in Russian, its source's language: exact sentences with exact dice, the three plural forms, a refusal,
the house-rule options, and JSON that --lang leaves as it is for machines."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.botse.helpers import EXAMPLES
from tests.support import speaking


def run_text(cli: Any, name: str, lang: str) -> str:
    result = cli("run", str(EXAMPLES / name), "--format", "text", "--lang", lang)
    assert result.code in (0, 1), result.err
    return str(result.out)


def test_fatigue_sentences_in_russian(cli) -> None:
    out = run_text(cli, "01-fatigue.yaml", "ru")
    assert "атака: Ayrenn → Draugr" in out
    assert "Ayrenn не получает усталости (первая атака в этом ходу)" in out
    assert "Ayrenn получает 1 кубик лёгкой усталости (атака 2 в этом ходу); лёгкая усталость 1" in out
    assert "Ayrenn: боевой режим «Лёгкое оружие»: только цели в соседних клетках" in out
    assert "Ayrenn назначает цель: Draugr, в 1 клетке, в зоне видимости (только цели в соседних клетках)" in out
    assert "кубик 1 «Бой» истощён на место 3 трека перезарядки (код «мгновенно»)" in out
    assert "Восстановление (перезарядка 2): «Бой» — обратно в ряды умений; 1 кубик лёгкой усталости сброшен" in out


def test_tenacity_and_free_die_in_russian(cli) -> None:
    out = run_text(cli, "09-tenacity-and-free-dice.yaml", "ru")
    assert (
        "Ayrenn собирает: «Бой», «Меч» + 1 свободный кубик боя врагов (выносливость 2/2, магия 0/0); "
        "предмет Steel Sword"
    ) in out
    assert "Ayrenn получает 1 очко стойкости (грань стойкости); стойкость 1" in out
    assert "кубик 1 «Бой» истощён на место 1 трека перезарядки (грань стойкости)" in out
    assert "кубик 2 «Меч»: Bandit: 2 урона" in out
    assert "кубик 3 «Бой» врагов сброшен (свободный кубик боя врагов, сбрасывается после применения)" in out
    assert "способность предмета Steel Sword: 1 свободный кубик боя (добавлен к броску)" in out


def test_reactions_in_russian(cli) -> None:
    out = run_text(cli, "16-reactions-in-order.yaml", "ru")
    assert "Lydia применяет «Follow Up» (после атаки): 1 урон цели" in out
    assert "Draugr применяет «Curse» (при поражении): 1 урон каждой соседней боевой единице" in out
    assert "«Weapon Break» (Draugr) не срабатывает: повержен во время атаки" in out
    assert "Draugr (враг), повержен" in out  # the state view


def test_roll_labels_and_faces_in_russian(cli) -> None:
    result = cli("run", str(EXAMPLES / "05-summed-damage-and-defense.yaml"), "--format", "json", "--lang", "ru")
    events = result.json()["files"][0]["actions"][0]["events"]
    rolls = [(e["label"], e["values"], e["faces"], e["faces_text"]) for e in events if e["kind"] == "roll"]
    assert rolls == [  # faces: the same words in every language (a machine value); faces_text: in Russian
        ("кубик 1 «Огненный посох»", [1], ["2 damage"], ["2 урона"]),
        ("кубик 2 «Огненный посох»", [2], ["3 damage"], ["3 урона"]),
    ]


def test_a_refusal_in_russian(cli) -> None:
    result = cli("run", str(EXAMPLES / "03-gathering-limit.yaml"), "--format", "text", "--lang", "ru")
    assert result.code == 1
    assert (
        "собрано кубиков, использующих выносливость: 4, но выносливость — 3 (Ayrenn): "
        "за одну атаку таких кубиков не больше 3"
    ) in result.out
    assert "ограничения сбора" in result.out  # the rule that refused it


def test_three_plural_forms() -> None:
    from rulesets.botse.events import FatigueGained, TargetDeclared

    def fatigue(n: int) -> str:
        return FatigueGained(unit="Ayrenn", amount=n, total=n, reason="x").sentence()

    def target(n: int) -> str:
        return TargetDeclared(unit="Ayrenn", target="Draugr", distance=n, reach="r").sentence()

    with speaking("ru", game="botse"):
        assert fatigue(1) == "Ayrenn получает 1 кубик лёгкой усталости (x); лёгкая усталость 1"
        assert fatigue(2) == "Ayrenn получает 2 кубика лёгкой усталости (x); лёгкая усталость 2"
        assert fatigue(5) == "Ayrenn получает 5 кубиков лёгкой усталости (x); лёгкая усталость 5"
        assert fatigue(11) == "Ayrenn получает 11 кубиков лёгкой усталости (x); лёгкая усталость 11"
        assert fatigue(21) == "Ayrenn получает 21 кубик лёгкой усталости (x); лёгкая усталость 21"
        assert target(1) == "Ayrenn назначает цель: Draugr, в 1 клетке, в зоне видимости (r)"
        assert target(2) == "Ayrenn назначает цель: Draugr, в 2 клетках, в зоне видимости (r)"
        assert target(21) == "Ayrenn назначает цель: Draugr, в 21 клетке, в зоне видимости (r)"
    assert fatigue(2) == "Ayrenn gains 2 light fatigue (x); light fatigue 2"
    assert target(1) == "Ayrenn targets Draugr, 1 hex away, in sight (r)"


def test_damage_counts_in_russian() -> None:
    from rulesets.botse.state import Face

    with speaking("ru", game="botse"):
        assert [Face(damage=n).part_text() for n in (1, 2, 5, 21)] == ["1 урон", "2 урона", "5 урона", "21 урон"]


def test_the_game_words_the_cores_kinds_and_defeat() -> None:
    from tabroll.events import defeat_word
    from tabroll.i18n import p_

    with speaking("ru", game="botse"):
        assert defeat_word("defeated") == "повержен"
        assert p_("event", "light_fatigue") == "усталость"
        assert p_("event", "die_placed") == "кубик"
    assert defeat_word("defeated") == "defeated"


def test_rules_show_the_options_in_russian(cli) -> None:
    result = cli("rules", "botse", "--lang", "ru")
    assert result.code == 0, result.err
    text = " ".join(result.out.split())
    assert "difficulty = standard [standard | expert]" in text  # names and values as typed
    assert (
        "На уровне сложности «Эксперт» за каждую дополнительную атаку получают 2 кубика лёгкой усталости вместо 1."
    ) in text
    english = " ".join(cli("rules", "botse").out.split())
    assert "Expert gains 2 light fatigue dice per extra engage instead of 1." in english


def _machine(value: Any) -> Any:
    """What a machine reads of a JSON document: its keys, kinds and numbers (prose left out)."""
    if isinstance(value, dict):
        return {k: (v if k == "kind" else _machine(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [_machine(v) for v in value]
    return "<text>" if isinstance(value, str) else value


@pytest.mark.parametrize("name", ["09-tenacity-and-free-dice.yaml", "16-reactions-in-order.yaml"])
def test_json_keeps_kinds_keys_and_numbers(cli, name: str) -> None:
    path = str(EXAMPLES / name)
    english = cli("run", path, "--format", "json").json()
    russian = cli("run", path, "--format", "json", "--lang", "ru").json()
    assert _machine(russian) == _machine(english)
    assert json.dumps(russian, ensure_ascii=False) != json.dumps(english, ensure_ascii=False)
    states = [doc["files"][0]["final_state"] for doc in (english, russian)]
    assert states[0] == states[1]  # the summary is data: names, sides, forms, dice as the scenario says them
    for doc in (english, russian):
        for action in doc["files"][0]["actions"]:
            for event in action["events"]:
                if event["kind"] in ("battle_form", "die_placed", "skill_trigger"):
                    machine = {"battle_form": "form", "die_placed": "place", "skill_trigger": "when"}[event["kind"]]
                    assert event[machine].isascii(), event


def test_the_catalogue_is_complete_and_checked() -> None:
    from tabroll.i18n.catalogues import check, sources

    source = next(s for s in sources() if s.name == "botse")
    assert check(source) == []
    assert "ru" in source.languages()


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_no_line_is_the_same_in_english_and_russian(cli, path) -> None:
    import yaml

    title = str(yaml.safe_load(path.read_text(encoding="utf-8")).get("title", ""))
    english = run_text(cli, path.name, "en").splitlines()
    russian = set(run_text(cli, path.name, "ru").splitlines())
    own = {f"# {title}", ""}  # the scenario's own text (and blank lines) are the same in every language
    same = [line for line in english if line in russian and line not in own]
    assert same == []
