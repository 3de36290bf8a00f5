"""The odds of a dice expression as data (``tabroll odds EXPR``), for the screens in :mod:`tabroll.render.dice`
to draw: the :class:`Question` asked, each figure exact or estimated (an
:class:`~tabroll.odds.figures.Estimate`, as in the odds of an attack), the :class:`Table` of a
distribution (every value's chance, P(≥) and P(≤), mean, standard deviation, percentiles) and the whole answer
(:class:`DiceOdds`) with its JSON document (``tabroll.dice_odds``). It computes nothing:
:mod:`tabroll.odds.dice_odds` does."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import accumulate
from typing import Any, Literal

import msgspec

from tabroll.dice.notation import Compare, DiceExpression
from tabroll.odds.figures import Estimate

ODDS_FORMAT = "tabroll.dice_odds"
ODDS_FORMAT_VERSION = 1
BAR = 30  # the width of a bar at 100%: the table fits 80 columns
PERCENTILES = (5, 10, 25, 50, 75, 90, 95)
TRIM = 60  # a table longer than this leaves out the values rarer than RARE (the JSON keeps every one)
RARE = 0.00005
MAX_ROWS = 200  # more values than this to show are grouped, so that the table has at most about 50 rows

Kind = Literal["distribution", "compare", "versus"]


class Question(msgspec.Struct, frozen=True):
    """What was asked: one expression, one compared with a number, or two against each other."""

    text: str
    first: DiceExpression
    second: DiceExpression | None = None

    @property
    def kind(self) -> Kind:
        if self.second is not None:
            return "versus"
        return "compare" if isinstance(self.first.root, Compare) else "distribution"

    @property
    def measured(self) -> DiceExpression:
        """The expression whose values the table shows: the one asked, or the left side of a comparison."""
        root = self.first.root
        if isinstance(root, Compare):
            return DiceExpression(root.left, limits=self.first.limits)
        return self.first


class Table(msgspec.Struct):
    """One distribution: each value with its ways, over ``total`` (outcomes, or trials when ``exact`` is false)."""

    points: list[tuple[int, int]]
    total: int
    exact: bool

    def share(self, ways: int) -> Estimate:
        return Estimate.share(ways, self.total, self.exact)

    def rows(self) -> list[tuple[int, int, int, int]]:
        """Each value with its ways, the ways of it or more, and the ways of it or less."""
        belows = list(accumulate(ways for _, ways in self.points))
        return [
            (v, ways, self.total - below + ways, below) for (v, ways), below in zip(self.points, belows, strict=True)
        ]

    def mean(self) -> Estimate:
        return self._moments()[0]

    def variance(self) -> Estimate:
        return self._moments()[1]

    def _moments(self) -> tuple[Estimate, Estimate]:
        """The mean (exact, or estimated with its 95% interval) and the variance."""
        n, points = self.total, self.points
        mean = Estimate.mean(points, n, self.exact)
        if self.exact:
            exact = Fraction(sum(v * w for v, w in points), n)
            return mean, Estimate.of(Fraction(sum(v * v * w for v, w in points), n) - exact * exact)
        return mean, Estimate(sum(w * (v - mean.value) ** 2 for v, w in points) / max(1, n - 1))

    def sd(self) -> float:
        return math.sqrt(max(0.0, self.variance().value))

    def percentiles(self) -> dict[int, int]:
        """The least value at or below which each percentile of the outcomes falls."""
        out: dict[int, int] = {}
        cumulative = 0
        marks = list(PERCENTILES)
        for value, ways in self.points:
            cumulative += ways
            while marks and cumulative * 100 >= marks[0] * self.total:
                out[marks.pop(0)] = value
        return out

    def at_least(self, condition: Any) -> int:
        return sum(w for v, w in self.points if condition(v))


class DiceOdds(msgspec.Struct):
    """The answer to a :class:`Question`."""

    question: Question
    table: Table
    method: str = "exact"
    note: str = ""
    first: Table | None = None  # of ``vs``: each side's own table
    second: Table | None = None
    limits_note: str = ""
    seed: int | None = None
    time_limit: dict[str, Any] = msgspec.field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def success(self) -> Estimate | None:
        root = self.question.first.root
        if not isinstance(root, Compare):
            return None
        return self.table.share(self.table.at_least(root.condition.matches))

    def versus(self) -> dict[str, Estimate]:
        if self.question.second is None:
            return {}
        table = self.table  # the margin, first minus second
        return {
            "first_higher": table.share(table.at_least(lambda v: v > 0)),
            "tie": table.share(table.at_least(lambda v: v == 0)),
            "second_higher": table.share(table.at_least(lambda v: v < 0)),
        }

    def subject(self) -> str:
        """What the table's values are."""
        question = self.question
        if question.second is not None:
            return f"margin ({question.first.notation}) - ({question.second.notation})"
        return question.measured.notation

    def to_json(self) -> dict[str, Any]:
        table = self.table
        out: dict[str, Any] = {
            "format": ODDS_FORMAT,
            "version": ODDS_FORMAT_VERSION,
            "question": self.question.text,
            "kind": self.question.kind,
            "method": self.method,
            "samples": None if self.exact else table.total,
            "note": " ".join(n for n in (self.note, self.limits_note) if n),
            "values_of": self.subject(),
            "mean": table.mean().to_json(),
            "variance": table.variance().to_json(),
            "sd": table.sd(),
            "percentiles": {str(p): v for p, v in table.percentiles().items()},
            "values": [
                {
                    "outcome": value,
                    **table.share(ways).to_json(),
                    "at_least": table.share(above).to_json(),
                    "at_most": table.share(below).to_json(),
                    "one_in": float_ratio(table.total, ways),
                }
                for value, ways, above, below in table.rows()
            ],
        }
        if self.seed is not None:
            out["seed"] = self.seed
        if self.time_limit:
            out["time_limit"] = self.time_limit
        success = self.success()
        root = self.question.first.root
        if success is not None and isinstance(root, Compare):
            out["comparison"] = {"op": root.op, "target": root.target, "success": success.to_json()}
        if self.question.second is not None:
            assert self.first is not None and self.second is not None
            out["versus"] = {
                "first": {"expression": self.question.first.notation, "mean": self.first.mean().to_json()},
                "second": {"expression": self.question.second.notation, "mean": self.second.mean().to_json()},
                **{name: figure.to_json() for name, figure in self.versus().items()},
            }
        return out


def float_ratio(total: int, ways: int) -> float | None:
    """``total / ways`` as a float, or ``None`` beyond the range of floats (a chance of less than 1e-308)."""
    try:
        return total / ways
    except OverflowError:
        return None
