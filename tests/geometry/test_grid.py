"""Hand-checked examples for the square grid: squares, directions, boards, sight and paths."""

from __future__ import annotations

import pytest

from tabroll.errors import InputError
from tabroll.geometry.grid import (
    Board,
    Direction,
    PathCheck,
    SightResult,
    Square,
    Terrain,
    as_square,
    chebyshev,
    manhattan,
    sight_steps,
)

D = Direction


def between(board: Board, a: Square, b: Square) -> list[Square]:
    """Every square the sight line from ``a`` to ``b`` touches, endpoints excluded, in order from ``a``."""
    return [square for step in sight_steps(a, b) for square in step]


@pytest.fixture
def open5() -> Board:
    return Board.build(5, 5)


@pytest.fixture
def pillar5() -> Board:
    """A 5x5 board with a single obstacle in the middle."""
    return Board.build(5, 5, obstacles=[(2, 2)])


# ---------------------------------------------------------------------------------------------------------
# as_square, distances


@pytest.mark.parametrize("value", [(3, 4), [3, 4], range(3, 5)])
def test_as_square_accepts_pairs_of_ints(value: object) -> None:
    assert as_square(value) == (3, 4)
    assert type(as_square(value)) is tuple


def test_as_square_keeps_negative_coordinates() -> None:
    assert as_square([-1, 0]) == (-1, 0)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        ("3,4", "pair of whole numbers"),
        (b"34", "pair of whole numbers"),
        (None, "pair of whole numbers"),
        (7, "pair of whole numbers"),
        ({3, 4}, "pair of whole numbers"),
        ([3], "exactly two coordinates"),
        ((1, 2, 3), "exactly two coordinates"),
        ([3.0, 4], "whole numbers"),
        ((True, 1), "whole numbers"),
        (["3", "4"], "whole numbers"),
    ],
)
def test_as_square_refuses_everything_else(value: object, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment) as info:
        as_square(value)
    assert info.value.tip is not None and "[x, y]" in info.value.tip


def test_as_square_names_the_value_in_the_message() -> None:
    with pytest.raises(InputError, match=r"^origin must"):
        as_square("x", "origin")


def test_chebyshev_and_manhattan_numbers() -> None:
    assert chebyshev((0, 0), (3, 4)) == 4
    assert manhattan((0, 0), (3, 4)) == 7
    assert chebyshev((5, 1), (1, 2)) == 4
    assert manhattan((5, 1), (1, 2)) == 5
    assert chebyshev((2, 2), (2, 2)) == manhattan((2, 2), (2, 2)) == 0


# ---------------------------------------------------------------------------------------------------------
# Direction


def test_directions_are_numbered_clockwise_from_north() -> None:
    assert [(d.value, d.short_name, d.delta) for d in Direction] == [
        (1, "N", (0, 1)),
        (2, "NE", (1, 1)),
        (3, "E", (1, 0)),
        (4, "SE", (1, -1)),
        (5, "S", (0, -1)),
        (6, "SW", (-1, -1)),
        (7, "W", (-1, 0)),
        (8, "NW", (-1, 1)),
    ]


def test_direction_is_an_int_so_a_d8_roll_maps_directly() -> None:
    assert Direction(3) is D.E
    assert int(D.SW) == 6
    assert D.SW + 0 == 6


def test_opposites() -> None:
    assert [d.opposite for d in Direction] == [D.S, D.SW, D.W, D.NW, D.N, D.NE, D.E, D.SE]


def test_turned() -> None:
    assert D.N.turned(1) is D.NE
    assert D.NW.turned(1) is D.N
    assert D.N.turned(-1) is D.NW
    assert D.E.turned(2) is D.S
    assert D.E.turned(16) is D.E


