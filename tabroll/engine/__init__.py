"""The engine: rulesets, scenarios and the pure ``resolve`` step.

``resolve(state, action, dice) -> Resolution(events, state)`` is the only shape the rest of tabroll relies on:
a ruleset's resolver reads an immutable state and an action, draws every random number from the injected dice
source, and returns the events it produced with the new state. It never prints or reads files. Because of that,
the same code serves a single attack at the table, a batch run, and (walking every dice outcome) exact odds.

A ruleset is a subclass of :class:`tabroll.kit.Ruleset` (the typed contract, with the kit every game uses).
Rulesets live in ``tabroll.rulesets.<id>`` (the top-level ``rulesets/`` folder of the checkout, installed as
that subpackage) and are discovered by folder: adding a game touches no other game and no core code. Folders
named in the ``TABROLL_GAMES`` environment variable (separated like ``PATH``) hold more games, found the same way."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import msgspec
import msgspec.structs
from msgspec.structs import replace

from tabroll.errors import InputError, Location, RuleRefusal, interrupted
from tabroll.events import ActionStarted, Event, Note, Refused
from tabroll.i18n import _, n_, p_
from tabroll.kit import AnyRuleset, Ruleset

if TYPE_CHECKING:
    from tabroll.dice.sources import DiceSource


class Resolution(msgspec.Struct, frozen=True):
    """What one action produced: its events, in order, and the state after it."""

    events: tuple[Event, ...]
    state: Any
    refused: bool = False


class ScenarioStep(msgspec.Struct, frozen=True):
    """One action of a scenario, with the dice the file gives for it (``None``: draw from the session)."""

    action: Any
    dice: tuple[int, ...] | None = None
    location: Location | None = None


class Scenario(msgspec.Struct, frozen=True):
    """A validated scenario: a ruleset, its options, an initial state and the actions to resolve in order."""

    ruleset: AnyRuleset
    title: str
    source: str
    options: Any
    state: Any
    steps: tuple[ScenarioStep, ...]
    seed: int | None = None
    description: str = ""
    fingerprint: str = ""
    """The SHA-256 of the parsed scenario (canonical JSON): the same game whatever the file's path, comments or
    layout. A run's per-file seed is derived from it, so a seed replays the same rolls however the path is typed."""


def resolve(ruleset: AnyRuleset, state: Any, action: Any, dice: DiceSource, *, index: int = 1) -> Resolution:
    """Resolve one action through ``ruleset``; a refusal by the rules becomes a ``refused`` event."""
    actor, name, description = ruleset.describe_action(action)
    header = ActionStarted(index=index, actor=actor, verb=name, description=description)
    try:
        resolution = ruleset.resolve(state, action, dice)
    except RuleRefusal as refusal:  # the rule's name in the language now: a game's catalogue has p_("rule", NAME)
        rule = p_("rule", refusal.rule) if refusal.rule else refusal.rule
        refused = Refused(actor=actor, verb=name, reason=refusal.message, rule=rule)
        return Resolution(events=(header, refused), state=state, refused=True)
    return Resolution(events=(header, *resolution.events), state=resolution.state)


