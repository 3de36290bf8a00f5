"""Units and rosters keep their hash once worked out (the exact walk hashes the whole state at every step it
keys): the kept hash must agree with equality, and nothing that copies a unit may carry a stale one."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import msgspec
import msgspec.structs
import pytest

from tabroll.frozen import HashedOnce, hash_once, replace
from tabroll.kit.roster import Roster
from tabroll.rulesets.tabmaster.state import Unit


def _unit(**changes: object) -> Unit:
    from tabroll.rulesets.tabmaster.profiles import AttackKind, AttackProfile

    primary = AttackProfile(AttackKind.COMMON, "1d6")
    fields = {"name": "Orc", "side": "b", "position": (1, 2), "primary": primary, "defense": 3} | changes
    return Unit(**fields)  # type: ignore[arg-type]


def test_equal_units_hash_alike_whichever_was_hashed_first() -> None:
    first, second = _unit(), _unit()
    hash(first)
    assert first == second and hash(first) == hash(second)
    assert {first: 1}[second] == 1


def test_a_changed_copy_is_hashed_anew() -> None:
    unit = _unit()
    before = hash(unit)
    for changed in (replace(unit, defense=4), msgspec.structs.replace(unit, defense=4)):
        assert changed != unit and hash(changed) == hash(_unit(defense=4))
    assert hash(unit) == before


def test_copies_and_pickles_agree_with_the_original() -> None:
    unit = _unit()
    hash(unit)
    for twin in (copy.copy(unit), copy.deepcopy(unit), pickle.loads(pickle.dumps(unit))):
        assert twin == unit and hash(twin) == hash(unit)


def test_a_roster_hashes_as_the_tuple_it_equals() -> None:
    units = (_unit(), _unit(name="Elf"))
    roster = Roster(units)
    assert hash(roster) == hash(units) and hash(roster) == hash(units)
    assert hash(roster.replace(_unit(defense=9))) == hash((_unit(defense=9), _unit(name="Elf")))
    assert hash(pickle.loads(pickle.dumps(roster))) == hash(units)


def test_only_a_record_with_the_slot_can_keep_its_hash() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Plain:
        x: int

    with pytest.raises(TypeError, match="HashedOnce"):
        hash_once(Plain)

    class Kept(msgspec.Struct, frozen=True, cache_hash=True):  # a record keeps its hash: cache_hash
        x: int

    assert hash_once(Kept) is Kept
    assert hash(Kept(1)) == hash(Kept(1)) and Kept(1) == Kept(1) and Kept(1) != Kept(2)


@hash_once
@dataclasses.dataclass(frozen=True)
class Open(HashedOnce):
    x: int
    name: str = "a"


def test_a_record_of_a_dict_pickles_and_copies_without_its_kept_hash() -> None:
    """A hashed record whose fields live in a dict (a Gathering of Heroes combatant, copied as that dict) is
    pickled as its fields alone: another process works its hash out anew, and unpickling never writes the frozen
    slot."""
    record = Open(1)
    kept = hash(record)
    for twin in (copy.copy(record), copy.deepcopy(record), pickle.loads(pickle.dumps(record))):
        assert twin == record and hash(twin) == kept
    changed = replace(record, x=2)
    assert changed == Open(2) and hash(changed) == hash(Open(2)) != kept
