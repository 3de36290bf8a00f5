"""A scenario's ``heights``: areas are kept whole, never expanded square by square, and the squares they cover in all
are limited, so a file costs in proportion to its size (issue: 18,000 full-board areas took hours to load).

The cost is measured in memory, never timed: painting an area copies blocks along its shorter side (one block when it
spans whole rows), so the board holds about a byte a square, and a file over the limit is refused before any area is
painted."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.errors import InputError
from tabroll.geometry.grid import Board, Terrain
from tabroll.loading.scenario import load_scenario_file
from tabroll.rulesets.tabmaster import setup
from tests.support import examples
from tests.tabmaster.helpers import battle, run_data

UNITS = {"Lanceiro": {"side": "red", "at": [0, 0]}, "Soldado": {"side": "blue", "at": [5, 5]}}


def board_of(size: tuple[int, int], heights: list[dict[str, Any]]) -> Board:
    return run_data(battle(UNITS, [], size=size, heights=heights)).state.board


def expanded(size: tuple[int, int], heights: list[dict[str, Any]]) -> dict[tuple[int, int], int]:
    """The heights the slow way: every square of every entry, a later entry over an earlier one."""
    out: dict[tuple[int, int], int] = {}
    for patch in heights:
        (x1, y1), (x2, y2) = patch["area"] if "area" in patch else (patch["at"], patch["at"])
        for x in range(min(x1, x2), max(x1, x2) + 1):
            for y in range(min(y1, y2), max(y1, y2) + 1):
                out[(x, y)] = patch["height"]
    return {square: level for square, level in out.items() if level != 0}


@st.composite
def height_lists(draw: st.DrawFn) -> tuple[tuple[int, int], list[dict[str, Any]]]:
    size = (draw(st.integers(6, 12)), draw(st.integers(6, 9)))
    square = st.tuples(st.integers(0, size[0] - 1), st.integers(0, size[1] - 1)).map(list)
    level = st.integers(-3, 3)
    patch = st.one_of(
        st.fixed_dictionaries({"at": square, "height": level}),
        st.fixed_dictionaries({"area": st.tuples(square, square).map(list), "height": level}),
    )
    return size, draw(st.lists(patch, max_size=8))


@settings(max_examples=examples(60, 2_000), deadline=None)
@given(height_lists())
def test_areas_kept_whole_give_the_heights_of_every_square(drawn: tuple[tuple[int, int], list[dict[str, Any]]]) -> None:
    size, heights = drawn
    board = board_of(size, heights)
    assert dict(board.terrain) == expanded(size, heights)
    assert board.terrain == expanded(size, heights)
    for square in board.squares():
        assert board.height_at(square) == expanded(size, heights).get(square, 0)


def test_a_later_entry_lies_over_an_earlier_one() -> None:
    heights = [
        {"area": [[0, 0], [9, 9]], "height": 2},  # the whole board
        {"area": [[7, 1], [3, 2]], "height": 5},  # corners in any order
        {"at": [4, 1], "height": 0},  # back to the ground
        {"area": [[1, 8], [1, 3]], "height": -1},  # a column
    ]
    board = board_of((10, 10), heights)
    assert board.height_at((0, 0)) == 2
    assert [board.height_at((x, 1)) for x in range(10)] == [2, 2, 2, 5, 0, 5, 5, 5, 2, 2]
    assert [board.height_at((1, y)) for y in range(10)] == [2, 2, 2, -1, -1, -1, -1, -1, -1, 2]
    assert len(board.terrain) == 99  # every square but [4, 1]


def height_of(square: tuple[int, int], heights: list[dict[str, Any]]) -> int:
    """One square's height the slow way: the last entry that covers it, or the ground."""
    level = 0
    for patch in heights:
        (x1, y1), (x2, y2) = patch["area"] if "area" in patch else (patch["at"], patch["at"])
        if min(x1, x2) <= square[0] <= max(x1, x2) and min(y1, y2) <= square[1] <= max(y1, y2):
            level = patch["height"]
    return level


