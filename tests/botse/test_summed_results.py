"""The exact walk places a plain engage's results at once (``resolve_summed``): the summed damage dealt once, the
adventurer put once, one entry for the roll in its log (and no word of Defense lowered and restored). Played
(run, play, the journal, given dice, Monte Carlo) each die is still drawn, logged, resolved and placed one by
one. Both end in the same battle with the same blows: pinned here with exact faces, and for any plain engage by
Hypothesis."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import GivenDice, SeededDice
from tabroll.engine import Resolution
from tabroll.errors import RuleRefusal
from tabroll.odds.exact import PrefixDice, _Walker
from tabroll.odds.montecarlo import _TapeDice
from tabroll.odds.tally import Tally
from tests.botse.helpers import adventurer, battle, engage
from tests.botse.test_exact_merging import PLAIN_FACES, SKILLS, engages
from tests.odds.helpers import scenario_of
from tests.support import examples


class WalkedGiven(GivenDice):
    """Given faces, drawn as the exact walk draws: a source that makes its values itself (the marker
    :attr:`~tabroll.engine.work.BaseTurn.walked` reads), so the rules take the walk's way."""

    valid_by_construction = True


def both(data: dict[str, Any], faces: list[int]) -> tuple[Resolution, Resolution]:
    """The first action of ``data`` with ``faces``: played (given dice), then as the exact walk takes it."""
    scenario = scenario_of(data)
    state, action = scenario.state, scenario.steps[0].action
    played = scenario.ruleset.resolve(state, action, GivenDice(faces, origin="test"))
    walked = scenario.ruleset.resolve(state, action, WalkedGiven(faces, origin="test"))
    return played, walked


def kinds(resolution: Resolution) -> list[str]:
    return [event.kind for event in resolution.events]


def swords_and_combat(**stats: Any) -> dict[str, Any]:
    """Two Swords and two Combat dice of the sample set against a Draugr of Health 4 and Defense 2 (the
    benchmark's engage)."""
    hero = adventurer(stamina=4, magicka=0, form="light_weapon", dice=["Sword", "Sword", "Combat", "Combat"], **stats)
    return battle(
        [engage(["Sword", "Sword", "Combat", "Combat"], [])],
        adventurers={"Ayrenn": hero},
        enemies={"Draugr": {"at": [1, 0], "health": 4, "defense": 2}},
    )


def test_the_walk_places_the_summed_results_at_once() -> None:
    """Sword 3 damage (drained), Sword blank, Combat tenacity, Combat 1 damage (cooldown): 4 damage dealt once,
    Defense 2 stops 2, the Draugr keeps 2 Health; 1 tenacity; on the track the resolved dice in roll order (the
    two Combat dice), then the blank Sword; the drained Sword drained. Played, the same battle after four
    results one by one; walked, one entry for the roll, one dealing, one tenacity gained and no placement of
    each die."""
    played, walked = both(swords_and_combat(cooldown_slots=4), [5, 4, 4, 6])
    ayrenn = walked.state.adventurer("Ayrenn")
    assert (ayrenn.tenacity, ayrenn.cooldown, ayrenn.drained) == (1, ("Combat", "Combat", "Sword", None), ("Sword",))
    assert walked.state.unit("Draugr").health == 2
    assert walked.state == played.state
    assert kinds(played).count("roll") == 4 and kinds(played).count("die_placed") == 4
    rolls = [e for e in walked.events if e.kind == "roll"]
    assert [(r.dice, r.values) for r in rolls] == [("4d6", (5, 4, 4, 6))]
    assert [(e.amount, e.lost) for e in walked.events if e.kind == "damage"] == [(4, 2)]
    assert [(e.amount, e.total) for e in walked.events if e.kind == "tenacity"] == [(1, 1)]
    assert "die_placed" not in kinds(walked) and "die_result" not in kinds(walked)
    # Defense lowered by the 4 damage, then restored after the engage: said when played, not in the walk's log
    assert kinds(played).count("modifier") == 2 and "modifier" not in kinds(walked)


class WalkedUnread(WalkedGiven):
    """Given faces, drawn as the exact walk draws when it reads no roll of the log (no final states asked for)."""

    reads_rolls = False


def test_a_walk_that_reads_no_roll_is_logged_none() -> None:
    """The exact walk without final states reads no roll of its log (``reads_rolls``, as the core's plain rolls):
    the summed engage then logs no entry for its roll; the battle and the blows are the same."""
    scenario = scenario_of(swords_and_combat(cooldown_slots=4))
    state, action = scenario.state, scenario.steps[0].action
    read = scenario.ruleset.resolve(state, action, WalkedGiven([5, 4, 4, 6], origin="test"))
    unread = scenario.ruleset.resolve(state, action, WalkedUnread([5, 4, 4, 6], origin="test"))
    assert kinds(read).count("roll") == 1 and "roll" not in kinds(unread)
    assert unread.state == read.state and blows(scenario, unread) == blows(scenario, read)
    assert [e for e in read.events if e.kind != "roll"] == list(unread.events)


