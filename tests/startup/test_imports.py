"""What each everyday command loads, checked in a fresh process (never by timing it): the start-up time of a
command is mostly the modules it imports, so these guard the savings measured by ``benchmarks/startup.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tabroll.engine import ruleset_ids

pytestmark = pytest.mark.slow  # a fresh interpreter for each import it measures (run by the slow tier)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "scenarios" / "tabmaster" / "01-common-lanceiro.yaml")
OTHER_GAMES = [game for game in ruleset_ids() if game != "tabmaster"]  # every game discovered but the example's

# Runs the command as `python -m tabroll` does, then writes the names of the loaded modules to stderr when the
# process exits (after the command's own exit code is decided).
PROBE = """
import atexit, sys
atexit.register(lambda: sys.stderr.write("\\nMODULES " + " ".join(sorted(sys.modules)) + "\\n"))
sys.argv = ["tabroll", *sys.argv[1:]]
from tabroll.cli.entry import main
main()
"""


def loaded(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    line = done.stderr.rsplit("MODULES ", 1)[1]
    return set(line.split())


def game_modules(modules: set[str], game: str) -> set[str]:
    return {m for m in modules if m.startswith(f"tabroll.rulesets.{game}.")}


def typer_alone() -> set[str]:
    """What importing Typer loads by itself in this environment (an older Typer imports Rich at start)."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys, typer.main; print(' '.join(sorted(sys.modules)))"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=True,
    )  # fmt: skip
    return set(done.stdout.split())


def test_roll_loads_no_game_no_yaml_no_scenario_model_and_no_library_api() -> None:
    """The library's result types (``tabroll.api``) and ``json`` (only the JSON formats write it) are not
    loaded for a roll shown as text."""
    modules = loaded("roll", "1d20", "--format", "text")
    assert not {m for m in modules if m.startswith("tabroll.rulesets.")}
    avoided = {"yaml", "rich", "json", "tabroll.api", "tabroll.kit.models", "tabroll.loading", "tabroll.engine"}
    avoided |= {"tabroll.battle_events"}  # damage, defeat, hit…: the roll events are tabroll.events' own
    avoided -= typer_alone()
    assert "tabroll.engine" in avoided
    assert not avoided & modules, avoided & modules


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_attack_without_a_ruleset_imports_no_other_games_events(game: str) -> None:
    """Finding the game of two catalogue units reads each game's light ``__init__`` only: a game's events are
    a part (``"events": "events:EVENTS"``), imported when first used."""
    modules = loaded("attack", "-a", "Lanceiro", "-t", "Alquimista", "--format", "text", "--dice", "12")
    assert "tabroll.rulesets.tabmaster.events" in modules
    assert game_modules(modules, game) == set()


def test_an_attack_reads_and_resolves_itself_without_the_library_api() -> None:
    """``tabroll attack`` reads the attack with ``tabroll.loading.quick`` and resolves it with the engine: the
    library's result types (``tabroll.api``, and the ``fractions`` its odds need) are not loaded for it."""
    modules = loaded("attack", "-a", "Lanceiro", "-t", "Alquimista", "--format", "text", "--dice", "12")
    assert "tabroll.rulesets.tabmaster.resolver" in modules  # the attack was resolved
    assert "tabroll.api" not in modules


def test_running_a_tabmaster_file_loads_no_other_game_and_not_the_command_line_attack() -> None:
    modules = loaded("run", EXAMPLE, "--format", "text")
    for game in OTHER_GAMES:
        assert game_modules(modules, game) == set()
    assert "tabroll.loading.quick" not in modules
    assert "tabroll.api" not in modules  # the command makes the run itself; the library's result types wait
    assert "tabroll.dice.extended" not in modules  # its dice are NdM: no reroll, explosion, set or comparison
    assert "importlib.resources.readers" not in modules  # the catalogue is read from beside the game's module
    # The file's game is imported by its name: no listing of every game's folder (pkgutil) for it.
    assert "pkgutil" in typer_alone() or "pkgutil" not in modules


