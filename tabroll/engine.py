"""The engine: rulesets, scenarios and the pure ``resolve`` step.

``resolve(state, action, dice) -> Resolution(events, state)`` is the only shape the rest of tabroll relies on:
a ruleset's resolver reads an immutable state and an action, draws every random number from the injected dice
source, and returns the events it produced with the new state. It never prints or reads files. Because of that,
the same code serves a single attack at the table, a batch run, and (walking every dice outcome) exact odds.

A ruleset is a subclass of :class:`Ruleset` that sets class-level facts (id, name, options model) and
implements a few hooks. Rulesets live in ``tabroll.rulesets.<id>`` (the top-level ``rulesets/`` folder of the
checkout) and are discovered by folder: adding a game touches no other game and no core code.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from tabroll.errors import InputError, Location, RuleRefusal
from tabroll.events import ActionStarted, Event, Note, Refused

T = TypeVar("T")

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabroll.dice.sources import DiceSource
    from tabroll.loading.yaml_source import YamlDocument


@dataclass(frozen=True, slots=True)
class Resolution:
    """What one action produced: its events, in order, and the state after it."""

    events: tuple[Event, ...]
    state: Any
    refused: bool = False


@dataclass(frozen=True, slots=True)
class ScenarioStep:
    """One action of a scenario, with the dice the file gives for it (``None``: draw from the session)."""

    action: Any
    dice: tuple[int, ...] | None = None
    location: Location | None = None


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario: a ruleset, its options, an initial state and the actions to resolve in order."""

    ruleset: Ruleset
    title: str
    source: str
    options: Any
    state: Any
    steps: tuple[ScenarioStep, ...]
    seed: int | None = None
    description: str = ""


@dataclass(frozen=True, slots=True)
class QuickAttack:
    """An attack typed on the command line, with no scenario file.

    The names are catalogue units (or free names with stats given in ``attacker_stats``/``target_stats``);
    the geometry is described by numbers rather than a board, and the ruleset lays out a minimal board.
    """

    attacker: str
    target: str
    distance: int = 1
    height_difference: int = 0
    line_of_sight: bool = True
    using: str | None = None
    move: int = 0
    attacker_stats: Mapping[str, str] = field(default_factory=dict)
    target_stats: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)
    extra: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """A house-rule option as shown by ``tabroll rules``."""

    name: str
    default: str
    choices: tuple[str, ...]
    description: str


MeasureKind = Literal["level", "change", "flag"]


@dataclass(frozen=True, slots=True)
class Measure:
    """One outcome measure a game declares for ``tabroll odds``, with its kind:

    - ``level``: a quantity that stands after the action (Life left, shields left, cards left); an outcome that
      does not mention it keeps ``before``, its value before the action;
    - ``change``: a difference made by the action (cards lost, tenacity gained); an outcome that does not
      mention it changed nothing (0);
    - ``flag``: something that happened or not (a skill test succeeded, a unit fled); unmentioned means false.
    """

    name: str
    kind: MeasureKind
    before: int = 0

    def missing(self) -> int | bool:
        """The value of this measure in an outcome that does not report it."""
        if self.kind == "flag":
            return False
        return self.before if self.kind == "level" else 0


@dataclass(frozen=True, slots=True)
class Blow:
    """One strike of a resolved action, as the odds see it. ``part`` is ``""`` for the declared attack's own
    and otherwise the label of what followed it (a counterattack, a reaction…). ``hit`` is false for a miss or
    an immunity; ``damage`` is what the target took; ``defeats`` whether it defeated the target."""

    part: str
    attacker: str
    target: str
    hit: bool
    damage: int = 0
    defeats: bool = False


_STRIKE_KINDS = frozenset({"hit", "miss", "immune", "damage", "defeat"})


