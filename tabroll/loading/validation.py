"""Validate loaded YAML with pydantic and explain every failure in a player's words.

pydantic reports problems as ``loc`` tuples in its own vocabulary: union branches appear as labels
(``'Melee'``, ``'int'``, ``'function-after[...]'``) and discriminated unions as their tag
(``'melee'``). We walk the model's annotations alongside each ``loc`` to drop those labels, so the
path matches the YAML (``units[2].weapon.reach``), to find the valid keys for "did you mean", and to
keep only the most plausible branch of a failed union instead of a wall of alternatives.

Only :class:`pydantic.ValidationError` is translated. Any other exception raised by a model's own
validator is a bug in that model and is left to propagate.
"""

from __future__ import annotations

import collections
import collections.abc as abc
import difflib
import enum
import re
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Final, Literal, TypeVar, Union, get_args, get_origin

from pydantic import AliasChoices, AliasPath, BaseModel, Discriminator, ValidationError
from pydantic.fields import FieldInfo

from tabroll.errors import InputError, Location, Problem, TabrollError
from tabroll.i18n import N_, _, n_
from tabroll.loading.yaml_source import YamlDocument, format_path

__all__ = [
    "MAX_EXPLAINED",
    "MAX_LISTED",
    "Problem",
    "problems_error",
    "validate",
]

M = TypeVar("M", bound=BaseModel)
Loc = Sequence[str | int]
MAX_LISTED: Final = 20  # problems shown in one error; the rest are counted
MAX_EXPLAINED: Final = 30
"""Problems worked out in one error: past them, the rest are not looked at. Explaining a problem (finding its line
and wording it) is the costly part, and a file with thousands of bad entries would otherwise be explained whole to
show :data:`MAX_LISTED` of them."""
_DOCUMENT: Final[Any] = object()  # "validate the whole document" (``None`` is a legitimate sub-tree)
_LISTS: Final = {list, set, frozenset, collections.deque, abc.Sequence, abc.MutableSequence, abc.Set, abc.Iterable}
_MAPS: Final = {dict, collections.OrderedDict, collections.defaultdict, abc.Mapping, abc.MutableMapping}


# ---------------------------------------------------------------------------------------------------
# Walking a model's annotations along a path


@dataclass(frozen=True)
class _Shape:
    """An annotation with ``Annotated``/``Optional`` peeled off; ``members`` is set for a real union."""

    tp: Any
    members: tuple[Any, ...] = ()
    disc: Any = None  # discriminator field name, or a callable, for a discriminated union


def _shape(tp: Any, disc: Any = None) -> _Shape:
    for _step in range(100):  # a bound, in case of a pathological alias chain
        origin = get_origin(tp)
        if origin is Annotated:
            tp, *meta = get_args(tp)
            for item in meta:
                found = getattr(item, "discriminator", None)
                disc = found.discriminator if isinstance(found, Discriminator) else found or disc
            continue
        if origin is Union or origin is types.UnionType:
            members = tuple(a for a in get_args(tp) if a is not type(None))
            if len(members) > 1:
                return _Shape(tp, members, disc)
            tp = members[0]
            continue
        if hasattr(tp, "__supertype__"):  # typing.NewType
            tp = tp.__supertype__
            continue
        # RootModel is recognised by its flag, so that loading a file does not import pydantic.RootModel.
        if isinstance(tp, type) and issubclass(tp, BaseModel) and getattr(tp, "__pydantic_root_model__", False):
            root = tp.model_fields["root"]
            tp, disc = root.annotation, _disc(root) or disc
            continue
        break
    return _Shape(tp, (), disc)


def _disc(info: FieldInfo) -> Any:
    found = info.discriminator
    return found.discriminator if isinstance(found, Discriminator) else found


