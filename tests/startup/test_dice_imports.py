"""The odds of dice start as fast as a roll: ``tabroll odds EXPR`` loads no game, no engine and no icepool, and
``tabroll roll`` does not load the exact-odds code (checked in a fresh process, never by timing it)."""

from __future__ import annotations

from tests.startup.test_imports import loaded, typer_alone


def test_odds_of_an_expression_loads_no_game_no_engine_and_no_icepool() -> None:
    modules = loaded("odds", "4d6kh3", "--format", "text")
    assert "tabroll.dice.distribution" in modules
    assert not {m for m in modules if m.startswith("tabroll.rulesets.")}
    avoided = {"icepool", "yaml", "rich", "tabroll.engine", "tabroll.odds.exact", "tabroll.odds.report"} - typer_alone()
    assert {"icepool", "tabroll.engine"} <= avoided
    assert not avoided & modules, avoided & modules


def test_a_roll_does_not_load_the_exact_odds() -> None:
    modules = loaded("roll", "8d6r1!kh3", "1d20+7>=15", "--format", "text")
    assert not {"tabroll.dice.distribution", "tabroll.odds.dice_odds", "icepool"} & modules


def test_a_roll_of_plain_dice_does_not_build_the_extended_nodes() -> None:
    """NdM, keep/drop, adv and arithmetic are nodes of ``tabroll.dice.nodes``; the parser imports
    ``tabroll.dice.extended`` (rerolls, explosions, sets, labels, comparisons…) only for an expression using one."""
    assert "tabroll.dice.extended" not in loaded("roll", "1d20+5", "4d6kh3", "1d20", "adv", "-2", "--format", "text")
    assert "tabroll.dice.extended" in loaded("roll", "1d20+7>=15", "--format", "text")
