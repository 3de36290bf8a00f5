"""A fuzzer over the whole command line: mutated scenarios of every game, dice expressions, random command lines.

Each input is one ``tabroll`` command run through the real entry point (``tabroll.cli.app.main``) in a forked
worker process, with its own standard input, output and error, and a watchdog. Whatever the input, tabroll must
answer with exit 0, 1 (refused by the rules), 2 (bad input) or 74 (output not written), and never a traceback,
``internal error`` (exit 70) or a hang; and no control character from the input may reach the output of a format
for people (a text log, a message on standard error) raw. Every input that breaks this is saved as a reproduction
(the command line, its standard input, and the scenario file it names) under ``--out``.

Among the words it types: digits of other scripts (``²``, ``٣``, ``１２``), which ``str.isdigit`` takes and
``int`` does not (or reads as another number), where a whole number is asked for; and terminal escapes (a name
``Lance\x1b[2Jiro``, a title that retitles the window), in names, titles and values of files and command lines.

    python benchmarks/fuzz_cli.py --inputs 100000 --jobs 2        # the release hunt: counts by exit code
    python benchmarks/fuzz_cli.py --inputs 500 --seed 3            # a quick look

The inputs come from a seeded generator, so ``--seed`` and ``--inputs`` give the same inputs on every machine
(``--jobs`` splits them, it does not change them). New games are fuzzed with no edits here: every folder under
``scenarios/`` is a source of scenarios to mutate, and every unit and option name found in them is a word the
command-line generator uses.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import json
import multiprocessing
import os
import random
import shlex
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))
GAMES = sorted({p.parent.name for p in SCENARIOS})
WATCHDOG_SECONDS = 20  # of CPU time; a wait (a pipe, a lock) gets 30 times as long on the wall clock
ALLOWED = {0, 1, 2, 74}
TIME_BOUND = 4  # seconds of --timeout given to odds and matrix


class Hang(BaseException):
    """Raised by the watchdog (a BaseException, so tabroll's own boundary lets it by)."""


# --- inputs ---------------------------------------------------------------------------------------------------


NOT_DIGITS = ["²", "\u0663", "１２", "\u07c5", "3²", "+²", "-\u0663", "⁴2", "½", "\u0967\u0966"]
"""Digits of other scripts: ``str.isdigit`` is true for all of them, and none is a whole number to tabroll."""

ESCAPES = ["\x1b[2J", "Lance\x1b[2Jiro", "T\x1b]0;owned\x07", "Hero\x1b[5m", "\x07", "\x9b31m", "a\x08b", "\x1b[0m]"]
"""Terminal escapes: none may reach a terminal raw (clear the screen, retitle the window, make the log blink)."""


def _words(rng: random.Random) -> str:
    pool = ["", "0", "-1", "1", "7", "2**63", "9" * 40, "1d6", "4d6kh3", "x", "A", "B", "ü", "\u0663", "-", "--", " ",
            "[", "{a: 1}", "a: b: c", "1,2", "nan", "inf", "\\t", "null", "true", "\u202e", "\udcff"]  # fmt: skip
    roll = rng.random()
    if roll < 0.08:
        return rng.choice(NOT_DIGITS)
    if roll < 0.16:
        return rng.choice(ESCAPES)
    return rng.choice(pool)


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return rng.randint(-5, 30)
    if kind == 1:
        return rng.choice([0, -1, 2**31, 10**12, 1.5, -0.0, float("inf")])
    if kind == 2:
        return _words(rng)
    if kind == 3:
        return rng.choice([True, False, None])
    if kind == 4:
        return rng.choice(["1d6", "2d10+3", "1d20", "0d6", "1d0", "3d6kh2", "1000d1000"])
    if kind == 5:
        return [rng.randint(0, 12), rng.randint(0, 12)]
    if kind == 6:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {_words(rng) or "k": _random_value(rng, depth + 1) for _ in range(rng.randrange(3))}


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _nodes(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _nodes(value, (*path, index))
    return found


def _mutate_data(rng: random.Random, data: Any) -> Any:
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _nodes(data) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        action = rng.randrange(5)
        if action == 0 and isinstance(parent, dict):
            del parent[last]
        elif action == 1 and isinstance(parent, dict):
            parent[_words(rng) or "extra"] = _random_value(rng)
        elif action == 2 and isinstance(parent, list):
            parent.append(copy_of(parent[last]))
        elif action == 3 and isinstance(parent[last], int) and not isinstance(parent[last], bool):
            parent[last] = parent[last] + rng.choice([-100, -2, -1, 1, 2, 1000, 10**9])
        else:
            parent[last] = _random_value(rng)
    return data


def copy_of(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _mutate_text(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True)
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        choice = rng.randrange(6)
        if choice == 0:
            del lines[i]
        elif choice == 1:
            lines.insert(i, lines[i])
        elif choice == 2:
            cut = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:cut] + _words(rng) + lines[i][cut:]
        elif choice == 3:
            lines[i] = lines[i].replace(" ", "", 1)
        elif choice == 4:
            lines[i] = "  " + lines[i]
        else:
            lines = lines[: i + 1]
    return "".join(lines)


def _scenario_text(rng: random.Random) -> tuple[str, str]:
    source = rng.choice(SCENARIOS)
    text = source.read_text(encoding="utf-8")
    how = rng.choice([0, 0, 0, 1, 2, 3])
    if how == 0:
        return source.parent.name, text  # unchanged: other words on the command line do the damage
    if how == 1:
        return source.parent.name, _mutate_text(rng, text)
    data = yaml.safe_load(text)
    data = _poison(rng, data) if rng.random() < 0.3 else _mutate_data(rng, data)
    dumped = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    return source.parent.name, _mutate_text(rng, dumped) if how == 3 else dumped


def _poison(rng: random.Random, data: Any) -> Any:
    """A file a player might be sent: a unit renamed with an escape, a title that retitles the window, or an option
    given in other digits (each game's options are found by name in its own module of options)."""
    if not isinstance(data, dict):
        return data
    choice = rng.randrange(3)
    if choice == 0:
        data["title"] = rng.choice(ESCAPES)
    elif choice == 1:
        for key in ("units", "combatants", "cards", "adventurers", "enemies"):
            group = data.get(key)
            if isinstance(group, dict) and group:
                old = rng.choice(list(group))
                group[f"{old}{rng.choice(ESCAPES)}"] = group.pop(old)
                break
    else:
        names = OPTION_NAMES.get(str(data.get("ruleset")), []) or ["ice_bonus"]
        options = data.get("options") if isinstance(data.get("options"), dict) else {}
        options[rng.choice(names)] = rng.choice(NOT_DIGITS)
        data["options"] = options
    return data


def _option_names() -> dict[str, list[str]]:
    from tabroll.engine import all_rulesets

    return {game.id: list(game.options_model().model_fields) for game in all_rulesets()}


OPTION_NAMES = _option_names()
FIELDS = ["--distance", "--height", "--move", "--facing", "--toward", "--range"]


def _unit_names(text: str) -> list[str]:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return ["A", "B"]
    for key in ("units", "combatants", "cards", "adventurers"):
        if isinstance(data, dict) and isinstance(data.get(key), dict):
            return [str(k) for k in data[key]] or ["A"]
    return ["A", "B"]


FLAGS = ["--seed", "--dice", "--format", "--option", "--jobs", "--trials", "--budget", "--set", "--ruleset"]
FORMATS = ["json", "jsonl", "text", "rich", "yaml", ""]


def make_input(rng: random.Random) -> dict[str, Any]:
    """One command: ``argv``, the text of its standard input, and the text of the scenario file ``{file}`` names."""
    kinds = ["run", "check", "odds", "attack", "roll", "journal", "words", "fields"]
    kind = rng.choices(kinds, [5, 2, 2, 3, 3, 1, 1, 2])[0]
    game, text = _scenario_text(rng)
    names = _unit_names(text)
    stdin = ""
    if kind == "roll":
        pieces = ["1", "2", "6", "d", "d6", "k", "h", "l", "+", "-", "*", "(", ")", " ", "20", "kh1", "dl1", "%"]
        expression = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))
        argv = ["roll", "--", expression] if rng.random() < 0.8 else ["roll", expression, "--seed", _words(rng)]
        return {"argv": argv, "stdin": stdin, "file": None}
    if kind == "run":
        argv = ["run", "{file}", "--format", rng.choice(FORMATS[:4])]
        if rng.random() < 0.3:
            argv += ["--seed", str(rng.randint(0, 2**40))]
        if rng.random() < 0.2:
            argv += ["--dice", ",".join(str(rng.randint(0, 21)) for _ in range(rng.randint(1, 8)))]
        if rng.random() < 0.15:
            argv, stdin = ["run", "-", "--format", "jsonl"], text
    elif kind == "check":
        argv = ["check", "{file}"]
    elif kind == "odds":
        argv = ["odds", "{file}", "--trials", str(rng.choice([50, 200])), "--budget", str(rng.choice([50, 2000]))]
        argv += ["--format", rng.choice(["json", "text"])]
    elif kind == "attack":
        argv = ["attack", "{file}", "-a", rng.choice(names), "-t", rng.choice(names), "--format", "json"]
        if rng.random() < 0.4:
            argv += ["--dice", ",".join(str(rng.randint(1, 20)) for _ in range(rng.randint(1, 6)))]
        if rng.random() < 0.3:
            argv = ["attack", "-r", game, "-a", rng.choice(names), "-t", rng.choice(names), "--seed", "1"]
    elif kind == "journal":
        argv = ["journal", rng.choice(["show", "undo", "replay"]), "{file}"]
    elif kind == "fields":  # a whole number typed where one is asked, in other digits; names with escapes
        command = rng.choice(["attack", "attack", "odds", "matrix"])
        attacker = rng.choice([*names, *ESCAPES])
        argv = [command, "-r", game]
        argv += ["--attackers", attacker, "--targets", rng.choice(names)] if command == "matrix" else [
            "-a", attacker, "-t", rng.choice(names)]  # fmt: skip
        for _ in range(rng.randint(1, 2)):
            if rng.random() < 0.7:
                argv += [rng.choice(FIELDS), rng.choice([*NOT_DIGITS, "2", " 3 "])]
            else:
                option = rng.choice(OPTION_NAMES.get(game, []) or ["x"])
                argv += ["-o", f"{option}={rng.choice([*NOT_DIGITS, *ESCAPES])}"]
        argv += ["--format", rng.choice(["text", "rich", "json", "markdown"])]
        if command != "attack":
            argv += ["--trials", "50"]
    else:
        argv = [rng.choice(["run", "check", "odds", "attack", "roll", "matrix", "schema", "rules"])]
        argv += ["{file}"] if rng.random() < 0.7 else []
    for _ in range(rng.choice([0, 0, 0, 0, 0, 0, 1, 2])):
        flag = rng.choice(FLAGS)
        argv += [flag, _words(rng)] if rng.random() < 0.9 else [flag]
    return {"argv": argv, "stdin": stdin, "file": text}


