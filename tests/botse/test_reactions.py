"""Step 6: a skill that triggers on defeat or on damage fires whoever caused it (the dice, an item, an aura or
another unit's reaction), and the order of the reactions (ruling ``reaction_order``) keeps the source's rule that
an enemy defeated during the engage does not use its "after being engaged" skill.

Dice values are FACE NUMBERS of the illustrative sample dice (rulesets/botse/sample_dice.yaml): Combat
[1 dmg, 1 dmg, 2 dmg, tenacity, blank, 1 dmg cooldown]. Ayrenn (Health 10) stands at [0, 0], the Draugr
(Defense 0) at [1, 0], next to her.
"""

from __future__ import annotations

from typing import Any

from tests.botse.helpers import Outcome, adventurer, battle, engage, run_data
from tests.botse.test_choices import Table, at_the_table

FOLLOW_UP = {"name": "Follow Up", "when": "after_engage", "effect": {"damage": 1, "to": "target"}}
CURSE = {"name": "Curse", "when": "defeated", "effect": {"damage": 2}}  # 2 damage to the adventurer who engaged
SPITE = {"name": "Spite", "when": "damaged", "effect": {"damage": 2}}
WEAPON_BREAK = {"name": "Weapon Break", "when": "engaged", "effect": {"damage": 1}}
ORDER_RULING = ("reaction_order", "allies_first")


