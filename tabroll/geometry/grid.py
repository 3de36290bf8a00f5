"""Square-grid geometry: squares, the eight directions, boards, sight lines and paths.

Conventions
===========

Squares
    A square is ``Square = tuple[int, int]``, written ``(x, y)`` and counted from 0. ``x`` grows to the east
    (right), ``y`` grows to the north (up), the way chess ranks climb away from white. ``(0, 0)`` is the
    south-west corner of a board. :func:`as_square` turns user input such as ``[3, 4]`` into a square and
    refuses anything else with an :class:`~tabroll.errors.InputError`.

Directions
    :class:`Direction` numbers the eight compass directions clockwise from north, so that a d8 roll *is* a
    direction: 1 = N ``(0, +1)``, 2 = NE, 3 = E ``(+1, 0)``, 4 = SE, 5 = S, 6 = SW, 7 = W, 8 = NW. Groups:
    :data:`HORIZONTAL`, :data:`VERTICAL`, :data:`DIAGONALS`, :data:`ALL` (tuples, in direction order) and
    :data:`ORTHOGONAL` / :data:`DIAGONAL` (frozen sets).

Adjacency and distance
    Squares are 8-connected: the up to eight squares touching a square by a side or a corner are its
    neighbours, and a diagonal step costs the same as a straight one. Distance is Chebyshev (``max(|dx|,
    |dy|)``) by default; Manhattan (``|dx| + |dy|``) is available on request.

Boards
    :class:`Board` is an immutable ``width`` x ``height`` rectangle (1 to 1000 squares a side) with a terrain
    height for each square (default 0, allowed range -1000..1000) and a set of obstacle squares. Every
    method that takes a square refuses one that is off the board, except :meth:`Board.contains`.

Line of sight (our ruling; the source rules never define it)
------------------------------------------------------------

1. Sight runs along the straight segment joining the *centres* of the two squares. Each end sits at the
   terrain height of its own square: a unit stands on top of its square's terrain and has no height of its
   own. The sight line's height varies linearly along the segment between those two end heights.
2. The squares in between are those the segment touches (a *supercover*), endpoints excluded. Most are
   crossed through their interior. When the segment passes exactly through a grid corner, the two squares
   on either side of that corner are only grazed; they form a *corner pair*.
3. A crossed square blocks sight if it is an obstacle (obstacles are walls of unlimited height), or if its
   terrain height is strictly greater than the sight line's height at the middle of the stretch of segment
   inside that square. Equal height does not block, so a flat board never blocks.
4. A corner pair is judged at the corner point itself, and blocks only if *both* of its squares block: a
   line grazing a corner slips past a wall on one side.
5. Units never block. Adjacent squares (including diagonal neighbours) always see each other, and a square
   sees itself.
6. All arithmetic is exact (integers and :class:`fractions.Fraction`), and the traversal from ``b`` to ``a``
   is the exact reverse of the one from ``a`` to ``b``, so sight is symmetric: ``a`` sees ``b`` if and only
   if ``b`` sees ``a``.

Paths
-----

A path is the list of squares a piece enters, start excluded and destination included. Each step goes to a
neighbouring square on the board, and no square (the start included) may be visited twice. There is no
corner-cutting rule: a diagonal step between two obstacles is allowed, matching rule 4 of sight.
:meth:`Board.shortest_path` picks, among all shortest paths, the one whose sequence of step directions comes
first in dictionary order of direction numbers (prefer N, then NE, then E, ... at every step), so the answer
is fully deterministic.
"""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

from tabroll.errors import InputError, Location
from tabroll.whole_numbers import read_whole

__all__ = [
    "ALL",
    "DIAGONAL",
    "DIAGONALS",
    "HORIZONTAL",
    "MAX_BOARD_SIDE",
    "MAX_HEIGHT",
    "MIN_HEIGHT",
    "ORTHOGONAL",
    "VERTICAL",
    "Board",
    "Direction",
    "Metric",
    "PathCheck",
    "SightResult",
    "Square",
    "Terrain",
    "as_square",
    "chebyshev",
    "manhattan",
    "sight_steps",
]

Square = tuple[int, int]
"""A square as ``(x, y)``: 0-based, x to the east, y to the north."""

Metric = Literal["chebyshev", "manhattan"]

MAX_BOARD_SIDE = 1000
MIN_HEIGHT = -1000
MAX_HEIGHT = 1000

