"""An Ahotnik attack typed on the command line is the attack a scenario file would hold (issue 28, item 5).

``tabroll attack -r ahotnik -a Eagle -t Imp ...`` names its target, so it is ``do: attack`` with ``target: Imp``,
as on a file's board: when the pilots turn the Eagle so that the rules make it attack something else, or nothing,
the attack is refused with that reason (exit 1), and nothing changes. Every case states its pilots (and the 1d2 of
a forced pick) and pins the events; the last test checks, over many pilots and layouts, that the command line
and the equivalent file give the same events, exit code and final state.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import examples

# The issue's attack: the Imp (Shields 1, Life 2) stands 3 hexes east (direction 2) of the Eagle, which faces 1.
IMP = ["-a", "Eagle", "-t", "Imp", "--target-stat", "life=2", "--target-stat", "shields=1"]
SHOT = [*IMP, "--distance", "3", "--toward", "2"]
# Independent oracle of the default numbering: 1 NE, 2 E, 3 SE, 4 SW, 5 W, 6 NW (axial, r to the south).
STEPS = {1: (1, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 1), 5: (-1, 0), 6: (0, -1)}

REFUSED_NOTHING = {
    "kind": "refused",
    "actor": "Eagle",
    "verb": "attack",
    "reason": "Eagle cannot choose Imp: the rules make it attack nothing",
    "rule": "target identification",
}
REFUSED_PINNED = ("refused", REFUSED_NOTHING["reason"], "target identification")
UNTOUCHED_IMP = {"name": "Imp", "identity": "Imp", "position": [3, 0], "shields": 1, "life": 2, "exiled": False}


def pinned(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Each event of an Ahotnik attack as its numbers and names (its wording left out); any other kind fails."""
    fields = {
        "action": ("actor",),
        "roll": ("dice", "values"),
        "synapse": ("unit", "result", "pilots", "direction"),
        "rotation": ("unit", "before", "after"),
        "targeting": ("attacker", "attack", "targets", "direction", "line"),
        "ignored": ("unit", "attacker"),
        "hit": ("attacker", "target", "result"),
        "damage": ("attacker", "target", "pool", "amount", "left", "defeats"),
        "transition": ("unit", "active"),
        "defeat": ("unit", "by", "how"),
        "threat": ("before", "after"),
        "dna": ("unit", "identity"),
        "refused": ("reason", "rule"),
        "note": ("unit",),
    }
    return [(e["kind"], *(e[k] for k in fields[e["kind"]])) for e in events]


def events_of(result: Any) -> list[dict[str, Any]]:
    (action,) = result.json()["actions"]
    return [{k: v for k, v in e.items() if k != "action"} for e in action["events"]]


def test_the_issue_s_attack_is_refused_as_the_file_refuses_it(cli) -> None:
    # Pilots 5 and 5: the Eagle turns west (5), away from the Imp; the line west holds no unit.
    result = cli("attack", "-r", "ahotnik", *SHOT, "--pilots", "5,5", "--format", "json")
    assert result.code == 1, result.err
    assert events_of(result) == [
        {"kind": "action", "index": 1, "actor": "Eagle", "verb": "attack", "description": "Eagle attacks"},
        REFUSED_NOTHING,
    ]
    assert result.json()["actions"][0]["refused"] is True
    state = result.json()["final_state"]  # the state as it was: not even turned
    assert [(a["facing"], a["phase_transition"], a["dna"]) for a in state["ahotniks"]] == [(1, False, [])]
    assert state["demons"] == [UNTOUCHED_IMP] and state["threat"] == 2
    text = cli("attack", "-r", "ahotnik", *SHOT, "--pilots", "5,5", "--format", "text")
    assert text.code == 1
    assert (
        "  refused       Eagle cannot choose Imp: the rules make it attack nothing [target identification]"
        in text.out.splitlines()
    )


