"""Start-up benchmark: median wall time of tabroll commands next to two baselines, measured in one run.

    python benchmarks/startup.py [--runs 21] [--baseline OTHER_PYTHON]

Baselines: ``python -c pass`` and a minimal Typer app with one command, in the same environment (Typer imports
part of pydantic on every run, so that app is the floor any Typer CLI stands on). Targets: ``tabroll --help``,
``tabroll roll 1d20``, ``tabroll attack`` of two catalogue units without ``-r`` (the game is found by the unit
names) and ``tabroll run`` on a bundled scenario: ``--help`` and ``roll`` within 1.2x the Typer app, ``attack`` and
``run`` (which load a game, its scenario models and the YAML reader) within 1.35x; and the same ``run`` and
``--help`` told in another language (``--lang pt``, ``--lang ru``, ``--lang game``), each within 1.05x of its
English twin (the catalogues are read only when a language other than English is chosen). ``--baseline PYTHON`` times
the same commands with another checkout's interpreter (e.g. the code before a change) in the same rounds.
This is a benchmark, not a test: shared machines are noisy, so it prints figures and never fails on them. Beside
the wall time it prints the CPU time (user + system) of each command where the platform reports it: on a busy
machine a process waits for a core, which inflates its wall time but not its CPU time, so the CPU ratio is the
steadier one to compare two runs with (the target stays the wall time).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MINIMAL_TYPER = """
import typer

app = typer.Typer()


@app.command()
def main(name: str = "world") -> None:
    print(name)


if __name__ == "__main__":
    app()
"""


_COMPILE_BASELINE = """
import compileall, pathlib, tabroll, tabroll.rulesets
compileall.compile_dir(str(pathlib.Path(tabroll.__file__).parent), quiet=1)
compileall.compile_dir(str(pathlib.Path(tabroll.rulesets.__file__).parent), quiet=1)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument(
        "--baseline", help="another checkout's Python (its venv, bytecode compiled as well), timed in the same rounds"
    )
    args = parser.parse_args()
    py = sys.executable
    # A wheel installed by pip has its bytecode compiled; an editable checkout under PYTHONDONTWRITEBYTECODE
    # (set on these machines) would recompile every module on every run. Compile once, as pip would.
    import compileall

    import tabroll

    compileall.compile_dir(str(Path(tabroll.__file__).parent), quiet=1)
    compileall.compile_dir(str(ROOT / "rulesets"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        # Every command runs in an empty folder: `python -m` puts the working folder first on the path, so run from
        # a checkout it would import that checkout's tabroll, whichever interpreter (and baseline) is asked.
        if args.baseline:
            subprocess.run(
                [args.baseline, "-c", _COMPILE_BASELINE],
                check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp,
            )  # fmt: skip
        app = Path(tmp) / "minimal_typer.py"
        app.write_text(MINIMAL_TYPER)
        scenario = str(ROOT / "scenarios" / "tabmaster" / "01-common-lanceiro.yaml")
        commands: list[tuple[str, list[str], float | None]] = [
            ("tabroll --help", ["--help"], 1.2),
            ("tabroll roll 1d20", ["roll", "1d20", "--format", "text"], 1.2),
            ("tabroll attack (no -r)", ["attack", "-a", "Lanceiro", "-t", "Alquimista", "--format", "text"], 1.35),
            ("tabroll run (example 1)", ["run", scenario, "--format", "text"], 1.35),
        ]
        cases: list[tuple[str, list[str], float | None]] = [
            ("python -c pass", [py, "-c", "pass"], None),
            ("minimal Typer app", [py, str(app)], None),
        ]
        cases += [(name, [py, "-m", "tabroll", *argv], target) for name, argv, target in commands]
        # The same commands told in another language: each against its English twin (the second ratio below).
        spoken = [
            ("tabroll --help --lang ru", ["--help", "--lang", "ru"], "tabroll --help"),
            ("tabroll run (example 1) --lang pt", ["run", scenario, "--format", "text", "--lang", "pt"],
             "tabroll run (example 1)"),
            ("tabroll run (example 1) --lang game", ["run", scenario, "--format", "text", "--lang", "game"],
             "tabroll run (example 1)"),
        ]  # fmt: skip
        twins = {name: twin for name, _, twin in spoken}
        cases += [(name, [py, "-m", "tabroll", *argv], None) for name, argv, _ in spoken]
        if args.baseline:
            # The same commands with another checkout's interpreter (the code before a change), in the same rounds.
            cases += [
                (f"{name} [baseline]", [args.baseline, "-m", "tabroll", *argv], None) for name, argv, _ in commands
            ]
        # Interleaved rounds (every command once per round) so drifting load on a shared machine hits all alike.
        samples: dict[str, list[float]] = {name: [] for name, _, _ in cases}
        cpu: dict[str, list[float]] = {name: [] for name, _, _ in cases}
        # English unless a command asks (--lang): the machine's locale must not choose for the English cases.
        env = {**os.environ, "TABROLL_LANG": "", "LC_ALL": "C", "LANG": "C"}
        for _, command, _ in cases:  # warm up
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=tmp, env=env)
        for _ in range(args.runs):
            for name, command, _ in cases:
                used = _children_cpu()
                start = time.perf_counter()
                subprocess.run(
                    command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=tmp, env=env
                )
                samples[name].append(time.perf_counter() - start)
                after = _children_cpu()
                if used is not None and after is not None:
                    cpu[name].append(after - used)
        results = {name: statistics.median(times) for name, times in samples.items()}
        cpu_results = {name: statistics.median(times) for name, times in cpu.items() if times}
    floor = results["minimal Typer app"]
    cpu_floor = cpu_results.get("minimal Typer app")
    print(f"median of {args.runs} runs, {sys.version.split()[0]}")
    cpu_head = f"{'CPU ms':>9}{'CPU ×':>7}" if cpu_floor else ""
    print(f"{'command':<38}{'ms':>8}{'× Typer app':>14}{'target':>11}{cpu_head}")
    for name, _, target in cases:
        ratio = results[name] / floor
        goal = f"≤{target}×" if target else ""
        verdict = "" if target is None else ("  ok" if ratio <= target else "  over")
        twin = twins.get(name)
        if twin is not None:  # a language against its English twin
            ratio = results[name] / results[twin]
            goal, verdict = "≤1.05× en", "  ok" if ratio <= 1.05 else "  over"
            cpu_cells = (
                f"{cpu_results[name] * 1000:>9.1f}{cpu_results[name] / cpu_results[twin]:>7.2f}" if cpu_floor else ""
            )
            print(f"{name:<38}{results[name] * 1000:>8.1f}{ratio:>14.2f}{goal:>11}{verdict:<6}{cpu_cells}")
            continue
        cpu_cells = f"{cpu_results[name] * 1000:>9.1f}{cpu_results[name] / cpu_floor:>7.2f}" if cpu_floor else ""
        print(f"{name:<38}{results[name] * 1000:>8.1f}{ratio:>14.2f}{goal:>11}{verdict:<6}{cpu_cells}")


def _children_cpu() -> float | None:
    """The CPU time (user + system, seconds) of this process's finished children, where the platform says."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


if __name__ == "__main__":
    main()
