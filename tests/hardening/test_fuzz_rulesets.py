"""Fuzzing every ruleset's scenario loader and actions through the real command line.

1. The loader: each bundled scenario (``scenarios/<game>/*.yaml``) is mutated — keys deleted or misspelt, values
   replaced by the wrong type (text, lists, mappings, null, huge, negative, floats, unicode), keys duplicated in
   the text, the text cut short, random bytes and stray YAML tokens inserted — and fed to ``tabroll run`` and
   ``tabroll check``.
2. The actions: each bundled scenario keeps its units but gets generated actions, built from the game's own
   scenario schema (``tabroll schema scenario -r GAME``: every ``do:`` kind, its fields, random values in
   and out of range, and ``dice:`` lists with impossible values, too few or too many).

Whatever happens, the answer is exit 0, 1 or 2 with a clear message, never a traceback or a hang. The games
are the discovered ones with bundled scenarios, so a new ruleset is fuzzed without edits here.
"""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tests.hardening.test_fuzz_cli import GAMES_WITH_SCENARIOS, SCENARIOS, assert_clean, fuzz, invoke
from tests.support import examples

LOADER_EXAMPLES = examples(150, 5_000)  # per game; each example runs `run` and `check`
ACTION_EXAMPLES = examples(150, 10_000)  # per game (TABROLL_THOROUGH=1 for the long hunt)

pytestmark = pytest.mark.slow  # minutes of CPU in all: run by the README's test command (pytest -m slow) and CI


@cache
def _originals(game: str) -> list[tuple[str, str, Any]]:
    """(name, text, data) of every bundled scenario of ``game``."""
    out = []
    for path in sorted((SCENARIOS / game).glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        out.append((path.name, text, yaml.safe_load(text)))
    return out


def _dump(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=200)


# --- 1. the scenario loader -------------------------------------------------------------------------------

WRONG_VALUE = st.one_of(
    st.text(max_size=20),
    st.sampled_from(["", "~", "null", "yes", "1d6", "2d", "[", "{", "*x", "&a", "!!python/object:os.system", ":"]),
    st.lists(st.integers(-5, 50), max_size=4),
    st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=6), st.integers(-5, 50), max_size=3),
    st.none(),
    st.booleans(),
    st.integers(10**9, 10**40),
    st.integers(-(10**9), -1),
    st.integers(0, 1000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(min_codepoint=0x80), min_size=1, max_size=10),
)
YAML_TOKENS = [
    "&a ", "*a", "*nope", "!!binary ", "!!set ", "!custom ", "!!python/object/apply:os.system ", "<<: *a\n",
    "? [a]\n: b\n", "---\n", "...\n", "%YAML 1.1\n", "\t", "- ", ": ", "{", "}", "[", "]", "'", '"', "#", "|\n",
    ">-\n", "\ufeff", "\x00", "\x1b", "\u2028", "0x1F", "0o17", ".inf", ".nan", "2024-05-01", "1_000", "1e309",
    "9" * 31, "\\", "%", "@", "`",
]  # fmt: skip


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


def _parent(tree: Any, path: tuple[Any, ...]) -> Any:
    for seg in path[:-1]:
        tree = tree[seg]
    return tree


def _typo(key: str, how: int, char: str) -> str:
    if not key:
        return char
    at = how % len(key)
    return [
        key[:at] + key[at + 1 :],  # a letter dropped
        key[:at] + char + key[at:],  # a letter added
        key[:at] + char + key[at + 1 :],  # a letter changed
        key[:at] + key[at + 1 : at + 2] + key[at : at + 1] + key[at + 2 :],  # two letters swapped
        key.swapcase(),
        key + " ",
    ][how % 6]


@st.composite
def mutated_scenario(draw: st.DrawFn, game: str) -> bytes:
    """A bundled scenario of ``game`` with a few random mutations, as the bytes of a file."""
    _, text, data = draw(st.sampled_from(_originals(game)))
    tree = copy.deepcopy(data)
    for _ in range(draw(st.integers(0, 3))):
        paths = _paths(tree)
        path = draw(st.sampled_from(paths))
        op = draw(st.sampled_from(["delete", "rename", "replace", "replace"]))
        if not path:
            if op == "replace":
                tree = draw(WRONG_VALUE)
            continue
        parent, last = _parent(tree, path), path[-1]
        if op == "delete":
            del parent[last]
        elif op == "rename" and isinstance(parent, dict):
            new = _typo(str(last), draw(st.integers(0, 1000)), draw(st.characters(codec="utf-8")))
            items = [(new if k == last else k, v) for k, v in parent.items()]
            parent.clear()
            parent.update(items)
        else:
            parent[last] = draw(WRONG_VALUE)
    out = _dump(tree) if tree != data else text
    for _ in range(draw(st.integers(0, 2))):
        lines = out.splitlines(keepends=True)
        kind = draw(st.sampled_from(["duplicate", "truncate", "token", "bytes"]))
        if kind == "duplicate":
            keyed = [i for i, line in enumerate(lines) if re.match(r"\s*[^\s#:][^:]*:(\s|$)", line)]
            if keyed:
                at = draw(st.sampled_from(keyed))
                lines.insert(at + 1, lines[at])
                out = "".join(lines)
        elif kind == "truncate":
            out = out[: draw(st.integers(0, len(out)))]
        elif kind == "token":
            at = draw(st.integers(0, len(out)))
            out = out[:at] + draw(st.sampled_from(YAML_TOKENS)) + out[at:]
    raw = out.encode("utf-8", errors="surrogatepass")
    if draw(st.integers(0, 4)) == 0:
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    return raw


