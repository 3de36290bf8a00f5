"""Range bands: the scale as data, symmetric pairs with a default."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.errors import InputError
from tabroll.geometry.bands import BandScale, RangeBands
from tests.support import examples

SCALE = BandScale.of("direct", "near", "far", aliases={"bliski": "near", "daleki": "far"})
NAMES = ("Ajani", "Bear", "Chandra", "Drake")


def bands(pairs: tuple[tuple[str, str, str], ...] = ()) -> RangeBands:
    state = RangeBands(scale=SCALE, default="far", names=NAMES)
    for a, b, band in pairs:
        state = state.with_band(a, b, band)
    return state


def test_scale_order_and_ranks() -> None:
    assert [SCALE.rank(b) for b in ("direct", "near", "far")] == [0, 1, 2]
    assert SCALE.at_or_closer("direct", "near") and not SCALE.at_or_closer("far", "near")


def test_scale_parses_names_and_aliases_in_any_case() -> None:
    assert SCALE.parse(" NEAR ") == "near"
    assert SCALE.parse("Daleki") == "far"


def test_unknown_band_suggests_the_closest_name() -> None:
    with pytest.raises(InputError) as err:
        SCALE.parse("naer")
    assert err.value.message == "unknown range 'naer'" and err.value.tip == "did you mean 'near'?"


def test_a_scale_needs_two_distinct_bands() -> None:
    with pytest.raises(ValueError):
        BandScale.of("only")
    with pytest.raises(ValueError):
        BandScale.of("near", "Near")
    with pytest.raises(ValueError):
        BandScale.of("near", "far", aliases={"x": "nowhere"})


def test_pairs_are_symmetric_and_default_applies() -> None:
    state = bands(pairs=(("Bear", "Ajani", "near"),))
    assert state.between("Ajani", "Bear") == "near" == state.between("Bear", "Ajani")
    assert state.between("Ajani", "Chandra") == "far"
    assert state.pairs() == (("Ajani", "Bear", "near"),)


def test_setting_a_pair_back_to_the_default_forgets_it() -> None:
    state = bands(pairs=(("Ajani", "Bear", "near"),)).with_band("Bear", "Ajani", "far")
    assert state.pairs() == ()


def test_unknown_combatant_and_self_pair() -> None:
    with pytest.raises(InputError) as err:
        bands().between("Ajani", "Baer")
    assert err.value.tip == "did you mean 'Bear'?"
    with pytest.raises(ValueError):
        bands().between("Ajani", "Ajani")


moves = st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES), st.sampled_from(SCALE.bands)), max_size=30)


@settings(deadline=None, max_examples=examples(100))
@given(moves)
def test_any_sequence_of_changes_keeps_pairs_symmetric_and_on_the_scale(changes) -> None:
    state = bands()
    for a, b, band in changes:
        if a != b:
            state = state.with_band(a, b, band)
            assert state.between(b, a) == band
    for a in NAMES:
        for b in NAMES:
            if a != b:
                assert state.between(a, b) == state.between(b, a) in SCALE.bands
