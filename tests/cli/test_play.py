"""``tabroll play``: a table session, typed line by line (scripted, in process), and through a pseudo-terminal."""

from __future__ import annotations

import os
import select
import shutil
import sys
import time
from pathlib import Path

import pytest

from tabroll.journal import read_journal
from tabroll.play import words
from tabroll.play.session import default_journal

ROOT = Path(__file__).resolve().parents[2]


def _copy(tmp_path: Path, scenario: str) -> Path:
    path = tmp_path / "g.yaml"
    shutil.copy(ROOT / "scenarios" / scenario, path)
    return path


def _play(cli, tmp_path: Path, scenario: str, script: str, *extra: str):  # type: ignore[no-untyped-def]
    path = _copy(tmp_path, scenario)
    result = cli("play", str(path), "--format", "text", *extra, stdin=script)
    assert result.code == 0, result.err
    assert "Traceback" not in result.out + result.err
    return result


# --- each game, scripted ----------------------------------------------------------------------------------------


def test_tabmaster_attack_with_typed_dice_then_refused_new_round_undo_state(cli, tmp_path: Path) -> None:
    script = "attack Arqueiro Lanceiro\n7\n7\nattack Arqueiro Lanceiro\nnew-round\nstate\nundo\nstate\nquit\n"
    out = _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", script).out
    # the header and what the attack needs come before the dice are asked for
    header = out.index(
        "1. Arqueiro attacks Lanceiro\n  needs a total of 8 or more, modifiers included, to hit Lanceiro\n"
    )
    odds = out.index("  P(hit) 50% · P(defeated: Lanceiro) 35%\n")
    assert header < odds < out.index("Roll 1d10 — attack roll: 7\nRoll 1d20 — damage vs Lanceiro: 7\n")
    assert "  hit           Lanceiro is hit: attack 9 ≥ distance 8\n" in out
    assert "  defeat        Lanceiro is defeated and leaves play (7 > DEF 6)\n  flip" in out
    assert "  recorded as action 1\n" in out
    # flipped: the second attack is refused and not recorded, so the new round is action 2
    assert "2. Arqueiro attacks Lanceiro\n  refused       Arqueiro is flipped" in out
    assert "  not recorded: the rules refuse it, and nothing changed\n" in out
    assert "2. a new round begins\n  new_round     round 2 begins; ready again: Arqueiro\n" in out
    assert "after 2 actions:\n  Arqueiro (red), at [0, 0], Flecha 4\n  Lanceiro (blue), defeated\n" in out
    assert "dropped action 2: a new round begins\n" in out
    assert "after 1 action:\n  Arqueiro (red), at [0, 0], flipped, Flecha 4\n" in out
    records = read_journal(tmp_path / "g.journal.jsonl")[1]
    assert [(r.seq, r.dice, r.step) for r in records] == [(1, (7, 7), 0)]


def test_forgod_exchange_tie_goes_to_the_defender(cli, tmp_path: Path) -> None:
    out = _play(cli, tmp_path, "forgod/01-tie-goes-to-the-defender.yaml", "attack Lanceros Arqueros\n6\n7\n").out
    assert "1. Lanceros attacks Arqueros\n  P(hit) 54% · P(defeated: Arqueros) 45%\n" in out
    assert "Roll 1d10 — attack roll of Lanceros vs Arqueros: 6\nRoll 1d10 — evasion roll of Arqueros: 7\n" in out
    assert "  miss          Arqueros is missed: evasion 9 ≥ attack 9 (ties go to the defender)\n" in out
    assert "has no new-round action" not in out


def test_forgod_has_no_new_round_action_and_says_how_rounds_go(cli, tmp_path: Path) -> None:
    out = _play(cli, tmp_path, "forgod/01-tie-goes-to-the-defender.yaml", "new-round\n").out
    assert "Sistema Táctico F0R60D has no new-round action: each side begins its next round by itself" in out
    assert read_journal(tmp_path / "g.journal.jsonl")[1] == []