def draugr(health: int, *skills: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {"Draugr": {"at": [1, 0], "health": health, "skills": list(skills)}}


def lydia_companion() -> dict[str, dict[str, Any]]:
    return {"Lydia": {"at": [-1, 0], "health": 5, "skills": [FOLLOW_UP]}}


def lydia_adventurer() -> dict[str, dict[str, Any]]:
    return {"Ayrenn": adventurer(dice=["Combat"]), "Lydia": adventurer(at=[-1, 0], skills=[FOLLOW_UP])}


def triggers(out: Outcome) -> list[tuple[str, str, bool]]:
    return [(r.unit, r.skill, r.fired) for r in out.of("skill_trigger")]


def blows(out: Outcome) -> list[tuple[str, str, int]]:
    return [(d.attacker, d.target, d.amount) for d in out.of("damage")]


def rulings(out: Outcome) -> list[tuple[str, str]]:
    return [(r.option, r.value) for r in out.of("ruling") if r.option in ("reaction_order", "defeated_reactions")]


# --- "when defeated": by the dice or by a reaction --------------------------------------------------------


def test_a_target_the_dice_defeat_uses_its_curse() -> None:
    # Combat face 3: 2 damage to the Draugr (Health 2) → defeated; its Curse deals 2 to Ayrenn
    out = run_data(battle([engage(["Combat"], [3])], enemies=draugr(2, CURSE)))
    assert blows(out) == [("Ayrenn", "Draugr", 2), ("Draugr", "Ayrenn", 2)]
    assert [(d.unit, d.by) for d in out.of("defeat")] == [("Draugr", "Ayrenn")]
    assert triggers(out) == [("Draugr", "Curse", True)]
    assert out.unit("Ayrenn").health == 8 and out.unit("Draugr").health == 0
    assert rulings(out) == []  # no ally reacted: the order decided nothing


def test_a_target_a_companions_follow_up_defeats_uses_its_curse() -> None:
    # Combat face 3: 2 damage (Health 3 → 1); Lydia's Follow Up: 1 more → defeated by Lydia; the Curse fires
    data = battle(
        [engage(["Combat"], [3], reactions=["Lydia"])], enemies=draugr(3, CURSE), companions=lydia_companion()
    )
    out = run_data(data)
    assert blows(out) == [("Ayrenn", "Draugr", 2), ("Lydia", "Draugr", 1), ("Draugr", "Ayrenn", 2)]
    assert [(d.unit, d.by) for d in out.of("defeat")] == [("Draugr", "Lydia")]
    assert triggers(out) == [("Lydia", "Follow Up", True), ("Draugr", "Curse", True)]
    assert out.unit("Ayrenn").health == 8 and out.unit("Draugr").defeated
    assert rulings(out) == [ORDER_RULING]


def test_an_adventurers_follow_up_that_defeats_the_target_also_fires_its_curse() -> None:
    data = battle(
        [engage(["Combat"], [3], reactions=["Lydia"])], enemies=draugr(3, CURSE), adventurers=lydia_adventurer()
    )
    out = run_data(data)
    assert triggers(out) == [("Lydia", "Follow Up", True), ("Draugr", "Curse", True)]
    assert out.unit("Ayrenn").health == 8 and out.unit("Lydia").health == 10


def test_under_enemies_first_the_curse_still_fires_after_the_follow_up() -> None:
    # the enemies look first: the Draugr is still standing, so its Curse waits; Lydia's Follow Up defeats it and
    # the Curse fires then: a "defeated" skill fires whenever the defeat comes
    data = battle(
        [engage(["Combat"], [3], reactions=["Lydia"])], enemies=draugr(3, CURSE), companions=lydia_companion()
    )
    out = run_data(data, reaction_order="enemies_first")
    assert triggers(out) == [("Lydia", "Follow Up", True), ("Draugr", "Curse", True)]
    assert out.unit("Ayrenn").health == 8
    assert rulings(out) == []  # no enemy reaction was looked at before Lydia's: the order decided nothing


def test_without_the_follow_up_the_target_survives_and_no_curse_fires() -> None:
    data = battle([engage(["Combat"], [3])], enemies=draugr(3, CURSE), companions=lydia_companion())
    out = run_data(data)
    assert triggers(out) == [("Lydia", "Follow Up", False)]
    assert out.of("skill_trigger")[0].reason == "an optional reaction, not chosen (reactions:)"
    assert out.unit("Draugr").health == 1 and out.unit("Ayrenn").health == 10


# --- "when damaged": by a reaction ------------------------------------------------------------------------


def test_a_target_only_a_reaction_damages_uses_its_damaged_skill() -> None:
    # Combat face 5 is blank: the dice deal nothing; Lydia's Follow Up deals 1 (Health 5 → 4): Spite, 2 to Ayrenn
    data = battle(
        [engage(["Combat"], [5], reactions=["Lydia"])], enemies=draugr(5, SPITE), companions=lydia_companion()
    )
    out = run_data(data)
    assert blows(out) == [("Lydia", "Draugr", 1), ("Draugr", "Ayrenn", 2)]
    assert triggers(out) == [("Lydia", "Follow Up", True), ("Draugr", "Spite", True)]
    assert out.unit("Draugr").health == 4 and out.unit("Ayrenn").health == 8


def test_a_non_target_a_reaction_damages_uses_its_damaged_skill() -> None:
    # Lydia (a companion at [-2, 0]) sweeps every unit next to her: the Spriggan at [-3, 0] takes 1, its Thorns
    # deal 1 to Ayrenn; the Spriggan comes before Lydia in the scenario
    sweep = {"name": "Sweep", "when": "after_engage", "effect": {"damage": 1, "to": "adjacent"}}
    thorns = {"name": "Thorns", "when": "damaged", "effect": {"damage": 1}}
    enemies = {**draugr(20), "Spriggan": {"at": [-3, 0], "health": 5, "skills": [thorns]}}
    companions = {"Lydia": {"at": [-2, 0], "health": 5, "skills": [sweep]}}
    data = battle([engage(["Combat"], [3], reactions=["Lydia"])], enemies=enemies, companions=companions)
    out = run_data(data)
    assert blows(out) == [("Ayrenn", "Draugr", 2), ("Lydia", "Spriggan", 1), ("Spriggan", "Ayrenn", 1)]
    assert triggers(out) == [("Lydia", "Sweep", True), ("Spriggan", "Thorns", True)]
    assert out.unit("Spriggan").health == 4 and out.unit("Ayrenn").health == 9


def test_a_target_a_reaction_defeats_does_not_use_its_damaged_skill_by_default() -> None:
    # dice 2 (Health 3 → 1), Follow Up 1 → defeated by Lydia before the enemies react: Spite is not used
    # (defeated_reactions: skip_damaged, the unit was defeated during the engage)
    data = battle(
        [engage(["Combat"], [3], reactions=["Lydia"])], enemies=draugr(3, SPITE), companions=lydia_companion()
    )
    out = run_data(data)
    assert triggers(out) == [("Lydia", "Follow Up", True), ("Draugr", "Spite", False)]
    assert out.of("skill_trigger")[1].reason == "it was defeated during the engage (ruling defeated_reactions)"
    assert rulings(out) == [ORDER_RULING, ("defeated_reactions", "skip_damaged")]
    assert out.unit("Ayrenn").health == 10
    fire = run_data(data, defeated_reactions="fire_damaged")
    assert triggers(fire) == [("Lydia", "Follow Up", True), ("Draugr", "Spite", True)]
    assert fire.unit("Ayrenn").health == 8


def test_under_enemies_first_spite_fires_before_the_follow_up_defeats_the_target() -> None:
    data = battle(
        [engage(["Combat"], [3], reactions=["Lydia"])], enemies=draugr(3, SPITE), companions=lydia_companion()
    )
    out = run_data(data, reaction_order="enemies_first")
    assert triggers(out) == [("Draugr", "Spite", True), ("Lydia", "Follow Up", True)]
    assert blows(out) == [("Ayrenn", "Draugr", 2), ("Draugr", "Ayrenn", 2), ("Lydia", "Draugr", 1)]
    assert rulings(out) == [("reaction_order", "enemies_first")]
    assert out.unit("Ayrenn").health == 8 and out.unit("Draugr").defeated


# --- "after being engaged": not when defeated during that engage ------------------------------------------


def test_a_target_the_follow_up_defeats_does_not_use_its_engaged_skill() -> None:
    data = battle(
        [engage(["Combat"], [3], reactions=["Lydia"])], enemies=draugr(3, WEAPON_BREAK), companions=lydia_companion()
    )
    out = run_data(data)
    assert triggers(out) == [("Lydia", "Follow Up", True), ("Draugr", "Weapon Break", False)]
    assert out.of("skill_trigger")[1].reason == "it was defeated during the engage"
    assert blows(out) == [("Ayrenn", "Draugr", 2), ("Lydia", "Draugr", 1)]
    assert out.unit("Ayrenn").health == 10
    assert rulings(out) == [ORDER_RULING]
    ruling = next(r for r in out.of("ruling") if r.option == "reaction_order")
    assert "an enemy they defeat is defeated during the engage" in ruling.text


def test_under_enemies_first_the_engaged_skill_fires_before_the_follow_up() -> None:
    data = battle(
        [engage(["Combat"], [3], reactions=["Lydia"])], enemies=draugr(3, WEAPON_BREAK), companions=lydia_companion()
    )
    out = run_data(data, reaction_order="enemies_first")
    assert triggers(out) == [("Draugr", "Weapon Break", True), ("Lydia", "Follow Up", True)]
    assert blows(out) == [("Ayrenn", "Draugr", 2), ("Draugr", "Ayrenn", 1), ("Lydia", "Draugr", 1)]
    assert out.unit("Ayrenn").health == 9 and out.unit("Draugr").defeated
    assert rulings(out) == [("reaction_order", "enemies_first")]
    assert [n.text for n in out.of("note") if "step 6" in n.text] == [
        "Draugr was defeated in step 6 after its 'engaged' skill fired (ruling reaction_order = enemies_first: the "
        "enemies reacted before the adventurers and companions)"
    ]


def test_a_target_that_survives_uses_its_engaged_skill_in_both_readings() -> None:
    data = battle(
        [engage(["Combat"], [3], reactions=["Lydia"])], enemies=draugr(5, WEAPON_BREAK), companions=lydia_companion()
    )
    for order, expected in (
        ("allies_first", [("Lydia", "Follow Up", True), ("Draugr", "Weapon Break", True)]),
        ("enemies_first", [("Draugr", "Weapon Break", True), ("Lydia", "Follow Up", True)]),
    ):
        out = run_data(data, reaction_order=order)
        assert triggers(out) == expected, order
        assert out.unit("Draugr").health == 2 and out.unit("Ayrenn").health == 9


def test_the_engaged_skill_waits_for_the_other_enemies_reactions() -> None:
    # one Cleave die: 2 damage to the target Draugr (Health 3 → 1) and 1 splash to the Bomber next to it (Health
    # 1: defeated); the Bomber's Death Burst (1 unblockable to every adjacent unit) defeats the Draugr, so the
    # Draugr's Weapon Break is not used, although the Draugr comes first in the scenario
    burst = {"name": "Death Burst", "when": "defeated", "effect": {"damage": 1, "to": "adjacent", "unblockable": True}}
    cleave = {"stat": "stamina", "dice": {"Cleave": {"faces": [{"damage": 2, "splash": 1}]}}}
    enemies = {
        "Draugr": {"at": [1, 0], "health": 3, "skills": [WEAPON_BREAK]},
        "Bomber": {"at": [1, -1], "health": 1, "skills": [burst]},
    }
    adv = {"Ayrenn": adventurer(dice=["Cleave"])}
    data = battle([engage(["Cleave"], [1])], enemies=enemies, adventurers=adv, skill_lines={"Brawl": cleave})
    out = run_data(data)
    # Draugr: 2 (Health 1); Bomber: 1 splash → defeated; Death Burst: 1 to Ayrenn and 1 to the Draugr → defeated
    assert blows(out) == [
        ("Ayrenn", "Draugr", 2),
        ("Ayrenn", "Bomber", 1),
        ("Bomber", "Ayrenn", 1),
        ("Bomber", "Draugr", 1),
    ]
    assert triggers(out) == [("Bomber", "Death Burst", True), ("Draugr", "Weapon Break", False)]
    assert out.unit("Ayrenn").health == 9


def test_a_target_its_own_engaged_skill_gets_defeated_by_is_noted() -> None:
    # dice 2 (Health 3 → 1); Weapon Break here deals 1 to every adjacent unit: Ayrenn and Bran; Bran's Retaliate
    # answers and defeats the Draugr after its engaged skill fired: nothing could come before it, so it is noted
    lash = {"name": "Weapon Break", "when": "engaged", "effect": {"damage": 1, "to": "adjacent"}}
    retaliate = {"name": "Retaliate", "when": "damaged", "effect": {"damage": 1, "to": "adjacent"}}
    companions = {"Bran": {"at": [2, 0], "health": 4, "skills": [retaliate]}}
    data = battle([engage(["Combat"], [3], reactions=["Bran"])], enemies=draugr(3, lash), companions=companions)
    out = run_data(data)
    assert triggers(out) == [("Draugr", "Weapon Break", True), ("Bran", "Retaliate", True)]
    assert blows(out) == [
        ("Ayrenn", "Draugr", 2),
        ("Draugr", "Ayrenn", 1),
        ("Draugr", "Bran", 1),
        ("Bran", "Draugr", 1),
    ]
    assert [(d.unit, d.by) for d in out.of("defeat")] == [("Draugr", "Bran")]
    assert [n.text for n in out.of("note") if "step 6" in n.text] == [
        "Draugr was defeated in step 6 after its 'engaged' skill fired (by a chain of reactions that an 'engaged' "
        "skill started)"
    ]
    assert rulings(out) == []  # Bran answered the Weapon Break: the order between the sides decided nothing


# --- chains, once per skill, the allies' order ------------------------------------------------------------


def chain_battle(**options: Any) -> dict[str, Any]:
    """Ayrenn [0, 0] hits the Draugr [1, 0] (Health 3) for 2; Lydia's Follow Up defeats it; its Curse deals 1
    unblockable to every adjacent unit (Ayrenn, and Bran at [2, 0]); Bran's Retaliate deals 1 to every unit next
    to him (the Rat at [3, 0], Health 1: defeated); the Rat's Death Burst deals 1 unblockable to Bran."""
    curse = {"name": "Curse", "when": "defeated", "effect": {"damage": 1, "to": "adjacent", "unblockable": True}}
    retaliate = {"name": "Retaliate", "when": "damaged", "effect": {"damage": 1, "to": "adjacent"}}
    burst = {"name": "Death Burst", "when": "defeated", "effect": {"damage": 1, "to": "adjacent", "unblockable": True}}
    enemies = {
        "Draugr": {"at": [1, 0], "health": 3, "skills": [curse]},
        "Rat": {"at": [3, 0], "health": 1, "skills": [burst]},
    }
    return battle(
        [engage(["Combat"], [3], reactions=["Lydia", "Bran"])],
        adventurers=lydia_adventurer(),
        enemies=enemies,
        companions={"Bran": {"at": [2, 0], "health": 4, "skills": [retaliate]}},
        options=options,
    )


def test_reactions_chain_and_each_skill_fires_once() -> None:
    out = run_data(chain_battle())
    assert blows(out) == [
        ("Ayrenn", "Draugr", 2),
        ("Lydia", "Draugr", 1),
        ("Draugr", "Ayrenn", 1),
        ("Draugr", "Bran", 1),
        ("Bran", "Rat", 1),
        ("Rat", "Bran", 1),
    ]
    assert [(d.unit, d.by) for d in out.of("defeat")] == [("Draugr", "Lydia"), ("Rat", "Bran")]
    # Bran is damaged twice but his Retaliate fires once: a skill is used at most once per action
    assert triggers(out) == [
        ("Lydia", "Follow Up", True),
        ("Draugr", "Curse", True),
        ("Bran", "Retaliate", True),
        ("Rat", "Death Burst", True),
    ]
    assert [(u, out.unit(u).health) for u in ("Ayrenn", "Lydia", "Bran", "Draugr", "Rat")] == [
        ("Ayrenn", 9),
        ("Lydia", 10),
        ("Bran", 2),
        ("Draugr", 0),
        ("Rat", 0),
    ]


def test_the_chain_is_the_same_under_enemies_first() -> None:
    # every step of this chain is caused by the one before: the order of the sides changes nothing here
    allies, enemies = run_data(chain_battle()), run_data(chain_battle(reaction_order="enemies_first"))
    assert blows(enemies) == blows(allies) and triggers(enemies) == triggers(allies)
    assert enemies.state.units == allies.state.units


def test_a_companion_who_does_not_react_stops_the_chain() -> None:
    data = chain_battle()
    data["actions"][0]["reactions"] = ["Lydia"]
    out = run_data(data)
    assert triggers(out) == [("Lydia", "Follow Up", True), ("Draugr", "Curse", True), ("Bran", "Retaliate", False)]
    assert out.unit("Rat").health == 1 and out.unit("Bran").health == 3


def test_the_allies_react_in_the_order_reactions_lists_them() -> None:
    # the Draugr has Health 1 after the dice: the first Follow Up listed defeats it, the second finds no target
    companions = {"Bran": {"at": [-1, 1], "health": 5, "skills": [FOLLOW_UP]}}
    for listed in (["Lydia", "Bran"], ["Bran", "Lydia"]):
        data = battle(
            [engage(["Combat"], [3], reactions=listed)],
            adventurers=lydia_adventurer(),
            enemies=draugr(3, CURSE),
            companions=companions,
        )
        out = run_data(data)
        assert [(d.unit, d.by) for d in out.of("defeat")] == [("Draugr", listed[0])]
        assert triggers(out) == [
            (listed[0], "Follow Up", True),
            (listed[1], "Follow Up", True),
            ("Draugr", "Curse", True),
        ]
        assert [n.text for n in out.of("note") if "no living declared target" in n.text] == [
            "Follow Up: no living declared target to damage"
        ]


# --- after an aura: not an engage, but damage and defeat still trigger ------------------------------------


def test_an_aura_triggers_damaged_and_defeated_skills_but_not_engaged_ones() -> None:
    # the Lich's Death Aura deals 1 unblockable to every unit next to it: the Rat (Health 1: defeated), the Draugr
    # and Bran. Bran (listed in reactions:) answers first: his Retaliate hits the units next to him that stand,
    # the Lich and the Draugr; then the Rat's Death Burst hits its neighbours, the Lich and Bran. The Draugr's
    # Weapon Break is not used: an aura engages no one
    aura = {"name": "Death Aura", "when": "aura", "effect": {"damage": 1, "to": "adjacent", "unblockable": True}}
    burst = {"name": "Death Burst", "when": "defeated", "effect": {"damage": 1, "to": "adjacent", "unblockable": True}}
    retaliate = {"name": "Retaliate", "when": "damaged", "effect": {"damage": 1, "to": "adjacent"}}
    enemies = {
        "Lich": {"at": [2, 0], "health": 9, "skills": [aura]},
        "Rat": {"at": [3, 0], "health": 1, "skills": [burst]},
        "Draugr": {"at": [2, -1], "health": 5, "skills": [WEAPON_BREAK]},
    }
    companions = {"Bran": {"at": [3, -1], "health": 4, "skills": [retaliate]}}
    action = {"do": "aura", "unit": "Lich", "skill": "Death Aura", "reactions": ["Bran"]}
    out = run_data(battle([action], enemies=enemies, companions=companions))
    assert blows(out) == [
        ("Lich", "Rat", 1),
        ("Lich", "Draugr", 1),
        ("Lich", "Bran", 1),
        ("Bran", "Lich", 1),
        ("Bran", "Draugr", 1),
        ("Rat", "Lich", 1),
        ("Rat", "Bran", 1),
    ]
    assert triggers(out) == [("Lich", "Death Aura", True), ("Bran", "Retaliate", True), ("Rat", "Death Burst", True)]
    assert [(u, out.unit(u).health) for u in ("Lich", "Rat", "Draugr", "Bran")] == [
        ("Lich", 7),
        ("Rat", 0),
        ("Draugr", 3),
        ("Bran", 2),
    ]


# --- at the table ---------------------------------------------------------------------------------------------


def test_at_the_table_each_optional_reaction_is_asked_when_it_triggers() -> None:
    # Bran is asked about his Retaliate only once the Curse has damaged him, after Lydia's Follow Up
    data = chain_battle()
    action = data["actions"][0]
    del action["dice"], action["reactions"]
    table = Table([1, 3, 1, 2, 2])  # the current form; the Combat die shows face 3; resolve it; Lydia yes; Bran yes
    out = at_the_table(data, table)
    assert table.choices[-2:] == [
        "Choose a number from 1 to 2 — Lydia: use Follow Up (after the engage)? 1 = no, 2 = yes: ",
        "Choose a number from 1 to 2 — Bran: use Retaliate (after being damaged)? 1 = no, 2 = yes: ",
    ]
    assert triggers(out) == triggers(run_data(chain_battle()))
    assert out.unit("Rat").defeated and out.unit("Bran").health == 2