@pytest.mark.parametrize("game", GAMES_WITH_SCENARIOS)
def test_scenario_loader_survives_mutations(game: str, cli, tmp_path: Path) -> None:
    path = tmp_path / f"{game}-mutated.yaml"

    @fuzz(LOADER_EXAMPLES)
    @given(raw=mutated_scenario(game))
    def check(raw: bytes) -> None:
        path.write_bytes(raw)
        run_args = ("run", str(path), "--format", "json", "--seed", "3")
        ran = invoke(cli, *run_args)
        assert_clean(run_args, ran)
        if ran.code in (0, 1):
            json.loads(ran.out)
        check_args = ("check", str(path))
        checked = invoke(cli, *check_args)
        assert_clean(check_args, checked, allowed=(0, 2))
        if checked.code == 2:  # what `check` refuses, `run` refuses too, with the same first message
            assert ran.code == 2, (ran, checked)
            assert ran.err.splitlines()[0] == checked.err.splitlines()[0], (ran.err, checked.err)

    check()


# --- 2. each ruleset's actions, generated from its scenario schema ----------------------------------------


@cache
def _schema(game: str) -> dict[str, Any]:
    from tabroll.schemas import scenario_schema

    return scenario_schema(game)


@cache
def _action_kinds(game: str) -> dict[str, dict[str, Any]]:
    """``do:`` value -> the JSON Schema of that action."""
    schema = _schema(game)
    items = schema["properties"]["actions"]["items"]
    refs = items.get("discriminator", {}).get("mapping") or {}
    if not refs:  # no discriminator: every branch names its kind with a const
        refs = {}
        for branch in items.get("oneOf", items.get("anyOf", [])):
            target = _resolve(schema, branch)
            refs[target["properties"]["do"]["const"]] = branch["$ref"]
    return {kind: _resolve(schema, {"$ref": ref}) for kind, ref in refs.items()}


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
    return node


@cache
def _names(game: str) -> tuple[str, ...]:
    """Words a scenario of ``game`` uses: unit names, and every text written in its actions."""
    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                if isinstance(value, dict):
                    names.update(str(k) for k in value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str) and len(node) <= 40:
            names.add(node)

    for _, _, data in _originals(game):
        walk({k: v for k, v in data.items() if k not in ("title", "description")})
    return tuple(sorted(names)) or ("A",)


DICE = st.lists(
    st.one_of(st.integers(1, 6), st.integers(1, 20), st.integers(-3, 0), st.integers(21, 10**6), st.just(100)),
    max_size=14,
)
FAIR_DICE = st.one_of(*(st.lists(st.integers(1, sides), max_size=8) for sides in (6, 10, 20)))


