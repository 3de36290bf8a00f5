"""An attack described on the command line, to (ruleset, state, action): what ``attack``, ``odds`` and ``matrix``
share, so each command only parses, calls and renders.

A game declares the fields of its command-line attack (``Ruleset.attack_fields``), typed as ``--name VALUE`` (a
flag as ``--name``/``--no-name``); they are checked here against the game and handed to it by name, as typed."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec
import msgspec.structs

from tabroll.errors import InputError
from tabroll.i18n import _, n_
from tabroll.kit import AnyRuleset, StatNeed
from tabroll.kit.fields import AttackRequest, whole_field

if TYPE_CHECKING:
    from tabroll.engine import Scenario


class GameWords(msgspec.Struct, frozen=True, eq=False):  # plumbing of one command: never compared nor shown
    """The words of a command line that are not the core's own options: the scenario file (the one word that
    is no field) and the game's fields, by name, as typed (``"true"``/``"false"`` for a flag)."""

    scenario_file: str | None = None
    fields: Mapping[str, str] = msgspec.field(default_factory=dict)


def split_words(words: Sequence[str], games: Sequence[AnyRuleset]) -> GameWords:
    """Split the free words of ``attack``/``odds``/``matrix`` into the scenario file and the game fields."""
    kinds: dict[str, str] = {}  # each field any game declares, with its kind ("flag" takes no value)
    for game in games:
        for spec in game.attack_fields:
            kinds.setdefault(spec.name, spec.kind)
    fields: dict[str, str] = {}
    files: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if not word.startswith("--") or word == "--":
            if word != "--":
                files.append(word)
            continue
        name, equals, value = word[2:].partition("=")
        key = name.replace("-", "_")
        negated = key.startswith("no_") and kinds.get(key[3:]) == "flag"
        if negated:
            key = key[3:]
        kind = kinds.get(key)
        if kind is None:
            known = ", ".join("--" + k.replace("_", "-") for k in sorted(kinds)) or _("none")
            raise InputError(
                _("no such option: {option}", option=word.split("=")[0]),
                tip=_("the games' attack fields are: {fields}", fields=known),
            )
        if kind == "flag":
            if equals:
                raise InputError(
                    _("{word}: a flag takes no value", word=word),
                    tip=_("{flag} or {negated}", flag=f"--{name}", negated=f"--no-{name}"),
                )
            fields[key] = "false" if negated else "true"
            continue
        if not equals:
            if i >= len(words) or words[i].startswith("--"):
                raise InputError(
                    _("{flag} needs a value", flag=f"--{name}"), tip=_("e.g. {example}", example=f"--{name} 2")
                )
            value = words[i]
            i += 1
        fields[key] = value
    if len(files) > 1:
        raise InputError(
            _("one scenario file at a time, not {n}: {files}", n=len(files), files=", ".join(files)),
            tip=_("give one scenario file; the other words are FIELD=VALUE"),
        )
    return GameWords(scenario_file=files[0] if files else None, fields=fields)


def check_fields(game: AnyRuleset, fields: Mapping[str, str], *, with_file: bool) -> dict[str, str]:
    """The fields checked against ``game``: each one it declares, usable with (or without) a scenario file,
    an ``int`` field a whole number. Returns them as typed."""
    checked: dict[str, str] = {}
    for name, value in fields.items():
        spec = game.attack_field(name)
        flag = "--" + name.replace("_", "-")
        if spec is None:
            own = ", ".join(s.flag for s in game.attack_fields) or _("none")
            message = (
                _(
                    "{flag} means nothing in {game}: it places {layout}",
                    flag=flag,
                    game=game.name,
                    layout=game.said(game.layout),
                )
                if game.layout
                else _("{flag} means nothing in {game}", flag=flag, game=game.name)
            )
            raise InputError(
                message,
                tip=_(
                    "{game}'s attack fields are: {fields} (see tabroll rules {id})",
                    game=game.name,
                    fields=own,
                    id=game.id,
                ),
            )
        if spec.quick_only and with_file:
            raise InputError(
                _("{flag} lays out an attack without a scenario file", flag=flag), tip=_("the file places the units")
            )
        if spec.file_only and not with_file:
            raise InputError(
                _("{flag} needs a scenario file", flag=flag), tip=f"tabroll attack FILE -a X -t Y {flag} ..."
            )
        if spec.kind == "int":
            whole_field(flag, value)
        if spec.kind == "flag":  # given as --name/--no-name it is already true/false; through --set, check it
            value = value.strip().lower()
            if value not in ("true", "false"):
                raise InputError(
                    _("{flag} is a flag: {value!r} is neither true nor false", flag=flag, value=value),
                    tip=_("{flag} or {negated}", flag=flag, negated=f"--no-{flag[2:]}"),
                )
        checked[name] = value
    return checked


