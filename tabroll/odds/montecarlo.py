"""Monte Carlo simulation of one action: many seeded resolutions, tallied as counts.

The trials are cut into fixed chunks of :data:`CHUNK`; chunk ``k`` rolls its trials one after the other from one
generator seeded with ``seed * 2**32 + k``, so the result is the same however the chunks are dealt among jobs.

A resolution is a function of the dice it draws, so what every dice sequence already seen gives is kept in a graph
of dice prefixes (:class:`DiceTree`): a trial walks down the graph as it draws, and resolves the action (from the
last step it passed) only when its dice leave the known part. Prefixes that bring the action to an equal step
(:mod:`tabroll.engine.steps`) with equal state and figures meet in one place, and a request read by its reading
(a total, a count of successes) is drawn as one branch of that reading, so even an action of many dice is known
after a few thousand resolutions. The values drawn are the same either way, so the graph never changes a result;
it is bounded by :data:`MAX_KEPT`, so memory stays flat however many trials are asked for.

A deadline (``--timeout``) stops the trials where they are: the estimate is then over the trials done (at least
one), which the tally's weight counts.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import random
from collections.abc import Hashable
from typing import Any

from tabroll.dice.session import check_jobs
from tabroll.dice.sources import DiceRequest
from tabroll.engine import find_ruleset
from tabroll.engine.steps import Step, StepWatcher
from tabroll.engine.work import BaseTurn
from tabroll.errors import InputError, RuleRefusal, interrupted
from tabroll.i18n import _, n_
from tabroll.kit import AnyRuleset
from tabroll.odds.branches import Reading, reading_of
from tabroll.odds.limits import CLOCK_EVERY, MAX_TOTALS_BYTES, passed
from tabroll.odds.measures import Outcome, blow_outcome
from tabroll.odds.tally import Tally

CHUNK = 1_000
MAX_TRIALS = 100_000_000
MAX_KEPT = 400_000
"""How much a tree keeps, counted as a node for every answer it holds plus each die value of that answer (a
sequence of 100 dice costs more than one of 2); past it, new sequences are resolved and tallied, not kept. About
20 MiB at most, whatever the number of trials."""

WATCHED = 64
"""Resolutions a tree makes before it looks at how often they joined a step met before (see
:attr:`DiceTree.watching`)."""

PARALLEL_MIN_TRIALS = 1_000_000
"""Fewer trials than this are simulated in one process whatever ``jobs`` says: forking and building a tree in
each process costs more than it saves below this (the result is the same either way)."""


SIMULATED = [0]
"""Trials done so far by the simulation in this process (whole chunks), for the line an interrupt prints."""


def chunk_seed(seed: int, chunk: int) -> int:
    return seed * 2**32 + chunk


class _Kept:
    """The dice of a working area the tree keeps: it is only ever resumed with a trial's own dice."""

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        raise RuntimeError(f"a kept working area was asked for {request.describe()}")


_KEPT = _Kept()


class _Branches:
    """The branches of a request's reading (:func:`~tabroll.odds.branches.reading_of`: its totals, its counts of
    successes, its sums of what each face counts for), drawn by their weights: one random number and a search
    among the cumulative weights (:func:`bisect.bisect_right`), not a random number per die. The branch drawn
    stands for every roll of it: the rules read nothing else of the dice."""

    __slots__ = ("_bounds", "_pools", "_rolls")

    def __init__(self, reading: Reading) -> None:
        self._pools = [pool for pool, _ in reading]
        self._bounds = list(itertools.accumulate(ways for _, ways in reading))
        self._rolls = self._bounds[-1]

    def draw(self, randrange: Any) -> tuple[int, ...]:
        return self._pools[bisect.bisect_right(self._bounds, randrange(self._rolls))]


_drawn = functools.lru_cache(maxsize=64)(_Branches)
"""The branches of each reading drawn from so far (a reading is one object per request: see ``branches.py``)."""


def _branches(request: DiceRequest) -> _Branches | None:
    """How a simulation draws ``request`` by its reading: None (a die at a time) for a single die, a request its
    rules read in full, or a reading whose weights are too large to keep (:data:`MAX_TOTALS_BYTES`)."""
    reading = None if request.count == 1 else reading_of(request)
    return None if reading is None or reading.nbytes > MAX_TOTALS_BYTES else _drawn(reading)


