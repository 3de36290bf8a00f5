"""A game's ruleset names each hook whose rules are in another of its modules by where they are
(``resolve = hook("resolver.resolve")``): for every discovered game, the bundled ones and the fixture games, each
hook names a module and a value that exist, and a value that the core's calls of the hook fit; and a hook calls
the value it names with the hook's own arguments."""

from __future__ import annotations

import inspect
import pickle
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tabroll.engine as engine
import tabroll.rulesets as GAMES_PACKAGE
from tabroll.engine import all_rulesets, find_ruleset
from tabroll.kit import AnyRuleset, Ruleset
from tabroll.kit.hooks import Hook, hook

GAMES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
FIXTURES = sorted(folder.name for folder in GAMES.iterdir() if (folder / "__init__.py").is_file())
_PATH = list(GAMES_PACKAGE.__path__)


def _forget() -> None:
    """Discovery as before the test: the bundled folder only, no fixture game left imported (one copied beside the
    bundled games, as CI does, is a bundled game and stays)."""
    engine._REGISTRY = None
    GAMES_PACKAGE.__path__[:] = _PATH
    fixtures = tuple(
        f"tabroll.rulesets.{name}" for name in FIXTURES if not any((Path(p) / name).is_dir() for p in _PATH)
    )
    for name in [m for m in sys.modules if fixtures and m.startswith(fixtures)]:
        del sys.modules[name]


@pytest.fixture
def every_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[AnyRuleset]]:
    """Every game discovery finds when ``TABROLL_GAMES`` names the fixture games' folder."""
    monkeypatch.setenv("TABROLL_GAMES", str(GAMES))
    _forget()
    yield all_rulesets()
    _forget()


def hooks_of(game: AnyRuleset) -> dict[str, Hook]:
    found = {name: inspect.getattr_static(type(game), name) for name in dir(type(game))}
    return {name: value for name, value in found.items() if isinstance(value, Hook)}


def _fits(hook_: Hook, name: str) -> None:
    """The named function takes the arguments the core calls the hook with: the core's method's positional
    parameters by position, its keyword-only ones by name, each one with a default left out."""
    core = inspect.signature(getattr(Ruleset, name))
    params = list(core.parameters.values())[1:]  # self
    target = inspect.signature(hook_.target())
    lead = ("ruleset",) if hook_.ruleset else ()
    for given in (p for p in params if p.default is inspect.Parameter.empty), params:  # the fewest, then all
        positional = [p.name for p in given if p.kind is not p.KEYWORD_ONLY]
        keywords = {p.name: p.name for p in given if p.kind is p.KEYWORD_ONLY}
        try:
            target.bind(*lead, *positional, **keywords)
        except TypeError as error:
            pytest.fail(f"{hook_.package}: {name} = {hook_!r} does not take {positional}, {keywords}: {error}")


def test_every_hook_of_every_game_names_a_value_that_exists_and_fits_the_core_s_call(
    every_game: list[AnyRuleset],
) -> None:
    ids = {game.id for game in every_game}
    assert set(FIXTURES) <= ids and {"forgod", "mtg_heroes", "ahotnik", "botse", "tabmaster"} <= ids
    for game in every_game:
        hooks = hooks_of(game)
        assert hooks, f"{game.id} declares no hook()"
        for name, found in hooks.items():
            assert found.package == type(game).__module__ and found.__name__ == name, game.id
            assert hasattr(Ruleset, name), f"{game.id}: {name} is no hook of the kit's Ruleset"
            value = found.target()  # imports the module and reads the value: the game itself is not called
            if found.call:
                assert callable(value), f"{game.id}: {name} = {found!r}"
                _fits(found, name)


def recorded(*args: Any, **kwargs: Any) -> tuple[Any, ...]:
    return (args, kwargs)


VALUE = object()


class _Tiny(Ruleset[Any, Any]):
    __module__ = __package__  # its hooks' modules are looked for in this folder (``tests.kit``)
    id = "tiny"
    name = "Tiny"
    resolve = hook("test_hooks.recorded")
    quick_action = hook("test_hooks.recorded", ruleset=True)
    load_events = hook("test_hooks.VALUE", call=False)


def test_a_hook_calls_the_named_function_with_its_arguments_the_ruleset_first_when_asked() -> None:
    game = _Tiny()
    assert game.resolve("state", "action", dice=3) == (("state", "action"), {"dice": 3})
    assert game.quick_action("A", "B", {"f": "1"}) == ((game, "A", "B", {"f": "1"}), {})
    assert game.load_events() is VALUE


def test_a_bound_hook_reads_as_its_method_and_pickles_as_one() -> None:
    game = find_ruleset("botse")
    assert (game.resolve.__name__, game.resolve.__qualname__) == ("resolve", "Botse.resolve")
    assert repr(inspect.getattr_static(type(game), "resolve")) == "hook('resolver.resolve')"
    again = pickle.loads(pickle.dumps(game.resolve))
    assert again.__func__ is inspect.getattr_static(type(game), "resolve") and type(again.__self__) is type(game)