def _fields(tp: Any) -> tuple[dict[str, FieldInfo], dict[str, Any]] | None:
    """The fields and config of a model or pydantic dataclass, else ``None``."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return tp.model_fields, dict(tp.model_config)
    found = getattr(tp, "__pydantic_fields__", None)
    if isinstance(found, dict):
        return found, dict(getattr(tp, "__pydantic_config__", {}) or {})
    return None


def _field_keys(name: str, info: FieldInfo, config: dict[str, Any]) -> list[str]:
    """Every key under which the field is accepted: alias choices, plain alias, and the name if allowed."""
    alias = info.validation_alias
    choices = alias.choices if isinstance(alias, AliasChoices) else [alias] if alias is not None else []
    keys = [c for c in choices if isinstance(c, str)]
    keys += [c.path[0] for c in choices if isinstance(c, AliasPath) and c.path and isinstance(c.path[0], str)]
    if not choices and info.alias:
        keys.append(info.alias)
    if not keys or config.get("validate_by_name") or config.get("populate_by_name"):
        keys.append(name)
    if config.get("validate_by_alias") is False:
        keys = [name]
    return list(dict.fromkeys(keys))


def _keys(shapes: Iterable[_Shape]) -> list[str]:
    out: dict[str, None] = {}
    for shape in shapes:
        found = _fields(shape.tp)
        if found is not None:
            for name, info in found[0].items():
                out.update(dict.fromkeys(_field_keys(name, info, found[1])))
    return list(out)


def _tag_values(member: Any, disc: Any) -> list[str]:
    """The discriminator values that select one union member: its ``Tag`` or its tag field's values."""
    if get_origin(member) is Annotated:
        tags = [str(m.tag) for m in get_args(member)[1:] if hasattr(m, "tag")]
        if tags:
            return tags
    found = _fields(_shape(member).tp)
    if isinstance(disc, str) and found is not None:
        for name, info in found[0].items():
            if disc == name or disc in _field_keys(name, info, found[1]):
                return _choices(_shape(info.annotation))
    return []


def _tags(member: Any, disc: Any) -> set[str]:
    """The loc labels pydantic may use for one union member: its tag values and its class name."""
    return {*_tag_values(member, disc), getattr(_shape(member).tp, "__name__", "")} - {""}


def _choices(shape: _Shape) -> list[str]:
    """The allowed values of a ``Literal`` or ``Enum`` annotation, as text."""
    values: list[Any] = []
    for member in shape.members or (shape.tp,):
        inner = _shape(member).tp
        if get_origin(inner) is Literal:
            values += get_args(inner)
        elif isinstance(inner, type) and issubclass(inner, enum.Enum):
            values += list(inner)
    return [str(v.value if isinstance(v, enum.Enum) else v) for v in values]


def _pick(shape: _Shape, label: str | None, here: Any) -> list[_Shape]:
    """The union members matching a loc label or, without one, the discriminator value in the data."""
    if label is None and isinstance(shape.disc, str) and isinstance(here, dict):
        keys = [shape.disc]
        for member in shape.members:
            found = _fields(_shape(member).tp)
            if found is not None and shape.disc in found[0]:
                keys += _field_keys(shape.disc, found[0][shape.disc], found[1])
        value = next((here[k] for k in keys if k in here), None)
        label = None if value is None else str(value.value if isinstance(value, enum.Enum) else value)
    chosen = [m for m in shape.members if label is not None and label in _tags(m, shape.disc)]
    return [_shape(m) for m in chosen or shape.members]


def _children(tp: Any, seg: str | int) -> list[_Shape]:
    found = _fields(tp)
    if found is not None:
        for name, info in found[0].items():
            if seg == name or seg in _field_keys(name, info, found[1]):
                return [_shape(info.annotation, _disc(info))]
        return []
    origin, args = get_origin(tp) or tp, get_args(tp)
    if origin in _LISTS:
        return [_shape(args[0] if args else Any)]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return [_shape(args[0])]
    if origin is tuple and isinstance(seg, int) and 0 <= seg < len(args):
        return [_shape(args[seg])]
    if origin in _MAPS:
        return [_shape(args[1] if len(args) == 2 else Any)]
    return []


def _descend(data: Any, seg: str | int) -> Any:
    if isinstance(data, dict):
        return data.get(str(seg), data.get(seg))
    if isinstance(data, list) and isinstance(seg, int) and 0 <= seg < len(data):
        return data[seg]
    return None


# Bookkeeping never compared or shown: no __eq__ or __repr__ is generated for it (each costs at start-up).
@dataclass(repr=False, eq=False)
class _Walk:
    path: list[str | int] = field(default_factory=list)  # the YAML path, union labels removed
    shapes: list[_Shape] = field(default_factory=list)  # what the model expects at the end
    unions: list[tuple[tuple[str | int, ...], int, str]] = field(default_factory=list)  # (path, nth, label)
    key_error: bool = False  # pydantic's '[key]': the problem is the mapping key itself
    data: Any = None  # the data at the end of the path, when it exists