class StepResult(msgspec.Struct, frozen=True):
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
    index)`` replaces :func:`resolve` — how a journal continues a game and records each step."""
    from tabroll.dice.sources import GivenDice

    current = scenario.state if state is None else state

    resolve_one = resolve_step or (lambda at, action, dice, index: resolve(scenario.ruleset, at, action, dice,
                                                                            index=index))  # fmt: skip
    session: DiceSource | None = None
    for number, step in enumerate(scenario.steps):
        index = first_index + number
        if step.dice is not None:
            origin = _("dice of action {number}", number=number + 1)
            if step.location is not None and step.location.file:
                origin = f"{step.location}.dice:"
            given = GivenDice(step.dice, origin=origin)
            try:
                resolution = resolve_one(current, step.action, given, index)
            except InputError as err:
                raise located_dice_error(err, origin, step.location) from None
            if given.remaining and not resolution.refused:
                left = ", ".join(str(v) for v in given.remaining)
                note = Note(text=_("given dice not used: {dice}", dice=left))
                resolution = replace(resolution, events=(*resolution.events, note))
        else:
            if session is None:
                session = session_dice()
            resolution = resolve_one(current, step.action, session, index)
        current = resolution.state
        remaining = len(scenario.steps) - number - 1
        over = scenario.ruleset.stops_at_game_over and any(e.kind == "game_over" for e in resolution.events)
        if over and remaining:
            told = n_(
                "the game is over: the scenario's {n} remaining action is not resolved",
                "the game is over: the scenario's {n} remaining actions are not resolved",
                remaining,
            )
            resolution = replace(resolution, events=(*resolution.events, Note(text=told)))
        yield StepResult(index=index, resolution=resolution)
        if over:
            return


def located_dice_error(err: InputError, origin: str, where: Location | None) -> InputError:
    """A problem with the dice a file gives for an action, located at that action's ``dice`` field (so that
    ``tabroll check --format json`` names its line) rather than only named in the message."""
    prefix = f"{origin} "
    if err.location is not None or where is None or not where.file or not err.message.startswith(prefix):
        return err
    err.message = err.message[len(prefix) :]
    err.location = Location(where.file, where.line, where.column, f"{where.field or ''}.dice".lstrip("."))
    return err


# --- the registry -----------------------------------------------------------------------------------------

GAMES_VARIABLE = "TABROLL_GAMES"

_REGISTRY: dict[str, AnyRuleset] | None = None


def _games_package() -> Any:
    """The ``tabroll.rulesets`` package, its search path extended by the folders of ``TABROLL_GAMES``."""
    package = importlib.import_module("tabroll.rulesets")
    for folder in os.environ.get(GAMES_VARIABLE, "").split(os.pathsep):
        if folder and folder not in package.__path__:
            package.__path__.append(folder)
    return package


def _import_game(name: str, finder: Any) -> Any:
    """Import one game's package. A bundled game that fails to import is a bug in tabroll; a game from a folder
    named in ``TABROLL_GAMES`` is the user's code, and its failure is an input error naming the folder."""
    try:
        return importlib.import_module(name)
    except Exception as err:
        interrupted()  # Ctrl-C during the import, wrapped by a library, is Ctrl-C and not a broken game
        folder = getattr(finder, "path", None)
        extra = [f for f in os.environ.get(GAMES_VARIABLE, "").split(os.pathsep) if f]
        if folder is None or not any(os.path.realpath(folder) == os.path.realpath(f) for f in extra):
            raise
        raise InputError(
            _(
                "the game {game} in {folder} (from {variable}) cannot be loaded: {error}",
                game=repr(name.rsplit(".", 1)[-1]),
                folder=folder,
                variable=GAMES_VARIABLE,
                error=f"{type(err).__name__}: {err}",
            ),
            tip=_("fix that game's code, or take its folder out of {variable}", variable=GAMES_VARIABLE),
        ) from None


def _discover() -> dict[str, AnyRuleset]:
    global _REGISTRY
    if _REGISTRY is None:
        import pkgutil  # listing every game's folder: a file's own game is found by its name alone

        package = _games_package()
        found: dict[str, AnyRuleset] = {}
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            if not info.ispkg or info.name.startswith("_") or not info.name.isidentifier():
                continue
            name = f"{package.__name__}.{info.name}"
            # A game's event kinds are checked when first read (Ruleset.event_types: a clash is an input error),
            # so that discovering every game (``attack`` without ``-r``) imports no game's events.
            ruleset = getattr(_import_game(name, info.module_finder), "RULESET", None)
            if not isinstance(ruleset, Ruleset):
                continue
            if ruleset.id in found:
                raise InputError(
                    _(
                        "two games have the id '{id}': {first} and {second}",
                        id=ruleset.id,
                        first=type(found[ruleset.id]).__module__,
                        second=name,
                    ),
                    tip=_("give one of them another id"),
                )
            found[ruleset.id] = ruleset
        _REGISTRY = found
    return _REGISTRY


def all_rulesets() -> list[AnyRuleset]:
    return list(_discover().values())


def playing(ruleset: AnyRuleset) -> AnyRuleset:
    """``ruleset`` is the game being played from now on: its own catalogue words tabroll's sentences in its
    terms, and ``--lang game`` speaks its language (:func:`tabroll.i18n.enter_game`)."""
    from tabroll import i18n

    i18n.enter_game(ruleset.folder() / "locale", ruleset.id, ruleset.language)
    return ruleset


