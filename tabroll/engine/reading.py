"""A step whose rule reads one roll by one value (:class:`ReadStep`): the exact walk takes each value with its
weight instead of drawing dice. In its own module, imported by a game that has such a step and by the walk, so that
a game without one defines it not; its name is also importable from :mod:`tabroll.engine.steps`."""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import Any

from tabroll.engine.steps import Step

Side = tuple[tuple[bool, Container[str]] | None, Sequence[tuple[int, Any, Sequence[Any]]]]
"""A final reading's answer for one side of its outcomes (:meth:`ReadStep.finish`): what of an outcome it decides
(whether its blows, and which of the game's measures, by name; None: all), and its ends, each ``(ways, state,
events logged at and after the step)``."""


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

    def finish(self, turn: Any, values: Sequence[tuple[Any, int]]) -> Sequence[Side] | None:
        """A final reading (every value ends the action: :meth:`then` returns None, draws no die, refuses nothing)
        may answer for all ``values`` (each ``(value, ways)``, as :meth:`reads` gives them) at once, ``turn`` left
        as it is, in sides that share work between values: the ends of each side stand for every value, each end
        for those whose ways it adds up, whose outcomes it gives in what the side decides (every blow figure and
        measure is decided by one side). None (the default): the exact walk takes each value through :meth:`then`."""
        return None

    def advance(self, turn: Any) -> Step | None:
        return self.then(turn, self.reads(turn).read(turn))
