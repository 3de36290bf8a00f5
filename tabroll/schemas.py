"""JSON Schemas: of the event stream (a versioned contract) and of each ruleset's scenario files."""

from __future__ import annotations

import types
from typing import Any

import msgspec
import msgspec.structs

from tabroll.events import CORE_EVENTS, EVENTS_FORMAT, EVENTS_FORMAT_VERSION, Event


def event_class_schema(cls: type[Event]) -> dict[str, Any]:
    """The JSON Schema of one event class, as pydantic writes it. Pydantic reads dataclasses, not msgspec Structs:
    it is given a dataclass of the same name, fields, types, defaults and docstring (each record it holds too)."""
    from pydantic import TypeAdapter

    schema: dict[str, Any] = TypeAdapter(_as_dataclass(cls, {})).json_schema()
    return schema


def _as_dataclass(tp: Any, made: dict[type, type]) -> Any:
    """``tp`` with every Struct in it (itself, or in its arguments) as a dataclass, each made once."""
    import typing
    from dataclasses import field, make_dataclass

    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        if tp not in made:
            fields = []
            for info in msgspec.structs.fields(tp):
                if info.default is not msgspec.NODEFAULT:
                    default = field(default=info.default)
                elif info.default_factory is not msgspec.NODEFAULT:
                    default = field(default_factory=info.default_factory)
                else:
                    default = field()
                fields.append((info.name, _as_dataclass(info.type, made), default))
            namespace = {"__doc__": tp.__doc__, "__module__": tp.__module__, "__qualname__": tp.__qualname__}
            made[tp] = make_dataclass(tp.__name__, fields, namespace=namespace, kw_only=True)
        return made[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is None or not args or origin is typing.Literal:
        return tp
    mapped = tuple(_as_dataclass(arg, made) for arg in args)
    if origin is typing.Union or origin is types.UnionType:
        return typing.Union[mapped]  # noqa: UP007  # rebuilt from a tuple of types
    if origin is typing.Annotated:
        return typing.Annotated[(mapped[0], *args[1:])]
    return origin[mapped]


def events_schema() -> dict[str, Any]:
    """The schema of one event (as in ``--format jsonl``), with every kind as a tagged alternative."""
    from tabroll.engine import all_rulesets

    # The core kinds, then each game's own (its kinds are its own: two games may both have a kind of one name).
    classes: dict[str, type[Event]] = {cls.__name__: cls for cls in CORE_EVENTS}
    for game in all_rulesets():
        game.event_types()  # a kind that reuses another is refused here (exit 2), with the kind named
        classes.update({f"{game.id}.{cls.__name__}": cls for cls in game.load_events()})
    definitions: dict[str, Any] = {}
    variants: list[dict[str, Any]] = []
    for name, cls in classes.items():
        schema = event_class_schema(cls)
        definitions.update(schema.pop("$defs", {}))  # parts of an event (a roll's terms) are shared definitions
        schema.pop("title", None)
        schema["properties"] = {"kind": {"const": cls.KIND}, **schema.get("properties", {})}
        schema["required"] = ["kind", *schema.get("required", [])]
        schema["additionalProperties"] = True
        schema["description"] = (cls.__doc__ or "").strip()
        definitions[name] = schema
        variants.append({"$ref": f"#/$defs/{name}"})
        assert all(f.name != "kind" for f in msgspec.structs.fields(cls))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://tabroll.invalid/schema/{EVENTS_FORMAT}/v{EVENTS_FORMAT_VERSION}",
        "title": f"tabroll event (format {EVENTS_FORMAT} v{EVENTS_FORMAT_VERSION})",
        "description": "One event of a resolved action. JSON Lines output adds 'file' and 'action' tags.",
        "oneOf": variants,
        "$defs": definitions,
    }


def scenario_schema(ruleset: str) -> dict[str, Any]:
    """The schema of a ruleset's scenario files, for an editor's YAML language server."""
    from tabroll.engine import find_ruleset

    game = find_ruleset(ruleset)
    model = game.scenario_model()
    schema: dict[str, Any] = model.model_json_schema(mode="validation")
    _add_alias_spellings(model, schema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"tabroll scenario: {game.name}"
    return schema


def _models_under(model: type[Any]) -> list[type[Any]]:
    """Every pydantic model reachable from ``model``'s fields (itself included)."""
    import typing

    from pydantic import BaseModel

    seen: list[type[Any]] = []
    todo: list[Any] = [model]
    while todo:
        item = todo.pop()
        if isinstance(item, type) and issubclass(item, BaseModel):
            if item in seen:
                continue
            seen.append(item)
            todo.extend(f.annotation for f in item.model_fields.values())
        else:
            todo.extend(typing.get_args(item))
    return seen


def _add_alias_spellings(model: type[Any], schema: dict[str, Any]) -> None:
    """List every accepted spelling of a field (``attack`` and ``ATK``) so an editor accepts both.

    A field with several spellings is no longer listed as required: either spelling satisfies it, and a
    unit may take it from the catalogue. The loader still checks it."""
    from pydantic import AliasChoices

    definitions = schema.get("$defs", {})
    for sub in _models_under(model):
        target = definitions.get(sub.__name__) if sub is not model else schema
        if not target or "properties" not in target:
            continue
        for name, info in sub.model_fields.items():
            alias = info.validation_alias
            if not isinstance(alias, AliasChoices):
                continue
            spellings = [c for c in alias.choices if isinstance(c, str)]
            shown = next((s for s in spellings if s in target["properties"]), name)
            for spelling in spellings:
                target["properties"].setdefault(spelling, target["properties"][shown])
            target["required"] = [r for r in target.get("required", []) if r not in spellings]
            if not target["required"]:
                target.pop("required")
