"""Property tests for TAB MASTER: random small battles, resolved with seeded dice through the real engine.

Every battle is built as the same scenario dict the rule tests use (``battle(...)``), loaded through the normal
YAML path, and run by ``run_scenario`` with a session ``SeededDice(seed)``; no action carries ``dice:``, so
every run is reproducible from the drawn scenario and seed.
"""

from __future__ import annotations

import copy
from typing import Any

import msgspec
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import GivenDice, RecordingDice, SeededDice
from tabroll.engine import Resolution, Scenario, run_scenario
from tabroll.events import Event
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tests.support import examples
from tests.tabmaster.helpers import battle, run_data

SIDES = ("red", "blue")
DAMAGE_DICE = ("1d4", "1d6", "1d20", "2d6")
EFFECT_TAGS = (
    "(Área)",
    "(Elemento: Fogo)",
    "(Elemento: Vida)",
    "(Elemento: Doença)",
    "(Linha: Horizontal)",
    "(Linha: Aleatório)",
    "(Múltiplo x 2)",
    "(Peregrino x 2)",
    "(Todos)",
)
ELEMENTS = ("Fogo", "Água", "Terra", "Ar", "Gelo", "Eletricidade", "Vida", "Doença", "Luz", "Escuridão")
TRAITS = ("Voar", "Morto-Vivo", "Arqueiro", *(f"Essência: {e}" for e in ELEMENTS))
# The traits that the elements of EFFECT_TAGS react to (Fogo vs Gelo, Vida vs Doença and Escuridão, ...).
REACTIVE_TRAITS = ("Morto-Vivo", "Essência: Gelo", "Essência: Vida", "Essência: Doença", "Essência: Escuridão")
PROPERTY = settings(max_examples=examples(150))

# --- strategies ---------------------------------------------------------------------------------------------


@st.composite
def attack_texts(draw: st.DrawFn) -> str:
    """A printed attack, e.g. ``3 (Atropelamento) (Elemento: Fogo)`` or ``1d10 (Projétil: Flecha) (Área)``."""
    reach = draw(st.integers(0, 4) if draw(st.integers(0, 9)) == 0 else st.integers(1, 4))
    head = draw(
        st.sampled_from(
            [
                str(reach),
                f"{reach} (Atropelamento)",
                f"{reach} (Mágico)",
                "1d10 (Projétil: Flecha)",
                "1d6 (Projétil: Flecha)",
            ]
        )
    )
    tags = draw(st.lists(st.sampled_from(EFFECT_TAGS), unique=True, max_size=3))
    # One element tag and one line tag at most (a second would replace the first), and Pilgrim never with
    # Multiple or Area (the loader rejects that combination).
    if sum("Elemento" in t for t in tags) > 1:
        tags = [t for t in tags if "Elemento" not in t] + [next(t for t in tags if "Elemento" in t)]
    if sum("Linha" in t for t in tags) > 1:
        tags = [t for t in tags if "Linha" not in t] + [next(t for t in tags if "Linha" in t)]
    if "(Peregrino x 2)" in tags:
        tags = [t for t in tags if t not in ("(Múltiplo x 2)", "(Área)")]
    return " ".join([head, *tags])


@st.composite
def unit_entries(draw: st.DrawFn, side: str, at: tuple[int, int], vitality: bool = True) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "side": side,
        "at": list(at),
        "ATK": draw(attack_texts()),
        "DAN": draw(st.sampled_from(DAMAGE_DICE)),
        "DEF": draw(st.integers(0, 12)),
        "MOV": draw(st.integers(0, 2)),
        "HLT": draw(st.integers(0, 3)),
        "traits": draw(st.lists(st.sampled_from(REACTIVE_TRAITS) | st.sampled_from(TRAITS), unique=True, max_size=2)),
        "ammunition": {"Flecha": draw(st.integers(0, 2))},
    }
    if vitality and draw(st.booleans()):
        entry["VIT"] = draw(st.integers(0, 6))
    if draw(st.integers(0, 3)) == 0:
        entry["secondary"] = {"ATK": draw(attack_texts()), "DAN": draw(st.sampled_from(DAMAGE_DICE))}
    return entry


def squares_in(width: int, height: int) -> st.SearchStrategy[list[int]]:
    """A square of the board as ``[x, y]`` (a square off the board is refused when the file loads, not here)."""
    return st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)).map(list)


