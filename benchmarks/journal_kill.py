"""kill -9 at random moments of a journaled run: nothing recorded is ever lost but the action in flight.

Each round starts ``tabroll run SCENARIO --journal J`` on a scenario of many actions, kills it with SIGKILL after a
random delay, and then checks the journal as a table would find it:

* it reads back whole, or its only damage is a torn last line (reported, and dropped by ``journal repair``);
* what it holds is a prefix of the uninterrupted run's records, byte for byte;
* ``tabroll journal replay`` accepts it: the game goes on from there.

    python benchmarks/journal_kill.py --rounds 300
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ACTIONS = 300


def scenario_text(actions: int = ACTIONS) -> str:
    """A TAB MASTER skirmish whose units trade blows for ``actions`` actions (new rounds in between)."""
    steps = []
    for i in range(actions):
        if i % 3 == 2:
            steps.append("  - {do: new_round}")
        else:
            attacker, target = ("A", "B") if i % 3 == 0 else ("B", "A")
            steps.append(f"  - {{do: attack, attacker: {attacker}, target: {target}}}")
    return (
        "ruleset: tabmaster\nseed: 5\nboard: {size: [3, 1]}\nunits:\n"
        "  A: {side: red, at: [0, 0], ATK: 1, DAN: 1d4, DEF: 30, VIT: 100000}\n"
        "  B: {side: blue, at: [1, 0], ATK: 1, DAN: 1d4, DEF: 30, VIT: 100000}\n"
        "actions:\n" + "\n".join(steps) + "\n"
    )


def tabroll(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabroll", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, check=False)  # fmt: skip


def one_round(folder: Path, full: bytes, rng: random.Random) -> str:
    journal = folder / "game.jsonl"
    journal.unlink(missing_ok=True)
    process = subprocess.Popen(
        [sys.executable, "-m", "tabroll", "run", "skirmish.yaml", "--journal", "game.jsonl", "--format", "jsonl"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=folder,
    )  # fmt: skip
    if rng.random() < 0.9:  # mostly while actions are being recorded; sometimes during the start
        for _ in range(6000):
            if journal.exists() or process.poll() is not None:
                break
            time.sleep(0.005)
        time.sleep(rng.uniform(0.0, 0.6))
    else:
        time.sleep(rng.uniform(0.0, 0.5))
    process.send_signal(signal.SIGKILL)
    process.wait()
    if not journal.exists():
        return "killed before the journal existed"
    data = journal.read_bytes()
    torn = bool(data) and not data.endswith(b"\n")
    whole = data[: data.rfind(b"\n") + 1] if torn else data
    if not full.startswith(whole):
        raise AssertionError(f"the journal is not a prefix of the uninterrupted one ({len(data)} bytes)")
    if torn:
        shown = tabroll("journal", "show", "game.jsonl", cwd=folder)
        if "cut short by a crash" not in shown.stdout + shown.stderr:
            raise AssertionError(f"a torn line was not reported: {shown.stdout[-300:]} {shown.stderr[-300:]}")
        repaired = tabroll("journal", "undo", "game.jsonl", cwd=folder)
        if repaired.returncode != 0 or journal.read_bytes() != whole:
            raise AssertionError(f"undo did not drop exactly the torn line: {repaired.stderr}")
    if whole.count(b"\n") > 1:
        replayed = tabroll("journal", "replay", "game.jsonl", cwd=folder)
        if replayed.returncode != 0:
            raise AssertionError(f"replay refused a killed journal: {replayed.stderr[-500:]}")
    kept = max(0, whole.count(b"\n") - 1)  # the header is the first line
    return f"{kept} action(s) kept" + (", a torn line dropped" if torn else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="tabroll-kill-") as scratch:
        folder = Path(scratch)
        (folder / "skirmish.yaml").write_text(scenario_text(), encoding="utf-8")
        done = tabroll("run", "skirmish.yaml", "--journal", "full.jsonl", "--format", "jsonl", cwd=folder)
        assert done.returncode in (0, 1), done.stderr
        full = (folder / "full.jsonl").read_bytes()
        outcomes: dict[str, int] = {}
        torn = 0
        for number in range(args.rounds):
            said = one_round(folder, full, rng)
            torn += "torn" in said
            kept = said.split(" ")[0] if said[0].isdigit() else said
            outcomes[kept] = outcomes.get(kept, 0) + 1
            print(f"\rround {number + 1}/{args.rounds}: {said}" + " " * 20, end="", file=sys.stderr, flush=True)
        shutil.rmtree(folder / "unused", ignore_errors=True)
    print(file=sys.stderr)
    print(f"rounds: {args.rounds}, nothing lost beyond the action in flight; torn last lines found and dropped: {torn}")
    kept_counts = sorted((k for k in outcomes if k.isdigit()), key=int)
    print("actions kept when killed: " + ", ".join(f"{k}: {outcomes[k]}" for k in kept_counts))
    for key, value in outcomes.items():
        if not key.isdigit():
            print(f"{key}: {value}")


if __name__ == "__main__":
    os.environ.setdefault("NO_COLOR", "1")
    main()
