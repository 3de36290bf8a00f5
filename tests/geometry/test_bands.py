"""Range bands: the scale as data, symmetric pairs, moving closer and away, queries."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.errors import InputError, RuleRefusal
from tabroll.geometry.bands import BandScale, RangeBands
from tests.support import examples

SCALE = BandScale.of("direct", "near", "far", aliases={"bliski": "near", "daleki": "far"})
NAMES = ("Ajani", "Bear", "Chandra", "Drake")


def bands(**kwargs: str) -> RangeBands:
    return RangeBands.build(SCALE, NAMES, default="far", **kwargs)  # type: ignore[arg-type]


def test_scale_order_ranks_and_steps() -> None:
    assert (SCALE.closest, SCALE.farthest) == ("direct", "far")
    assert [SCALE.rank(b) for b in ("direct", "near", "far")] == [0, 1, 2]
    assert SCALE.step("near", -1) == "direct" and SCALE.step("near", 1) == "far"
    assert SCALE.step("far", 1) is None and SCALE.step("direct", -1) is None
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
    state = bands(pairs=[("Bear", "Ajani", "near")])
    assert state.between("Ajani", "Bear") == "near" == state.between("Bear", "Ajani")
    assert state.between("Ajani", "Chandra") == "far"
    assert state.pairs() == (("Ajani", "Bear", "near"),)


def test_setting_a_pair_back_to_the_default_forgets_it() -> None:
    state = bands(pairs=[("Ajani", "Bear", "near")]).with_band("Bear", "Ajani", "far")
    assert state.pairs() == ()


def test_closer_and_away_step_along_the_scale() -> None:
    state = bands()
    nearer = state.closer("Ajani", "Bear")
    assert nearer.between("Bear", "Ajani") == "near"
    assert nearer.closer("Ajani", "Bear").between("Ajani", "Bear") == "direct"
    assert state.closer("Ajani", "Bear", steps=2).between("Ajani", "Bear") == "direct"
    assert nearer.away("Bear", "Ajani").between("Ajani", "Bear") == "far"
    assert state.between("Ajani", "Bear") == "far"  # the original is untouched


def test_moving_past_either_end_is_refused_with_the_reason() -> None:
    with pytest.raises(RuleRefusal) as err:
        bands().away("Ajani", "Bear")
    assert err.value.message == "Ajani and Bear are at far range, the farthest there is: they cannot move further apart"
    with pytest.raises(RuleRefusal) as err:
        bands(pairs=[("Ajani", "Bear", "direct")]).closer("Ajani", "Bear")
    assert "the closest there is" in err.value.message


def test_queries_within_and_others() -> None:
    state = bands(pairs=[("Ajani", "Bear", "near"), ("Ajani", "Chandra", "direct")])
    assert state.within("Ajani", "Bear", "near") and state.within("Ajani", "Chandra", "near")
    assert not state.within("Ajani", "Drake", "near")
    assert state.others("Ajani", "near") == ("Bear",)
    assert state.others("Ajani", "near", or_closer=True) == ("Bear", "Chandra")
    assert state.others("Ajani", "far") == ("Drake",)


def test_unknown_combatant_and_self_pair() -> None:
    with pytest.raises(InputError) as err:
        bands().between("Ajani", "Baer")
    assert err.value.tip == "did you mean 'Bear'?"
    with pytest.raises(ValueError):
        bands().between("Ajani", "Ajani")


def test_without_removes_a_combatant_and_its_pairs() -> None:
    state = bands(pairs=[("Ajani", "Bear", "near"), ("Bear", "Chandra", "near")]).without("Bear")
    assert state.names == ("Ajani", "Chandra", "Drake") and state.pairs() == ()


moves = st.lists(
    st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES), st.sampled_from(("closer", "away", "set"))),
    max_size=30,
)


@settings(deadline=None, max_examples=examples(100))
@given(moves, st.sampled_from(SCALE.bands))
def test_any_sequence_of_moves_keeps_pairs_symmetric_and_on_the_scale(steps, band) -> None:
    state = bands()
    for a, b, how in steps:
        if a == b:
            continue
        before = SCALE.rank(state.between(a, b))
        try:
            if how == "closer":
                state = state.closer(a, b)
                assert SCALE.rank(state.between(b, a)) == before - 1
            elif how == "away":
                state = state.away(a, b)
                assert SCALE.rank(state.between(b, a)) == before + 1
            else:
                state = state.with_band(a, b, band)
        except RuleRefusal:
            assert before in (0, len(SCALE.bands) - 1)
    for a in NAMES:
        for b in NAMES:
            if a != b:
                assert state.between(a, b) == state.between(b, a) in SCALE.bands
    assert all(band != state.default for _, _, band in state.pairs())
