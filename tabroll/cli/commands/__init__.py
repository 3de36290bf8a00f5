"""The commands, one module a family; the table of :mod:`tabroll.cli.app` names each, and a module is imported when
one of its commands runs (or help lists them all)."""
