"""What a game whose scenario is a roster of named units and a list of attacks would otherwise write again: its
loading, its state (:class:`RosterGameState`), its command-line attack, its summary and catalogue. Such a game
writes its models and rules, makes a :class:`RosterSetup` of them, and its ruleset's hooks call it (as the
fixture games under ``tests/fixtures/games/`` do)::

    class Fighter(RosterUnit):
        hp: int = Field(6, ge=1, description="Hit points.")

        @property
        def out(self) -> bool:
            return self.hp == 0

    class MyScenario(ScenarioFile):
        ruleset: Literal["mygame"]
        fighters: dict[str, Fighter] = Field(max_length=100)
        actions: list[AttackAction] = Field(default_factory=list, max_length=1000)

    ROSTER = RosterSetup(MyScenario, MyOptions, AttackAction, units="fighters", word="fighter")

A resolver works on a :class:`~tabroll.engine.work.Turn` of the state.

Imported by a game's rules only (it imports pydantic)."""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

import msgspec
from msgspec.structs import replace
from pydantic import Field

from tabroll.i18n import N_, _
from tabroll.kit import header, no_such
from tabroll.kit.models import (
    ScenarioFile,
    Strict,
    assemble,
    command_line_model,
    scenario_options,
    steps_of,
    unknown_name,
)

if TYPE_CHECKING:
    from tabroll.engine import Scenario
    from tabroll.kit import AnyRuleset, AttackRequest
    from tabroll.loading.document import YamlDocument


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

    describe = header(_, N_("{attacker} attacks {target}"), actor="attacker")


U = TypeVar("U", bound=RosterUnit)
OptionsT = TypeVar("OptionsT", bound=Strict)
A = TypeVar("A", bound=Strict)


class RosterGameState(msgspec.Struct, Generic[U, OptionsT], frozen=True):
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

    def with_unit(self, name: str, unit: U) -> RosterGameState[U, OptionsT]:
        """This state with the unit called ``name`` replaced by ``unit``."""
        return replace(self, units=tuple((n, unit if n == name else u) for n, u in self.units))


class RosterSetup(msgspec.Struct, Generic[A], frozen=True):
    """A roster game's loading, command-line attack, summary and catalogue, from its models: ``scenario`` is its
    file (``units`` names the field of units by name, each a :class:`RosterUnit`, called a ``word`` in errors),
    ``options`` its house rules, ``attack`` the action a command line types (its ``names`` fields name units; an
    attack with no file puts its two units on ``sides``) and ``bundled`` its catalogue's units' stats by name
    (declare their names in the ruleset's ``catalogue_file`` too)."""

    scenario: type[ScenarioFile]
    options: type[Strict]
    attack: type[A]
    units: str = "units"
    word: str = "unit"
    names: tuple[str, ...] = ("attacker", "target")
    sides: tuple[str, str] = ("left", "right")
    bundled: Mapping[str, Mapping[str, Any]] = msgspec.field(default_factory=dict)

    def load_scenario(
        self, ruleset: AnyRuleset, doc: YamlDocument, overrides: Mapping[str, Any] | None = None
    ) -> Scenario:
        """The file validated, its options, its roster, and its actions, each naming units the file has."""
        from tabroll.loading.validation import validate

        model = validate(self.scenario, doc)
        chosen = scenario_options(ruleset, doc, model, overrides or {}, self.options)
        roster: tuple[tuple[str, Any], ...] = tuple(getattr(model, self.units).items())
        known = [name for name, _ in roster]

        def check(action: Any, path: tuple[str | int, ...]) -> None:
            for name_field in self.names:
                named = getattr(action, name_field, None)
                if isinstance(named, str) and named not in known:
                    raise unknown_name(named, known, doc, (*path, name_field), self.word)

        steps = steps_of(doc, getattr(model, "actions"), check)  # noqa: B009 (every scenario model has actions)
        state = RosterGameState(roster, chosen, self.word)
        return assemble(ruleset, doc, model, options=chosen, state=state, steps=steps)

    def _typed(self, attacker: str, target: str, fields: Mapping[str, str]) -> dict[str, Any]:
        from tabroll.loading.document import cli_value

        (verb,) = typing.get_args(self.attack.model_fields["do"].annotation)
        values = {k: cli_value(v, origin=f"command line (--{k})") for k, v in fields.items()}
        return {"do": verb, self.names[0]: attacker, self.names[1]: target, **values}

    def quick_attack(self, ruleset: AnyRuleset, request: AttackRequest) -> Scenario:
        """A one-attack scenario: the two units (from the catalogue, with the stats typed over theirs) on the
        two sides."""
        from tabroll.loading.document import cli_value, command_line_document

        def entry(name: str, side: str, stats: Mapping[str, str]) -> dict[str, Any]:
            typed_stats = {k: cli_value(v, origin=f"command line ({k})") for k, v in stats.items()}
            return {"side": side, **self.bundled.get(name, {}), **typed_stats}

        data = {
            "ruleset": ruleset.id,
            "title": _("{attacker} attacks {target}", attacker=request.attacker, target=request.target),
            self.units: {
                request.attacker: entry(request.attacker, self.sides[0], request.attacker_stats),
                request.target: entry(request.target, self.sides[1], request.target_stats),
            },
            "actions": [self._typed(request.attacker, request.target, request.fields)],
        }
        return self.load_scenario(ruleset, command_line_document(data), request.options)

    def quick_action(self, ruleset: AnyRuleset, attacker: str, target: str, fields: Mapping[str, str]) -> A:
        return command_line_model(self.attack, self._typed(attacker, target, fields))

    def summarize(self, state: RosterGameState[Any, Any]) -> dict[str, Any]:
        units = [{"name": name, **unit.model_dump(mode="json"), "defeated": unit.out} for name, unit in state.units]
        return {"units": units}

    def catalogue(self) -> dict[str, dict[str, Any]]:
        return {name: dict(stats) for name, stats in self.bundled.items()}


__all__ = ["RosterAttack", "RosterGameState", "RosterSetup", "RosterUnit"]