def test_botse_engage_as_a_kind_with_fields_and_a_choice_answered(cli, tmp_path: Path) -> None:
    script = "engage adventurer=Ayrenn target=Draugr gather=[Combat]\n1\n1\n1\nstate\n"  # form, die, which result
    out = _play(cli, tmp_path, "botse/01-fatigue.yaml", script).out
    assert "1. Ayrenn engages Draugr\n" in out
    assert "Choose a number from 1 to 5 — Ayrenn: which battle form?" in out
    assert "Roll 1d6 — Combat, die 1 (6 faces): 1\n" in out
    assert "  recorded as action 1\n" in out
    records = read_journal(tmp_path / "g.journal.jsonl")[1]
    assert "Choose a number from 1 to 2 — Ayrenn: which result next?" in out
    assert "  damage        1 damage to Draugr" in out
    assert records[0].dice == (1, 1, 1) and records[0].asked


def test_ahotnik_attack_phase_with_a_bracketed_value_typed_with_spaces(cli, tmp_path: Path) -> None:
    out = _play(
        cli, tmp_path, "ahotnik/01-eagle-demon-priority.yaml", "do attack_phase choices={Eagle: [2, 2], Wolf: [5, 5]}\n"
    ).out
    assert "  synapse       Eagle: pilots name 2 and 2 → success synapse, direction 2 (E)" in out
    assert "  defeat        Fire Demon is exiled and leaves play (at 0 Life: exiled from [-1, 0])\n" in out
    assert "Ahotnik has no new-round action" not in out


def test_mtg_heroes_attack_and_a_one_line_yaml_action(cli, tmp_path: Path) -> None:
    script = 'attack "Grizzly Bear" Kaya\n6 5\n3 1\n4\n1 2\nstate\n'  # the source's dice, as in the file
    out = _play(cli, tmp_path, "mtg_heroes/02-direct-combat.yaml", script).out
    # the odds first (2d6 against 2d6 hits when higher: (1 - 146/1296) / 2 = 44%), then the rolls
    assert (
        "1. Grizzly Bear attacks Kaya\n  P(hit) 44% · P(defeated: Kaya) 1%\n"
        "Roll 2d6 — attack: Grizzly Bear's Power 2d6 (2 values): 6 5\n"
    ) in out
    assert "Roll 1d6 — counterattack: Kaya's Power 1d6: 4\n" in out
    assert "  recorded as action 1\n" in out and "  Kaya (character, Kaya): Life 1, Toughness left 0 this turn\n" in out
    again = cli("play", str(tmp_path / "g.yaml"), "--format", "text", stdin="{do: move, unit: Vraska, to: far}\n")
    assert "2. Vraska moves" in again.out and "  recorded as action 2\n" in again.out


def test_the_file_s_own_actions_with_next(cli, tmp_path: Path) -> None:
    out = _play(cli, tmp_path, "tabmaster/01-common-lanceiro.yaml", "next\nnext\n").out
    assert "the file lists 1 action not played yet: 'next' plays one\n" in out
    assert "  defeat        Alquimista is defeated" in out
    assert "every action" in out and "is played; type your own" in out
    assert [r.step for r in read_journal(tmp_path / "g.journal.jsonl")[1]] == [1]


def test_next_says_whose_dice_it_uses(cli, tmp_path: Path) -> None:
    given = _play(cli, tmp_path, "tabmaster/01-common-lanceiro.yaml", "next\n").out
    assert "action 1 of the file, with the file's own dice (" in given and "): nothing is asked\n" in given
    path = tmp_path / "bare.yaml"
    text = (ROOT / "scenarios/tabmaster/01-common-lanceiro.yaml").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("dice:")]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    asked = cli("play", str(path), "--format", "text", stdin="next\n4\n4\n").out
    assert "action 1 of the file, with no dice of its own: each roll is asked for\n" in asked
    assert asked.index("each roll is asked for") < asked.index("Roll 1d")


