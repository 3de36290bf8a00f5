"""Units typed on the command line and ``tabroll units``: the inline form (``-a "Hero ATK=1 DAN=1d12"``) gives the
very events of the ``--attacker-stat`` form and of a scenario file, with the source's dice; a bad inline form is
bad input naming the flag; a typed unit needs only what the attack reads; ``tabroll units`` shows each game's
catalogue and needs; the TAB MASTER catalogue keeps the numbers the source prints."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest

from tabroll.engine import all_rulesets, find_ruleset, ruleset_ids
from tabroll.loading.quick import role_needs

GAMES = sorted(ruleset_ids())  # every game discovered

# game -> (inline words, the same with --attacker-stat/--target-stat, a scenario file of the same attack, dice)
SAME_ATTACK: dict[str, tuple[list[str], list[str], str, str]] = {
    "tabmaster": (
        ["-a", "Hero ATK=1 DAN=1d12", "-t", "Orc DEF=3"],
        ["-a", "Hero", "-t", "Orc", "--attacker-stat", "ATK=1", "--attacker-stat", "DAN=1d12",
         "--target-stat", "DEF=3"],
        "ruleset: tabmaster\nboard: {size: [2, 1]}\nunits:\n"
        "  Hero: {side: attacker, at: [0, 0], ATK: 1, DAN: 1d12, DEF: 0}\n"
        "  Orc: {side: defender, at: [1, 0], ATK: 0, DAN: '0', DEF: 3}\n"
        "actions:\n  - {do: attack, attacker: Hero, target: Orc}\n",
        "5",
    ),
    "forgod": (
        ["-a", "Orc BA=2 Daño=3", "-t", "Elf PV=6 Evasión=1"],
        ["-a", "Orc", "-t", "Elf", "--attacker-stat", "BA=2", "--attacker-stat", "Daño=3",
         "--target-stat", "PV=6", "--target-stat", "Evasión=1"],
        "ruleset: forgod\nboard: {width: 1}\nunits:\n"
        "  Orc: {side: attacker, line: normal, column: 0, BA: 2, Daño: 3, PV: 1}\n"
        "  Elf: {side: defender, line: normal, column: 0, PV: 6, Evasión: 1}\n"
        "actions:\n  - {do: attack, attacker: Orc, target: Elf}\n",
        "7,3,5",
    ),
    "mtg_heroes": (
        ["-a", "A P=2 T=1 Life=5", "-t", "B Siła=1 Wytrzymałość=1 Życie=3"],
        ["-a", "A", "-t", "B", "--attacker-stat", "Power=2", "--attacker-stat", "Toughness=1",
         "--attacker-stat", "Life=5", "--target-stat", "Power=1", "--target-stat", "Toughness=1",
         "--target-stat", "Life=3"],
        "ruleset: mtg_heroes\ndefault_range: near\ncombatants:\n"
        "  A: {side: attacker, Power: 2, Toughness: 1, Life: 5}\n"
        "  B: {side: defender, Power: 1, Toughness: 1, Life: 3}\n"
        "actions:\n  - {do: attack, attacker: A, target: B}\n",
        "1,1,1,3,2",
    ),
    "ahotnik": (
        ["-a", "Eagle", "-t", "Wolf Vita=3 Scudi=1", "--pilots", "2,2"],
        ["-a", "Eagle", "-t", "Wolf", "--target-stat", "life=3", "--target-stat", "shields=1", "--pilots", "2,2"],
        "ruleset: ahotnik\nmap: {cells: [[0, 0], [1, -1]]}\nthreat: 2\n"
        "ahotniks:\n  Eagle: {at: [0, 0], facing: 1, shields: 0, life: 1}\n"
        "demons:\n  Wolf: {at: [1, -1], life: 3, shields: 1}\n"
        "actions:\n  - {do: attack, ahotnik: Eagle, choice: {pilots: [2, 2]}}\n",
        "",
    ),
    "botse": (
        ["-a", "Hero health=8", "-t", "Draugr defense=1", "--gather", "Combat,Sword"],
        ["-a", "Hero", "-t", "Draugr", "--attacker-stat", "health=8", "--target-stat", "defense=1",
         "--gather", "Combat,Sword"],
        "ruleset: botse\ndice_set: sample\nmap: {radius: 1}\n"
        "adventurers:\n  Hero: {at: [0, 0], stamina: 3, magicka: 3, health: 8, dice: [Combat, Sword]}\n"
        "enemies:\n  Draugr: {at: [1, 0], health: 10, defense: 1}\n"
        "actions:\n  - {do: engage, adventurer: Hero, target: Draugr, gather: [Combat, Sword]}\n",
        "3,5",
    ),
}  # fmt: skip


def _events(result: Any) -> list[dict[str, Any]]:
    doc = result.json()
    doc = doc["files"][0] if "files" in doc else doc  # a run lists its files (events format 3); an attack does not
    return [{k: v for k, v in e.items() if k != "action"} for e in doc["actions"][0]["events"]]


def _attack_events(result: Any) -> list[dict[str, Any]]:
    """The events of the attack itself: a F0R60D scenario file is a battle, whose end is judged after each action
    (two cards typed on the command line are one attack, not a battle)."""
    return [
        e
        for e in _events(result)
        if e["kind"] != "game_over" and not (e["kind"] == "ruling" and e.get("option") == "battle_end")
    ]


@pytest.mark.parametrize("game", sorted(SAME_ATTACK))
def test_inline_stats_give_the_events_of_stat_flags_and_of_a_file(game: str, cli, tmp_path: Path) -> None:
    inline, flags, scenario, dice = SAME_ATTACK[game]
    rolled = ["--dice", dice] if dice else []
    typed = cli("attack", "-r", game, *inline, *rolled, "--format", "json")
    assert typed.code == 0, typed.err
    flagged = cli("attack", "-r", game, *flags, *rolled, "--format", "json")
    assert flagged.code == 0, flagged.err
    path = tmp_path / f"{game}.yaml"
    path.write_text(scenario, encoding="utf-8")
    filed = cli("run", str(path), *rolled, "--format", "json")
    assert filed.code == 0, filed.err
    assert _events(typed) == _events(flagged) == _attack_events(filed)


def test_the_inline_attacks_with_their_dice(cli) -> None:
    """The numbers of each game's inline attack, step by step, with the dice given."""
    tm = _events(cli("attack", "-r", "tabmaster", *SAME_ATTACK["tabmaster"][0], "--dice", "5", "--format", "json"))
    assert [(e["kind"], e.get("amount")) for e in tm if e["kind"] in ("damage", "defeat")] == [
        ("damage", 5),
        ("defeat", None),
    ]
    fg = _events(cli("attack", "-r", "forgod", *SAME_ATTACK["forgod"][0], "--dice", "7,3,5", "--format", "json"))
    assert [(e["result"], e["needed"]) for e in fg if e["kind"] == "hit"] == [(9, 5)]  # 1d10+2 beats 1d10+1
    assert [(e["amount"], e["lost"], e["left"]) for e in fg if e["kind"] == "damage"] == [(8, 6, 0)]
    mtg = _events(cli("attack", "-r", "mtg_heroes", *SAME_ATTACK["mtg_heroes"][0], "--dice", "1,1,1,3,2", "-f", "json"))
    assert [(e["target"], e["amount"], e["left"]) for e in mtg if e["kind"] == "damage"] == [("B", 1, 2), ("A", 1, 4)]
    ah = _events(cli("attack", "-r", "ahotnik", *SAME_ATTACK["ahotnik"][0], "--format", "json"))
    assert [(e["pool"], e["amount"], e["left"]) for e in ah if e["kind"] == "damage"] == [
        ("Shields", 1, 0),
        ("Life", 1, 2),
    ]
    bs = _events(cli("attack", "-r", "botse", *SAME_ATTACK["botse"][0], "--dice", "3,5", "--format", "json"))
    assert [(e["amount"], e["left"]) for e in bs if e["kind"] == "damage"] == [(5, 6)]


