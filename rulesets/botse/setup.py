"""From a validated scenario file (or an engage typed on the command line) to the initial battle state."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from tabroll.errors import InputError
from tabroll.geometry.hex import HexMap, HexPlacement
from tabroll.kit import AnyRuleset, AttackRequest
from tabroll.kit.fields import field_flag, field_int
from tabroll.kit.models import assemble, command_line_model, scenario_options, steps_of, unknown_name
from tabroll.kit.roster import Roster
from tabroll.kit.text import bundled_yaml, cli_values, located
from tabroll.kit.views import StateView, text_line
from tabroll.loading.document import YamlDocument, command_line_document
from tabroll.loading.validation import validate

from .messages import _, dice_words, die_word, p_
from .model import (
    AdventurerInput,
    AuraAction,
    BotseAction,
    BotseOptions,
    BotseScenario,
    CreatureInput,
    EngageAction,
    FaceEntry,
    MoveAction,
    PartInput,
    RollFields,
    SkillLineInput,
)
from .state import Ability, Adventurer, Battle, Cost, Creature, Die, Effect, Face, Item, Placed, Skill

if TYPE_CHECKING:
    from tabroll.engine import Scenario

Path = tuple[str | int, ...]

FATIGUE_DIE = "(light fatigue)"  # a light fatigue die on the cooldown track (the resolver's name for it)


def face_of(entry: FaceEntry | PartInput) -> Face:
    """A face as the rules read it (or a face's ``then`` part)."""
    if entry == "blank":
        return Face()
    if entry == "tenacity":
        return Face(tenacity=True)
    assert not isinstance(entry, str)
    cost, then = getattr(entry, "cost", None), getattr(entry, "then", None)
    return Face(
        **entry.model_dump(exclude={"cost", "then"}),
        cost=Cost(**cost.model_dump()) if cost is not None else None,
        then=face_of(then) if then is not None else None,
    )


@cache
def sample_dice_set() -> BotseScenario:
    """The bundled illustrative dice (``sample_dice.yaml``): NOT the printed game's faces."""
    data = bundled_yaml(__file__, "sample_dice.yaml")
    nobody = {"at": [0, 0], "stamina": 0, "magicka": 0, "health": 0}
    return BotseScenario.model_validate(
        {"ruleset": "botse", "map": {"radius": 0}, "adventurers": {"-": nobody}, **data}
    )


def _dice(model: BotseScenario, doc: YamlDocument) -> tuple[dict[str, Die], str | None]:
    lines: list[tuple[SkillLineInput, Path | None]] = []
    if model.dice_set == "sample":
        sample = sample_dice_set()
        lines += [(line, None) for n, line in sample.skill_lines.items() if n not in model.skill_lines]
        enemy = {**sample.enemy_dice, **model.enemy_dice}
    else:
        enemy = dict(model.enemy_dice)
    lines += [(line, ("skill_lines", n)) for n, line in model.skill_lines.items()]
    dice: dict[str, Die] = {}
    for line, path in lines:
        for name, die in line.dice.items():
            if name in dice:
                raise InputError(
                    _("two dice are called '{name}'", name=name),
                    tip=_("give every die its own name (a name once per die, not per copy)"),
                    location=doc.locate((*path, "dice", name)) if path else None,
                )
            faces = tuple(face_of(f) for f in die.faces)
            dice[name] = Die(name=name, faces=faces, stat=line.stat, form=die.form, combat=line.combat)
    for name, enemy_die in enemy.items():
        where = ("enemy_dice", name)
        if name in dice:
            raise InputError(
                _("two dice are called '{name}'", name=name),
                tip=_("give each die its own name"),
                location=doc.locate(where),
            )
        faces = tuple(face_of(f) for f in enemy_die.faces)
        if any(f.tenacity for f in faces):
            raise InputError(
                _("enemy die '{name}' has a tenacity face: enemy combat dice carry no tenacity icon", name=name),
                tip=_("remove the tenacity icon from its faces"),
                location=doc.locate(where),
            )
        dice[name] = Die(name=name, faces=faces, combat=True)
    return dice, next(iter(enemy), None)


def _adventurer(name: str, entry: AdventurerInput, dice: Mapping[str, Die], doc: YamlDocument) -> Adventurer:
    skill_dice = sorted(n for n, d in dice.items() if d.stat is not None)
    base = ("adventurers", name)
    for i, die in enumerate(entry.dice):
        if die not in dice or dice[die].stat is None:
            raise unknown_name(die, skill_dice, doc, (*base, "dice", i), "skill die")
    cooldown = [FATIGUE_DIE if d in ("light fatigue", FATIGUE_DIE) else d for d in entry.cooldown]
    for field_name, names in (("cooldown", cooldown), ("active", entry.active)):
        for i, listed in enumerate(names):
            if listed is not None and listed not in dice and listed != FATIGUE_DIE:
                raise unknown_name(listed, sorted(dice), doc, (*base, field_name, i), "die")
    items = tuple(
        Item(
            name=item_name,
            forms=frozenset(item.forms),
            ability=Ability(**item.ability.model_dump()),
            overtax_cost=Cost(**item.overtax.cost.model_dump()) if item.overtax else None,
            overtax_ability=Ability(**item.overtax.ability.model_dump()) if item.overtax else None,
            ready=item.ready,
        )
        for item_name, item in entry.items.items()
    )
    track = tuple(cooldown) + (None,) * (entry.cooldown_slots - len(cooldown))
    return Adventurer(
        name=name,
        position=entry.at,
        stamina=entry.stamina,
        magicka=entry.magicka,
        health=entry.health,
        max_health=entry.max_health or entry.health,
        cooldown_stat=entry.cooldown_stat,
        defense=entry.defense,
        tenacity=entry.tenacity,
        form=entry.form,
        available=tuple(entry.dice),
        cooldown=track,
        active_slots=entry.active_slots,
        active=tuple(Placed(die=d) for d in entry.active),
        light_fatigue=entry.light_fatigue,
        engages=entry.engages,
        items=items,
        skills=tuple(Skill(name=s.name, when=s.when, effect=Effect(**s.effect.model_dump())) for s in entry.skills),
    )


def _creature(name: str, side: str, entry: CreatureInput, dice: Mapping[str, Die], doc: YamlDocument) -> Creature:
    if entry.combat_die is not None and entry.combat_die not in dice:
        raise unknown_name(entry.combat_die, sorted(dice), doc, (f"{side}s", name, "combat_die"), "die")
    return Creature(
        name=name,
        side=side,
        position=entry.at,
        health=entry.health,
        max_health=entry.max_health or entry.health,
        defense=entry.defense,
        skills=tuple(Skill(name=s.name, when=s.when, effect=Effect(**s.effect.model_dump())) for s in entry.skills),
    )


def build_scenario(ruleset: AnyRuleset, doc: YamlDocument, overrides: Mapping[str, Any] | None = None) -> Scenario:
    model = validate(BotseScenario, doc)
    options = scenario_options(ruleset, doc, model, overrides or {}, BotseOptions)
    dice, enemy_die = _dice(model, doc)
    with located(doc, ("map",)):
        hex_map = HexMap.build(**model.map.model_dump())  # the map's fields are the builder's
    adventurers = tuple(_adventurer(n, e, dice, doc) for n, e in model.adventurers.items())
    creatures = tuple(
        [_creature(n, "enemy", e, dice, doc) for n, e in model.enemies.items()]
        + [_creature(n, "companion", e, dice, doc) for n, e in model.companions.items()]
    )
    placing = HexPlacement(
        hex_map,
        twice=_("two units are called '{name}'"),
        off_map=_("'{name}' stands at {at}, off the map"),
        blocked=_("'{name}' stands on a blocked hex {at}"),
        held=_("'{other}' and '{name}' both stand at {at}"),
    )
    groups = {"adventurer": "adventurers", "enemy": "enemies", "companion": "companions"}
    everyone: tuple[Adventurer | Creature, ...] = (*adventurers, *creatures)
    for unit in everyone:
        placing.place(unit.name, unit.position, doc.locate((groups[unit.side], unit.name, "at")))
    battle = Battle(hex_map, dice, Roster(adventurers), Roster(creatures), options, enemy_die)
    steps = steps_of(doc, model.actions, lambda action, path: check_names(battle, action, doc, path))
    return assemble(ruleset, doc, model, options=options, state=battle, steps=steps)


def check_names(battle: Battle, action: BotseAction, doc: YamlDocument, base: Path) -> None:
    """Every unit, die and item an action names exists (a typo is bad input, located at its field)."""
    units = [u.name for u in battle.units]

    def check_unit(name: str | None, *field: str | int) -> None:
        if name is not None and name not in units:
            raise unknown_name(name, units, doc, (*base, *field))

    if isinstance(action, AuraAction):
        check_unit(action.unit, "unit")
    else:
        check_unit(action.adventurer, "adventurer")
    if isinstance(action, EngageAction):
        check_unit(action.target, "target")
        for i, name in enumerate(action.targets or ()):
            check_unit(name, "targets", i)
    if isinstance(action, MoveAction) and not battle.map.contains(action.to):
        raise InputError(
            _("hex {hex} is off the map", hex=list(action.to)),
            location=doc.locate((*base, "to")),
            tip=_("a move goes to one of the map's hexes (see the scenario's map)"),
        )
    if isinstance(action, RollFields | AuraAction):
        for i, name in enumerate(action.reactions):
            check_unit(name, "reactions", i)
    if isinstance(action, RollFields):
        for i, name in enumerate(action.gather):
            if name not in battle.dice:
                raise unknown_name(name, sorted(battle.dice), doc, (*base, "gather", i), "die")
    if isinstance(action, EngageAction) and action.item is not None:
        adventurer = battle.unit(action.adventurer)
        if not isinstance(adventurer, Adventurer):
            raise InputError(
                _("'{unit}' is not an adventurer: only adventurers engage", unit=action.adventurer),
                tip=_("name one of the adventurers here"),
                location=doc.locate((*base, "adventurer")),
            )
        if adventurer.item(action.item) is None:
            raise unknown_name(action.item, [i.name for i in adventurer.items], doc, (*base, "item"), "item")


def engage_fields(attacker: str, target: str, fields: Mapping[str, str], ruleset: AnyRuleset) -> dict[str, Any]:
    """The engage of ``attacker`` on ``target`` typed on the command line: ``--gather`` as a list or with commas
    (``Combat,Sword``); the fields that lay out the board (``--distance``, ``--sight``) are left out."""
    quick_only = {key for key in fields if (spec := ruleset.attack_field(key)) is not None and spec.quick_only}
    read = cli_values({key: value for key, value in fields.items() if key not in quick_only})
    if isinstance(gather := read.get("gather"), str):
        read["gather"] = [name.strip() for name in gather.split(",") if name.strip()]
    return {"do": "engage", "adventurer": attacker, "target": target, **read}


def quick_action(ruleset: AnyRuleset, attacker: str, target: str, fields: Mapping[str, str]) -> EngageAction:
    """An engage typed on the command line against a scenario file's units (``tabroll attack FILE ...``)."""
    return command_line_model(EngageAction, engage_fields(attacker, target, fields, ruleset))


def quick_scenario(ruleset: AnyRuleset, request: AttackRequest) -> Scenario:
    """An engage typed on the command line with no file: the sample dice (the adventurer's are those gathered),
    the enemy ``distance`` hexes east of the adventurer, ``--no-sight`` blocking the hex between. With no
    reactions or items, an engage that gathers no dice would do nothing: refused."""

    distance = field_int(request, "distance", 1)
    sight = field_flag(request, "sight", True)
    if not 1 <= distance <= 50:
        raise InputError(
            _("--distance {distance} is out of range", distance=distance), tip=_("give a distance from 1 to 50")
        )
    if not sight and distance < 2:
        raise InputError(_("adjacent units always see each other"), tip=_("use --distance 2 or more with --no-sight"))
    action = engage_fields(request.attacker, request.target, request.fields, ruleset)
    gathered = action.get("gather")
    adventurer: dict[str, Any] = {"at": [0, 0], "stamina": 3, "magicka": 3, "health": 10}
    adventurer["dice"] = list(gathered) if isinstance(gathered, list) else []
    if isinstance(action.get("form"), str):
        adventurer["form"] = action["form"]
    adventurer.update(cli_values(request.attacker_stats))
    enemy = {"at": [distance, 0], "health": 10, "defense": 0, **cli_values(request.target_stats)}
    data = {
        "ruleset": "botse",
        "title": _("{unit} engages {targets}", unit=request.attacker, targets=request.target),
        "dice_set": "sample",
        "map": {"radius": distance, "blocked": [] if sight else [[1, 0]]},
        "adventurers": {request.attacker: adventurer},
        "enemies": {request.target: enemy},
        "actions": [action],
    }
    scenario = build_scenario(ruleset, command_line_document(data), request.options)
    if not gathered and not action.get("free_dice"):
        names = ", ".join(name for line in sample_dice_set().skill_lines.values() for name in line.dice)
        raise InputError(
            _("the engage gathers no dice: with no scenario file it would do nothing"),
            tip=_("gather sample dice, e.g. --gather Combat,Sword (the sample dice: {names})", names=names),
        )
    return scenario


def summarize(battle: Battle) -> dict[str, Any]:
    units: list[dict[str, Any]] = []
    for a in battle.adventurers:
        units.append(
            {
                "name": a.name,
                "side": "adventurer",
                "position": list(a.position),
                "defeated": a.defeated,
                "health": a.health,
                "tenacity": a.tenacity,
                "form": a.form.value,
                "light_fatigue": a.light_fatigue,
                "engages": a.engages,
                "available": list(a.available),
                "cooldown": list(a.cooldown),
                "active": [p.die for p in a.active],
                "drained": list(a.drained),
                "statuses": [f"{p.die} on {p.on}" for p in a.statuses],
            }
        )
    for c in battle.creatures:
        units.append(
            {
                "name": c.name,
                "side": c.side,
                "position": list(c.position),
                "defeated": c.defeated,
                "health": c.health,
                "defense": c.defense,
                "statuses": list(c.statuses),
            }
        )
    return {"units": units}


def state_view(battle: Battle) -> StateView:
    """A line per adventurer and creature: where it stands and everything the rules still read of it."""
    return StateView(lines=tuple(text_line(unit_text(unit)) for unit in summarize(battle)["units"]))


def unit_text(unit: dict[str, Any]) -> str:
    name, side = unit["name"], p_("side", unit["side"])
    if unit["defeated"]:
        return _("{unit} ({side}), defeated", unit=name, side=side)
    parts = [
        _("{unit} ({side}), at {position}", unit=name, side=side, position=unit["position"]),
        _("Health {health}", health=unit["health"]),
    ]
    if unit["side"] == "adventurer":
        track = ", ".join(
            _("(light fatigue)") if d == FATIGUE_DIE else die_word(d) if d else "-" for d in unit["cooldown"]
        )
        parts += [
            _("tenacity {tenacity}", tenacity=unit["tenacity"]),
            _("light fatigue {fatigue}", fatigue=unit["light_fatigue"]),
            _("form {form}", form=p_("form", unit["form"])),
            _("engages {engages}", engages=unit["engages"]),
            _("rows: {dice}", dice=dice_words(unit["available"]) or _("none")),
            _("cooldown: [{track}]", track=track),
            _("active: [{dice}]", dice=dice_words(unit["active"])),
        ]
        if unit["drained"]:
            parts.append(_("drained: {dice}", dice=dice_words(unit["drained"])))
    else:
        parts.append(_("Defense {defense}", defense=unit["defense"]))
    if unit["statuses"]:
        parts.append(_("statuses: {statuses}", statuses=", ".join(unit["statuses"])))
    return "; ".join(parts)
