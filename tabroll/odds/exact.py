"""Exact odds: walk every dice outcome of one action through the real resolver, with rational arithmetic.

The resolver draws every random number from the injected dice source. Here that source answers from a prefix of
values and, when the prefix runs out, interrupts the resolution with the request it could not answer. The walk
then branches over every value that die (or group of dice) can show, each with its exact probability, and
resolves again with the longer prefix. A chance node that is not a die (a random pick between two directions)
is a die too (``tabroll.dice.pick``), so it is walked the same way. Player choices come from the action itself.

A request of several dice at once is walked as pools (values in rising order, weighted by how many ordered
rolls give them): the rules of every game read a pool by its values, never by the order of the dice. A request
whose rules read only its sum (:attr:`~tabroll.dice.sources.DiceRequest.total_only`: damage added up) is walked
as its totals, each with the number of ordered rolls that add up to it: 1,901 branches for 100d20, not 4.9e21.

Each leaf is one complete resolution; its outcome (the attack's hit, defeats and damage, what followed it, and
the game's own declared measures: see ``measures.py``) is added to the tally with the leaf's probability.

Asked for them (``finals``), the walk also adds up where the action leaves the game: each resolved leaf adds
``finals(state after, events)`` under the key :data:`FINAL`, so the tally holds the distribution of the action's
final states with exact weights (what ``tabroll odds --until defeat`` chains attack after attack).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, cast

from tabroll.dice.sources import DiceRequest
from tabroll.engine import Resolution
from tabroll.engine.steps import Step, StepWatcher
from tabroll.engine.work import BaseTurn
from tabroll.errors import RuleRefusal, interrupted
from tabroll.i18n import _
from tabroll.kit import AnyRuleset
from tabroll.odds.branches import Reading, _deal, _pool_size, _Pools, _reading
from tabroll.odds.limits import (
    CLOCK_EVERY,
    MAX_TOTALS_BYTES,
    WALKED,
    BudgetExceeded,
    WalkStopped,
    passed,
)
from tabroll.odds.measures import Key, Outcome, blow_outcome
from tabroll.odds.tally import ExactResult, Tally

DEFAULT_BUDGET = 200_000

FINAL: Key = ("\x00final", "state")
"""The key of the final states in a tally walked with ``finals`` (no ruleset label or measure can be this)."""

Finals = Callable[[Any, Sequence[Any]], Hashable]
"""What a walk with final states keeps of each resolved leaf, from its state after the action and all its events.
Its value must be one that the state at any step decides, together with what follows that step (the final state,
and anything the state records, such as who is defeated): outcomes that meet at a step share what follows it, so
the walk keeps what the first of them gave."""


class _TooDeep(Exception):
    """One resolution drew more dice than any walkable tree would (a loop that rerolls the value it was given)."""


MAX_DRAWS = 100_000
"""Most requests one resolution may draw past its prefix before the walk gives up on the tree."""


class PrefixDice(StepWatcher):
    """Answers requests from a fixed prefix of values; past its end, with the first pool of every request.

    A request past the prefix is a branch of the tree nobody has walked yet: it is answered with its first pool
    (every die showing 1) and noted in ``fresh``, with the position it starts at and where it hangs in the
    walk (the node of the step it follows and its weight from there), so that the walk pushes the other pools of that
    request as branches still to walk. One resolution thus reaches one leaf, and every leaf of the tree costs
    at most one resolution (no resolution is spent on a prefix that ends mid-action).

    A step the resolver takes past the prefix (:meth:`at_step`, see :mod:`tabroll.engine.steps`) is handed to the walk,
    which either knows what follows it already (the resolution stops there) or opens a node for it. A node keeps
    the working area as it was at its step: the values of a resolution resumed from it (``origin``) count from
    there.
    """

    __slots__ = ("_given", "_position", "_values", "_walker", "base", "fresh", "keep_first", "origin")
    valid_by_construction = True  # every value it gives is one the walk made for that request (checked_draw)

    def __init__(self, values: Sequence[int], walker: _Walker | None = None, origin: _Node | None = None) -> None:
        self._values = list(values)
        self._given = len(self._values)
        self._position = 0
        self._walker = walker
        # the node this resolution resumed from (None: the action's start), then the innermost node opened at a
        # step, and where in the values its dice begin
        self.origin = origin
        self.base = 0
        # whether a step before the action's first die opens a node too (resumed from, the branches below it skip
        # the checks an action makes before its dice); not while the walk is being shared out among processes,
        # whose branches must hang from the root (a worker starts from the action's start)
        self.keep_first = True
        # (position, count, sides, node, numerator, denominator, reading, origin, base) of each request past the
        # prefix: ``node`` is the node of the step the request follows, numerator/denominator the weight of the path
        # from there to it, ``reading`` its branches when its rules read less than its pool (its sum, or how many
        # dice succeed: :func:`_reading`; None: it is walked by its pools), and
        # ``origin``/``base`` where a resolution of its other pools resumes from and where its values begin
        self.fresh: list[tuple[int, int, int, _Node | None, int, int, Reading | None, _Node | None, int]] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        start = self._position
        count = request.count
        end = start + count
        self._position = end
        values = self._values
        if end <= len(values):
            return tuple(values[start:end])
        if start < len(values):  # a prefix never ends inside a request: the resolver is not deterministic
            raise RuntimeError(f"the resolver asked for {request.describe()} where the walk gave another request")
        if len(self.fresh) >= MAX_DRAWS:
            raise _TooDeep
        walker = self._walker
        step = request.sides**count
        reading = _reading(request)
        if walker is None:
            self.fresh.append((start, count, request.sides, None, 1, 1, reading, None, 0))
        else:
            self.fresh.append(
                (
                    start,
                    count,
                    request.sides,
                    walker.node,
                    walker.numerator,
                    walker.denominator,
                    reading,
                    self.origin,
                    self.base,
                )
            )
            walker.denominator *= step
            walker.node.lone = False
            if reading is not None:  # the reading's first branch: how many rolls give it
                walker.numerator *= reading.first_ways
        first = (1,) * count  # the first pool, and the first total's pool: every die showing 1
        values.extend(first)
        return first

    def at_step(self, turn: BaseTurn, step: Step) -> bool:
        """The resolver is about to take ``step``: past the prefix, the walk either knows what follows (True: the
        resolution stops) or opens a node that keeps ``turn`` as it is now, to resume from (before the action's
        first die only with :attr:`keep_first`)."""
        position = self._position
        walker = self._walker
        if position < self._given or walker is None or (position == 0 and self.origin is None and not self.keep_first):
            return False
        node = walker.at_step(turn, step)
        if node is None:
            return True
        self.origin, self.base = node, position
        return False


class _HashedKey:
    """A key of the walk's memo with its hash worked out once: a (step, state, measures, rulings) tuple is hashed
    through every unit of the state, and each key is looked up, then stored."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: tuple[Any, ...]) -> None:
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _HashedKey) and self._hash == other._hash and self.value == other.value


