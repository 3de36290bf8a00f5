"""The board: its squares, terrain and obstacles, and the sight lines, reaches and paths across it."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec
import msgspec.structs

from tabroll.errors import InputError, Location
from tabroll.frozen import hash_without
from tabroll.geometry import is_int
from tabroll.geometry.grid.squares import (
    DIRECTION_DELTAS,
    MAX_BOARD_SIDE,
    MAX_HEIGHT,
    MIN_HEIGHT,
    ORTHOGONAL_DELTAS,
    Direction,
    Metric,
    Square,
    as_square,
    chebyshev,
    manhattan,
)
from tabroll.geometry.grid.terrain import Terrain, on_board
from tabroll.i18n import N_, _

if TYPE_CHECKING:
    from tabroll.geometry.grid.paths import PathCheck


def _sight_walk(a: Square, b: Square) -> list[tuple[tuple[Square, ...], Fraction]]:
    """The supercover traversal from centre ``a`` to centre ``b``, endpoints excluded: each entry ``(squares, t)``
    is one square crossed through its interior, with ``t`` the segment parameter (0 at ``a``, 1 at ``b``) of the
    middle of its stretch inside it, or a sorted corner pair with ``t`` at the corner. Square ``(x, y)`` spans
    ``[x - 1/2, x + 1/2]`` by ``[y - 1/2, y + 1/2]``: the k-th grid line crossed in x is at ``t = (2k+1) / (2|dx|)``."""
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
        if order == 0:  # through the corner: the two squares beside it, grazed
            walk.append((tuple(sorted(((x + sx, y), (x, y + sy)))), t_exit))
        if order <= 0:
            x += sx
            ix += 1
        if order >= 0:
            y += sy
            iy += 1
        t_enter = t_exit
    return walk


def sight_steps(a: Sequence[int], b: Sequence[int]) -> list[tuple[Square, ...]]:
    """The squares a sight line from centre ``a`` to centre ``b`` touches, in steps: a 1-tuple for a square crossed
    through its interior, a sorted 2-tuple for the two grazed at a grid corner. Endpoints excluded, no board
    consulted; ``sight_steps(b, a)`` is exactly ``sight_steps(a, b)`` reversed."""
    return [squares for squares, _ in _sight_walk(as_square(a, N_("from square")), as_square(b, N_("to square")))]


class SightResult(msgspec.Struct, frozen=True):
    """The outcome of a line-of-sight check. Truthy when sight is clear."""

    clear: bool
    blocked_by: Square | None
    reason: str

    def __bool__(self) -> bool:
        return self.clear


def _format_height(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    if (value * 100).denominator == 1:
        return f"{float(value):.2f}".rstrip("0")
    return _("about {height}", height=f"{float(round(value, 2)):.2f}")


class Board(msgspec.Struct, frozen=True):
    """An immutable rectangular board of squares with terrain heights and obstacles (which block movement and
    sight). ``terrain`` lists the squares whose height is not 0 (zeros given are dropped, so that equal boards
    compare equal), kept as a :class:`Terrain`. :meth:`build` takes looser input; both check the same way."""

    width: int
    height: int
    terrain: Mapping[Square, int] = msgspec.field(default_factory=lambda: MappingProxyType({}))  # not hashed
    obstacles: frozenset[Square] = frozenset()

    __hash__ = hash_without("terrain")

    def __post_init__(self) -> None:
        for name, side in (("width", self.width), ("height", self.height)):
            if not is_int(side):
                raise InputError(
                    _("board width must be a whole number of squares, got {value}", value=repr(side))
                    if name == "width"
                    else _("board height must be a whole number of squares, got {value}", value=repr(side)),
                    tip=_("give the board size in squares, e.g. width: 12, height: 8"),
                    location=Location(field=name),
                )
            if not 1 <= side <= MAX_BOARD_SIDE:
                raise InputError(
                    _("board width {value} is out of range 1..{max}", value=side, max=MAX_BOARD_SIDE)
                    if name == "width"
                    else _("board height {value} is out of range 1..{max}", value=side, max=MAX_BOARD_SIDE),
                    tip=_(
                        "boards are 1 to {max} squares a side; check that the size is in squares, not inches or pixels",
                        max=MAX_BOARD_SIDE,
                    ),
                    location=Location(field=name),
                )
        terrain = self.terrain
        if isinstance(terrain, Terrain):
            if terrain.size != (self.width, self.height):
                raise InputError(
                    _(
                        "terrain for a {size} board given to a {board} board",
                        size=f"{terrain.size[0]}x{terrain.size[1]}",
                        board=f"{self.width}x{self.height}",
                    ),
                    tip=_(
                        "paint the terrain for a {board} board, or give the board the terrain's size",
                        board=f"{self.width}x{self.height}",
                    ),
                    location=Location(field="terrain"),
                )
        else:
            checked = self._checked_terrain(terrain)
            terrain = Terrain.painted(self.width, self.height, ((sq, sq, level) for sq, level in checked.items()))
        msgspec.structs.force_setattr(self, "terrain", terrain)
        msgspec.structs.force_setattr(self, "obstacles", self._checked_obstacles(self.obstacles))

    @classmethod
    def build(
        cls,
        width: int,
        height: int,
        terrain: Mapping[Square, int] | Iterable[tuple[Sequence[int], int]] | None = None,
        obstacles: Iterable[Sequence[int]] = (),
    ) -> Board:
        """A board from looser input, checked: ``terrain`` a mapping ``{(x, y): height}`` or ``([x, y], height)``
        pairs (as YAML and JSON give squares), unlisted squares at height 0, and ``obstacles`` any iterable of
        squares. A size, square or height out of range, or a square given two heights, is an :class:`InputError`."""
        if isinstance(terrain, Terrain):  # its corners and levels were checked as it was painted
            return cls(width, height, terrain, frozenset(as_square(o, N_("obstacle")) for o in obstacles))
        pairs = () if terrain is None else terrain.items() if isinstance(terrain, Mapping) else terrain
        if not (is_int(width) and is_int(height)):
            # Let __post_init__ word the error before we try to use the sizes.
            return cls(width, height)
        merged: dict[Square, int] = {}
        for entry in pairs:
            if not (isinstance(entry, tuple | list) and len(entry) == 2):
                raise InputError(
                    _("terrain entry must be a square and a height, got {value}", value=repr(entry)),
                    tip=_(
                        "write terrain as pairs like {pairs} or as a mapping {mapping}",
                        pairs="[[3, 4], 2]",
                        mapping="{(3, 4): 2}",
                    ),
                    location=Location(field="terrain"),
                )
            raw_square, level = entry
            square = as_square(raw_square, N_("terrain square"))
            if square in merged and merged[square] != level:
                raise InputError(
                    _(
                        "terrain square {square} is given two heights, {first} and {second}",
                        square=square,
                        first=repr(merged[square]),
                        second=repr(level),
                    ),
                    tip=_("list each square once"),
                    location=Location(field="terrain"),
                )
            merged[square] = level  # type checked in __post_init__
        return cls(width, height, MappingProxyType(merged), frozenset(as_square(o, N_("obstacle")) for o in obstacles))

    def _checked_terrain(self, terrain: object) -> dict[Square, int]:
        if not isinstance(terrain, Mapping):
            raise InputError(
                _("terrain must map squares to heights, got {type}", type=type(terrain).__name__),
                tip=_(
                    "write terrain as a mapping {mapping} or build the board with Board.build", mapping="{(3, 4): 2}"
                ),
                location=Location(field="terrain"),
            )
        checked: dict[Square, int] = {}
        for raw_square, level in terrain.items():
            square = on_board(self.width, self.height, raw_square, N_("terrain square"), "terrain")
            if not is_int(level):
                raise InputError(
                    _(
                        "terrain height at {square} must be a whole number, got {value}",
                        square=square,
                        value=repr(level),
                    ),
                    tip=_("give each height as a whole number of levels, e.g. {example}", example="[[3, 4], 2]"),
                    location=Location(field="terrain"),
                )
            if not MIN_HEIGHT <= level <= MAX_HEIGHT:
                raise InputError(
                    _(
                        "terrain height {level} at {square} is out of range {low}..{high}",
                        level=level,
                        square=square,
                        low=MIN_HEIGHT,
                        high=MAX_HEIGHT,
                    ),
                    tip=_("heights are whole levels relative to the ground (0); check for a stray digit"),
                    location=Location(field="terrain"),
                )
            if level != 0:
                checked[square] = level
        return checked

    def _checked_obstacles(self, obstacles: object) -> frozenset[Square]:
        if isinstance(obstacles, (str, bytes)) or not isinstance(obstacles, Iterable):
            raise InputError(
                _("obstacles must be a collection of squares, got {value}", value=repr(obstacles)),
                tip=_("write obstacles as a list of squares, e.g. [[2, 3], [2, 4]]"),
                location=Location(field="obstacles"),
            )
        return frozenset(on_board(self.width, self.height, o, N_("obstacle"), "obstacles") for o in obstacles)

    def _square(self, value: object, what: str = N_("square")) -> Square:
        if type(value) is tuple and len(value) == 2:  # the common case: a square of two ints on the board
            x, y = value
            if type(x) is int and type(y) is int and 0 <= x < self.width and 0 <= y < self.height:
                return value
        return on_board(self.width, self.height, value, what)

    def contains(self, square: Sequence[int]) -> bool:
        """True if ``square`` is on the board. Never raises for a well-formed square."""
        x, y = as_square(square)
        return 0 <= x < self.width and 0 <= y < self.height

    def squares(self) -> Iterator[Square]:
        """Every square of the board, row by row from the south-west corner."""
        return ((x, y) for y in range(self.height) for x in range(self.width))

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
        deltas = DIRECTION_DELTAS if metric == "chebyshev" else ORTHOGONAL_DELTAS
        return [(x + dx, y + dy) for dx, dy in deltas if 0 <= x + dx < w and 0 <= y + dy < h]

    def distance(self, a: Sequence[int], b: Sequence[int], metric: Metric = "chebyshev") -> int:
        """Distance between two squares: ``"chebyshev"`` (8-connected steps) or ``"manhattan"``."""
        sa, sb = self._square(a), self._square(b)
        if metric == "chebyshev":
            return chebyshev(sa, sb)
        if metric == "manhattan":
            return manhattan(sa, sb)
        raise ValueError(f"unknown distance metric {metric!r}; use 'chebyshev' or 'manhattan'")

    def height_difference(self, a: Sequence[int], b: Sequence[int]) -> int:
        """Height of ``b`` minus height of ``a``: positive when ``b`` stands higher."""
        return self.height_at(b) - self.height_at(a)

    def ray(self, origin: Sequence[int], direction: Direction | int | str, length: int | None = None) -> list[Square]:
        """Squares in a straight line from ``origin`` (excluded) in ``direction`` (as :meth:`Direction.parse` reads
        it), to the board's edge or ``length`` squares; obstacles do not stop a ray (it is geometry only)."""
        x, y = self._square(origin, N_("origin"))
        dx, dy = Direction.parse(direction).delta
        if length is not None and (not is_int(length) or length < 0):
            raise InputError(
                _("ray length must be a whole number 0 or more, got {value}", value=repr(length)),
                tip=_("give a number of squares such as 3, or no length to run to the board's edge"),
            )
        limit = self.width + self.height if length is None else length
        out: list[Square] = []
        while len(out) < limit:
            x, y = x + dx, y + dy
            if not (0 <= x < self.width and 0 <= y < self.height):
                break
            out.append((x, y))
        return out

    def direction_to(self, a: Sequence[int], b: Sequence[int]) -> Direction | None:
        """The direction of ``b`` from ``a`` if ``b`` lies on one of the eight straight lines from ``a``; ``None``
        when ``a == b`` or ``b`` is off those lines (a knight's move away)."""
        (ax, ay), (bx, by) = self._square(a), self._square(b)
        dx, dy = bx - ax, by - ay
        if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
            return None
        return Direction.from_delta(((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)))

    def _blocker(self, square: Square, line_height: Fraction) -> str | None:
        """Why ``square`` blocks a sight line at ``line_height`` there, or None if it does not."""
        if square in self.obstacles:
            return _("obstacle at {square}", square=square)
        level = self.terrain.get(square, 0)
        if level > line_height:
            return _(
                "terrain at {square} is {level} high, above the sight line ({there} there)",
                square=square,
                level=level,
                there=_format_height(line_height),
            )
        return None

    def line_of_sight(self, a: Sequence[int], b: Sequence[int]) -> SightResult:
        """Whether a unit on ``a`` sees ``b`` under the ruling in the module docstring; when not, ``blocked_by`` is the
        first blocking square from ``a`` (of a corner, the first of the sorted pair) and ``reason`` says why."""
        sa, sb = self._square(a, N_("from square")), self._square(b, N_("to square"))
        if sa == sb:
            return SightResult(True, None, _("same square"))
        if chebyshev(sa, sb) == 1:
            return SightResult(True, None, _("adjacent squares always see each other"))
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
                    _(
                        "corner between {first} and {second} is blocked on both sides: {why}; {also}",
                        first=squares[0],
                        second=squares[1],
                        why=reasons[0],
                        also=reasons[1],
                    ),
                )
        return SightResult(True, None, _("nothing blocks the sight line"))

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
        """Whether ``squares`` is a legal path from ``start`` (excluded): each on the board, next to the one before,
        passable (by default: no obstacle) and not visited before. Falsy, the :class:`PathCheck` says the first
        problem; an empty path is valid."""
        from tabroll.geometry.grid.paths import PathCheck  # the outcome of a path's check: defined when one is made

        here = self._square(start, N_("path start"))
        can_enter = self._passable_or_default(passable)
        seen = {here}
        for index, raw in enumerate(squares):
            square = as_square(raw, _("path square {n}", n=index + 1))
            values = {"n": index + 1, "square": square}
            if not self.contains(square):
                board = f"{self.width}x{self.height}"
                return PathCheck(
                    False, _("step {n} to {square} leaves the {board} board", board=board, **values), index
                )
            if chebyshev(here, square) != 1:
                return PathCheck(False, _("step {n} to {square} is not next to {here}", here=here, **values), index)
            if metric == "manhattan" and manhattan(here, square) != 1:
                told = _("step {n} to {square} is diagonal; under the manhattan metric steps cross a side", **values)
                return PathCheck(False, told, index)
            if square in seen:
                return PathCheck(
                    False, _("step {n} to {square} revisits a square already on the path", **values), index
                )
            if not can_enter(square):
                if square in self.obstacles:
                    return PathCheck(False, _("step {n} to {square} enters an obstacle", **values), index)
                return PathCheck(False, _("step {n} to {square} enters an impassable square", **values), index)
            seen.add(square)
            here = square
        return PathCheck(True)

    def shortest_path(
        self,
        start: Sequence[int],
        goal: Sequence[int],
        passable: Callable[[Square], bool] | None = None,
        metric: Metric = "chebyshev",
    ) -> list[Square] | None:
        """A shortest path from ``start`` (excluded) to ``goal`` (included), in steps to any of the 8 neighbours
        (``"chebyshev"``) or across a side only (``"manhattan"``), entering the squares ``passable`` allows (by
        default: no obstacle; the start is never tested). ``[]`` when ``start == goal``; ``None`` when the goal
        cannot be reached. Ties are broken as the module docstring says."""
        origin, target = self._square(start, N_("start")), self._square(goal, N_("goal"))
        if origin == target:
            return []
        can_enter = self._passable_or_default(passable)
        if not can_enter(target):
            return None
        # Breadth-first search outward from the goal over passable squares, until the start is reached.
        # dist[s] is then exact for every square closer to the goal than the start.
        dist: dict[Square, int] = {target: 0}
        frontier = deque([target])
        while frontier and origin not in dist:
            square = frontier.popleft()
            for n in self._neighbours(*square, metric):
                if n not in dist and (n == origin or can_enter(n)):
                    dist[n] = dist[square] + 1
                    frontier.append(n)
        if origin not in dist:
            return None
        # Walk from the start, taking the lowest-numbered direction that gets one step closer each time.
        path: list[Square] = []
        here = origin
        while here != target:
            here = next(n for n in self._neighbours(*here, metric) if dist.get(n) == dist[here] - 1)
            path.append(here)
        return path
