"""The exact walk reads the dice of a plain engage by what they do added up (the reading step ``ReadRoll``), and
keys the dice of any other engage by every face (the steps ``RollDie``): the same exact fractions as the plainest
walk (resolve again for every prefix), on random engages of random dice, far fewer resolutions than outcomes on
the benchmark engage, and every resolution resumed from the die it branches at, never replayed from the action's
start."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabroll.battle_events import RulingApplied
from tabroll.dice.sources import GivenDice, RecordingDice
from tabroll.engine.steps import Step, StepWatcher
from tabroll.loading.scenario import load_scenario_file
from tabroll.odds import exact, tally
from tabroll.odds.exact import exact_odds
from tabroll.odds.until import compute_until
from tabroll.rulesets.botse.rolling import ReadRoll, RollDie
from tabroll.rulesets.botse.work import BotseTurn
from tests.odds.helpers import scenario_of, walked_as_plain
from tests.support import examples

ROOT = Path(__file__).resolve().parents[2]
PROPERTY = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])

PLAIN_FACES: list[Any] = [
    "tenacity",
    "blank",
    {"damage": 1},
    {"damage": 2},
    {"damage": 3, "code": "drained"},
    {"damage": 1, "code": "cooldown"},
    {"damage": 2, "unblockable": True},
    {"text": "by hand"},
    {"text": "by hand", "code": "drained"},
]
OTHER_FACES: list[Any] = [  # faces that take the engage off the merged path
    {"prevent": 1, "code": "active"},
    {"damage": 2, "cost": {"tenacity": 1}},
    {"damage": 1, "then": {"damage": 1}},
    {"damage": 1, "splash": 1},
    {"status": "Marked", "code": "status"},
]
SKILLS: list[Any] = [
    {"name": "Riposte", "when": "engaged", "effect": {"damage": 1, "to": "engager"}},
    {"name": "Chill", "when": "damaged", "effect": {"light_fatigue": 1}},
    {"name": "Burst", "when": "defeated", "effect": {"damage": 1, "to": "adjacent", "unblockable": True}},
    {"name": "Howl", "when": "after_engage", "effect": {"light_fatigue": 2}},
]


@st.composite
def engages(draw: st.DrawFn) -> Any:
    """Mostly plain engages (the merged path); else any of the things that take an engage off it."""
    plain = draw(st.integers(0, 3)) > 0
    pick = st.sampled_from(PLAIN_FACES) if plain else st.sampled_from(PLAIN_FACES) | st.sampled_from(OTHER_FACES)
    dice = {name: {"faces": draw(st.lists(pick, min_size=2, max_size=4))} for name in ("Axe", "Maul")}
    gather = draw(st.lists(st.sampled_from(["Axe", "Maul"]), min_size=2 if plain else 1, max_size=3))
    slots = draw(st.integers(1, 4))
    data = {
        "ruleset": "botse",
        "skill_lines": {"Arms": {"stat": "stamina", "dice": dice}},
        "options": {
            "full_track": draw(st.sampled_from(["drain", "refuse"])),
            "damage_summing": "engage" if plain else draw(st.sampled_from(["engage", "ability"])),
            "fatigue": draw(st.sampled_from(["track", "counter"])),
        },
        "map": {"radius": 2},
        "adventurers": {
            "Ayrenn": {
                "at": [0, 0],
                "stamina": 3,
                "magicka": 0,
                "health": draw(st.integers(1, 3)),
                "tenacity": draw(st.integers(0, 1)),
                "form": "light_weapon" if plain else draw(st.sampled_from(["light_weapon", "defensive"])),
                "dice": ["Axe", "Axe", "Axe", "Maul", "Maul", "Maul"],
                "cooldown_slots": slots,
                "cooldown": ["Axe"] * draw(st.integers(0, slots - 1)),
            }
        },
        "enemies": {
            "Draugr": {
                "at": [1, 0],
                "health": draw(st.integers(1, 5)),
                "defense": draw(st.integers(0, 2)),
                "skills": draw(st.lists(st.sampled_from(SKILLS), max_size=2, unique_by=lambda s: s["name"])),
            },
            "Wisp": {"at": [0, 1], "health": 2, "defense": 0},
        },
        "actions": [
            {
                "do": "engage",
                "adventurer": "Ayrenn",
                "target": draw(st.sampled_from(["Draugr", "Wisp"])),
                "gather": gather,
            }
        ],
    }
    return scenario_of(data)


@PROPERTY
@given(engages())
def test_merged_walk_gives_the_plain_walks_fractions(scenario: Any) -> None:
    assert walked_as_plain(scenario.ruleset, scenario.state, scenario.steps[0].action) is not None


BENCHMARK = ROOT / "benchmarks" / "scenarios" / "botse-engage.yaml"


def walked_counting_draws(scenario: Any, action: Any, monkeypatch: Any) -> tuple[tally.ExactResult, int]:
    """The exact walk of ``action`` and how many dice requests the resolver made in all (replayed ones too)."""
    draws = [0]
    answer = exact.PrefixDice.draw

    def counted(self: exact.PrefixDice, request: Any) -> tuple[int, ...]:
        draws[0] += 1
        return answer(self, request)

    monkeypatch.setattr(exact.PrefixDice, "draw", counted)
    walked = exact_odds(scenario.ruleset, scenario.state, action)
    return walked, draws[0]


def test_the_benchmark_engage_is_walked_by_what_its_dice_do_added_up(monkeypatch: Any) -> None:
    """Two Swords and two Combat dice (1,296 rolls), all of six faces: one reading step (``ReadRoll``), whose 50
    sums of what the faces do (2 damage and a blank add up as 1 and 1 do) the walk counts once each, no die
    drawn: one resolution reaches the step, which answers every sum at once (``ReadRoll.finish``), none taken
    through ``then``: in three sides, the blows and the Draugr by each of 10 damages and none, Ayrenn's tenacity
    gained by each of 5 counts of tenacity faces, the dice she sends to the track by each of 3 of dice drained."""
    scenario = load_scenario_file(BENCHMARK)
    action = scenario.steps[0].action
    finished, answer = [], ReadRoll.finish

    def counted(self: ReadRoll, turn: Any, values: Any) -> Any:
        finished.append(answer(self, turn, values))
        return finished[-1]

    def by_value(self: ReadRoll, turn: Any, value: Any) -> None:
        raise AssertionError(f"{value} taken alone")

    monkeypatch.setattr(ReadRoll, "finish", counted)
    monkeypatch.setattr(ReadRoll, "then", by_value)
    walked, draws = walked_counting_draws(scenario, action, monkeypatch)
    assert walked.leaves == 50 and walked.resolutions == 51 and draws == 0
    [((blows, _), creatures), ((no_blows, _), tenacities), ((none, track), tracks)] = finished[0]
    assert (blows, no_blows, none, track) == (True, False, False, {"dice to cooldown: Ayrenn"})
    assert (len(creatures), len(tenacities), len(tracks)) == (11, 5, 3)
    assert {sum(ways for ways, _, _ in side) for side in (creatures, tenacities, tracks)} == {6**4}
    # each side worked out only in what it decides: the damage summing told once, not at each dealing; the other
    # two log nothing (their measures read the states alone)
    assert not [e for _, _, done in creatures for e in done if isinstance(e, RulingApplied)]
    assert {done for _, _, done in (*tenacities, *tracks)} == {()}
    monkeypatch.undo()
    assert walked_as_plain(scenario.ruleset, scenario.state, action) is not None


@PROPERTY
@given(engages())
def test_a_plain_engage_answered_at_once_gives_what_each_sum_taken_alone_gives(scenario: Any) -> None:
    """``ReadRoll.finish`` (every sum at once, in sides) against the same walk taking each sum through ``then``."""
    action = scenario.steps[0].action
    at_once = exact_odds(scenario.ruleset, scenario.state, action)
    finish, ReadRoll.finish = ReadRoll.finish, lambda self, turn, values: None  # type: ignore[method-assign]
    try:
        alone = exact_odds(scenario.ruleset, scenario.state, action)
    finally:
        ReadRoll.finish = finish  # type: ignore[method-assign]
    assert at_once.tally == alone.tally
    assert (at_once.leaves, at_once.resolutions) == (alone.leaves, alone.resolutions)


def test_a_chain_of_plain_engages_keeps_which_die_went_where() -> None:
    """Attacks to defeat (``odds --until``) go on from each engage's final battle, where which die went where
    decides the next engage (the track's order, what Recovery gives back): a walk that keeps final states walks a
    plain engage die by die, and the chain is the one of an explicit order of results (never read by sums). Read
    by its sums, the lowest roll of each sum stood for all of them: 211/324 of the chains ran out of Combat dice
    after the first engage, not 59/144, and none of both Swords, not 61/1,296."""
    data = yaml.safe_load(BENCHMARK.read_text())
    plain = load_scenario_file(BENCHMARK)
    data["actions"][0]["resolve"] = [1, 2, 3, 4]  # the order the results take anyway: no sums read
    listed = scenario_of(data)
    chained = compute_until(plain.ruleset, plain.state, plain.steps[0].action)
    expected = compute_until(listed.ruleset, listed.state, listed.steps[0].action)
    assert chained.method == expected.method == "exact"
    assert chained.to_json() == expected.to_json()
    reasons = {reason: share.exact for reason, share in chained.could_not.items()}
    assert reasons["Ayrenn has 0 'Combat' dice available in the attribute rows; gathering 2"] == Fraction(59, 144)
    assert reasons["Ayrenn has 0 'Sword' dice available in the attribute rows; gathering 2"] == Fraction(61, 1296)
    assert reasons["Ayrenn has 1 'Sword' die available in the attribute rows; gathering 2"] == Fraction(55, 162)


def test_an_engage_with_a_reroll_is_walked_in_full(monkeypatch: Any) -> None:
    """A reroll reads the face of a die rolled before: keyed by every face, no outcome is merged, every one is
    resolved; yet resumed from the die it branches at. Replayed, each outcome drew its three dice (648 draws);
    now only the outcomes of the first die do (the first resolution and 5 more), every other draws the second
    die and the reroll (taken within the second die's step)."""
    scenario = load_scenario_file(BENCHMARK)
    action = scenario.steps[0].action.model_copy(update={"gather": ["Sword", "Combat"], "reroll": [1]})
    walked, draws = walked_counting_draws(scenario, action, monkeypatch)
    assert walked.resolutions == walked.leaves == 6**3
    assert draws == 3 + 5 * 3 + (6**3 - 6) * 2
    assert walked_as_plain(scenario.ruleset, scenario.state, action) is not None


class Watched(GivenDice, StepWatcher):
    """Given faces, and every step the engage takes with the battle as it stood then."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(values, origin="test")
        self.steps: list[tuple[Step, Any]] = []

    def at_step(self, turn: Any, step: Step) -> bool:
        self.steps.append((step, turn.state_now()))
        return False


def steps_of(action: Any, faces: list[int], scenario: Any = None) -> list[tuple[Step, Any]]:
    scenario = scenario or load_scenario_file(BENCHMARK)
    dice = Watched(faces)
    scenario.ruleset.resolve(scenario.state, action, dice)
    return dice.steps


def two_sizes() -> Any:
    """Two Swords of six faces (the sample's), then a Dagger of four: the plain engage rolls them in two rows."""
    data = yaml.safe_load(BENCHMARK.read_text())
    data["skill_lines"] = {
        "Knives": {
            "stat": "stamina",
            "dice": {"Dagger": {"faces": [{"damage": 1}, "tenacity", "blank", {"damage": 2}]}},
        }
    }
    data["adventurers"]["Ayrenn"]["dice"] = ["Sword", "Sword", "Dagger"]
    data["actions"][0]["gather"] = ["Sword", "Sword", "Dagger"]
    return scenario_of(data)


def test_a_plain_engage_keys_its_dice_by_what_they_do_added_up() -> None:
    """Sword 3 damage (drained) then Sword blank, or blank then 3 damage, then a Dagger: every die is read in one
    step, which compares nothing (the battle it starts from is in the walk's key), and both rolls add up to the
    same effects; the walk takes each sum once, as the lowest roll that gives it, with every roll that does."""
    scenario = two_sizes()
    action = scenario.steps[0].action
    first, second = steps_of(action, [5, 4, 2], scenario), steps_of(action, [4, 5, 2], scenario)
    assert [type(step) for step, _ in first] == [ReadRoll]
    (step, battle), (other, battle_other) = first[0], second[0]
    assert step == other and hash(step) == hash(other) and battle == battle_other
    assert isinstance(step, ReadRoll)
    summed = step.reads(None)  # type: ignore[arg-type]
    assert summed.read(BotseTurn(state=battle, dice=GivenDice([5, 4, 2]))) == ((3, 0, 1, 1), (5, 4, 2))
    assert summed.read(BotseTurn(state=battle, dice=GivenDice([4, 5, 2]))) == ((3, 0, 1, 1), (4, 5, 2))
    outcomes, rolls = summed.outcomes()
    assert rolls == 6 * 6 * 4 == sum(ways for _, ways in outcomes)
    assert len({effects for (effects, _), _ in outcomes}) == len(outcomes)
    # 3 damage drained and a tenacity face: Sword tenacity, Sword 3 then a blank Dagger, or Sword blank, Sword 3
    # then the Dagger's tenacity, the Swords either way round; taken as the lowest of the four rolls
    assert dict(outcomes)[((3, 0, 1, 1), (3, 5, 3))] == 4


def test_a_plain_engage_of_one_row_takes_its_results_within_the_roll() -> None:
    """Four dice of six faces: the walk branches over the sums of the reading step, each reaching the results
    on its own, so a step there would merge nothing: the results are taken within the roll's step."""
    action = load_scenario_file(BENCHMARK).steps[0].action
    steps = steps_of(action, [5, 4, 4, 6])
    assert [type(step) for step, _ in steps] == [ReadRoll]


def test_any_other_engage_keys_its_dice_by_every_face() -> None:
    """With a reroll the same two orders give different steps; the results are taken within the last die's
    step (no step of their own: keyed by every face it would merge nothing)."""
    action = load_scenario_file(BENCHMARK).steps[0].action.model_copy(update={"reroll": [1]})
    first, second = steps_of(action, [5, 4, 4, 6, 2]), steps_of(action, [4, 5, 4, 6, 2])
    assert [type(step) for step, _ in first] == [RollDie] * 4
    assert [step.reading for step, _ in first] == [(), (5,), (5, 4), (5, 4, 4)]  # type: ignore[attr-defined]
    assert all(one != other for (one, _), (other, _) in zip(first[2:], second[2:], strict=True))


def test_a_forked_work_shares_nothing_that_changes() -> None:
    """The exact walk keeps a fork of the working area at each step: the engage's tallies of the fork are its
    own, and its state is the battle as it stands."""
    scenario = load_scenario_file(BENCHMARK)
    work = BotseTurn(state=scenario.state, dice=GivenDice([], origin="test"))
    work.running["Draugr"] = 1
    work.damaged.add("Draugr")
    work.placed[1] = "exhausted"
    twin = work.fork(GivenDice([], origin="test"))
    twin.running["Draugr"] = 3
    twin.damaged.add("Ayrenn")
    twin.defeated.add("Draugr")
    twin.placed[2] = "drained"
    assert (work.running, work.damaged, work.defeated, work.placed) == (
        {"Draugr": 1},
        {"Draugr"},
        set(),
        {1: "exhausted"},
    )
    assert twin.state_now() is work.state_now() is scenario.state


def test_a_plain_engage_is_played_die_by_die_and_walked_by_kind() -> None:
    """Played, each die of a plain engage is its own request for its purpose (the prompts and the log as ever);
    a source that watches steps (the walk, a simulation) gets them as one request read by what their faces do
    added up, in runs of one kind."""
    scenario = load_scenario_file(BENCHMARK)
    action = scenario.steps[0].action
    played = RecordingDice(GivenDice([5, 4, 4, 6], origin="test"))
    scenario.ruleset.resolve(scenario.state, action, played)
    assert [(r.purpose, r.count, r.per_face) for r, _ in played.log] == [
        ("Sword, die 1 (6 faces)", 1, None),
        ("Sword, die 2 (6 faces)", 1, None),
        ("Combat, die 3 (6 faces)", 1, None),
        ("Combat, die 4 (6 faces)", 1, None),
    ]
    watched = Watched([5, 4, 4, 6])
    requests: list[Any] = []
    watched_draw = watched.draw
    watched.draw = lambda request: (requests.append(request), watched_draw(request))[1]  # type: ignore[method-assign]
    walked = scenario.ruleset.resolve(scenario.state, action, watched)
    assert [(r.count, r.sides) for r in requests] == [(4, 6)]
    (swords, sword), (combats, _) = requests[0].per_face
    assert (swords, combats) == (2, 2)
    assert sword[4] == (3, 0, 0, 1) and sword[2] == (0, 0, 1, 0)  # 3 damage drained; tenacity
    assert walked.events == scenario.ruleset.resolve(scenario.state, action, GivenDice([5, 4, 4, 6])).events
