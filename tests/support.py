"""What every game's tests share: resolve a scenario (a file, or a dict built in the test) with exactly the
dice the test states, and read the outcome. Each game's ``tests/<game>/helpers.py`` subclasses
:class:`Outcome` with its own questions (shields of a Demon, the cooldown track…)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from tabroll.dice.sources import GivenDice
from tabroll.engine import Resolution, Scenario, run_scenario
from tabroll.engine.steps import StepWatcher
from tabroll.events import Event
from tabroll.loading.scenario import load_scenario_file, scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text

OutcomeT = TypeVar("OutcomeT", bound="Outcome")

THOROUGH = os.environ.get("TABROLL_THOROUGH", "") not in ("", "0")


FULL = False
"""Set by ``tests/conftest.py`` in the slow tier (``pytest -m slow``), which runs every property test again with its
full count of examples. The everyday tier runs each with a quarter of it (at least :data:`EVERYDAY_LEAST`): every
property is checked every day, and the README's test command, which runs both tiers, checks each with 1.25 times
its full count."""

EVERYDAY_LEAST = 5


def examples(full: int, thorough: int = 10_000) -> int:
    """How many examples a property test draws: ``full`` in the slow tier, a quarter of it in the everyday one (see
    :data:`FULL`), ``thorough`` when ``TABROLL_THOROUGH=1`` is set (a long hunt for rare internal errors, run by hand
    before a release)."""
    if THOROUGH:
        return thorough
    return full if FULL else max(EVERYDAY_LEAST, full // 4)


class Outcome(msgspec.Struct):
    """The scenario and the resolution of each of its actions."""

    scenario: Scenario
    steps: list[Resolution]

    @property
    def events(self) -> list[Event]:
        return [e for r in self.steps for e in r.events]

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def of(self, kind: str, step: int | None = None) -> list[Any]:
        """Events of one kind, of every action or of action ``step`` (0-based, negative from the end)."""
        events = self.steps[step].events if step is not None else self.events
        return [e for e in events if e.kind == kind]

    def refusals(self) -> list[str]:
        return [e.reason for e in self.of("refused")]

    @property
    def state(self) -> Any:
        return self.steps[-1].state if self.steps else self.scenario.state

    def unit(self, name: str) -> Any:
        return self.state.unit(name)


def resolve(scenario: Scenario, session: list[int] | None, outcome: type[OutcomeT]) -> OutcomeT:
    """Run every action; actions without their own ``dice:`` draw from ``session``, in order."""

    def source() -> GivenDice:
        return GivenDice(session or [], origin="test session")

    return outcome(scenario=scenario, steps=[s.resolution for s in run_scenario(scenario, source)])


def run_file(path: Path | str, session: list[int] | None, outcome: type[OutcomeT], **options: Any) -> OutcomeT:
    return resolve(load_scenario_file(path, options), session, outcome)


def run_data(data: dict[str, Any], session: list[int] | None, outcome: type[OutcomeT], **options: Any) -> OutcomeT:
    import yaml

    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<test>")
    return resolve(scenario_from_document(doc, options), session, outcome)


class _DataChooser:
    """Random choices made by Hypothesis (so that a failing game shrinks to a short one with small dice)."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def below(self, n: int) -> int:
        from hypothesis import strategies as st

        value: int = self.data.draw(st.integers(0, n - 1))
        return value