def test_odds_and_matrix_take_inline_units(cli) -> None:
    # 1d12 against DEF 3: 4..12 defeat, 9 of 12
    odds = cli("odds", "-r", "tabmaster", "-a", "Hero ATK=1 DAN=1d12", "-t", "Orc DEF=3", "--format", "json")
    assert odds.code == 0, odds.err
    assert odds.json()["probabilities"]["defeated: Orc"]["exact"] == "3/4"
    flagged = cli(
        "odds", "-r", "tabmaster", *SAME_ATTACK["tabmaster"][1], "--format", "json"
    )  # the --attacker-stat form: the same report
    assert flagged.json()["probabilities"] == odds.json()["probabilities"]
    table = cli(
        "matrix", "-r", "tabmaster", "--attackers", "Hero ATK=1 DAN=1d12,Lanceiro", "--targets", "Orc DEF=3",
        "--format", "json",
    )  # fmt: skip
    assert table.code == 0, table.err
    cells = {(c["attacker"], c["target"]): c for c in table.json()["cells"]}
    assert cells[("Hero", "Orc")]["defeat_exact"] == "3/4"
    assert cells[("Lanceiro", "Orc")]["defeat_exact"] == "17/20"  # 1d20 > 3
    quoted = cli(
        "matrix", "-r", "tabmaster", "--attackers", "Bow ATK='1d10 (Projétil: Flecha)' DAN=1d20 ammo='{Flecha: 1}'",
        "--targets", "Orc DEF=3", "--distance", "4", "--format", "json",
    )  # fmt: skip
    assert quoted.code == 0, quoted.err
    # the shot hits on 4..10 of 1d10 (7/10), then 1d20 > 3 (17/20)
    assert quoted.json()["cells"][0]["defeat_exact"] == "119/200"


