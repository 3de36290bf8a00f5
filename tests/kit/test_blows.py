"""The kit's blows (:func:`tabroll.kit.core_blows`): read from the core's strike events, each strike's part asked of
the game once per action for each kind, striker and struck (the exact walk reads the blows of every outcome)."""

from __future__ import annotations

from typing import Any

from tabroll.events import Damage, Defeat, Hit, Miss
from tabroll.kit import ActionHeader, Blow, Ruleset, Strike, core_blows


class _Counted(Ruleset[Any, Any]):
    """A game whose parts are the default's, with every question it was asked kept."""

    id = "counted"
    name = "Counted"

    def __init__(self) -> None:
        self.asked: list[tuple[str, str | None, str | None, str | None]] = []

    def outcome_part(self, action: Any, strike: Strike) -> str:
        self.asked.append((strike.event.KIND, strike.actor, strike.striker, strike.struck))
        return super().outcome_part(action, strike)


class _Action:
    def __init__(self, actor: str) -> None:
        self.actor = actor

    def describe(self) -> ActionHeader:
        return ActionHeader(self.actor, "attack", f"{self.actor} attacks")


def _exchange(amount: int) -> list[Any]:
    return [
        Hit(attacker="Ann", target="Bob", result=5, needed=3, rule="5 >= 3"),
        Damage(attacker="Ann", target="Bob", amount=amount, rule="5 > 2", defeats=False),
        Miss(attacker="Bob", target="Ann", result=1, needed=4, rule="1 < 4"),
        Damage(attacker=None, target="Ann", amount=1, rule="a cost", defeats=False),
        Defeat(unit="Bob", by="Ann", reason="no Life left"),
    ]


def test_the_blows_of_an_exchange_are_read_from_its_strikes() -> None:
    blows = core_blows(_Counted(), _Action("Ann"), _exchange(3))
    assert blows == [
        Blow("", "Ann", "Bob", hit=True, damage=3, defeats=True),
        Blow("reply by Bob", "Bob", "Ann", hit=False),
        Blow("", "", "Ann", hit=True, damage=1),
    ]


def test_each_strike_s_part_is_asked_once_per_action_however_many_outcomes_are_read() -> None:
    game, ann, bob = _Counted(), _Action("Ann"), _Action("Bob")
    for amount in (1, 2, 3):  # three outcomes of Ann's action: each kind of strike asked about once
        assert core_blows(game, ann, _exchange(amount))[0].damage == amount
    assert game.asked == [
        ("hit", "Ann", "Ann", "Bob"),
        ("damage", "Ann", "Ann", "Bob"),
        ("miss", "Ann", "Bob", "Ann"),
        ("damage", "Ann", None, "Ann"),
        ("defeat", "Ann", "Ann", "Bob"),
    ]
    game.asked.clear()  # another action: asked again, with its own actor
    assert [blow.part for blow in core_blows(game, bob, _exchange(1))] == ["reply by Ann", "", ""]
    assert len(game.asked) == 5 and {actor for _, actor, _, _ in game.asked} == {"Bob"}
