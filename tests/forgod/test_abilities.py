"""F0R60D special abilities as data: native (FH), ECB and Liderazgo (an equipped experience addition), instant
and constant, healing outside the card's action, responses, and "attack or ability" in one action."""

from __future__ import annotations

from typing import Any

import pytest

from tabroll.errors import InputError
from tests.forgod.helpers import attack, battle, card, run_data

PASS_B = {"do": "move", "unit": "B"}
PRAYER = {"name": "Plegaria", "FH": 1, "target": "ally", "PV": 3}
HOWL = {
    "name": "Aullido",
    "activation": "ECB",
    "target": "enemy",
    "paralyse": 1,
    "save": {"stat": "Moral", "against": 8},
}
BANNER = {"name": "Estandarte", "activation": "Liderazgo", "timing": "constante", "BA": 2}


def use(unit: str, ability: str, target: str | None = None, **more: Any) -> dict[str, Any]:
    action: dict[str, Any] = {"do": "ability", "unit": unit, "ability": ability}
    if target is not None:
        action["target"] = target
    action.update(more)
    return action


def test_a_native_healing_ability_is_not_an_action_and_keeps_its_fh() -> None:
    units = {
        "H": card("red", [0, 1], abilities=[PRAYER]),
        "W": card("red", [1, 1], wounds=6),
        "B": card("blue", [0, 4]),
    }
    actions = [
        use("H", "Plegaria", "W"),
        use("H", "Plegaria", "W"),
        {"do": "move", "unit": "H"},
        use("H", "Plegaria", "W"),
    ]
    out = run_data(battle(units, actions))
    assert [(h.before, h.after) for h in out.of("heal")] == [(4, 7), (7, 10)]
    assert out.of("refused")[0].reason == "H already used Plegaria 1 time since its last turn (FH 1)"
    assert out.state.turns == (1, 0)  # only the move was a turn


def test_an_ecb_ability_needs_its_addition_which_goes_to_the_oxido_and_the_target_may_resist() -> None:
    units = {"S": card("red", [0, 1], abilities=[HOWL]), "B": card("blue", [0, 4], Moral=2)}
    out = run_data(battle(units, [use("S", "Aullido", "B", dice=[5])]))
    assert out.of("refused")[0].reason == "Aullido needs an equipped ECB experience addition on S"
    ecb = [{"kind": "ECB", "name": "Veterano", "copies": 2}]
    units["S"] = card("red", [0, 1], abilities=[HOWL], additions=ecb)
    out = run_data(battle(units, [use("S", "Aullido", "B", dice=[5])]))  # Moral 5 + 2 = 7 < 8: paralysed
    assert out.of("opposed_check")[0].rule == "7 < 8" and out.unit("B").paralysed
    assert out.unit("S").additions[0].copies == 1 and [a.label for a in out.state.oxido[0]] == ["Veterano"]
    assert out.state.turns == (1, 0)  # an ability that is not healing is the card's action
    out = run_data(battle(units, [use("S", "Aullido", "B", dice=[6])]))  # 6 + 2 = 8: resisted
    assert not out.unit("B").paralysed and "B resists Aullido" in [n.text for n in out.of("note")]


def test_attack_or_ability_not_both_in_one_turn() -> None:
    units = {"S": card("red", [0, 1], abilities=[HOWL], additions=[{"kind": "ECB"}]), "T": card("red", [1, 1])}
    units["B"] = card("blue", [0, 4])
    out = run_data(battle(units, [use("S", "Aullido", "B", dice=[9]), PASS_B, attack("S", "B", [5])]))
    assert out.of("refused")[0].reason == "S already acted this round; red must first play T"


def answerer() -> dict[str, dict[str, Any]]:
    """S (red) holds Aullido, an ECB instant that paralyses an enemy for a round unless it saves with Moral 8;
    T is S's companion, B the enemy."""
    return {
        "S": card("red", [0, 1], abilities=[HOWL, BANNER], additions=[{"kind": "ECB"}]),
        "T": card("red", [1, 1]),
        "B": card("blue", [0, 4]),
    }


CHARGE_B = {"do": "charge", "charger": "B", "target": "T"}


def test_a_response_answers_an_enemy_charge_under_way_and_is_not_a_turn() -> None:
    # B declares a charge on T in blue's turn; before it hits, S answers (B saves: 9 + 0 = 9 against 8)
    actions = [CHARGE_B, use("S", "Aullido", "B", response=True, dice=[9]), {"do": "move", "unit": "S"}]
    out = run_data(battle(answerer(), actions))
    assert out.of("refused") == [] and out.state.turns == (1, 1)  # red still plays S's own turn after it
    assert "S answers B's charge on T (declared, not yet hit) with Aullido, an instant ability: not its turn" in [
        n.text for n in out.of("note")
    ]
    assert out.of("opposed_check")[0].rule == "9 ≥ 8" and not out.unit("B").paralysed
    assert [a.label for a in out.state.oxido[0]] == ["experience"]  # the ECB instant is used up


def test_a_response_with_no_enemy_action_under_way_is_refused() -> None:
    refusal = (
        "S cannot answer with Aullido: no enemy action is declared and under way (a response answers an enemy's "
        "action once declared)"
    )
    out = run_data(battle(answerer(), [PASS_B, use("S", "Aullido", "B", response=True, dice=[1])]))
    assert [(r.rule, r.reason) for r in out.of("refused")] == [("responses", refusal)]
    assert out.steps[1].state == out.steps[0].state and not out.unit("B").paralysed
    assert out.unit("S").additions[0].copies == 1 and out.state.oxido == ((), ())
    # once B's charge has hit (10 against 1, damage 1 x 2) there is nothing left to answer
    impact = {"do": "charge_impact", "charger": "B", "dice": [6, 1, 1]}
    actions = [CHARGE_B, {"do": "move", "unit": "S"}, impact, use("S", "Aullido", "B", response=True, dice=[1])]
    out = run_data(battle(answerer(), actions))
    assert [(i, r.reason) for i, s in enumerate(out.steps) for r in s.events if r.kind == "refused"] == [(3, refusal)]
    assert out.unit("T").front_life == 8
    # nor is a charge of its own side an enemy's action
    own = {"do": "charge", "charger": "T", "target": "B"}
    out = run_data(battle(answerer(), [own, use("S", "Aullido", "B", response=True, dice=[1])]))
    assert [r.rule for r in out.of("refused")] == ["responses"]


