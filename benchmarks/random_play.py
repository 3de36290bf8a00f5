"""Random legal play of every game: many random actions from each game's bundled scenarios, with random dice,
and the game's invariants checked after every one.

A play starts from one bundled scenario (``scenarios/<game>/*.yaml``) and a journal of its own. Each step builds an
action of that game the way a table would: an action of the game's bundled scenarios (every ``do:`` kind they
use, plus the kinds none of them uses) with its units replaced by units of the game being played (defeated
ones included), its numbers nudged now and then, and no given dice: every die is random. The action is
resolved and recorded through the journal (:class:`tabroll.journal.Journal`), and then:

* an internal error (anything but tabroll's own refusal or input error) is a failure;
* no count of the state goes below 0 (life, shields, mana, ammunition, cards, …; positions may), and no
  ``damage`` event leaves a pool below 0;
* every die drawn (not a player's choice) appears in exactly one ``roll`` event, in the order drawn;
* a refused action (or one refused as bad input) changes nothing, and is not recorded;
* a unit out of play (defeated, exiled, fled, out) acts no more: its actions are refused;
* the journal replays to the same state (opened again from its file, and ``journal replay`` agrees with every
  record).

A failure is saved as a reproduction: the scenario with the actions played so far and the dice each drew, as a
YAML file that ``tabroll run`` resolves the same way.

    python benchmarks/random_play.py --actions 100000 --seed 19 --jobs 1

The same player serves the property tests (``tests/support.random_play_machine``), where Hypothesis chooses
the actions and the dice instead of ``random``.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402
import msgspec.structs  # noqa: E402

from tabroll.dice.sources import DiceRequest  # noqa: E402
from tabroll.engine import Resolution, Scenario, find_ruleset  # noqa: E402
from tabroll.errors import InputError  # noqa: E402

SCENARIOS = ROOT / "scenarios"
GAMES = ("ahotnik", "botse", "forgod", "mtg_heroes", "tabmaster")

UNIT = "$unit"
"""In a template below: a unit of the game being played, chosen at random (``$unit:SIDE``: of that side)."""

EXTRA_TEMPLATES: dict[str, tuple[dict[str, Any], ...]] = {
    # Kinds that no bundled scenario of the game uses (and a few more shapes of those it does).
    "tabmaster": (
        {"do": "new_round"},
        {"do": "move", "unit": UNIT, "to": [1, 1]},
        {"do": "move", "unit": UNIT, "path": [[1, 0], [2, 0]]},
        {"do": "attack", "attacker": f"{UNIT}:red", "target": f"{UNIT}:blue"},
        {"do": "attack", "attacker": f"{UNIT}:blue", "target": f"{UNIT}:red"},
        {"do": "attack", "attacker": UNIT},
    ),
    "botse": (
        {"do": "move", "adventurer": f"{UNIT}:adventurer", "to": [1, 0]},
        {"do": "end_turn", "adventurer": f"{UNIT}:adventurer"},
        {"do": "engage", "adventurer": f"{UNIT}:adventurer", "target": f"{UNIT}:enemy"},
    ),
    "forgod": (
        {"do": "release", "unit": UNIT},
        {"do": "attack", "attacker": f"{UNIT}:red", "target": f"{UNIT}:blue"},
        {"do": "attack", "attacker": f"{UNIT}:blue", "target": f"{UNIT}:red"},
        {"do": "move", "unit": UNIT, "to": [1, 2]},
    ),
    "mtg_heroes": (
        {"do": "damage", "target": UNIT, "amount": 2, "by": UNIT},
        {"do": "effect", "effect": "destroy", "target": UNIT, "by": UNIT},
        {"do": "effect", "effect": "exile", "target": UNIT},
        {"do": "effect", "effect": "control", "target": UNIT, "by": UNIT},
        {"do": "modify", "unit": UNIT, "power": -1, "toughness": -1},
        {"do": "regenerate", "unit": UNIT},
        {"do": "summon", "caster": UNIT, "creature": "Grizzly Bears"},
        {"do": "attack", "attacker": UNIT, "target": UNIT},
        {"do": "move", "unit": UNIT, "to": "far"},
        {"do": "end_turn"},
    ),
    "ahotnik": (
        {"do": "attack_phase", "ahotnik": UNIT},
        {"do": "contaminated_terrain", "change": "revealed"},
        {"do": "contaminated_terrain", "change": "removed"},
        {"do": "end_transition", "ahotnik": UNIT},
    ),
}

SIGNED = frozenset({"position", "singularity"})
"""Summary fields whose numbers may be below 0 (coordinates on a board)."""

NOT_ACTING = {
    ("ahotnik", "summon"): "a summon brings a Demon (back) into play: the Demon named does not act",
    ("mtg_heroes", "damage"): "the table's damage names its source ('by'), which may have left play since",
    ("mtg_heroes", "effect"): "the table's effect names its source ('by'), which may have left play since",
    ("mtg_heroes", "regenerate"): "regenerating is how a creature out of the fight (Indestructible, Life 0) returns",
    ("mtg_heroes", "skill_test"): "a skill test is a roll on a colour identity (it needs no unit), not a fight action",
}
"""Actions whose header names a unit that does not act in them (the rule "out of play, acts no more" skips them)."""

OUT_OF_PLAY = ("defeated", "exiled", "fled")
"""Flags of a unit's summary that take it out of play (and ``out``, a reason, in Gathering of Heroes)."""


