"""Exact odds: walk every dice outcome of one action through the real resolver, with rational arithmetic.

The resolver draws every random number from the injected dice source. Here that source answers from a prefix of
values and, past it, with the first branch of each request, which the walk notes; it then walks the request's
other branches, each with its exact probability, resuming from the step the request follows. A request's
branches are its pools (values in rising order, weighted by the ordered rolls that give them), or what its rules
read of it: its total, its count of successes, how a comparison came out (``branches.py``): 1,901 branches for
100d20, not 4.9e21. A reading step (:class:`~tabroll.engine.steps.ReadStep`) draws no die: its values are walked.

Each leaf is one complete resolution; its outcome (the attack's hit, defeats and damage, what followed it, and
the game's own declared measures: see ``measures.py``) is added to the tally with the leaf's probability; with
``finals``, also where it leaves the game (:data:`FINAL`: what ``tabroll odds --until defeat`` chains).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, cast

from tabroll.dice.sources import DiceRequest
from tabroll.engine.steps import ReadStep, Step, StepWatcher
from tabroll.engine.work import BaseTurn
from tabroll.errors import RuleRefusal, interrupted
from tabroll.kit import STRIKE_KINDS, AnyRuleset, Ruleset
from tabroll.odds.branches import PoolsToWalk, Reading, pool_size, reading_of
from tabroll.odds.limits import CLOCK_EVERY, MAX_TOTALS_BYTES, WALKED, BudgetExceeded, WalkStopped, passed
from tabroll.odds.measures import Key, Outcome, blow_outcome, generic_kind
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
    """Answers requests from a fixed prefix of values; past its end, with the first pool of every request (every
    die showing 1), noted in ``fresh`` with where it hangs in the walk, so that the walk pushes its other pools.
    One resolution thus reaches one leaf. A step taken past the prefix (:meth:`at_step`) is handed to the walk,
    which either knows what follows it (the resolution stops) or opens a node for it, which keeps the working
    area as it was there: the values of a resolution resumed from it (``origin``) count from there."""

    __slots__ = ("_given", "_position", "_values", "_walker", "base", "fresh", "origin", "reads_rolls")
    valid_by_construction = True  # every value it gives is one the walk made for that request (checked_draw)

    def __init__(self, values: Sequence[int], walker: _Walker, origin: StepNode | None) -> None:
        self._walker = walker
        self.begin(values, origin)
        self.reads_rolls = walker.finals is not None  # plain rolls are logged only for finals that read them
        # (position, count, sides, node, numerator, denominator, reading, origin, base) of each request past the
        # prefix: the node of the step it follows and the path's weight from there, its branches when its rules
        # read less than its pool (:func:`reading_of`), and where its other pools resume from and their values begin
        self.fresh: list[tuple[int, int, int, StepNode, int, int, Reading | None, StepNode | None, int]] = []

    def begin(self, values: Sequence[int], origin: StepNode | None) -> PrefixDice:
        """Answer the next resolution: ``values`` first; ``origin``: the node it resumes from (None: the start), then
        the innermost node opened at a step, with ``base``: where in the values its dice begin."""
        self._values, self._given, self._position = list(values), len(values), 0
        self.origin, self.base = origin, 0
        return self

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
        reading = reading_of(request)
        node, numerator, denominator = walker.node, walker.numerator, walker.denominator
        self.fresh.append((start, count, request.sides, node, numerator, denominator, reading, self.origin, self.base))
        walker.denominator *= request.sides**count
        if reading is not None:  # the reading's first branch: how many rolls give it
            walker.numerator *= reading.first_ways
        first = (1,) * count  # the first pool, and the first total's pool: every die showing 1
        values.extend(first)
        return first

    def at_step(self, turn: BaseTurn, step: Step) -> bool:
        """The resolver is about to take ``step``: past the prefix, the walk knows what follows (True: the
        resolution stops) or opens a node that keeps ``turn`` as it is now, to resume from."""
        position = self._position
        if position < self._given:
            return False
        node = self._walker.at_step(turn, step)
        if node is None:
            return True
        self.origin, self.base = node, position
        return False


class _Read(Step, frozen=True):
    """A reading step's rule applied to one value: the node its rule's dice resume from, with that value."""

    step: ReadStep
    value: Any

    def advance(self, turn: Any) -> Step | None:
        return self.step.then(turn, self.value)


class StepNode:
    """A step met in the walk. Its ``edges`` lead to the steps met after it, each ``(numerator, denominator, after,
    node)``: the weight of the path there and the blow figures struck on it (``after``; None: none); the leaves
    below it before any other step are added up in ``out``, a tally of numerators per denominator. ``pending``
    counts what below it is still to walk (branches on the stack, the resolution in flight); at 0 the node is
    complete. ``chance``: its probability, as (numerator, denominator); ``start``: its first event."""

    __slots__ = ("acc", "chance", "edges", "figures", "key", "leaves", "mass", "out", "over", "parent", "pending",
                 "resume", "start")  # fmt: skip

    def __init__(self, key: Any, parent: StepNode | None, chance: tuple[int, int], *, start: int = 0) -> None:
        self.key, self.parent, self.chance, self.start = key, parent, chance, start
        self.pending, self.leaves = 1, 0
        self.edges: list[Any] = []  # flat: four values an edge
        self.out: dict[int, Tally] = {}
        self.resume: Any = None  # (the working area, the step) of a node at a step (a step None: the end)
        # filled by _spread: its probability (mass over the walk's common denominator; ``over``: the least one its
        # paths need) and the blow figures struck before it: the same on every path there (``figures``), or
        # weights per figure and value (``acc``, when ``figures`` is None)
        self.mass, self.over = 0, 1
        self.acc: dict[Key, dict[Any, int]] = {}
        self.figures: Outcome | None = None


class _Walker:
    """The merging walk of one action (see :func:`exact_odds`). Two outcomes of the dice that reach an equal step
    (:mod:`tabroll.engine.steps`) with an equal state, game measures and rulings told share everything that
    follows: each step walked is a node of a graph (:class:`StepNode`), and a later resolution that reaches an
    equal one stops there and adds an edge to it. The other outcomes of a die drawn below a step are walked from the
    working area its node kept (:attr:`StepNode.resume`); then :func:`_spread` carries the probability down the
    graph."""

    def __init__(
        self, ruleset: AnyRuleset, state: Any, action: Any, tally: Tally, finals: Finals | None = None
    ) -> None:
        self.ruleset, self.state, self.action, self.tally = ruleset, state, action, tally
        self.finals = finals  # what each resolved leaf adds under FINAL (None: nothing)
        self.root = StepNode(None, None, (1, 1))
        self.known: dict[Any, dict[Hashable, StepNode]] = {}  # by state, then by what else the key holds
        self._at: tuple[Any, dict[Hashable, StepNode]] = (None, {})  # the last state looked up, and its nodes
        self.done: list[StepNode] = []  # the nodes in the order they were complete: every edge's end before its start
        # where the resolution in flight stands: the innermost node, and the weight of its path from there
        self.node, self.numerator, self.denominator = self.root, 1, 1
        self.stopped = False  # the resolution in flight stopped at a step whose continuation is known
        self.reads: list[PoolsToWalk] = []  # the values of the reading steps it opened, to walk (a ReadStep's)
        self.finished = 0  # the values of final readings tallied (each a resolution)
        # the event kinds its blows read (None: any): the kit's own blows read the core's strikes alone
        kit_blows = getattr(type(ruleset), "blows", None) is Ruleset.blows
        self.striking = STRIKE_KINDS if kit_blows else getattr(ruleset, "blow_kinds", None)

    def at_step(self, turn: BaseTurn, step: Step | None) -> StepNode | None:
        """A step past the prefix: None (and :attr:`stopped` set) when what follows is known, else the node
        opened for it, which keeps a copy of ``turn`` to resume from. Its key is the core's own: the step, the
        state, the game's measures so far and the rulings told. (A reading step's value that ends the action
        changing nothing reaches the step None, a node as any other: :func:`_read`.)"""
        events, node, after, striking = turn.events, self.node, None, self.striking
        for event in events[node.start :]:  # the blows struck since the node, if it may have any
            if striking is None or event.KIND in striking:
                blows = self.ruleset.blows(self.action, events[node.start :])
                after = blow_outcome(blows, self.tally.acted) if blows else None
                break
        state = turn.state_now()  # the measures so far, unless the state (in the key) decides them
        measures = self.ruleset.outcome_measures(self.state, state, events) if self.tally.read_events else None
        key = (step, tuple(sorted(measures.items())) if measures else (), turn.rulings_told)
        at = self._at
        if at[0] is not state:  # a state met again is most often the very same object: hashed once here
            at = self._at = (state, self.known.setdefault(state, {}))
        known = at[1].get(key)
        if known is not None:
            node.edges += (self.numerator, self.denominator, after, known)
            node.leaves += known.leaves
            self.stopped = True
            return None
        chance = (node.chance[0] * self.numerator, node.chance[1] * self.denominator)
        opened = self.node = StepNode((at[1], key), node, chance, start=len(events))
        node.edges += (self.numerator, self.denominator, after, opened)
        self.numerator = self.denominator = 1
        if isinstance(step, ReadStep) and self.finals is None:  # each value read, from here: no die drawn
            values, rolls = step.reads(turn).outcomes()
            sides = step.finish(turn, values)
            if sides is not None:  # a final reading: what each side decides of its ends' outcomes, added up here
                self.finished, self.stopped, self.node, part = self.finished + len(values), True, node, Tally()
                outcome = self.tally.outcome  # only what each side decides: its blows, or not, the measures named
                for number, (decides, ends) in enumerate(sides):  # (a tally keeps each figure apart: marginals)
                    for ways, after, done in ends:
                        part.add(outcome(self.ruleset, self.action, self.state, after, done, 0, decides), ways)
                        part.weight -= ways if number else 0  # every side's ends stand for every value
                opened.out[rolls], opened.leaves, node.pending = part, len(values), node.pending + 1
                self.complete(opened)  # known below ``node``, where the resolution in flight stops
                return None
            opened.resume, opened.pending, self.stopped = (turn, step), 2, True  # the resolution, the values
            self.reads.append(PoolsToWalk((), 0, 1, rolls, opened, left=len(values), ways=rolls, listed=values,
                                     index=len(values) - 1, origin=opened, read=True))  # fmt: skip
            return None
        opened.resume = (turn.fork(turn.dice), step)
        return opened

    def complete(self, node: StepNode) -> None:
        """``node`` has one thing less to walk; when it is done, keep it for its key (and so on up while parents
        are done too)."""
        while True:
            node.pending -= 1
            if node.pending:
                return
            self.done.append(node)
            node.resume = None
            parent = node.parent
            if parent is None:
                return
            known, key = node.key
            known[key] = node  # among the nodes of its state (not hashed again)
            parent.leaves += node.leaves
            node = parent


def exact_odds(
    ruleset: AnyRuleset, state: Any, action: Any, *, budget: int = DEFAULT_BUDGET, deadline: float | None = None,
    finals: Finals | None = None,
) -> ExactResult:  # fmt: skip
    """Walk every dice outcome of ``action`` from ``state``, depth first, from a first branch with no dice yet.

    Each resolution answers its prefix, then the first pool of every further request, and ends at a leaf (or at
    a step whose continuation is known: :class:`_Walker`); the other pools of each request it met past its
    prefix are pushed, as one entry per request (:class:`PoolsToWalk`), and so are the values of each reading step
    it opened (:func:`_read`). Every limit is looked at before the work it limits: a request whose pools
    (counted, not listed) would take the walk past ``budget`` resolutions raises :class:`BudgetExceeded` before
    any of them is made. Past ``deadline`` (a :func:`time.monotonic` moment) raise :class:`WalkStopped`.

    With ``finals``, the tally also holds under :data:`FINAL` the distribution of ``finals(state after,
    events)`` over the resolved outcomes (see :data:`Finals`); the refused ones are its refusals, as ever.
    """
    tally = Tally.of(ruleset, state, action)
    walker = _Walker(ruleset, state, action, tally, finals)
    root, dice = walker.root, PrefixDice((), walker, None)
    resolutions, waiting, clock = 0, 1, 0  # waiting: the root; clock: when the clock is next looked at
    stack = [PoolsToWalk((), 0, 1, 1, None, left=1, ways=1, listed=[((), 1)], index=0)]
    while stack:
        entry = stack[-1]  # a request's branches still to walk, taken one after the other while none opens a node
        if entry.read:
            resolutions, waiting, clock = _read(walker, dice, stack, budget, deadline, resolutions, waiting, clock)
            continue
        node, origin, head, numerator, over = entry.hangs or root, entry.origin, entry.head, entry.numerator, entry.step
        while entry.left:
            if resolutions >= clock:
                clock = resolutions + CLOCK_EVERY
                _look_at_clock(walker, stack, resolutions, deadline)
            combo, ways = entry.take()
            if not entry.left:
                stack.pop()
            waiting -= 1
            resolutions += 1
            walker.node, walker.numerator, walker.denominator, walker.stopped = node, numerator * ways, over, False
            try:
                _resolve(walker, dice.begin(head + combo, origin), origin)
            except _TooDeep:
                raise BudgetExceeded(budget, resolutions) from None
            here = walker.node
            if not (dice.fresh or walker.reads or here.pending == 1):  # the usual case, inline
                here.pending -= 1
                continue
            waiting, pushed = _settle(dice, walker, stack, budget, resolutions, waiting)
            if pushed:
                break
    _spread(walker)
    return ExactResult(tally=tally, leaves=root.leaves, resolutions=resolutions + walker.finished)


def _read(
    walker: _Walker, dice: PrefixDice, stack: list[PoolsToWalk], budget: int, deadline: float | None,
    resolutions: int, waiting: int, clock: int,
) -> tuple[int, int, int]:  # fmt: skip
    """Walk the values of the reading step on top of ``stack``, no die drawn: apply the rule to each value in a fork
    of the working area its node kept (put back before the next value: :meth:`~BaseTurn.rewinder`). What follows
    a rule that changed nothing a key reads (events, state, rulings) has the node's key but for its step (None: the
    end): looked up there. Else it goes on as any resolution (a node it opens is walked first). The counts after:
    resolutions, waiting, clock."""
    entry = stack[-1]
    at: StepNode = entry.hangs  # type: ignore[assignment]
    listed: Sequence[Any] = entry.listed  # type: ignore[assignment]
    index, over, (kept, step), (known, (_, measures, rulings)) = entry.index, entry.step, at.resume, at.key
    then, walker.node, walker.denominator, edges = step.then, at, over, at.edges
    state, length, rewind, turn, leaves = kept.state_now(), len(kept.events), None, kept, 0
    dice.begin((), at)
    try:
        while index >= 0:
            if resolutions >= clock:
                entry.index, clock = index, resolutions + CLOCK_EVERY
                _look_at_clock(walker, stack, resolutions, deadline)
            value, ways = listed[index]
            index -= 1
            if index < 0:
                stack.pop()
            resolutions += 1
            waiting -= 1
            if rewind is None:  # a fresh fork (and what puts it back), after a value that went on from it
                turn = kept.fork(dice)
                rewind = turn.rewinder()
            else:
                rewind()
            walker.numerator = ways
            try:
                following = then(turn, value)
            except RuleRefusal as refusal:
                if not dice.fresh:
                    _leaf(walker, refusal.message)
                    continue
                following = None  # refused after a die it drew: taken again, as below
            if not dice.fresh:  # no die drawn
                if len(turn.events) == length and turn.state_now() is state and turn.rulings_told is rulings:
                    found = known.get((following, measures, rulings))  # following None: the end, a node too
                    if found is not None:
                        edges += (ways, over, None, found)
                        leaves += found.leaves
                        continue
                elif following is None:
                    _leaf(walker, turn.state_now(), tuple(turn.events))
                    continue
                opened = walker.at_step(turn, following)  # None: known, or a reading step's node
                if opened is None:
                    if walker.reads:  # that node's values, walked first (counted in the budget before)
                        read = walker.reads.pop()
                        read.hangs.pending, at.pending, waiting = 1, at.pending + 1, waiting + read.left  # type: ignore
                        stack.append(read)
                        if resolutions + waiting > budget:
                            raise BudgetExceeded(budget, resolutions)
                        break
                    continue
            else:  # its rule drew dice: taken again from a node of this value, which their other pools resume
                dice.fresh, walker.numerator, walker.denominator = [], ways, over
                turn, following, opened = kept.fork(dice.begin((), at)), _Read(step, value), None
            rewind, walker.stopped = None, False  # it goes on as any resolution, below this node
            at.pending += 1
            if opened is not None:  # from the node opened at a plain step (as PrefixDice.at_step does)
                dice.origin = opened
            _go_on(walker, turn, following, first=opened is not None)
            waiting, pushed = _settle(dice, walker, stack, budget, resolutions, waiting)
            if pushed:
                break
            walker.node, walker.denominator = at, over
            dice.begin((), at)
    except _TooDeep:
        raise BudgetExceeded(budget, resolutions) from None
    at.leaves += leaves
    entry.index, entry.left = index, index + 1
    if index < 0:
        walker.complete(at)
    return resolutions, waiting, clock


def _resolve(walker: _Walker, dice: PrefixDice, origin: StepNode | None) -> None:
    """One resolution, from the action's start or resumed from the step ``origin`` kept: its outcome (or why it
    was refused) added below its innermost step, unless it stopped at a step whose continuation is known."""
    if origin is not None:  # its prefix answers the step's own dice: the walk is not asked at it again
        kept, step = origin.resume
        return _go_on(walker, kept.fork(dice), step, True)
    try:
        resolved = walker.ruleset.resolve(walker.state, walker.action, dice)
    except RuleRefusal as refusal:
        _leaf(walker, refusal.message)
    else:
        if not walker.stopped:
            _leaf(walker, resolved.state, resolved.events)


def _go_on(walker: _Walker, turn: BaseTurn, step: Step | None, first: bool = False) -> None:
    """The rest of a resolution from ``step`` (``first``: taken without asking the walk), as _resolve ends one."""
    try:
        turn.run(step.advance(turn) if first and step else step)
    except RuleRefusal as refusal:
        _leaf(walker, refusal.message)
    else:
        if not walker.stopped:
            _leaf(walker, turn.state_now(), tuple(turn.events))


def _settle(
    dice: PrefixDice, walker: _Walker, stack: list[PoolsToWalk], budget: int, resolutions: int, waiting: int
) -> tuple[int, bool]:
    """After a resolution: push what it met (:func:`_push_requests`), complete its node; whether it pushed any."""
    here, fresh, reads = walker.node, dice.fresh, walker.reads
    if not (fresh or reads or here.pending == 1):
        here.pending -= 1
        return waiting, False
    waiting = _push_requests(dice, walker, stack, budget, resolutions, waiting)
    walker.complete(here)
    if fresh or reads:
        dice.fresh, walker.reads = [], []
        return waiting, True
    return waiting, False


def _look_at_clock(walker: _Walker, stack: list[PoolsToWalk], resolutions: int, deadline: float | None) -> None:
    """Every :data:`CLOCK_EVERY` resolutions: a swallowed Ctrl-C stops the walk, and so does ``deadline``."""
    WALKED[0] = resolutions
    interrupted()
    if passed(deadline):
        left = sum((e.weight() * Fraction(*(e.hangs or walker.root).chance) for e in stack), Fraction(0))
        raise WalkStopped(resolutions, 1 - left)


def _leaf(walker: _Walker, after: Any, events: Sequence[Any] = ()) -> None:
    """A leaf, added up below its innermost step: ``after``, the state it leaves, or why it was refused (a str)."""
    here = walker.node
    here.leaves += 1
    part = here.out.get(walker.denominator) or here.out.setdefault(walker.denominator, Tally())
    if isinstance(after, str):
        part.add_refusal(after, walker.numerator)
        return
    outcome = walker.tally.outcome(walker.ruleset, walker.action, walker.state, after, events, here.start)
    if walker.finals is not None:
        cast(dict[Key, Any], outcome)[FINAL] = walker.finals(after, events)
    part.add(outcome, walker.numerator)


def _spread(walker: _Walker) -> None:
    """Carry the probability down the graph once, from the root's 1: along each edge, with the blow figures struck
    before each node (``acc``, weights per figure and value), and into the tally from each node's leaves. Every
    weight is a whole number over one denominator (``common``, the least every path needs, found first): along an
    edge of weight n / d, a weight w gives w * n // d, exact. Made fractions once at the end."""
    order = walker.done[::-1]  # every edge's start before its end
    common = 1
    for node in order:
        over, last, need = node.over, 0, 0
        for _numerator, denominator, _after, target in zip(*[iter(node.edges)] * 4, strict=False):  # four a time
            if denominator != last:  # a reading step's edges share one denominator
                last, need = denominator, over * denominator
            had = target.over
            if had % need:  # most often a multiple of the denominator so far (sides to a higher power)
                target.over = need if need % had == 0 else math.lcm(had, need)
        for denominator in node.out:
            if common % (over * denominator):
                common = math.lcm(common, over * denominator)
    final, sets = Tally(), dict[tuple[Any, ...], Outcome]()
    walker.root.mass, walker.root.figures = common, {}
    for node in order:
        mass, figures, acc, sums = node.mass, node.figures, node.acc, None  # sums: made when first needed
        last = share = left = 0
        for numerator, denominator, after, target in zip(*[iter(node.edges)] * 4, strict=False):
            if denominator != last:  # a reading step's edges share one: divided once when it divides the mass
                last, (share, left) = denominator, divmod(mass, denominator)
            had = target.mass
            target.mass = had + (mass * numerator // denominator if left else share * numerator)
            if figures is not None:  # every path here struck the same: so do those through this edge
                struck = figures
                if after:  # those figures, then the edge's
                    struck = figures | {n: _both(n, figures[n], v) if n in figures else v for n, v in after.items()}
                    struck = sets.setdefault(tuple(struck.items()), struck)  # one object: compared by identity
                if not had:
                    target.figures = struck
                    continue
                if target.figures is struck or target.figures == struck:
                    continue
            if target.figures is not None:  # paths that struck different figures meet: weights per value
                target.acc = {name: {value: had} for name, value in target.figures.items()}
                target.figures = None
            later = {name: {value: 1} for name, value in after.items()} if after else {}
            if sums is None:
                acc, sums = _weights(node)
            _carry(target.acc, acc, sums, mass, later, 1, numerator, denominator)
        if node.out and sums is None:
            acc, sums = _weights(node)
        for denominator, part in node.out.items():
            final.weight += mass * part.weight // denominator
            for reason, weight in part.refused.items():  # refused: no figures, not even those struck before
                final.refused[reason] = final.refused.get(reason, 0) + mass * weight // denominator
            resolved = part.weight - sum(part.refused.values())
            _carry(final.values, acc, sums or {}, mass, part.values, resolved, 1, denominator)
    tally, masses = walker.tally, {mass for bucket in final.values.values() for mass in bucket.values()}
    tally.weight, tally.over = Fraction(final.weight, common), common
    tally.refused = {reason: Fraction(mass, common) for reason, mass in final.refused.items()}
    shares = {mass: Fraction(mass, common) for mass in masses}  # each reduced once (a unit's damage and the attack's)
    tally.values.update({name: {v: shares[m] for v, m in bucket.items()} for name, bucket in final.values.items()})


def _weights(node: StepNode) -> tuple[dict[Key, dict[Any, int]], dict[Key, int]]:
    """The blow figures struck before ``node``, as weights per figure and value, and their sums per figure."""
    acc = node.acc if node.figures is None else {name: {value: node.mass} for name, value in node.figures.items()}
    return acc, {name: sum(bucket.values()) for name, bucket in acc.items()}


def _carry(
    into: dict[Key, dict[Any, Any]], acc: dict[Key, dict[Any, int]], sums: dict[Key, int], mass: int,
    later: dict[Key, dict[Any, int]], resolved: int, times: int, over: int,
) -> None:  # fmt: skip
    """Add to ``into``, times ``times / over`` (whole numbers: see :func:`_spread`), the figures of ``mass`` of
    probability whose blow figures so far are ``acc`` (weights per figure and value; ``sums``: per figure) followed
    by ``later`` (weights per figure and value out of ``resolved``), each pair of values as likely as both (what
    follows a step depends on the step and the state alone; :func:`_both`): a figure one lacks takes the other's."""
    for name, before in acc.items() if resolved else ():  # all refused: no figures, not even those before
        mine = into.get(name) or into.setdefault(name, {})
        then = later.get(name)
        if then is None:
            for value, weight in before.items():
                mine[value] = mine.get(value, 0) + weight * times // over * resolved
            continue
        lacking, change = resolved - sum(then.values()), generic_kind(name[1]) == "change"
        for value, weight in before.items():
            unit = weight * times // over  # exact: every weight here is a whole number of the node's own
            for other, share in then.items():
                both = int(value) + int(other) if change else bool(value) or bool(other)
                mine[both] = mine.get(both, 0) + unit * share
            if lacking:
                mine[value] = mine.get(value, 0) + unit * lacking
    for name, then in later.items():
        rest = mass - sums.get(name, 0)
        if rest:
            mine, unit = into.get(name) or into.setdefault(name, {}), rest * times // over
            for other, share in then.items():
                mine[other] = mine.get(other, 0) + unit * share


def _both(name: Key, before: Any, then: Any) -> Any:
    """A figure struck before, then again: a change adds up, a flag is true if either is."""
    return int(before) + int(then) if generic_kind(name[1]) == "change" else bool(before) or bool(then)


def _push_requests(
    dice: PrefixDice, walker: _Walker, stack: list[PoolsToWalk], budget: int, resolutions: int, waiting: int
) -> int:
    """Push the other pools of each request one resolution met past its prefix, with the weight of its path from
    the step it follows, and the values of each reading step it opened: how many; past ``budget`` with the
    ``waiting`` ones, raise :class:`BudgetExceeded` (naming the largest request when it alone is too large). The
    deepest are pushed last, so walked first: the innermost step is done before another path can reach it."""
    values, largest, what, root = dice._values, (0, 0, 0), "pools", walker.root
    for position, count, sides, owner, path_numerator, path_denominator, reading, since, base in dice.fresh:
        # counted: a request's pools (or totals) are made only as they are walked
        size = pool_size(count, sides) if reading is None else len(reading)
        if reading is not None and reading.nbytes > MAX_TOTALS_BYTES:
            raise BudgetExceeded(budget, resolutions, request=(count, sides, size), what="large totals")
        if size > largest[2]:
            largest, what = (count, sides, size), "pools" if reading is None else "totals"
        owner.pending += size - 1
        if size > 1:
            head, hangs = tuple(values[base:position]), None if owner is root else owner
            stack.append(PoolsToWalk.of_request(head, count, sides, path_numerator, path_denominator, hangs, size,
                                           reading=reading, origin=since))  # fmt: skip
            waiting += size - 1
    stack.extend(walker.reads)
    waiting += sum(entry.left for entry in walker.reads)
    if resolutions + waiting > budget:
        alone = largest if largest[2] - 1 > budget - resolutions else None
        raise BudgetExceeded(budget, resolutions, request=alone, what=what)
    return waiting
