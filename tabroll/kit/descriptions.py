"""What a game tells ``tabroll rules`` and ``tabroll odds`` about itself: a house-rule option as listed, and an
outcome measure. Imported where they are read (PEP 562: their names are also importable from :mod:`tabroll.kit`),
so that running a file defines neither."""

from __future__ import annotations

from typing import Literal

import msgspec


class OptionInfo(msgspec.Struct, frozen=True):
    """A house-rule option as shown by ``tabroll rules``."""

    name: str
    default: str
    choices: tuple[str, ...]
    description: str


MeasureKind = Literal["level", "change", "flag"]


class Measure(msgspec.Struct, frozen=True):
    """One outcome measure a game declares for ``tabroll odds``, with its kind:

    - ``level``: a quantity that stands after the action (Life left, shields left, cards left); an outcome that
      does not mention it keeps ``before``, its value before the action;
    - ``change``: a difference made by the action (cards lost, tenacity gained); an outcome that does not
      mention it changed nothing (0);
    - ``flag``: something that happened or not (a skill test succeeded, a unit fled); unmentioned means false."""

    name: str
    kind: MeasureKind
    before: int = 0

    def missing(self) -> int | bool:
        """The value of this measure in an outcome that does not report it."""
        if self.kind == "flag":
            return False
        return self.before if self.kind == "level" else 0