def test_odds_at_the_table_is_one_line_unless_asked_for_in_full(cli, tmp_path: Path) -> None:
    out = _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", "odds Arqueiro Lanceiro\n").out
    assert "Arqueiro attacks Lanceiro\n  P(hit) 50% · P(defeated: Lanceiro) 35% · mean damage 5.25  (exact)\n" in out
    assert "(odds … --full: every distribution and the game's own measures)" in out
    assert "exactly  at least" not in out and "unchanged in every outcome" not in out
    full = _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", "odds Arqueiro Lanceiro --full\n").out
    assert "  P(hit) = 50.00%  = 1/2\n" in full and "exactly  at least" in full


def test_clear_shows_the_units_again(cli, tmp_path: Path) -> None:
    out = _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", "clear\n").out
    assert "\x1b[" not in out  # not a terminal: nothing to clear, only the units
    assert out.count("Example 5 — Projectile") == 2
    assert "after 0 actions:\n  Arqueiro (red), at [0, 0], Flecha 5\n  Lanceiro (blue), at [8, 0]\n" in out


# --- bad input is a message, and the prompt goes on --------------------------------------------------------------


BAD_LINES = [
    ("dance", "error: unknown command 'dance'"),
    ("atack Arqueiro Lanceiro", "did you mean 'attack'?"),
    ("attack Arqueiro", "attack whom?"),
    ("attack Arqueiro Lancero", "error: there is no unit called 'Lancero' in the game\nTip: did you mean 'Lanceiro'?"),
    ("attack Arqeiro Lanceiro", "error: there is no unit called 'Arqeiro' in the game\nTip: did you mean 'Arqueiro'?"),
    ("attack Arqueiro Lanceiro --range 3", "no such option: --range"),
    ('attack "Arqueiro Lanceiro', "cannot read the line"),
    ("do fly unit=Arqueiro", "TAB MASTER has no action 'fly'"),
    ("do move Arqueiro", "'Arqueiro' is not a field: write it as key=value"),
    ("do move unit=Arqueiro colour=red", "colour"),
    ("{do: [", "YAML"),
    ("roll 2d", "cannot read dice expression"),
    ("help nothing", "no help on 'nothing'"),
    ("x" * 1_200, "longer than 1,000 characters"),
]


@pytest.mark.parametrize(("line", "message"), BAD_LINES, ids=[b[0][:20] for b in BAD_LINES])
def test_bad_input_is_a_message_and_the_prompt_goes_on(cli, tmp_path: Path, line: str, message: str) -> None:
    out = _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", f"{line}\nstate\n").out
    assert message in out
    assert "after 0 actions:" in out and out.rstrip().endswith(
        "the game is saved in " + str(tmp_path / "g.journal.jsonl")
    )


def test_a_bad_die_is_asked_again_and_end_of_input_records_nothing(cli, tmp_path: Path) -> None:
    out = _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", "attack Arqueiro Lanceiro\n11\n").out
    assert "11 cannot be the roll of a d10: a d10 shows 1 to 10; try again (or r to let tabroll roll)" in out
    assert "error: no answer for 1d10 for attack roll" in out
    assert read_journal(tmp_path / "g.journal.jsonl")[1] == []


def test_r_lets_tabroll_roll_with_the_seed(cli, tmp_path: Path) -> None:
    out = _play(
        cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", "attack Arqueiro Lanceiro\nr\nr\n", "--seed", "5"
    ).out
    assert "  tabroll rolled " in out and "  recorded as action 1\n" in out


def test_reopening_continues_where_it_stopped(cli, tmp_path: Path) -> None:
    _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", "attack Arqueiro Lanceiro\n7\n7\n")
    again = cli("play", str(tmp_path / "g.yaml"), "--format", "text", stdin="state\n")
    assert "(1 action so far; every action is saved as it resolves)" in again.out
    assert "after 1 action:\n  Arqueiro (red), at [0, 0], flipped, Flecha 4\n  Lanceiro (blue), defeated\n" in again.out


