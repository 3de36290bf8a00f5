"""A step that reads one roll by one value and goes on from the value alone (``engine.steps.ReadStep``, issue 41).

Its ``reads`` says which roll (a ``Count``: how many dice show a face of a set), its ``then`` what follows from the
value. Played, the dice are drawn and logged one by one, as ``roll_count`` does; the exact walk takes each value of
the roll with its exact weight from the working area kept at the step, and draws no die. The small game of
``test_counts`` is written here again as reading steps: the figures are the plain walk's and every ordered roll's."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import msgspec
import msgspec.structs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import GivenDice
from tabroll.engine.steps import ReadStep, Step
from tabroll.engine.work import Count, Turn
from tabroll.errors import RuleRefusal
from tabroll.events import Hit
from tabroll.kit import STRIKE_KINDS
from tabroll.odds import exact
from tabroll.odds.exact import FINAL, exact_odds
from tabroll.odds.limits import BudgetExceeded, WalkStopped
from tabroll.odds.measures import GAME
from tests.engine.barrage import attack, found
from tests.odds.test_counts import Counter_, Counting, Pool, Roll1, by_every_roll, pools
from tests.odds.test_walk_reference import reference_walk
from tests.support import examples


class Read1(ReadStep, frozen=True):
    def reads(self, turn: Counting) -> Count:
        pool = turn.pool
        return Count(f"{pool.dice}d{pool.sides}", pool.success, "first", "Hero")

    def then(self, turn: Counting, hits: int) -> Step | None:
        pool = turn.pool
        turn.pool = Pool(pool.dice, pool.sides, pool.success, pool.again, hits)
        return Read2() if pool.again and hits else None


class Read2(ReadStep, frozen=True):
    def reads(self, turn: Counting) -> Count:
        pool = turn.pool
        return Count(f"{pool.first}d{pool.sides}", pool.success, "second", "Hero")

    def then(self, turn: Counting, hits: int) -> None:
        pool = turn.pool
        if pool.first == pool.dice and hits == pool.first and pool.dice > 1:  # every die twice: refused
            raise RuleRefusal("too lucky", rule="luck")
        turn.pool = Pool(pool.dice, pool.sides, pool.success, pool.again, pool.first, hits)


class Reader(Counter_):
    """``test_counts``'s game, its two rolls read as reading steps (from ``first``)."""

    first: Step = Read1()

    def resolve(self, state: Pool, action: Any, dice: Any) -> Any:
        turn = Counting(dice=dice, pool=state)
        turn.run(self.first)
        return turn.resolution(turn.state_now())


@settings(max_examples=examples(200), deadline=None)
@given(pools())
def test_a_count_lists_the_rolls_of_each_value(pool: Pool) -> None:
    values, rolls = Count(f"{pool.dice}d{pool.sides}", pool.success, "test").outcomes()
    assert rolls == pool.sides**pool.dice
    assert [k for k, _ in values] == sorted(k for k, _ in values)  # lowest first, each once
    assert {k: Fraction(ways, rolls) for k, ways in values} == by_every_roll(pool.dice, pool.sides, pool.success)


@settings(max_examples=examples(200), deadline=None)
@given(pools())
def test_the_walk_reads_each_count_of_a_reading_step(pool: Pool) -> None:
    walked = exact_odds(Reader(), pool, None)  # type: ignore[arg-type]
    assert walked.tally.values[(GAME, "first")] == by_every_roll(pool.dice, pool.sides, pool.success)
    assert walked.tally == exact_odds(Counter_(), pool, None).tally  # type: ignore[arg-type]


@settings(max_examples=examples(60), deadline=None)
@given(pools())
def test_a_chain_of_reading_steps_gives_the_plain_walks_figures(pool: Pool) -> None:
    # The plain walk resolves every pool of both rolls from the start, each die drawn (the played path); a roll
    # of every die succeeding twice is refused, so refusals are weighed too.
    # (A resolution that reaches a reading step's node reaches no leaf: the walk may make more resolutions than
    # there are leaves when nothing merges, one per value read.)
    chained = Pool(min(pool.dice, 3), pool.sides, pool.success, again=True)
    expected = reference_walk(Reader(), chained, None, 10**5)
    assert expected is not None
    walked = exact_odds(Reader(), chained, None)  # type: ignore[arg-type]
    assert walked.tally.values == expected.values and walked.tally.refused == expected.refused
    assert walked.tally.weight == expected.weight == 1


