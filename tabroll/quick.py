"""An attack described on the command line, to (ruleset, state, action): what ``attack``, ``odds`` and ``matrix``
share, so each command only parses, calls and renders.

Each game declares the fields of its command-line attack (``Ruleset.attack_fields``: how far apart the two stand,
whether they see each other, which of its attacks is used…). The command line takes them as ``--name VALUE`` (a flag
field as ``--name``/``--no-name``) anywhere among its words; the core reads them here, checks them against the
game the attack is in, and hands them to the game by name, as typed. The core knows no field of any game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tabroll.errors import InputError
from tabroll.kit import AnyRuleset, AttackField, AttackRequest

if TYPE_CHECKING:
    from tabroll.engine import Scenario


@dataclass(frozen=True)
class GameWords:
    """The words of a command line that are not the core's own options: the scenario file (the one word that
    is no field) and the game's fields, by name, as typed (``"true"``/``"false"`` for a flag)."""

    scenario_file: str | None = None
    fields: Mapping[str, str] = field(default_factory=dict)


def _field_kinds(games: Sequence[AnyRuleset]) -> dict[str, str]:
    """Each field name any game declares, with its kind: whether it takes a value (``flag`` takes none)."""
    kinds: dict[str, str] = {}
    for game in games:
        for spec in game.attack_fields:
            kinds.setdefault(spec.name, spec.kind)
    return kinds


def split_words(words: Sequence[str], games: Sequence[AnyRuleset]) -> GameWords:
    """Split the free words of ``attack``/``odds``/``matrix`` into the scenario file and the game fields."""
    kinds = _field_kinds(games)
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
            known = ", ".join("--" + k.replace("_", "-") for k in sorted(kinds)) or "none"
            raise InputError(f"no such option: {word.split('=')[0]}", tip=f"the games' attack fields are: {known}")
        if kind == "flag":
            if equals:
                raise InputError(f"{word}: a flag takes no value", tip=f"--{name} or --no-{name}")
            fields[key] = "false" if negated else "true"
            continue
        if not equals:
            if i >= len(words) or words[i].startswith("--"):
                raise InputError(f"--{name} needs a value", tip=f"e.g. --{name} 2")
            value = words[i]
            i += 1
        fields[key] = value
    if len(files) > 1:
        raise InputError(f"one scenario file at a time, not {len(files)}: {', '.join(files)}")
    return GameWords(scenario_file=files[0] if files else None, fields=fields)


def check_fields(game: AnyRuleset, fields: Mapping[str, str], *, with_file: bool) -> dict[str, str]:
    """The fields checked against ``game``: each one it declares, usable with (or without) a scenario file,
    an ``int`` field a whole number. Returns them as typed."""
    checked: dict[str, str] = {}
    for name, value in fields.items():
        spec = game.attack_field(name)
        flag = "--" + name.replace("_", "-")
        if spec is None:
            own = ", ".join(s.flag for s in game.attack_fields) or "none"
            raise InputError(
                f"{flag} means nothing in {game.name}",
                tip=f"{game.name}'s attack fields are: {own} (see tabroll rules {game.id})",
            )
        if spec.quick_only and with_file:
            raise InputError(f"{flag} lays out an attack without a scenario file", tip="the file places the units")
        if spec.file_only and not with_file:
            raise InputError(f"{flag} needs a scenario file", tip=f"tabroll attack FILE -a X -t Y {flag} ...")
        if spec.kind == "int":
            _whole(flag, value)
        if spec.kind == "flag":  # given as --name/--no-name it is already true/false; through --set, check it
            value = value.strip().lower()
            if value not in ("true", "false"):
                raise InputError(
                    f"{flag} is a flag: {value!r} is neither true nor false", tip=f"{flag} or --no-{flag[2:]}"
                )
        checked[name] = value
    return checked


def _whole(flag: str, value: str) -> int:
    text = value.strip()
    if not (text.lstrip("+-").isdigit() and len(text) <= 12):
        raise InputError(f"{flag} {value!r} is not a whole number", tip=f"e.g. {flag} 2")
    return int(text)


