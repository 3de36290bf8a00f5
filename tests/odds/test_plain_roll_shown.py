"""A plain roll's ``shown`` (:data:`PLAIN_SHOWN`) is built from its dice as the roll is made, and reads, compares,
pickles and writes as JSON exactly as the string given at once."""

from __future__ import annotations

import copy
import json
import pickle

from msgspec.structs import replace

from tabroll.dice.sources import GivenDice
from tabroll.engine.work import BaseTurn
from tabroll.events import PLAIN_SHOWN, Roll


def _plain(values: tuple[int, ...]) -> Roll:
    dice = f"{len(values)}d6"
    return Roll(label="damage", dice=dice, values=values, kept=values, total=sum(values), shown=PLAIN_SHOWN)


def _built(values: tuple[int, ...]) -> Roll:
    shown = "[" + ", ".join(map(str, values)) + "]"
    return Roll(label="damage", dice=f"{len(values)}d6", values=values, kept=values, total=sum(values), shown=shown)


def test_a_plain_roll_shows_its_dice_as_a_list() -> None:
    assert _plain((2, 5, 6)).shown == "[2, 5, 6]"
    assert _plain((4,)).shown == "[4]"


def test_it_is_the_same_event_as_one_built_with_the_string() -> None:
    lazy, built = _plain((1, 6, 3)), _built((1, 6, 3))
    assert lazy == built and hash(lazy) == hash(built)
    assert json.dumps(lazy.to_json()) == json.dumps(built.to_json())
    assert repr(lazy) == repr(built) and lazy.sentence() == built.sentence()


def test_it_survives_pickling_copying_and_replacing_unread() -> None:
    lazy = _plain((3, 3))
    for twin in (pickle.loads(pickle.dumps(lazy)), copy.copy(lazy), copy.deepcopy(lazy)):
        assert twin.shown == "[3, 3]"
    assert replace(_plain((1, 2)), values=(1, 2)).shown == "[1, 2]"


def test_a_roll_given_no_shown_shows_nothing() -> None:
    assert Roll(label="x", dice="1d6", values=(2,), kept=(2,), total=2).shown == ""


def test_roll_dice_logs_every_die_of_a_plain_pool() -> None:
    log = BaseTurn(dice=GivenDice([4, 1, 6], origin="test"))
    log.roll_dice("3d6", "damage", "Orc")
    (roll,) = log.events
    assert roll.to_json()["shown"] == "[4, 1, 6]" and roll.total == 11