SHOT_EXILES_THE_IMP = [
    ("rotation", "Eagle", 1, 2),
    ("targeting", "Eagle", "ranged", ["Imp"], 2, [[1, 0], [2, 0], [3, 0]]),
    ("hit", "Eagle", "Imp", 3),
    ("damage", "Eagle", "Imp", "Shields", 1, 0, False),
    ("damage", "Eagle", "Imp", "Life", 2, 0, True),
    ("transition", "Eagle", True),
    ("defeat", "Imp", "Eagle", "exiled"),
    ("threat", 2, 1),
    ("dna", "Eagle", "Imp"),
]
"""Turned east (2) after a successful synapse, the Eagle shoots the Imp: 3 damage, Shields 1 → 0 then Life 2 → 0."""


def test_pilots_that_keep_the_eagle_on_the_imp_shoot_it(cli) -> None:
    # Pilots 2 and 2: a successful synapse east, 3 damage: Shields 1 → 0, then Life 2 → 0: exiled.
    result = cli("attack", "-r", "ahotnik", *SHOT, "--pilots", "2,2", "--format", "json")
    assert result.code == 0, result.err
    assert pinned(events_of(result)) == [
        ("action", "Eagle"),
        ("synapse", "Eagle", "success", [2, 2], 2),
        *SHOT_EXILES_THE_IMP,
    ]
    state = result.json()["final_state"]
    assert state["ahotniks"][0]["dna"] == ["Imp"] and state["demons"][0]["exiled"] is True


@pytest.mark.parametrize(
    ("pick", "code", "expected"),
    [
        # the 1d2 picks the first named, 2 (east): a forced shot, 1 damage, Shields first
        (
            "1",
            0,
            [
                ("action", "Eagle"),
                ("roll", "1d2", [1]),
                ("synapse", "Eagle", "forced", [2, 5], 2),
                ("rotation", "Eagle", 1, 2),
                ("targeting", "Eagle", "ranged", ["Imp"], 2, [[1, 0], [2, 0], [3, 0]]),
                ("hit", "Eagle", "Imp", 1),
                ("damage", "Eagle", "Imp", "Shields", 1, 0, False),
                ("transition", "Eagle", True),
            ],
        ),
        # the 1d2 picks the second, 5 (west): nothing to shoot, so the attack on the Imp is refused
        ("2", 1, [("action", "Eagle"), REFUSED_PINNED]),
    ],
)
def test_a_forced_synapse_is_refused_only_when_its_pick_turns_the_eagle_away(
    cli, pick: str, code: int, expected: list[tuple[Any, ...]]
) -> None:
    result = cli("attack", "-r", "ahotnik", *SHOT, "--pilots", "2,5", "--dice", pick, "--format", "json")
    assert result.code == code, result.err
    assert pinned(events_of(result)) == expected
    assert result.json()["dice_drawn"] == [int(pick)]


def test_an_adjacent_imp_is_attacked_whatever_the_pilots_name(cli) -> None:
    # Adjacent (distance 1, east): turned west (5), the first adjacent Demon clockwise from 5 is the Imp at 2:
    # melee, success, 2 damage, not ahead: Shields first.
    result = cli("attack", "-r", "ahotnik", *IMP, "--toward", "2", "--pilots", "5,5", "--format", "json")
    assert result.code == 0, result.err
    assert pinned(events_of(result)) == [
        ("action", "Eagle"),
        ("synapse", "Eagle", "success", [5, 5], 5),
        ("rotation", "Eagle", 1, 5),
        ("targeting", "Eagle", "melee", ["Imp"], 2, []),
        ("hit", "Eagle", "Imp", 2),
        ("damage", "Eagle", "Imp", "Shields", 1, 0, False),
        ("damage", "Eagle", "Imp", "Life", 1, 1, False),
        ("transition", "Eagle", True),
    ]


