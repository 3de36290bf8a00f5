"""Nothing a player reads is left in English once a language is chosen (issue 42): each game's outputs are rendered
in its own source's language (TAB MASTER in Portuguese, Ahotnik in Italian, BotSE in Russian, F0R60D in Spanish,
Magic: The Gathering of Heroes in Polish), through the real commands, and searched for English giveaway words.

What is not the language's prose is taken out first: the scenarios' and the bundled data files' own names and texts
(unit, spell and die names, titles: written by whoever wrote the file), the game's name, the words a user types
(the scenario file's keys and values, as its JSON schema lists them, flags, ``key=value`` and ``option = value``
pairs, command lines) and upper-case placeholders (STAT, VALUE). The game's own document (``tabroll rules``'s
reading of the rules, after the options) is documentation, written in English, and is not searched.

The everyday test renders one scenario per game; the slow one renders every bundled scenario."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from tabroll.play import words as play_words

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"

OWN_LANGUAGE = {"tabmaster": "pt", "ahotnik": "it", "botse": "ru", "forgod": "es", "mtg_heroes": "pl"}

ONE_SCENARIO = {
    "tabmaster": "01-common-lanceiro.yaml",
    "ahotnik": "04-melee-facing-and-teams.yaml",
    "botse": "01-fatigue.yaml",
    "forgod": "01-tie-goes-to-the-defender.yaml",
    "mtg_heroes": "02-direct-combat.yaml",
}
"""The scenario of each game the everyday test renders (its first action is an attack, for ``odds``)."""

_FUNCTION_WORDS = """the and with of to is are not its each when from then only this that which while until into
    than their
    there what where cannot must will would should does has have been was were"""
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())
"""English words no game makes a key of: a giveaway wherever they stand."""

_CONTENT_WORDS = """left damage attack attacks unit units target targets turn side card cards hit miss roll rolls
    dice first
    after once move moves square squares field counterattack health life shields distance height sight defeated
    wins none yes required optional default level fled flipped annihilated destroyed exiled removed"""
GIVEAWAYS = FUNCTION_WORDS | frozenset(_CONTENT_WORDS.split())
"""Words that give English away: common in tabroll's English sentences, and no word of the five languages (the
content words among them count unless they are, spelt exactly so, a word the user types in the scenario file)."""

ALSO_A_WORD_IN = {"es": {"dice"}, "pt": {"move"}, "pl": {"to"}, "it": {"dice"}, "ru": set()}
"""A giveaway that is also a word of the language (Spanish and Italian ``dice``, Portuguese ``se move``, Polish
``to``)."""


@cache
def _typed_words(game: str) -> frozenset[str]:
    """The words a user types in the game's scenario files: every key and every enumerated value of its schema."""
    schema = json.loads((ROOT / "rulesets" / game / "scenario.schema.json").read_text(encoding="utf-8"))
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    found.update(value)
                if key == "enum" and isinstance(value, list):
                    found.update(str(item) for item in value)
                if key == "const":
                    found.add(str(value))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(schema)
    from tabroll.engine import find_ruleset

    game_rules = find_ruleset(game)
    for needs in game_rules.attack_needs:
        found.add(needs.kind)
        for stat in (*needs.attacker, *needs.target):
            found.update(stat.spellings())
    found.update(spec.name for spec in game_rules.attack_fields)
    found.update(command.name for command in play_words.COMMANDS)  # play's own commands: attack, roll, odds…
    return frozenset(word for word in found if word)


