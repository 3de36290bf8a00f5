"""Actions as JSON: what a journal records of an action, read back equal (checked every time)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast, get_args, get_origin

from tabroll.errors import InputError
from tabroll.i18n import _
from tabroll.journal.records import plain
from tabroll.kit import AnyRuleset

_ADAPTERS: dict[str, Any] = {}


def action_adapter(ruleset: AnyRuleset) -> Any:
    """A ``pydantic.TypeAdapter`` for one action of ``ruleset`` (from its scenario model's ``actions: list[X]``)."""
    adapter = _ADAPTERS.get(ruleset.id)
    if adapter is None:
        from pydantic import TypeAdapter

        found = ruleset.scenario_model().model_fields.get("actions")
        annotation = found.annotation if found is not None else None
        args = get_args(annotation)
        if get_origin(annotation) is not list or len(args) != 1:
            raise InputError(f"the {ruleset.name} ruleset's scenario model has no 'actions: list[...]' field")
        adapter = _ADAPTERS[ruleset.id] = TypeAdapter(args[0])
    return adapter


def encode_action(ruleset: AnyRuleset, action: Any) -> dict[str, Any]:
    """``action`` as JSON data that :func:`decode_action` reads back equal (checked here, every time): the fields
    the action was given, by their names (every scenario model is a kit ``Strict`` model, which reads names as
    well as aliases), so a journal records what the scenario or the command line said and nothing more."""
    from pydantic import BaseModel, ValidationError

    if not isinstance(action, BaseModel):
        raise InputError(f"a {type(action).__name__} cannot be recorded in a journal (not a scenario action)")
    # warnings=False: a callable discriminator may not recognise a model instance when dumping (a game's result
    # choices); the round trip below is the real check.
    data: dict[str, Any] = action.model_dump(mode="json", exclude_unset=True, warnings=False)
    try:
        if action_adapter(ruleset).validate_python(data) == action:
            return data
    except ValidationError:
        pass
    raise InputError(
        _("this {game} action cannot be recorded in a journal: it does not read back the same", game=ruleset.name),
        tip=_("run it without --journal; this is a bug in tabroll, please report it"),
    )


def decode_action(ruleset: AnyRuleset, data: Any) -> Any:
    """A recorded action back as the ruleset's action model (raises :class:`InputError`)."""
    from pydantic import ValidationError

    try:
        return action_adapter(ruleset).validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise InputError(
            _("not a valid {game} action: {field}: {problem}", game=ruleset.name, field=where, problem=first["msg"]),
            tip=_("the journal was changed by hand or by another version of tabroll: start a new journal file"),
        ) from None


def options_json(options: Any) -> dict[str, Any] | None:
    from pydantic import BaseModel

    if isinstance(options, BaseModel):
        return cast("dict[str, Any]", plain(options.model_dump(mode="json")))
    if isinstance(options, Mapping):
        return dict(plain(dict(options)))
    return None
