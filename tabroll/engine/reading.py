"""A step whose rule reads one roll by one value (:class:`ReadStep`): the exact walk takes each value with its
weight instead of drawing dice. In its own module, imported by a game that has such a step and by the walk, so that
a game without one defines it not; its name is also importable from :mod:`tabroll.engine.steps`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabroll.engine.steps import Step


@dataclass(frozen=True)
class ReadStep(Step):
    """A step whose rule reads one roll by one value (how many dice succeed: a :class:`~tabroll.engine.work.Count`, or
    anything with its ``read`` and ``outcomes``) and goes on from the working area and that value alone. :meth:`reads`
    says which roll (it changes nothing), :meth:`then` applies the rule to the value read. Played (run, play, the
    journal, Monte Carlo), the dice are drawn and logged as any roll; the exact walk instead takes each value of
    the reading with its exact weight, from the working area as it is at this step, and draws no die."""

    def reads(self, turn: Any) -> Any:
        """The roll this step's rule reads, as the working area ``turn`` stands at the step."""
        raise NotImplementedError

    def then(self, turn: Any, value: Any) -> Step | None:
        """Apply this rule to ``turn`` with ``value`` read of its roll; the step that follows (None: the end)."""
        raise NotImplementedError

    def advance(self, turn: Any) -> Step | None:
        return self.then(turn, self.reads(turn).read(turn))
