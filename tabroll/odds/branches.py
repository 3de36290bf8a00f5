"""The branches of one dice request in an exact walk: its pools (values in rising order, each weighted by the
ordered rolls that give it), or, when the rules read only a sum, its totals (each weighted by the rolls that
add up to it), or, when they read only what each face counts for added up, its sums (how many dice succeed is
one such sum), or, when they read only how a comparison of its dice came out, those outcomes."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabroll.dice.sources import DiceRequest

if TYPE_CHECKING:
    from tabroll.odds.exact import StepNode


def pool_size(count: int, sides: int) -> int:
    """How many different pools ``count`` dice of ``sides`` sides can show, ignoring order (counted, not listed)."""
    return math.comb(sides + count - 1, count)


def _total_size(count: int, sides: int) -> int:
    """How many different totals ``count`` dice of ``sides`` sides can add up to."""
    return count * (sides - 1) + 1


MAX_KEEP_WORK = 20_000_000
"""Most steps the count of a kept sum's weights may take (about ``sides * count**2 * kept * sides``): past it,
the roll is walked by its pools (100d20kh50 would take minutes to count)."""


def reading_of(request: DiceRequest) -> Reading | None:
    """How the walk reads ``request``: by the differences of its two pools' totals when its rules read only those
    (:attr:`~DiceRequest.against`), by its sums when its rules read only what its faces count for added up
    (:attr:`~DiceRequest.per_face`: how many dice succeed is one), by the outcomes of its
    :attr:`~DiceRequest.compare` when they read only how a comparison of its dice came out, by its totals when they
    read only the sum of its dice or of the dice it keeps, else None (by its pools)."""
    count, sides = request.count, request.sides
    if request.against is not None:
        return _differences(request.against, count - request.against, sides)
    if request.compare is not None:
        return _compared(count, sides, request.compare)
    if request.per_face is not None:
        return _sums(sides, request.per_face)
    if not request.total_only or count == 1:
        return None
    keep = request.keep
    kept = count if keep is None else keep.kept_of(count)
    if kept == count:
        return _totals(count, sides)
    if sides * count * count * max(1, kept) * sides > MAX_KEEP_WORK:
        return None
    assert keep is not None
    return _totals(count, sides, kept, keep.highest)


def _totals_bytes(count: int, sides: int, kept: int | None = None) -> int:
    """About how much memory the weights of every total of ``count`` d``sides`` take (half of them are kept: the
    weights are symmetric, and the list shares them); ``kept``: the totals of the dice kept, that many."""
    return _total_size(count if kept is None else kept, sides) * (count * sides.bit_length() // 8 + 28) // 2


def _lowest_pool(count: int, sides: int, index: int) -> tuple[int, ...]:
    """The lowest pool of ``count`` d``sides`` (in rising order) whose total is the ``index``-th (from 0)."""
    top = sides - 1
    if not top or not count:
        return (1,) * count
    full, part = divmod(index, top)
    ones = count - full - (1 if part else 0)
    return (1,) * ones + ((1 + part,) if part else ()) + (sides,) * full


class _Totals(Sequence[tuple[tuple[int, ...], int]]):
    """The totals of the ``kept`` highest (or lowest; None: all) of ``count`` dice of ``sides`` sides, lowest
    first, as :func:`_pools` lists pools: each as one pool whose kept dice add up to it (the lowest such kept dice
    in rising order: ones, one die between, then dice at ``sides``; the others all 1 when the highest are kept,
    all ``sides`` when the lowest are), with the number of ordered rolls that give it. A resolver that reads only
    the sum sees the same from any pool of that sum; the weights are counted when first read (J. C. P. Miller's
    recurrence; ``keep_counts`` for kept dice).

    Every reading (:data:`Reading`) lists its branches so: the first holds every die showing 1 (the answer
    :class:`~tabroll.odds.exact.PrefixDice` gives a request nobody has walked yet), whose ordered rolls are
    ``first_ways``; ``index_of(values)`` is the branch an ordered roll falls in, and ``nbytes`` about how much
    memory its weights take (refused past :data:`~tabroll.odds.limits.MAX_TOTALS_BYTES`, before they are
    counted)."""

    __slots__ = ("_weights", "dice", "faces", "highest", "kept")

    def __init__(self, count: int, sides: int, kept: int | None = None, highest: bool = True) -> None:
        self.dice, self.faces, self.kept, self.highest = count, sides, count if kept is None else kept, highest
        self._weights: list[int] | None = None

    def __len__(self) -> int:
        return _total_size(self.kept, self.faces)

    def weights(self) -> list[int]:
        weights = self._weights
        if weights is None:
            from tabroll.dice.distribution import keep_counts, uniform_power
            from tabroll.dice.nodes import Keep

            if self.kept == self.dice:
                weights = self._weights = uniform_power(self.faces, self.dice)
                return weights
            keep = Keep("kh" if self.highest else "kl", self.kept)
            counts = keep_counts([(self.dice, dict.fromkeys(range(1, self.faces + 1), 1))], keep, lambda v: v)
            weights = self._weights = [counts.get(self.kept + i, 0) for i in range(len(self))]
        return weights

    @property
    def first_ways(self) -> int:  # every die showing 1: one roll, unless some dice are not kept
        return 1 if self.kept == self.dice else self.weights()[0]

    @property
    def nbytes(self) -> int:
        return _totals_bytes(self.dice, self.faces, self.kept)

    def index_of(self, values: Sequence[int]) -> int:
        return sum(sorted(values, reverse=self.highest)[: self.kept]) - self.kept

    def __getitem__(self, index: int) -> tuple[tuple[int, ...], int]:  # type: ignore[override]
        if not 0 <= index < len(self):
            raise IndexError(index)
        kept = _lowest_pool(self.kept, self.faces, index)
        others = self.dice - self.kept
        pool = (1,) * others + kept if self.highest else kept + (self.faces,) * others
        return pool, self.weights()[index]


_totals = functools.lru_cache(maxsize=4)(_Totals)  # four rolls' weights held: 4 * MAX_TOTALS_BYTES at the worst


class _Differences(_Totals):
    """The differences ``a - d`` of the total ``a`` of ``first`` dice of ``sides`` sides less the total ``d`` of
    ``second`` more (rolled after them), when the rules read nothing else of either pool (a Power roll against the
    Toughness roll it meets), as :class:`_Totals` lists totals: each difference once, with the ordered rolls that
    give it, shown by one roll: the lowest first total that reaches it, the second pool's total then what the
    difference leaves (each pool the lowest that adds up to its total, in rising order).

    The weights (and so the length and memory) are those of the totals of ``first + second`` dice: turning each die
    of the second pool upside down (face k shows ``sides + 1 - k``, as likely) makes ``a - d`` the total of every
    die less ``second * (sides + 1)``. The first branch is every die showing 1 (the difference ``first - second``);
    the others follow in rising order of their differences."""

    __slots__ = ("_first_at", "_lowest", "first", "second")

    def __init__(self, first: int, second: int, sides: int) -> None:
        super().__init__(first + second, sides)
        self.first, self.second = first, second
        self._lowest = first - second * sides
        self._first_at = second * (sides - 1)  # where every die showing 1 stands among the differences, rising

    @property
    def first_ways(self) -> int:
        return self.weights()[self._first_at]

    def index_of(self, values: Sequence[int]) -> int:
        at = sum(values[: self.first]) - sum(values[self.first :]) - self._lowest
        first_at = self._first_at
        return 0 if at == first_at else at + 1 if at < first_at else at

    def __getitem__(self, index: int) -> tuple[tuple[int, ...], int]:  # type: ignore[override]
        if not 0 <= index < len(self):
            raise IndexError(index)
        first_at = self._first_at
        at = first_at if index == 0 else index - 1 if index <= first_at else index
        difference = self._lowest + at
        attack = max(self.first, difference + self.second)
        pool = _lowest_pool(self.first, self.faces, attack - self.first)
        pool += _lowest_pool(self.second, self.faces, attack - difference - self.second)
        return pool, self.weights()[at]


_differences = functools.lru_cache(maxsize=16)(_Differences)


Table = tuple[tuple[int, ...], ...]
"""What each face of a die counts for (face k: ``table[k - 1]``), tuples of ints of one length."""


def _run_sums(count: int, table: Table) -> dict[tuple[int, ...], tuple[int, tuple[int, ...]]]:
    """Each sum ``count`` dice of ``table`` add up to: its ordered rolls, and its lowest pool in rising order.
    Faces of an equal tuple are one class (``many`` faces each); each way to share the dice among the classes
    (``dice[c]`` of class c) gives its sum in C(count; dice) · many^dice ordered rolls, the multinomial. The shares
    come with the most dice on the lowest classes first, so a sum's first share is its lowest pool."""
    classes: dict[tuple[int, ...], list[int]] = {}  # a tuple -> [its lowest face, how many faces count it]
    for face, counted in enumerate(table, start=1):
        classes.setdefault(counted, [face, 0])[1] += 1
    kinds = list(classes.items())  # by their lowest face
    sums: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}
    for dice in _shares(count, len(kinds)):
        ways, left, key = 1, count, [0] * len(table[0])
        for (counted, (_, many)), n in zip(kinds, dice, strict=True):
            ways *= math.comb(left, n) * many**n
            left -= n
            for i, value in enumerate(counted):
                key[i] += n * value
        summed = tuple(key)
        known = sums.get(summed)
        if known is None:
            pool = tuple(low for (_, (low, _)), n in zip(kinds, dice, strict=True) for _ in range(n))
            sums[summed] = (ways, pool)
        else:
            sums[summed] = (known[0] + ways, known[1])
    return sums


