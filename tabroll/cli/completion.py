"""Tab completion in the shell (``tabroll --install-completion``): unit names after ``-a``/``-t``, the values of
``--format``, and each game's own attack fields (``--distance``, ``--using``…) among the options.

A completer reads what is typed so far (``ctx.params``): ``-r``'s game, or the scenario file's units, else every
game's catalogue. A completer that fails offers nothing."""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Iterable, Sequence
from typing import Any

import typer

from tabroll.cli.typer_app import Command

REPORT_COMMANDS = frozenset({"odds", "matrix"})


def complete_units(ctx: typer.Context, incomplete: str) -> list[str]:
    """The units a ``-a``/``-t`` may name: the scenario file's, else the game's catalogue, else every game's."""
    try:
        return _starting(_unit_names(_typed(ctx)), incomplete)
    except Exception:
        return []


def complete_formats(ctx: typer.Context, incomplete: str) -> list[str]:
    """The ``--format`` values of the command being typed (each command's own: what its help offers)."""
    from tabroll.cli.shared import PLAY_FORMATS, REPORT_FORMATS, UNITS_FORMATS

    own = {"play": PLAY_FORMATS, "units": UNITS_FORMATS} | dict.fromkeys(REPORT_COMMANDS, REPORT_FORMATS)
    if ctx.command is not None and ctx.command.name in own:
        return _starting(own[str(ctx.command.name)], incomplete)
    from tabroll.render.output import FORMATS

    return _starting(FORMATS, incomplete)


_NEGATIVE = r"-(?:[0-9(]|[dD](?:[0-9%(]|[fF](?![a-zA-Z])))"
"""A word that begins as a negative number or dice do (``-2``, ``-1d8``, ``-d6``, ``-(1d4+1)``, ``-4d6kh3``): a
pattern compiled by the commands that read such words (``re``'s cache keeps it), not by every command."""

_SHIELD = "\0"  # never in a command-line word (an argument is a C string): marks a shielded word while Click reads


def _unshielded(value: Any) -> Any:
    if isinstance(value, str):
        return value.removeprefix(_SHIELD)
    if isinstance(value, (list, tuple)):
        return type(value)(_unshielded(item) for item in value)
    return value


class NegativeWordsCommand(Command):
    """A command whose free words may begin with a minus (``tabroll roll 1d20 -2``, ``tabroll odds -1d8 + 4``):
    such a word is a word of the expression, never a cluster of short options (``-4d6kh3`` would otherwise be
    read as ``-h``, and ``-2`` as an unknown option ``-2``). A word that follows an option taking a value stays
    that option's value."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        takes_value = {
            name
            for param in self.get_params(ctx)
            if getattr(param, "param_type_name", "") == "option" and not getattr(param, "is_flag", False)
            for name in (*param.opts, *param.secondary_opts)
        }
        shielded: list[str] = []
        after_option = False
        for index, word in enumerate(args):
            if word == "--":
                shielded.extend(args[index:])
                break
            shielded.append(_SHIELD + word if not after_option and re.match(_NEGATIVE, word) else word)
            after_option = word in takes_value
        rest = super().parse_args(ctx, shielded)
        ctx.params = {name: _unshielded(value) for name, value in ctx.params.items()}
        ctx.args = _unshielded(list(ctx.args))
        return list(_unshielded(list(rest)))


class GameWordsCommand(NegativeWordsCommand):
    """A command that reads a game's own attack fields among its free words (``attack``, ``odds``, ``matrix``):
    completing an option offers those fields too, for the game typed so far (or every game's). A free word may
    begin with a minus (a field's value, ``--height -1``, or the dice of ``tabroll odds -1d8``)."""

    def shell_complete(self, ctx: Any, incomplete: str) -> Any:
        items = super().shell_complete(ctx, incomplete)
        if not incomplete.startswith("-"):
            return items
        try:
            fields = _starting(_field_flags(_typed(ctx)), incomplete)
            item = _completion_item()
        except Exception:
            return items
        known = {entry.value for entry in items}
        return items + [item(flag) for flag in fields if flag not in known]


def _completion_item() -> Any:
    """The completion item class of the Click that Typer runs on (its own copy in newer Typer): the module beside
    the one of TyperCommand's base."""
    from typer.core import TyperCommand

    base = TyperCommand.__mro__[1].__module__  # "click.core", or Typer's own copy of it
    return importlib.import_module(base.rpartition(".")[0] + ".shell_completion").CompletionItem


def _starting(names: Iterable[str], incomplete: str) -> list[str]:
    folded = incomplete.casefold()
    return [name for name in dict.fromkeys(names) if name.casefold().startswith(folded)]


def _typed(ctx: Any) -> dict[str, Any]:
    """What is typed so far: the parsed options, and the free words (the game's fields and a scenario file end up
    in ``ctx.args`` while the line is being completed)."""
    return {**ctx.params, "words": [*(ctx.params.get("words") or ()), *ctx.args]}


def _games(params: dict[str, Any]) -> list[Any]:
    """The game of the line: ``-r``, the scenario file's, the one whose catalogue has the attacker, else all."""
    from tabroll.engine import all_rulesets, find_ruleset

    ruleset = params.get("ruleset")
    if ruleset:
        return [find_ruleset(str(ruleset))]
    scenario = _scenario_file(params.get("words"))
    if scenario is not None:
        from tabroll.loading.scenario import load_scenario_file

        return [load_scenario_file(scenario).ruleset]
    games = all_rulesets()
    named = [str(params.get(role) or "").split(" ")[0].casefold() for role in ("attacker", "target")]
    named = [name for name in named if name]
    if named:
        having = [game for game in games if {n.casefold() for n in game.catalogue_names()} & set(named)]
        if having:
            return having
    return games


def _scenario_file(words: Sequence[str] | None) -> str | None:
    files = (w for w in words or () if not w.startswith("-") and w.endswith((".yaml", ".yml")) and os.path.isfile(w))
    return next(files, None)


def _unit_names(params: dict[str, Any]) -> list[str]:
    scenario = _scenario_file(params.get("words"))
    if scenario is not None:
        from tabroll.loading.scenario import load_scenario_file

        loaded = load_scenario_file(scenario)
        return list(loaded.ruleset.unit_names(loaded.state))
    return [name for game in _games(params) for name in game.catalogue_names()]


def _field_flags(params: dict[str, Any]) -> list[str]:
    flags = []
    for game in _games(params):
        for spec in game.attack_fields:
            flags.append(spec.flag)
            if spec.kind == "flag":
                flags.append("--no-" + spec.flag.removeprefix("--"))
    return flags