def _walk(model: type[BaseModel], loc: Loc, data: Any) -> _Walk:
    """Follow pydantic's ``loc`` through the model: every union consumes one label."""
    walk = _Walk(shapes=[_shape(model)], data=data)
    segs = list(loc)
    while segs:
        seg = segs[0]
        unions = [s for s in walk.shapes if s.members]
        if unions:
            label = str(segs.pop(0))
            nth = sum(1 for u in walk.unions if u[0] == tuple(walk.path))
            walk.unions.append((tuple(walk.path), nth, label))
            plain = [s for s in walk.shapes if not s.members]
            walk.shapes = plain + [m for s in unions for m in _pick(s, label, walk.data)]
            continue
        segs.pop(0)
        if seg == "[key]":
            walk.key_error = True
            walk.shapes = [_shape(a) for s in walk.shapes for a in get_args(s.tp)[:1]]
            continue
        walk.shapes = [c for s in walk.shapes for c in _children(s.tp, seg)]
        walk.path.append(seg)
        walk.data = _descend(walk.data, seg)
    return walk


def _expanded(shapes: list[_Shape], data: Any) -> list[_Shape]:
    for _step in range(20):
        if not any(s.members for s in shapes):
            break
        shapes = [m for s in shapes for m in (_pick(s, None, data) if s.members else [s])]
    return shapes


# ---------------------------------------------------------------------------------------------------
# Turning pydantic's errors into problems


_NOUNS: Final = {  # each noun is said in the language where a message shows it
    N_("a whole number"): ("int_type", "int_parsing", "int_from_float", "int_parsing_size"),
    N_("a number"): ("float_type", "float_parsing", "decimal_type", "decimal_parsing"),
    N_("true or false"): ("bool_type", "bool_parsing"),
    N_("text"): ("string_type", "string_unicode", "str_type"),
    N_("a list"): ("list_type", "tuple_type", "set_type", "frozen_set_type", "iterable_type"),
    N_("a mapping"): ("dict_type", "mapping_type"),
    N_("a mapping of fields"): ("model_type", "model_attributes_type", "dataclass_type", "dataclass_exact_type"),
    N_("nothing (an empty value)"): ("none_required",),
}
_NOUN_OF: Final = {kind: noun for noun, kinds in _NOUNS.items() for kind in kinds}
_BOUNDS: Final = {
    "greater_than": ("gt", N_("expected a number greater than {bound}, got {got}")),
    "greater_than_equal": ("ge", N_("expected a number at least {bound}, got {got}")),
    "less_than": ("lt", N_("expected a number less than {bound}, got {got}")),
    "less_than_equal": ("le", N_("expected a number at most {bound}, got {got}")),
    "multiple_of": ("multiple_of", N_("expected a number a multiple of {bound}, got {got}")),
}
_PREFIXES: Final = ("Value error, ", "Assertion failed, ")


# Bookkeeping never compared or shown: no __eq__ or __repr__ is generated for it (each costs at start-up).
@dataclass(repr=False, eq=False)
class _Item:
    """One pydantic error with its walk; ``kind``/``ctx`` may be rewritten when union errors merge."""

    err: dict[str, Any]
    walk: _Walk
    kind: str = ""
    ctx: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.kind = self.kind or str(self.err["type"])
        self.ctx = self.ctx or dict(self.err.get("ctx") or {})


def _got(value: Any) -> str:
    """How an offending input reads in a message."""
    if value is None:
        return _("nothing (an empty value)")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return _("empty text") if not value else f"'{text}'" if text.isprintable() else repr(text)
    if isinstance(value, dict):
        return _("a mapping")
    if isinstance(value, list | tuple):
        return _("a list")
    return type(value).__name__