# --- units typed on the command line: "Hero ATK=1 DAN=1d12" -------------------------------------------------


class TypedUnit(msgspec.Struct, frozen=True, eq=False):  # plumbing of one command: never compared nor shown
    """A unit as typed after ``-a``/``-t`` (or in ``--attackers``): its name, then any ``STAT=VALUE`` words."""

    name: str
    stats: tuple[tuple[str, str], ...] = ()
    text: str = ""
    flag: str = "-a"


def parse_unit(text: str, flag: str) -> TypedUnit:
    """``"Hero ATK=1 DAN=1d12"`` to the name ``Hero`` and its stats, as typed (the game reads the values). Words
    are split as a shell does, so a value with spaces is quoted: ``"Archer ATK='1d10 (Projétil: Flecha)'"``.
    A text with no ``=`` is a name alone, spaces and all (``Orc Chief``)."""
    if "=" not in text:
        return TypedUnit(text, (), text, flag)
    import shlex

    shown = f'{flag} "{text}"'
    try:
        words = shlex.split(text)
    except ValueError as err:
        raise InputError(f"{shown}: {err}", tip=_("close each quote around a value with spaces")) from None
    name: list[str] = []
    stats: list[tuple[str, str]] = []
    for i, word in enumerate(words):
        key, equals, value = word.partition("=")
        if not equals:
            if stats:
                after = words[i + 1] if i + 1 < len(words) else ""
                joined = f"{word}_{after}" if "=" in after else ""
                raise InputError(
                    _("{unit}: '{word}' has no value", unit=shown, word=word),
                    tip=_("a stat's name with a space is joined with _ ({joined})", joined=joined)
                    if joined
                    else _("write {word}=VALUE; the unit's name comes first, then STAT=VALUE words", word=word),
                )
            name.append(word)
            continue
        if not key.strip():
            raise InputError(
                _("{unit}: '{word}' names no stat before '='", unit=shown, word=word),
                tip=_("write STAT=VALUE, e.g. DEF=3"),
            )
        if not value.strip():
            raise InputError(
                _("{unit}: {key} has no value", unit=shown, key=key),
                tip=_("write {key}=VALUE with no space after '='", key=key),
            )
        stats.append((key, value))
    if not name:
        raise InputError(_("{unit}: the unit's name comes first", unit=shown), tip=f'{flag} "Hero {text.strip()}"')
    return TypedUnit(" ".join(name), tuple(stats), text, flag)


def split_units(text: str | None) -> list[str] | None:
    """``--attackers``/``--targets``: units separated by commas, a comma inside quotes or brackets kept (``None``:
    the flag was not given)."""
    if text is None:
        return None
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    quote = ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "[{(":
            depth += 1
        elif char in "]})":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def _fold(word: str) -> str:
    import unicodedata

    folded = unicodedata.normalize("NFKD", word.strip().casefold())
    bare = "".join(c for c in folded if not unicodedata.combining(c))
    return " ".join(bare.replace("_", " ").replace("-", " ").split())


def stat_table(game: AnyRuleset) -> dict[str, StatNeed]:
    """Every spelling of every stat the game's attacks read (folded: case, accents, ``_``), to the stat."""
    table: dict[str, StatNeed] = {}
    for needs in game.stat_needs():
        for need in (*needs.attacker, *needs.target):
            for spelling in need.spellings():
                table.setdefault(_fold(spelling), need)
    return table