@pytest.mark.parametrize(
    ("game", "words", "expected"),
    [
        ("tabmaster", ["-a", "Hero ATK", "-t", "Orc DEF=3"], '-a "Hero ATK": ATK has no value'),
        ("tabmaster", ["-a", "Hero ATK=x DAN=1d12", "-t", "Orc DEF=3"], "ATK=x is not an attack as printed"),
        ("tabmaster", ["-a", "Hero ATK=1 DAN=1d12", "-t", "Orc DEF=x"], '-t "Orc DEF=x": DEF=x is not a whole number'),
        ("tabmaster", ["-a", "Hero ATK=1 DAN=2q", "-t", "Orc DEF=3"], "DAN=2q is not dice"),
        ("tabmaster", ["-a", "Hero ATK=1 DNA=1d12", "-t", "Orc DEF=3"], "DNA is not a stat of a TAB MASTER unit"),
        ("tabmaster", ["-a", "ATK=1 DAN=1d12", "-t", "Orc DEF=3"], '-a "ATK=1 DAN=1d12": the unit\'s name comes first'),
        ("tabmaster", ["-a", "Hero ATK= DAN=1d12", "-t", "Orc DEF=3"], "ATK has no value"),
        ("tabmaster", ["-a", "Hero ATK=1 DAN", "-t", "Orc DEF=3"], "'DAN' has no value"),
        ("tabmaster", ["-a", "Hero ATK='1 DAN=1d12", "-t", "Orc DEF=3"], "No closing quotation"),
        ("tabmaster", ["-a", "Hero =1", "-t", "Orc DEF=3"], "names no stat before '='"),
        ("forgod", ["-a", "Orc BA=2 BA=3", "-t", "Elf PV=6"], "BA is given twice"),
        ("forgod", ["-a", "Orc BA=2", "-t", "Elf PV=6", "--attacker-stat", "attack=3"], "BA is given twice"),
        ("forgod", ["-a", "Orc Evasio=2", "-t", "Elf PV=6"], "did you mean 'Evasión'?"),
        ("forgod", ["-a", "Orc", "-t", "Elf PV=6 Absorción Constante=1"], "joined with _ (Absorción_Constante=1)"),
        ("mtg_heroes", ["-a", "A P=2 T=1 Life=5", "-t", "B P=1 T=1 Life=true"], "Life=true is not a whole number"),
    ],
)
def test_bad_inline_forms_are_bad_input_naming_the_flag(game: str, words: list[str], expected: str, cli) -> None:
    result = cli("attack", "-r", game, *words, "--dice", "5,5,5,5,5")
    assert result.code == 2 and "Traceback" not in result.err, result.err
    assert expected in result.err, result.err


