"""How the games' scenario models are built: nothing in them makes a start pay for work no answer needs."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest
from pydantic import BaseModel

from tabroll.engine import ruleset_ids


def _models(module_name: str) -> list[type[BaseModel]]:
    module = importlib.import_module(module_name)
    return [
        value
        for value in vars(module).values()
        if inspect.isclass(value) and issubclass(value, BaseModel) and value.__module__ == module_name
    ]


def _game_modules() -> list[str]:
    """Every module of every game found (a game need not have a ``model.py``: the duel keeps its models elsewhere)."""
    names = []
    for game in ruleset_ids():
        package = importlib.import_module(f"tabroll.rulesets.{game}")
        names += [f"{package.__name__}.{module.name}" for module in pkgutil.iter_modules(package.__path__)]
    return names


@pytest.mark.parametrize("module_name", ["tabroll.kit.models", *_game_modules()])
def test_no_model_field_takes_a_builtin_as_its_default_factory(module_name: str) -> None:
    """``default_factory=list`` makes pydantic read the builtin's text signature, which :mod:`inspect` parses with
    :mod:`tokenize` (its regular expressions compiled at each start): the kit's ``empty_list``/``empty_dict`` are
    read at once."""
    builtin = [
        f"{model.__name__}.{name}"
        for model in _models(module_name)
        for name, info in model.model_fields.items()
        if inspect.isbuiltin(info.default_factory) or getattr(info.default_factory, "__module__", "") == "builtins"
    ]
    assert builtin == [], "use tabroll.kit.models.empty_list / empty_dict as these fields' default_factory"


def test_the_empty_factories_make_a_new_value_each_time() -> None:
    from tabroll.kit.models import empty_dict, empty_list

    assert empty_list() == [] and empty_list() is not empty_list()
    assert empty_dict() == {} and empty_dict() is not empty_dict()


# Runs the command as `python -m tabroll` does, then writes the pydantic plugin setting it ran with to stderr.
PLUGINS_PROBE = """
import atexit, os, sys
atexit.register(lambda: sys.stderr.write("\\nPLUGINS " + repr(os.environ.get("PYDANTIC_DISABLE_PLUGINS")) + "\\n"))
sys.argv = ["tabroll", *sys.argv[1:]]
from tabroll.cli.entry import main
main()
"""


@pytest.mark.slow  # a fresh interpreter for each command
@pytest.mark.parametrize(("given", "seen"), [(None, "'__all__'"), ("logfire", "'logfire'")])
def test_the_command_builds_its_models_without_pydantic_plugins_unless_told(given: str | None, seen: str) -> None:
    """Looking for pydantic plugins reads every installed distribution's entry points when the first model is
    built: the command's own process goes without them, and a setting in the environment is kept."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if given is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = given
    example = str(root / "scenarios" / "tabmaster" / "01-common-lanceiro.yaml")
    done = subprocess.run(
        [sys.executable, "-c", PLUGINS_PROBE, "run", example, "--format", "text"],
        capture_output=True, text=True, cwd=root, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr.rsplit("PLUGINS ", 1)[1].strip() == seen


def test_a_program_that_runs_the_command_keeps_its_pydantic_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from tabroll.cli.app import main

    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    with pytest.raises(SystemExit):
        main(["roll", "1d20", "--seed", "1", "--format", "text"])
    assert "PYDANTIC_DISABLE_PLUGINS" not in os.environ


@pytest.mark.slow  # a fresh interpreter for each game
@pytest.mark.parametrize("game", ruleset_ids())
def test_a_games_scenario_model_is_built_when_a_file_is_first_validated(game: str) -> None:
    """A game's scenario file model is built the first time a file is validated (or its schema is asked for),
    not when the game's models are imported: an attack typed on the command line never needs it."""
    import subprocess
    import sys
    from pathlib import Path

    probe = f"""
from tabroll.engine import find_ruleset
model = find_ruleset({game!r}).scenario_model()
print(model.__pydantic_complete__)
model.model_json_schema()
print(model.__pydantic_complete__)
"""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=root, timeout=120, check=False
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]
