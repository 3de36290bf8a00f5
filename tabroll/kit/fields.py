"""An attack typed on the command line (:class:`AttackRequest`, also found as ``tabroll.kit.AttackRequest``) and
its fields, read by a game's ``quick_scenario`` (``tabroll attack -a X -t Y --distance 2``): each was checked by
the core against the game's :class:`~tabroll.kit.AttackField` list, and a game reads it here with its default."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
import msgspec.structs

from tabroll.i18n import _


class AttackRequest(msgspec.Struct, frozen=True):
    """An attack typed on the command line, as typed: the two unit names, their typed stats (``ATK=3``), house-rule
    options, and the game's attack fields by name (``{"range": "3"}``, only those of ``Ruleset.attack_fields``)."""

    attacker: str
    target: str
    attacker_stats: Mapping[str, str] = msgspec.field(default_factory=dict)
    target_stats: Mapping[str, str] = msgspec.field(default_factory=dict)
    options: Mapping[str, str] = msgspec.field(default_factory=dict)
    fields: Mapping[str, str] = msgspec.field(default_factory=dict)


def whole_field(flag: str, value: str) -> int:
    """A whole number typed for ``flag``, read as every command reads one (digits only, at most 11)."""
    from tabroll.whole_numbers import whole_number

    return whole_number(
        value, flag, tip=_("write it with the digits 0-9, e.g. {example}", example=f"{flag} 2"), digits=11
    )


def field_int(request: AttackRequest | Mapping[str, str], name: str, default: int) -> int:
    """A whole-number field of a request (already checked by the core), or ``default`` when it was not given."""
    fields = request.fields if isinstance(request, AttackRequest) else request
    value = fields.get(name)
    return default if value is None else whole_field("--" + name.replace("_", "-"), value)


def field_text(request: AttackRequest | Mapping[str, str], name: str, default: str) -> str:
    """A text field of a request as typed (stripped), or ``default`` when it was not given."""
    fields = request.fields if isinstance(request, AttackRequest) else request
    value = fields.get(name)
    return default if value is None else value.strip()


def field_flag(request: AttackRequest | Mapping[str, str], name: str, default: bool) -> bool:
    """A flag field of a request (``--sight``/``--no-sight``), or ``default`` when it was not given."""
    fields = request.fields if isinstance(request, AttackRequest) else request
    value = fields.get(name)
    return default if value is None else value == "true"
