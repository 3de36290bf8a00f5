"""Property tests: random identities, skills and exchanges, resolved with seeded dice through the real engine."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tabroll.dice.sources import SeededDice
from tabroll.engine import run_scenario
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tabroll.rulesets.mtg_heroes.skills import tables
from tests.mtg_heroes.helpers import Outcome, attack, check_skill, creature, fight
from tests.support import examples

PROPERTY = settings(max_examples=examples(120), deadline=None)
SKILL_NAMES = [s.name for s in tables()[0]]
KEYWORDS = ["First Strike", "Vigilance", "Trample", "Indestructible", "Haste"]
OPTIONS = ["pool", "zero", "reroll"]


def run_seeded(data: dict[str, Any], seed: int) -> Outcome:
    import yaml

    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<property>")
    scenario = scenario_from_document(doc)
    steps = [s.resolution for s in run_scenario(scenario, lambda: SeededDice(seed))]
    return Outcome(scenario=scenario, steps=steps)


@PROPERTY
@given(
    st.text(alphabet="WUBRG", max_size=12),
    st.lists(st.sampled_from(SKILL_NAMES), min_size=1, max_size=3),
    st.integers(1, 40),
    st.integers(0, 2**32),
)
def test_dice_count_is_the_colour_symbols_of_the_strongest_skill_or_one(identity, skills, target, seed) -> None:
    events = check_skill(identity, skills, SeededDice(seed), target=target)
    result = events[-1]
    roll = events[-2]
    expected = max(
        max(1, sum(1 for c in identity if c in next(s for s in tables()[0] if s.name == n).colours)) for n in skills
    )
    assert result.dice_count == expected == len(roll.values)
    assert result.total == sum(roll.values)
    assert result.success == (result.total >= target)


combatant = st.tuples(
    st.integers(0, 6), st.integers(0, 6), st.integers(1, 15), st.lists(st.sampled_from(KEYWORDS), max_size=3)
)


@PROPERTY
@given(combatant, combatant, combatant, st.sampled_from(OPTIONS), st.booleans(), st.integers(0, 2**32))
def test_life_never_rises_from_combat_and_fallen_units_deal_nothing(a, b, c, option, counter, seed) -> None:
    units = {
        "A": creature("a", a[0], a[1], a[2], *a[3], speed=3),
        "B": creature("b", b[0], b[1], b[2], *b[3]),
        "C": creature("b", c[0], c[1], c[2], *c[3]),
    }
    actions = [attack("A", "B", counterattack=counter), attack("C", "A"), attack("A", "C")]
    out = run_seeded(fight(units, actions, options={"toughness_after_exchange": option}), seed)
    lives = {name: entry["life"] for name, entry in units.items()}
    for step in out.steps:
        for unit in step.state.combatants:
            assert 0 <= unit.life <= lives[unit.name]
            lives[unit.name] = unit.life
        fallen: set[str] = set()
        for event in step.events:
            if event.kind in ("damage", "hit", "miss"):
                assert event.attacker not in fallen, event  # a unit at 0 Life strikes no more
            if event.kind == "damage":
                assert event.amount > 0
                if event.defeats:
                    fallen.add(event.target)
    for name, entry in units.items():
        unit = out.unit(name)
        assert unit.toughness_pool is None or 0 <= unit.toughness_pool <= 6 * entry["toughness"]


@PROPERTY
@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6), st.integers(0, 2**32))
def test_an_attacker_killed_by_first_strike_deals_no_damage(power, toughness, life, seed) -> None:
    units = {"A": creature("a", power, toughness, life), "B": creature("b", 6, 1, 30, "First Strike")}
    out = run_seeded(fight(units, [attack("A", "B")]), seed)
    if out.unit("A").life == 0:
        assert [d.attacker for d in out.of("damage")] == ["B"]
        assert out.unit("B").life == 30
        assert not any(r.label.startswith("attack") for r in out.of("roll"))


@PROPERTY
@given(st.lists(st.sampled_from(["near", "far"]), max_size=6), st.integers(0, 2**32))
def test_the_state_never_keeps_direct_range_after_an_action(moves, seed) -> None:
    units = {"A": creature("a", 2, 2, 30, speed=9), "B": creature("b", 2, 2, 30)}
    actions: list[dict[str, Any]] = []
    for band in moves:
        actions += [{"do": "move", "unit": "A", "to": band}, attack("A", "B"), {"do": "end_turn"}]
    out = run_seeded(fight(units, actions), seed)
    for step in out.steps:
        assert step.state.band("A", "B") in ("near", "far")
        if step.refused:
            assert step.events[-1].kind == "refused"


NAMES = ["A", "B", "L", "Z", "Nobody"]
VALUES = st.one_of(
    st.sampled_from(NAMES),
    st.sampled_from(["near", "far", "direct", "medium", "Subtlety", "WUBB", "destroy", "pool", ""]),
    st.integers(-3, 30),
    st.booleans(),
    st.none(),
    st.lists(st.sampled_from(NAMES), max_size=3),
    st.lists(st.integers(0, 7), max_size=12),
)
FIELDS = [
    "attacker", "target", "unit", "caster", "creature", "intercept_by", "after", "by", "to", "relative_to",
    "skill", "skills", "difficulty", "identity", "cost", "spell", "effect", "amount", "instant", "responds_to",
    "counterattack", "colorless", "dice", "creature_only", "power", "toughness", "uphold", "forget", "draw",
]  # fmt: skip
DOS = [
    "attack", "move", "skill_test", "initiative", "delay", "reach_phase", "cast", "effect", "flee", "damage",
    "regenerate", "summon", "end_turn", "modify", "upkeep",
]  # fmt: skip


@st.composite
def hostile_actions(draw: st.DrawFn) -> dict[str, Any]:
    action: dict[str, Any] = {"do": draw(st.sampled_from(DOS))}
    for name in draw(st.lists(st.sampled_from(FIELDS), max_size=5, unique=True)):
        action[name] = draw(VALUES)
    return action


@settings(max_examples=examples(250), deadline=None)
@given(st.lists(hostile_actions(), max_size=6), st.integers(0, 2**32))
def test_hostile_actions_give_input_errors_or_refusals_never_a_crash(actions, seed) -> None:
    from tabroll.errors import TabrollError

    units = {
        "A": creature("a", 2, 2, 6, "Trample", speed=2),
        "B": creature("b", 1, 3, 4, "First Strike"),
        "L": {"kind": "character", "side": "l", "power": 1, "toughness": 1, "life": 9, "speed": 2, "mana": 3,
              "reach": 3, "mastery": 3, "focus": 1, "identity": "WB"},
        "Z": creature("l", 1, 1, 3, "Regenerate", controller="L"),
    }  # fmt: skip
    data = fight(units, actions, reserve={"R": creature("x", 1, 1, 1)})
    with contextlib.suppress(TabrollError):
        run_seeded(data, seed)


UNIT = st.sampled_from(["A", "B", "L", "Z"])
LISTED = ["Ember Dart", "Flashfire", "Oak Skin", "Withering Touch", "Ward of Thorns", "Unmaking", "Ember Hound"]
PLAUSIBLE = st.one_of(
    st.fixed_dictionaries(
        {"do": st.just("attack"), "attacker": UNIT, "target": UNIT},
        optional={"counterattack": st.booleans(), "intercept_by": UNIT},
    ),
    st.fixed_dictionaries(
        {"do": st.just("move"), "unit": UNIT, "to": st.sampled_from(["near", "far"])},
        optional={"relative_to": st.lists(UNIT, min_size=1, max_size=2, unique=True)},
    ),
    st.fixed_dictionaries(
        {"do": st.just("skill_test"), "identity": st.text("WUBRG", max_size=6), "skill": st.sampled_from(SKILL_NAMES)},
        optional={"difficulty": st.sampled_from(["easy", "hard", "legendary"])},
    ).map(lambda a: a if "difficulty" in a else {**a, "target": 7}),
    st.just({"do": "initiative"}),
    st.fixed_dictionaries({"do": st.just("delay"), "unit": UNIT, "after": UNIT}),
    st.fixed_dictionaries({"do": st.just("reach_phase"), "unit": UNIT, "colorless": st.integers(0, 3)}),
    st.fixed_dictionaries({"do": st.just("upkeep"), "unit": UNIT, "uphold": st.lists(UNIT, max_size=2)}),
    st.fixed_dictionaries(
        {"do": st.just("cast"), "caster": UNIT, "spell": st.sampled_from(LISTED)},
        optional={"target": UNIT, "responds_to": UNIT},
    ),
    st.fixed_dictionaries(
        {"do": st.just("cast"), "caster": UNIT, "spell": st.just("Bolt"), "cost": st.integers(0, 4)},
        optional={
            "target": UNIT,
            "creature_only": st.booleans(),
            "instant": st.booleans(),
            "responds_to": UNIT,
            "split_second": st.booleans(),
        },
    ),
    st.fixed_dictionaries(
        {"do": st.just("effect"), "effect": st.sampled_from(["destroy", "exile", "control"]), "target": UNIT},
        optional={"by": UNIT},
    ),
    st.fixed_dictionaries({"do": st.just("flee"), "unit": UNIT}),
    st.fixed_dictionaries({"do": st.just("damage"), "target": UNIT, "amount": st.integers(0, 8)}),
    st.fixed_dictionaries({"do": st.just("regenerate"), "unit": UNIT}),
    st.fixed_dictionaries(
        {"do": st.just("modify"), "unit": UNIT, "power": st.integers(-3, 3), "toughness": st.integers(-3, 3)}
    ),
    st.fixed_dictionaries({"do": st.just("summon"), "caster": UNIT, "creature": st.just("R")}),
    st.fixed_dictionaries({"do": st.just("end_turn")}, optional={"unit": UNIT}),
)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(PLAUSIBLE, max_size=10), st.sampled_from(OPTIONS), st.sampled_from(["near", "far"]), st.integers(0, 2**32)
)
def test_plausible_action_sequences_resolve_or_refuse_and_keep_the_invariants(actions, option, band, seed) -> None:
    units = {
        "A": creature("a", 2, 2, 6, "Trample", speed=2),
        "B": creature("b", 1, 3, 4, "First Strike", "Indestructible", "Regenerate"),
        "L": {"kind": "character", "side": "l", "power": 1, "toughness": 1, "life": 9, "speed": 4, "mana": 3,
              "reach": 3, "mastery": 3, "focus": 1, "memory": 4, "identity": "WB", "spells": LISTED[:4],
              "library": LISTED[4:]},
        "Z": creature("l", 1, 1, 3, "Regenerate", "Vigilance", controller="L"),
    }  # fmt: skip
    data = fight(units, actions, reserve={"R": creature("x", 1, 1, 1)}, default_range=band)
    data["options"] = {"toughness_after_exchange": option}
    out = run_seeded(data, seed)
    for step in out.steps:
        for unit in step.state.combatants:
            assert 0 <= unit.life <= unit.max_life
            assert unit.toughness_pool is None or unit.toughness_pool >= 0
            assert unit.actions_used <= max(unit.speed, 1) or unit.fleeing is not None
        for name in step.state.bands.names:
            for other in step.state.bands.names:
                if name != other:
                    assert step.state.band(name, other) in ("near", "far")
        if step.refused:
            assert step.state is not None and [e.kind for e in step.events] == ["action", "refused"]
    overs = [i for i, step in enumerate(out.steps) if any(e.kind == "game_over" for e in step.events)]
    assert len(overs) <= 1  # the battle ends once, and every action after it is refused
    if overs:
        assert all(step.refused for step in out.steps[overs[0] + 1 :])
        assert out.state.result is not None


SELA = {"kind": "character", "side": "s", "power": 2, "toughness": 1, "life": 12, "speed": 2, "reach": 3,
        "mana": 3, "focus": 2, "mastery": 3, "memory": 3, "spells": ["Ember Dart", "Feral Surge", "Ward of Thorns"],
        "library": ["Cinder Burst", "Oak Skin", "Ember Dart"]}  # fmt: skip
ORM = {**SELA, "side": "o", "speed": 1, "spells": ["Oak Skin", "Withering Touch"], "library": ["Flashfire"]}
WHO = st.sampled_from(["Sela", "Orm", "Hound", "Wolf", "Hound", "Wolf"])
TURN_ACTIONS = st.one_of(
    st.fixed_dictionaries({"do": st.sampled_from(["reach_phase", "upkeep"]), "unit": WHO}),
    st.fixed_dictionaries({"do": st.just("upkeep"), "unit": WHO, "uphold": st.lists(WHO, max_size=2, unique=True)}),
    st.fixed_dictionaries({"do": st.just("attack"), "attacker": WHO, "target": WHO}),
    st.fixed_dictionaries({"do": st.just("move"), "unit": WHO, "to": st.sampled_from(["near", "far"])}),
    st.fixed_dictionaries(
        {"do": st.just("cast"), "caster": WHO, "spell": st.sampled_from(sorted({*SELA["spells"], *SELA["library"]}))},
        optional={"target": WHO, "responds_to": WHO},
    ),
    st.fixed_dictionaries(
        {"do": st.just("end_turn")}, optional={"forget": st.lists(st.sampled_from(LISTED), max_size=2)}
    ),
)


@st.composite
def whole_turns(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Turns in the order Sela, Orm, Sela…: mostly Reach phase, Upkeep, some actions, End phase, with now and then
    an action out of place."""
    actions: list[dict[str, Any]] = []
    for number in range(draw(st.integers(1, 5))):
        who = ("Sela", "Orm")[number % 2]
        creature = {"Sela": "Hound", "Orm": "Wolf"}[who]
        if draw(st.booleans()) or draw(st.booleans()):
            actions.append({"do": "reach_phase", "unit": who})
        if draw(st.booleans()) or draw(st.booleans()):
            uphold = draw(st.lists(st.just(creature), max_size=1))
            actions.append({"do": "upkeep", "unit": who, "uphold": uphold})
        enemy, theirs = {"Sela": ("Orm", "Wolf"), "Orm": ("Sela", "Hound")}[who]
        mine = st.one_of(
            st.sampled_from([enemy, theirs]).map(lambda t, c=creature: {"do": "attack", "attacker": c, "target": t}),
            st.just({"do": "attack", "attacker": who, "target": enemy}),
            st.sampled_from(["near", "far"]).map(lambda band, w=who: {"do": "move", "unit": w, "to": band}),
            st.sampled_from(sorted({*SELA["spells"], *SELA["library"], *ORM["spells"]})).map(
                lambda spell, w=who, e=enemy: {"do": "cast", "caster": w, "spell": spell, "target": e}
            ),
            TURN_ACTIONS,
        )
        actions += draw(st.lists(mine, max_size=5))
        forget = draw(st.lists(st.sampled_from([*LISTED, "Cinder Burst", "Feral Surge"]), max_size=2))
        actions.append({"do": "end_turn", "forget": forget})
    return actions