def role_needs(game: AnyRuleset, role: str | None = None) -> list[StatNeed]:
    """The stats the game's attacks read of the attacker (``role`` ``attacker``), of the target, or of either
    (``None``), each once, in the order the attacks name them: a stat is required when some attack requires it."""
    found: dict[str, StatNeed] = {}
    for needs in game.stat_needs():
        read = needs.attacker if role == "attacker" else needs.target if role else (*needs.attacker, *needs.target)
        for need in read:
            known = found.get(need.name)
            if known is None or (need.required and not known.required):
                found[need.name] = need
    return list(found.values())


def _is_dice(text: str) -> bool:
    from tabroll.dice.notation import parse

    try:
        parse(text)
    except InputError:
        return False
    return True


def _check_value(game: AnyRuleset, need: StatNeed, key: str, value: str, where: str) -> None:
    """The typed value of a stat, read as any command-line value is, and checked against the stat's kind."""
    from tabroll.loading.document import cli_value

    text_if: Callable[[str], bool] | None = None
    if need.kind == "printed":  # a card's text as printed, whatever YAML makes of its colon
        text_if = lambda text: game.check_stat(need, text) is None  # noqa: E731
    elif need.kind == "dice":
        text_if = _is_dice
    read = cli_value(value, origin=f"command line ({where}: {key})", text_if=text_if)
    problem: str | None = None
    if need.kind == "int" and (isinstance(read, bool) or not isinstance(read, int)):
        problem = _("{key}={value} is not a whole number", key=key, value=value)
        tip = _("e.g. {example}", example=f"{need.name}={need.example or 2}")
    elif need.kind == "dice" and not (isinstance(read, int) and not isinstance(read, bool)):
        from tabroll.dice.notation import parse

        try:
            parse(str(read))
        except InputError as err:
            problem = _("{key}={value} is not dice: {problem}", key=key, value=value, problem=err.message)
            tip = _("e.g. {example}", example=f"{need.name}={need.example or '1d6'}")
    elif need.kind == "flag" and not isinstance(read, bool):
        problem = _("{key}={value} is neither true nor false", key=key, value=value)
        tip = _("{flag} or {negated}", flag=f"{need.name}=true", negated=f"{need.name}=false")
    elif need.kind == "map" and not isinstance(read, dict):
        problem = _("{key}={value} is not a mapping", key=key, value=value)
        tip = _("e.g. {example}", example=f"{need.name}={need.example or '{A: 1}'}")
    elif need.kind == "printed":
        problem = game.check_stat(need, read)
        tip = _("e.g. {example}", example=f"{need.name}={need.example}") if need.example else f"tabroll units {game.id}"
    if problem is not None:
        raise InputError(f"{where}: {problem}", tip=tip)


def unit_stats(
    game: AnyRuleset, unit: TypedUnit, typed: Mapping[str, str], *, role: str, typed_flag: str, catalogued: bool
) -> dict[str, str]:
    """The stats of one unit of a command-line attack, by the game's own name for each (``Vita=3`` → ``life``),
    from its inline words and the ``--attacker-stat``/``--target-stat`` ones: each one a stat of the game with a
    value of its kind, none given twice. A unit the catalogue does not hold must have every stat the attack
    needs of it (the error says which and how to give them); the others it is not given take their defaults."""
    table = stat_table(game)
    if not table:  # a game that declares no stats reads them itself
        return {**dict(unit.stats), **typed}
    _check_no_bare_stat(table, unit)
    shown = f'{unit.flag} "{unit.text}"' if unit.text and unit.stats else unit.flag
    given = [(key, value, shown) for key, value in unit.stats]
    given += [(key, value, f"{typed_flag} {key}={value}") for key, value in typed.items()]
    out = _read_stats(game, table, given)
    if catalogued:
        return out
    needs = role_needs(game, role)
    _check_uncatalogued(game, unit, out, needs, role=role, typed_flag=typed_flag)
    for need in needs:
        if need.default is not None and need.name not in out:
            out[need.name] = need.default
    return out


