"""House-rule options: each ruleset declares them as a pydantic model whose fields all have defaults.

A scenario's ``options:`` mapping and the command line's ``--option NAME=VALUE`` both go through
:func:`validate_options`, so a typo in an option name gets the same "did you mean" help as any other field."""

from __future__ import annotations

import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from tabroll.errors import InputError, Location
from tabroll.i18n import _

if TYPE_CHECKING:
    from tabroll.kit.descriptions import OptionInfo


def describe_options(model: type[BaseModel]) -> list[OptionInfo]:
    """Name, default, allowed values and description of each option of ``model``."""
    from tabroll.kit.descriptions import OptionInfo  # read by `tabroll rules`: a run defines it not

    infos: list[OptionInfo] = []
    for name, info in model.model_fields.items():
        choices: tuple[str, ...] = ()
        if typing.get_origin(info.annotation) is typing.Literal:
            choices = tuple(str(c) for c in typing.get_args(info.annotation))
        elif info.annotation is bool:
            choices = ("true", "false")
        default = info.default
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        infos.append(OptionInfo(name=name, default=shown, choices=choices, description=info.description or ""))
    return infos


def parse_option_assignments(items: list[str]) -> dict[str, str]:
    """``["some_rule=strict"]`` → ``{"some_rule": "strict"}`` with clear errors.

    Values stay text here; :func:`validate_options` reads numbers and true/false out of them."""
    values: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise InputError(
                _("cannot read option '{item}'", item=item),
                tip=_("write options as NAME=VALUE (tabroll rules GAME lists each game's options and values)"),
            )
        values[name.strip()] = value.strip()
    return values


def validate_options(
    model: type[BaseModel],
    values: Mapping[str, Any],
    *,
    origin: str,
    locate: Callable[[str, bool], Location | None] | None = None,
) -> BaseModel:
    """Validate option values against ``model``; unknown names and bad values become an :class:`InputError`.
    ``locate(name, value)`` gives the place in a file of an option's name (or its value), when it came from one:
    the error then names the file, line and field instead of ``origin``."""
    from tabroll.words import did_you_mean

    def where(name: str, value: bool) -> tuple[str, Location | None]:
        at = locate(name, value) if locate is not None else None
        return ("", at) if at is not None else (f"{origin}: ", None)  # a location names the file, line and field

    known = list(model.model_fields)
    for name in values:
        if name not in known:
            if not known:
                tip = _("this game has no house-rule options")
            else:
                tip = did_you_mean(name, known, _("the options are: {names}", names=", ".join(known)))
            prefix, at = where(name, False)
            raise InputError(prefix + _("unknown option '{name}'", name=name), tip=tip, location=at)
    try:
        return model.model_validate({name: _scalar(value) for name, value in values.items()})
    except ValidationError as err:
        first = err.errors()[0]
        name = ".".join(str(p) for p in first["loc"])
        allowed = next((o.choices for o in describe_options(model) if o.name == name), ())
        hint = _("allowed values: {values}", values=", ".join(allowed)) if allowed else None
        message = str(first["msg"])
        given = first.get("input")
        if allowed and _numbers_only(model, name) and isinstance(given, str):
            # every allowed value is a number, and this text is none: say so, as every typed number is read
            message = _(
                "{value} is not a whole number; expected one of: {values}",
                value=_given(given),
                values=", ".join(allowed),
            )
        elif allowed:
            message = _("expected one of: {values}, got {value}", values=", ".join(allowed), value=_given(given))
        elif first["type"].startswith("int_") and isinstance(given, str):
            message = _("{value} is not a whole number", value=_given(given))
        elif first["type"].startswith("int_"):
            message = _("expected a whole number, got {value}", value=_given(given))
        elif first["type"].startswith("bool_"):
            message = _("expected true or false, got {value}", value=_given(given))
        elif first["type"].startswith("float_"):
            message = _("expected a number, got {value}", value=_given(given))
        if first.get("input", "") is None:
            if hint:
                hint = _(
                    "the option has nothing after 'NAME:' or 'NAME=' (or says null): write its value ({hint}), "
                    "or remove it to use its default",
                    hint=hint,
                )
            else:
                hint = _(
                    "the option has nothing after 'NAME:' or 'NAME=' (or says null): write its value, "
                    "or remove it to use its default"
                )
        prefix, at = where(name, True)
        raise InputError(
            f"{prefix}{message}" if at else prefix + _("option '{name}': {message}", name=name, message=message),
            tip=hint,
            location=at,
        ) from None


def _numbers_only(model: type[BaseModel], name: str) -> bool:
    """Whether every value the option ``name`` allows is a whole number (``Literal[20, 10]``)."""
    field = model.model_fields.get(name)
    if field is None or typing.get_origin(field.annotation) is not typing.Literal:
        return False
    return all(type(choice) is int for choice in typing.get_args(field.annotation))


def _given(value: Any) -> str:
    """An option's value as a message shows it."""
    if value is None:
        return _("nothing (an empty value)")
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _scalar(value: Any) -> Any:
    """Command-line text as the value it spells: ``10`` → 10, ``true``/``false`` → bool, else the text."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if text.lower() in ("true", "yes", "on"):
        return True
    if text.lower() in ("false", "no", "off"):
        return False
    from tabroll.whole_numbers import read_whole

    number = read_whole(text)
    return value if number is None else number
