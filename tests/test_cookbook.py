"""The scripting guide's one-filter-for-every-game recipe (docs/scripting.md, "Cookbook"): the exact command and
jq filter it prints, run over one scenario of each of the five games, checked against totals counted here from the
same events."""

from __future__ import annotations

import re
import shlex
from collections import defaultdict
from pathlib import Path

import pytest

from tests.doc_pages import ROOT, holding

MARK = "<!-- cookbook: damage per unit"


def _recipe() -> tuple[list[str], str]:
    """(the tabroll words, the jq filter) of the damage-per-unit recipe, on the one page that holds it."""
    _, text = holding(MARK)
    block = text[text.index(MARK) :].split("```sh\n", 1)[1].split("```", 1)[0]
    command = block.replace("\\\n", " ")
    tabroll_part, jq_part = command.split("| jq -s", 1)
    words = shlex.split(tabroll_part)
    assert words[0] == "tabroll"
    (jq_filter,) = shlex.split(jq_part)
    return words[1:], jq_filter


def test_the_recipe_covers_every_game() -> None:
    words, _ = _recipe()
    games = {Path(w).parent.name for w in words if w.endswith(".yaml")}
    assert games == {"tabmaster", "forgod", "mtg_heroes", "botse", "ahotnik"}


def test_one_jq_filter_totals_damage_per_unit_for_every_game(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    jq = pytest.importorskip("jq")
    monkeypatch.chdir(ROOT)
    words, jq_filter = _recipe()
    result = cli(*words)
    assert result.code in (0, 1), result.err
    events = result.jsonl()
    totals: dict[tuple[str, str], int] = defaultdict(int)
    pools: dict[tuple[str, str], set[str]] = defaultdict(set)
    for event in events:
        if event["kind"] == "damage":
            totals[(event["file"], event["target"])] += event["amount"]
            pools[(event["file"], event["target"])].add(event["pool"])
    rows = jq.compile(jq_filter).input_value(events).first()
    assert {(r["file"], r["unit"]): r["damage"] for r in rows} == dict(totals)
    assert {(r["file"], r["unit"]): set(r["pools"]) for r in rows} == dict(pools)
    # every game's scenario in the recipe deals damage, each in its own pool words
    games = {Path(file).parent.name for file, _ in totals}
    assert games == {"tabmaster", "forgod", "mtg_heroes", "botse", "ahotnik"}
    # a pool is named in the game's word; only a unit with no points to lose (TAB MASTER's without VIT, beaten
    # or not by one comparison with its DEF) has none
    assert all(re.fullmatch(r"[A-Za-z ]*", pool) for names in pools.values() for pool in names)
    assert all(e["pool"] or e["left"] is None for e in events if e["kind"] == "damage")
