"""Help that a player can read: ``-h`` as well as ``--help`` on every command, and no Python types in it."""

from __future__ import annotations

import re

import pytest

from tabroll.engine import ruleset_ids

COMMANDS = ["run", "attack", "odds", "matrix", "roll", "check", "check-skill", "schema", "rulesets", "rules"]


@pytest.mark.parametrize("command", COMMANDS)
def test_dash_h_is_help_and_names_no_python_type(command: str, cli) -> None:
    short, long = cli(command, "-h"), cli(command, "--help")
    assert short.code == long.code == 0
    assert short.out == long.out and "Usage: tabroll" in short.out
    assert not re.search(r"<(int|str|list\[|bool|float)", short.out), short.out


def test_the_games_attack_fields_are_listed_by_rules(cli) -> None:
    out = cli("rules", "tabmaster").out
    assert "--distance INT [default: 1] (no scenario file)" in out
    assert "--sight/--no-sight" in out


ALL_COMMANDS = [
    *COMMANDS,
    "play",
    "units",
    "new",
    "journal",
    "journal show",
    "journal state",
    "journal undo",
    "journal replay",
]


@pytest.mark.parametrize("command", ["", *ALL_COMMANDS])
def test_every_command_has_short_help_and_a_plain_usage_line(command: str, cli) -> None:
    words = command.split()
    short, long = cli(*words, "-h"), cli(*words, "--help")
    assert short.code == long.code == 0 and short.out == long.out
    usage = next(line for line in short.out.splitlines() if "Usage: tabroll" in line)
    assert "{" not in usage and "}" not in usage, usage  # FILE..., [FILE]: not Typer's {FILE}
    assert not re.search(r"<(int|str|list\[|bool|float)", short.out), short.out


def test_the_root_help_starts_a_newcomer_off(cli) -> None:
    out = cli("-h").out
    assert "tabroll new tabmaster" in out and "--install-completion" in out and "--show-completion" in out


def test_show_completion_prints_a_bash_script(cli, monkeypatch) -> None:
    import shellingham

    # Typer names the shell that started the process (shellingham walks up the parents): bash here, whatever shell
    # started the test run.
    monkeypatch.setenv("SHELL", "/bin/bash")
    monkeypatch.setattr(shellingham, "detect_shell", lambda *args, **kwargs: ("bash", "/bin/bash"))
    result = cli("--show-completion", "bash")
    assert result.code == 0
    assert "_tabroll_completion" in result.out and "complete " in result.out


def test_the_format_flag_is_offered_by_rules_rulesets_and_journal_show(cli, tmp_path, monkeypatch) -> None:
    import json

    rules = json.loads(cli("rules", "tabmaster", "--format", "json").out)
    assert rules["id"] == "tabmaster" and any(o["name"] == "defeat_threshold" for o in rules["options"])
    assert any(f["flag"] == "--distance" for f in rules["attack_fields"]) and rules["rulings"].startswith("# ")
    assert "## Options" in cli("rules", "tabmaster", "--format", "markdown").out
    games = json.loads(cli("rulesets", "--format", "json").out)
    assert sorted(g["id"] for g in games) == sorted(ruleset_ids())
    assert cli("rulesets", "--format", "text").out.startswith("ahotnik ")
    monkeypatch.chdir(tmp_path)
    cli("new", "tabmaster", "battle.yaml")
    assert cli("run", "battle.yaml", "--journal", "battle.jsonl").code == 0
    story = json.loads(cli("journal", "show", "battle.jsonl", "--format", "json").out)
    assert story["ruleset"] == "tabmaster" and [a["seq"] for a in story["actions"]] == [1, 2, 3]
    assert story["actions"][0]["action"] == "Arqueiro attacks Lanceiro" and not story["actions"][0]["refused"]
    for command in (("rules", "tabmaster"), ("rulesets",), ("journal", "show", "battle.jsonl")):
        bad = cli(*command, "--format", "yaml")
        assert bad.code == 2 and "unknown output format 'yaml'" in bad.err


@pytest.mark.parametrize("game", sorted(ruleset_ids()))
def test_rules_name_no_file_a_pip_user_does_not_have(game: str, cli) -> None:
    for fmt in ("text", "markdown", "json", "rich"):
        out = cli("rules", game, "--format", fmt).out
        found = re.findall(
            r"[\w./-]*(?:rulesets/|scenarios/|tests/|shared/|tabroll/\w)[\w./…-]*|\S+\.(?:md|py|txt)\b", out
        )
        assert not found, f"{game} --format {fmt}: {found}"
        assert "<!-- developers -->" not in out


def test_rules_on_a_terminal_are_drawn_from_markdown(cli) -> None:
    out = cli("rules", "tabmaster", "--format", "rich").out
    assert "TAB MASTER (tabmaster)" in out and "## " not in out and "• " in out


