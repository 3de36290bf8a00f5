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
    direction: 1 = N ``(0, +1)``, 2 = NE, 3 = E ``(+1, 0)``, 4 = SE, 5 = S, 6 = SW, 7 = W, 8 = NW.

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

from tabroll.geometry.grid.board import Board
from tabroll.geometry.grid.sight import PathCheck, SightResult, sight_steps
from tabroll.geometry.grid.squares import (
    MAX_BOARD_SIDE,
    MAX_HEIGHT,
    MIN_HEIGHT,
    Direction,
    Metric,
    Square,
    as_square,
    chebyshev,
    manhattan,
)
from tabroll.geometry.grid.terrain import Terrain

__all__ = [
    "MAX_BOARD_SIDE",
    "MAX_HEIGHT",
    "MIN_HEIGHT",
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