def test_play_refuses_a_machine_format_and_a_missing_file(cli, tmp_path: Path) -> None:
    path = _copy(tmp_path, "tabmaster/05-projectile-arqueiro.yaml")
    bad = cli("play", str(path), "--format", "json")
    assert bad.code == 2 and "play shows a log for people" in bad.err
    missing = cli("play", str(tmp_path / "nope.yaml"))
    assert missing.code == 2 and "Traceback" not in missing.err


def test_play_from_standard_input_and_a_save_that_cannot_be_written_say_how_to_fix_them(cli, tmp_path: Path) -> None:
    piped = cli("play", "-", stdin="state\n")
    assert piped.code == 2
    assert piped.err.splitlines()[-1] == "Tip: save the scenario to a file and give its name: tabroll play FILE"
    out = _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", f"save {tmp_path / 'no' / 'such.jsonl'}\n").out
    assert f"error: cannot write {tmp_path / 'no' / 'such.jsonl'}: No such file or directory\n" in out
    assert "Tip: give a file in a folder you may write to" in out


def test_default_journal_is_beside_the_file() -> None:
    assert default_journal("games/tm.yaml") == Path("games/tm.journal.jsonl")


# --- completion ---------------------------------------------------------------------------------------------------


def _complete(before: str) -> list[str]:
    from tabroll.engine import find_ruleset

    game = find_ruleset("tabmaster")
    return words.complete(
        before, game, lambda: ["Arqueiro", "Lanceiro", "Fire Demon"], lambda: ["attack", "move", "new_round"]
    )


def test_completion_of_commands_units_fields_and_flags() -> None:
    assert _complete("")[:4] == ["attack", "clear", "do", "help"]
    assert _complete("ne") == ["new-round", "new_round", "next"]
    assert _complete("attack Ar") == ["Arqueiro"]
    assert _complete("attack Arqueiro ") == ['"Fire Demon"', "Arqueiro", "Lanceiro"]
    assert _complete("attack Arqueiro Lanceiro --") == ["--move-to", "--using"]
    assert _complete("do ") == ["attack", "move", "new_round"]
    assert _complete("do move u") == ["unit="]
    assert _complete("move unit=L") == ["unit=Lanceiro"]
    assert "to=" in _complete("move unit=Arqueiro ") and "unit=" not in _complete("move unit=Arqueiro ")
    assert _complete("help und") == ["undo"]
    assert _complete("roll 1d2") == ["1d20"]
    assert _complete("dance ") == []


def test_line_words_and_fields() -> None:
    from tabroll.engine import find_ruleset

    game = find_ruleset("tabmaster")
    assert words.split_line('attack "Fire Demon" Eagle') == ["attack", "Fire Demon", "Eagle"]
    fields = words.read_fields(["to=[1, 0]", "times=2", "hex=Sono"], kind="attack", ruleset=game)
    assert fields == {"to": [1, 0], "times": 2, "hex": "Sono"}
    assert words.read_fields(["choices={A:", "[2,", "2]}"], kind="x", ruleset=game) == {"choices": {"A": [2, 2]}}
    action = words.typed_action(game, {"do": "move", "unit": "Arqueiro", "to": [1, 0]})
    assert type(action).__name__ == "MoveAction"


# --- through a pseudo-terminal ----------------------------------------------------------------------------------


