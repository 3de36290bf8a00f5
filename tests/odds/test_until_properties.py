"""Properties of attacks to defeat, over drawn attacks of TAB MASTER (VIT carried over, a Projectile's ammunition
spent) and F0R60D (PV carried over, absorption once per round): P(defeated within k) never falls as k grows and
never passes 1, it is the sum of P(defeated at j) for j ≤ k, and with the chains that stopped (an attack that could
not be made) and those still standing after the last attack, everything adds up to exactly 1."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.odds.until import compute_until
from tests.odds.test_until import attack
from tests.support import examples


@st.composite
def tabmaster_attacks(draw: st.DrawFn) -> tuple[Any, int]:
    damage = draw(st.sampled_from(("1d4", "1d6", "1d10", "2d6", "1d20")))
    defense = draw(st.integers(0, 12))
    vitality = draw(st.one_of(st.none(), st.integers(1, 8)))
    target = f"Orc DEF={defense}" + ("" if vitality is None else f" VIT={vitality}")
    if draw(st.booleans()):
        arrows = draw(st.integers(1, 4))
        attacker = f"Bow ATK='1d6 (Projétil: Flecha)' DAN={damage} ammo='{{Flecha: {arrows}}}'"
        described = attack(attacker, target, "tabmaster", distance=str(draw(st.integers(1, 6))))
    else:
        described = attack(f"Hero ATK=1 DAN={damage}", target, "tabmaster")
    return described, draw(st.integers(1, 8))


@st.composite
def forgod_attacks(draw: st.DrawFn) -> tuple[Any, int]:
    attacker = f"Orc BA={draw(st.integers(0, 3))} Daño={draw(st.integers(0, 2))}"
    absorption = draw(st.integers(0, 3))
    target = f"Elf PV={draw(st.integers(1, 5))} Absorción={absorption} absorption_active=true"
    return attack(attacker, target, "forgod"), draw(st.integers(1, 3))


def check(described: Any, cap: int) -> None:
    until = compute_until(described.ruleset, described.state, described.action, cap=cap)
    assert until.method == "exact"
    assert len(until.rows) == cap
    within = [row.within.exact for row in until.rows]
    assert all(a <= b for a, b in pairwise(within))
    assert all(0 <= w <= 1 for w in within)
    running = Fraction(0)
    for row in until.rows:
        running += row.defeated.exact
        assert row.within.exact == running
        assert 0 <= row.defeated.exact <= 1 and 0 <= row.could_not.exact <= 1
    stopped = sum((row.could_not.exact for row in until.rows), Fraction(0))
    assert stopped == until.could_not_total.exact == sum(e.exact for e in until.could_not.values())
    assert within[-1] + stopped + until.standing.exact == 1
    if until.mean is not None:
        assert 1 <= until.mean.exact <= cap
    else:
        assert within[-1] == 0


@settings(max_examples=examples(40))
@given(tabmaster_attacks())
def test_tabmaster_chains_add_up(drawn: tuple[Any, int]) -> None:
    check(*drawn)


@settings(max_examples=examples(12))
@given(forgod_attacks())
def test_forgod_chains_add_up(drawn: tuple[Any, int]) -> None:
    check(*drawn)
