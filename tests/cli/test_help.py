"""Help that a player can read: ``-h`` as well as ``--help`` on every command, and no Python types in it."""

from __future__ import annotations

import re

import pytest

COMMANDS = ["run", "attack", "odds", "matrix", "roll", "check", "check-skill", "schema", "rulesets", "rules"]


@pytest.mark.parametrize("command", COMMANDS)
def test_dash_h_is_help_and_names_no_python_type(command: str, cli) -> None:
    short, long = cli(command, "-h"), cli(command, "--help")
    assert short.code == long.code == 0
    assert short.out == long.out and "Usage: tabroll" in short.out
    assert not re.search(r"<(int|str|list\[|bool|float)", short.out), short.out


def test_the_games_attack_fields_are_listed_by_rules(cli) -> None:
    out = cli("rules", "tabmaster").out
    assert "--distance INT [default: 1] (no scenario file)" in out
    assert "--sight/--no-sight" in out