def test_with_no_pilots_given_the_dice_name_them_and_a_turn_away_is_refused(cli) -> None:
    # Each pilot's number is a 1d6 of the dice: 4 and 4 turn the Eagle south-west, away from the Imp.
    away = cli("attack", "-r", "ahotnik", *SHOT, "--dice", "4,4", "--format", "json")
    assert away.code == 1, away.err
    assert pinned(events_of(away)) == [("action", "Eagle"), REFUSED_PINNED]
    assert away.json()["dice_drawn"] == [4, 4]
    on = cli("attack", "-r", "ahotnik", *SHOT, "--dice", "2,2", "--format", "json")
    assert on.code == 0, on.err
    assert pinned(events_of(on)) == [
        ("action", "Eagle"),
        ("note", "Eagle"),  # no choice given: each pilot's number is asked of the dice source
        ("roll", "1d6", [2]),
        ("roll", "1d6", [2]),
        ("synapse", "Eagle", "success", [2, 2], 2),
        *SHOT_EXILES_THE_IMP,
    ]


# --- another unit on the board: a scenario file's, attacked from the command line -------------------------

BOARD = """\
ruleset: ahotnik
title: Eagle between an Imp and a Bat
map: {radius: 3}
threat: 3
ahotniks:
  Eagle: {at: [0, 0], facing: 1, shields: 0, life: 1}
demons:
  Imp: {at: [3, 0], shields: 1, life: 2}
  Bat: {at: [-2, 0], life: 1}
"""


def test_pilots_that_turn_the_eagle_to_another_unit_are_refused_naming_it(cli, tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD, encoding="utf-8")
    away = cli("attack", str(path), "-a", "Eagle", "-t", "Imp", "--pilots", "5,5", "--format", "json")
    assert away.code == 1, away.err
    assert pinned(events_of(away)) == [
        ("action", "Eagle"),
        ("refused", "Eagle cannot choose Imp: the rules make it attack Bat", "target identification"),
    ]
    bat = cli("attack", str(path), "-a", "Eagle", "-t", "Bat", "--pilots", "5,5", "--format", "json")
    assert bat.code == 0, bat.err
    assert pinned(events_of(bat)) == [
        ("action", "Eagle"),
        ("synapse", "Eagle", "success", [5, 5], 5),
        ("rotation", "Eagle", 1, 5),
        ("targeting", "Eagle", "ranged", ["Bat"], 5, [[-1, 0], [-2, 0], [-3, 0]]),
        ("hit", "Eagle", "Bat", 3),
        ("damage", "Eagle", "Bat", "Life", 1, 0, True),
        ("transition", "Eagle", True),
        ("defeat", "Bat", "Eagle", "exiled"),
        ("threat", 3, 2),
        ("dna", "Eagle", "Bat"),
    ]
    imp = cli("attack", str(path), "-a", "Eagle", "-t", "Imp", "--pilots", "2,2", "--format", "json")
    assert imp.code == 0, imp.err
    assert [e for e in pinned(events_of(imp)) if e[0] == "hit"] == [("hit", "Eagle", "Imp", 3)]


# --- the command line and the equivalent file, over many pilots and layouts -------------------------------


def equivalent_file(
    *, facing: int, toward: int, distance: int, enemy: str, shields: int, life: int, choice: dict[str, Any]
) -> str:
    """The scenario file of ``tabroll attack -r ahotnik -a Eagle -t Imp`` with those words, written out by hand
    from the README: the Eagle at [0, 0] (Shields 0, Life 1), the Imp ``distance`` hexes toward ``toward``, a
    map of only the line between them, the threat the number of units, and the attack naming its target."""
    line = [(0, 0)]
    for _ in range(distance):
        q, r = line[-1]
        dq, dr = STEPS[toward]
        line.append((q + dq, r + dr))
    imp = {"at": list(line[-1]), "shields": shields, "life": life}
    ahotniks: dict[str, Any] = {"Eagle": {"at": [0, 0], "facing": facing, "shields": 0, "life": 1}}
    demons: dict[str, Any] = {}
    (ahotniks if enemy == "ahotnik" else demons)["Imp"] = imp
    data = {
        "ruleset": "ahotnik",
        "title": "Eagle attacks Imp",
        "map": {"cells": [list(h) for h in line]},
        "threat": 2,
        "ahotniks": ahotniks,
        "demons": demons,
        "actions": [{"do": "attack", "ahotnik": "Eagle", "target": "Imp", "choice": choice}],
    }
    return yaml.safe_dump(data, sort_keys=False)