def _check_no_bare_stat(table: Mapping[str, StatNeed], unit: TypedUnit) -> None:
    """A unit's name that ends in a stat's name (``Orc BA``): the stat's value was left out."""
    words = unit.name.split()
    if len(words) > 1 and _fold(words[-1]) in table:
        need = table[_fold(words[-1])]
        example = f'{unit.flag} "{" ".join(words[:-1])} {need.name}={need.example or 1}"'
        raise InputError(
            _("{unit}: {key} has no value", unit=f'{unit.flag} "{unit.text or unit.name}"', key=words[-1]),
            tip=_("write {key}=VALUE, e.g. {example}", key=words[-1], example=example),
        )


def _read_stats(game: AnyRuleset, table: Mapping[str, StatNeed], given: list[tuple[str, str, str]]) -> dict[str, str]:
    """Each ``(key, value, where it was typed)`` by the stat's own name: a stat of the game, once, of its kind."""
    out: dict[str, str] = {}
    for key, value, where in given:
        need = table.get(_fold(key))
        if need is None:
            raise _unknown_stat(game, table, key, where)
        if need.name in out:
            raise InputError(
                _("{where}: {stat} is given twice", where=where, stat=need.name), tip=_("give each stat once")
            )
        _check_value(game, need, key, value, where)
        out[need.name] = value
    return out


def _unknown_stat(game: AnyRuleset, table: Mapping[str, StatNeed], key: str, where: str) -> InputError:
    """A key that is no stat of the game: the error names the stats, and the nearest one when it is near."""
    from difflib import get_close_matches

    spellings = sorted({s for n in table.values() for s in n.spellings()})
    close = get_close_matches(key, spellings, n=1, cutoff=0.6) or get_close_matches(
        _fold(key), [_fold(s) for s in spellings], n=1, cutoff=0.6
    )
    names = ", ".join(dict.fromkeys(n.name for n in table.values()))
    message = _("{where}: {key} is not a stat of a {game} unit", where=where, key=key, game=game.name)
    if close:  # said as the word it is nearest, in the game's language too (защта: защита), accents restored
        need = table[_fold(close[0])]
        nearest = next(s for s in need.spellings() if _fold(s) == _fold(close[0]))
        tip = _(
            "did you mean '{name}'? the stats are: {stats} (tabroll units {id})", name=nearest, stats=names, id=game.id
        )
    else:
        tip = _("the stats are: {stats} (tabroll units {id})", stats=names, id=game.id)
    return InputError(message, tip=tip)


def _check_uncatalogued(
    game: AnyRuleset, unit: TypedUnit, out: Mapping[str, str], needs: list[StatNeed], *, role: str, typed_flag: str
) -> None:
    """A unit the catalogue does not hold: not a slip of a catalogue unit's name, and given every stat required
    of it (the error shows the command line with them)."""
    slip = None if out else _catalogue_suggestion(game, unit.name)
    if slip is not None:  # no stat typed, and a catalogue unit of nearly that name: a spelling slip
        raise InputError(
            _(
                "{flag} {unit}: the {game} catalogue has no unit called '{unit}'",
                flag=unit.flag,
                unit=unit.name,
                game=game.name,
            ),
            tip=_(
                "did you mean '{name}'? (for a unit of your own, type its stats: tabroll units {id})",
                name=slip,
                id=game.id,
            ),
        )
    missing = [need for need in needs if need.required and need.name not in out]
    if not missing:
        return
    words_given = " ".join(f"{k}={v}" for k, v in out.items())
    wanted = " ".join(f"{n.name}={n.example or 1}" for n in missing)
    example = f'{unit.flag} "{unit.name} {(words_given + " " if words_given else "")}{wanted}"'
    if typed_flag != unit.flag:
        example = _(
            "{example} (or {other})", example=example, other=f"{typed_flag} {missing[0].name}={missing[0].example or 1}"
        )
    values = {"unit": unit.name, "stats": ", ".join(n.name for n in missing), "game": game.name}
    has_catalogue = bool(game.catalogue_names())
    if role == "attacker" and has_catalogue:
        message = _("{unit} (the attacker) needs {stats}: it is not in the {game} catalogue", **values)
    elif role == "attacker":
        message = _("{unit} (the attacker) needs {stats}", **values)
    elif has_catalogue:
        message = _("{unit} (the target) needs {stats}: it is not in the {game} catalogue", **values)
    else:
        message = _("{unit} (the target) needs {stats}", **values)
    raise InputError(
        message, tip=_("{example}; tabroll units {id} lists what each attack needs", example=example, id=game.id)
    )


