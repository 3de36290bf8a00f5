"""The working area every resolver keeps while it resolves one action: the dice, the events so far, and which
rulings it has already told (:class:`BaseTurn`), and the game state as it changes: one frozen value replaced
at each change (:class:`Turn`), or a state whose units change in a working copy of its roster, frozen into the
state when it is next read (:class:`RosterTurn`). A game's own working area subclasses one of the two and adds
only what its rules keep besides the state.

Nothing here touches a game's rules; it only keeps the log honest in the same way for every game:
- every roll is logged as a ``roll`` event with its expression, every die, the kept dice and the total;
- a ruling (a house-rule reading) is logged once per action, the first time it decides something."""

from __future__ import annotations

import copy
import functools
import itertools
import math
import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

import msgspec
import msgspec.structs
from msgspec.structs import replace

from tabroll.dice.sources import DiceRequest, checked_draw, roll_die
from tabroll.engine.steps import Step, StepWatcher
from tabroll.events import PLAIN_SHOWN, Event, Note, Roll, RolledDice, RulingApplied

T = TypeVar("T")
StateT = TypeVar("StateT")
UnitT = TypeVar("UnitT")


@functools.lru_cache(maxsize=4096)
def _plain(notation: str) -> tuple[DiceExpression, DiceTerm | None, str]:
    """A notation's parsed expression, and its one dice term when it is plain NdS (else None) with that term's
    notation (a bad notation raises every time: an error is not kept)."""
    from tabroll.dice.notation import DiceTerm, parse

    expression = parse(notation)
    root = expression.root
    if type(root) is DiceTerm and root.keep is None and not root.extended:
        return expression, root, root.notation
    return expression, None, ""


@functools.lru_cache(maxsize=4096)
def _counting(notation: str, faces: frozenset[int], purpose: str) -> tuple[str, str, DiceRequest]:
    """A count of successes (:meth:`BaseTurn.roll_count`): the notation as logged, its dice term, and the request
    (made once: an exact walk asks for the same roll at every branch of a step)."""
    expression, term, dice = _plain(notation)
    if term is None or term.fudge or min(faces, default=1) < 1 or max(faces, default=1) > term.sides:
        raise ValueError(f"successes are counted on faces of plain NdS dice, not {sorted(faces)} of {notation}")
    counted = tuple((1,) if face in faces else (0,) for face in range(1, term.sides + 1))  # a count: a sum
    return expression.notation, dice, DiceRequest(purpose, term.count, term.sides, per_face=((term.count, counted),))


class Count(msgspec.Struct, frozen=True):
    """A roll of plain dice (``NdS``) read by how many of them show a face of ``success`` (what a
    :class:`~tabroll.engine.steps.ReadStep` reads): played, :meth:`BaseTurn.roll_count` rolls and logs it."""

    notation: str
    success: frozenset[int]
    purpose: str
    unit: str | None = None

    def read(self, turn: BaseTurn) -> int:
        return turn.roll_count(self.notation, self.success, self.purpose, self.unit)

    def outcomes(self) -> tuple[tuple[tuple[int, int], ...], int]:
        """Each count the roll can read, lowest first, with the ordered rolls that give it; and all its rolls."""
        return _count_outcomes(self.notation, self.success)


@functools.lru_cache(maxsize=4096)
def _count_outcomes(notation: str, success: frozenset[int]) -> tuple[tuple[tuple[int, int], ...], int]:
    request = _counting(notation, success, "")[2]
    dice, sides, hits = request.count, request.sides, len(success)
    ways = ((k, math.comb(dice, k) * hits**k * (sides - hits) ** (dice - k)) for k in range(dice + 1))
    return tuple((k, w) for k, w in ways if w), sides**dice


@functools.lru_cache(maxsize=4096)
def _plain_request(count: int, sides: int, purpose: str, total_only: bool, tables: Any = None) -> DiceRequest:
    """The request of a plain roll, or of dice read by what their faces count for (:meth:`BaseTurn.roll_faces`),
    made once: an exact walk asks for the same roll at every branch of a step."""
    runs = None if tables is None else tuple((len(list(run)), table) for table, run in itertools.groupby(tables))
    return DiceRequest(purpose, count, sides, total_only=total_only, per_face=runs)