def test_names_for_logs() -> None:
    assert D.E.name_for_log == "3 = E"
    assert D.NW.name_for_log == "8 = NW"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("ne", D.NE),
        ("NE", D.NE),
        (" sw ", D.SW),
        ("north", D.N),
        ("North-East", D.NE),
        ("south east", D.SE),
        ("north_west", D.NW),
        ("WEST", D.W),
        (2, D.NE),
        (8, D.NW),
        ("5", D.S),
        (D.E, D.E),
    ],
)
def test_direction_parse(value: object, expected: Direction) -> None:
    assert Direction.parse(value) is expected


@pytest.mark.parametrize("value", [0, 9, -1, "0", "9", "up", "", "nne", True, 2.0, None, [1]])
def test_direction_parse_refuses(value: object) -> None:
    with pytest.raises(InputError) as info:
        Direction.parse(value)
    assert info.value.tip is not None and "1 = N" in info.value.tip


def test_direction_from_delta() -> None:
    assert Direction.from_delta((1, -1)) is D.SE
    assert Direction.from_delta([0, 1]) is D.N
    for bad in [(0, 0), (2, 0), (1, 2)]:
        with pytest.raises(InputError, match="one-square step"):
            Direction.from_delta(bad)


# ---------------------------------------------------------------------------------------------------------
# Board construction


def test_build_defaults(open5: Board) -> None:
    assert (open5.width, open5.height) == (5, 5)
    assert dict(open5.terrain) == {}
    assert open5.obstacles == frozenset()
    assert open5.height_at((4, 4)) == 0


def test_build_accepts_mapping_or_pairs_and_drops_zero_heights() -> None:
    from_mapping = Board.build(4, 3, terrain={(1, 1): 2, (2, 1): 0}, obstacles=[[0, 2]])
    from_pairs = Board.build(4, 3, terrain=[([1, 1], 2), ([2, 1], 0)], obstacles=[(0, 2)])
    assert from_mapping == from_pairs
    assert dict(from_mapping.terrain) == {(1, 1): 2}
    assert from_mapping.obstacles == frozenset({(0, 2)})
    assert hash(from_mapping) == hash(from_pairs)


def test_board_is_immutable() -> None:
    board = Board.build(3, 3, terrain={(1, 1): 1})
    with pytest.raises(AttributeError):
        board.width = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        board.terrain[(0, 0)] = 3  # type: ignore[index]


def test_board_does_not_share_the_callers_dict() -> None:
    heights = {(1, 1): 2}
    board = Board.build(3, 3, terrain=heights)
    heights[(1, 1)] = 9
    assert board.height_at((1, 1)) == 2


def test_direct_construction_is_validated_too() -> None:
    with pytest.raises(InputError, match="off the 3x3 board"):
        Board(3, 3, obstacles=frozenset({(3, 0)}))
    assert Board(3, 3) == Board.build(3, 3)


@pytest.mark.parametrize(("width", "height"), [(0, 5), (5, 0), (-3, 5), (1001, 5), (5, 10**6)])
def test_board_size_out_of_range(width: int, height: int) -> None:
    with pytest.raises(InputError, match=r"out of range 1\.\.1000") as info:
        Board.build(width, height)
    assert info.value.tip is not None and "squares" in info.value.tip


@pytest.mark.parametrize("side", [5.0, "5", True, None])
def test_board_size_must_be_an_int(side: object) -> None:
    with pytest.raises(InputError, match="whole number of squares"):
        Board.build(side, 5)  # type: ignore[arg-type]


def test_board_size_limits_are_inclusive() -> None:
    assert Board.build(1, 1000).height == 1000
    assert Board.build(1000, 1).width == 1000


def test_terrain_must_be_on_the_board() -> None:
    with pytest.raises(InputError, match=r"terrain square \(5, 0\) is off the 5x5 board") as info:
        Board.build(5, 5, terrain={(5, 0): 1})
    assert info.value.location is not None and info.value.location.field == "terrain"


def test_obstacles_must_be_on_the_board() -> None:
    with pytest.raises(InputError, match=r"obstacle \(0, -1\) is off"):
        Board.build(5, 5, obstacles=[(0, -1)])


