"""An action's header declared in one line (``describe = header(_, N_("…"), actor=…)``): the sentence is filled
from the action's own fields, in the language of the moment, the verb is its ``do`` and the actor the field named."""

from __future__ import annotations

from typing import Literal

from tabroll.i18n import N_, _
from tabroll.kit import ActionHeader, header
from tabroll.kit.models import Strict
from tests.support import speaking


class Guard(Strict):
    do: Literal["guard"]
    unit: str
    ward: str

    describe = header(_, N_("{unit} guards {ward}"), actor="unit")


class Boost(Strict):
    do: Literal["boost"]
    hero: str
    power: int

    describe = header(_, N_("{unit} gets {power:+d}"), unit="hero")


class Dawn(Strict):
    do: Literal["dawn"]

    describe = header(_, N_("a new day begins"))


def test_each_placeholder_is_the_field_of_its_name_and_the_verb_is_do() -> None:
    assert Guard(do="guard", unit="Ann", ward="Bob").describe() == ActionHeader("Ann", "guard", "Ann guards Bob")


def test_a_placeholder_may_name_another_field_and_keep_its_format() -> None:
    assert Boost(do="boost", hero="Ann", power=2).describe() == ActionHeader(None, "boost", "Ann gets +2")


def test_no_actor_and_no_placeholder() -> None:
    assert Dawn(do="dawn").describe() == ActionHeader(None, "dawn", "a new day begins")


def test_the_header_is_no_field_of_the_model() -> None:
    assert set(Guard.model_fields) == {"do", "unit", "ward"}
    assert "describe" not in Guard(do="guard", unit="Ann", ward="Bob").model_dump()


def test_a_game_header_is_said_in_the_language_of_the_moment() -> None:
    from rulesets.forgod.actions import ShieldAction

    shield = ShieldAction(do="shield", unit="Lanceiro", protects="Alquimista")
    with speaking("pt", "forgod"):
        assert shield.describe() == ActionHeader("Lanceiro", "shield", "escudo: Lanceiro → Alquimista")
    assert shield.describe() == ActionHeader("Lanceiro", "shield", "Lanceiro shields Alquimista")