_SQUARE_TIP = "write a square as two whole numbers [x, y], e.g. [3, 4]; x counts east from 0, y counts north from 0"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def as_square(value: object, what: str = "square") -> Square:
    """Return ``value`` as a ``(x, y)`` square.

    Accepts any sequence of exactly two integers (a tuple, a list, ...). Strings, booleans, floats and
    sequences of another length are refused with an :class:`InputError`; ``what`` names the value in the
    message (e.g. ``"origin"``).
    """
    if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        return value  # the common case, already canonical (checked by type alone: no bool is of type int)
    if isinstance(value, tuple) and len(value) == 2 and _is_int(value[0]) and _is_int(value[1]):
        return value  # the common case, already canonical
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InputError(f"{what} must be a pair of whole numbers (x, y), got {value!r}", tip=_SQUARE_TIP)
    if len(value) != 2:
        raise InputError(
            f"{what} must have exactly two coordinates (x, y), got {len(value)}: {value!r}", tip=_SQUARE_TIP
        )
    x, y = value[0], value[1]
    if not (_is_int(x) and _is_int(y)):
        raise InputError(f"{what} coordinates must be whole numbers, got {value!r}", tip=_SQUARE_TIP)
    return (x, y)


def chebyshev(a: Square, b: Square) -> int:
    """Chebyshev distance: the number of 8-connected steps from ``a`` to ``b`` on an empty board."""
    return max(abs(b[0] - a[0]), abs(b[1] - a[1]))


def manhattan(a: Square, b: Square) -> int:
    """Manhattan distance: the number of orthogonal steps from ``a`` to ``b`` on an empty board."""
    return abs(b[0] - a[0]) + abs(b[1] - a[1])


# --------------------------------------------------------------------------------------------------------
# Directions

# Indexed by direction number - 1.
_DELTAS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
_ORTHOGONAL_DELTAS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
_SHORT_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
_LONG_NAMES = ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest")
_DIRECTION_TIP = "give a number 1-8 counted clockwise from north (1 = N, 2 = NE, 3 = E, ... 8 = NW) or a name like NE"


class Direction(IntEnum):
    """The eight compass directions, numbered clockwise from north so that a d8 roll maps directly."""

    N = 1
    NE = 2
    E = 3
    SE = 4
    S = 5
    SW = 6
    W = 7
    NW = 8

    @property
    def delta(self) -> Square:
        """The ``(dx, dy)`` of one step in this direction."""
        return _DELTAS[self.value - 1]

    @property
    def short_name(self) -> str:
        """Compass abbreviation: ``'N'``, ``'NE'``, ..."""
        return _SHORT_NAMES[self.value - 1]

    @property
    def long_name(self) -> str:
        """Lower-case compass name: ``'north'``, ``'northeast'``, ..."""
        return _LONG_NAMES[self.value - 1]

    @property
    def name_for_log(self) -> str:
        """Number and name together for roll logs, e.g. ``'3 = E'``."""
        return f"{self.value} = {self.short_name}"

    @property
    def opposite(self) -> Direction:
        """The direction pointing the other way (N <-> S, NE <-> SW, ...)."""
        return self.turned(4)

    @property
    def is_orthogonal(self) -> bool:
        """True for N, E, S and W."""
        return self.value % 2 == 1

    @property
    def is_diagonal(self) -> bool:
        """True for NE, SE, SW and NW."""
        return self.value % 2 == 0

    def turned(self, eighths: int) -> Direction:
        """This direction turned ``eighths`` eighths of a circle clockwise (negative: anticlockwise)."""
        return Direction((self.value - 1 + eighths) % 8 + 1)

    @classmethod
    def from_delta(cls, delta: Sequence[int]) -> Direction:
        """The direction whose one-step delta is ``delta``; anything but a unit step is an InputError."""
        step = as_square(delta, "direction delta")
        try:
            return cls(_DELTAS.index(step) + 1)
        except ValueError:
            raise InputError(
                f"{step} is not a one-square step in any direction",
                tip="each coordinate of a step must be -1, 0 or 1, and not both 0",
            ) from None

    @classmethod
    def parse(cls, value: object) -> Direction:
        """Read a direction from a number 1-8 (or its digit string) or a compass name.

        Names are case-insensitive and may be short (``"ne"``) or long, with or without a separator
        (``"north-east"``, ``"north east"``, ``"northeast"``, ``"north_east"``).
        """
        if isinstance(value, Direction):
            return value
        if _is_int(value):
            assert isinstance(value, int)
            if 1 <= value <= 8:
                return cls(value)
            raise InputError(f"direction number must be 1-8, got {value}", tip=_DIRECTION_TIP)
        if isinstance(value, str):
            text = value.strip().lower()
            number = read_whole(text, digits=2)
            if number is not None and 1 <= number <= 8:
                return cls(number)
            compact = text.replace("-", "").replace("_", "").replace(" ", "")
            for index, (short, long) in enumerate(zip(_SHORT_NAMES, _LONG_NAMES, strict=True)):
                if compact in (short.lower(), long):
                    return cls(index + 1)
        raise InputError(f"unknown direction {value!r}", tip=_DIRECTION_TIP)


