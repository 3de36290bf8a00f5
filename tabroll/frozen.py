"""A :func:`dataclasses.replace` without its walk over the fields on every call, for the frozen states a resolver
copies on every change (the exact walk resolves an action once per outcome): :func:`replace` builds, once per
class, a copier with one keyword per field, which gives the same copy."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

import msgspec
import msgspec.structs

T = TypeVar("T")

_MISSING = object()
_COPIERS: dict[type, Callable[..., Any]] = {}


def _copier(cls: type) -> Callable[..., Any]:
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields]
    if (
        not all(f.init for f in fields)
        or any(isinstance(f.type, dataclasses.InitVar) for f in fields)
        or not all(n.isidentifier() for n in names)
    ):
        return lambda obj, **changes: dataclasses.replace(obj, **changes)
    if not hasattr(cls, "__post_init__") and "__slots__" not in cls.__dict__:
        return _dict_copier(cls, frozenset(names))
    params = ", ".join(f"{n}=_M" for n in names)
    if hasattr(cls, "__post_init__"):
        args = ", ".join(f"{n}=obj.{n} if {n} is _M else {n}" for n in names)
        body = f"    return cls({args})\n"
    else:  # the slots filled in as the frozen __init__ fills them
        body = "    new = _new(cls)\n"
        body += "".join(f"    _set(new, {n!r}, obj.{n} if {n} is _M else {n})\n" for n in names)
        body += "    return new\n"
    namespace: dict[str, Any] = {"_M": _MISSING, "cls": cls, "_new": object.__new__, "_set": object.__setattr__}
    exec(f"def copy(obj, *, {params}):\n{body}", namespace)
    copier: Callable[..., Any] = namespace["copy"]
    return copier


def _dict_copier(cls: type, names: frozenset[str]) -> Callable[..., Any]:
    """A record whose fields live in its ``__dict__`` (no slots, nothing done after ``__init__``): the copy is that
    dict with the changes, as ``__init__`` would fill it. An instance whose dict holds more than its fields (a value
    cached there) or a change that names no field goes through ``dataclasses.replace``."""

    def copy(obj: Any, **changes: Any) -> Any:
        fields = obj.__dict__
        if len(fields) != len(names) or not names.issuperset(changes):
            return dataclasses.replace(obj, **changes)
        new: Any = object.__new__(cls)
        filled = new.__dict__
        filled.update(fields)
        filled.update(changes)
        return new

    return copy


def replace(obj: T, /, **changes: Any) -> T:
    """``obj`` with ``changes``, like :func:`dataclasses.replace` (same result, same errors for unknown fields)."""
    if isinstance(obj, msgspec.Struct):
        return msgspec.structs.replace(obj, **changes)
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    result: T = copier(obj, **changes)
    return result


class HashedOnce:
    """Base of a frozen record (``@dataclass(frozen=True)``, with slots or with its fields in a dict) decorated
    with :func:`hash_once`: the slot that keeps its hash. Not a field: it is neither compared, copied, pickled nor
    written out."""

    __slots__ = ()  # a base of msgspec Structs: no slot of its own (a Struct caches its hash: cache_hash=True)

    def __getstate__(self) -> Any:
        """A record whose fields live in its dict is pickled (and deep-copied) as that dict: never its hash, which
        another process works out anew (a slotted record's dataclass pickles its fields its own way)."""
        return self.__dict__


R = TypeVar("R", bound=type)


def hash_once(cls: R) -> R:
    """Class decorator (outside ``@dataclass``): the record's own hash, worked out on first use and kept, since the
    exact walk keys each step by the whole state while most units stay the same objects from step to step.

    The hash is the dataclass's own (so it agrees with ``==``); a copy, a replace or an unpickled record starts
    without it. The record must derive from :class:`HashedOnce` (its slot)."""
    if issubclass(cls, msgspec.Struct):
        return cls  # cache_hash=True in the Struct's options, or its own __hash__
    generated: Callable[[Any], int] | None = cls.__hash__  # type: ignore[assignment]
    if not issubclass(cls, HashedOnce) or generated is None:
        raise TypeError(f"{cls.__name__} must be a frozen dataclass deriving from HashedOnce")

    def __hash__(self: Any) -> int:
        try:
            known: int = self._hash
        except AttributeError:
            known = generated(self)
            object.__setattr__(self, "_hash", known)
        return known

    cls.__hash__ = __hash__  # type: ignore[method-assign]
    return cls


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

        class Strike(Step):
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