# --- choosing ---------------------------------------------------------------------------------------------


class Chooser(Protocol):
    """Whoever makes the random choices: ``random`` in the script, Hypothesis in the tests."""

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1``."""
        ...


class RandomChooser:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def below(self, n: int) -> int:
        return self.rng.randrange(n)


def pick(chooser: Chooser, items: Sequence[Any]) -> Any:
    return items[chooser.below(len(items))]


class ChooserDice:
    """Dice whose every value the chooser picks (uniform in the script; Hypothesis shrinks them in the tests)."""

    def __init__(self, chooser: Chooser) -> None:
        self.chooser = chooser

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        return tuple(self.chooser.below(request.sides) + 1 for _ in range(request.count))


# --- what a game's actions look like ----------------------------------------------------------------------


@cache
def bundled(game: str) -> tuple[Path, ...]:
    return tuple(sorted((SCENARIOS / game).glob("*.yaml")))


@cache
def _loaded(path: Path) -> Scenario:
    from tabroll.loading.scenario import load_scenario_file

    return load_scenario_file(path)


def unit_summaries(scenario_or_ruleset: Any, state: Any) -> list[dict[str, Any]]:
    from tabroll.render.state import named_units

    ruleset = getattr(scenario_or_ruleset, "ruleset", scenario_or_ruleset)
    return [unit for _, unit in named_units(ruleset.summarize_state(state))]


@cache
def bundled_names(game: str) -> frozenset[str]:
    """Every unit name of the game's bundled scenarios: in a template, any of them stands for a unit."""
    names: set[str] = set()
    for path in bundled(game):
        scenario = _loaded(path)
        names.update(unit["name"] for unit in unit_summaries(scenario, scenario.state))
    return frozenset(names)