def squares_near(at: list[int], steps: int, width: int, height: int) -> st.SearchStrategy[list[int]]:
    """A square of the board at most ``steps`` away from ``at`` in each axis (``width``/``height``: the highest
    coordinates)."""
    xs = st.integers(max(0, at[0] - steps), min(width, at[0] + steps))
    ys = st.integers(max(0, at[1] - steps), min(height, at[1] + steps))
    return st.tuples(xs, ys).map(list)


STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


@st.composite
def walks(draw: st.DrawFn, start: list[int], width: int, height: int, toward: list[int] | None) -> list[list[int]]:
    """A trample path of adjacent steps from ``start``, often heading for ``toward`` (the rules judge it)."""
    x, y = start
    path: list[list[int]] = []
    for _ in range(draw(st.integers(1, 4))):
        if toward is not None and draw(st.integers(0, 7)) > 0:
            dx, dy = (toward[0] > x) - (toward[0] < x), (toward[1] > y) - (toward[1] < y)
            if (dx, dy) == (0, 0):
                dx, dy = draw(st.sampled_from(STEPS))
        else:
            dx, dy = draw(st.sampled_from(STEPS))
        if not (0 <= x + dx < width and 0 <= y + dy < height):
            break
        x, y = x + dx, y + dy
        path.append([x, y])
    return path


@st.composite
def actions(
    draw: st.DrawFn, units: dict[str, dict[str, Any]], width: int, height: int, kinds: tuple[str, ...]
) -> dict[str, Any]:
    """One action, biased toward ones the rules may allow (enemies, squares in reach) but often not."""
    names = sorted(units)
    kind = draw(st.sampled_from(kinds))
    if kind == "new_round":
        return {"do": "new_round"}
    if kind == "move":
        name = draw(st.sampled_from(names))
        at, mov = units[name]["at"], units[name]["MOV"]
        choice = draw(st.integers(0, 9))  # mostly within the unit's movement, sometimes past it
        if choice < 7:
            to = squares_near(at, max(1, mov), width - 1, height - 1)
        else:
            to = squares_near(at, mov + 1, width - 1, height - 1) if choice < 9 else squares_in(width, height)
        return {"do": "move", "unit": name, "to": draw(to)}
    attacker = draw(st.sampled_from(names))
    entry = units[attacker]
    enemies = [n for n in names if units[n]["side"] != entry["side"]]
    action: dict[str, Any] = {"do": "attack", "attacker": attacker}
    if ("secondary" in entry and draw(st.integers(0, 3)) == 0) or draw(st.integers(0, 29)) == 0:
        action["using"] = "secondary"
    # Mostly the nearest enemy (the attack a player would make), then any enemy, rarely a friend or a list.
    which = draw(st.integers(0, 19))
    if which < 11:
        x, y = entry["at"]
        action["target"] = min(enemies, key=lambda n: max(abs(units[n]["at"][0] - x), abs(units[n]["at"][1] - y)))
    elif which < 16:
        action["target"] = draw(st.sampled_from(enemies))
    elif which < 18:
        action["target"] = draw(st.sampled_from(names))
    elif which == 18:
        action["targets"] = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3))
    profile = entry["secondary"]["ATK"] if action.get("using") == "secondary" and "secondary" in entry else entry["ATK"]
    target = action.get("target")
    toward = units[target]["at"] if target is not None else None
    if "Atropelamento" in profile:
        choice = draw(st.integers(0, 6))
        if choice < 3:
            action["path"] = draw(walks(entry["at"], width, height, toward))
        elif choice == 3:
            first = draw(walks(entry["at"], width, height, toward))
            second = draw(walks(first[-1] if first else entry["at"], width, height, None))
            action["paths"] = [first, second][: draw(st.integers(1, 3))]
        elif choice == 6:
            action["move_to"] = draw(squares_near(entry["at"], 1, width - 1, height - 1))
    else:
        if draw(st.integers(0, 7)) == 0:
            action["move_to"] = draw(squares_near(entry["at"], max(1, entry["MOV"]), width - 1, height - 1))
        if draw(st.integers(0, 9)) == 0:
            action["path"] = draw(walks(entry["at"], width, height, toward))
    if draw(st.integers(0, 5)) == 0:
        action["times"] = draw(st.integers(1, 3))
    if draw(st.integers(0, 5)) == 0:
        action["hex"] = "Sono"
    return action


OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "defeat_threshold": st.sampled_from(["greater", "at_least"]),
        "distance": st.sampled_from(["chebyshev", "manhattan"]),
        "ice_bonus": st.sampled_from([20, 10]),
        "flip_blocks_actions": st.booleans(),
        "move_before_attack": st.booleans(),
        "area_damage": st.sampled_from(["per_unit", "shared"]),
        "projectiles": st.sampled_from(["army", "unit"]),
        "vitality": st.sampled_from(["excess", "ignore"]),
    },
)


@st.composite
def battles(
    draw: st.DrawFn,
    *,
    options: st.SearchStrategy[dict[str, Any]] = OPTIONS,
    vitality: bool = True,
    action_kinds: tuple[str, ...] = ("attack", "attack", "attack", "move", "new_round"),
    min_actions: int = 1,
    max_actions: int = 8,
) -> dict[str, Any]:
    """A random small battle as a scenario dict: board, 2–6 units on two sides, 1–8 actions."""
    width, height = draw(st.integers(1, 8)), draw(st.integers(2, 8))
    every = [(x, y) for x in range(width) for y in range(height)]
    terrain = draw(st.dictionaries(st.sampled_from(every), st.integers(0, 3), max_size=width * height // 2))
    obstacles = draw(st.lists(st.sampled_from(every), unique=True, max_size=min(4, len(every) - 2)))
    free = [s for s in every if s not in obstacles]
    count = draw(st.integers(2, min(6, len(free))))
    spots = draw(st.lists(st.sampled_from(free), min_size=count, max_size=count, unique=True))
    sides = [SIDES[0], SIDES[1]] + [draw(st.sampled_from(SIDES)) for _ in range(count - 2)]
    units = {f"U{i}": draw(unit_entries(sides[i], spots[i], vitality)) for i in range(count)}
    steps = draw(st.lists(actions(units, width, height, action_kinds), min_size=min_actions, max_size=max_actions))
    return battle(
        units,
        steps,
        size=(width, height),
        heights=[{"at": list(s), "height": h} for s, h in sorted(terrain.items())],
        obstacles=[list(s) for s in obstacles],
        options=draw(options),
    )


SEEDS = st.integers(0, 2**32 - 1)

# --- running ------------------------------------------------------------------------------------------------


class Run(msgspec.Struct):
    scenario: Scenario
    steps: list[Resolution]
    drawn: list[tuple[int, ...]]  # the dice each step drew, in order

    @property
    def states(self) -> list[Any]:
        """The state before each step, then the final state (``len(steps) + 1`` entries)."""
        return [self.scenario.state, *(r.state for r in self.steps)]

    def action(self, index: int) -> Any:
        return self.scenario.steps[index].action


def _load(data: dict[str, Any], options: dict[str, Any]) -> Scenario:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return scenario_from_document(load_yaml_text(text, source="<property>"), options)


def run_seeded(data: dict[str, Any], seed: int, **options: Any) -> Run:
    scenario = _load(data, options)
    assert all(step.dice is None for step in scenario.steps)
    dice = RecordingDice(SeededDice(seed))
    steps: list[Resolution] = []
    drawn: list[tuple[int, ...]] = []
    for step in run_scenario(scenario, lambda: dice):
        steps.append(step.resolution)
        drawn.append(dice.values[sum(map(len, drawn)) :])
    return Run(scenario=scenario, steps=steps, drawn=drawn)


def run_given(data: dict[str, Any]) -> Run:
    """Run a scenario whose every action states its own ``dice:``."""
    scenario = _load(data, {})
    steps = [s.resolution for s in run_scenario(scenario, lambda: GivenDice([]))]
    return Run(scenario=scenario, steps=steps, drawn=[tuple(step.dice or ()) for step in scenario.steps])


def actor_of(action: Any) -> str | None:
    return getattr(action, "attacker", None) or getattr(action, "unit", None)


def of(events: tuple[Event, ...] | list[Event], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


# --- the invariants of one random battle -------------------------------------------------------------------
#
# Drawing and loading a battle costs more than checking it, so every invariant below is a plain function of one
# run, and one property test draws each battle once and checks them all (a failure names the invariant).


def every_action_ends_normally_or_is_refused(data: dict[str, Any], run: Run) -> None:
    # Running at all is half of it: any exception other than a refusal escapes ``run_seeded`` and fails the test.
    assert len(run.steps) == len(data["actions"])
    for index, resolution in enumerate(run.steps):
        events = resolution.events
        assert events[0].kind == "action" and events[0].index == index + 1
        if resolution.refused:
            continue  # what a refusal leaves behind is checked against a replay without it, below
        assert of(events, "refused") == []
        action = run.action(index)
        if action.do == "new_round":
            assert events[-1].kind == "new_round"
        else:
            assert events[-1].kind == "flip" and events[-1].unit == actor_of(action)


def defeated_units_never_act_or_return(data: dict[str, Any], run: Run) -> None:
    states = run.states
    defeated: set[str] = {u.name for u in states[0].units if u.defeated}
    for index, resolution in enumerate(run.steps):
        actor = actor_of(run.action(index))
        if actor in defeated:
            assert resolution.refused and resolution.events[-1].rule == "defeat"
        newly = {e.unit for e in of(resolution.events, "defeat")}
        assert not newly & defeated, "a unit was defeated twice"
        defeated |= newly
        after = states[index + 1]
        for unit in after.units:
            assert unit.defeated == (unit.name in defeated)
            if unit.defeated:
                assert unit.position is None and not unit.on_board


def living_units_stay_on_free_distinct_squares(data: dict[str, Any], run: Run) -> None:
    for state in run.states:
        squares = [u.position for u in state.living()]
        assert len(squares) == len(set(squares)), f"two living units share a square: {squares}"
        for square in squares:
            assert square is not None
            assert state.board.contains(square) and not state.board.is_obstacle(square)


def ammunition_drops_exactly_by_what_is_spent(data: dict[str, Any], run: Run) -> None:
    """Per-unit counts (option projectiles: unit) or the army sheet (the default: one pool per side and kind)."""
    per_unit = data["options"].get("projectiles") == "unit"
    states = run.states
    for index, resolution in enumerate(run.steps):
        before, after = states[index], states[index + 1]
        left: dict[tuple[str, str], int] = {}
        for spend in of(resolution.events, "spend"):
            if per_unit:
                key = (spend.unit, spend.resource)
                start = before.unit(spend.unit).ammo(spend.resource)
            else:
                key = (before.unit(spend.unit).side, spend.resource)
                start = before.pool(*key)
            left[key] = left.get(key, start) - spend.amount
            assert spend.amount == 1 and spend.remaining == left[key] >= 0
        if per_unit:
            for unit in after.units:
                for resource, count in unit.ammunition:
                    assert count >= 0
                    assert count == left.get((unit.name, resource), before.unit(unit.name).ammo(resource))
        else:
            for side, kind, count in after.pools:
                assert count == left.get((side, kind), before.pool(side, kind)) >= 0
            assert [u.ammunition for u in after.units] == [u.ammunition for u in before.units]


def damage_is_the_roll_plus_the_element_bonuses(data: dict[str, Any], run: Run) -> None:
    for resolution in run.steps:
        events = list(resolution.events)
        for i, damage in enumerate(events):
            if damage.kind != "damage":
                continue
            # the damage roll it comes from: a healing roll of an ally struck by the same Area may lie between
            last_roll = max(j for j in range(i) if events[j].kind == "roll" and events[j].label.startswith("damage"))
            roll = events[last_roll]
            if roll.label == "damage (Area, shared)":
                continue
            assert roll.label == f"damage vs {damage.target}"
            bonuses = [e for e in events[last_roll + 1 : i] if e.kind == "element_bonus"]
            assert all(b.target == damage.target for b in bonuses)
            assert damage.amount == roll.total + sum(b.amount for b in bonuses)
            assert roll.total == sum(roll.kept)


def an_attack_that_happens_flips_the_attacker(data: dict[str, Any], run: Run) -> None:
    for index, resolution in enumerate(run.steps):
        action = run.action(index)
        if action.do != "attack" or resolution.refused:
            continue
        attacker = resolution.state.unit(action.attacker)
        if attacker.on_board:
            assert resolution.events[-1].kind == "flip" and resolution.events[-1].unit == action.attacker
            assert attacker.flipped
        else:
            assert of(resolution.events, "flip") == []


def a_flipped_unit_is_refused_until_a_new_round(data: dict[str, Any], run: Run) -> None:
    if data["options"].get("flip_blocks_actions") is False:
        return  # the house rule lets flipped units act: nothing to check
    states = run.states
    acted: set[str] = set()  # units that acted since the last new round
    for index, resolution in enumerate(run.steps):
        before, after = states[index], states[index + 1]
        action = run.action(index)
        assert {u.name for u in before.living() if u.flipped} == acted & {u.name for u in before.living()}
        if action.do == "new_round":
            acted.clear()
            assert not any(u.flipped for u in after.living())
            continue
        actor = before.unit(actor_of(action))
        if actor.on_board and actor.flipped:
            assert resolution.refused and resolution.events[-1].rule == "flip"
        elif not resolution.refused and after.unit(actor.name).on_board:
            acted.add(actor.name)


def a_refused_action_is_as_if_it_was_never_written(data: dict[str, Any], run: Run) -> None:
    """Delete the refused actions from the scenario, give every other action the very dice it drew, and run
    it again from a fresh load: every accepted action tells the same story and the battle ends the same way.
    (A refusal that left a mark on the battle, or an accepted action that depended on a refused one, shows.)"""
    if not any(r.refused for r in run.steps):
        return
    kept = [i for i, r in enumerate(run.steps) if not r.refused]
    replay = copy.deepcopy(data)
    replay["actions"] = [{**data["actions"][i], "dice": list(run.drawn[i])} for i in kept]
    again = run_given(replay)
    assert [r.refused for r in again.steps] == [False] * len(kept)
    for i, resolution in zip(kept, again.steps, strict=True):
        assert [e.to_json() for e in resolution.events[1:]] == [e.to_json() for e in run.steps[i].events[1:]]
    assert again.states[-1] == run.states[-1]


INVARIANTS = (
    every_action_ends_normally_or_is_refused,
    defeated_units_never_act_or_return,
    living_units_stay_on_free_distinct_squares,
    ammunition_drops_exactly_by_what_is_spent,
    damage_is_the_roll_plus_the_element_bonuses,
    an_attack_that_happens_flips_the_attacker,
    a_flipped_unit_is_refused_until_a_new_round,
    a_refused_action_is_as_if_it_was_never_written,
)


@settings(PROPERTY, max_examples=examples(200))
@given(battles(), SEEDS)
def test_random_battles_keep_every_invariant(data: dict[str, Any], seed: int) -> None:
    run = run_seeded(data, seed)
    for invariant in INVARIANTS:
        try:
            invariant(data, run)
        except AssertionError as failure:
            raise AssertionError(f"{invariant.__name__}: {failure}") from failure


# --- at_least defeats at least as much as greater --------------------------------------------------------
#
# Over several actions this does not hold, and not because of a bug: a unit that falls under at_least but not
# under greater cannot make its own later attack, so that attack's victims survive only under at_least (and the
# seeded dice go to other rolls from then on). So the property is checked on one attack action. Even there it
# needs the same dice to go to the same rolls, which excludes Multiple attacks whose later rounds choose their
# targets again (Area, a random Line) and Multiple tramples with several 'paths' (a defeat in pass 1 moves the
# attacker, which changes where pass 2 starts and may make it illegal, refusing the whole action as the README
# rules). NOT_MONOTONE below shows a case of the first two.


def monotone_case(data: dict[str, Any]) -> bool:
    action = data["actions"][0]
    entry = data["units"][action["attacker"]]
    profile = entry["secondary"]["ATK"] if action.get("using") == "secondary" and "secondary" in entry else entry["ATK"]
    if "Múltiplo" not in profile:
        return True
    return "paths" not in action and "Área" not in profile and "Aleatório" not in profile


@settings(PROPERTY, max_examples=examples(150), suppress_health_check=[HealthCheck.filter_too_much])
@given(
    battles(
        options=OPTIONS.map(lambda o: {k: v for k, v in o.items() if k != "defeat_threshold"}),
        vitality=False,
        action_kinds=("attack",),
        max_actions=1,
    ).filter(monotone_case),
    SEEDS,
)
def test_at_least_defeats_a_superset_of_greater_in_one_attack(data: dict[str, Any], seed: int) -> None:
    greater = run_seeded(data, seed, defeat_threshold="greater").states[-1]
    at_least = run_seeded(data, seed, defeat_threshold="at_least").states[-1]
    assert {u.name for u in at_least.units if u.defeated} >= {u.name for u in greater.units if u.defeated}


def _unit(side: str, at: list[int], **stats: Any) -> dict[str, Any]:
    return {"side": side, "at": at, "ATK": 1, "DAN": "1d20", "DEF": 5, **stats}


NOT_MONOTONE = {
    # B survives a 5 under greater and then defeats A; under at_least B falls and its attack is refused.
    "two attacks": (
        {"A": _unit("red", [0, 0], DEF=0), "B": _unit("blue", [1, 0])},
        [{"do": "attack", "attacker": "A", "target": "B"}, {"do": "attack", "attacker": "B", "target": "A"}],
        [5, 1],
    ),
    # Round 2 of the Area rolls 1 for B and 9 for C under greater; under at_least B is gone and C gets the 1.
    "multiple area": (
        {
            "A": _unit("red", [0, 0], ATK="1 (Área) (Múltiplo x 2)"),
            "B": _unit("blue", [1, 0]),
            "C": _unit("blue", [0, 1]),
        },
        [{"do": "attack", "attacker": "A"}],
        [5, 1, 1, 9],
    ),
    # (A "multiple trample" case once stood here: its pass 2 attacked B's square again. Since issue 16 a trample
    # attacks each square at most once per move, so it no longer exists.)
}


@pytest.mark.parametrize("case", sorted(NOT_MONOTONE))
def test_why_the_superset_property_is_limited_to_one_simple_attack(case: str) -> None:
    units, steps, dice = NOT_MONOTONE[case]
    data = battle(units, steps, size=(3, 2))
    greater = run_data(data, list(dice)).state
    at_least = run_data(data, list(dice), defeat_threshold="at_least").state
    assert not {u.name for u in at_least.units if u.defeated} >= {u.name for u in greater.units if u.defeated}


# --- 10. determinism ----------------------------------------------------------------------------------------


@settings(PROPERTY, max_examples=examples(40, 1_000))
@given(battles(), SEEDS)
def test_the_same_scenario_and_seed_give_the_same_events(data: dict[str, Any], seed: int) -> None:
    first = run_seeded(data, seed)
    second = run_seeded(copy.deepcopy(data), seed)
    assert [[e.to_json() for e in r.events] for r in first.steps] == [
        [e.to_json() for e in r.events] for r in second.steps
    ]
    assert first.states[-1] == second.states[-1]


# --- bugs found ---------------------------------------------------------------------------------------------
#
# Plain seeded tests rather than Hypothesis ones, so that each fails (or passes) the same way on every run.


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_multiple_without_a_named_target_keeps_its_first_defeat(seed: int) -> None:
    """Regression: a Multiple attack with no named target whose round 1 defeated the only unit in reach used to
    be refused as a whole in round 2 ('name the target of the attack'), undoing the defeat."""
    units = {
        "A": {"side": "red", "at": [0, 0], "ATK": "1 (Múltiplo x 2)", "DAN": "1d6", "DEF": 5},
        "B": {"side": "blue", "at": [1, 0], "ATK": 1, "DAN": "1d6", "DEF": 0},  # every roll beats DEF 0
    }
    run = run_seeded(battle(units, [{"do": "attack", "attacker": "A"}], size=(2, 1)), seed)
    assert not run.steps[0].refused, run.steps[0].events[-1]
    assert run.states[-1].unit("B").defeated and run.states[-1].unit("A").flipped


# Regression: a Pilgrim projectile once checked its projectile only on steps whose line stayed on the board.
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_pilgrim_projectile_without_projectiles_is_refused(seed: int) -> None:
    units = {
        "A": {
            "side": "red",
            "at": [1, 1],
            "ATK": "1d10 (Projétil: Flecha) (Peregrino x 2)",
            "DAN": "1d6",
            "DEF": 5,
            "ammunition": {"Flecha": 0},
        },
        "B": {"side": "blue", "at": [3, 1], "ATK": 1, "DAN": "1d6", "DEF": 0},
    }
    walls = [[x, y] for x in range(3) for y in range(3) if [x, y] != [1, 1]]  # every line from A is blocked at once
    run = run_seeded(battle(units, [{"do": "attack", "attacker": "A"}], size=(4, 3), obstacles=walls), seed)
    resolution = run.steps[0]
    assert resolution.refused and resolution.events[-1].rule == "projectile", [e.kind for e in resolution.events]
