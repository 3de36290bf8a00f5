"""Random legal BotSE engages with random dice-as-data: every face code, with and without a target, in and out
of battle, with costs, sequences, items, free dice, rerolls, turned faces and chosen result units.

The property is the one a user sees: resolving never fails with an internal error (a refusal is a rule's
answer, not a crash), a refused action leaves the state unchanged, every rolled die of a resolved roll ends
in exactly one place, and an enemy's "defeated" and "damaged" skills fire whoever defeated or damaged it.
``TABROLL_THOROUGH=1`` runs 10,000 examples (see docs/contributing/index.md, "Tests and CI")."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
import yaml
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import SeededDice
from tabroll.engine import run_scenario
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tests.support import examples

FORMS = ("light_weapon", "heavy_weapon", "defensive", "ranged", "magic")
CODES = ("active", "cooldown", "drained", "instant", "status")
HEXES = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2 and (q, r) != (0, 0)]
PLACES = {"exhausted", "active", "drained", "discarded", "status"}
UNITS = ("Ayrenn", "Lydia", "E0", "E1", "E2", "C0")


@st.composite
def costs(draw: st.DrawFn) -> dict[str, int]:
    return {
        k: v
        for k, v in {
            "tenacity": draw(st.integers(0, 2)),
            "health": draw(st.integers(0, 3)),
            "light_fatigue": draw(st.integers(0, 1)),
        }.items()
        if v
    }


@st.composite
def parts(draw: st.DrawFn, *, enemy: bool, depth: int = 0) -> dict[str, Any]:
    face: dict[str, Any] = {}
    for key, top in (("damage", 3), ("splash", 2), ("prevent", 2), ("heal", 3)):
        if draw(st.booleans()):
            face[key] = draw(st.integers(0, top))
    if face.get("splash") and draw(st.booleans()):
        face["adjacent_to"] = draw(st.sampled_from(["target", "self"]))
    if draw(st.booleans()):
        face["unblockable"] = True
    if draw(st.booleans()):
        face["status"] = draw(st.sampled_from(["Burning", "Marked"]))
    if draw(st.booleans()):
        face["text"] = "something for the table"
    if not enemy and depth == 0 and draw(st.integers(0, 3)) == 0:
        face["cost"] = draw(costs())
    first = any(face.get(k) for k in ("damage", "splash", "prevent", "heal", "status", "text")) or "cost" in face
    if depth == 0 and first and draw(st.integers(0, 3)) == 0:
        face["then"] = draw(parts(enemy=enemy, depth=1))
    return face


@st.composite
def faces(draw: st.DrawFn, *, enemy: bool = False) -> Any:
    kind = draw(st.sampled_from(["blank", "icons", "icons", "icons"] + ([] if enemy else ["tenacity"])))
    if kind != "icons":
        return kind
    face = draw(parts(enemy=enemy))
    code = draw(st.sampled_from(CODES))
    if code == "status" and "status" not in face:
        face["status"] = "Chilled"
    face["code"] = code
    return face


@st.composite
def skill_lines(draw: st.DrawFn) -> dict[str, Any]:
    lines: dict[str, Any] = {}
    number = 0
    for line in range(draw(st.integers(1, 3))):
        dice: dict[str, Any] = {}
        for _ in range(draw(st.integers(1, 2))):
            die: dict[str, Any] = {"faces": draw(st.lists(faces(), min_size=1, max_size=6))}
            if draw(st.booleans()):
                die["form"] = draw(st.sampled_from(FORMS))
            dice[f"D{number}"] = die
            number += 1
        lines[f"L{line}"] = {
            "stat": draw(st.sampled_from(["stamina", "magicka"])),
            "combat": draw(st.booleans()),
            "dice": dice,
        }
    return lines


@st.composite
def creature(draw: st.DrawFn, at: tuple[int, int]) -> dict[str, Any]:
    skills = []
    for i in range(draw(st.integers(0, 2))):
        effect: dict[str, Any] = {"damage": draw(st.integers(0, 2))}
        if draw(st.booleans()):
            effect["to"] = draw(st.sampled_from(["adjacent", "target"]))
        if draw(st.booleans()):
            effect["light_fatigue"] = 1
        when = draw(st.sampled_from(["engaged", "damaged", "defeated", "after_engage", "aura"]))
        skills.append({"name": f"S{i}", "when": when, "effect": effect})
    return {
        "at": list(at),
        "health": draw(st.integers(1, 6)),
        "defense": draw(st.integers(0, 3)),
        "skills": skills,
    }


@st.composite
def result_entries(draw: st.DrawFn, count: int, item: bool) -> list[Any]:
    keys: list[Any] = list(range(1, count + 1)) + (["item"] if item else [])
    chosen = draw(st.permutations(keys))[: draw(st.integers(0, len(keys)))]
    out: list[Any] = []
    for key in chosen:
        if draw(st.booleans()):
            entry: dict[str, Any] = {"die": key}
            if draw(st.booleans()):
                entry["unit"] = draw(st.sampled_from(UNITS))
            elif draw(st.booleans()):
                entry["hex"] = list(draw(st.sampled_from(HEXES)))
            if draw(st.integers(0, 3)) == 0:
                entry["target"] = draw(st.sampled_from(["E0", "E1", "E2"]))
            out.append(entry)
        else:
            out.append(key)
    return out


@st.composite
def roll_action(draw: st.DrawFn, dice_names: list[str], enemies: list[str], pool: list[str]) -> dict[str, Any]:
    engage = draw(st.booleans())
    action: dict[str, Any] = {
        "do": "engage" if engage else "roll_skill_dice",
        "adventurer": "Ayrenn",
        "gather": draw(st.lists(st.sampled_from(pool), max_size=4)) if pool else [],
    }
    free = 0
    item = False
    if engage:
        if enemies and draw(st.booleans()):
            if len(enemies) > 1 and draw(st.integers(0, 2)) == 0:
                action["targets"] = draw(st.lists(st.sampled_from(enemies), min_size=2, max_size=2))
            else:
                action["target"] = draw(st.sampled_from(enemies))
        if draw(st.booleans()):
            action["form"] = draw(st.sampled_from(FORMS))
        free = draw(st.integers(0, 2))
        action["free_dice"] = free
        if draw(st.booleans()):
            action["item"] = "Blade"
            item = True
            action["overtax"] = draw(st.booleans())
        action["granted"] = draw(st.booleans())
    count = len(action["gather"]) + free
    if count and draw(st.booleans()):
        action["reroll"] = draw(st.lists(st.integers(1, count), max_size=2))
    if count and draw(st.booleans()):
        action["turn"] = [{"die": draw(st.integers(1, count)), "face": draw(st.integers(1, 3))}]
    if draw(st.booleans()):
        action["resolve"] = draw(result_entries(count, item))
    if draw(st.booleans()):
        action["reactions"] = draw(st.lists(st.sampled_from(["C0", "Lydia"]), unique=True))
    return action


@st.composite
def battles(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    lines = draw(skill_lines())
    dice_names = [name for line in lines.values() for name in line["dice"]]
    available = draw(st.lists(st.sampled_from(dice_names), max_size=6))
    slots = draw(st.integers(1, 6))
    adventurer: dict[str, Any] = {
        "at": [0, 0],
        "stamina": draw(st.integers(0, 3)),
        "magicka": draw(st.integers(0, 3)),
        "health": draw(st.integers(1, 10)),
        "tenacity": draw(st.integers(0, 2)),
        "form": draw(st.sampled_from(FORMS)),
        "dice": available,
        "cooldown_slots": slots,
        "cooldown": draw(st.lists(st.sampled_from([*dice_names, "light fatigue"]), max_size=slots)),
        "cooldown_stat": draw(st.integers(0, 3)),
        "active_slots": draw(st.integers(0, 2)),
        "engages": draw(st.integers(0, 2)),
        "light_fatigue": draw(st.integers(0, 2)),
        "items": {
            "Blade": {
                "forms": draw(st.lists(st.sampled_from(FORMS), min_size=1, max_size=3, unique=True)),
                "ability": {
                    "damage": draw(st.integers(0, 2)),
                    "damage_per_combat_die": draw(st.integers(0, 1)),
                    "free_dice": draw(st.integers(0, 1)),
                    "targets": draw(st.integers(1, 2)),
                },
                "overtax": {"cost": draw(costs()), "ability": {"damage": 1}},
            }
        },
    }
    spots = draw(st.lists(st.sampled_from(HEXES), min_size=2, max_size=5, unique=True))
    enemies = {f"E{i}": draw(creature(spot)) for i, spot in enumerate(spots[:-2])}
    companions = {"C0": draw(creature(spots[-2]))}
    lydia: dict[str, Any] = {"at": list(spots[-1]), "stamina": 2, "magicka": 2, "health": 5}
    if draw(st.booleans()):
        effect = {"damage": draw(st.integers(0, 2)), "to": draw(st.sampled_from(["engager", "adjacent", "target"]))}
        lydia["skills"] = [{"name": "Follow-up", "when": "after_engage", "effect": effect}]
    pool = available + draw(st.lists(st.sampled_from(dice_names), max_size=1))
    actions = [draw(roll_action(dice_names, sorted(enemies), pool)) for _ in range(draw(st.integers(1, 3)))]
    extra = draw(st.sampled_from(["none", "end_turn", "move", "aura"]))
    if extra == "end_turn":
        actions.insert(1, {"do": "end_turn", "adventurer": "Ayrenn"})
    elif extra == "move":
        to = list(draw(st.sampled_from(HEXES)))
        actions.insert(draw(st.integers(0, len(actions))), {"do": "move", "adventurer": "Ayrenn", "to": to})
    elif extra == "aura" and enemies:
        name = sorted(enemies)[0]
        auras = [s["name"] for s in enemies[name]["skills"] if s["when"] == "aura"]
        if auras:
            aura: dict[str, Any] = {"do": "aura", "unit": name, "skill": auras[0]}
            if draw(st.booleans()):
                aura["reactions"] = ["C0"]
            actions.insert(0, aura)
    enemy_faces = draw(st.lists(faces(enemy=True), min_size=1, max_size=4))
    options = {
        "difficulty": draw(st.sampled_from(["standard", "expert"])),
        "damage_summing": draw(st.sampled_from(["engage", "ability"])),
        "unused_free_dice": draw(st.sampled_from(["discard", "exhaust"])),
        "granted_engage_fatigue": draw(st.sampled_from(["none", "same"])),
        "out_of_battle_form_dice": draw(st.sampled_from(["refuse", "allow"])),
        "status_nowhere": draw(st.sampled_from(["exhaust", "not_resolved"])),
        "fatigue": draw(st.sampled_from(["track", "counter"])),
        "recovery": draw(st.sampled_from(["cooldown_stat", "none"])),
        "movement": draw(st.sampled_from(["stamina", "unchecked"])),
        "full_track": draw(st.sampled_from(["drain", "refuse"])),
        "adventurer_prevention": draw(st.sampled_from(["use", "record"])),
        "defeated_reactions": draw(st.sampled_from(["skip_damaged", "fire_damaged"])),
        "reaction_order": draw(st.sampled_from(["allies_first", "enemies_first"])),
    }
    data = {
        "ruleset": "botse",
        "options": options,
        "skill_lines": lines,
        "enemy_dice": {"Enemy Combat": {"faces": enemy_faces}},
        "map": {"radius": 2, "blocked": []},
        "adventurers": {"Ayrenn": adventurer, "Lydia": lydia},
        "enemies": enemies,
        "companions": companions,
        "actions": actions,
    }
    return data, draw(st.integers(0, 2**32))


@pytest.mark.slow  # run by the README's test command (pytest -m slow) and CI
@settings(max_examples=examples(300))
@given(battles())
def test_random_engages_never_fail_internally(case: tuple[dict[str, Any], int]) -> None:
    data, seed = case
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False), source="<property>")
    scenario = scenario_from_document(doc)
    before = scenario.state
    for step in run_scenario(scenario, lambda: SeededDice(seed)):
        resolution = step.resolution
        kinds = Counter(e.kind for e in resolution.events)
        if resolution.refused:
            event("refused")
            assert resolution.state == before
        else:
            event("resolved")
            # a BotSE roll's label names the die it rolled ("die 2 Fire Staff"); a die may be rolled again
            labels = [e.label for e in resolution.events if e.kind == "roll"]
            rolled = sorted({int(m.group(1)) for label in labels if (m := re.match(r"die (\d+) ", label))})
            placed = [e.number for e in resolution.events if e.kind == "die_placed"]
            assert sorted(placed) == rolled == list(range(1, len(rolled) + 1))
            assert {e.place for e in resolution.events if e.kind == "die_placed"} <= PLACES
            assert kinds["gather_dice"] <= 1
            assert not any("left over" in e.text for e in resolution.events if e.kind == "note")
            for unit in resolution.state.units:
                assert unit.health >= 0
            enemy_triggers_hold(before, resolution)
        before = resolution.state


def enemy_triggers_hold(before: Any, resolution: Any) -> None:
    """Whoever dealt the damage or the defeat, an enemy standing before the action uses its "defeated" skill
    exactly when it was defeated in it, its "damaged" skill only when damaged (and surely when damaged and still
    standing), and each skill of every unit is used at most once per action."""
    events = resolution.events
    used = Counter((e.unit, e.skill) for e in events if e.kind == "skill_trigger" and e.fired)
    assert all(n == 1 for n in used.values()), used
    damaged = {e.target for e in events if e.kind == "damage" and e.amount}
    defeated = {e.unit for e in events if e.kind == "defeat"}
    for unit in before.creatures:
        if unit.side != "enemy" or unit.defeated:
            continue
        for skill in unit.skills:
            fired = (unit.name, skill.name) in used
            if skill.when == "defeated":
                assert fired == (unit.name in defeated), (unit.name, skill.name)
            elif skill.when == "damaged":
                assert not fired or unit.name in damaged, (unit.name, skill.name)
                if unit.name in damaged and unit.name not in defeated:
                    assert fired, (unit.name, skill.name)
