"""Exact walk of every action of every bundled scenario: leaves, resolutions and seconds, one line per action.

    python benchmarks/walk_times.py [--budget 200000] [--cap 60] [FILE...]

Each action is walked from the state the scenario's own dice lead to (as ``tabroll run`` plays it), with the
budget ``tabroll odds`` uses and at most ``--cap`` seconds. The issue's goal: no bundled action takes more than
1 s to walk exactly. Figures, not pass/fail: shared machines are noisy. ``leaves`` is the number of dice outcomes
the tree has; ``resolutions`` how many times the resolver ran (fewer where checkpoints merge outcomes);
``draws`` how many dice requests the resolver made in all: a walk that resumes from its steps draws about one
request per resolution, one that replays each resolution from the action's start draws every request before
the branch again (a count, not a time: the same on a busy machine as on an idle one).
"""

from __future__ import annotations

import argparse
import contextlib
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--budget", type=int, default=200_000)
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per action at most")
    args = parser.parse_args()

    from tabroll.dice.sources import GivenDice
    from tabroll.engine import resolve
    from tabroll.errors import RuleRefusal
    from tabroll.odds import exact
    from tabroll.odds.estimate import estimate_leaves, surely_over
    from tabroll.odds.exact import exact_odds
    from tabroll.odds.limits import BudgetExceeded, WalkStopped

    draws = [0]
    answer = exact.PrefixDice.draw

    def counted(self: exact.PrefixDice, request: object) -> tuple[int, ...]:
        draws[0] += 1
        return answer(self, request)  # type: ignore[arg-type]

    exact.PrefixDice.draw = counted  # type: ignore[method-assign]
    from tabroll.loading.scenario import load_scenario_file

    files = args.files or sorted(ROOT.glob("scenarios/*/*.yaml"))
    slowest: tuple[float, str] = (0.0, "")
    over: list[str] = []
    print(f"{'action':<58} {'leaves':>12} {'resolutions':>12} {'draws':>10} {'seconds':>8}")
    for path in files:
        scenario = load_scenario_file(path)
        state = scenario.state
        name = path.relative_to(ROOT).as_posix() if path.is_absolute() else str(path)
        for index, step in enumerate(scenario.steps, start=1):
            label = f"{name} #{index}"
            started = time.perf_counter()
            samples = estimate_leaves(scenario.ruleset, state, step.action)
            try:
                if surely_over(samples, args.budget):
                    raise samples.over(args.budget)
                draws[0] = 0
                result = exact_odds(
                    scenario.ruleset, state, step.action, budget=args.budget, deadline=time.monotonic() + args.cap
                )
            except BudgetExceeded as too_big:
                seconds = time.perf_counter() - started
                print(f"{label:<58} {'over budget':>12} {'':>12} {'':>10} {seconds:8.2f}  ({too_big})")
                over.append(label)
            except WalkStopped as stopped:
                seconds = time.perf_counter() - started
                print(f"{label:<58} {'stopped':>12} {stopped.resolutions:>12,} {'':>10} {seconds:8.2f}  ({stopped})")
                over.append(label)
            else:
                seconds = time.perf_counter() - started
                print(f"{label:<58} {result.leaves:>12,} {result.resolutions:>12,} {draws[0]:>10,} {seconds:8.2f}")
                slowest = max(slowest, (seconds, label))
            if step.dice is None:
                break  # a later action needs the dice of this one
            with contextlib.suppress(RuleRefusal):
                state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice, origin="benchmark")).state
    print(f"slowest exact walk: {slowest[0]:.2f} s ({slowest[1]})")
    print(
        f"not walked exactly within the budget or {args.cap:g} s: {len(over)}"
        + (f" ({', '.join(over)})" if over else "")
    )


if __name__ == "__main__":
    main()
