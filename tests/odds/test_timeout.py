"""``--timeout``: odds and matrix stop with the best estimate so far and say so; default runs are bounded too.

No test here depends on how fast the machine is: a limit that is already spent (a billionth of a second) stops
the work at its first look at the clock, and a generous one is never reached by these small attacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabroll.engine import find_ruleset
from tabroll.kit import AttackRequest
from tabroll.odds.api import TimeLimit, compute_odds

ROOT = Path(__file__).resolve().parents[2]
EXCHANGE = str(ROOT / "scenarios/mtg_heroes/02-direct-combat.yaml")
LANCE = ["-r", "tabmaster", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2"]
DEFAULT_TIMEOUT, MATRIX_TIMEOUT = 60.0, 600.0  # the seconds odds and matrix run at most unless told otherwise


def _lance() -> tuple:
    game = find_ruleset("tabmaster")
    built = game.quick_attack(
        AttackRequest(attacker="Lanceiro", target="Alquimista", options={}, fields={"distance": "2"})
    )
    return game, built.state, built.steps[0].action


def test_a_spent_limit_stops_a_simulation_after_at_least_one_trial_and_says_so() -> None:
    limit = TimeLimit(1e-9)
    report = compute_odds(*_lance(), trials=5_000_000, seed=3, limit=limit)
    assert limit.reached
    assert report.method == "monte_carlo" and 1 <= report.samples < 5_000_000
    assert report.note == (
        f"the time limit (1e-09 s, --timeout) stopped the simulation after {report.samples:,} of 5,000,000 trials "
        "(seed 3, 1 job)"
    )


def test_a_spent_limit_turns_the_exact_walk_into_a_simulation_and_says_what_it_covered() -> None:
    limit = TimeLimit(1e-9)
    report = compute_odds(*_lance(), limit=limit, fallback_trials=2_000)
    assert limit.reached and report.method == "monte_carlo"
    assert report.note.startswith(
        "the time limit (1e-09 s, --timeout) stopped the exact walk at half time, after 0 resolutions covering "
        "0.0% of the outcomes; simulated up to 2,000 attacks in the time left instead (seed 0); "
        "the time limit then stopped the simulation after "
    ), report.note


def test_a_limit_not_reached_changes_nothing() -> None:
    free = compute_odds(*_lance())
    limit = TimeLimit(3600.0)
    bounded = compute_odds(*_lance(), limit=limit)
    assert not limit.reached
    assert bounded == free and bounded.method == "exact"


def test_odds_json_says_the_limit_and_whether_it_was_reached(cli) -> None:
    doc = cli("odds", *LANCE, "--format", "json").json()
    assert doc["time_limit"] == {"seconds": DEFAULT_TIMEOUT, "reached": False} and doc["method"] == "exact"
    free = cli("odds", *LANCE, "--format", "json", "--timeout", "0").json()
    assert free["time_limit"] == {"seconds": None, "reached": False}


def test_odds_text_with_a_tiny_limit_gives_an_estimate_and_the_note(cli) -> None:
    result = cli("odds", *LANCE, "--trials", "50000000", "--timeout", "0.001", "--seed", "0", "--format", "text")
    assert result.code == 0, result.err
    assert "the time limit (0.001 s, --timeout) stopped the simulation after " in result.out
    assert "of 50,000,000 trials (seed 0, 1 job)" in result.out
    assert "P(defeated: Alquimista) = " in result.out


@pytest.mark.parametrize("value", ["-1", "nan", "inf", "1e9"])
def test_a_timeout_out_of_range_is_refused(cli, value: str) -> None:
    for command in (["odds", *LANCE], ["matrix", "--attackers", "Lanceiro", "--targets", "Soldado"]):
        result = cli(*command, "--timeout", value)
        assert result.code == 2, result.err
        assert f"error: --timeout {float(value):g} is out of range" in result.err
        assert "or 0 for no time limit" in result.err


def test_a_run_with_no_timeout_is_bounded_by_the_default(cli) -> None:
    """With no --timeout, odds stops after a minute and matrix after ten: the limit each run had is in its JSON."""
    odds = cli("odds", *LANCE, "--format", "json")
    assert odds.code == 0, odds.err
    assert odds.json()["time_limit"] == {"seconds": DEFAULT_TIMEOUT, "reached": False}
    matrix = cli("matrix", "-r", "tabmaster", "--attackers", "Lanceiro", "--targets", "Soldado", "--format", "json")
    assert matrix.code == 0, matrix.err
    assert matrix.json()["time_limit"] == {"seconds": MATRIX_TIMEOUT, "reached": False}


def test_the_help_names_the_timeout_option(cli) -> None:
    for command in ("odds", "matrix"):
        assert "--timeout" in cli(command, "--help").out


def test_a_matrix_out_of_time_marks_its_pairs_and_says_so(cli) -> None:
    pair = ["--attackers", "Grizzly Bear,Kaya", "--targets", "Kaya", "--budget", "200000", "--timeout", "0.001"]
    doc = cli("matrix", EXCHANGE, *pair, "--format", "json").json()
    assert doc["time_limit"] == {"seconds": 0.001, "reached": True}
    (bear,) = [c for c in doc["cells"] if c["attacker"] == "Grizzly Bear"]
    assert bear["out_of_time"] is True and bear["method"] == "monte_carlo" and bear["samples"] >= 1
    assert "the table's --timeout" in bear["note"]
    assert doc["note"].startswith("the time limit (0.001 s, --timeout) cut 1 of 2 pairs short")
    text = cli("matrix", EXCHANGE, *pair, "--format", "text").out
    assert "the time limit (0.001 s, --timeout) cut 1 of 2 pairs short" in " ".join(text.split())


def test_a_matrix_within_its_time_is_unchanged(cli) -> None:
    args = ["matrix", "--attackers", "Lanceiro,Alquimista", "--targets", "Soldado", "--format", "json"]
    doc = cli(*args).json()
    assert doc["time_limit"] == {"seconds": MATRIX_TIMEOUT, "reached": False} and "note" not in doc
    assert all(c["method"] == "exact" and "out_of_time" not in c for c in doc["cells"])
    assert doc["cells"] == cli(*args, "--timeout", "0").json()["cells"]
