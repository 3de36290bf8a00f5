"""Board geometry shared by the rulesets.

Each grid shape lives in its own module: :mod:`tabroll.geometry.grid` holds the square grid, :mod:`.hex` the hex
grid and :mod:`.bands` the range bands. Import from those modules directly; this package file holds only what
they all read a place with, so that loading one grid never pays for another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from tabroll.errors import InputError
from tabroll.i18n import _


def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (a ``bool`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_pair(value: object, what: str, names: str, tip: str) -> tuple[int, int]:
    """``value`` as a pair of whole numbers (a place on a grid: a square's ``x, y``, a hex's ``q, r``); anything
    else is an :class:`InputError` naming ``what`` and the coordinates' ``names``, with the ``tip`` (each in the
    language now: the caller translates them)."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise InputError(
            _(
                "{what} must be a pair of whole numbers ({names}), got {value}",
                what=what,
                names=names,
                value=repr(value),
            ),
            tip=tip,
        )
    if len(value) != 2:
        raise InputError(
            _(
                "{what} must have exactly two coordinates ({names}), got {n}: {value}",
                what=what,
                names=names,
                n=len(value),
                value=repr(value),
            ),
            tip=tip,
        )
    first, second = value[0], value[1]
    if not (is_int(first) and is_int(second)):
        raise InputError(
            _("{what} coordinates must be whole numbers, got {value}", what=what, value=repr(value)), tip=tip
        )
    return (first, second)
