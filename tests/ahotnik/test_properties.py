"""Invariants of the Ahotnik attack phase on random boards (Hypothesis)."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import SeededDice
from tabroll.engine import run_scenario
from tabroll.geometry.hex import HexMap
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tests.support import examples

RADIUS = 3
CELLS = sorted(HexMap.hexagon(RADIUS).cells)
# Independent oracle of the default numbering: 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW (axial, r to the south).
STEPS = {1: (1, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 1), 5: (-1, 0), 6: (0, -1)}

choice = st.tuples(st.integers(1, 6), st.integers(1, 6))


@st.composite
def boards(draw: st.DrawFn, *, with_actions: bool = False) -> dict[str, Any]:
    n_a = draw(st.integers(1, 4))
    n_d = draw(st.integers(0, 4))
    spots = draw(st.lists(st.sampled_from(CELLS), min_size=n_a + n_d + 1, max_size=n_a + n_d + 1, unique=True))
    identities = [f"D{i}" for i in range(n_d)]
    teams = draw(st.booleans())
    ahotniks = {
        f"A{i}": {
            "at": list(spots[i]),
            "facing": draw(st.integers(1, 6)),
            "shields": draw(st.integers(0, 3)),
            "life": draw(st.integers(1, 4)),
            "phase_transition": draw(st.booleans()),
            "dna": draw(st.lists(st.sampled_from(identities), unique=True)) if identities else [],
            **({"team": draw(st.sampled_from(["red", "blue"]))} if teams else {}),
        }
        for i in range(n_a)
    }
    demons = {
        f"D{i}": {"at": list(spots[n_a + i]), "shields": draw(st.integers(0, 3)), "life": draw(st.integers(1, 4))}
        for i in range(n_d)
    }
    map_spec: dict[str, Any] = {"radius": RADIUS}
    if draw(st.booleans()):
        map_spec["singularity"] = list(spots[-1])
    choices = {name: list(draw(choice)) for name in ahotniks}
    actions: list[dict[str, Any]] = [{"do": "attack_phase", "choices": choices}]
    if with_actions:
        extra = st.one_of(
            st.just({"do": "contaminated_terrain", "change": "revealed"}),
            st.just({"do": "contaminated_terrain", "change": "removed"}),
            st.just({"do": "end_transition"}),
            st.builds(lambda c: {"do": "attack_phase", "choices": {n: list(c) for n in ahotniks}}, choice),
        )
        actions += draw(st.lists(extra, max_size=6))
    return {
        "ruleset": "ahotnik",
        "options": {
            "phase_order": draw(st.sampled_from(["per_ahotnik", "step_by_step"])),
            "zero_damage_hit": draw(st.booleans()),
            "game_end": draw(st.sampled_from(["finish_shot", "at_once"])),
        },
        "map": map_spec,
        "threat": n_a + draw(st.integers(0, 3)),
        "ahotniks": ahotniks,
        "demons": demons,
        "actions": actions,
    }


def run(data: dict[str, Any], seed: int) -> tuple[Any, list[tuple[Any, Any, list[Any]]]]:
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False), source="<property>")
    scenario = scenario_from_document(doc)
    steps = []
    state = scenario.state
    for step in run_scenario(scenario, lambda: SeededDice(seed)):
        steps.append((state, step.resolution.state, list(step.resolution.events)))
        state = step.resolution.state
    return scenario, steps


@settings(deadline=None, max_examples=examples(80))
@given(boards(with_actions=True), st.integers(0, 1000))
def test_shields_and_life_never_negative_or_growing_and_threat_never_below_floor(data, seed) -> None:
    _, steps = run(data, seed)
    for before, after, _ in steps:
        assert after.threat >= after.threat_floor
        for a in after.ahotniks:
            old = before.ahotnik(a.name)
            assert 0 <= a.shields <= old.shields and 0 <= a.life <= old.life
        for d in after.demons:
            old = before.demon(d.name)
            if old is not None and old.on_board and d.on_board:
                assert 0 <= d.shields <= old.shields and 0 <= d.life <= old.life


@settings(deadline=None, max_examples=examples(80))
@given(boards(), st.integers(0, 1000))
def test_ignored_units_are_never_struck(data, seed) -> None:
    data["options"]["phase_order"] = "step_by_step"  # every target is picked on the starting board
    scenario, steps = run(data, seed)
    start = scenario.state
    for _, _, events in steps:
        for e in events:
            if e.kind != "strike":
                continue
            attacker = start.ahotnik(e.attacker)
            target = start.unit(e.target)
            if hasattr(target, "identity"):
                assert target.identity not in attacker.dna
            else:
                assert not target.phase_transition
                assert attacker.team is None or target.team != attacker.team


@settings(deadline=None, max_examples=examples(80))
@given(boards(), st.integers(0, 1000))
def test_rotation_only_to_the_synapse_direction(data, seed) -> None:
    _, steps = run(data, seed)
    choices = data["actions"][0]["choices"]
    for _, _, events in steps:
        synapses = {e.unit: e for e in events if e.kind == "synapse"}
        for e in events:
            if e.kind == "rotation":
                syn = synapses[e.unit]
                a, b = choices[e.unit]
                assert syn.result == ("success" if a == b else "forced")
                assert e.after == syn.direction and e.after in (a, b)


@settings(deadline=None, max_examples=examples(80))
@given(boards(), st.integers(0, 1000))
def test_targeting_matches_an_independent_oracle(data, seed) -> None:
    data["options"]["phase_order"] = "step_by_step"
    scenario, steps = run(data, seed)
    start = scenario.state
    events = steps[0][2]
    facing = {e.unit: e.after for e in events if e.kind == "rotation"}
    blocked = set(map(tuple, [data["map"]["singularity"]])) if "singularity" in data["map"] else set()
    where: dict[tuple[int, int], str] = {tuple(v["at"]): k for k, v in {**data["ahotniks"], **data["demons"]}.items()}

    def valid(attacker: str, other: str) -> bool:
        me = data["ahotniks"][attacker]
        if other in data["demons"]:
            return other not in me["dna"]
        them = data["ahotniks"][other]
        return other != attacker and not them["phase_transition"] and ("team" not in me or me["team"] != them["team"])

    for t in (e for e in events if e.kind == "targeting"):
        q, r = data["ahotniks"][t.attacker]["at"]
        f = facing[t.attacker]
        order = [(f - 1 + i) % 6 + 1 for i in range(6)]
        near = [(d, where.get((q + STEPS[d][0], r + STEPS[d][1]))) for d in order]
        near = [(d, u) for d, u in near if u is not None and valid(t.attacker, u)]
        demons = [(d, u) for d, u in near if u in data["demons"]]
        if demons or near:
            assert t.attack == "melee" and (t.direction, t.targets[0]) == (demons or near)[0]
            continue
        assert t.attack == "ranged"
        line, h = [], (q + STEPS[f][0], r + STEPS[f][1])
        while h in start.map.cells and h not in blocked:
            line.append(h)
            h = (h[0] + STEPS[f][0], h[1] + STEPS[f][1])
        assert list(t.line) == line
        assert list(t.targets) == [where[h] for h in line if h in where and valid(t.attacker, where[h])]
        amounts = [e.amount for e in events if e.kind == "strike" and e.attacker == t.attacker]
        base = (
            3
            if facing[t.attacker]
            == data["actions"][0]["choices"][t.attacker][0]
            == data["actions"][0]["choices"][t.attacker][1]
            else 1
        )
        assert amounts == [max(base - k, 0) for k in range(len(amounts))]
