"""A legal F0R60D army, checked when the scenario loads: one message per problem, each with file:line and the rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tabroll.errors import InputError
from tabroll.loading.scenario import scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text

HEAD = "ruleset: forgod\nboard: {width: 3}\n"


def load(text: str) -> Any:
    return scenario_from_document(load_yaml_text(HEAD + text, source="army.yaml"))


def problem(text: str) -> str:
    with pytest.raises(InputError) as caught:
        load(text)
    return caught.value.describe()


TWO = "  B: {side: blue, at: [0, 4], PV: 5}\n"


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        (
            "{side: red, at: [0, 1], PV: 5, kind: bestia, commander: true}",
            "army.yaml:4:6: units.A: an invocation (beast) cannot be the troops' commander",
        ),
        (
            "{side: red, at: [0, 1], PV: 5, kind: poder, commander: true}",
            "army.yaml:4:6: units.A: an invocation (power) cannot be the troops' commander",
        ),
        (
            "{side: red, at: [0, 1], PV: 5, kind: bestia, additions: [{kind: arma}]}",
            "army.yaml:4:51: units.A.additions: A is a beast: additions are equipped on troop units only "
            "(addition deck)",
        ),
        (
            "{side: red, at: [0, 1], PV: 5, kind: máquina de guerra, additions: [{kind: armadura}]}",
            "army.yaml:4:62: units.A.additions: A is a war machine: additions are equipped on troop units only "
            "(addition deck)",
        ),
        (
            "{side: red, at: [0, 1], PV: 5, additions: [{kind: negra, name: Maldición}]}",
            "army.yaml:4:50: units.A.additions[0].kind: Maldición is a black addition: it is kept in the hand, "
            "never equipped (black additions)",
        ),
        (
            "{side: red, at: [0, 1], PV: 5, additions: [{kind: arma, copies: 2}]}",
            "army.yaml:4:37: units.A.additions: A has 2 weapons for 1 card, at most 1 (addition slots)",
        ),
    ],
)
def test_one_card_problems_name_the_line_and_the_rule(unit: str, expected: str) -> None:
    text = problem(f"units:\n  A: {unit}\n{TWO}")
    assert text.splitlines()[0] == expected


def test_additions_fit_four_slots_per_card() -> None:
    fits = "[{kind: arma}, {kind: armadura}, {kind: experiencia, copies: 2}]"
    load(f"units:\n  A: {{side: red, at: [0, 1], PV: 5, additions: {fits}}}\n{TWO}")
    three = "[{kind: experiencia, copies: 3}]"
    assert "A has 3 experience for 1 card" in problem(
        f"units:\n  A: {{side: red, at: [0, 1], PV: 5, additions: {three}}}\n{TWO}"
    )
    five = "[{kind: arma}, {kind: experiencia, copies: 2}, {kind: accesorio, copies: 2}]"
    text = problem(f"units:\n  A: {{side: red, at: [0, 1], PV: 5, additions: {five}}}\n{TWO}")
    assert "A has 5 additions for 1 card, at most 4 (addition slots)" in text
    # a detachment of 3 holds three of each slot: 3 weapons, 3 armours, 6 experience
    legion = "[{kind: arma, copies: 3}, {kind: armadura, copies: 3}, {kind: experiencia, copies: 6}]"
    load(f"units:\n  A: {{side: red, at: [0, 1], PV: 5, cards: 3, additions: {legion}}}\n{TWO}")


def test_a_check_of_a_card_against_itself_is_refused_at_its_line() -> None:
    text = problem(
        f"units:\n  A: {{side: red, at: [0, 1], PV: 5}}\n{TWO}"
        "actions:\n  - {do: check, stat: Moral, attacker: A, defender: A}\n"
    )
    assert text.startswith("army.yaml:7:5: actions[1]: an opposed check needs two cards; 'A' cannot test itself")


def test_the_game_modes_unit_limit_and_campaign_points() -> None:
    red = "".join(f"  R{i}: {{side: red, at: [{i}, 1], PV: 5, PC: 100}}\n" for i in range(3))
    beast = "  W: {side: red, at: [0, 0], PV: 5, kind: bestia}\n"  # invocations do not count, nor cost PC
    load(f"mode: guerrilla\ntier: básico\nunits:\n{red}{beast}{TWO}")
    four = red + "  R3: {side: red, at: [0, 2], PV: 5, PC: 100}\n"
    text = problem(f"mode: guerrilla\nunits:\n{four}{TWO}")
    assert text.splitlines()[0] == (
        "army.yaml:8:3: units.R3: red fields 4 units; Guerrilla allows at most 3, the commander included "
        "(game modes; invocations and special units do not count)"
    )
    detachment = "  R0: {side: red, at: [0, 1], PV: 5, PC: 100, cards: 5}\n"  # 5 cards x 100 PC
    load(f"mode: guerrilla\ntier: básico\nunits:\n{detachment}{TWO}")  # 500 of 500
    text = problem(f"points: 499\nunits:\n{detachment}{TWO}")
    assert text.splitlines()[0] == (
        "army.yaml:5:3: units.R0: red's army costs 500 PC; it may spend at most 499 (campaign points: PC per card, "
        "each card of a detachment paid)"
    )


def test_from_deployment_the_formation_and_the_commander_are_checked() -> None:
    units = (
        "units:\n"
        "  R1: {side: red, at: [0, 1], PV: 5, commander: true}\n"  # not at the right end
        "  R2: {side: red, at: [1, 2], PV: 5}\n"
        "  R3: {side: red, at: [2, 2], PV: 5}\n"
        "  R4: {side: red, at: [0, 0], PV: 5}\n"  # a third card off the middle line
        "  B1: {side: blue, at: [0, 4], PV: 5}\n"  # blue has no commander, and its line has holes
    )
    text = problem("from_deployment: true\n" + units)
    assert text.splitlines() == [
        "army.yaml: found 5 problems:",
        "army.yaml:4:1: units: red's middle line is not covered: columns 1, 2 of row 1 are empty; the formation "
        "covers the whole middle line (starting formation) — place troops there, or make the board as wide as the "
        "middle line (board: {width: 1})",
        "army.yaml:4:1: units: blue has no commander: each player chooses the commander of its troops before the "
        "battle (choosing the commander) — mark one troop card 'commander: true'",
        "army.yaml:4:1: units: blue's middle line is not covered: columns 1, 2 of row 4 are empty; the formation "
        "covers the whole middle line (starting formation) — place troops there, or make the board as wide as the "
        "middle line (board: {width: 1})",
        "army.yaml:5:3: units.R1: R1, the commander, must stand at the right end of red's formation; R2, R3 stand "
        "further right (choosing the commander) — the right is the highest column for the first side, the lowest "
        "for the second (facing it)",
        "army.yaml:8:3: units.R4: red sets 3 cards on its Avanzada or Retaguardia (R2, R3, R4); at most 2 leave the "
        "middle line at the start (starting formation) — move the extra cards to the middle line",
    ]


def test_a_battle_under_way_is_not_held_to_the_starting_formation() -> None:
    load("units:\n  R1: {side: red, at: [0, 2], PV: 5}\n  B1: {side: blue, at: [2, 3], PV: 5}\n")


def test_check_command_lists_every_problem(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "army.yaml"
    path.write_text(
        HEAD + "units:\n"
        "  A: {side: red, at: [0, 1], PV: 5, kind: bestia, additions: [{kind: arma}]}\n"
        "  B: {side: blue, at: [0, 4], PV: 5, additions: [{kind: arma, copies: 2}]}\n",
        encoding="utf-8",
    )
    result = cli("check", str(path))
    assert result.code == 2
    lines = [line for line in result.err.splitlines() if line.strip()]
    assert lines[0].endswith("army.yaml: found 2 problems:")
    assert lines[1].split(": ", 1)[0].endswith("army.yaml:4:51") and "A is a beast" in lines[1]
    assert lines[2].split(": ", 1)[0].endswith("army.yaml:5:38") and "B has 2 weapons for 1 card" in lines[2]


# --- invocations need their summoner ----------------------------------------------------------------------------

DEPLOYED = (  # two legal formations 3 squares wide; the invocations stand on their rear lines
    "from_deployment: true\nunits:\n"
    "  R1: {side: red, at: [0, 1], PV: 5}\n"
    "  R2: {side: red, at: [1, 1], PV: 5}\n"
    "  RK: {side: red, at: [2, 1], commander: true, PV: 5}\n"
    "  BK: {side: blue, at: [0, 4], commander: true, PV: 5}\n"
    "  B1: {side: blue, at: [1, 4], PV: 5}\n"
    "  B2: {side: blue, at: [2, 4], PV: 5}\n"
)
SUMMONER_RULE = "(choosing cards: an invocation needs the card that summons it)"


def test_at_deployment_an_invocation_comes_with_its_own_sides_summoner() -> None:
    load(DEPLOYED + "  W: {side: red, at: [0, 0], PV: 5, kind: bestia, summoner: R1}\n")
    load(DEPLOYED + "  P: {side: blue, at: [0, 5], PV: 5, kind: poder, invocador: BK}\n")


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        (
            "{side: red, at: [0, 0], PV: 5, kind: bestia, summoner: BK}",
            "army.yaml:11:51: units.W.summoner: W's summoner BK is a card of blue; an invocation of red is summoned "
            f"by a card of its own army {SUMMONER_RULE}\nTip: name a card of red: R1, R2, RK",
        ),
        (
            "{side: red, at: [0, 0], PV: 5, kind: bestia, summoner: Mago}\n  Mago: {side: red, in_deck: true, PV: 3}",
            "army.yaml:11:51: units.W.summoner: W's summoner Mago is still in red's troop deck, not in the army on "
            f"the field {SUMMONER_RULE}\nTip: place Mago on the field, or name a card of red that is",
        ),
        (
            "{side: red, at: [0, 0], PV: 5, kind: poder}",
            f"army.yaml:11:3: units.W: W is a power with no summoner; it is deployed only with the card of red that "
            f"summons it {SUMMONER_RULE}\nTip: name it: summoner: <a card of red>",
        ),
        (
            "{side: red, at: [0, 0], PV: 5, kind: bestia, summoner: W}",
            f"army.yaml:11:51: units.W.summoner: W cannot be its own summoner {SUMMONER_RULE}\nTip: name the card "
            "that summons it",
        ),
        (
            "{side: red, at: [0, 0], PV: 5, kind: bestia, summoner: RK, summoner_fallen: true}",
            f"army.yaml:11:65: units.W.summoner_fallen: W's summoner cannot have fallen at deployment: the battle has "
            f"not begun {SUMMONER_RULE}\nTip: remove 'summoner_fallen', and name its summoner on the field",
        ),
    ],
)
def test_at_deployment_a_summoner_of_the_other_side_or_not_in_the_army_is_refused(unit: str, expected: str) -> None:
    assert problem(f"{DEPLOYED}  W: {unit}\n") == expected


def test_in_a_battle_under_way_the_summoner_may_have_fallen_but_is_never_an_enemy() -> None:
    load("units:\n  W: {side: red, at: [0, 1], PV: 5, kind: bestia}\n" + TWO)  # the file need not say
    load("units:\n  W: {side: red, at: [0, 1], PV: 5, kind: bestia, summoner: Mago, summoner_fallen: true}\n" + TWO)
    load("units:\n  W: {side: red, at: [0, 1], PV: 5, kind: bestia, summoner_fallen: true}\n" + TWO)
    enemy = problem("units:\n  W: {side: red, at: [0, 1], PV: 5, kind: bestia, summoner: B}\n" + TWO)
    assert enemy.splitlines()[0].startswith("army.yaml:4:51: units.W.summoner: W's summoner B is a card of blue")
    standing = problem(
        "units:\n  W: {side: red, at: [0, 1], PV: 5, kind: bestia, summoner: M, summoner_fallen: true}\n"
        "  M: {side: red, at: [1, 1], PV: 5}\n" + TWO
    )
    assert standing == (
        f"army.yaml:4:51: units.W.summoner: W's summoner M is in the scenario, so it has not fallen before it "
        f"{SUMMONER_RULE}\nTip: remove 'summoner_fallen' (it falls, if it does, in the battle), or name the fallen "
        "card"
    )
    in_deck = "  M: {side: red, in_deck: true, PV: 5}\n"
    deck = problem("units:\n  W: {side: red, at: [0, 1], PV: 5, kind: bestia, summoner: M}\n" + in_deck + TWO)
    assert deck.splitlines()[0].startswith("army.yaml:4:51: units.W.summoner: W's summoner M is still in red's troop")
    unknown = problem("units:\n  W: {side: red, at: [0, 1], PV: 5, kind: bestia, summoner: Mgo}\n" + TWO)
    assert "units.W.summoner" in unknown.splitlines()[0] and "Mgo" in unknown


def test_only_an_invocation_has_a_summoner() -> None:
    text = problem("units:\n  A: {side: red, at: [0, 1], PV: 5, summoner: B}\n" + TWO)
    assert text.splitlines()[0] == (
        "army.yaml:4:6: units.A: only an invocation (beast, power) has a summoner: 'summoner' on a troop"
    )