def _count(value: Any) -> str:
    """A count as a message shows it: 10,001 rather than 10001."""
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _empty(key: str | int | None, wanted: str, *, required: bool = False) -> str:
    """How to fix a value YAML read as empty (nothing after the colon, ``null`` or ``~``)."""
    if isinstance(key, int):
        return _(
            "this list item is empty (a '-' with nothing after it, or null): write {wanted} there, or remove it",
            wanted=wanted,
        )
    if key is None:
        return _("write {wanted}", wanted=wanted)
    if required:
        return _(
            "'{key}:' has nothing after it (or says null or ~), which YAML reads as empty: write {wanted} after it",
            key=key,
            wanted=wanted,
        )
    return _(
        "'{key}:' has nothing after it (or says null or ~), which YAML reads as empty: write {wanted} after it,"
        " or remove the line if the field is optional",
        key=key,
        wanted=wanted,
    )


def _noun(item: _Item) -> str | None:
    if item.kind in ("literal_error", "enum"):
        return _("one of: {values}", values=", ".join(_values(item)))
    noun = _NOUN_OF.get(item.kind)
    return _(noun) if noun else None


def _values(item: _Item) -> list[str]:
    """The allowed values of a failed ``Literal``/``Enum``: from the model, else from pydantic's text."""
    found = [v for s in item.walk.shapes for v in _choices(s)]
    return list(dict.fromkeys(found)) or re.findall(r"'([^']*)'", str(item.ctx.get("expected", "")))


def _closest(word: str, options: Sequence[str]) -> str | None:
    """The option nearest to ``word``, ignoring case, if any is close enough; of equally near ones, the first
    listed (a field's name or abbreviation before its words in the game's language: ``DFE`` is nearest ``DEF``)."""
    lowered = {o.lower(): o for o in reversed(options)}
    typed = word.lower()

    def nearness(option: str) -> float:
        return difflib.SequenceMatcher(None, option, typed).ratio()

    best = max(dict.fromkeys(o.lower() for o in options), key=nearness, default=None)
    return lowered[best] if best is not None and nearness(best) >= 0.6 else None


def _prune(items: list[_Item]) -> list[_Item]:
    """Keep one branch per failed union: merge simple type mismatches, else keep the deepest branch."""
    decided: set[tuple[tuple[str | int, ...], int]] = set()
    while True:
        pending: dict[tuple[tuple[str | int, ...], int], dict[str, list[_Item]]] = {}
        for item in items:
            for path, nth, label in item.walk.unions:
                if (path, nth) not in decided:
                    pending.setdefault((path, nth), {}).setdefault(label, []).append(item)
                    break
        if not pending:
            return items
        key = min(pending, key=lambda k: (len(k[0]), k[1]))
        decided.add(key)
        branches = pending[key]
        if len(branches) == 1:
            continue
        flat = [its[0] for its in branches.values() if len(its) == 1 and tuple(its[0].walk.path) == key[0]]
        nouns = [n for n in map(_noun, flat) if n]
        if len(nouns) == len(branches):
            merged = _Item(flat[0].err, flat[0].walk, "union_type", {"expected": _either(list(dict.fromkeys(nouns)))})
            items = [i for i in items if all(i is not f for f in flat)] + [merged]
            continue

        best = max(branches.items(), key=lambda pair: _score(pair[1], len(key[0])))[0]
        losers = [i for label, its in branches.items() if label != best for i in its]
        items = [i for i in items if all(i is not loser for loser in losers)]


def _either(nouns: list[str]) -> str:
    """``a number or text``: the nouns of a union's branches, in the language now."""
    text = nouns[0]
    for noun in nouns[1:]:
        text = _("{first} or {second}", first=text, second=noun)
    return text


def _score(items: list[_Item], depth: int) -> tuple[int, int, int]:
    """Rank a union branch: no mismatched tag field first, then deepest progress, then fewest errors."""
    misses = sum(1 for i in items if i.kind in ("literal_error", "enum") and len(i.walk.path) == depth + 1)
    return (-misses, max(len(i.walk.path) for i in items), -len(items))


def _describe(item: _Item, model: type[BaseModel], doc: YamlDocument, base: Loc, data: Any) -> Problem:
    """One item in plain words, located at the key or at the value as the problem requires, always with a tip
    (where there is no better one, how to see what the field takes)."""
    found = _described(item, model, doc, base, data)
    if found.tip:
        return found
    game = doc.data.get("ruleset") if isinstance(doc.data, dict) else None
    command = f"tabroll schema scenario -r {game if isinstance(game, str) and game.strip() else 'GAME'}"
    path = item.walk.path
    name = str(item.ctx.get("discriminator", "")).strip("'") if item.kind == "union_tag_not_found" else None
    if item.kind == "missing" and path and not isinstance(path[-1], int):
        name = str(path[-1])
    if name:
        tip = _("add '{name}:' here; every field and what it takes: {command}", name=name, command=command)
    else:
        tip = _("what this field takes: {command}", command=command)
    return replace(found, tip=tip, general=True)


