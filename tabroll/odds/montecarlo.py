"""Monte Carlo simulation of one action: many seeded resolutions, tallied as counts.

The trials are cut into fixed chunks of :data:`CHUNK`; chunk ``k`` rolls every one of its trials, one after the
other, from one generator seeded with ``seed * 2**32 + k``. The result is therefore the same whatever the
number of jobs and however the chunks are dealt among them (a generator per trial cost more than the trial).

A resolution is a function of the dice it draws, so the outcome of every dice sequence already seen is kept in a
tree of dice prefixes (:class:`DiceTree`): a trial draws its values from the generator, walking down the tree,
and resolves the action only when its dice leave the part of the tree already known. The values drawn are the
same either way (the resolver replays the prefix, then rolls on from the same generator), so the cache never
changes a result. Only counts per outcome are kept, and the tree is bounded (:data:`MAX_KEPT`: equal outcomes are
kept once, and past the bound new sequences are resolved and counted, not kept), so memory stays flat however many
trials are asked for.

A deadline (``--timeout``) stops the trials where they are: the estimate is then over the trials done (at least
one), which the tally's weight counts. Without a deadline, or when it is not reached, the result is as above.
"""

from __future__ import annotations

import random
from typing import Any

from tabroll.dice.sources import DiceRequest
from tabroll.engine import AnyRuleset, find_ruleset
from tabroll.errors import InputError, RuleRefusal, interrupted
from tabroll.odds.exact import CLOCK_EVERY, Tally, passed
from tabroll.odds.measures import Outcome

CHUNK = 1_000
MAX_TRIALS = 100_000_000
MAX_KEPT = 400_000
"""How much a tree keeps, counted as a node for every answer it holds plus each die value of that answer (a
sequence of 100 dice costs more than one of 2); past it, new sequences are resolved and tallied, not kept. About
20 MiB at most, whatever the number of trials."""

PARALLEL_MIN_TRIALS = 1_000_000
"""Fewer trials than this are simulated in one process whatever ``jobs`` says: forking and building a tree in
each process costs more than it saves (the result is the same either way). Measured on an idle 2-core machine
(the projectile example, start-up taken off): 2 jobs were 1.3x as fast at 200,000 trials, 1.5x at 600,000 and
1.9x at 2,000,000; from here on they gain at least the 1.6x that makes a second process worth it."""


SIMULATED = [0]
"""Trials done so far by the simulation in this process (whole chunks), for the line an interrupt prints."""


def chunk_seed(seed: int, chunk: int) -> int:
    return seed * 2**32 + chunk


class _TapeDice:
    """Replays ``prefix``, then rolls from ``randrange``; keeps every request and answer (to grow the tree)."""

    __slots__ = ("_position", "_prefix", "_randrange", "draws")

    def __init__(self, prefix: list[int], randrange: Any) -> None:
        self._prefix = prefix
        self._position = 0
        self._randrange = randrange
        self.draws: list[tuple[int, int, tuple[int, ...]]] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        count, sides = request.count, request.sides
        start = self._position
        if start < len(self._prefix):
            values = tuple(self._prefix[start : start + count])
            if len(values) != count:
                raise RuntimeError(f"the resolver asked for {request.describe()} where it asked for another request")
        else:
            randrange = self._randrange
            values = tuple([randrange(sides) + 1 for _ in range(count)])
        self._position = start + count
        self.draws.append((count, sides, values))
        return values