def core_blows(ruleset: Ruleset, action: Any, events: Sequence[Event]) -> list[Blow]:
    """The blows read from the core events: a hit, a miss or an immunity opens a blow of that attacker on that
    target; damage adds to the open blow of the same pair (or is a blow of its own when the game rolls no hit);
    a defeat marks the last blow on that unit by that unit's defeater (or is a blow of its own)."""
    blows: list[Blow] = []
    for event in events:
        kind = event.kind
        if kind not in _STRIKE_KINDS:
            continue
        part = ruleset.outcome_part(action, event)
        if kind == "defeat":
            unit, by = str(getattr(event, "unit", "")), getattr(event, "by", None)
            for i in range(len(blows) - 1, -1, -1):
                blow = blows[i]
                if blow.target == unit and (by is None or blow.attacker == by):
                    blows[i] = Blow(blow.part, blow.attacker, blow.target, blow.hit, blow.damage, True)
                    break
            else:
                blows.append(Blow(part, str(by or ""), unit, hit=False, defeats=True))
            continue
        attacker, target = str(getattr(event, "attacker", "")), str(getattr(event, "target", ""))
        if kind == "damage":
            amount = int(getattr(event, "amount", 0))
            last = blows[-1] if blows else None
            if last is not None and (last.attacker, last.target, last.part) == (attacker, target, part):
                blows[-1] = Blow(part, attacker, target, True, last.damage + amount, last.defeats)
            else:
                blows.append(Blow(part, attacker, target, hit=True, damage=amount))
            continue
        blows.append(Blow(part, attacker, target, hit=kind == "hit"))
    return blows


class Ruleset:
    """Base class of a game's ruleset. Subclasses set the class-level facts and implement the hooks."""

    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    source_language: ClassVar[str] = ""
    stops_at_game_over: ClassVar[bool] = False
    """Whether a scenario run ends at the first ``game_over`` event (the actions left are noted, not resolved);
    otherwise they reach the resolver, which may refuse them."""

    # --- hooks every ruleset implements -------------------------------------------------------------------

    def options_model(self) -> type[BaseModel]:
        """The pydantic model of this game's house-rule options (every field has a default)."""
        raise NotImplementedError

    def scenario_model(self) -> type[BaseModel]:
        """The pydantic model of this game's scenario files (for ``tabroll schema scenario``)."""
        raise NotImplementedError

    def load_scenario(self, doc: YamlDocument, options: Mapping[str, Any] | None = None) -> Scenario:
        """Validate a parsed scenario document into a :class:`Scenario` (raises :class:`InputError`)."""
        raise NotImplementedError

    def resolve(self, state: Any, action: Any, dice: DiceSource) -> tuple[list[Event], Any]:
        """Resolve one action: the events and the new state. Raise :class:`RuleRefusal` to refuse it."""
        raise NotImplementedError

    def describe_action(self, action: Any) -> tuple[str | None, str, str]:
        """(actor, action name, one-line description) for the log header of an action."""
        raise NotImplementedError

    def quick_attack(self, request: QuickAttack) -> Scenario:
        """Build a one-action scenario from an attack typed on the command line."""
        raise InputError(f"the {self.name} ruleset has no command-line attack form yet")

    def quick_skill_test(
        self,
        identity: str,
        skills: Sequence[str],
        *,
        difficulty: str | None = None,
        target: int | None = None,
        options: Mapping[str, str] | None = None,
    ) -> Scenario:
        """A one-action skill test typed on the command line (``tabroll check-skill``), for games that have them."""
        raise InputError(f"the {self.name} ruleset has no skill tests")

    def has_skill_tests(self) -> bool:
        return type(self).quick_skill_test is not Ruleset.quick_skill_test

    def catalogue_names(self) -> list[str]:
        """The names of the units in this game's bundled catalogue (for ``tabroll matrix``)."""
        return []

    def quick_action(self, attacker: str, target: str, fields: Mapping[str, str]) -> Any:
        """An attack action typed on the command line against a scenario file's units."""
        raise InputError(f"the {self.name} ruleset has no command-line attack form yet")

    def summarize_state(self, state: Any) -> dict[str, Any]:
        """A JSON-ready summary of a state (units, positions, what changed) for the end of a run."""
        return {}

    def declare_measures(self, state: Any, action: Any) -> Sequence[Measure]:
        """The game's own outcome measures of ``action`` from ``state``, each with its kind (for ``tabroll odds``):
        e.g. ``Measure("shields left: Demon 1", "level", 2)``, ``Measure("cards lost: Lanceros", "change")``,
        ``Measure("fled: Lanceros", "flag")``. Every measure :meth:`outcome_measures` reports must be declared
        here, and every measure declared here should be reported by the outcomes of that action."""
        return ()

    def outcome_measures(self, before: Any, after: Any, events: Sequence[Event]) -> dict[str, int | bool]:
        """The values of the declared measures after one resolved action (see :meth:`declare_measures`). A
        measure an outcome leaves out is filled by its kind: a level keeps its value from before the action, a
        change is 0, a flag is false. Generic ones (hit, defeats, damage) come from :meth:`blows`."""
        return {}

    def outcome_part(self, action: Any, event: Event) -> str:
        """Which part of the outcome a combat event (hit, miss, immune, damage, defeat) belongs to: ``""`` for
        the declared attack's own, otherwise the label of what follows it (a counterattack, a reaction…).
        Default: the acting unit's blows are the attack's own; anyone else's are a reply by that unit."""
        actor = self.describe_action(action)[0]
        striker = getattr(event, "attacker", None) or getattr(event, "by", None)
        return "" if striker is None or striker == actor else f"reply by {striker}"

    def blows(self, action: Any, events: Sequence[Event]) -> list[Blow]:
        """The blows of one resolved action, for exact odds: who struck whom, whether it hit, the damage it did
        and whether it defeated the unit, each labelled with its part (:meth:`outcome_part`). Default: read from
        the core events; a game whose strikes are its own events overrides this."""
        return core_blows(self, action, events)

    def state_lines(self, state: Any) -> list[str]:
        """The final state as plain text lines (default: one line per unit of the summary)."""
        from tabroll.render.state import unit_lines

        return unit_lines(self.summarize_state(state))

    def state_rich(self, state: Any) -> Any:
        """The final state as a Rich renderable (default: a table of the summary's units)."""
        from tabroll.render.state import unit_table

        return unit_table(self.summarize_state(state))

    # --- shared behaviour ---------------------------------------------------------------------------------

    def folder(self) -> Path:
        """This ruleset's folder: its data tables, catalogue and rulings document."""
        module = importlib.import_module(type(self).__module__)
        assert module.__file__ is not None
        return Path(module.__file__).parent

    def rulings_text(self) -> str:
        path = self.folder() / "README.md"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def option_infos(self) -> list[OptionInfo]:
        from tabroll.options import describe_options

        return describe_options(self.options_model())

    def validate_options(self, values: Mapping[str, Any], *, origin: str = "options") -> BaseModel:
        from tabroll.options import validate_options

        return validate_options(self.options_model(), values, origin=origin)