class _Node:
    """A step met in the walk, with the figures of everything below it (probabilities counted from it).

    Its tally's blow figures count only the blows struck after it (from event ``start`` on); ``after`` holds
    those struck between its parent's step and it, which its figures are combined with when they are
    added to its parent's. ``pending`` counts what below it is still to walk: branches on the stack and the
    resolution in flight (or the node it went on into). When it falls to 0 the node is complete: its figures
    are kept for its key, and added to its parent's with the node's weight from there."""

    __slots__ = (
        "after",
        "denominator",
        "key",
        "leaves",
        "lone",
        "numerator",
        "parent",
        "pending",
        "resume",
        "start",
        "tally",
    )

    def __init__(
        self,
        key: Hashable,
        parent: _Node | None,
        numerator: int,
        denominator: int,
        tally: Tally,
        *,
        start: int = 0,
        after: Outcome | None = None,
    ) -> None:
        self.key = key
        self.parent = parent
        self.numerator = numerator
        self.denominator = denominator
        self.tally = tally
        self.start = start
        self.after = after
        self.pending = 1
        self.leaves = 0
        # no die drawn below it yet (a node at a step opens so; the first request past it clears this): at a leaf
        # reached so, its figures are that one outcome (see _Walker.complete)
        self.lone = False
        self.resume: tuple[BaseTurn, Step] | None = None  # the working area and the step, for a node at a step


