"""Units and rosters keep their hash once worked out (the exact walk hashes the whole state at every step it
keys): the kept hash must agree with equality, and nothing that copies a unit may carry a stale one."""

from __future__ import annotations

import copy
import pickle

from msgspec.structs import replace

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
    changed = replace(unit, defense=4)
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
