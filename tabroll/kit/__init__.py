"""The game kit: the typed contract between the core and a game, and the pieces every game would otherwise write
again. A game is one folder under ``rulesets/`` whose package exposes ``RULESET``, an instance of a
:class:`Ruleset` subclass; nothing in the core names it.

What a game writes is described once, in docs/contributing/adding-a-game.md (the fixture games under
``tests/fixtures/games/`` follow it): the :class:`Ruleset` subclass, whose hooks name where the game's rules are
(``resolve = hook("resolver.resolve")``, :mod:`tabroll.kit.hooks`), imported at their first call so that
importing the game stays cheap; its :class:`tabroll.kit.models.Strict` models, each action's log header one line
of its model (``describe = header(_, N_("{unit} moves"), actor="unit")``, :func:`header`); a :class:`Handlers`
table of its rules; its own event kinds; its ``README.md`` of rulings.

This module stays light (no pydantic, no Rich): every command imports it."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from string import Formatter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, NamedTuple, TypeVar, cast

import msgspec
import msgspec.structs
from msgspec.structs import replace

from tabroll.errors import InputError, RuleRefusal
from tabroll.events import Event, EventKindClash, event_types
from tabroll.i18n import ENGLISH, N_, Domain, _, language
from tabroll.lazy import names_from

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabroll.dice.sources import DiceSource
    from tabroll.engine import Resolution, Scenario
    from tabroll.kit.descriptions import Measure as Measure
    from tabroll.kit.descriptions import MeasureKind as MeasureKind
    from tabroll.kit.descriptions import OptionInfo as OptionInfo
    from tabroll.kit.fields import AttackRequest as AttackRequest
    from tabroll.kit.views import StateView
    from tabroll.loading.document import YamlDocument

T = TypeVar("T")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
WorkT = TypeVar("WorkT")


class ActionHeader(NamedTuple):
    """The log header of an action: who acts (``None``: nobody in particular), the verb, and one line."""

    actor: str | None
    verb: str
    text: str


def header(
    say: Callable[..., str], text: str, actor: str | None = None, **fields: str
) -> Callable[[Any], ActionHeader]:
    """The ``describe()`` of an action model whose header is one sentence, written as one line in its class::

        describe = header(_, N_("{unit} shields {protects}"), actor="unit")

    ``say`` is the game's ``_`` (its catalogue, its way of saying sides), ``text`` the sentence's msgid, marked with
    ``N_`` so the extractor finds it; each ``{placeholder}`` is filled, in the language of the moment, with the
    action's field of that name, or of the name ``fields`` gives it (``unit="hero"``). ``actor`` names the field
    that says who acts (``None``: nobody in particular); the verb is the action's ``do``. An action whose sentence
    depends on its values (an optional target, a flank) writes its own ``describe()``."""
    names = [name for _, name, _, _ in Formatter().parse(text) if name]

    def describe(action: Any) -> ActionHeader:
        values = {name: getattr(action, fields.get(name, name)) for name in names}
        return ActionHeader(None if actor is None else getattr(action, actor), action.do, say(text, **values))

    return describe


class AttackField(msgspec.Struct, frozen=True):
    """A field of a game's command-line attack (``tabroll attack -a X -t Y --range 3``): ``name`` is the flag without
    dashes (a ``flag`` field named ``cover`` reads ``--cover``/``--no-cover``), ``default`` is shown in help, and
    ``quick_only``/``file_only`` say it applies only to an attack without/with a scenario file."""

    name: str
    help: str
    kind: Literal["int", "text", "flag"] = "text"
    default: str | None = None
    quick_only: bool = False
    file_only: bool = False

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


StatKind = Literal["int", "dice", "text", "list", "map", "flag", "printed"]


class StatNeed(msgspec.Struct, frozen=True):
    """One stat a unit typed on the command line may carry (``-a "Hero ATK=1 DAN=1d12"``, ``--attacker-stat
    ATK=1``): ``name`` is the key the game reads, ``aliases`` the other spellings it accepts (the card's own
    abbreviations, the source's words), ``kind`` what its value is (``printed``: the game's own notation, checked by
    its :meth:`Ruleset.check_stat`), ``required`` whether an attack needs it of a unit the catalogue does not hold,
    ``default`` the value such a unit gets when it is not given (``None``: nothing, or the game's own default),
    and ``example`` a value shown in help and tips."""

    name: str
    help: str
    kind: StatKind = "int"
    required: bool = False
    default: str | None = None
    aliases: tuple[str, ...] = ()
    example: str = ""

    def spellings(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


class AttackNeeds(msgspec.Struct, frozen=True):
    """An attack kind of a game, in its own words, and the stats it reads of the attacker and of the target.
    ``example`` is a command line that makes one with no scenario file (``tabroll units`` shows it; the tests run
    it)."""

    kind: str
    help: str
    attacker: tuple[StatNeed, ...] = ()
    target: tuple[StatNeed, ...] = ()
    example: str = ""


class Blow(NamedTuple):
    """One strike of a resolved action, as the odds see it. ``part`` is ``""`` for the declared attack's own
    and otherwise the label of what followed it (a counterattack, a reaction…). ``hit`` is false for a miss or
    an immunity; ``damage`` is what the target took; ``defeats`` whether it defeated the target. (A named tuple:
    the exact walk reads the blows of every outcome.)"""

    part: str
    attacker: str
    target: str
    hit: bool
    damage: int = 0
    defeats: bool = False


STRIKE_KINDS = frozenset({"hit", "miss", "immune", "damage", "defeat"})
"""The kinds of the core's strike events, the only ones :func:`core_blows` reads."""


class Strike(NamedTuple):
    """A combat event (hit, miss, immune, damage, defeat) as :meth:`Ruleset.outcome_part` reads it: the event,
    who acts in the action (its header's actor), who struck (the event's ``attacker``, or the ``by`` of a
    defeat; ``None``: nobody, such as a cost paid) and who was struck (its ``target``, or its ``unit``)."""

    event: Event
    actor: str | None
    striker: str | None
    struck: str | None


_last_action: tuple[object, object, str | None, dict[tuple[str, str | None, str | None], str]] = (None, None, None, {})


def actor_of(ruleset: Ruleset[Any, Any], action: Any) -> str | None:
    """Who acts in ``action`` (its header's actor), kept for the last action asked about: the exact walk reads
    the blows of one action at every outcome, and a header is a sentence in the language now."""
    return _action_facts(ruleset, action)[0]


def _action_facts(ruleset: Ruleset[Any, Any], action: Any) -> tuple[str | None, dict[Any, str]]:
    """Who acts in ``action``, and the part of its outcome each strike belongs to, by the strike's kind, striker
    and struck (:meth:`Ruleset.outcome_part`), kept for the last action asked about and filled as strikes come."""
    global _last_action
    known_ruleset, known_action, actor, parts = _last_action
    if known_action is not action or known_ruleset is not ruleset:
        actor, parts = ruleset.describe_action(action)[0], {}
        _last_action = (ruleset, action, actor, parts)
    return actor, parts


def core_blows(ruleset: Ruleset[Any, Any], action: Any, events: Sequence[Event]) -> list[Blow]:
    """The blows read from the core events: a hit, a miss or an immunity opens a blow of that attacker on that
    target; damage adds to the open blow of the same pair (or is a blow of its own when the game rolls no hit);
    a defeat marks the last blow on that unit by that unit's defeater (or is a blow of its own). The part of
    each strike is asked of the game once per action for each kind, striker and struck."""
    rows: list[list[Any]] = []  # each blow's part, attacker, target, hit, damage, defeats, until all are read
    actor, parts, strikes = *_action_facts(ruleset, action), cast(Sequence[Any], events)  # fields the kind says
    for strike in strikes:
        kind = strike.KIND
        if kind not in STRIKE_KINDS:
            continue
        defeat = kind == "defeat"
        striker, struck = (strike.by, strike.unit) if defeat else (strike.attacker or None, strike.target or None)
        part = parts.get((kind, striker, struck))
        if part is None:
            part = parts[kind, striker, struck] = ruleset.outcome_part(action, Strike(strike, actor, striker, struck))
        if defeat:
            for row in reversed(rows):
                if row[2] == struck and (striker is None or row[1] == striker):
                    row[5] = True
                    break
            else:
                rows.append([part, striker or "", struck, False, 0, True])
        elif kind == "damage":
            last = rows[-1] if rows else None
            if last is not None and last[0] == part and last[1] == (striker or "") and last[2] == strike.target:
                last[3], last[4] = True, last[4] + strike.amount
            else:
                rows.append([part, striker or "", strike.target, True, strike.amount, False])
        else:
            rows.append([part, striker or "", strike.target, kind == "hit", 0, False])
    return list(map(Blow._make, rows))


class Handlers(Generic[WorkT]):
    """The one table of a game's actions: each action class to the function that resolves it.

    ::

        HANDLERS: Handlers[Turn] = Handlers()

        @HANDLERS.on(AttackAction)
        def attack(turn: Turn, action: AttackAction) -> None: ...

    ``HANDLERS(turn, action)`` calls the handler of the action's class (or of its nearest base class)."""

    def __init__(self) -> None:
        self._table: dict[type, Callable[[WorkT, Any], Any]] = {}

    def on(self, *classes: type) -> Callable[[Callable[[WorkT, T], Any]], Callable[[WorkT, T], Any]]:
        def register(handler: Callable[[WorkT, T], Any]) -> Callable[[WorkT, T], Any]:
            for cls in classes:
                if cls in self._table:
                    raise TypeError(f"{cls.__name__} has two handlers: {self._table[cls].__name__}, {handler.__name__}")
                self._table[cls] = handler
            return handler

        return register

    @property
    def classes(self) -> tuple[type, ...]:
        return tuple(self._table)

    def handler(self, action: object) -> Callable[[WorkT, Any], Any]:
        for cls in type(action).__mro__:
            found = self._table.get(cls)
            if found is not None:
                return found
        raise TypeError(f"no handler for the action {type(action).__name__}")

    def __call__(self, work: WorkT, action: object) -> Any:
        return self.handler(action)(work, action)


def find_named(items: Iterable[T], name: str, *, what: str = "unit", where: str = "") -> T:
    """The item whose ``.name`` is ``name``; otherwise a refusal that suggests the nearest name (or lists them)."""
    pool = list(items)
    for item in pool:
        if getattr(item, "name", None) == name:
            return item
    raise no_such(name, [str(getattr(i, "name", "?")) for i in pool], what=what, where=where)


def no_such(name: str, names: Sequence[str], *, what: str = "unit", where: str = "") -> RuleRefusal:
    """The refusal for a name that is none of ``names``: it suggests the nearest one, or lists them."""
    message, tip = no_such_words(name, names, what=what)
    return RuleRefusal(message + where, tip=tip, rule=f"unknown {what}")


def no_such_words(name: str, names: Sequence[str], *, what: str = "unit") -> tuple[str, str]:
    """The sentence for a name that is none of ``names`` (a ``what``: unit, combatant…), and its tip: the
    nearest of ``names`` (:func:`tabroll.words.did_you_mean`), or the names; for :func:`no_such` and
    :func:`tabroll.kit.models.unknown_name`."""
    from tabroll.words import did_you_mean

    known = {  # the core's whats, each a sentence of its own (a language words each its own way)
        "unit": (N_("there is no unit called '{name}'"), N_("the units are: {names}")),
        "combatant": (N_("there is no combatant called '{name}'"), N_("the combatants are: {names}")),
        "fighter": (N_("there is no fighter called '{name}'"), N_("the fighters are: {names}")),
    }
    message, listed = known.get(what, (N_("there is no {what} called '{name}'"), N_("the {what}s are: {names}")))
    tip = did_you_mean(name, names, _(listed, what=what, names=", ".join(names) or _("none")))
    return _(message, what=what, name=name), tip


class Ruleset(Generic[StateT, ActionT]):
    """Base class of a game's ruleset: ``StateT`` is the game's state, ``ActionT`` its actions.

    A subclass sets the class-level facts (id, name, words, command-line fields…) and overrides the hooks its
    rules need: the four every game has (:meth:`options_model`, :meth:`scenario_model`, :meth:`load_scenario`,
    :meth:`resolve`), and the optional ones, which do nothing (or refuse, naming what the game lacks) by
    default. mypy checks each override's signature against the one here."""

    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    language: ClassVar[str] = "en"
    """The code of the language the game's source is written in (:data:`tabroll.i18n.LANGUAGES`): what
    ``--lang game`` speaks while this game is played."""
    attack_fields: ClassVar[tuple[AttackField, ...]] = ()
    """The fields of the game's command-line attack, beyond the attacker and the target."""
    stat_words: ClassVar[tuple[tuple[str, str], ...]] = ()
    """For a game with no ``state_view`` of its own: the fields of its summary's units that the default view
    shows, with the game's word for each (``(("life", "HP"), ("exhausted", "exhausted"))``)."""
    catalogue_file: ClassVar[str | None] = None
    """A JSON file in the game's folder listing its catalogue's unit names (``["Lanceiro", …]``), or holding the
    catalogue itself by name, which :meth:`catalogue_names` reads instead of importing the game's models (the kit's
    tests check the two agree)."""
    measures_read_events: ClassVar[bool] = True
    """False when :meth:`outcome_measures` reads only the states, never the events: the exact walk then asks for
    the measures at its leaves alone (the state in a step's key decides them)."""
    blow_kinds: ClassVar[frozenset[str] | None] = None
    """For a game that overrides :meth:`blows`: the event kinds it reads (the exact walk asks for no blows of a
    step that added none of them). None, the default: any kind, asked at every step. A game that keeps the
    kit's :meth:`blows` needs nothing here: it reads :data:`STRIKE_KINDS` alone."""
    starter_file: ClassVar[str | None] = "starter.yaml"
    """A commented starter scenario in the game's folder, which ``tabroll new GAME`` writes out (``None``, or no
    such file: the game offers none). It runs as it stands, with its own dice, and its comments teach the fields."""
    attack_needs: ClassVar[tuple[AttackNeeds, ...]] = ()
    """What each of the game's attack kinds reads of the two units (see :meth:`stat_needs`)."""
    layout: ClassVar[str] = ""
    """How the game places two units for an attack, in a few words after "it places" (``cards on formation lines,
    not at a distance``): the reason a command-line field of another game means nothing here."""
    stops_at_game_over: ClassVar[bool] = False
    """Whether a scenario run ends at the first ``game_over`` event (the actions left are noted, not resolved);
    otherwise they reach the resolver, which may refuse them."""
    round_note: ClassVar[str] = ""
    """For a game with no action that starts a new round (:meth:`new_round_action` gives ``None``): how its rounds
    or turns go, in one sentence, with the action to type (``new-round`` in ``tabroll play`` says it)."""

    # --- hooks every game overrides ---------------------------------------------------------------------

    def options_model(self) -> type[BaseModel]:
        """The pydantic model of this game's house-rule options (every field has a default)."""
        raise NotImplementedError(f"the {self.name} ruleset must override options_model")

    def scenario_model(self) -> type[BaseModel]:
        """The pydantic model of this game's scenario files (for ``tabroll schema scenario``)."""
        raise NotImplementedError(f"the {self.name} ruleset must override scenario_model")

    def load_scenario(self, doc: YamlDocument, options: Mapping[str, Any] | None = None) -> Scenario:
        """Validate a parsed scenario document into a :class:`~tabroll.engine.Scenario` (raises
        :class:`InputError` with the file's line and field); ``options`` are house rules given on the command
        line, over the file's."""
        raise NotImplementedError(f"the {self.name} ruleset must override load_scenario")

    def resolve(self, state: StateT, action: ActionT, dice: DiceSource) -> Resolution:
        """Resolve one action: its events and the new state. Raise :class:`RuleRefusal` to refuse it."""
        raise NotImplementedError(f"the {self.name} ruleset must override resolve")

    def describe_action(self, action: ActionT) -> ActionHeader:
        """The log header of an action: by default the action's own ``describe()``."""
        describe = getattr(action, "describe", None)
        if describe is None:
            return ActionHeader(None, "action", str(action))
        header: ActionHeader = describe()
        return header

    # --- optional hooks: each does nothing, or refuses, by default -----------------------------------------

    def load_events(self) -> tuple[type[Event], ...]:
        """The game's own event kinds (extras beside :data:`tabroll.events.CORE_EVENTS`), imported here on first
        use: discovery does not import them, and a kind that clashes with another is refused when they are
        first read (:meth:`event_types`)."""
        return ()

    def quick_attack(self, request: AttackRequest) -> Scenario:
        """A one-action scenario from an attack typed on the command line, with no scenario file."""
        raise InputError(
            _("the {game} ruleset has no command-line attack without a scenario file", game=self.name),
            tip=_(
                "give a scenario file: {command} ({rules})",
                command="tabroll attack FILE -a X -t Y",
                rules=f"tabroll rules {self.id}",
            ),
        )

    def quick_action(self, attacker: str, target: str, fields: Mapping[str, str]) -> ActionT:
        """An attack typed on the command line against a scenario file's units."""
        raise InputError(
            _("the {game} ruleset has no command-line attack form", game=self.name),
            tip=_("write the attack in a scenario file and run it with tabroll run"),
        )

    def quick_skill_test(
        self,
        identity: str,
        skills: Sequence[str],
        *,
        difficulty: str | None = None,
        target: int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> Scenario:
        """A one-action skill test typed on the command line (``tabroll check-skill``), for a game that has them
        (it overrides this)."""
        raise InputError(
            _("the {game} ruleset has no skill tests", game=self.name),
            tip=_("tabroll rulesets lists the games and what each offers"),
        )

    def next_attack_rule(self) -> Callable[[StateT, ActionT], StateT] | None:
        """The game's rule for the state a new attack begins from (``tabroll odds --until defeat``), or ``None``
        (the default): the state as the last attack left it. The rule takes the state the last attack left and
        the action, and gives the state the same attacker's next attack on the same target starts from: what
        the game's own rules reset in between, such as a new round that turns flipped units face up. It rolls no
        dice; an attack that cannot be made again is the resolver's refusal of it, not the rule's concern."""
        return None

    def chain_state(self, state: StateT, action: ActionT, attacks: int) -> StateT:
        """The state an ``odds --until defeat`` chain walks in place of ``state`` when at most ``attacks`` attacks
        are still made from it (the next one included): one that the chain cannot tell from it within those
        attacks (the same falls of the target and the same refusals, attack by attack), so that starts differing
        only by what no rule reads that soon are walked once, such as the attacker's Life above all the damage
        those attacks can deal it. Default: ``state`` itself."""
        return state

    def has_skill_tests(self) -> bool:
        """Whether the game overrides :meth:`quick_skill_test` (``tabroll check-skill`` lists such games)."""
        return type(self).quick_skill_test is not Ruleset.quick_skill_test

    def new_round_action(self, state: StateT) -> ActionT | None:
        """The action that starts a new round from ``state`` (``new-round`` in ``tabroll play``), or ``None`` when
        the game has no such action (its :attr:`round_note` says how its rounds go)."""
        return None

    def catalogue_names(self) -> list[str]:
        """The names of the units in this game's bundled catalogue, from its :attr:`catalogue_file` (``[]``: the
        game has no catalogue), so that ``tabroll attack`` without ``--ruleset`` asks every game cheaply."""
        if self.catalogue_file is None:
            return []
        import json

        return list(json.loads((self.folder() / self.catalogue_file).read_text(encoding="utf-8")))

    def stat_needs(self) -> tuple[AttackNeeds, ...]:
        """For each attack kind, the stats it needs of the attacker and of the target, required or optional,
        with their aliases (``tabroll units GAME``; the command line checks typed stats against them). Their help
        is in the language now (the game's catalogue); names, aliases and examples stay as they are typed."""
        say = self.messages().gettext

        def worded(item: Any) -> Any:  # its help in the language now
            return replace(item, help=say(item.help)) if item.help else item

        return tuple(
            replace(worded(needs), attacker=tuple(map(worded, needs.attacker)), target=tuple(map(worded, needs.target)))
            for needs in self.attack_needs
        )

    def messages(self) -> Any:
        """The game's own messages (:class:`tabroll.i18n.Domain` of its folder's ``locale/``), in the language now."""
        return Domain(self.id, self.folder() / "locale")

    def said(self, text: str) -> str:
        """A text this game declares (its :attr:`summary`, :attr:`round_note`, :attr:`layout`, an attack field's
        help) in the language now, from its own catalogue; English when the catalogue has no entry for it. Such a
        text is marked with ``N_`` where it is declared, and is said as it stands (no placeholders)."""
        return (self.messages().lookup(text) or text) if text else text

    def catalogue(self) -> dict[str, dict[str, Any]]:
        """The bundled unit catalogue, by name: each unit's stats as its file gives them (``{}``: none)."""
        return {}

    def check_stat(self, need: StatNeed, value: Any) -> str | None:
        """Whether a typed stat of kind ``printed`` is written in the game's notation: ``None`` when it is, else
        what is wrong (by default anything is accepted here)."""
        return None

    def summarize_state(self, state: StateT) -> dict[str, Any]:
        """A JSON-ready summary of a state (units, positions, what changed) for the end of a run."""
        return {}

    def unit_names(self, state: StateT) -> list[str]:
        """The names of the units in ``state`` that an action may name (to check a name typed on the command
        line or at the ``play`` prompt before anything is resolved). By default, the units of
        :meth:`summarize_state` (:func:`tabroll.kit.views.named_units`); a game whose summary lists its units
        otherwise overrides this. An empty list means the game cannot say, and nothing is checked."""
        from tabroll.kit.views import named_units

        return [unit["name"] for _group, unit in named_units(self.summarize_state(state))]

    def state_view(self, state: StateT) -> StateView:
        """What to show of a state (the end of a run, ``journal state``, ``state`` in ``play``), as data that
        ``tabroll.render`` draws: by default a line per unit of the summary, with the facts named in
        :attr:`stat_words` (:func:`tabroll.kit.views.units_view`); a game with a board of its own overrides
        this."""
        from tabroll.kit.views import units_view

        return units_view(self.summarize_state(state), self.stat_words)

    def declare_measures(self, state: StateT, action: ActionT) -> Sequence[Measure]:
        """The game's own outcome measures of ``action`` from ``state``, each with its kind (for ``tabroll odds``):
        e.g. ``Measure("shields left: Ogre", "level", 2)``, ``Measure("cards lost: Pikemen", "change")``,
        ``Measure("fled: Pikemen", "flag")``. Every measure :meth:`outcome_measures` reports must be declared
        here, and every measure declared here should be reported by the outcomes of that action."""
        return ()

    def outcome_measures(self, before: StateT, after: StateT, events: Sequence[Event]) -> dict[str, int | bool]:
        """The values of the declared measures after one resolved action (see :meth:`declare_measures`). A
        measure an outcome leaves out is filled by its kind: a level keeps its value from before the action, a
        change is 0, a flag is false. Generic ones (hit, defeats, damage) come from :meth:`blows`. Measure what
        the rules decided (their events), never the dice: the exact walk logs no ``roll`` event of a plain NdS,
        and neither measures nor steps may read one."""
        return {}

    def outcome_part(self, action: ActionT, strike: Strike) -> str:
        """Which part of the outcome a combat event belongs to (:class:`Strike`: the event, the actor, who struck
        and who was struck): ``""`` for the declared attack's own, otherwise the label of what follows it (a
        counterattack, a reaction…). Default: the acting unit's blows are the attack's own; anyone else's are a
        reply by that unit. Its answer may read the action, the event's kind and the three names, not the event's
        other fields: it is asked once per action for each (the exact walk reads the blows of every outcome)."""
        striker = strike.striker
        return "" if striker is None or striker == strike.actor else f"reply by {striker}"

    def blows(self, action: ActionT, events: Sequence[Event]) -> list[Blow]:
        """The blows of one resolved action, for exact odds: who struck whom, whether it hit, the damage it did
        and whether it defeated the unit, each labelled with its part (:meth:`outcome_part`). Default: read from
        the core events."""
        return core_blows(self, action, events)

    # --- shared behaviour ---------------------------------------------------------------------------------

    def event_types(self) -> Mapping[str, type[Event]]:
        """Every event kind this game may emit, by kind: the core's and its own."""
        cached: Mapping[str, type[Event]] | None = self.__dict__.get("_event_types")
        if cached is None:
            try:
                cached = event_types(
                    self.load_events(), owner=f"the {getattr(self, 'name', type(self).__name__)} ruleset"
                )
            except EventKindClash as clash:
                raise InputError(str(clash), tip=f"rename the kind in {type(self).__module__}.events") from None
            self.__dict__["_event_types"] = cached
        return cached

    def attack_field(self, name: str) -> AttackField | None:
        return next((spec for spec in self.attack_fields if spec.name == name), None)

    def folder(self) -> Path:
        """This ruleset's folder: its data tables, catalogue and rulings document."""
        module = importlib.import_module(type(self).__module__)
        assert module.__file__ is not None
        return Path(module.__file__).parent

    def starter_text(self) -> str | None:
        """The text of the game's starter scenario (:attr:`starter_file`; ``None``: it has none), from its copy in
        the language now where the game keeps one beside it (``starter.it.yaml``, its comments translated)."""
        if self.starter_file is None:
            return None
        path = self.folder() / self.starter_file
        code = language()
        if code != ENGLISH:
            translated = path.with_name(f"{path.stem}.{code}{path.suffix}")
            if translated.is_file():
                return translated.read_text(encoding="utf-8")
        return path.read_text(encoding="utf-8") if path.is_file() else None

    def rulings_text(self) -> str:
        path = self.folder() / "README.md"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def option_infos(self) -> list[OptionInfo]:
        from tabroll.kit.options import describe_options

        say = self.messages().gettext
        return [replace(info, description=say(info.description)) for info in describe_options(self.options_model())]


AnyRuleset = Ruleset[Any, Any]

# What `tabroll rules` and `tabroll odds` read of a game (its options, its outcome measures) lives in
# tabroll.kit.descriptions, and an attack typed on the command line in tabroll.kit.fields, each imported when first
# asked for (PEP 562): a scenario file's run defines none of them.
_described = names_from(globals(), "tabroll.kit.descriptions", ("Measure", "MeasureKind", "OptionInfo"))
_typed = names_from(globals(), "tabroll.kit.fields", ("AttackRequest",))


def __getattr__(name: str) -> Any:
    return _typed(name) if name == "AttackRequest" else _described(name)


__all__ = [
    "ActionHeader",
    "AnyRuleset",
    "AttackField",
    "AttackNeeds",
    "AttackRequest",
    "Blow",
    "Handlers",
    "Measure",
    "MeasureKind",
    "OptionInfo",
    "Ruleset",
    "StatKind",
    "StatNeed",
    "Strike",
    "actor_of",
    "core_blows",
    "find_named",
    "header",
    "no_such",
]