class _Walker:
    """The merging walk of one action (see :func:`_walk`).

    A resolver is written as steps (:mod:`tabroll.engine.steps`): at each one, what it does from there depends only on
    the step and on the state. Two outcomes of the dice that reach an equal step with an equal state, with the
    same game measures and rulings told so far, share everything that follows. The walk keeps the figures below
    each step it has walked, counting only the blows struck after it; a later resolution that reaches an equal
    step stops there and adds those figures, combined with its own blows so far and weighed by its own path,
    instead of walking that whole subtree again. The other outcomes of a die drawn below a step are walked by
    resuming from the working area the step's node kept (:attr:`_Node.resume`), never from the action's start.
    """

    def __init__(
        self, ruleset: AnyRuleset, state: Any, action: Any, tally: Tally, finals: Finals | None = None
    ) -> None:
        self.ruleset = ruleset
        self.state = state
        self.action = action
        self.tally = tally
        self.finals = finals  # what each resolved leaf adds under FINAL (None: nothing)
        self.root = _Node(None, None, 1, 1, tally)
        self.known: dict[Hashable, tuple[Tally, int, int]] = {}  # figures, their denominator, leaves
        # where the resolution in flight stands: the innermost node, and the weight of its path from there
        self.node = self.root
        self.numerator = 1
        self.denominator = 1
        self.merged = 0
        # how the resolution in flight stopped at a step whose continuation is known: (its key, blows before it)
        self.stopped: tuple[Hashable, Outcome | None] | None = None

    def at_step(self, turn: BaseTurn, step: Step) -> _Node | None:
        """A step past the prefix: None (and :attr:`stopped` set) when what follows is known, else the node
        opened for it, which keeps a copy of ``turn`` to resume from. Its key is the core's own: the step, the
        state, the game's measures so far and the rulings told."""
        ruleset, tally = self.ruleset, self.tally
        events = turn.events
        node = self.node
        after = blow_outcome(ruleset.blows(self.action, events[node.start :]), tally.acted)
        state = turn.state_now()
        measures = tuple(sorted(ruleset.outcome_measures(self.state, state, events).items()))
        key = _HashedKey((step, state, measures, frozenset(turn.rulings_told)))
        if key in self.known:
            self.stopped = (key, after)
            return None
        sub = Tally(declared=tally.declared, undeclared=tally.undeclared, acted=tally.acted)
        opened = self.node = _Node(key, node, self.numerator, self.denominator, sub, start=len(events), after=after)
        opened.resume = (turn.fork(turn.dice), step)
        opened.lone = True
        self.numerator = self.denominator = 1
        return opened

    def complete(self, node: _Node, lone: Tally | None = None) -> None:
        """``node`` has one thing less to walk; when it is done, keep its figures and hand them to its parent
        (and so on up while parents are done too). ``lone``: the figures of ``node`` when no die was drawn below
        it (one outcome, weight 1 over 1: what collapsing its tally would give, without adding it there first)."""
        while True:
            node.pending -= 1
            parent = node.parent
            if node.pending or parent is None:
                return
            if lone is not None:
                figures, over, lone = lone, 1, None
            else:
                figures, over = node.tally.collapse()
            self.known[node.key] = (figures, over, node.leaves)
            parent.tally.add_collapsed(figures, over, node.numerator, node.denominator, node.after)
            parent.leaves += node.leaves
            node = parent

    def walked(self, stack: list[_Pools], start: Fraction) -> Fraction:
        """How much of the probability is walked, between resolutions: all of ``start`` (what the walk was given:
        everything, or a process's share) but the pools still on ``stack`` (for a walk stopped by its deadline)."""
        weights: dict[int, Fraction] = {id(self.root): Fraction(1)}

        def weight(node: _Node | None) -> Fraction:
            if node is None:
                return Fraction(1)
            chain = []  # up to the nearest node whose weight is known (no recursion: chains may be deep)
            while id(node) not in weights:
                chain.append(node)
                assert node.parent is not None
                node = node.parent
            known = weights[id(node)]
            for step in reversed(chain):
                known = weights[id(step)] = known * Fraction(step.numerator, step.denominator)
            return known

        return start - sum((entry.weight() * weight(entry.hangs) for entry in stack), Fraction(0))


