"""What a command imports at start-up.

No timing here: each command runs in a fresh interpreter and the test asserts which modules it loaded, so a
heavy import that creeps back into ``roll`` or ``--help`` fails a test rather than silently slowing every start.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "tabmaster" / "01-common-lanceiro.yaml"

_MODULES_AFTER = """
import json, sys
sys.argv = ["tabroll", *sys.argv[1:]]
try:
    from tabroll.cli.entry import main
    main()
except SystemExit:
    pass
finally:
    sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONSTARTUP", None)
    return env


def _modules(tmp_path: Path, *argv: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _MODULES_AFTER, *argv],
        capture_output=True, text=True, cwd=tmp_path, env=_env(), check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stderr.splitlines() if line.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


@functools.cache
def _typer_loads() -> frozenset[str]:
    """What ``import typer`` loads by itself: older Typer releases (our floor among them) import Rich eagerly."""
    probe = "import json, sys, typer; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120)
    return frozenset(json.loads(done.stdout))


def _under(modules: set[str], *packages: str) -> list[str]:
    """The modules of ``packages`` a command loaded beyond what Typer itself loads."""
    ours = modules - _typer_loads()
    return sorted(m for m in ours if any(m == p or m.startswith(p + ".") for p in packages))


def test_roll_imports_no_game_no_yaml_no_models_no_rich(tmp_path: Path) -> None:
    modules = _modules(tmp_path, "roll", "1d20", "--format", "text", "--seed", "3")
    assert "tabroll.dice.parser" in modules  # the probe sees the command's imports
    assert _under(modules, "yaml", "rich", "tabroll.rulesets", "tabroll.kit", "tabroll.loading", "tabroll.engine") == []
    assert _under(modules, "tabroll.odds", "tabroll.journal", "tabroll.batch", "tabroll.loading.scenario") == []


def test_help_imports_no_dice_no_events(tmp_path: Path) -> None:
    modules = _modules(tmp_path, "--help")
    assert "tabroll.cli.app" in modules
    assert _under(modules, "tabroll.dice", "tabroll.events", "tabroll.engine", "tabroll.rulesets", "yaml") == []


def test_attack_without_ruleset_builds_only_the_game_of_its_units(tmp_path: Path) -> None:
    modules = _modules(tmp_path, "attack", "-a", "Lanceiro", "-t", "Alquimista", "--format", "text", "--seed", "1")
    assert "tabroll.rulesets.tabmaster.model" in modules
    from tabroll.engine import ruleset_ids

    others = [game for game in ruleset_ids() if game != "tabmaster"]  # every other game discovered
    heavy = [f"tabroll.rulesets.{game}.{part}" for game in others for part in ("model", "setup", "resolver", "state")]
    assert sorted(modules & set(heavy)) == []


def test_run_imports_only_its_own_game(tmp_path: Path) -> None:
    modules = _modules(tmp_path, "run", str(SCENARIO), "--format", "text")
    assert "tabroll.rulesets.tabmaster.resolver" in modules
    from tabroll.engine import ruleset_ids

    assert _under(modules, *(f"tabroll.rulesets.{g}.model" for g in ruleset_ids() if g != "tabmaster")) == []
    assert _under(modules, "tabroll.odds", "rich") == []
    rarer = ("trample", "pilgrim")  # the example's attacks are neither: their modules load when one is made
    assert _under(modules, *(f"tabroll.rulesets.tabmaster.{part}" for part in rarer)) == []


def test_a_command_imports_only_its_own_command_module(tmp_path: Path) -> None:
    """Each command is made when it is run (or when help lists them all): the other families stay unread."""
    modules = _modules(tmp_path, "roll", "1d20", "--format", "text", "--seed", "3")
    assert "tabroll.cli.commands.run" in modules
    others = ("attack", "odds", "info", "journal")
    assert sorted(modules & {f"tabroll.cli.commands.{family}" for family in others}) == []


def test_a_run_in_one_process_imports_no_process_pool(tmp_path: Path) -> None:
    modules = _modules(tmp_path, "run", str(SCENARIO), "--format", "text")
    assert "tabroll.batch" in modules  # the probe sees the batch's imports
    assert _under(modules, "multiprocessing", "concurrent", "tabroll.batch.workers") == []


def test_output_and_dice_modules_do_not_import_secrets(tmp_path: Path) -> None:
    """``secrets`` brings hashlib (a few ms): a fresh seed and a temporary name come from ``os.urandom``."""
    probe = (
        "import sys, tabroll.writing, tabroll.dice.session, tabroll.cli.output_stream; print('secrets' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, env=_env(), check=True
    )
    assert done.stdout.strip() == "False"


def test_a_fresh_seed_is_32_bits() -> None:
    from tabroll.dice.sources import fresh_seed

    seeds = {fresh_seed() for _ in range(50)}
    assert all(0 <= seed < 2**32 for seed in seeds)
    assert len(seeds) > 1