@cache
def templates(game: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    """(the file it comes from, or "" for every file; the action as data without its dice) of ``game``."""
    from tabroll.journal import encode_action

    found: list[tuple[str, dict[str, Any]]] = []
    for path in bundled(game):
        scenario = _loaded(path)
        for step in scenario.steps:
            data = encode_action(scenario.ruleset, step.action)
            data.pop("dice", None)
            found.append((path.name, data))
    found += [("", dict(t)) for t in EXTRA_TEMPLATES.get(game, ())]
    return tuple(found)


Role = tuple[str, Any, Any]
"""A unit's place in its game: the list it is in (units, ahotniks, demons), its kind and its side."""


def role_of(group: str, unit: dict[str, Any]) -> Role:
    return (group, unit.get("kind"), unit.get("side"))


@cache
def roles(path: Path) -> dict[str, Role]:
    """The role of every unit of a bundled scenario, by name."""
    from tabroll.render.state import named_units

    scenario = _loaded(path)
    return {u["name"]: role_of(g, u) for g, u in named_units(scenario.ruleset.summarize_state(scenario.state))}


class Cast(msgspec.Struct, frozen=True):
    """The units of the game being played, with their roles, and which of them are still in play."""

    units: tuple[tuple[str, Role, bool], ...]

    def choose(self, chooser: Chooser, wanted: Role | None, taken: set[str]) -> str:
        """A unit in play (now and then one out of play), of the role ``wanted`` when one has it, and not one
        already named in the action when another will do."""
        units = [u for u in self.units if u[0] not in taken] or list(self.units)
        live = [u for u in units if u[2]]
        pool = live if live and chooser.below(8) else units
        if wanted is not None:
            for width in (3, 2, 1):
                same = [u for u in pool if u[1][:width] == wanted[:width] or (wanted[0] == "" and u[1][2] == wanted[2])]
                if same:
                    pool = same
                    break
        name = str(pick(chooser, pool)[0])
        taken.add(name)
        return name


def _fill(
    node: Any, chooser: Chooser, cast: Cast, names: frozenset[str], source: dict[str, Role], taken: set[str]
) -> Any:
    """A template with its units replaced by units of this game (of the same role: an attacker's side stays
    the attacker's side) and, now and then, a number nudged."""
    if isinstance(node, str):
        if node.startswith(UNIT):
            side = node[len(UNIT) + 1 :]
            return cast.choose(chooser, ("", None, side) if side else None, taken)
        return cast.choose(chooser, source.get(node), taken) if node in names else node
    if isinstance(node, bool):
        return (not node) if chooser.below(10) == 0 else node
    if isinstance(node, int):
        return node + pick(chooser, (-2, -1, 1, 2)) if chooser.below(6) == 0 else node
    if isinstance(node, list):
        return [_fill(item, chooser, cast, names, source, taken) for item in node]
    if isinstance(node, dict):
        return {key: _fill(value, chooser, cast, names, source, taken) for key, value in node.items() if key != "dice"}
    return node


# --- one game played --------------------------------------------------------------------------------------


class Totals(msgspec.Struct):
    plays: int = 0
    actions: int = 0
    resolved: int = 0
    refused: int = 0
    input_errors: int = 0
    defeats: int = 0
    dice: int = 0
    not_generated: int = 0
    internal_errors: int = 0
    broken: int = 0
    journal_checks: int = 0
    out_of_play_tries: int = 0
    refused_after_dice: int = 0
    kinds: Counter[str] = msgspec.field(default_factory=Counter)
    reasons: Counter[str] = msgspec.field(default_factory=Counter)

    def add(self, other: Totals) -> None:
        for name, value in msgspec.structs.asdict(other).items():
            if isinstance(value, Counter):
                getattr(self, name).update(value)
            else:
                setattr(self, name, getattr(self, name) + value)

    def as_json(self) -> dict[str, Any]:
        out = {k: v for k, v in msgspec.structs.asdict(self).items() if not isinstance(v, Counter)}
        out["kinds"] = dict(sorted(self.kinds.items()))
        out["reasons"] = dict(self.reasons.most_common(10))
        return out


class PlayFailed(AssertionError):
    """An invariant broken or an internal error, with the reproduction (a scenario file's text)."""

    def __init__(self, message: str, reproduction: str) -> None:
        super().__init__(f"{message}\n--- reproduction (tabroll run FILE) ---\n{reproduction}")
        self.message = message
        self.reproduction = reproduction


def out_of_play(unit: dict[str, Any]) -> bool:
    return any(unit.get(flag) is True for flag in OUT_OF_PLAY) or unit.get("out") not in (None, False, "")


def negative_counts(node: Any, where: str = "") -> list[str]:
    """The places in a state summary where a count is below 0 (coordinates and such excepted)."""
    found: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in SIGNED:
                label = f"{where}.{key}" if where else str(key)
                if isinstance(node.get("name"), str):
                    label = f"{node['name']}.{key}"
                found += negative_counts(value, label)
    elif isinstance(node, list):
        for item in node:
            found += negative_counts(item, where)
    elif isinstance(node, int) and not isinstance(node, bool) and node < 0:
        found.append(f"{where} = {node}")
    return found


def _gist(reason: str) -> str:
    """A refusal's reason without its names and numbers, to count refusals by kind."""
    import re

    text = re.sub(r"'[^']*'|\\d+", "_", reason)
    for name in sorted(bundled_names_all(), key=len, reverse=True):
        text = text.replace(name, "U")
    return text[:90]


@cache
def bundled_names_all() -> frozenset[str]:
    return frozenset().union(*(bundled_names(g) for g in GAMES))


class Play:
    """One bundled scenario played at random, recorded in a journal under ``folder``."""

    def __init__(self, game: str, path: Path, folder: Path, *, label: str = "play") -> None:
        from tabroll.journal import open_journal

        self.game = game
        self.path = path
        self.scenario = _loaded(path)
        self.ruleset = self.scenario.ruleset
        self.journal_path = folder / f"{label}.journal.jsonl"
        with contextlib.suppress(FileNotFoundError):
            self.journal_path.unlink()
        self.journal = open_journal(self.journal_path, self.scenario, scenario_path=path)
        self.state = self.scenario.state
        self.history: list[tuple[dict[str, Any], tuple[int, ...]]] = []
        self.totals = Totals(plays=1)
        self.over = False
        self.after_over = 0
        self.refused_in_a_row = 0

    # --- the action ---

    def generate(self, chooser: Chooser) -> tuple[dict[str, Any], Any] | None:
        """A random action of this game that its action model accepts (``None`` after 20 tries)."""
        from tabroll.journal import decode_action
        from tabroll.render.state import named_units

        pool = templates(self.game)
        own = [t for t in pool if t[0] in ("", self.path.name)]
        summary = self.ruleset.summarize_state(self.state)
        cast = Cast(tuple((u["name"], role_of(g, u), not out_of_play(u)) for g, u in named_units(summary)))
        for _ in range(20):
            origin, template = pick(chooser, own if own and chooser.below(4) else pool)
            source = roles(SCENARIOS / self.game / origin) if origin else {}
            data = _fill(template, chooser, cast, bundled_names(self.game), source, set())
            try:
                return data, decode_action(self.ruleset, data)
            except InputError:
                self.totals.not_generated += 1
        return None

    def step(self, chooser: Chooser) -> Resolution | None:
        """One random action resolved, recorded and checked (raises :class:`PlayFailed`)."""
        from tabroll.dice.sources import RecordingDice

        made = self.generate(chooser)
        if made is None:
            return None
        data, action = made
        self.totals.actions += 1
        self.totals.kinds[str(data.get("do"))] += 1
        before = self.state
        before_summary = self.ruleset.summarize_state(before)
        actor = self.ruleset.describe_action(action).actor
        was_out = {unit["name"] for unit in unit_summaries(self.ruleset, before) if out_of_play(unit)}
        records = len(self.journal.records)
        dice = RecordingDice(ChooserDice(chooser))
        try:
            resolution = self.journal.resolve(action, dice)
        except InputError as err:
            self.totals.input_errors += 1
            self.totals.reasons[f"{data.get('do')} (input): {_gist(err.message)}"] += 1
            self._expect(
                self.journal.current_state() is before,
                "an action refused as bad input changed the state",
                data,
                dice.values,
            )
            self._expect(
                len(self.journal.records) == records, "an action refused as bad input was recorded", data, dice.values
            )
            return None
        except Exception:
            self.totals.internal_errors += 1
            raise self.failed(f"internal error:\n{traceback.format_exc()}", data, dice.values) from None
        self.totals.dice += len(dice.values)
        self.check(data, action, before_summary, resolution, dice, actor in was_out, records)
        if resolution.refused:
            self.totals.refused += 1
            reason = next((e.reason for e in resolution.events if e.kind == "refused"), "")
            self.totals.reasons[f"{data.get('do')}: {_gist(reason)}"] += 1
        else:
            self.totals.resolved += 1
            self.history.append((data, dice.values))
        self.refused_in_a_row = self.refused_in_a_row + 1 if resolution.refused else 0
        self.totals.defeats += sum(1 for e in resolution.events if e.kind == "defeat")
        self.state = resolution.state
        if self.over:
            self.after_over += 1
        self.over = self.over or any(e.kind == "game_over" for e in resolution.events)
        return resolution

    # --- the invariants ---

    def check(
        self,
        data: dict[str, Any],
        action: Any,
        before_summary: dict[str, Any],
        resolution: Resolution,
        dice: Any,
        actor_was_out: bool,
        records: int,
    ) -> None:
        values = dice.values
        summary = self.ruleset.summarize_state(resolution.state)
        if resolution.refused:
            self._expect(summary == before_summary, "a refused action changed the state", data, values)
            self._expect(len(self.journal.records) == records, "a refused action was recorded", data, values)
        else:
            self._expect(len(self.journal.records) == records + 1, "an action was not recorded", data, values)
        negative = negative_counts(summary)
        self._expect(not negative, f"a count below 0: {', '.join(negative)}", data, values)
        for event in resolution.events:
            if event.kind == "damage":
                left = getattr(event, "left", None)
                amount = getattr(event, "amount", 0)
                self._expect(
                    amount >= 0 and (left is None or left >= 0), f"damage below 0: {event.to_json()}", data, values
                )
        drawn = [v for request, got in dice.log if not request.choice for v in got]
        rolled = [v for e in resolution.events if e.kind == "roll" for v in e.values]
        if not resolution.refused:
            self._expect(drawn == rolled, f"dice drawn {drawn} but the roll events show {rolled}", data, values)
        else:  # a refusal shows no rolls; the dice it drew before the rules refused are counted, and not recorded
            self._expect(not rolled, f"a refused action shows rolls {rolled}", data, values)
            self.totals.refused_after_dice += bool(drawn)
        if actor_was_out and (self.game, data.get("do")) not in NOT_ACTING:
            self.totals.out_of_play_tries += 1
            self._expect(
                resolution.refused, f"{self.ruleset.describe_action(action).actor}, out of play, acted", data, values
            )

    def verify_journal(self) -> None:
        """The journal, opened again from its file, replays to the state of this play, record by record."""
        from tabroll.journal import open_journal, replay

        self.totals.journal_checks += 1
        again = open_journal(self.journal_path, self.scenario, scenario_path=self.path)
        self._expect(
            len(again.records) == len(self.history),
            f"the journal holds {len(again.records)} actions, {len(self.history)} happened",
            None,
            (),
        )
        replayed = self.ruleset.summarize_state(again.current_state())
        self._expect(
            replayed == self.ruleset.summarize_state(self.state), "the journal replays to another state", None, ()
        )
        bad = [c for c in replay(self.journal_path, self.scenario) if not c.ok]
        self._expect(not bad, f"journal replay disagrees: {bad[:1]}", None, ())

    def _expect(self, ok: bool, message: str, data: dict[str, Any] | None, values: Sequence[int]) -> None:
        if not ok:
            self.totals.broken += 1
            raise self.failed(message, data, values)

    def failed(self, message: str, data: dict[str, Any] | None, values: Sequence[int]) -> PlayFailed:
        return PlayFailed(f"{self.game} {self.path.name}: {message}", self.reproduction(data, values))

    def reproduction(self, data: dict[str, Any] | None = None, values: Sequence[int] = ()) -> str:
        """The scenario with the actions that happened (and the failing one), each with the dice it drew."""
        import yaml

        document = yaml.safe_load(self.path.read_text(encoding="utf-8"))
        played = [*self.history, *([(data, tuple(values))] if data is not None else [])]
        actions = []
        for action, dice in played:
            entry = copy.deepcopy(action)
            if dice:
                entry["dice"] = list(dice)
            actions.append(entry)
        document["actions"] = actions
        document.pop("seed", None)
        return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=200)


