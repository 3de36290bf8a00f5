"""tabroll's public Python API: the games, units and attacks, dice, odds and balance tables of the command line,
as plain data for a notebook or another program (docs/designer/library.md walks through it).

Every name here is also a name of the package, and the command line is built on these functions: ``tabroll odds
--format json`` prints what ``Odds.to_dict()`` gives. A designer's session:

    import tabroll

    elf = tabroll.unit("Elf", PV=6)
    for ba in range(0, 5):
        attack = tabroll.attack(tabroll.unit("Orc", BA=ba), elf, game="forgod")
        print(ba, tabroll.attack_odds(attack).defeat())  # an exact Fraction

Figures are exact ``Fraction`` values when every dice outcome was walked, ``float`` estimates when simulated
(``Odds.exact`` says which). Errors are the command line's, with its messages and places: ``InputError`` for
input that cannot be read, ``RuleRefusal`` for what the rules refuse, both ``TabrollError``; a refused action is
no error (``Resolution.refused``, ``Odds.always_refused``). The names of ``tabroll.__all__`` follow semantic
versioning with the package.

``import tabroll`` imports this module the first time one of its names is used, and this module imports the
engine, the games and the odds only when a function needs them.
"""

from __future__ import annotations

import io
import json
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast, overload

import msgspec

from tabroll.dice.session import DiceChoice, Session, check_jobs, seed_or_fresh

# The errors are public names of the package as well (``tabroll.__all__`` lists the public names).
from tabroll.errors import InputError as InputError
from tabroll.errors import Location as Location
from tabroll.errors import OutputError as OutputError
from tabroll.errors import Problem as Problem
from tabroll.errors import RuleRefusal as RuleRefusal
from tabroll.errors import TabrollError as TabrollError
from tabroll.frozen import eq_hash_without
from tabroll.i18n import _

if TYPE_CHECKING:
    from tabroll.engine import Scenario as EngineScenario
    from tabroll.kit import AnyRuleset
    from tabroll.loading.quick import AttackWords
    from tabroll.odds import dice_figures
    from tabroll.odds import figures as odds_figures
    from tabroll.odds.api import TimeLimit
    from tabroll.odds.matrix import Progress
    from tabroll.odds.until_figures import Until
    from tabroll.odds.versus import Comparison

Figure = Fraction | float
"""A probability or a mean: an exact ``Fraction``, or a simulated estimate as a ``float``."""

StatValue = str | int | bool | Sequence[Any] | Mapping[str, Any]
"""A stat's or a field's value as Python gives it: text as typed on the command line (``"1d6+1"``), a whole number,
true/false, or a list or mapping for the stats that hold one."""


def _shown(*names: str) -> tuple[Callable[[Any], str], Callable[[Any], list[tuple[str, Any]]]]:
    """``__repr__`` and ``__rich_repr__`` of a record that shows only ``names``: the rest is large (a report, a
    document) or tabroll's internals (a ruleset, a scenario)."""

    def __repr__(self: Any) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in names)})"

    def __rich_repr__(self: Any) -> list[tuple[str, Any]]:
        return [(n, getattr(self, n)) for n in names]

    return __repr__, __rich_repr__


# --- games ----------------------------------------------------------------------------------------------------


class Game(msgspec.Struct, frozen=True):
    """One of the games tabroll resolves (``tabroll rulesets``).

    Attributes:
        id: The game's id, as ``--ruleset`` takes it (``tabmaster``).
        name: The game's name.
        aliases: Other names that find it.
        summary: What it resolves, in a sentence.
        units: The names of its catalogue's units (empty for a game whose units are always typed).
        fields: The fields of its attack (``distance``, ``cover``…), as ``attack()`` takes them by name.
    """

    id: str
    name: str
    aliases: tuple[str, ...]
    summary: str
    units: tuple[str, ...]
    fields: tuple[str, ...]
    ruleset: AnyRuleset
    """The game's ruleset object (tabroll's internal interface: not covered by the API's promise)."""

    __eq__, __hash__ = eq_hash_without("ruleset")
    __repr__, __rich_repr__ = _shown("id", "name")

    @classmethod
    def _of(cls, ruleset: AnyRuleset) -> Game:
        return cls(
            id=ruleset.id,
            name=ruleset.name,
            aliases=tuple(ruleset.aliases),
            summary=ruleset.said(ruleset.summary),
            units=tuple(ruleset.catalogue_names()),
            fields=tuple(spec.name for spec in ruleset.attack_fields),
            ruleset=ruleset,
        )

    def to_dict(self) -> dict[str, Any]:
        """The game as ``tabroll rulesets --format json`` lists it."""
        return {"id": self.id, "name": self.name, "aliases": list(self.aliases), "summary": self.summary}

    def _repr_markdown_(self) -> str:
        units = ", ".join(self.units) or "—"
        fields = ", ".join(self.fields) or "—"
        return (
            f"**{_md(self.name)}** (`{self.id}`): {_md(self.summary)}\n\n- units: {_md(units)}\n- fields: {_md(fields)}"
        )


def games() -> list[Game]:
    """Every game tabroll knows, one ``Game`` each, in the order ``tabroll rulesets`` lists them."""
    from tabroll.engine import all_rulesets

    return [Game._of(ruleset) for ruleset in all_rulesets()]


def game(name: str | Game) -> Game:
    """The game called ``name``: its id, an alias or the start of one, in any case (``"forgod"``, ``"F0R60D"``).

    Raises:
        InputError: No game is called so (the message names the nearest one).
    """
    if isinstance(name, Game):
        return name
    from tabroll.engine import find_ruleset

    return Game._of(find_ruleset(name))


# --- units, attacks and scenarios ----------------------------------------------------------------------------


