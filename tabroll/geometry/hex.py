"""Hex-grid geometry, game-neutral: axial coordinates, numbered directions, clockwise scans, straight lines and sight.

- A hex is axial ``(q, r)`` (cube ``s = -q - r``); ``r`` grows to the south, as a printed map's rows are counted.
- :class:`Orientation`: pointy-top hexes (horizontal rows; sides NE, E, SE, SW, W, NW) or flat-top (vertical
  columns; sides N, NE, SE, S, SW, NW), each side's axial step fixed in ``_SIDES``.
- Directions are numbered 1 to 6 clockwise from ``first_direction`` (by default NE pointy, N flat): on a default
  pointy map 1 = NE, 2 = E, 3 = SE, 4 = SW, 5 = W, 6 = NW. A game numbering from another side changes only that.
- :meth:`HexMap.rectangle` lays hexes out in the odd offset layout from ``(0, 0)`` top-left: odd rows shoved half a
  hex right on pointy maps ("odd-r"), odd columns half a hex down on flat maps ("odd-q").
- :meth:`HexMap.hexes_between` interpolates in cube coordinates with exact fractions, every sample nudged by the
  same tiny ``(+e, +e, -2e)``, so a line along a hex edge always picks the same side and the result is the same
  from either end. Only blocked hexes strictly between two hexes block sight; units never do.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Any

import msgspec
import msgspec.structs

from tabroll.errors import InputError, Location
from tabroll.geometry import is_int, whole_pair
from tabroll.i18n import N_, _

Hex = tuple[int, int]
"""A hex as axial ``(q, r)``; cube ``s = -q - r``; ``r`` grows to the south."""

DIRECTIONS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
MAX_RADIUS = 200
MAX_SIDE = 400

_HEX_TIP = N_("write a hex as two whole numbers [q, r] in axial coordinates, e.g. [2, -1]")
_DIRECTION_TIP = N_("hex directions are numbered 1 to 6 clockwise")


class Orientation(StrEnum):
    """Which way the hexes point: ``pointy`` top (horizontal rows) or ``flat`` top (vertical columns)."""

    POINTY = "pointy"
    FLAT = "flat"


_SIDES: dict[Orientation, tuple[tuple[str, Hex], ...]] = {
    Orientation.POINTY: (
        ("NE", (1, -1)),
        ("E", (1, 0)),
        ("SE", (0, 1)),
        ("SW", (-1, 1)),
        ("W", (-1, 0)),
        ("NW", (0, -1)),
    ),
    Orientation.FLAT: (
        ("N", (0, -1)),
        ("NE", (1, -1)),
        ("SE", (1, 0)),
        ("S", (0, 1)),
        ("SW", (-1, 1)),
        ("NW", (-1, 0)),
    ),
}


def as_hex(value: object, what: str = "") -> Hex:
    """Return ``value`` as an axial ``(q, r)`` hex; anything but two whole numbers is an InputError. ``what``
    names it in the error (in the language now: a caller translates it)."""
    return whole_pair(value, _(what) if what else _("hex"), "q, r", _(_HEX_TIP))


def _check_direction(d: object) -> int:
    if is_int(d) and 1 <= d <= 6:
        return d
    raise InputError(_("hex direction must be a whole number 1-6, got {value}", value=repr(d)), tip=_(_DIRECTION_TIP))


def distance(a: Hex, b: Hex) -> int:
    """Hex distance: the number of steps between ``a`` and ``b`` on an unbounded map."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _cube_round(q: Fraction, r: Fraction) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (rq, rr)


