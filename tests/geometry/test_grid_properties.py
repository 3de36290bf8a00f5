"""Property tests for the square grid, checked against small independent oracles where we can."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tabroll.geometry.grid import Board, Direction, Square, chebyshev, manhattan, sight_steps
from tests.support import examples


def between(board: Board, a: Square, b: Square) -> list[Square]:
    """Every square the sight line from ``a`` to ``b`` touches, endpoints excluded, in order from ``a``."""
    return [square for step in sight_steps(a, b) for square in step]


HALF = Fraction(1, 2)


@st.composite
def boards(
    draw: st.DrawFn,
    /,
    max_side: int = 10,
    with_terrain: bool = True,
    with_obstacles: bool = True,
) -> Board:
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    squares = st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))
    # Small height range, so that a square exactly at sight-line height comes up often.
    terrain = draw(st.dictionaries(squares, st.integers(-4, 4))) if with_terrain else {}
    obstacles = draw(st.frozensets(squares, max_size=width * height // 3)) if with_obstacles else frozenset()
    return Board.build(width, height, terrain=terrain, obstacles=obstacles)


def on(board: Board) -> st.SearchStrategy[Square]:
    return st.tuples(st.integers(0, board.width - 1), st.integers(0, board.height - 1))


@st.composite
def board_and_squares(
    draw: st.DrawFn,
    /,
    count: int = 2,
    max_side: int = 10,
    with_terrain: bool = True,
    with_obstacles: bool = True,
) -> tuple[Board, list[Square]]:
    board = draw(boards(max_side, with_terrain, with_obstacles))
    return board, [draw(on(board)) for _ in range(count)]


free_squares = st.tuples(st.integers(-30, 30), st.integers(-30, 30))


# ---------------------------------------------------------------------------------------------------------
# Distances and directions


@given(free_squares, free_squares, free_squares)
def test_distance_metric_laws(a: Square, b: Square, c: Square) -> None:
    for metric in (chebyshev, manhattan):
        assert metric(a, b) == metric(b, a)
        assert metric(a, c) <= metric(a, b) + metric(b, c)
        assert (metric(a, b) == 0) == (a == b)
    assert chebyshev(a, b) <= manhattan(a, b) <= 2 * chebyshev(a, b)


@given(board_and_squares(count=3))
def test_board_distance_matches_the_free_functions(case: tuple[Board, list[Square]]) -> None:
    board, (a, b, c) = case
    assert board.distance(a, b) == chebyshev(a, b) == board.distance(b, a)
    assert board.distance(a, b, "manhattan") == manhattan(a, b)
    assert board.distance(a, c) <= board.distance(a, b) + board.distance(b, c)


@given(st.sampled_from(list(Direction)), st.integers(-20, 20))
def test_direction_algebra(d: Direction, k: int) -> None:
    assert d.opposite.opposite is d
    assert d.opposite.delta == (-d.delta[0], -d.delta[1])
    assert d.turned(k).turned(-k) is d
    assert Direction.from_delta(d.delta) is d
    assert (d.value % 2 == 0) == (0 not in d.delta)  # the even numbers are the diagonals
    for text in (d.short_name, d.short_name.lower(), str(d.value)):
        assert Direction.parse(text) is d
    assert d.name_for_log == f"{d.value} = {d.short_name}"


# ---------------------------------------------------------------------------------------------------------
# Rays and direction_to


@given(board_and_squares(count=1), st.sampled_from(list(Direction)), st.none() | st.integers(0, 12))
def test_ray_is_straight_and_stays_on_board(case: tuple[Board, list[Square]], d: Direction, length: int | None) -> None:
    board, [origin] = case
    ray = board.ray(origin, d, length)
    dx, dy = d.delta
    assert ray == [(origin[0] + k * dx, origin[1] + k * dy) for k in range(1, len(ray) + 1)]
    assert all(board.contains(square) for square in ray)
    full = board.ray(origin, d)
    past_the_end = (origin[0] + (len(full) + 1) * dx, origin[1] + (len(full) + 1) * dy)
    assert not board.contains(past_the_end)
    assert ray == full[: len(full) if length is None else length]


@given(board_and_squares(count=2))
def test_direction_to_agrees_with_rays(case: tuple[Board, list[Square]]) -> None:
    board, (a, b) = case
    found = [d for d in Direction if b in board.ray(a, d)]
    assert len(found) <= 1
    assert board.direction_to(a, b) == (found[0] if found else None)
    if found:
        assert board.direction_to(b, a) is found[0].opposite


# ---------------------------------------------------------------------------------------------------------
# Sight-line traversal


def oracle_crossing(a: Square, b: Square, cell: Square) -> tuple[Fraction, Fraction] | None:
    """The closed parameter interval over which segment a-b lies in the closed cell, or None."""
    lo, hi = Fraction(0), Fraction(1)
    for start, end, centre in ((a[0], b[0], cell[0]), (a[1], b[1], cell[1])):
        d = end - start
        if d == 0:
            if start != centre:  # integer coordinates: inside the closed slab only if equal
                return None
            continue
        t1, t2 = (centre - HALF - start) / d, (centre + HALF - start) / d
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return (lo, hi) if lo <= hi else None


@settings(max_examples=examples(300))
@given(free_squares, free_squares)
def test_sight_steps_are_exactly_the_supercover(a: Square, b: Square) -> None:
    steps = sight_steps(a, b)
    expected_singles: dict[Square, Fraction] = {}
    expected_pairs: dict[Square, Fraction] = {}
    for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            if (x, y) in (a, b):
                continue
            crossing = oracle_crossing(a, b, (x, y))
            if crossing is None:
                continue
            lo, hi = crossing
            if lo < hi:
                expected_singles[(x, y)] = (lo + hi) / 2
            else:
                expected_pairs[(x, y)] = lo
    singles = [step[0] for step in steps if len(step) == 1]
    pairs = [step for step in steps if len(step) == 2]
    assert all(len(step) in (1, 2) for step in steps)
    assert set(singles) == set(expected_singles) and len(singles) == len(expected_singles)
    assert {sq for pair in pairs for sq in pair} == set(expected_pairs)
    for first, second in pairs:
        assert first < second
        assert expected_pairs[first] == expected_pairs[second]  # the two grazed at the same corner
        assert chebyshev(first, second) == 1 and manhattan(first, second) == 2
    # In order along the segment.
    keys = [expected_singles[step[0]] if len(step) == 1 else expected_pairs[step[0]] for step in steps]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


@given(free_squares, free_squares)
def test_sight_steps_reverse_exactly(a: Square, b: Square) -> None:
    assert sight_steps(b, a) == sight_steps(a, b)[::-1]


@given(board_and_squares(count=2))
def test_the_squares_between_are_symmetric_and_on_board(case: tuple[Board, list[Square]]) -> None:
    board, (a, b) = case
    forward = between(board, a, b)
    backward = between(board, b, a)
    assert set(forward) == set(reversed(backward))
    assert len(forward) == len(set(forward))
    assert a not in forward and b not in forward
    assert all(board.contains(square) for square in forward)


# ---------------------------------------------------------------------------------------------------------
# Line of sight


@settings(max_examples=examples(300))
@given(board_and_squares(count=2))
def test_line_of_sight_is_symmetric(case: tuple[Board, list[Square]]) -> None:
    board, (a, b) = case
    forward, backward = board.line_of_sight(a, b), board.line_of_sight(b, a)
    assert forward.clear == backward.clear
    assert (forward.blocked_by is None) == forward.clear
    if not forward.clear:
        assert forward.blocked_by in between(board, a, b)
        assert backward.blocked_by in between(board, a, b)


@given(board_and_squares(count=2, with_obstacles=False, with_terrain=False), st.integers(-1000, 1000))
def test_flat_board_without_obstacles_is_clear_everywhere(case: tuple[Board, list[Square]], level: int) -> None:
    board, (a, b) = case
    assert board.line_of_sight(a, b).clear
    raised = Board.build(board.width, board.height, terrain={sq: level for sq in board.squares()})
    assert raised.line_of_sight(a, b).clear


@given(board_and_squares(count=2))
def test_adjacent_squares_always_see(case: tuple[Board, list[Square]]) -> None:
    board, (a, _) = case
    for n in board.neighbours(a):
        assert board.line_of_sight(a, n).clear


@given(board_and_squares(count=2), st.integers(-3, 3))
def test_sight_ignores_a_common_height_shift(case: tuple[Board, list[Square]], shift: int) -> None:
    board, (a, b) = case
    shifted = Board.build(
        board.width,
        board.height,
        terrain={sq: board.height_at(sq) + shift for sq in board.squares()},
        obstacles=board.obstacles,
    )
    assert shifted.line_of_sight(a, b).clear == board.line_of_sight(a, b).clear


@given(board_and_squares(count=3), st.integers(1, 5))
def test_raising_terrain_or_adding_an_obstacle_never_clears_sight(case: tuple[Board, list[Square]], rise: int) -> None:
    board, (a, b, c) = case
    assume(c not in (a, b))
    before = board.line_of_sight(a, b).clear
    higher = Board.build(
        board.width,
        board.height,
        terrain=dict(board.terrain) | {c: board.height_at(c) + rise},
        obstacles=board.obstacles,
    )
    walled = Board.build(board.width, board.height, terrain=board.terrain, obstacles=board.obstacles | {c})
    assert before or not higher.line_of_sight(a, b).clear
    assert before or not walled.line_of_sight(a, b).clear
    if c not in between(board, a, b):
        assert higher.line_of_sight(a, b).clear == before
        assert walled.line_of_sight(a, b).clear == before


def transformed(board: Board, f: Callable[[Square], Square], width: int, height: int) -> Board:
    return Board.build(
        width,
        height,
        terrain={f(sq): h for sq, h in board.terrain.items()},
        obstacles=[f(sq) for sq in board.obstacles],
    )


@settings(max_examples=examples(200))
@given(board_and_squares(count=2))
def test_sight_is_unchanged_by_mirroring_and_transposing(case: tuple[Board, list[Square]]) -> None:
    board, (a, b) = case
    expected = board.line_of_sight(a, b).clear
    w, h = board.width, board.height

    def mirror(sq: Square) -> Square:
        return (w - 1 - sq[0], sq[1])

    def flip(sq: Square) -> Square:
        return (sq[0], h - 1 - sq[1])

    def transpose(sq: Square) -> Square:
        return (sq[1], sq[0])

    for f, fw, fh in ((mirror, w, h), (flip, w, h), (transpose, h, w)):
        assert transformed(board, f, fw, fh).line_of_sight(f(a), f(b)).clear == expected


# ---------------------------------------------------------------------------------------------------------
# Paths


def oracle_distances(board: Board, goal: Square, start: Square) -> dict[Square, int]:
    """Plain BFS distances to ``goal`` over non-obstacle squares (the start may be an obstacle)."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        here = queue.popleft()
        for n in board.neighbours(here):
            if n not in dist and (n == start or not board.is_obstacle(n)):
                dist[n] = dist[here] + 1
                if n != start:
                    queue.append(n)
    return dist


