"""Hostile inputs, with exact expectations: each is refused within the stated limits, with a clear message.

How fast each is refused is measured by ``benchmarks/hostile.py``, never here: these machines are shared and noisy.

The limits (docs/scripting.md, "Scenario files", and docs/designer/dice.md): 2 MiB per file, 64 levels of
nesting, 200,000 values after alias expansion, 1,000 aliases, 30 digits in a whole number; dice expressions of at
most 1,000 characters, 50 levels of nesting, 1,000 dice per roll and 1,000,000 sides. The known bugs found while
writing this suite are at the end, marked ``xfail(strict=True)`` with the exact input: they must start passing once
fixed.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.hostile import HEAD, billion_laughs
from tests.hardening.test_fuzz_cli import GAMES, ROOT, SCENARIOS, assert_clean, invoke

EXAMPLE = SCENARIOS / "tabmaster" / "01-common-lanceiro.yaml"

# name -> (file content, the exact text the error must contain)
HOSTILE_FILES: dict[str, tuple[str | bytes, str]] = {
    "alias-bomb": (billion_laughs(), "the file expands to at least 234,576 values; tabroll reads at most 200,000"),
    "alias-count": (
        HEAD + "a: &a x\nb: [" + ", ".join(["*a"] * 1001) + "]\n",
        "b[1000]: the file uses at least 1,001 aliases (*name); tabroll reads at most 1,000",
    ),
    "self-alias": (HEAD + "a: &a [1, *a]\n", "the alias '*a' is used inside its own anchor '&a'"),
    "deep-flow-list-10k": (
        HEAD + "x: " + "[" * 10_000 + "]" * 10_000 + "\n",
        "the file nests 65 levels deep; tabroll reads at most 64",
    ),
    "deep-flow-list-100k": (
        HEAD + "x: " + "[" * 100_000 + "]" * 100_000 + "\n",
        "the file nests 65 levels deep; tabroll reads at most 64",
    ),
    "deep-flow-map-10k": (
        HEAD + "x: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n",
        "the file nests 65 levels deep; tabroll reads at most 64",
    ),
    "deep-unclosed-10k": (HEAD + "x: " + "[" * 10_000 + "\n", "the file nests 65 levels deep"),
    "deep-indentation": (
        HEAD + "x:\n" + "".join(" " * i + "a:\n" for i in range(1, 200)),
        "the file nests 65 levels deep; tabroll reads at most 64",
    ),
    "deep-alias": (
        HEAD + "a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 30 + "*a" + "]" * 30 + "\n",
        "using the alias '*a' here nests the file",
    ),
    "3-mib-file": (HEAD + "# " + "x" * (3 * 1024 * 1024) + "\n", "tabroll reads at most 2,097,152 bytes"),
    "100k-digit-number": (HEAD + "seed: " + "9" * 100_000 + "\n", "this whole number has 100,000 digits"),
    "31-digit-number": (
        HEAD + "seed: " + "9" * 31 + "\n",
        "seed: this whole number has 31 digits; tabroll reads at most 30",
    ),
    "100k-digit-negative": (HEAD + "seed: -" + "9" * 100_000 + "\n", "this value is 100,001 characters long"),
    "huge-hex": (HEAD + "seed: 0x" + "f" * 1_000 + "\n", "digits; tabroll reads at most 30"),
    "huge-float": (HEAD + "seed: 1" + "0" * 400 + ".5\n", "seed: input should be a finite number"),
    "huge-dice-value": (
        HEAD + "board: {size: [3, 3]}\nunits:\n  A: {unit: Lanceiro, side: red, at: [0, 0]}\n"
        "  B: {unit: Lanceiro, side: blue, at: [1, 0]}\nactions:\n"
        "  - {do: attack, attacker: A, target: B, dice: [" + "9" * 5_000 + "]}\n",
        "this whole number has 5,000 digits; tabroll reads at most 30",
    ),
    "absurd-dice-in-a-stat": (
        HEAD + "board: {size: [3, 3]}\nunits:\n"
        "  A: {unit: Lanceiro, side: red, at: [0, 0], DAN: 1000000000d1000000000}\n",
        "1,000,000,000 dice in one roll; the limit is 1,000",
    ),
    "heights-over-the-limit": (  # areas are kept whole: 2,000 full-board areas are refused at the eleventh
        HEAD
        + "board:\n  size: [1000, 1000]\n  heights:\n"
        + "    - {area: [[0, 0], [999, 999]], height: 1}\n" * 2_000
        + "units:\n  A: {unit: Lanceiro, side: red, at: [0, 0]}\n",
        ":15:7: board.heights[10]: the heights cover 11,000,000 squares in all up to this entry, more than the limit "
        "of 10,000,000",
    ),
    "long-text": (
        HEAD + "title: " + "x" * 200_000 + "\n",
        "title: this value is 200,000 characters long; tabroll reads at most 100,000",
    ),
    "non-utf8-bytes": (
        HEAD.encode() + b"title: \xff\xfe\xc3(\n",
        "the file is not UTF-8: byte 0xff at byte offset 26 (line 2, column 8)",
    ),
    "latin-1": ("ruleset: tabmaster\ntitle: Não\n".encode("latin-1"), "the file is not UTF-8: byte 0xe3"),
    "utf-16": ("ruleset: tabmaster\n".encode("utf-16"), "the file is saved as UTF-16, not UTF-8"),
    "nul-byte": (HEAD.encode() + b"title: a\x00b\n", "the file contains a control character (U+0000)"),
    "random-binary": (bytes(range(256)) * 64, "error:"),
    "python-tag": (HEAD + "x: !!python/object/apply:os.system ['true']\n", "tabroll never builds Python objects"),
    "second-document": (HEAD + "---\nruleset: tabmaster\n", "the file holds more than one YAML document"),
    "empty": ("", "the file is empty"),
    "only-comments": ("# nothing\n\n", "the file holds no YAML document"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
@pytest.mark.parametrize("command", ["run", "check"])
def test_hostile_file_is_refused_with_tabrolls_message(name: str, command: str, cli, tmp_path: Path) -> None:
    content, expected = HOSTILE_FILES[name]
    path = tmp_path / f"{name}.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    args = (command, str(path)) + (("--format", "json") if command == "run" else ())
    result = invoke(cli, *args)
    assert_clean(args, result, allowed=(2,))
    assert result.err.startswith("error:"), result.err
    assert expected in result.err, result.err
    assert len(result.err) < 3_000 and len(result.err.splitlines()) <= 25, result.err


# Dice: absurd expressions, refused at once.
HOSTILE_DICE = {
    "1000000000d1000000000": "at position 1: 1,000,000,000 dice in one roll; the limit is 1,000",
    "(" * 100_000: "the dice expression is 100,000 characters long; the limit is 1,000",
    "(" * 51 + "1" + ")" * 51: "the expression nests more than 50 levels deep",
    "-" * 60 + "1": "the expression nests more than 50 levels deep",
    "9" * 100_000: "the dice expression is 100,000 characters long; the limit is 1,000",
    "9" * 40: "is larger than 1,000,000,000",
    "1d1000001": "a d1,000,001 has too many sides; the limit is 1,000,000",
    "1001d6": "1,001 dice in one roll; the limit is 1,000",
    "+".join(["1000d6"] * 11): "more than 10,000 dice in one expression",
    "+".join(["1"] * 101): "more than 100 numbers and dice in one expression",
    "1000000000*1000000000": "this part could reach 1,000,000,000,000,000,000; the limit is ±1,000,000,000,000",
    "4d6kh5": "cannot keep 5 of 4 dice; keep 1 to 4",
    "1d6dl1": "a single die has none to drop",
    "1d0": "a die needs at least 1 side",
    "": "the expression is empty",
    "2d6+*3": "cannot read dice expression '2d6+*3' at position 5",
    "٣d6": "is not a digit tabroll reads",
}


@pytest.mark.parametrize("expression", sorted(HOSTILE_DICE), ids=lambda e: e[:30] or "empty")
def test_hostile_dice_are_refused_with_tabrolls_message(expression: str, cli) -> None:
    args = ("roll", "--seed", "1", "--", expression)
    result = invoke(cli, *args)
    assert_clean(args, result, allowed=(2,))
    assert result.err.startswith("error:") and HOSTILE_DICE[expression] in result.err, result.err
    assert len(result.err) < 3_000, result.err


def test_largest_allowed_roll_is_rolled(cli) -> None:
    args = ("roll", "--seed", "1", "--format", "json", "--", "+".join(["1000d1000000"] * 10))
    result = invoke(cli, *args)
    assert result.code == 0, result.err
    (roll,) = result.json()["events"]
    assert len(roll["values"]) == 10_000 and all(1 <= v <= 1_000_000 for v in roll["values"])
    assert roll["total"] == sum(roll["values"])


# Files that are not scenario files.


def test_missing_file(cli, tmp_path: Path) -> None:
    path = tmp_path / "nowhere.yaml"
    for args in (("run", str(path)), ("check", str(path)), ("attack", str(path), "-a", "A", "-t", "B")):
        result = invoke(cli, *args)
        assert_clean(args, result, allowed=(2,))
        assert result.err.startswith(f"error: {path}: the file does not exist"), result.err


def test_a_directory(cli, tmp_path: Path) -> None:
    commands = [("odds", str(tmp_path)), ("attack", str(tmp_path), "-a", "A", "-t", "B")]
    for args in commands:
        result = invoke(cli, *args)
        assert_clean(args, result, allowed=(2,))
        assert result.err.startswith(f"error: {tmp_path}: this is a folder, not a file\n"), result.err
    # `run` and `check` take folders (every file inside); an empty one is refused
    for command in ("run", "check"):
        result = invoke(cli, command, str(tmp_path))
        assert_clean((command, str(tmp_path)), result, allowed=(2,))
        assert result.err.startswith(f"error: {tmp_path}: the folder holds no scenario files (*.yaml, *.yml)")


def test_a_path_through_a_file(cli, tmp_path: Path) -> None:
    (tmp_path / "file.yaml").write_text(HEAD, encoding="utf-8")
    path = tmp_path / "file.yaml" / "inner.yaml"
    result = invoke(cli, "run", str(path))
    assert_clean(("run", str(path)), result, allowed=(2,))
    assert "the file could not be read: Not a directory" in result.err


def test_a_file_name_too_long(cli, tmp_path: Path) -> None:
    path = str(tmp_path / ("x" * 5_000))
    result = invoke(cli, "run", path)
    assert_clean(("run", "<5,000-character name>"), result, allowed=(2,))
    assert "the file could not be read: File name too long" in result.err


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 file anyway")
def test_an_unreadable_file(cli, tmp_path: Path) -> None:
    path = tmp_path / "locked.yaml"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    path.chmod(0)
    try:
        for args in (("run", str(path)), ("check", str(path))):
            result = invoke(cli, *args)
            assert_clean(args, result, allowed=(2,))
            assert result.err.startswith(f"error: {path}: tabroll may not read this file (permission denied)")
    finally:
        path.chmod(0o600)


def test_stdin_holding_a_valid_scenario_resolves_like_the_file(cli) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    from_stdin = invoke(cli, "run", "-", "--format", "json", stdin=text)
    from_file = invoke(cli, "run", str(EXAMPLE), "--format", "json")
    assert from_stdin.code == from_file.code == 0, from_stdin.err
    doc_stdin, doc_file = from_stdin.json()["files"][0], from_file.json()["files"][0]
    assert doc_stdin.pop("file") == "-" and doc_file.pop("file") == str(EXAMPLE)
    assert doc_stdin == doc_file
    checked = invoke(cli, "check", "-", stdin=text)
    assert checked.code == 0 and checked.out.startswith("-: ok (tabmaster, 1 action)"), checked


@pytest.mark.parametrize("stdin", ["", "\n", "# only a comment\n"])
def test_stdin_empty(cli, stdin: str) -> None:
    for args in (("run", "-"), ("check", "-")):
        result = invoke(cli, *args, stdin=stdin)
        assert_clean(args, result, allowed=(2,))
        assert result.err.startswith("error: <stdin>: the file "), result.err


def test_stdin_over_the_size_limit(cli) -> None:
    result = invoke(cli, "run", "-", stdin=HEAD + "# " + "x" * (3 * 1024 * 1024))
    assert_clean(("run", "-"), result, allowed=(2,))
    assert result.err.startswith("error: <stdin>: the file is 2,097,153 bytes or more; tabroll reads at most 2,097,152")


# In a separate process, with a memory cap: hostile bytes on the real standard input, and the worst files.


def _tabroll(*args: str, stdin: bytes = b"", memory: int = 1024 * 1024 * 1024) -> subprocess.CompletedProcess[bytes]:
    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run(
        [sys.executable, "-m", "tabroll", *args],
        input=stdin,
        capture_output=True,
        timeout=30,
        preexec_fn=cap,
        cwd=ROOT,
        env={**os.environ, "CI": "true", "NO_COLOR": "1"},
        check=False,
    )


@pytest.mark.slow  # a whole process
@pytest.mark.parametrize(
    ("stdin", "expected"),
    [
        (HEAD.encode() + b"title: \xff\n", "error: <stdin>:2:8: the file is not UTF-8: byte 0xff at byte offset 26"),
        (billion_laughs().encode(), "the file expands to at least 234,576 values"),
        ((HEAD + "x: " + "[" * 100_000).encode(), "the file nests 65 levels deep; tabroll reads at most 64"),
        (b"", "error: <stdin>: the file is empty"),
    ],
    ids=["non-utf8", "alias-bomb", "deep-100k", "empty"],
)
def test_hostile_stdin_in_a_process_with_1_gib(stdin: bytes, expected: str) -> None:
    done = _tabroll("run", "-", stdin=stdin)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, err
    assert "Traceback" not in err and expected in err, err


@pytest.mark.slow  # a whole process
def test_valid_stdin_in_a_process() -> None:
    done = _tabroll("run", "-", "--format", "text", stdin=EXAMPLE.read_bytes())
    assert done.returncode == 0, done.stderr
    assert b"Alquimista is defeated" in done.stdout


# --- bugs found by this suite ------------------------------------------------------------------------------
# All fixed (command-line values, NUL in a path, output of odd file names, the per-file seed of a name that is
# not UTF-8): kept as regression tests.


@pytest.mark.slow  # a whole process
def test_bug_file_name_not_utf8(tmp_path: Path) -> None:
    name = os.fsencode(tmp_path) + b"/\xff.yaml"
    with open(name, "wb") as handle:
        handle.write(EXAMPLE.read_bytes())
    for fmt in ("text", "json"):
        done = subprocess.run(
            [os.fsencode(sys.executable), b"-m", b"tabroll", b"run", name, b"--format", fmt.encode()],
            capture_output=True,
            timeout=30,
            cwd=ROOT,
            check=False,
        )
        # today: exit 70, "internal error: UnicodeEncodeError: 'utf-8' codec can't encode character '\udcff' ..."
        assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
        assert b"Alquimista is defeated" in done.stdout or b'"defeated": true' in done.stdout


# Values of `tabroll attack` KEY=VALUE words are read as YAML: what YAML cannot read is a located input error.
BAD_VALUES = {
    "control-char": ("\x1b", "the file contains a control character (U+001B)"),  # was ReaderError, exit 70
    "unclosed-list": ("[a", "YAML syntax error"),  # was ParserError, exit 70
    "colon": (": :", "YAML syntax error"),  # was ParserError, exit 70
    "deep-20k": ("[" * 20_000 + "]" * 20_000, "nests 65 levels deep; tabroll reads at most 64"),  # was RecursionError
}


def attack_words(game: str) -> list[str]:
    """``tabroll attack`` words naming two units that exist, for ``game``."""
    if game == "tabmaster":
        return ["-r", game, "-a", "Lanceiro", "-t", "Alquimista"]
    if game == "ahotnik":  # no command-line form: take the units from a scenario
        return [str(SCENARIOS / game / "01-eagle-demon-priority.yaml"), "-a", "Eagle", "-t", "Wolf"]
    if game == "mtg_heroes":
        stats = [f"--{who}-stat={stat}=1" for who in ("attacker", "target") for stat in ("Power", "Toughness", "Life")]
        return ["-r", game, "-a", "A", "-t", "B", *stats]
    if game == "forgod":  # the target's PV is needed
        return ["-r", game, "-a", "A", "-t", "B PV=3"]
    return ["-r", game, "-a", "A", "-t", "B"]


# game -> the KEY=VALUE options whose value is read as YAML (``--move-to X,Y`` is read as ``[X,Y]``)
YAML_OPTIONS = {
    "tabmaster": ["--set=x=", "--target-stat=ATK=", "--move-to=1,"],
    "forgod": ["--set=x=", "--target-stat=BA="],
    "botse": ["--set=x=", "--attacker-stat=health="],
    "ahotnik": ["--set=pilots="],
    "mtg_heroes": ["--set=x=", "--target-stat=Power="],
}


def _value_cases() -> list[object]:
    cases = []
    for game in [g for g in GAMES if g in YAML_OPTIONS]:
        for label in BAD_VALUES:
            for n, option in enumerate(YAML_OPTIONS[game]):
                # a deeply nested value takes a third of a second: every day through one option of each game
                marks = [pytest.mark.slow] if n and label.startswith("deep") else []
                name = f"{game}-{option.split('=')[0][2:]}-{label}"
                cases.append(pytest.param(game, option, label, id=name, marks=marks))
    return cases


@pytest.mark.parametrize(("game", "option", "label"), _value_cases())
def test_attack_values_that_are_not_yaml(game: str, option: str, label: str, cli) -> None:
    value, expected = BAD_VALUES[label]
    args = ["attack", *attack_words(game), option + value, "--seed", "1", "--format", "json"]
    result = invoke(cli, *args)
    shown = [*args[:-5], option + value[:20] + "..."] if len(value) > 40 else args
    assert_clean(shown, result, allowed=(2,))
    assert result.err.startswith(("error: command line", "error: <command line>")), result.err
    # read as YAML: the YAML reader's own message; read as text (mtg_heroes does so when YAML cannot read it):
    # the field's own message
    fallbacks = ("unknown field 'x'", "expected a whole number, got")
    assert expected in result.err or any(text in result.err for text in fallbacks), result.err


def test_path_with_a_nul_byte(cli) -> None:
    """Only reachable through ``main(argv)`` (a shell cannot pass NUL); was ValueError, exit 70."""
    result = invoke(cli, "run", "a\x00b.yaml")
    assert_clean(("run", "a\\x00b.yaml"), result, allowed=(2,))
    assert "it contains a NUL byte" in result.err, result.err


def test_a_fifo_is_refused_not_waited_on(cli, tmp_path: Path) -> None:
    """Nothing writes into the pipe: reading it would block forever. '-' is the way to pipe a scenario in."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    scenario_commands = [("run", str(fifo)), ("check", str(fifo)), ("odds", str(fifo)), ("matrix", str(fifo))]
    scenario_commands.append(("attack", str(fifo), "-a", "A", "-t", "B"))
    for args in scenario_commands:
        result = invoke(cli, *args)
        assert_clean(args, result, allowed=(2,))
        assert result.err.startswith(f"error: {fifo}: this is not a regular file (a pipe, a device or a socket)")
    journal_commands = [("journal", verb, str(fifo)) for verb in ("show", "undo", "replay")]
    journal_commands.append(("run", str(EXAMPLE), "--journal", str(fifo)))
    for args in journal_commands:
        result = invoke(cli, *args)
        assert_clean(args, result, allowed=(2,))
        assert result.err.startswith(f"error: {fifo} is not a regular file"), (args, result.err)


