"""``tabroll odds EXPR``: the odds of a dice expression, of ``EXPR >= N`` and of ``EXPR vs EXPR``, read and
worked out here (the figures are data of :mod:`tabroll.odds.dice_figures`, drawn by :mod:`tabroll.render.dice`).
They are exact (integers over the number of outcomes: :mod:`tabroll.dice.distribution`) unless the exact work
would be too large; then a simulation takes their place and the note says so. Nothing here imports the engine.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from tabroll.dice.distribution import check_exact, convolve, exact_counts
from tabroll.dice.notation import DiceExpression, DiceLimitError, explosion_cap
from tabroll.dice.sources import SeededDice
from tabroll.dice.words import parse_words
from tabroll.errors import InputError
from tabroll.i18n import _, n_
from tabroll.odds.dice_figures import DiceOdds, Question, Table

DEFAULT_TRIALS = 10_000
MIN_TRIALS = 1_000  # a simulation taken in place of exact odds rolls at least this many times, or is refused
MAX_SIMULATED_DICE = 400_000  # dice drawn in all by a simulation, at most (so that one answers at the table)
MAX_VALUES = 100_000  # exact odds list at most this many values (a wider expression is simulated)

_VERSUS = re.compile(r"(?:^|\s)vs(?:\s|$)", re.IGNORECASE)


def read_question(words: Sequence[str]) -> Question:
    """The expression (or the two, around ``vs``) the words spell, read as ``tabroll roll`` reads them."""
    sides = [side.split() for side in _VERSUS.split(" ".join(words))]
    if len(sides) > 2:
        raise InputError(
            _("'vs' compares two expressions, not more"), tip=_("e.g. {example}", example="tabroll odds 2d6 vs 1d12")
        )
    expressions: list[DiceExpression] = []
    for side in sides:
        if not side:
            raise InputError(
                _("'vs' needs an expression on each side"), tip=_("e.g. {example}", example="tabroll odds 2d6 vs 1d12")
            )
        parsed = parse_words(side)
        if len(parsed) != 1:
            shown = ", ".join(e.notation for e in parsed)
            raise InputError(
                _(
                    "odds take one expression, or two around vs; these words give {count}: {shown}",
                    count=len(parsed),
                    shown=shown,
                ),
                tip=_(
                    "e.g. {example}", example="tabroll odds 4d6kh3, tabroll odds '1d20+7>=15', tabroll odds 2d6 vs 2d6"
                ),
            )
        expressions.append(parsed[0])
    return Question(" vs ".join(e.notation for e in expressions), *expressions)


def _limits_note(expressions: Sequence[DiceExpression]) -> str:
    limits = expressions[0].limits
    terms = [term for expression in expressions for term in expression.dice_terms()]
    rerolls = any(term.reroll is not None and not term.reroll.once for term in terms)
    explodes = any(term.explode is not None and explosion_cap(term, limits) > 1 for term in terms)
    parts = []
    if rerolls:
        parts.append(n_("a die rerolls at most {n} time", "a die rerolls at most {n} times", limits.max_rerolls))
    if explodes:
        parts.append(
            n_("a chain of explosions adds at most {n} die", "a chain of explosions adds at most {n} dice",
               limits.max_explosions)
        )  # fmt: skip
    return _("As when rolled, {limits}.", limits=_(" and ").join(parts)) if parts else ""


def compute(question: Question, *, trials: int | None = None, seed: int, timeout: float | None = None) -> DiceOdds:
    """Exact odds, or a simulation of ``trials`` rolls when they are asked for or the exact work is too large."""
    expressions = [question.measured] + ([question.second] if question.second is not None else [])
    note = ""
    if trials is None:
        try:
            for expression in expressions:
                check_exact(expression)
                low, high = expression.min(), expression.max()
                if high - low + 1 > MAX_VALUES:
                    raise DiceLimitError(
                        _(
                            "the exact odds of {dice} would list up to {count} values, more than the limit of {most}",
                            dice=expression.notation,
                            count=f"{high - low + 1:,}",
                            most=f"{MAX_VALUES:,}",
                        )
                    )
        except DiceLimitError as refused:
            per_trial = max(1, sum(_draws(e) for e in expressions))
            trials = min(DEFAULT_TRIALS, MAX_SIMULATED_DICE // per_trial)
            if trials < MIN_TRIALS:
                raise DiceLimitError(
                    _(
                        "{why}; and {count} simulated rolls could draw {dice} dice, more than the limit of {most}",
                        why=refused.reason,
                        count=f"{MIN_TRIALS:,}",
                        dice=f"{MIN_TRIALS * per_trial:,}",
                        most=f"{MAX_SIMULATED_DICE:,}",
                    ),
                    tip=_("use fewer or smaller dice"),
                ) from None
            note = _("Simulated, not exact: {why}.", why=refused.reason)
    if trials is not None:
        return _simulate(question, expressions, trials, seed, timeout, note)
    counts = [exact_counts(e) for e in expressions]
    tables = [Table(list(ways.items()), total, True) for ways, total in counts]
    margin = None
    if question.second is not None:
        (a, total_a), (b, total_b) = counts
        margin = Table(sorted(convolve(a, {-v: w for v, w in b.items()}).items()), total_a * total_b, True)
    return _answer(question, tables, margin, limits_note=_limits_note(expressions))


def _answer(question: Question, tables: list[Table], margin: Table | None, **figures: Any) -> DiceOdds:
    """The odds of one expression (its table), or of two (the table of their margin, and each one's)."""
    if margin is None:
        return DiceOdds(question, tables[0], **figures)
    return DiceOdds(question, margin, first=tables[0], second=tables[1], **figures)


def _draws(expression: DiceExpression) -> int:
    """The most dice one roll of the expression can draw."""
    return sum(term.draws(expression.limits) for term in expression.dice_terms())


def _simulate(
    question: Question,
    expressions: list[DiceExpression],
    trials: int,
    seed: int,
    timeout: float | None,
    note: str,
) -> DiceOdds:
    if not 1 <= trials <= 10**9:
        raise InputError(
            _("--trials {trials} is out of range", trials=f"{trials:,}"),
            tip=_("simulate from 1 to {most} rolls", most="1,000,000,000"),
        )
    per_trial = max(1, sum(_draws(e) for e in expressions))
    if trials * per_trial > MAX_SIMULATED_DICE:
        raise DiceLimitError(
            _(
                "simulating {count} rolls of {question} could draw {dice} dice, more than the limit of {most}",
                count=f"{trials:,}",
                question=question.text,
                dice=f"{trials * per_trial:,}",
                most=f"{MAX_SIMULATED_DICE:,}",
            ),
            tip=_(
                "ask for at most {count} --trials, or use fewer dice",
                count=f"{max(1, MAX_SIMULATED_DICE // per_trial):,}",
            ),
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
    how = n_("{count} simulated roll, seed {seed}", "{count} simulated rolls, seed {seed}", done, count=f"{done:,}",
             seed=seed)  # fmt: skip
    if stopped:
        how += _(" (the time limit stopped it after {done} of {count})", done=f"{done:,}", count=f"{trials:,}")
    note = _("{note} {how}; ± is the 95% confidence interval.", note=note, how=how).strip()
    tables = [Table(sorted(counts.items()), done, False) for counts in (first_counts, second_counts)]
    return _answer(
        question,
        tables,
        Table(sorted(margin.items()), done, False) if question.second is not None else None,
        method="monte_carlo",
        note=note,
        limits_note=_limits_note(expressions),
        seed=seed,
        time_limit={"seconds": timeout, "reached": stopped} if timeout is not None else {},
    )
