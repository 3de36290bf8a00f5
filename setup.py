"""Packaging glue that pyproject.toml cannot say: the games live in the top-level ``rulesets/`` folder of the
checkout and are installed as the ``tabroll.rulesets`` subpackage, each game package found by folder (adding a
game touches no file here). Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

GAMES = "tabroll.rulesets"

setup(
    packages=[
        *find_packages(include=["tabroll", "tabroll.*"]),
        GAMES,
        *(f"{GAMES}.{name}" for name in find_packages("rulesets")),
    ],
    package_dir={GAMES: "rulesets"},
)
