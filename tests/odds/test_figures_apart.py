"""The odds' data apart from their computation (issue 30): the screens in render/ draw data modules that load
no engine, walk or simulation, and a matrix build tells its caller of each pair through the callback it is
given (the command passes the Rich progress bar; the service prints nothing)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from tabroll.odds import figures, measures
from tabroll.odds.matrix import build_matrix

COMPUTING = {
    "tabroll.engine", "tabroll.kit", "tabroll.odds.api", "tabroll.odds.exact", "tabroll.odds.montecarlo",
    "tabroll.odds.matrix", "tabroll.odds.report", "tabroll.odds.measures", "tabroll.odds.dice_odds",
    "tabroll.journal", "tabroll.batch", "rich",
}  # fmt: skip


def test_the_data_names_a_follow_up_s_chance_as_the_measures_do() -> None:
    assert figures.HAPPENS == measures.HAPPENS


@pytest.mark.parametrize(
    "module",
    [
        "tabroll.odds.figures", "tabroll.odds.dice_figures", "tabroll.render.odds", "tabroll.render.matrix",
        "tabroll.render.svg", "tabroll.render.dice", "tabroll.render.story", "tabroll.render.bars",
    ],
)  # fmt: skip
def test_a_screen_or_its_data_loads_no_computation(module: str) -> None:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    loaded = set(
        subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    )
    assert module in loaded
    assert not {m for m in loaded if m in COMPUTING or m.startswith(tuple(c + "." for c in COMPUTING))}


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_matrix_build_tells_its_progress_of_every_pair_in_order(jobs: int) -> None:
    told: list[tuple[str, object]] = []

    @contextmanager
    def recorder(pairs: int) -> Iterator[Callable[[str], None]]:
        told.append(("pairs", pairs))
        yield lambda pair: told.append(("done", pair))
        told.append(("end", None))

    table = build_matrix(
        scenario_file=None, ruleset="tabmaster", attackers=["Lanceiro", "Arqueiro"], targets=["Alquimista", "Lanceiro"],
        fields={}, budget=2_000, trials=50, seed=0, options={}, jobs=jobs, progress=recorder,
    )  # fmt: skip
    assert told == [
        ("pairs", 4),
        ("done", "Lanceiro → Alquimista"),
        ("done", "Lanceiro → Lanceiro"),
        ("done", "Arqueiro → Alquimista"),
        ("done", "Arqueiro → Lanceiro"),
        ("end", None),
    ]
    assert list(table.cells) == [(a, t) for a in ("Lanceiro", "Arqueiro") for t in ("Alquimista", "Lanceiro")]


def test_a_matrix_build_without_a_callback_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    build_matrix(
        scenario_file=None, ruleset="tabmaster", attackers=["Lanceiro"], targets=["Alquimista"], fields={},
        budget=2_000, trials=50, seed=0, options={},
    )  # fmt: skip
    assert capsys.readouterr() == ("", "")
