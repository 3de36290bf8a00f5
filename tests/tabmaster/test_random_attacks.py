"""Random TAB MASTER attacks aimed at the rules of issue 16: Pilgrim chains over hills and ridges, Multiple
tramples that come back over their squares, army sheets, Specials as data, and fields that do nothing.

The property is the one a user sees: resolving never fails with an internal error, a refused action changes
nothing, no projectile pool or count goes below 0, a trample never attacks a square twice in one move (except a
Pilgrim Trample), and nobody stands on an obstacle or shares a square. ``TABROLL_THOROUGH=1`` runs 10,000
examples (see docs/contributing/index.md, "Tests and CI")."""

from __future__ import annotations

from collections import Counter
from typing import Any

import yaml
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import SeededDice
from tabroll.engine import run_scenario
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tests.support import examples

HEADS = (
    "{r}",
    "{r} (Mágico)",
    "{r} (Atropelamento)",
    "1d10 (Projétil: Flecha)",
    "{r} (Especial: gaze)",
)
TAGS = ("(Peregrino x 2)", "(Múltiplo x 2)", "(Área)", "(Linha: Aleatório)", "(Todos)", "(Elemento: Doença)")
STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


@st.composite
def attack_text(draw: st.DrawFn) -> str:
    head = draw(st.sampled_from(HEADS)).format(r=draw(st.integers(1, 3)))
    tags = draw(st.lists(st.sampled_from(TAGS), unique=True, max_size=2))
    if "(Peregrino x 2)" in tags:
        tags = [t for t in tags if t not in ("(Múltiplo x 2)", "(Área)")]
    return " ".join([head, *tags])


@st.composite
def walk(draw: st.DrawFn, start: list[int], size: int) -> list[list[int]]:
    x, y = start
    out: list[list[int]] = []
    for _ in range(draw(st.integers(0, 3))):
        dx, dy = draw(st.sampled_from(STEPS))
        x, y = min(size - 1, max(0, x + dx)), min(size - 1, max(0, y + dy))
        out.append([x, y])
    return out


@st.composite
def battles(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    size = draw(st.integers(3, 5))
    every = [[x, y] for x in range(size) for y in range(size)]
    spots = draw(st.lists(st.sampled_from(every), min_size=3, max_size=5, unique_by=tuple))
    free = [s for s in every if s not in spots]
    obstacles = draw(st.lists(st.sampled_from(free), max_size=2, unique_by=tuple)) if free else []
    heights = [{"at": s, "height": draw(st.integers(0, 4))} for s in draw(st.lists(st.sampled_from(every), max_size=6))]
    units: dict[str, Any] = {}
    for i, spot in enumerate(spots):
        entry: dict[str, Any] = {
            "side": "red" if i % 2 == 0 else "blue",
            "at": spot,
            "ATK": draw(attack_text()),
            "DAN": draw(st.sampled_from(["1d6", "1d20"])),
            "DEF": draw(st.integers(0, 8)),
            "MOV": draw(st.integers(0, 2)),
            "HLT": draw(st.integers(0, 2)),
            "ammunition": {"Flecha": draw(st.integers(0, 2))},
        }
        if draw(st.booleans()):
            entry["traits"] = ["Arqueiro"]
        if draw(st.integers(0, 3)) == 0:
            entry["special"] = {"damage": draw(st.sampled_from(["normal", "none", "2d4", "3"]))}
        units[f"U{i}"] = entry
    names = sorted(units)
    actions: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.integers(0, 5)) == 0:
            actions.append({"do": "new_round"})
            continue
        attacker = draw(st.sampled_from(names))
        action: dict[str, Any] = {"do": "attack", "attacker": attacker}
        if draw(st.booleans()):
            action["target"] = draw(st.sampled_from(names))
        choice = draw(st.integers(0, 7))
        if choice == 0:
            action["path"] = draw(walk(units[attacker]["at"], size))
        elif choice == 1:
            action["paths"] = [draw(walk(units[attacker]["at"], size)) for _ in range(draw(st.integers(1, 2)))]
        elif choice == 2:
            action["times"] = draw(st.integers(1, 3))
        elif choice == 3:
            action["direction"] = draw(st.sampled_from(["N", "E"]))
        elif choice == 4:
            outcome: dict[str, Any] = {"damage": draw(st.sampled_from(["normal", "none", "1d4"]))}
            if draw(st.booleans()):
                outcome["defeated"] = [draw(st.sampled_from(names))]
            action["special_outcome"] = outcome
        if draw(st.integers(0, 4)) == 0:
            action["hex"] = "Sono"
        actions.append(action)
    options = {
        "projectiles": draw(st.sampled_from(["army", "unit"])),
        "trample_end": draw(st.sampled_from(["last_target", "path_end"])),
        "defeat_threshold": draw(st.sampled_from(["greater", "at_least"])),
        "flip_blocks_actions": draw(st.booleans()),
    }
    data: dict[str, Any] = {
        "ruleset": "tabmaster",
        "options": options,
        "board": {"size": [size, size], "heights": heights, "obstacles": obstacles},
        "units": units,
        "actions": actions,
    }
    if draw(st.booleans()):
        data["armies"] = {"red": {"Flecha": draw(st.integers(0, 3))}}
    return data, draw(st.integers(0, 2**32 - 1))


@settings(max_examples=examples(200))
@given(battles())
def test_random_attacks_never_fail_internally(case: tuple[dict[str, Any], int]) -> None:
    data, seed = case
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    scenario = scenario_from_document(load_yaml_text(text, source="<property>"))
    before = scenario.state
    for index, step in enumerate(run_scenario(scenario, lambda: SeededDice(seed))):
        resolution = step.resolution
        after = resolution.state
        if resolution.refused:
            event("refused")
            assert after == before
        else:
            event("resolved")
            assert all(count >= 0 for _, _, count in after.pools)
            assert all(count >= 0 for u in after.units for _, count in u.ammunition)
            standing = [u.position for u in after.units if u.on_board]
            assert len(standing) == len(set(standing))
            assert not any(after.board.is_obstacle(p) for p in standing if p is not None)
            action = scenario.steps[index].action
            attack = data["units"][action.attacker]["ATK"] if action.do == "attack" else ""
            if "Atropelamento" in attack and "Peregrino" not in attack:
                struck = Counter(e.target for e in resolution.events if e.kind == "damage")
                assert all(n == 1 for n in struck.values()), struck
        before = after
