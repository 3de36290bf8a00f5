"""The two worked examples of the Ahotnik source, replayed with the stated choices."""

from __future__ import annotations

from tests.ahotnik.helpers import EXAMPLES, run_file


def test_example_1_eagle_attacks_the_demon_behind_it_not_the_ahotnik_in_front() -> None:
    out = run_file(EXAMPLES / "01-eagle-demon-priority.yaml")
    eagle_target, wolf_target = out.of("targeting")
    assert (eagle_target.attacker, eagle_target.attack, eagle_target.targets) == ("Eagle", "melee", ("Fire Demon",))
    assert eagle_target.direction == 5  # behind it; scanned 2, 3, 4, then 5 before the Ice Demon at 6
    # The Eagle does not turn toward the Demon, and it is not ahead: Shields first.
    assert out.strikes() == [
        ("Eagle", "Fire Demon", 2, 1, 1),
        ("Wolf", "Fire Demon", 3, 0, 2),
    ]
    # The Eagle entered phase transition, so the Wolf ignores it and shoots through its hex.
    assert [(e.unit, e.attacker) for e in out.of("ignored")] == [("Eagle", "Wolf")]
    assert (wolf_target.attack, wolf_target.line) == ("ranged", ((0, 0), (-1, 0), (-2, 0)))
    assert [(t.unit, t.active) for t in out.of("transition")] == [("Eagle", True), ("Wolf", True)]
    assert [(e.unit, e.by, e.how) for e in out.of("defeat")] == [("Fire Demon", "Wolf", "exiled")]
    assert [(t.before, t.after, t.floor) for t in out.of("threat")] == [(3, 2, 2)]
    eagle, wolf = out.ahotnik("Eagle"), out.ahotnik("Wolf")
    assert (eagle.facing, eagle.shields, eagle.life, eagle.phase_transition, eagle.dna) == (2, 2, 6, True, frozenset())
    assert (wolf.facing, wolf.phase_transition, wolf.dna) == (5, True, frozenset({"Fire Demon"}))
    assert out.demon("Fire Demon").exiled and out.demon("Fire Demon").position is None
    assert (out.demon("Ice Demon").shields, out.demon("Ice Demon").life) == (0, 2)
    assert out.state.threat == 2


def test_example_2_phase_transition_ahotnik_is_skipped_without_shifting_the_sequence() -> None:
    out = run_file(EXAMPLES / "02-ranged-skips-phase-transition.yaml")
    (targeting,) = out.of("targeting")
    assert targeting.attack == "ranged"
    assert targeting.targets == ("Earth Demon", "Blue", "Water Demon", "Green")
    assert [(e.unit, e.reason) for e in out.of("ignored")] == [("Red", "in phase transition")]
    assert out.strikes() == [
        ("Eagle", "Earth Demon", 3, 2, 1),
        ("Eagle", "Blue", 2, 1, 1),
        ("Eagle", "Water Demon", 1, 0, 1),
        ("Eagle", "Green", 0, 0, 0),
    ]
    red = out.ahotnik("Red")
    assert (red.shields, red.life) == (1, 5)
    assert (out.demon("Earth Demon").shields, out.demon("Earth Demon").life) == (0, 3)
    assert (out.ahotnik("Blue").shields, out.ahotnik("Blue").life) == (0, 4)
    assert out.demon("Water Demon").exiled
    assert out.ahotnik("Eagle").dna == frozenset({"Water Demon"})
    assert out.ahotnik("Eagle").phase_transition and out.ahotnik("Eagle").facing == 2
    assert out.state.threat == 5
