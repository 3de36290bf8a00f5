"""One folder per game: its rules, data tables, unit catalogue and rulings document.

In the checkout this folder sits at the top level (``rulesets/``). It is imported as ``tabroll.rulesets``: the
wheel carries it as that subpackage, and from a checkout a finder in ``tabroll/__init__.py`` maps the name onto
this folder, so no generic top-level import name is claimed. Each game's package exposes ``RULESET``, an instance
of a ``tabroll.kit.Ruleset`` subclass; the engine discovers games by folder, and no game imports another (the
import rules in ``pyproject.toml``).
"""