def test_heights_limits() -> None:
    board = Board.build(2, 1, terrain={(0, 0): 1000, (1, 0): -1000})
    assert board.height_difference((0, 0), (1, 0)) == -2000
    for level in (1001, -1001):
        with pytest.raises(InputError, match=r"out of range -1000\.\.1000"):
            Board.build(2, 1, terrain={(0, 0): level})


@pytest.mark.parametrize("level", [1.5, "2", None, True])
def test_heights_must_be_ints(level: object) -> None:
    with pytest.raises(InputError, match="whole number"):
        Board.build(2, 2, terrain={(0, 0): level})  # type: ignore[arg-type]


def test_terrain_listed_twice() -> None:
    with pytest.raises(InputError, match="two heights"):
        Board.build(3, 3, terrain=[([1, 1], 2), ((1, 1), 3)])
    assert Board.build(3, 3, terrain=[([1, 1], 2), ((1, 1), 2)]).height_at((1, 1)) == 2


def test_malformed_terrain_and_obstacles() -> None:
    with pytest.raises(InputError, match="a square and a height"):
        Board.build(3, 3, terrain=[(1, 1, 2)])  # type: ignore[list-item]
    with pytest.raises(InputError, match="terrain square must"):
        Board.build(3, 3, terrain=[("a", 2)])  # type: ignore[list-item]
    with pytest.raises(InputError, match="obstacle must"):
        Board.build(3, 3, obstacles=[1, 2])  # type: ignore[list-item]
    with pytest.raises(InputError, match="collection of squares"):
        Board(3, 3, obstacles="ab")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------------
# Basic queries


def test_contains_edges_and_corners() -> None:
    board = Board.build(4, 3)
    for square in [(0, 0), (3, 0), (0, 2), (3, 2), (2, 1)]:
        assert board.contains(square)
    for square in [(-1, 0), (0, -1), (4, 0), (0, 3), (4, 3)]:
        assert not board.contains(square)
    assert len(list(board.squares())) == 12
    assert next(board.squares()) == (0, 0)


def test_height_and_obstacle_lookups() -> None:
    board = Board.build(4, 4, terrain={(1, 2): 3, (3, 3): -2}, obstacles=[(0, 0)])
    assert board.height_at((1, 2)) == 3
    assert board.height_at([3, 3]) == -2
    assert board.height_at((2, 2)) == 0
    assert board.is_obstacle((0, 0))
    assert not board.is_obstacle((1, 2))
    assert board.height_difference((1, 2), (3, 3)) == -5
    assert board.height_difference((3, 3), (1, 2)) == 5


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.height_at((5, 0)),
        lambda b: b.is_obstacle((0, 5)),
        lambda b: b.neighbours((-1, 2)),
        lambda b: b.distance((0, 0), (9, 9)),
        lambda b: b.ray((7, 7), "N"),
        lambda b: b.direction_to((0, 0), (0, 5)),
        lambda b: b.line_of_sight((0, 0), (5, 5)),
        lambda b: b.shortest_path((0, 0), (5, 0)),
        lambda b: b.is_path([], (5, 0)),
    ],
)
def test_off_board_squares_are_input_errors(pillar5: Board, call: object) -> None:
    with pytest.raises(InputError, match="off the 5x5 board") as info:
        call(pillar5)  # type: ignore[operator]
    assert info.value.tip is not None and "x runs 0..4" in info.value.tip


def test_neighbours_in_direction_order(open5: Board) -> None:
    assert open5.neighbours((2, 2)) == [(2, 3), (3, 3), (3, 2), (3, 1), (2, 1), (1, 1), (1, 2), (1, 3)]
    assert open5.neighbours((0, 0)) == [(0, 1), (1, 1), (1, 0)]
    assert open5.neighbours((4, 4)) == [(4, 3), (3, 3), (3, 4)]
    assert open5.neighbours((0, 2)) == [(0, 3), (1, 3), (1, 2), (1, 1), (0, 1)]
    assert Board.build(1, 1).neighbours((0, 0)) == []


def test_neighbours_include_obstacles(pillar5: Board) -> None:
    assert (2, 2) in pillar5.neighbours((1, 1))