def test_a_typed_unit_needs_only_what_the_attack_reads(cli) -> None:
    # TAB MASTER: the attacker's DEF and the target's ATK and DAN are not read; F0R60D: the attacker's PV.
    assert cli("attack", "-r", "tabmaster", "-a", "Hero ATK=1 DAN=1d12", "-t", "Orc DEF=3", "--dice", "2").code == 0
    assert cli("attack", "-r", "forgod", "-a", "Orc", "-t", "Elf PV=6", "--dice", "1,9").code == 0
    missing = cli("attack", "-r", "tabmaster", "-a", "Hero ATK=1", "-t", "Orc DEF=3")
    assert missing.code == 2
    assert "Hero (the attacker) needs DAN: it is not in the TAB MASTER catalogue" in missing.err
    assert 'Tip: -a "Hero ATK=1 DAN=1d20" (or --attacker-stat DAN=1d20)' in missing.err
    target = cli("attack", "-r", "forgod", "-a", "Orc BA=2", "-t", "Elf")
    assert target.code == 2 and 'Elf (the target) needs PV\nTip: -t "Elf PV=5" (or --target-stat PV=5)' in target.err
    # a catalogue unit needs nothing typed, and a typed stat overrides the catalogue's
    catalogued = cli("attack", "-a", "Lanceiro DAN=1d4", "-t", "Alquimista", "--dice", "4", "--format", "json")
    assert catalogued.code == 0, catalogued.err
    assert [e["dice"] for e in _events(catalogued) if e["kind"] == "roll"] == ["1d4"]


def test_stats_typed_with_a_scenario_file_are_refused(cli) -> None:
    scenario = "scenarios/tabmaster/05-projectile-arqueiro.yaml"
    for words in (["-a", "Arqueiro ATK=9"], ["-a", "Arqueiro", "--attacker-stat", "ATK=9"]):
        result = cli("attack", scenario, *words, "-t", "Lanceiro", "--dice", "1")
        assert result.code == 2 and "gives the units' stats" in result.err, result.err
    table = cli("matrix", scenario, "--attackers", "Arqueiro ATK=9")
    assert table.code == 2 and "gives the units' stats" in table.err


@pytest.mark.parametrize(
    ("game", "flag", "reason"),
    [
        ("forgod", "--distance", "it places cards on the formation lines of two facing fields"),
        ("mtg_heroes", "--height", "it places combatants in range bands"),
        ("ahotnik", "--height", "it places units on a flat hex map"),
        ("botse", "--height", "it places units on a flat hex map"),
        ("tabmaster", "--range", "it places two units on a row of squares"),
    ],
)
def test_a_field_the_game_does_not_have_says_why(game: str, flag: str, reason: str, cli) -> None:
    inline = SAME_ATTACK[game][0]
    result = cli("attack", "-r", game, *inline, flag, "2")
    assert result.code == 2 and f"{flag} means nothing in" in result.err and reason in result.err, result.err


def test_an_engage_that_would_do_nothing_says_so_and_exits_2(cli) -> None:
    for command in ("attack", "odds"):
        result = cli(command, "-r", "botse", "-a", "Hero", "-t", "Draugr defense=1")
        assert result.code == 2, (command, result.err)
        assert "the engage gathers no dice: with no scenario file it would do nothing" in result.err


@pytest.mark.parametrize("game", GAMES)
def test_units_text_and_json(game: str, cli) -> None:
    ruleset = find_ruleset(game)
    text = cli("units", game, "--format", "text")
    assert text.code == 0, text.err
    assert text.out.startswith(f"{ruleset.name} ({game})\n")
    for needs in ruleset.stat_needs():
        assert f"  {needs.kind}: {needs.help}" in text.out
    required = {n.name for needs in ruleset.stat_needs() for n in (*needs.attacker, *needs.target) if n.required}
    for name in required:
        assert f"{name}*" in text.out
    document = cli("units", game, "--format", "json").json()
    assert (document["format"], document["version"], document["ruleset"]) == ("tabroll.units", 1, game)
    assert [a["kind"] for a in document["attacks"]] == [n.kind for n in ruleset.stat_needs()]
    assert [u["name"] for u in document["catalogue"]] == ruleset.catalogue_names()
    rich = cli("units", game, "--format", "rich")
    assert rich.code == 0 and ruleset.name in rich.out