def test_a_tabmaster_file_whose_attacks_have_no_element_loads_no_element_table() -> None:
    """The element table (its module and ``elements.yaml``) is read only for an attack with an element: the
    example's Lanceiro attacks with none."""
    modules = loaded("run", EXAMPLE, "--format", "text")
    assert "tabroll.rulesets.tabmaster.damage" in modules  # a hit was resolved
    assert "tabroll.rulesets.tabmaster.elements" not in modules


def test_a_common_attack_loads_no_projectile_rules() -> None:
    """Spending and shooting projectiles (``projectile.py``) is imported when a projectile attack is resolved: the
    example's Lanceiro makes a common attack."""
    modules = loaded("run", EXAMPLE, "--format", "text")
    assert "tabroll.rulesets.tabmaster.ranged" in modules  # the attack was resolved
    assert "tabroll.rulesets.tabmaster.projectile" not in modules
    projectile = str(ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml")
    assert "tabroll.rulesets.tabmaster.projectile" in loaded("run", projectile, "--format", "text")


def test_an_element_attack_still_reads_the_element_table(tmp_path: Path) -> None:
    fire = tmp_path / "fire.yaml"
    fire.write_text(
        "ruleset: tabmaster\nboard: {size: [2, 1]}\nunits:\n"
        "  Mage: {side: red, at: [0, 0], ATK: '1 (Elemento: Fogo)', DAN: 1d4, DEF: 3}\n"
        "  Alquimista: {side: blue, at: [1, 0]}\n"
        "actions:\n  - {do: attack, attacker: Mage, target: Alquimista, dice: [4]}\n",
        encoding="utf-8",
    )
    assert "tabroll.rulesets.tabmaster.elements" in loaded("run", str(fire), "--format", "text")


# As PROBE, but writes every record (msgspec Struct) of tabroll (and its games) that the command defined: each one
# defined costs the start its class and its module, so one never used belongs in a module imported where it is.
CLASSES_PROBE = """
import atexit, sys
import msgspec
def _defined():
    seen = set()
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] != "tabroll" or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) and issubclass(value, msgspec.Struct) and value.__module__ == name:
                seen.add(f"{name}.{value.__qualname__}")
    return " ".join(sorted(seen))
atexit.register(lambda: sys.stderr.write("\\nCLASSES " + _defined() + "\\n"))
sys.argv = ["tabroll", *sys.argv[1:]]
from tabroll.cli.entry import main
main()
"""


def defined_records(*args: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", CLASSES_PROBE, *args], capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    return set(done.stderr.rsplit("CLASSES ", 1)[1].split())


def test_a_file_that_validates_defines_none_of_the_explaining_of_problems() -> None:
    """Wording a failed validation (walking pydantic's errors, placing and wording each problem) is imported only
    when a validation fails: a file that loads, and a quick attack, pay for none of it."""
    for command in (("run", EXAMPLE, "--format", "text"), ("attack", "-a", "Lanceiro", "-t", "Alquimista")):
        defined = defined_records(*command)
        assert "tabroll.loading.validation.Shape" in defined  # the file was validated
        unused = {"tabroll.problem.Problem", "tabroll.loading.explaining._Walk", "tabroll.loading.explaining._Item"}
        assert not {name.rsplit(".", 1)[1] for name in defined} & {"Problem", "_Walk", "_Item"}, defined & unused


def test_a_file_that_fails_validation_still_explains_its_problems(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "ruleset: tabmaster\nboard: {size: [2, 1]}\nunits:\n  Lanceiro: {side: red, at: [0, 0], DEFF: 3}\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "run", str(bad), "--format", "text"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert "bad.yaml:4:" in done.stderr and "DEFF" in done.stderr
    modules = set(done.stderr.rsplit("MODULES ", 1)[1].split())
    assert {"tabroll.loading.explaining", "tabroll.problem"} <= modules


def test_a_roll_of_a_lone_dice_term_defines_no_operator_keep_condition_or_rolled_tree() -> None:
    """Numbers, operators, keep/drop and conditions (``tabroll.dice.parts``) are defined only for an expression
    that has one, and each die's history and the rolled tree (``tabroll.dice.rolled_tree``) only for a roll beyond
    NdM, keep/drop and ``+ - *``: ``roll 1d20`` pays for none of them."""
    lone = loaded("roll", "1d20", "--format", "text")
    assert not {"tabroll.dice.parts", "tabroll.dice.rolled_tree"} & lone
    assert "tabroll.dice.parts" in loaded("roll", "4d6kh3+1", "--format", "text")
    assert {"tabroll.dice.parts", "tabroll.dice.rolled_tree"} <= loaded("roll", "4d6!kh3+1", "--format", "text")


def test_running_a_file_defines_no_reading_step_path_check_option_list_or_measure() -> None:
    """A step that reads a roll by its value (``engine.reading``), a path's check (``geometry.grid.paths``), what
    ``tabroll rules`` and ``tabroll odds`` read of a game (``kit.descriptions``) and an attack typed on the command
    line (``kit.fields``) are defined where they are used: the example's run uses none of them."""
    defined = defined_records("run", EXAMPLE, "--format", "text")
    assert "tabroll.engine.Scenario" in defined  # the file was run
    lazy = {"tabroll.engine.reading.ReadStep", "tabroll.geometry.grid.paths.PathCheck"}
    lazy |= {"tabroll.kit.descriptions.Measure", "tabroll.kit.descriptions.OptionInfo"}
    assert not lazy & defined, lazy & defined
    assert not {name for name in defined if name.endswith(".AttackRequest")}  # an attack typed on the command line


def test_finding_the_game_of_two_catalogue_units_defines_no_measure() -> None:
    """``attack`` without ``-r`` imports every game's package to find the units' game; what a walk measures
    (``kit.descriptions.Measure``) is named by each game's ``declare_measures`` only, imported there."""
    defined = defined_records("attack", "-a", "Lanceiro", "-t", "Alquimista", "--format", "text")
    assert "tabroll.battle_events.Damage" in defined  # the attack was resolved
    assert not {"tabroll.kit.descriptions.Measure", "tabroll.kit.descriptions.OptionInfo"} & defined


def test_a_common_attack_defines_none_of_the_rarer_core_events() -> None:
    """Immunities, healing, statuses, spending and the end of the game (``tabroll.more_events``) are defined when
    one is first used: the example's common attack emits none of them; a projectile attack spends its arrow."""
    defined = defined_records("run", EXAMPLE, "--format", "text")
    assert "tabroll.battle_events.Damage" in defined  # a hit was resolved
    assert not {name for name in defined if name.startswith("tabroll.more_events.")}
    projectile = str(ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml")
    assert "tabroll.more_events.Spend" in defined_records("run", projectile, "--format", "text")


def test_the_names_made_lazy_keep_their_import_paths() -> None:
    """Each class moved to a module of its own is still found where it was (PEP 562), as the same class."""
    import tabroll.kit as kit
    from tabroll.dice import nodes, parts
    from tabroll.engine import reading, steps
    from tabroll.geometry import grid
    from tabroll.geometry.grid import paths
    from tabroll.kit import descriptions

    assert nodes.Keep is parts.Keep  # imported from nodes by the odds' branches
    assert steps.ReadStep is reading.ReadStep and grid.PathCheck is paths.PathCheck
    assert kit.Measure is descriptions.Measure and kit.OptionInfo is descriptions.OptionInfo
    from tabroll.kit import fields

    assert kit.AttackRequest is fields.AttackRequest
    import tabroll.battle_events as battle
    import tabroll.events as events
    from tabroll import more_events

    for name in ("CORE_EVENTS", "GameOver", "Heal", "Immune", "Spend", "StatusApplied"):
        assert getattr(events, name) is getattr(battle, name) is getattr(more_events, name)
    with pytest.raises(AttributeError):
        nodes.NoSuchNode  # noqa: B018  (any other name is still an AttributeError)