def _text(value: StatValue) -> str:
    """A value as typed on the command line: ``true``/``false``, a list or mapping as JSON (read as YAML)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping | list | tuple):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


class Unit(msgspec.Struct, frozen=True):
    """A unit as ``-a``/``-t`` take it: a name (of the game's catalogue, or of your own) and the stats typed after
    it. Build one with ``unit()``; the stats are checked against the game when an ``attack()`` uses it.

    Attributes:
        name: The unit's name (``Orc``, ``Lanceiro``).
        stats: ``(stat, value)`` pairs, each value as the command line would take it (``("BA", "2")``).
    """

    name: str
    stats: tuple[tuple[str, str], ...] = ()

    def with_stats(self, stats: Mapping[str, StatValue] | None = None, /, **more: StatValue) -> Unit:
        """The same unit with these stats given (in place of any of the same name): ``orc.with_stats(BA=3)``."""
        given = {**dict(stats or {}), **more}
        kept = tuple((key, value) for key, value in self.stats if key not in given)
        return Unit(self.name, kept + tuple((key, _text(value)) for key, value in given.items()))

    @property
    def text(self) -> str:
        """The unit as ``-a`` takes it: ``Orc BA=2`` (a value with spaces quoted)."""
        if not self.stats:
            return self.name
        return " ".join([shlex.quote(self.name), *(f"{key}={shlex.quote(value)}" for key, value in self.stats)])

    def __str__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return f"`{self.text}`"


def unit(text: str, stats: Mapping[str, StatValue] | None = None, /, **more: StatValue) -> Unit:
    """A unit: a catalogue name, or a name with stats as ``-a`` takes them, with more stats as a mapping or keywords.

    ``unit("Lanceiro")``, ``unit("Orc BA=2 Daño=1d6")``, ``unit("Orc", BA=2)`` and ``unit("Elf", {"PV": 6,
    "Absorción Constante": 1})`` are all units; a stat whose name is no Python name goes in the mapping.

    Raises:
        InputError: The text cannot be read as a unit (a stat with no value, a quote not closed).
    """
    from tabroll.loading.quick import parse_unit

    typed = parse_unit(text, "-a")
    return Unit(typed.name, typed.stats).with_stats(stats, **more)


def _unit_text(value: Unit | str) -> str:
    return value.text if isinstance(value, Unit) else value


class Attack(msgspec.Struct, frozen=True):
    """One attack, ready to resolve or to work out the odds of: a game, the state it starts from and the action.

    Build one with ``attack()``, or take a scenario's action with ``Scenario.action()``.

    Attributes:
        game: The game it is in.
        title: What it is, in words (the title of its log and odds).
        file: The scenario file it comes from (None for units typed with no file).
    """

    game: Game
    title: str
    state: Any
    """The state the attack starts from (the game's own model)."""
    action: Any
    """The action (the game's own model)."""
    file: str | None = None
    log_title: str = ""
    """The title of its log (``tabroll attack``): the scenario file's title, or the two units'."""
    scenario: EngineScenario | None = None
    """The loaded scenario it comes from (tabroll's internal model), if any."""

    __eq__, __hash__ = eq_hash_without("scenario")
    __repr__, __rich_repr__ = _shown("game", "title", "file")

    def _repr_markdown_(self) -> str:
        return f"**{_md(self.title)}** ({_md(self.game.name)})"


def attack_from_words(words: AttackWords) -> Attack:
    """The attack that words of the command line describe: how ``attack()`` and ``tabroll odds`` read one."""
    from tabroll.loading.quick import describe_attack

    described = describe_attack(words)
    ruleset = described.ruleset
    title = ruleset.describe_action(described.action)[2] or described.title
    source = described.scenario.source if described.scenario is not None else None
    return Attack(
        game=Game._of(ruleset), title=str(title), state=described.state, action=described.action, file=source,
        log_title=described.title, scenario=described.scenario,
    )  # fmt: skip


def attack(
    attacker: Unit | str = "",
    target: Unit | str = "",
    *,
    game: str | Game | None = None,
    scenario: str | Path | Scenario | None = None,
    action: int | None = None,
    fields: Mapping[str, StatValue] | None = None,
    settings: Mapping[str, StatValue] | None = None,
    attacker_stats: Mapping[str, StatValue] | None = None,
    target_stats: Mapping[str, StatValue] | None = None,
    options: Mapping[str, StatValue] | None = None,
    **more_fields: StatValue,
) -> Attack:
    """An attack, described as the command line describes one (``tabroll attack``, ``tabroll odds``).

    With no ``scenario``, the two units stand where the game's fields put them: ``attack("Lanceiro",
    "Alquimista", distance=2)``; ``attack(unit("Orc", BA=2), unit("Elf", PV=6), game="forgod")``. The game is found
    by the catalogue units' names when ``game`` is not given. With a ``scenario`` file, the units are the file's,
    by name; or, with no units named, the file's ``action`` N (the first by default), from the state its earlier
    actions leave.

    Args:
        attacker: Who attacks: a ``Unit``, or its text as ``-a`` takes it (``"Orc BA=2"``).
        target: Who is attacked, as ``attacker``.
        game: The game (``--ruleset``): its id, an alias or a ``Game``.
        scenario: A scenario file (or a loaded ``Scenario``) whose units attack.
        action: With a scenario and no units: its action N, from 1 (``--action``).
        fields: The game's attack fields by name (``{"distance": 2}``), as ``--distance 2`` gives them; the same
            as keywords (``distance=2``).
        settings: Any field of the game's attack action, as ``--set KEY=VALUE`` gives them.
        attacker_stats: More stats of the attacker (``--attacker-stat``).
        target_stats: More stats of the target (``--target-stat``).
        options: The game's house-rule options (``--option NAME=VALUE``).
        **more_fields: The game's attack fields as keywords.

    Raises:
        InputError: As the command line would say it: an unknown unit, a stat the game has not, a field the game
            does not take, a scenario file that does not load (with its file, line and field).
    """
    from tabroll.loading.quick import AttackWords

    source = scenario.file if isinstance(scenario, Scenario) else None if scenario is None else str(scenario)
    if isinstance(scenario, Scenario) and options is None:
        options = scenario.options
    words = AttackWords(
        scenario_file=source,
        attacker=_unit_text(attacker),
        target=_unit_text(target),
        ruleset=None if game is None else game.id if isinstance(game, Game) else game,
        fields=_texts({**dict(fields or {}), **more_fields}),
        settings=_texts(settings),
        attacker_stats=_texts(attacker_stats),
        target_stats=_texts(target_stats),
        options=_texts(options),
        action_index=action,
    )
    return attack_from_words(words)


def _texts(values: Mapping[str, StatValue] | None) -> dict[str, str]:
    return {str(key): _text(value) for key, value in (values or {}).items()}


class Scenario(msgspec.Struct, frozen=True):
    """A scenario file, loaded and checked: its game, its units and its actions.

    Attributes:
        game: The game it is played in.
        title: Its title.
        file: The file it was read from.
        units: The names of its units.
        actions: Each action, in words, in order (action 1 first).
        options: The option overrides it was loaded with.
    """

    game: Game
    title: str
    file: str
    units: tuple[str, ...]
    actions: tuple[str, ...]
    options: Mapping[str, str] = msgspec.field(default_factory=dict)
    scenario: EngineScenario | None = None
    """The loaded scenario (tabroll's internal model: not covered by the API's promise)."""

    __eq__, __hash__ = eq_hash_without("scenario")
    __repr__, __rich_repr__ = _shown("game", "title", "file", "units", "actions", "options")

    @property
    def state(self) -> Any:
        """The state the scenario starts from (the game's own model)."""
        assert self.scenario is not None
        return self.scenario.state

    def action(self, number: int = 1) -> Attack:
        """The scenario's action ``number`` (from 1, as ``tabroll odds FILE --action N``), from the state its
        earlier actions leave (they are replayed with their own ``dice:`` lists).

        Raises:
            InputError: There is no such action, or an earlier one has no ``dice:`` to fix the state.
        """
        return attack(scenario=self, action=number)

    def attack(self, attacker: str, target: str, **fields: StatValue) -> Attack:
        """An attack between two of the scenario's units, from its first state, with the game's attack
        ``fields`` (as ``attack()`` with this scenario)."""
        return attack(attacker, target, scenario=self, fields=fields)

    def final_state(self) -> dict[str, Any]:
        """The state the scenario starts from, as the JSON of ``tabroll run`` gives a final state."""
        return dict(self.game.ruleset.summarize_state(self.state))

    def _repr_markdown_(self) -> str:
        lines = [f"**{_md(self.title)}** ({_md(self.game.name)}, `{_md(self.file)}`)", ""]
        lines += [f"1. {_md(text)}" for text in self.actions]
        return "\n".join(lines)


def load(path: str | Path, *, options: Mapping[str, StatValue] | None = None) -> Scenario:
    """Load and check a scenario file, as ``tabroll run`` and ``tabroll check`` read it.

    Args:
        path: The YAML file (``"-"`` reads standard input).
        options: House-rule options in place of the file's own (``--option NAME=VALUE``).

    Raises:
        InputError: The file cannot be read or is not a valid scenario: the message says where (file, line,
            column and the field) and how to fix it; an error of several problems lists each in ``problems``.
    """
    from tabroll.loading.scenario import load_scenario_file

    overrides = _texts(options)
    loaded = load_scenario_file(str(path), overrides)
    ruleset = loaded.ruleset
    described = [ruleset.describe_action(step.action) for step in loaded.steps]
    actions = [str(description or f"{actor} {verb}") for actor, verb, description in described]
    return Scenario(
        game=Game._of(ruleset), title=loaded.title, file=loaded.source, units=tuple(ruleset.unit_names(loaded.state)),
        actions=tuple(actions), options=overrides, scenario=loaded,
    )  # fmt: skip


# --- resolving -------------------------------------------------------------------------------------------------


def _dice_text(dice: Sequence[int] | str | None) -> str | None:
    if dice is None or isinstance(dice, str):
        return dice
    return ",".join(str(value) for value in dice)


def _log(
    fmt: str,
    events: Sequence[Any],
    dice_drawn: Sequence[int],
    seed: int | None,
    header: Mapping[str, Any] | None = None,
    **footer: Any,
) -> str:
    """Events as the command line prints them in the format ``fmt``, between the header and the footer."""
    from tabroll.render.output import make_renderer

    stream = io.StringIO()
    renderer = make_renderer(fmt, stream)
    if header is not None:
        renderer.header(**header)
    for event in events:
        renderer.event(event)
    if dice_drawn:
        footer["dice_drawn"] = list(dice_drawn)
        if seed is not None:
            footer["seed"] = seed
    renderer.footer(**footer)
    renderer.close()
    return stream.getvalue()


def _dice_facts(session: Session) -> dict[str, Any]:
    """The dice a session drew, its seed and the given values left over (fields of ``Resolution``, ``Rolls``)."""
    given = session.choice.given
    return {
        "dice_drawn": tuple(session.facts().get("dice_drawn", ())),
        "seed": session.seed,
        "unused_dice": tuple(given.remaining) if given is not None else (),
    }


class Resolution(msgspec.Struct, frozen=True):
    """One resolved action: its events, the state after it, and the dice drawn.

    Attributes:
        title: What was resolved.
        game: The game's id.
        events: Each event in order (typed records: roll, hit, damage, defeat…; ``event.to_json()`` is its JSON).
        state: The state after the action (the game's own model): pass it to ``resolve()`` to go on.
        refused: Whether the rules refused the action (its ``refused`` event says why).
        dice_drawn: The dice values drawn, in order.
        seed: The seed the dice were rolled with (None when they were given).
        unused_dice: Given dice values left over.
        file: The scenario file the attack comes from (None for units typed with no file).
        final_state: The state after the action, as the JSON of ``tabroll attack`` gives it.
    """

    title: str
    game: str
    events: tuple[Any, ...]
    state: Any
    refused: bool
    dice_drawn: tuple[int, ...]
    seed: int | None
    unused_dice: tuple[int, ...] = ()
    file: str | None = None
    final_state: dict[str, Any] = msgspec.field(default_factory=dict)

    __repr__, __rich_repr__ = _shown("title", "game", "events", "refused", "dice_drawn", "seed", "unused_dice", "file")

    def to_dict(self) -> dict[str, Any]:
        """The document ``tabroll attack --format json`` prints (format ``tabroll.events``)."""
        return cast("dict[str, Any]", json.loads(self._rendered("json")))

    def _rendered(self, fmt: str) -> str:
        header = {"title": self.title, "ruleset": self.game, "file": self.file}
        return _log(fmt, self.events, self.dice_drawn, self.seed, header, final_state=self.final_state)

    def _repr_markdown_(self) -> str:
        return _code_block(self._rendered("text"))


def resolve(
    what: Attack, *, dice: Sequence[int] | str | None = None, seed: int | None = None, state: Any = None
) -> Resolution:
    """Resolve an attack once, with the dice given or rolled from a seed (``tabroll attack``).

    Args:
        what: The attack (``attack()``, ``Scenario.action()``).
        dice: The dice values to draw, in order (``[7, 3, 5]`` or ``"7,3,5"``, as ``--dice``).
        seed: Roll with this seed (``--seed``); with neither, a fresh seed (named in ``Resolution.seed``).
        state: Start from this state instead of the attack's (a ``Resolution.state``: attack again).

    Raises:
        InputError: Both ``dice`` and ``seed``; too few dice given, or a value no die shows.
    """
    from tabroll.engine import resolve as resolve_action

    session = Session(DiceChoice(seed, _dice_text(dice)))
    ruleset = what.game.ruleset
    resolution = resolve_action(ruleset, what.state if state is None else state, what.action, session.source)
    return Resolution(
        title=what.log_title or what.title, game=what.game.id, events=tuple(resolution.events), state=resolution.state,
        refused=resolution.refused, file=what.file, final_state=dict(ruleset.summarize_state(resolution.state)),
        **_dice_facts(session),
    )  # fmt: skip


class Rolls(msgspec.Struct, frozen=True):
    """Dice expressions rolled, one after the other (``tabroll roll``).

    Attributes:
        rolls: Each expression's roll event (``dice``, ``values``, ``kept``, ``total``, ``shown``…), in order.
        dice_drawn: Every die's value, in the order drawn.
        seed: The seed the dice were rolled with (None when they were given).
        unused_dice: Given dice values left over.
    """

    rolls: tuple[Any, ...]
    dice_drawn: tuple[int, ...]
    seed: int | None
    unused_dice: tuple[int, ...] = ()

    @property
    def totals(self) -> list[int]:
        """Each expression's result (a comparison such as ``1d20+7>=15``: 1 when it succeeds, else 0)."""
        return [int(event.total) for event in self.rolls]

    def to_dict(self) -> dict[str, Any]:
        """The document ``tabroll roll … --format json`` prints (format ``tabroll.events``)."""
        return cast("dict[str, Any]", json.loads(self._rendered("json")))

    def _rendered(self, fmt: str) -> str:
        return _log(fmt, self.rolls, self.dice_drawn, self.seed)

    def _repr_markdown_(self) -> str:
        return _code_block(self._rendered("text"))


def roll(
    expression: str | Sequence[str],
    *,
    label: str | None = None,
    seed: int | None = None,
    dice: Sequence[int] | str | None = None,
) -> Rolls:
    """Roll dice expressions, one after the other (``tabroll roll 1d20+7 2d6``): the notation of the command line,
    ``4d6kh3``, ``3d6!``, ``8d10>=7``, ``4dF``…

    Args:
        expression: One expression as one word of the command line (``"1d20+5 to hit"``: the words after it name
            it), or the command line's words (``["1d20+7", "2d6"]``: two rolls; ``["1d20", "adv", "+5"]``).
        label: What the rolls are for (``--label``); by default each one's own comment, else ``roll``.
        seed: Roll with this seed (``--seed``); with neither ``seed`` nor ``dice``, a fresh seed.
        dice: The dice values to draw, in order (``--dice``).

    Raises:
        InputError: An expression cannot be read, or the dice given do not fit it.
    """
    from tabroll.dice.words import parse_words
    from tabroll.events import UNLABELLED, named_rolls

    parsed = parse_words([expression] if isinstance(expression, str) else list(expression))
    signed = any("fudge" in one.features for one in parsed)
    session = Session(DiceChoice(seed, _dice_text(dice), signed=signed))
    rolls = tuple(named_rolls(parsed, session.source, UNLABELLED if label is None else label))
    return Rolls(rolls=rolls, **_dice_facts(session))


class Run(msgspec.Struct, frozen=True):
    """A scenario file run through, every action in order (``tabroll run FILE``).

    Attributes:
        file: The file.
        outcome: ``resolved``, or ``refused`` when the rules refused some action.
        document: The document ``tabroll run FILE --format json`` prints (also ``to_dict()``).
    """

    file: str
    outcome: str
    document: dict[str, Any]

    __repr__, __rich_repr__ = _shown("file", "outcome")

    @property
    def entry(self) -> dict[str, Any]:
        """The file's entry of the document: title, ruleset, actions, final state, dice drawn, seed."""
        return cast("dict[str, Any]", self.document["files"][0])

    @property
    def actions(self) -> list[dict[str, Any]]:
        """Each action's index, events (as JSON) and whether it was refused."""
        return list(self.entry.get("actions", []))

    @property
    def final_state(self) -> dict[str, Any]:
        """The state after the last action, as the JSON gives it."""
        return dict(self.entry.get("final_state") or {})

    @property
    def refused(self) -> bool:
        """Whether the rules refused some action of the file (``outcome`` is ``refused``)."""
        return self.outcome == "refused"

    def to_dict(self) -> dict[str, Any]:
        """The document ``tabroll run FILE --format json`` prints (format ``tabroll.events``)."""
        return self.document

    def _repr_markdown_(self) -> str:
        lines = [f"**{_md(str(self.entry.get('title', self.file)))}**: {self.outcome}", ""]
        lines += [f"1. {', '.join(event['kind'] for event in action['events'])}" for action in self.actions]
        return "\n".join(lines)


def run(
    path: str | Path,
    *,
    seed: int | None = None,
    dice: Sequence[int] | str | None = None,
    options: Mapping[str, StatValue] | None = None,
) -> Run:
    """Run a scenario file through, every action in order, each from the state the last one left (``tabroll run``).

    Actions with their own ``dice:`` list draw from it; the others roll from ``seed`` (the file's seed is derived
    from it as ``tabroll run --seed`` derives it, so the same seed gives the same rolls) or draw the ``dice`` given.

    Raises:
        InputError: The file cannot be loaded, or its dice do not fit (with the file, line and field).
    """
    from tabroll.batch import Batch, file_seed
    from tabroll.engine import run_scenario
    from tabroll.loading.scenario import load_scenario_file
    from tabroll.render.output import make_renderer

    name = str(path)
    overrides = _texts(options)
    scenario = load_scenario_file(name, overrides)  # a file that does not load raises its error, with its place
    choice = DiceChoice(seed, _dice_text(dice))
    stream = io.StringIO()
    totals = Batch([name], choice, make_renderer("json", stream), options=overrides, state=False).run(
        lambda _limit: b""
    )
    document: dict[str, Any] = json.loads(stream.getvalue())
    if totals.errors:  # the same run again, to raise its error as itself (the dice are the same)
        own = scenario.seed if scenario.seed is not None else file_seed(choice.master, scenario.fingerprint or name)
        source = choice.source(own)
        list(run_scenario(scenario, lambda: source))
        raise AssertionError(f"{name}: the batch met an error that a second run did not")
    return Run(file=name, outcome=str(document["files"][0]["outcome"]), document=document)


# --- odds ------------------------------------------------------------------------------------------------------


def _figure(estimate: odds_figures.Estimate) -> Figure:
    return estimate.exact if estimate.exact is not None else estimate.value


def _chance(report: odds_figures.Report, name: str) -> Figure:
    """The report's probability called ``name``: 0 when no outcome gives it (exact or estimated, as the report)."""
    estimate = report.probabilities.get(name)
    if estimate is None:
        return Fraction(0) if report.method == "exact" else 0.0
    return _figure(estimate)


class Odds(msgspec.Struct, frozen=True):
    """The odds of one attack (``tabroll odds``): each chance and mean, exact or simulated, and the
    distribution of each measure; with ``until="defeat"``, the chain of attacks to defeat as well.

    The figures are named as in the JSON: ``hit``, ``hit: Elf``, ``defeated: Elf`` (probabilities); ``damage``,
    ``damage to Elf`` (distributions and means). ``names()`` lists them.

    Attributes:
        title: The attack, in words.
        game: The game's id.
        report: The figures (tabroll's internal model; ``to_dict()`` is its documented JSON).
        limit: The time limit it was worked out under.
        chain: With ``until``: the chain's figures (internal model; ``to_dict()["until"]`` is its JSON).
    """

    title: str
    game: str
    report: odds_figures.Report
    limit: TimeLimit
    chain: Until | None = None

    __repr__, __rich_repr__ = _shown("title", "game")

    @property
    def method(self) -> str:
        """``exact``, or ``monte_carlo`` when simulated."""
        return self.report.method

    @property
    def exact(self) -> bool:
        """Whether every figure is an exact ``Fraction``."""
        return self.report.method == "exact"

    @property
    def samples(self) -> int:
        """The outcomes walked (exact) or the attacks simulated."""
        return self.report.samples

    @property
    def note(self) -> str:
        """How the odds were worked out, when it needs saying (simulated instead, the seed, a time limit)."""
        return self.report.note

    @property
    def always_refused(self) -> bool:
        """Whether the rules refuse the attack whatever the dice (``tabroll odds`` exits 1)."""
        return self.report.always_refused

    @property
    def refused(self) -> dict[str, Figure]:
        """The chance the rules refuse the attack, by their reason."""
        return {reason: _figure(e) for reason, e in self.report.refused.items()}

    @property
    def probabilities(self) -> dict[str, Figure]:
        """The attack's chances by name (``hit``, ``hit: Elf``, ``defeated: Elf``)."""
        return {name: _figure(e) for name, e in self.report.probabilities.items()}

    @property
    def means(self) -> dict[str, Figure]:
        """The mean of each of the attack's distributions (``damage``, ``damage to Elf``)."""
        return {name: _figure(e) for name, e in self.report.means.items()}

    def names(self) -> list[str]:
        """The names of the attack's figures and of the game's own measures."""
        block = self.report.attack
        return list(dict.fromkeys([*block.probabilities, *block.distributions, *self.report.game.kinds]))

    def probability(self, name: str) -> Figure:
        """The chance called ``name``: one of the attack's (``hit``) or a flag of the game's own measures.

        Raises:
            InputError: No figure is called so (the tip lists them).
        """
        return _figure(self._named("probabilities", name))

    def defeat(self, unit: str | None = None) -> Figure:
        """P(``unit`` is defeated by the attack): by default the one unit the attack can defeat (0 when no
        outcome defeats anyone).

        Raises:
            InputError: The attack can defeat several units and none was named.
        """
        prefix = "defeated: "
        found = [name for name in self.report.probabilities if name.startswith(prefix)]
        if unit is None and len(found) > 1:
            raise InputError(
                _("the attack can defeat more than one unit: name one"),
                tip=_("the units: {units}", units=", ".join(name.removeprefix(prefix) for name in found)),
            )
        return _chance(self.report, prefix + unit if unit is not None else found[0] if found else "")

    def mean(self, name: str = "damage") -> Figure:
        """The mean of the distribution called ``name`` (the attack's ``damage`` by default, or a level or
        change of the game's own measures).

        Raises:
            InputError: No distribution is called so (the tip lists them).
        """
        return _figure(self._named("means", name))

    def distribution(self, name: str = "damage") -> dict[int, Figure]:
        """P(``name`` is exactly n) for each value n it takes (``damage`` by default).

        Raises:
            InputError: No distribution is called so (the tip lists them).
        """
        return {int(value): _figure(e) for value, e in self._named("distributions", name)}

    def at_least(self, name: str = "damage") -> dict[int, Figure]:
        """P(``name`` is n or more) for each value n it takes.

        Raises:
            InputError: No distribution is called so (the tip lists them).
        """
        return {int(value): _figure(e) for value, e in self._named("at_least", name)}

    def _named(self, table: str, name: str) -> Any:
        """The figure called ``name`` in ``table`` (``probabilities``, ``means``…) of the attack or the game."""
        blocks = (self.report.attack, self.report.game)
        for block in blocks:
            rows = getattr(block, table)
            if name in rows:
                return rows[name]
        known = ", ".join(dict.fromkeys(known for block in blocks for known in getattr(block, table))) or _("none")
        raise InputError(_("no figure is called '{name}'", name=name), tip=_("the figures: {names}", names=known))

    @property
    def attacks_to_defeat(self) -> Figure | None:
        """With ``until``: the mean number of attacks (or rounds) to defeat the target, over the chains where it
        falls within the cap; None when it never falls, or without ``until``."""
        if self.chain is None or self.chain.mean is None:
            return None
        return _figure(self.chain.mean)

    def defeated_within(self, count: int | None = None) -> Figure:
        """With ``until``: P(the target is defeated within ``count`` attacks or rounds; by default the cap).

        Raises:
            InputError: The odds were not worked out with ``until``, or ``count`` is beyond the cap.
        """
        chain = self._chain()
        if count is None:
            return _figure(chain.defeated)
        if not 1 <= count <= len(chain.rows):
            raise InputError(
                _("there is no count {count} in the chain", count=count),
                tip=_("give a count from 1 to {most} (attacks=N counts more)", most=len(chain.rows)),
            )
        return _figure(chain.rows[count - 1].within)

    def defeated_at(self) -> dict[int, Figure]:
        """With ``until``: P(the target falls at exactly the k-th attack or round), for each k up to the cap."""
        return {row.count: _figure(row.defeated) for row in self._chain().rows}

    def to_dict(self) -> dict[str, Any]:
        """The document ``tabroll odds … --format json`` prints (format ``tabroll.odds``; with ``until``, the
        chain's figures under ``until``)."""
        if self.chain is not None:
            from tabroll.render.until import until_document

            return until_document(self.report, self.chain, title=self.title, ruleset=self.game, limit=self.limit)
        from tabroll.render.odds import odds_document

        return odds_document(self.report, title=self.title, ruleset=self.game, limit=self.limit)

    def _repr_markdown_(self) -> str:
        from tabroll.render.odds import report_view
        from tabroll.render.until import until_view

        view = report_view(self.report) if self.chain is None else until_view(self.chain)
        return f"**{_md(self.title)}**\n\n" + _view_block(view)

    def _chain(self) -> Until:
        if self.chain is None:
            raise InputError(_("these odds are of one attack"), tip=_('work them out with until="defeat"'))
        return self.chain


class Versus(msgspec.Struct, frozen=True):
    """Two attacks compared (``tabroll odds … --vs UNIT``): each one's odds on its own, each figure's difference
    A − B, and the chance that one deals more damage than the other (their dice independent).

    Attributes:
        a: The first attack's odds.
        b: The second attack's odds.
        game: The game's id.
        comparison: The comparison (tabroll's internal model; ``to_dict()`` is its JSON).
    """

    a: Odds
    b: Odds
    game: str
    comparison: Comparison

    __repr__, __rich_repr__ = _shown("a", "b", "game")

    @property
    def exact(self) -> bool:
        """Whether both attacks' odds are exact."""
        return self.comparison.exact

    @property
    def differences(self) -> dict[str, Figure]:
        """A − B of each figure both have, by the name the JSON gives it (``P(hit)``, ``mean damage``)."""
        return {name: _figure(difference) for name, _a, _b, difference in self.comparison.rows}

    @property
    def a_more(self) -> Figure | None:
        """P(A deals more damage than B); None when either attack has no damage."""
        return None if self.comparison.a_more is None else _figure(self.comparison.a_more)

    @property
    def equal(self) -> Figure | None:
        """P(A and B deal the same damage); None when either attack has no damage."""
        return None if self.comparison.equal is None else _figure(self.comparison.equal)

    @property
    def b_more(self) -> Figure | None:
        """P(B deals more damage than A); None when either attack has no damage."""
        return None if self.comparison.b_more is None else _figure(self.comparison.b_more)

    def to_dict(self) -> dict[str, Any]:
        """The document ``tabroll odds … --vs UNIT --format json`` prints (format ``tabroll.odds_versus``)."""
        from tabroll.render.versus import versus_document

        return versus_document(self.comparison, ruleset=self.game)

    def _repr_markdown_(self) -> str:
        from tabroll.render.versus import versus_lines

        return _view_block([[line] for line in versus_lines(self.comparison)])


def until_cap(until: str | None, attacks: int | None) -> int | None:
    """``until``/``attacks`` checked: the most attacks of the chain (None: one attack's odds)."""
    if until is None:
        if attacks is not None:
            raise InputError(_("--attacks counts the attacks of --until"), tip=_("add --until defeat"))
        return None
    from tabroll.odds.until import check_until

    return check_until(until, attacks)


def check_no_until_with_vs(until: str | None, attacks: int | None) -> None:
    """Two attacks compared have no chain to defeat."""
    if until is not None or attacks is not None:
        raise InputError(_("--until follows one attack"), tip=_("leave out --vs, or --until"))


@overload
def attack_odds(
    what: Attack,
    *,
    vs: None = None,
    until: str | None = None,
    attacks: int | None = None,
    trials: int | None = None,
    budget: int = 200_000,
    seed: int | None = None,
    jobs: int = 1,
    timeout: float | None = None,
    started: float | None = None,
) -> Odds: ...


@overload
def attack_odds(
    what: Attack,
    *,
    vs: Attack,
    until: None = None,
    attacks: None = None,
    trials: int | None = None,
    budget: int = 200_000,
    seed: int | None = None,
    jobs: int = 1,
    timeout: float | None = None,
    started: float | None = None,
) -> Versus: ...


def attack_odds(
    what: Attack,
    *,
    vs: Attack | None = None,
    until: str | None = None,
    attacks: int | None = None,
    trials: int | None = None,
    budget: int = 200_000,
    seed: int | None = None,
    jobs: int = 1,
    timeout: float | None = None,
    started: float | None = None,
) -> Odds | Versus:
    """The odds of an attack (``tabroll odds``): exact, every dice outcome walked through the rules, unless the walk
    would take more than ``budget`` resolutions or ``trials`` asks for a simulation.

    Args:
        what: The attack.
        vs: A second attack to compare with (``--vs``): the result is then a ``Versus``.
        until: ``"defeat"``: attack again, from the state each attack leaves, until the target is defeated
            (``--until defeat``); the chain's figures are in the ``Odds``.
        attacks: With ``until``: the most attacks (or rounds) made (default 20).
        trials: Simulate this many attacks instead of the exact walk.
        budget: The most resolutions the exact walk may take before simulating instead.
        seed: The seed of a simulation; without one a fresh seed is drawn, and the note names it.
        jobs: Processes for the exact walk or the simulation (1 to 64).
        timeout: Stop after this many seconds with the best estimate so far, and say so in the note (None or 0:
            no limit).
        started: The ``time.monotonic()`` moment the ``timeout`` counts from (default: now).

    Raises:
        InputError: A limit out of range (``budget``, ``jobs``, ``seed``, ``timeout``, ``attacks``), ``until``
            with ``vs``, or an attack whose target cannot be followed.
    """
    from tabroll.odds.api import TimeLimit, compute_odds
    from tabroll.odds.limits import check_timeout

    if vs is not None:
        from tabroll.odds.versus import Side, compare

        check_no_until_with_vs(until, attacks)
        check_jobs(jobs)
        sides = [
            attack_odds(side, trials=trials, budget=budget, seed=seed, jobs=jobs, timeout=timeout, started=started)
            for side in (what, vs)
        ]  # each on its own, with its own time limit counted from the same start
        comparison = compare(*(Side(one.title, one.report) for one in sides))
        return Versus(a=sides[0], b=sides[1], game=what.game.id, comparison=comparison)
    cap = until_cap(until, attacks)
    check_jobs(jobs)
    limit = TimeLimit(check_timeout(timeout), since=time.monotonic() if started is None else started)
    chosen = seed_or_fresh(seed)  # one seed for the attack and, with until, its chain
    ruleset = what.game.ruleset
    report = compute_odds(
        ruleset, what.state, what.action, trials=trials, budget=budget, seed=chosen, jobs=jobs, limit=limit
    )
    chain = None
    if cap is not None and not report.always_refused:
        from tabroll.odds.until import compute_until

        chain = compute_until(
            ruleset, what.state, what.action, cap=cap, trials=trials, budget=budget, seed=chosen, limit=limit
        )
    return Odds(title=what.title, game=what.game.id, report=report, limit=limit, chain=chain)


class DiceOdds(msgspec.Struct, frozen=True):
    """The odds of a dice expression (``tabroll odds EXPR``): of its values, of ``EXPR >= N`` succeeding, or of
    one expression against another (``EXPR vs EXPR``: the margin, first minus second).

    Attributes:
        question: The expression as asked.
        kind: ``distribution``, ``compare`` (``EXPR >= N``) or ``versus``.
        answer: The figures (tabroll's internal model; ``to_dict()`` is its JSON).
    """

    question: str
    kind: str
    answer: dice_figures.DiceOdds

    __repr__, __rich_repr__ = _shown("question", "kind")

    @property
    def exact(self) -> bool:
        """Whether the figures are exact fractions (else simulated: see ``note``)."""
        return self.answer.exact

    @property
    def note(self) -> str:
        """How the odds were worked out, when it needs saying (simulated instead, the seed, a limit reached)."""
        return " ".join(n for n in (self.answer.note, self.answer.limits_note) if n)

    @property
    def mean(self) -> Figure:
        """The mean value (of the margin, for ``vs``)."""
        return _figure(self.answer.table.mean())

    @property
    def variance(self) -> Figure:
        """The variance of the value (of the margin, for ``vs``)."""
        return _figure(self.answer.table.variance())

    @property
    def distribution(self) -> dict[int, Figure]:
        """P(the value is exactly n), for each value n."""
        table = self.answer.table
        return {value: _figure(table.share(ways)) for value, ways in table.points}

    @property
    def at_least(self) -> dict[int, Figure]:
        """P(the value is n or more), for each value n."""
        table = self.answer.table
        return {value: _figure(table.share(above)) for value, _ways, above, _below in table.rows()}

    @property
    def success(self) -> Figure | None:
        """For ``EXPR >= N`` (and the other comparisons): P(it succeeds); else None."""
        figure = self.answer.success()
        return None if figure is None else _figure(figure)

    @property
    def versus(self) -> dict[str, Figure]:
        """For ``EXPR vs EXPR``: P(``first_higher``), P(``tie``) and P(``second_higher``); else empty."""
        return {name: _figure(e) for name, e in self.answer.versus().items()}

    def to_dict(self) -> dict[str, Any]:
        """The document ``tabroll odds EXPR --format json`` prints (format ``tabroll.dice_odds``)."""
        return self.answer.to_json()

    def _repr_markdown_(self) -> str:
        from tabroll.render.dice import view

        return f"**{_md(self.question)}**\n\n" + _view_block(view(self.answer))


def dice_odds(
    expression: str | Sequence[str],
    *,
    trials: int | None = None,
    seed: int | None = None,
    timeout: float | None = None,
) -> DiceOdds:
    """The exact odds of a dice expression (``tabroll odds 4d6kh3``, ``"1d20+7>=15"``, ``"2d6 vs 2d6"``),
    simulated when they would be too large to work out exactly (the note says so).

    Args:
        expression: The expression as one text (``"2d6 vs 1d12"``), or as the command line's words.
        trials: Simulate this many rolls instead.
        seed: The seed of a simulation (default: a fresh one, named in the document).
        timeout: Stop after this many seconds (None or 0: no limit).

    Raises:
        InputError: The expression cannot be read (the message says what in it), or is past the dice limits.
    """
    from tabroll.odds import dice_odds as dice_module
    from tabroll.odds.limits import check_timeout

    limit = check_timeout(timeout)
    question = dice_module.read_question([expression] if isinstance(expression, str) else list(expression))
    answer = dice_module.compute(question, trials=trials, seed=seed_or_fresh(seed), timeout=limit)
    return DiceOdds(question=question.text, kind=question.kind, answer=answer)


# --- the balance matrix ----------------------------------------------------------------------------------------


class Matrix(msgspec.Struct, frozen=True):
    """Every attacker against every target (``tabroll matrix``): P(defeated) and the mean damage of each pair.

    Attributes:
        game: The game's id.
        attackers: The attackers' names, in order.
        targets: The targets' names, in order.
        table: The table (tabroll's internal model; ``to_dict()`` is its JSON).
    """

    game: str
    attackers: tuple[str, ...]
    targets: tuple[str, ...]
    table: odds_figures.Matrix

    __repr__, __rich_repr__ = _shown("game", "attackers", "targets")

    def defeat(self, attacker: str, target: str) -> Figure | None:
        """P(``target`` is defeated by ``attacker``'s attack); None when the rules refuse it."""
        cell = self._cell(attacker, target)
        return None if cell.report is None else _chance(cell.report, f"defeated: {cell.label or cell.target}")

    def mean_damage(self, attacker: str, target: str) -> Figure | None:
        """The mean damage ``attacker`` deals ``target``; None when refused or the attack deals none."""
        damage = self._cell(attacker, target)._damage()
        return None if damage is None else _figure(damage)

    def refused(self, attacker: str, target: str) -> str | None:
        """Why the rules refuse the pair's attack; None when they do not."""
        return self._cell(attacker, target).refused

    def to_dict(self) -> dict[str, Any]:
        """The document ``tabroll matrix --format json`` prints (format ``tabroll.matrix``)."""
        from tabroll.render.matrix import matrix_document

        return matrix_document(self.table)

    def _repr_markdown_(self) -> str:
        from tabroll.render.matrix import matrix_view

        return _view_block(matrix_view(self.table))

    def _cell(self, attacker: str, target: str) -> odds_figures.Cell:
        cell = self.table.cells.get((attacker, target))
        if cell is None:
            raise InputError(
                _("the table has no pair '{attacker}' against '{target}'", attacker=attacker, target=target),
                tip=_(
                    "attackers: {attackers}; targets: {targets}",
                    attackers=", ".join(self.attackers),
                    targets=", ".join(self.targets),
                ),
            )
        return cell


def matrix(
    attackers: Sequence[Unit | str] | None = None,
    targets: Sequence[Unit | str] | None = None,
    *,
    game: str | Game | None = None,
    scenario: str | Path | None = None,
    fields: Mapping[str, StatValue] | None = None,
    options: Mapping[str, StatValue] | None = None,
    budget: int = 20_000,
    trials: int = 20_000,
    seed: int | None = None,
    timeout: float | None = None,
    jobs: int = 1,
    until: int | None = None,
    started: float | None = None,
    progress: Progress | None = None,
    **more_fields: StatValue,
) -> Matrix:
    """The balance table: every attacker against every target (``tabroll matrix``).

    Args:
        attackers: The attackers, each a ``Unit`` or its text (default: the whole catalogue, or the
            scenario's units).
        targets: The targets, likewise.
        game: The game (``--ruleset``); default: the one game whose catalogue holds the units.
        scenario: Take the units (and where they stand) from this scenario file.
        fields: The game's attack fields (``{"distance": 2}``), or as keywords.
        options: The game's house-rule options.
        budget: The most resolutions of a pair's exact walk (then it is simulated).
        trials: Trials of a pair that is simulated.
        seed: The seed of simulated pairs (default: a fresh one, named in the notes).
        timeout: Seconds for the whole table, shared among the pairs (None or 0: no limit).
        jobs: Share the pairs among this many processes.
        until: Also work out the mean attacks to defeat of each pair, attacking up to this many times.
        started: The ``time.monotonic()`` moment the ``timeout`` counts from (default: now).
        progress: Told of each pair as it is done (the command line's progress bar).
        **more_fields: The game's attack fields as keywords.

    Raises:
        InputError: As ``tabroll matrix`` says it (an unknown unit or field, limits out of range…).
    """
    from tabroll.odds.limits import check_timeout
    from tabroll.odds.matrix import build_matrix

    def texts(units: Sequence[Unit | str] | None) -> list[str] | None:
        return None if units is None else [_unit_text(one) for one in units]

    table = build_matrix(
        scenario_file=None if scenario is None else str(scenario),
        ruleset=None if game is None else game.id if isinstance(game, Game) else game,
        attackers=texts(attackers), targets=texts(targets), fields=_texts({**dict(fields or {}), **more_fields}),
        budget=budget, trials=trials, seed=seed_or_fresh(seed), options=_texts(options), timeout=check_timeout(timeout),
        jobs=jobs, since=started, until=until, progress=progress,
    )  # fmt: skip
    return Matrix(game=table.ruleset, attackers=tuple(table.attackers), targets=tuple(table.targets), table=table)


# --- notebook helpers -------------------------------------------------------------------------------------------


def _md(text: str) -> str:
    """Text from a file or a game, safe in Markdown (its marks shown, not obeyed)."""
    from tabroll.words import visible

    return "".join("\\" + char if char in "\\`*_[]<>|" else char for char in visible(text))


def _view_block(view: Sequence[Sequence[tuple[str, str]]]) -> str:
    """A screen's lines of styled pieces (the ``*_view`` functions of ``tabroll.render``) as a code block."""
    return _code_block("\n".join("".join(piece for piece, _style in line).rstrip() for line in view))


def _code_block(text: str) -> str:
    fence = "```"
    while fence in text:
        fence += "`"
    return f"{fence}text\n{text.rstrip()}\n{fence}"