@st.composite
def attacks(draw: st.DrawFn) -> tuple[list[str], dict[str, Any], list[str]]:
    """Command-line words, the same attack's file fields, and the dice (a forced pick's 1d2, if any)."""
    layout = {
        "facing": draw(st.integers(1, 6)),
        "toward": draw(st.integers(1, 6)),
        "distance": draw(st.integers(1, 4)),
        "enemy": draw(st.sampled_from(["demon", "ahotnik"])),
        "shields": draw(st.integers(0, 3)),
        "life": draw(st.integers(1, 4)),
    }
    a, b = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    if draw(st.booleans()):
        choice_words, choice = ["--pilots", f"{a},{b}"], {"pilots": [a, b]}
        dice = [] if a == b else ["--dice", str(draw(st.integers(1, 2)))]
    else:
        synapse = draw(st.sampled_from(["success", "forced"]))
        choice_words = ["--synapse", synapse, "--direction", str(a)]
        choice, dice = {"synapse": synapse, "direction": a}, []
    words = [
        "-a", "Eagle", "-t", "Imp",
        "--target-stat", f"shields={layout['shields']}", "--target-stat", f"life={layout['life']}",
        "--facing", str(layout["facing"]), "--toward", str(layout["toward"]),
        "--distance", str(layout["distance"]), "--enemy", layout["enemy"], *choice_words,
    ]  # fmt: skip
    return words, {**layout, "choice": choice}, dice


@settings(max_examples=examples(60, 2_000), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(attacks())
def test_the_command_line_attack_and_the_equivalent_file_give_the_same_answer(cli, tmp_path: Path, case) -> None:
    words, fields, dice = case
    typed = cli("attack", "-r", "ahotnik", *words, *dice, "--format", "json")
    path = tmp_path / "same.yaml"
    path.write_text(equivalent_file(**fields), encoding="utf-8")
    filed = cli("run", str(path), *dice, "--format", "json")
    assert typed.code == filed.code, (typed.out, filed.out)
    assert typed.code in (0, 1), typed.err
    typed_doc, (filed_doc,) = typed.json(), filed.json()["files"]  # a run lists its files; an attack is one
    assert typed_doc["actions"] == filed_doc["actions"]
    assert typed_doc["final_state"] == filed_doc["final_state"]
    # a refusal happens exactly when the rules aim the attack elsewhere: its reason says at what
    (action,) = typed_doc["actions"]
    targeted = [e["targets"] for e in action["events"] if e["kind"] == "targeting"]
    if action["refused"]:
        assert typed.code == 1 and not targeted
        assert action["events"][-1]["rule"] == "target identification"
    else:
        assert typed.code == 0 and targeted and "Imp" in targeted[0]


def test_the_readme_shows_the_refusal_as_the_command_prints_it(cli) -> None:
    readme = (Path(__file__).resolve().parents[2] / "rulesets" / "ahotnik" / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```text\n(.*?)```", readme, re.S) if b.startswith("$ tabroll attack")]
    assert len(blocks) == 1, "the README's command-line refusal"
    command, *expected = blocks[0].rstrip("\n").splitlines()
    assert command.startswith("$ tabroll ")
    result = cli(*shlex.split(command)[2:])
    assert result.code == 1, result.err
    assert result.out.splitlines() == expected
