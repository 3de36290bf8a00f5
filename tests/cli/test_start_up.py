"""What a command imports at start-up, and the kept code of dataclasses (:mod:`tabroll.cli.code_cache`).

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

import pytest

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


def _env(cache: Path) -> dict[str, str]:
    env = {**os.environ, "TABROLL_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONSTARTUP", None)
    return env


def _modules(tmp_path: Path, *argv: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _MODULES_AFTER, *argv],
        capture_output=True, text=True, cwd=tmp_path, env=_env(tmp_path / "cache"), check=False, timeout=120,
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


def test_output_and_dice_modules_do_not_import_secrets(tmp_path: Path) -> None:
    """``secrets`` brings hashlib (a few ms): a fresh seed and a temporary name come from ``os.urandom``."""
    probe = (
        "import sys, tabroll.writing, tabroll.dice.session, tabroll.cli.output_stream; print('secrets' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, env=_env(tmp_path), check=True
    )
    assert done.stdout.strip() == "False"


def test_a_fresh_seed_is_32_bits() -> None:
    from tabroll.dice.sources import fresh_seed

    seeds = {fresh_seed() for _ in range(50)}
    assert all(0 <= seed < 2**32 for seed in seeds)
    assert len(seeds) > 1


# --- the kept code of dataclasses ---------------------------------------------------------------------------

_COUNT_COMPILED = """
from tabroll.cli import code_cache
code_cache.install()
import tabroll.events, tabroll.dice.nodes
print(code_cache._added, code_cache.cache_file())
"""


def _compiled(tmp_path: Path, cache: str) -> tuple[int, str]:
    env = {**_env(tmp_path), "TABROLL_CACHE_DIR": cache}
    done = subprocess.run(
        [sys.executable, "-c", _COUNT_COMPILED], capture_output=True, text=True, cwd=tmp_path, env=env, check=True
    )
    added, path = done.stdout.split()
    return int(added), path


def test_the_second_run_compiles_no_dataclass_method(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    added, path = _compiled(tmp_path, str(cache))
    assert added > 50  # the first run compiles (the events and the dice expressions)
    assert Path(path).parent == cache and Path(path).is_file()
    assert _compiled(tmp_path, str(cache))[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache"]  # nothing in the working folder


def test_a_corrupt_cache_is_compiled_afresh_and_replaced(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _, path = _compiled(tmp_path, str(cache))
    Path(path).write_bytes(b"\xe3 not marshal data")
    assert _compiled(tmp_path, str(cache))[0] > 50
    assert _compiled(tmp_path, str(cache))[0] == 0


def test_an_unwritable_cache_folder_is_left_alone(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    added, _ = _compiled(tmp_path, str(blocker / "cache"))
    assert added > 50
    assert blocker.read_text() == "not a folder"


def test_an_empty_cache_setting_turns_the_file_off(tmp_path: Path) -> None:
    env = {**_env(tmp_path), "TABROLL_CACHE_DIR": ""}
    probe = "from tabroll.cli import code_cache; print(code_cache.cache_file())"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == "None"


@pytest.mark.parametrize("warm", [False, True])
def test_a_command_gives_the_same_output_with_and_without_kept_code(tmp_path: Path, warm: bool) -> None:
    cache = tmp_path / "cache"
    argv = [sys.executable, "-m", "tabroll", "run", str(SCENARIO), "--format", "json"]
    plain = subprocess.run(argv, capture_output=True, env={**_env(tmp_path), "TABROLL_CACHE_DIR": ""}, cwd=tmp_path)
    if warm:
        subprocess.run(argv, capture_output=True, env=_env(cache), cwd=tmp_path, check=True)
    cached = subprocess.run(argv, capture_output=True, env=_env(cache), cwd=tmp_path)
    assert plain.returncode == cached.returncode == 0
    assert plain.stdout == cached.stdout


_SAME_CLASS = """
import dataclasses, sys
from tabroll.cli import code_cache
if sys.argv[1] == "cached":
    code_cache.install()
    code_cache.install()

@dataclasses.dataclass(frozen=True, slots=True, order=True)
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()

p = Point(1, 2)
try:
    p.x = 3
except dataclasses.FrozenInstanceError:
    frozen = True
print(repr(p), p == Point(1, 2), hash(p) == hash(Point(1, 2)), Point(0) < p, frozen,
      [f.name for f in dataclasses.fields(Point)], dataclasses.replace(p, y=5), Point.__init__.__qualname__)
"""


def test_a_dataclass_made_from_kept_code_behaves_as_one_compiled(tmp_path: Path) -> None:
    outputs = []
    for mode in ("plain", "cached", "cached"):
        done = subprocess.run(
            [sys.executable, "-c", _SAME_CLASS, mode],
            capture_output=True, text=True, env=_env(tmp_path / "cache"), cwd=tmp_path, check=True,
        )  # fmt: skip
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] == outputs[2]
    assert "Point(x=1, y=2, tags=())" in outputs[0]
