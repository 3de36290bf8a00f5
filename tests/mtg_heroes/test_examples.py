"""The worked examples under scenarios/mtg_heroes/, replayed with their stated dice and exact outcomes."""

from __future__ import annotations

from tests.mtg_heroes.helpers import EXAMPLES, run_file


def test_source_example_wubb_subtlety_medium_rolls_three_dice_and_needs_more_than_7() -> None:
    out = run_file(EXAMPLES / "01-subtlety-wubb.yaml")
    first, second = out.of("skill_test")
    rolls = out.of("roll")
    assert [(r.dice, r.values, r.total) for r in rolls] == [("3d6", (3, 3, 2), 8), ("3d6", (2, 3, 2), 7)]
    assert (first.skill, first.colours, first.dice_count, first.target, first.success) == (
        "Subtlety",
        ("B", "U"),
        3,
        8,
        True,
    )
    assert first.unit == "Ravel" and first.identity == "WUBB"
    assert (second.skill, second.dice_count, second.total, second.target, second.success) == (
        "Subtlety",
        3,
        7,
        8,
        False,
    )
    assert first.rule == "8 ≥ 8 (Medium 6–8: target 8)" and second.rule == "7 < 8 (Medium 6–8: target 8)"
    assert [r.value for r in out.of("ruling")] == ["upper", "upper"]


def test_source_example_under_the_lower_reading_7_succeeds() -> None:
    out = run_file(EXAMPLES / "01-subtlety-wubb.yaml", difficulty_target="lower")
    assert [(t.target, t.success) for t in out.of("skill_test")] == [(6, True), (6, True)]


def test_direct_combat_example() -> None:
    out = run_file(EXAMPLES / "02-direct-combat.yaml")
    assert [(r.label, r.total) for r in out.of("roll")] == [
        ("attack: Grizzly Bear's Power 2d6", 11),
        ("defence: Kaya's Toughness 2d6", 4),
        ("counterattack: Kaya's Power 1d6", 4),
        ("defence: Grizzly Bear's Toughness 2d6", 3),
        ("attack: Ogre's Power 1d6", 2),
    ]
    assert [(d.target, d.amount) for d in out.of("damage")] == [("Kaya", 7), ("Grizzly Bear", 1), ("Kaya", 2)]
    assert out.unit("Kaya").life == 0 and out.unit("Kaya").out_reason == "lost the battle"
    assert out.unit("Grizzly Bear").life == 3 and out.unit("Grizzly Bear").toughness_pool == 0
    assert [e.unit for e in out.of("defeat")] == ["Kaya"]
    assert [e.unit for e in out.of("status")] == ["Grizzly Bear"]  # the battle is over before the Ogre's push-back
    assert [(g.winner, g.unit, g.by) for g in out.of("game_over")] == [("Vraska", "Kaya", "Ogre")]
    assert [(b.before, b.after) for b in out.of("band_change")] == [("near", "direct"), ("direct", "near")] * 2
    assert out.state.band("Ogre", "Kaya") == "near"


def test_first_strike_and_trample_example() -> None:
    out = run_file(EXAMPLES / "03-first-strike-trample.yaml")
    damage = [(d.attacker, d.target, d.amount) for d in out.of("damage")]
    assert damage == [
        ("Goblin Lookout", "Craw Wurm", 3),
        ("Craw Wurm", "Goblin Lookout", 15),
        ("Craw Wurm", "Elf Scout", 10),
    ]
    assert [e.unit for e in out.of("defeat")] == ["Goblin Lookout", "Elf Scout"]
    assert out.unit("Craw Wurm").life == 3
    assert out.refusals() == []
    assert any(n.text == "Craw Wurm takes its Trample follow-up attack" for n in out.of("note"))


def test_ranges_and_intercept_example() -> None:
    out = run_file(EXAMPLES / "04-ranges-and-intercept.yaml")
    assert out.refusals() == [
        "Sorin is at far range from Liliana: at far range there is no direct fighting and no spell or ability "
        "that targets only creatures; move to near range first",
        "Sorin moved this turn, so it cannot attack this turn",
    ]
    assert [s.refused for s in out.steps] == [True, False, True, False, False]
    assert out.of("damage")[0].target == "Zombie" and out.of("damage")[0].amount == 5
    assert out.unit("Zombie").out_reason == "destroyed" and out.unit("Liliana").life == 10
    assert out.of("status") == []  # Vigilance: no push-back


def test_initiative_and_mana_example() -> None:
    out = run_file(EXAMPLES / "05-initiative-and-mana.yaml")
    assert [o.order for o in out.of("turn_order")] == [("Vraska", "Ajani", "Kaya"), ("Vraska", "Kaya", "Ajani")]
    burn = out.of("damage")[0]
    assert (burn.target, burn.amount) == ("Vraska", 1)
    assert out.unit("Vraska").life == 7 and out.unit("Vraska").mana == 3
    assert out.state.active == "Kaya"


