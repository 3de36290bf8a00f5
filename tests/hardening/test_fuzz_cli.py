"""Fuzzing the command line: the dice parser through ``tabroll roll`` and random ``tabroll attack`` words.

Every call goes through the real error boundary (``tabroll.cli.app.main``, via the ``cli`` fixture). Whatever
the input, tabroll must answer with exit 0, 1 (refused by the rules) or 2 (bad usage or input) and a clear
message: never a traceback, never ``internal error`` (exit 70), never a hang. The helpers here
(:func:`invoke`, :func:`assert_clean`, :data:`GAMES`) are shared by the other hardening modules.
"""

from __future__ import annotations

import json
import shlex
import signal
from functools import cache
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from tabroll.engine import ruleset_ids
from tests.conftest import Result

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
# Every game tabroll discovers (a game copied into rulesets/, or found through TABROLL_GAMES), so a new ruleset is
# fuzzed without edits here; those with bundled scenarios (scenarios/<game>/, optional) have their files broken.
GAMES = sorted(ruleset_ids())
GAMES_WITH_SCENARIOS = [game for game in GAMES if any((SCENARIOS / game).glob("*.yaml"))]

# Hypothesis drives the function-scoped ``cli`` fixture many times per test: that is safe (it captures and
# resets output and standard input on every call), so the health check about it is switched off.
_BASE = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

pytestmark = pytest.mark.slow  # minutes of CPU in all: run by the README's test command (pytest -m slow) and CI


def fuzz(examples: int) -> settings:
    """Hypothesis settings for a CLI fuzz test with ``examples`` generated inputs."""
    return settings(_BASE, max_examples=examples)


HANG_SECONDS = 10.0


class Hang(BaseException):
    """Raised by the watchdog; a BaseException so that tabroll's boundary (``except Exception``) lets it by."""


def invoke(cli, *args: str, stdin: str = "", limit: float = HANG_SECONDS) -> Result:
    """Run ``tabroll ARGS`` through the fixture, failing the test when it takes more than ``limit`` seconds."""

    def on_alarm(signum: int, frame: object) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return cli(*args, stdin=stdin)
    except Hang:
        pytest.fail(f"hang: tabroll {shlex.join(args)} ran for more than {limit} s")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def describe(args: tuple[str, ...] | list[str], result: Result) -> str:
    return (
        f"\ncommand: tabroll {shlex.join(args)}\nexit: {result.code}\n"
        f"stdout: {result.out[-1500:]}\nstderr: {result.err[-1500:]}"
    )


def assert_clean(args: tuple[str, ...] | list[str], result: Result, allowed: tuple[int, ...] = (0, 1, 2)) -> None:
    """The contract of the boundary: a known exit code and a clear message, never a traceback."""
    if currently_in_test_context():
        event(f"exit {result.code}")
    why = describe(args, result)
    assert "Traceback" not in result.err and "Traceback" not in result.out, why
    assert "internal error" not in result.err, why
    assert result.code in allowed, why
    # Warnings and --prompt's questions ("Roll 1d4 — …:", "Choose a number …:") may come before the error.
    lines = [line for line in result.err.splitlines() if not line.startswith(("warning:", "Roll ", "Choose a number "))]
    if result.code == 2:
        assert lines and lines[0].startswith(("error:", "Usage:")), why
    elif result.code == 1:
        refused = _refused_in(result.out)
        assert refused or (lines and lines[0].startswith("error:")), why


def _refused_in(out: str) -> bool:
    """Whether the output shows a refusal (text/rich log, JSON document or JSON Lines)."""
    try:
        doc = json.loads(out)
    except ValueError:
        return "refused" in out
    if isinstance(doc, dict) and "actions" in doc:
        return any(action.get("refused") for action in doc["actions"])
    return "refused" in out


# --- 3. the dice parser through `tabroll roll` ------------------------------------------------------------