def test_distance_metrics(open5: Board) -> None:
    assert open5.distance((0, 0), (3, 4)) == 4
    assert open5.distance((0, 0), (3, 4), metric="chebyshev") == 4
    assert open5.distance((0, 0), (3, 4), metric="manhattan") == 7
    assert open5.distance((1, 1), (4, 1), "manhattan") == 3
    assert open5.distance((2, 2), (2, 2)) == 0
    with pytest.raises(ValueError, match="unknown distance metric 'euclid'"):
        open5.distance((0, 0), (1, 1), metric="euclid")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------------
# Rays and directions between squares


def test_ray_to_the_edge(open5: Board) -> None:
    assert open5.ray((2, 2), D.E) == [(3, 2), (4, 2)]
    assert open5.ray((2, 2), "nw") == [(1, 3), (0, 4)]
    assert open5.ray((0, 0), 2) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert open5.ray((1, 4), "S") == [(1, 3), (1, 2), (1, 1), (1, 0)]


def test_ray_length(open5: Board) -> None:
    assert open5.ray((0, 0), D.N, length=2) == [(0, 1), (0, 2)]
    assert open5.ray((0, 0), D.N, length=10) == [(0, 1), (0, 2), (0, 3), (0, 4)]
    assert open5.ray((0, 0), D.N, length=0) == []
    with pytest.raises(InputError, match="ray length"):
        open5.ray((0, 0), D.N, length=-1)


def test_bad_lengths_and_terrain_say_how_to_fix_them(open5: Board) -> None:
    """Each refusal of the board's own checks carries a tip."""
    with pytest.raises(InputError) as ray:
        open5.ray((0, 0), D.N, length=-1)
    assert ray.value.tip == "give a number of squares such as 3, or no length to run to the board's edge"
    with pytest.raises(InputError) as height:
        Board.build(5, 5, terrain={(1, 1): "high"})  # type: ignore[dict-item]
    assert height.value.tip == "give each height as a whole number of levels, e.g. [[3, 4], 2]"
    with pytest.raises(InputError) as size:
        Board(5, 3, Terrain(4, 3))
    assert size.value.tip == "paint the terrain for a 5x3 board, or give the board the terrain's size"


def test_ray_from_the_edge_outward_is_empty(open5: Board) -> None:
    assert open5.ray((4, 2), D.E) == []
    assert open5.ray((0, 0), D.SW) == []
    assert open5.ray((2, 4), D.NE) == []


def test_ray_passes_through_obstacles(pillar5: Board) -> None:
    assert pillar5.ray((2, 0), D.N) == [(2, 1), (2, 2), (2, 3), (2, 4)]


def test_ray_with_a_bad_direction(open5: Board) -> None:
    with pytest.raises(InputError, match="unknown direction"):
        open5.ray((0, 0), "up")


def test_direction_to(open5: Board) -> None:
    assert open5.direction_to((2, 2), (2, 4)) is D.N
    assert open5.direction_to((2, 2), (4, 4)) is D.NE
    assert open5.direction_to((2, 2), (3, 2)) is D.E
    assert open5.direction_to((2, 2), (4, 0)) is D.SE
    assert open5.direction_to((2, 2), (2, 0)) is D.S
    assert open5.direction_to((2, 2), (1, 1)) is D.SW
    assert open5.direction_to((2, 2), (0, 2)) is D.W
    assert open5.direction_to((2, 2), (0, 4)) is D.NW


def test_direction_to_not_aligned_is_none(open5: Board) -> None:
    assert open5.direction_to((2, 2), (2, 2)) is None
    assert open5.direction_to((0, 0), (1, 2)) is None  # a knight's move
    assert open5.direction_to((0, 0), (4, 3)) is None


def test_direction_to_agrees_with_ray(open5: Board) -> None:
    for d in Direction:
        for square in open5.ray((2, 2), d):
            assert open5.direction_to((2, 2), square) is d


