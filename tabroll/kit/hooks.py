"""A game's ruleset hook that is a function in another module of the game, imported when the hook is first called:
the game's package stays light to import (every command discovers every game), and its ruleset says in one line
where each hook's rules are."""

from __future__ import annotations

import importlib
from typing import Any


def hook(where: str, *, ruleset: bool = False, call: bool = True) -> Any:
    """A method of a :class:`~tabroll.kit.Ruleset` subclass that is ``where``, ``"module.name"`` in the game's
    package (``"setup.summarize"``; the package is the module of the ruleset's class, as for
    :meth:`~tabroll.kit.Ruleset.folder`), imported at its first call: called with the method's arguments (with
    ``ruleset``, the ruleset first), or, with ``call`` false, given as it is (a model class, for ``options_model``)."""
    module, _dot, name = where.rpartition(".")
    found: Any = None

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        nonlocal found
        if found is None:
            found = getattr(importlib.import_module(f".{module}", type(self).__module__), name)
        if not call:
            return found
        return found(self, *args, **kwargs) if ruleset else found(*args, **kwargs)

    return method
