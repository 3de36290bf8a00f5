"""The parts of a dice expression beyond numbers, NdM dice, keep/drop and ``+ - * /`` (which :mod:`tabroll.dice.nodes`
declares): several keep steps and keeping by value, rerolls, explosions, a rolled number of dice, functions, labels,
sets and a comparison of the whole. The parser imports this module when an expression uses one of them, so a roll of
1d20+5 never builds these classes; where the code walks a tree it looks for them only past the common parts (a node
of these kinds exists only once this module is imported).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import ClassVar

import msgspec
from msgspec.structs import replace

from tabroll.dice.nodes import (
    CompareOp,
    DiceTerm,
    ExplodeKind,
    FunctionName,
    Node,
    Number,
    Selection,
    counted,
)
from tabroll.dice.parts import Condition, Keep


class KeepSteps(msgspec.Struct, frozen=True):
    """Several keep/drop steps on one term or set (``4d6kh1kl1``, ``(1,2,3,4,5)ph1pl1``), as d20 reads them:
    consecutive keeps keep every die any of them keeps, consecutive drops drop every die any of them drops, and each
    such group acts on the dice the one before it left."""

    steps: tuple[Keep, ...]
    by_value: ClassVar[bool] = False

    @property
    def notation(self) -> str:
        return "".join(step.notation for step in self.steps)

    def kept_of(self, pool: int) -> int:
        """How many of ``pool`` dice count."""
        return sum(self.ranks(pool))

    def ranks(self, pool: int) -> tuple[bool, ...]:
        """Which places of ``pool`` sorted values count, from the highest down."""
        alive = list(range(pool))
        for keeping, group in groupby(self.steps, key=lambda step: step.mode[0] == "k"):  # consecutive keeps, drops
            chosen: set[int] = set()
            for step in group:
                flags = step.ranks(len(alive))
                chosen.update(place for place, kept in zip(alive, flags, strict=True) if kept == keeping)
            alive = [place for place in alive if (place in chosen) == keeping]
        standing = set(alive)
        return tuple(place in standing for place in range(pool))

    def flags(self, values: Sequence[Number]) -> tuple[bool, ...]:
        """Which of ``values`` count; among equal values the earlier one is placed higher."""
        ranked = sorted(range(len(values)), key=lambda i: (-values[i], i))
        place_of = dict(zip(ranked, self.ranks(len(values)), strict=True))
        return tuple(place_of[index] for index in range(len(values)))


class KeepIf(msgspec.Struct, frozen=True):
    """Keep (``k>3``) or drop (``p<3``) the dice or items whose value meets ``condition``, as d20 reads them."""

    keep: bool
    condition: Condition
    by_value: ClassVar[bool] = True

    @property
    def notation(self) -> str:
        return ("k" if self.keep else "p") + self.condition.written()

    def kept_of(self, pool: int) -> int:
        """The most dice that may count."""
        return pool

    def counts(self, value: Number) -> bool:
        return self.condition.matches(value) == self.keep

    def flags(self, values: Sequence[Number]) -> tuple[bool, ...]:
        return tuple(self.counts(v) for v in values)


class Reroll(msgspec.Struct, frozen=True):
    """Reroll a die whose face meets ``condition`` (or any of ``also``: ``r1r2``): again and again (``r``, up to the
    limit) or ``once`` (``ro``)."""

    once: bool
    condition: Condition
    also: tuple[Condition, ...] = ()

    @property
    def conditions(self) -> tuple[Condition, ...]:
        return (self.condition, *self.also)

    def matches(self, face: int) -> bool:
        return any(condition.matches(face) for condition in self.conditions)

    @property
    def notation(self) -> str:
        mark = "ro" if self.once else "rr"  # rr: Foundry reads r as once
        return "".join(mark + condition.written(bare=True) for condition in self.conditions)


class Explode(msgspec.Struct, frozen=True):
    """A die whose face meets ``condition`` (``None``: its highest face) adds another die: ``!`` a new die that may
    explode in turn, ``!!`` added to the same die (compounding), ``xo`` a new die that does not explode again."""

    kind: ExplodeKind
    condition: Condition | None = None

    @property
    def notation(self) -> str:
        return self.kind + (self.condition.written(bare=True) if self.condition is not None else "")

    def matches(self, face: int, high: int) -> bool:
        return face == high if self.condition is None else self.condition.matches(face)


class DicePool(msgspec.Struct, frozen=True):
    """Dice whose number is rolled first (``(1d4)d6``, as Roll20 and Foundry read it): ``term`` with its ``count``
    the most ``count_of`` can reach; a fraction of a die is truncated toward zero."""

    count_of: Node
    term: DiceTerm

    def with_count(self, count: int) -> DiceTerm:
        return replace(self.term, count=count)


class Function(msgspec.Struct, frozen=True):
    """``floor(x)``, ``ceil(x)``, ``round(x)`` (halves up, as Foundry's) or ``abs(x)``."""

    name: FunctionName
    operand: Node


class Labeled(msgspec.Struct, frozen=True):
    """A part of an expression with a label (``2d6[fire]``), kept in the log and the JSON; its value is the part's."""

    operand: Node
    label: str


class DiceSet(msgspec.Struct, frozen=True):
    """Expressions rolled together (``(1d4+1,3,2d6kl1)kh1``): their sum, the ones ``keep`` keeps, or how many of them
    meet ``success`` (less those that meet ``failure``)."""

    items: tuple[Node, ...]
    keep: Selection | None = None
    success: Condition | None = None
    failure: Condition | None = None

    @property
    def modifiers(self) -> str:
        out = self.keep.notation if self.keep is not None else ""
        if self.success is not None:
            out += self.success.written()
        if self.failure is not None:
            out += "f" + self.failure.written(bare=True)
        return out

    def score(self, value: Number) -> Number:
        """What an item adds to the set's total: its value, or 1 for a success and -1 for a failure."""
        return counted(value, self.success, self.failure)


class Compare(msgspec.Struct, frozen=True):
    """The whole expression ``left`` compared with ``target``: 1 (success) or 0 (failure). Only at the top."""

    op: CompareOp
    left: Node
    target: int

    @property
    def condition(self) -> Condition:
        return Condition(self.op, self.target)
