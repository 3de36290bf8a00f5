"""kill -9 at random moments of a journaled run: nothing recorded is ever lost but the action in flight.

Each round starts ``tabroll run SCENARIO --journal J`` on a scenario of many actions, kills it with SIGKILL after a
random delay, and then checks the journal as a table would find it:

* it reads back whole, or its only damage is a torn last line (reported, and dropped by ``journal repair``);
* what it holds is a prefix of the uninterrupted run's records, byte for byte;
* ``tabroll journal replay`` accepts it (the game goes on from there), or refuses it with tabroll's own message;
* no action the killed run had already printed is missing from it (only the action in flight may be lost).

It counts every outcome rather than stopping at the first surprise, and exits 1 if any round was bad.

    python benchmarks/journal_kill.py --rounds 300
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ACTIONS = 300


def scenario_text(actions: int = ACTIONS, *, seed: int = 5) -> str:
    """A TAB MASTER skirmish whose units trade blows for ``actions`` actions (new rounds in between), rolling with
    ``seed``."""
    steps = []
    for i in range(actions):
        if i % 3 == 2:
            steps.append("  - {do: new_round}")
        else:
            attacker, target = ("A", "B") if i % 3 == 0 else ("B", "A")
            steps.append(f"  - {{do: attack, attacker: {attacker}, target: {target}}}")
    return (
        f"ruleset: tabmaster\nseed: {seed}\nboard: {{size: [3, 1]}}\nunits:\n"
        "  A: {side: red, at: [0, 0], ATK: 1, DAN: 1d4, DEF: 30, VIT: 100000}\n"
        "  B: {side: blue, at: [1, 0], ATK: 1, DAN: 1d4, DEF: 30, VIT: 100000}\n"
        "actions:\n" + "\n".join(steps) + "\n"
    )


def tabroll(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabroll", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=300, check=False)  # fmt: skip


def _clear_refusal(done: subprocess.CompletedProcess[str]) -> bool:
    """A journal command that refuses with tabroll's own message: exit 2, an ``error:`` line, no traceback."""
    return done.returncode == 2 and done.stderr.startswith("error: ") and "Traceback" not in done.stderr


def _actions_shown(output: bytes) -> int:
    """The highest action number the killed run had printed (whole lines only): it had recorded at least these."""
    import json

    shown = 0
    for line in output.split(b"\n")[:-1]:  # the last piece is cut short, or empty
        with contextlib.suppress(ValueError):
            shown = max(shown, int(json.loads(line).get("action") or 0))
    return shown


def one_round(folder: Path, full: bytes, rng: random.Random) -> tuple[str, str, int]:
    """One kill: (what the journal was, a detail, actions lost beyond the one in flight)."""
    journal = folder / "game.jsonl"
    journal.unlink(missing_ok=True)
    printed = folder / "out.jsonl"
    with printed.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tabroll", "run", "skirmish.yaml", "--journal", "game.jsonl", "--format", "jsonl"],
            stdout=out, stderr=subprocess.DEVNULL, cwd=folder,
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
    shown = _actions_shown(printed.read_bytes())
    if not journal.exists():
        return "no journal yet", "killed before the journal existed", shown
    data = journal.read_bytes()
    torn = bool(data) and not data.endswith(b"\n")
    whole = data[: data.rfind(b"\n") + 1] if torn else data
    kept = max(0, whole.count(b"\n") - 1)  # the header is the first line
    lost = max(0, shown - kept)  # printed, so done and recorded before: none may be missing
    if not full.startswith(whole):
        return "BAD", f"not a prefix of the uninterrupted journal ({len(data)} bytes)", lost
    detail = f"{kept} action(s) kept"
    if torn:
        shown_cmd = tabroll("journal", "show", "game.jsonl", cwd=folder)
        if "cut short by a crash" not in shown_cmd.stdout + shown_cmd.stderr:
            return "BAD", f"a torn line was not reported: {shown_cmd.stderr[-300:]}", lost
        repaired = tabroll("journal", "undo", "game.jsonl", cwd=folder)
        if repaired.returncode != 0 or journal.read_bytes() != whole:
            return "BAD", f"undo did not drop exactly the torn line: {repaired.stderr[-300:]}", lost
        detail += ", a torn line reported and dropped"
    if whole.count(b"\n") > 1:
        replayed = tabroll("journal", "replay", "game.jsonl", cwd=folder)
        if replayed.returncode != 0:
            if _clear_refusal(replayed):
                return "refused with a clear message", replayed.stderr.splitlines()[0][:200], lost
            return "BAD", f"replay failed: exit {replayed.returncode} {replayed.stderr[-500:]}", lost
    else:  # the header alone (or nothing): the next command must take it, or refuse it clearly
        shown_cmd = tabroll("journal", "show", "game.jsonl", cwd=folder)
        if shown_cmd.returncode != 0:
            if _clear_refusal(shown_cmd):
                return "refused with a clear message", shown_cmd.stderr.splitlines()[0][:200], lost
            return "BAD", f"show failed: exit {shown_cmd.returncode} {shown_cmd.stderr[-500:]}", lost
    return "valid", detail, lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds: dict[str, int] = {}
    kept_counts: dict[int, int] = {}
    torn = lost_total = 0
    bad: list[str] = []
    refusals: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="tabroll-kill-") as scratch:
        folder = Path(scratch)
        (folder / "skirmish.yaml").write_text(scenario_text(), encoding="utf-8")
        done = tabroll("run", "skirmish.yaml", "--journal", "full.jsonl", "--format", "jsonl", cwd=folder)
        assert done.returncode in (0, 1), done.stderr
        full = (folder / "full.jsonl").read_bytes()
        for number in range(args.rounds):
            kind, detail, lost = one_round(folder, full, rng)
            kinds[kind] = kinds.get(kind, 0) + 1
            lost_total += lost
            torn += "torn" in detail
            if kind == "BAD":
                bad.append(f"round {number + 1}: {detail}")
            elif kind.startswith("refused"):
                refusals[detail] = refusals.get(detail, 0) + 1
            elif detail[0].isdigit():
                count = int(detail.split(" ")[0])
                kept_counts[count] = kept_counts.get(count, 0) + 1
            print(f"\rround {number + 1}/{args.rounds}: {kind}: {detail}" + " " * 20, end="", file=sys.stderr,
                  flush=True)  # fmt: skip
    print(file=sys.stderr)
    print(f"rounds: {args.rounds} (seed {args.seed})")
    for kind in ("valid", "refused with a clear message", "no journal yet", "BAD"):
        print(f"  {kind}: {kinds.get(kind, 0)}")
    print(f"torn last lines reported and dropped by undo: {torn}")
    print(f"actions lost beyond the one in flight (printed by the killed run, missing from its journal): {lost_total}")
    print("actions kept when killed: " + ", ".join(f"{k}: {v}" for k, v in sorted(kept_counts.items())))
    for reason, count in refusals.items():
        print(f"refused ({count}x): {reason}")
    for line in bad:
        print(f"BAD {line}")
    if bad or lost_total:
        raise SystemExit(1)


if __name__ == "__main__":
    os.environ.setdefault("NO_COLOR", "1")
    main()