@functools.cache
def _resolution_type() -> type[Resolution]:
    from tabroll.engine import Resolution

    return Resolution


if TYPE_CHECKING:
    from tabroll.dice.notation import DiceExpression, DiceTerm, RolledExpression
    from tabroll.dice.sources import DiceSource
    from tabroll.engine import Resolution
    from tabroll.kit.roster import Roster, RosterDraft


class BaseTurn(
    msgspec.Struct, eq=False, kw_only=True, dict=True
):  # a working area: never compared nor shown, as the three below
    """The dice one action draws from, and the events it has produced so far."""

    dice: DiceSource
    events: list[Event] = msgspec.field(default_factory=list)
    rulings_told: frozenset[str] = frozenset()  # replaced when one is told: a fork shares it

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def note(self, text: str, unit: str | None = None) -> None:
        """Log ``text``, a sentence of the rules (about ``unit``), as a ``note`` event."""
        self.emit(Note(unit=unit, text=text))

    @property
    def walked(self) -> bool:
        """Whether the odds draw this action's dice, exactly or by simulation (the source makes every value it
        gives: ``valid_by_construction``). The odds read of a resolution only its figures and its final state, and
        a roll answered by a reading stands for every roll of its branch: a resolver may then do at once what it
        does one result at a time when played (BotSE's summed results), with a shorter log nobody reads. Run, play,
        the journal and given dice are played, and their logs are shown."""
        return bool(getattr(type(self.dice), "valid_by_construction", False))

    def resolution(self, state: Any) -> Resolution:
        """What the action produced: the events logged so far and ``state``, the state after it."""
        return _resolution_type()(events=tuple(self.events), state=state)

    def state_now(self) -> Any:
        """The game state as it stands now (a game whose resolver takes :mod:`steps <tabroll.engine.steps>` says which
        of its working area's values that is)."""
        raise NotImplementedError(f"{type(self).__name__} does not say what its state is (state_now)")

    def run(self, step: Step | None) -> None:
        """Take ``step`` and each step after it until the action ends (see :mod:`tabroll.engine.steps`).

        A dice source that watches steps (the exact walk) hears of each one before it is taken, and may answer
        that what follows is known: the resolution stops there (its events and state are then partial, and only
        that source reads them)."""
        dice = self.dice
        watcher = dice if isinstance(dice, StepWatcher) else None
        while step is not None:
            if watcher is not None and watcher.at_step(self, step):
                return
            step = step.advance(self)

    def fork(self, dice: DiceSource) -> Self:
        """A copy of this working area that draws from ``dice``, with its own list of events:
        where the exact walk resumes an action from a step it kept. A working area that holds other mutable
        values copies them in :meth:`_forked`."""
        twin = copy.copy(self)  # the fields, in C; not the values kept beside them (a RosterTurn's base and draft)
        twin.__dict__.update(self.__dict__)
        twin.dice, twin.events = dice, self.events[:]
        if type(self)._forked is not BaseTurn._forked:  # not called for nothing, thousands of times a walk
            twin._forked()
        return twin

    def rewinder(self) -> Callable[[], None] | None:
        """What puts this working area back as it is now (rules log events and rebind values), cheaper than a fork
        for each value of a reading step; None for one of mutable values (:meth:`_forked`)."""
        if type(self)._forked is not BaseTurn._forked:
            return None
        names, extra, events = self.__struct_fields__, self.__dict__, self.events
        kept, kept_extra, length = [getattr(self, name) for name in names], dict(extra), len(events)

        def rewind() -> None:
            for name, value in zip(names, kept, strict=True):
                setattr(self, name, value)
            extra.update(kept_extra)
            del events[length:]

        return rewind

    def _forked(self) -> None:
        """Make this fresh copy's mutable values its own (nothing to do for a working area of frozen values)."""

    def ruling(self, option: str, value: object, text: str) -> None:
        """Log the reading ``option = value`` the first time it decides something in this action."""
        if option not in self.rulings_told:
            self.rulings_told |= {option}
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            self.emit(RulingApplied(option=option, value=shown, text=text))

    def roll_total(self, notation: str, purpose: str, unit: str | None) -> int:
        """Roll a dice expression and log it, like :meth:`roll_dice`, for rules that read only its total (damage
        added up): the exact walk may then branch over the totals of its dice, not over every pool they can show
        (100d20 has 1,901 totals and 4.9e21 pools). The log still shows every die."""
        return self.roll_dice(notation, purpose, unit, total_only=True).total

    def roll_count(self, notation: str, success: Iterable[int], purpose: str, unit: str | None) -> int:
        """Roll plain dice (``NdS``) and log them like :meth:`roll_dice`, for rules that read only how many show a
        face of ``success`` (which the game works out: a 6 always, a 1 never, else the target or more): that
        many. The exact walk may then branch over the N + 1 counts, each weighted by the rolls that give it, not
        over every pool (40d6: 41 counts, 1,221,759 pools). The log still shows every die."""
        faces = frozenset(success)
        shown, dice, request = _counting(notation, faces, purpose)
        return sum(map(self._plain_roll(shown, dice, request, unit).count, faces))

    def roll_faces(
        self,
        sides: int,
        tables: Sequence[tuple[tuple[int, ...], ...]],
        purposes: Sequence[str],
        log: Callable[[int, int], None],
    ) -> tuple[int, ...]:
        """Roll a die of ``sides`` faces for each of ``purposes``, for rules that read only the sum over the dice of
        what each face counts for (die i's face k: ``tables[i][k - 1]``, tuples of ints of one length: a face's
        damage and tenacity, say): the faces shown, in roll order; ``log(i, face)`` logs die ``i`` (from 0) as the
        game logs a die, right after it is drawn. Played, each die is drawn on its own for its purpose; a source
        that watches steps (the exact walk, Monte Carlo) gets them as one request, and the walk branches over the
        distinct sums, each weighted by the ordered rolls that give it (4 dice of 3 kinds of faces: at most 15
        branches, not 1,296 rolls). The rules must read nothing else of these dice: not which die showed what (a
        reroll, a die chosen)."""
        dice = self.dice
        if purposes and isinstance(dice, StepWatcher):
            values = checked_draw(dice, _plain_request(len(purposes), sides, purposes[0], False, tuple(tables)))
            for index, value in enumerate(values):
                log(index, value)
            return values
        drawn = []
        for index, purpose in enumerate(purposes):
            value = checked_draw(dice, DiceRequest(purpose, 1, sides))[0]
            log(index, value)
            drawn.append(value)
        return tuple(drawn)

    def draw_compared(
        self, sides: int, purposes: Sequence[str], compare: Callable[[tuple[int, ...]], Hashable]
    ) -> tuple[int, ...]:
        """One die of ``sides`` sides for each of ``purposes``, in that order, for rules that read of them only the
        outcome ``compare(values)`` (one die against another: who wins, a tie, a natural face that decides; a
        hashable function, such as a frozen record). A source that watches steps (the exact walk, its estimate,
        Monte Carlo) is asked once for all of them, with ``compare``: the exact walk then branches over its
        distinct outcomes, not over every roll (an opposed d10 against d10: 2 or 3 branches, not 100). Every other
        source (run, play, the journal, given dice, a person) is asked for one die at a time, as for any die. The
        values are the same either way; nothing is logged here: the rules log each die as they read it."""
        dice = self.dice
        if isinstance(dice, StepWatcher):
            return checked_draw(dice, DiceRequest(" / ".join(purposes), len(purposes), sides, compare=compare))
        return tuple(checked_draw(dice, DiceRequest(purpose, 1, sides))[0] for purpose in purposes)

    def draw_against(self, sides: int, counts: tuple[int, int], purposes: tuple[str, str]) -> tuple[int, ...] | None:
        """Two pools of dice of ``sides`` sides, ``counts[0]`` then ``counts[1]`` of them, each for its purpose, for
        rules that read of them only the first pool's total less the second's (a Power roll against the Toughness
        roll it meets). As in :meth:`draw_compared`, a source that watches steps is asked once for both (the walk
        branches over the distinct differences: 5d6 against 5d6 has 51, not 676 pairs of totals): the values of
        both, in that order; every other source, None: the rules roll and log each pool themselves."""
        dice = self.dice
        if not isinstance(dice, StepWatcher):
            return None
        first, second = counts
        return checked_draw(dice, DiceRequest(" / ".join(purposes), first + second, sides, against=first))

    def roll_dice(self, notation: str, purpose: str, unit: str | None, *, total_only: bool = False) -> RolledExpression:
        """Roll a dice expression from the action's dice source and log it; the rolled result is returned.
        ``total_only``: the caller reads only its total (use :meth:`roll_total`)."""
        expression, term, dice = _plain(notation)
        if term is None:
            rolled = expression.roll(self.dice, purpose, total_only=total_only)
            self.emit(Roll.of(rolled, label=purpose, unit=unit))
            return rolled
        from tabroll.dice.notation import RolledExpression, RolledTerm

        request = _plain_request(term.count, term.sides, purpose, total_only and not term.fudge)
        values = self._plain_roll(expression.notation, dice, request, unit)
        total = sum(values)
        return RolledExpression(expression, purpose, (RolledTerm(term, values, (True,) * len(values), total),), total)

    def _plain_roll(self, notation: str, term: str, request: DiceRequest, unit: str | None) -> tuple[int, ...]:
        """Plain NdS (most rolls, thousands of times in an exact walk): its values, logged (a source that makes every
        value it gives is not checked: see ``checked_draw``)."""
        dice = self.dice
        if getattr(type(dice), "valid_by_construction", False) and not request.fudge:
            values = dice.draw(request)
        else:
            values = checked_draw(dice, request)
        self._log_plain(notation, term, values, request.purpose, unit)
        return values

    def log_drawn(self, notation: str, values: tuple[int, ...], purpose: str, unit: str | None) -> int:
        """Log ``values`` already drawn for plain dice (``NdS``, such as a pool drawn with the pool it is read
        against: :meth:`draw_against`) exactly as :meth:`roll_total` logs a roll of them; their total."""
        expression, term, dice = _plain(notation)
        if term is None or term.count != len(values):
            raise ValueError(f"{notation} is not plain dice of {len(values)} values")
        self._log_plain(expression.notation, dice, values, purpose, unit)
        return sum(values)

    def _log_plain(self, notation: str, term: str, values: tuple[int, ...], purpose: str, unit: str | None) -> None:
        """The same event as Roll.of builds from a rolled plain NdS, without reading it back from the expression (not
        for a source that reads no roll of the log: the exact walk reads its blows and measures)."""
        if not getattr(self.dice, "reads_rolls", True):
            return
        terms = (RolledDice(term, values, (True,) * len(values)),)  # shown: "[1, 2, …]", built if it is ever read
        self.emit(Roll(label=purpose, dice=notation, values=values, kept=values, total=sum(values), unit=unit,
                       terms=terms, shown=PLAIN_SHOWN))  # fmt: skip

    def pick(self, options: Sequence[T], purpose: str, unit: str | None) -> T:
        """A random choice among ``options``, rolled as a die with one side per option (1 = the first) and logged
        as that roll; a single option is taken without rolling."""
        if len(options) == 1:
            return options[0]
        value = roll_die(self.dice, len(options), purpose)
        self.emit(Roll(label=purpose, dice=f"1d{len(options)}", values=(value,), kept=(value,), total=value, unit=unit))
        return options[value - 1]