def test_a_large_board_of_large_areas_is_painted_whole_in_little_memory() -> None:
    """Nine full-board areas of the largest board (1,000 by 1,000) and two narrow ones: every square gets the height
    of the last entry over it, and the board holds its heights in about a byte a square (a square-by-square map
    of a million entries would take over a hundred megabytes)."""
    import tracemalloc

    heights = [{"area": [[0, 0], [999, 999]], "height": level} for level in range(1, 10)]
    heights.append({"area": [[10, 0], [12, 999]], "height": 20})  # 3 wide, 1,000 tall: three columns
    heights.append({"area": [[0, 500], [998, 500]], "height": -4})  # 999 wide, 1 tall: one row
    tracemalloc.start()
    try:
        board = board_of((1000, 1000), heights)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 24 * 2**20, f"painting took {peak / 2**20:.1f} MiB"
    samples = [(x, y) for x in (0, 9, 10, 11, 12, 13, 500, 998, 999) for y in (0, 1, 499, 500, 501, 999)]
    for square in samples:
        assert board.height_at(square) == height_of(square, heights), square
    assert len(board.terrain) == 1_000_000


def test_heights_over_the_limit_are_refused_before_any_is_painted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hostile file of the issue, 2,000 areas long instead of 18,000 (the same refusal, a shorter parse):
    every area covers the whole 1000x1000 board; the eleventh takes the total over 10,000,000 squares."""
    painted: list[object] = []
    monkeypatch.setattr(Terrain, "painted", classmethod(lambda cls, *args: painted.append(args)))
    lines = ["ruleset: tabmaster\n", "board:\n", "  size: [1000, 1000]\n", "  heights:\n"]
    lines += [f"    - {{area: [[0, 0], [999, 999]], height: {i % 7}}}\n" for i in range(2_000)]
    lines += ["units:\n", "  Lanceiro: {side: red, at: [0, 0]}\n", "  Soldado: {side: blue, at: [5, 5]}\n"]
    path = tmp_path / "heights.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(InputError) as refused:
        load_scenario_file(path, {})
    err = refused.value
    assert err.message == (
        "the heights cover 11,000,000 squares in all up to this entry, more than the limit of 10,000,000"
    )
    assert (err.location.file, err.location.line, err.location.field) == (str(path), 15, "board.heights[10]")
    assert err.tip is not None and "a square covered by two areas counts twice" in err.tip
    assert painted == []
    assert setup.HEIGHT_SQUARES_LIMIT == 10_000_000


def test_heights_up_to_the_limit_load() -> None:
    heights = [{"area": [[0, 0], [999, 999]], "height": 1}] * 10
    assert len(board_of((1000, 1000), heights).terrain) == 1_000_000
    with pytest.raises(InputError, match="more than the limit of 10,000,000"):
        board_of((1000, 1000), [*heights, {"at": [3, 3], "height": 2}])


def test_an_area_reaching_off_the_board_names_its_corner() -> None:
    with pytest.raises(InputError) as refused:
        board_of((10, 10), [{"area": [[2, 2], [10, 4]], "height": 1}])
    assert refused.value.message == "height given for square [10, 4], outside the 10x10 board"
    assert refused.value.location is not None and refused.value.location.field == "board.heights[0]"


def test_terrain_is_a_mapping_of_the_squares_not_at_0() -> None:
    terrain = Terrain.painted(4, 3, [((0, 0), (1, 0), 2), ((3, 2), (3, 2), -1), ((1, 0), (1, 0), 0)])
    assert terrain == {(0, 0): 2, (3, 2): -1}
    assert {(0, 0): 2, (3, 2): -1} == terrain  # noqa: SIM300 (the dict on the left: the reflected comparison)
    assert list(terrain) == [(0, 0), (3, 2)] and len(terrain) == 2
    assert terrain[(3, 2)] == -1 and (1, 0) not in terrain
    assert [terrain.get(key, 0) for key in [(1, 0), (4, 0), (-1, 0), (0, -3), "ab", (True, 0), (0.0, 0)]] == [0] * 7
    with pytest.raises(KeyError):
        terrain[(1, 0)]
    assert pickle.loads(pickle.dumps(terrain)) == terrain
    assert repr(terrain) == "Terrain(4x3, {(0, 0): 2, (3, 2): -1})"
    assert Terrain.painted(4, 3, [((0, 0), (3, 2), 0)]) == Terrain(4, 3) == {}
    assert Board.build(4, 3, terrain=terrain) == Board.build(4, 3, terrain={(0, 0): 2, (3, 2): -1})
    with pytest.raises(InputError, match="terrain for a 4x3 board given to a 5x3 board"):
        Board(5, 3, terrain)
    with pytest.raises(InputError, match=r"terrain square \(4, 0\) is off the 4x3 board"):
        Terrain.painted(4, 3, [((0, 0), (4, 0), 1)])
    with pytest.raises(InputError, match="from -1000 to 1000, got 1001"):
        Terrain.painted(4, 3, [((0, 0), (0, 0), 1001)])
