"""The sight line between two square centres, and what a sight or path check answers (see the rules of
:mod:`tabroll.geometry.grid`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tabroll.geometry.grid.squares import Square, as_square
from tabroll.i18n import N_, _


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
    """The squares a sight line from centre ``a`` to centre ``b`` touches, in steps: a 1-tuple for a square crossed
    through its interior, a sorted 2-tuple for the two grazed at a grid corner. Endpoints excluded, no board
    consulted; ``sight_steps(b, a)`` is exactly ``sight_steps(a, b)`` reversed."""
    return [squares for squares, _ in _sight_walk(as_square(a, N_("from square")), as_square(b, N_("to square")))]


@dataclass(frozen=True, slots=True)
class SightResult:
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
