"""Each call of the public API (``tabroll.api``, re-exported by ``tabroll``): what it returns, that ``to_dict()``
is the document the command line prints for the same request, and its errors (the command line's classes, with
their places)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import tabroll
from tabroll import InputError, TabrollError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "scenarios/tabmaster/01-common-lanceiro.yaml"


def command_line(*args: str) -> Any:
    done = subprocess.run(
        [sys.executable, "-m", "tabroll", *args, "--format", "json"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False, env={"TABROLL_LANG": "en", "PATH": ""},
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)


@pytest.fixture(autouse=True)
def _in_the_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the scenario paths, as the command line is given them


# --- the package -----------------------------------------------------------------------------------------------


def test_import_tabroll_imports_neither_the_api_nor_its_dependencies() -> None:
    probe = "import sys, tabroll; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    modules = set(done.stdout.split())
    assert "tabroll" in modules
    assert not {"tabroll.api", "pydantic", "rich", "yaml", "typer", "tabroll.engine", "tabroll.errors"} & modules


def test_every_public_name_is_the_api_s_own_and_is_listed() -> None:
    import tabroll.api

    public = [name for name in tabroll.__all__ if name != "__version__"]
    for name in public:
        assert getattr(tabroll, name) is getattr(tabroll.api, name)
        assert name in dir(tabroll)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = tabroll.nothing  # type: ignore[attr-defined]


def test_the_version_is_the_package_s_and_the_api_s() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert tabroll.__version__ == project["version"] == "0.2.0"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "semantic versioning" in changelog and "tabroll.__all__" in changelog


# --- games -----------------------------------------------------------------------------------------------------


def test_games_are_listed_as_tabroll_rulesets_lists_them() -> None:
    games = tabroll.games()
    assert [g.to_dict() for g in games] == command_line("rulesets")
    tabmaster = tabroll.game("tabmaster")
    assert "Lanceiro" in tabmaster.units and "distance" in tabmaster.fields
    assert tabroll.game(tabmaster) is tabmaster
    assert "**TAB MASTER**" in tabmaster._repr_markdown_()


def test_an_unknown_game_is_the_command_line_s_error() -> None:
    with pytest.raises(InputError) as err:
        tabroll.game("tabmastr")
    assert err.value.message == "unknown ruleset 'tabmastr'" and err.value.tip == "did you mean 'tabmaster'?"
    assert err.value.exit_code == 2


# --- units and attacks -----------------------------------------------------------------------------------------


def test_a_unit_typed_as_text_as_a_mapping_or_as_keywords_is_one_unit() -> None:
    typed = tabroll.unit("Orc BA=2 Daño=1d6")
    assert typed == tabroll.unit("Orc", {"BA": 2}, Daño="1d6") == tabroll.unit("Orc", BA=2).with_stats(Daño="1d6")
    assert typed.text == "Orc BA=2 Daño=1d6" and str(typed) == typed.text
    spaced = tabroll.unit("Archer", ATK="1d10 (Projétil: Flecha)", hidden=True)
    assert spaced.stats == (("ATK", "1d10 (Projétil: Flecha)"), ("hidden", "true"))
    assert tabroll.unit(spaced.text) == spaced  # the text reads back as the same unit
    assert tabroll.unit("Orc", BA=2).with_stats(BA=3).stats == (("BA", "3"),)


def test_a_unit_that_cannot_be_read_is_the_command_line_s_error() -> None:
    with pytest.raises(InputError, match="BA has no value"):
        tabroll.unit("Orc BA=")


def test_an_attack_of_catalogue_units_finds_their_game_and_takes_its_fields() -> None:
    attack = tabroll.attack("Lanceiro", "Alquimista", distance=2)
    assert attack.game.id == "tabmaster" and attack.title == "Lanceiro attacks Alquimista" and attack.file is None
    assert tabroll.attack("Lanceiro", "Alquimista", fields={"distance": 2}) == attack
    assert "Lanceiro attacks Alquimista" in attack._repr_markdown_()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"attacker": "Orc BA=2", "target": "Elf PV=6", "game": "forgod", "distance": 2}, "--distance means nothing"),
        ({"attacker": "Orc BAA=2", "target": "Elf PV=6", "game": "forgod"}, "BAA is not a stat of a"),
        ({"attacker": "Orc BA=two", "target": "Elf PV=6", "game": "forgod"}, "BA=two is not a whole number"),
        ({"attacker": "Lanceiro", "target": ""}, "name the --attacker and the --target"),
        ({"attacker": "Lanceiro", "target": "Alquimista", "distance": "far"}, "--distance"),
    ],
)
def test_an_attack_the_command_line_refuses_is_refused_with_its_words(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        tabroll.attack(**arguments)


# --- scenario files --------------------------------------------------------------------------------------------


def test_a_scenario_file_loads_with_its_units_and_actions() -> None:
    scenario = tabroll.load(EXAMPLE)
    assert scenario.game.id == "tabmaster" and scenario.file == EXAMPLE
    assert scenario.units == ("Lanceiro", "Alquimista") and scenario.actions == ("Lanceiro attacks Alquimista",)
    first = scenario.action(1)
    assert first.file == EXAMPLE and first.log_title == scenario.title
    assert scenario.attack("Lanceiro", "Alquimista").game == scenario.game
    with pytest.raises(InputError, match="has 1 action; there is no action 2"):
        scenario.action(2)


def test_a_bad_scenario_file_is_the_command_line_s_located_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: tabmaster\nboard: {size: [100000, 3]}\nunits: {}\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        tabroll.load(bad)
    where = err.value.to_json()
    assert (where["line"], where["column"], where["field"]) == (2, 16, "board.size[0]")
    assert "expected a number at most 1000, got 100000" in err.value.describe()
    with pytest.raises(TabrollError):
        tabroll.run(bad)


# --- resolving -------------------------------------------------------------------------------------------------


def test_resolving_with_given_dice_gives_the_events_of_tabroll_attack() -> None:
    attack = tabroll.attack("Orc BA=2", "Elf PV=6 Evasión=1", game="forgod")
    resolution = tabroll.resolve(attack, dice=[7, 3, 5])
    assert not resolution.refused and resolution.dice_drawn == (7, 3, 5) and resolution.seed is None
    kinds = [event.kind for event in resolution.events]
    assert kinds[0] == "action" and "roll" in kinds
    document = command_line("attack", "-r", "forgod", "-a", "Orc BA=2", "-t", "Elf PV=6 Evasión=1", "--dice", "7,3,5")
    assert resolution.to_dict() == document
    assert tabroll.resolve(attack, dice="7,3,5").to_dict() == document
    assert "Orc attacks Elf" in resolution._repr_markdown_()


def test_a_seeded_resolution_replays_and_goes_on_from_the_state_it_left() -> None:
    attack = tabroll.attack("Lanceiro", "Alquimista", distance=1)
    first = tabroll.resolve(attack, seed=4)
    assert first.seed == 4 and tabroll.resolve(attack, seed=4).dice_drawn == first.dice_drawn
    assert tabroll.resolve(attack, dice=first.dice_drawn).events == first.events
    again = tabroll.resolve(attack, dice=first.dice_drawn, state=first.state)
    assert again.final_state != first.final_state or again.refused  # the second attack starts where the first ended
    document = command_line("attack", "-a", "Lanceiro", "-t", "Alquimista", "--distance", "1", "--seed", "4")
    assert first.to_dict() == document


def test_dice_that_do_not_fit_are_the_command_line_s_errors() -> None:
    attack = tabroll.attack("Orc BA=2", "Elf PV=6", game="forgod")
    with pytest.raises(InputError, match="choose one of --seed, --dice and --prompt"):
        tabroll.resolve(attack, dice=[7], seed=1)
    with pytest.raises(InputError, match="ran out"):
        tabroll.resolve(attack, dice=[7])
    extra = tabroll.resolve(attack, dice=[1, 10, 9, 9])  # 1 + BA 2 against 10: a miss, no damage die
    assert extra.unused_dice == (9, 9)


def test_a_run_of_a_scenario_file_is_the_document_of_tabroll_run() -> None:
    run = tabroll.run(EXAMPLE, seed=3)
    assert run.outcome == "resolved" and not run.refused and run.file == EXAMPLE
    assert run.to_dict() == command_line("run", EXAMPLE, "--seed", "3")
    assert run.actions[0]["index"] == 1 and "Alquimista" in json.dumps(run.final_state)
    assert "resolved" in run._repr_markdown_()


def test_a_run_whose_dice_do_not_fit_raises_the_located_error(tmp_path: Path) -> None:
    bad = tmp_path / "few.yaml"
    bad.write_text(
        "ruleset: tabmaster\nboard: {size: [3, 3]}\nunits:\n  A: {unit: Lanceiro, side: red, at: [0, 0]}\n"
        "  B: {unit: Lanceiro, side: blue, at: [1, 0]}\nactions:\n  - {do: attack, attacker: A, target: B, dice: []}\n",
        encoding="utf-8",
    )
    with pytest.raises(InputError, match=r"actions\[1\]\.dice: ran out"):
        tabroll.run(bad)


# --- odds ------------------------------------------------------------------------------------------------------


def test_exact_odds_are_fractions_with_their_distributions() -> None:
    odds = tabroll.attack_odds(tabroll.attack("Orc BA=2", "Elf PV=6", game="forgod"))
    assert odds.exact and odds.probabilities["hit"] == Fraction(31, 50) == odds.probability("hit")
    assert odds.defeat() == odds.defeat("Elf") == Fraction(337, 1000)
    assert odds.defeat("Nobody") == 0
    distribution = odds.distribution("damage")
    assert sum(distribution.values()) == 1 and distribution[0] == Fraction(19, 50)
    assert sum(value * chance for value, chance in distribution.items()) == odds.mean() == Fraction(781, 200)
    assert odds.at_least()[0] == 1 and "hit" in odds.names() and odds.refused == {}
    assert not odds.always_refused and odds.attacks_to_defeat is None
    with pytest.raises(InputError, match="no figure is called 'damgae'"):
        odds.mean("damgae")
    with pytest.raises(InputError, match="these odds are of one attack"):
        odds.defeated_within(2)
    assert "= 337/1000" in odds._repr_markdown_()


def test_simulated_odds_are_the_command_line_s_for_the_same_seed() -> None:
    attack = tabroll.attack("Orc BA=2", "Elf PV=6", game="forgod")
    odds = tabroll.attack_odds(attack, trials=2000, seed=7, timeout=60)
    assert not odds.exact and isinstance(odds.defeat(), float) and odds.samples == 2000
    args = ("odds", "-r", "forgod", "-a", "Orc BA=2", "-t", "Elf PV=6", "--trials", "2000", "--seed", "7")
    assert odds.to_dict() == command_line(*args)


def test_odds_until_defeat_are_the_command_line_s_chain() -> None:
    attack = tabroll.attack("Lanceiro", "Soldado")
    odds = tabroll.attack_odds(attack, until="defeat", attacks=4, timeout=60)
    by_count = odds.defeated_at()
    assert list(by_count) == [1, 2, 3, 4] and odds.defeated_within(4) == sum(by_count.values())
    assert odds.defeated_within() == odds.defeated_within(4)
    args = ("odds", "-a", "Lanceiro", "-t", "Soldado", "--until", "defeat", "--attacks", "4")
    document = command_line(*args)
    assert odds.to_dict() == document
    mean = document["until"]["mean"]
    assert (odds.attacks_to_defeat is None) == (mean is None)
    with pytest.raises(InputError, match="there is no count 5"):
        odds.defeated_within(5)


def test_two_attacks_compared_are_the_command_line_s_comparison() -> None:
    elf = tabroll.unit("Elf", PV=6)
    a = tabroll.attack(tabroll.unit("Orc", BA=2), elf, game="forgod")
    b = tabroll.attack(tabroll.unit("Troll", BA=4), elf, game="forgod")
    versus = tabroll.attack_odds(a, vs=b, timeout=60)
    assert versus.exact and versus.a.defeat() == Fraction(337, 1000)
    assert versus.differences["P(hit)"] == versus.a.probability("hit") - versus.b.probability("hit")
    assert versus.a_more is not None and versus.equal is not None and versus.b_more is not None
    assert versus.a_more + versus.equal + versus.b_more == 1
    args = ("odds", "-r", "forgod", "-a", "Orc BA=2", "-t", "Elf PV=6", "--vs", "Troll BA=4")
    assert versus.to_dict() == command_line(*args)
    assert "Troll" in versus._repr_markdown_()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"budget": 0}, "--budget 0 is out of range"),
        ({"jobs": 0}, "--jobs 0 is out of range"),
        ({"seed": -1}, "--seed -1 is out of range"),
        ({"timeout": -1.0}, "--timeout -1 is out of range"),
        ({"attacks": 3}, "--attacks counts the attacks of --until"),
        ({"until": "death"}, "until"),
    ],
)
def test_odds_limits_out_of_range_are_the_command_line_s_errors(arguments: dict[str, Any], message: str) -> None:
    attack = tabroll.attack("Orc BA=2", "Elf PV=6", game="forgod")
    with pytest.raises(InputError, match=message):
        tabroll.attack_odds(attack, **arguments)


def test_a_comparison_has_no_chain() -> None:
    attack = tabroll.attack("Orc BA=2", "Elf PV=6", game="forgod")
    with pytest.raises(InputError, match="--until follows one attack"):
        tabroll.attack_odds(attack, vs=attack, until="defeat")  # type: ignore[call-overload]


def test_the_odds_of_dice_are_the_command_line_s() -> None:
    check = tabroll.dice_odds("1d20+7>=15")
    assert check.exact and check.kind == "compare" and check.success == Fraction(13, 20)
    assert check.to_dict() == command_line("odds", "1d20+7>=15")
    stats = tabroll.dice_odds(["4d6kh3"])
    assert stats.mean == Fraction(15869, 1296) and sum(stats.distribution.values()) == 1
    assert stats.at_least[3] == 1 and stats.success is None and stats.versus == {}
    duel = tabroll.dice_odds("2d6 vs 2d6")
    assert duel.versus["first_higher"] == duel.versus["second_higher"] and duel.mean == 0
    assert "4d6kh3" in stats._repr_markdown_()
    with pytest.raises(InputError):
        tabroll.dice_odds("2d")


def test_a_matrix_is_the_command_line_s_table() -> None:
    table = tabroll.matrix(["Lanceiro", tabroll.unit("Arqueiro")], ["Alquimista"], game="tabmaster", timeout=600)
    assert table.attackers == ("Lanceiro", "Arqueiro") and table.targets == ("Alquimista",)
    defeat = table.defeat("Lanceiro", "Alquimista")
    assert isinstance(defeat, Fraction) and table.refused("Lanceiro", "Alquimista") is None
    assert table.mean_damage("Lanceiro", "Alquimista") is not None
    args = ("matrix", "-r", "tabmaster", "--attackers", "Lanceiro,Arqueiro", "--targets", "Alquimista")
    assert table.to_dict() == command_line(*args)
    with pytest.raises(InputError, match="the table has no pair 'Levi' against 'Alquimista'"):
        table.defeat("Levi", "Alquimista")
    assert "Alquimista" in table._repr_markdown_()


# --- dice ------------------------------------------------------------------------------------------------------


def test_rolls_are_the_command_line_s() -> None:
    rolls = tabroll.roll(["1d20+7", "2d6"], seed=3)
    assert rolls.totals == [15, 10] and rolls.dice_drawn == (8, 5, 5) and rolls.seed == 3
    assert rolls.to_dict() == command_line("roll", "1d20+7", "2d6", "--seed", "3")
    given = tabroll.roll("4d6kh3", dice=[5, 3, 6, 1], label="strength")
    assert given.totals == [14] and given.rolls[0].label == "strength" and given.seed is None
    assert given.to_dict() == command_line("roll", "4d6kh3", "--dice", "5,3,6,1", "--label", "strength")
    assert tabroll.roll("1d20+5 to hit", dice=[12]).rolls[0].label == "to hit"  # a comment names the roll
    assert tabroll.roll(["1d20", "adv", "+5"], dice=[3, 17]).totals == [22]
    assert tabroll.roll("1d6", dice=[2, 4]).unused_dice == (4,)
    assert "[8]+7" in rolls._repr_markdown_()


def test_dice_that_cannot_be_read_or_rolled_are_the_command_line_s_errors() -> None:
    with pytest.raises(InputError, match="2d"):
        tabroll.roll("2d")
    with pytest.raises(InputError, match="cannot be"):
        tabroll.roll("1d6", dice=[7])


def test_the_module_s_example_session_runs_as_printed(capsys: pytest.CaptureFixture[str]) -> None:
    import textwrap

    import tabroll.api

    doc = tabroll.api.__doc__ or ""
    example = textwrap.dedent(doc[doc.index("session:\n") + len("session:\n") : doc.index("\nFigures are")])
    exec(compile(example, "tabroll.api example", "exec"), {})  # the documented example, as printed
    printed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in printed] == ["0", "1", "2", "3", "4"]
    assert printed[2] == "2 337/1000"  # BA=2 against PV=6: the figure the session test pins


def test_an_attack_that_can_defeat_several_units_is_asked_for_one_by_name() -> None:
    trample = tabroll.attack_odds(tabroll.load("scenarios/tabmaster/02-trample-cavaleiro.yaml").action(1))
    assert trample.exact
    with pytest.raises(InputError, match="the attack can defeat more than one unit") as err:
        trample.defeat()
    assert err.value.tip == "the units: Arqueiro, Soldado"
    document = command_line("odds", "scenarios/tabmaster/02-trample-cavaleiro.yaml")
    for unit in ("Arqueiro", "Soldado"):
        assert trample.defeat(unit) == Fraction(document["probabilities"][f"defeated: {unit}"]["exact"])


def test_an_attack_between_a_scenario_s_units_resolves_as_tabroll_attack_file_does() -> None:
    file = "scenarios/tabmaster/05-projectile-arqueiro.yaml"
    scenario = tabroll.load(file)
    attacker, target = scenario.units[0], scenario.units[1]
    attack = tabroll.attack(attacker, target, scenario=file)
    assert attack.file == file and attack == scenario.attack(attacker, target)
    resolution = tabroll.resolve(attack, seed=11)
    document = command_line("attack", file, "-a", attacker, "-t", target, "--seed", "11")
    assert resolution.to_dict() == document and document["file"] == file
    with pytest.raises(InputError, match="there is no unit called 'Nobody'"):
        scenario.attack(attacker, "Nobody")
