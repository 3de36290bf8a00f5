"""From a validated scenario file (or an attack typed on the command line) to the initial battle state."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from tabroll.errors import InputError
from tabroll.geometry.grid import Board, Direction, Terrain
from tabroll.kit import AnyRuleset
from tabroll.kit.models import assemble, command_line_model, scenario_options, steps_of, unknown_name
from tabroll.kit.text import cli_values, located
from tabroll.loading.document import YamlDocument, command_line_document
from tabroll.loading.validation import validate

from .messages import _
from .model import AttackAction, TabMasterOptions, TabMasterScenario, UnitInput, catalogue_entry
from .profiles import parse_attack, parse_trait
from .state import Battle, Unit

if TYPE_CHECKING:
    from tabroll.engine import Scenario
    from tabroll.kit.fields import AttackRequest


def build_scenario(ruleset: AnyRuleset, doc: YamlDocument, overrides: Mapping[str, Any] | None = None) -> Scenario:
    model = validate(TabMasterScenario, doc)
    options = scenario_options(ruleset, doc, model, overrides or {}, TabMasterOptions)
    terrain = height_terrain(model, doc)
    width, height = model.board.size
    with located(doc, ("board",)):
        board = Board.build(width, height, terrain=terrain, obstacles=frozenset(model.board.obstacles))
    units: list[Unit] = []
    taken: dict[tuple[int, int], str] = {}
    for name, entry in model.units.items():
        unit = _unit(name, entry)
        square = (entry.at[0], entry.at[1])
        if not board.contains(square):
            raise InputError(
                _(
                    "unit '{unit}' stands at {square}, off the {width}x{height} board",
                    unit=name,
                    square=list(square),
                    width=width,
                    height=height,
                ),
                tip=_("squares are [x, y], each from 0: x below {width}, y below {height}", width=width, height=height),
                location=doc.locate(("units", name)),
            )
        if board.is_obstacle(square):
            raise InputError(
                _("unit '{unit}' stands on an obstacle at {square}", unit=name, square=list(square)),
                tip=_("move the unit to a free square"),
                location=doc.locate(("units", name)),
            )
        if square in taken:
            raise InputError(
                _(
                    "units '{first}' and '{second}' both stand at {square}",
                    first=taken[square],
                    second=name,
                    square=list(square),
                ),
                tip=_("move one of them to a free square"),
                location=doc.locate(("units", name)),
            )
        taken[square] = name
        units.append(unit)
    names = [u.name for u in units]

    def check(action: Any, path: tuple[str | int, ...]) -> None:
        for field in ("attacker", "unit", "target"):
            value = getattr(action, field, None)
            if value is not None and value not in names:
                raise unknown_name(value, names, doc, (*path, field))
        for j, value in enumerate(getattr(action, "targets", None) or ()):
            if value not in names:
                raise unknown_name(value, names, doc, (*path, "targets", j))
        for where, square in action_squares(action, path):
            if not board.contains((square[0], square[1])):
                raise InputError(
                    _(
                        "square {square} is off the {width}x{height} board",
                        square=list(square),
                        width=width,
                        height=height,
                    ),
                    location=doc.locate(where),
                    tip=_("squares count from [0, 0] to {corner}", corner=[width - 1, height - 1]),
                )

    steps = steps_of(doc, model.actions, check)
    sides = tuple(dict.fromkeys(u.side for u in units))
    for side in model.armies:
        if side not in sides:
            raise InputError(
                _("'armies' names a side '{side}' that no unit belongs to", side=side),
                tip=_("the sides are: {sides}", sides=", ".join(sides)),
                location=doc.locate(("armies", side)),
            )
    battle = Battle(board=board, units=tuple(units), options=options, pools=army_sheets(model, units))
    return assemble(ruleset, doc, model, options=options, state=battle, steps=steps)


def action_squares(action: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every square an action names (a destination, a path), with its field path: a square off the board is a
    mistake in the file, caught when it is loaded (and by ``tabroll check``), not a refusal of the rules."""
    for field in ("to", "move_to"):
        square = getattr(action, field, None)
        if square is not None:
            yield (*path, field), square
    for field in ("move_path", "path"):
        for j, square in enumerate(getattr(action, field, None) or ()):
            yield (*path, field, j), square
    for k, one in enumerate(getattr(action, "paths", None) or ()):
        for j, square in enumerate(one):
            yield (*path, "paths", k, j), square


def army_sheets(model: TabMasterScenario, units: list[Unit]) -> tuple[tuple[str, str, int], ...]:
    """Each side's projectiles by kind: the scenario's ``armies`` entry, else the sum of the side's units'
    ``ammunition`` for that kind (so a scenario written per unit keeps its totals)."""
    totals: dict[tuple[str, str], int] = {}
    for unit in units:
        for kind, count in unit.ammunition:
            key = (unit.side, kind)
            totals[key] = totals.get(key, 0) + count
    for side, kinds in model.armies.items():
        for kind, count in kinds.items():
            for key in [k for k in totals if k[0] == side and k[1].casefold() == kind.casefold()]:
                del totals[key]
            totals[(side, kind)] = count
    return tuple((side, kind, count) for (side, kind), count in totals.items())


