"""Invariants of the public API's values, over many inputs (Hypothesis)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import tabroll

NAMES = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzÁéñ -"), min_size=1, max_size=12).filter(
    lambda name: name.strip() == name and "  " not in name and name.strip("-")
)
KEYS = st.text(st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzñó_"), min_size=1, max_size=10)
VALUES = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF), min_size=1, max_size=20).filter(str.strip)


@settings(max_examples=200)
@given(NAMES, st.dictionaries(KEYS, VALUES | st.integers(-5, 50) | st.booleans(), min_size=0, max_size=4))
def test_a_unit_s_text_reads_back_as_the_same_unit(name: str, stats: dict[str, object]) -> None:
    built = tabroll.unit(name, stats)  # type: ignore[arg-type]
    assert built.name == name and [key for key, _value in built.stats] == list(stats)
    assert tabroll.unit(built.text) == built


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 6), st.integers(1, 12))
def test_exact_odds_add_up(skill: int, life: int) -> None:
    odds = tabroll.attack_odds(
        tabroll.attack(tabroll.unit("Orc", BA=skill), tabroll.unit("Elf", PV=life), game="forgod")
    )
    distribution = odds.distribution("damage")
    assert all(isinstance(chance, Fraction) for chance in distribution.values())
    assert sum(distribution.values()) == 1
    assert sum(value * chance for value, chance in distribution.items()) == odds.mean("damage")
    assert odds.at_least("damage")[min(distribution)] == 1
    assert 0 <= odds.defeat() <= odds.probability("hit") <= 1
    assert odds.defeat() == sum(chance for value, chance in distribution.items() if value >= life)