NUMBER = st.one_of(
    st.integers(0, 20),
    st.integers(0, 10**6),
    st.sampled_from([10**9, 10**9 + 1, 10**12, 10**13, 10**30, 999999999999999999999]),
    st.integers(0, 10**200),
)
KEEP = st.one_of(
    st.just(""),
    st.builds(lambda mode, n: f"{mode}{n}", st.sampled_from(["kh", "kl", "dh", "dl", "k", "KH", "Dl"]), NUMBER),
)
DIE = st.one_of(
    st.builds(lambda count, sides, keep: f"{count}d{sides}{keep}", NUMBER, NUMBER, KEEP),
    st.builds(lambda count, keep: f"{count}d%{keep}", NUMBER, KEEP),
    st.builds(lambda sides: f"d{sides}", NUMBER),
    st.sampled_from(["d%", "D6", "d20", "1000d1000000", "1000000000d1000000000", "0d6", "1d0"]),
)
SPACE = st.sampled_from(["", "", "", " ", "  ", "\t"])


def _combine(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.builds(lambda a, op, b, s: f"{a}{s}{op}{s}{b}", children, st.sampled_from("+-*"), children, SPACE),
        st.builds(lambda a: f"({a})", children),
        st.builds(lambda a: f"-{a}", children),
    )


GRAMMAR = st.recursive(st.one_of(NUMBER.map(str), DIE), _combine, max_leaves=40)
SHAPED = st.one_of(
    GRAMMAR,
    st.builds(lambda n, inner: "(" * n + inner + ")" * n, st.integers(0, 3000), GRAMMAR),
    st.builds(lambda n, inner: "(" * n + inner, st.integers(0, 100_000), st.sampled_from(["1", "d6", ""])),
    st.builds(lambda n: "-" * n + "1", st.integers(0, 3000)),
    st.builds(lambda n, term: "+".join([term] * n), st.integers(1, 300), st.sampled_from(["1000d1000000", "1", "d6"])),
    st.builds(lambda n: "9" * n, st.integers(1, 100_000)),
)
NOISE = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789dDkKhHlL%+-*() \t×xX٣²\n", max_size=60),
)


def _roll(cli, expression: str, *extra: str) -> None:
    args = ("roll", "--seed", "1", "--format", "jsonl", *extra, "--", expression)
    result = invoke(cli, *args)
    assert_clean(args, result, allowed=(0, 2))
    if result.code == 0:
        roll = json.loads(result.out.splitlines()[0])
        assert roll["kind"] == "roll" and isinstance(roll["total"], int), describe(args, result)
    else:
        assert result.err.startswith("error:"), describe(args, result)


@fuzz(350)
@given(expression=SHAPED)
def test_roll_grammar_shaped_expressions(cli, expression: str) -> None:
    _roll(cli, expression)


@fuzz(250)
@given(expression=NOISE)
def test_roll_random_text(cli, expression: str) -> None:
    _roll(cli, expression)


@fuzz(100)
@given(expression=GRAMMAR, given_dice=st.lists(st.integers(-5, 10**7), max_size=6), label=st.text(max_size=20))
def test_roll_with_given_dice_and_labels(cli, expression: str, given_dice: list[int], label: str) -> None:
    args = ("roll", "--dice", ",".join(map(str, given_dice)), "--label", label, "--format", "text", "--", expression)
    assert_clean(args, invoke(cli, *args), allowed=(0, 2))


# --- 4. `tabroll attack` with random command-line words ---------------------------------------------------


