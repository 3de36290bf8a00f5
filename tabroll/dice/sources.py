"""Where dice values come from. Nothing in tabroll calls the global :mod:`random`: every die is drawn through a
:class:`DiceSource`, which answers one :class:`DiceRequest` ("3d6 for damage vs Soldado") with exactly ``count``
values. :class:`SeededDice` rolls from a seed that can be printed and replayed, :class:`GivenDice` hands out values
the table rolled (``--dice 14,3``), :class:`PromptDice` asks a person, :class:`RecordingDice` logs another source.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Protocol

import msgspec
import msgspec.structs

from tabroll.errors import InputError
from tabroll.i18n import N_, _, n_

if TYPE_CHECKING:
    import random

    from tabroll.dice.parts import Keep

MAX_VALUES = 10_000
"""Most values :func:`parse_dice_values` accepts in one text."""

MAX_DIE_VALUE = 1_000_000
"""No die has more sides than this (the same bound the notation parser enforces)."""

MAX_SEED = 2**63 - 1
"""The largest seed any command takes (Python's generator would read a negative seed as its absolute value)."""

MAX_COMPARED_ROLLS = 10_000
"""Most ordered rolls a request read by :attr:`DiceRequest.compare` may have: its outcomes are found by reading
each roll once (two d100s at most)."""

_VALUES_TIP = N_("give the numbers the dice show, separated by spaces or commas, like 14 or 14,3,5")
_ORDER_TIP = N_("give one value for every die rolled, in the order the dice are rolled")


def fresh_seed() -> int:
    """A new random seed of 32 bits from the system's source of randomness: what ``secrets.randbits(32)`` gives,
    without importing :mod:`secrets` (and with it hashlib) at start-up."""
    return int.from_bytes(os.urandom(4), "big")


class DiceFaces:
    """The faces of dice of ``sides`` sides (Fudge dice, ``fudge``: three faces, -1, 0 and +1): those of a
    :class:`DiceRequest` and of a dice term."""

    __slots__ = ()
    sides: int
    fudge: bool

    @property
    def low(self) -> int:
        """The lowest face: 1, or -1 for a Fudge die."""
        return -1 if self.fudge else 1

    @property
    def high(self) -> int:
        """The highest face: ``sides``, or +1 for a Fudge die."""
        return 1 if self.fudge else self.sides


class DiceRequest(msgspec.Struct, DiceFaces, frozen=True):
    """A request for ``count`` dice with ``sides`` sides each, and what they are rolled for. ``total_only``,
    ``keep``, ``per_face``, ``compare`` and ``against`` say what of the dice the rules read, so that the exact walk
    branches over those readings, each with its weight, instead of over every roll; every other source ignores them."""

    purpose: str
    count: int
    sides: int
    choice: bool = False  # a player's choice of a number (a pilot's secret direction), not a roll
    fudge: bool = False  # Fudge dice (dF): three faces, -1, 0 and +1
    total_only: bool = False
    """The rules read only the sum of these dice (a damage roll added up)."""
    keep: Keep | None = None
    """With ``total_only``: the sum read is that of the dice this keeps (``4d6kh3``), not of every die."""
    per_face: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...] | None = None
    """The rules read only the sum over the dice of what each face counts for (BotSE's damage and tenacity): in
    runs of dice of one kind, in roll order, each ``(how many dice, table)`` with face k counting for
    ``table[k - 1]`` (tuples of ints of one length). A count of successes is a face counting (1,) or (0,)."""
    compare: Callable[[tuple[int, ...]], Hashable] | None = None
    """The rules read only ``compare(values)``, a hashable outcome (who wins, a tie), of the values in the order
    drawn, each die rolled for its side of a comparison (see :meth:`~tabroll.engine.work.BaseTurn.draw_compared`)."""
    against: int | None = None
    """These dice are two pools, the first ``against`` dice and the rest, and the rules read only the first pool's
    total less the second's (see :meth:`~tabroll.engine.work.BaseTurn.draw_against`)."""

    def __post_init__(self) -> None:
        if self.count < 1 or self.sides < 1:
            raise ValueError(f"a dice request needs count >= 1 and sides >= 1, not {self.count}d{self.sides}")
        if self.compare is not None and (self.fudge or self.choice or self.sides**self.count > MAX_COMPARED_ROLLS):
            raise ValueError(f"a comparison reads {MAX_COMPARED_ROLLS:,} rolls at most, not {self.notation}")
        if self.against is not None and (self.fudge or self.choice or not 0 < self.against < self.count):
            raise ValueError(f"two pools read against each other need dice each: {self.against} of {self.notation}")
        if self.fudge and self.sides != 3:
            raise ValueError(f"a Fudge die has 3 faces, not {self.sides}")
        if self.per_face is not None and (
            sum(n for n, _ in self.per_face) != self.count or any(len(t) != self.sides for _, t in self.per_face)
        ):
            raise ValueError(f"{self.notation} needs what each face of each die counts for: {self.per_face}")

    @property
    def notation(self) -> str:
        """The request written as dice, such as ``3d6`` or ``4dF``."""
        return f"{self.count}d{'F' if self.fudge else self.sides}"

    def describe(self) -> str:
        """The request for people to read, such as ``1d20 for damage vs Soldado``."""
        return _("{dice} for {purpose}", dice=self.notation, purpose=self.purpose) if self.purpose else self.notation


