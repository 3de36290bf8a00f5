"""The rule table of rulesets/botse/README.md ("Every rule of the source, and where it lives") names code, options,
tests and bundled examples that exist: a renamed test or function breaks this test, not the table's reader."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tabroll.rulesets.botse.model import BotseOptions

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "rulesets" / "botse" / "README.md"
TESTS = Path(__file__).resolve().parent


def rows() -> list[list[str]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Every rule of the source, and where it lives", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| rule")]
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines]


def names_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}


def test_the_table_has_a_row_for_each_engage_step_and_step_six() -> None:
    table = rows()
    assert len(table) >= 20 and all(len(row) == 3 for row in table), table
    rules = " ".join(row[0] for row in table)
    for step in ("Step 2", "Step 3", "Step 4", "Step 5a", "Step 5b", "Step 6"):
        assert step in rules


def test_every_function_and_option_the_table_names_exists() -> None:
    code = set().union(*(names_in(p) for p in (ROOT / "rulesets" / "botse").glob("*.py")))
    options = set(BotseOptions.model_fields)
    for _, where, _ in rows():
        for token in re.findall(r"`([^`]+)`", where):
            if re.fullmatch(r"[A-Za-z_]\w*", token):
                assert token in code or token in options, f"{token}: no such function, class or option"


def test_every_test_and_example_the_table_names_exists() -> None:
    examples = {p.name[:2] for p in (ROOT / "scenarios" / "botse").glob("*.yaml")}
    for _, _, tests in rows():
        current: set[str] = set()
        for token in re.findall(r"`([^`]+)`", tests):
            named = re.fullmatch(r"(test_\w+\.py)(?:::(\w+))?", token)
            if named:
                current = names_in(TESTS / named[1])
                if named[2]:
                    assert named[2] in current, token
                continue
            fragment = token.strip("…")
            assert token.startswith("…") and any(fragment in name for name in current), token
        for numbers in re.findall(r"examples? ((?:\d\d(?:, )?)+)", tests):
            for number in numbers.split(", "):
                assert number in examples, f"example {number}"