# ---------------------------------------------------------------------------------------------------------
# Sight-line traversal


def test_steps_along_a_row(open5: Board) -> None:
    assert sight_steps((0, 2), (4, 2)) == [((1, 2),), ((2, 2),), ((3, 2),)]
    assert between(open5, (0, 2), (4, 2)) == [(1, 2), (2, 2), (3, 2)]
    assert between(open5, (4, 2), (0, 2)) == [(3, 2), (2, 2), (1, 2)]
    assert between(open5, (1, 0), (1, 3)) == [(1, 1), (1, 2)]


def test_steps_along_a_diagonal_graze_corners() -> None:
    assert sight_steps((0, 0), (2, 2)) == [((0, 1), (1, 0)), ((1, 1),), ((1, 2), (2, 1))]
    assert sight_steps((2, 2), (0, 0)) == [((1, 2), (2, 1)), ((1, 1),), ((0, 1), (1, 0))]


def test_steps_of_a_shallow_line() -> None:
    # y = x / 2 from (0, 0): crosses x = 0.5 at y = 0.25, y = 0.5 at x = 1, x = 1.5 at y = 0.75.
    assert sight_steps((0, 0), (2, 1)) == [((1, 0),), ((1, 1),)]
    # y = x / 3 passes exactly through the corner (1.5, 0.5).
    assert sight_steps((0, 0), (3, 1)) == [((1, 0),), ((1, 1), (2, 0)), ((2, 1),)]
    # Moving west and south works the same way.
    assert sight_steps((3, 1), (0, 0)) == [((2, 1),), ((1, 1), (2, 0)), ((1, 0),)]
    assert sight_steps((0, 3), (1, 0)) == [((0, 2),), ((0, 1), (1, 2)), ((1, 1),)]


def test_steps_of_a_steep_line() -> None:
    # x = y / 4 from (0, 0): crosses x = 0.5 at y = 2, in the middle of row 2, so no corner is touched.
    assert sight_steps((0, 0), (1, 4)) == [((0, 1),), ((0, 2),), ((1, 2),), ((1, 3),)]
    # x = y / 3 passes through the corner (0.5, 1.5).
    assert sight_steps((0, 0), (1, 3)) == [((0, 1),), ((0, 2), (1, 1)), ((1, 2),)]


def test_steps_between_neighbours_and_self() -> None:
    assert sight_steps((1, 1), (1, 1)) == []
    assert sight_steps((1, 1), (2, 1)) == []
    assert sight_steps((1, 1), (2, 2)) == [((1, 2), (2, 1))]


def test_the_squares_between_flatten_corner_pairs(open5: Board) -> None:
    assert between(open5, (0, 0), (2, 2)) == [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]


# ---------------------------------------------------------------------------------------------------------
# Line of sight


def test_ridge_of_height_5_blocks_between_heights_0_and_8() -> None:
    board = Board.build(5, 5, terrain={(2, 2): 5, (4, 2): 8})
    result = board.line_of_sight((0, 2), (4, 2))
    assert result == SightResult(False, (2, 2), "terrain at (2, 2) is 5 high, above the sight line (4 there)")
    assert not result
    assert not board.line_of_sight((4, 2), (0, 2))


def test_ridge_of_height_4_does_not_block_between_heights_0_and_8() -> None:
    board = Board.build(5, 5, terrain={(2, 2): 4, (4, 2): 8})
    result = board.line_of_sight((0, 2), (4, 2))
    assert result == SightResult(True, None, "nothing blocks the sight line")
    assert result
    assert board.line_of_sight((4, 2), (0, 2)).clear


def test_sight_line_height_can_be_fractional() -> None:
    blocked = Board.build(5, 5, terrain={(2, 2): 4, (4, 2): 7})
    assert blocked.line_of_sight((0, 2), (4, 2)).reason == (
        "terrain at (2, 2) is 4 high, above the sight line (3.5 there)"
    )
    thirds = Board.build(4, 1, terrain={(1, 0): 4, (3, 0): 10})
    assert thirds.line_of_sight((0, 0), (3, 0)).reason == (
        "terrain at (1, 0) is 4 high, above the sight line (about 3.33 there)"
    )
    just_clear = Board.build(4, 1, terrain={(1, 0): 3, (3, 0): 10})
    assert just_clear.line_of_sight((0, 0), (3, 0)).clear