def field_int(request: AttackRequest | Mapping[str, str], spec: AttackField | str, default: int) -> int:
    """A whole-number field of a request (already checked by the core), or ``default`` when it was not given."""
    fields = request.fields if isinstance(request, AttackRequest) else request
    name = spec if isinstance(spec, str) else spec.name
    value = fields.get(name)
    return default if value is None else _whole("--" + name.replace("_", "-"), value)


def field_text(request: AttackRequest | Mapping[str, str], name: str, default: str) -> str:
    """A text field of a request as typed (stripped), or ``default`` when it was not given."""
    fields = request.fields if isinstance(request, AttackRequest) else request
    value = fields.get(name)
    return default if value is None else value.strip()


def field_flag(request: AttackRequest | Mapping[str, str], name: str, default: bool) -> bool:
    fields = request.fields if isinstance(request, AttackRequest) else request
    value = fields.get(name)
    return default if value is None else value == "true"


@dataclass(frozen=True)
class AttackWords:
    """What the command line says about one attack."""

    scenario_file: str | None
    attacker: str
    target: str
    ruleset: str | None = None
    fields: Mapping[str, str] = field(default_factory=dict)
    settings: Mapping[str, str] = field(default_factory=dict)
    attacker_stats: Mapping[str, str] = field(default_factory=dict)
    target_stats: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)
    action_index: int | None = None


@dataclass(frozen=True)
class DescribedAttack:
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
        where = f"action {number} of {origin} (it needs its dice: list to fix the state for the odds)"
        state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice or (), origin=where)).state
    return state


def _with_settings(game: AnyRuleset, words: AttackWords, *, with_file: bool) -> dict[str, str]:
    """The game's fields and the ``--set`` ones together. A ``--set`` key that names a field the game declares
    is that field (checked the same way); giving one field both ways is an error, never a silent override."""
    both = sorted(set(words.fields) & set(words.settings))
    if both:
        name = both[0]
        raise InputError(
            f"--{name.replace('_', '-')} is given twice (once with --set)", tip="give each attack field once"
        )
    declared = {k: v for k, v in words.settings.items() if game.attack_field(k) is not None}
    checked = check_fields(game, {**words.fields, **declared}, with_file=with_file)
    return {**checked, **{k: v for k, v in words.settings.items() if k not in declared}}


def describe_attack(words: AttackWords) -> DescribedAttack:
    """The attack the command line describes: a scenario file's action N, an attack between a scenario file's
    units, or an attack between catalogue units (or units with typed stats) with no file."""
    from tabroll.engine import ruleset_for_units

    if words.scenario_file is not None:
        from tabroll.scenario import load_scenario_file

        scenario = load_scenario_file(words.scenario_file, dict(words.options))
        game = scenario.ruleset
        if not words.attacker and not words.target:
            if words.fields:
                raise InputError("attack fields need the --attacker and the --target", tip="or leave them out")
            index = 1 if words.action_index is None else words.action_index  # --action 0 is refused, not 1
            if not 1 <= index <= len(scenario.steps):
                raise InputError(
                    f"{words.scenario_file} has {len(scenario.steps)} action(s); there is no action {index}",
                    tip="name the attack with --attacker and --target, or pick an action with --action N",
                )
            state = state_before(scenario, index, words.scenario_file)
            return DescribedAttack(game, state, scenario.steps[index - 1].action, scenario.title, scenario)
        if not words.attacker or not words.target:
            raise InputError("name both the --attacker and the --target", tip="or neither, to use the file's action")
        fields = _with_settings(game, words, with_file=True)
        action = game.quick_action(words.attacker, words.target, fields)
        return DescribedAttack(game, scenario.state, action, scenario.title, scenario)
    if not words.attacker or not words.target:
        raise InputError("name the --attacker and the --target", tip="e.g. tabroll attack -a <unit> -t <unit>")
    game = ruleset_for_units(words.ruleset, [words.attacker, words.target])
    request = AttackRequest(
        attacker=words.attacker,
        target=words.target,
        attacker_stats=words.attacker_stats,
        target_stats=words.target_stats,
        options=words.options,
        fields=_with_settings(game, words, with_file=False),
    )
    built = game.quick_attack(request)
    return DescribedAttack(game, built.state, built.steps[0].action, built.title)
