"""tabroll: a dice and combat resolver for tabletop games, on the command line and as a Python library.

The library's names (see ``__all__``) live in ``tabroll.api``, imported the first time one is used (PEP 562), so
``import tabroll`` stays light.

The games live in the checkout's top-level ``rulesets/`` folder and are imported as ``tabroll.rulesets`` (no generic
top-level name claimed). An installed copy carries that folder as a real subpackage; imported from a checkout,
:class:`_CheckoutGames` maps the one name ``tabroll.rulesets`` onto the checkout's ``rulesets/`` folder, and
Python's ordinary path search finds every game module below it (no symbolic link, so Windows works the same).
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
    """Finds ``tabroll.rulesets`` in a checkout: the ``rulesets/`` folder beside this package's folder (a plain
    meta path finder: importing ``importlib.abc`` would cost more than this module)."""

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
