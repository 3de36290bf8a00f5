"""Validate loaded YAML with pydantic and explain every failure in a player's words.

pydantic reports problems as ``loc`` tuples in its own vocabulary: union branches appear as labels
(``'Melee'``, ``'int'``, ``'function-after[...]'``) and discriminated unions as their tag
(``'melee'``). We walk the model's annotations alongside each ``loc`` to drop those labels, so the
path matches the YAML (``units[2].weapon.reach``), to find the valid keys for "did you mean", and to
keep only the most plausible branch of a failed union instead of a wall of alternatives.

Only :class:`pydantic.ValidationError` is translated: any other exception of a model's validator is a bug in it.
The explaining lives in :mod:`tabroll.loading.explaining`, imported only when a validation fails."""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, Final, TypeVar, Union, get_args, get_origin

import msgspec
import msgspec.structs
from pydantic import AliasChoices, AliasPath, BaseModel, Discriminator, ValidationError
from pydantic.fields import FieldInfo

from tabroll.errors import InputError, Location
from tabroll.i18n import _, n_
from tabroll.lazy import names_from

if TYPE_CHECKING:
    from tabroll.loading.yaml_source import YamlDocument
    from tabroll.problem import Problem as Problem  # handed out by __getattr__ (below)

__all__ = ["MAX_EXPLAINED", "MAX_LISTED", "Problem", "problems_error", "validate"]

M = TypeVar("M", bound=BaseModel)
Loc = Sequence[str | int]
MAX_LISTED: Final = 20  # problems shown in one error; the rest are counted
MAX_EXPLAINED: Final = 30
"""Problems worked out in one error; the rest are not looked at, as explaining one (its line, its words) is the
costly part and a file with thousands of bad entries would be explained whole to show :data:`MAX_LISTED`."""
__getattr__ = names_from(globals(), "tabroll.problem", ("Problem",))  # made only when a file fails
_DOCUMENT: Final[Any] = object()  # "validate the whole document" (``None`` is a legitimate sub-tree)

# ---------------------------------------------------------------------------------------------------
# Walking a model's annotations along a path


class Shape(msgspec.Struct, frozen=True):
    """An annotation with ``Annotated``/``Optional`` peeled off; ``members`` is set for a real union."""

    tp: Any
    members: tuple[Any, ...] = ()
    disc: Any = None  # discriminator field name, or a callable, for a discriminated union


def shape_of(tp: Any, disc: Any = None) -> Shape:
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
                return Shape(tp, members, disc)
            tp = members[0]
            continue
        if hasattr(tp, "__supertype__"):  # typing.NewType
            tp = tp.__supertype__
            continue
        # RootModel is recognised by its flag, so that loading a file does not import pydantic.RootModel.
        if isinstance(tp, type) and issubclass(tp, BaseModel) and getattr(tp, "__pydantic_root_model__", False):
            root = tp.model_fields["root"]
            tp, disc = root.annotation, discriminator_of(root) or disc
            continue
        break
    return Shape(tp, (), disc)


def discriminator_of(info: FieldInfo) -> Any:
    found = info.discriminator
    return found.discriminator if isinstance(found, Discriminator) else found


def fields_of(tp: Any) -> tuple[dict[str, FieldInfo], dict[str, Any]] | None:
    """The fields and config of a model or pydantic dataclass, else ``None``."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return tp.model_fields, dict(tp.model_config)
    found = getattr(tp, "__pydantic_fields__", None)
    if isinstance(found, dict):
        return found, dict(getattr(tp, "__pydantic_config__", {}) or {})
    return None


def field_keys(name: str, info: FieldInfo, config: dict[str, Any]) -> list[str]:
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


TRIM_ABOVE: Final = 1_000
"""pydantic's errors past which the first places are found by validating a copy cut to its first entries (see
:func:`_first_places_cut_short`): ``errors()`` would build every one, to explain only :data:`MAX_EXPLAINED`."""


def _top_fields(model: type[BaseModel]) -> dict[str, tuple[int, int | None, int | None]] | None:
    """Each top-level key ``model`` reads (its fields' names and aliases): the place of its field among the model's,
    and the least and most entries the field allows (None: no bound)."""
    found = fields_of(shape_of(model).tp)
    if found is None:
        return None
    keys: dict[str, tuple[int, int | None, int | None]] = {}
    for index, (name, info) in enumerate(found[0].items()):
        most = next((m.max_length for m in info.metadata if getattr(m, "max_length", None) is not None), None)
        least = next((m.min_length for m in info.metadata if getattr(m, "min_length", None)), None)
        for key in field_keys(name, info, found[1]):
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
    long top-level lists and mappings keep their first ``limit + 1`` entries (each entry fails on its own as in the
    whole). None when the copy may not give the same places as the whole (see the checks below)."""
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
    raw = [too_long] if too_long is not None else None
    if raw is None and (
        isinstance(data, dict) and any(isinstance(v, dict | list) and len(v) > TRIM_LONGER for v in data.values())
    ):
        raw = _first_places_cut_short(model, data, MAX_EXPLAINED, context)
    if raw is None:
        return None
    from tabroll.loading.explaining import explained

    return problems_error(explained(raw, doc, model, base_path, data), doc.source, more=too_long is None)


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
    return InputError(heading + "\n" + "\n".join(lines), location=Location(source), problems=found)


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
    at the right place in the file. At most the problems of :data:`MAX_EXPLAINED` places are worked out."""
    value = doc.data if data is _DOCUMENT else data
    early = _failed_early(doc, model, base_path, value, context)
    if early is not None:
        raise early
    try:
        return model.model_validate(value, context=context)
    except ValidationError as err:
        from tabroll.loading.explaining import explained

        raw = None
        if err.error_count() > TRIM_ABOVE:
            raw = _first_places_cut_short(model, value, MAX_EXPLAINED, context)
        raw, more = (raw, True) if raw is not None else _first_places(err.errors(include_url=False), MAX_EXPLAINED)
        raise problems_error(explained(raw, doc, model, base_path, value), doc.source, more=more) from None
