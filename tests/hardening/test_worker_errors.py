"""An error raised in a worker of ``--jobs`` reaches the parent as itself, or as a named error: never as a worker
that died. An exception crosses back pickled and is rebuilt from its arguments, so one whose ``__init__`` takes
other arguments than its message could not be rebuilt, and the pool broke (issue 29: a walk over its budget in a
worker said "a worker process stopped before its work was done", exit 70)."""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from tabroll.batch.workers import in_order, process_pool
from tabroll.odds.limits import BudgetExceeded, WalkStopped


class Stubborn(Exception):
    """An exception that cannot be rebuilt from its message alone."""

    def __init__(self, what: str, *, where: int) -> None:
        super().__init__(f"{what} at {where}")


def raise_stubborn(item: int) -> int:
    raise Stubborn("lost", where=item)


def raise_budget(item: int) -> int:
    raise BudgetExceeded(100, item, request=(20, 20, 381), what="totals")


@pytest.mark.parametrize(
    "error",
    [
        BudgetExceeded(100, 7),
        BudgetExceeded(10, 1, request=(3, 6, 16), what="totals"),
        BudgetExceeded(10, 1, request=(1000, 1000, 999_001), what="large totals"),
        WalkStopped(12, Fraction(1, 3)),
    ],
)
def test_the_walks_exceptions_cross_processes_as_themselves(error: Exception) -> None:
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)
    assert vars(again) == vars(error)


def test_a_budget_exceeded_in_a_worker_reaches_the_parent_as_itself() -> None:
    with pytest.raises(BudgetExceeded) as over, process_pool(2) as pool:
        list(in_order(pool, raise_budget, [5, 6]))
    assert over.value.walked == 5 and over.value.request == (20, 20, 381) and over.value.what == "totals"


def test_an_exception_that_cannot_cross_is_named_not_a_dead_worker() -> None:
    with pytest.raises(RuntimeError) as named, process_pool(2) as pool:
        list(in_order(pool, raise_stubborn, [3, 4]))
    assert str(named.value) == "Stubborn in a worker process: lost at 3"