def test_a_stat_flag_written_wrong_names_that_flag(cli) -> None:
    result = cli("attack", "-a", "Lanceiro", "-t", "Alquimista", "--attacker-stat", "ATK3")
    assert result.code == 2
    assert "cannot read --attacker-stat 'ATK3'" in result.err and "--attacker-stat ATK=3" in result.err
    assert "--option" not in result.err
    assert "--target-stat DEF=4" in cli("odds", "-a", "Lanceiro", "-t", "Alquimista", "--target-stat", "DEF").err
    assert "--set hex=Sono" in cli("attack", "-a", "Lanceiro", "-t", "Alquimista", "--set", "hex").err
    assert "NAME=VALUE" in cli("attack", "-a", "Lanceiro", "-t", "Alquimista", "--option", "x").err


def test_odds_without_units_suggests_odds(cli) -> None:
    result = cli("odds")
    assert result.code == 2 and "tabroll odds -a" in result.err and "tabroll attack" not in result.err
    typed = cli("odds", "-r", "forgod")
    assert "tabroll odds -r forgod -a" in typed.err and "tabroll units forgod" in typed.err


def test_matrix_of_a_game_without_catalogue_suggests_flags_that_work(cli) -> None:
    result = cli("matrix", "-r", "forgod")
    assert result.code == 2 and "has no unit catalogue" in result.err and "--attackers 'Orc BA=2'" in result.err
    # the tip's advice, followed, works:
    assert cli("matrix", "-r", "forgod", "--attackers", "Orc BA=2", "--targets", "Elf PV=6").code == 0


def test_check_skill_names_its_number_total_and_leaves_target_to_units(cli) -> None:
    out = cli("check-skill", "-h").out
    assert "--total" in out and "--target" not in out
    result = cli("check-skill", "WUBB", "Subtlety", "--total", "9", "--dice", "3,3,3", "--format", "text")
    assert result.code == 0 and "succeeds: 9 ≥ 9 (target 9 (given))" in result.out


@pytest.mark.parametrize("command", [("odds", "-a", "Lanceiro", "-t", "Soldado"), ("matrix", "-r", "tabmaster")])
def test_odds_and_matrix_take_the_seeds_every_command_takes(command: tuple[str, ...], cli) -> None:
    for seed in ("-1", str(2**63)):
        result = cli(*command, "--seed", seed)
        assert result.code == 2 and "out of range" in result.err and "2**63-1" in result.err


def test_a_simulation_without_seed_names_a_fresh_one_and_the_seed_replays_it(cli) -> None:
    args = ("odds", "-a", "Lanceiro", "-t", "Soldado", "--trials", "300", "--format", "text")
    first = cli(*args).out
    seed = re.search(r"seed (\d+), 1 job", first)
    assert seed is not None
    assert cli(*args, "--seed", seed.group(1)).out == first
    table = ("matrix", "--attackers", "Lanceiro", "--targets", "Soldado", "--budget", "1", "--trials", "200")
    shown = cli(*table, "--format", "text").out
    noted = re.search(r"over the budget; seed (\d+)\)", shown)
    assert noted is not None
    assert cli(*table, "--format", "text", "--seed", noted.group(1)).out == shown


def test_completion_offers_the_games(cli, monkeypatch) -> None:
    monkeypatch.setenv("_TABROLL_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "tabroll rules m")
    monkeypatch.setenv("COMP_CWORD", "2")
    result = cli()
    assert result.code == 0 and result.out.split() == ["mtg_heroes"]


def test_rich_is_imported_for_help_only() -> None:
    """Help is drawn by Rich, but a command that runs never imports it (cold start of 'tabroll roll')."""
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from tabroll.cli.app import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stderr.write(str(any(m == 'rich' or m.startswith('rich.') for m in sys.modules)))\n"
    )

    def rich_loaded(*args: str) -> str:
        done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, check=False)
        return done.stderr.strip().splitlines()[-1]

    typer_alone = subprocess.run(
        [sys.executable, "-c", "import sys, typer.main; print('rich' in sys.modules)"],
        capture_output=True,
        text=True,
        check=False,
    )
    if typer_alone.stdout.strip() == "True":
        pytest.skip("this Typer release imports Rich at start (older ones do), whatever tabroll does")
    assert rich_loaded("roll", "1d20", "--seed", "1", "--format", "text") == "False"
    assert rich_loaded("roll", "-h") == "True"


def test_the_root_help_lists_every_command_without_making_it(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """The root's help reads each command's name and help only: no command's parameters are converted for it, and
    a command run afterwards in the same process is made whole."""
    from tabroll.cli import app

    made: list[str] = []
    real = app._built
    monkeypatch.setattr(app, "_built", lambda name: made.append(name) or real(name))
    with pytest.raises(SystemExit) as done:
        app.main(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0 and made == []
    assert all(name in out for name in app.COMMANDS)
    assert "Roll dice expressions" in out and "A game journal" in out
    with pytest.raises(SystemExit) as done:
        app.main(["roll", "1d20", "--seed", "1", "--format", "text"])
    assert done.value.code == 0 and made == ["roll"]
