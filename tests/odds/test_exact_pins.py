"""Every game's exact odds, pinned against an enumeration of the dice written here from the rules (see each game's
README for the rulings), never through the resolver.

Each test walks every die itself (``for a in faces(10)``…), decides the outcome with the rules spelled out in
the test, and compares the whole report: the attack's own P(hit), P(defeat) and damage distribution, each
block of what followed it (counterattack, intercept, reaction), and the game's own measures.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabroll.engine import find_ruleset
from tabroll.kit import AttackRequest
from tabroll.odds.exact import exact_odds
from tabroll.odds.report import build_report

from .helpers import Expected, check, dist, faces, odds_of, p, scenario_of, sums

D10 = Fraction(1, 10)
D6 = Fraction(1, 6)


# --- F0R60D: d10 attack against d10 evasion (ties to the defender, a natural 10 only beaten by a natural 10) ---


def evaded(attack_die: int, attack: int, evasion_die: int, evasion: int) -> bool:
    if evasion_die == 10:
        return True
    if attack_die == 10:
        return False
    return evasion >= attack


def test_forgod_attack_with_absorption_and_a_critical() -> None:
    # BA 1, Daño 2 against Evasión 2, PV 12, armour on: Absorción 2 (first hit of the round) and Absorción
    # Constante 1. A critical doubles the damage before the absorptions are taken off (the default ruling).
    scenario = scenario_of(
        {
            "ruleset": "forgod",
            "units": {
                "Caballeros": {"side": "red", "line": "normal", "BA": 1, "Daño": 2, "PV": 8},
                "Guardia": {
                    "side": "blue",
                    "line": "normal",
                    "Evasión": 2,
                    "PV": 12,
                    "Absorción": 2,
                    "Absorción Constante": 1,
                    "additions": [{"kind": "armadura", "name": "Peto"}],
                },
            },
            "actions": [{"do": "attack", "attacker": "Caballeros", "target": "Guardia"}],
        }
    )
    expected = Expected()
    for a in faces(10):
        for e in faces(10):
            if evaded(a, a + 1, e, e + 2):
                expected.outcome(D10 * D10, damage=0, cards=1)
                continue
            for d in faces(10):
                raw = (d + 2) * (2 if a == 10 else 1)
                damage = max(0, raw - 2 - 1)
                defeated = damage >= 12
                flags = ["hit"] + (["defeated"] if defeated else [])
                expected.outcome(D10**3, flags, damage=damage, cards=0 if defeated else 1)
    report = odds_of(scenario)
    check(report.attack, expected, {"hit": "hit", "defeated: Guardia": "defeated"}, {"damage": "damage"})
    check(report.game, expected, {}, {"cards left: Guardia": "cards"})
    assert p(report.attack, "hit") == Fraction(37, 100)  # 9 criticals + 28 rolls above the evasion
    assert p(report.attack, "defeated: Guardia") == Fraction(9, 200)  # only a critical with 6+ on damage
    assert report.follow_ups == [] and report.unreported == [] and report.undeclared == []


@pytest.mark.slow  # a large exact walk: run by the README's test command and CI (pytest -m slow)
def test_forgod_evaded_charge_impact_and_its_counterattack() -> None:
    # Scenario 04, the impact: the Jinetes attack at d10 + BA 2 + Avanzada 4 + Carga 4 against the Piqueros'
    # d10 + 7; not evaded, damage (d10 + Daño 3) x2 (a critical: x4), always past PV 6. Evaded, the Piqueros
    # counterattack at d10 + BA 1 + Contraataque 2 against the Jinetes' d10 + 1 - 2 (Avanzada) - 4 (charging);
    # damage d10 + Daño 2 (x2 on a critical) against PV 6.
    expected = Expected()
    for a in faces(10):
        for e in faces(10):
            if not evaded(a, a + 10, e, e + 7):
                for d in faces(10):
                    damage = (d + 3) * (4 if a == 10 else 2)
                    expected.outcome(D10**3, ["hit", "defeated: Piqueros"], damage=damage, jinetes=1, piqueros=0)
                continue
            for c in faces(10):
                for j in faces(10):
                    if evaded(c, c + 3, j, j - 5):
                        expected.outcome(D10**4, ["counter"], damage=0, taken=0, jinetes=1, piqueros=1)
                        continue
                    for g in faces(10):
                        taken = (g + 2) * (2 if c == 10 else 1)
                        fell = taken >= 6
                        flags = ["counter", "hit on Jinetes"] + (["defeated: Jinetes"] if fell else [])
                        expected.outcome(D10**5, flags, damage=0, taken=taken, jinetes=0 if fell else 1, piqueros=1)
    # The counterattack's damage is 0 in every outcome where it does not happen.
    expected.numbers["taken"][0] += 1 - sum(expected.numbers["taken"].values(), Fraction(0))
    report = odds_of(scenario_of("forgod/04-evaded-charge-counterattack.yaml"), action=3)
    check(report.attack, expected, {"hit": "hit", "defeated: Piqueros": "defeated: Piqueros"}, {"damage": "damage"})
    assert p(report.attack, "hit") == Fraction(69, 100)  # not 594/625: the counterattack is not the charge's hit
    (counter,) = report.follow_ups
    assert counter.label == "counterattack"
    check(
        counter,
        expected,
        {"happens": "counter", "hit on Jinetes": "hit on Jinetes", "defeated: Jinetes": "defeated: Jinetes"},
        {"damage taken by Jinetes": "taken"},
    )
    check(report.game, expected, {}, {"cards left: Jinetes": "jinetes", "cards left: Piqueros": "piqueros"})
    assert dist(report.game, "cards left: Honderos") == {1: 1}  # a level that no blow reaches keeps its value


# --- Magic: The Gathering of Heroes: Power d6 against Toughness d6, the excess off Life -----------------------


def test_mtg_exchange_and_counterattack_from_the_command_line() -> None:
    # The issue's case: A and B with Power 1, Toughness 1, Life 5. A's 1d6 against B's Toughness 1d6; B, if
    # still standing, counterattacks with 1d6 against A's Toughness 1d6 (rolled: A has not fought this turn).
    game = find_ruleset("mtg_heroes")
    stats = {"Power": "1", "Toughness": "1", "Life": "5"}
    built = game.quick_attack(AttackRequest(attacker="A", target="B", attacker_stats=stats, target_stats=stats))
    result = exact_odds(game, built.state, built.steps[0].action)
    report = build_report(result.tally, exact=True, samples=result.leaves)
    expected = Expected()
    for a in faces(6):
        for b in faces(6):
            excess = max(0, a - b)
            flags = ["hit"] * (excess > 0) + ["defeated: B"] * (excess >= 5)
            if excess >= 5:
                expected.outcome(D6 * D6, flags, damage=excess, taken=0, life_a=5, life_b=0)
                continue
            for c in faces(6):
                for t in faces(6):
                    back = max(0, c - t)
                    more = ["counter"] + ["hit on A"] * (back > 0) + ["defeated: A"] * (back >= 5)
                    expected.outcome(D6**4, flags + more, damage=excess, taken=back, life_a=5 - back, life_b=5 - excess)
    check(report.attack, expected, {"hit": "hit", "defeated: B": "defeated: B"}, {"damage": "damage"})
    assert p(report.attack, "hit") == Fraction(5, 12)  # not 95/144: A's own hit only
    (counter,) = report.follow_ups
    check(
        counter,
        expected,
        {"happens": "counter", "hit on A": "hit on A", "defeated: A": "defeated: A"},
        {"damage taken by A": "taken"},
    )
    check(report.game, expected, {}, {"Life left: A": "life_a", "Life left: B": "life_b"})
    assert report.game.means["Life left: B"].exact == 5 - report.attack.means["damage"].exact


@pytest.mark.slow  # a large exact walk: run by the README's test command and CI (pytest -m slow)
def test_mtg_two_dice_exchange_of_the_bundled_scenario() -> None:
    # Scenario 02, action 1: Grizzly Bear (Power 2, Toughness 2, Life 4) attacks Kaya (Power 1, Toughness 2,
    # Life 8): 2d6 against 2d6; Kaya, standing, answers 1d6 against the Bear's 2d6.
    two, one = sums(2, 6), sums(1, 6)
    expected = Expected()
    for a, pa in two.items():
        for b, pb in two.items():
            excess = max(0, a - b)
            flags = ["hit"] * (excess > 0) + ["defeated: Kaya"] * (excess >= 8)
            if excess >= 8:
                expected.outcome(pa * pb, flags, damage=excess, taken=0, kaya=0, bear=4)  # no answer from Kaya
                continue
            for c, pc in one.items():
                for t, pt in two.items():
                    back = max(0, c - t)  # the damage dealt is the whole excess; Life stops at 0
                    more = ["counter"] + ["hit on Bear"] * (back > 0) + ["defeated: Bear"] * (back >= 4)
                    numbers = {"damage": excess, "taken": back, "kaya": 8 - excess, "bear": max(0, 4 - back)}
                    expected.outcome(pa * pb * pc * pt, flags + more, **numbers)
    report = odds_of(scenario_of("mtg_heroes/02-direct-combat.yaml"))
    check(report.attack, expected, {"hit": "hit", "defeated: Kaya": "defeated: Kaya"}, {"damage": "damage"})
    assert p(report.attack, "hit") == Fraction(575, 1296)
    (counter,) = report.follow_ups
    check(
        counter,
        expected,
        {"happens": "counter", "hit on Grizzly Bear": "hit on Bear", "defeated: Grizzly Bear": "defeated: Bear"},
        {"damage taken by Grizzly Bear": "taken"},
    )
    check(report.game, expected, {}, {"Life left: Kaya": "kaya", "Life left: Grizzly Bear": "bear"})


def test_mtg_intercept_is_its_own_block_and_the_declared_target_is_never_hit() -> None:
    # Scenario 04, action 5: Sorin (Power 2) attacks Liliana; her Zombie (Toughness 1, Life 5) steps in, and
    # does not counterattack. Sorin's 2d6 meets the Zombie's 1d6.
    expected = Expected()
    for a, pa in sums(2, 6).items():
        for t in faces(6):
            excess = max(0, a - t)
            flags = ["hit on Zombie"] * (excess > 0) + ["defeated: Zombie"] * (excess >= 5)
            expected.outcome(pa * D6, ["intercept", *flags], taken=excess, zombie=max(0, 5 - excess))
    report = odds_of(scenario_of("mtg_heroes/04-ranges-and-intercept.yaml"), action=5)
    assert p(report.attack, "hit") == 0 and dist(report.attack, "damage") == {0: 1}
    (intercept,) = report.follow_ups
    assert intercept.label == "intercept"
    check(
        intercept,
        expected,
        {"happens": "intercept", "hit on Zombie": "hit on Zombie", "defeated: Zombie": "defeated: Zombie"},
        {"damage taken by Zombie": "taken"},
    )
    assert p(intercept, "hit on Zombie") == Fraction(181, 216)
    check(report.game, expected, {}, {"Life left: Zombie": "zombie"})


# --- TAB MASTER: rolled DAN against DEF (more than DEF defeats) -------------------------------------------------


def test_tabmaster_projectile_hit_then_damage() -> None:
    # Scenario 05: the Arqueiro's attack die 1d10 + 2 must reach the distance 8 (6..10: 1/2); then 1d20 DAN
    # against the Lanceiro's DEF 6.
    expected = Expected()
    for a in faces(10):
        if a + 2 < 8:
            expected.outcome(D10, damage=0)
            continue
        for d in faces(20):
            expected.outcome(D10 / 20, ["hit"] + ["defeated"] * (d > 6), damage=d)
    report = odds_of(scenario_of("tabmaster/05-projectile-arqueiro.yaml"))
    check(report.attack, expected, {"hit": "hit", "defeated: Lanceiro": "defeated"}, {"damage": "damage"})


def test_tabmaster_common_attack() -> None:
    # Scenario 01: the Lanceiro's 1d20 against the Alquimista's DEF 3; there is no hit roll, the attack lands.
    expected = Expected()
    for d in faces(20):
        expected.outcome(Fraction(1, 20), ["hit"] + ["defeated"] * (d > 3), damage=d)
    report = odds_of(scenario_of("tabmaster/01-common-lanceiro.yaml"))
    check(report.attack, expected, {"hit": "hit", "defeated: Alquimista": "defeated"}, {"damage": "damage"})


# --- Ahotnik: the synapse picks the direction; fixed damage, Shields first ------------------------------------


def _ahotnik_pilots(expected_direction: dict[tuple[str, int], Fraction]) -> None:
    """Each pilot names 1..6 (the dice ask for both); equal numbers: success in that direction; different:
    forced, and a fair pick between the two numbers."""
    for one in faces(6):
        for two in faces(6):
            if one == two:
                expected_direction[("success", one)] = expected_direction.get(("success", one), 0) + D6 * D6
            else:
                for picked in (one, two):
                    key = ("forced", picked)
                    expected_direction[key] = expected_direction.get(key, 0) + D6 * D6 / 2


def test_ahotnik_ranged_shot_over_several_targets_with_a_forced_synapse() -> None:
    # No enemy next to the Lynx: it shoots along the direction it faces. East (direction 2) the line holds the
    # Imp (a Demon: Shields 1, Life 2) and then the Bear (Shields 0, Life 3); west (direction 5) the Wolf (Shields
    # 1, Life 4); the other directions hold nobody. Success: 3, 2, 1… along the line; forced: 1, 0, 0…
    scenario = scenario_of(
        {
            "ruleset": "ahotnik",
            "map": {"radius": 3},
            "threat": 5,
            "ahotniks": {
                "Lynx": {"at": [0, 0], "facing": 1, "shields": 2, "life": 6},
                "Bear": {"at": [3, 0], "facing": 5, "shields": 0, "life": 3},
                "Wolf": {"at": [-2, 0], "facing": 2, "shields": 1, "life": 4},
            },
            "demons": {"Imp": {"at": [2, 0], "shields": 1, "life": 2}},
            "actions": [{"do": "attack", "ahotnik": "Lynx"}],
        }
    )
    lines = {2: [("Imp", 1, 2), ("Bear", 0, 3)], 5: [("Wolf", 1, 4)]}
    chances: dict[tuple[str, int], Fraction] = {}
    _ahotnik_pilots(chances)
    expected = Expected()
    for (synapse, direction), chance in chances.items():
        sequence = [3, 2, 1] if synapse == "success" else [1]
        flags: list[str] = []
        left = {"Imp": (1, 2), "Bear": (0, 3), "Wolf": (1, 4)}
        taken = {"Imp": 0, "Bear": 0, "Wolf": 0}
        for i, (name, shields, life) in enumerate(lines.get(direction, [])):
            amount = sequence[i] if i < len(sequence) else 0
            to_shields = min(amount, shields)
            to_life = min(amount - to_shields, life)
            left[name] = (shields - to_shields, life - to_life)
            taken[name] = to_shields + to_life
            flags += ["hit", f"hit: {name}"]
            if name == "Imp":
                flags.append("transition")
            if life - to_life == 0 and name == "Imp":
                flags += ["exiled: Imp", "defeated: Imp"]
        exiled = "exiled: Imp" in flags
        expected.outcome(
            chance,
            flags,
            to_imp=taken["Imp"],
            to_bear=taken["Bear"],
            to_wolf=taken["Wolf"],
            imp_life=left["Imp"][1],
            imp_shields=left["Imp"][0],
            bear_life=left["Bear"][1],
            wolf_shields=left["Wolf"][0],
            dna=int(exiled),
            threat=5 - int(exiled),
        )
    report = odds_of(scenario)
    check(
        report.attack,
        expected,
        {"hit": "hit", "hit: Imp": "hit: Imp", "hit: Bear": "hit: Bear", "hit: Wolf": "hit: Wolf"},
        {"damage to Imp": "to_imp", "damage to Bear": "to_bear", "damage to Wolf": "to_wolf"},
    )
    assert "damage" not in report.attack.distributions  # each unit's own damage, never their sum
    assert p(report.attack, "hit") == Fraction(1, 3) and p(report.attack, "defeated: Imp") == Fraction(1, 36)
    check(
        report.game,
        expected,
        {"enters phase transition: Lynx": "transition", "exiled: Imp": "exiled: Imp"},
        {
            "Life left: Imp": "imp_life",
            "Shields left: Imp": "imp_shields",
            "Life left: Bear": "bear_life",
            "Shields left: Wolf": "wolf_shields",
            "DNA gained: Lynx": "dna",
            "threat": "threat",
        },
    )
    assert report.unreported == [] and report.undeclared == []


def test_ahotnik_melee_goes_straight_to_life_only_in_the_facing_direction() -> None:
    # The Ogre Demon is next to the Lynx, to the east (direction 2): melee, 2 damage on a success, 1 forced;
    # straight to Life if the Lynx ends up facing east, else Shields first.
    scenario = scenario_of(
        {
            "ruleset": "ahotnik",
            "map": {"radius": 3},
            "threat": 3,
            "ahotniks": {"Lynx": {"at": [0, 0], "facing": 1, "shields": 2, "life": 6}},
            "demons": {"Ogre": {"at": [1, 0], "shields": 2, "life": 3}},
            "actions": [{"do": "attack", "ahotnik": "Lynx"}],
        }
    )
    chances: dict[tuple[str, int], Fraction] = {}
    _ahotnik_pilots(chances)
    expected = Expected()
    for (synapse, direction), chance in chances.items():
        amount = 2 if synapse == "success" else 1
        if direction == 2:
            shields, life = 2, 3 - amount
        else:
            shields, life = 2 - amount, 3
        expected.outcome(chance, ["hit"], damage=amount, life=life, shields=shields)
    report = odds_of(scenario)
    check(report.attack, expected, {"hit": "hit"}, {"damage": "damage"})
    check(report.game, expected, {}, {"Life left: Ogre": "life", "Shields left: Ogre": "shields"})
    assert p(report.game, "enters phase transition: Lynx") == 1


# --- BotSE: faces of custom dice, damage summed and dealt once against Defense --------------------------------

# The sample dice (rulesets/botse/sample_dice.yaml), face by face: (damage, tenacity, goes to the cooldown
# track). A resolved instant or cooldown face and an unresolved (blank) or tenacity face are exhausted to the
# cooldown track; a drained or status face is not.
FIRE_STAFF = [(2, 0, 1), (3, 0, 1), (1, 0, 0), (0, 1, 1), (0, 0, 1), (2, 0, 0)]
COMBAT = [(1, 0, 1), (1, 0, 1), (2, 0, 1), (0, 1, 1), (0, 0, 1), (1, 0, 1)]
SWORD = [(2, 0, 1), (1, 0, 1), (0, 1, 1), (0, 0, 1), (3, 0, 0), (1, 0, 1)]


def test_botse_engage_whose_damage_is_summed_against_defense() -> None:
    # Two Fire Staff dice against a Draugr (Health 8, Defense 2): the dice's damage is summed and dealt once,
    # Defense stops 2 of it.
    scenario = scenario_of(
        {
            "ruleset": "botse",
            "dice_set": "sample",
            "map": {"radius": 3},
            "adventurers": {
                "Ayrenn": {
                    "at": [0, 0],
                    "stamina": 3,
                    "magicka": 2,
                    "health": 10,
                    "form": "magic",
                    "dice": ["Fire Staff", "Fire Staff"],
                }
            },
            "enemies": {"Draugr": {"at": [2, 0], "health": 8, "defense": 2}},
            "actions": [{"do": "engage", "adventurer": "Ayrenn", "target": "Draugr", "gather": ["Fire Staff"] * 2}],
        }
    )
    expected = Expected()
    for one in FIRE_STAFF:
        for two in FIRE_STAFF:
            damage = one[0] + two[0]
            expected.outcome(
                D6 * D6,
                ["hit"] * (damage > 0),
                damage=damage,
                health=8 - max(0, damage - 2),
                tenacity=one[1] + two[1],
                cooldown=one[2] + two[2],
            )
    report = odds_of(scenario)
    check(report.attack, expected, {"hit": "hit"}, {"damage": "damage"})
    check(
        report.game,
        expected,
        {},
        {
            "Health left: Draugr": "health",
            "tenacity gained: Ayrenn": "tenacity",
            "dice to cooldown: Ayrenn": "cooldown",
        },
    )
    assert dist(report.game, "light fatigue gained: Ayrenn") == {0: 1}  # the first engage of the turn
    assert report.unreported == [] and report.undeclared == []


def test_botse_engage_and_the_reaction_of_a_defeated_enemy() -> None:
    # Scenario 08: a Combat die and a Sword die against a Skeleton (Health 3, Defense 1). Defeated, its Death
    # Burst deals 1 unblockable damage to the adjacent Ayrenn: a reaction, not the engage's own damage.
    expected = Expected()
    for combat in COMBAT:
        for sword in SWORD:
            damage = combat[0] + sword[0]
            lost = min(3, max(0, damage - 1))
            defeated = lost == 3
            flags = ["hit"] * (damage > 0) + ["defeated", "reaction", "hit on Ayrenn"] * defeated
            expected.outcome(
                D6 * D6,
                flags,
                damage=damage,
                taken=int(defeated),
                skeleton=3 - lost,
                ayrenn=10 - int(defeated),
                tenacity=combat[1] + sword[1],
                cooldown=combat[2] + sword[2],
            )
    report = odds_of(scenario_of("botse/08-defeated-target-does-not-react.yaml"))
    check(report.attack, expected, {"hit": "hit", "defeated: Skeleton": "defeated"}, {"damage": "damage"})
    (reaction,) = report.follow_ups
    assert reaction.label == "reaction"
    check(
        reaction,
        expected,
        {"happens": "reaction", "hit on Ayrenn": "hit on Ayrenn"},
        {"damage taken by Ayrenn": "taken"},
    )
    check(
        report.game,
        expected,
        {},
        {
            "Health left: Skeleton": "skeleton",
            "Health left: Ayrenn": "ayrenn",
            "tenacity gained: Ayrenn": "tenacity",
            "dice to cooldown: Ayrenn": "cooldown",
        },
    )


# --- more bundled scenarios -------------------------------------------------------------------------------------


def test_forgod_tie_goes_to_the_defender_bundled() -> None:
    # Scenario 01: d10 + BA 3 against d10 + Evasión 2 (ties evade); damage d10 + Daño 2 against PV 5.
    expected = Expected()
    for a in faces(10):
        for e in faces(10):
            if evaded(a, a + 3, e, e + 2):
                expected.outcome(D10 * D10, damage=0)
                continue
            for d in faces(10):
                damage = (d + 2) * (2 if a == 10 else 1)
                expected.outcome(D10**3, ["hit"] + ["defeated"] * (damage >= 5), damage=damage)
    report = odds_of(scenario_of("forgod/01-tie-goes-to-the-defender.yaml"))
    check(report.attack, expected, {"hit": "hit", "defeated: Arqueros": "defeated"}, {"damage": "damage"})


def test_forgod_critical_beats_any_bonus_bundled() -> None:
    # Scenario 02: against Evasión 20 only a natural 10 lands (and not against a natural 10): 9/100; doubled
    # damage (d10 + 3) x 2 against PV 20.
    expected = Expected()
    for a in faces(10):
        for e in faces(10):
            if evaded(a, a, e, e + 20):
                expected.outcome(D10 * D10, damage=0)
                continue
            for d in faces(10):
                damage = (d + 3) * (2 if a == 10 else 1)
                expected.outcome(D10**3, ["hit"] + ["defeated"] * (damage >= 20), damage=damage)
    report = odds_of(scenario_of("forgod/02-critical-beats-any-bonus.yaml"))
    check(report.attack, expected, {"hit": "hit", "defeated: Coloso": "defeated"}, {"damage": "damage"})
    assert p(report.attack, "hit") == Fraction(9, 100)


@pytest.mark.slow  # a large exact walk: run by the README's test command and CI (pytest -m slow)
def test_forgod_plain_flank_and_the_counterattack_when_it_fails_bundled() -> None:
    # Scenario 08: opposed Fortaleza d10 + 2 against d10 + 1 (the defender wins ties; a natural 10 wins, the
    # defender's first). Won: attack d10 + BA 1 + 4 against d10 + 1; damage d10 + 1 + 4 (x2 on a critical),
    # minus the Guardias' Absorción 2 (armour on), against PV 12. Lost: the Guardias counterattack at d10 + 2
    # against the Exploradores' d10 + 0; damage d10 (x2 on a critical) against PV 6.
    expected = Expected()
    for f in faces(10):
        for g in faces(10):
            won = g != 10 and (f == 10 or f + 2 > g + 1)
            if won:
                for a in faces(10):
                    for e in faces(10):
                        if evaded(a, a + 5, e, e + 1):
                            expected.outcome(D10**4, damage=0, taken=0)
                            continue
                        for d in faces(10):
                            damage = max(0, (d + 5) * (2 if a == 10 else 1) - 2)
                            flags = ["hit"] + ["defeated"] * (damage >= 12)
                            expected.outcome(D10**5, flags, damage=damage, taken=0)
                continue
            for c in faces(10):
                for j in faces(10):
                    if evaded(c, c + 2, j, j):
                        expected.outcome(D10**4, ["counter"], damage=0, taken=0)
                        continue
                    for d in faces(10):
                        taken = d * (2 if c == 10 else 1)
                        flags = ["counter", "hit on"] + ["fell"] * (taken >= 6)
                        expected.outcome(D10**5, flags, damage=0, taken=taken)
    report = odds_of(scenario_of("forgod/08-flank.yaml"))
    check(report.attack, expected, {"hit": "hit", "defeated: Guardias": "defeated"}, {"damage": "damage"})
    (counter,) = report.follow_ups
    check(
        counter,
        expected,
        {"happens": "counter", "hit on Exploradores": "hit on", "defeated: Exploradores": "fell"},
        {"damage taken by Exploradores": "taken"},
    )


@pytest.mark.slow  # a large exact walk: run by the README's test command and CI (pytest -m slow)
def test_mtg_first_strike_defender_strikes_first_bundled() -> None:
    # Scenario 03, action 1: the Goblin Lookout (First Strike; Power 1, Toughness 1, Life 2) strikes first with
    # 1d6 against the Craw Wurm's Toughness 3d6 (Life 6: it cannot fall to one die); then the Wurm's Power 3d6
    # against the Goblin's Toughness 1d6.
    three = sums(3, 6)
    expected = Expected()
    for g in faces(6):
        for t, pt in three.items():
            back = max(0, g - t)
            for a, pa in three.items():
                for b in faces(6):
                    excess = max(0, a - b)
                    flags = ["counter"] + ["hit on"] * (back > 0) + ["hit"] * (excess > 0)
                    flags += ["defeated"] * (excess >= 2)
                    expected.outcome(D6 * pt * pa * D6, flags, damage=excess, taken=back, wurm=6 - back)
    report = odds_of(scenario_of("mtg_heroes/03-first-strike-trample.yaml"))
    check(report.attack, expected, {"hit": "hit", "defeated: Goblin Lookout": "defeated"}, {"damage": "damage"})
    (counter,) = report.follow_ups
    check(
        counter, expected, {"happens": "counter", "hit on Craw Wurm": "hit on"}, {"damage taken by Craw Wurm": "taken"}
    )
    check(report.game, expected, {}, {"Life left: Craw Wurm": "wurm"})


def test_ahotnik_forced_synapse_of_the_bundled_scenario() -> None:
    # Scenario 03: the pilots name 2 and 4 (forced); a fair pick. Direction 2 shoots for 1: the Bear's Shields
    # take it, the Storm Demon behind takes 0 but is hit (phase transition); direction 4 finds nobody.
    expected = Expected()
    expected.outcome(Fraction(1, 2), ["hit", "Bear", "Demon", "transition"], damage=1, demon=0, bear=0)
    expected.outcome(Fraction(1, 2), damage=0, demon=0, bear=1)
    report = odds_of(scenario_of("ahotnik/03-forced-synapse-singularity.yaml"))
    check(
        report.attack,
        expected,
        {"hit": "hit", "hit: Bear": "Bear", "hit: Storm Demon": "Demon"},
        {"damage to Bear": "damage", "damage to Storm Demon": "demon"},
    )
    assert "damage" not in report.attack.distributions  # two units struck: each one's damage, never their sum
    check(report.game, expected, {"enters phase transition: Lynx": "transition"}, {"Shields left: Bear": "bear"})


def test_tabmaster_magic_and_secondary_with_the_at_least_threshold_bundled() -> None:
    # Scenarios 03 and 04 run with the at_least threshold: 1d4 against DEF 3 defeats on 3 or 4.
    for path, target in (
        ("tabmaster/03-magic-alquimista.yaml", "Feiticeiro"),
        ("tabmaster/04-secondary-arqueiro.yaml", "Feiticeiro"),
    ):
        expected = Expected()
        for d in faces(4):
            expected.outcome(Fraction(1, 4), ["hit"] + ["defeated"] * (d >= 3), damage=d)
        report = odds_of(scenario_of(path))
        check(report.attack, expected, {"hit": "hit", f"defeated: {target}": "defeated"}, {"damage": "damage"})


def test_ahotnik_worked_examples_have_one_outcome_each() -> None:
    # The source's worked examples (the pilots' numbers are given, nothing is left to chance). Example 2: the
    # line skips the Red Ahotnik in phase transition; Earth Demon 3 (Shields 2 then Life 1), Blue 2 (Shields 1,
    # Life 1), Water Demon 1 (exiled), Green 0.
    report = odds_of(scenario_of("ahotnik/02-ranged-skips-phase-transition.yaml"))
    assert report.samples == 1 and p(report.attack, "hit") == 1
    taken = {name: dist(report.attack, f"damage to {name}") for name in ("Earth Demon", "Blue", "Water Demon", "Green")}
    assert taken == {"Earth Demon": {3: 1}, "Blue": {2: 1}, "Water Demon": {1: 1}, "Green": {0: 1}}
    assert "hit: Red" not in report.attack.probabilities
    assert p(report.attack, "defeated: Water Demon") == 1 and p(report.game, "exiled: Water Demon") == 1
    assert dist(report.game, "Life left: Earth Demon") == {3: 1} and dist(report.game, "threat") == {5: 1}
    assert dist(report.game, "DNA gained: Eagle") == {1: 1}
    # Example 1, a whole phase: the Eagle hits the Fire Demon behind it (2 on Shields 1 then Life), enters phase
    # transition, and the Wolf then shoots west through the Eagle's hex: 3 more, the Fire Demon is exiled.
    phase = odds_of(scenario_of("ahotnik/01-eagle-demon-priority.yaml"))
    eagle, wolf = phase.follow_ups
    assert (eagle.label, wolf.label) == ("attack by Eagle", "attack by Wolf") and not phase.attack
    assert dist(eagle, "damage taken by Fire Demon") == {2: 1} and p(eagle, "defeated: Fire Demon") == 0
    assert p(wolf, "defeated: Fire Demon") == 1 and dist(phase.game, "DNA gained: Wolf") == {1: 1}
    assert p(phase.game, "enters phase transition: Eagle") == 1


def test_botse_summed_dice_then_a_separate_item_bundled() -> None:
    # Scenario 05: two Fire Staff dice summed against the Draugr's Defense 2, then the Ember Staff's 1 damage,
    # which meets the Defense the dice left (the running total of this engage lowers it).
    expected = Expected()
    for one in FIRE_STAFF:
        for two in FIRE_STAFF:
            dice = one[0] + two[0]
            defense_left = max(0, 2 - dice)
            lost = max(0, dice - 2) + max(0, 1 - defense_left)
            expected.outcome(D6 * D6, ["hit"], damage=dice + 1, health=8 - lost, cooldown=one[2] + two[2])
    report = odds_of(scenario_of("botse/05-summed-damage-and-defense.yaml"))
    check(report.attack, expected, {"hit": "hit"}, {"damage": "damage"})
    check(report.game, expected, {}, {"Health left: Draugr": "health", "dice to cooldown: Ayrenn": "cooldown"})