def random_play_machine(game: str) -> type:
    """A Hypothesis state machine that plays ``game`` at random from one of its bundled scenarios, every
    action recorded in a journal, with the invariants of ``benchmarks/random_play.py`` checked after each
    action (no count below 0, every die in exactly one roll, refused actions change nothing, units out of play
    act no more) and the journal replayed to the same state after each action. A failure shows the game as a
    scenario file with the dice of each action."""
    import shutil
    import tempfile

    from hypothesis import event
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

    from benchmarks.random_play import Play, bundled

    class RandomPlay(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            shm = "/dev/shm" if os.path.isdir("/dev/shm") else None  # memory: a journal fsyncs each action
            self.folder = Path(tempfile.mkdtemp(prefix="tabroll-random-play-", dir=shm))
            self.play: Play | None = None

        @initialize(path=st.sampled_from(bundled(game)))
        def start(self, path: Path) -> None:
            self.play = Play(game, path, self.folder)

        @rule(data=st.data())
        def act(self, data: Any) -> None:
            assert self.play is not None
            resolution = self.play.step(_DataChooser(data))
            if resolution is None:
                event("no action (bad input or none generated)")
            else:
                event("refused" if resolution.refused else "resolved")
                if any(e.kind == "defeat" for e in resolution.events):
                    event("a unit left play")

        @invariant()
        def journal_replays_to_the_same_state(self) -> None:
            if self.play is not None:
                self.play.verify_journal()

        def teardown(self) -> None:
            shutil.rmtree(self.folder, ignore_errors=True)

    RandomPlay.__name__ = RandomPlay.__qualname__ = f"RandomPlay_{game}"
    return RandomPlay


def play_at_random(game: str, *, full: int, thorough: int = 2_000, steps: int = 15) -> None:
    """Run :func:`random_play_machine` for ``game``: :func:`examples` of ``full`` games (mark the test
    ``property``), ``thorough`` under ``TABROLL_THOROUGH=1`` (with longer games)."""
    from hypothesis import HealthCheck, settings
    from hypothesis.stateful import run_state_machine_as_test

    checks = [*settings().suppress_health_check, HealthCheck.large_base_example, HealthCheck.data_too_large]
    run_state_machine_as_test(
        random_play_machine(game),
        settings=settings(
            max_examples=examples(full, thorough),
            stateful_step_count=steps * (4 if THOROUGH else 1),
            suppress_health_check=checks,  # a game draws many dice: its smallest natural example is large
        ),
    )


class StepRecorder(StepWatcher):
    """Seeded dice that keep, at every step an action takes (``tabroll.engine.steps``), a copy of the working area, the
    step and how many values were drawn before it: the exact walk's view of a resolution, to resume it from each
    kept step (:func:`resumed_from_every_step`)."""

    def __init__(self, seed: int) -> None:
        from tabroll.dice.sources import SeededDice

        self.seeded = SeededDice(seed)
        self.drawn: list[int] = []
        self.kept: list[tuple[Any, Any, int]] = []

    def draw(self, request: Any) -> tuple[int, ...]:
        values = self.seeded.draw(request)
        self.drawn.extend(values)
        return values

    def at_step(self, turn: Any, step: Any) -> bool:
        self.kept.append((turn.fork(GivenDice((), origin="kept")), step, len(self.drawn)))
        return False


def resumed_from_every_step(recorder: StepRecorder) -> list[tuple[Any, list[Any], Any]]:
    """Each step ``recorder`` kept, resumed from its kept copy with the values drawn after it: (the step, the
    events as JSON, the final state)."""
    resumed = []
    for kept, step, position in recorder.kept:
        again = kept.fork(GivenDice(recorder.drawn[position:], origin="test"))
        again.run(step)
        resumed.append((step, [e.to_json() for e in again.events], again.state_now()))
    return resumed


@contextlib.contextmanager
def speaking(code: str, game: str | None = None) -> Iterator[None]:
    """Within the block, tabroll speaks ``code`` (a language, or ``game``), with ``game`` (an id) being played when
    given; English and no game again after it."""
    from tabroll import i18n

    if game is not None:
        from tabroll.engine import find_ruleset

        find_ruleset(game)
    i18n.use(code)
    try:
        yield
    finally:
        i18n.use(i18n.ENGLISH)
        i18n.enter_game(None, "", "")


def json_shape(value: Any, machine: set[str], key: str = "") -> Any:
    """A JSON document with its prose blanked (issue 32): every key, number, truth value and the strings of the
    fields in ``machine`` (kinds, names, values a program reads) kept; any other string becomes ``str``. Two
    languages' documents of one run have the same shape."""
    if isinstance(value, dict):
        return {k: json_shape(v, machine, k) for k, v in value.items()}
    if isinstance(value, list):
        return [json_shape(v, machine, key) for v in value]
    if isinstance(value, str) and key not in machine:
        return str
    return value


class TooManyOutcomes(Exception):
    """:func:`plain_outcomes` met more resolutions than its budget."""


class _Short(Exception):
    def __init__(self, request: Any) -> None:
        self.request = request


class _Prefix:
    """The dice of one path of the walk: a die past them stops the resolution (:class:`_Short`)."""

    def __init__(self, values: tuple[int, ...]) -> None:
        self.values, self.at = values, 0

    def draw(self, request: Any) -> tuple[int, ...]:
        if self.at + request.count > len(self.values):
            raise _Short(request)
        self.at += request.count
        return self.values[self.at - request.count : self.at]


def plain_outcomes(ruleset: Any, state: Any, action: Any, budget: int) -> Iterator[tuple[Any, Any]]:
    """Every outcome of the dice, one resolution each from the start, no merging, no measure: the plainest walk
    there is, the one the exact walk and the previews are checked against. Yields (probability, the resolution,
    or the :class:`~tabroll.errors.RuleRefusal` when the rules refuse it); :class:`TooManyOutcomes` past
    ``budget`` resolutions."""
    from fractions import Fraction

    from tabroll.errors import RuleRefusal
    from tabroll.odds.branches import _pools

    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    resolutions = 0
    while stack:
        prefix, probability = stack.pop()
        resolutions += 1
        if resolutions > budget:
            raise TooManyOutcomes
        try:
            resolved = ruleset.resolve(state, action, _Prefix(prefix))
        except _Short as short:
            request = short.request
            for combo, ways in _pools(request.count, request.sides):
                stack.append((prefix + combo, probability * ways / request.sides**request.count))
            continue
        except RuleRefusal as refusal:
            yield probability, refusal
            continue
        yield probability, resolved