def test_units_of_an_unknown_game(cli) -> None:
    result = cli("units", "tabmastr")
    assert result.code == 2 and "Traceback" not in result.err


def test_the_tabmaster_catalogue_keeps_the_sources_numbers(cli) -> None:
    """Each stat the source prints for a unit, as it prints it (the catalogue's other stats are assumptions)."""
    units = {u["name"]: u for u in cli("units", "tabmaster", "--format", "json").json()["catalogue"]}
    assert {k: units["Lanceiro"]["stats"][k] for k in ("ATK", "DAN", "MOV", "DEF")} == {
        "ATK": 2, "DAN": "1d20", "MOV": 1, "DEF": 6,
    }  # fmt: skip
    assert {k: units["Alquimista"]["stats"][k] for k in ("ATK", "DAN", "DEF")} == {
        "ATK": "5 (Mágico)", "DAN": "1d4", "DEF": 3,
    }  # fmt: skip
    assert {k: units["Cavaleiro"]["stats"][k] for k in ("ATK", "DAN", "HLT")} == {
        "ATK": "3 (Atropelamento)", "DAN": "1d20", "HLT": 0,
    }  # fmt: skip
    archer = units["Arqueiro"]["stats"]
    assert (archer["ATK"], archer["DAN"], archer["DEF"]) == ("1d10 (Projétil: Flecha)", "1d20", 5)
    assert archer["secondary"] == {"ATK": 1, "DAN": "1d4"}
    assert units["Feiticeiro"]["stats"]["DEF"] == 3
    assert set(units["Lanceiro"]["printed"]) == {"ATK", "DAN", "MOV", "DEF"}


def test_only_tabmaster_has_a_catalogue() -> None:
    """The other four sources print no unit's stats (rules and worked examples only): no catalogue to ship."""
    shipped = {"tabmaster", "forgod", "mtg_heroes", "ahotnik", "botse"}
    assert {g.id for g in all_rulesets() if g.id in shipped and g.catalogue()} == {"tabmaster"}


@pytest.mark.parametrize("game", GAMES)
def test_every_example_in_the_needs_runs(game: str, cli) -> None:
    """A game that declares its kinds of attack (``attack_needs``, optional) shows command lines that run."""
    needs = find_ruleset(game).stat_needs()
    examples = [n.example for n in needs if n.example]
    assert examples or not needs
    for example in examples:
        words = shlex.split(example)
        assert words[0] == "tabroll"
        result = cli(*words[1:], "--format", "text")
        assert result.code == 0, (example, result.err)


@pytest.mark.parametrize("game", sorted(SAME_ATTACK))
def test_every_declared_stat_is_read_by_the_game(game: str, cli) -> None:
    """Each stat of the needs, given with its example value beside the required ones, reaches the game as a field
    it knows: none is refused as bad input (exit 1, a refusal of the rules, is fine: a stat may change the
    outcome)."""
    ruleset = find_ruleset(game)
    inline = SAME_ATTACK[game][0]
    extra = inline[4:]  # the game's own fields (--pilots, --gather)
    for needs in ruleset.stat_needs():
        for role, stats in (("attacker", needs.attacker), ("target", needs.target)):
            for need in stats:
                assert need.example, (game, need.name)
                units = {}
                for who, flag in (("attacker", "-a"), ("target", "-t")):
                    required = [n for n in role_needs(ruleset, who) if n.required]
                    words = [f"{n.name}={n.example}" for n in required if not (who == role and n.name == need.name)]
                    if who == role:  # a name with a space is typed joined with _
                        words.append(f"{need.name.replace(' ', '_')}={need.example}")
                    units[flag] = " ".join([who.title(), *words])
                result = cli("attack", "-r", game, "-a", units["-a"], "-t", units["-t"], *extra, "--seed", "1")
                assert result.code in (0, 1), (game, role, need.name, result.err)
