"""The one reader of the whole numbers a user types: an attack field on the command line (``--distance 2``), a
house-rule option (``-o ice_bonus=10``, or ``options:`` in a file), a direction's number.

Python's own ``int()`` and ``str.isdigit()`` read far more than a player means: ``"²".isdigit()`` is true and
``int("²")`` then fails, while ``int("٣")`` quietly reads an Arabic-Indic 3. Here a whole number is what every
message shows as one: ASCII digits 0-9, with an optional sign and spaces around, and nothing else.
"""

from __future__ import annotations

import re

from tabroll.errors import InputError, Location
from tabroll.i18n import _

_WHOLE = re.compile(r"[+-]?[0-9]+")  # [0-9], not \d: \d matches every script's digits
MAX_DIGITS = 18
"""The most digits a typed whole number may have (past it no count of anything in a game makes sense)."""


def read_whole(text: str, *, digits: int = MAX_DIGITS) -> int | None:
    """``text`` as a whole number (ASCII digits, an optional sign, spaces around), or ``None`` when it is not one
    or has more than ``digits`` digits."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped) or len(stripped.lstrip("+-")) > digits:
        return None
    return int(stripped)


def whole_number(
    text: str, what: str, *, tip: str | None = None, digits: int = MAX_DIGITS, location: Location | None = None
) -> int:
    """``text`` as a whole number, or an input error (exit 2) saying ``<what> '<text>' is not a whole number``."""
    value = read_whole(text, digits=digits)
    if value is None:
        raise InputError(
            _("{what} {value} is not a whole number", what=what, value=repr(text)),
            tip=tip or _("write it with the digits 0-9, e.g. 2"),
            location=location,
        )
    return value
