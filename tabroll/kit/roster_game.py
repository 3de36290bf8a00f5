"""A game whose scenario is a roster of named units and a list of actions, set up by the kit.

Most of what such a game would write is the same every time: validate the file, check that each action names
units the file has (the error names the line and suggests the nearest name), build the state, turn an attack
typed on the command line into a scenario or an action, summarize the units, list the catalogue. A game of that
shape writes only its models and its rules, and hands them to :func:`roster_parts`::

    class Fighter(RosterUnit):
        hp: int = Field(6, ge=1, description="Hit points.")

        @property
        def out(self) -> bool:
            return self.hp == 0

    class MyScenario(ScenarioFile):
        ruleset: Literal["mygame"]
        fighters: dict[str, Fighter] = Field(max_length=100)
        actions: list[AttackAction] = Field(default_factory=list, max_length=1000)

    PARTS = roster_parts(MyScenario, MyOptions, AttackAction, resolve, units="fighters", word="fighter")

The state is a :class:`Roster` of ``(name, unit)`` pairs (the units are the file's own frozen models) and the
options; a resolver works on a :class:`~tabroll.turn.Work` of it. A game overrides only what its rules need:
``roster_parts`` returns a :class:`~tabroll.kit.parts.GameParts`, and ``dataclasses.replace`` swaps a part.

Imported by a game's heavy half only (it imports pydantic).
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

from pydantic import Field

from tabroll.kit import ActionHeader, no_such
from tabroll.kit.models import (
    ScenarioFile,
    Strict,
    assemble,
    command_line_model,
    scenario_options,
    steps_of,
    unknown_name,
)
from tabroll.kit.parts import GameParts

if TYPE_CHECKING:
    from tabroll.dice.sources import DiceSource
    from tabroll.engine import Resolution, Scenario
    from tabroll.events import Event
    from tabroll.kit import AnyRuleset, AttackRequest
    from tabroll.loading.yaml_source import YamlDocument


class RosterUnit(Strict):
    """A unit as a roster game's file writes it, under its name: its side, and the game's stats as fields."""

    side: str = Field(description="The unit's side.")

    @property
    def out(self) -> bool:
        """Whether the unit is out of play (defeated); a game says when."""
        return False


class RosterAttack(Strict):
    """An attack of one unit on another, as a roster game's file writes it; a game adds its ``do`` (a
    ``Literal``) and its own fields."""

    attacker: str = Field(description="The unit that attacks.")
    target: str = Field(description="The unit attacked.")
    dice: Annotated[list[Annotated[int, Field(ge=1)]], Field(max_length=100)] | None = Field(
        None, description="The dice rolled, in the order the rules ask for them (else tabroll rolls)."
    )

    def describe(self) -> ActionHeader:
        return ActionHeader(self.attacker, "attack", f"{self.attacker} attacks {self.target}")


U = TypeVar("U", bound=RosterUnit)
OptionsT = TypeVar("OptionsT", bound=Strict)
A = TypeVar("A", bound=Strict)


@dataclass(frozen=True, slots=True)
class Roster(Generic[U, OptionsT]):
    """The state of a roster game: each unit by name, in the file's order, and the game's options."""

    units: tuple[tuple[str, U], ...]
    options: OptionsT
    word: str = "unit"

    def unit(self, name: str) -> U:
        """The unit called ``name``, or a refusal that suggests the nearest name."""
        for known, unit in self.units:
            if known == name:
                return unit
        raise no_such(name, [known for known, _ in self.units], what=self.word)

    def with_unit(self, name: str, unit: U) -> Roster[U, OptionsT]:
        """This state with the unit called ``name`` replaced by ``unit``."""
        return replace(self, units=tuple((n, unit if n == name else u) for n, u in self.units))


def roster_parts(
    scenario: type[ScenarioFile],
    options: type[OptionsT],
    attack: type[A],
    resolve: Callable[[Roster[Any, OptionsT], A, DiceSource], Resolution],
    *,
    units: str = "units",
    word: str = "unit",
    names: Sequence[str] = ("attacker", "target"),
    sides: tuple[str, str] = ("left", "right"),
    catalogue: Mapping[str, Mapping[str, Any]] | None = None,
    events: tuple[type[Event], ...] = (),
) -> GameParts[Roster[Any, OptionsT], A]:
    """The parts of a roster game: ``scenario`` is its file (``units`` names the field of units by name, each a
    :class:`RosterUnit`, called a ``word`` in errors), ``options`` its house rules, ``attack`` the action a
    command line types (its ``names`` fields name units; an attack with no file puts its two units on ``sides``),
    ``resolve`` its rules, ``catalogue`` its bundled units' stats by name (declare their names in the game's
    ``catalogue_file`` too) and ``events`` its own event kinds."""
    bundled = {name: dict(stats) for name, stats in (catalogue or {}).items()}
    (verb,) = typing.get_args(attack.model_fields["do"].annotation)

    def load_scenario(ruleset: AnyRuleset, doc: YamlDocument, overrides: Mapping[str, Any]) -> Scenario:
        from tabroll.loading.validation import validate

        model = validate(scenario, doc)
        chosen = scenario_options(ruleset, doc, model, overrides, options)
        roster: tuple[tuple[str, Any], ...] = tuple(getattr(model, units).items())
        known = [name for name, _ in roster]

        def check(action: Any, path: tuple[str | int, ...]) -> None:
            for field in names:
                named = getattr(action, field, None)
                if isinstance(named, str) and named not in known:
                    raise unknown_name(named, known, doc, (*path, field), word)

        steps = steps_of(doc, getattr(model, "actions"), check)  # noqa: B009 (every scenario model has actions)
        return assemble(ruleset, doc, model, options=chosen, state=Roster(roster, chosen, word), steps=steps)

    def typed(attacker: str, target: str, fields: Mapping[str, str]) -> dict[str, Any]:
        from tabroll.loading.yaml_source import cli_value

        values = {k: cli_value(v, origin=f"command line (--{k})") for k, v in fields.items()}
        return {"do": verb, names[0]: attacker, names[1]: target, **values}

    def quick_attack(ruleset: AnyRuleset, request: AttackRequest) -> Scenario:
        from tabroll.loading.yaml_source import cli_value, command_line_document

        def entry(name: str, side: str, stats: Mapping[str, str]) -> dict[str, Any]:
            typed_stats = {k: cli_value(v, origin=f"command line ({k})") for k, v in stats.items()}
            return {"side": side, **bundled.get(name, {}), **typed_stats}

        data = {
            "ruleset": ruleset.id,
            "title": f"{request.attacker} attacks {request.target}",
            units: {
                request.attacker: entry(request.attacker, sides[0], request.attacker_stats),
                request.target: entry(request.target, sides[1], request.target_stats),
            },
            "actions": [typed(request.attacker, request.target, request.fields)],
        }
        return load_scenario(ruleset, command_line_document(data), request.options)

    def quick_action(ruleset: AnyRuleset, attacker: str, target: str, fields: Mapping[str, str]) -> A:
        return command_line_model(attack, typed(attacker, target, fields))

    def summarize(state: Roster[Any, OptionsT]) -> dict[str, Any]:
        return {
            "units": [
                {"name": name, **unit.model_dump(mode="json"), "defeated": unit.out} for name, unit in state.units
            ]
        }

    return GameParts(
        events=events,
        options_model=options,
        scenario_model=scenario,
        load_scenario=load_scenario,
        resolve=resolve,
        summarize_state=summarize,
        quick_attack=quick_attack,
        quick_action=quick_action,
        catalogue=(lambda: {name: dict(stats) for name, stats in bundled.items()}) if bundled else None,
    )


__all__ = ["Roster", "RosterAttack", "RosterUnit", "roster_parts"]