def find_ruleset(name: str) -> AnyRuleset:
    """The ruleset called ``name`` (its id or an alias, any case), which becomes the game being played."""
    wanted = name.strip().lower()
    if wanted.isidentifier() and _REGISTRY is None:
        # Fast path: the folder of that name, without importing every other game.
        module_name = f"{_games_package().__name__}.{wanted}"
        try:
            module = importlib.import_module(module_name)
        except Exception:  # no such game, or one that fails to load: discovery below names which, or re-raises
            interrupted()
            module = None
        ruleset = getattr(module, "RULESET", None)
        if isinstance(ruleset, Ruleset) and ruleset.id == wanted:
            return playing(ruleset)
    registry = _discover()
    for ruleset in registry.values():
        if wanted == ruleset.id or wanted in (a.lower() for a in ruleset.aliases):
            return playing(ruleset)
    # The start of an id or alias, as long as it starts one game's only (``mtg`` is mtg_heroes).
    starts = {
        ruleset.id: ruleset
        for ruleset in registry.values()
        if wanted and any(word.lower().startswith(wanted) for word in (ruleset.id, *ruleset.aliases))
    }
    if len(starts) == 1:
        return playing(next(iter(starts.values())))
    from difflib import get_close_matches

    names = sorted(registry)
    if len(starts) > 1:
        raise InputError(
            _("'{name}' could be any of: {games}", name=name, games=", ".join(sorted(starts))),
            tip=_("type more of the game's id"),
        )
    words = {word.lower(): ruleset.id for ruleset in registry.values() for word in (ruleset.id, *ruleset.aliases)}
    close = get_close_matches(wanted, list(words), n=1)
    if close:
        tip = _("did you mean '{name}'?", name=words[close[0]])
    else:
        tip = _("known rulesets: {names}", names=", ".join(names))
    raise InputError(_("unknown ruleset '{name}'", name=name), tip=tip)


def ruleset_for_units(ruleset: str | None, names: Sequence[str]) -> AnyRuleset:
    """The game named by ``--ruleset``, or else the one game whose catalogue holds every unit in ``names``."""
    if ruleset:
        return find_ruleset(ruleset)
    wanted = {n.casefold() for n in names if n}
    games = [g for g in all_rulesets() if wanted and wanted <= {c.casefold() for c in g.catalogue_names()}]
    if len(games) == 1:
        return playing(games[0])
    if not games:
        slip = _catalogue_slip(names)
        if slip is not None:
            raise slip
    unique = sorted(set(names))
    if len(unique) > 6:
        shown = n_("{names} and {n} more", "{names} and {n} more", len(unique) - 6, names=", ".join(unique[:6]))
    else:
        shown = ", ".join(unique) or _("no units")
    if games:
        told = _("which game? ({units}: several games have them)", units=shown)
    else:
        told = _("which game? ({units}: no game's catalogue has them all)", units=shown)
    raise InputError(told, tip=_("name it with --ruleset, one of: {games}", games=", ".join(ruleset_ids())))


def _catalogue_slip(names: Sequence[str]) -> InputError | None:
    """When the names are one game's catalogue units but for spelling slips (``Lancero``), the error that says
    so and suggests that game's names; ``None`` when no game comes that near."""
    from difflib import get_close_matches

    best: tuple[int, AnyRuleset, dict[str, str]] | None = None
    for game in all_rulesets():
        folded = {c.casefold(): c for c in game.catalogue_names()}
        fixes: dict[str, str] = {}
        for name in dict.fromkeys(n for n in names if n):
            if name.casefold() in folded:
                continue
            close = get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.75)
            if not close:
                break
            fixes[name] = folded[close[0]]
        else:
            if fixes and (best is None or len(fixes) < best[0]):
                best = (len(fixes), game, fixes)
    if best is None:
        return None
    _count, game, fixes = best
    wrong = ", ".join(f"'{name}'" for name in fixes)
    suggested = _(" and ").join(f"'{fixed}'" for fixed in fixes.values())
    return InputError(
        n_(
            "no game's catalogue has a unit called {names}",
            "no game's catalogue has a unit called {names}",
            len(fixes),
            names=wrong,
        ),
        tip=_(
            "did you mean {names} ({game}: {command})?",
            names=suggested,
            game=game.name,
            command=f"tabroll units {game.id}",
        ),
    )


def ruleset_ids() -> Sequence[str]:
    return sorted(_discover())


__all__ = ["Resolution", "Scenario", "ScenarioStep", "all_rulesets", "find_ruleset", "resolve", "run_scenario"]
