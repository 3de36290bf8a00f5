"""Scaling benchmark: the cost of one action as the number of units grows (100 / 1,000 / 10,000).

    python benchmarks/scale.py [--sizes 100,1000,10000] [--baseline OTHER_PYTHON]

Cases:
- TAB MASTER ``new_round`` with every unit flipped (one update per unit);
- a TAB MASTER Area attack (Magic, reach over the whole board) on every other unit (a roll, a damage and often a
  defeat per target);
- one action of each other game (an action of a bundled scenario, from the state the actions before it leave),
  its state padded with units out of play placed before the scenario's own, so that a lookup by scanning passes
  them all (a Gathering of Heroes ``end_turn`` also resets every combatant, padding included). The padded run
  is checked to give the same events as the bundled one.

Each figure is the best of a few repetitions of ``tabroll.engine.resolve`` (the action alone: no loading, no
rendering). ``--baseline PYTHON`` runs the same cases with another interpreter (another checkout's venv, e.g.
the code before a change) first and prints both side by side, measured in the same run. The per-unit column
shows whether the cost grows linearly (a flat column) or faster. This is a benchmark, not a test: it prints
figures and never fails on them.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 1.0  # seconds of repetitions per figure (at least one run)
OTHER_GAMES = (  # (label, game, bundled scenario, the state's field of units to pad, the action's verb)
    ("F0R60D attack", "forgod", "01-tie-goes-to-the-defender.yaml", "units", None),
    ("Gathering of Heroes attack", "mtg_heroes", "02-direct-combat.yaml", "combatants", None),
    ("Gathering of Heroes end_turn", "mtg_heroes", "04-ranges-and-intercept.yaml", "combatants", "end_turn"),
    ("BotSE engage", "botse", "05-summed-damage-and-defense.yaml", "creatures", None),
    ("Ahotnik attack phase", "ahotnik", "01-eagle-demon-priority.yaml", "demons", None),
)


def timed(run: Callable[[], Any]) -> float:
    """Best wall time of ``run`` over repetitions that fit in the budget (at least one)."""
    best = math.inf
    spent = 0.0
    for _ in range(5):
        start = time.perf_counter()
        run()
        took = time.perf_counter() - start
        best, spent = min(best, took), spent + took
        if spent > BUDGET:
            break
    return best


# --- TAB MASTER: states built directly ------------------------------------------------------------------


def tabmaster_battle(n: int, *, flipped: bool) -> Any:
    from tabroll.engine import find_ruleset
    from tabroll.geometry.grid import Board
    from tabroll.rulesets.tabmaster.profiles import parse_attack
    from tabroll.rulesets.tabmaster.state import Battle, Unit

    ruleset = find_ruleset("tabmaster")
    width = 200
    rows = n // width + 2
    area = parse_attack("1000 (Mágico) (Área)", "1d4")
    plain = parse_attack("1", "1d6")
    units = [Unit(name="Mage", side="red", position=(0, 0), primary=area, defense=3, flipped=flipped)]
    for i in range(n - 1):
        x, y = i % width, 1 + i // width
        units.append(Unit(name=f"Soldier {i}", side="blue", position=(x, y), primary=plain, defense=2, flipped=flipped))
    board = Board(width=width, height=rows)
    return ruleset, Battle(board=board, units=tuple(units), options=ruleset.validate_options({}))


def tabmaster_new_round(n: int) -> tuple[float, str]:
    from tabroll.dice.sources import SeededDice
    from tabroll.engine import resolve
    from tabroll.rulesets.tabmaster.model import NewRoundAction

    ruleset, battle = tabmaster_battle(n, flipped=True)
    action = NewRoundAction.model_validate({"do": "new_round"})
    result: list[Any] = []

    def run() -> None:
        result.append(resolve(ruleset, battle, action, SeededDice(1)))

    took = timed(run)
    after = result[-1].state
    assert not result[-1].refused and not any(u.flipped for u in after.units)
    return took, f"{n} units face up"


def tabmaster_area(n: int) -> tuple[float, str]:
    from tabroll.dice.sources import SeededDice
    from tabroll.engine import resolve
    from tabroll.rulesets.tabmaster.model import AttackAction

    ruleset, battle = tabmaster_battle(n, flipped=False)
    action = AttackAction.model_validate({"do": "attack", "attacker": "Mage"})
    result: list[Any] = []

    def run() -> None:
        result.append(resolve(ruleset, battle, action, SeededDice(1)))

    took = timed(run)
    resolution = result[-1]
    assert not resolution.refused, [e for e in resolution.events if e.kind == "refused"]
    hits = sum(1 for e in resolution.events if e.kind == "damage")
    defeats = sum(1 for e in resolution.events if e.kind == "defeat")
    return took, f"{hits} targets, {defeats} defeated"


# --- the other games: a bundled scenario, padded ----------------------------------------------------------


def replaced(record: Any, **changes: Any) -> Any:
    """``record`` with ``changes``: a record is a msgspec Struct, or a dataclass in a baseline checkout from before
    records were Structs."""
    import msgspec.structs

    if isinstance(record, msgspec.Struct):
        return msgspec.structs.replace(record, **changes)
    import dataclasses

    return dataclasses.replace(record, **changes)


def out_of_play(game: str, unit: Any, name: str) -> Any:
    """A copy of ``unit`` named ``name`` that takes no part: defeated, out or off the board."""
    if game == "forgod":
        return replaced(unit, name=name, position=None, defeated=True)
    if game == "mtg_heroes":
        return replaced(unit, name=name, out=True, out_reason="benchmark padding")
    if game == "botse":
        return replaced(unit, name=name, defeated=True)
    if game == "ahotnik":
        return replaced(unit, name=name, identity=unit.identity, position=None, exiled=True)
    raise ValueError(game)


def padded_action(game: str, file: str, field: str, n: int, verb: str | None = None) -> tuple[float, str]:
    """The scenario's first action (or its first action of ``verb``, after the ones before it), from its state
    padded to ``n`` units."""
    from tabroll.dice.sources import GivenDice
    from tabroll.engine import resolve
    from tabroll.loading.scenario import load_scenario_file

    scenario = load_scenario_file(ROOT / "scenarios" / game / file, {})
    ruleset, state = scenario.ruleset, scenario.state

    def dice(step: Any) -> GivenDice:
        return GivenDice(list(step.dice) if step.dice else [], origin="benchmark")

    for index, step in enumerate(scenario.steps):
        if verb is None or ruleset.describe_action(step.action).verb == verb:
            break
        state = resolve(ruleset, state, step.action, dice(step), index=index + 1).state
    else:
        raise ValueError(f"{file} has no {verb} action")
    own = tuple(getattr(state, field))
    fillers = tuple(out_of_play(game, own[0], f"padding {i}") for i in range(max(n - len(own), 0)))
    padded = replaced(state, **{field: (*fillers, *own)})
    plain = resolve(ruleset, state, step.action, dice(step))
    result: list[Any] = []

    def run() -> None:
        result.append(resolve(ruleset, padded, step.action, dice(step)))

    took = timed(run)
    same = [e.kind for e in result[-1].events] == [e.kind for e in plain.events]
    refused = " REFUSED" if result[-1].refused else ""
    verb = ruleset.describe_action(step.action).verb
    return took, f"{verb}{refused}; {len(own)} in play" + ("" if same else "; EVENTS DIFFER from the bundled run")


# --- the run ----------------------------------------------------------------------------------------------


def cases(sizes: list[int]) -> list[tuple[str, int, Callable[[], tuple[float, str]]]]:
    found: list[tuple[str, int, Callable[[], tuple[float, str]]]] = []
    for n in sizes:
        found.append(("TAB MASTER new_round", n, lambda n=n: tabmaster_new_round(n)))  # type: ignore[misc]
        found.append(("TAB MASTER Area attack", n, lambda n=n: tabmaster_area(n)))  # type: ignore[misc]
        for label, game, file, field, verb in OTHER_GAMES:
            run = lambda g=game, f=file, fl=field, n=n, v=verb: padded_action(g, f, fl, n, v)  # type: ignore[misc]  # noqa: E731
            found.append((label, n, run))
    return found


def measure(sizes: list[int]) -> list[dict[str, Any]]:
    rows = []
    for name, n, run in cases(sizes):
        took, note = run()
        rows.append({"case": name, "units": n, "seconds": took, "note": note})
        print(f"  {name} at {n}: {took * 1000:.1f} ms", file=sys.stderr, flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100,1000,10000", help="unit counts, separated by commas")
    parser.add_argument("--baseline", help="another Python (another checkout's venv) to measure first, side by side")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # a child run of --baseline
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if args.json:
        print(json.dumps(measure(sizes)))
        return
    before: dict[tuple[str, int], float] = {}
    if args.baseline:
        print(f"measuring the baseline ({args.baseline})…", file=sys.stderr)
        child = subprocess.run(
            [args.baseline, __file__, "--sizes", args.sizes, "--json"], stdout=subprocess.PIPE, check=True, text=True
        )
        before = {(r["case"], r["units"]): r["seconds"] for r in json.loads(child.stdout)}
        print("measuring this checkout…", file=sys.stderr)
    rows = measure(sizes)
    print(f"best of up to 5 runs of one action, {sys.version.split()[0]}")
    head = f"{'case':<34}{'units':>7}{'ms':>10}{'µs/unit':>9}"
    if before:
        head += f"{'baseline ms':>13}{'speed-up':>10}"
    print(head + "  note")
    for row in rows:
        ms = row["seconds"] * 1000
        line = f"{row['case']:<34}{row['units']:>7}{ms:>10.1f}{row['seconds'] * 1e6 / row['units']:>9.1f}"
        if before:
            old = before.get((row["case"], row["units"]))
            line += f"{old * 1000:>13.1f}{old / row['seconds']:>9.1f}×" if old else f"{'':>23}"
        print(line + f"  {row['note']}")


if __name__ == "__main__":
    main()