def _walk(  # over 60 lines on purpose: the hot loop of the exact walk, kept inline (no extra call per resolution)
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    stack: list[_Pools],
    budget: int,
    *,
    split_at: int | None = None,
    deadline: float | None = None,
    finals: Finals | None = None,
) -> tuple[Tally, int, int, list[_Pools]]:
    """Walk the pools on ``stack`` depth first: (tally, leaves, resolutions, pools left).

    Each resolution answers its prefix, then the first pool of every further request, and ends at a leaf (or at
    a step whose continuation is known: :class:`_Walker`); the other pools of each request it met past its
    prefix are pushed, as one entry per request (:class:`_Pools`). Every limit is looked at before the work it
    limits: a request whose pools (counted, not listed) would take the walk past ``budget`` resolutions raises
    :class:`BudgetExceeded` before any of them is made. With ``split_at``, stop as soon as ``split_at`` pools wait,
    all hanging from the root, and hand them back (how the walk is shared among processes); otherwise walk to
    the end. Past ``deadline`` raise :class:`WalkStopped`, saying how much of the probability was walked.
    With ``finals``, each resolved leaf also adds its final value under :data:`FINAL`.
    """
    tally = Tally.of(ruleset, state, action)
    walker = _Walker(ruleset, state, action, tally, finals)
    root = walker.root
    resolutions = 0
    waiting = sum(entry.left for entry in stack)
    start = sum((entry.weight() for entry in stack), Fraction(0))
    while stack:
        if split_at is not None and waiting >= split_at and all(entry.hangs is None for entry in stack):
            break
        if resolutions % CLOCK_EVERY == 0:
            WALKED[0] = resolutions
            interrupted()  # a Ctrl-C a library swallowed still stops the walk
            if passed(deadline):
                raise WalkStopped(resolutions, walker.walked(stack, start))
        entry = stack[-1]
        combo, ways = entry.take()
        if not entry.left:
            stack.pop()
        waiting -= 1
        prefix = entry.head + combo
        node = entry.hangs or root
        resolutions += 1
        if resolutions + waiting > budget:
            raise BudgetExceeded(budget, resolutions - 1)
        walker.node, walker.numerator, walker.denominator = node, entry.numerator * ways, entry.step
        origin = entry.origin
        dice = PrefixDice(prefix, walker, origin)
        dice.keep_first = split_at is None
        walker.stopped = None
        try:
            resolved, reason = _resolve_one(ruleset, state, action, dice, origin)
        except _TooDeep:
            raise BudgetExceeded(budget, resolutions) from None
        here = walker.node  # the leaf reached, below the innermost step
        lone = _add_leaf(walker, tally, here, resolved, reason)
        pushed, largest, what = _push_requests(dice, stack, root, budget, resolutions)
        waiting += pushed
        if largest is not None and resolutions + waiting > budget:
            alone = largest if largest[2] - 1 > budget - resolutions else None
            raise BudgetExceeded(budget, resolutions, request=alone, what=what)
        walker.complete(here, lone)
    leaves = root.leaves
    if stack:  # handed back to be shared out: they are not walked here
        root.pending -= waiting
    return tally, leaves, resolutions, stack


def _resolve_one(
    ruleset: AnyRuleset, state: Any, action: Any, dice: PrefixDice, origin: _Node | None
) -> tuple[Resolution | None, str]:
    """One resolution of the walk, from the action's start or resumed from the step ``origin`` kept (never from
    the start again): its resolution, or ``None`` and the reason it was refused."""
    try:
        if origin is None:
            return ruleset.resolve(state, action, dice), ""
        assert origin.resume is not None
        kept, step = origin.resume
        turn = kept.fork(dice)
        turn.run(step)
        return turn.resolution(turn.state_now()), ""
    except RuleRefusal as refusal:
        return None, refusal.message