@cache
def _vocabulary(game: str) -> dict[str, list[str]]:
    """Names a player might type for ``game``: units, stats, action fields and house-rule options."""
    from tabroll.engine import find_ruleset
    from tabroll.schemas import scenario_schema

    units: set[str] = set(find_ruleset(game).catalogue_names())
    for path in sorted((SCENARIOS / game).glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for value in doc.values():
            if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
                units.update(str(name) for name in value)
    schema = scenario_schema(game)
    stats: set[str] = set()
    fields: set[str] = set()
    for name, definition in schema.get("$defs", {}).items():
        props = definition.get("properties", {})
        if name.endswith("Action"):
            fields.update(props)
        else:
            stats.update(key for key, prop in props.items() if prop.get("type") == "integer")
    options = [f"{info.name}={choice}" for info in find_ruleset(game).option_infos() for choice in info.choices]
    options += [f"{info.name}={info.default}" for info in find_ruleset(game).option_infos()]
    return {
        "units": sorted(units) or ["A"],
        "stats": sorted(stats) or ["ATK"],
        "fields": sorted(fields - {"do"}) or ["using"],
        "options": sorted(options) or ["x=y"],
        "files": [str(p) for p in sorted((SCENARIOS / game).glob("*.yaml"))],
    }


INT_WORD = st.one_of(
    st.integers(-3, 12).map(str),
    st.sampled_from(["0", "-1", "10**9", "99999999999999999999999", "1e3", "", "x", "nan", "-0", "+5", "1_000"]),
    st.integers(-(10**40), 10**40).map(str),
)
VALUE_WORD = st.one_of(INT_WORD, st.text(max_size=12), st.sampled_from(["true", "[1, 2]", "{a: 1}", "null", "~"]))


@st.composite
def attack_words(draw: st.DrawFn) -> list[str]:
    game = draw(st.sampled_from(GAMES))
    vocab = _vocabulary(game)
    unit = st.one_of(st.sampled_from(vocab["units"]), st.text(max_size=10))
    words: list[str] = ["attack"]
    if vocab["files"] and draw(st.integers(0, 3)) == 0:
        words.append(draw(st.sampled_from(vocab["files"])))
    else:
        words += ["-r", draw(st.one_of(st.sampled_from(GAMES), st.sampled_from(GAMES), st.text(max_size=8)))]
    if draw(st.integers(0, 9)):
        words += ["-a", draw(unit)]
    if draw(st.integers(0, 9)):
        words += ["-t", draw(unit)]
    pairs = {
        "--distance": INT_WORD,
        "--height": INT_WORD,
        "--move": INT_WORD,
        "--move-to": st.one_of(st.builds(lambda x, y: f"{x},{y}", INT_WORD, INT_WORD), st.text(max_size=8)),
        "--using": st.one_of(st.sampled_from(["primary", "secondary", ""]), st.text(max_size=8)),
        "--attacker-stat": st.builds(
            lambda k, v: f"{k}={v}", st.one_of(st.sampled_from(vocab["stats"]), st.text(max_size=5)), VALUE_WORD
        ),
        "--target-stat": st.builds(
            lambda k, v: f"{k}={v}", st.one_of(st.sampled_from(vocab["stats"]), st.text(max_size=5)), VALUE_WORD
        ),
        "--set": st.builds(
            lambda k, v: f"{k}={v}", st.one_of(st.sampled_from(vocab["fields"]), st.text(max_size=5)), VALUE_WORD
        ),
        "--option": st.one_of(st.sampled_from(vocab["options"]), st.builds(lambda v: f"{v}=1", st.text(max_size=8))),
        "--dice": st.one_of(
            st.lists(st.integers(-2, 30), max_size=8).map(lambda v: ",".join(map(str, v))), st.text(max_size=10)
        ),
        "--seed": INT_WORD,
        "--format": st.sampled_from(["json", "jsonl", "text", "rich", "xml", ""]),
    }
    flags = ["--sight", "--no-sight", "--prompt", "--bogus", "-x", "--", "-"]
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 5))
        if kind == 0:
            words.append(draw(st.sampled_from(flags)))
        elif kind == 1:
            words.append(draw(VALUE_WORD))
        else:
            option = draw(st.sampled_from(sorted(pairs)))
            words += [option, draw(pairs[option])]
    if not {"--seed", "--dice", "--prompt"} & set(words):
        words += ["--seed", "5"]
    return words


@fuzz(300)
@given(words=attack_words())
def test_attack_random_command_line_words(cli, words: list[str]) -> None:
    result = invoke(cli, *words)
    assert_clean(words, result)


def test_games_are_found() -> None:
    assert "tabmaster" in GAMES and len(GAMES) >= 4, GAMES
