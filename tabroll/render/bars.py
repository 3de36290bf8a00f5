"""The bars and figures of every odds view (an attack's and a dice expression's), in a module that imports only
the language, so a command that only shows the odds of dice never loads the game engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabroll.i18n import _, number

if TYPE_CHECKING:
    from tabroll.odds.figures import Estimate

Segment = tuple[str, str]
"""A piece of a line and its Rich style ("" for none): plain text joins a line's pieces, Rich colours them."""
Line = list[Segment]

BAR_WIDTH = 50  # the width of a bar at 100% (2% a character)
EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(share: float, width: int = BAR_WIDTH, *, fine: bool = False) -> str:
    """A bar for a probability, ``width`` characters at 100%: ``#`` in plain text, eighths of a block with
    ``fine``. Nothing for 0; a thin mark (``.`` or ``▏``) for a share too small to fill a character, so a
    rare outcome is never drawn as if it were 0, nor as large as 1/``width``."""
    if share <= 0:
        return ""
    if not fine:
        full = round(width * min(share, 1.0))
        return "#" * full if full else "."
    eighths = round(8 * width * min(share, 1.0))
    if not eighths:
        return EIGHTHS[1]
    return "█" * (eighths // 8) + (EIGHTHS[eighths % 8] if eighths % 8 else "")


def cells(text: str) -> int:
    """How many columns ``text`` takes on a terminal: combining marks take none, wide (East Asian) letters two."""
    import unicodedata

    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def decimal(value: float) -> str:
    """A mean or a deviation as people read it: three decimals, no thousands separator."""
    return number(value, 3, grouped=False)


def interval(e: Estimate, shown: Callable[[float], str]) -> str:
    """The 95% interval of an estimated figure, each end written by ``shown``; nothing for an exact one."""
    if e.low is None or e.high is None:
        return ""
    return _(" (95% CI {low}–{high})", low=shown(e.low), high=shown(e.high))


def mean_text(e: Estimate) -> str:
    """A mean as a legend gives it: ``1.372 = 889/648`` when exact, ``4.105 (95% CI 3.891–4.319)`` when estimated."""
    return f"{decimal(e.value)}{e.fraction(' ')}{interval(e, decimal)}"
