"""The player's choices an engage leaves open: asked at the table when the dice source asks the players
(``--prompt``), the documented defaults otherwise.

Dice values are FACE NUMBERS of the illustrative sample dice (rulesets/botse/sample_dice.yaml): Fire Staff
(magic) [2, 3 cooldown, 1 + status Burning, tenacity, blank, 2 drained]; Bow (ranged) [2, 1 + splash 1,
tenacity, blank, 1, status Marked]; Combat [1, 1, 2, tenacity, blank, 1 cooldown].
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tabroll.dice.sources import GivenDice, PromptDice, RecordingDice
from tabroll.engine import run_scenario
from tabroll.loading.scenario import load_scenario_file, scenario_from_document
from tabroll.loading.yaml_source import load_yaml_text
from tests.botse.helpers import EXAMPLES, Outcome, adventurer, battle, engage, run_data

CHOICES = EXAMPLES / "14-choices-at-the-table.yaml"
ORDER = "Choose a number from 1 to {n} — Ayrenn: which result next? "
FIRE_1 = "die 1 Fire Staff (2 damage [instant])"
FIRE_2 = "die 2 Fire Staff (3 damage [cooldown])"
STOP = "stop (leave the rest unresolved)"


class Table:
    """A PromptDice whose players answer from a list; ``questions`` keeps every prompt asked."""

    def __init__(self, answers: list[int]) -> None:
        self.answers = [str(a) for a in answers]
        self.questions: list[str] = []
        self.told: list[str] = []
        self.source = PromptDice(ask=self.ask, tell=self.told.append)

    def ask(self, question: str) -> str:
        self.questions.append(question)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    @property
    def choices(self) -> list[str]:
        return [q for q in self.questions if q.startswith("Choose")]


def at_the_table(data: dict[str, Any], table: Table) -> Outcome:
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), source="<test>")
    scenario = scenario_from_document(doc, {})
    steps = [s.resolution for s in run_scenario(scenario, lambda: table.source)]
    assert not table.answers, f"answers left over: {table.answers}"
    return Outcome(scenario=scenario, steps=steps)


def staff_battle(action: dict[str, Any], **items: Any) -> dict[str, Any]:
    adv = {"Ayrenn": adventurer(form="magic", dice=["Fire Staff", "Fire Staff"], items=items)}
    enemies = {"Draugr": {"at": [2, 0], "health": 8, "defense": 2}}
    return battle([action], adventurers=adv, enemies=enemies)


def staff_engage(**more: Any) -> dict[str, Any]:
    action = engage(["Fire Staff", "Fire Staff"], [], form="magic", **more)
    del action["dice"]  # the dice come from the table
    return action


def chosen(out: Outcome) -> list[str]:
    return [n.text for n in out.of("note") if "asked at the table" in n.text]


# --- the order of the results -----------------------------------------------------------------------------


def test_the_order_is_asked_result_by_result_and_stop_leaves_the_rest_unresolved() -> None:
    table = Table([1, 2, 2, 2])  # faces 1 and 2; then die 2 first; then stop
    out = at_the_table(staff_battle(staff_engage()), table)
    assert table.questions == [
        "Roll 1d6 — Fire Staff, die 1 (6 faces): ",
        "Roll 1d6 — Fire Staff, die 2 (6 faces): ",
        ORDER.format(n=3) + f"1 = {FIRE_1}, 2 = {FIRE_2}, 3 = {STOP}: ",
        ORDER.format(n=2) + f"1 = {FIRE_1}, 2 = {STOP}: ",
    ]
    assert [(r.number, r.die) for r in out.of("die_result")] == [(2, "Fire Staff")]
    assert out.places() == [(2, "exhausted", 1), (1, "exhausted", 2)]
    assert [p.reason for p in out.of("die_placed")] == [
        "cooldown code: its effect lasts while it is there",
        "not resolved",
    ]
    assert out.damage() == [("Draugr", 3, "summed damage of the dice; Defense 2 stops 2")]
    assert chosen(out) == [
        f"Ayrenn chose 2 = {FIRE_2} (which result next? asked at the table)",
        f"Ayrenn chose 2 = {STOP} (which result next? asked at the table)",
    ]


def test_the_order_is_asked_until_every_result_is_chosen() -> None:
    table = Table([1, 2, 2, 1])  # die 2 first, then die 1: no question is left after the last result
    out = at_the_table(staff_battle(staff_engage()), table)
    assert len(table.choices) == 2
    assert [r.number for r in out.of("die_result")] == [2, 1]
    assert out.places() == [(2, "exhausted", 1), (1, "exhausted", 2)]
    assert out.damage() == [("Draugr", 5, "summed damage of the dice; Defense 2 stops 2")]


def test_a_given_order_is_not_asked() -> None:
    table = Table([1, 2])
    out = at_the_table(staff_battle(staff_engage(resolve=[2])), table)
    assert table.choices == []
    assert out.places() == [(2, "exhausted", 1), (1, "exhausted", 2)]


def test_without_players_to_ask_the_default_order_is_kept() -> None:
    """Given (or seeded) dice ask nothing: every die in roll order, as before."""
    out = run_data(staff_battle(staff_engage()), session=[1, 2])
    assert chosen(out) == []
    assert [r.number for r in out.of("die_result")] == [1, 2]
    assert out.places() == [(1, "exhausted", 1), (2, "exhausted", 2)]


# --- item, overtax, form ----------------------------------------------------------------------------------


ITEMS = {
    "Ember Staff": {"forms": ["magic"], "ability": {"damage": 1}},
    "Frost Staff": {
        "forms": ["magic"],
        "ability": {"damage": 2},
        "overtax": {"cost": {"tenacity": 1}, "ability": {"damage": 1, "unblockable": True}},
    },
    "Axe": {"forms": ["light_weapon"], "ability": {"damage": 4}},
}


def test_the_item_is_asked_among_the_ready_items_of_the_form_and_then_overtax() -> None:
    data = staff_battle(staff_engage(), **ITEMS)
    data["adventurers"]["Ayrenn"]["tenacity"] = 1
    table = Table([3, 2, 1, 5, 3, 1, 2])  # Frost Staff, overtax, faces 1 and 5; the item, die 1, stop
    out = at_the_table(data, table)
    assert table.choices == [
        "Choose a number from 1 to 3 — Ayrenn: which item? 1 = no item, 2 = Ember Staff (1 damage), "
        "3 = Frost Staff (2 damage): ",
        "Choose a number from 1 to 2 — Ayrenn: overtax Frost Staff? 1 = no, 2 = overtax (pay 1 tenacity; "
        "adds 1 damage, unblockable): ",
        ORDER.format(n=4) + f"1 = {FIRE_1}, 2 = die 2 Fire Staff (blank), "
        "3 = Frost Staff's ability (3 damage, unblockable), 4 = stop (leave the rest unresolved): ",
        ORDER.format(n=3) + f"1 = {FIRE_1}, 2 = die 2 Fire Staff (blank), 3 = {STOP}: ",
        ORDER.format(n=2) + f"1 = die 2 Fire Staff (blank), 2 = {STOP}: ",
    ]
    assert out.of("gather_dice")[0].item == "Frost Staff"
    assert [(s.resource, s.amount) for s in out.of("spend")] == [("tenacity", 1)]
    assert [(d.amount, d.rule.split(";")[0]) for d in out.of("damage")] == [
        (3, "Frost Staff's ability"),
        (2, "summed damage of the dice"),
    ]
    assert out.places() == [(1, "exhausted", 1), (2, "exhausted", 2)]


def test_no_item_is_option_1() -> None:
    table = Table([1, 1, 2, 1, 1])  # no item; faces 1 and 2; die 1, then die 2
    out = at_the_table(staff_battle(staff_engage(), **ITEMS), table)
    assert out.of("gather_dice")[0].item is None
    assert table.choices[1] == ORDER.format(n=3) + f"1 = {FIRE_1}, 2 = {FIRE_2}, 3 = {STOP}: "


def test_an_item_given_or_set_to_null_is_not_asked() -> None:
    table = Table([1, 2])
    at_the_table(staff_battle(staff_engage(item=None, resolve=[1, 2]), **ITEMS), table)
    assert table.choices == []
    table = Table([1, 2])
    out = at_the_table(staff_battle(staff_engage(item="Ember Staff", resolve=[1, 2]), **ITEMS), table)
    assert table.choices == [] and out.of("gather_dice")[0].item == "Ember Staff"


def test_the_form_is_asked_when_the_engage_declares_none() -> None:
    action = engage(["Combat"], [], resolve=[1])
    del action["dice"]
    table = Table([2, 3])  # heavy weapon; face 3
    out = at_the_table(battle([action]), table)
    assert table.choices == [
        "Choose a number from 1 to 5 — Ayrenn: which battle form? 1 = light_weapon (current), "
        "2 = heavy_weapon, 3 = defensive, 4 = ranged, 5 = magic: "
    ]
    assert out.of("battle_form")[0].form == "heavy_weapon"
    assert out.damage()[0][:2] == ("Draugr", 2)


# --- splash unit, companions' reactions -------------------------------------------------------------------


def test_a_splash_with_two_enemies_next_to_the_target_asks_which() -> None:
    adv = {"Ayrenn": adventurer(stamina=3, form="ranged", dice=["Bow"])}
    enemies = {
        "Draugr": {"at": [2, 0], "health": 8},
        "Rat": {"at": [3, -1], "health": 3},
        "Ghoul": {"at": [2, 1], "health": 3},
    }
    action = engage(["Bow"], [], form="ranged", resolve=[1])
    del action["dice"]
    table = Table([2, 2])  # face 2: 1 damage + splash 1; the second adjacent enemy
    out = at_the_table(battle([action], adventurers=adv, enemies=enemies), table)
    assert table.choices == [
        "Choose a number from 1 to 2 — Ayrenn: die 1: 1 splash damage to which unit adjacent to the target? "
        "1 = Rat, 2 = Ghoul: "
    ]
    assert [(t, a) for t, a, _ in out.damage()] == [("Draugr", 1), ("Ghoul", 1)]


def test_a_companions_reaction_left_open_is_asked() -> None:
    """Spark splashes 2 damage onto Lydia, adjacent to Ayrenn: her "damaged" skill is optional."""
    skill_lines = {"Wild": {"stat": "stamina", "dice": {"Spark": {"faces": [{"splash": 2, "adjacent_to": "self"}]}}}}
    companions = {
        "Lydia": {
            "at": [0, 1],
            "health": 5,
            "skills": [{"name": "Retaliate", "when": "damaged", "effect": {"damage": 1, "to": "adjacent"}}],
        }
    }
    action = engage(["Spark"], [], target=None, form="light_weapon", resolve=[{"die": 1, "unit": "Lydia"}])
    del action["dice"]
    adv = {"Ayrenn": adventurer(dice=["Spark"])}
    data = battle([action], adventurers=adv, companions=companions, skill_lines=skill_lines)
    table = Table([1, 2])  # the one-faced die shows 1; Lydia reacts
    out = at_the_table(data, table)
    assert table.choices == [
        "Choose a number from 1 to 2 — Lydia: use Retaliate (after being damaged)? 1 = no, 2 = yes: "
    ]
    assert [(r.unit, r.fired) for r in out.of("skill_trigger")] == [("Lydia", True)]
    assert chosen(out) == ["Lydia chose 2 = yes (use Retaliate (after being damaged)? asked at the table)"]


def test_an_adventurers_reaction_left_open_is_asked() -> None:
    """Ayrenn's Combat face 3 deals 2 to the Draugr; Lydia (an adventurer) may follow up for 1 more."""
    follow_up = {"name": "Follow-up", "when": "after_engage", "effect": {"damage": 1, "to": "target"}}
    adv = {"Ayrenn": adventurer(dice=["Combat"]), "Lydia": adventurer(at=[-1, 0], skills=[follow_up])}
    action = engage(["Combat"], [])
    del action["dice"]
    table = Table([1, 3, 1, 1])  # the current form; the Combat die shows face 3; resolve it; Lydia declines
    out = at_the_table(battle([action], adventurers=adv), table)
    assert (
        table.choices[-1] == "Choose a number from 1 to 2 — Lydia: use Follow-up (after the engage)? 1 = no, 2 = yes: "
    )
    assert [(r.unit, r.fired) for r in out.of("skill_trigger")] == [("Lydia", False)]
    assert out.unit("Draugr").health == 18