HORIZONTAL: tuple[Direction, ...] = (Direction.E, Direction.W)
VERTICAL: tuple[Direction, ...] = (Direction.N, Direction.S)
DIAGONALS: tuple[Direction, ...] = (Direction.NE, Direction.SE, Direction.SW, Direction.NW)
ALL: tuple[Direction, ...] = tuple(Direction)
ORTHOGONAL: frozenset[Direction] = frozenset((Direction.N, Direction.E, Direction.S, Direction.W))
DIAGONAL: frozenset[Direction] = frozenset(DIAGONALS)


# --------------------------------------------------------------------------------------------------------
# Sight-line traversal (board-free)


def _sight_walk(a: Square, b: Square) -> list[tuple[tuple[Square, ...], Fraction]]:
    """The supercover traversal from centre ``a`` to centre ``b``, endpoints excluded.

    Each entry is ``(squares, t)``: one square crossed through its interior, with ``t`` the segment
    parameter (0 at ``a``, 1 at ``b``) of the middle of its stretch inside that square; or a sorted corner
    pair, with ``t`` the parameter of the corner. Square ``(x, y)`` spans ``[x - 1/2, x + 1/2]`` by
    ``[y - 1/2, y + 1/2]``, so the k-th grid line crossed in x lies at ``t = (2k + 1) / (2 |dx|)``.
    """
    ax, ay = a
    nx, ny = abs(b[0] - ax), abs(b[1] - ay)
    sx = 1 if b[0] > ax else -1
    sy = 1 if b[1] > ay else -1
    x, y = ax, ay
    ix = iy = 0
    t_enter = Fraction(0)
    walk: list[tuple[tuple[Square, ...], Fraction]] = []
    while ix < nx or iy < ny:
        # order < 0: the next grid line crossed is vertical (step east/west), at t = (2ix+1)/(2nx);
        # order > 0: it is horizontal (step north/south), at t = (2iy+1)/(2ny); order == 0: a corner.
        if iy == ny:
            order = -1
        elif ix == nx:
            order = 1
        else:
            order = (2 * ix + 1) * ny - (2 * iy + 1) * nx
        t_exit = Fraction(2 * ix + 1, 2 * nx) if order <= 0 else Fraction(2 * iy + 1, 2 * ny)
        if (x, y) != a:
            walk.append((((x, y),), (t_enter + t_exit) / 2))
        if order < 0:
            x += sx
            ix += 1
        elif order > 0:
            y += sy
            iy += 1
        else:
            pair = tuple(sorted(((x + sx, y), (x, y + sy))))
            walk.append((pair, t_exit))
            x += sx
            y += sy
            ix += 1
            iy += 1
        t_enter = t_exit
    return walk


def sight_steps(a: Sequence[int], b: Sequence[int]) -> list[tuple[Square, ...]]:
    """The squares a sight line from centre ``a`` to centre ``b`` touches, grouped into steps, in order.

    A step is a 1-tuple for a square crossed through its interior, or a 2-tuple (sorted) for the two
    squares grazed where the line passes exactly through a grid corner. Endpoints are excluded, the board
    is not consulted, and ``sight_steps(b, a)`` is exactly ``sight_steps(a, b)`` reversed.
    """
    return [squares for squares, _ in _sight_walk(as_square(a, "from square"), as_square(b, "to square"))]


# --------------------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True, slots=True)
class SightResult:
    """The outcome of a line-of-sight check. Truthy when sight is clear."""

    clear: bool
    blocked_by: Square | None
    reason: str

    def __bool__(self) -> bool:
        return self.clear


