"""Tests for the shared hex geometry: exact cases for the conventions, Hypothesis for the invariants."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.errors import InputError
from tabroll.geometry.hex import Hex, HexMap, HexPlacement, Orientation, as_hex, distance

# --------------------------------------------------------------------------------------------------------
# Conventions, exact


def test_default_pointy_numbering_is_clockwise_from_north_east() -> None:
    m = HexMap.hexagon(2)
    assert m.orientation is Orientation.POINTY
    assert m.first_direction == "NE"
    assert [m.direction_delta(d) for d in range(1, 7)] == [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]
    assert [m.side_name(d) for d in range(1, 7)] == ["NE", "E", "SE", "SW", "W", "NW"]
    assert m.direction_name(1) == "1 (NE)"


def test_flat_numbering_and_custom_first_direction() -> None:
    flat = HexMap.hexagon(1, orientation=Orientation.FLAT)
    assert flat.first_direction == "N"
    assert [flat.side_name(d) for d in range(1, 7)] == ["N", "NE", "SE", "S", "SW", "NW"]
    assert flat.direction_delta(1) == (0, -1)
    east_first = HexMap.hexagon(1, first_direction="e")
    assert east_first.first_direction == "E"
    assert east_first.direction_delta(1) == (1, 0)
    assert east_first.direction_name(6) == "6 (NE)"


def test_first_direction_must_be_a_side_of_the_orientation() -> None:
    with pytest.raises(InputError, match="no side 'N'"):
        HexMap.hexagon(1, first_direction="N")


def test_hexagon_sizes() -> None:
    assert len(HexMap.hexagon(0).cells) == 1
    assert len(HexMap.hexagon(1).cells) == 7
    assert len(HexMap.hexagon(3).cells) == 37


def test_rectangle_odd_r_layout() -> None:
    m = HexMap.rectangle(3, 2)
    assert m.cells == frozenset({(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)})
    m3 = HexMap.rectangle(2, 3)
    # row 2 is even: shifted back one q so that it sits under row 0
    assert (-1, 2) in m3.cells and (0, 2) in m3.cells
    assert {m3.to_offset(h) for h in m3.cells} == {(col, row) for col in range(2) for row in range(3)}


def test_rectangle_odd_q_layout_for_flat_maps() -> None:
    m = HexMap.rectangle(3, 2, orientation=Orientation.FLAT)
    assert m.cells == frozenset({(0, 0), (0, 1), (1, 0), (1, 1), (2, -1), (2, 0)})
    assert {m.to_offset(h) for h in m.cells} == {(col, row) for col in range(3) for row in range(2)}


def test_neighbours_in_direction_order_and_on_map_only() -> None:
    m = HexMap.hexagon(1)
    assert m.neighbours((0, 0)) == [(1, (1, -1)), (2, (1, 0)), (3, (0, 1)), (4, (-1, 1)), (5, (-1, 0)), (6, (0, -1))]
    assert m.neighbours((1, 0)) == [(4, (0, 1)), (5, (0, 0)), (6, (1, -1))]
    assert m.neighbour((1, 0), 2) == (2, 0)  # off the map, still returned
    assert not m.contains((2, 0))


def test_clockwise_scan_starts_at_the_given_direction() -> None:
    m = HexMap.hexagon(1)
    assert m.clockwise_from(1) == [1, 2, 3, 4, 5, 6]
    assert m.clockwise_from(5) == [5, 6, 1, 2, 3, 4]


def test_direction_to() -> None:
    m = HexMap.hexagon(3)
    assert m.direction_to((0, 0), (3, 0)) == 2
    assert m.direction_to((0, 0), (0, -2)) == 6
    assert m.direction_to((0, 0), (2, -1)) is None
    assert m.direction_to((0, 0), (0, 0)) is None


def test_line_runs_to_the_edge_and_stops_before_blocked() -> None:
    m = HexMap.hexagon(3, blocked=frozenset({(2, 0)}))
    assert m.line((0, 0), 2) == [(1, 0)]
    assert m.line((0, 0), 5) == [(-1, 0), (-2, 0), (-3, 0)]
    assert m.line((3, 0), 2) == []


def test_hexes_between_and_sight() -> None:
    m = HexMap.hexagon(3, blocked=frozenset({(1, 0)}))
    assert m.hexes_between((0, 0), (3, 0)) == [(1, 0), (2, 0)]
    assert m.hexes_between((0, 0), (1, 0)) == []
    assert not m.line_of_sight((0, 0), (3, 0))
    assert m.line_of_sight((0, 0), (1, 0))  # the ends never block
    assert m.line_of_sight((0, 0), (0, 3))


def test_distance() -> None:
    assert distance((0, 0), (3, -1)) == 3
    assert distance((0, 0), (-2, -1)) == 3
    assert HexMap.hexagon(1).distance((1, 0), (-1, 1)) == 2


@pytest.mark.parametrize(
    ("value", "message"),
    [("1,2", "pair of whole numbers"), ([1], "exactly two"), ([1.5, 2], "whole numbers"), ([True, 1], "whole")],
)
def test_as_hex_refuses(value: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        as_hex(value)


def test_as_hex_accepts_lists() -> None:
    assert as_hex([2, -1]) == (2, -1)


def test_direction_out_of_range_is_input_error() -> None:
    with pytest.raises(InputError, match="1-6"):
        HexMap.hexagon(1).direction_delta(7)


def test_build_validates() -> None:
    assert len(HexMap.build(radius=2).cells) == 19
    assert len(HexMap.build(columns=4, rows=3, orientation="flat").cells) == 12
    assert HexMap.build(cells=[[0, 0], [1, 0]], blocked=[[1, 0]]).blocked == frozenset({(1, 0)})
    with pytest.raises(InputError, match="radius must be a whole number 0-200") as info:
        HexMap.build(radius=500)
    assert info.value.tip
    with pytest.raises(InputError, match="columns must be"):
        HexMap.build(columns=401, rows=2)
    with pytest.raises(InputError, match="rows must be"):
        HexMap.build(columns=4)
    with pytest.raises(InputError, match="exactly one"):
        HexMap.build(radius=2, columns=3, rows=3)
    with pytest.raises(InputError, match="not on the map"):
        HexMap.build(radius=1, blocked=[[5, 5]])
    with pytest.raises(InputError, match="orientation"):
        HexMap.build(radius=1, orientation="round")


# --------------------------------------------------------------------------------------------------------
# Properties

coords = st.integers(-30, 30)
hexes = st.tuples(coords, coords)
directions = st.integers(1, 6)
orientations = st.sampled_from(list(Orientation))


@st.composite
def maps(draw: st.DrawFn) -> HexMap:
    orientation = draw(orientations)
    names = (
        ["NE", "E", "SE", "SW", "W", "NW"] if orientation is Orientation.POINTY else ["N", "NE", "SE", "S", "SW", "NW"]
    )
    first = draw(st.sampled_from(names))
    if draw(st.booleans()):
        m = HexMap.hexagon(draw(st.integers(0, 6)), orientation=orientation, first_direction=first)
    else:
        m = HexMap.rectangle(
            draw(st.integers(1, 8)), draw(st.integers(1, 8)), orientation=orientation, first_direction=first
        )
    blocked = draw(st.frozensets(st.sampled_from(sorted(m.cells)), max_size=4))
    return HexMap(m.cells, m.orientation, m.first_direction, blocked)


@settings(deadline=None)
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@settings(deadline=None)
@given(maps(), hexes, directions)
def test_neighbour_then_opposite_returns(m: HexMap, h: Hex, d: int) -> None:
    n = m.neighbour(h, d)
    assert distance(h, n) == 1
    assert m.neighbour(n, m.clockwise_from(d)[3]) == h  # three sides on: the opposite one
    assert m.direction_to(h, n) == d


@settings(deadline=None)
@given(maps(), directions)
def test_clockwise_from_is_a_rotation(m: HexMap, d: int) -> None:
    scan = m.clockwise_from(d)
    assert scan[0] == d
    assert sorted(scan) == [1, 2, 3, 4, 5, 6]
    i = scan.index(1)
    assert scan[i:] + scan[:i] == [1, 2, 3, 4, 5, 6]


@settings(deadline=None)
@given(maps(), directions, st.data())
def test_line_is_straight_and_on_map(m: HexMap, d: int, data: st.DataObject) -> None:
    origin = data.draw(st.sampled_from(sorted(m.cells)))
    line = m.line(origin, d)
    for k, h in enumerate(line, start=1):
        assert m.contains(h)
        assert distance(origin, h) == k
        assert m.direction_to(origin, h) == d
        assert h not in m.blocked


@settings(deadline=None)
@given(maps(), hexes, hexes)
def test_hexes_between_is_symmetric_and_connected(m: HexMap, a: Hex, b: Hex) -> None:
    forward = m.hexes_between(a, b)
    assert set(forward) == set(m.hexes_between(b, a))
    assert len(forward) == max(distance(a, b) - 1, 0)
    path = [a, *forward, b] if a != b else [a]
    for x, y in pairwise(path):
        assert distance(x, y) == 1
    assert m.line_of_sight(a, b) == m.line_of_sight(b, a)


@settings(deadline=None)
@given(maps(), hexes, directions, st.integers(2, 6))
def test_hexes_between_on_a_straight_line_is_the_line(m: HexMap, a: Hex, d: int, k: int) -> None:
    dq, dr = m.direction_delta(d)
    b = (a[0] + k * dq, a[1] + k * dr)
    assert m.hexes_between(a, b) == [(a[0] + i * dq, a[1] + i * dr) for i in range(1, k)]


def test_a_placement_refuses_off_the_map_then_blocked_then_held_in_the_words_given() -> None:
    placing = HexPlacement(
        HexMap.build(radius=1, blocked=[[1, 0]]),
        off_map="{name} off at {at}",
        off_map_tip="stay on the map",
        blocked="{name} blocked at {at}",
        held="{name} meets {other} at {at}",
        twice="{name} again",
    )
    assert placing.place("A", [0, 0]) == (0, 0) and placing.holders == {(0, 0): "A"}
    with pytest.raises(InputError) as off:
        placing.place("B", (5, 0))
    assert (off.value.message, off.value.tip) == ("B off at [5, 0]", "stay on the map")
    with pytest.raises(InputError) as blocked:
        placing.place("B", (1, 0))
    with pytest.raises(InputError) as held:
        placing.place("B", (0, 0))
    with pytest.raises(InputError) as twice:  # a name twice comes first, wherever it stands
        placing.place("A", (9, 9))
    said = [e.value.message for e in (blocked, held, twice)]
    assert said == ["B blocked at [1, 0]", "B meets A at [0, 0]", "A again"]
    assert all(e.value.tip for e in (blocked, held, twice))
    assert placing.place("B", (0, 1)) == (0, 1)


def test_a_placement_without_twice_leaves_the_names_to_the_game() -> None:
    placing = HexPlacement(HexMap.hexagon(1), off_map="off", blocked="blocked", held="held")
    placing.place("A", (0, 0))
    assert placing.place("A", (0, 1)) == (0, 1)
