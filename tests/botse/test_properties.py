"""Property tests for BotSE: random engages over the sample dice, resolved through the real engine with
seeded dice (no action carries ``dice:``), checking the invariants of the engage."""

from __future__ import annotations

from collections import Counter
from typing import Any

import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import SeededDice
from tabroll.engine import run_scenario
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tests.botse.helpers import Outcome, battle
from tests.support import examples

SKILL_DICE = ("Combat", "Sword", "Bow", "Fire Staff", "Restoration")
FORMS = ("light_weapon", "heavy_weapon", "defensive", "ranged", "magic")
HEXES = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3 and (q, r) != (0, 0)]
PLACES = {"exhausted", "active", "drained", "discarded", "status"}
PROPERTY = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def engages(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any], int]:
    available = draw(st.lists(st.sampled_from(SKILL_DICE), max_size=8))
    adventurer = {
        "at": [0, 0],
        "stamina": draw(st.integers(0, 4)),
        "magicka": draw(st.integers(0, 3)),
        "health": 10,
        "tenacity": draw(st.integers(0, 2)),
        "form": draw(st.sampled_from(FORMS)),
        "dice": available,
        "cooldown_slots": draw(st.integers(4, 12)),
        "active_slots": draw(st.integers(0, 3)),
        "items": {"Blade": {"forms": ["light_weapon", "ranged"], "ability": {"damage": 1, "free_dice": 1}}},
    }
    spots = draw(st.lists(st.sampled_from(HEXES), min_size=1, max_size=3, unique=True))
    enemies = {
        f"E{i}": {
            "at": list(spot),
            "health": draw(st.integers(1, 6)),
            "defense": draw(st.integers(0, 3)),
            "skills": [{"name": "Weapon Break", "when": "engaged", "effect": {"damage": 1}}],
        }
        for i, spot in enumerate(spots)
    }
    pool = available + draw(st.lists(st.sampled_from(SKILL_DICE), max_size=2))
    gather = draw(st.lists(st.sampled_from(pool), max_size=6)) if pool else []
    action: dict[str, Any] = {"do": "engage", "adventurer": "Ayrenn", "gather": gather}
    if draw(st.booleans()):
        action["target"] = draw(st.sampled_from(sorted(enemies)))
    action["free_dice"] = draw(st.integers(0, 2))
    if draw(st.booleans()):
        action["item"] = "Blade"
    rolled = len(gather) + action["free_dice"] + (1 if "item" in action else 0)
    if rolled and draw(st.booleans()):
        action["reroll"] = draw(st.lists(st.integers(1, rolled), max_size=2))
        action["turn"] = [{"die": draw(st.integers(1, rolled)), "face": draw(st.integers(1, 6))}]
    if draw(st.booleans()):
        action["form"] = draw(st.sampled_from(FORMS))
    count = len(gather) + action["free_dice"] + (1 if "item" in action else 0)
    if count and draw(st.booleans()):
        action["resolve"] = draw(st.permutations(list(range(1, count + 1)))).copy()[: draw(st.integers(0, count))]
    options = {
        "damage_summing": draw(st.sampled_from(["engage", "ability"])),
        "unused_free_dice": draw(st.sampled_from(["discard", "exhaust"])),
    }
    data = battle([action], adventurers={"Ayrenn": adventurer}, enemies=enemies, options=options)
    return data, action, draw(st.integers(0, 2**32))


def run_seeded(data: dict[str, Any], seed: int) -> Outcome:
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False), source="<property>")
    scenario = scenario_from_document(doc)
    steps = [s.resolution for s in run_scenario(scenario, lambda: SeededDice(seed))]
    return Outcome(scenario=scenario, steps=steps)


def dice_held(adventurer: Any) -> Counter[str]:
    held = Counter(adventurer.available) + Counter(d for d in adventurer.cooldown if d)
    held += Counter(p.die for p in adventurer.active) + Counter(adventurer.drained)
    return held + Counter(p.die for p in adventurer.statuses)


@PROPERTY
@given(engages())
def test_engage_invariants(case: tuple[dict[str, Any], dict[str, Any], int]) -> None:
    data, action, seed = case
    out = run_seeded(data, seed)
    before, after = out.scenario.state, out.state
    event("refused" if out.steps[0].refused else "resolved")
    if out.steps[0].refused:
        assert after == before
        return
    ayrenn = after.unit("Ayrenn")
    # gathered dice never exceed a stat's limit; free dice are outside the limits
    gather = out.of("gather_dice")[0]
    assert gather.stamina <= gather.stamina_limit and gather.magicka <= gather.magicka_limit
    # every rolled die ends the engage in exactly one place, and none twice
    rolled = [d.number for d in out.dice() if d.how == "rolled"]
    placed = [p.number for p in out.of("die_placed")]
    assert sorted(placed) == sorted(rolled) == list(range(1, len(rolled) + 1))
    assert {p.place for p in out.of("die_placed")} <= PLACES
    # free dice never stay with the adventurer; skill dice are never lost
    free = {d.number for d in out.dice() if d.free}
    for p in out.of("die_placed"):
        if p.number in free and data["options"]["unused_free_dice"] == "discard":
            assert p.place == "discarded"
        if p.number not in free:
            assert p.place != "discarded"
    held_after = dice_held(ayrenn)
    held_after -= Counter({after.enemy_die: held_after[after.enemy_die]})
    assert held_after == dice_held(before.unit("Ayrenn"))
    # Health drops by exactly what the dealings say, never below 0; printed Defense is unchanged after
    for name, unit in ((u.name, u) for u in after.creatures):
        lost = before.unit(name).health - unit.health
        assert unit.health >= 0 and unit.defense == before.unit(name).defense
        dealt = [d for d in out.of("damage") if d.target == name]
        assert lost == sum(d.lost for d in dealt)
        assert unit.defeated == (unit.health == 0)
    # summed: the dice deal at most once to each non-adventurer unit
    if data["options"]["damage_summing"] == "engage":
        summed = [d.target for d in out.of("damage") if d.rule.startswith("summed damage of the dice")]
        assert len(summed) == len(set(summed))
        assert not [d for d in out.of("damage") if d.rule.startswith("die ")]
    # only the declared, surviving target reacts to being engaged
    fired = [r.unit for r in out.of("skill_trigger") if r.fired and r.when == "engaged"]
    target = action.get("target")
    assert fired == ([target] if target and not after.unit(target).defeated else [])
    # the first engage of the turn gains no fatigue
    assert ayrenn.light_fatigue == 0 and ayrenn.engages == 1
