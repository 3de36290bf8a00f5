"""Typed events: what a resolver reports, step by step, with the numbers behind each step.

Resolvers return events; renderers (``tabroll.render``) turn them into a log for people or JSON for machines.
Every event is a frozen record (a msgspec Struct) with a ``kind`` string that is its JSON discriminator, a
:meth:`Event.sentence` for the logs and a Rich ``STYLE``. The JSON form of the events is a versioned contract: see
:data:`EVENTS_FORMAT_VERSION` and ``tabroll schema events``.

The core events are the one vocabulary every game speaks, in its own words: every die rolled is a ``roll``; every
loss of a health-like pool is a ``damage`` naming the unit, the amount and the pool; every removal from play is a
``defeat`` saying how; attacks are ``hit``/``miss``. A game adds its own kinds through its ruleset (see
:class:`tabroll.kit.Ruleset`); one that reuses a core kind is refused. The action and the roll are declared here,
the others in :mod:`tabroll.battle_events`, found here by name and imported when first asked for.

Positions on a board appear as ``[x, y]`` lists. The JSON form: docs/scripting.md ("The events format").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import msgspec
import msgspec.structs

from tabroll.i18n import p_
from tabroll.lazy import names_from

if TYPE_CHECKING:  # handed out by __getattr__ (below)
    from tabroll.battle_events import Damage as Damage
    from tabroll.battle_events import Defeat as Defeat
    from tabroll.battle_events import Hit as Hit
    from tabroll.battle_events import Miss as Miss
    from tabroll.battle_events import Modifier as Modifier
    from tabroll.battle_events import Move as Move
    from tabroll.battle_events import NewRound as NewRound
    from tabroll.battle_events import Note as Note
    from tabroll.battle_events import Refused as Refused
    from tabroll.battle_events import RulingApplied as RulingApplied
    from tabroll.more_events import CORE_EVENTS as CORE_EVENTS
    from tabroll.more_events import GameOver as GameOver
    from tabroll.more_events import Heal as Heal
    from tabroll.more_events import Immune as Immune
    from tabroll.more_events import Spend as Spend
    from tabroll.more_events import StatusApplied as StatusApplied

EVENTS_FORMAT = "tabroll.events"
EVENTS_FORMAT_VERSION = 4

FORMERLY_PROSE = frozenset({"applies_to", "status", "faces", "reach", "done", "shows", "statuses", "game_over"})
"""Fields that followed the language before events format 4 (and journal format 2): a journal written then holds
them in the language it was recorded in, so they are not compared when it is read. Each now keeps a machine value,
and its twin ``<field>_text`` says it for people (see :attr:`Event.TWINS`)."""

PROSE_FIELDS = frozenset({"description", "text", "reason", "rule", "label", "effect", "note"}) | {
    f"{name}_text" for name in FORMERLY_PROSE
}
"""The JSON fields written for people, said in the language chosen (the player's guide, docs/player.md, "Languages",
lists them). Every other field is a machine value, the same in every language: a journal compares those, and only
those."""

Position = tuple[int, int]


@contextmanager
def in_english() -> Iterator[None]:
    """Within the block, messages are said as written in the code (tabroll's own words, English): the machine
    value of a field that has a prose twin."""
    from tabroll import i18n

    before = i18n._NOW.chosen  # the code chosen (``game`` included), to put back as it was
    i18n.use(i18n.ENGLISH)
    try:
        yield
    finally:
        i18n.use(before)


class Said(str):
    """Words said two ways at once: as text in the language chosen, and as :attr:`machine`, as the code writes them
    (English). Made by :func:`said`; given to another message, they are said in its language. An event field with a
    prose twin keeps the machine value, its twin the text (see :meth:`Event.__post_init__`)."""

    machine: str

    def __new__(cls, text: str, machine: str) -> Said:
        made = super().__new__(cls, text)
        made.machine = machine
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return (str.__str__(self), self.machine)

    def __str__(self) -> str:
        from tabroll import i18n

        return self.machine if i18n._NOW.chosen == i18n.ENGLISH else str.__str__(self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def said(make: Callable[[], str]) -> Said:
    """What ``make`` says (a message, ``lambda: _("{unit} is charging", unit=name)``), in the language chosen and
    as the code writes it: both are made at once."""
    from tabroll import i18n

    text = make()
    if i18n._NOW.chosen == i18n.ENGLISH:  # said in English already: the machine value is the text
        return Said(text, text)
    with in_english():
        return Said(text, make())


def said_each(make: Callable[[], list[str]]) -> list[Said]:
    """Each of the words in the list ``make`` returns, said in both ways (as :func:`said`)."""
    texts = make()
    with in_english():
        machines = make()
    return [Said(text, words) for text, words in zip(texts, machines, strict=True)]


def joined(separator: str, parts: Iterable[Any]) -> Said:
    """``parts`` (said words or plain text) joined by ``separator``, in both ways."""
    items = list(parts)
    return Said(separator.join(prose(p) for p in items), separator.join(machine(p) for p in items))


def machine(value: Any) -> Any:
    """The machine value of ``value``: :attr:`Said.machine` (in lists and tuples too), else ``value``."""
    if isinstance(value, Said):
        return str(value.machine)
    if isinstance(value, tuple | list):
        return type(value)(machine(v) for v in value)
    return value


def prose(value: Any) -> Any:
    """``value`` for people: the text of :class:`Said` words (in lists and tuples too), else ``value``."""
    if isinstance(value, Said):
        return str.__str__(value)
    if isinstance(value, tuple | list):
        return type(value)(prose(v) for v in value)
    return value


def without_prose(value: Any, ignored: frozenset[str] = PROSE_FIELDS) -> Any:
    """JSON ``value`` without the fields written for people (:data:`PROSE_FIELDS`, or ``ignored``), at any depth:
    what a journal records and compares."""
    if isinstance(value, dict):
        return {k: without_prose(v, ignored) for k, v in value.items() if k not in ignored}
    if isinstance(value, list):
        return [without_prose(v, ignored) for v in value]
    return value


def defeat_word(how: str) -> str:
    """A defeat's ``how`` in the language now: the ways of leaving play the core says in every language, and a
    game's own word as the game's catalogue says it (its ``p_("defeat", "…")``), or else as it is."""
    words = {
        "defeated": p_("defeat", "defeated"),
        "annihilated": p_("defeat", "annihilated"),
        "destroyed": p_("defeat", "destroyed"),
        "dismissed": p_("defeat", "dismissed"),
        "exiled": p_("defeat", "exiled"),
        "removed": p_("defeat", "removed"),
        "sacrificed": p_("defeat", "sacrificed"),
        "knocked out": p_("defeat", "knocked out"),
    }
    return words.get(how) or p_("defeat", how)


E = TypeVar("E", bound="type[Event]")


def event_kind(kind: str) -> Callable[[E], E]:
    """Class decorator: the JSON ``kind`` of an event class. Registration is explicit: the core lists its own
    kinds in :data:`CORE_EVENTS`, a game lists its own in its ruleset's ``events``."""

    def name(cls: E) -> E:
        cls.KIND = kind
        return cls

    return name


def position_text(position: Any) -> str:
    """A position on a board as the logs show it: ``[x, y]`` (``-`` for none)."""
    return f"[{position[0]}, {position[1]}]" if position is not None else "-"


class Event(msgspec.Struct, frozen=True, kw_only=True):
    """Base of every event. ``KIND`` is set by :func:`event_kind`; ``STYLE`` is its Rich style in the step log."""

    KIND: ClassVar[str] = "event"
    STYLE: ClassVar[str] = ""
    OUTCOME: ClassVar[bool] = True
    """Whether a one-line story of the action tells this event (false for the arithmetic on the way: rolls,
    modifiers, rulings, notes)."""

    TWINS: ClassVar[tuple[str, ...]] = ()
    """Fields that keep a machine value (the same in every language), each with a twin ``<field>_text`` that says
    it for people. Given :class:`Said` words (or a tuple of them), the field keeps their ``machine`` and the twin
    their ``text``; given plain text, the twin is that text too."""

    OMIT_EMPTY_FIELDS: ClassVar[frozenset[str]] = frozenset()
    """Fields left out of the JSON form when empty: optional details most events of the kind never have."""

    def __post_init__(self) -> None:
        for name in self.TWINS:
            value = getattr(self, name)
            if not value:
                continue
            twin = f"{name}_text"
            said = prose(value)
            if not getattr(self, twin) and said:
                msgspec.structs.force_setattr(self, twin, said)
            msgspec.structs.force_setattr(self, name, machine(value))

    def sentence(self) -> str:
        """One plain sentence for the logs (default: the fields, so nothing is ever hidden)."""
        return ", ".join(f"{k}={v}" for k, v in self.to_json().items() if k != "kind")

    @property
    def kind(self) -> str:
        return self.KIND

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-ready dict, ``kind`` first."""
        out: dict[str, Any] = {"kind": self.KIND}
        omit = self.OMIT_EMPTY_FIELDS
        for name in self.__struct_fields__:
            value = getattr(self, name)
            if not value and name in omit:
                continue  # an optional detail most events never have (a die's faces): left out when empty
            out[name] = _jsonable(value)
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, msgspec.Struct):
        return {n: _jsonable(getattr(value, n)) for n in value.__struct_fields__}
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


# --- the action frame -------------------------------------------------------------------------------------


@event_kind("action")
class ActionStarted(Event, frozen=True, kw_only=True):
    """An action begins: who (``actor``) does what (``verb``: attack, move…). ``index`` counts actions from 1."""

    STYLE = "bold"
    OUTCOME = False
    index: int
    actor: str | None
    verb: str
    description: str

    def sentence(self) -> str:
        return f"{self.index}. {self.description}"


# --- dice and numbers -------------------------------------------------------------------------------------


class FrozenJSON(dict[str, Any]):
    """A JSON object held by an event (a roll's tree): hashed by its content so that the event stays hashable, and
    never changed once made."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        import json

        return hash(json.dumps(self, sort_keys=True, default=str))


class RolledDice(msgspec.Struct, frozen=True):
    """One dice term of a roll (``4d6kh3``): every die as rolled, and for each whether it counts."""

    dice: str
    values: tuple[int, ...]
    kept: tuple[bool, ...]


PLAIN_SHOWN = "\x00every die in a list"
"""Given as a :class:`Roll`'s ``shown``: every die in a list, in the order rolled (built as the roll is made). A
marker no roll shows (it starts with a NUL)."""


UNLABELLED = "roll"
"""The label of a roll nobody named (``tabroll roll`` without ``--label``, ``play``'s ``roll``): the data keeps it
as it is, and the log says the language's word for a roll."""


def named_rolls(parsed: Iterable[Any], source: Any, label: str = UNLABELLED) -> list[Roll]:
    """Each parsed dice expression (:func:`tabroll.dice.words.parse_words`) rolled from ``source``, in order, as a
    ``roll`` event: a comment typed after an expression (``1d20+5 to hit``) names it unless ``label`` is given.
    ``tabroll roll``, ``play``'s ``roll`` and the library's ``roll()`` name their rolls so."""
    named = [(one, one.comment if one.comment and label == UNLABELLED else label) for one in parsed]
    return [Roll.of(one.roll(source, name), label=name) for one, name in named]


@event_kind("roll")
class Roll(Event, frozen=True, kw_only=True):
    """Dice were rolled. ``values`` are every die as rolled; ``kept`` those that count; ``total`` the result.

    A roll of a dice expression also keeps its shape: ``terms`` holds each dice term with the dice it rolled and
    which of them count, and ``shown`` the expression with the dice in place (``[2, 5, ~2, 6]+[2]``, ``~`` marking
    a dropped die), so every renderer shows the right die dropped, each term and each operator. Dice with
    custom faces (symbols rather than numbers) name the face each die showed in ``faces``, in the order of
    ``values`` (the number of the face on the die), with what it does in the game in ``effect``.

    An expression beyond NdM, keep/drop and ``+ - *`` (rerolls, explosions, floors, success counts, sets, labels,
    a comparison) also keeps ``tree``: every part with its value and every die with its marks (``rerolled``,
    ``exploded``, ``capped``, ``floored``, ``ceilinged``, ``dropped``, ``success``, ``failure``). ``kept`` then
    holds what each die counts as; a comparison of the whole (``1d20+7>=15``) has ``total`` 1 or 0 and its
    ``outcome``; ``note`` says when a die stopped at the limit of rerolls or explosions."""

    STYLE = "cyan"
    OUTCOME = False
    TWINS = ("faces",)
    label: str
    dice: str
    values: tuple[int, ...]
    kept: tuple[int, ...]
    total: int
    unit: str | None = None
    terms: tuple[RolledDice, ...] = ()
    shown: str = ""
    faces: tuple[str, ...] = ()
    faces_text: tuple[str, ...] = ()
    effect: str = ""
    outcome: str = ""
    note: str = ""
    tree: dict[str, Any] | None = None
    OMIT_EMPTY_FIELDS = frozenset({"faces", "faces_text", "effect", "outcome", "note", "tree"})

    def __post_init__(self) -> None:
        Event.__post_init__(self)
        if self.shown == PLAIN_SHOWN:
            msgspec.structs.force_setattr(self, "shown", "[" + ", ".join(map(str, self.values)) + "]")

    @classmethod
    def of(cls, rolled: Any, *, label: str, unit: str | None = None) -> Roll:
        """The event of a :class:`~tabroll.dice.notation.RolledExpression`."""
        tree = rolled.tree_json()
        success = rolled.success
        return cls(
            label=label,
            dice=rolled.expression.notation,
            values=rolled.values,
            kept=rolled.kept_values,
            total=rolled.total,
            unit=unit,
            terms=tuple(RolledDice(t.term.notation, t.values, t.kept) for t in rolled.terms),
            shown=rolled.shown(),
            outcome="" if success is None else "success" if success else "failure",
            note=rolled.cap_note(),
            tree=FrozenJSON(tree) if tree is not None else None,
        )

    @classmethod
    def die(
        cls, sides: int, value: int, *, label: str, unit: str | None = None, face: str | Said = "", effect: str = ""
    ) -> Roll:
        """The event of one die of ``sides`` sides that showed ``value`` (and, for a die of symbols, ``face``: in
        ``faces`` as the code words it, in ``faces_text`` in the language)."""
        notation = f"1d{sides}"
        return cls(
            label=label,
            dice=notation,
            values=(value,),
            kept=(value,),
            total=value,
            unit=unit,
            terms=(RolledDice(notation, (value,), (True,)),),
            faces=(face,) if face else (),
            effect=effect,
        )

    def sentence(self) -> str:
        label = p_("event", "roll") if self.label == UNLABELLED else self.label  # the data keeps "roll"
        if self.faces:
            faces = self.faces_text or self.faces
            shown = ", ".join(f"{face} ({value})" for face, value in zip(faces, self.values, strict=False))
            return f"{label}: {self.dice} → {shown}" + (f": {self.effect}" if self.effect else "")
        if self.outcome:
            outcome = p_("roll", "success") if self.outcome == "success" else p_("roll", "failure")
            text = f"{label}: {self.dice} → {self.shown}: {outcome}"
        elif self.shown and (self.tree or len(self.terms) > 1 or self.total != sum(self.kept) or len(self.values) > 1):
            text = f"{label}: {self.dice} → {self.shown} = {self.total}"  # drawn from the roll's own shape
        elif self.terms:
            marks = [
                str(v) if keep else f"~{v}"
                for term in self.terms
                for v, keep in zip(term.values, term.kept, strict=True)
            ]
            single = len(marks) == 1 and self.total == sum(self.kept)
            text = f"{label}: {self.dice} → " + (marks[0] if single else f"[{', '.join(marks)}] = {self.total}")
        else:  # a roll built by hand, without its terms: one die, or dice that all count
            shown = str(self.values[0]) if len(self.values) == 1 else "[" + ", ".join(map(str, self.values)) + "]"
            same = len(self.values) == 1 and self.total == self.values[0]
            text = f"{label}: {self.dice} → {shown}" + ("" if same else f" = {self.total}")
        return text + (f": {self.effect}" if self.effect else "") + (f"; {self.note}" if self.note else "")


_IN_BATTLE_EVENTS = frozenset({
    "CORE_EVENTS", "Damage", "Defeat", "GameOver", "Heal", "Hit", "Immune", "Miss", "Modifier", "Move", "NewRound",
    "Note", "Refused", "RulingApplied", "Spend", "StatusApplied",
})  # fmt: skip
"""The names :mod:`tabroll.battle_events` declares, found here (PEP 562)."""


__getattr__ = names_from(globals(), "tabroll.battle_events", _IN_BATTLE_EVENTS)

CORE_KINDS: tuple[str, ...] = (
    "action", "refused", "ruling", "note", "roll", "modifier", "hit", "miss", "immune", "damage", "heal", "status",
    "spend", "move", "new_round", "defeat", "game_over",
)  # fmt: skip
"""The ``kind`` of each class of :data:`CORE_EVENTS`, in its order: what a log's layout reads (the width of its kind
column) without defining the classes a game may never emit."""


class EventKindClash(Exception):
    """A game's event kind reuses a core kind, or two of its own classes share a kind."""


def event_types(extra: Iterable[type[Event]] = (), *, owner: str = "") -> Mapping[str, type[Event]]:
    """The kinds a game's events may have: the core's and the game's own ``extra`` classes, by kind. A game's
    kind that reuses a core kind (or one of its own) is refused with :class:`EventKindClash`."""
    from tabroll.more_events import CORE_EVENTS

    table: dict[str, type[Event]] = {cls.KIND: cls for cls in CORE_EVENTS}
    for cls in extra:
        kind = cls.KIND
        if kind == Event.KIND:
            raise EventKindClash(f"{owner}: event class {cls.__name__} has no kind (decorate it with @event_kind)")
        if kind in table and table[kind] is not cls:
            whose = "a core event kind" if table[kind] in CORE_EVENTS else f"also the kind of {table[kind].__name__}"
            raise EventKindClash(f"{owner}: event kind {kind!r} of {cls.__name__} is {whose}; give it another kind")
        table[kind] = cls
    return table
