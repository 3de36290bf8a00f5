"""Square-grid geometry: squares, the eight directions, boards, sight lines and paths.

A square is ``(x, y)``, counted from 0 at the south-west corner: ``x`` grows to the east, ``y`` to the north (as
chess ranks climb away from white). :class:`Direction` numbers the compass directions clockwise from north, so a
d8 roll *is* a direction (1 = N, 3 = E, 5 = S, 7 = W). Squares are 8-connected, a diagonal step costing as much as
a straight one: distance is Chebyshev by default, Manhattan on request. A :class:`Board` is 1 to 1000 squares a
side, with a terrain height per square (-1000..1000, 0 by default) and obstacle squares; its methods refuse a
square off the board, except :meth:`Board.contains`.

Line of sight (our ruling; the source rules never define it)
------------------------------------------------------------

1. Sight runs along the straight segment joining the *centres* of the two squares, each end at the terrain height
   of its own square (a unit has no height of its own); the line's height varies linearly between them.
2. The squares in between are those the segment touches (a *supercover*), ends excluded. A segment through a grid
   corner only grazes the two squares on either side of it: they form a *corner pair*.
3. A crossed square blocks if it is an obstacle (a wall of unlimited height), or if its terrain is strictly higher
   than the sight line at the middle of the segment's stretch inside it (so a flat board never blocks).
4. A corner pair is judged at the corner, and blocks only if *both* its squares block: a line slips past a wall
   on one side.
5. Units never block. Adjacent squares (diagonals too) always see each other, and a square sees itself.
6. All arithmetic is exact, and the walk from ``b`` to ``a`` is the exact reverse of the one from ``a`` to ``b``,
   so sight is symmetric.

Paths
-----

A path is the list of squares a piece enters, start excluded and destination included: each step to a neighbour
on the board, no square (the start included) visited twice, no corner-cutting rule (a diagonal step between two
obstacles is allowed, matching rule 4). :meth:`Board.shortest_path` picks, among the shortest, the one whose step
directions come first in dictionary order (N, then NE, then E, ...), so the answer is deterministic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabroll.geometry.grid.board import Board, SightResult, sight_steps
from tabroll.geometry.grid.squares import Direction, Square, as_square, chebyshev, manhattan
from tabroll.geometry.grid.terrain import Terrain
from tabroll.lazy import names_from

if TYPE_CHECKING:
    from tabroll.geometry.grid.paths import PathCheck as PathCheck

__getattr__ = names_from(globals(), "tabroll.geometry.grid.paths", ("PathCheck",))  # defined when a path is checked

__all__ = [
    "Board",
    "Direction",
    "PathCheck",
    "SightResult",
    "Square",
    "Terrain",
    "as_square",
    "chebyshev",
    "manhattan",
    "sight_steps",
]