@settings(max_examples=examples(150), deadline=None)
@given(whole_turns(), st.integers(0, 2**32))
def test_whole_turns_keep_commands_first_phases_focus_and_memory(actions, seed) -> None:
    units = {
        "Sela": SELA,
        "Orm": ORM,
        "Hound": creature("s", 2, 1, 4, controller="Sela"),
        "Wolf": creature("o", 2, 2, 4, controller="Orm"),
    }
    out = run_seeded(fight(units, [{"do": "initiative"}, *actions]), seed)
    before = out.scenario.state
    overs = 0
    for step in out.steps:
        after = step.state
        header = step.events[0]
        overs += sum(e.kind == "game_over" for e in step.events)
        if not step.refused and header.verb in ("attack", "move", "flee") and header.actor in after.order:
            assert before.phase == "main"  # the active acts itself only in its action phase
        if not step.refused and header.verb in ("attack", "move"):
            actor = before.unit(header.actor)
            if actor.controller is not None:  # a commanded creature: its controller had not yet acted itself
                assert not before.unit(actor.controller).commands_closed
        if not step.refused and header.verb == "end_turn" and after.result is None:
            ended = after.unit(before.active)
            assert not ended.tracks_spells or len(ended.memory_spells) <= ended.memory_limit
        for unit in after.combatants:
            assert unit.mana >= 0 and unit.upheld <= unit.focus
            assert unit.spells_cast <= max(0, unit.focus - unit.upheld) or not unit.is_character
        before = after
    assert overs <= 1