class DiceSource(Protocol):
    """Anything that can answer a :class:`DiceRequest` with ``count`` values in ``low..high`` (``1..sides``, or
    -1, 0 and +1 for Fudge dice)."""

    def draw(self, request: DiceRequest) -> tuple[int, ...]: ...


class DiceExhausted(InputError):
    """A :class:`GivenDice` has too few values left for a request; nothing is consumed, so the values given stay
    where they were."""

    def __init__(self, request: DiceRequest, *, origin: str, given: int, available: int) -> None:
        needs = n_("{n} value", "{n} values", request.count)
        if given == 0:
            have = _("none were given")
        elif available == 0:
            have = n_("the {n} given is used", "all {n} given are used", given)
        else:
            have = n_(
                "only {n} of the {given} given is left",
                "only {n} of the {given} given are left",
                available,
                given=given,
            )
        super().__init__(
            _(
                "{origin} ran out: {request} needs {needs}, but {have} (give {missing} more)",
                origin=origin,
                request=request.describe(),
                needs=needs,
                have=have,
                missing=request.count - available,
            ),
            tip=_(_ORDER_TIP),
        )


class DiceValueError(InputError):
    """A given die value that is not a number, or cannot be shown by the die it was given for."""


def _die_shows(request: DiceRequest) -> dict[str, str]:
    """For a message: the die's name (``die``: d6, dF) and the faces it shows, in words (``shows``)."""
    if request.fudge:
        return {"die": "dF", "shows": _("a dF shows -1, 0 or +1")}
    sides = request.sides
    shows = _("a d1 always shows 1") if sides == 1 else _("a d{sides} shows 1 to {sides}", sides=sides)
    return {"die": f"d{sides}", "shows": shows}


def checked_draw(source: DiceSource, request: DiceRequest) -> tuple[int, ...]:
    """``source``'s answer to ``request``; an answer of the wrong size, or with a value no such die shows, is a bug
    of the source (:class:`RuntimeError`). A source whose class sets ``valid_by_construction`` (the exact walk's,
    which answers only with values it made for the request) is not checked value by value."""
    values = tuple(source.draw(request))
    if getattr(type(source), "valid_by_construction", False) and not request.fudge:
        return values
    low, high = request.low, request.high
    if len(values) != request.count or not all(type(v) is int and low <= v <= high for v in values):
        raise RuntimeError(f"{type(source).__name__} answered {request.describe()} with {values!r}")
    return values


def roll_die(source: DiceSource, sides: int, purpose: str) -> int:
    """Roll a single die with ``sides`` sides from ``source``."""
    return checked_draw(source, DiceRequest(purpose, 1, sides))[0]


def asks_players(source: DiceSource) -> bool:
    """Whether ``source`` asks people at the table (``--prompt``): a resolver may then ask them the choices a
    scenario left open, instead of taking its documented default."""
    return bool(getattr(source, "asks_players", False))


def choose_number(source: DiceSource, highest: int, purpose: str) -> int:
    """A number from 1 to ``highest`` that a player chooses (asked at the table as a choice, not a roll). Other
    sources answer it like a die: the exact walk takes each value as equally likely, so a scenario should give
    the choices it cares about."""
    return checked_draw(source, DiceRequest(purpose, 1, highest, choice=True))[0]


