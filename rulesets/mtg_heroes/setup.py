"""From a validated scenario file (or a command line) to the initial battle state, and back to a summary."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from tabroll.engine import Scenario
from tabroll.errors import InputError
from tabroll.geometry.bands import RangeBands
from tabroll.kit import AnyRuleset, AttackRequest
from tabroll.kit.fields import field_text
from tabroll.kit.models import assemble, command_line_model, scenario_options, steps_of, unknown_name
from tabroll.kit.roster import Roster
from tabroll.kit.text import bundled_yaml, cli_values, located
from tabroll.kit.views import StateView, ViewTable, line_text, text_line
from tabroll.loading.document import YamlDocument, command_line_document
from tabroll.loading.validation import validate
from tabroll.words import did_you_mean

from . import RANGE_FIELD as RANGE
from .messages import _, band_word, out_word, p_, phase_word, result_word
from .model import (
    AttackAction,
    CastAction,
    CombatantInput,
    HeroesOptions,
    HeroesScenario,
    MoveAction,
    SkillTestAction,
    SpellInput,
)
from .state import SCALE, Battle, Combatant, SpellBook

_NAME_FIELDS = ("attacker", "target", "unit", "caster", "intercept_by", "after", "by", "responds_to")


def build_scenario(ruleset: AnyRuleset, doc: YamlDocument, overrides: Mapping[str, Any] | None = None) -> Scenario:
    model = validate(HeroesScenario, doc)
    options = scenario_options(ruleset, doc, model, overrides or {}, HeroesOptions)
    sides = {name: entry.side for name, entry in model.combatants.items() if entry.kind == "character"}
    _check_start(model, options, doc)
    book = tuple({**dict(bundled_spells()), **model.spells}.items())  # a scenario's spell replaces a bundled one
    known = dict(book)
    combatants = [_combatant(name, entry, sides) for name, entry in model.combatants.items()]
    reserve = [_combatant(name, entry, sides) for name, entry in model.reserve.items()]
    _check_spells_known(model, known, doc)
    reserve += _spell_creatures(book, model, {u.name for u in [*combatants, *reserve]})
    everyone = [*(u.name for u in combatants), *(u.name for u in reserve)]
    _check_rosters(combatants, reserve, doc)
    bands = _bands_of(model, everyone, doc)
    check = _action_check(everyone, [u.name for u in reserve], known, doc)
    steps = steps_of(doc, model.actions, check)
    battle = Battle(
        combatants=Roster(combatants),
        reserve=tuple(reserve),
        bands=bands,
        options=options,
        spells=SpellBook(book),
        had_characters=frozenset(u.side for u in combatants if u.is_character),
    )
    return assemble(ruleset, doc, model, options=options, state=battle, steps=steps)


@cache
def bundled_spells() -> tuple[tuple[str, SpellInput], ...]:
    """The bundled illustrative spells (``spells.yaml``: ours, made up to show each kind of effect, not the printed
    cards), in file order."""
    data = bundled_yaml(__file__, "spells.yaml")["spells"]
    return tuple((name, SpellInput.model_validate(entry)) for name, entry in data.items())


def _check_spells_known(model: HeroesScenario, known: Mapping[str, SpellInput], doc: YamlDocument) -> None:
    """Every spell a combatant knows or keeps in its Library is in the spell list (bundled or the scenario's)."""
    for group in ("combatants", "reserve"):
        for name, entry in getattr(model, group).items():
            for field in ("spells", "library"):
                for j, spell in enumerate(getattr(entry, field)):
                    if spell not in known:
                        raise _unknown_spell(spell, known, doc, (group, name, field, j))


def _check_rosters(combatants: list[Combatant], reserve: list[Combatant], doc: YamlDocument) -> None:
    """No one both in the fight and in the reserve; a creature's controller is a character in the fight."""
    names = [u.name for u in combatants]
    for name in (u.name for u in reserve):
        if name in names:
            raise InputError(
                _("'{name}' is both in the fight and in the reserve", name=name),
                tip=_("remove it from one of the two, or give the one in the reserve another name"),
                location=doc.locate(("reserve", name)),
            )
    for unit in [*combatants, *reserve]:
        where = ("combatants" if unit in combatants else "reserve", unit.name)
        if unit.controller is not None:
            boss = next((u for u in combatants if u.name == unit.controller), None)
            if boss is None or not boss.is_character:
                raise InputError(
                    _(
                        "{unit}'s controller '{controller}' is not a character in the fight",
                        unit=unit.name,
                        controller=unit.controller,
                    ),
                    location=doc.locate((*where, "controller")),
                    tip=_("a creature's controller is the character who commands it"),
                )


def _bands_of(model: HeroesScenario, everyone: list[str], doc: YamlDocument) -> RangeBands:
    """The range band of every pair: the scenario's default, then each pair it names."""
    with located(doc, ("default_range",)):
        default = SCALE.parse(model.default_range)
    bands = RangeBands(scale=SCALE, default=default, names=tuple(everyone))
    for i, entry in enumerate(model.ranges):
        a, b = entry.between
        for j, name in enumerate(entry.between):
            if name not in everyone:
                raise _unknown(name, everyone, doc, ("ranges", i, "between", j))
        if a == b:
            raise InputError(
                _("a range is between two combatants, not '{a}' and itself", a=a),
                tip=_("name two different combatants in 'between'"),
                location=doc.locate(("ranges", i)),
            )
        with located(doc, ("ranges", i, "band")):
            bands = bands.with_band(a, b, entry.band)
    return bands


def _action_check(
    everyone: list[str], reserved: list[str], known: Mapping[str, SpellInput], doc: YamlDocument
) -> Callable[[Any, tuple[str | int, ...]], None]:
    """The check of each scenario action as it is read: the combatants and the reserve creature it names, a cast's
    spell, and its words."""

    def check(action: Any, path: tuple[str | int, ...]) -> None:
        for field in _NAME_FIELDS:
            value = getattr(action, field, None)
            if isinstance(value, str) and value not in everyone:  # a skill test's target is a number
                raise _unknown(value, everyone, doc, (*path, field))
        for j, value in enumerate(getattr(action, "relative_to", None) or ()):
            if value not in everyone:
                raise _unknown(value, everyone, doc, (*path, "relative_to", j))
        creature = getattr(action, "creature", None)
        if creature is not None and creature not in reserved:
            raise _unknown(creature, reserved, doc, (*path, "creature"))
        if isinstance(action, CastAction):
            _check_cast(action, known, doc, path)
        _check_words(action, doc, path)

    return check


def _check_start(model: HeroesScenario, options: HeroesOptions, doc: YamlDocument) -> None:
    """What the source forbids at the start of a fight: a combatant at 0 Life, a character with more mana (or a
    higher maximum) than its Reach."""
    for group in ("combatants", "reserve"):
        for name, entry in getattr(model, group).items():
            if entry.life == 0:
                raise InputError(
                    _("{name} starts the fight with Life 0: a combatant at 0 Life cannot take part", name=name),
                    location=doc.locate((group, name, _key_used(doc, (group, name), "life"))),
                    tip=_("give it Life 1 or more, or leave it out of the scenario"),
                )
            if entry.kind != "character" or options.mana_above_reach:
                continue
            for field, value in (("max_mana", entry.max_mana), ("mana", entry.mana)):
                if value is not None and value > entry.reach:
                    values = {"name": name, "field": field, "value": value, "reach": entry.reach}
                    raise InputError(
                        _(
                            "{name} starts with {field} {value}, above its Reach {reach}: a character may "
                            "begin a fight with no more mana than its Reach",
                            **values,
                        ),
                        location=doc.locate((group, name, _key_used(doc, (group, name), field))),
                        tip=_("lower {field} to {reach} or less, or set the option mana_above_reach: true", **values),
                    )


def _key_used(doc: YamlDocument, path: tuple[str, str], field: str) -> str:
    """The key the file used for ``field`` (``Life`` or ``Życie`` for ``life``), so a message points at it."""
    entry = doc.data
    for part in path:
        entry = entry.get(part, {}) if isinstance(entry, dict) else {}
    choices = CombatantInput.model_fields[field].validation_alias
    names = [str(n) for n in getattr(choices, "choices", [field])]
    return next((n for n in names if isinstance(entry, dict) and n in entry), field)


def _unknown_spell(
    name: str, known: Mapping[str, SpellInput], doc: YamlDocument, path: tuple[str | int, ...]
) -> InputError:
    tip = did_you_mean(name, sorted(known), _("define it under 'spells:' in the scenario (see the bundled list)"))
    return InputError(_("no spell called '{name}' in the spell list", name=name), tip=tip, location=doc.locate(path))


def _check_cast(
    action: CastAction, known: Mapping[str, SpellInput], doc: YamlDocument, path: tuple[str | int, ...]
) -> None:
    if action.cost is None and action.spell not in known:
        error = _unknown_spell(action.spell, known, doc, (*path, "spell"))
        raise InputError(
            error.message,
            tip=(error.tip or "") + "; or give its 'cost' to cast a spell whose effect the table applies",
            location=error.location,
        )
    if action.cost is not None and action.spell in known:
        raise InputError(
            _(
                "'{spell}' is in the spell list (cost {cost}): its cost and effects come from there",
                spell=action.spell,
                cost=known[action.spell].cost,
            ),
            location=doc.locate((*path, "cost")),
            tip=_(
                "leave out 'cost' (and 'instant', 'creature_only', 'split_second'), or give the "
                "table's spell another name"
            ),
        )


def _spell_creatures(
    book: tuple[tuple[str, SpellInput], ...], model: HeroesScenario, taken: set[str]
) -> list[Combatant]:
    """The creatures of summoning spells some character knows (in Memory or Library), as reserve creatures."""
    wanted = {
        spell
        for entry in [*model.combatants.values(), *model.reserve.values()]
        for spell in [*entry.spells, *entry.library]
    }
    wanted |= {a.spell for a in model.actions if isinstance(a, CastAction) and a.cost is None}
    out: list[Combatant] = []
    for name, spell in book:
        if name not in wanted or spell.summon is None or spell.creature is None or spell.summon in taken:
            continue
        stats = spell.creature
        taken.add(spell.summon)
        out.append(
            Combatant(
                name=spell.summon,
                kind="creature",
                side="",
                power=stats.power,
                toughness=stats.toughness,
                life=stats.life,
                max_life=stats.life,
                speed=stats.speed,
                keywords=frozenset(stats.keywords),
            )
        )
    return out


def _check_words(action: Any, doc: YamlDocument, path: tuple[str | int, ...]) -> None:
    """Skill, difficulty, identity and range names of an action, checked at load time with their location."""
    from .skills import find_difficulty, find_skill, parse_identity

    words: list[tuple[Any, str, tuple[str | int, ...]]] = []
    if isinstance(action, SkillTestAction):
        if action.skill is not None:
            words.append((find_skill, action.skill, ("skill",)))
        words += [(find_skill, name, ("skills", j)) for j, name in enumerate(action.skills or ())]
        if action.difficulty is not None:
            words.append((find_difficulty, action.difficulty, ("difficulty",)))
        if action.identity is not None:
            words.append((parse_identity, action.identity, ("identity",)))
    if isinstance(action, MoveAction):
        words.append((SCALE.parse, action.to, ("to",)))
    for check, word, where in words:
        with located(doc, (*path, *where)):
            check(word)


def _unknown(name: str, names: Sequence[str], doc: YamlDocument, path: tuple[str | int, ...]) -> InputError:
    return unknown_name(name, sorted(names), doc, path, what="combatant")


def _combatant(name: str, entry: CombatantInput, sides: Mapping[str, str | None]) -> Combatant:
    max_life = entry.max_life if entry.max_life is not None else entry.life
    max_mana = entry.max_mana if entry.max_mana is not None else entry.reach
    return Combatant(
        name=name,
        kind=entry.kind,
        side=entry.side or sides.get(entry.controller or "") or str(entry.controller),
        power=entry.power,
        toughness=entry.toughness,
        life=entry.life,
        max_life=max_life,
        speed=entry.speed,
        reach=entry.reach,
        focus=entry.focus,
        mastery=entry.mastery,
        memory=entry.memory,
        mana=entry.mana,
        max_mana=max_mana,
        identity=entry.identity,
        keywords=frozenset(entry.keywords),
        controller=entry.controller,
        summoning_sick=entry.summoned_this_turn and "haste" not in entry.keywords,
        tracks_spells=bool(entry.spells or entry.library),
        memory_spells=tuple(entry.spells),
        library=tuple(entry.library),
    )


IDENTITY_KEYS = frozenset(
    str(n) for n in getattr(CombatantInput.model_fields["identity"].validation_alias, "choices", ())
)


def _as_text(key: str) -> Callable[[str], bool]:
    """When a ``KEY=VALUE`` of the command line, read like a file's value, is taken as the text typed: a colour
    identity always (``[WUBB]`` is how the source writes one, not a list); any other value unless it opens a YAML
    list or mapping (``[first strike, trample]``), so that a name or a word YAML cannot read is taken as typed."""
    identity = key in IDENTITY_KEYS
    return lambda text: identity or not text.lstrip().startswith(("[", "{"))


def quick_scenario(ruleset: AnyRuleset, request: AttackRequest) -> Scenario:
    """One attack typed on the command line: two combatants at near range, or at the ``--range`` given."""

    fields = dict(request.fields)
    band = field_text(fields, RANGE.name, RANGE.default or "near")
    fields.pop(RANGE.name, None)
    try:
        SCALE.parse(band)
    except InputError as err:
        raise InputError(
            _("{flag} {band!r}: {message}", flag=RANGE.flag, band=band, message=err.message),
            tip=_("near (they may fight) or far"),
        ) from None
    attacker_name = request.attacker
    target_name = (
        request.target if request.target != request.attacker else _("{target} (target)", target=request.target)
    )

    def entry(side: str, stats: Mapping[str, str], who: str) -> dict[str, Any]:
        out = {"side": side, **cli_values(stats, text_if=_as_text)}
        if not any(k.casefold() in ("power", "siła", "sila", "p") for k in out):
            raise InputError(
                _("the {who}'s Power, Toughness and Life are needed", who=who),
                tip=_("e.g. --{who}-stat Power=3 --{who}-stat Toughness=2 --{who}-stat Life=5", who=who),
            )
        return out

    action = {"do": "attack", "attacker": attacker_name, "target": target_name, **cli_values(fields, text_if=_as_text)}
    data = {
        "ruleset": "mtg_heroes",
        "title": _("{attacker} attacks {target}", attacker=attacker_name, target=target_name),
        "default_range": band,
        "combatants": {
            attacker_name: entry("attacker", request.attacker_stats, "attacker"),
            target_name: entry("defender", request.target_stats, "target"),
        },
        "actions": [action],
    }
    doc = command_line_document(data)
    return build_scenario(ruleset, doc, request.options)


def quick_action(ruleset: AnyRuleset, attacker: str, target: str, fields: Mapping[str, str]) -> AttackAction:
    """An attack against a scenario file's combatants, from command-line words."""
    data = {"do": "attack", "attacker": attacker, "target": target, **cli_values(fields, text_if=_as_text)}
    return command_line_model(AttackAction, data)


def quick_skill_test(
    ruleset: AnyRuleset,
    identity: str,
    skills: Sequence[str],
    difficulty: str | None = None,
    target: int | None = None,
    options: Any = None,
) -> Scenario:
    """A one-action scenario for a skill test typed on the command line (``tabroll check-skill``)."""
    names = list(skills)
    given: dict[str, Any] = {"skill": names[0]} if len(names) == 1 else {"skills": names}
    given |= {"difficulty": difficulty, "target": target}
    action = {"do": "skill_test", "identity": identity, **{k: v for k, v in given.items() if v is not None}}
    data = {
        "ruleset": "mtg_heroes",
        "title": _("[{identity}] tests {skills}", identity=identity, skills=" / ".join(names)),
        "actions": [action],
    }
    doc = command_line_document(data)
    try:
        return build_scenario(ruleset, doc, options or {})
    except InputError as err:  # the command line has no file positions to show
        raise InputError(err.message, tip=err.tip) from None


def summarize(battle: Battle) -> dict[str, Any]:
    return {
        "turn": battle.turn,
        "order": list(battle.order),
        "active": battle.active,
        "phase": battle.phase,
        "result": battle.result,
        "ranges": [{"between": [a, b], "band": band} for a, b, band in battle.bands.pairs()],
        "default_range": battle.bands.default,
        "units": [
            {
                "name": u.name,
                "kind": u.kind,
                "side": u.side,
                "life": u.life,
                "toughness_left": u.toughness_pool,
                "mana": u.mana,
                "out": u.out_reason if u.out else None,
                "keywords": sorted(u.keywords),
                "pushed_back": u.pushed_back,
                "memory": list(u.memory_spells) if u.tracks_spells else None,
            }
            for u in battle.combatants
        ],
    }


def _facts(unit: dict[str, Any]) -> str:
    parts = [_("Life {life}", life=unit["life"])]
    if unit["toughness_left"] is not None:
        parts.append(_("Toughness left {left} this turn", left=unit["toughness_left"]))
    if unit["mana"]:
        parts.append(_("mana {mana}", mana=unit["mana"]))
    if unit["keywords"]:
        parts.append(", ".join(k.title() for k in unit["keywords"]))
    if unit["pushed_back"]:
        parts.append(p_("status", "pushed back"))
    if unit["memory"] is not None:
        parts.append(_("in Memory: {spells}", spells=", ".join(unit["memory"]) or _("nothing")))
    if unit["out"]:
        parts.insert(0, out_word(str(unit["out"])))
    return ", ".join(parts)


def kind_word(kind: str) -> str:
    """character or creature, as the language says it."""
    return p_("kind", "character") if kind == "character" else p_("kind", "creature") if kind == "creature" else kind


def state_view(battle: Battle) -> StateView:
    """A line per combatant, the range bands, and whose turn it is or how the battle ended; as a table, the
    combatants with the ranges below."""
    summary = summarize(battle)
    rows = tuple(((u["name"], kind_word(u["kind"]), u["side"], _facts(u)), bool(u["out"])) for u in summary["units"])
    lines = [
        text_line(_("{name} ({kind}, {side}): {facts}", name=name, kind=kind, side=side, facts=facts))
        for (name, kind, side, facts), _out in rows
    ]
    ranges = [f"{a}–{b} {band_word(band)}" for (a, b), band in ((r["between"], r["band"]) for r in summary["ranges"])]
    other = band_word(summary["default_range"])
    ranges_line = (
        _("ranges: {ranges}; every other pair {band}", ranges=", ".join(ranges), band=other)
        if ranges
        else _("ranges: every other pair {band}", band=other)
    )
    lines.append(text_line(ranges_line))
    if summary["result"]:
        lines.append(text_line(_("the battle is over: {result}", result=result_word(summary["result"])), "alert"))
    elif summary["order"]:
        values = {"order": ", ".join(summary["order"]), "active": summary["active"]}
        if summary["phase"]:
            text = _("turn order: {order}; now {active}'s turn ({phase})", phase=phase_word(summary["phase"]), **values)
        else:
            text = _("turn order: {order}; now {active}'s turn", **values)
        lines.append(text_line(text))
    below = "\n".join(line_text(shown) for shown in lines[len(rows) :])  # the ranges, then the turn or the end
    return StateView(
        lines=tuple(lines), table=ViewTable((_("combatant"), _("kind"), _("side"), _("state")), rows, below)
    )