def _shares(count: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to share ``count`` dice among ``parts`` classes, the most on the first ones first."""
    if parts == 1:
        yield (count,)
        return
    for first in range(count, -1, -1):
        for rest in _shares(count - first, parts - 1):
            yield (first, *rest)


class _FaceSums(Sequence[tuple[tuple[int, ...], int]]):
    """What dice of ``sides`` faces add up to when each face counts for a tuple of ints and the rules read only the
    sum of those over the dice (BotSE's damage and tenacity per face; a count of successes is face -> (1,) or
    (0,), a total face -> (face,)), as :class:`_Totals` lists totals: each distinct sum as one roll with the
    ordered rolls that give it. The dice come in ``runs`` of one kind each, ``(how many, their Table)`` in roll
    order: each run's sums as :func:`_run_sums` counts them (4 dice of 3 classes of faces have at most 15 sums,
    not 1,296 rolls or 126 pools), the runs' sums added (their weights multiplied). A sum's roll is the lowest
    that gives it (a run's dice in rising order, each on the lowest face of its class). The first branch is the
    sum of every die showing 1 (its roll is every die showing 1), the others follow in rising order of their
    sums."""

    __slots__ = ("_index", "_pools", "_tables", "_weights", "dice", "faces", "first_ways", "nbytes")

    def __init__(self, sides: int, runs: tuple[tuple[int, Table], ...]) -> None:
        self.dice, self.faces = sum(count for count, _ in runs), sides
        self._tables = [table for count, table in runs for _ in range(count)]
        reach: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {(0,) * len(runs[0][1][0]): (1, ())}
        for count, table in runs:
            run = _run_sums(count, table)
            following: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}
            for total, (ways, pool) in reach.items():
                for key, (more, shown) in run.items():
                    summed = tuple([a + b for a, b in zip(total, key, strict=True)])
                    known = following.get(summed)
                    if known is not None:
                        ways_before, lower = known
                        following[summed] = (ways_before + ways * more, min(lower, pool + shown))
                    else:
                        following[summed] = (ways * more, pool + shown)
            reach = following
        first = tuple(map(sum, zip(*(table[0] for table in self._tables), strict=True)))
        order = [first, *sorted(key for key in reach if key != first)]
        self._index = {key: index for index, key in enumerate(order)}
        self._weights = [reach[key][0] for key in order]
        self._pools = [reach[key][1] for key in order]
        self.first_ways = self._weights[0]
        self.nbytes = len(order) * (self.dice * (sides.bit_length() + 64) // 8 + 64)

    def __len__(self) -> int:
        return len(self._weights)

    def __getitem__(self, index: int) -> tuple[tuple[int, ...], int]:  # type: ignore[override]
        if not 0 <= index < len(self._weights):
            raise IndexError(index)
        return self._pools[index], self._weights[index]

    def index_of(self, values: Sequence[int]) -> int:
        tables = self._tables
        return self._index[tuple(map(sum, zip(*(t[v - 1] for t, v in zip(tables, values, strict=True)), strict=True)))]


_sums = functools.lru_cache(maxsize=256)(_FaceSums)


class _Compared(Sequence[tuple[tuple[int, ...], int]]):
    """The outcomes ``compare`` reads of ``count`` dice of ``sides`` sides rolled in order (one die against
    another: who wins, ties, a natural face that decides), as :class:`_Totals` lists totals: each outcome with the
    number of ordered rolls that give it and one of them, in the order the rolls first meet them (rolls in rising
    order of their first die, then their second…). Every roll is read once, when the reading is made (at most
    :data:`~tabroll.dice.sources.MAX_COMPARED_ROLLS`). The first outcome is that of every die showing 1, and that
    roll stands for it (the answer a walk gives a request nobody has walked yet); every other outcome is shown by
    the last roll that gives it, so that the rolls the walk resolves span the dice from their lowest to their
    highest faces: one who reads the walk's events (``play``'s preview) sees that the number a side had to beat
    moved with the other side's die. The values keep their order: the first die is the first side's."""

    __slots__ = ("_branches", "_compare", "_index", "first_ways")
    nbytes = 0  # one roll and its weight per outcome

    def __init__(self, count: int, sides: int, compare: Callable[[tuple[int, ...]], Hashable]) -> None:
        found: dict[Hashable, list[Any]] = {}
        for roll in itertools.product(range(1, sides + 1), repeat=count):
            outcome = compare(roll)
            entry = found.get(outcome)
            if entry is None:
                found[outcome] = [roll, 1]
            else:
                entry[0] = roll  # the last roll so far
                entry[1] += 1
        self._branches = [(roll, ways) for roll, ways in found.values()]
        self._branches[0] = ((1,) * count, self._branches[0][1])  # the first outcome: every die showing 1
        self._index = {outcome: index for index, outcome in enumerate(found)}
        self._compare = compare
        self.first_ways: int = self._branches[0][1]

    def __len__(self) -> int:
        return len(self._branches)

    def __getitem__(self, index: int) -> tuple[tuple[int, ...], int]:  # type: ignore[override]
        if not 0 <= index < len(self._branches):
            raise IndexError(index)
        return self._branches[index]

    def index_of(self, values: Sequence[int]) -> int:
        return self._index[self._compare(tuple(values))]


_compared = functools.lru_cache(maxsize=256)(_Compared)

Reading = _Totals | _FaceSums | _Compared | _Differences
"""How a roll is walked when its rules read less than its pool: its branches (see :class:`_Totals`)."""


LISTED_POOLS = 1_024
"""A roll of at most this many pools has them listed once and kept (a walk meets the same roll on many of its
branches); the pools of a larger one are made one at a time as the walk reaches them, so that no roll's pools are
ever all held at once (6d20 has 177,100 of them, 20d20 68,923,264,410)."""


@functools.lru_cache(maxsize=64)
def _pools(count: int, sides: int) -> list[tuple[tuple[int, ...], int]]:
    """Every pool of ``count`` dice (values in rising order) with the number of ordered rolls that give it.

    One request of several dice is one pool (``4d6``, a Power pool): the rules read which values came up, not
    in which order, so walking 126 pools of 4d6 with their weights gives the same odds as 1,296 ordered rolls.
    The first pool is always every die showing 1 (one ordered roll), the answer :class:`PrefixDice` gives to a
    request nobody has walked yet. The walk lists only rolls of at most :data:`LISTED_POOLS` pools this way.
    """
    if count == 1:
        return [((face,), 1) for face in range(1, sides + 1)]
    return [(combo, pool_ways(combo)) for combo in itertools.combinations_with_replacement(range(1, sides + 1), count)]


def pool_ways(combo: tuple[int, ...]) -> int:
    """How many ordered rolls show the pool ``combo`` (its values in rising order): the multinomial coefficient."""
    ways = math.factorial(len(combo))
    for _face, run in itertools.groupby(combo):
        ways //= math.factorial(len(tuple(run)))
    return ways


def _before(combo: tuple[int, ...], sides: int) -> tuple[int, ...]:
    """The pool just before ``combo`` in rising order (as :func:`_pools` lists them); ``combo`` is not the first.

    The last value that can go down by one (staying at least the value before it) does, and every value after
    it goes up to ``sides``."""
    values = list(combo)
    for i in range(len(values) - 1, -1, -1):
        if values[i] > (values[i - 1] if i else 1):
            values[i] -= 1
            for j in range(i + 1, len(values)):
                values[j] = sides
            return tuple(values)
    raise ValueError("the first pool has no pool before it")


class PoolsToWalk:
    """The pools of one request still to walk, taken one at a time from the highest down (the order the walk has
    always walked them in): each is the branch ``head + pool``, with probability ``numerator * ways / step``
    counted from the node it hangs below (``hangs``; ``None``: the root).

    A small request's pools are ``listed`` (:func:`_pools`), taken from ``index`` down; a large one's are made
    one from the other (``combo`` is the next), so the walk holds one entry per request, never its pools. ``left``
    counts the pools still to take and ``ways`` the ordered rolls they stand for (the probability still to
    walk)."""

    __slots__ = ("combo", "hangs", "head", "index", "left", "listed", "numerator", "origin", "read", "sides", "step",
                 "ways")  # fmt: skip

    def __init__(
        self, head: tuple[int, ...], sides: int, numerator: int, step: int, hangs: StepNode | None, *, left: int,
        ways: int, listed: Sequence[tuple[Any, int]] | None = None, index: int = 0, combo: tuple[int, ...] = (),
        origin: StepNode | None = None, read: bool = False,
    ) -> None:  # fmt: skip
        self.head, self.sides, self.numerator, self.step, self.hangs = head, sides, numerator, step, hangs
        self.left, self.ways, self.listed, self.index, self.combo = left, ways, listed, index, combo
        self.origin = origin  # the node at a step its resolutions resume from (None: the action's start)
        self.read = read  # its branches are the values of a reading step's roll, not dice (listed)

    @classmethod
    def of_request(
        cls, head: tuple[int, ...], count: int, sides: int, numerator: int, step: int, hangs: StepNode | None,
        size: int, *, reading: Reading | None = None, origin: StepNode | None = None,
    ) -> PoolsToWalk:  # fmt: skip
        """Every pool (or, with a ``reading``, every branch of it) of a request but its first (the one the
        resolution that met it walked)."""
        rolls, first = sides**count, 1 if reading is None else reading.first_ways
        listed = reading if reading is not None else _pools(count, sides) if size <= LISTED_POOLS else None
        return cls(head, sides, numerator, step * rolls, hangs, left=size - 1, ways=rolls - first, listed=listed,
                   index=size - 1, combo=(sides,) * count, origin=origin)  # fmt: skip

    def take(self) -> tuple[tuple[int, ...], int]:
        """The next pool and its ordered rolls."""
        self.left -= 1
        listed = self.listed
        if listed is not None:
            combo, ways = listed[self.index]
            self.index -= 1
        else:
            combo = self.combo
            ways = pool_ways(combo)
            if self.left:
                self.combo = _before(combo, self.sides)
        self.ways -= ways
        return combo, ways

    def weight(self) -> Fraction:
        """The probability of the pools still to take, counted from the node they hang below."""
        ways = sum(w for _, w in self.listed[: self.index + 1]) if self.read and self.listed else self.ways
        return Fraction(self.numerator * ways, self.step)