def _described(item: _Item, model: type[BaseModel], doc: YamlDocument, base: Loc, data: Any) -> Problem:
    kind, walk = item.kind, item.walk
    path = (*base, *walk.path)
    loc = tuple(item.err["loc"])
    if kind == "missing":
        return _missing(item, model, doc, path, loc, data)
    if kind == "extra_forbidden":
        return _unknown_field(model, doc, path, loc, data)
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return _bad_tag(item, doc, path)
    at_value = doc.value_position(path)
    if kind in ("literal_error", "enum"):
        return _not_one_of(item, path, at_value)
    message, tip = _wording(item, path)
    if walk.key_error:
        return Problem(doc.locate(path), _("the key '{key}': {problem}", key=path[-1], problem=message))
    return Problem(at_value, message, tip)


def _missing(item: _Item, model: type[BaseModel], doc: YamlDocument, path: Loc, loc: Loc, data: Any) -> Problem:
    """A missing list item (located at the list) or a missing field (at its mapping, with the other keys it is
    accepted as)."""
    if isinstance(path[-1], int) and isinstance(item.err.get("input"), list | tuple):
        items = len(item.err["input"])
        where = replace(doc.value_position(path[:-1]), field=format_path(path[:-1]) or None)
        message = n_(
            "item {item} is missing: the list has {n} item",
            "item {item} is missing: the list has {n} items",
            items,
            item=path[-1] + 1,
        )
        return Problem(where, message, _("give every item this list needs (a square, say, is written [x, y])"))
    name, parent = str(path[-1]), path[:-1]
    keys = _other_keys(model, loc, name, data)
    where = replace(doc.locate(parent), field=format_path(parent) or None)
    if keys:
        also = ", ".join(repr(k) for k in keys)
        return Problem(where, _("missing required field '{name}' (also accepted as {keys})", name=name, keys=also))
    return Problem(where, _("missing required field '{name}'", name=name))


def _unknown_field(model: type[BaseModel], doc: YamlDocument, path: Loc, loc: Loc, data: Any) -> Problem:
    """A field the model does not have, with the nearest field it has (not yet given) or the fields it has."""
    name, tip = str(path[-1]), None
    here = _walk(model, loc[:-1], data)
    valid = _keys(_expanded(here.shapes, here.data))
    present = set(here.data) if isinstance(here.data, dict) else set()
    suggestion = _closest(name, [k for k in valid if k not in present] or valid)
    if suggestion:
        tip = _("did you mean '{name}'?", name=suggestion)
    elif valid:
        tip = _("valid fields here: {fields}", fields=", ".join(valid[:12]) + (", ..." if len(valid) > 12 else ""))
    return Problem(doc.locate(path), _("unknown field '{name}'", name=name), tip)


def _bad_tag(item: _Item, doc: YamlDocument, path: Loc) -> Problem:
    """A tagged union (an action's ``do``) whose tag is missing, empty or none of its tags."""
    ctx, walk = item.ctx, item.walk
    disc = str(ctx.get("discriminator", "")).strip("'")
    tags = [t.strip("'") for t in str(ctx.get("expected_tags", "")).split(", ") if t]
    tags = tags or list(dict.fromkeys(t for s in walk.shapes for m in s.members for t in _tag_values(m, s.disc)))
    listed = ", ".join(tags)
    if item.kind == "union_tag_not_found":
        message = _("missing required field '{name}' (one of: {values})", name=disc, values=listed)
        return Problem(doc.value_position(path), message)
    tag = str(ctx.get("tag", ""))
    close = _closest(tag, tags)
    where = doc.value_position((*path, disc))
    tagged = item.err.get("input")
    if isinstance(tagged, dict) and tagged.get(disc, "") is None:
        message = _("expected {field} to be one of: {values} (got nothing (an empty value))", field=disc, values=listed)
        return Problem(where, message, _empty(disc, _("one of: {values}", values=listed), required=True))
    if close:
        message = _(
            "expected {field} to be one of: {values} (got '{got}') — did you mean '{close}'?",
            field=disc,
            values=listed,
            got=tag,
            close=close,
        )
        return Problem(where, message)
    return Problem(
        where, _("expected {field} to be one of: {values} (got '{got}')", field=disc, values=listed, got=tag)
    )


