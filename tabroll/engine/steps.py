"""Resolvers as explicit steps: what happens next in an action is a value, not a place in a Python function.

A :class:`Step` is a frozen, hashable record (a msgspec Struct): the rule about to be applied and every value the
rest of the action still reads (a loop's index, the targets already struck, a shared damage roll…). Its
:meth:`~Step.advance` applies that rule to the action's working area (a :class:`~tabroll.engine.work.BaseTurn`:
the state as it evolves, the dice and the events so far), drawing whatever dice the rule needs, and returns the
step that follows, or ``None`` at the end of the action. :meth:`BaseTurn.run <tabroll.engine.work.BaseTurn.run>`
takes the steps one after the other; every dice source goes through it, so ``run``, ``play``, the journal,
Monte Carlo and the exact walk compute an action the same way.

Why values: the exact walk (``tabroll.odds.exact``) keeps the working area as it was at each step it reached,
and walks the other outcomes of a die drawn after that step by resuming from it, never by resolving the action
again from its start. Two outcomes of the dice that reach an equal step with an equal state share everything
that follows: the walk keys what it knows by (step, state), which the core builds; no game builds a key.

What a step's fields must hold: everything :meth:`~Step.advance` and the steps after it read that is not in the
state. A value fixed by the action and the state it started from (the action itself, the attacker as it was
when the attack began, a profile) may be left out of the comparison (``__eq__, __hash__ =
eq_hash_without("profile")``, :func:`tabroll.frozen.eq_hash_without`): it is the same for every outcome of one
walk, so it need not be compared. Anything the dice can change must be compared.

Strictly, what must depend only on the step and the state is what the rest adds to the odds: its blows, the
game's measures at the end, a refusal. A step that compares less than everything (a running sum of dice where
the log keeps each die) still gives exact odds where the rest reads only that; say so where it is done, and
keep the full values it needs in an uncompared field. Blows combine across a step (flags either, damage adds),
but a ``defeat`` after it that names no ``by`` is pinned on the unit's last blow, which may lie before it: put
no step boundary between a blow and such a defeat (a unit that flees when another falls, say). The figures of
every bundled action are pinned (``tests/odds/test_walk_golden.py``) and compared with a walk that resolves each
outcome from the start (``tests/odds/test_walk_merging.py`` shows how)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec
import msgspec.structs

from tabroll.lazy import names_from

if TYPE_CHECKING:
    from tabroll.engine.reading import ReadStep as ReadStep
    from tabroll.engine.work import BaseTurn

# A step that reads one roll by one value lives in tabroll.engine.reading, imported by the game that has one
# (PEP 562): its name stays importable from here.
__getattr__ = names_from(globals(), "tabroll.engine.reading", ("ReadStep",))


class Step(msgspec.Struct, frozen=True):
    """One rule of an action still to apply, with the values it needs (a game subclasses it, frozen)."""

    def advance(self, turn: Any) -> Step | None:
        """Apply this rule to ``turn`` (the game's working area): emit its events, draw its dice from
        ``turn.dice``, change the state; return the step that follows, or ``None`` when the action is over.
        A refusal raises :class:`~tabroll.errors.RuleRefusal` as anywhere else."""
        raise NotImplementedError


class StepWatcher:
    """A dice source that watches the steps an action takes (the exact walk, and its sampling of tree sizes).

    :meth:`BaseTurn.run <tabroll.engine.work.BaseTurn.run>` tells it of each step before the step is taken; it
    answers ``True`` when what follows that step is already known and the resolution may stop there."""

    __slots__ = ()

    def at_step(self, turn: BaseTurn, step: Step) -> bool:
        raise NotImplementedError
