"""Empty values (nothing after a colon, ``null``, ``~``) and missing fields in every game's scenarios: the message
names the file, the line, the field and a fix, in the user's words; never "got None", "NoneType" or a pydantic
phrase ("Input should be ...").

Each bundled scenario is broken the ways a hand-edited file breaks: a top-level field emptied or deleted, a unit (or
adventurer, combatant, Ahotnik...) emptied, ``actions: [null]``, and each field of its first action emptied."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tabroll.engine import ruleset_ids
from tests.hardening.test_fuzz_cli import GAMES_WITH_SCENARIOS, SCENARIOS, assert_clean, invoke

PYTHON_WORDS = re.compile(r"\bNone\b|NoneType|Input should|pydantic|Traceback|<class|__\w+__")
LOCATED = re.compile(r":\d+:\d+: ")  # file:line:column: field: message


def broken(data: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """(what was done, the broken document) for each way of emptying or deleting a part of ``data``."""
    for key in data:
        if key == "ruleset":
            continue
        for how, value in (("null", None), ("[null]", [None])):
            changed = copy.deepcopy(data)
            changed[key] = value
            yield f"{key}: {how}", changed
        changed = copy.deepcopy(data)
        del changed[key]
        yield f"no {key}", changed
        if isinstance(data[key], dict) and data[key]:
            first = next(iter(data[key]))
            changed = copy.deepcopy(data)
            changed[key][first] = None
            yield f"{key}: {{{first}: null}}", changed
    actions = data.get("actions")
    if isinstance(actions, list) and actions and isinstance(actions[0], dict):
        for field in actions[0]:
            changed = copy.deepcopy(data)
            changed["actions"][0][field] = None
            yield f"actions[0].{field}: null", changed


def check_message(path: Path, what: str, result: Any, args: tuple[str, ...]) -> None:
    assert_clean(args, result)
    shown = result.out + result.err
    assert not PYTHON_WORDS.search(shown), f"{what}:\n{shown}"
    if result.code != 2:
        return  # an optional field left empty: the scenario runs, or the rules refuse an action
    first = result.err.splitlines()[0]
    assert first.startswith(f"error: {path}"), f"{what}: the file is not named first:\n{result.err}"
    if "got nothing (an empty value)" in result.err:
        # An option is checked after the file's fields, where its line is not known yet: its name is given.
        located = LOCATED.search(result.err) or ": options: option '" in first
        assert located, f"{what}: no line and column:\n{result.err}"
        assert "write " in result.err, f"{what}: no fix given:\n{result.err}"


def first_scenario(game: str) -> Path:
    return sorted((SCENARIOS / game).glob("*.yaml"))[0]


def cases(paths: list[Path]) -> list[tuple[Path, str]]:
    out: list[tuple[Path, str]] = []
    for path in paths:
        out += [(path, what) for what, _ in broken(yaml.safe_load(path.read_text(encoding="utf-8")))]
    return out


def run_broken(cli: Any, tmp_path: Path, path: Path, what: str) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    document = dict(broken(data))[what]
    target = tmp_path / path.name
    target.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), encoding="utf-8")
    args = ("run", str(target))
    check_message(target, what, invoke(cli, *args), args)


@pytest.mark.parametrize(("path", "what"), cases([first_scenario(g) for g in GAMES_WITH_SCENARIOS]), ids=str)
def test_an_emptied_or_missing_field_is_explained(cli: Any, tmp_path: Path, path: Path, what: str) -> None:
    run_broken(cli, tmp_path, path, what)


@pytest.mark.slow
@pytest.mark.parametrize(("path", "what"), cases(sorted(SCENARIOS.glob("*/*.yaml"))), ids=str)
def test_every_bundled_scenario_emptied_or_missing_field(cli: Any, tmp_path: Path, path: Path, what: str) -> None:
    run_broken(cli, tmp_path, path, what)


def error_of(cli: Any, tmp_path: Path, text: str) -> str:
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    result = invoke(cli, "check", str(path))
    assert_clean(("check", str(path)), result, allowed=(2,))
    return result.err.replace(str(path), "F")


# what the broken file is -> (the file, the exact message)
EXACT: dict[str, tuple[str, str]] = {
    "a unit left empty": (
        "ruleset: tabmaster\nboard: {size: [3, 3]}\nunits: {A: null}\n",
        "error: F:3:12: units.A: expected a mapping of fields, got nothing (an empty value)\n"
        "Tip: 'A:' has nothing after it (or says null or ~), which YAML reads as empty: write a mapping of fields "
        "after it, or remove the line if the field is optional\n",
    ),
    "an empty action": (
        "ruleset: tabmaster\nboard: {size: [3, 3]}\nunits: {Lanceiro: {side: red, at: [0, 0]}}\nactions:\n  -\n",
        "error: F:5:4: actions[1]: expected a mapping of fields, got nothing (an empty value)\n"
        "Tip: this list item is empty (a '-' with nothing after it, or null): write a mapping of fields there, "
        "or remove it\n",
    ),
    "an empty action kind is not the word None": (
        "ruleset: botse\nmap: {radius: 2}\nadventurers: {A: {at: [0, 0], stamina: 1, magicka: 1, health: 1}}\n"
        "enemies: {}\nactions:\n  - do:\n",
        "error: F:6:8: actions[1].do: expected do to be one of: engage, roll_skill_dice, move, aura, end_turn "
        "(got nothing (an empty value))\n"
        "Tip: 'do:' has nothing after it (or says null or ~), which YAML reads as empty: write one of: engage, "
        "roll_skill_dice, move, aura, end_turn after it\n",
    ),
    "a square with one number": (
        "ruleset: tabmaster\nboard: {size: [3, 3]}\nunits: {Lanceiro: {side: red, at: [1]}}\n",
        "error: F:3:35: units.Lanceiro.at: item 2 is missing: the list has 1 item\n"
        "Tip: give every item this list needs (a square, say, is written [x, y])\n",
    ),
    "an empty option": (
        "ruleset: tabmaster\noptions: {defeat_threshold: null}\nboard: {size: [3, 3]}\nunits: {}\n",
        "error: F:2:29: options.defeat_threshold: expected one of: greater, at_least, got nothing (an empty "
        "value)\nTip: the option has nothing after 'NAME:' or 'NAME=' (or says null): write its value (allowed "
        "values: greater, at_least), or remove it to use its default\n",
    ),
}


@pytest.mark.parametrize("name", EXACT)
def test_an_empty_value_is_explained_exactly(cli: Any, tmp_path: Path, name: str) -> None:
    text, expected = EXACT[name]
    assert error_of(cli, tmp_path, text) == expected


def test_an_empty_board(cli: Any, tmp_path: Path) -> None:
    text = "ruleset: tabmaster\nboard:\nunits: {Lanceiro: {side: red, at: [0, 0]}}\n"
    assert error_of(cli, tmp_path, text).startswith(
        "error: F:2:7: board: expected a mapping of fields, got nothing (an empty value)\n"
        "Tip: 'board:' has nothing after it"
    )


def test_an_empty_ruleset_and_an_empty_file(cli: Any, tmp_path: Path) -> None:
    assert error_of(cli, tmp_path, "ruleset:\n") == (
        "error: F:1:9: ruleset: expected the name of a game, got nothing (an empty value)\n"
        "Tip: write the game after 'ruleset:' (nothing after it, or null, reads as empty), one of: "
        + ", ".join(ruleset_ids())  # every game discovered, a game added by TABROLL_GAMES too
        + "\n"
    )
    assert error_of(cli, tmp_path, "null\n").startswith("error: F: the file holds no fields (it is empty, or says only")
    assert error_of(cli, tmp_path, "[1, 2]\n").startswith("error: F: a scenario is a mapping of fields, not a list\n")


def test_too_many_entries_says_how_many() -> None:
    """The issue's "got None" for 10,001 units: pydantic stops counting a mapping past its limit."""
    from pydantic import BaseModel, Field

    from tabroll.errors import InputError
    from tabroll.loading.validation import validate
    from tabroll.loading.yaml_source import load_yaml_text

    class Units(BaseModel):
        units: dict[str, int] = Field(max_length=10_000)

    text = "units:\n" + "".join(f"  U{i}: {i}\n" for i in range(10_001))
    with pytest.raises(InputError) as refused:
        validate(Units, load_yaml_text(text, source="F"))
    err = refused.value
    assert (err.message, str(err.location)) == ("expected at most 10,000 items, got 10,001", "F:2:3: units")