# --- recording, the scenario and the command line ---------------------------------------------------------


def test_the_answers_are_recorded_like_any_draw() -> None:
    table = Table([1, 2, 2, 2])
    recording = RecordingDice(table.source)
    data = staff_battle(staff_engage())
    doc = load_yaml_text(yaml.safe_dump(data, sort_keys=False), source="<test>")
    list(run_scenario(scenario_from_document(doc, {}), lambda: recording))
    assert [(request.choice, request.sides, values) for request, values in recording.log] == [
        (False, 6, (1,)),
        (False, 6, (2,)),
        (True, 3, (2,)),
        (True, 2, (2,)),
    ]
    assert recording.replay() == "1,2,2,2"


def test_the_bundled_scenario_keeps_the_defaults_without_prompt() -> None:
    scenario = load_scenario_file(CHOICES)
    steps = [s.resolution for s in run_scenario(scenario, lambda: GivenDice([1, 2], origin="test"))]
    out = Outcome(scenario=scenario, steps=steps)
    assert chosen(out) == []
    assert out.of("gather_dice")[0].item is None
    assert out.places() == [(1, "exhausted", 1), (2, "exhausted", 2)]


def test_run_with_prompt_asks_the_open_choices_in_order(cli) -> None:
    # magic (current form); no item; faces 1 and 2; die 2 first; then stop
    result = cli("run", str(CHOICES), "--prompt", "--format", "jsonl", stdin="1\n1\n1\n2\n2\n2\n")
    assert result.code == 0, result.err
    asked = result.err.replace(": Choose", ": \nChoose").replace(": Roll", ": \nRoll").split("\n")
    assert [line for line in asked if line.startswith(("Choose", "Roll"))] == [
        "Choose a number from 1 to 5 — Ayrenn: which battle form? 1 = magic (current), 2 = light_weapon, "
        "3 = heavy_weapon, 4 = defensive, 5 = ranged: ",
        "Choose a number from 1 to 3 — Ayrenn: which item? 1 = no item, 2 = Ember Staff (1 damage), "
        "3 = Frost Staff (2 damage): ",
        "Roll 1d6 — Fire Staff, die 1 (6 faces): ",
        "Roll 1d6 — Fire Staff, die 2 (6 faces): ",
        ORDER.format(n=3) + f"1 = {FIRE_1}, 2 = {FIRE_2}, 3 = {STOP}: ",
        ORDER.format(n=2) + f"1 = {FIRE_1}, 2 = {STOP}: ",
    ]
    events = result.jsonl()
    placed = [(e["number"], e["place"], e["slot"], e["reason"]) for e in events if e.get("kind") == "die_placed"]
    assert placed == [
        (2, "exhausted", 1, "cooldown code: its effect lasts while it is there"),
        (1, "exhausted", 2, "not resolved"),
    ]
    assert [e["text"] for e in events if e.get("kind") == "note" and "asked at the table" in e["text"]] == [
        "Ayrenn chose 1 = magic (current) (which battle form? asked at the table)",
        "Ayrenn chose 1 = no item (which item? asked at the table)",
        f"Ayrenn chose 2 = {FIRE_2} (which result next? asked at the table)",
        f"Ayrenn chose 2 = {STOP} (which result next? asked at the table)",
    ]