def _not_one_of(item: _Item, path: Loc, at_value: Location) -> Problem:
    """A value that is none of the few a field allows, with the nearest one."""
    values = _values(item)
    value = item.err.get("input")
    close = _closest(value, values) if isinstance(value, str) else None
    wanted = f"'{values[0]}'" if len(values) == 1 else _("one of: {values}", values=", ".join(values))
    tip = _empty(path[-1] if path else None, wanted) if value is None else None
    if close:
        message = _(
            "expected {wanted} (got {got}) — did you mean '{close}'?", wanted=wanted, got=_got(value), close=close
        )
        return Problem(at_value, message, tip)
    return Problem(at_value, _("expected {wanted} (got {got})", wanted=wanted, got=_got(value)), tip)


def _wording(item: _Item, path: Loc) -> tuple[str, str | None]:
    """Any other problem of a value, in plain words (a type, a bound, a length, a pattern, or the validator's
    own words), and a tip for an empty value."""
    kind, ctx, got, tip = item.kind, item.ctx, _got(item.err.get("input")), None
    if kind in _NOUN_OF or kind == "union_type":
        noun = _NOUN_OF.get(kind)
        wanted = _(noun) if noun else str(ctx.get("expected"))
        message = _("expected {wanted}, got {got}", wanted=wanted, got=got)
        if item.err.get("input", "") is None and kind != "none_required":
            tip = _empty(path[-1] if path else None, wanted)
    elif kind in _BOUNDS:
        name, words = _BOUNDS[kind]
        message = _(words, bound=ctx.get(name), got=got)
    elif kind in ("too_short", "too_long"):
        limit: Any = ctx.get("min_length" if kind == "too_short" else "max_length")
        length: Any = ctx.get("actual_length")
        if length is None:  # pydantic stops counting a mapping at the limit: count it here
            value = item.err.get("input")
            length = len(value) if isinstance(value, abc.Sized) else _("more")
        values = {"limit": _count(limit), "got": _count(length)}
        if kind == "too_short":
            message = n_(
                "expected at least {limit} item, got {got}",
                "expected at least {limit} items, got {got}",
                limit,
                **values,
            )
        else:
            message = n_(
                "expected at most {limit} item, got {got}", "expected at most {limit} items, got {got}", limit, **values
            )
    elif kind in ("string_too_short", "string_too_long"):
        limit = ctx.get("min_length" if kind == "string_too_short" else "max_length")
        if kind == "string_too_short":
            message = n_(
                "expected text of at least {limit} character, got {got}",
                "expected text of at least {limit} characters, got {got}",
                limit,
                limit=limit,
                got=got,
            )
        else:
            message = n_(
                "expected text of at most {limit} character, got {got}",
                "expected text of at most {limit} characters, got {got}",
                limit,
                limit=limit,
                got=got,
            )
    elif kind == "string_pattern_mismatch":
        message = _("text does not match the pattern {pattern}, got {got}", pattern=ctx.get("pattern"), got=got)
    elif isinstance(ctx.get("error"), TabrollError):  # a validator that raised our own error: keep its words
        message, tip = ctx["error"].message, ctx["error"].tip
    else:
        message = str(item.err.get("msg", kind))
        for prefix in _PREFIXES:
            message = message.removeprefix(prefix)
        message = message[:1].lower() + message[1:] if message[:2] != message[:2].upper() else message
    return message, tip


def _other_keys(model: type[BaseModel], loc: Loc, name: str, data: Any) -> list[str]:
    """The other keys a missing field would also be accepted under (its alias choices)."""
    parent = _walk(model, loc[:-1], data)
    for shape in _expanded(parent.shapes, parent.data):
        found = _fields(shape.tp)
        for field_name, info in (found[0] if found else {}).items():
            keys = _field_keys(field_name, info, found[1] if found else {})
            if name in keys:
                return [k for k in keys if k != name]
    return []


