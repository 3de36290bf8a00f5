"""``tabroll.frozen.replace`` copies a dataclass exactly as ``dataclasses.replace`` does, only cheaper."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from tabroll.frozen import replace


@dataclass(frozen=True, slots=True)
class Plain:
    name: str
    hp: int = 3
    tags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Checked:
    name: str
    hp: int

    def __post_init__(self) -> None:
        if self.hp < 0:
            raise ValueError("hp below 0")
        object.__setattr__(self, "name", self.name.strip())


@dataclass(frozen=True)
class Derived:
    hp: int
    double: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", self.hp * 2)


@dataclass
class Loose:
    a: int
    b: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Open:
    """Fields in a dict, nothing after __init__: copied as that dict with the changes."""

    name: str
    hp: int = 3

    @property
    def twice(self) -> int:
        return self.hp * 2


@pytest.mark.parametrize(
    ("obj", "changes"),
    [
        (Plain("a"), {"hp": 5}),
        (Plain("a", 1, ("x",)), {}),
        (Plain("a"), {"name": "b", "hp": 0, "tags": ("y",)}),
        (Checked(" a ", 2), {"hp": 4}),
        (Derived(3), {"hp": 5}),
        (Loose(1, [2]), {"a": 3}),
        (Open("a"), {"hp": 5}),
        (Open("a", 1), {}),
    ],
)
def test_the_copy_equals_dataclasses_replace(obj: object, changes: dict[str, object]) -> None:
    ours, theirs = replace(obj, **changes), dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    assert ours == theirs and type(ours) is type(theirs) and ours is not obj
    assert all(getattr(ours, f.name) is getattr(theirs, f.name) for f in dataclasses.fields(ours))


def test_post_init_still_runs_and_refuses() -> None:
    with pytest.raises(ValueError, match="hp below 0"):
        replace(Checked("a", 1), hp=-1)


def test_an_unknown_field_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        replace(Plain("a"), speed=3)
    with pytest.raises(ValueError):  # a field __init__ does not take: refused as dataclasses.replace refuses it
        replace(Derived(1), double=4)


def test_a_frozen_copy_stays_frozen() -> None:
    copy = replace(Plain("a"), hp=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.hp = 2  # type: ignore[misc]


def test_a_record_of_a_dict_is_copied_with_no_more_than_its_fields() -> None:
    with pytest.raises(TypeError):
        replace(Open("a"), speed=3)
    kept = Open("a", 2)
    kept.__dict__["cache"] = "stale"  # a value kept in the dict beside the fields (a cached_property, say)
    copy = replace(kept, hp=4)
    assert copy == Open("a", 4) and "cache" not in copy.__dict__
    assert replace(Open("a"), hp=1).twice == 2