def test_flee_example() -> None:
    out = run_file(EXAMPLES / "06-flee-and-respond.yaml")
    assert out.of("roll") == [] and out.refusals() == []
    assert out.unit("Drake").out_reason == "dismissed"
    assert [(d.target, d.amount) for d in out.of("damage")] == [("Jace", 2)]
    assert out.unit("Garruk").mana == 2 and out.unit("Garruk").graveyard == ("Ember Dart",)
    assert out.unit("Jace").life == 7 and out.unit("Jace").out_reason == "fled"
    (over,) = out.of("game_over")
    assert (over.winner, over.unit) == ("Garruk", None)
    assert over.reason == "Jace fled; only Garruk's side still stands"


def test_whole_duel_example() -> None:
    out = run_file(EXAMPLES / "07-whole-duel.yaml")
    assert out.refusals() == []
    phases = [(p.turn, p.unit, p.phase) for p in out.of("turn_phase")]
    for number, unit in [(1, "Sela"), (1, "Orm"), (2, "Sela"), (2, "Orm")]:
        assert [p for t, u, p in phases if (t, u) == (number, unit)] == ["reach", "upkeep", "main", "end"]
    assert [p for t, u, p in phases if (t, u) == (3, "Sela")] == ["reach", "upkeep", "main"]
    response = out.steps[8]
    assert [(r.label, r.total) for r in response.events if r.kind == "roll"] == [
        ("opposed Speed: Sela", 6),
        ("opposed Speed: Orm", 5),
    ]
    assert [(d.target, d.amount) for d in out.of("damage")] == [
        ("Orm", 2),  # Ember Dart in response to Call the Pack Wolf
        ("Pack Wolf", 6),  # stepping in for Orm
        ("Orm", 2),  # the second Ember Dart
        ("Sela", 9),
        ("Orm", 9),
    ]
    assert out.unit("Orm").graveyard == ("Call the Pack Wolf", "Oak Skin")
    assert out.unit("Sela").graveyard == ("Ember Hound", "Ember Dart", "Ember Dart")
    assert out.steps[9].state.unit("Orm").library == ("Oak Skin",)  # forgotten at the end of turn 1
    assert out.unit("Sela").memory_spells == ("Cinder Burst",)
    (over,) = out.of("game_over")
    assert (over.winner, over.unit, over.by) == ("Sela", "Orm", "Ember Hound")
    assert (out.unit("Sela").life, out.unit("Orm").life, out.state.turn) == (1, 0, 3)


def test_refusals_example() -> None:
    out = run_file(EXAMPLES / "08-refusals.yaml")
    assert out.refusals() == [
        "Sela is in its Reach phase: it can cast Cinder Burst only in its action phase",
        "Sela is in its Upkeep: the Reach phase and Upkeep come before the End phase",
        "Sela upholds 3, more than its Focus 2",
        "Bear already attacked this turn: one attack per turn",
        "Sela has cast 0 spells this turn: its Focus 2 minus 2 upheld allows 0",
        "Mending Light is not in Sela's Memory (in Memory: Cinder Burst, Ember Dart, Flashfire)",
        "Sela already took another action this turn: commands come before other actions",
        "Sela has 3 spells in Memory, more than half its Memory 4 rounded up (2): it must forget 1, not 0",
        "there is nothing of Cub's to respond to: a response answers the spell just cast or the commanded "
        "creature's action just taken (the last was Orm: cast Oak Skin)",
        "Orm's spell has Split Second: no one can respond to it",
        "Orm already cast Oak Skin today: it is spent for the day (in the graveyard)",
        "Bear was pushed back after its last attack and is not ready to step in",
        "the battle is over: Sela wins",
    ]
    refused = [i + 1 for i, step in enumerate(out.steps) if step.refused]
    assert refused == [2, 4, 5, 9, 10, 11, 13, 14, 19, 21, 22, 23, 29]
    for index in refused:  # a refusal changes nothing
        assert out.steps[index - 1].state == out.steps[index - 2].state
    assert "Bear's Trample follow-up lapses: it is taken at once after the kill or not" in [
        n.text for n in out.of("note", 7)
    ]
    assert [(d.target, d.amount) for d in out.of("damage")] == [
        ("Wolf", 17),
        ("Orm", 2),
        ("Hound", 1),
        ("Orm", 4),
        ("Orm", 2),
    ]
    assert [g.winner for g in out.of("game_over")] == ["Sela"]
