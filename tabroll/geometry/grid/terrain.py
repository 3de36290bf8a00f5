"""The terrain heights of a board, kept in proportion to the board, never to the input."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping

from tabroll.errors import InputError, Location
from tabroll.geometry import is_int
from tabroll.geometry.grid.squares import MAX_HEIGHT, MIN_HEIGHT, Square, as_square
from tabroll.i18n import N_, _


class Terrain(Mapping[Square, int]):
    """The terrain heights of a ``width`` x ``height`` board: one signed 16-bit level per square in a flat array, row
    by row from the south-west corner, allocated only once some level is not 0. As a mapping it lists the squares
    whose height is not 0, and compares equal to a ``dict`` of them. :meth:`painted` builds one from rectangles,
    each laid by block copies (never square by square), so a file's load time follows its number of areas."""

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
        """Terrain of a board from ``(corner, opposite corner, level)`` rectangles, in order, later over earlier (a
        square is ``(square, square, level)``); a corner off the board or a level out of range is an InputError."""
        levels: array[int] | None = None
        for a, b, level in areas:
            (x1, y1), (x2, y2) = (on_board(width, height, c, N_("terrain square"), "terrain") for c in (a, b))
            if not is_int(level) or not MIN_HEIGHT <= level <= MAX_HEIGHT:
                raise InputError(
                    _(
                        "terrain height at {square} must be a whole number from {low} to {high}, got {value}",
                        square=a,
                        low=MIN_HEIGHT,
                        high=MAX_HEIGHT,
                        value=repr(level),
                    ),
                    tip=_("heights are whole levels relative to the ground (0); check for a stray digit"),
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
        if not (is_int(x) and is_int(y) and 0 <= x < self._width and 0 <= y < self._height):
            return 0
        return levels[y * self._width + x]

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
            return self._levels == other._levels  # None (all at 0) equals only None
        return super().__eq__(other)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Terrain], tuple[int, int, array[int] | None]]:
        return (Terrain, (self._width, self._height, self._levels))

    def __repr__(self) -> str:
        shown = dict(self.items()) if self._count <= 20 else f"<{self._count} squares not at 0>"
        return f"Terrain({self._width}x{self._height}, {shown})"


def on_board(width: int, height: int, square: object, what: str, field_name: str | None = None) -> Square:
    """``square`` read (:func:`as_square`) and checked to be on a ``width`` x ``height`` board; ``what`` names it in
    the error (marked with ``N_``: said here), ``field_name`` is the field the error points at."""
    x, y = as_square(square, what)
    if not (0 <= x < width and 0 <= y < height):
        raise InputError(
            _("{what} {square} is off the {board} board", what=_(what), square=(x, y), board=f"{width}x{height}"),
            tip=_("x runs 0..{x} (west to east) and y runs 0..{y} (south to north)", x=width - 1, y=height - 1),
            location=Location(field=field_name) if field_name else None,
        )
    return (x, y)
