"""Property tests for F0R60D: random small battles with random actions, resolved with seeded dice.

Each battle is a scenario dict loaded through the normal YAML path and run by ``run_scenario`` with a session
``SeededDice(seed)``; many random actions are refused by the rules, which is part of what is checked.
"""

from __future__ import annotations

import re
from typing import Any

import jsonschema
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import SeededDice
from tabroll.engine import run_scenario
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tabroll.schemas import events_schema
from tests.support import examples

PROPERTY = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
SQUARES = [(x, y) for x in range(5) for y in range(6)]
VALIDATOR = jsonschema.Draft202012Validator(events_schema())


@st.composite
def unit_entries(draw: st.DrawFn, side: str, square: tuple[int, int], commander: bool) -> dict[str, Any]:
    level = draw(st.integers(1, 8))
    limit = 9 if level <= 2 else 6 if level <= 4 else 3 if level <= 6 else 1
    cards = 1 if commander else draw(st.integers(1, limit))
    entry: dict[str, Any] = {
        "side": side,
        "at": list(square),
        "PV": draw(st.integers(1, 12)),
        "Nivel": level,
        "cards": cards,
        "FA": draw(st.integers(0, 3)),
        "BA": draw(st.integers(-2, 6)),
        "Daño": draw(st.integers(-2, 6)),
        "Evasión": draw(st.integers(-2, 6)),
        "Absorción": draw(st.integers(0, 4)),
        "Absorción Constante": draw(st.integers(0, 3)),
        "Fortaleza": draw(st.integers(0, 4)),
        "Moral": draw(st.integers(0, 4)),
        "TA": draw(st.sampled_from(["cuerpo a cuerpo", "rango", "dual"])),
        "Terreno": draw(st.sampled_from(["Tierra", "Tierra", "Aire", "Cualquiera"])),
        "commander": commander,
    }
    if draw(st.booleans()):
        entry["additions"] = [
            {
                "kind": draw(st.sampled_from(["arma", "armadura", "accesorio", "experiencia"])),
                "copies": draw(st.integers(1, cards)),  # within the card's slots: one per card
                "BA": draw(st.integers(0, 2)),
                "Daño": draw(st.integers(0, 2)),
            }
        ]
    if draw(st.integers(0, 4)) == 0:
        entry["reach"] = draw(st.integers(1, 5))
    return entry


@st.composite
def battles(draw: st.DrawFn) -> dict[str, Any]:
    count = draw(st.integers(2, 6))
    squares = draw(st.permutations(SQUARES))[:count]
    units: dict[str, Any] = {}
    for i, square in enumerate(squares):
        side = "red" if i % 2 == 0 else "blue"
        units[f"U{i}"] = draw(unit_entries(side, square, commander=i < 2 and draw(st.booleans())))
    names = list(units)
    name = st.sampled_from(names)
    actions = []
    for _ in range(draw(st.integers(1, 10))):
        kind = draw(st.sampled_from(["attack", "attack", "attack", "charge", "impact", "flank", "shield", "move"]))
        a, b = draw(name), draw(name)
        if kind == "attack":
            actions.append({"do": "attack", "attacker": a, "target": b, "orange": draw(st.booleans())})
        elif kind == "charge":
            actions.append({"do": "charge", "charger": a, "target": b, "flank": draw(st.booleans())})
        elif kind == "impact":
            actions.append({"do": "charge_impact", "charger": a})
        elif kind == "flank":
            actions.append({"do": "flank", "flanker": a, "target": b})
        elif kind == "shield":
            actions.append({"do": "shield", "unit": a, "protects": b})
        else:
            actions.append({"do": "move", "unit": a, "to": list(draw(st.sampled_from(SQUARES)))})
    options = {
        "absorption_sign": draw(st.sampled_from(["as_damage", "literal"])),
        "multiplier_order": draw(st.sampled_from(["before_absorption", "after_absorption"])),
        "flank_penalties": draw(st.sampled_from(["with_charge", "always"])),
    }
    return {"ruleset": "forgod", "options": options, "board": {"width": 5}, "units": units, "actions": actions}


