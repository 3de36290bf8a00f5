"""Rosters: a game state's units as an immutable tuple that finds a unit by name in constant time, and a working
copy for one action that changes units in place and is frozen once, at the end.

A :class:`Roster` *is* a tuple (equal to, hashed, pickled and written as JSON like the plain tuple of its units),
with an index of positions by name built on the first lookup and shared by the rosters derived from it that keep
the same names in the same places. A resolver that changes many units in one action works on a
:class:`RosterDraft` (``roster.edit()``), frozen once into the new roster.

::

    class Battle(msgspec.Struct, frozen=True):
        units: tuple[Unit, ...]

        def __post_init__(self) -> None:
            msgspec.structs.force_setattr(self, "units", Roster.of(self.units))

        def unit(self, name: str) -> Unit:
            return Roster.of(self.units).find(name)

This module stays light (no pydantic, no Rich): every command imports the kit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T")
K = TypeVar("K")


def _name(item: object) -> Any:
    return getattr(item, "name", None)


class Roster(tuple[T, ...], Generic[T]):
    """An immutable tuple of named items (anything with a ``.name``) with lookup by name in O(1).

    Where two items share a name, lookups find the first, as a scan would."""

    # A tuple subclass cannot declare slots; the instance dict holds the lazily built indexes.

    @classmethod
    def of(cls, items: Iterable[T]) -> Roster[T]:
        """``items`` as a roster (itself when it already is one: no copy, its index kept)."""
        return items if isinstance(items, Roster) else cls(items)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled and copied as its items alone: the indexes (and the hash) are rebuilt on demand.
        return (type(self), (tuple(self),))

    def __hash__(self) -> int:
        # The tuple's own hash (a roster equals the plain tuple of its units), worked out once: the exact walk
        # hashes the state at every step it keys, and a step that moves no unit keeps the same roster.
        known: int | None = self.__dict__.get("_hash")
        if known is None:
            known = self.__dict__["_hash"] = tuple.__hash__(self)
        return known

    # --- lookup -------------------------------------------------------------------------------------------

    def index_of_names(self) -> Mapping[Any, int]:
        """Each name to the position of the first item with that name."""
        index: dict[Any, int] | None = self.__dict__.get("_names")
        if index is None:
            index = {}
            for i, item in enumerate(self):
                index.setdefault(_name(item), i)
            self.__dict__["_names"] = index
        return index

    def get(self, name: str) -> T | None:
        """The item called ``name``, or ``None``."""
        i = self.index_of_names().get(name)
        return None if i is None else self[i]

    def find(self, name: str, *, what: str = "unit", where: str = "") -> T:
        """The item called ``name``; otherwise a refusal that suggests the nearest name (or lists them), as
        :func:`tabroll.kit.no_such` words it."""
        i = self.index_of_names().get(name)
        if i is not None:
            return self[i]
        from tabroll.kit import no_such

        raise no_such(name, [str(_name(item)) for item in self], what=what, where=where)

    def by(self, key: Callable[[T], K | None]) -> Mapping[K, T]:
        """The items by ``key`` (the first item for each key; items whose key is ``None`` left out), built once per
        roster and per key function: pass a module-level function, not a new lambda each time."""
        cache: dict[Any, dict[Any, T]] = self.__dict__.setdefault("_by", {})
        found = cache.get(key)
        if found is None:
            found = {}
            for item in self:
                k = key(item)
                if k is not None and k not in found:
                    found[k] = item
            cache[key] = found
        return found

    # --- changes: a new roster ------------------------------------------------------------------------------

    def replace(self, item: T) -> Roster[T]:
        """A roster with ``item`` in the place of the item of the same name (the name index is shared; a name it
        does not hold raises ``KeyError``, as :meth:`RosterDraft.put`), made at once: no draft for one change."""
        names, items = self.index_of_names(), list(self)
        items[names[_name(item)]] = item
        roster: Roster[T] = Roster(items)
        roster.__dict__["_names"] = names
        return roster

    def edit(self) -> RosterDraft[T]:
        """A working copy to change items in place, then :meth:`RosterDraft.freeze` once."""
        return RosterDraft(self)


class RosterDraft(Generic[T]):
    """A working copy of a :class:`Roster` for one action: ``put`` replaces an item by its name in O(1), ``get``
    and ``find`` see the changes, ``freeze`` gives the new roster (O(n), once). A put of a name the roster does
    not hold is a bug in the resolver (a unit is changed, never added, here): it raises ``KeyError``."""

    __slots__ = ("_base", "_changed", "_items", "_names")

    def __init__(self, base: Roster[T]) -> None:
        self._base = base
        self._names = base.index_of_names()
        self._items: list[T] | None = None  # copied on the first change
        self._changed = False

    def __len__(self) -> int:
        return len(self._base)

    def __iter__(self) -> Iterator[T]:
        return iter(self._items if self._items is not None else self._base)

    @property
    def changed(self) -> bool:
        return self._changed

    def get(self, name: str) -> T | None:
        i = self._names.get(name)
        if i is None:
            return None
        return self._items[i] if self._items is not None else self._base[i]

    def find(self, name: str, *, what: str = "unit", where: str = "") -> T:
        found = self.get(name)
        if found is None:
            return self._base.find(name, what=what, where=where)  # the refusal, worded once
        return found

    def put(self, item: T) -> None:
        i = self._names.get(_name(item))
        if i is None:
            raise KeyError(f"{_name(item)!r} is not in the roster: a draft replaces units, it does not add them")
        if self._items is None:
            self._items = list(self._base)
        self._items[i] = item
        self._changed = True

    def snapshot(self) -> Roster[T]:
        """The roster with every change made, leaving the draft as it is (a copy of a working area that must not
        disturb the original's draft takes this; :meth:`freeze` hands the draft a new base)."""
        if not self._changed or self._items is None:
            return self._base
        roster: Roster[T] = Roster(self._items)
        roster.__dict__["_names"] = self._names  # same names in the same places
        return roster

    def freeze(self) -> Roster[T]:
        """The roster with every change made (the base itself when nothing changed). The draft may go on."""
        frozen = self.snapshot()
        if frozen is not self._base:
            self._base, self._items, self._changed = frozen, None, False
        return frozen


__all__ = ["Roster", "RosterDraft"]