# --- running ------------------------------------------------------------------------------------------------


_CONTROL = {chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))} - {"\n", "\t"}


def _raw_control(text: str) -> bool:
    """Whether ``text`` holds a control character a terminal would obey (line breaks and tabs are text)."""
    return any(char in _CONTROL for char in text)


def _machine_format(argv: list[str]) -> bool:
    """Whether the command writes JSON (which keeps every character of the input exactly) to standard output."""
    words = [*argv, ""]
    return any(w in ("--format", "-f") and words[i + 1] in ("json", "jsonl") for i, w in enumerate(words)) or (
        argv[:1] == ["schema"]
    )


def _run_one(item: dict[str, Any], folder: Path) -> tuple[int | str, str, str]:
    from tabroll.cli.app import main

    scenario = folder / "scenario.yaml"
    if item["file"] is not None:
        scenario.write_text(item["file"], encoding="utf-8", errors="surrogatepass")
    argv = [str(scenario) if a == "{file}" else a for a in item["argv"]]
    if argv and argv[0] in ("odds", "matrix") and "--timeout" not in argv:
        # Their own time bound (60 s and 600 s by default) is what keeps them from running for hours: a short one
        # here, well inside the watchdog, so that a command that overruns its bound is what the watchdog finds.
        argv += ["--timeout", str(TIME_BOUND)]
    out, err = io.StringIO(), io.StringIO()
    stdin = io.StringIO(item["stdin"])

    def on_alarm(signum: int, frame: object) -> None:
        raise Hang

    # Two watchdogs: CPU time (a loop; not fooled by a busy machine) and wall time (a wait that never ends).
    signal.signal(signal.SIGPROF, on_alarm)
    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_PROF, WATCHDOG_SECONDS)
    signal.alarm(WATCHDOG_SECONDS * 30)
    old = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, out, err
    try:
        main(argv)
        code: int | str = 0
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else 0
    except Hang:
        code = "hang"
    except BaseException as escaped:  # anything past main's boundary is a bug too
        code, err = "escaped", io.StringIO(f"{type(escaped).__name__}: {escaped}")
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.alarm(0)
        sys.stdin, sys.stdout, sys.stderr = old
    return code, out.getvalue(), err.getvalue()


