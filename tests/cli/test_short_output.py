"""Short and shareable output (issue 17): ``--brief`` (one line per action), ``--format markdown``, and ``roll``
with advantage, disadvantage and a bonus typed apart."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECTILE = str(ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml")


def test_brief_gives_one_line_per_action_with_the_numbers(cli) -> None:
    result = cli("run", PROJECTILE, "--brief")
    assert result.code == 0, result.err
    assert result.out.splitlines() == [
        "# Example 5 — Projectile: Arqueiro shoots a Lanceiro from a rise",
        "1. Arqueiro → Lanceiro: hit (attack 9 ≥ distance 8), 7 damage (7 > DEF 6), Lanceiro defeated",
    ]
    assert cli("run", PROJECTILE, "--format", "brief").out == result.out


def test_brief_names_each_pair_when_the_action_has_several(cli) -> None:
    """A Gathering of Heroes attack with its counterattack: the second pair is named, its damage is its own."""
    result = cli("run", str(ROOT / "scenarios/mtg_heroes/02-direct-combat.yaml"), "--brief")
    first = result.out.splitlines()[1]
    assert first == (
        "1. Grizzly Bear → Kaya: hit (attack 11 > defence 4), 7 damage (Life 1 left), "
        "Kaya → Grizzly Bear hit (counterattack 4 > defence 3), 1 damage (Life 3 left)"
    )


def test_brief_of_a_no_file_attack_and_a_refusal(cli) -> None:
    hit = cli("attack", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "1", "--dice", "6", "--brief")
    assert hit.code == 0, hit.err
    assert "1. Lanceiro → Alquimista: 6 damage (6 > DEF 3), Alquimista defeated" in hit.out.splitlines()
    refused = cli("attack", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "9", "--brief")
    assert refused.code == 1
    assert (
        "1. Lanceiro attacks Alquimista: refused: Alquimista is 9 squares away; the attack reaches 2 (ATK 2)"
        in refused.out.splitlines()
    )


def test_brief_and_another_format_is_an_error(cli) -> None:
    result = cli("run", PROJECTILE, "--brief", "--format", "json")
    assert result.code == 2 and "--brief and --format json" in result.err


def test_markdown_log_escapes_markup_and_keeps_the_state(cli, tmp_path: Path) -> None:
    text = Path(PROJECTILE).read_text(encoding="utf-8").replace("Lanceiro", "Lance_iro*")
    text = text.replace("target: Lance_iro*", "target: 'Lance_iro*'")
    text = text.replace("  Lance_iro*: {side: blue,", "  'Lance_iro*': {unit: Lanceiro, side: blue,")
    path = tmp_path / "md.yaml"
    path.write_text(text, encoding="utf-8")
    result = cli("run", str(path), "--format", "markdown")
    assert result.code == 0, result.err
    out = result.out
    assert out.startswith("### Example 5 — Projectile: Arqueiro shoots a Lance\\_iro\\* from a rise\n")
    assert "**1. Arqueiro attacks Lance\\_iro\\***" in out
    assert "- **damage** 7 damage to Lance\\_iro\\*: 7 \\> DEF 6" in out
    assert "```text\nfinal state:\n" in out and out.rstrip().endswith("```")


def test_odds_in_markdown_is_the_text_report_in_a_code_block(cli) -> None:
    text = cli("odds", PROJECTILE, "--format", "text").out
    markdown = cli("odds", PROJECTILE, "--format", "markdown")
    assert markdown.code == 0
    assert markdown.out == f"```text\n{text}```\n"
    assert cli("odds", PROJECTILE, "--format", "brief").code == 2  # a report has no actions to put on one line


@pytest.mark.parametrize(
    ("words", "dice", "shown"),
    [
        (["1d20", "adv", "+5"], "3,17", "roll: 2d20kh1+5 → [~3, 17]+5 = 22"),
        (["d20", "dis"], "3,17", "roll: 2d20kl1 → [3, ~17] = 3"),
        (["1d20+5", "ADV"], "17,3", "roll: 2d20kh1+5 → [17, ~3]+5 = 22"),
        (["2d6", "+3"], "2,5", "roll: 2d6+3 → [2, 5]+3 = 10"),
    ],
)
def test_roll_with_advantage_and_bonus_words(cli, words: list[str], dice: str, shown: str) -> None:
    result = cli("roll", *words, "--dice", dice, "--format", "text")
    assert result.code == 0, result.err
    assert result.out.splitlines()[0] == shown


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["1d20", "adv", "dis"], "give advantage or disadvantage once"),
        (["2d6", "adv"], "advantage and disadvantage apply to one die"),
        (["adv"], "no dice expression given"),
    ],
)
def test_roll_words_that_cannot_work(cli, words: list[str], message: str) -> None:
    result = cli("roll", *words)
    assert result.code == 2 and message in result.err and "Traceback" not in result.err