def resolve(
    ruleset: Ruleset,
    state: Any,
    action: Any,
    dice: DiceSource,
    *,
    index: int = 1,
) -> Resolution:
    """Resolve one action through ``ruleset``; a refusal by the rules becomes a ``refused`` event."""
    actor, name, description = ruleset.describe_action(action)
    header = ActionStarted(index=index, actor=actor, verb=name, description=description)
    try:
        events, new_state = ruleset.resolve(state, action, dice)
    except RuleRefusal as refusal:
        return Resolution(
            events=(header, Refused(actor=actor, verb=name, reason=refusal.message, rule=refusal.rule)),
            state=state,
            refused=True,
        )
    return Resolution(events=(header, *events), state=new_state)


@dataclass(frozen=True, slots=True)
class StepResult:
    index: int
    resolution: Resolution


def run_scenario(
    scenario: Scenario,
    session_dice: Callable[[], DiceSource],
    *,
    state: Any = None,
    resolve_step: Callable[[Any, Any, DiceSource, int], Resolution] | None = None,
    first_index: int = 1,
) -> Iterator[StepResult]:
    """Resolve a scenario's actions in order, carrying the state from one to the next.

    An action with its own ``dice:`` list draws from those values (and any left unused are reported as a
    note); the others draw from ``session_dice()`` (seeded, prompted, or given on the command line).
    ``state`` starts elsewhere than the scenario's initial state, and ``resolve_step(state, action, dice,
    index)`` replaces :func:`resolve` — how a journal continues a game and records each step.
    """
    from tabroll.dice.sources import GivenDice

    current = scenario.state if state is None else state

    def step_resolver(at: Any, action: Any, dice: DiceSource, index: int) -> Resolution:
        return resolve(scenario.ruleset, at, action, dice, index=index)

    resolve_one = resolve_step or step_resolver
    session: DiceSource | None = None
    for number, step in enumerate(scenario.steps):
        index = first_index + number
        if step.dice is not None:
            origin = f"dice of action {number + 1}"
            if step.location is not None and step.location.file:
                origin = f"{step.location}.dice:"
            given = GivenDice(step.dice, origin=origin)
            resolution = resolve_one(current, step.action, given, index)
            if given.remaining and not resolution.refused:
                left = ", ".join(str(v) for v in given.remaining)
                resolution = Resolution(
                    events=(*resolution.events, Note(text=f"given dice not used: {left}")),
                    state=resolution.state,
                    refused=resolution.refused,
                )
        else:
            if session is None:
                session = session_dice()
            resolution = resolve_one(current, step.action, session, index)
        current = resolution.state
        remaining = len(scenario.steps) - number - 1
        over = scenario.ruleset.stops_at_game_over and any(e.kind == "game_over" for e in resolution.events)
        if over and remaining:
            actions = f"{remaining} remaining action{'s are' if remaining != 1 else ' is'}"
            note = Note(text=f"the game is over: the scenario's {actions} not resolved")
            resolution = Resolution(
                events=(*resolution.events, note), state=resolution.state, refused=resolution.refused
            )
        yield StepResult(index=index, resolution=resolution)
        if over:
            return


