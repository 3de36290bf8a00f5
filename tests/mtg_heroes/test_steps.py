"""The exchange and the initiative ties are taken as steps: which steps an action takes for stated
dice, and that an action resumed from any step it took, from a copy kept there, ends exactly as the whole
resolution did (the events, the end of the battle told last, the final battle), however the live resolution
went on after the copy was kept."""

from __future__ import annotations

from typing import Any
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import DiceRequest, GivenDice
from tabroll.engine import resolve
from tabroll.engine.steps import Step, StepWatcher
from tabroll.rulesets.mtg_heroes import phases, resolver
from tabroll.rulesets.mtg_heroes.combat import Strike
from tabroll.rulesets.mtg_heroes.phases import Ordering, TieRoll
from tabroll.rulesets.mtg_heroes.work import HeroesTurn
from tests.mtg_heroes.helpers import attack, character, creature, fight
from tests.odds.helpers import scenario_of
from tests.support import examples


class Watching(StepWatcher):
    """Given dice that keep, at every step the action takes, a copy of the working area and where the dice stood."""

    def __init__(self, values: list[int]) -> None:
        self.given = GivenDice(values, origin="test")
        self.kept: list[tuple[HeroesTurn, Step, int]] = []
        self.requests: list[DiceRequest] = []

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        self.requests.append(request)
        return self.given.draw(request)

    def at_step(self, turn: Any, step: Step) -> bool:
        self.kept.append((turn.fork(GivenDice((), origin="kept")), step, len(self.given.used)))
        return False


def shown(events: Any) -> list[Any]:
    return [event.to_json() for event in events]


def taken(data: dict[str, Any], dice: list[int]) -> tuple[Any, Watching]:
    """The last action of ``data`` resolved with ``dice`` (the earlier ones with their own), watched."""
    scenario = scenario_of(data)
    state = scenario.state
    for step in scenario.steps[:-1]:
        state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice, origin="test")).state
    watching = Watching(dice)
    whole = resolver.resolve(state, scenario.steps[-1].action, watching)  # the game's own: the engine adds its header
    return whole, watching


def assert_every_step_resumes(whole: Any, watching: Watching, dice: list[int]) -> None:
    assert watching.kept, "the action took no step"
    for kept, step, position in watching.kept:
        resumed = kept.fork(GivenDice(dice[position:], origin="test"))
        resumed.run(step)
        again = resumed.resolution(resumed.state_now())
        assert shown(again.events) == shown(whole.events), step
        assert again.state == whole.state, step


def test_a_first_strike_exchange_takes_a_step_per_strike_and_tells_the_end_last() -> None:
    # Defender B (First Strike) counterattacks first: Power 1d6 [3] against A's Toughness 1d6 [1], 2 off Life 2:
    # A falls, deals no damage, and its side (a character's) loses: the end of the battle is the last event. A
    # source that watches steps draws both pools at the strike (one request): no step waits for the Toughness.
    units = {"A": character("A", power=2, toughness=1, life=2), "B": character("B", 1, 1, 5, keywords=["First Strike"])}
    whole, watching = taken(fight(units, [attack("A", "B")]), [3, 1])
    steps = [step for _, step, _ in watching.kept]
    assert [(type(s), s.at, s.killed) for s in steps] == [(Strike, "first strike", False)]
    assert [(r.count, r.against) for r in watching.requests] == [(2, 1)]
    assert whole.events[-1].kind == "game_over"
    assert whole.state.result == "B wins"
    assert_every_step_resumes(whole, watching, [3, 1])


def test_an_attack_that_kills_carries_the_kill_to_the_end_of_the_exchange() -> None:
    # A (Trample) 2d6 [6, 6] = 12 against B's 1d6 [1]: 11 off Life 3, B is destroyed; no counterattack; the kill
    # offers A its Trample follow-up (read at the end of the exchange, after the last die).
    units = {"A": creature("A", 2, 1, 3, "trample"), "B": creature("B", 1, 1, 3), "C": creature("B", 1, 1, 3)}
    whole, watching = taken(fight(units, [attack("A", "B")]), [6, 6, 1])
    assert [(type(s), s.at) for _, s, _ in watching.kept] == [(Strike, "attack")]
    assert whole.state.follow_up == "A"
    assert whole.state.unit("B").out
    assert_every_step_resumes(whole, watching, [6, 6, 1])