def _pool(card: Any) -> int:
    """All the PV a unit has left: the front card's and the full cards behind it."""
    return 0 if not card.on_board else card.front_life + (card.cards - 1) * card.life


def _run(data: dict[str, Any], seed: int) -> list[Any]:
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<property>")
    scenario = scenario_from_document(doc)
    steps = [scenario.state]
    results = []
    for step in run_scenario(scenario, lambda: SeededDice(seed)):
        results.append((steps[-1], step.resolution))
        steps.append(step.resolution.state)
    return results


@PROPERTY
@given(battles(), st.integers(0, 2**32))
def test_pv_never_rises_damage_never_negative_and_pools_match_damage(data: dict[str, Any], seed: int) -> None:
    for before, resolution in _run(data, seed):
        after = resolution.state
        if resolution.refused:
            assert after == before
            continue
        dealt: dict[str, int] = {}
        for event in resolution.events:
            VALIDATOR.validate(event.to_json())
            if event.kind == "damage":
                assert event.amount >= 0
                dealt[event.target] = dealt.get(event.target, 0) + event.amount
        for card in before.units:
            now = after.unit(card.name)
            assert _pool(now) <= _pool(card)
            if now.on_board:
                assert 0 <= now.wounds < now.life and 1 <= now.cards <= card.cards
                assert _pool(card) - _pool(now) == dealt.get(card.name, 0)
            else:
                assert now.position is None and now.defeated


@PROPERTY
@given(battles(), st.integers(0, 2**32))
def test_a_detachments_multiplier_is_its_living_cards(data: dict[str, Any], seed: int) -> None:
    pattern = re.compile(r"^(BA|Daño) [+-]\d+ × (\d+) cartas$")
    for before, resolution in _run(data, seed):
        for event in resolution.events:
            if event.kind == "modifier" and event.unit is not None:
                found = pattern.match(event.reason)
                if found:
                    assert int(found.group(2)) == before.unit(event.unit).cards > 1
        last: dict[str, int] = {}
        for event in resolution.events:
            if event.kind == "cards_lost":
                assert event.left < last.get(event.unit, before.unit(event.unit).cards)
                last[event.unit] = event.left
        for name, left in last.items():
            if resolution.state.unit(name).on_board:
                assert resolution.state.unit(name).cards == left


@PROPERTY
@given(battles(), st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_battle(data: dict[str, Any], seed: int) -> None:
    first = [[e.to_json() for e in r.events] for _, r in _run(data, seed)]
    second = [[e.to_json() for e in r.events] for _, r in _run(data, seed)]
    assert first == second


@PROPERTY
@given(battles(), st.integers(0, 2**32), st.lists(st.sampled_from(["arma", "armadura", "negra"]), max_size=8))
def test_addition_cards_are_never_lost_or_made(data: dict[str, Any], seed: int, deck: list[str]) -> None:
    """Deck, hand, Óxido and equipped copies of every side add up to the same number after every action."""
    data = {**data, "decks": {"red": [{"kind": k, "name": f"{k} {i}"} for i, k in enumerate(deck)]}}
    for action in data["actions"]:
        if action["do"] in ("attack", "move", "shield", "flank", "charge"):
            action["equip"] = [f"{k} {i}" for i, k in enumerate(deck)][:1]

    def cards(state: Any) -> int:
        piles = sum(len(p[i] or ()) for p in (state.decks, state.hands, state.oxido) for i in (0, 1))
        return piles + sum(a.copies for u in state.units for a in u.additions)

    results = _run(data, seed)
    for before, resolution in results:
        assert cards(resolution.state) == cards(before)
        if not resolution.refused:
            drawn = [e for e in resolution.events if e.kind == "roll" and e.label.startswith("addition drawn")]
            assert len(drawn) <= 1