class DiceTree:
    """The outcome of every dice sequence resolved so far, as a tree of prefixes.

    An inner node is ``[count, sides, children]`` (the request the resolver makes after that prefix, and a child
    per answer); a leaf is the index of its outcome in :attr:`outcomes`, counted in :attr:`counts`. Equal
    outcomes share one index, so the outcomes kept are the distinct ones (a few dozen, where the sequences are
    hundreds of thousands). :attr:`kept` measures the tree against :data:`MAX_KEPT`."""

    def __init__(self, ruleset: AnyRuleset, state: Any, action: Any, tally: Tally) -> None:
        self.ruleset, self.state, self.action, self.tally = ruleset, state, action, tally
        self.root: Any = None
        self.outcomes: list[tuple[Outcome | None, str]] = []  # (outcome, "") or (None, refusal reason)
        self.counts: list[int] = []
        self._index: dict[Any, int] = {}
        self.kept = 0

    def _leaf(self, leaf: tuple[Outcome | None, str]) -> int:
        """The index of ``leaf``'s outcome, the same for equal outcomes."""
        outcome, reason = leaf
        key: Any = reason if outcome is None else tuple(outcome.items())
        try:
            index = self._index.get(key)
        except TypeError:  # a measure whose value is not hashable: kept on its own
            key, index = None, None
        if index is None:
            index = len(self.outcomes)
            self.outcomes.append(leaf)
            self.counts.append(0)
            if key is not None:
                self._index[key] = index
        return index

    def _resolve(self, prefix: list[int], randrange: Any) -> None:
        """Resolve a trial whose dice left the tree after ``prefix``; count it and keep its leaf."""
        dice = _TapeDice(prefix, randrange)
        try:
            resolved = self.ruleset.resolve(self.state, self.action, dice)
        except RuleRefusal as refusal:
            leaf: tuple[Outcome | None, str] = (None, refusal.message)
        else:
            outcome = self.tally.outcome(self.ruleset, self.action, self.state, resolved.state, resolved.events)
            leaf = (outcome, "")
        draws = dice.draws
        cost = 1 + len(draws) + sum(len(values) for _, _, values in draws) - len(prefix)  # what is new of it
        if self.kept + cost > MAX_KEPT:
            self._add(leaf, 1)
            return
        index = self._leaf(leaf)
        self.counts[index] += 1
        self.kept += cost
        if not draws:
            self.root = index
            return
        node = self.root
        if node is None:
            count, sides, _ = draws[0]
            node = self.root = [count, sides, {}]
        for i, (_, _, values) in enumerate(draws):
            children = node[2]
            if i + 1 == len(draws):
                children[values] = index
                break
            child = children.get(values)
            if child is None:
                count, sides, _ = draws[i + 1]
                child = children[values] = [count, sides, {}]
            node = child

    def _add(self, leaf: tuple[Outcome | None, str], count: int) -> None:
        outcome, reason = leaf
        if outcome is None:
            self.tally.add_refusal(reason, count)
        else:
            self.tally.add(outcome, count)

    def run(self, trials: int, randrange: Any, deadline: float | None = None) -> bool:
        """``trials`` trials, every die drawn from ``randrange`` in the order the resolver asks for them; False
        when ``deadline`` stopped them first (after at least one trial)."""
        counts = self.counts
        for trial in range(trials):
            if trial and trial % CLOCK_EVERY == 0:
                interrupted()  # a Ctrl-C a library swallowed still stops the work
                if deadline is not None and passed(deadline):
                    return False
            node = self.root
            prefix: list[int] = []
            while True:
                if node is None:
                    self._resolve(prefix, randrange)
                    if deadline is not None and trial + 1 < trials and passed(deadline):
                        return False  # a resolve may be slow (a large area attack): look at the clock after each
                    break
                if type(node) is int:
                    counts[node] += 1
                    break
                count, sides, children = node
                if count == 1:
                    values: tuple[int, ...] = (randrange(sides) + 1,)
                else:
                    values = tuple([randrange(sides) + 1 for _ in range(count)])
                prefix.extend(values)
                node = children.get(values)
        return True

    def flush(self) -> None:
        """Add the counted leaves to the tally (and start counting again from zero)."""
        for index, count in enumerate(self.counts):
            if count:
                self._add(self.outcomes[index], count)
                self.counts[index] = 0


def run_chunks(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    chunks: list[tuple[int, int, int]],
    seed: int,
    deadline: float | None = None,
) -> Tally:
    """Simulate each ``(chunk, start, stop)``: trials ``start..stop`` from the generator of chunk ``chunk``; stop
    early past ``deadline`` (the tally's weight is the number of trials done)."""
    tally = Tally.of(ruleset, state, action)
    tree = DiceTree(ruleset, state, action, tally)
    for chunk, start, stop in chunks:
        if not tree.run(stop - start, random.Random(chunk_seed(seed, chunk)).randrange, deadline):
            break
        SIMULATED[0] += stop - start
        if passed(deadline):
            break
    tree.flush()
    return tally


_JOB: tuple[str, Any, Any, int, float | None] | None = None


def _part(chunks: list[tuple[int, int, int]]) -> Tally:
    assert _JOB is not None
    ruleset_id, state, action, seed, deadline = _JOB
    return run_chunks(find_ruleset(ruleset_id), state, action, chunks, seed, deadline)


def simulate(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    *,
    trials: int,
    seed: int,
    jobs: int = 1,
    deadline: float | None = None,
) -> Tally:
    """Resolve ``action`` ``trials`` times; with ``jobs`` > 1 and enough trials, in that many processes (the
    same result: see the module's note). Past ``deadline`` (a :func:`time.monotonic` moment) the trials stop
    where they are: ``int(tally.weight)`` is how many were done."""
    if not 1 <= trials <= MAX_TRIALS:
        raise InputError(f"--trials {trials} is out of range", tip=f"use 1 to {MAX_TRIALS:,} trials")
    if not 1 <= jobs <= 64:
        raise InputError(f"--jobs {jobs} is out of range", tip="use 1 to 64 processes")
    global _JOB
    chunks = [(k, s, min(s + CHUNK, trials)) for k, s in enumerate(range(0, trials, CHUNK))]
    if jobs == 1 or trials < PARALLEL_MIN_TRIALS:
        return run_chunks(ruleset, state, action, chunks, seed, deadline)
    from tabroll.workers import in_order, process_pool

    # Contiguous runs of chunks, one per process: each process grows one tree. The workers are forked after the
    # job is set, so they inherit the state and action without pickling them (a ruleset's state may hold things
    # pickle cannot carry); only chunk numbers and tallies cross processes.
    size = -(-len(chunks) // jobs)
    parts = [chunks[i : i + size] for i in range(0, len(chunks), size)]
    _JOB = (ruleset.id, state, action, seed, deadline)
    total = Tally.of(ruleset, state, action)
    from tabroll.workers import WorkerDied

    merged = 0
    try:
        with process_pool(jobs) as pool:
            for part in in_order(pool, _part, parts):
                total.merge(part)
                merged += 1
    except WorkerDied as died:
        lost = sum(stop - start for part in parts[merged:] for _, start, stop in part)
        raise WorkerDied(
            f"{died.message}: the simulation lost {lost:,} of its {trials:,} trials ({len(parts) - merged} of "
            f"its {len(parts)} parts had not come back), so no odds are given",
            tip=died.tip,
        ) from None
    finally:
        _JOB = None
    return total
