"""Values named by what they mean in help: the one workaround tabroll keeps for Typer.

Recent Typer shows a Python type beside every argument and flag in help (``WHO <str>``, ``--version <bool>``) and
writes a required argument ``{WHO}`` in the usage line, with no setting to turn either off (see
https://github.com/fastapi/typer/issues/1156 and https://github.com/fastapi/typer/pull/1410). Every tabroll command
is made with :class:`PlainCommand` or :class:`PlainGroup` (Typer's ``cls=``), whose parameters are the subclasses
below: no type shown, the usage line as Click writes it (``WHO SKILL...``). Remove this module when Typer offers
the setting."""

from __future__ import annotations

from typing import Any

from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption


class PlainArgument(TyperArgument):
    """A Typer argument shown by its name alone."""

    def display_type_rich(self, ctx: Any) -> str | None:  # the type column of Typer's help (recent Typer only)
        return None

    def get_usage_pieces(self, ctx: Any) -> list[str]:
        name = str(self.metavar) if self.metavar else str(self.name or "").upper()
        if not self.required and not name.startswith("["):
            name = f"[{name}]"
        return [name + ("..." if self.nargs != 1 else "")]


class PlainOption(TyperOption):
    """A Typer option shown by its ``metavar`` (``N``, ``FILE``), a flag by its name alone."""

    def display_type_rich(self, ctx: Any) -> str | None:  # recent Typer only
        return str(self.metavar) if self.metavar is not None and not self.is_flag else None


_PLAIN: dict[type, type] = {TyperArgument: PlainArgument, TyperOption: PlainOption}


def _plain(params: list[Any]) -> list[Any]:
    for param in params:
        param.__class__ = _PLAIN.get(type(param), type(param))
    return params


class PlainCommand(TyperCommand):
    """A Typer command whose parameters show no Python type (see the module's text)."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))


class PlainGroup(TyperGroup):
    """A Typer group whose parameters show no Python type (see the module's text)."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain(super().get_params(ctx))