@dataclass(frozen=True, slots=True)
class PathCheck:
    """The outcome of :meth:`Board.is_path`. Truthy when the path is valid.

    ``index`` is the 0-based position in the path of the first offending square, ``problem`` explains it.
    """

    ok: bool
    problem: str | None = None
    index: int | None = None

    def __bool__(self) -> bool:
        return self.ok


def _format_height(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    if (value * 100).denominator == 1:
        return f"{float(value):.2f}".rstrip("0")
    return f"about {float(round(value, 2)):.2f}"


# --------------------------------------------------------------------------------------------------------
# Terrain


class Terrain(Mapping[Square, int]):
    """The terrain heights of a ``width`` x ``height`` board, stored in proportion to the board, never the input.

    One signed 16-bit level per square in a flat array, row by row from the south-west corner (2 bytes a
    square: 2 MB for the largest board), allocated only once some level is not 0. As a mapping it lists the
    squares whose height is not 0, like a ``dict`` of them would, and compares equal to such a ``dict``.

    Build one with :meth:`painted`: rectangles laid in order, a later one over an earlier one. A rectangle
    costs block copies along its shorter side (one copy when it spans whole rows), never one step per square,
    so a file of many large areas loads in time that follows its number of areas.
    """

    __slots__ = ("_count", "_height", "_levels", "_width")

    def __init__(self, width: int, height: int, levels: array[int] | None = None) -> None:
        if levels is not None and len(levels) != width * height:
            raise ValueError(f"terrain levels hold {len(levels)} squares, not {width}x{height}")
        self._width = width
        self._height = height
        self._levels = levels if levels is not None and levels.count(0) != len(levels) else None
        self._count = 0 if self._levels is None else len(self._levels) - self._levels.count(0)

    @classmethod
    def painted(cls, width: int, height: int, areas: Iterable[tuple[Square, Square, int]]) -> Terrain:
        """Terrain of a board from ``(corner, opposite corner, level)`` rectangles, in order, later over earlier.

        A single square is the rectangle ``(square, square, level)``. Raises :class:`InputError` for a
        corner off the board or a level that is not a whole number in -1000..1000.
        """
        levels: array[int] | None = None
        for a, b, level in areas:
            (x1, y1), (x2, y2) = (_on(width, height, corner) for corner in (a, b))
            if not _is_int(level) or not MIN_HEIGHT <= level <= MAX_HEIGHT:
                raise InputError(
                    f"terrain height at {a} must be a whole number from {MIN_HEIGHT} to {MAX_HEIGHT}, got {level!r}",
                    tip="heights are whole levels relative to the ground (0); check for a stray digit",
                    location=Location(field="terrain"),
                )
            if levels is None:
                if level == 0:
                    continue
                levels = array("h", bytes(2 * width * height))
            x1, x2 = min(x1, x2), max(x1, x2)
            y1, y2 = min(y1, y2), max(y1, y2)
            columns, rows = x2 - x1 + 1, y2 - y1 + 1
            if columns == width:  # whole rows: one block
                levels[y1 * width : (y2 + 1) * width] = array("h", [level]) * (rows * width)
            elif rows <= columns:  # row by row
                row = array("h", [level]) * columns
                for y in range(y1, y2 + 1):
                    levels[y * width + x1 : y * width + x2 + 1] = row
            else:  # column by column
                column = array("h", [level]) * rows
                for x in range(x1, x2 + 1):
                    levels[y1 * width + x : y2 * width + x + 1 : width] = column
        return cls(width, height, levels)

    @property
    def size(self) -> tuple[int, int]:
        """The board's ``(width, height)`` this terrain covers."""
        return (self._width, self._height)

    def _level(self, key: object) -> int:
        levels = self._levels
        if levels is None or not (isinstance(key, tuple) and len(key) == 2):
            return 0
        x, y = key
        if not (_is_int(x) and _is_int(y) and 0 <= x < self._width and 0 <= y < self._height):
            return 0
        index: int = y * self._width + x
        return levels[index]

    def __getitem__(self, key: Square) -> int:
        level = self._level(key)
        if not level:
            raise KeyError(key)
        return level

    def get(self, key: Square, default: int | None = None) -> int | None:  # type: ignore[override]
        return self._level(key) or default

    def __contains__(self, key: object) -> bool:
        return self._level(key) != 0

    def __iter__(self) -> Iterator[Square]:
        if self._levels is None:
            return
        width = self._width
        for index, level in enumerate(self._levels):
            if level:
                yield (index % width, index // width)

    def __len__(self) -> int:
        return self._count

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Terrain) and other.size == self.size:
            if self._levels is None or other._levels is None:
                return self._levels is other._levels
            return self._levels == other._levels
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Terrain], tuple[int, int, array[int] | None]]:
        return (Terrain, (self._width, self._height, self._levels))

    def __repr__(self) -> str:
        shown = dict(self.items()) if self._count <= 20 else f"<{self._count} squares not at 0>"
        return f"Terrain({self._width}x{self._height}, {shown})"