class _TapeDice(StepWatcher):
    """Replays ``prefix``, then rolls from ``randrange``; keeps every request and answer (to grow the tree).

    Past the prefix it watches the steps the action takes (:mod:`tabroll.engine.steps`). At a step the tree has met
    before (:meth:`DiceTree.key`) everything that follows is known to the tree, so the resolution stops there
    (``stopped`` holds the node or leaf the trial goes on from); every other step is noted in ``steps`` with how
    many requests came before it and a copy of the working area, for the tree to keep and resume from."""

    __slots__ = ("_position", "_prefix", "_randrange", "_tree", "draws", "steps", "stopped")
    valid_by_construction = True  # it gives only values it made for the request, or replays ones it made so

    def __init__(self, prefix: list[int], randrange: Any, tree: DiceTree) -> None:
        self._prefix = prefix
        self._position = 0
        self._randrange = randrange
        self._tree = tree
        self.draws: list[tuple[int, int, tuple[int, ...], _Branches | None]] = []
        self.steps: list[tuple[Hashable, int, BaseTurn, Step]] = []
        self.stopped: Any = None

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        count, sides = request.count, request.sides
        start = self._position
        branches = _branches(request)
        if start < len(self._prefix):
            values = tuple(self._prefix[start : start + count])
            if len(values) != count:
                raise RuntimeError(f"the resolver asked for {request.describe()} where it asked for another request")
        elif branches is not None:
            values = branches.draw(self._randrange)
        else:
            randrange = self._randrange
            values = tuple([randrange(sides) + 1 for _ in range(count)])
        self._position = start + count
        self.draws.append((count, sides, values, branches))
        return values

    def at_step(self, turn: BaseTurn, step: Step) -> bool:
        if self._position < len(self._prefix):
            return False  # replaying: the tree already holds where these steps lead
        tree = self._tree
        key: Hashable = None
        if tree.watching:
            key = tree.key(turn, step)
            known = tree.at.get(key)
            if known is not None:
                self.stopped = known
                return True
        self.steps.append((key, len(self.draws), turn.fork(_KEPT), step))  # kept without this trial's dice
        return False


class DiceTree:
    """The outcome of every dice sequence resolved so far, as a graph of prefixes that meet where steps do.

    An inner node is ``[count, sides, children, resume, branches]``: the request the resolver makes after that
    prefix, a child per answer, (for a request a step begins with) the working area at that step to resume from,
    and the request's :class:`_Branches` when it is drawn by its reading (else None). A leaf is the index of its
    outcome in :attr:`outcomes` (equal outcomes share one), counted in :attr:`counts`. :attr:`at` maps each step
    met (:meth:`key`: an equal step, state, measures, blow figures and rulings have the same continuation, the
    contract of :mod:`tabroll.engine.steps`) to the place after it, so a trial reaching it joins the tree there;
    :attr:`kept` measures the tree against :data:`MAX_KEPT`."""

    KEY_COST = 24
    """What a step kept in :attr:`at` counts against :data:`MAX_KEPT` (its key holds a state and the measures;
    each event of its working area counts one more)."""

    def __init__(self, ruleset: AnyRuleset, state: Any, action: Any, tally: Tally) -> None:
        self.ruleset, self.state, self.action, self.tally = ruleset, state, action, tally
        self.root: Any = None
        self.outcomes: list[tuple[Outcome | None, str]] = []  # (outcome, "") or (None, refusal reason)
        self.counts: list[int] = []
        self._index: dict[Any, int] = {}
        self.at: dict[Hashable, Any] = {}  # a step met (its key) -> the node or leaf after it
        self.drawn: list[int] = []  # the dice the last resolution drew (its prefix included)
        self.kept = 0
        # Whether trials still look their steps up: a key costs more than the rest of a step, so once
        # :data:`WATCHED` resolutions are done and hardly any joined a step met before (every outcome of a trample
        # differs in its damage, say), steps are kept only to resume from.
        self.watching = True
        self.joined = 0  # resolutions that joined a step met before
        self.resolved = 0

    def key(self, turn: BaseTurn, step: Step) -> Hashable:
        """What decides everything after ``step``: the exact walk's key with the blow figures so far (a trial's
        outcome counts all its blows, where the walk combines the blows before a step with those after)."""
        ruleset, events = self.ruleset, turn.events
        state = turn.state_now()
        measures = tuple(sorted(ruleset.outcome_measures(self.state, state, events).items()))
        blows = tuple(sorted(blow_outcome(ruleset.blows(self.action, events), self.tally.acted).items()))
        return (step, state, measures, blows, frozenset(turn.rulings_told))

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

    def _resolve(self, origin: Any, prefix: list[int], randrange: Any) -> Any:
        """Resolve a trial whose dice left the tree: from the step ``origin`` (a node) kept, or from the action's
        start (``None``), with ``prefix`` the dice it drew since. When it reaches a step the tree knows, return
        the node it goes on from; else count it and return None. What is new of it is kept, within the bound."""
        dice = _TapeDice(prefix, randrange, self)
        leaf: tuple[Outcome | None, str] | None = None
        try:
            if origin is None:
                resolved = self.ruleset.resolve(self.state, self.action, dice)
            else:
                kept, step = origin[3]
                turn = kept.fork(dice)
                turn.run(step)
                resolved = turn.resolution(turn.state_now())
        except RuleRefusal as refusal:
            leaf = (None, refusal.message)
        else:
            if dice.stopped is None:
                outcome = self.tally.outcome(self.ruleset, self.action, self.state, resolved.state, resolved.events)
                leaf = (outcome, "")
        draws, steps, stopped = dice.draws, dice.steps, dice.stopped
        if stopped is not None:
            self.joined += 1
        self.resolved += 1
        if self.watching and self.resolved >= WATCHED and self.joined * 10 < self.resolved:
            self.watching = False
        self.drawn = [value for _, _, values, _ in draws for value in values]
        end = stopped
        fresh = len(self.drawn) - len(prefix)
        cost = 1 + len(draws) + fresh + sum(self.KEY_COST + len(kept.events) for _, _, kept, _ in steps)
        if self.kept + cost > MAX_KEPT:  # not kept: counted, or walked on from where it joined the tree
            if leaf is not None:
                self._add(leaf, 1)
                return None
        else:
            self.kept += cost
            if leaf is not None:
                end = self._leaf(leaf)
            self._grow(origin, draws, steps, end)
        if type(end) is int:
            self.counts[end] += 1
            return None
        return end

    def _grow(self, origin: Any, draws: list[Any], steps: list[Any], end: Any) -> None:
        """Keep a resolution's dice from ``origin`` (or the root) down to ``end``, and the steps it met."""
        nodes: list[Any] = []  # the node of each request (the first ones already in the tree), then the end
        if draws:
            node = origin if origin is not None else self.root
            if node is None:
                count, sides, _, branches = draws[0]
                node = self.root = [count, sides, {}, None, branches]
            for i, (_, _, values, _) in enumerate(draws):
                nodes.append(node)
                children = node[2]
                if i + 1 == len(draws):
                    children[values] = end
                    break
                child = children.get(values)
                if child is None:
                    count, sides, _, branches = draws[i + 1]
                    child = children[values] = [count, sides, {}, None, branches]
                node = child
        elif origin is None:
            self.root = end
        else:
            return  # resumed from a step and ended before its first die: the resolver is not deterministic
        nodes.append(end)
        at = self.at
        for key, position, kept, step in steps:
            place = nodes[position]
            if key is not None:
                at[key] = place
            if type(place) is list and place[3] is None:
                place[3] = (kept, step)

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
            drawn: list[int] = []  # the trial's dice so far
            origin: Any = None  # the last node passed that keeps its step (None: the action's start)
            since = 0  # where in ``drawn`` the dice after ``origin`` begin
            while True:
                if node is None:
                    node = self._resolve(origin, drawn[since:], randrange)
                    if deadline is not None and trial + 1 < trials and passed(deadline):
                        return False  # a resolve may be slow (a large area attack): look at the clock after each
                    if node is None:
                        break
                    del drawn[since:]  # joined the tree at a step met before: its dice so far
                    drawn.extend(self.drawn)
                if type(node) is int:
                    counts[node] += 1
                    break
                count, sides, children, resume, branches = node
                if resume is not None:
                    origin, since = node, len(drawn)
                values: tuple[int, ...]
                if branches is not None:
                    values = branches.draw(randrange)
                elif count == 1:
                    values = (randrange(sides) + 1,)
                else:
                    values = tuple([randrange(sides) + 1 for _ in range(count)])
                drawn.extend(values)
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