def test_a_reading_step_is_played_die_by_die_as_roll_count_rolls() -> None:
    dice = [6, 1, 3, 4, 2, 5, 5, 3]
    read = Counting(dice=GivenDice(list(dice)), pool=Pool(5, 6, frozenset({3, 4, 5, 6}), again=True))
    read.run(Read1())
    counted = Counting(dice=GivenDice(list(dice)), pool=Pool(5, 6, frozenset({3, 4, 5, 6}), again=True))
    counted.run(Roll1())
    assert read.events == counted.events and [e.values for e in read.events] == [(6, 1, 3, 4, 2), (5, 5, 3)]
    assert read.pool == counted.pool == Pool(5, 6, frozenset({3, 4, 5, 6}), True, 3, 3)


def test_the_walk_draws_no_die_for_a_reading_step(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_die(self: Any, request: Any) -> Any:
        raise AssertionError(f"drew {request.describe()}")

    monkeypatch.setattr(exact.PrefixDice, "draw", no_die)
    sixes = frozenset({5, 6})
    walked = exact_odds(Reader(), Pool(40, 6, sixes, again=True), None)  # type: ignore[arg-type]
    # One resolution per value: the start, 41 counts of the first roll, k + 1 of the second after k successes.
    assert walked.resolutions == 1 + 41 + sum(k + 1 for k in range(1, 41))
    first = {k: Fraction(ways, 6**40) for k, ways in _binomial(40, 2, 6)}
    first[40] -= Fraction(1, 3**80)  # every die twice: refused
    assert walked.tally.values[(GAME, "first")] == first
    assert walked.tally.refused == {"too lucky": Fraction(1, 3**80)}


def _binomial(n: int, hits: int, sides: int) -> list[tuple[int, int]]:
    from math import comb

    return [(k, comb(n, k) * hits**k * (sides - hits) ** (n - k)) for k in range(n + 1)]


def test_a_walk_with_finals_draws_the_dice_of_a_reading_step() -> None:
    # Finals may read the dice rolled: the step is then taken by its dice, drawn and logged; the odds are the same.
    pool = Pool(3, 6, frozenset({5, 6}), again=True)
    seen: list[tuple[int, ...]] = []
    walked = exact_odds(Reader(), pool, None, finals=lambda after, events: seen.append(tuple(e.values for e in events)))
    assert seen and all(values for values in seen)
    walked.tally.values.pop(FINAL)
    assert walked.tally == exact_odds(Reader(), pool, None).tally  # type: ignore[arg-type]


@pytest.fixture
def barrage(monkeypatch: pytest.MonkeyPatch) -> Any:
    yield from found(monkeypatch)


def test_measures_read_from_the_states_alone_are_not_asked_at_every_step(barrage: Any) -> None:
    # Barrage's measure (the models left) reads only the states: the walk keys a step by its state and asks the
    # measures at the leaves alone; asked at every step too, the odds are the same.
    state, action = attack(barrage, {"attacks": 12, "hit": 3, "ap": 1}, {"models": 6, "wounds": 2, "save": 4})
    asked = Counter[int]()
    measures = type(barrage).outcome_measures
    barrage.outcome_measures = lambda *args: (asked.update([len(args[2])]), measures(barrage, *args))[1]
    try:
        by_state = exact_odds(barrage, state, action)
        leaves, asked_leaves = sum(asked.values()), dict(asked)
        asked.clear()
        barrage.measures_read_events = True
        every_step = exact_odds(barrage, state, action)
    finally:
        del barrage.outcome_measures
        barrage.__dict__.pop("measures_read_events", None)
    assert by_state.tally == every_step.tally
    assert leaves < sum(asked.values()) and asked_leaves


@pytest.mark.parametrize("attacks", [1, 5, 40])
def test_barrage_walks_one_resolution_per_count_met(barrage: Any, attacks: int) -> None:
    # n attacks: the start, the n + 1 counts of hits, and for k from 1 to n the k + 1 counts of k hits to wound and
    # of k wounds saved.
    state, action = attack(barrage, {"attacks": attacks, "hit": 3, "ap": 1}, {"models": 40, "save": 4})
    walked = exact_odds(barrage, state, action)
    assert walked.resolutions == 1 + (attacks + 1) + 2 * sum(k + 1 for k in range(1, attacks + 1))


def test_every_ordered_roll_brute_force_for_a_small_chain() -> None:
    # Two dice of three sides, each success rolled again: every ordered roll of both rolls, one by one.
    pool = Pool(2, 3, frozenset({3}), again=True)
    firsts: Counter[tuple[int, int]] = Counter()
    for first in itertools.product(range(1, 4), repeat=2):
        hits = sum(v == 3 for v in first)
        for second in itertools.product(range(1, 4), repeat=hits):
            firsts[(hits, sum(v == 3 for v in second) if hits else -1)] += 3 ** (2 - hits)
    walked = exact_odds(Reader(), pool, None)  # type: ignore[arg-type]
    totals: dict[int, Fraction] = {}
    for (h, k), w in firsts.items():
        if h != 2 or k != 2:
            totals[k] = totals.get(k, Fraction(0)) + Fraction(w, 81)
    assert walked.tally.refused == {"too lucky": Fraction(firsts[(2, 2)], 81)} == {"too lucky": Fraction(1, 81)}
    assert walked.tally.values[(GAME, "second")] == totals


def test_the_walk_asks_no_blows_of_events_of_kinds_blows_do_not_read(
    barrage: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The kit's blows read the core's strike events alone: the steps that add only Barrage's own ``counted``
    # events are not asked about (a leaf still is, once). A game that overrides ``blows`` without naming the kinds
    # it reads (``blow_kinds = None``, the default) is asked at every step, and the odds are the same.
    # Barrage logs ``counted`` only when played: here the walk logs them too, as a game with a longer log would.
    monkeypatch.setattr(Turn, "walked", property(lambda turn: False))
    state, action = attack(barrage, {"attacks": 12, "hit": 3, "ap": 1}, {"models": 6, "wounds": 2, "save": 4})
    asked: list[set[str]] = []
    game = type(barrage)

    class Watched(game):  # type: ignore[misc, valid-type]
        def blows(self, action: Any, events: Any) -> Any:
            asked.append({e.kind for e in events})
            return game.blows(self, action, events)

    class Named(Watched):
        blow_kinds = STRIKE_KINDS

    by_kind = exact_odds(Named(), state, action)
    kinds = list(asked)
    asked.clear()
    every_step = exact_odds(Watched(), state, action)
    assert by_kind.tally == every_step.tally
    # Only a leaf (its outcome, once) reads the blows of a step that struck nothing; every step read them before.
    assert kinds.count({"counted"}) < asked.count({"counted"}) // 5 and len(kinds) < len(asked) // 2


class ReadBonus(ReadStep, frozen=True):
    """A reading step whose rule rolls a die of its own (a bonus of 1 or 2 to the successes; every die and a 1:
    refused), followed by a plain step (the successes rolled again, die by die; every die again: refused)."""

    def reads(self, turn: Counting) -> Count:
        pool = turn.pool
        return Count(f"{pool.dice}d{pool.sides}", pool.success, "first", "Hero")

    def then(self, turn: Counting, hits: int) -> Step | None:
        pool = turn.pool
        bonus = turn.roll_total("1d2", "bonus", "Hero") if hits else 0
        if bonus == 1 and hits == pool.dice > 1:
            raise RuleRefusal("too lucky", rule="luck")
        turn.pool = Pool(pool.dice, pool.sides, pool.success, pool.again, hits + bonus)
        return Plain2() if pool.again and hits else None


class Plain2(Step, frozen=True):
    def advance(self, turn: Counting) -> None:
        pool = turn.pool
        dice = min(pool.first, pool.dice)
        hits = turn.roll_count(f"{dice}d{pool.sides}", pool.success, "second", "Hero")
        if hits == dice > 1:
            raise RuleRefusal("too lucky", rule="luck")
        turn.pool = Pool(pool.dice, pool.sides, pool.success, pool.again, pool.first, hits)


class BonusReader(Reader):
    first = ReadBonus()


@settings(max_examples=examples(60), deadline=None)
@given(pools(), st.booleans())
def test_a_reading_step_that_draws_dice_and_a_plain_step_after_it_give_the_plain_walks_figures(
    pool: Pool, again: bool
) -> None:
    # Each value's rule rolls a die (its other faces are walked from a node of that value alone) and goes on to a
    # plain step drawn die by die (a node of its own, below the reading step's); refusals are weighed too.
    chained = Pool(min(pool.dice, 2), pool.sides, pool.success, again=again)
    expected = reference_walk(BonusReader(), chained, None, 10**5)
    assert expected is not None
    walked = exact_odds(BonusReader(), chained, None)  # type: ignore[arg-type]
    assert walked.tally.values == expected.values and walked.tally.refused == expected.refused
    assert walked.tally.weight == expected.weight == 1


def test_the_budget_of_a_reading_walk_is_its_count_of_values(barrage: Any) -> None:
    # Each value read is a resolution counted before any is walked (a node's values when it is opened): the walk
    # of 40 attacks takes 1,762, and a budget one short stops it, whatever the machine's load.
    state, action = attack(barrage, {"attacks": 40, "hit": 3, "ap": 1}, {"models": 20, "wounds": 2, "save": 4})
    assert exact_odds(barrage, state, action, budget=1_762).resolutions == 1_762
    with pytest.raises(BudgetExceeded) as over:
        exact_odds(barrage, state, action, budget=1_761)
    assert over.value.walked < 1_761


def test_a_reading_walk_stopped_by_its_deadline_says_how_much_it_covered(
    barrage: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The clock is looked at every CLOCK_EVERY resolutions, values read too; stopped there, the walk says how much
    # of the probability it walked: all but the values (and pools) still to walk, more at each later look.
    state, action = attack(barrage, {"attacks": 12, "hit": 3, "ap": 1}, {"models": 6, "wounds": 2, "save": 4})
    total = exact_odds(barrage, state, action).resolutions
    covered = []
    for looks in range(2, total // exact.CLOCK_EVERY + 1):
        checks = iter([False] * (looks - 1) + [True])
        monkeypatch.setattr(exact, "passed", lambda deadline, checks=checks: next(checks))
        with pytest.raises(WalkStopped) as stopped:
            exact_odds(barrage, state, action, deadline=1.0)
        assert stopped.value.resolutions == (looks - 1) * exact.CLOCK_EVERY
        covered.append(stopped.value.covered)
    assert covered == sorted(covered) and covered[0] > 0 and covered[-1] < 1


class Quiet1(ReadStep, frozen=True):
    """A reading step whose rule, by the count, ends the action or goes on to a second reading step changing
    nothing (several counts to one step, with the state of the node: the walk finds it known), or keeps the count
    and logs a hit (a new state, a blow)."""

    def reads(self, turn: Counting) -> Count:
        pool = turn.pool
        return Count(f"{pool.dice}d{pool.sides}", pool.success, "first", "Hero")

    def then(self, turn: Counting, hits: int) -> Step | None:
        pool = turn.pool
        if hits % 3 == 0:
            return None  # nothing changed: the end, as every other such count
        if hits % 3 == 1:
            return Quiet2(min(hits, 2)) if pool.again else None  # nothing changed
        turn.pool = Pool(pool.dice, pool.sides, pool.success, pool.again, hits)
        turn.emit(Hit(attacker="Hero", target="Foe", result=hits, needed=2, rule="kept"))
        return Quiet2(1) if pool.again else None


class Quiet2(ReadStep, frozen=True):
    dice: int

    def reads(self, turn: Counting) -> Count:
        pool = turn.pool
        return Count(f"{self.dice}d{pool.sides}", pool.success, "second", "Hero")

    def then(self, turn: Counting, hits: int) -> None:
        pool = turn.pool
        if hits:
            turn.pool = Pool(pool.dice, pool.sides, pool.success, pool.again, pool.first, hits)


class QuietReader(Reader):
    first = Quiet1()


class StatesReader(QuietReader):
    measures_read_events = False  # the measures read the states alone: not asked at the steps


class Noting(Counting, kw_only=True):
    """A working area of a mutable value (its notes, copied by ``_forked``), which the state reads."""

    notes: list[int] = msgspec.field(default_factory=list)

    def state_now(self) -> Pool:
        pool = self.pool
        return Pool(pool.dice, pool.sides, pool.success, pool.again, sum(self.notes), pool.second)

    def _forked(self) -> None:
        self.notes = list(self.notes)


class Note1(Quiet1, frozen=True):
    def then(self, turn: Noting, hits: int) -> Step | None:  # type: ignore[override]
        turn.notes.append(hits)  # changed in place: a rule may, in a working area that copies it when forked
        return Quiet2(1) if turn.pool.again and hits else None


class NotingReader(Reader):
    def resolve(self, state: Pool, action: Any, dice: Any) -> Any:
        turn = Noting(dice=dice, pool=state)
        turn.run(Note1())
        return turn.resolution(turn.state_now())


@settings(max_examples=examples(60), deadline=None)
@given(pools(), st.sampled_from([QuietReader, StatesReader, NotingReader]), st.booleans())
def test_values_that_change_nothing_find_what_follows_as_known_and_give_the_plain_walks_figures(
    pool: Pool, reader: type[Reader], again: bool
) -> None:
    # A value whose rule changed nothing (no event, the same state) reaches the step that follows with the node's
    # key, looked up there (the end of the action too: a node of its own); a working area of frozen values is put
    # back before each value, one of mutable values (Noting) forked; the measures read the events or not.
    chained = Pool(min(pool.dice, 3), pool.sides, pool.success, again=again)
    expected = reference_walk(reader(), chained, None, 10**5)
    assert expected is not None
    walked = exact_odds(reader(), chained, None)  # type: ignore[arg-type]
    assert walked.tally.values == expected.values and walked.tally.refused == expected.refused
    assert walked.tally.weight == expected.weight == 1


def test_a_working_area_of_frozen_values_is_put_back_not_forked() -> None:
    turn = Counting(dice=GivenDice([]), pool=Pool(2, 6, frozenset({6})))
    turn.emit(Hit(attacker="Hero", target="Foe", result=1, needed=2, rule="kept"))
    rewind, before = turn.rewinder(), msgspec.structs.asdict(turn) | {"events": list(turn.events)}
    kept_beside = dict(turn.__dict__)  # what the working area keeps beside its fields
    assert rewind is not None
    turn.pool = Pool(3, 6, frozenset({6}))
    turn.ruling("option", True, "told")
    turn.emit(Hit(attacker="Hero", target="Foe", result=2, needed=2, rule="kept"))
    rewind()
    assert msgspec.structs.asdict(turn) == before and len(turn.events) == 1 and turn.rulings_told == frozenset()
    assert turn.__dict__ == kept_beside
    assert Noting(dice=GivenDice([]), pool=Pool(2, 6, frozenset({6}))).rewinder() is None  # mutable: forked


def test_a_reading_walk_forks_once_per_node_not_once_per_value(barrage: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    state, action = attack(barrage, {"attacks": 40, "hit": 3, "ap": 1}, {"models": 20, "wounds": 2, "save": 4})
    forks = Counter[str]()
    fork = Turn.fork
    monkeypatch.setattr(Turn, "fork", lambda turn, dice: (forks.update(["fork"]), fork(turn, dice))[1])
    walked = exact_odds(barrage, state, action)
    assert walked.resolutions == 1_762 and forks["fork"] < 300  # 1,762 values, about 200 steps met


class Final1(Read1, frozen=True):
    """:class:`Read1` of a pool rolled once (a final reading), answering every count at once in two sides: what
    the first roll counts by each count, the second roll (never made) by one end for every count."""

    def finish(self, turn: Counting, values: Any) -> Any:
        pool = turn.pool
        if pool.again:
            return None
        firsts = [(ways, Pool(pool.dice, pool.sides, pool.success, False, hits), ()) for hits, ways in values]
        return ((True, {"first"}), firsts), ((False, {"second"}), [(sum(w for _, w in values), pool, ())])

    def then(self, turn: Counting, hits: int) -> Step | None:
        assert turn.pool.again or not turn.walked, "a final reading's values are answered at once"
        return super().then(turn, hits)


class Finisher(Reader):
    first: Step = Final1()


@settings(max_examples=examples(100), deadline=None)
@given(pools(), st.booleans())
def test_a_final_reading_answered_at_once_gives_what_each_value_taken_alone_gives(pool: Pool, again: bool) -> None:
    # Its sides' ends add up, figure by figure, as the values taken one by one through `then` (a node, a working
    # area put back, a leaf each); one resolution reaches the step, and each value counts as one.
    chained = Pool(min(pool.dice, 3), pool.sides, pool.success, again=again)
    walked = exact_odds(Finisher(), chained, None)  # type: ignore[arg-type]
    expected = exact_odds(Reader(), chained, None)  # type: ignore[arg-type]
    assert walked.tally == expected.tally
    assert (walked.leaves, walked.resolutions) == (expected.leaves, expected.resolutions)
