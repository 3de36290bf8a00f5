"""Equality and hashing over some of a record's fields. A record (a msgspec Struct) compares and hashes all its
fields; a step or state that holds a value fixed for a whole walk (the action, a profile) or one too costly to hash
(a board that never changes in a battle) declares which to leave out, with the functions here."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any


def _key_without(skipped: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of a Struct's fields but ``skipped``, read in C (an ``attrgetter`` made once per class)."""
    getters: dict[type, Callable[[Any], tuple[Any, ...]]] = {}

    def key(obj: Any) -> tuple[Any, ...]:
        cls = obj.__class__
        getter = getters.get(cls)
        if getter is None:
            names = [n for n in cls.__struct_fields__ if n not in skipped]
            if len(names) > 1:
                getter = attrgetter(*names)
            else:
                one = attrgetter(*names) if names else None
                getter = (lambda o: (one(o),)) if one else (lambda o: ())
            getters[cls] = getter
        return getter(obj)

    return key


def eq_hash_without(*skipped: str) -> tuple[Callable[[Any, object], Any], Callable[[Any], int]]:
    """``__eq__`` and ``__hash__`` for a Struct that compares every field but ``skipped``: a value fixed for a whole
    walk (the action, a profile) or kept only to be shown. Same class first, then the compared fields in order::

        class Strike(Step, frozen=True):
            pool: Engage
            dice: Summed
            __eq__, __hash__ = eq_hash_without("pool")
    """
    key = _key_without(skipped)

    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return key(self) == key(other)

    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __eq__, __hash__


def hash_without(*skipped: str) -> Callable[[Any], int]:
    """``__hash__`` for a Struct that compares every field but hashes all but ``skipped`` (a field too costly to
    hash that stays the same through a game, as a board)."""
    return eq_hash_without(*skipped)[1]