def test_a_full_track_drains_the_dice_in_the_order_played() -> None:
    """Two open slots of three, and four dice: the Combat 2 damage and the Sword tenacity take them (resolved, in
    roll order); the Sword 3 damage is drained by its code; the blank Combat finds the track full and is drained
    after it (ruling full_track: drain, said once)."""
    played, walked = both(swords_and_combat(cooldown_slots=3, cooldown=["Sword"]), [5, 3, 5, 3])
    ayrenn = walked.state.adventurer("Ayrenn")
    assert ayrenn.cooldown == ("Sword", "Sword", "Combat") and ayrenn.drained == ("Sword", "Combat")
    assert walked.state == played.state
    rulings = [e.option for e in walked.events if e.kind == "ruling"]
    assert rulings.count("full_track") == 1 and "damage_summing" in rulings
    assert any("is drained instead" in e.text for e in walked.events if e.kind == "note")


def test_a_blank_roll_deals_nothing_and_says_no_summing() -> None:
    """Nothing on any face to deal (blank and tenacity): no damage, no ruling on summing, as played."""
    played, walked = both(swords_and_combat(cooldown_slots=4), [4, 3, 5, 4])
    assert walked.state == played.state and walked.state.adventurer("Ayrenn").tenacity == 2
    assert "damage" not in kinds(walked) and "damage" not in kinds(played)
    assert "ruling" not in kinds(walked) and "ruling" not in kinds(played)


def test_an_engage_with_a_reroll_is_placed_die_by_die_when_walked() -> None:
    """A reroll takes the engage off the summed way: walked too, each die is logged, rerolled and placed on its
    own."""
    data = swords_and_combat(cooldown_slots=4)
    data["actions"][0]["reroll"] = [2]
    played, walked = both(data, [5, 4, 4, 6, 1])
    assert walked.state == played.state
    said = [kind for kind in kinds(played) if kind != "modifier"]  # Defense lowered and restored: played only
    assert kinds(walked) == said and said.count("die_placed") == 4 and said.count("roll") == 5


def blows(scenario: Any, resolution: Resolution) -> list[Any]:
    return scenario.ruleset.blows(scenario.steps[0].action, resolution.events)


@st.composite
def plain_engages(draw: st.DrawFn, slots: int = 4) -> Any:
    """Plain engages (the summed way) whose dice often show blanks (placed after the resolved dice) on a short
    cooldown track (which fills, with up to 4 ``slots``): where the order the dice are placed in shows."""
    faces = st.sampled_from(PLAIN_FACES) | st.just("blank")
    sides = draw(st.integers(2, 4))  # one size: one row, or two sizes: two rows and a Results step
    dice = {name: {"faces": draw(st.lists(faces, min_size=sides, max_size=sides if name == "Axe" else 4))}
            for name in ("Axe", "Maul")}  # fmt: skip
    slots = draw(st.integers(1, slots))
    hero = adventurer(stamina=4, magicka=0, form="light_weapon", dice=["Axe"] * 4 + ["Maul"] * 4)
    hero.update(cooldown_slots=slots, cooldown=["Axe"] * draw(st.integers(0, slots - 1)),
                tenacity=draw(st.integers(0, 2)))  # fmt: skip
    enemy = {"at": [1, 0], "health": draw(st.integers(1, 6)), "defense": draw(st.integers(0, 2)),
             "skills": draw(st.lists(st.sampled_from(SKILLS), max_size=2, unique_by=lambda s: s["name"]))}  # fmt: skip
    gather = draw(st.lists(st.sampled_from(["Axe", "Maul"]), min_size=2, max_size=4))
    options = {"full_track": draw(st.sampled_from(["drain", "refuse"]))}
    data = battle([engage(gather, [])], adventurers={"Ayrenn": hero}, enemies={"Draugr": enemy}, options=options)
    del data["dice_set"]
    data["skill_lines"] = {"Arms": {"stat": "stamina", "dice": dice}}
    return scenario_of(data)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain_engages() | engages(), st.data())
def test_the_walked_placement_is_the_played_one(scenario: Any, data: st.DataObject) -> None:
    """Any engage of random dice (mostly plain ones, the summed way), any faces: walked as the exact walk
    takes it and played, the battle after it, its blows and the game's measures are the same (or both are
    refused alike)."""
    state, action = scenario.state, scenario.steps[0].action
    faces = [data.draw(st.integers(1, state.dice[name].sides), label=name) for name in action.gather]
    outcomes: list[Resolution | str] = []
    for dice in (GivenDice(faces, origin="test"), WalkedGiven(faces, origin="test")):
        try:
            outcomes.append(scenario.ruleset.resolve(state, action, dice))
        except RuleRefusal as refusal:
            outcomes.append(refusal.message)
    played, walked = outcomes
    if isinstance(played, str) or isinstance(walked, str):
        assert played == walked
        return
    assert walked.state == played.state
    assert blows(scenario, walked) == blows(scenario, played)
    measures = scenario.ruleset.outcome_measures
    assert measures(state, walked.state, walked.events) == measures(state, played.state, played.events)


