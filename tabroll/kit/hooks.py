"""A game's ruleset hook that is a value in another module of the game, imported when the hook is first called:
the game's package stays light to import (every command discovers every game), and its ruleset says in one line
where each hook's rules are."""

from __future__ import annotations

import importlib
from types import MethodType
from typing import Any


class Hook:
    """A method of a :class:`~tabroll.kit.Ruleset` subclass that is the value :attr:`where` names (see
    :func:`hook`). As a class attribute it knows its name (``resolve``) and its class, so a bound hook reads as
    that method in a traceback and pickles as one."""

    def __init__(self, where: str, *, ruleset: bool = False, call: bool = True) -> None:
        self.where = where
        """``"module.name"``: a module of the game's package, then the name of a value in it (a dotted path:
        ``"rules.ROSTER.summarize"``)."""
        self.ruleset = ruleset
        """Whether the named function is handed the ruleset before the hook's own arguments."""
        self.call = call
        """Whether the hook calls the value; if not, it gives the value as it is (a model class)."""
        self.package = ""
        """The package the module is looked for in: that of the class the hook is declared in."""
        self.__name__ = self.__qualname__ = where
        self._found: Any = None

    def __set_name__(self, owner: type, name: str) -> None:
        self.package, self.__name__, self.__qualname__ = owner.__module__, name, f"{owner.__qualname__}.{name}"

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        return self if instance is None else MethodType(self, instance)

    def __repr__(self) -> str:
        return f"hook({self.where!r})"

    def target(self) -> Any:
        """The value :attr:`where` names, imported on first use."""
        if self._found is None:
            module, *path = self.where.split(".")
            found: Any = importlib.import_module(f".{module}", self.package)
            for name in path:
                found = getattr(found, name)
            self._found = found
        return self._found

    def __call__(self, ruleset: object, *args: Any, **kwargs: Any) -> Any:
        found = self.target()
        if not self.call:
            return found
        return found(ruleset, *args, **kwargs) if self.ruleset else found(*args, **kwargs)


def hook(where: str, *, ruleset: bool = False, call: bool = True) -> Any:
    """A hook of a :class:`~tabroll.kit.Ruleset` subclass that is ``where``, ``"module.name"`` of the game's package
    (``resolve = hook("resolver.resolve")``), imported at its first call: called with the hook's arguments (with
    ``ruleset``, the ruleset first), or, with ``call`` false, given as it is (``hook("model.Options",
    call=False)``). Typed ``Any`` so that it stands in for the method it overrides."""
    return Hook(where, ruleset=ruleset, call=call)
