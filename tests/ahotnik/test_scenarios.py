"""The rule scenarios shipped in scenarios/ahotnik/ (beyond the two worked examples), with exact outcomes."""

from __future__ import annotations

from tests.ahotnik.helpers import EXAMPLES, run_file


def test_03_forced_synapse_weak_shot_stopped_by_the_singularity() -> None:
    out = run_file(EXAMPLES / "03-forced-synapse-singularity.yaml")
    (roll,) = out.of("roll")
    assert (roll.dice, roll.values) == ("1d2", (1,))
    assert (out.of("synapse")[0].result, out.ahotnik("Lynx").facing) == ("forced", 2)
    (t,) = out.of("targeting")
    assert (t.targets, t.stopped_by) == (("Bear", "Storm Demon"), (1, 0))
    assert out.strikes() == [("Lynx", "Bear", 1, 1, 0), ("Lynx", "Storm Demon", 0, 0, 0)]
    assert out.ahotnik("Lynx").phase_transition
    assert (out.ahotnik("Viper").shields, out.ahotnik("Viper").life) == (1, 5)


def test_03_the_other_die_turns_the_lynx_the_other_way() -> None:
    from tabroll.dice.sources import GivenDice
    from tabroll.engine import resolve
    from tabroll.loading.scenario import load_scenario_file

    scenario = load_scenario_file(EXAMPLES / "03-forced-synapse-singularity.yaml")
    resolution = resolve(scenario.ruleset, scenario.state, scenario.steps[0].action, GivenDice([2]))
    assert resolution.state.ahotnik("Lynx").facing == 4
    targeting = next(e for e in resolution.events if e.kind == "targeting")
    assert targeting.targets == ()  # south-west: nothing on the line


def test_04_melee_from_the_side_hits_shields_and_from_the_front_hits_life() -> None:
    out = run_file(EXAMPLES / "04-melee-facing-and-teams.yaml")
    assert out.strikes() == [
        ("Hawk", "Raven", 2, 2, 0),
        ("Owl", "Raven", 2, 0, 2),
        ("Raven", "Hawk", 2, 0, 2),
        ("Crow", "Hawk", 2, 0, 2),
    ]
    assert [(e.unit, e.attacker) for e in out.of("ignored")] == [("Owl", "Hawk"), ("Hawk", "Owl")]
    assert (out.ahotnik("Hawk").shields, out.ahotnik("Hawk").life) == (2, 2)
    assert (out.ahotnik("Raven").shields, out.ahotnik("Raven").life) == (0, 3)
    assert [a.facing for a in out.state.ahotniks] == [2, 5, 6, 2]


def test_05_dna_summon_and_threat_floor() -> None:
    out = run_file(EXAMPLES / "05-dna-summon-threat.yaml")
    assert [(t.reason, t.before, t.after) for t in out.of("threat")] == [
        ("Mud Demon is exiled", 2, 1),
        ("a Contaminated Terrain token is revealed", 1, 2),
        ("Mud Demon is summoned", 2, 3),
        ("a Contaminated Terrain token is removed", 3, 2),
        ("a Contaminated Terrain token is removed", 2, 1),
        ("a Contaminated Terrain token is removed", 1, 1),
    ]
    assert out.strikes() == [("Boar", "Mud Demon", 2, 0, 2)]
    assert [e.unit for e in out.of("ignored")] == ["Mud Demon"]
    assert out.of("targeting")[-1].targets == ()
    boar = out.ahotnik("Boar")
    assert (boar.dna, boar.phase_transition) == (frozenset({"Mud Demon"}), False)
    mud = out.demon("Mud Demon")
    assert (mud.position, mud.shields, mud.life, mud.exiled) == ((1, 0), 1, 3, False)


def test_06_game_end_finishes_the_shot_and_removes_dna_demons() -> None:
    out = run_file(EXAMPLES / "06-game-end.yaml")
    assert out.strikes() == [("Tiger", "Lion", 3, 0, 2), ("Tiger", "Smoke Demon", 2, 0, 1)]
    (over,) = out.of("game_over")
    assert (over.unit, over.by, over.removed) == ("Lion", "Tiger", ("Ash Demon",))
    assert out.ahotnik("Tiger").dna == frozenset({"Ash Demon", "Smoke Demon"})
    assert out.demon("Ash Demon").position is None
    assert out.state.threat == 3
    assert [s.unit for s in out.of("synapse")] == ["Tiger"]


def test_06_at_once_stops_the_shot_at_the_fatal_blow() -> None:
    out = run_file(EXAMPLES / "06-game-end.yaml", game_end="at_once")
    assert out.strikes() == [("Tiger", "Lion", 3, 0, 2)]
    assert out.demon("Smoke Demon").life == 1 and not out.ahotnik("Tiger").phase_transition
    assert out.of("game_over")[0].removed == ("Ash Demon",)


def test_07_step_by_step() -> None:
    out = run_file(EXAMPLES / "07-step-by-step.yaml")
    assert out.strikes() == [("Eagle", "Fire Demon", 2, 1, 1), ("Wolf", "Eagle", 2, 0, 2)]
    assert out.of("ruling")[0].value == "step_by_step"