def test_the_walks_source_is_walked() -> None:
    """The odds' own sources (the exact walk's and Monte Carlo's) are the ones the rules see as walked; played
    sources are not."""
    from tabroll.rulesets.botse.work import BotseTurn

    walker = _Walker(None, None, None, Tally())  # the marker is what makes it walked, not what it walks
    assert BotseTurn(state=None, dice=PrefixDice([], walker, None)).walked
    assert BotseTurn(state=None, dice=_TapeDice([], None, None)).walked
    assert not BotseTurn(state=None, dice=GivenDice([], origin="test")).walked
    assert not BotseTurn(state=None, dice=SeededDice(1)).walked


def test_a_simulation_places_the_summed_results_and_finds_the_played_figures(monkeypatch: Any) -> None:
    """Monte Carlo draws a plain engage's roll as the walk does and places its results at once: the same seed gives
    the same figures as a simulation that places each die as a played engage does."""
    import tabroll
    from tabroll.odds import montecarlo
    from tabroll.rulesets.botse import rolling

    placed_at_once = []
    at_once = rolling.resolve_summed
    monkeypatch.setattr(rolling, "resolve_summed", lambda *args: placed_at_once.append(1) or at_once(*args))
    path = str(Path(__file__).resolve().parents[2] / "benchmarks" / "scenarios" / "botse-engage.yaml")
    summed = tabroll.attack_odds(tabroll.attack(scenario=path), trials=3000, seed=11).to_dict()
    assert placed_at_once  # the simulation took the summed path
    monkeypatch.setattr(montecarlo._TapeDice, "valid_by_construction", False)  # the sources that play each die
    by_die = tabroll.attack_odds(tabroll.attack(scenario=path), trials=3000, seed=11).to_dict()
    assert summed["method"] == "monte_carlo"
    assert summed == by_die


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plain_engages(slots=8), st.data())
def test_outcomes_resumed_from_one_roll_are_each_the_played_one(scenario: Any, data: st.DataObject) -> None:
    """The exact walk resumes every outcome of a plain engage from one kept roll, and the engage keeps what it
    worked out for each sum (the adventurer placed, the target hurt) for the outcomes after it: every outcome,
    resumed in any order from the same roll, ends in the battle, blows and measures its faces give when played."""
    state, action = scenario.state, scenario.steps[0].action
    every = list(itertools.product(*(range(1, state.dice[name].sides + 1) for name in action.gather)))  # 256 at most
    each_resumed_as_played(scenario, data.draw(st.permutations(every), label="faces"))


def test_a_target_defeated_again_by_a_kept_sum_still_reacts() -> None:
    """The benchmark's engage against a Draugr whose 'defeated' skill hurts every adjacent unit, every outcome
    resumed from one roll: an outcome whose damage sum was dealt before (kept) defeats it again, and its skill
    fires again, as played."""
    burst = {"name": "Burst", "when": "defeated", "effect": {"damage": 1, "to": "adjacent"}}
    data = swords_and_combat(cooldown_slots=8)
    data["enemies"]["Draugr"]["skills"] = [burst]
    each_resumed_as_played(scenario_of(data), list(itertools.product(range(1, 7), repeat=4)))


def each_resumed_as_played(scenario: Any, rolls: list[tuple[int, ...]]) -> None:
    """Resolve the engage walked with the first faces of ``rolls``, keep its roll (as the walk keeps it), then
    resume every faces of ``rolls`` from it in turn: each ends as played."""
    from tabroll.rulesets.botse import rolling
    from tabroll.rulesets.botse.merging import face_effects

    state, action = scenario.state, scenario.steps[0].action
    dice = [state.dice[name] for name in action.gather]
    kept: list[Any] = []
    at_once = rolling.resolve_summed

    def keep(turn: Any, pool: Any, faces: Any, reading: Any) -> None:
        kept.append((turn.fork(turn.dice), pool))
        at_once(turn, pool, faces, reading)

    rolling.resolve_summed = keep
    try:
        scenario.ruleset.resolve(state, action, WalkedGiven(list(rolls[0]), origin="test"))
    except RuleRefusal:
        return  # refused before its roll (the fatigue of the engage): nothing resumed
    finally:
        rolling.resolve_summed = at_once
    if not kept:
        return  # not a plain engage (a track that could refuse a die): placed die by die, walked too
    (turn, pool), measures = kept[0], scenario.ruleset.outcome_measures
    for faces in rolls:
        shown = (face_effects(die)[face - 1] for die, face in zip(dice, faces, strict=True))
        reading = tuple(map(sum, zip(*shown, strict=True)))
        resumed = turn.fork(turn.dice)
        rolling.resolve_summed(resumed, pool, faces, reading)
        played = scenario.ruleset.resolve(state, action, GivenDice(list(faces), origin="test"))
        assert resumed.state == played.state, faces
        walked = Resolution(events=tuple(resumed.events), state=resumed.state)
        assert blows(scenario, walked) == blows(scenario, played)
        assert measures(state, resumed.state, walked.events) == measures(state, played.state, played.events)
