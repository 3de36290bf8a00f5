"""Squares, the distances between them and the eight directions (see :mod:`tabroll.geometry.grid`)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Literal

from tabroll.errors import InputError
from tabroll.geometry import is_int, whole_pair
from tabroll.i18n import N_, _
from tabroll.whole_numbers import read_whole

Square = tuple[int, int]
"""A square as ``(x, y)``: 0-based, x to the east, y to the north."""

Metric = Literal["chebyshev", "manhattan"]

MAX_BOARD_SIDE = 1000
MIN_HEIGHT = -1000
MAX_HEIGHT = 1000

_SQUARE_TIP = N_("write a square as two whole numbers [x, y], e.g. [3, 4]; x counts east from 0, y counts north from 0")


def as_square(value: object, what: str = "") -> Square:
    """``value``, any sequence of two whole numbers, as a ``(x, y)`` square; anything else is an
    :class:`InputError` that names it ``what`` (e.g. ``"origin"``)."""
    if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        return value  # the common case, already canonical (checked by type alone: no bool is of type int)
    return whole_pair(value, _(what) if what else _("square"), "x, y", _(_SQUARE_TIP))


def chebyshev(a: Square, b: Square) -> int:
    """Chebyshev distance: the number of 8-connected steps from ``a`` to ``b`` on an empty board."""
    return max(abs(b[0] - a[0]), abs(b[1] - a[1]))


def manhattan(a: Square, b: Square) -> int:
    """Manhattan distance: the number of orthogonal steps from ``a`` to ``b`` on an empty board."""
    return abs(b[0] - a[0]) + abs(b[1] - a[1])


# Indexed by direction number - 1.
DIRECTION_DELTAS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
ORTHOGONAL_DELTAS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
_LONG_NAMES = ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest")
_DIRECTION_TIP = N_(
    "give a number 1-8 counted clockwise from north (1 = N, 2 = NE, 3 = E, ... 8 = NW) or a name like NE"
)


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
        return DIRECTION_DELTAS[self.value - 1]

    @property
    def short_name(self) -> str:
        """Compass abbreviation: ``'N'``, ``'NE'``, ..."""
        return self.name

    @property
    def name_for_log(self) -> str:
        """Number and name together for roll logs, e.g. ``'3 = E'``."""
        return f"{self.value} = {self.short_name}"

    @property
    def opposite(self) -> Direction:
        """The direction pointing the other way (N <-> S, NE <-> SW, ...)."""
        return self.turned(4)

    def turned(self, eighths: int) -> Direction:
        """This direction turned ``eighths`` eighths of a circle clockwise (negative: anticlockwise)."""
        return Direction((self.value - 1 + eighths) % 8 + 1)

    @classmethod
    def from_delta(cls, delta: Sequence[int]) -> Direction:
        """The direction whose one-step delta is ``delta``; anything but a unit step is an InputError."""
        step = as_square(delta, N_("direction delta"))
        try:
            return cls(DIRECTION_DELTAS.index(step) + 1)
        except ValueError:
            raise InputError(
                _("{step} is not a one-square step in any direction", step=step),
                tip=_("each coordinate of a step must be -1, 0 or 1, and not both 0"),
            ) from None

    @classmethod
    def parse(cls, value: object) -> Direction:
        """A direction from a number 1-8 (or its digits) or a compass name, in any case, short (``"ne"``) or long
        with or without a separator (``"north-east"``, ``"north east"``, ``"northeast"``, ``"north_east"``)."""
        if isinstance(value, Direction):
            return value
        if is_int(value):
            if 1 <= value <= 8:
                return cls(value)
            raise InputError(_("direction number must be 1-8, got {value}", value=value), tip=_(_DIRECTION_TIP))
        if isinstance(value, str):
            text = value.strip().lower()
            number = read_whole(text, digits=2)
            if number is not None and 1 <= number <= 8:
                return cls(number)
            compact = text.replace("-", "").replace("_", "").replace(" ", "")
            for direction, long in zip(cls, _LONG_NAMES, strict=True):
                if compact in (direction.name.lower(), long):
                    return direction
        raise InputError(_("unknown direction {value}", value=repr(value)), tip=_(_DIRECTION_TIP))
