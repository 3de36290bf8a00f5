"""Bad scenario files through the real CLI: a located, one-screen message, exit 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

UNITS = "units:\n  A: {unit: Lanceiro, side: red, at: [0, 0]}\n  B: {unit: Lanceiro, side: blue, at: [1, 0]}\n"
HEAD = "ruleset: tabmaster\nboard: {size: [3, 3]}\n"

CASES = {
    "huge-board": (
        "ruleset: tabmaster\nboard: {size: [100000, 3]}\nunits: {}\n",
        "bad.yaml:2:16: board.size[0]: expected a number at most 1000, got 100000",
    ),
    "ruleset-typo": (
        "ruleset: tabmastr\n",
        "bad.yaml:1:1: ruleset: unknown ruleset 'tabmastr'\nTip: did you mean 'tabmaster'?",
    ),
    "no-ruleset": ("board: {size: [3, 3]}\n", "the scenario does not say which game it is"),
    "off-board": (
        HEAD + "units:\n  A: {unit: Lanceiro, side: red, at: [5, 0]}\n",
        "bad.yaml:4:3: units.A: unit 'A' stands at [5, 0], off the 3x3 board",
    ),
    "same-square": (
        HEAD + "units:\n  A: {unit: Lanceiro, side: red, at: [0, 0]}\n  B: {unit: Lanceiro, side: blue, at: [0, 0]}\n",
        "units 'A' and 'B' both stand at [0, 0]",
    ),
    "bad-tag": (
        HEAD + "units:\n  A: {unit: Lanceiro, side: red, at: [0, 0], ATK: '2 (Bogus)'}\n",
        "unknown attack tag '(Bogus)'",
    ),
    "bad-dice": (
        HEAD + "units:\n  A: {unit: Lanceiro, side: red, at: [0, 0], DAN: 2d}\n",
        "cannot read dice expression '2d'",
    ),
    "action-typo": (HEAD + UNITS + "actions:\n  - do: atack\n    attacker: A\n", "did you mean 'attack'?"),
    "unknown-target": (
        HEAD + UNITS + "actions:\n  - do: attack\n    attacker: A\n    target: C\n",
        "bad.yaml:9:5: actions[1].target: there is no unit called 'C'",
    ),
    "impossible-dice": (
        HEAD + UNITS + "actions:\n  - {do: attack, attacker: A, target: B, dice: [25]}\n",
        "bad.yaml:7:5: actions[1].dice: value 25 cannot be the roll of a d20 (1d20 for damage vs B)",
    ),
    "too-few-dice": (
        HEAD + UNITS + "actions:\n  - {do: attack, attacker: A, target: B, dice: []}\n",
        "actions[1].dice: ran out: 1d20 for damage vs B needs 1 value, but",
    ),
    "unquoted-colon": (
        "ruleset: tabmaster\nunits:\n  A:\n    ATK: 1d10 (Projétil: Flecha)\n",
        "bad.yaml:4:24: YAML syntax error",
    ),
    "utf16": (b"\xff\xfe", "not UTF-8"),
    "list-document": ("- 1\n- 2\n", "a scenario is a mapping of fields"),
    "unknown-catalogue-unit": (
        HEAD + "units:\n  A: {unit: Dragao, side: red, at: [0, 0]}\n",
        "'Dragao' is not in the TAB MASTER catalogue",
    ),
    "negative-def": (HEAD + "units:\n  A: {unit: Lanceiro, side: red, at: [0, 0], DEF: -1}\n", "units.A.DEF"),
    "unknown-option": (
        "ruleset: tabmaster\noptions: {defeat_treshold: at_least}\nboard: {size: [3, 3]}\nunits: {}\n",
        "unknown option 'defeat_treshold'",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_scenario(name: str, cli, tmp_path: Path) -> None:
    content, expected = CASES[name]
    path = tmp_path / "bad.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    commands = [("run", str(path), "--format", "text")]
    if "dice" not in name:  # given dice are only checked while resolving; 'check' does not resolve
        commands.append(("check", str(path)))
    for command in commands:
        result = cli(*command)
        assert result.code == 2, (command, result.out, result.err)
        assert "Traceback" not in result.err
        assert expected.replace("bad.yaml", str(path)) in result.err, result.err
        assert len(result.err.splitlines()) <= 25