def check_trials(trials: int) -> None:
    """``--trials`` of a simulation: 1 to :data:`MAX_TRIALS`."""
    if not 1 <= trials <= MAX_TRIALS:
        raise InputError(
            _("--trials {trials} is out of range", trials=trials),
            tip=n_("use 1 to {count} trial", "use 1 to {count} trials", MAX_TRIALS, count=f"{MAX_TRIALS:,}"),
        )


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
    check_trials(trials)
    check_jobs(jobs)
    global _JOB
    chunks = [(k, s, min(s + CHUNK, trials)) for k, s in enumerate(range(0, trials, CHUNK))]
    if jobs == 1 or trials < PARALLEL_MIN_TRIALS:
        return run_chunks(ruleset, state, action, chunks, seed, deadline)
    from tabroll.batch.workers import WorkerDied, in_order, process_pool, warn_past_cores, workers_for

    # Contiguous runs of chunks, one per process: each process grows one tree. The workers are forked after the
    # job is set, so they inherit the state and action without pickling them (a ruleset's state may hold things
    # pickle cannot carry); only chunk numbers and tallies cross processes.
    size = -(-len(chunks) // jobs)
    parts = [chunks[i : i + size] for i in range(0, len(chunks), size)]
    _JOB = (ruleset.id, state, action, seed, deadline)
    total = Tally.of(ruleset, state, action)
    merged = 0
    try:
        workers = workers_for(jobs, len(parts))  # a process for each part at most
        warn_past_cores(jobs, workers)
        with process_pool(workers) as pool:
            for part in in_order(pool, _part, parts):
                total.merge(part)
                merged += 1
    except WorkerDied as died:
        lost = sum(stop - start for part in parts[merged:] for _, start, stop in part)
        raise WorkerDied(
            _(
                "{problem}: the simulation lost {lost} of its {count} trials ({missing} of its {parts} parts had "
                "not come back), so no odds are given",
                problem=died.message,
                lost=f"{lost:,}",
                count=f"{trials:,}",
                missing=len(parts) - merged,
                parts=len(parts),
            ),
            tip=died.tip,
        ) from None
    finally:
        _JOB = None
    return total
