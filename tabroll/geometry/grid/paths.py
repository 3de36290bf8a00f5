"""The outcome of checking a path (:meth:`Board.is_path <tabroll.geometry.grid.board.Board.is_path>`), imported
when a path is checked: a board that only measures distances and sight defines it not."""

from __future__ import annotations

import msgspec


class PathCheck(msgspec.Struct, frozen=True):
    """The outcome of :meth:`Board.is_path`, truthy when the path is valid; else ``index`` is the 0-based position of
    the first offending square and ``problem`` explains it."""

    ok: bool
    problem: str | None = None
    index: int | None = None

    def __bool__(self) -> bool:
        return self.ok
