"""What a final reading's side adds to the tally (:meth:`~tabroll.odds.tally.Tally.outcome` with ``decides``)."""

from __future__ import annotations

from typing import Any

from tabroll.kit import Blow, Measure
from tabroll.odds.measures import GAME
from tabroll.odds.tally import Tally


class Game:
    """Two measures read from the state, one blow on B of 3 damage; counts the blows asked."""

    def __init__(self) -> None:
        self.asked = 0

    def blows(self, action: Any, events: Any) -> list[Blow]:
        self.asked += 1
        return [Blow("", "A", "B", True, 3, False)]

    def outcome_measures(self, before: Any, after: Any, events: Any) -> dict[str, int]:
        return {"left: B": after["B"], "left: C": after["C"], "odd": 1}


def test_a_side_gets_only_what_it_decides_and_is_asked_no_blows_it_does_not_decide() -> None:
    game, tally = Game(), Tally(declared={"left: B": Measure("left: B", "level", 5)})
    whole = tally.outcome(game, None, None, {"B": 2, "C": 4}, ())
    assert whole == {("", "hit"): True, ("", "damage"): 3, ("", "hit: B"): True, ("", "damage to B"): 3,
                     (GAME, "left: B"): 2, (GAME, "left: C"): 4, (GAME, "odd"): 1}  # fmt: skip
    assert game.asked == 1 and tally.undeclared == {"left: C", "odd"}
    blows_and_b = tally.outcome(game, None, None, {"B": 2, "C": 4}, (), 0, (True, {"left: B"}))
    assert blows_and_b == {key: value for key, value in whole.items() if key[1] not in ("left: C", "odd")}
    assert game.asked == 2
    only_c = tally.outcome(game, None, None, {"B": 2, "C": 1}, (), 0, (False, {"left: C"}))
    assert only_c == {(GAME, "left: C"): 1} and game.asked == 2  # no blows asked