@cache
def _names(game: str) -> tuple[str, ...]:
    """The names and texts written in the game's scenario files and bundled data files (longest first), and the
    game's own name."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(key)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, str) and len(node) > 2 and (" " in node or any(c.isupper() for c in node)):
            found.add(node)

    for path in (*sorted((SCENARIOS / game).glob("*.yaml")), *sorted((ROOT / "rulesets" / game).glob("*.yaml"))):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    from tabroll.engine import find_ruleset

    found.add(find_ruleset(game).name)
    return tuple(sorted(found, key=len, reverse=True))


def english_words(text: str, game: str, lang: str, *, reference: bool = False) -> list[tuple[str, str]]:
    """Each giveaway word left in ``text`` once everything that is not the language's prose is taken out, with
    its line. In a ``reference`` (``units``, ``rules``, ``play``'s help), which names the keys and values a user
    types, those are not English either."""
    typed = _typed_words(game) if reference else frozenset()
    allowed = ALSO_A_WORD_IN[lang]
    hits = []
    for line in text.splitlines():
        if (line.startswith(("#", "tabroll>")) and not line.startswith("# ")) or "tabroll " in line:
            continue  # a "#" line of a file; what was typed at play's prompt; a command line to type
        kept = line
        for name in _names(game):
            if name in kept:
                kept = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", kept)
        kept = re.sub(r"\S*/\S*", " ", kept)  # paths
        kept = re.sub(r"--[\w-]+", " ", kept)  # flags
        kept = re.sub(r"[\w.-]+ ?= ?[\w.,-]*", " ", kept)  # key=value, option = value, play's field=
        # quoted words to type: a quote that opens or closes one stands apart from a letter (the apostrophe of
        # Italian's l'ingaggio is no quote)
        kept = re.sub(r"(?<!\w)'[^']*'(?!\w)|`[^`]*`", " ", kept)
        for word in re.findall(r"\w+", kept):
            if not word.isascii():
                continue  # a word of the language (unità, Życie)
            low = word.lower()
            if low in allowed or "_" in word or word.isupper():
                continue
            if word in typed and low not in FUNCTION_WORDS:
                continue
            if low in GIVEAWAYS:
                hits.append((word, line))
    return hits


def _say(cli: Callable[..., Any], lang: str, *args: str, stdin: str = "") -> str:
    result = cli("--lang", lang, *args, stdin=stdin)
    assert result.code in (0, 1), (args, result.err)
    return str(result.out) + str(result.err)


def _rules_before_the_document(text: str) -> str:
    """``tabroll rules``: the options and attack fields, not the game's document that follows them."""
    lines = text.splitlines()
    for at, line in enumerate(lines):
        if line.startswith("# "):
            return "\n".join(lines[:at])
    return text


def _play_help(cli: Callable[..., Any], lang: str, game: str, scenario: Path, tmp_path: Path) -> str:
    from tabroll.engine import find_ruleset

    copy = tmp_path / f"{game}.yaml"
    copy.write_text(scenario.read_text(encoding="utf-8"), encoding="utf-8")
    kinds = sorted(play_words.action_models(find_ruleset(game)))
    asked = ["help", "help attack", *(f"help {kind}" for kind in kinds), "quit"]
    return _say(cli, lang, "play", str(copy), stdin="\n".join(asked) + "\n")


def rendered(
    cli: Callable[..., Any], game: str, tmp_path: Path, *, every_scenario: bool, lang: str | None = None
) -> dict[str, str]:
    """What a player of ``game`` reads, by command, in ``lang`` (the game's own language unless told)."""
    lang = lang or OWN_LANGUAGE[game]
    one = SCENARIOS / game / ONE_SCENARIO[game]
    runs = str(SCENARIOS / game) if every_scenario else str(one)
    return {
        "run": _say(cli, lang, "run", runs),
        "run --brief": _say(cli, lang, "run", "--brief", runs),
        "odds": _say(cli, lang, "odds", str(one), "--action", "1"),
        "matrix": _say(cli, lang, "matrix", str(one)),
        "rules": _rules_before_the_document(_say(cli, lang, "rules", game, "--format", "text")),
        "units": _say(cli, lang, "units", game, "--format", "text"),
        "new": _say(cli, lang, "new", game),
        "play help": _play_help(cli, lang, game, one, tmp_path),
    }


REFERENCES = ("rules", "units", "play help", "new")
"""The outputs that name what a user types (keys, values, stats): those words are the game's, not English."""


def _found(outputs: dict[str, str], game: str, lang: str | None = None) -> list[str]:
    lang = lang or OWN_LANGUAGE[game]
    return [
        f"{what}: {word!r} in {line.strip()[:160]!r}"
        for what, text in outputs.items()
        for word, line in english_words(text, game, lang, reference=what in REFERENCES)
    ]


def test_the_search_finds_english_and_leaves_the_language_and_the_names() -> None:
    said = "Ayrenn engages Draugr: 2 damage to the target; Health 10 left"
    assert [w for w, _ in english_words(said, "botse", "ru")] == ["damage", "to", "the", "target", "Health", "left"]
    assert [w for w, _ in english_words(said, "botse", "ru", reference=True)] == ["to", "the", "Health", "left"]
    assert english_words("атака: Ayrenn → Draugr; Ice Spike (Stamina 0/2)", "botse", "ru") == []
    assert english_words("  regla  flank_penalties = with_charge: un flanqueo dice", "forgod", "es") == []
    assert english_words("suma obrony to pozostała Life=5 --target-stat", "mtg_heroes", "pl") == []
    assert english_words("атакующий: stamina, magicka, health", "botse", "ru", reference=True) == []


@pytest.mark.parametrize("game", sorted(OWN_LANGUAGE))
def test_one_scenario_per_game_reads_without_english(cli: Callable[..., Any], game: str, tmp_path: Path) -> None:
    assert _found(rendered(cli, game, tmp_path, every_scenario=False), game) == []


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(OWN_LANGUAGE))
def test_every_bundled_scenario_reads_without_english(cli: Callable[..., Any], game: str, tmp_path: Path) -> None:
    assert _found(rendered(cli, game, tmp_path, every_scenario=True), game) == []


LANGUAGES = ("pt", "it", "ru", "es", "pl")
OTHER_PAIRS = [(game, lang) for game in sorted(OWN_LANGUAGE) for lang in LANGUAGES if lang != OWN_LANGUAGE[game]]
"""Each game in each language other than its own: every game speaks every language of tabroll's."""


@pytest.mark.parametrize("game", sorted(OWN_LANGUAGE))
def test_one_scenario_per_game_reads_without_english_in_another_language(
    cli: Callable[..., Any], game: str, tmp_path: Path
) -> None:
    """Everyday: each game in one other language (the next one after its own, in turn)."""
    lang = LANGUAGES[(LANGUAGES.index(OWN_LANGUAGE[game]) + 1) % len(LANGUAGES)]
    assert _found(rendered(cli, game, tmp_path, every_scenario=False, lang=lang), game, lang) == []


@pytest.mark.slow
@pytest.mark.parametrize(("game", "lang"), OTHER_PAIRS)
def test_every_bundled_scenario_reads_without_english_in_every_language(
    cli: Callable[..., Any], game: str, lang: str, tmp_path: Path
) -> None:
    assert _found(rendered(cli, game, tmp_path, every_scenario=True, lang=lang), game, lang) == []