def _worker(args: tuple[int, int, int, str]) -> tuple[collections.Counter[str], list[dict[str, Any]]]:
    seed, start, stop, out_dir = args
    counts: collections.Counter[str] = collections.Counter()
    broken: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="tabroll-fuzz-") as scratch:
        folder = Path(scratch)
        with contextlib.suppress(FileNotFoundError):
            os.chdir(folder)
        for number in range(start, stop):
            item = make_input(random.Random(f"{seed}:{number}"))
            code, out, err = _run_one(item, folder)
            raw = _raw_control(err) or (not _machine_format(item["argv"]) and _raw_control(out))
            bad = code not in ALLOWED or "Traceback" in err or "internal error" in err or raw
            counts[f"exit {code}"] += 1
            if bad:
                case = {"number": number, "code": code, "argv": item["argv"], "stdin": item["stdin"],
                        "file": item["file"], "stderr": err[-4000:], "stdout": out[-4000:], "raw": raw}  # fmt: skip
                broken.append(case)
                Path(out_dir, f"case-{number}.json").write_text(json.dumps(case, indent=1, ensure_ascii=True))
    return counts, broken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--inputs", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default="fuzz-cases", help="where reproductions are saved")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    out = os.path.abspath(args.out)
    chunk = 250
    work = [(args.seed, s, min(s + chunk, args.inputs), out) for s in range(0, args.inputs, chunk)]
    started = time.perf_counter()
    total: collections.Counter[str] = collections.Counter()
    broken: list[dict[str, Any]] = []
    with multiprocessing.get_context("fork").Pool(args.jobs, maxtasksperchild=4) as pool:
        for counts, cases in pool.imap_unordered(_worker, work):
            total.update(counts)
            broken.extend(cases)
            done = sum(total.values())
            print(f"\r{done:,}/{args.inputs:,} inputs, {len(broken)} broken", end="", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    print(file=sys.stderr)
    print(
        f"inputs: {sum(total.values()):,} in {elapsed:.0f} s ({sum(total.values()) / elapsed:.0f}/s), seed {args.seed}"
    )
    for key, value in sorted(total.items()):
        print(f"  {key}: {value:,}")
    raw = sum(1 for case in broken if case["raw"])
    print(f"  raw control characters in a format for people: {raw:,}")
    said = "exit 70, traceback, escaped exception, raw control character or hang"
    print(f"broken ({said}): {len(broken)}" + (f", saved in {out}" if broken else ""))
    for case in broken[:10]:
        print(f"  #{case['number']} {case['code']}: tabroll {shlex.join(case['argv'])}")
        print("    " + (case["stderr"].strip().splitlines() or [""])[-1][:200])
    raise SystemExit(1 if broken else 0)


if __name__ == "__main__":
    main()
