"""From a validated scenario file (or an attack typed on the command line) to the initial board state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tabroll.errors import InputError
from tabroll.events import machine, prose
from tabroll.geometry.hex import HexMap, HexPlacement
from tabroll.kit import AnyRuleset, AttackRequest
from tabroll.kit.fields import field_int, field_text
from tabroll.kit.models import assemble, command_line_model, scenario_options, steps_of, unknown_name
from tabroll.kit.text import cli_values, located
from tabroll.loading.document import YamlDocument, command_line_document
from tabroll.loading.validation import validate

from .messages import _
from .model import (
    AhotnikOptions,
    AhotnikScenario,
    AttackAction,
    AttackPhaseAction,
    EndTransitionAction,
    MapInput,
    SummonAction,
)
from .state import Ahotnik, Board, Demon

if TYPE_CHECKING:
    from tabroll.engine import Scenario


def build_scenario(ruleset: AnyRuleset, doc: YamlDocument, overrides: Mapping[str, Any] | None = None) -> Scenario:
    model = validate(AhotnikScenario, doc)
    options = scenario_options(ruleset, doc, model, overrides or {}, AhotnikOptions)
    hex_map = build_map(doc, model.map)
    ahotniks, demons = place_units(doc, model, hex_map)
    order = model.turn_order if model.turn_order is not None else list(ahotniks)
    check_turn_order(doc, order, ahotniks)
    check_threat(doc, model.threat, ahotniks)
    steps = steps_of(doc, model.actions, action_checker(doc, hex_map, ahotniks, set(model.demons)))
    board = Board(
        map=hex_map,
        ahotniks=tuple(ahotniks[n] for n in order),
        demons=tuple(demons),
        threat=model.threat,
        options=options,
    )
    return assemble(ruleset, doc, model, options=options, state=board, steps=steps)


def build_map(doc: YamlDocument, spec: MapInput) -> HexMap:
    """The hex map as the file gives it, with the Singularity's hex blocked; a bad map names the ``map`` field."""
    with located(doc, ("map",)):
        return HexMap.build(
            radius=spec.radius,
            columns=spec.columns,
            rows=spec.rows,
            cells=spec.cells,
            orientation=spec.orientation,
            first_direction=spec.first_direction,
            blocked=[spec.singularity] if spec.singularity is not None else [],
        )


def place_units(doc: YamlDocument, model: AhotnikScenario, hex_map: HexMap) -> tuple[dict[str, Ahotnik], list[Demon]]:
    """The Ahotniks and the Demons on their hexes: each on the map, no two (nor one and the Singularity) on one
    hex, and no name both an Ahotnik and a Demon."""
    placing = HexPlacement(
        hex_map,
        off_map=_("'{name}' stands at {at}, which is not on the map"),
        off_map_tip=_("hexes are axial [q, r]; a map of radius R holds every hex within R steps of [0, 0]"),
        blocked=_("'{name}' and the Singularity are both at {at}"),  # the map's one blocked hex
        held=_("'{name}' and '{other}' are both at {at}"),
    )

    demon_names = set(model.demons)
    ahotniks: dict[str, Ahotnik] = {}
    for name, entry in model.ahotniks.items():
        if name in demon_names:
            raise InputError(
                _("'{name}' is both an Ahotnik and a Demon", name=name),
                tip=_("give the Demon another name"),
                location=doc.locate(("demons", name)),
            )
        ahotniks[name] = Ahotnik(
            name=name,
            position=placing.place(name, entry.at, doc.locate(("ahotniks", name, "at"))),
            facing=entry.facing,
            shields=entry.shields,
            life=entry.life,
            phase_transition=entry.phase_transition,
            dna=frozenset(entry.dna),
            team=entry.team,
        )
    demons: list[Demon] = []
    for name, d in model.demons.items():
        position = placing.place(name, d.at, doc.locate(("demons", name, "at"))) if d.at is not None else None
        demons.append(Demon(name=name, identity=d.identity or name, position=position, shields=d.shields, life=d.life))
    return ahotniks, demons