class _Gen:
    """Strategies for the values a game's schema allows: ``messy`` ones also go out of range or take the wrong type."""

    def __init__(self, game: str, units: tuple[str, ...], messy: bool) -> None:
        self.game, self.schema, self.names, self.messy = game, _schema(game), _names(game), messy
        self.units = units or self.names

    def value(self, node: dict[str, Any], depth: int = 0) -> Any:
        fitting = self.fitting(_resolve(self.schema, node), depth)
        if not self.messy:
            return fitting
        return st.integers(0, 7).flatmap(lambda roll: WRONG_VALUE if roll == 0 else fitting)

    def fitting(self, node: dict[str, Any], depth: int) -> Any:
        if depth > 4:
            return st.none()
        if "const" in node:
            return st.just(node["const"])
        if "enum" in node:
            return st.sampled_from(node["enum"])
        for union in ("anyOf", "oneOf"):
            if union in node:
                return st.one_of([self.value(branch, depth + 1) for branch in node[union]])
        kind = node.get("type")
        if kind == "integer":
            low, high = node.get("minimum", -1000), node.get("maximum", 1000)
            fair = st.one_of(st.integers(low, min(high, low + 12)), st.integers(low, high))
            if not self.messy:
                return fair
            return st.one_of(fair, st.integers(low - 3, low + 3), st.integers(high - 3, high + 3))
        if kind == "number":
            return st.floats(allow_nan=False, min_value=-1e6, max_value=1e6)
        if kind == "boolean":
            return st.booleans()
        if kind == "null":
            return st.none()
        if kind == "string":  # mostly a unit of this scenario, else any word the game's scenarios use
            known = st.one_of(st.sampled_from(self.units), st.sampled_from(self.units), st.sampled_from(self.names))
            return st.one_of(known, known, known, st.text(max_size=8)) if self.messy else known
        if kind == "array":
            if "prefixItems" in node:
                return st.tuples(*(self.value(item, depth + 1) for item in node["prefixItems"])).map(list)
            return st.lists(self.value(node.get("items", {}), depth + 1), max_size=min(node.get("maxItems", 3), 3))
        if kind == "object" or "properties" in node:
            return self.object(node, depth + 1)
        return st.one_of(st.sampled_from(self.names), st.integers(-3, 30), st.none())

    def object(self, node: dict[str, Any], depth: int) -> Any:
        """The required fields and at most a few optional ones (aliases such as Scudi/shields left out)."""
        props: dict[str, Any] = node.get("properties", {})
        required_keys = [key for key in props if key in node.get("required", [])]
        titles = {_resolve(self.schema, props[key]).get("title", key) for key in required_keys}
        optional_keys = []
        for key, prop in props.items():
            title = _resolve(self.schema, prop).get("title", key)
            if key not in required_keys and key != "dice" and title not in titles:
                titles.add(title)
                optional_keys.append(key)
        values = {key: self.value(props[key], depth) for key in props}
        required = st.fixed_dictionaries({key: values[key] for key in required_keys})
        chosen = st.lists(st.sampled_from(optional_keys), max_size=3 if self.messy else 2, unique=True)
        optional = chosen.flatmap(lambda keys: st.fixed_dictionaries({key: values[key] for key in keys}))
        if optional_keys:
            return st.tuples(required, optional).map(lambda pair: {**pair[1], **pair[0]})
        return required

    def action(self) -> Any:
        per_kind = []
        dice = DICE if self.messy else FAIR_DICE
        for kind, node in sorted(_action_kinds(self.game).items()):
            action = self.object(node, 0).map(lambda a, k=kind: {**a, "do": k})
            if "dice" in node.get("properties", {}):
                action = st.tuples(action, st.one_of(st.none(), dice)).map(
                    lambda p: {**p[0], "dice": p[1]} if p[1] is not None else p[0]
                )
            per_kind.append(action)
        return st.one_of(per_kind)


def _units(data: Any) -> tuple[str, ...]:
    """The names of a scenario's units: the keys of its top-level mappings of mappings."""
    names: list[str] = []
    for value in data.values() if isinstance(data, dict) else ():
        if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            names += [str(name) for name in value]
    return tuple(names)


@cache
def _action_strategy(game: str, units: tuple[str, ...], messy: bool) -> Any:
    return _Gen(game, units, messy).action()


def _with_dice(action: dict[str, Any], dice: list[int] | None) -> dict[str, Any]:
    out = {k: v for k, v in action.items() if k != "dice"}
    return out if dice is None else {**out, "dice": dice}


@st.composite
def scenario_with_actions(draw: st.DrawFn, game: str) -> str:
    """A bundled scenario whose actions are replaced: generated ones, and its own with other dice."""
    _, _, data = draw(st.sampled_from(_originals(game)))
    tree = copy.deepcopy(data)
    messy = draw(st.booleans())
    fresh = _action_strategy(game, _units(data), messy)
    own = [a for a in tree.get("actions") or [] if isinstance(a, dict)]
    if own:
        redone = st.builds(_with_dice, st.sampled_from(own), st.one_of(st.none(), DICE if messy else FAIR_DICE))
        fresh = st.one_of(fresh, redone)
    tree["actions"] = draw(st.lists(fresh, min_size=1, max_size=4))
    return _dump(tree)


@pytest.mark.parametrize("game", GAMES_WITH_SCENARIOS)
def test_generated_actions_resolve_or_fail_clearly(game: str, cli, tmp_path: Path) -> None:
    assert _action_kinds(game), f"{game}: no action kinds found in its scenario schema"
    path = tmp_path / f"{game}-actions.yaml"

    @fuzz(ACTION_EXAMPLES)
    @given(text=scenario_with_actions(game))
    def check(text: str) -> None:
        path.write_text(text, encoding="utf-8")
        args = ("run", str(path), "--format", "json", "--seed", "11")
        result = invoke(cli, *args)
        assert_clean(args, result)
        if result.code in (0, 1):
            json.loads(result.out)

    check()