class SeededDice:
    """Pseudo-random dice from a private ``random.Random``; the same seed gives the same rolls. Without a seed, a
    :func:`fresh_seed`, kept in ``.seed`` to be printed."""

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int | None = None) -> None:
        import random  # imported here, not at startup: most commands never roll

        if seed is None:
            seed = fresh_seed()
        self.seed = seed
        self._random: random.Random = random.Random(seed)

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        """Roll ``request.count`` dice."""
        randrange, low = self._random.randrange, request.low
        return tuple(randrange(request.sides) + low for _ in range(request.count))

    def __repr__(self) -> str:
        return f"SeededDice(seed={self.seed})"


class GivenDice:
    """Dice values given in advance, handed out in order across requests; ``origin`` names them in errors. Too few
    values left (:class:`DiceExhausted`) or one the die cannot show (:class:`DiceValueError`) consumes nothing."""

    __slots__ = ("_next", "asks_players", "origin", "values")

    def __init__(self, values: Sequence[int], origin: str = "--dice", *, answers: bool = False) -> None:
        self.values = tuple(values)  # every value given, used or not
        self._next = 0
        self.origin = origin
        # answers: the values also answer the choices a scenario left open, in the order --prompt would ask them
        # (how a prompted game is replayed exactly)
        self.asks_players = answers

    @property
    def used(self) -> tuple[int, ...]:
        """The values handed out so far."""
        return self.values[: self._next]

    @property
    def remaining(self) -> tuple[int, ...]:
        """The values not handed out yet (the CLI warns about these leftovers)."""
        return self.values[self._next :]

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        """Hand out the next ``request.count`` values after checking they fit the die."""
        available = len(self.values) - self._next
        if available < request.count:
            raise DiceExhausted(request, origin=self.origin, given=len(self.values), available=available)
        values = self.values[self._next : self._next + request.count]
        for value in values:
            if not request.low <= value <= request.high:
                raise DiceValueError(
                    _(
                        "{origin} value {value} cannot be the roll of a {die} ({request}): {shows}",
                        origin=self.origin,
                        value=value,
                        request=request.describe(),
                        **_die_shows(request),
                    ),
                    tip=_("check the order of the values: {tip}", tip=_(_ORDER_TIP)),
                )
        self._next += request.count
        return values

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self.values)!r}, origin={self.origin!r})"


_TOKEN = re.compile(r",|[^\s,]+")


_FUDGE_FACES = {"+": 1, "-": -1, "+1": 1, "-1": -1, "0": 0}


def parse_dice_values(text: str, origin: str = "--dice", *, signed: bool = False) -> tuple[int, ...]:
    """Die values written like ``7,7``, ``7 7`` or ``7, 12``: whole numbers from 1 to :data:`MAX_DIE_VALUE`, at
    most :data:`MAX_VALUES` of them, else a :class:`DiceValueError` naming the position; with ``signed`` (a roll
    with Fudge dice) a Fudge die's faces too, ``-1``, ``0`` and ``+1``, or ``-`` and ``+``."""

    def bad(message: str) -> DiceValueError:
        return DiceValueError(message, tip=_(_VALUES_TIP))

    values: list[int] = []
    after_comma: int | None = None  # position of a comma not yet followed by a value
    for match in _TOKEN.finditer(text):
        token, at = match.group(), match.start()
        place = {"origin": origin, "position": at + 1}
        if token == ",":
            if after_comma is not None or not values:
                raise bad(
                    _("{origin}: no value between the commas at position {position}", **place)
                    if values
                    else _("{origin}: no value before the ',' at position {position}", **place)
                )
            after_comma = at
            continue
        after_comma = None
        if signed and token in _FUDGE_FACES:
            value = _FUDGE_FACES[token]
        elif not (token.isascii() and token.isdigit()):
            raise bad(_("{origin}: {token!r} at position {position} is not a die value", token=token, **place))
        elif len(token.lstrip("0")) > len(str(MAX_DIE_VALUE)) or int(token) > MAX_DIE_VALUE:
            raise bad(
                _(
                    "{origin}: {token} at position {position} is larger than any die"
                    " (dice have at most {limit:,} sides)",
                    token=token,
                    limit=MAX_DIE_VALUE,
                    **place,
                )
            )
        elif (value := int(token)) == 0:
            raise bad(_("{origin}: 0 at position {position} is not a die value: dice show 1 or more", **place))
        if len(values) == MAX_VALUES:
            raise DiceValueError(_("{origin} has more than {limit:,} values", origin=origin, limit=MAX_VALUES))
        values.append(value)
    if after_comma is not None:
        raise bad(_("{origin}: no value after the ',' at position {position}", origin=origin, position=after_comma + 1))
    if not values:
        raise bad(_("{origin} has no values", origin=origin))
    return tuple(values)


