"""The heavy half of a game: its models, loaders and rules, handed to the core in one typed value.

A game's ``__init__.py`` stays light (facts and words only, so that ``tabroll --help`` and discovery import no
pydantic model); its :meth:`~tabroll.kit.Ruleset.load_parts` imports the rest on first use and returns a
:class:`GameParts`::

    def load_parts(self) -> GameParts[MyState, MyAction]:
        from .parts import PARTS

        return PARTS

mypy checks every part against the signature below, in every game: a part that is missing, misspelt or takes
other arguments fails the type check instead of a command at run time. A part left ``None`` is a hook the game
does not have: the kit does its default (nothing, or a refusal that says the game has no such command).

This module stays light (no pydantic, no Rich): every command imports the kit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from pydantic import BaseModel

    from tabroll.dice.sources import DiceSource
    from tabroll.engine import Resolution, Scenario
    from tabroll.events import Event
    from tabroll.kit import AnyRuleset, AttackRequest, StatNeed
    from tabroll.kit.views import StateView
    from tabroll.loading.yaml_source import YamlDocument

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


class QuickSkillTest(Protocol):
    """A one-action skill test typed on the command line (``tabroll check-skill``)."""

    def __call__(
        self,
        ruleset: AnyRuleset,
        identity: str,
        skills: Sequence[str],
        *,
        difficulty: str | None = ...,
        target: int | None = ...,
        options: Mapping[str, str] | None = ...,
    ) -> Scenario: ...


@dataclass(frozen=True, kw_only=True)
class GameParts(Generic[StateT, ActionT]):
    """Everything of a game that is more than facts, each part typed.

    Every game gives the first four; the others are optional:

    - ``options_model``: the pydantic model of its house-rule options (every field has a default);
    - ``scenario_model``: the pydantic model of its scenario files (``tabroll schema scenario``);
    - ``load_scenario(ruleset, doc, options)``: a parsed file to a :class:`~tabroll.engine.Scenario` (raises
      :class:`~tabroll.errors.InputError` with the file's line and field);
    - ``resolve(state, action, dice)``: one action's events and new state (raises
      :class:`~tabroll.errors.RuleRefusal` to refuse it);
    - ``summarize_state(state)``: a JSON-ready summary of a state (units, positions…) for the end of a run;
    - ``state_view(state)``: what to show of a state (default: the summary's units);
    - ``quick_attack(ruleset, request)``: a one-action scenario from an attack typed with no scenario file;
    - ``quick_action(ruleset, attacker, target, fields)``: an attack typed against a scenario file's units;
    - ``quick_skill_test``: a skill test typed on the command line (see :class:`QuickSkillTest`);
    - ``catalogue()``: the bundled units by name, each unit's stats as its file gives them;
    - ``check_stat(need, value)``: whether a typed stat of kind ``printed`` is in the game's notation
      (``None``), or what is wrong with it;
    - ``events``: the game's own event kinds, for a game that gives them with its parts (see
      :meth:`~tabroll.kit.Ruleset.load_events`);
    - ``next_attack(state, action)``: a new attack begins. The state the same attacker's next attack on the same
      target starts from, given the state the last one left (``tabroll odds --until defeat``): what the game's own
      rules reset in between, such as a new round that turns flipped units face up or makes a once-per-round
      absorption ready again. Default: the state as the last attack left it. It rolls no dice; an attack that
      cannot be made again (its attacker defeated, out of ammunition, out of reach) is the resolver's refusal
      of it, not this hook's concern.
    """

    options_model: type[BaseModel]
    scenario_model: type[BaseModel]
    load_scenario: Callable[[AnyRuleset, YamlDocument, Mapping[str, Any]], Scenario]
    resolve: Callable[[StateT, ActionT, DiceSource], Resolution]
    summarize_state: Callable[[StateT], dict[str, Any]] | None = None
    state_view: Callable[[StateT], StateView] | None = None
    quick_attack: Callable[[AnyRuleset, AttackRequest], Scenario] | None = None
    quick_action: Callable[[AnyRuleset, str, str, Mapping[str, str]], ActionT] | None = None
    quick_skill_test: QuickSkillTest | None = None
    catalogue: Callable[[], dict[str, dict[str, Any]]] | None = None
    check_stat: Callable[[StatNeed, Any], str | None] | None = None
    events: tuple[type[Event], ...] = ()
    next_attack: Callable[[StateT, ActionT], StateT] | None = None


__all__ = ["GameParts", "QuickSkillTest"]
