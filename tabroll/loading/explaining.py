"""Every failure of a validation in a player's words (see :mod:`tabroll.loading.validation`, which imports this
module only when a validation fails): pydantic's ``loc`` walked alongside the model's annotations, union labels
dropped, the most plausible branch of a failed union kept, each problem placed at its line and worded with a tip."""

from __future__ import annotations

import collections
import collections.abc as abc
import difflib
import enum
import re
from collections.abc import Iterable, Sequence
from typing import Annotated, Any, Final, Literal, get_args, get_origin

import msgspec
from msgspec.structs import replace
from pydantic import BaseModel

from tabroll.errors import Location, TabrollError
from tabroll.i18n import N_, _, n_
from tabroll.loading.validation import Loc, Shape, discriminator_of, field_keys, fields_of, shape_of
from tabroll.loading.yaml_source import YamlDocument, format_path
from tabroll.problem import Problem

_LISTS: Final = {list, set, frozenset, collections.deque, abc.Sequence, abc.MutableSequence, abc.Set, abc.Iterable}
_MAPS: Final = {dict, collections.OrderedDict, collections.defaultdict, abc.Mapping, abc.MutableMapping}


def _keys(shapes: Iterable[Shape]) -> list[str]:
    out: dict[str, None] = {}
    for shape in shapes:
        found = fields_of(shape.tp)
        if found is not None:
            for name, info in found[0].items():
                out.update(dict.fromkeys(field_keys(name, info, found[1])))
    return list(out)


def _tag_values(member: Any, disc: Any) -> list[str]:
    """The discriminator values that select one union member: its ``Tag`` or its tag field's values."""
    if get_origin(member) is Annotated:
        tags = [str(m.tag) for m in get_args(member)[1:] if hasattr(m, "tag")]
        if tags:
            return tags
    found = fields_of(shape_of(member).tp)
    if isinstance(disc, str) and found is not None:
        for name, info in found[0].items():
            if disc == name or disc in field_keys(name, info, found[1]):
                return _choices(shape_of(info.annotation))
    return []


def _tags(member: Any, disc: Any) -> set[str]:
    """The loc labels pydantic may use for one union member: its tag values and its class name."""
    return {*_tag_values(member, disc), getattr(shape_of(member).tp, "__name__", "")} - {""}


def _choices(shape: Shape) -> list[str]:
    """The allowed values of a ``Literal`` or ``Enum`` annotation, as text."""
    values: list[Any] = []
    for member in shape.members or (shape.tp,):
        inner = shape_of(member).tp
        if get_origin(inner) is Literal:
            values += get_args(inner)
        elif isinstance(inner, type) and issubclass(inner, enum.Enum):
            values += list(inner)
    return [str(v.value if isinstance(v, enum.Enum) else v) for v in values]


def _pick(shape: Shape, label: str | None, here: Any) -> list[Shape]:
    """The union members matching a loc label or, without one, the discriminator value in the data."""
    if label is None and isinstance(shape.disc, str) and isinstance(here, dict):
        keys = [shape.disc]
        for member in shape.members:
            found = fields_of(shape_of(member).tp)
            if found is not None and shape.disc in found[0]:
                keys += field_keys(shape.disc, found[0][shape.disc], found[1])
        value = next((here[k] for k in keys if k in here), None)
        label = None if value is None else str(value.value if isinstance(value, enum.Enum) else value)
    chosen = [m for m in shape.members if label is not None and label in _tags(m, shape.disc)]
    return [shape_of(m) for m in chosen or shape.members]


def _children(tp: Any, seg: str | int) -> list[Shape]:
    found = fields_of(tp)
    if found is not None:
        for name, info in found[0].items():
            if seg == name or seg in field_keys(name, info, found[1]):
                return [shape_of(info.annotation, discriminator_of(info))]
        return []
    origin, args = get_origin(tp) or tp, get_args(tp)
    if origin in _LISTS:
        return [shape_of(args[0] if args else Any)]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return [shape_of(args[0])]
    if origin is tuple and isinstance(seg, int) and 0 <= seg < len(args):
        return [shape_of(args[seg])]
    if origin in _MAPS:
        return [shape_of(args[1] if len(args) == 2 else Any)]
    return []


def _descend(data: Any, seg: str | int) -> Any:
    if isinstance(data, dict):
        return data.get(str(seg), data.get(seg))
    if isinstance(data, list) and isinstance(seg, int) and 0 <= seg < len(data):
        return data[seg]
    return None


# Bookkeeping, never compared: each walk is equal only to itself.
class _Walk(msgspec.Struct, eq=False):
    path: list[str | int] = msgspec.field(default_factory=list)  # the YAML path, union labels removed
    shapes: list[Shape] = msgspec.field(default_factory=list)  # what the model expects at the end
    unions: list[tuple[tuple[str | int, ...], int, str]] = msgspec.field(default_factory=list)  # (path, nth, label)
    key_error: bool = False  # pydantic's '[key]': the problem is the mapping key itself
    data: Any = None  # the data at the end of the path, when it exists


def _walk(model: type[BaseModel], loc: Loc, data: Any) -> _Walk:
    """Follow pydantic's ``loc`` through the model: every union consumes one label."""
    walk = _Walk(shapes=[shape_of(model)], data=data)
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
            walk.shapes = [shape_of(a) for s in walk.shapes for a in get_args(s.tp)[:1]]
            continue
        walk.shapes = [c for s in walk.shapes for c in _children(s.tp, seg)]
        walk.path.append(seg)
        walk.data = _descend(walk.data, seg)
    return walk


def _expanded(shapes: list[Shape], data: Any) -> list[Shape]:
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


class _Item(msgspec.Struct, eq=False):  # bookkeeping too, like _Walk
    """One pydantic error with its walk; ``kind``/``ctx`` may be rewritten when union errors merge."""

    err: dict[str, Any]
    walk: _Walk
    kind: str = ""
    ctx: dict[str, Any] = msgspec.field(default_factory=dict)

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
        found = fields_of(shape.tp)
        for field_name, info in (found[0] if found else {}).items():
            keys = field_keys(field_name, info, found[1] if found else {})
            if name in keys:
                return [k for k in keys if k != name]
    return []


def explained(raw: list[Any], doc: YamlDocument, model: type[BaseModel], base_path: Loc, data: Any) -> list[Problem]:
    """pydantic's errors ``raw`` as problems, in file order (unplaceable ones last)."""
    items = _prune([_Item(dict(e), _walk(model, e["loc"], data)) for e in raw])
    found = [_describe(item, model, doc, base_path, data) for item in items]
    found = list({str(p): p for p in found}.values())  # one line per distinct problem
    return sorted(found, key=lambda p: (p.location.line or 1 << 62, p.location.column or 0))
