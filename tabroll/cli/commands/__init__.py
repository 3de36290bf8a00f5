"""The commands, one module a family, each imported when one of its commands runs (see :mod:`tabroll.cli.app`).

These modules keep their annotations evaluated (no ``from __future__ import annotations``; a name imported only for
type checking is quoted): Typer would compile each annotation kept as a string twice."""