def _explained(raw: list[Any], doc: YamlDocument, model: type[BaseModel], base_path: Loc, data: Any) -> list[Problem]:
    """pydantic's errors ``raw`` as problems, in file order (unplaceable ones last)."""
    items = _prune([_Item(dict(e), _walk(model, e["loc"], data)) for e in raw])
    found = [_describe(item, model, doc, base_path, data) for item in items]
    found = list({str(p): p for p in found}.values())  # one line per distinct problem
    return sorted(found, key=lambda p: (p.location.line or 1 << 62, p.location.column or 0))


TRIM_ABOVE: Final = 1_000
"""pydantic's errors past which the first places are found by validating again a copy of the data whose long
top-level lists and mappings keep only their first entries, rather than by listing every error: ``errors()`` builds
every one of them (time and memory in proportion to the file), to explain only the first :data:`MAX_EXPLAINED`."""


def _top_fields(model: type[BaseModel]) -> dict[str, tuple[int, int | None, int | None]] | None:
    """Each top-level key ``model`` reads (its fields' names and aliases): the place of its field among the model's,
    and the least and most entries the field allows (None: no bound)."""
    found = _fields(_shape(model).tp)
    if found is None:
        return None
    keys: dict[str, tuple[int, int | None, int | None]] = {}
    for index, (name, info) in enumerate(found[0].items()):
        most = next((m.max_length for m in info.metadata if getattr(m, "max_length", None) is not None), None)
        least = next((m.min_length for m in info.metadata if getattr(m, "min_length", None)), None)
        for key in _field_keys(name, info, found[1]):
            keys.setdefault(key, (index, least, most))
    return keys


def _too_long(model: type[BaseModel], data: Any) -> dict[str, Any] | None:
    """The error of the first top-level list or mapping of ``data`` that holds more entries than its field allows,
    worded as pydantic words it, or None. A length is a limit, so it is checked before the entries it limits are
    validated: 20,000 units where 10,000 are allowed are refused for that, whatever the units say."""
    if not isinstance(data, dict):
        return None
    fields = _top_fields(model)
    for key, value in data.items():
        if fields is None or key not in fields or not isinstance(value, dict | list):
            continue
        most = fields[key][2]
        if most is not None and len(value) > most:
            kind = "Dictionary" if isinstance(value, dict) else "List"
            ctx = {"field_type": kind, "max_length": most, "actual_length": len(value)}
            return {"type": "too_long", "loc": (key,), "msg": "", "input": value, "ctx": ctx}
    return None


def _first_places_cut_short(
    model: type[BaseModel], data: Any, limit: int, context: dict[str, Any] | None
) -> list[Any] | None:
    """pydantic's errors of the first ``limit`` places of ``data`` (there are more), found by validating a copy whose
    long top-level lists and mappings keep their first ``limit + 1`` entries (an entry is validated on its own, so
    those entries fail as they do in the whole). None when that cannot be known to give the same places as the
    whole data: nothing long, a length at least or at most that a cut container would not be held to as the whole
    is, the cut data valid or with few problems, a problem of a cut container as a whole, or places that reach past
    a cut container into the fields validated after it."""
    if not isinstance(data, dict):
        return None
    fields = _top_fields(model)
    if fields is None:
        return None
    keep = limit + 1
    cut = {key: value for key, value in data.items() if isinstance(value, dict | list) and len(value) > keep}
    if not cut or any(key not in fields or fields[key][1] is not None for key in cut):
        return None  # a field the model does not know, or a length at least: cut, it would fail as the whole did not
    if any(fields[key][2] is not None and len(cut[key]) > (fields[key][2] or 0) for key in cut):
        return None  # too long as a whole: :func:`_too_long` says so before anything is validated
    trimmed = dict(data)
    for key, value in cut.items():
        trimmed[key] = dict(list(value.items())[:keep]) if isinstance(value, dict) else value[:keep]
    try:
        model.model_validate(trimmed, context=context)
    except ValidationError as again:
        listed = again.errors(include_url=False)
    else:
        return None
    raw, more = _first_places(listed, limit)
    if not more:
        return None
    following = listed[len(raw)]  # the first error of the place past the limit
    last = following["loc"][0]
    if any(len(e["loc"]) < 2 and e["loc"][0] in cut for e in (*raw, following)):
        return None  # a cut container's own problem (its length, say) is not what the whole one has
    if last not in fields or any(
        fields[key][0] < fields[last][0] or (fields[key][0] == fields[last][0] and key != last) for key in cut
    ):
        return None  # the entries cut off a container validated before that place would have come first
    return raw