def test_the_journal_of_a_prompted_engage_replays(tmp_path: Path) -> None:
    from tabroll.journal import open_journal, replay

    scenario = load_scenario_file(CHOICES)
    table = Table([1, 1, 1, 2, 2, 2])
    journal = open_journal(tmp_path / "game.jsonl", scenario, scenario_path=CHOICES)
    recorded = list(journal.run(lambda: table.source))
    assert [e.kind for e in recorded[0].resolution.events].count("die_result") == 1
    checks = list(replay(tmp_path / "game.jsonl", scenario))
    assert all(check.ok for check in checks), [c.difference for c in checks]


def test_the_replay_line_of_a_prompted_engage_reproduces_it_with_answers(cli) -> None:
    prompted = cli("run", str(CHOICES), "--prompt", "--format", "json", stdin="1\n1\n1\n2\n2\n2\n")
    assert prompted.code == 0, prompted.err
    first = prompted.json()["files"][0]  # a run's document lists its files (events format 3)
    drawn = ",".join(str(v) for v in first["dice_drawn"])
    again = cli("run", str(CHOICES), "--dice", drawn, "--answers", "--format", "json")
    assert again.code == 0, again.err
    assert again.json()["files"][0]["actions"] == first["actions"]
    assert again.json()["files"][0]["final_state"] == first["final_state"]
