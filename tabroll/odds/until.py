"""Attacks to defeat (``tabroll odds … --until defeat``): the same attacker makes the same attack on the same target
again and again, each time from the state the last attack left, until the target is defeated or ``cap`` attacks
were made. The figures (:class:`~tabroll.odds.until_figures.Until`) are the distribution of the number of attacks,
or of rounds where the game begins one between two attacks, its mean, and P(defeated within k) for each k.

Exact, as a Markov chain over the game's states: the exact walk of one attack (:func:`~tabroll.odds.exact.exact_odds`
with ``finals``) gives the distribution of the states it leaves, with exact weights; the states the target survives
in, after the game's own rule for what a new attack resets (:meth:`~tabroll.kit.Ruleset.next_attack_rule`), are
the starts of the next attack, equal ones merged (states are frozen values). An attack the rules refuse from some
state (the attacker fell to a counterattack, it has no ammunition left) ends the chain there, counted apart with the
rules' reason. When the walks of the whole chain would take more than the budget of resolutions (or
half the time limit), the chain is simulated instead: seeded, each figure with its 95% Wilson interval.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from tabroll.dice.sources import SeededDice
from tabroll.errors import InputError, RuleRefusal, interrupted
from tabroll.i18n import _, n_
from tabroll.kit import AnyRuleset
from tabroll.odds.exact import FINAL, exact_odds
from tabroll.odds.figures import Estimate, number
from tabroll.odds.limits import CLOCK_EVERY, BudgetExceeded, WalkStopped, passed
from tabroll.odds.montecarlo import CHUNK, check_trials, chunk_seed
from tabroll.odds.until_figures import UNTIL_CHOICES, Until, UntilRow

if TYPE_CHECKING:
    from tabroll.odds.api import TimeLimit

DEFAULT_ATTACKS = 20
"""The most attacks a chain makes unless told otherwise (``--attacks``)."""

MAX_ATTACKS = 1_000

DEFAULT_UNTIL_TRIALS = 10_000
"""Chains simulated when the exact chain is over its budget (``--trials`` sets another count): each chain is up to
``cap`` resolutions, so fewer than the 100,000 single attacks ``tabroll odds`` simulates."""

CHAIN_SHARE = 10
"""The walks of an exact chain may take one resolution in this many of ``--budget`` (20,000 by default): a chain's
resolution also carries the chain's states, several times the cost of one in a lone walk, so a chain within its
budget ends well within the time limit on a busy machine too, and whether it is exact depends on the input
alone, never on the machine's pace."""

PROBES = 256
"""Seeded resolutions of the first attack that name its target when neither the caller nor the action does."""


def check_until(until: str, attacks: int | None) -> int:
    """``--until`` and ``--attacks``: what to repeat the attack until (``defeat``), and the most attacks (checked)."""
    if until.strip().lower() not in UNTIL_CHOICES:
        raise InputError(
            _("--until {until} is not known", until=repr(until)),
            tip=_("use --until {choices}", choices=_(" or ").join(UNTIL_CHOICES)),
        )
    cap = DEFAULT_ATTACKS if attacks is None else attacks
    if not 1 <= cap <= MAX_ATTACKS:
        raise InputError(
            _("--attacks {cap} is out of range", cap=cap),
            tip=n_("use 1 to {count} attack", "use 1 to {count} attacks", MAX_ATTACKS, count=number(MAX_ATTACKS)),
        )
    return cap


def defeats(ruleset: AnyRuleset, action: Any, target: str, events: Sequence[Any]) -> bool:
    """Whether the target is defeated in this resolution: a blow of any part (the attack, or what followed it)
    defeats it."""
    return any(blow.defeats and blow.target == target for blow in ruleset.blows(action, events))


