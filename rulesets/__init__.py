"""One folder per game: its resolver code, data tables, unit catalogue and rulings document.

In the checkout this folder sits at the top level (``rulesets/``); it is importable as ``tabroll.rulesets`` (a
link inside the ``tabroll`` package points here, and the wheel carries it as that subpackage), so no generic
top-level import name is claimed. Each game's package exposes ``RULESET``, an instance of
``tabroll.engine.Ruleset``; the engine discovers games by folder.
"""
