"""From a validated scenario file (or an attack typed on the command line) to the initial board state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabroll.engine import AnyRuleset, Scenario, ScenarioStep
from tabroll.errors import InputError
from tabroll.geometry.hex import Hex, HexMap
from tabroll.loading.validation import validate
from tabroll.loading.yaml_source import YamlDocument, cli_value, command_line_document

from .model import (
    AhotnikOptions,
    AhotnikScenario,
    AttackAction,
    AttackPhaseAction,
    EndTransitionAction,
    SummonAction,
)
from .state import Ahotnik, Board, Demon


def build_scenario(ruleset: AnyRuleset, doc: YamlDocument, overrides: Mapping[str, Any]) -> Scenario:
    model = validate(AhotnikScenario, doc)
    options = ruleset.validate_options({**model.options, **overrides}, origin=f"{doc.source}: options")
    assert isinstance(options, AhotnikOptions)
    spec = model.map
    try:
        hex_map = HexMap.build(
            radius=spec.radius,
            columns=spec.columns,
            rows=spec.rows,
            cells=spec.cells,
            orientation=spec.orientation,
            first_direction=spec.first_direction,
            blocked=[spec.singularity] if spec.singularity is not None else [],
        )
    except InputError as err:
        raise InputError(err.message, tip=err.tip, location=doc.locate(("map",))) from None

    taken: dict[Hex, str] = {}
    if spec.singularity is not None:
        taken[(spec.singularity[0], spec.singularity[1])] = "the Singularity"

    def place(name: str, at: tuple[int, int], path: tuple[str | int, ...]) -> Hex:
        h = (at[0], at[1])
        where = doc.locate(path)
        if not hex_map.contains(h):
            raise InputError(
                f"'{name}' stands at {list(h)}, which is not on the map",
                location=where,
                tip="hexes are axial [q, r]; a map of radius R holds every hex within R steps of [0, 0]",
            )
        if h in taken:
            raise InputError(f"'{name}' and {taken[h]} are both at {list(h)}", location=where)
        taken[h] = f"'{name}'"
        return h

    demon_names = set(model.demons)
    ahotniks: dict[str, Ahotnik] = {}
    for name, entry in model.ahotniks.items():
        if name in demon_names:
            raise InputError(f"'{name}' is both an Ahotnik and a Demon", location=doc.locate(("demons", name)))
        ahotniks[name] = Ahotnik(
            name=name,
            position=place(name, entry.at, ("ahotniks", name, "at")),
            facing=entry.facing,
            shields=entry.shields,
            life=entry.life,
            phase_transition=entry.phase_transition,
            dna=frozenset(entry.dna),
            team=entry.team,
        )
    demons: list[Demon] = []
    for name, d in model.demons.items():
        position = place(name, d.at, ("demons", name, "at")) if d.at is not None else None
        demons.append(Demon(name=name, identity=d.identity or name, position=position, shields=d.shields, life=d.life))

    order = model.turn_order if model.turn_order is not None else list(ahotniks)
    if sorted(order) != sorted(ahotniks):
        missing = sorted(set(ahotniks) - set(order))
        extra = sorted(set(order) - set(ahotniks))
        problem = f"missing {', '.join(missing)}" if missing else f"unknown or repeated: {', '.join(extra) or order}"
        raise InputError(
            f"turn_order must list every Ahotnik exactly once ({problem})",
            location=doc.locate(("turn_order",)),
            tip=f"the Ahotniks are: {', '.join(ahotniks)}",
        )
    if model.threat < len(ahotniks):
        raise InputError(
            f"threat {model.threat} is below its floor, the number of Ahotniks in play ({len(ahotniks)})",
            location=doc.locate(("threat",)),
            tip=f"give a threat level of at least {len(ahotniks)}",
        )

    steps: list[ScenarioStep] = []
    for i, action in enumerate(model.actions):
        names: list[tuple[str, tuple[str | int, ...]]] = []
        if isinstance(action, AttackPhaseAction):
            names = [(n, ("actions", i, "choices", n)) for n in action.choices]
        elif isinstance(action, AttackAction):
            names = [(action.ahotnik, ("actions", i, "ahotnik"))]
            if action.target is not None and action.target not in ahotniks and action.target not in demon_names:
                raise _unknown(action.target, [*ahotniks, *demon_names], doc, ("actions", i, "target"), "unit")
        elif isinstance(action, EndTransitionAction):
            names = [(n, ("actions", i, "ahotniks", j)) for j, n in enumerate(action.ahotniks or ())]
        elif isinstance(action, SummonAction) and not hex_map.contains((action.at[0], action.at[1])):
            raise InputError(
                f"{action.demon} would be summoned at {list(action.at)}, which is not on the map",
                location=doc.locate(("actions", i, "at")),
            )
        for name, path in names:
            if name not in ahotniks:
                raise _unknown(name, list(ahotniks), doc, path, "Ahotnik")
        dice = tuple(action.dice) if action.dice is not None else None
        steps.append(ScenarioStep(action=action, dice=dice, location=doc.locate(("actions", i))))

    board = Board(
        map=hex_map,
        ahotniks=tuple(ahotniks[n] for n in order),
        demons=tuple(demons),
        threat=model.threat,
        options=options,
    )
    return Scenario(
        ruleset=ruleset,
        title=model.title,
        description=model.description,
        source=doc.source,
        options=options,
        state=board,
        steps=tuple(steps),
        seed=model.seed,
    )


def _unknown(name: str, names: list[str], doc: YamlDocument, path: tuple[str | int, ...], what: str) -> InputError:
    from difflib import get_close_matches

    close = get_close_matches(name, sorted(names), n=1)
    tip = f"did you mean '{close[0]}'?" if close else f"the names are: {', '.join(sorted(names))}"
    return InputError(f"no {what} called '{name}' in this scenario", tip=tip, location=doc.locate(path))


def quick_action(attacker: str, target: str, fields: Mapping[str, str]) -> AttackAction:
    """One Ahotnik's attack from command-line words: ``--set pilots=[2,2]`` or ``--set synapse=forced`` ...

    ``target`` must be the unit the rules make it attack (the command refuses otherwise).
    """

    choice: dict[str, Any] = {}
    for key, value in fields.items():
        if key not in ("pilots", "synapse", "direction", "directions"):
            raise InputError(
                f"unknown field '{key}' for an Ahotnik attack",
                tip="use --set pilots=[a,b], or --set synapse=success --set direction=N "
                "(forced: --set directions=[a,b])",
            )
        choice[key] = cli_value(value, origin=f"command line ({key})")
    data: dict[str, Any] = {"do": "attack", "ahotnik": attacker, "target": target}
    if choice:
        data["choice"] = choice
    doc = command_line_document(data)
    return validate(AttackAction, doc)


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
        "game_over": board.game_over,
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