def find_target(ruleset: AnyRuleset, state: Any, action: Any) -> str:
    """The unit the attacks go on until it falls: the action's own ``target`` (every game's one-target attack names
    it), else the one unit the attack's own blows strike in seeded resolutions."""
    named = getattr(action, "target", None)
    if isinstance(named, str) and named:
        return named
    actor = ruleset.describe_action(action)[0]
    struck: set[str] = set()
    dice = SeededDice(0)
    for _probe in range(PROBES):
        try:
            resolved = ruleset.resolve(state, action, dice)
        except RuleRefusal:
            continue
        for blow in ruleset.blows(action, resolved.events):
            if blow.part == "" and blow.target != actor and (blow.hit or blow.damage or blow.defeats):
                struck.add(blow.target)
    if len(struck) == 1:
        return next(iter(struck))
    if not struck:
        raise InputError(
            n_(
                "--until defeat needs the attack's target, and no unit was struck in {n} sampled attack",
                "--until defeat needs the attack's target, and no unit was struck in {n} sampled attacks",
                PROBES,
            ),
            tip=_("name the target with -t"),
        )
    raise InputError(
        _(
            "--until defeat follows one target, and this attack strikes several: {units}",
            units=", ".join(sorted(struck)),
        ),
        tip=_("make an attack on one target (-a ATTACKER -t TARGET)"),
    )


