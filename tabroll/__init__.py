"""tabroll: a dice and combat resolver for tabletop games, on the command line and as a Python library.

The library's names (``games()``, ``attack()``, ``resolve()``, ``attack_odds()``, ``dice_odds()``,
``matrix()``, ``roll()``, ``run()``…; see ``__all__``) live in ``tabroll.api``, which is imported the
first time one of them is used (PEP 562): ``import tabroll`` stays as light as every command's start needs.

The games live in the checkout's top-level ``rulesets/`` folder and are imported as ``tabroll.rulesets`` (one
import name per file, and no generic top-level name such as ``rulesets`` claimed in other projects' namespace).
An installed copy (a wheel, ``pip install .``) carries that folder as a real subpackage. When this package is
imported from a checkout instead (``python3 -m tabroll`` from the clone's root, whether or not tabroll is also
installed, or with no install at all), ``tabroll/rulesets`` does not exist, and :class:`_CheckoutGames` maps the
one name ``tabroll.rulesets`` onto the checkout's ``rulesets/`` folder; every game module below it is then found
by Python's ordinary path search. It costs two ``stat`` calls at import, and no symbolic link is needed (a Windows
checkout works the same way).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

    from tabroll.api import (
        Attack,
        DiceOdds,
        Figure,
        Game,
        InputError,
        Location,
        Matrix,
        Odds,
        OutputError,
        Problem,
        Resolution,
        Rolls,
        RuleRefusal,
        Run,
        Scenario,
        TabrollError,
        Unit,
        Versus,
        attack,
        attack_odds,
        dice_odds,
        game,
        games,
        load,
        matrix,
        resolve,
        roll,
        run,
        unit,
    )

from tabroll.lazy import names_from
from tabroll.version import __version__

__all__ = [
    "Attack",
    "DiceOdds",
    "Figure",
    "Game",
    "InputError",
    "Location",
    "Matrix",
    "Odds",
    "OutputError",
    "Problem",
    "Resolution",
    "Rolls",
    "RuleRefusal",
    "Run",
    "Scenario",
    "TabrollError",
    "Unit",
    "Versus",
    "__version__",
    "attack",
    "attack_odds",
    "dice_odds",
    "game",
    "games",
    "load",
    "matrix",
    "resolve",
    "roll",
    "run",
    "unit",
]


__getattr__ = names_from(globals(), "tabroll.api", __all__)  # the library's public names, imported on first use


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


GAMES_PACKAGE = "tabroll.rulesets"


class _CheckoutGames:
    """Finds ``tabroll.rulesets`` in a checkout: the ``rulesets/`` folder beside this package's folder. (A plain
    class with ``find_spec`` is a meta path finder; ``importlib.abc`` is left out because importing it costs more
    than the rest of this module.)"""

    def __init__(self, folder: str) -> None:
        self.folder = folder

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname != GAMES_PACKAGE:
            return None
        from importlib.util import spec_from_file_location

        return spec_from_file_location(
            fullname, os.path.join(self.folder, "__init__.py"), submodule_search_locations=[self.folder]
        )


def _map_checkout_games() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    if os.path.isdir(os.path.join(here, "rulesets")):
        return  # an installed copy: the games are a real subpackage
    folder = os.path.join(os.path.dirname(here), "rulesets")
    if not os.path.isfile(os.path.join(folder, "__init__.py")):
        return
    if not any(isinstance(finder, _CheckoutGames) for finder in sys.meta_path):
        # First in line, so the games beside this package win over any other copy a finder knows of (an editable
        # install of another checkout, say): the code of one checkout never mixes with another's.
        sys.meta_path.insert(0, _CheckoutGames(folder))


_map_checkout_games()