def test_a_bump_between_two_units_on_the_ground_blocks() -> None:
    board = Board.build(5, 1, terrain={(2, 0): 1})
    assert board.line_of_sight((0, 0), (4, 0)).blocked_by == (2, 0)
    assert board.line_of_sight((1, 0), (3, 0)).blocked_by == (2, 0)


def test_a_hollow_never_blocks() -> None:
    board = Board.build(5, 1, terrain={(1, 0): -3, (2, 0): -1, (3, 0): -7})
    assert board.line_of_sight((0, 0), (4, 0)).clear


def test_looking_down_from_a_hill() -> None:
    low = Board.build(5, 1, terrain={(0, 0): 10, (3, 0): 2})
    assert low.line_of_sight((0, 0), (4, 0)).clear  # line is 2.5 high over (3, 0)
    high = Board.build(5, 1, terrain={(0, 0): 10, (3, 0): 3})
    assert high.line_of_sight((0, 0), (4, 0)).blocked_by == (3, 0)
    assert high.line_of_sight((4, 0), (0, 0)).blocked_by == (3, 0)


def test_obstacle_blocks(pillar5: Board) -> None:
    assert pillar5.line_of_sight((0, 2), (4, 2)) == SightResult(False, (2, 2), "obstacle at (2, 2)")
    assert pillar5.line_of_sight((2, 0), (2, 4)).blocked_by == (2, 2)
    assert pillar5.line_of_sight((0, 0), (4, 4)).blocked_by == (2, 2)
    assert pillar5.line_of_sight((4, 0), (0, 4)).blocked_by == (2, 2)
    assert pillar5.line_of_sight((0, 1), (4, 3)).blocked_by == (2, 2)


def test_lines_beside_the_obstacle_are_clear(pillar5: Board) -> None:
    assert pillar5.line_of_sight((0, 1), (4, 1)).clear
    assert pillar5.line_of_sight((3, 0), (3, 4)).clear
    assert pillar5.line_of_sight((0, 0), (4, 1)).clear
    # From (0, 1) to (4, 4) the line y = 1 + 3x/4 enters column 2 (x = 1.5) at y = 2.125, inside (2, 2).
    assert pillar5.line_of_sight((0, 1), (4, 4)).blocked_by == (2, 2)


def test_obstacles_are_walls_of_any_height() -> None:
    board = Board.build(5, 1, terrain={(0, 0): 100, (4, 0): 100}, obstacles=[(2, 0)])
    assert board.line_of_sight((0, 0), (4, 0)).reason == "obstacle at (2, 0)"


def test_first_blocker_from_the_viewer_is_reported() -> None:
    board = Board.build(6, 1, terrain={(3, 0): 2}, obstacles=[(1, 0)])
    assert board.line_of_sight((0, 0), (5, 0)).blocked_by == (1, 0)
    assert board.line_of_sight((5, 0), (0, 0)).blocked_by == (3, 0)


def test_corner_graze_by_one_obstacle_does_not_block() -> None:
    for obstacle in [(1, 0), (0, 1), (2, 1), (1, 2)]:
        board = Board.build(3, 3, obstacles=[obstacle])
        assert board.line_of_sight((0, 0), (2, 2)).clear, obstacle
        assert board.line_of_sight((2, 2), (0, 0)).clear, obstacle


def test_corner_blocked_on_both_sides_blocks() -> None:
    board = Board.build(3, 3, obstacles=[(1, 0), (0, 1)])
    result = board.line_of_sight((0, 0), (2, 2))
    assert result == SightResult(
        False,
        (0, 1),
        "corner between (0, 1) and (1, 0) is blocked on both sides: obstacle at (0, 1); obstacle at (1, 0)",
    )
    assert not board.line_of_sight((2, 2), (0, 0)).clear


