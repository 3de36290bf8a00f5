"""``tabroll odds`` and ``tabroll matrix`` through the CLI."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "tabmaster"


def test_odds_of_a_scenario_action_as_json_with_exact_fractions(cli) -> None:
    result = cli("odds", str(EXAMPLES / "05-projectile-arqueiro.yaml"), "--format", "json")
    assert result.code == 0, result.err
    doc = result.json()
    assert doc["format"] == "tabroll.odds" and doc["method"] == "exact"
    assert doc["probabilities"]["hit"] == {"value": 0.5, "exact": "1/2"}
    assert doc["probabilities"]["defeated: Lanceiro"]["exact"] == "7/20"
    damage = doc["distributions"]["damage"]
    assert damage["mean"]["exact"] == "21/4"
    assert damage["values"][0] == {"outcome": 0, "value": 0.5, "exact": "1/2"}


def test_odds_from_the_command_line_alone_as_text(cli) -> None:
    result = cli("odds", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2", "--format", "text")
    assert result.code == 0, result.err
    assert "P(defeated: Alquimista) = 85.00%  = 17/20" in result.out
    assert "damage: mean 10.500 = 21/2" in result.out


def test_odds_simulated_reports_intervals_and_is_reproducible(cli) -> None:
    args = ("odds", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2", "--trials", "3000", "--seed", "5")
    first = cli(*args, "--format", "json").json()
    second = cli(*args, "--format", "json", "--jobs", "2").json()
    assert first["method"] == "monte_carlo" and first["probabilities"] == second["probabilities"]
    low, high = first["probabilities"]["defeated: Alquimista"]["ci95"]
    assert low <= 0.85 <= high


def test_odds_of_a_later_action_needs_the_earlier_dice(cli, tmp_path: Path) -> None:
    scenario = tmp_path / "two.yaml"
    scenario.write_text(
        "ruleset: tabmaster\nboard: {size: [4, 1]}\nunits:\n  Lanceiro: {side: red, at: [0, 0]}\n"
        "  Soldado: {side: blue, at: [1, 0]}\nactions:\n  - {do: attack, attacker: Lanceiro, target: Soldado}\n"
        "  - {do: new_round}\n  - {do: attack, attacker: Lanceiro, target: Soldado}\n"
    )
    result = cli("odds", str(scenario), "--action", "3", "--format", "text")
    assert result.code == 2 and "needs its dice: list" in result.err
    assert cli("odds", str(scenario), "--action", "9").code == 2


def test_matrix_of_catalogue_units(cli) -> None:
    result = cli("matrix", "--attackers", "Lanceiro,Alquimista", "--targets", "Soldado,Feiticeiro", "--format", "json")
    assert result.code == 0, result.err
    cells = {(c["attacker"], c["target"]): c for c in result.json()["cells"]}
    assert cells[("Lanceiro", "Soldado")]["defeat_exact"] == "11/20"
    assert cells[("Alquimista", "Feiticeiro")]["defeat_exact"] == "1/4"  # 1d4 > DEF 3
    text = cli("matrix", "--attackers", "Lanceiro", "--targets", "Lanceiro", "--format", "text")
    assert "Lanceiro           70% 10.5" in text.out.splitlines()  # a Lanceiro (DEF 6) against its own kind: 14/20


def test_matrix_refuses_unknown_units_and_absurd_sizes(cli) -> None:
    assert cli("matrix", "--attackers", "Dragao", "--targets", "Soldado").code == 2
    many = ",".join(f"U{i}" for i in range(60))
    result = cli("matrix", "-r", "tabmaster", "--attackers", many, "--targets", many)
    assert result.code == 2 and "pairs is more than" in result.err
    unknown = cli("matrix", "--attackers", many, "--targets", many)
    assert unknown.code == 2 and "which game? (U0, U1, U10, U11, U12, U13 and 54 more" in unknown.err


def test_odds_json_keeps_the_counterattack_apart_from_the_attack(cli) -> None:
    stats = [
        f"--{side}-stat={stat}" for side in ("attacker", "target") for stat in ("Power=1", "Toughness=1", "Life=5")
    ]
    result = cli("odds", "-r", "mtg_heroes", "-a", "A", "-t", "B", *stats, "--format", "json")
    assert result.code == 0, result.err
    doc = result.json()
    assert doc["version"] == 3
    assert doc["probabilities"]["hit"]["exact"] == "5/12"  # A's d6 beats B's d6
    assert doc["distributions"]["damage"]["mean"]["exact"] == "35/36"  # sum over a > b of (a - b), / 36
    (counter,) = doc["follow_ups"]
    assert counter["label"] == "counterattack" and counter["happens"]["exact"] == "35/36"  # B still stands
    assert counter["probabilities"]["hit on A"]["exact"] == "175/432"  # 35/36 x 5/12
    assert doc["measures"]["Life left: B"]["kind"] == "level"
    assert doc["measures"]["Life left: B"]["mean"]["exact"] == "145/36"  # 5 - 35/36


@pytest.mark.slow  # two exact walks of a 2d6 exchange: run by the README's test command and CI (pytest -m slow)
def test_matrix_shows_what_follows_the_attack_in_its_own_table(cli) -> None:
    path = str(EXAMPLES.parent / "mtg_heroes" / "02-direct-combat.yaml")
    # the exchange walks about 90,000 outcomes: over matrix's default budget a pair, so the pin asks for the walk
    pair = ["--attackers", "Grizzly Bear", "--targets", "Kaya", "--budget", "200000"]
    doc = cli("matrix", path, *pair, "--format", "json").json()
    (cell,) = doc["cells"]
    assert doc["version"] == 2
    assert cell["defeat_exact"] == "5/432"  # 2d6 - 2d6 >= 8: (1x6 + 2x3 + 3x1) / 1296
    # Kaya answers (427/432) with 1d6 against the Bear's 2d6 (Life 4): 6 against 2, 1/216 in all.
    assert cell["follow_ups"]["attacker_defeated"]["exact"] == str(Fraction(427, 432) / 216)
    text = cli("matrix", path, *pair, "--format", "text").out
    assert "then, counterattack: in each cell, P(attacker defeated) and mean damage taken" in text


def test_a_level_that_an_outcome_does_not_change_keeps_its_value(cli) -> None:
    # The F0R60D case: d10 against d10 (ties and a natural 10 on evasion evade; a natural 10 attack is
    # evaded only by a natural 10): 9 + (0 + 1 + … + 8) = 45 hits in 100. Damage d10 against PV 5 defeats on
    # 5+ (6 in 10), doubled on a critical on 3+ (8 in 10): (36 x 6 + 9 x 8) / 1000 = 36/125. Cards left of B is
    # 1 unless it is defeated, never a silent 0.
    result = cli("odds", "-r", "forgod", "-a", "A", "-t", "B", "--attacker-stat", "PV=5", "--target-stat", "PV=5")
    assert result.code == 0, result.err
    assert "  P(hit) = 45.00%  = 9/20" in result.out
    assert "  P(defeated: B) = 28.80%  = 36/125" in result.out
    assert "  cards left: B (level): mean 0.712 = 89/125" in result.out
    assert "  unchanged in every outcome: cards left: A" in result.out


def test_odds_of_an_action_the_rules_always_refuse_exit_1_like_attack(cli) -> None:
    args = ("-r", "tabmaster", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "5")
    odds = cli("odds", *args)
    assert odds.code == 1, odds.err
    assert "refused by the rules: 100.00%  (Alquimista is 5 squares away; the attack reaches 2 (ATK 2))" in odds.out
    assert cli("attack", *args, "--seed", "1").code == 1
    # refused only sometimes: an answer, exit 0
    assert cli("odds", "-r", "tabmaster", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2").code == 0


@pytest.mark.parametrize(
    ("jobs", "trials", "parts", "cores"),
    [("64", "3000", 3, 2), ("2", None, 0, 1)],  # 3 chunks of trials; an exact walk runs in the one process
    ids=["simulation", "exact"],
)
def test_odds_never_start_more_workers_than_parts_and_warn_past_the_cores(
    cli, monkeypatch, started_pools, jobs: str, trials: str | None, parts: int, cores: int
) -> None:
    """``odds --jobs 64`` starts a process for each part of the work at most (each is a whole tabroll in memory);
    more processes than cores run, with the warning ``run`` gives; the odds are those of one process. An exact
    walk starts none."""
    from tabroll.batch import workers
    from tabroll.odds import montecarlo

    started = started_pools
    monkeypatch.setattr(montecarlo, "PARALLEL_MIN_TRIALS", 1)  # really fork, even for 3 chunks of trials
    args = ["odds", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "2", "--format", "json", "--seed", "5"]
    args += ["--trials", trials] if trials else []
    monkeypatch.setattr(workers, "cores", lambda: 8)
    quiet = cli(*args, "--jobs", jobs)
    assert quiet.code == 0 and started == ([parts] if parts else []), quiet.err
    assert "warning" not in quiet.err
    monkeypatch.setattr(workers, "cores", lambda: cores)
    told = cli(*args, "--jobs", jobs)
    assert told.code == 0 and started == ([parts, parts] if parts else []), told.err
    core_word = "core" if cores == 1 else "cores"
    assert [line for line in told.err.splitlines() if line.startswith("warning: ")] == [
        f"warning: --jobs {jobs}: {parts} processes on {cores} processor {core_word}; more processes than cores share"
        f" them, each using its own memory (use --jobs {cores} or less)"
    ][: 1 if parts else 0]
    alone = cli(*args)
    assert told.json()["probabilities"] == alone.json()["probabilities"]