def find_named(items: Iterable[T], name: str, *, what: str = "unit", where: str = "") -> T:
    """The item whose ``.name`` is ``name``; otherwise a refusal that suggests the nearest name (or lists them)."""
    pool = list(items)
    for item in pool:
        if getattr(item, "name", None) == name:
            return item
    from difflib import get_close_matches

    names = [str(getattr(i, "name", "?")) for i in pool]
    close = get_close_matches(name, names, n=1)
    tip = f"did you mean '{close[0]}'?" if close else f"the {what}s are: {', '.join(names)}"
    raise RuleRefusal(f"there is no {what} called '{name}'{where}", tip=tip, rule=f"unknown {what}")


# --- the registry -----------------------------------------------------------------------------------------

_REGISTRY: dict[str, Ruleset] | None = None


def _discover() -> dict[str, Ruleset]:
    global _REGISTRY
    if _REGISTRY is None:
        import tabroll.rulesets as package

        found: dict[str, Ruleset] = {}
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            if not info.ispkg or info.name.startswith("_"):
                continue
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            ruleset = getattr(module, "RULESET", None)
            if isinstance(ruleset, Ruleset):
                found[ruleset.id] = ruleset
        _REGISTRY = found
    return _REGISTRY


def all_rulesets() -> list[Ruleset]:
    return list(_discover().values())


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name`` (its id or an alias, any case)."""
    wanted = name.strip().lower()
    if wanted.isidentifier() and _REGISTRY is None:
        # Fast path: the folder of that name, without importing every other game.
        try:
            module = importlib.import_module(f"tabroll.rulesets.{wanted}")
        except ModuleNotFoundError:
            module = None
        ruleset = getattr(module, "RULESET", None)
        if isinstance(ruleset, Ruleset) and ruleset.id == wanted:
            return ruleset
    registry = _discover()
    for ruleset in registry.values():
        if wanted == ruleset.id or wanted in (a.lower() for a in ruleset.aliases):
            return ruleset
    from difflib import get_close_matches

    names = sorted(registry)
    close = get_close_matches(wanted, names, n=1)
    tip = f"did you mean '{close[0]}'?" if close else f"known rulesets: {', '.join(names)}"
    raise InputError(f"unknown ruleset '{name}'", tip=tip)


def ruleset_for_units(ruleset: str | None, names: Sequence[str]) -> Ruleset:
    """The game named by ``--ruleset``, or else the one game whose catalogue holds every unit in ``names``."""
    if ruleset:
        return find_ruleset(ruleset)
    wanted = {n.casefold() for n in names if n}
    games = [g for g in all_rulesets() if wanted and wanted <= {c.casefold() for c in g.catalogue_names()}]
    if len(games) == 1:
        return games[0]
    unique = sorted(set(names))
    shown = ", ".join(unique[:6]) + (f" and {len(unique) - 6} more" if len(unique) > 6 else "") or "no units"
    found = "several games have them" if games else "no game's catalogue has them all"
    raise InputError(
        f"which game? ({shown}: {found})",
        tip=f"name it with --ruleset, one of: {', '.join(ruleset_ids())}",
    )


def ruleset_ids() -> Sequence[str]:
    return sorted(_discover())