def check_turn_order(doc: YamlDocument, order: list[str], ahotniks: Mapping[str, Ahotnik]) -> None:
    """The turn order lists every Ahotnik exactly once."""
    if sorted(order) != sorted(ahotniks):
        missing = sorted(set(ahotniks) - set(order))
        extra = sorted(set(order) - set(ahotniks))
        if missing:
            problem = _("missing {names}", names=", ".join(missing))
        else:
            problem = _("unknown or repeated: {names}", names=", ".join(extra) or order)
        raise InputError(
            _("turn_order must list every Ahotnik exactly once ({problem})", problem=problem),
            location=doc.locate(("turn_order",)),
            tip=_("the Ahotniks are: {names}", names=", ".join(ahotniks)),
        )


def check_threat(doc: YamlDocument, threat: int, ahotniks: Mapping[str, Ahotnik]) -> None:
    """The threat level never starts below its floor, the number of Ahotniks in play."""
    if threat < len(ahotniks):
        values = {"threat": threat, "floor": len(ahotniks)}
        raise InputError(
            _("threat {threat} is below its floor, the number of Ahotniks in play ({floor})", **values),
            location=doc.locate(("threat",)),
            tip=_("give a threat level of at least {floor}", **values),
        )


def action_checker(
    doc: YamlDocument, hex_map: HexMap, ahotniks: Mapping[str, Ahotnik], demon_names: set[str]
) -> Callable[[Any, tuple[str | int, ...]], None]:
    """The check of each scripted action's names and hexes against the scenario (for :func:`steps_of`)."""

    def check(action: Any, at: tuple[str | int, ...]) -> None:
        names: list[tuple[str, tuple[str | int, ...]]] = []
        if isinstance(action, AttackPhaseAction):
            names = [(n, (*at, "choices", n)) for n in action.choices]
        elif isinstance(action, AttackAction):
            names = [(action.ahotnik, (*at, "ahotnik"))]
            if action.target is not None and action.target not in ahotniks and action.target not in demon_names:
                raise unknown_name(action.target, [*ahotniks, *demon_names], doc, (*at, "target"))
        elif isinstance(action, EndTransitionAction):
            names = [(n, (*at, "ahotniks", j)) for j, n in enumerate(action.ahotniks or ())]
        elif isinstance(action, SummonAction) and not hex_map.contains((action.at[0], action.at[1])):
            raise InputError(
                _("{unit} would be summoned at {hex}, which is not on the map", unit=action.demon, hex=list(action.at)),
                tip=_("summon it on a hex of the map (see 'map:' at the top of the file)"),
                location=doc.locate((*at, "at")),
            )
        for name, path in names:
            if name not in ahotniks:
                raise unknown_name(name, list(ahotniks), doc, path, "Ahotnik")

    return check


CHOICE_FIELDS = ("pilots", "synapse", "direction", "directions")
"""The command-line fields of the pilots' choice (``--pilots 2,2``; ``--synapse success --direction 4``;
``--set directions=[2,5]`` for a forced synapse tabroll picks from)."""

LAYOUT_FIELDS = ("facing", "toward", "distance", "enemy")
"""The command-line fields that lay out the map of an attack with no scenario file."""


def attack_entry(attacker: str, target: str, fields: Mapping[str, str]) -> dict[str, Any]:
    """The attack action a scenario file would hold for ``-a attacker -t target`` and the pilots' fields
    (``--pilots 2,2``, or ``--synapse success --direction 4``): ``do: attack`` with its ``target`` and ``choice``.
    Both command-line attacks (on a file's board, and on the map :func:`quick_scenario` lays out) are this action,
    so the rules refuse it when the Ahotnik, once turned, would attack something else (or nothing)."""
    data: dict[str, Any] = {"do": "attack", "ahotnik": attacker, "target": target}
    choice = _choice(fields)
    if choice:
        data["choice"] = choice
    return data


def quick_action(ruleset: AnyRuleset, attacker: str, target: str, fields: Mapping[str, str]) -> AttackAction:
    """One Ahotnik's attack on a scenario file's board, from command-line words: :func:`attack_entry`, validated
    as a file's action is."""
    return command_line_model(AttackAction, attack_entry(attacker, target, fields))


def _choice(fields: Mapping[str, str]) -> dict[str, Any]:
    """The pilots' choice in the command line's fields, read as a file's values (``2,2`` is ``[2, 2]``)."""
    choice: dict[str, Any] = {}
    for key, value in fields.items():
        if key in LAYOUT_FIELDS:
            continue
        if key not in CHOICE_FIELDS:
            raise InputError(
                _("unknown field '{key}' for an Ahotnik attack", key=key),
                tip=_("use --pilots A,B, or --synapse success --direction N (forced: --set directions=[a,b])"),
            )
        choice |= cli_values({key: value}, flags=True, lists=("pilots", "directions"))
    return choice