def attack_request(
    game: AnyRuleset,
    attacker: TypedUnit,
    target: TypedUnit,
    *,
    attacker_stats: Mapping[str, str] | None = None,
    target_stats: Mapping[str, str] | None = None,
    options: Mapping[str, str] | None = None,
    fields: Mapping[str, str] | None = None,
) -> AttackRequest:
    """The request of a command-line attack with no file, its units' stats checked against the game."""
    catalogue = {name.casefold() for name in game.catalogue_names()}
    return AttackRequest(
        attacker=attacker.name,
        target=target.name,
        attacker_stats=unit_stats(
            game, attacker, attacker_stats or {}, role="attacker", typed_flag="--attacker-stat",
            catalogued=attacker.name.casefold() in catalogue,
        ),
        target_stats=unit_stats(
            game, target, target_stats or {}, role="target", typed_flag="--target-stat",
            catalogued=target.name.casefold() in catalogue,
        ),
        options=options or {},
        fields=fields or {},
    )  # fmt: skip


def check_unit_names(game: AnyRuleset, state: Any, typed: Sequence[tuple[str, str]], *, where: str) -> None:
    """Each name typed for an action (``("-a", "Arqeiro")``) names a unit of ``state``: a name that does not is
    bad input (exit 2, with the nearest name), not something for the rules to refuse."""
    names = game.unit_names(state)
    if not names:
        return
    for flag, name in typed:
        if name in names:
            continue
        from tabroll.words import did_you_mean

        same = [n for n in names if n.casefold() == name.casefold()]  # no near spelling: the name in another case
        listed = _("the units are: {units}", units=", ".join(names))
        tip = did_you_mean(name, names, _("did you mean '{name}'?", name=same[0]) if same else listed)
        said = _("there is no unit called '{name}' in {where}", name=name, where=where)
        raise InputError(f"{flag} {name}: {said}" if flag else said, tip=tip)


def _catalogue_suggestion(game: AnyRuleset, name: str) -> str | None:
    """The catalogue unit nearest to ``name`` (a spelling slip), if one is near enough."""
    from difflib import get_close_matches

    names = game.catalogue_names()
    folded = {n.casefold(): n for n in names}
    close = get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.75)
    return folded[close[0]] if close else None


class AttackWords(msgspec.Struct, frozen=True, eq=False):  # plumbing of one command: never compared nor shown
    """What the command line says about one attack."""

    scenario_file: str | None
    attacker: str
    target: str
    ruleset: str | None = None
    fields: Mapping[str, str] = msgspec.field(default_factory=dict)
    settings: Mapping[str, str] = msgspec.field(default_factory=dict)
    attacker_stats: Mapping[str, str] = msgspec.field(default_factory=dict)
    target_stats: Mapping[str, str] = msgspec.field(default_factory=dict)
    options: Mapping[str, str] = msgspec.field(default_factory=dict)
    action_index: int | None = None
    command: str = "attack"
    """The command that asks (``attack`` or ``odds``), for the tips."""


def name_units_tip(command: str, ruleset: str | None) -> str:
    """How to name the two units of ``tabroll attack`` or ``tabroll odds`` (the command that asked)."""
    file = f"tabroll {command} FILE" + (" --action N" if command == "odds" else " -a X -t Y")
    if ruleset:
        return _(
            "e.g. {example} (tabroll units {id} lists its units and stats), or a scenario file: {file}",
            example=f'tabroll {command} -r {ruleset} -a "Hero STAT=VALUE" -t "Foe STAT=VALUE"',
            id=ruleset,
            file=file,
        )
    return _(
        "e.g. {example} (tabroll units GAME lists a game's units), or a scenario file: {file}",
        example=f"tabroll {command} -a Lanceiro -t Alquimista",
        file=file,
    )


class DescribedAttack(msgspec.Struct, frozen=True, eq=False):  # plumbing of one command: never compared nor shown
    ruleset: AnyRuleset
    state: Any
    action: Any
    title: str
    scenario: Scenario | None = None


