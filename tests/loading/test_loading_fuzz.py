"""Fuzzing: whatever the input, loading and validating raise InputError or succeed — nothing else escapes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator

import tabroll.loading.yaml_source as ys
from tabroll.errors import InputError
from tabroll.loading.validation import validate
from tabroll.loading.yaml_source import YamlLimits, load_yaml_text
from tests.support import examples


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Melee(Frozen):
    kind: Literal["melee"]
    reach: int = 1


class Ranged(Frozen):
    kind: Literal["ranged"]
    range: int = Field(ge=1)


class Unit(Frozen):
    name: str = Field(min_length=1)
    attack: int = Field(validation_alias=AliasChoices("attack", "ATK"), ge=0)
    mode: Literal["common", "trample", "magic"] = "common"
    weapon: Annotated[Melee | Ranged, Field(discriminator="kind")] | None = None
    position: tuple[int, int]
    bonus: int | str | list[int] = 0

    @field_validator("name")
    @classmethod
    def _not_reserved(cls, value: str) -> str:
        if value == "nobody":
            raise ValueError("'nobody' is reserved")
        return value


class Scenario(Frozen):
    title: str
    units: list[Unit] = Field(min_length=1, max_length=50)
    table: dict[int, str] = {}
    base: dict[str, Any] = {}


GOOD = """\
title: Skirmish
base: &base {ATK: 2, mode: common}
units:
  - {name: Lanceiro, ATK: 3, position: [0, 0], weapon: {kind: melee}}
  - <<: *base
    name: Arqueiro
    weapon:
      kind: ranged
      range: 4
    position: [2, 1]
    bonus: "+1"
table: {"1": miss, "2": hit}
"""

LOADERS = [yaml.SafeLoader, *([yaml.CSafeLoader] if hasattr(yaml, "CSafeLoader") else [])]
SMALL = YamlLimits(max_depth=8, max_nodes=500, max_aliases=20, max_scalar_chars=200, max_int_digits=10)
TOKENS = [
    *" \n\t:-[]{},&*!|>'\"#%@`?<.0123456789abcxyz\\",
    *["<<", "---\n", "...\n", "&a ", "*a", "!!int ", "!!str ", "!!python/object:os.system ", "!foo ", "\ufeff"],
    *["é", "\x00", "\x85", "\u2028", "~", "yes", "0x", "1:30", "2024-01-01", "  ", "\n  - ", ": "],
]


@contextmanager
def parser(loader: Any) -> Iterator[None]:
    saved = ys._LOADER
    ys._LOADER = loader
    try:
        yield
    finally:
        ys._LOADER = saved


def check(data: str | bytes, loader: Any = LOADERS[-1], limits: YamlLimits = ys.DEFAULT_LIMITS) -> None:
    """Load and validate; only InputError may come out, and it must describe itself."""
    with parser(loader):
        try:
            doc = load_yaml_text(data, source="fuzz.yaml", limits=limits)
            validate(Scenario, doc)
        except InputError as err:
            assert err.describe().strip()
            assert err.location is not None and err.location.file == "fuzz.yaml"


def mutate(text: str, edits: list[tuple[float, int, str]]) -> str:
    chars = list(text)
    for where, op, token in edits:
        i = int(where * len(chars))
        if op == 0:
            chars[i:i] = [token]
        elif op == 1:
            del chars[i : i + len(token)]
        else:
            chars[i : i + 1] = [token]
    return "".join(chars)


def test_the_seed_document_is_valid() -> None:
    for loader in LOADERS:
        with parser(loader):
            assert validate(Scenario, load_yaml_text(GOOD)).units[1].attack == 2


EDITS = st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 2), st.sampled_from(TOKENS)), max_size=8)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12))
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
)


@settings(max_examples=examples(300), deadline=None)
@given(st.binary(max_size=400), st.sampled_from(LOADERS))
def test_random_bytes(data: bytes, loader: Any) -> None:
    check(data, loader)


@settings(max_examples=examples(300), deadline=None)
@given(st.text(st.characters(exclude_categories=()), max_size=300), st.sampled_from(LOADERS))
def test_random_text_including_lone_surrogates(text: str, loader: Any) -> None:
    check(text, loader)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=80).map("".join), st.sampled_from(LOADERS), st.booleans())
def test_random_yaml_like_tokens(text: str, loader: Any, small: bool) -> None:
    check(text, loader, SMALL if small else ys.DEFAULT_LIMITS)


@settings(max_examples=examples(400), deadline=None)
@given(EDITS, st.sampled_from(LOADERS), st.booleans())
def test_mutated_valid_scenarios(edits: list[tuple[float, int, str]], loader: Any, as_bytes: bool) -> None:
    text = mutate(GOOD, edits)
    check(text.encode("utf-8", "surrogatepass") if as_bytes else text, loader)


@settings(max_examples=examples(300), deadline=None)
@given(st.data())
def test_valid_yaml_with_a_random_value_anywhere(data: st.DataObject) -> None:
    scenario = yaml.safe_load(GOOD)
    paths: list[tuple[Any, Any]] = []
    stack: list[Any] = [scenario]
    while stack:
        node = stack.pop()
        for key in range(len(node)) if isinstance(node, list) else list(node) if isinstance(node, dict) else []:
            paths.append((node, key))
            stack.append(node[key])
    node, key = data.draw(st.sampled_from(paths))
    node[key] = data.draw(VALUES)
    if isinstance(node, dict) and data.draw(st.booleans()):
        node[data.draw(st.text(max_size=8))] = data.draw(VALUES)  # and maybe an unknown key
    check(yaml.safe_dump(scenario, sort_keys=False, allow_unicode=True))