HEIGHT_SQUARES_LIMIT = 10_000_000
"""The most squares a scenario's ``heights`` may cover in all, counting each entry's squares (overlaps as often as
they are given): ten times the largest board, so that loading a file costs in proportion to it."""


def height_terrain(model: TabMasterScenario, doc: YamlDocument) -> Terrain:
    """The board's terrain from its ``heights``, each area kept whole (a later entry over an earlier one)."""
    width, height = model.board.size
    areas: list[tuple[tuple[int, int], tuple[int, int], int]] = []
    covered = 0
    for i, patch in enumerate(model.board.heights):
        a, b = (patch.at, patch.at) if patch.at is not None else patch.area  # type: ignore[misc]
        for corner in dict.fromkeys(((a[0], a[1]), (b[0], b[1]))):
            if not (0 <= corner[0] < width and 0 <= corner[1] < height):
                raise InputError(
                    _(
                        "height given for square {square}, outside the {width}x{height} board",
                        square=list(corner),
                        width=width,
                        height=height,
                    ),
                    location=doc.locate(("board", "heights", i)),
                    tip=_("squares count from [0, 0] at the bottom left to [width-1, height-1]"),
                )
        covered += (abs(a[0] - b[0]) + 1) * (abs(a[1] - b[1]) + 1)
        if covered > HEIGHT_SQUARES_LIMIT:
            raise InputError(
                _(
                    "the heights cover {covered} squares in all up to this entry, more than the limit of {limit}",
                    covered=f"{covered:,}",
                    limit=f"{HEIGHT_SQUARES_LIMIT:,}",
                ),
                location=doc.locate(("board", "heights", i)),
                tip=_(
                    "the board has {squares} squares: give each area once, and overlap them less "
                    "(a square covered by two areas counts twice)",
                    squares=f"{width * height:,}",
                ),
            )
        areas.append(((a[0], a[1]), (b[0], b[1]), patch.height))
    return Terrain.painted(width, height, areas)


def _unit(name: str, entry: UnitInput) -> Unit:
    traits: set[str] = set()
    essences: set[str] = set()
    for text in entry.traits:
        kind, value = parse_trait(text)
        (essences if kind == "essence" else traits).add(value)
    return Unit(
        name=name,
        side=entry.side,
        position=(entry.at[0], entry.at[1]),
        primary=entry.primary_profile(),
        secondary=entry.secondary_profile(),
        defense=entry.defense,
        movement=entry.movement,
        height_limit=entry.height_limit,
        vitality=entry.vitality,
        max_vitality=entry.max_vitality if entry.max_vitality is not None else entry.vitality,
        traits=frozenset(traits),
        essences=frozenset(essences),
        ammunition=tuple(entry.ammunition.items()),
        facing=Direction.parse(entry.facing) if entry.facing else Direction.N,
        flipped=entry.flipped,
        catalogue=entry.unit,
        special_damage=entry.special.damage if entry.special else "normal",
        special_note=entry.special.note if entry.special else None,
    )


def quick_scenario(ruleset: AnyRuleset, request: AttackRequest) -> Scenario:
    """Lay out a one-row board for an attack typed on the command line: the attacker at [0, 0], the target
    ``distance`` squares east, ``height`` levels higher (negative: lower); without sight, a ridge between them."""
    from tabroll.kit.fields import field_flag, field_int  # here: a scenario file's run never needs them

    distance = field_int(request, "distance", 1)
    height = field_int(request, "height", 0)
    sight = field_flag(request, "sight", True)
    move = field_int(request, "move", 0)
    if not 1 <= distance <= 999:
        raise InputError(
            _("--distance {value} is out of range", value=distance), tip=_("give a distance from 1 to 999")
        )
    if not -1000 <= height <= 1000:
        raise InputError(
            _("--height must be between -1000 and 1000"),
            tip=_(
                "give how many levels higher the target stands than the attacker (negative: lower), from -1000 to 1000"
            ),
        )
    if not 0 <= move <= 999:
        raise InputError(_("--move {value} is out of range", value=move), tip=_("give how many squares, from 0 to 999"))
    if not sight and distance < 2:
        raise InputError(_("adjacent units always see each other"), tip=_("use --distance 2 or more with --no-sight"))
    attacker_name = request.attacker
    target_name = request.target if request.target != request.attacker else f"{request.target} (target)"
    # Heights never go below 0: the lower of the two stands at 0, the squares between them too.
    heights: list[dict[str, Any]] = []
    if height > 0:
        heights.append({"at": [distance, 0], "height": height})
    elif height < 0:
        heights.append({"at": [0, 0], "height": -height})
    if not sight:
        heights.append({"area": [[1, 0], [distance - 1, 0]], "height": abs(height) + 1})

    def entry(name: str, side: str, x: int, stats: Mapping[str, str]) -> dict[str, Any]:
        out: dict[str, Any] = {"side": side, "at": [x, 0]}
        base = name.split(" (target)")[0]
        if catalogue_entry(base) is not None:
            out["unit"] = base
        out.update(cli_values(stats, text_if=card_text_check))
        if "unit" not in out:  # a typed unit: what this attack does not read of it stays out of play
            for group, unused in UNUSED_STATS[side].items():
                if not group & set(out):
                    out[next(iter(group))] = unused
        return out

    action: dict[str, Any] = {"do": "attack", "attacker": attacker_name, "target": target_name}
    if move:
        action["move_to"] = [min(move, distance - 1), 0]
    action.update(_action_fields(request.fields, skip=LAYOUT_FIELDS))
    data = {
        "ruleset": "tabmaster",
        "title": _("{attacker} attacks {targets}", attacker=attacker_name, targets=target_name),
        "board": {"size": [distance + 1, 1], "heights": heights},
        "units": {
            attacker_name: entry(attacker_name, "attacker", 0, request.attacker_stats),
            target_name: entry(target_name, "defender", distance, request.target_stats),
        },
        "actions": [action],
    }
    doc = command_line_document(data)
    return build_scenario(ruleset, doc, request.options)