def test_corner_blocked_by_obstacle_on_one_side_and_terrain_on_the_other() -> None:
    board = Board.build(3, 3, terrain={(2, 1): 1}, obstacles=[(1, 2)])
    result = board.line_of_sight((0, 0), (2, 2))
    assert not result.clear
    assert result.blocked_by == (1, 2)
    assert "obstacle at (1, 2)" in result.reason
    assert "terrain at (2, 1) is 1 high, above the sight line (0 there)" in result.reason


def test_corner_with_terrain_on_one_side_only_does_not_block() -> None:
    board = Board.build(3, 3, terrain={(2, 1): 9})
    assert board.line_of_sight((0, 0), (2, 2)).clear


def test_heights_are_judged_at_the_middle_of_the_crossing_and_at_the_corner() -> None:
    # From (0, 0) at height 0 to (3, 1) at height 6, along y = x / 3:
    # (1, 0) is crossed for t in [1/6, 1/2], judged at t = 1/3 where the line is 2 high;
    # the corner (1.5, 0.5) between (1, 1) and (2, 0) is at t = 1/2 where the line is 3 high;
    # (2, 1) is crossed for t in [1/2, 5/6], judged at t = 2/3 where the line is 4 high.
    def sees(**terrain: int) -> SightResult:
        heights = {(3, 1): 6} | {(int(k[1]), int(k[2])): v for k, v in terrain.items()}
        return Board.build(4, 2, terrain=heights).line_of_sight((0, 0), (3, 1))

    assert sees(s10=2).clear
    assert sees(s10=3).reason == "terrain at (1, 0) is 3 high, above the sight line (2 there)"
    assert sees(s21=4).clear
    assert sees(s21=5).blocked_by == (2, 1)
    assert sees(s11=4, s20=3).clear
    assert sees(s11=3, s20=4).clear
    blocked = sees(s11=4, s20=4)
    assert blocked.blocked_by == (1, 1)
    assert "(3 there)" in blocked.reason


def test_adjacent_squares_always_see_each_other() -> None:
    board = Board.build(3, 3, terrain={(0, 0): -5, (1, 1): 50}, obstacles=[(0, 1), (1, 0)])
    expected = SightResult(True, None, "adjacent squares always see each other")
    assert board.line_of_sight((0, 0), (1, 1)) == expected
    assert board.line_of_sight((1, 1), (0, 0)) == expected
    assert board.line_of_sight((0, 0), (0, 1)) == expected


def test_a_square_sees_itself(pillar5: Board) -> None:
    assert pillar5.line_of_sight((2, 2), (2, 2)) == SightResult(True, None, "same square")


def test_sight_from_edge_squares(pillar5: Board) -> None:
    assert pillar5.line_of_sight((0, 0), (4, 0)).clear
    assert pillar5.line_of_sight((0, 4), (4, 4)).clear
    assert pillar5.line_of_sight((0, 4), (4, 0)).blocked_by == (2, 2)


# ---------------------------------------------------------------------------------------------------------
# Paths


def test_is_path_accepts_a_legal_path(pillar5: Board) -> None:
    check = pillar5.is_path([(1, 1), (1, 2), (1, 3), (2, 3)], (0, 0))
    assert check == PathCheck(True)
    assert check
    assert pillar5.is_path([], (0, 0))
    assert pillar5.is_path([[1, 1]], [0, 0])


@pytest.mark.parametrize(
    ("path", "problem", "index"),
    [
        ([(1, 1), (3, 1)], "step 2 to (3, 1) is not next to (1, 1)", 1),
        ([(0, 0)], "step 1 to (0, 0) is not next to (0, 0)", 0),
        ([(1, 1), (2, 2)], "step 2 to (2, 2) enters an obstacle", 1),
        ([(0, 1), (0, 0)], "step 2 to (0, 0) revisits a square already on the path", 1),
        ([(1, 0), (1, 1), (1, 0)], "step 3 to (1, 0) revisits a square already on the path", 2),
        ([(0, -1)], "step 1 to (0, -1) leaves the 5x5 board", 0),
    ],
)
def test_is_path_explains_the_first_problem(
    pillar5: Board, path: list[tuple[int, int]], problem: str, index: int
) -> None:
    check = pillar5.is_path(path, (0, 0))
    assert check == PathCheck(False, problem, index)
    assert not check


