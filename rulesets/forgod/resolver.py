"""F0R60D rules: ``resolve(state, action, dice) -> Resolution``, and :data:`HANDLERS`, the one table from action
class to handler, filled by the modules of the rules (``@HANDLERS.on(Action)``): ``turn.py`` (a card's turn),
``strikes.py``, ``checks.py`` (attacks and opposed rolls), ``manoeuvres.py`` (strategic actions of
combat), ``strategy.py`` (the army's), ``abilities.py``.

Pure: every die drawn from the injected source; an action the rules forbid raises :class:`RuleRefusal`. Every
handler works on one :class:`~.turn.ForgodTurn`, so each ruling is told once per action. A handler that rolls dice
the rest of the action reads returns its first step (``turn.BattleStep``), which :func:`resolve` takes to the end.
"""

from __future__ import annotations

from typing import Any

from tabroll.dice.sources import DiceSource
from tabroll.engine import Resolution
from tabroll.errors import RuleRefusal

from . import abilities, checks, manoeuvres, strategy, strikes  # noqa: F401  (each registers its handlers)
from .messages import _
from .state import Battle
from .turn import HANDLERS, BattleStep, ForgodTurn, battle_result

__all__ = ["HANDLERS", "resolve"]


def resolve(state: Battle, action: Any, dice: DiceSource) -> Resolution:
    if state.over:
        result = _("{winner} won", winner=state.winner) if state.winner else _("neither side has troops left")
        raise RuleRefusal(_("the battle is over: {result}", result=result), rule="battle result")
    turn = ForgodTurn(dice=dice, state=state)
    first: BattleStep | None = HANDLERS(turn, action)
    if first is None:  # an action of no steps
        battle_result(turn)
    else:  # its steps end with the battle's result (EndAction)
        turn.run(first.stamped(turn))
    return turn.resolution(turn.state)