def test_a_counterattack_step_compares_whether_the_attack_killed() -> None:
    # A 1d6 [1] against B's 1d6 [6]: no damage; B counterattacks 1d6 [4] against A's 1d6 [2]: 2 off Life 3.
    units = {"A": creature("A", 1, 1, 3), "B": creature("B", 1, 1, 3)}
    whole, watching = taken(fight(units, [attack("A", "B")]), [1, 6, 4, 2])
    steps = [s for _, s, _ in watching.kept]
    assert [(type(s), s.at, s.killed) for s in steps] == [(Strike, "attack", False), (Strike, "counterattack", False)]
    assert steps[1] != Strike(at="counterattack", killed=True, told=None, exchange=steps[1].exchange)
    assert whole.state.unit("A").life == 1
    assert_every_step_resumes(whole, watching, [1, 6, 4, 2])


def test_toughness_left_from_an_earlier_attack_is_no_roll_and_no_defence_step() -> None:
    # The pool reading: C's attack left B's Toughness 1d6 [5] at 5 − 1 = 4; A's 1d6 [6] meets those 4 (no roll).
    units = {"A": creature("A", 1, 1, 3), "B": creature("B", 0, 1, 3), "C": creature("A", 1, 1, 3)}
    actions = [attack("C", "B", [1, 5], counterattack=False), attack("A", "B", counterattack=False)]
    whole, watching = taken(fight(units, actions, options={"toughness_after_exchange": "pool"}), [6])
    assert [type(s) for _, s, _ in watching.kept] == [Strike]
    assert whole.state.unit("B").life == 1
    assert_every_step_resumes(whole, watching, [6])


def test_an_initiative_tie_rolls_a_step_per_die_and_round() -> None:
    # Two of Speed 1 (1d6 each): [3, 3] tie, then [2, 5]: U1 first; U0 of Speed 2 goes before both.
    units = {"U0": character("U0", speed=2), "U1": character("U1", speed=1), "U2": character("U2", speed=1)}
    whole, watching = taken(fight(units, [{"do": "initiative"}]), [3, 3, 2, 5])
    steps = [s for _, s, _ in watching.kept]
    assert steps[0] == Ordering((), 0)
    rolls = [s for s in steps if isinstance(s, TieRoll)]
    assert [(s.round, s.groups, s.totals) for s in rolls] == [
        (0, (("U1", "U2"),), ()),
        (0, (("U1", "U2"),), (("U1", 3),)),
        (1, (("U1", "U2"),), ()),
        (1, (("U1", "U2"),), (("U1", 2),)),
    ]
    assert whole.state.order == ("U0", "U2", "U1")
    assert_every_step_resumes(whole, watching, [3, 3, 2, 5])


def test_a_tie_still_standing_after_the_last_round_keeps_the_listed_order() -> None:
    units = {"U0": character("U0", speed=1), "U1": character("U1", speed=1)}
    with mock.patch.object(phases, "MAX_TIE_ROUNDS", 2):
        whole, watching = taken(fight(units, [{"do": "initiative"}]), [4, 4, 1, 1])
        assert_every_step_resumes(whole, watching, [4, 4, 1, 1])
    assert whole.state.order == ("U0", "U1")
    assert any("still tied after 2 rounds of rolls" in event.get("text", "") for event in shown(whole.events))


def fighter() -> Any:
    return st.fixed_dictionaries(
        {
            "character": st.booleans(),
            "power": st.integers(0, 2),
            "toughness": st.integers(0, 2),
            "life": st.integers(1, 4),
            "keywords": st.lists(st.sampled_from(["First Strike", "Vigilance", "Trample"]), max_size=2, unique=True),
        }
    )


def unit(side: str, stats: dict[str, Any]) -> dict[str, Any]:
    made = creature(side, stats["power"], stats["toughness"], stats["life"], *stats["keywords"])
    return {"kind": "character", **made} if stats["character"] else made


