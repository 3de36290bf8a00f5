"""``tabroll roll`` with several expressions and ``roll`` at the ``play`` prompt (one code path), and
``tabroll odds EXPR`` / ``EXPR >= N`` / ``EXPR vs EXPR``: figures, formats, picture, limits and mistakes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import examples

ROOT = Path(__file__).resolve().parents[2]


# --- tabroll roll: the words -------------------------------------------------------------------------------------


def test_several_expressions_are_rolled_one_after_the_other(cli) -> None:
    result = cli("roll", "4d6kh3", "4d6kh3", "--dice", "3,1,4,6,2,2,5,5", "--format", "text")
    assert result.out.splitlines() == ["roll: 4d6kh3 → [3, ~1, 4, 6] = 13", "roll: 4d6kh3 → [2, ~2, 5, 5] = 12"]
    events = cli("roll", "1d20+5", "2d6+3", "--dice", "14,2,6", "--format", "json").json()["events"]
    assert [(e["dice"], e["total"]) for e in events] == [("1d20+5", 19), ("2d6+3", 11)]


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (("2d6", "3"), "error: '3' after 2d6 is a number on its own"),
        (("1d20", "adv", "5"), "error: '5' after 1d20 is a number on its own"),
        (("1d20+5", "to", "hit"), "error: 'to' is not part of a dice expression"),
    ],
)
def test_words_are_never_glued_into_another_number(cli, words: tuple[str, ...], message: str) -> None:
    result = cli("roll", *words, "--seed", "1")
    assert (result.code, result.out) == (2, "")
    assert result.err.splitlines()[0] == message


def test_a_comment_after_a_roll_names_it_unless_label_does(cli, tmp_path: Path) -> None:
    """Avrae's "1d20+5 to hit" and Foundry's "2d6 # fire", typed as one word: the comment is the roll's label."""
    assert cli("roll", "1d20+5 to hit", "--dice", "7", "--format", "text").out == "to hit: 1d20+5 → [7]+5 = 12\n"
    events = cli("roll", "2d6 # fire", "--dice", "3,4", "--format", "json").json()["events"]
    assert [(e["label"], e["dice"], e["total"]) for e in events] == [("fire", "2d6", 7)]
    assert cli("roll", "2d6 # fire", "--dice", "3,4", "--label", "x", "--format", "text").out.startswith("x: 2d6")
    path = tmp_path / "g.yaml"
    shutil.copy(ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml", path)
    out = cli("play", str(path), "--format", "text", "--seed", "5", stdin="roll 1d20+5 # to hit\n").out
    assert any("to hit: 1d20+5 → [" in line for line in out.splitlines()), out
    apart = cli("roll", "1d20+5", "2d6", "#", "fire", "--dice", "7,3,4", "--format", "text").out.splitlines()
    assert apart == ["roll: 1d20+5 → [7]+5 = 12", "fire: 2d6 → [3, 4] = 7"]
    assert cli("roll", "#", "fire").code == 2


def test_adv_and_a_bonus_apart_still_work(cli) -> None:
    assert cli("roll", "1d20", "adv", "+5", "--dice", "3,17", "--format", "text").out == (
        "roll: 2d20kh1+5 → [~3, 17]+5 = 22\n"
    )


def test_the_play_prompt_reads_roll_as_tabroll_roll_does(cli, tmp_path: Path) -> None:
    """Issue 25: ``roll 1d20 adv +5`` at the prompt is the same roll as ``tabroll roll 1d20 adv +5``."""
    path = tmp_path / "g.yaml"
    shutil.copy(ROOT / "scenarios" / "tabmaster" / "05-projectile-arqueiro.yaml", path)
    script = "roll 1d20 adv +5\nroll 4d6kh3 4d6kh3\nroll 2d6 3\nroll 8d10>=7\n"
    out = cli("play", str(path), "--format", "text", "--seed", "5", stdin=script).out
    expected = cli("roll", "1d20", "adv", "+5", "4d6kh3", "4d6kh3", "8d10>=7", "--seed", "5", "--format", "text")
    lines = out.splitlines()
    for line in expected.out.splitlines():
        assert line in lines
    assert "error: '3' after 2d6 is a number on its own" in lines


def test_fudge_dice_take_their_faces_from_dice_and_replay(cli) -> None:
    result = cli("roll", "4dF+1", "--dice", "-,+,0,+1", "--format", "json")
    doc = result.json()
    assert (doc["events"][0]["total"], doc["dice_drawn"]) == (2, [-1, 1, 0, 1])
    bad = cli("roll", "1d6", "--dice", "-1")
    assert bad.code == 2 and "'-1' at position 1 is not a die value" in bad.err


def test_a_roll_json_is_version_2_and_a_plain_roll_is_unchanged(cli) -> None:
    (event,) = cli("roll", "4d6kh3", "--seed", "7", "--format", "json").json()["events"]
    assert event == {
        "kind": "roll",
        "label": "roll",
        "dice": "4d6kh3",
        "values": [3, 2, 4, 6],
        "kept": [3, 4, 6],
        "total": 13,
        "unit": None,
        "terms": [{"dice": "4d6kh3", "values": [3, 2, 4, 6], "kept": [True, False, True, True]}],
        "shown": "[3, ~2, 4, 6]",
    }


def test_a_roll_event_with_a_tree_matches_the_events_schema(cli) -> None:
    import jsonschema

    schema = cli("schema", "events").json()
    for text in ("8d6r1!mi2kh3", "1d20+7>=15", "(1d4+1,3,2d6kl1)kh1", "1d8+3[slashing]+2d6[fire]", "4dF"):
        (event,) = cli("roll", text, "--seed", "3", "--format", "json").json()["events"]
        jsonschema.validate(event, schema)
        assert event["tree"]


# --- tabroll odds EXPR -------------------------------------------------------------------------------------------


def _odds(cli, *args: str) -> dict:
    result = cli("odds", *args, "--format", "json")
    assert result.code == 0, result.err
    return result.json()


def test_the_issues_figures(cli) -> None:
    assert _odds(cli, "4d6kh3")["mean"]["exact"] == "15869/1296"
    assert _odds(cli, "1d20+7>=15")["comparison"]["success"]["exact"] == "13/20"
    three = {v["outcome"]: v for v in _odds(cli, "3d6")["values"]}
    assert three[10]["exact"] == "1/8"
    assert (three[10]["at_least"]["exact"], three[10]["at_most"]["exact"], three[10]["one_in"]) == ("5/8", "1/2", 8.0)
    versus = _odds(cli, "2d6 vs 2d6")["versus"]
    assert versus["first_higher"]["exact"] == "575/1296" and versus["second_higher"]["exact"] == "575/1296"
    assert versus["tie"]["exact"] == "73/648"
    assert _odds(cli, "2d6", "vs", "2d6")["versus"] == versus


def test_the_odds_document(cli) -> None:
    doc = _odds(cli, "2d6")
    assert (doc["format"], doc["version"], doc["kind"], doc["method"], doc["question"]) == (
        "tabroll.dice_odds", 1, "distribution", "exact", "2d6",
    )  # fmt: skip
    assert doc["percentiles"] == {"5": 3, "10": 4, "25": 5, "50": 7, "75": 9, "90": 10, "95": 11}
    assert (doc["mean"]["exact"], doc["variance"]["exact"]) == ("7", "35/6")
    assert [v["outcome"] for v in doc["values"]] == list(range(2, 13))
    assert doc["values"][0] == {
        "outcome": 2,
        "value": 1 / 36,
        "exact": "1/36",
        "at_least": {"value": 1.0, "exact": "1"},
        "at_most": {"value": 1 / 36, "exact": "1/36"},
        "one_in": 36.0,
    }


def test_the_text_table(cli) -> None:
    out = cli("odds", "1d20+7>=15", "--format", "text").out.splitlines()
    assert out[:4] == [
        "1d20+7>=15",
        "odds (exact)",
        "  P(1d20+7 ≥ 15) = 65.00%  = 13/20",
        "  1d20+7: mean 17.500 = 35/2, sd 5.766",
    ]
    assert out[5].split() == ["exactly", "at", "least", "at", "most", "1", "in", "0%", "100%"]
    assert out[6] == "     8    5.00%   100.00%     5.00%    20.0  ##"
    assert len(out) == 6 + 20


def test_exploding_odds_say_where_the_explosions_stop(cli) -> None:
    out = cli("odds", "1d4!", "--format", "text").out
    assert "As when rolled, a chain of explosions adds at most 9 dice." in out
    assert "mean 3.333 = 1747625/524288" in out


def test_a_long_table_leaves_out_the_rarest_values_and_says_so(cli) -> None:
    out = cli("odds", "100d20", "--format", "text").out.splitlines()
    assert out[-1].startswith("    (") and "rarer values, each under 0.005%" in out[-1]
    assert out[-2] == "    (values grouped 8 to a row; --format json lists every value)"
    assert len(out) < 70
    doc = _odds(cli, "100d20")
    assert len(doc["values"]) == 1901 and doc["values"][0]["exact"] == "1/" + str(20**100)


@pytest.mark.parametrize("fmt", ["rich", "markdown", "jsonl"])
def test_the_other_formats(cli, fmt: str) -> None:
    result = cli("odds", "2d6", "--format", fmt)
    assert result.code == 0 and "7" in result.out
    if fmt == "markdown":
        assert result.out.startswith("```text\n2d6\n") and result.out.endswith("```\n")
    if fmt == "jsonl":
        assert json.loads(result.out)["mean"]["exact"] == "7"


def test_the_svg_picture(cli, tmp_path: Path) -> None:
    picture = tmp_path / "odds.svg"
    assert cli("odds", "2d6 vs 1d12", "--svg", str(picture), "--format", "text").code == 0
    svg = picture.read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and svg.count('class="bar"') == 22 and 'class="at-least"' in svg
    assert "P(first higher)" in svg


def test_too_much_work_is_simulated_and_the_note_says_so(cli) -> None:
    doc = _odds(cli, "100d100kh50", "--seed", "3")
    assert doc["method"] == "monte_carlo" and doc["samples"] == 4_000 and doc["seed"] == 3  # 400,000 dice at most
    assert doc["note"].startswith("Simulated, not exact: working out the exact odds of 100d100kh50 would take")
    assert "ci95" in doc["mean"] and "exact" not in doc["mean"]
    text = cli("odds", "100d100kh50", "--seed", "3", "--format", "text").out
    assert "odds (simulated)" in text and "4,000 simulated rolls, seed 3" in text
    assert _odds(cli, "20d6", "--trials", "100")["samples"] == 100
    refused = cli("odds", "1000d20mi2")
    assert refused.code == 2 and refused.err.startswith(
        "error: working out the exact odds of 1000d20mi2 would take about 23,856,040 steps, more than the limit of "
        "5,000,000; and 1,000 simulated rolls could draw 1,000,000 dice, more than the limit of 400,000"
    )
    assert _odds(cli, "3d6", "--trials", "500", "--seed", "1")["samples"] == 500


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("4d6k",), "cannot read dice expression '4d6k' at position 5"),
        (("2d6 vs",), "'vs' needs an expression on each side"),
        (("1d6 vs 1d6 vs 1d6",), "'vs' compares two expressions, not more"),
        (("2d6", "1d6"), "odds take one expression, or two around vs; these words give 2: 2d6, 1d6"),
        (("1001d6",), "1,001 dice in one roll; the limit is 1,000"),
        (("3d6", "--trials", "1000000000"), "simulating 1,000,000,000 rolls of 3d6 could draw 3,000,000,000 dice"),
        (("3d6", "--timeout", "-1"), "--timeout -1 is out of range"),
    ],
)
def test_mistakes_exit_2_with_a_clear_message(cli, args: tuple[str, ...], message: str) -> None:
    result = cli("odds", *args)
    assert result.code == 2 and result.out == "", result.out
    assert result.err.startswith("error: ") and message in result.err and "Traceback" not in result.err