def _on(width: int, height: int, square: object) -> Square:
    x, y = as_square(square, "terrain square")
    if not (0 <= x < width and 0 <= y < height):
        raise InputError(
            f"terrain square {(x, y)} is off the {width}x{height} board",
            tip=f"x runs 0..{width - 1} (west to east) and y runs 0..{height - 1} (south to north)",
            location=Location(field="terrain"),
        )
    return (x, y)


# --------------------------------------------------------------------------------------------------------
# Board


def _empty_terrain() -> Mapping[Square, int]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable rectangular board of squares with terrain heights and obstacles.

    ``terrain`` lists the squares whose height is not 0 (zeros given on input are dropped so that equal
    boards compare equal; whatever mapping it is given, the board keeps a :class:`Terrain`); ``obstacles`` are
    squares that block movement and sight. Construct with :meth:`build`, which accepts looser input; direct
    construction validates the same way.
    """

    width: int
    height: int
    terrain: Mapping[Square, int] = field(default_factory=_empty_terrain, hash=False)
    obstacles: frozenset[Square] = frozenset()

    def __post_init__(self) -> None:
        for name, side in (("width", self.width), ("height", self.height)):
            if not _is_int(side):
                raise InputError(
                    f"board {name} must be a whole number of squares, got {side!r}",
                    tip="give the board size in squares, e.g. width: 12, height: 8",
                    location=Location(field=name),
                )
            if not 1 <= side <= MAX_BOARD_SIDE:
                raise InputError(
                    f"board {name} {side} is out of range 1..{MAX_BOARD_SIDE}",
                    tip=f"boards are 1 to {MAX_BOARD_SIDE} squares a side; "
                    "check that the size is in squares, not inches or pixels",
                    location=Location(field=name),
                )
        terrain = self.terrain
        if isinstance(terrain, Terrain):
            if terrain.size != (self.width, self.height):
                raise InputError(
                    f"terrain for a {terrain.size[0]}x{terrain.size[1]} board given to a "
                    f"{self.width}x{self.height} board",
                    location=Location(field="terrain"),
                )
        else:
            checked = self._checked_terrain(terrain)
            terrain = Terrain.painted(self.width, self.height, ((sq, sq, level) for sq, level in checked.items()))
        object.__setattr__(self, "terrain", terrain)
        object.__setattr__(self, "obstacles", self._checked_obstacles(self.obstacles))

    @classmethod
    def build(
        cls,
        width: int,
        height: int,
        terrain: Mapping[Square, int] | Iterable[tuple[Sequence[int], int]] | None = None,
        obstacles: Iterable[Sequence[int]] = (),
    ) -> Board:
        """Build and validate a board.

        ``terrain`` is a mapping ``{(x, y): height}`` or an iterable of ``([x, y], height)`` pairs (handy
        for data read from YAML or JSON, where squares arrive as lists); unlisted squares are at height 0.
        ``obstacles`` is any iterable of squares. Raises :class:`InputError` for a size outside
        1..1000, a square off the board, a square listed twice with different heights, or a height outside
        -1000..1000.
        """
        pairs: Iterable[tuple[object, object]]
        if isinstance(terrain, Terrain):  # its corners and levels were checked as it was painted
            return cls(width, height, terrain, frozenset(as_square(o, "obstacle") for o in obstacles))
        if terrain is None:
            pairs = ()
        elif isinstance(terrain, Mapping):
            pairs = terrain.items()
        else:
            pairs = terrain
        if not (_is_int(width) and _is_int(height)):
            # Let __post_init__ word the error before we try to use the sizes.
            return cls(width, height)
        merged: dict[Square, int] = {}
        for entry in pairs:
            if not (isinstance(entry, tuple | list) and len(entry) == 2):
                raise InputError(
                    f"terrain entry must be a square and a height, got {entry!r}",
                    tip="write terrain as pairs like [[3, 4], 2] or as a mapping {(3, 4): 2}",
                    location=Location(field="terrain"),
                )
            raw_square, level = entry
            square = as_square(raw_square, "terrain square")
            if square in merged and merged[square] != level:
                raise InputError(
                    f"terrain square {square} is given two heights, {merged[square]!r} and {level!r}",
                    tip="list each square once",
                    location=Location(field="terrain"),
                )
            merged[square] = level  # type checked in __post_init__
        return cls(width, height, MappingProxyType(merged), frozenset(as_square(o, "obstacle") for o in obstacles))

    def _checked_terrain(self, terrain: object) -> dict[Square, int]:
        if not isinstance(terrain, Mapping):
            raise InputError(
                f"terrain must map squares to heights, got {type(terrain).__name__}",
                tip="write terrain as a mapping {(3, 4): 2} or build the board with Board.build",
                location=Location(field="terrain"),
            )
        checked: dict[Square, int] = {}
        for raw_square, level in terrain.items():
            square = self._on_board(as_square(raw_square, "terrain square"), "terrain square", "terrain")
            if not _is_int(level):
                raise InputError(
                    f"terrain height at {square} must be a whole number, got {level!r}",
                    location=Location(field="terrain"),
                )
            if not MIN_HEIGHT <= level <= MAX_HEIGHT:
                raise InputError(
                    f"terrain height {level} at {square} is out of range {MIN_HEIGHT}..{MAX_HEIGHT}",
                    tip="heights are whole levels relative to the ground (0); check for a stray digit",
                    location=Location(field="terrain"),
                )
            if level != 0:
                checked[square] = level
        return checked

    def _checked_obstacles(self, obstacles: object) -> frozenset[Square]:
        if isinstance(obstacles, (str, bytes)) or not isinstance(obstacles, Iterable):
            raise InputError(
                f"obstacles must be a collection of squares, got {obstacles!r}",
                tip="write obstacles as a list of squares, e.g. [[2, 3], [2, 4]]",
                location=Location(field="obstacles"),
            )
        return frozenset(self._on_board(as_square(o, "obstacle"), "obstacle", "obstacles") for o in obstacles)

    def _on_board(self, square: Square, what: str, field_name: str | None = None) -> Square:
        if not self.contains(square):
            raise InputError(
                f"{what} {square} is off the {self.width}x{self.height} board",
                tip=f"x runs 0..{self.width - 1} (west to east) and y runs 0..{self.height - 1} (south to north)",
                location=Location(field=field_name) if field_name else None,
            )
        return square

    def _square(self, value: object, what: str = "square") -> Square:
        if type(value) is tuple and len(value) == 2:  # the common case: a square of two ints on the board
            x, y = value
            if type(x) is int and type(y) is int and 0 <= x < self.width and 0 <= y < self.height:
                return value
        return self._on_board(as_square(value, what), what)

    # -- basic queries --------------------------------------------------------------------------------

    def contains(self, square: Sequence[int]) -> bool:
        """True if ``square`` is on the board. Never raises for a well-formed square."""
        x, y = as_square(square)
        return 0 <= x < self.width and 0 <= y < self.height

    def squares(self) -> Iterator[Square]:
        """Every square of the board, row by row from the south-west corner."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def height_at(self, square: Sequence[int]) -> int:
        """Terrain height of ``square`` (0 unless set)."""
        return self.terrain.get(self._square(square), 0)

    def is_obstacle(self, square: Sequence[int]) -> bool:
        """True if ``square`` holds an obstacle."""
        return self._square(square) in self.obstacles

    def neighbours(self, square: Sequence[int]) -> list[Square]:
        """The on-board squares touching ``square`` by a side or corner, in direction order N, NE, ... NW."""
        x, y = self._square(square)
        return self._neighbours(x, y)

    def _neighbours(self, x: int, y: int, metric: Metric = "chebyshev") -> list[Square]:
        """Squares one step away: by side or corner (chebyshev), or by side only (manhattan)."""
        w, h = self.width, self.height
        deltas = _DELTAS if metric == "chebyshev" else _ORTHOGONAL_DELTAS
        return [(x + dx, y + dy) for dx, dy in deltas if 0 <= x + dx < w and 0 <= y + dy < h]

    def distance(self, a: Sequence[int], b: Sequence[int], metric: Metric = "chebyshev") -> int:
        """Distance between two squares: ``"chebyshev"`` (8-connected steps) or ``"manhattan"``.

        An unknown ``metric`` is a programming error and raises :class:`ValueError`.
        """
        sa, sb = self._square(a), self._square(b)
        if metric == "chebyshev":
            return chebyshev(sa, sb)
        if metric == "manhattan":
            return manhattan(sa, sb)
        raise ValueError(f"unknown distance metric {metric!r}; use 'chebyshev' or 'manhattan'")

    def height_difference(self, a: Sequence[int], b: Sequence[int]) -> int:
        """Height of ``b`` minus height of ``a``: positive when ``b`` stands higher."""
        return self.height_at(b) - self.height_at(a)

    # -- straight lines -------------------------------------------------------------------------------

    def ray(self, origin: Sequence[int], direction: Direction | int | str, length: int | None = None) -> list[Square]:
        """Squares in a straight line from ``origin`` (excluded) in ``direction``.

        Stops at the board edge, or after ``length`` squares if that comes first. Obstacles do not stop a
        ray: this is geometry only. ``direction`` is anything :meth:`Direction.parse` accepts.
        """
        x, y = self._square(origin, "origin")
        dx, dy = Direction.parse(direction).delta
        if length is not None and (not _is_int(length) or length < 0):
            raise InputError(f"ray length must be a whole number 0 or more, got {length!r}")
        limit = self.width + self.height if length is None else length
        out: list[Square] = []
        while len(out) < limit:
            x, y = x + dx, y + dy
            if not (0 <= x < self.width and 0 <= y < self.height):
                break
            out.append((x, y))
        return out

    def direction_to(self, a: Sequence[int], b: Sequence[int]) -> Direction | None:
        """The direction of ``b`` from ``a`` if ``b`` lies on one of the eight straight lines from ``a``.

        ``None`` when ``a == b`` or ``b`` is off those lines (e.g. a knight's move away).
        """
        (ax, ay), (bx, by) = self._square(a), self._square(b)
        dx, dy = bx - ax, by - ay
        if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return None
        return Direction.from_delta(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)))

    def sight_steps(self, a: Sequence[int], b: Sequence[int]) -> list[tuple[Square, ...]]:
        """Like the module-level :func:`sight_steps`, with both squares checked to be on the board."""
        return sight_steps(self._square(a), self._square(b))

    def squares_between(self, a: Sequence[int], b: Sequence[int]) -> list[Square]:
        """Every square the sight line from ``a`` to ``b`` touches, endpoints excluded, in order from ``a``.

        This is the supercover of the segment between the centres: squares crossed through their interior
        and, where the line passes exactly through a corner, both grazed squares (in sorted order).
        """
        return [square for step in self.sight_steps(a, b) for square in step]

    def _blocker(self, square: Square, line_height: Fraction) -> str | None:
        """Why ``square`` blocks a sight line at ``line_height`` there, or None if it does not."""
        if square in self.obstacles:
            return f"obstacle at {square}"
        level = self.terrain.get(square, 0)
        if level > line_height:
            there = _format_height(line_height)
            return f"terrain at {square} is {level} high, above the sight line ({there} there)"
        return None

    def line_of_sight(self, a: Sequence[int], b: Sequence[int]) -> SightResult:
        """Whether a unit on ``a`` sees ``b`` under the ruling in the module docstring.

        When sight is blocked, ``blocked_by`` is the first blocking square counted from ``a`` (for a
        blocked corner, the first square of the sorted pair) and ``reason`` says why.
        """
        sa, sb = self._square(a, "from square"), self._square(b, "to square")
        if sa == sb:
            return SightResult(True, None, "same square")
        if chebyshev(sa, sb) == 1:
            return SightResult(True, None, "adjacent squares always see each other")
        start_height = self.terrain.get(sa, 0)
        rise = self.terrain.get(sb, 0) - start_height
        for squares, t in _sight_walk(sa, sb):
            line_height = start_height + rise * t
            reasons = [self._blocker(square, line_height) for square in squares]
            if all(reasons):
                if len(squares) == 1:
                    return SightResult(False, squares[0], str(reasons[0]))
                return SightResult(
                    False,
                    squares[0],
                    f"corner between {squares[0]} and {squares[1]} is blocked on both sides: "
                    f"{reasons[0]}; {reasons[1]}",
                )
        return SightResult(True, None, "nothing blocks the sight line")

    # -- paths ----------------------------------------------------------------------------------------

    def _passable_or_default(self, passable: Callable[[Square], bool] | None) -> Callable[[Square], bool]:
        if passable is not None:
            return passable
        obstacles = self.obstacles
        return lambda square: square not in obstacles

    def is_path(
        self,
        squares: Iterable[Sequence[int]],
        start: Sequence[int],
        passable: Callable[[Square], bool] | None = None,
        metric: Metric = "chebyshev",
    ) -> PathCheck:
        """Check that ``squares`` is a legal path from ``start`` (start excluded).

        Each square must be on the board, neighbour the one before it (8-connected), be passable (by
        default: not an obstacle; ``passable`` overrides that) and not repeat an earlier square or the
        start. An empty path is valid. Returns a truthy :class:`PathCheck`, or a falsy one explaining the
        first problem.
        """
        here = self._square(start, "path start")
        can_enter = self._passable_or_default(passable)
        seen = {here}
        for index, raw in enumerate(squares):
            square = as_square(raw, f"path square {index + 1}")
            step = f"step {index + 1} to {square}"
            if not self.contains(square):
                return PathCheck(False, f"{step} leaves the {self.width}x{self.height} board", index)
            if chebyshev(here, square) != 1:
                return PathCheck(False, f"{step} is not next to {here}", index)
            if metric == "manhattan" and manhattan(here, square) != 1:
                return PathCheck(False, f"{step} is diagonal; under the manhattan metric steps cross a side", index)
            if square in seen:
                return PathCheck(False, f"{step} revisits a square already on the path", index)
            if not can_enter(square):
                if square in self.obstacles:
                    return PathCheck(False, f"{step} enters an obstacle", index)
                return PathCheck(False, f"{step} enters an impassable square", index)
            seen.add(square)
            here = square
        return PathCheck(True)

    def shortest_path(
        self,
        start: Sequence[int],
        goal: Sequence[int],
        passable: Callable[[Square], bool] | None = None,
        max_length: int | None = None,
        metric: Metric = "chebyshev",
    ) -> list[Square] | None:
        """A shortest path from ``start`` to ``goal``: start excluded, goal included.

        Steps go to any of the 8 neighbours under the ``"chebyshev"`` metric, and only across a side under
        ``"manhattan"`` (where a diagonal step would count 2, it is two steps).

        ``passable`` decides which squares may be entered (default: anything but an obstacle); the start
        is never tested. Returns ``[]`` when ``start == goal`` and ``None`` when the goal cannot be reached,
        or only in more than ``max_length`` steps. Ties are broken as the module docstring describes.
        """
        origin, target = self._square(start, "start"), self._square(goal, "goal")
        if max_length is not None and (not _is_int(max_length) or max_length < 0):
            raise InputError(f"max_length must be a whole number 0 or more, got {max_length!r}")
        if origin == target:
            return []
        can_enter = self._passable_or_default(passable)
        if not can_enter(target):
            return None
        # Breadth-first search outward from the goal over passable squares, until the start is reached.
        # dist[s] is then exact for every square closer to the goal than the start.
        dist: dict[Square, int] = {target: 0}
        frontier = deque([target])
        found = False
        while frontier and not found:
            square = frontier.popleft()
            d = dist[square] + 1
            if max_length is not None and d > max_length:
                break
            for n in self._neighbours(*square, metric):
                if n in dist:
                    continue
                if n == origin:
                    found = True
                    break
                if can_enter(n):
                    dist[n] = d
                    frontier.append(n)
        if not found:
            return None
        # Walk from the start, taking the lowest-numbered direction that gets one step closer each time.
        path: list[Square] = []
        here = origin
        steps_left = 1 + min(dist[n] for n in self._neighbours(*origin, metric) if n in dist)
        while here != target:
            steps_left -= 1
            here = next(n for n in self._neighbours(*here, metric) if dist.get(n) == steps_left)
            path.append(here)
        return path
