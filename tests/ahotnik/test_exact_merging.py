"""The exact walk merges the outcomes of an attack phase between Ahotniks (the checkpoints in
``resolve_attack_phase``): the same exact fractions as the plainest walk (resolve again for every prefix) on
random boards, and a phase whose pilots are rolled walked with far fewer resolutions than outcomes."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabroll.odds.exact import exact_odds
from tests.odds.helpers import scenario_of, walked_as_plain
from tests.support import examples

PROPERTY = settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
HEXES = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]


@st.composite
def phases(draw: st.DrawFn) -> Any:
    spots = draw(st.lists(st.sampled_from(HEXES), min_size=4, max_size=4, unique=True))
    names = ["Eagle", "Wolf", "Bear"][: draw(st.integers(2, 3))]
    ahotniks = {
        name: {
            "at": list(spots[i]),
            "facing": draw(st.integers(1, 6)),
            "shields": draw(st.integers(0, 2)),
            "life": draw(st.integers(1, 4)),
            "phase_transition": draw(st.booleans()),
        }
        for i, name in enumerate(names)
    }
    demons = {"Fire Demon": {"at": list(spots[3]), "shields": draw(st.integers(0, 1)), "life": draw(st.integers(1, 3))}}
    rolled = draw(st.sampled_from(names))  # one Ahotnik's pilots are rolled (66 outcomes); the others are given
    choices: dict[str, Any] = {}
    for name in names:
        if name == rolled:
            continue
        kind = draw(st.sampled_from(["pilots", "forced", "success"]))
        if kind == "pilots":
            choices[name] = [draw(st.integers(1, 6)), draw(st.integers(1, 6))]
        elif kind == "forced":
            choices[name] = {"synapse": "forced", "directions": [draw(st.integers(1, 6)), draw(st.integers(1, 6))]}
        else:
            choices[name] = {"synapse": "success", "direction": draw(st.integers(1, 6))}
    return scenario_of(
        {
            "ruleset": "ahotnik",
            "options": {
                "phase_order": draw(st.sampled_from(["per_ahotnik", "step_by_step"])),
                "zero_damage_hit": draw(st.booleans()),
                "transition_attacks": draw(st.booleans()),
                "game_end": draw(st.sampled_from(["finish_shot", "at_once"])),
            },
            "map": {"radius": 2},
            "threat": 3,
            "ahotniks": ahotniks,
            "demons": demons,
            "actions": [{"do": "attack_phase", "choices": choices}],
        }
    )


@PROPERTY
@given(phases())
def test_merged_walk_gives_the_plain_walks_fractions(board: Any) -> None:
    assert walked_as_plain(board.ruleset, board.state, board.steps[0].action) is not None


@pytest.mark.slow  # a plain walk of thousands of resolutions to compare with
def test_a_phase_of_rolled_pilots_merges_between_ahotniks() -> None:
    """Two Ahotniks whose pilots are rolled (66 outcomes each: 36 pairs of numbers, and a 1d2 for each of the 30
    that disagree) and a third whose synapse is given: 4,356 outcomes. After an Ahotnik's attack only the board
    counts, and the first Ahotnik's 66 outcomes leave a dozen boards or so (its facing, what it struck, the
    rulings told), each walked once: 911 resolutions."""
    board = scenario_of(
        {
            "ruleset": "ahotnik",
            "map": {"radius": 2},
            "threat": 3,
            "ahotniks": {
                "Eagle": {"at": [0, 0], "facing": 2, "shields": 1, "life": 4},
                "Wolf": {"at": [1, 0], "facing": 5, "shields": 1, "life": 4},
                "Bear": {"at": [-1, 1], "facing": 1, "shields": 0, "life": 3},
            },
            "demons": {"Fire Demon": {"at": [0, -1], "shields": 1, "life": 3}},
            "actions": [{"do": "attack_phase", "choices": {"Bear": {"synapse": "success", "direction": 4}}}],
        }
    )
    walked = exact_odds(board.ruleset, board.state, board.steps[0].action)
    assert walked.leaves == 66**2
    assert walked.resolutions < 1_000
    assert walked_as_plain(board.ruleset, board.state, board.steps[0].action) is not None