def test_a_response_within_an_attack_answers_only_an_enemy() -> None:
    answer = [{"unit": "S", "ability": "Aullido", "target": "B"}]
    # B hits T (6 against 1); S answers before the damage roll: B's Moral 5 < 8, paralysed for a round of blue.
    # The attack B declared still ends: damage 2 on T.
    out = run_data(battle(answerer(), [attack("B", "T", [6, 1, 5, 2], before_damage=answer)]))
    kinds = [e.kind for e in out.of("hit") + out.of("status") + out.of("damage")]
    assert kinds == ["hit", "status", "damage"] and out.of("refused") == []
    assert out.unit("B").paralysed and out.unit("B").paralysed_rounds == 1 and out.unit("T").front_life == 8
    assert "S answers B's attack with Aullido, an instant ability: not its turn" in [n.text for n in out.of("note")]
    # S cannot answer its own side's attack
    out = run_data(battle(answerer(), [attack("T", "B", [6, 1, 5, 2], before_damage=answer)]))
    assert [(r.rule, r.reason) for r in out.of("refused")] == [
        (
            "responses",
            "S cannot answer T's attack with Aullido: a response answers an enemy's action, and T is of red",
        )
    ]
    assert out.unit("B").front_life == 10 and not out.unit("B").paralysed
    # a healing ability is no response: the attacker's own side may heal before the damage roll
    units = {**answerer(), "H": card("blue", [1, 4], wounds=4, abilities=[PRAYER])}
    heal = [{"unit": "H", "ability": "Plegaria", "target": "H"}]
    out = run_data(battle(units, [attack("B", "T", [6, 1, 2], before_damage=heal)]))
    assert out.of("refused") == [] and out.unit("H").front_life == 9


def test_a_constant_ability_is_never_used() -> None:
    out = run_data(battle(answerer(), [use("S", "Estandarte")]))
    assert (
        out.of("refused")[0].reason == "Estandarte is a constant ability: it works while it is active, it is not used"
    )


def test_a_constant_liderazgo_ability_adds_while_its_addition_is_equipped() -> None:
    on = card("red", [0, 1], abilities=[BANNER], additions=[{"kind": "Liderazgo"}])
    out = run_data(battle({"L": on, "B": card("blue", [0, 4])}, [attack("L", "B", [5, 6, 1])]))
    assert ("attack roll", "habilidad Estandarte", 2) in out.reasons() and out.of("hit")
    off = card("red", [0, 1], abilities=[BANNER])
    out = run_data(battle({"L": off, "B": card("blue", [0, 4])}, [attack("L", "B", [5, 6])]))
    assert ("attack roll", "habilidad Estandarte", 2) not in out.reasons() and out.of("miss")


def test_beasts_use_their_ecb_abilities_without_additions() -> None:
    units = {"W": card("red", [0, 1], kind="bestia", abilities=[HOWL]), "B": card("blue", [0, 4])}
    out = run_data(battle(units, [use("W", "Aullido", "B", dice=[1])]))
    assert out.unit("B").paralysed and out.state.oxido == ((), ())


@pytest.mark.parametrize(
    ("ability", "message"),
    [
        ({"name": "X", "timing": "constante", "PV": 2}, "a constant ability gives modifiers"),
        ({"name": "X"}, "say what the instant ability does"),
        ({"name": "X", "BA": 2}, "say what the instant ability does"),
        ({"name": "X", "PV": 2, "save": {"stat": "Moral", "against": 5}}, "a 'save' resists a negative effect"),
    ],
)
def test_abilities_are_checked_when_the_file_loads(ability: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as caught:
        run_data(battle({"A": card("red", [0, 1], abilities=[ability]), "B": card("blue", [0, 4])}, []))
    assert message in caught.value.describe()


def test_a_heal_may_come_after_the_hit_and_before_the_damage_roll() -> None:
    prayer = {"name": "Plegaria", "FH": 1, "target": "ally", "PV": 3}
    units = {
        "A": card("red", [0, 1], Daño=3),
        "B": card("blue", [0, 4], wounds=6),  # PV 4 left
        "M": card("blue", [1, 4], abilities=[prayer]),
    }
    answer = [{"unit": "M", "ability": "Plegaria", "target": "B"}]
    # 6 against 1: hit; M heals B to 7 before the damage roll, 2 + 3 = 5: B keeps 2 PV
    out = run_data(battle(units, [attack("A", "B", [6, 1, 2], before_damage=answer), {"do": "move", "unit": "M"}]))
    kinds = [e.kind for e in out.steps[0].events if e.kind in ("hit", "heal", "damage")]
    assert kinds == ["hit", "heal", "damage"]
    assert out.unit("B").front_life == 2 and out.of("refused") == []  # M still plays blue's turn
    out = run_data(battle(units, [attack("A", "B", [6, 1, 2])]))
    assert out.unit("B").defeated  # without the answer, 5 damage on PV 4
    out = run_data(battle(units, [attack("A", "B", [6, 1, 2], before_damage=answer, area=True)]))
    assert out.of("refused")[0].reason == "answers before the damage roll go with a single-target attack"
