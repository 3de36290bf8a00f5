"""``tabroll odds EXPR``: the odds of a dice expression, of ``EXPR >= N`` and of ``EXPR vs EXPR``.

The figures are exact (integers over the number of outcomes, see :mod:`tabroll.dice.distribution`) unless the
exact work would be too large; then a simulation takes their place and the note says so. Here: the question,
the figures (every value's chance, P(≥) and P(≤), the mean, standard deviation and percentiles, each also as an
exact fraction) and the JSON document; :mod:`tabroll.odds.dice_views` shows them in text, Rich and SVG.

Nothing here imports the game engine: the odds of dice start as fast as ``tabroll roll``.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from tabroll.dice.notation import Compare, DiceExpression, DiceLimitError, explosion_cap
from tabroll.errors import InputError
from tabroll.odds.bars import share_text

ODDS_FORMAT = "tabroll.dice_odds"
ODDS_FORMAT_VERSION = 1
BAR = 30  # the width of a bar at 100%: the table fits 80 columns
DEFAULT_TRIALS = 10_000
MIN_TRIALS = 1_000  # a simulation taken in place of exact odds rolls at least this many times, or is refused
MAX_SIMULATED_DICE = 400_000  # dice drawn in all by a simulation, at most (a few seconds)
MAX_VALUES = 100_000  # exact odds list at most this many values (a wider expression is simulated)
PERCENTILES = (5, 10, 25, 50, 75, 90, 95)
TRIM = 60  # a table longer than this leaves out the values rarer than RARE (the JSON keeps every one)
RARE = 0.00005
MAX_ROWS = 200  # more values than this to show are grouped, so that the table has at most about 50 rows
Z95 = 1.959963984540054

Kind = Literal["distribution", "compare", "versus"]
_VERSUS = re.compile(r"(?:^|\s)vs(?:\s|$)", re.IGNORECASE)


@dataclass(frozen=True)
class Question:
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


def looks_like_dice(words: Sequence[str]) -> bool:
    """Whether the free words of ``tabroll odds`` ask about dice rather than name a scenario file."""
    if not words or any(w.startswith("-") and not w[1:2].isdigit() and w != "-" for w in words):
        return False
    first = words[0].strip()
    if Path(first).exists() or first.lower().endswith((".yaml", ".yml")) or "/" in first or "\\" in first:
        return False
    if _VERSUS.search(" ".join(words)):
        return True
    return first[:1].isdigit() or first[:1] in "({" or (first[:1] in "dD" and first[1:2].lower() in "0123456789%f")


def read_question(words: Sequence[str]) -> Question:
    """The expression (or the two, around ``vs``) the words spell, read as ``tabroll roll`` reads them."""
    from tabroll.dice.words import parse_words

    sides = [side.split() for side in _VERSUS.split(" ".join(words))]
    if len(sides) > 2:
        raise InputError("'vs' compares two expressions, not more", tip="tabroll odds 2d6 vs 1d12")
    expressions: list[DiceExpression] = []
    for side in sides:
        if not side:
            raise InputError("'vs' needs an expression on each side", tip="tabroll odds 2d6 vs 1d12")
        parsed = parse_words(side)
        if len(parsed) != 1:
            shown = ", ".join(e.notation for e in parsed)
            raise InputError(
                f"odds take one expression, or two around vs; these words give {len(parsed)}: {shown}",
                tip="tabroll odds 4d6kh3, tabroll odds '1d20+7>=15', tabroll odds 2d6 vs 2d6",
            )
        expressions.append(parsed[0])
    first = expressions[0]
    second = expressions[1] if len(expressions) == 2 else None
    text = first.notation if second is None else f"{first.notation} vs {second.notation}"
    return Question(text, first, second)


def checked_timeout(seconds: float) -> float | None:
    """``--timeout`` as every odds command reads it: seconds within a week, 0 for no limit."""
    week = 7 * 24 * 3600.0
    if seconds == 0:
        return None
    if not math.isfinite(seconds) or not 0 < seconds <= week:
        raise InputError(
            f"--timeout {seconds:g} is out of range",
            tip=f"give seconds from 0.001 to {week:,.0f} (a week), or 0 for no time limit",
        )
    return seconds


# --- figures ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """A probability or a mean: exact, or estimated with a 95% interval."""

    value: float
    exact: Fraction | None = None
    low: float | None = None
    high: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value}
        if self.exact is not None:
            out["exact"] = str(self.exact)
        if self.low is not None and self.high is not None:
            out["ci95"] = [self.low, self.high]
        return out

    def fraction(self) -> str:
        return f"  = {self.exact}" if self.exact is not None and self.exact.denominator != 1 else ""

    def percent(self) -> str:
        text = share_text(self.value)
        if self.low is not None and self.high is not None:
            text += f" (95% CI {share_text(self.low)}–{share_text(self.high)})"
        return text


def _wilson(hits: int, trials: int) -> tuple[float, float]:
    p = hits / trials
    denominator = 1 + Z95**2 / trials
    centre = (p + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Table:
    """One distribution: each value with its ways, over ``total`` (outcomes, or trials when ``exact`` is false)."""

    points: list[tuple[int, int]]
    total: int
    exact: bool
    _cache: tuple[Figure, Figure] | None = field(default=None, init=False, repr=False, compare=False)

    def share(self, ways: int) -> Figure:
        if self.exact:
            fraction = Fraction(ways, self.total)
            return Figure(float(fraction), fraction)
        low, high = _wilson(ways, self.total)
        return Figure(ways / self.total, low=low, high=high)

    def rows(self) -> list[tuple[int, int, int, int]]:
        """Each value with its ways, the ways of it or more, and the ways of it or less."""
        out = []
        below = 0
        above = self.total
        for value, ways in self.points:
            below += ways
            out.append((value, ways, above, below))
            above -= ways
        return out

    def mean(self) -> Figure:
        return self._moments()[0]

    def variance(self) -> Figure:
        return self._moments()[1]

    def _moments(self) -> tuple[Figure, Figure]:
        """The mean and the variance, worked out once (exact, or estimated with the mean's 95% interval)."""
        if self._cache is None:
            n = self.total
            first = sum(v * w for v, w in self.points)
            if self.exact:
                mean = Fraction(first, n)
                variance = Fraction(sum(v * v * w for v, w in self.points), n) - mean * mean
                self._cache = (Figure(float(mean), mean), Figure(float(variance), variance))
            else:
                mean_f = first / n
                spread = sum(w * (v - mean_f) ** 2 for v, w in self.points) / max(1, n - 1)
                half = Z95 * math.sqrt(spread / n)
                self._cache = (Figure(mean_f, low=mean_f - half, high=mean_f + half), Figure(spread))
        return self._cache

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


@dataclass
class DiceOdds:
    """The answer to a :class:`Question`."""

    question: Question
    table: Table
    method: str = "exact"
    note: str = ""
    first: Table | None = None  # of ``vs``: each side's own table
    second: Table | None = None
    limits_note: str = ""
    seed: int | None = None
    time_limit: dict[str, Any] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def success(self) -> Figure | None:
        root = self.question.first.root
        if not isinstance(root, Compare):
            return None
        return self.table.share(self.table.at_least(root.condition.matches))

    def versus(self) -> dict[str, Figure]:
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


# --- working it out -----------------------------------------------------------------------------------------


def _limits_note(expressions: Sequence[DiceExpression]) -> str:
    rerolls = explodes = False
    limits = expressions[0].limits
    for expression in expressions:
        for term in expression.dice_terms():
            rerolls |= term.reroll is not None and not term.reroll.once
            explodes |= term.explode is not None and explosion_cap(term, limits) > 1
    parts = []
    if rerolls:
        parts.append(f"a die rerolls at most {limits.max_rerolls} times")
    if explodes:
        parts.append(f"a chain of explosions adds at most {limits.max_explosions} dice")
    return f"As when rolled, {' and '.join(parts)}." if parts else ""


def compute(question: Question, *, trials: int | None = None, seed: int, timeout: float | None = None) -> DiceOdds:
    """Exact odds, or a simulation of ``trials`` rolls when they are asked for or the exact work is too large."""
    from tabroll.dice.distribution import check_exact, exact_counts

    expressions = [question.measured] + ([question.second] if question.second is not None else [])
    note = ""
    if trials is None:
        try:
            for expression in expressions:
                check_exact(expression)
                low, high = expression.min(), expression.max()
                if high - low + 1 > MAX_VALUES:
                    raise DiceLimitError(
                        f"the exact odds of {expression.notation} would list up to {high - low + 1:,} values, "
                        f"more than the limit of {MAX_VALUES:,}"
                    )
        except DiceLimitError as refused:
            per_trial = max(1, sum(_draws(e) for e in expressions))
            trials = min(DEFAULT_TRIALS, MAX_SIMULATED_DICE // per_trial)
            if trials < MIN_TRIALS:
                raise DiceLimitError(
                    f"{refused.reason}; and {MIN_TRIALS:,} simulated rolls could draw {MIN_TRIALS * per_trial:,} dice, "
                    f"more than the limit of {MAX_SIMULATED_DICE:,}",
                    tip="use fewer or smaller dice",
                ) from None
            note = f"Simulated, not exact: {refused.reason}."
    if trials is not None:
        return _simulate(question, expressions, trials, seed, timeout, note)
    counts = [exact_counts(e) for e in expressions]
    limits_note = _limits_note(expressions)
    if question.second is None:
        ways, total = counts[0]
        return DiceOdds(question, Table(list(ways.items()), total, True), limits_note=limits_note)
    from tabroll.dice.distribution import convolve

    (a, total_a), (b, total_b) = counts
    margin = convolve(a, {-v: w for v, w in b.items()})
    return DiceOdds(
        question,
        Table(sorted(margin.items()), total_a * total_b, True),
        first=Table(list(a.items()), total_a, True),
        second=Table(list(b.items()), total_b, True),
        limits_note=limits_note,
    )


def _draws(expression: DiceExpression) -> int:
    """The most dice one roll of the expression can draw."""
    limits = expression.limits
    out = 0
    for term in expression.dice_terms():
        draws = term.count
        if term.reroll is not None:
            draws *= 1 + (1 if term.reroll.once else limits.max_rerolls)
        if term.explode is not None:
            draws *= 1 + explosion_cap(term, limits)
        out += draws
    return out


def _simulate(
    question: Question,
    expressions: list[DiceExpression],
    trials: int,
    seed: int,
    timeout: float | None,
    note: str,
) -> DiceOdds:
    from tabroll.dice.sources import SeededDice

    if not 1 <= trials <= 10**9:
        raise InputError(f"--trials {trials:,} is out of range", tip="simulate from 1 to 1,000,000,000 rolls")
    per_trial = max(1, sum(_draws(e) for e in expressions))
    if trials * per_trial > MAX_SIMULATED_DICE:
        raise DiceLimitError(
            f"simulating {trials:,} rolls of {question.text} could draw {trials * per_trial:,} dice, "
            f"more than the limit of {MAX_SIMULATED_DICE:,}",
            tip=f"ask for at most {max(1, MAX_SIMULATED_DICE // per_trial):,} --trials, or use fewer dice",
        )
    dice = SeededDice(seed)
    first_counts: dict[int, int] = {}
    second_counts: dict[int, int] = {}
    margin: dict[int, int] = {}
    deadline = None if timeout is None else time.monotonic() + timeout
    done = 0
    for done in range(1, trials + 1):
        a = expressions[0].roll(dice, "odds").total
        first_counts[a] = first_counts.get(a, 0) + 1
        if len(expressions) == 2:
            b = expressions[1].roll(dice, "odds").total
            second_counts[b] = second_counts.get(b, 0) + 1
            margin[a - b] = margin.get(a - b, 0) + 1
        if deadline is not None and done % 256 == 0 and time.monotonic() > deadline:
            break
    stopped = done < trials
    how = f"{done:,} simulated rolls, seed {seed}"
    if stopped:
        how += f" (the time limit stopped it after {done:,} of {trials:,})"
    note = f"{note} {how}; ± is the 95% confidence interval.".strip()
    limits = {"seconds": timeout, "reached": stopped} if timeout is not None else {}
    limits_note = _limits_note(expressions)
    if question.second is None:
        table = Table(sorted(first_counts.items()), done, False)
        return DiceOdds(question, table, "monte_carlo", note, limits_note=limits_note, seed=seed, time_limit=limits)
    return DiceOdds(
        question,
        Table(sorted(margin.items()), done, False),
        "monte_carlo",
        note,
        first=Table(sorted(first_counts.items()), done, False),
        second=Table(sorted(second_counts.items()), done, False),
        limits_note=limits_note,
        seed=seed,
        time_limit=limits,
    )
