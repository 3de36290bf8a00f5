"""One problem of an input that has several: where it is, what is wrong and how to fix it. Made only when an input
fails validation, so it lives apart from :mod:`tabroll.errors` (which every command imports, and which hands it out
by name: ``from tabroll.errors import Problem``)."""

from __future__ import annotations

from typing import Any

import msgspec

from tabroll.errors import Location


class Problem(msgspec.Struct, frozen=True):
    """One problem of an input that has several (a scenario with three bad fields): where it is, what is wrong and,
    when we can tell, how to fix it."""

    location: Location
    message: str
    tip: str | None = None
    general: bool = False  # the tip is a general one (where to read what a field takes): not said in a list

    def __str__(self) -> str:
        text = f"{self.location}: {self.message}" if str(self.location) else self.message
        return f"{text} — {self.tip}" if self.tip and not self.general else text

    def to_json(self) -> dict[str, Any]:
        """The problem as JSON: its message, where it is (null where unknown) and its tip (null: none known)."""
        where = self.location
        return {
            "message": self.message,
            "file": where.file,
            "line": where.line,
            "column": where.column,
            "field": where.shown_field,
            "tip": self.tip,
        }