def test_a_file_is_still_a_file(cli, tmp_path: Path) -> None:
    result = cli("odds", str(tmp_path / "nowhere.yaml"))
    assert result.code == 2 and "the file does not exist" in result.err


# --- anything a user may type ----------------------------------------------------------------------------------

_FACE = st.sampled_from(["", "1", "3", ">4", "<2", ">=5", "<=1", "=6", ">0", "<7"])
_MODIFIER = st.one_of(
    st.sampled_from(["!", "!!", "xo", "r", "rr", "ro"]).flatmap(lambda m: _FACE.map(lambda f: m + f)),
    st.sampled_from(["mi", "ma", "kh", "kl", "dh", "dl", "d", "k", "ph", "pl", "p"]).flatmap(
        lambda m: st.sampled_from(["0", "1", "2", "5", "-1", ""]).map(lambda n: m + n)
    ),
    st.sampled_from([">=", ">", "<", "=", "<="]).flatmap(
        lambda m: st.sampled_from(["0", "3", "7"]).map(lambda n: m + n)
    ),
    st.sampled_from(["f1", "f<=2", "[fire]", "[]", "["]),
)
_TERM = st.builds(
    lambda n, s, mods: f"{n}d{s}{''.join(mods)}",
    st.sampled_from(["", "1", "2", "4", "8", "100", "1000"]),
    st.sampled_from(["6", "20", "2", "1", "%", "F", "1000000"]),
    st.lists(_MODIFIER, max_size=3),
)
_EXPRESSION = st.recursive(
    st.one_of(_TERM, st.integers(0, 12).map(str)),
    lambda inner: st.one_of(
        st.builds(lambda a, op, b: f"{a}{op}{b}", inner, st.sampled_from("+-*/"), inner),
        st.builds(
            lambda items, mods: "(" + ",".join(items) + ")" + mods,
            st.lists(inner, min_size=1, max_size=3),
            st.sampled_from(["", "kh1", "dl1", ">=3"]),
        ),
        st.builds(lambda a, c: f"{a}{c}", inner, st.sampled_from([">=10", "<3", "=0"])),
    ),
    max_leaves=4,
)


@pytest.mark.slow
@settings(max_examples=examples(200, 5_000), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_EXPRESSION, st.sampled_from(["", " vs 2d6", " vs "]))
def test_any_grammar_shaped_text_rolls_or_is_refused_and_never_breaks(cli, text: str, versus: str) -> None:
    """Whatever is typed, roll and odds answer with exit 0 and a document, or exit 2 and one clear message."""
    commands = [("roll", "--seed", "1", "--format", "json", "--", text)]
    commands.append(("odds", "--format", "json", "--timeout", "10", "--seed", "1", "--", text + versus))
    for args in commands:
        result = cli(*args)
        assert result.code in (0, 2), (args, result.err)
        assert "Traceback" not in result.err and "internal error" not in result.err, (args, result.err)
        if result.code == 0:
            assert result.json()["events" if args[0] == "roll" else "values"]
        else:
            assert result.err.startswith("error: ") and result.out == ""