def _failed_early(
    doc: YamlDocument, model: type[BaseModel], base_path: Loc, data: Any, context: dict[str, Any] | None
) -> InputError | None:
    """The error of a document found before the whole is validated: a top-level list or mapping longer than its
    field allows (:func:`_too_long`), or long lists or mappings that fail in their first entries, worked out from
    those entries alone, so that a long file of bad entries never holds all their errors at once. None when the document
    must be validated whole."""
    too_long = _too_long(model, data)
    if too_long is not None:
        return problems_error(_explained([too_long], doc, model, base_path, data), doc.source)
    if not isinstance(data, dict) or not any(
        isinstance(v, dict | list) and len(v) > TRIM_LONGER for v in data.values()
    ):
        return None
    raw = _first_places_cut_short(model, data, MAX_EXPLAINED, context)
    if raw is None:
        return None
    return problems_error(_explained(raw, doc, model, base_path, data), doc.source, more=True)


TRIM_LONGER: Final = 1_000
"""A top-level list or mapping longer than this is looked at in its first entries before the whole is validated."""


def _first_places(raw: list[Any], limit: int) -> tuple[list[Any], bool]:
    """pydantic's errors of the first ``limit`` places (the first two steps of their paths: ``units.U7``,
    ``actions[3]``), whole: a union's branches at one place are pruned together; and whether any were left."""
    places: set[tuple[Any, ...]] = set()
    for kept, error in enumerate(raw):
        place = tuple(error["loc"][:2])
        if place not in places:
            if len(places) == limit:
                return raw[:kept], True
            places.add(place)
    return raw, False


def problems_error(found: Sequence[Problem], source: str, *, more: bool = False) -> InputError:
    """One :class:`InputError` for the problems ``found`` in the file ``source``.

    A single problem becomes ``file:line:col: field: message`` with its tip. Several are listed one per line in
    that form (at most :data:`MAX_LISTED`, then how many more), under ``found N problems`` (``more``: past those
    found, the rest were not looked at), each kept in the error's ``problems`` for the JSON outputs."""
    if len(found) == 1 and not more:
        return InputError(found[0].message, tip=found[0].tip, location=found[0].location, problems=found)
    if not found:  # pydantic always reports at least one error; be safe anyway
        return InputError(
            _("the data does not fit the scenario format"),
            tip=_("'tabroll schema GAME' shows every field a scenario may have"),
            location=Location(source),
        )
    lines = [str(p) for p in found[:MAX_LISTED]]
    if len(found) > MAX_LISTED:
        lines.append(n_("and {n} more", "and {n} more", len(found) - MAX_LISTED))
    if more:
        heading = n_(
            "found more than {n} problem (the first {n} are counted):",
            "found more than {n} problems (the first {n} are counted):",
            len(found),
        )
    else:
        heading = n_("found {n} problem:", "found {n} problems:", len(found))
    return InputError(
        heading + "\n" + "\n".join(lines),
        location=Location(source),
        problems=found,
    )


def validate(
    model: type[M],
    doc: YamlDocument,
    *,
    data: Any = _DOCUMENT,
    base_path: Loc = (),
    context: dict[str, Any] | None = None,
) -> M:
    """Validate ``data`` (default: the whole document) against ``model``; failures raise :class:`InputError`.

    Pass ``base_path`` when ``data`` is a sub-tree of the document, so positions and field paths point
    at the right place in the file. At most the problems of :data:`MAX_EXPLAINED` places are worked out.
    """
    value = doc.data if data is _DOCUMENT else data
    early = _failed_early(doc, model, base_path, value, context)
    if early is not None:
        raise early
    try:
        return model.model_validate(value, context=context)
    except ValidationError as err:
        raw = None
        if err.error_count() > TRIM_ABOVE:
            raw = _first_places_cut_short(model, value, MAX_EXPLAINED, context)
        raw, more = (raw, True) if raw is not None else _first_places(err.errors(include_url=False), MAX_EXPLAINED)
        raise problems_error(_explained(raw, doc, model, base_path, value), doc.source, more=more) from None
