"""The exact walk merges the dice of a plain engage between rolls (the checkpoint in ``gather_and_roll``): the
same exact fractions as the plainest walk (resolve again for every prefix), on random engages of random dice,
and far fewer resolutions than outcomes on the benchmark engage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabroll.odds.exact import exact_odds
from tabroll.scenario import load_scenario_file
from tests.odds.helpers import scenario_of, walked_as_plain
from tests.support import examples

ROOT = Path(__file__).resolve().parents[2]
PROPERTY = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAIN_FACES: list[Any] = [
    "tenacity",
    "blank",
    {"damage": 1},
    {"damage": 2},
    {"damage": 3, "code": "drained"},
    {"damage": 1, "code": "cooldown"},
    {"damage": 2, "unblockable": True},
    {"text": "by hand"},
    {"text": "by hand", "code": "drained"},
]
OTHER_FACES: list[Any] = [  # faces that take the engage off the merged path
    {"prevent": 1, "code": "active"},
    {"damage": 2, "cost": {"tenacity": 1}},
    {"damage": 1, "then": {"damage": 1}},
    {"damage": 1, "splash": 1},
    {"status": "Marked", "code": "status"},
]
SKILLS: list[Any] = [
    {"name": "Riposte", "when": "engaged", "effect": {"damage": 1, "to": "engager"}},
    {"name": "Chill", "when": "damaged", "effect": {"light_fatigue": 1}},
    {"name": "Burst", "when": "defeated", "effect": {"damage": 1, "to": "adjacent", "unblockable": True}},
    {"name": "Howl", "when": "after_engage", "effect": {"light_fatigue": 2}},
]


@st.composite
def engages(draw: st.DrawFn) -> Any:
    """Mostly plain engages (the merged path); else any of the things that take an engage off it."""
    plain = draw(st.integers(0, 3)) > 0
    pick = st.sampled_from(PLAIN_FACES) if plain else st.sampled_from(PLAIN_FACES) | st.sampled_from(OTHER_FACES)
    dice = {name: {"faces": draw(st.lists(pick, min_size=2, max_size=4))} for name in ("Axe", "Maul")}
    gather = draw(st.lists(st.sampled_from(["Axe", "Maul"]), min_size=2 if plain else 1, max_size=3))
    slots = draw(st.integers(1, 4))
    data = {
        "ruleset": "botse",
        "skill_lines": {"Arms": {"stat": "stamina", "dice": dice}},
        "options": {
            "full_track": draw(st.sampled_from(["drain", "refuse"])),
            "damage_summing": "engage" if plain else draw(st.sampled_from(["engage", "ability"])),
            "fatigue": draw(st.sampled_from(["track", "counter"])),
        },
        "map": {"radius": 2},
        "adventurers": {
            "Ayrenn": {
                "at": [0, 0],
                "stamina": 3,
                "magicka": 0,
                "health": draw(st.integers(1, 3)),
                "tenacity": draw(st.integers(0, 1)),
                "form": "light_weapon" if plain else draw(st.sampled_from(["light_weapon", "defensive"])),
                "dice": ["Axe", "Axe", "Axe", "Maul", "Maul", "Maul"],
                "cooldown_slots": slots,
                "cooldown": ["Axe"] * draw(st.integers(0, slots - 1)),
            }
        },
        "enemies": {
            "Draugr": {
                "at": [1, 0],
                "health": draw(st.integers(1, 5)),
                "defense": draw(st.integers(0, 2)),
                "skills": draw(st.lists(st.sampled_from(SKILLS), max_size=2, unique_by=lambda s: s["name"])),
            },
            "Wisp": {"at": [0, 1], "health": 2, "defense": 0},
        },
        "actions": [
            {
                "do": "engage",
                "adventurer": "Ayrenn",
                "target": draw(st.sampled_from(["Draugr", "Wisp"])),
                "gather": gather,
            }
        ],
    }
    return scenario_of(data)


@PROPERTY
@given(engages())
def test_merged_walk_gives_the_plain_walks_fractions(scenario: Any) -> None:
    assert walked_as_plain(scenario.ruleset, scenario.state, scenario.steps[0].action) is not None


def test_the_benchmark_engage_merges_its_dice() -> None:
    """Two Swords and two Combat dice: 1,296 outcomes, walked with a fraction of the resolutions."""
    scenario = load_scenario_file(ROOT / "benchmarks" / "scenarios" / "botse-engage.yaml")
    action = scenario.steps[0].action
    walked = exact_odds(scenario.ruleset, scenario.state, action)
    assert walked.leaves == 6**4
    assert walked.resolutions < 300
    assert walked_as_plain(scenario.ruleset, scenario.state, action) is not None


def test_an_engage_with_a_reroll_is_walked_in_full() -> None:
    """A reroll reads the face of a die rolled before: no checkpoint, every outcome resolved."""
    scenario = load_scenario_file(ROOT / "benchmarks" / "scenarios" / "botse-engage.yaml")
    action = scenario.steps[0].action.model_copy(update={"gather": ["Sword", "Combat"], "reroll": [1]})
    walked = exact_odds(scenario.ruleset, scenario.state, action)
    assert walked.resolutions == walked.leaves == 6**3
