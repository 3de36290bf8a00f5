"""A table session over a journal: one typed command at a time (:meth:`Table.handle`).

Every action that happens is recorded in the journal as it resolves (an action the rules refuse changes nothing
and is not recorded), so the session holds no state of its own: closing the terminal loses nothing, and opening
the same journal again continues where it stopped.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, TextIO

from tabroll.dice.session import Asking
from tabroll.dice.sources import DiceRequest, GivenDice, PromptDice, SeededDice, parse_dice_values
from tabroll.dice.words import parse_words
from tabroll.engine import Scenario
from tabroll.errors import InputError, TabrollError
from tabroll.events import ActionStarted, named_rolls
from tabroll.i18n import _, n_
from tabroll.journal import open_journal, undo
from tabroll.play import words as w
from tabroll.play.preview import preview_lines
from tabroll.render.output import make_renderer
from tabroll.words import did_you_mean, visible

ROLL_WORDS = ("r", "roll")


class TableDice:
    """The dice of an action at the table: each roll asked for (``Roll 1d20 — damage vs X:``) and answered with
    the values rolled, or ``r`` to let tabroll roll it. Open choices are asked too (the players are here)."""

    asks_players = True
    ATTEMPTS = 5
    """Answers asked for one roll before the action is given up."""

    def __init__(self, asking: Asking, roller: SeededDice) -> None:
        self.asking = asking
        self.roller = roller

    def draw(self, request: DiceRequest) -> tuple[int, ...]:
        prompt = PromptDice.prompt(request)
        ask = self.asking.ask_secret if request.choice else self.asking.ask
        for _attempt in range(self.ATTEMPTS):
            try:
                answer = ask(prompt)
            except EOFError:
                raise InputError(
                    _("no answer for {request}", request=request.describe()), tip=_("the action was not recorded")
                ) from None
            if answer.strip().lower() in ROLL_WORDS:
                values = self.roller.draw(request)
                self.asking.tell("  " + _("tabroll rolled {values}", values=", ".join(str(v) for v in values)))
                return values
            if (problem := PromptDice._problem(answer, request)) is None:
                return parse_dice_values(answer, "answer")
            self.asking.tell(_("{problem}; try again (or r to let tabroll roll)", problem=problem))
        raise InputError(
            n_(
                "no valid answer for {request} after {n} try",
                "no valid answer for {request} after {n} tries",
                self.ATTEMPTS,
                request=request.describe(),
            ),
            tip=_("answer with the dice as the prompt asks, e.g. {example}, or r to let tabroll roll", example="3 5"),
        )


def default_journal(scenario_file: str | Path) -> Path:
    """The journal of ``tabroll play FILE`` without ``--journal``: beside the file, ``NAME.journal.jsonl``."""
    path = Path(scenario_file)
    return path.with_name(path.stem + ".journal.jsonl")


class Table:
    """One game at the table: the scenario, its journal, and the commands typed (:meth:`handle`)."""

    def __init__(
        self,
        scenario: Scenario,
        *,
        scenario_path: str | Path,
        journal_path: str | Path,
        out: TextIO,
        asking: Asking,
        fmt: str = "text",
        force: bool = False,
        seed: int | None = None,
    ) -> None:
        self.scenario = scenario
        self.scenario_path = str(scenario_path)
        self.journal_path = Path(journal_path)
        self.out = out
        self.asking = asking
        self.fmt = fmt
        self.roller = SeededDice(seed)
        self.book = open_journal(self.journal_path, scenario, scenario_path=self.scenario_path, force=force)
        self.book.current_state()
        self._console: Any = None

    # --- what the game is now ---------------------------------------------------------------------------------

    @property
    def ruleset(self) -> Any:
        return self.scenario.ruleset

    @property
    def state(self) -> Any:
        return self.book.current_state()

    def units(self) -> list[str]:
        return list(self.ruleset.unit_names(self.state))

    def kinds(self) -> list[str]:
        return list(w.action_models(self.ruleset))

    def complete(self, before: str) -> list[str]:
        """Completion candidates for the line typed so far (never raises: a completer must not)."""
        try:
            return w.complete(before, self.ruleset, self.units, self.kinds)
        except Exception:
            return []

    # --- output -----------------------------------------------------------------------------------------------

    def say(self, text: str = "", style: str = "") -> None:
        text = visible(text, lines=True)  # what the table typed and the file named: shown, never obeyed
        if self.fmt == "rich":
            self.console.print(text, markup=False, highlight=False, style=style or None)
        else:
            self.out.write(text + "\n")
        self.out.flush()

    @property
    def console(self) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(file=self.out, highlight=False)
        return self._console

    def welcome(self) -> None:
        count = len(self.book.records)
        held = _("a new journal") if not count else n_("{n} action so far", "{n} actions so far", count)
        self.say(self._title(), style="bold")
        self.say(
            _("journal: {journal} ({held}; every action is saved as it resolves)", journal=self.journal_path, held=held)
        )
        pending = len(self.scenario.steps) - self.book.recorded_steps()
        if pending > 0:
            self.say(
                n_(
                    "the file lists {n} action not played yet: 'next' plays one",
                    "the file lists {n} actions not played yet: 'next' plays one",
                    pending,
                )
            )
        self.say(_("type help for the commands; answer a roll with the values you rolled, or r to let tabroll roll"))

    def _title(self) -> str:
        return _("{title} ({game})", title=self.scenario.title or self.scenario_path, game=self.ruleset.name)

    # --- commands ---------------------------------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Carry out one typed line; ``False`` when the session ends. A mistake is a message, never an exit."""
        text = line.strip()
        if not text or text.startswith("#"):
            return True
        if len(text) > w.MAX_LINE:
            self.say(
                n_(
                    "error: the line is longer than {count} character; nothing was done",
                    "error: the line is longer than {count} characters; nothing was done",
                    w.MAX_LINE,
                    count=f"{w.MAX_LINE:,}",
                ),
                style="red",
            )
            return True
        try:
            return self._dispatch(text)
        except TabrollError as err:
            self.say(_("error: {problem}", problem=err.describe()), style="red")
        return True

    def _dispatch(self, text: str) -> bool:
        if text.startswith("{"):
            self._act(w.typed_action(self.ruleset, w.read_mapping(text)))
            return True
        words = w.split_line(text)
        if not words:
            return True
        command, args = w.ALIASES.get(words[0], words[0]), words[1:]
        if command == "quit":
            return False
        handler = getattr(self, "_" + command.replace("-", "_"), None) if command in w.COMMAND_NAMES else None
        if command in ("attack", "do"):
            self._act(self._action([command, *args]))
        elif handler is not None:
            handler(args)
        elif command in self.kinds():
            self._act(self._action(["do", command, *args]))
        else:
            tip = did_you_mean(command, [*w.COMMAND_NAMES, *self.kinds()], _("type help for the commands"))
            raise InputError(_("unknown command '{command}'", command=command), tip=tip)
        return True

    def _action(self, words: list[str]) -> Any:
        """The action some words describe: ``attack A T [--FIELD V…] [key=value…]``, ``do KIND key=value…``, or
        ``attack key=value…`` (the whole attack as fields)."""
        kind, args = words[0], words[1:]
        if kind == "do":
            if not args:
                raise InputError(
                    _("do what?"), tip=_("do KIND key=value…; the kinds are: {kinds}", kinds=", ".join(self.kinds()))
                )
            kind, args = args[0], args[1:]
            return w.typed_action(self.ruleset, {"do": kind, **w.read_fields(args, kind=kind, ruleset=self.ruleset)})
        if kind != "attack":
            raise InputError(_("'{kind}' is not an action", kind=kind), tip=_("attack A T, or do KIND key=value…"))
        if args and all("=" in a and not a.startswith("-") for a in args):
            fields = w.read_fields(args, kind="attack", ruleset=self.ruleset)
            return w.typed_action(self.ruleset, {"do": "attack", **fields})
        from tabroll.loading.quick import check_fields, check_unit_names, split_words

        named = [a for a in args if not a.startswith("-") and "=" not in a]
        settings = [a for a in args if "=" in a and not a.startswith("-")]
        flags = [a for a in args if a not in settings]
        spaced = w.spaced_name(named, self.units())
        if spaced is not None and spaced not in named:
            raise InputError(
                n_(
                    "{name} is the name of one unit, typed here as {n} word",
                    "{name} is the name of one unit, typed here as {n} words",
                    len(spaced.split()),
                    name=spaced,
                ),
                tip=_('quote a name with a space: "{name}"', name=spaced),
            )
        if len(named) < 2:
            raise InputError(_("attack whom? name the attacker and the target"), tip=_("attack A T (help attack)"))
        attacker, target = named[0], named[1]
        flags.remove(attacker)
        flags.remove(target)
        split = split_words(flags, [self.ruleset])
        if split.scenario_file is not None:
            raise InputError(
                _("'{file}': attack takes two units", file=split.scenario_file), tip=_("attack A T [--FIELD VALUE…]")
            )
        fields = check_fields(self.ruleset, split.fields, with_file=True)
        for setting in settings:
            key, _equals, value = setting.partition("=")
            fields[key] = value
        check_unit_names(self.ruleset, self.state, [("", attacker), ("", target)], where=_("the game"))
        return self.ruleset.quick_action(attacker, target, fields)

    def _next(self, args: list[str]) -> None:
        held = self.book.recorded_steps()
        steps = self.scenario.steps
        if held >= len(steps):
            self.say(_("every action {file} lists is played; type your own (help)", file=self.scenario_path))
            return
        step, number = steps[held], held + 1
        dice = None
        if step.dice is not None:
            dice = GivenDice(step.dice, origin=_("the dice of action {number} in the file", number=number))
            said = _(
                "action {number} of the file, with the file's own dice ({dice}): nothing is asked",
                number=number,
                dice=", ".join(str(value) for value in step.dice),
            )
        else:
            said = _("action {number} of the file, with no dice of its own: each roll is asked for", number=number)
        self.say(said, style="dim")
        self._act(step.action, step=number, dice=dice)

    def _new_round(self, args: list[str]) -> None:
        action = self.ruleset.new_round_action(self.state)
        if action is None:
            note = self.ruleset.said(self.ruleset.round_note) or _("it has no rounds")
            self.say(_("{game} has no new-round action: {note}", game=self.ruleset.name, note=note))
            return
        self._act(action)

    def _act(self, action: Any, *, step: int = 0, dice: Any = None) -> None:
        """Show the action's header and what it needs, ask for its dice, resolve and record it, show its log."""
        index = self.book.next_seq
        actor, verb, description = self.ruleset.describe_action(action)
        self.say(ActionStarted(index=index, actor=actor, verb=verb, description=description).sentence(), style="bold")
        for line in preview_lines(self.ruleset, self.state, action):
            self.say(f"  {line}", style="cyan")
        source = dice if dice is not None else TableDice(self.asking, self.roller)
        resolution = self.book.resolve(action, source, step=step)
        renderer = make_renderer("rich" if self.fmt == "rich" else "text", self.out)
        if self.fmt == "rich":
            renderer.console = self.console  # type: ignore[attr-defined]
        renderer.in_action = True  # type: ignore[attr-defined]
        for event in resolution.events:
            if event.kind != "action":
                renderer.event(event, action=index)
        self.out.flush()
        if resolution.refused:
            self.say("  " + _("not recorded: the rules refuse it, and nothing changed"), style="dim")
        else:
            self.say("  " + _("recorded as action {number}", number=index), style="dim")

    def _roll(self, args: list[str]) -> None:
        if not args:
            raise InputError(
                _("roll what?"), tip=_("e.g. {example}", example="roll 2d6, roll 1d20+3, roll 1d20 adv +5")
            )
        for event in named_rolls(parse_words(args), self.roller):  # the words read as `tabroll roll` reads them
            self.say(event.sentence())

    def _odds(self, args: list[str]) -> None:
        from tabroll.odds.api import compute_odds

        full = "--full" in args
        args = [a for a in args if a != "--full"]
        if not args:
            raise InputError(
                _("odds of what?"), tip=_("odds A T [--FIELD VALUE…] [--full], or odds do KIND key=value…")
            )
        action = self._action(args if args[0] == "do" else ["attack", *args])
        report = compute_odds(self.ruleset, self.state, action, fallback_trials=20_000)
        self.say(self.ruleset.describe_action(action)[2], style="bold")
        nothing = not report.attack and not report.follow_ups and set(report.game.unchanged()) == set(report.game.kinds)
        if nothing and args[0] != "do" and not report.always_refused and not full:  # a typed attack, fields left out
            fields = [f"{s.name}=…" for s in self.ruleset.attack_fields if not s.quick_only]
            self.say(
                "  "
                + (
                    _("nothing to count: the attack as typed does nothing; give it {fields} (help odds)",
                      fields=" ".join(fields))
                    if fields
                    else _("nothing to count: the attack as typed does nothing")
                )
            )  # fmt: skip
            return
        if full:
            from tabroll.render.odds import report_lines

            lines = report_lines(report)
        else:
            from tabroll.render.odds_line import odds_summary

            lines = [*odds_summary(report), "  " + _("(odds … --full: every distribution and the game's own measures)")]
        for line in lines:
            self.say(line)

    def _clear(self, args: list[str]) -> None:
        """A clean screen with the units on it (on a terminal; elsewhere only the units)."""
        if self.fmt == "rich":
            self.console.clear()
        elif self.out.isatty():
            self.out.write("\x1b[H\x1b[2J")
        self.say(self._title(), style="bold")
        self._state([])

    def _state(self, args: list[str]) -> None:
        from tabroll.render.state import state_rich, state_text

        title = n_("after {n} action:", "after {n} actions:", len(self.book.records))
        if self.fmt == "rich":
            self.console.print(state_rich(self.ruleset, self.state, title=title))
            self.out.flush()
            return
        for line in state_text(self.ruleset, self.state, title=title):
            self.say(line)

    def _undo(self, args: list[str]) -> None:
        self.say(undo(self.journal_path).message)
        self.book = open_journal(self.journal_path, self.scenario, scenario_path=self.scenario_path, force=True)
        self.book.current_state()

    def _save(self, args: list[str]) -> None:
        self.say(
            n_(
                "saved: {n} action in {journal} (each one as it resolved)",
                "saved: {n} actions in {journal} (each one as it resolved)",
                len(self.book.records),
                journal=self.journal_path,
            )
        )
        if not args:
            return
        copy = Path(" ".join(args))
        try:
            with open(copy, "xb") as handle:
                handle.write(self.journal_path.read_bytes())
                handle.flush()
                os.fsync(handle.fileno())
        except FileExistsError:
            raise InputError(
                _("{file} exists already; tabroll leaves it as it is", file=copy), tip=_("give a new file name")
            ) from None
        except OSError as err:
            raise InputError(
                _("cannot write {file}: {problem}", file=copy, problem=err.strerror),
                tip=_("give a file in a folder you may write to"),
            ) from None
        self.say(_("copied to {file}", file=copy))

    def _help(self, args: list[str]) -> None:
        if not args:
            width = max(len(c.usage) for c in w.COMMANDS)
            for command in w.COMMANDS:
                self.say(f"  {command.usage:<{width}}  {command.told()}")
            self.say(
                f"  {'KIND key=value…':<{width}}  "
                + _("an action of {game}: {kinds}", game=self.ruleset.name, kinds=", ".join(self.kinds()))
            )
            return
        topic = w.ALIASES.get(args[0], args[0])
        if topic in ("attack", "odds"):
            said, specs = self.ruleset.said, self.ruleset.attack_fields
            fields = [f"{s.flag} {s.kind.upper()}: {said(s.help)}" for s in specs if not s.quick_only]
            self.say(_("attack A T [--FIELD VALUE…]: the attack fields of {game}:", game=self.ruleset.name))
            for line in fields or [_("(none)")]:
                self.say(f"  {line}")
            whole = " ".join(f + "=…" for f in w.action_fields(self.ruleset, "attack"))
            self.say("  " + _("or the whole action as fields: {example}", example=f"attack {whole}"))
            return
        if topic == "do":
            self.say(
                _("do KIND key=value…, one of: {kinds} (help KIND lists its fields)", kinds=", ".join(self.kinds()))
            )
            return
        model = w.action_models(self.ruleset).get(topic)
        if model is not None:
            said = self.ruleset.said
            self.say(f"{topic}: {said(w.first_paragraph(model.__doc__))}")
            for name in w.action_fields(self.ruleset, topic):
                info = model.model_fields[name]
                need = _("required") if info.is_required() else _("optional")
                self.say(f"  {name}= ({need}) {said(info.description or '')}".rstrip())
            return
        for command in w.COMMANDS:
            if command.name == topic:
                self.say(f"{command.usage}: {command.told()}")
                return
        raise InputError(_("no help on '{topic}'", topic=topic), tip=_("help lists the commands"))
