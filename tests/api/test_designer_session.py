"""A designer's session through the public API, end to end, using only the names ``tabroll`` exports: build two
units of a game, sweep one stat over a range, read P(defeated) each time as an exact fraction, and find the same
figures in the command line's JSON (``python -m tabroll odds … --format json`` in its own process)."""

from __future__ import annotations

from fractions import Fraction

import tabroll
from tests.api.test_api import command_line


def test_a_stat_swept_over_a_range_gives_the_command_line_s_exact_odds_each_time() -> None:
    forgod = tabroll.game("F0R60D")  # an alias finds the game
    assert forgod.id == "forgod"
    orc = tabroll.unit("Orc", BA=2)
    defeats: list[Fraction] = []
    for life in range(2, 8, 2):
        elf = tabroll.unit("Elf", PV=life)
        odds = tabroll.attack_odds(tabroll.attack(orc, elf, game=forgod), timeout=60)
        assert odds.exact and odds.method == "exact"
        defeat = odds.defeat()
        assert isinstance(defeat, Fraction)
        document = command_line("odds", "-r", "forgod", "-a", "Orc BA=2", "-t", f"Elf PV={life}")
        assert Fraction(document["probabilities"]["defeated: Elf"]["exact"]) == defeat
        assert Fraction(document["distributions"]["damage"]["mean"]["exact"]) == odds.mean("damage")
        assert odds.to_dict() == document  # the same document, figure for figure (default --timeout 60 both)
        defeats.append(defeat)
    assert defeats[2] == Fraction(337, 1000)  # PV=6: the figure `tabroll odds` has always printed
    assert defeats[0] > defeats[1] > defeats[2] > 0  # more PV, fewer defeats: the sweep reads the stat it sets
    assert defeats == sorted(defeats, reverse=True) and defeats[0] > defeats[-1]  # more life, fewer defeats