# --- the script -------------------------------------------------------------------------------------------


def play_game(
    game: str,
    actions: int,
    seed: int,
    folder: Path,
    failures: Path,
    *,
    longest: int = 200,
    check_every: int = 25,
) -> tuple[Totals, list[str]]:
    """``actions`` random actions of ``game`` over plays of its bundled scenarios; the totals and the failures
    saved (a play that fails is saved and ended; the next play goes on)."""
    rng = random.Random(f"{game}:{seed}")
    chooser = RandomChooser(rng)
    totals = Totals()
    saved: list[str] = []
    number = 0
    while totals.actions < actions:
        number += 1
        play = Play(game, rng.choice(bundled(game)), folder, label=f"{game}-{number}")
        length = rng.randint(1, longest)
        try:
            while play.totals.actions < length and totals.actions + play.totals.actions < actions:
                if play.step(chooser) is None and play.totals.not_generated > 20 * length:
                    break
                if play.totals.actions % check_every == 0:
                    play.verify_journal()
                if play.after_over >= 3 or play.refused_in_a_row >= 12:
                    break  # the game is over, or stuck (every side's units gone): the next play starts
            play.verify_journal()
        except PlayFailed as failure:
            failures.mkdir(parents=True, exist_ok=True)
            out = failures / f"{game}-seed{seed}-play{number}.yaml"
            first = "\n".join(f"# {line}" for line in failure.message.splitlines())
            out.write_text(f"{first}\n{failure.reproduction}", encoding="utf-8")
            saved.append(str(out))
        totals.add(play.totals)
        with contextlib.suppress(FileNotFoundError):
            play.journal_path.unlink()
    return totals, saved