class Turn(BaseTurn, Generic[StateT], eq=False, kw_only=True, dict=True):
    """A working area whose game state is one frozen value, replaced as the rules change it (``work.state =
    work.state.with_unit(…)``): the state a step reads is always :attr:`state`."""

    state: StateT

    def state_now(self) -> StateT:
        return self.state

    def change(self, **fields: Any) -> None:
        """The state with ``fields`` changed (``work.change(round=2)``)."""
        self.state = replace(self.state, **fields)  # type: ignore[type-var]  # a game's state is a Struct

    @classmethod
    def take(cls, state: StateT, dice: DiceSource, step: Step) -> Resolution:
        """An action taken from ``step`` on: its events and the state it leaves."""
        work = cls(dice=dice, state=state)
        work.run(step)
        return work.resolution(work.state)


_TURN_STATE_SLOT: Any = Turn.__dict__["state"]


class StateField(Generic[T]):
    """``options = StateField[GameOptions]()`` in a game's working area: the field of that name of its state (which
    the state may keep untyped: its options), typed. A field no change of units touches: a :class:`RosterTurn`
    reads it without freezing its draft. The class holds a property of an ``attrgetter`` in its place: read as fast
    as a field."""

    def __set_name__(self, owner: type, name: str) -> None:
        source = "_base" if issubclass(owner, RosterTurn) else "state"
        setattr(owner, name, property(operator.attrgetter(f"{source}.{name}")))

    if TYPE_CHECKING:

        def __get__(self, turn: Turn[Any], owner: object = None) -> T: ...