class PromptDice:
    """Ask a person for every roll through ``ask`` (prompt -> answer); a wrong answer is explained with ``tell`` and
    asked again, up to ``attempts`` times or the end of input (then an :class:`~tabroll.errors.InputError`)."""

    __slots__ = ("ask", "ask_secret", "attempts", "tell")
    asks_players = True

    def __init__(
        self,
        ask: Callable[[str], str],
        tell: Callable[[str], None],
        attempts: int = 5,
        ask_secret: Callable[[str], str] | None = None,
    ) -> None:
        if attempts < 1:
            raise ValueError("PromptDice needs at least one attempt")
        self.ask = ask
        self.tell = tell
        self.attempts = attempts
        self.ask_secret = ask_secret  # for choices kept from the other players (typed without echo)

    @staticmethod
    def prompt(request: DiceRequest) -> str:
        """The question asked for ``request``, such as ``Roll 3d6 — damage vs X (3 values): ``."""
        if request.choice:
            return _("Choose a number from 1 to {sides} — {purpose}: ", sides=request.sides, purpose=request.purpose)
        values = {"dice": request.notation, "purpose": request.purpose, "count": request.count}
        if request.purpose and request.count > 1:
            return _("Roll {dice} — {purpose} ({count} values): ", **values)
        if request.purpose:
            return _("Roll {dice} — {purpose}: ", **values)
        if request.count > 1:
            return _("Roll {dice} ({count} values): ", **values)
        return _("Roll {dice}: ", **values)

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        """Ask until a valid answer arrives or the attempts run out."""
        prompt = self.prompt(request)
        ask = self.ask_secret if request.choice and self.ask_secret is not None else self.ask
        for _attempt in range(self.attempts):
            try:
                answer = ask(prompt)
            except EOFError:
                raise InputError(_("no answer for {request}", request=request.describe()), tip=_(_VALUES_TIP)) from None
            problem = self._problem(answer, request)
            if problem is None:
                return parse_dice_values(answer, _("answer"), signed=request.fudge)
            self.tell(_("{problem}; try again", problem=problem))
        raise InputError(
            _("no valid answer for {request} after {tries} tries", request=request.describe(), tries=self.attempts),
            tip=_(_VALUES_TIP),
        )

    @staticmethod
    def _problem(answer: str, request: DiceRequest) -> str | None:
        if not answer.strip():
            return _("type the value you rolled") if request.count == 1 else _("type the values you rolled")
        try:
            values = parse_dice_values(answer, _("answer"), signed=request.fudge)
        except DiceValueError as error:
            return error.message
        if len(values) != request.count:
            return n_(
                "{dice} needs {n} value, not {got}",
                "{dice} needs {n} values, not {got}",
                request.count,
                dice=request.notation,
                got=len(values),
            )
        for value in values:
            if not request.low <= value <= request.high:
                return _("{value} cannot be the roll of a {die}: {shows}", value=value, **_die_shows(request))
        return None


class RecordingDice:
    """Pass requests to ``inner`` and keep every ``(request, values)`` pair in ``log``."""

    __slots__ = ("inner", "log")

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.log: list[tuple[DiceRequest, tuple[int, ...]]] = []

    @property
    def asks_players(self) -> bool:
        return asks_players(self.inner)

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        """Draw from the wrapped source and record the answer."""
        values = tuple(self.inner.draw(request))
        self.log.append((request, values))
        return values

    @property
    def values(self) -> tuple[int, ...]:
        """Every value drawn so far, in order."""
        return tuple(value for _, values in self.log for value in values)

    def replay(self) -> str:
        """The values as a ``--dice`` argument (``14,3,5``) that reproduces these rolls."""
        return ",".join(map(str, self.values))