def _add_leaf(walker: _Walker, tally: Tally, here: _Node, resolved: Resolution | None, reason: str) -> Tally | None:
    """Add the leaf one resolution reached to the node of its innermost step (every request past the prefix was
    answered with its first pool: one ordered roll). A node with no die below it gets its figures from this one
    outcome alone, returned to be kept for its key and handed up."""
    ruleset, state, action = walker.ruleset, walker.state, walker.action
    known: tuple[Tally, int, int] | None = None
    after: Outcome | None = None
    if walker.stopped is not None:  # stopped at a step whose continuation is known
        known = walker.known[walker.stopped[0]]
        after = walker.stopped[1]
    if here.lone and known is None:
        # No die drawn below the innermost step (an attack's last one): its figures are this outcome alone,
        # kept as they are for its key (it is still a merge point: the rest may be costly) and handed up.
        lone = Tally(weight=1)
        if resolved is None:
            lone.refused[reason] = 1
        else:
            outcome = tally.outcome(ruleset, action, state, resolved.state, resolved.events, here.start)
            if walker.finals is not None:
                cast(dict[Key, Any], outcome)[FINAL] = walker.finals(resolved.state, resolved.events)
            figures = lone.values
            for name, value in outcome.items():
                figures[name] = {value: 1}
        here.leaves += 1
        return lone
    if known is not None:
        here.tally.add_collapsed(known[0], known[1], walker.numerator, walker.denominator, after)
        here.leaves += known[2]
        walker.merged += 1
    elif resolved is None:
        here.tally.add_refusal_scaled(reason, walker.numerator, walker.denominator)
        here.leaves += 1
    else:
        outcome = tally.outcome(ruleset, action, state, resolved.state, resolved.events, here.start)
        if walker.finals is not None:
            cast(dict[Key, Any], outcome)[FINAL] = walker.finals(resolved.state, resolved.events)
        here.tally.add_scaled(outcome, walker.numerator, walker.denominator)
        here.leaves += 1
    return None


def _push_requests(
    dice: PrefixDice, stack: list[_Pools], root: _Node, budget: int, resolutions: int
) -> tuple[int, tuple[int, int, int] | None, str]:
    """Push the other pools of each request one resolution met past its prefix, each with the weight of its path
    from the step it follows: (the pools pushed, the largest request as (count, sides, size), and whether its
    branches are pools or totals). The deepest request's are pushed last, so walked first: the innermost step
    is done before any other path can reach an equal one, which then finds it known."""
    values = dice._values
    largest: tuple[int, int, int] | None = None
    what = "pools"
    pushed = 0
    for position, count, sides, owner, path_numerator, path_denominator, reading, since, base in dice.fresh:
        # counted: a request's pools (or totals) are made only as they are walked
        size = _pool_size(count, sides) if reading is None else len(reading)
        if reading is not None and reading.nbytes > MAX_TOTALS_BYTES:
            raise BudgetExceeded(budget, resolutions, request=(count, sides, size), what="large totals")
        if largest is None or size > largest[2]:
            largest = (count, sides, size)
            what = "pools" if reading is None else "totals"
        owner = owner or root
        owner.pending += size - 1
        if size > 1:
            hangs = None if owner is root else owner
            head = tuple(values[base:position])
            stack.append(
                _Pools.of_request(
                    head, count, sides, path_numerator, path_denominator, hangs, size, reading=reading, origin=since
                )
            )
            pushed += size - 1
    return pushed, largest, what


_JOB: tuple[AnyRuleset, Any, Any, int, float | None] | None = None
"""What the forked workers of one walk share: set before the pool forks, so each inherits it (the ruleset itself,
not its id: a game that was never registered, like a test's own, walks in workers too)."""

_FINALS: Finals | None = None
"""The ``finals`` of the walk being shared out among forked workers (set with :data:`_JOB`)."""


def _walk_part(stack: list[_Pools]) -> tuple[Tally, int, int, Fraction | None]:
    """One process's share of the walk: (tally, leaves, resolutions, None), or, stopped by the deadline,
    (an empty tally, 0, resolutions, the probability it had walked)."""
    assert _JOB is not None
    ruleset, state, action, budget, deadline = _JOB
    try:
        tally, leaves, resolutions, _ = _walk(ruleset, state, action, stack, budget, deadline=deadline, finals=_FINALS)
    except WalkStopped as stopped:
        return Tally(), 0, stopped.resolutions, stopped.covered
    return tally.settle(), leaves, resolutions, None