class HexMap(msgspec.Struct, frozen=True):
    """An immutable hex map: a set of cells, an orientation, the numbering of directions and blocking hexes.
    ``first_direction`` left empty is the orientation's default (``"NE"`` pointy, ``"N"`` flat), then named."""

    cells: frozenset[Hex]
    orientation: Orientation = Orientation.POINTY
    first_direction: str = ""
    blocked: frozenset[Hex] = frozenset()
    _deltas: tuple[Hex, ...] = ()  # set in __post_init__, from the orientation and the first direction
    _names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        orientation = Orientation(self.orientation)
        sides = _SIDES[orientation]
        first = (self.first_direction or sides[0][0]).strip().upper()
        names = [name for name, _ in sides]
        if first not in names:
            if orientation is Orientation.POINTY:
                told = _("a pointy-top hex has no side {side} for direction 1", side=repr(self.first_direction))
            else:
                told = _("a flat-top hex has no side {side} for direction 1", side=repr(self.first_direction))
            raise InputError(told, tip=_("choose one of {names}", names=", ".join(names)))
        start = names.index(first)
        ordered = sides[start:] + sides[:start]
        msgspec.structs.force_setattr(self, "orientation", orientation)
        msgspec.structs.force_setattr(self, "first_direction", first)
        msgspec.structs.force_setattr(self, "cells", frozenset(self.cells))
        msgspec.structs.force_setattr(self, "blocked", frozenset(self.blocked))
        msgspec.structs.force_setattr(self, "_deltas", tuple(delta for _, delta in ordered))
        msgspec.structs.force_setattr(self, "_names", tuple(name for name, _ in ordered))

    @classmethod
    def hexagon(cls, radius: int, **kw: Any) -> HexMap:
        """All hexes within ``radius`` steps of ``(0, 0)`` (radius 0 is a single hex)."""
        cells = frozenset(
            (q, r)
            for q in range(-radius, radius + 1)
            for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1)
        )
        return cls(cells, **kw)

    @classmethod
    def rectangle(cls, columns: int, rows: int, **kw: Any) -> HexMap:
        """``columns`` x ``rows`` hexes in the odd offset layout (odd-r pointy, odd-q flat), top-left (0, 0)."""
        if Orientation(kw.get("orientation", Orientation.POINTY)) is Orientation.POINTY:
            cells = frozenset((col - (row - (row & 1)) // 2, row) for col in range(columns) for row in range(rows))
        else:
            cells = frozenset((col, row - (col - (col & 1)) // 2) for col in range(columns) for row in range(rows))
        return cls(cells, **kw)

    @classmethod
    def build(
        cls,
        *,
        radius: int | None = None,
        columns: int | None = None,
        rows: int | None = None,
        cells: Iterable[object] | None = None,
        orientation: str | Orientation = Orientation.POINTY,
        first_direction: str | None = None,
        blocked: Iterable[object] = (),
    ) -> HexMap:
        """A map from user input, checked: exactly one of ``radius``, ``columns`` + ``rows`` or ``cells``, sizes
        capped (:data:`MAX_RADIUS`, :data:`MAX_SIDE`), every blocked hex on the map."""
        try:
            orient = Orientation(str(orientation).strip().lower())
        except ValueError:
            raise InputError(
                _("unknown hex orientation {value}", value=repr(orientation)), tip=_("use 'pointy' or 'flat'")
            ) from None
        kw: dict[str, Any] = {"orientation": orient, "first_direction": first_direction or ""}
        given = sum(x is not None for x in (radius, cells)) + (columns is not None or rows is not None)
        if given != 1:
            raise InputError(
                _("a hex map needs exactly one of: a radius, columns and rows, or a list of cells"),
                tip=_("e.g. radius: 3  (a hexagon of 37 hexes)"),
            )
        if radius is not None:
            if not is_int(radius) or not 0 <= radius <= MAX_RADIUS:
                raise InputError(
                    _("hex map radius must be a whole number 0-{max}, got {value}", max=MAX_RADIUS, value=repr(radius)),
                    tip=_("a table-top map rarely needs a radius above 10"),
                )
            hex_map = cls.hexagon(radius, **kw)
        elif cells is not None:
            parsed = frozenset(as_hex(c, N_("map cell")) for c in cells)
            if not parsed:
                raise InputError(_("a hex map needs at least one cell"), tip=_("list cells as [q, r] pairs"))
            if len(parsed) > (2 * MAX_SIDE) ** 2:
                raise InputError(
                    _("too many cells ({n})", n=len(parsed)), tip=_("keep a map under a few thousand hexes")
                )
            hex_map = cls(parsed, **kw)
        else:
            for value, told in (
                (columns, N_("hex map columns must be a whole number 1-{max}, got {value}")),
                (rows, N_("hex map rows must be a whole number 1-{max}, got {value}")),
            ):
                if not is_int(value) or not 1 <= value <= MAX_SIDE:
                    raise InputError(
                        _(told, max=MAX_SIDE, value=repr(value)),
                        tip=_("give both columns and rows, e.g. columns: 8, rows: 6"),
                    )
            assert columns is not None and rows is not None
            hex_map = cls.rectangle(columns, rows, **kw)
        block = frozenset(as_hex(b, N_("blocked hex")) for b in blocked)
        off = sorted(block - hex_map.cells)
        if off:
            raise InputError(
                _("blocked hex {hex} is not on the map", hex=off[0]), tip=_("blocked hexes must be map cells")
            )
        return cls(hex_map.cells, hex_map.orientation, hex_map.first_direction, block)

    def contains(self, h: Hex) -> bool:
        """True when ``h`` is one of the map's cells."""
        return h in self.cells

    def direction_delta(self, d: int) -> Hex:
        """The axial step of direction ``d`` (1..6)."""
        return self._deltas[_check_direction(d) - 1]

    def side_name(self, d: int) -> str:
        """The compass side direction ``d`` points to, e.g. ``"NE"``."""
        return self._names[_check_direction(d) - 1]

    def direction_name(self, d: int) -> str:
        """Number and side together for logs, e.g. ``"1 (NE)"``."""
        return f"{d} ({self.side_name(d)})"

    def neighbour(self, h: Hex, d: int) -> Hex:
        """The hex one step from ``h`` in direction ``d``; it may be off the map (check :meth:`contains`)."""
        dq, dr = self.direction_delta(d)
        return (h[0] + dq, h[1] + dr)

    def neighbours(self, h: Hex) -> list[tuple[int, Hex]]:
        """``(direction, hex)`` for each on-map neighbour of ``h``, in direction order 1..6."""
        return [(d, n) for d in DIRECTIONS if (n := self.neighbour(h, d)) in self.cells]

    def clockwise_from(self, d: int) -> list[int]:
        """The clockwise scan starting *at* ``d``: ``[d, d+1, ..., d+5]`` wrapping within 1..6."""
        start = _check_direction(d)
        return [(start - 1 + i) % 6 + 1 for i in range(6)]

    def direction_to(self, a: Hex, b: Hex) -> int | None:
        """The direction of the straight line from ``a`` through ``b``, or None when there is none (or a == b)."""
        dq, dr = b[0] - a[0], b[1] - a[1]
        steps = distance(a, b)
        if steps == 0 or dq % steps or dr % steps:
            return None
        unit = (dq // steps, dr // steps)
        return self._deltas.index(unit) + 1 if unit in self._deltas else None

    def distance(self, a: Hex, b: Hex) -> int:
        """Hex distance between ``a`` and ``b`` (ignoring map edges and blocking hexes)."""
        return distance(a, b)

    def line(self, origin: Hex, d: int) -> list[Hex]:
        """Hexes in a straight line from the one after ``origin`` in direction ``d`` to the map's edge or the hex
        before the first blocked one."""
        dq, dr = self.direction_delta(d)
        result: list[Hex] = []
        h = (origin[0] + dq, origin[1] + dr)
        while h in self.cells and h not in self.blocked:
            result.append(h)
            h = (h[0] + dq, h[1] + dr)
        return result

    def hexes_between(self, a: Hex, b: Hex) -> list[Hex]:
        """The hexes a straight line from ``a`` to ``b`` crosses, ends excluded, in order from ``a``."""
        n = distance(a, b)
        if n <= 1:
            return []
        eps = Fraction(1, 10 * n)
        steps = (Fraction(i, n) for i in range(1, n))
        return [_cube_round(a[0] + (b[0] - a[0]) * t + eps, a[1] + (b[1] - a[1]) * t + eps) for t in steps]

    def line_of_sight(self, a: Hex, b: Hex) -> bool:
        """True when no blocked hex lies strictly between ``a`` and ``b``."""
        return not any(h in self.blocked for h in self.hexes_between(a, b))

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """``(col, row)`` of ``h`` in the odd offset layout used by :meth:`rectangle`."""
        q, r = h
        if self.orientation is Orientation.POINTY:
            return (q + (r - (r & 1)) // 2, r)
        return (q, r + (q - (q & 1)) // 2)


class HexPlacement(msgspec.Struct):
    """A scenario's units put on ``map`` one at a time (:meth:`place`), each refused with an
    :class:`~tabroll.errors.InputError` at its ``location`` when it stands off the map, on a blocked hex or on a
    hex a unit placed before holds; with ``twice``, also when its name was placed before. The game words each
    refusal: ``off_map``, ``blocked``, ``held`` and ``twice`` are :meth:`str.format` templates of ``{name}`` (the
    unit placed), ``{at}`` (its hex, written ``[q, r]``) and, in ``held``, ``{other}`` (the unit already there);
    ``off_map_tip`` is the tip of an off-map refusal."""

    map: HexMap
    off_map: str
    blocked: str
    held: str
    off_map_tip: str | None = None
    twice: str | None = None
    holders: dict[Hex, str] = msgspec.field(default_factory=dict)
    _names: set[str] = msgspec.field(default_factory=set)

    def place(self, name: str, at: Sequence[int], location: Location | None = None) -> Hex:
        """The hex ``at`` (an axial pair) once ``name`` may stand there; it then holds that hex."""
        h = (at[0], at[1])
        if self.twice is not None and name in self._names:
            raise InputError(
                self.twice.format(name=name, at=list(h)), tip=_("give each unit its own name"), location=location
            )
        if not self.map.contains(h):
            tip = self.off_map_tip or _("put it on a hex of the map")
            raise InputError(self.off_map.format(name=name, at=list(h)), tip=tip, location=location)
        if h in self.map.blocked:
            raise InputError(
                self.blocked.format(name=name, at=list(h)),
                tip=_("put it on a hex that is not blocked"),
                location=location,
            )
        other = self.holders.get(h)
        if other is not None:
            raise InputError(
                self.held.format(name=name, at=list(h), other=other),
                tip=_("move one of them to a free hex"),
                location=location,
            )
        self.holders[h] = name
        self._names.add(name)
        return h