UNUSED_STATS: dict[str, dict[frozenset[str], Any]] = {
    "attacker": {frozenset({"DEF", "defense"}): 0},
    "defender": {frozenset({"ATK", "attack"}): 0, frozenset({"DAN", "damage"}): "0"},
}
"""The stats a unit typed on the command line is given when its part in the attack does not read them (an
attack hurts no attacker here, and a target does not strike back), in the spelling the catalogue uses first."""


def check_stat(need: Any, value: Any) -> str | None:
    """Whether a typed ATK is written as a card prints it (``2``, ``'5 (Mágico)'``, ``'1d10 (Projétil: Flecha)'``)."""
    if need.name != "ATK":
        return None
    text = str(value).strip()
    detail = _attack_problem(text)
    return None if detail is None else _("ATK={text} is not an attack as printed ({detail})", text=text, detail=detail)


def _attack_problem(text: str) -> str | None:
    """Why ``text`` is not an ATK as a card prints it, or None."""
    return _problem(lambda printed: parse_attack(printed, "1d6"), text)


def _problem(read: Callable[[str], object], text: str) -> str | None:
    """Why ``read`` refuses ``text``, or None."""
    try:
        read(text)
    except (InputError, ValueError, AssertionError) as err:
        return getattr(err, "message", None) or str(err)
    return None


def card_text_check(key: str) -> Callable[[str], bool] | None:
    """For a stat printed on a card as text (ATK ``1d10 (Projétil: Flecha)``, DAN ``1d20``): whether the words
    typed are that text as printed (the colon of ``Projétil: Flecha`` would make YAML read a mapping)."""
    if key in ("ATK", "attack"):
        return lambda text: _attack_problem(text) is None
    if key in ("DAN", "damage"):
        from tabroll.dice.notation import parse

        return lambda text: _problem(parse, text) is None
    return None


def quick_action(ruleset: AnyRuleset, attacker: str, target: str, fields: Mapping[str, str]) -> AttackAction:
    """An attack action from command-line words, validated like a scenario's action."""
    data: dict[str, Any] = {"do": "attack", "attacker": attacker, "target": target, **_action_fields(fields)}
    return command_line_model(AttackAction, data)


LAYOUT_FIELDS = frozenset({"distance", "height", "sight", "move"})
"""The command-line fields that lay out the one-row board of an attack with no scenario file."""


def _action_fields(fields: Mapping[str, str], *, skip: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The fields of the attack action itself, read as a file's values; ``--move-to 2,1`` is the square [2, 1]."""
    return cli_values({key: value for key, value in fields.items() if key not in skip}, flags=True, lists=("move_to",))


def ammunition_shown(battle: Battle, unit: Unit) -> dict[str, int]:
    """A unit's projectiles as the state shows them: its own counts (``projectiles: unit``), or, on the army
    sheet (``projectiles: army``), its side's pool of each kind it carries or shoots."""
    if battle.options.projectiles == "unit":
        return dict(unit.ammunition)
    kinds = [kind for kind, _ in unit.ammunition]
    for profile in (unit.primary, unit.secondary):
        if profile is not None and profile.ammo and all(k.casefold() != profile.ammo.casefold() for k in kinds):
            kinds.append(profile.ammo)
    return {kind: battle.pool(unit.side, kind) for kind in kinds}


def summarize(battle: Battle) -> dict[str, Any]:
    return {
        "round": battle.round,
        "armies": {
            side: {k: c for s, k, c in battle.pools if s == side}
            for side in dict.fromkeys(s for s, _, _ in battle.pools)
        },
        "units": [
            {
                "name": u.name,
                "side": u.side,
                "position": list(u.position) if u.position is not None else None,
                "defeated": u.defeated,
                "flipped": u.flipped,
                "vitality": u.vitality,
                "ammunition": ammunition_shown(battle, u),
                "statuses": list(u.statuses),
            }
            for u in battle.units
        ],
    }