class Terminal:
    """``python -m tabroll play …`` on a pseudo-terminal: type lines, read until some text appears."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        import pty

        env = {**os.environ, "TERM": "dumb", "COLUMNS": "120", "NO_COLOR": "1"}
        # pty.fork makes the terminal the child's controlling terminal, so Ctrl-C there is a real SIGINT
        pid, self.master = pty.fork()
        if pid == 0:  # pragma: no cover - the child process
            try:
                os.chdir(cwd)
                os.execve(sys.executable, [sys.executable, "-m", "tabroll", "play", *args], env)
            finally:
                os._exit(127)
        self.pid = pid
        import codecs

        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.seen = ""
        self.mark = 0

    def expect(self, text: str, timeout: float = 60.0) -> str:
        """Read until ``text`` appears after what the last expect matched (generous timeout: the machine is shared;
        no time is asserted)."""
        deadline = time.monotonic() + timeout
        while text not in self.seen[self.mark :]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"did not see {text!r} after position {self.mark}; the terminal showed:\n{self.seen}\n"
                    f"(its end: {self.seen[-80:]!r})"
                )
            ready, _, _ = select.select([self.master], [], [], min(left, 1.0))
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the session ended before {text!r}:\n{self.seen}")
                self.seen += self.decoder.decode(chunk).replace("\r\n", "\n")
        self.mark = self.seen.index(text, self.mark) + len(text)
        return self.seen

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def keys(self, data: bytes) -> None:
        """Raw keys (Ctrl-C, Tab, Ctrl-D) once line editing reads the terminal key by key: sent while the prompt
        is still being drawn, the terminal itself would take Ctrl-C as an interrupt and drop the typed line."""
        import termios

        deadline = time.monotonic() + 60
        while termios.tcgetattr(self.master)[3] & termios.ICANON:
            if time.monotonic() > deadline:
                raise AssertionError("the prompt never started reading keys")
            time.sleep(0.01)
        os.write(self.master, data)

    def interrupt_at_prompt(self) -> None:
        """Ctrl-C at the prompt, until the prompt comes back. Python's line editing looks at signals only while it
        waits for a key, so a Ctrl-C that lands while it is still drawing the last key is seen at the next key
        (a known limit of CPython's readline loop); a person then presses Ctrl-C again, and so does this."""
        for _ in range(5):
            self.keys(b"\x03")
            try:
                self.expect("tabroll> ", timeout=5.0)
                return
            except AssertionError:
                continue
        self.expect("tabroll> ")

    def close(self) -> int:
        """The exit code, once the session has ended (it has said bye)."""
        deadline = time.monotonic() + 60
        try:
            while True:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    return os.waitstatus_to_exitcode(status)
                if time.monotonic() > deadline:
                    os.kill(self.pid, 9)
                    raise AssertionError("the session did not end")
                time.sleep(0.05)
        finally:
            os.close(self.master)


@pytest.mark.slow  # a whole process on a pseudo-terminal
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_recorded_session_through_a_pseudo_terminal(tmp_path: Path) -> None:
    """A TAB MASTER fight and a F0R60D exchange with typed dice, an undo, a new round and a state view; quit;
    reopen: the game goes on where it stopped."""
    shutil.copy(ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml", tmp_path / "tm.yaml")
    shutil.copy(ROOT / "scenarios/forgod/01-tie-goes-to-the-defender.yaml", tmp_path / "fg.yaml")
    tm = Terminal(["tm.yaml", "--format", "text"], tmp_path)
    tm.expect("tabroll> ")
    tm.type("attack Arqueiro Lanceiro")
    tm.expect("Roll 1d10 — attack roll: ")
    tm.type("3")
    tm.expect("  miss          Lanceiro is missed")
    tm.expect("tabroll> ")
    tm.type("new-round")
    tm.expect("new_round     round 2 begins; ready again: Arqueiro")
    tm.type("attack Arqueiro Lanceiro")
    tm.expect("Roll 1d10 — attack roll: ")
    tm.type("7")
    tm.expect("Roll 1d20 — damage vs Lanceiro: ")
    tm.type("7")
    tm.expect("Lanceiro is defeated and leaves play")
    tm.type("undo")
    tm.expect("dropped action 3: Arqueiro attacks Lanceiro")
    tm.type("state")
    seen = tm.expect("Lanceiro (blue), at [8, 0]")
    assert "Arqueiro (red), at [0, 0], Flecha 4" in seen
    tm.type("garbage here")
    tm.expect("unknown command 'garbage'")
    tm.type("quit")
    tm.expect("bye: the game is saved in tm.journal.jsonl")
    assert tm.close() == 0

    again = Terminal(["tm.yaml", "--format", "text"], tmp_path)
    again.expect("(2 actions so far")
    again.type("state")
    seen = again.expect("Lanceiro (blue), at [8, 0]")
    assert "Arqueiro (red), at [0, 0], Flecha 4" in seen
    again.expect("tabroll> ")
    # Each key once line editing has echoed the ones before it: Ctrl-C makes the terminal drop whatever input the
    # program has not read yet, so a line typed and interrupted in one go could vanish before it was ever shown.
    again.keys(b"attack Arq")
    again.expect("attack Arq")
    again.interrupt_at_prompt()  # Ctrl-C at the prompt drops the line; the session goes on
    again.keys(b"sta\t")  # Tab completes the command
    again.expect("state")
    again.keys(b"\r")
    again.expect("after 2 actions:")
    again.expect("tabroll> ")
    again.keys(b"\x04")  # Ctrl-D ends the session
    again.expect("bye")
    assert again.close() == 0

    fg = Terminal(["fg.yaml", "--format", "text"], tmp_path)
    fg.expect("tabroll> ")
    fg.type("attack Lanceros Arqueros")
    fg.expect("P(hit) 54%")
    fg.expect("attack roll of Lanceros vs Arqueros: ")
    fg.type("9")
    fg.expect("evasion roll of Arqueros: ")
    fg.type("2")
    fg.expect("damage vs Arqueros: ")
    fg.type("5")
    fg.expect("hit           Arqueros is hit: attack 12 > evasion 4")
    fg.expect("damage        7 damage to Arqueros: PV 5 - 7 = -2: annihilated")
    fg.expect("tabroll> ")
    fg.type("state")
    fg.expect("after 1 action:\n  Lanceros (red), at [0, 1], PV 6, Normal\n  Arqueros (blue), defeated")
    fg.type("new-round")
    fg.expect("has no new-round action")
    fg.type("quit")
    fg.expect("bye")
    assert fg.close() == 0
    assert "Traceback" not in tm.seen + again.seen + fg.seen
    assert len(read_journal(tmp_path / "fg.journal.jsonl")[1]) == 1


def test_the_player_guides_transcript_is_real(cli, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import re

    from tests.doc_pages import holding

    _, page = holding("<!-- play transcript")  # docs/player.md, "At the table"
    block = re.search(r"<!-- play transcript[^>]*-->\n```console\n(.*?)```", page, re.S)
    assert block is not None
    command, *shown = block.group(1).splitlines()
    assert command == "$ tabroll play tm.yaml --journal tm.jsonl"
    typed = [
        line.split(": ")[-1] if line.startswith(("Roll ", "Choose ")) else line[len("tabroll> ") :]
        for line in shown
        if line.startswith(("tabroll> ", "Roll ", "Choose "))
    ]
    monkeypatch.chdir(tmp_path)
    shutil.copy(ROOT / "scenarios/tabmaster/05-projectile-arqueiro.yaml", "tm.yaml")
    result = cli("play", "tm.yaml", "--journal", "tm.jsonl", "--format", "text", stdin="\n".join(typed) + "\n")
    assert result.code == 0
    assert result.out.splitlines() == shown


# --- what play writes from its input is shown escaped -------------------------------------------------------------


def test_a_scripted_line_is_echoed_escaped_never_obeyed(cli, tmp_path: Path) -> None:
    # An escape sequence inside a script's line would retitle the terminal (OSC 0) or clear it (CSI 2J).
    script = "st\x1b]0;pwned\x07ate\n\x1b[2Jhelp\n"
    out = _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", script).out
    assert "\x1b" not in out and "\x07" not in out
    assert "tabroll> st\\u001b]0;pwned\\u0007ate\n" in out
    assert "tabroll> \\u001b[2Jhelp\n" in out


def test_an_answer_is_echoed_escaped(cli, tmp_path: Path) -> None:
    script = "attack Arqueiro Lanceiro\n3\x1b[2J\n3\n"
    out = _play(cli, tmp_path, "tabmaster/05-projectile-arqueiro.yaml", script).out
    assert "\x1b" not in out
    assert "Roll 1d10 — attack roll: 3\\u001b[2J\n" in out


@pytest.mark.slow  # a whole process on a pseudo-terminal
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_choice_typed_unseen_is_marked_as_answered(tmp_path: Path) -> None:
    shutil.copy(ROOT / "scenarios/botse/01-fatigue.yaml", tmp_path / "b.yaml")
    term = Terminal(["b.yaml", "--format", "text"], tmp_path)
    term.expect("tabroll> ")
    term.type("engage adventurer=Ayrenn target=Draugr gather=[Combat]")
    term.expect("which battle form? 1 = light_weapon (current)")
    term.expect(": ")
    term.type("1")
    seen = term.expect("•••\n")
    assert "5 = magic: •••\n" in seen
    term.expect("Roll 1d6 — Combat, die 1 (6 faces): ")
    term.type("1")
    term.expect("which result next?")
    term.type("1")
    term.expect("recorded as action 1")
    term.type("quit")
    term.expect("bye")
    assert term.close() == 0


def test_completion_adds_the_space_after_a_whole_word(cli, tmp_path: Path) -> None:
    import io

    from tabroll.cli.play import Lines
    from tabroll.loading.scenario import load_scenario_file
    from tabroll.play.session import Table

    path = _copy(tmp_path, "botse/01-fatigue.yaml")
    table = Table(load_scenario_file(str(path)), scenario_path=path, journal_path=tmp_path / "j.jsonl",
                  out=io.StringIO(), asking=None)  # type: ignore[arg-type]  # fmt: skip
    lines = Lines(io.StringIO(), io.StringIO(), interactive=False, complete=table.complete)

    def offered(before: str) -> list[str]:
        found, state = [], 0
        while (match := lines._completer(before, state)) is not None:
            found.append(match)
            state += 1
        return found

    assert offered("sta") == ["state "]
    assert offered("engage adv") == ["adventurer="]  # a field: its value follows at once
    assert offered("engage adventurer=Ay") == ["adventurer=Ayrenn "]


# --- hints at the prompt -------------------------------------------------------------------------------------------


def test_a_name_with_a_space_typed_unquoted_is_hinted(cli, tmp_path: Path) -> None:
    script = "odds Grizzly Bear Kaya\nattack Kaya Grizzly Bear\n"
    out = _play(cli, tmp_path, "mtg_heroes/02-direct-combat.yaml", script).out
    said = (
        "error: Grizzly Bear is the name of one unit, typed here as 2 words\n"
        'Tip: quote a name with a space: "Grizzly Bear"\n'
    )
    assert out.count(said) == 2, out


def test_odds_that_count_nothing_name_the_fields_to_give(cli, tmp_path: Path) -> None:
    script = "odds Ayrenn Draugr\nodds Ayrenn Draugr gather=[Combat]\n"
    out = _play(cli, tmp_path, "botse/01-fatigue.yaml", script).out
    assert "  nothing to count: the attack as typed does nothing; give it gather=… form=… (help odds)\n" in out
    assert "  P(hit) 66.7% · mean damage 0.83  (exact)\n" in out


def test_an_action_missing_a_field_shows_a_whole_line(cli, tmp_path: Path) -> None:
    out = _play(cli, tmp_path, "botse/01-fatigue.yaml", "do end_turn\n").out
    assert "error: <command line>: action: missing required field 'adventurer'\n" in out
    assert "Tip: e.g. end_turn adventurer=… (help end_turn lists its fields)\n" in out