@pytest.mark.parametrize("seed", ["-1", str(2**63), "-9223372036854775808"])
def test_every_command_takes_the_same_seeds(cli, seed: str) -> None:
    """Python's generator reads -1 as 1; tabroll refuses it, with the same range, in every command."""
    commands = [
        ("roll", "1d6"),
        ("run", str(EXAMPLE)),
        ("attack", "-r", "tabmaster", "-a", "Lanceiro", "-t", "Alquimista"),
        ("odds", str(EXAMPLE)),
        ("matrix", str(EXAMPLE)),
        ("check-skill", "WUBB", "Subtlety", "-d", "medium"),
    ]
    for command in commands:
        args = (*command, "--seed", seed)
        result = invoke(cli, *args)
        assert_clean(args, result, allowed=(2,))
        assert f"--seed {seed} is out of range" in result.err, (args, result.err)


@pytest.mark.slow  # a whole process
@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (b"7" * 3_000_000, "error: the answer is longer than 1,000 characters"),  # no end of line at all
        (b"\xff\xfe\n", "error: no answer for 1d6"),  # not UTF-8: asked again, then the input ends
        (b"\xed\xb3\xbf\n4\n", "roll: 1d6 → 4"),  # an encoded lone surrogate, then a good answer
    ],
    ids=["3-mb-line", "not-utf8", "surrogate-then-4"],
)
def test_hostile_answers_at_the_prompt(answer: bytes, expected: str) -> None:
    done = _tabroll("roll", "1d6", "--prompt", stdin=answer)
    out, err = done.stdout.decode(), done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and "internal error" not in err, err
    assert expected in out + err, (out, err)
    assert done.returncode == (0 if expected.startswith("roll") else 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("odds", str(EXAMPLE), "--action", "0"), "has 1 action; there is no action 0"),
        (("matrix", "--attackers", "Lanceiro", "--targets", "Soldado", "--trials", "0"), "--trials 0 is out of range"),
        (("matrix", "--attackers", ",", "--targets", "Soldado"), "--attackers names no unit"),
        (("matrix", "--attackers", "Lanceiro", "--targets", " , "), "--targets names no unit"),
        (("odds", str(EXAMPLE), "--timeout", "-1"), "--timeout -1 is out of range"),
    ],
)
def test_odds_and_matrix_refuse_values_they_used_to_read_as_something_else(cli, args: tuple, message: str) -> None:
    """--action 0 was action 1, an empty --attackers the whole catalogue, --trials 0 waited for a simulated pair."""
    result = invoke(cli, *args)
    assert_clean(args, result, allowed=(2,))
    assert message in result.err and "None" not in result.err, result.err
