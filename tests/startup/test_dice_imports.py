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


COMPILED_PROBE = """
import atexit, re, sys
compiled = []
plain_compile = re.compile
re.compile = lambda pattern, flags=0: compiled.append(str(pattern)) or plain_compile(pattern, flags)
atexit.register(lambda: sys.stderr.write("\\nCOMPILED " + repr(compiled) + "\\n"))
sys.argv = ["tabroll", *sys.argv[1:]]
from tabroll.cli.entry import main
main()
"""


def test_a_roll_that_reads_compiles_no_pattern_of_the_modifier_words() -> None:
    """Telling a comment from a mistyped modifier (``1d20+5 to hit`` against ``4d6 kh9``) needs a pattern of the
    modifier words, compiled only when an expression could not be read as a whole: ``roll 1d20`` compiles none."""
    import ast
    import subprocess
    import sys

    from tests.startup.test_imports import ROOT

    def compiled(*args: str) -> list[str]:
        done = subprocess.run(
            [sys.executable, "-c", COMPILED_PROBE, *args], capture_output=True, text=True, cwd=ROOT, timeout=120
        )
        patterns: list[str] = ast.literal_eval(done.stderr.rsplit("COMPILED ", 1)[1].strip())
        return patterns

    assert not [p for p in compiled("roll", "1d20", "--format", "text") if "kh|kl" in p]
    mistyped = subprocess.run(
        [sys.executable, "-m", "tabroll", "roll", "4d6 KH9"], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert "cannot keep 9 of 4 dice" in mistyped.stderr  # read as a modifier, whatever its case (not as a comment)