def test_is_path_with_custom_passable(open5: Board) -> None:
    check = open5.is_path([(1, 0), (2, 0)], (0, 0), passable=lambda sq: sq != (2, 0))
    assert check == PathCheck(False, "step 2 to (2, 0) enters an impassable square", 1)


def test_is_path_refuses_malformed_squares(open5: Board) -> None:
    with pytest.raises(InputError, match="path square 2"):
        open5.is_path([(0, 1), "1,1"], (0, 0))  # type: ignore[list-item]


def test_shortest_path_trivial_and_straight(open5: Board) -> None:
    assert open5.shortest_path((2, 2), (2, 2)) == []
    assert open5.shortest_path((0, 0), (4, 4)) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert open5.shortest_path((0, 0), (0, 3)) == [(0, 1), (0, 2), (0, 3)]
    assert open5.shortest_path((0, 0), (1, 0)) == [(1, 0)]


def test_shortest_path_ties_prefer_low_direction_numbers(open5: Board) -> None:
    # Every shortest path from (0, 0) to (4, 1) takes 4 steps; the first in direction order is NE, NE, E, SE.
    assert open5.shortest_path((0, 0), (4, 1)) == [(1, 1), (2, 2), (3, 2), (4, 1)]
    # Going west every step must lose one x; SW (6) comes before W (7) and NW (8) whenever it still fits.
    assert open5.shortest_path((4, 2), (0, 2)) == [(3, 1), (2, 0), (1, 1), (0, 2)]


def test_shortest_path_goes_around_a_wall() -> None:
    wall = Board.build(5, 5, obstacles=[(2, 0), (2, 1), (2, 2), (2, 3)])
    path = wall.shortest_path((0, 0), (4, 0))
    # The only gap is (2, 4); N is tried first, so the path hugs the west edge on the way up.
    assert path == [(0, 1), (0, 2), (1, 3), (2, 4), (3, 3), (4, 2), (4, 1), (4, 0)]
    assert wall.is_path(path, (0, 0))


def test_shortest_path_squeezes_between_diagonal_obstacles() -> None:
    board = Board.build(2, 2, obstacles=[(0, 1), (1, 0)])
    assert board.shortest_path((0, 0), (1, 1)) == [(1, 1)]


def test_shortest_path_unreachable_or_blocked_goal(pillar5: Board) -> None:
    assert pillar5.shortest_path((0, 0), (2, 2)) is None
    boxed = Board.build(5, 5, obstacles=[(3, 4), (3, 3), (4, 3)])
    assert boxed.shortest_path((0, 0), (4, 4)) is None
    assert boxed.shortest_path((4, 4), (0, 0)) is None  # the start itself may be boxed in


def test_shortest_path_start_need_not_be_passable(pillar5: Board) -> None:
    assert pillar5.shortest_path((2, 2), (2, 4)) == [(2, 3), (2, 4)]


def test_shortest_path_custom_passable(open5: Board) -> None:
    marsh = {(1, 0), (1, 1), (1, 2), (1, 3)}
    path = open5.shortest_path((0, 0), (2, 0), passable=lambda sq: sq not in marsh)
    assert path == [(0, 1), (0, 2), (0, 3), (1, 4), (2, 3), (3, 2), (3, 1), (2, 0)]
    # A custom test replaces the obstacle test entirely.
    pillar = Board.build(3, 1, obstacles=[(1, 0)])
    assert pillar.shortest_path((0, 0), (2, 0)) is None
    assert pillar.shortest_path((0, 0), (2, 0), passable=lambda sq: True) == [(1, 0), (2, 0)]
