"""Barrage's exact odds against an independent calculation (issue 41).

Barrage (``tests/fixtures/games/barrage``) rolls a pool to hit, its hits to wound, its wounds to save, each read
by how many dice succeed. Each attack is a wound that goes through with probability p_hit · p_wound · p_fail
(the chained binomials below, worked out here with fractions from the faces each target lets succeed, an
unmodified 6 always succeeding and a 1 always failing), and the models it removes follow from the unsaved wounds
by arithmetic: one model a wound when the damage is at least a model's wounds, one model every W wounds of 1
damage. icepool, computing the same chain its own way, agrees; and the walk needs a resolution per count met,
not per pool."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import icepool
import pytest

from tabroll.odds.exact import exact_odds
from tabroll.odds.measures import GAME
from tests.engine.barrage import attack, found


@pytest.fixture
def barrage(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    yield from found(monkeypatch)


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def then(counts: dict[int, Fraction], p: Fraction) -> dict[int, Fraction]:
    """Each of ``counts`` dice rolled again, succeeding with probability ``p``: how many succeed."""
    out: dict[int, Fraction] = {}
    for n, weight in counts.items():
        for k, q in binomial(n, p).items():
            out[k] = out.get(k, Fraction(0)) + weight * q
    return out


def chain(attacks: int, p_hit: Fraction, p_wound: Fraction, p_fail: Fraction) -> dict[int, Fraction]:
    """The unsaved wounds: attacks to hit, the hits to wound, the wounds failing their saves."""
    return then(then(binomial(attacks, p_hit), p_wound), p_fail)


# (attacker, target, P(hit), P(wound), P(save fails), models removed by u unsaved wounds)
CASES = [
    # 4+ to hit and to wound; a save of 7 (only an unmodified 6 saves); 1 damage, models of 1 wound.
    ({"attacks": 10}, {"models": 10}, Fraction(1, 2), Fraction(1, 2), Fraction(5, 6), lambda u: min(u, 10)),
    # 3+, 3+, AP 1 against a save of 4 (a 5 or a 6); 2 damage on models of 2 wounds: a model a wound.
    ({"attacks": 20, "hit": 3, "wound": 3, "ap": 1, "damage": 2}, {"models": 8, "wounds": 2, "save": 4},
     Fraction(2, 3), Fraction(2, 3), Fraction(4, 6), lambda u: min(u, 8)),
    # 2+ to wound, AP 2 against a save of 6: only an unmodified 6 saves; 1 damage on models of 3 wounds, the first
    # hurt by 1 already: a model every three wounds, the first after two.
    ({"attacks": 12, "wound": 2, "ap": 2}, {"models": 5, "wounds": 3, "hurt": 1, "save": 6},
     Fraction(1, 2), Fraction(5, 6), Fraction(5, 6), lambda u: min((u + 1) // 3, 5)),
    # Forty attacks: 3+, 4+, AP 1 against 4 (a 5 or a 6 saves), 2 damage on twenty models of 2 wounds.
    ({"attacks": 40, "hit": 3, "ap": 1, "damage": 2}, {"models": 20, "wounds": 2, "save": 4},
     Fraction(2, 3), Fraction(1, 2), Fraction(4, 6), lambda u: min(u, 20)),
]  # fmt: skip


@pytest.mark.parametrize(("attacker", "target", "p_hit", "p_wound", "p_fail", "removed"), CASES)
def test_the_walk_gives_the_binomial_chain(
    barrage: Any, attacker: dict[str, int], target: dict[str, int], p_hit: Any, p_wound: Any, p_fail: Any, removed: Any
) -> None:
    state, action = attack(barrage, attacker, target)
    walked = exact_odds(barrage, state, action)
    unsaved = chain(attacker["attacks"], p_hit, p_wound, p_fail)
    values = walked.tally.values
    damage = attacker.get("damage", 1)
    assert values[("", "damage")] == {u * damage: p for u, p in unsaved.items()}
    models = target["models"]
    left: dict[int, Fraction] = {}
    for u, p in unsaved.items():
        if removed(u):  # a level the attack did not change is not reported (the report fills it in)
            left[models - removed(u)] = left.get(models - removed(u), Fraction(0)) + p
    assert values[(GAME, "models left: B")] == left
    assert values.get(("", "defeated: B"), {}).get(True, 0) == left.get(0, 0)
    assert values[("", "hit")][True] == 1 - (1 - p_hit) ** attacker["attacks"]
    # A resolution per count met, each step's figures kept and met again: never one per pool. Each count of a
    # roll is one resolution (an edge of the walk's graph): the action's start, n + 1 counts of hits, and the
    # counts of k hits to wound and of k wounds to save, k from 1 to n: n² + 4n + 2.
    n = attacker["attacks"]
    assert walked.resolutions <= (n + 1) * (n + 3)


def test_icepool_computes_the_same_chain(barrage: Any) -> None:
    # 20 attacks, 3+ to hit, 4+ to wound, AP 2 against a save of 3 (a 5 or a 6 saves), 1 damage on models of 1.
    state, action = attack(barrage, {"attacks": 20, "hit": 3, "ap": 2}, {"models": 20, "save": 3})
    walked = exact_odds(barrage, state, action)
    hit, wound = icepool.d6 >= 3, icepool.d6 >= 4
    fails = icepool.d6.map(lambda face: face != 6 and (face == 1 or face - 2 < 3))
    unsaved = ((20 @ hit) @ wound) @ fails
    assert walked.tally.values[("", "damage")] == {int(u): unsaved.probability(u) for u in unsaved.outcomes()}


def test_tabroll_odds_gives_the_chain_exactly(barrage: Any, cli: Any) -> None:
    result = cli("odds", "-r", "barrage", "-a", "A attacks=10", "-t", "B models=3", "--format", "json")
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert doc["method"] == "exact"
    # Each attack wounds through 1/2 · 1/2 · 5/6 = 5/24 of the time: the damage's mean is 10 · 5/24.
    unsaved = chain(10, Fraction(1, 2), Fraction(1, 2), Fraction(5, 6))
    defeated = sum((p for u, p in unsaved.items() if u >= 3), Fraction(0))
    assert doc["probabilities"]["defeated: B"]["exact"] == f"{defeated.numerator}/{defeated.denominator}"
    assert doc["distributions"]["damage"]["mean"]["exact"] == "25/12"
