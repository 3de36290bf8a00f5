"""A module that hands out names of another, imported the first time one of them is asked for (PEP 562): the
package, :mod:`tabroll.events` and the dice notation stay cheap to import, and their names keep one path."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any


def names_from(namespace: dict[str, Any], source: str, names: Iterable[str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that finds each of ``names`` in the module ``source``, imported on first use, and
    keeps it in ``namespace`` (the module's globals), where it is found directly from then on. Any other name is
    an :class:`AttributeError`, as Python's own."""
    wanted = frozenset(names)

    def __getattr__(name: str) -> Any:
        if name not in wanted:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
        value = namespace[name] = getattr(importlib.import_module(source), name)
        return value

    return __getattr__