@given(board_and_squares(count=2, with_obstacles=False))
def test_shortest_path_on_an_empty_board_is_chebyshev(case: tuple[Board, list[Square]]) -> None:
    board, (a, b) = case
    path = board.shortest_path(a, b)
    assert path is not None
    assert len(path) == chebyshev(a, b)
    assert path[-1:] == ([b] if a != b else [])
    assert all(chebyshev(p, q) == 1 for p, q in zip([a, *path], path, strict=False))
    assert board.is_path(path, a)


@settings(max_examples=examples(300))
@given(board_and_squares(count=2, max_side=7))
def test_shortest_path_matches_an_independent_bfs(case: tuple[Board, list[Square]]) -> None:
    board, (a, b) = case
    path = board.shortest_path(a, b)
    if a == b:
        assert path == []
        return
    dist = oracle_distances(board, b, a) if not board.is_obstacle(b) else {}
    if a not in dist:
        assert path is None
        return
    assert path is not None
    assert len(path) == dist[a]
    assert path[-1] == b
    assert board.is_path(path, a)


def all_shortest_paths(board: Board, a: Square, b: Square) -> list[list[Square]]:
    dist = oracle_distances(board, b, a)
    paths: list[list[Square]] = []

    def extend(here: Square, so_far: list[Square]) -> None:
        if here == b:
            paths.append(so_far)
            return
        for n in board.neighbours(here):
            if n != a and dist.get(n) == dist[here] - 1:
                extend(n, [*so_far, n])

    if a in dist:
        extend(a, [])
    return paths


@given(board_and_squares(count=2, max_side=5))
def test_shortest_path_takes_the_first_path_in_direction_order(case: tuple[Board, list[Square]]) -> None:
    board, (a, b) = case
    assume(a != b and not board.is_obstacle(b))
    candidates = all_shortest_paths(board, a, b)

    def directions(path: list[Square]) -> list[int]:
        return [Direction.from_delta((q[0] - p[0], q[1] - p[1])).value for p, q in zip([a, *path], path, strict=False)]

    expected = min(candidates, key=directions) if candidates else None
    assert board.shortest_path(a, b) == expected


@given(board_and_squares(count=2, max_side=6), st.frozensets(st.tuples(st.integers(0, 5), st.integers(0, 5))))
def test_shortest_path_respects_a_custom_passable(case: tuple[Board, list[Square]], marsh: frozenset[Square]) -> None:
    board, (a, b) = case
    seen: list[Square] = []

    def passable(square: Square) -> bool:
        seen.append(square)
        return square not in marsh

    path = board.shortest_path(a, b, passable=passable)
    assert a not in seen  # the start is never tested
    if path is not None:
        assert not set(path) & marsh
        assert board.is_path(path, a, passable=lambda sq: sq not in marsh)
