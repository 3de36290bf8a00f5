"""The commands, one module a family; the table of :mod:`tabroll.cli.app` names each, and a module is imported when
one of its commands runs (or help lists them all).

A module whose functions Typer reads evaluates its annotations as it is imported (no ``from __future__ import
annotations``; a name imported only for type checking is quoted): Typer reads each parameter's annotation when it
makes the command, and an annotation kept as a string is compiled there, twice (``inspect.signature`` and
``typing.get_type_hints``)."""
