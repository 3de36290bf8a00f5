"""A roll the rules read only by its sum is walked by its totals, not by its pools (issue 29).

TAB MASTER's rolls, Gathering of Heroes' d6 pools and F0R60D's healing are read by their totals
(``BaseTurn.roll_total``): the exact walk branches over each total with the number of ordered rolls that make
it, so 100d20 is 1,901 branches instead of 4.9e21 pools. Each figure here is pinned by a count made another
way: every ordered roll one by one, or the inclusion-exclusion count of dice sums."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabroll.dice.sources import DiceRequest, SeededDice
from tabroll.engine import find_ruleset
from tabroll.kit import AttackRequest
from tabroll.odds import branches
from tabroll.odds.branches import PoolsToWalk, _Totals
from tabroll.odds.estimate import estimate_leaves, surely_over
from tabroll.odds.exact import exact_odds
from tabroll.odds.limits import BudgetExceeded
from tests.odds.test_walk_reference import reference_walk

TABMASTER = find_ruleset("tabmaster")


def hero(damage: str, defense: int) -> tuple[Any, Any, Any]:
    """``tabroll odds -r tabmaster -a "Hero ATK=1 DAN=<damage>" -t "Orc DEF=<defense>"``, as the command builds it."""
    built = TABMASTER.quick_attack(
        AttackRequest(
            attacker="Lanceiro",
            target="Soldado",
            fields={"distance": "1"},
            attacker_stats={"ATK": "1", "DAN": damage},
            target_stats={"DEF": str(defense)},
        )
    )
    return TABMASTER, built.state, built.steps[0].action


def sums_at_most(total: int, count: int, sides: int) -> int:
    """Ordered rolls of ``count`` d``sides`` that add up to at most ``total``, by inclusion-exclusion (how many
    ways ``count`` values of at least 1 add up to at most ``total``, less those where some die passes ``sides``)."""
    return sum(
        (-1) ** k * math.comb(count, k) * math.comb(total - k * sides, count)
        for k in range(count + 1)
        if total - k * sides >= count
    )


@given(st.integers(1, 4), st.integers(1, 6))
def test_each_total_has_one_pool_that_adds_up_to_it_and_the_weight_of_every_roll_that_does(
    count: int, sides: int
) -> None:
    totals = _Totals(count, sides)
    every = Counter(sum(roll) for roll in itertools.product(range(1, sides + 1), repeat=count))
    assert len(totals) == len(every) == count * (sides - 1) + 1
    for index in range(len(totals)):
        pool, ways = totals[index]
        assert len(pool) == count and list(pool) == sorted(pool) and all(1 <= v <= sides for v in pool)
        assert sum(pool) == count + index
        assert ways == every[count + index]
    assert totals[0][0] == (1,) * count  # the answer the walk gives a request nobody has walked yet
    with pytest.raises(IndexError):
        totals[len(totals)]


@pytest.mark.parametrize("damage", ["3d6", "2d20", "4d4", "2d6+3", "2d6+1d4"])
def test_a_damage_roll_walked_by_its_totals_gives_the_plain_walks_fractions(damage: str) -> None:
    args = hero(damage, 9)
    walked = exact_odds(*args)
    plain = reference_walk(*args, budget=10**6)  # every pool of every request, no totals
    assert plain is not None
    assert walked.tally.values == plain.values and walked.tally.refused == plain.refused


def test_the_totals_are_the_branches_of_the_walk() -> None:
    # ATK 1 hits without a roll; 3d6 of damage: 16 totals, where pools would be 56.
    walked = exact_odds(*hero("3d6", 9))
    assert walked.leaves == 16


def test_a_hundred_d20_of_damage_is_walked_exactly_by_its_1901_totals() -> None:
    result = exact_odds(*hero("100d20", 1000))
    assert result.leaves == 1_901
    # Defeated when the damage passes DEF 1,000 (the hit is certain): every roll but those of 1,000 or less.
    expected = Fraction(20**100 - sums_at_most(1000, 100, 20), 20**100)
    assert result.tally.values[("", "defeated: Soldado")][True] == expected
    damage = result.tally.values[("", "damage")]
    assert sum(total * p for total, p in damage.items()) == 1050
    assert damage[1000] * 20**100 == sums_at_most(1000, 100, 20) - sums_at_most(999, 100, 20)


def test_the_estimate_of_a_roll_walked_by_its_totals_counts_its_totals() -> None:
    samples = estimate_leaves(*hero("100d20", 1000))
    assert not surely_over(samples, 200_000)
    # One total of 100d20 is rarely less likely than 1 in 10**5 near the middle, never 1 in 4.9e21 as its pools.
    assert max(samples) < 10**12


def test_a_roll_whose_totals_would_not_fit_in_memory_is_refused_before_they_are_counted(monkeypatch) -> None:
    def never(*args: Any) -> Any:
        raise AssertionError("counted the weights of a roll too large to hold")

    monkeypatch.setattr("tabroll.dice.distribution.uniform_power", never)
    with pytest.raises(BudgetExceeded) as refused:
        exact_odds(*hero("1000d1000", 5), budget=10**6)
    assert refused.value.request == (1_000, 1_000, 999_001)
    assert (
        str(refused.value)
        == "one roll of 1000d1000 alone has 999,001 totals whose exact weights would not fit in 64 MiB"
    )
    assert not refused.value.budget_helps


def test_the_note_of_a_roll_too_large_for_memory_does_not_offer_a_larger_budget() -> None:
    from tabroll.odds.api import TimeLimit, compute_odds

    report = compute_odds(*hero("1000d1000", 5), seed=5, fallback_trials=50, limit=TimeLimit(3_600.0))
    assert report.method == "monte_carlo" and report.samples == 50
    assert report.note == (
        "no exact odds: one roll of 1000d1000 alone has 999,001 totals whose exact weights would not fit in 64 MiB; "
        "simulated 50 attacks instead (seed 5; --trials sets the count)"
    )


def test_a_roll_of_more_totals_than_the_budget_says_totals() -> None:
    with pytest.raises(BudgetExceeded) as refused:
        exact_odds(*hero("100d20", 1000), budget=1_000)
    assert "one roll of 100d20 alone has 1,901 different totals" in str(refused.value)


@given(st.integers(2, 4), st.integers(2, 6))
def test_the_totals_still_to_walk_are_every_total_but_the_first_once_with_its_weight(count: int, sides: int) -> None:
    size = count * (sides - 1) + 1
    whole = PoolsToWalk.of_request((7,), count, sides, 1, 1, None, size, reading=_Totals(count, sides))
    assert whole.weight() == Fraction(sides**count - 1, sides**count)
    taken = []
    while whole.left:
        taken.append(whole.take())
    assert whole.ways == 0
    assert sorted(taken) == sorted(_Totals(count, sides)[i] for i in range(1, size))


def test_rolling_dice_is_the_same_whether_the_rules_read_the_total_or_the_values() -> None:
    values = SeededDice(7).draw(DiceRequest("damage", 5, 20))
    assert SeededDice(7).draw(DiceRequest("damage", 5, 20, total_only=True)) == values


def test_kept_dice_read_by_their_sum_are_walked_by_its_totals_and_otherwise_as_pools(monkeypatch) -> None:
    walked = exact_odds(*hero("3d6kh2", 9))
    assert walked.leaves == 11  # the kept sums 2..12, not the 56 pools of 3d6
    monkeypatch.setattr(branches, "MAX_KEEP_WORK", 0)  # too costly to count the kept sums' weights: pools
    assert exact_odds(*hero("3d6kh2", 9)).leaves == 56
    assert exact_odds(*hero("3d6kh2", 9)).tally.values == walked.tally.values


KEEPS = ["kh", "kl", "dh", "dl"]


@given(st.integers(2, 5), st.integers(1, 6), st.sampled_from(KEEPS), st.integers(1, 4))
def test_the_totals_of_the_kept_dice_have_one_pool_each_and_the_weight_of_every_roll_that_keeps_them(
    count: int, sides: int, mode: str, n: int
) -> None:
    from tabroll.dice.nodes import Keep

    keep = Keep(mode, min(n, count - 1))  # type: ignore[arg-type]
    kept = keep.kept_of(count)
    reading = branches.reading_of(DiceRequest("damage", count, sides, total_only=True, keep=keep))
    if kept == count or kept == 0:
        return
    totals = reading
    assert isinstance(totals, branches._Totals) and (totals.kept, totals.highest) == (kept, keep.highest)

    def kept_sum(roll: tuple[int, ...]) -> int:
        return sum(v for v, k in zip(roll, keep.flags(roll), strict=True) if k)

    rolls = list(itertools.product(range(1, sides + 1), repeat=count))
    every = Counter(kept_sum(roll) for roll in rolls)
    assert len(totals) == len(every) == kept * (sides - 1) + 1
    assert all(totals.index_of(roll) == kept_sum(roll) - kept for roll in rolls)  # the branch the estimate weighs
    for index in range(len(totals)):
        pool, ways = totals[index]
        assert len(pool) == count and all(1 <= v <= sides for v in pool)
        assert kept_sum(pool) == kept + index  # the rules, keeping as they do, read this total from the pool
        assert ways == every[kept + index]
    # The walk answers a request nobody has walked yet with every die showing 1: the lowest kept total, whose
    # rolls the first branch weighs.
    assert kept_sum((1,) * count) == kept and totals.first_ways == every[kept]


@pytest.mark.parametrize("damage", ["4d6kh3", "4d6kl2", "5d4dh1", "5d4dl2", "3d6kh2+2", "2d6kh1+1d4kl1"])
def test_a_damage_roll_that_keeps_dice_is_walked_by_the_totals_it_keeps_with_the_plain_walks_fractions(
    damage: str,
) -> None:
    args = hero(damage, 9)
    walked = exact_odds(*args)
    plain = reference_walk(*args, budget=10**6)  # every pool of every request, no totals
    assert plain is not None
    assert walked.tally.values == plain.values and walked.tally.refused == plain.refused
    assert walked.tally.weight == plain.weight == 1


def test_twenty_d20_keep_nineteen_walks_exactly_by_its_362_kept_totals() -> None:
    # Its pools are 68,923,264,410: over any budget. Its kept totals are 19..380. P(kept sum > 200) is checked
    # against a count made another way: the complement over the dropped die d (the lowest), the other 19 at
    # least d each.
    walked = exact_odds(*hero("20d20kh19", 200))
    assert walked.leaves == 362
    # A direct count: ordered rolls of 20d20 whose highest 19 add up to more than 200, by the value m of the lowest
    # die and how many dice show it (j >= 1), the others above m.
    above = 0
    for low in range(1, 21):
        for j in range(1, 21):
            rest = 20 - j  # each in low+1..20, summing (with j-1 copies of low kept) to more than 200
            need = 200 - (j - 1) * low  # the 19 kept: j-1 dice at low and the rest
            span = 20 - low
            if rest and not span:
                continue
            # ordered rolls of `rest` dice in low+1..20 with sum > need: shift to 1..span
            if rest:
                ways_rest = sum(c for s, c in _sums_of(rest, span).items() if s + rest * low > need)
            else:
                ways_rest = 1 if need < 0 else 0
            above += math.comb(20, j) * ways_rest
    assert walked.tally.values[("", "defeated: Soldado")][True] == Fraction(above, 20**20)


def _sums_of(count: int, sides: int) -> Counter[int]:
    """Ordered rolls of ``count`` d``sides`` for each sum, one die at a time."""
    ways: Counter[int] = Counter({0: 1})
    for _ in range(count):
        step: Counter[int] = Counter()
        for total, number in ways.items():
            for face in range(1, sides + 1):
                step[total + face] += number
        ways = step
    return ways