@settings(max_examples=examples(40), deadline=None)
@given(
    fighter(),
    fighter(),
    st.sampled_from(["pool", "zero", "reroll"]),
    st.booleans(),
    st.booleans(),
    st.lists(st.integers(1, 6), min_size=8, max_size=8),
)
def test_an_exchange_resumed_from_any_step_ends_as_the_whole_resolution(a, b, reading, earlier, other, dice) -> None:
    units = {"A": unit("A", a), "B": unit("B", b), "C": creature("C", 1, 1, 9)}
    if other:
        units["D"] = character("B", life=9)
    actions = [attack("A", "B")]
    if earlier and b["toughness"]:  # B meets the attack with the Toughness C's 1 left it (or 0), no new roll
        actions.insert(0, attack("C", "B", [1, 2, 1][: 1 + b["toughness"]], counterattack=False))
    whole, watching = taken(fight(units, actions, options={"toughness_after_exchange": reading}), dice)
    assert_every_step_resumes(whole, watching, dice)


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(st.integers(1, 3), min_size=2, max_size=4), st.lists(st.integers(1, 6), min_size=60, max_size=60))
def test_an_initiative_resumed_from_any_step_ends_as_the_whole_resolution(speeds, dice) -> None:
    units = {f"U{i}": character(f"U{i}", speed=speed) for i, speed in enumerate(speeds)}
    with mock.patch.object(phases, "MAX_TIE_ROUNDS", 3):
        whole, watching = taken(fight(units, [{"do": "initiative"}]), dice)
        assert_every_step_resumes(whole, watching, dice)


def played(data: dict[str, Any], dice: list[int]) -> Any:
    """The last action of ``data`` resolved with ``dice`` by a source that watches no step (run, play, journal)."""
    scenario = scenario_of(data)
    state = scenario.state
    for step in scenario.steps[:-1]:
        state = resolve(scenario.ruleset, state, step.action, GivenDice(step.dice, origin="test")).state
    return resolver.resolve(state, scenario.steps[-1].action, GivenDice(dice, origin="test"))


def test_a_watching_source_draws_power_and_toughness_as_one_request_read_by_their_difference() -> None:
    # A 3d6 [5, 4, 2] = 11 against B's 2d6 [3, 6] = 9: 2 off Life 5. B counterattacks 1d6 [2] against A's 1d6 [4].
    # Watched, each strike is one request of both pools (3 + 2 dice, the first 3 the Power); played, one request
    # per pool; the events and the battle are the same either way.
    units = {"A": creature("A", 3, 1, 5), "B": creature("B", 1, 2, 5)}
    data = fight(units, [attack("A", "B")])
    dice = [5, 4, 2, 3, 6, 2, 4]
    whole, watching = taken(data, dice)
    assert [(r.count, r.against) for r in watching.requests] == [(5, 3), (2, 1)]
    alone = played(data, dice)
    assert shown(whole.events) == shown(alone.events)
    assert whole.state == alone.state
    assert whole.state.unit("B").life == 3
    rolls = [(e.label, e.values, e.total) for e in whole.events if e.kind == "roll"]
    assert [values for _, values, _ in rolls] == [(5, 4, 2), (3, 6), (2,), (4,)]
    steps = [s for _, s, _ in watching.kept]
    assert [(type(s), s.at) for s in steps] == [(Strike, "attack"), (Strike, "counterattack")]
    assert_every_step_resumes(whole, watching, dice)


def test_toughness_not_rolled_leaves_the_power_dice_read_by_their_total() -> None:
    # The pool reading: C's attack left B's Toughness 1d6 [5] at 5 - 1 = 4; A's 2d6 [6, 3] meet those 4 (no roll):
    # one request, the Power's, read by its total as before. And B of Toughness 0 rolls no Toughness dice.
    units = {"A": creature("A", 2, 1, 3), "B": creature("B", 0, 1, 9), "C": creature("A", 1, 1, 3)}
    actions = [attack("C", "B", [1, 5], counterattack=False), attack("A", "B", counterattack=False)]
    whole, watching = taken(fight(units, actions, options={"toughness_after_exchange": "pool"}), [6, 3])
    assert [(r.count, r.against, r.total_only) for r in watching.requests] == [(2, None, True)]
    assert whole.state.unit("B").life == 4
    units = {"A": creature("A", 2, 1, 3), "B": creature("B", 0, 0, 9)}
    whole, watching = taken(fight(units, [attack("A", "B", counterattack=False)]), [6, 3])
    assert [(r.count, r.against, r.total_only) for r in watching.requests] == [(2, None, True)]
    assert whole.state.unit("B").life == 0
    assert_every_step_resumes(whole, watching, [6, 3])