class RosterState(Protocol[UnitT]):
    """A state whose units a :class:`RosterTurn` changes in a draft: its units as a :class:`~tabroll.kit.roster.Roster`,
    a unit by name (refusing an unknown name in the game's words), and the state with another roster of the same
    units."""

    @property
    def roster(self) -> Roster[UnitT]: ...

    def unit(self, name: str) -> UnitT: ...

    def with_roster(self, roster: Roster[UnitT]) -> Self: ...


RosterStateT = TypeVar("RosterStateT", bound=RosterState[Any])


class RosterTurn(Turn[RosterStateT], Generic[RosterStateT, UnitT], eq=False, kw_only=True, dict=True):
    """A working area whose units change in a :class:`~tabroll.kit.roster.RosterDraft`: :meth:`put` is one list
    assignment however many units the state holds, and :attr:`state` freezes the changes into a new state when it
    is next read, so an action that changes every unit (a new round, an area attack) builds the units once.

    ``work.state = …`` replaces the whole state (the draft is dropped: read the state, change it, assign it);
    :meth:`change` replaces fields of the state other than its units and keeps the draft going. A game reads a
    field that the units' changes never touch (its options: :class:`StateField`) from ``_base``, the state as it
    stands but for the draft, without freezing it."""

    def __post_init__(self) -> None:
        # Not fields (in the instance's dict). The Struct's __init__ filled Turn's ``state`` slot (the property
        # below shadows it): that is the base.
        self._base: RosterStateT = _TURN_STATE_SLOT.__get__(self)
        self._draft: RosterDraft[UnitT] | None = None

    # The state is a property over the base and the draft; the Struct's __init__ still takes it as ``state``.
    @property  # type: ignore[misc]
    def state(self) -> RosterStateT:
        draft = self._draft
        if draft is not None and draft.changed:
            self._base = self._base.with_roster(draft.freeze())
        return self._base

    @state.setter
    def state(self, state: RosterStateT) -> None:
        self._base, self._draft = state, None

    def unit(self, name: str) -> UnitT:
        """The unit called ``name`` as it stands now (the state's refusal for a name it does not hold)."""
        draft = self._draft
        if draft is not None:
            found = draft.get(name)
            if found is not None:
                return found
        unit: UnitT = self._base.unit(name)
        return unit

    def put(self, unit: UnitT) -> UnitT:
        """``unit``, changed, in the place of the unit of its name (returned, for the rules to go on with)."""
        draft = self._draft
        if draft is None:
            draft = self._draft = self._base.roster.edit()
        draft.put(unit)
        return unit

    def change(self, **fields: Any) -> None:
        """The state with ``fields`` other than its units changed; the draft of the units goes on."""
        self._base = replace(self._base, **fields)  # type: ignore[type-var]  # a game's state is a Struct

    def _forked(self) -> None:
        """The copy starts from the state as it stands, with no draft of its own: the draft is still the
        original's, so it is read here, not frozen (freezing it would leave the original's state behind its
        draft)."""
        draft = self._draft
        if draft is not None:
            if draft.changed:
                self._base = self._base.with_roster(draft.snapshot())
            self._draft = None