def _one(job: tuple[str, int, int, str, str]) -> tuple[str, Totals, list[str]]:
    game, actions, seed, folder, failures = job
    totals, saved = play_game(game, actions, seed, Path(folder), Path(failures))
    return game, totals, saved


def shares(total: int, parts: int) -> list[int]:
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=100_000, help="random actions in all, shared by the games")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--jobs", type=int, default=1, help="processes (each plays whole games of its own)")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    parser.add_argument("--failures", default="random-play-failures", help="folder for reproductions")
    parser.add_argument("--json", action="store_true", help="print the totals as JSON")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    for game in games:
        find_ruleset(game)
    work = Path(tempfile.mkdtemp(prefix="random-play-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    # Each game's share is cut into chunks (seeds seed, seed+1, …) so that --jobs has work to spread.
    chunks = max(1, args.jobs)
    jobs = [
        (game, n, args.seed + i, str(work), args.failures)
        for game, share in zip(games, shares(args.actions, len(games)), strict=True)
        for i, n in enumerate(shares(share, chunks))
        if n
    ]
    started = time.perf_counter()
    by_game: dict[str, Totals] = {game: Totals() for game in games}
    failures: list[str] = []
    try:
        for game, totals, saved in _run(jobs, args.jobs):
            by_game[game].add(totals)
            failures += saved
    finally:
        shutil.rmtree(work, ignore_errors=True)
    elapsed = time.perf_counter() - started
    everything = Totals()
    for totals in by_game.values():
        everything.add(totals)
    if args.json:
        report = {g: t.as_json() for g, t in by_game.items()}
        print(json.dumps({"games": report, "failures": failures, "seconds": round(elapsed, 1)}, indent=2))
    else:
        _print_table(by_game, everything, failures, elapsed, args)
    return 1 if everything.internal_errors or everything.broken or failures else 0


def _run(jobs: list[tuple[str, int, int, str, str]], processes: int) -> Iterator[tuple[str, Totals, list[str]]]:
    if processes <= 1:
        for job in jobs:
            yield _one(job)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=processes) as pool:
        yield from pool.map(_one, jobs)


def _print_table(
    by_game: dict[str, Totals], everything: Totals, failures: list[str], elapsed: float, args: argparse.Namespace
) -> None:
    columns = {
        "plays": "plays",
        "actions": "actions",
        "resolved": "resolved",
        "refused": "refused",
        "refused_after_dice": "refused+dice",
        "input_errors": "input errors",
        "defeats": "defeats",
        "out_of_play_tries": "out acting",
        "dice": "dice",
        "journal_checks": "journal chk",
        "internal_errors": "internal err",
        "broken": "broken",
    }
    print(f"random play: seed {args.seed}, {args.jobs} job(s), {elapsed:.1f} s")
    print(f"{'game':<11}" + "".join(f"{label:>13}" for label in columns.values()))
    for game, totals in [*by_game.items(), ("all", everything)]:
        print(f"{game:<11}" + "".join(f"{getattr(totals, c):>13,}" for c in columns))
    print(
        "refused+dice: refused after drawing dice (not recorded); out acting: actions of a unit out of play (each "
        "must be refused); journal chk: journals reopened and replayed"
    )
    for game, totals in by_game.items():
        kinds = ", ".join(f"{k} {n:,}" for k, n in sorted(totals.kinds.items()))
        print(f"{game}: {kinds}")
    print(f"generated actions the game's model refused (retried): {everything.not_generated:,}")
    if failures:
        print(f"{len(failures)} failure(s) saved:")
        for path in failures:
            print(f"  {path}")
    else:
        print("failures: none")


if __name__ == "__main__":
    sys.exit(main())