def state_before(scenario: Scenario, index: int, origin: str) -> Any:
    """The state a scenario's action ``index`` (from 1) starts from: its earlier actions replayed with their own
    ``dice:`` lists (an earlier action without one cannot fix the state)."""
    from tabroll.dice.sources import GivenDice
    from tabroll.engine import resolve

    state = scenario.state
    for number, step in enumerate(scenario.steps[: index - 1], start=1):
        where = _(
            "action {number} of {origin} (it needs its dice: list to fix the state for the odds)",
            number=number,
            origin=origin,
        )
        state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice or (), origin=where)).state
    return state


def _with_settings(game: AnyRuleset, words: AttackWords, *, with_file: bool) -> dict[str, str]:
    """The game's fields and the ``--set`` ones together. A ``--set`` key that names a field the game declares
    is that field (checked the same way); giving one field both ways is an error, never a silent override."""
    both = sorted(set(words.fields) & set(words.settings))
    if both:
        raise InputError(
            _("{flag} is given twice (once with --set)", flag=f"--{both[0].replace('_', '-')}"),
            tip=_("give each attack field once"),
        )
    declared = {k: v for k, v in words.settings.items() if game.attack_field(k) is not None}
    checked = check_fields(game, {**words.fields, **declared}, with_file=with_file)
    return {**checked, **{k: v for k, v in words.settings.items() if k not in declared}}


def describe_attack(words: AttackWords) -> DescribedAttack:
    """The attack the command line describes: a scenario file's action N, an attack between a scenario file's
    units, or an attack between catalogue units (or units with typed stats) with no file."""
    from tabroll.engine import ruleset_for_units

    attacker, target = parse_unit(words.attacker, "-a"), parse_unit(words.target, "-t")
    if words.scenario_file is not None:
        from tabroll.loading.scenario import load_scenario_file

        typed = [
            flag
            for flag, given in (
                ("-a", attacker.stats), ("-t", target.stats),
                ("--attacker-stat", words.attacker_stats), ("--target-stat", words.target_stats),
            )
            if given
        ]  # fmt: skip
        if typed:
            raise InputError(
                _("{flag}: the scenario file {file} gives the units' stats", flag=typed[0], file=words.scenario_file),
                tip=_("change them in the file, or leave the file out to type the units' stats"),
            )
        scenario = load_scenario_file(words.scenario_file, dict(words.options))
        game = scenario.ruleset
        if not words.attacker and not words.target:
            if words.fields:
                raise InputError(_("attack fields need the --attacker and the --target"), tip=_("or leave them out"))
            index = 1 if words.action_index is None else words.action_index  # --action 0 is refused, not 1
            if not 1 <= index <= len(scenario.steps):
                raise InputError(
                    n_(
                        "{file} has {n} action; there is no action {index}",
                        "{file} has {n} actions; there is no action {index}",
                        len(scenario.steps),
                        file=words.scenario_file,
                        index=index,
                    ),
                    tip=_("name the attack with --attacker and --target, or pick an action with --action N"),
                )
            state = state_before(scenario, index, words.scenario_file)
            return DescribedAttack(game, state, scenario.steps[index - 1].action, scenario.title, scenario)
        if not words.attacker or not words.target:
            raise InputError(
                _("name both the --attacker and the --target"), tip=_("or neither, to use the file's action")
            )
        fields = _with_settings(game, words, with_file=True)
        check_unit_names(
            game, scenario.state, [("-a", words.attacker), ("-t", words.target)], where=words.scenario_file
        )
        action = game.quick_action(words.attacker, words.target, fields)
        return DescribedAttack(game, scenario.state, action, scenario.title, scenario)
    if not words.attacker or not words.target:
        raise InputError(_("name the --attacker and the --target"), tip=name_units_tip(words.command, words.ruleset))
    untyped = [unit.name for unit in (attacker, target) if not unit.stats]  # a typed unit is in no catalogue
    game = ruleset_for_units(words.ruleset, untyped or [attacker.name, target.name])
    request = attack_request(
        game, attacker, target, attacker_stats=words.attacker_stats, target_stats=words.target_stats,
        options=words.options, fields=_with_settings(game, words, with_file=False),
    )  # fmt: skip
    built = game.quick_attack(request)
    return DescribedAttack(game, built.state, built.steps[0].action, built.title)