def quick_scenario(ruleset: AnyRuleset, request: AttackRequest) -> Scenario:
    """Lay out the smallest hex map for an attack typed on the command line, with :func:`attack_entry` its one
    action. The Ahotnik stands at [0, 0] facing ``--facing``; the target ``--distance`` hexes away in direction
    ``--toward`` (a Demon, or with ``--enemy ahotnik`` an enemy Ahotnik), on a map of just the hexes between; the
    threat level is the number of units. The target needs its Life; the attacker, which takes no damage in its own
    attack, has Shields 0 and Life 1 unless given."""
    facing = _direction(field_int(request, "facing", 1), "--facing")
    toward = _direction(field_int(request, "toward", 1), "--toward")
    distance = field_int(request, "distance", 1)
    if not 1 <= distance <= 50:
        raise InputError(
            _("--distance {distance} is out of range", distance=distance),
            tip=_("give how many hexes away, from 1 to 50"),
        )
    enemy = field_text(request, "enemy", "demon").lower()
    if enemy not in ("demon", "ahotnik"):
        raise InputError(
            _("--enemy {enemy} is neither demon nor ahotnik", enemy=repr(enemy)),
            tip=_("--enemy demon or --enemy ahotnik"),
        )
    if request.target == request.attacker:
        raise InputError(_("an Ahotnik does not attack itself"), tip=_("give the target another name"))
    target_stats = cli_values(request.target_stats)
    if not {"life", "Vita", "vita"} & set(target_stats):
        raise InputError(
            _("give {unit}'s Life: --target-stat life=N", unit=request.target),
            tip=_("and its Shields if it has any: --target-stat shields=N (Italian: Vita, Scudi)"),
        )
    line = [(0, 0)]
    step = HexMap.hexagon(0)
    for _step in range(distance):
        line.append(step.neighbour(line[-1], toward))
    attacker = {"at": [0, 0], "facing": facing, "shields": 0, "life": 1}
    attacker.update(cli_values(request.attacker_stats))
    target: dict[str, Any] = {"at": list(line[-1]), **target_stats}
    ahotniks = {request.attacker: attacker}
    demons = {}
    if enemy == "ahotnik":
        ahotniks[request.target] = target
    else:
        demons[request.target] = target
    data = {
        "ruleset": "ahotnik",
        "title": _("{attacker} attacks {target}", attacker=request.attacker, target=request.target),
        "map": {"cells": [list(h) for h in line]},
        "threat": len(ahotniks) + len(demons),
        "ahotniks": ahotniks,
        "demons": demons,
        "actions": [attack_entry(request.attacker, request.target, request.fields)],
    }
    return build_scenario(ruleset, command_line_document(data), request.options)


def _direction(value: int, flag: str) -> int:
    if not 1 <= value <= 6:
        raise InputError(
            _("{flag} {value} is not a direction", flag=flag, value=value),
            tip=_("directions are numbered 1 to 6, clockwise"),
        )
    return value


def summarize(board: Board) -> dict[str, Any]:
    m = board.map
    return {
        "map": {
            "orientation": m.orientation.value,
            "first_direction": m.first_direction,
            "hexes": len(m.cells),
            "singularity": list(board.singularity) if board.singularity is not None else None,
        },
        "threat": board.threat,
        "threat_floor": board.threat_floor,
        "game_over": machine(board.game_over),
        "game_over_text": prose(board.game_over),
        "turn_order": [a.name for a in board.ahotniks],
        "ahotniks": [
            {
                "name": a.name,
                "position": list(a.position),
                "facing": a.facing,
                "facing_name": m.side_name(a.facing),
                "shields": a.shields,
                "life": a.life,
                "phase_transition": a.phase_transition,
                "dna": sorted(a.dna),
                "team": a.team,
            }
            for a in board.ahotniks
        ],
        "demons": [
            {
                "name": d.name,
                "identity": d.identity,
                "position": list(d.position) if d.position is not None else None,
                "shields": d.shields,
                "life": d.life,
                "exiled": d.exiled,
            }
            for d in board.demons
        ],
    }