def _start() -> list[_Pools]:
    """The walk's first branch: no dice yet, with all the probability."""
    return [_Pools((), 0, 1, 1, None, left=1, ways=1, listed=[((), 1)], index=0)]


def exact_odds(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    *,
    budget: int = DEFAULT_BUDGET,
    jobs: int = 1,
    deadline: float | None = None,
    finals: Finals | None = None,
) -> ExactResult:
    """Walk every dice outcome of ``action`` from ``state``; raise :class:`BudgetExceeded` past ``budget``, and
    :class:`WalkStopped` past ``deadline`` (a :func:`time.monotonic` moment).

    With ``jobs`` > 1 the first branches of the tree are dealt out to that many forked processes; the result is
    the same exact tally (fractions add up the same whatever the split).

    With ``finals``, the tally also holds under :data:`FINAL` the distribution of ``finals(state after,
    events)`` over the resolved outcomes (see :data:`Finals`); the refused ones are its refusals, as ever.
    """
    if jobs <= 1:
        tally, leaves, resolutions, _ = _walk(
            ruleset, state, action, _start(), budget, deadline=deadline, finals=finals
        )
        return ExactResult(tally=tally.settle(), leaves=leaves, resolutions=resolutions)
    tally, leaves, resolutions, waiting = _walk(
        ruleset, state, action, _start(), budget, split_at=jobs * 4, deadline=deadline, finals=finals
    )
    tally.settle()
    if waiting:
        job = (ruleset, state, action, max(1, budget - resolutions), deadline)
        leaves, resolutions = _walk_in_processes(tally, waiting, jobs, job, finals, leaves, resolutions, budget)
    return ExactResult(tally=tally, leaves=leaves, resolutions=resolutions)


def _walk_in_processes(
    tally: Tally,
    waiting: list[_Pools],
    jobs: int,
    job: tuple[Any, ...],
    finals: Finals | None,
    leaves: int,
    resolutions: int,
    budget: int,
) -> tuple[int, int]:
    """The branches the first walk left ``waiting``, dealt out to ``jobs`` forked processes and merged into
    ``tally`` in order: the leaves and resolutions counted so far, with theirs added."""
    global _JOB, _FINALS
    from tabroll.batch.workers import WorkerDied, in_order, process_pool, warn_past_cores, workers_for

    _JOB, _FINALS = job, finals
    todo = [p for p in _deal(waiting, jobs) if p]
    covered: Fraction | None = None
    merged = 0
    try:
        workers = workers_for(jobs, len(todo))  # a process for each part at most
        warn_past_cores(jobs, workers)
        with process_pool(workers) as pool:
            for part_tally, part_leaves, part_resolutions, stopped in in_order(pool, _walk_part, todo):
                if stopped is not None:
                    covered = (covered or Fraction(0)) + stopped
                tally.merge(part_tally)
                leaves += part_leaves
                resolutions += part_resolutions
                merged += 1
    except BudgetExceeded as over:  # a part went past what was left of the budget: say it of the whole walk
        raise BudgetExceeded(
            budget, resolutions + over.walked, estimate=over.estimate, request=over.request, what=over.what
        ) from None
    except WorkerDied as died:
        lost = sum((entry.weight() for part in todo[merged:] for entry in part), Fraction(0))
        raise WorkerDied(
            _(
                "{problem}: the exact walk lost {missing} of its {parts} parts ({share} of the outcomes were not "
                "walked), so no odds are given",
                problem=died.message,
                missing=len(todo) - merged,
                parts=len(todo),
                share=f"{float(lost):.1%}",
            ),
            tip=died.tip,
        ) from None
    finally:
        _JOB = _FINALS = None
    if covered is not None:  # a part was stopped by the deadline: the walked share is the parts done and its own
        raise WalkStopped(resolutions, tally.weight + covered)
    if resolutions > budget:
        raise BudgetExceeded(budget, resolutions)
    return leaves, resolutions
