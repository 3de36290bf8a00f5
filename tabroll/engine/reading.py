"""A step whose rule reads one roll by one value (:class:`ReadStep`): the exact walk takes each value with its
weight instead of drawing dice. In its own module, imported by a game that has such a step and by the walk, so that
a game without one defines it not; its name is also importable from :mod:`tabroll.engine.steps`."""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

from tabroll.engine.steps import Step

Side = tuple[tuple[bool, Container[str]] | None, Sequence[tuple[int, Any, Sequence[Any]]]]  # ReadStep.finish's


class ReadStep(Step, frozen=True):
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
        """A final reading (every value ends the action: :meth:`then` returns None, draws no die, refuses nothing) may
        answer for all ``values`` (each ``(value, ways)``) at once, ``turn`` left as it is, in sides (:data:`Side`):
        what each decides of an outcome (its blows or not, the game's measures named; None: all), and its ends,
        ``(ways, state, events since the step)``, each for the values whose ways it adds up (each side's: all), as
        :meth:`then` leaves them in what the side decides. None: the walk takes each value through :meth:`then`."""
        return None

    def advance(self, turn: Any) -> Step | None:
        return self.then(turn, self.reads(turn).read(turn))