def compute_until(
    ruleset: AnyRuleset,
    state: Any,
    action: Any,
    *,
    cap: int = DEFAULT_ATTACKS,
    trials: int | None = None,
    budget: int = 200_000,
    seed: int = 0,
    limit: TimeLimit | None = None,
    fallback_trials: int = DEFAULT_UNTIL_TRIALS,
) -> Until:
    """Attacks to defeat: exact unless ``trials`` is given, or the walks of the whole chain would take more than
    a tenth of ``budget`` resolutions (:data:`CHAIN_SHARE`; or, a safety stop, half the time ``limit`` leaves);
    then ``fallback_trials`` simulated chains. With a ``limit``, a simulation stops at it with the chains done (at
    least one), and ``limit.reached`` is set."""
    target = find_target(ruleset, state, action)
    deadline = None
    if limit is not None and limit.seconds is not None:
        started = limit.since if limit.since is not None else time.monotonic()
        deadline = started + limit.seconds
    note = ""
    if trials is None:
        # Half the time limit is a safety stop only (said as such): the budget decides, counted in resolutions.
        walk_deadline = None if deadline is None else time.monotonic() + (deadline - time.monotonic()) / 2
        chain_budget = max(1, budget // CHAIN_SHARE)
        try:
            return _exact(ruleset, state, action, target, cap, chain_budget, walk_deadline)
        except BudgetExceeded:
            note = n_(
                "no exact chain: its walks would take more than {count} resolution (a tenth of --budget)",
                "no exact chain: its walks would take more than {count} resolutions (a tenth of --budget)",
                chain_budget,
                count=number(chain_budget),
            )
        except WalkStopped:
            assert limit is not None
            limit.reached = True
            note = _("no exact chain within half of {limit}", limit=limit.named())
        trials = fallback_trials
        note += n_(
            "; simulated {count} chain of attacks instead (seed {seed}; --trials sets the count)",
            "; simulated {count} chains of attacks instead (seed {seed}; --trials sets the count)",
            trials,
            count=number(trials),
            seed=seed,
        )
    return _simulated(ruleset, state, action, target, cap, trials, seed, deadline, limit, note)


def _exact(
    ruleset: AnyRuleset, state: Any, action: Any, target: str, cap: int, budget: int, deadline: float | None
) -> Until:
    """The chain walked exactly: raise :class:`~tabroll.odds.limits.BudgetExceeded` past ``budget`` resolutions over
    all its walks, :class:`~tabroll.odds.limits.WalkStopped` past ``deadline``."""
    chain = _ExactChain(ruleset, action, target, budget, deadline)
    current: dict[Any, Fraction] = {chain.start(state, cap): Fraction(1)}
    defeated: list[Fraction] = []
    stopped: list[Fraction] = []
    reasons: dict[str, Fraction] = {}
    states = 0
    for made in range(cap):
        states = max(states, len(current))
        fallen, refused, current = chain.attack(current, reasons, cap - made - 1)
        defeated.append(fallen)
        stopped.append(refused)
    standing = sum(current.values(), Fraction(0))
    return _figures(
        ruleset, action, target, cap, "exact", chain.used, defeated, stopped, reasons, standing, exact=True,
        states=states,
    )  # fmt: skip


class _ExactChain:
    """One attack after another, exactly: where each state before an attack leads (walked once per state, with
    the final states of the walk as its outcomes), and how many resolutions the walks have used."""

    def __init__(self, ruleset: AnyRuleset, action: Any, target: str, budget: int, deadline: float | None) -> None:
        self.ruleset, self.action, self.target = ruleset, action, target
        self.budget, self.deadline = budget, deadline
        self.rule = ruleset.next_attack_rule()
        # each state walked: the mass that fell, where the rest starts its next attack, and the refusals
        self.walked: dict[Any, tuple[Fraction, dict[Any, Fraction], dict[str, Fraction]]] = {}
        self.starts: dict[Any, Any] = {}  # one object per start met (:meth:`start`)
        self.used = 0

    def final(self, after: Any, events: Sequence[Any]) -> Hashable:
        # A defeated target ends the chain whatever else the state holds: every such outcome is one value.
        return (None, True) if defeats(self.ruleset, self.action, self.target, events) else (after, False)

    def start(self, state: Any, attacks: int) -> Any:
        """The state walked for ``state`` with ``attacks`` attacks at most still to make (the game's
        :meth:`~tabroll.kit.Ruleset.chain_state`), one object for equal ones (found by identity, not field by
        field)."""
        state = self.ruleset.chain_state(state, self.action, attacks)
        return self.starts.setdefault(state, state)

    def attack(
        self, current: dict[Any, Fraction], reasons: dict[str, Fraction], left: int
    ) -> tuple[Fraction, Fraction, dict[Any, Fraction]]:
        """One more attack from each state in ``current`` (with its weight): the mass that fell, the mass the rules
        refused another attack (its reasons added to ``reasons``), and the states the next attack starts from,
        with ``left`` attacks at most after it."""
        fallen, refused = Fraction(0), Fraction(0)
        after: dict[Any, Fraction] = {}
        for start, weight in current.items():
            fell, ends, refusals = self._outcomes(start)
            fallen += weight * fell
            for reason, mass in refusals.items():
                share = weight * mass
                refused += share
                reasons[reason] = reasons.get(reason, Fraction(0)) + share
            for begin, mass in ends.items():
                begin = self.start(begin, left)
                after[begin] = after.get(begin, 0) + weight * mass
        if len(self.walked) > 4 * len(after) + 64:  # states walked before this attack rarely come back: keep few
            self.walked = {s: w for s, w in self.walked.items() if s in after}
            self.starts = {s: s for s in after}
        return fallen, refused, after

    def _outcomes(self, start: Any) -> tuple[Fraction, dict[Any, Fraction], dict[str, Fraction]]:
        """The walk of the attack from ``start`` (once per state): the mass that fell, the next attack's starts
        (the game's rule applied once per final state) with their mass, and the refusals."""
        interrupted()
        if passed(self.deadline):
            raise WalkStopped(self.used, Fraction(0))
        known = self.walked.get(start)
        if known is not None:
            return known
        if self.used >= self.budget:
            raise BudgetExceeded(self.budget, self.used)
        result = exact_odds(
            self.ruleset, start, self.action, budget=self.budget - self.used, deadline=self.deadline,
            finals=self.final,
        )  # fmt: skip
        self.used += result.resolutions
        fell, ends = Fraction(0), dict[Any, Fraction]()
        for (left, fallen), mass in result.tally.values.get(FINAL, {}).items():
            if fallen:
                fell += Fraction(mass)
                continue
            begin = left if self.rule is None else self.rule(left, self.action)
            begin = self.starts.setdefault(begin, begin)
            ends[begin] = ends.get(begin, 0) + Fraction(mass)
        refusals = {reason: Fraction(mass) for reason, mass in result.tally.refused.items()}
        known = self.walked[start] = (fell, ends, refusals)
        return known


def _simulated(
    ruleset: AnyRuleset, state: Any, action: Any, target: str, cap: int, trials: int, seed: int,
    deadline: float | None, limit: TimeLimit | None, note: str,
) -> Until:  # fmt: skip
    """``trials`` chains with seeded dice (chunk ``k`` of :data:`~tabroll.odds.montecarlo.CHUNK` chains rolls
    from one generator seeded ``seed * 2**32 + k``, as the simulation of one attack does); past ``deadline`` the
    chains done so far (at least one)."""
    check_trials(trials)
    rule = ruleset.next_attack_rule()
    defeated = [0] * cap
    stopped = [0] * cap
    reasons: dict[str, int] = {}
    standing = 0
    done = 0
    while done < trials:
        if done % CHUNK == 0:
            dice = SeededDice(chunk_seed(seed, done // CHUNK))
        if done and done % CLOCK_EVERY == 0:
            interrupted()
        if done and passed(deadline):
            break
        k, ended, reason = _one_chain(ruleset, state, action, target, cap, dice, rule)
        if ended == "defeated":
            defeated[k] += 1
        elif ended == "refused":
            stopped[k] += 1
            reasons[reason] = reasons.get(reason, 0) + 1
        else:
            standing += 1
        done += 1
    if done < trials:
        assert limit is not None
        limit.reached = True
        cut = n_(
            "{limit} stopped the simulation after {done} of {count} chain (seed {seed})",
            "{limit} stopped the simulation after {done} of {count} chains (seed {seed})",
            trials,
            limit=limit.named(),
            done=number(done),
            count=number(trials),
            seed=seed,
        )
        note = f"{note}; {cut}" if note else cut
    elif not note:
        note = _("seed {seed} (--seed)", seed=seed)
    figures = _figures(
        ruleset, action, target, cap, "monte_carlo", done, defeated, stopped, reasons, standing, exact=False
    )
    figures.note = note
    return figures


def _one_chain(
    ruleset: AnyRuleset, state: Any, action: Any, target: str, cap: int, dice: Any, rule: Any
) -> tuple[int, str, str]:
    """One chain of attacks on seeded dice: the attack it ended at (0 for the first), and how: ``defeated``,
    ``refused`` (with the rules' reason) or ``standing`` after ``cap`` attacks."""
    at = state
    for k in range(cap):
        try:
            resolved = ruleset.resolve(at, action, dice)
        except RuleRefusal as refusal:
            return k, "refused", refusal.message
        if defeats(ruleset, action, target, resolved.events):
            return k, "defeated", ""
        at = resolved.state if rule is None else rule(resolved.state, action)
    return cap, "standing", ""


def _figures(
    ruleset: AnyRuleset, action: Any, target: str, cap: int, method: str, samples: int, defeated: Sequence[Any],
    stopped: Sequence[Any], reasons: dict[str, Any], standing: Any, *, exact: bool, states: int = 0,
) -> Until:  # fmt: skip
    """The figures from the mass (exact fractions, or counts over ``samples`` chains) at each count."""

    def estimate(mass: Any) -> Estimate:
        return Estimate.of(Fraction(mass)) if exact else Estimate.share(mass, samples, False)

    # what one attack is counted as, and what happens between two of them
    counts, between = "attacks", _("each attack starts from the state the last one left")
    if ruleset.next_attack_rule() is not None:
        counts = "rounds"
        between = _(
            "between two attacks the game resets what its new round (or turn) resets; damage taken and ammunition "
            "spent are kept"
        )
    rows = [
        UntilRow(k + 1, estimate(at), estimate(within), estimate(stop))
        for k, (at, within, stop) in enumerate(zip(defeated, accumulate(defeated), stopped, strict=True))
    ]
    fell = sum(defeated)  # the mean count at which the target falls is over the chains where it falls
    mean = None
    if fell and exact:
        mean = Estimate.of(sum((Fraction(k + 1) * Fraction(m) for k, m in enumerate(defeated)), Fraction(0)) / fell)
    elif fell:
        mean = Estimate.mean([(k + 1, m) for k, m in enumerate(defeated)], fell, False)
    return Until(
        target=target, attacker=ruleset.describe_action(action)[0], counts=counts, between=between, cap=cap,
        method=method, samples=samples, rows=rows, mean=mean, standing=estimate(standing),
        could_not={reason: estimate(mass) for reason, mass in sorted(reasons.items())},
        could_not_total=estimate(sum(stopped)), states=states,
    )  # fmt: skip
