"""Renderers: the same events as a Rich step log, plain text, one JSON document, or JSON Lines.

The renderer is chosen once per command. ``text`` never imports Rich (pipelines start fast); ``jsonl`` writes
each event as soon as it is produced; ``json`` collects everything into one document at the end.

Every text that came from a file or the command line (a title, a unit's name inside a sentence, a file name) is
shown with its control characters escaped (:func:`tabroll.words.visible`) in the formats for people, so a file
cannot send a terminal its own commands; the JSON formats keep every character exactly.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

from tabroll.events import CORE_KINDS, EVENTS_FORMAT, EVENTS_FORMAT_VERSION, ActionStarted, Event, defeat_word
from tabroll.i18n import _, n_, p_
from tabroll.render.bars import cells
from tabroll.words import visible

FORMATS: tuple[str, ...] = ("rich", "text", "json", "jsonl", "markdown", "brief")
"""Every format of an event log: ``markdown`` to paste into a chat, ``brief`` for one line per action."""


def default_format() -> str:
    try:
        return "rich" if sys.stdout.isatty() else "text"
    except (AttributeError, ValueError):
        return "text"


KIND_WIDTH = 13
"""The kind column of a step log at least (a language whose labels are longer widens it to fit them)."""


def kind_label(kind: str) -> str:
    """An event's kind as the step log's kind column shows it, in the language now: ``p_("event", kind)``, which the
    translator's tools extract for the core's kinds and each game's own (so a game's catalogue words its kinds)."""
    return p_("event", kind)


def kind_width() -> int:
    """The kind column's width: :data:`KIND_WIDTH`, or more when a label of the core's kinds in the language now
    needs it (a space follows the column)."""
    return max([KIND_WIDTH, *(cells(kind_label(kind)) for kind in CORE_KINDS if kind != "action")])


def fact_label(key: str) -> str:
    """The name of a fact of a run's header (ruleset, file, seed) in the language now."""
    return {"ruleset": p_("log", "ruleset"), "file": p_("log", "file"), "seed": p_("log", "seed")}.get(key, key)


def facts_line(info: dict[str, Any], keys: tuple[str, ...]) -> str:
    """The facts of a run's header that ``keys`` name, on one line: ``ruleset tabmaster · file battle.yaml``."""
    return " · ".join(_("{fact} {value}", fact=fact_label(k), value=info[k]) for k in keys if info.get(k) is not None)


class Renderer:
    """Receives events as they happen; ``close`` finishes the output."""

    shows_dice = True
    """Whether the footer shows the dice drawn (so a run keeps them until then)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout

    def start_batch(self) -> None:
        """The output is a batch run's (``tabroll run``): one entry per file, whatever the count of files."""

    def file_done(self, path: str, outcome: str, error: dict[str, Any] | None = None) -> None:
        """A batch run is done with ``path``: its outcome (``resolved``, ``refused``, ``input_error``,
        ``internal_error``, ``output_error``) and, for an error, what it was (the people's formats have said it
        on standard error already)."""

    def header(self, **info: Any) -> None:
        """Facts about the run (ruleset, file, seed) shown before the events."""

    def event(self, event: Event, **tags: Any) -> None:
        raise NotImplementedError

    def footer(self, **info: Any) -> None:
        """Facts shown after the events (final state, summary)."""

    def close(self) -> None:
        self.stream.flush()


class TextRenderer(Renderer):
    """Plain lines for pipes and logs: the action, then one indented line per event (kind, sentence)."""

    in_action = False
    width = 0

    def header(self, **info: Any) -> None:
        title = info.get("title")
        if title:
            self.stream.write(f"# {visible(str(title))}\n")
        for key in ("ruleset", "file", "seed"):
            if info.get(key) is not None:
                said = _("{fact}: {value}", fact=fact_label(key), value=visible(str(info[key])))
                self.stream.write(f"# {said}\n")

    def event(self, event: Event, **tags: Any) -> None:
        sentence = visible(event.sentence())
        if event.kind == "action":
            self.in_action = True
            self.stream.write(f"{sentence}\n")
        elif self.in_action:
            if not self.width:
                self.width = kind_width()
            label = visible(kind_label(event.kind))
            pad = " " * max(self.width - cells(label), 0)  # str.ljust counts characters, not columns
            self.stream.write(f"  {label}{pad} {sentence}\n")
        else:
            self.stream.write(f"{sentence}\n")

    def footer(self, **info: Any) -> None:
        for line in [*_state_lines(info), *info.get("notes", ())]:
            self.stream.write(f"{visible(str(line), lines=True)}\n")


class RichRenderer(Renderer):
    """A coloured step log: one row per event, the kind in a fixed column and the sentence wrapped beside it."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(stream)
        from rich.console import Console

        self.console = Console(file=self.stream, highlight=False)

    def header(self, **info: Any) -> None:
        from rich.rule import Rule
        from rich.text import Text

        title = info.get("title") or info.get("file") or "tabroll"
        facts = facts_line(info, ("ruleset", "file"))
        # Text, not markup: a title or a file name with brackets is shown as written, never read as a style
        self.console.print(Rule(Text(visible(str(title)), style="bold")))
        if facts:
            self.console.print(Text(visible(facts), style="dim"))

    def event(self, event: Event, **tags: Any) -> None:
        from rich.table import Table
        from rich.text import Text

        if event.kind == "action":
            self.console.print(Text("\n" + visible(event.sentence()), style="bold"))
            return
        row = Table.grid(padding=(0, 1))
        row.add_column(width=1)
        row.add_column(width=kind_width(), no_wrap=True)
        row.add_column(ratio=1)
        text = Text(visible(event.sentence()), style="bold red" if event.kind in ("defeat", "refused") else "")
        row.add_row("", Text(visible(kind_label(event.kind)), style=event.STYLE), text)
        self.console.print(row, new_line_start=False)

    def footer(self, **info: Any) -> None:
        view = info.get("state_view")
        if view is not None:
            from tabroll.render.state import view_rich

            picture = view_rich(view)
            if picture is not None:
                self.console.print()
                self.console.print(picture)  # every text of it a Text with its control characters shown
        for line in info.get("notes", ()):
            self.console.print(visible(str(line), lines=True), markup=False, style="dim")


class JsonLinesRenderer(Renderer):
    shows_dice = False  # a stream of events, with no footer: the dice drawn are in its roll events

    def event(self, event: Event, **tags: Any) -> None:
        record = {**event.to_json(), **{k: v for k, v in tags.items() if v is not None}}
        import json  # only the JSON formats write JSON: the text ones start without it

        self.stream.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.stream.flush()


class JsonRenderer(Renderer):
    """One JSON document at the end.

    A batch run (``tabroll run``: :meth:`start_batch`) always gives ``{"format", "version", "files": [...]}``, one
    entry per file in the order of the run, whatever the count of files and whether they ran: each entry has its
    ``file`` and ``outcome``, then what it resolved (``title``, ``ruleset``, ``actions``, ``final_state``…) and, for
    a file that did not run through, its ``error``. A single action outside a batch (``tabroll attack``, ``tabroll
    roll``) gives one document shaped like one entry."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(stream)
        self.files: list[dict[str, Any]] = []
        self.batch = False
        self._new()

    def _new(self) -> None:
        self.document: dict[str, Any] = {}
        self.actions: list[dict[str, Any]] = []
        self.loose: list[dict[str, Any]] = []

    def start_batch(self) -> None:
        self.batch = True

    def file_done(self, path: str, outcome: str, error: dict[str, Any] | None = None) -> None:
        self.document = {"file": path, "outcome": outcome, **self.document}
        if error is not None:
            self.document["error"] = error
        self._finish()
        self._new()

    def header(self, **info: Any) -> None:
        self.document.update({k: v for k, v in info.items() if v is not None})

    def event(self, event: Event, **tags: Any) -> None:
        record = event.to_json()
        if event.kind == "action":
            self.actions.append({"index": record["index"], "events": [record]})
        elif self.actions:
            self.actions[-1]["events"].append(record)
        else:
            self.loose.append(record)

    def footer(self, **info: Any) -> None:
        self.document.update({k: v for k, v in info.items() if k not in ("state_view", "notes") and v is not None})

    def _finish(self) -> None:
        if self.actions:
            for action in self.actions:
                action["refused"] = any(e["kind"] == "refused" for e in action["events"])
            self.document["actions"] = self.actions
        if self.loose:
            self.document["events"] = self.loose
        self.files.append(self.document)

    def close(self) -> None:
        head = {"format": EVENTS_FORMAT, "version": EVENTS_FORMAT_VERSION}
        if not self.batch:
            self._finish()
        document = {**head, "files": self.files} if self.batch else {**head, **self.files[0]}
        import json

        self.stream.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        super().close()


class BriefRenderer(Renderer):
    """One line per action, the outcome only (for a chat or a quick look at a long run):
    ``1. Arqueiro → Lanceiro: hit (attack 9 ≥ distance 8), 7 damage (7 > DEF 6), Lanceiro defeated``."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(stream)
        self.pending: list[Event] = []

    def header(self, **info: Any) -> None:
        self._flush()
        title = info.get("title") or info.get("file")
        if title:
            self.stream.write(f"# {visible(str(title))}\n")

    def event(self, event: Event, **tags: Any) -> None:
        if event.kind == "action":
            self._flush()
        self.pending.append(event)

    def footer(self, **info: Any) -> None:
        self._flush()
        for line in info.get("notes", ()):
            self.stream.write(f"{visible(str(line), lines=True)}\n")

    def close(self) -> None:
        self._flush()
        super().close()

    def _flush(self) -> None:
        if self.pending:
            self.stream.write(visible(brief_line(self.pending)) + "\n")
            self.pending = []


def brief_line(events: list[Event]) -> str:
    """An action's events in one line: who acts on whom, then each outcome (hit or miss, damage, defeat,
    refusal...) with the numbers behind it; rolls, modifiers and rulings are left to the full log."""
    first = events[0]
    if not isinstance(first, ActionStarted):  # events outside an action (a bare roll): each in its own words
        return "; ".join(event.sentence() for event in events)
    head = first.description
    pair = _main_pair(events)
    if pair is not None and first.actor == pair[0]:
        head = f"{pair[0]} → {pair[1]}"
    else:
        pair = None  # the action names no single pair (a phase, a spell): every outcome names its own
    parts: list[str] = []
    for event in events[1:]:
        if part := _brief_part(event, pair):
            parts.append(part)
        if event.kind in ("hit", "miss"):  # the damage that follows a hit belongs to the same pair
            pair = (str(getattr(event, "attacker", "")), str(getattr(event, "target", "")))
    told = _(", ").join(parts) if parts else p_("brief", "done")
    return _("{number}. {head}: {outcomes}", number=first.index, head=head, outcomes=told)


def _main_pair(events: list[Event]) -> tuple[str, str] | None:
    for event in events:
        attacker, target = getattr(event, "attacker", None), getattr(event, "target", None)
        if event.kind in ("hit", "miss", "damage", "immune") and attacker and target:
            return str(attacker), str(target)
    return None


def _brief_part(event: Event, pair: tuple[str, str] | None) -> str:
    kind = event.kind
    get = getattr
    attacker, target = get(event, "attacker", None), get(event, "target", None)
    named = bool(attacker and target and (attacker, target) != pair)
    if kind in ("hit", "miss"):
        rule = get(event, "rule")
        if kind == "hit":
            if named:
                return _("{attacker} → {target} hit ({rule})", attacker=attacker, target=target, rule=rule)
            return _("hit ({rule})", rule=rule)
        if named:
            return _("{attacker} → {target} miss ({rule})", attacker=attacker, target=target, rule=rule)
        return _("miss ({rule})", rule=rule)
    if kind == "immune":
        reason = get(event, "reason")
        if named:
            return _("{attacker} → {target} no effect ({reason})", attacker=attacker, target=target, reason=reason)
        return _("no effect ({reason})", reason=reason)
    if kind == "damage":
        amount, pool, left = get(event, "amount"), get(event, "pool", ""), get(event, "left", None)
        who = _("{attacker} → {target} ", attacker=attacker, target=target) if named else ""
        if not who and target and pair is not None and target != pair[1]:
            who = f"{target} "
        if pool and left is not None:
            return who + n_(
                "{amount} damage ({pool} {left} left)", "{amount} damage ({pool} {left} left)", int(amount or 0),
                amount=amount, pool=p_("pool", pool), left=left,
            )  # fmt: skip
        return who + n_(
            "{amount} damage ({rule})", "{amount} damage ({rule})", int(amount or 0), amount=amount,
            rule=get(event, "rule"),
        )  # fmt: skip
    if kind == "defeat":
        return _("{unit} {how}", unit=get(event, "unit"), how=defeat_word(get(event, "how", "defeated")))
    if kind == "refused":
        return _("refused: {reason}", reason=get(event, "reason"))
    if kind == "heal":
        return _("{unit} heals {amount}", unit=get(event, "unit"), amount=get(event, "amount"))
    if kind == "game_over":
        return _("game over: {reason}", reason=get(event, "reason"))
    if kind == "new_round":
        return event.sentence()
    return ""


class MarkdownRenderer(Renderer):
    """The log as Markdown, to paste into a chat or a wiki: a heading, one bold line per action, a list item per
    event, the final state as a list."""

    def header(self, **info: Any) -> None:
        title = info.get("title") or info.get("file")
        if title:
            self.stream.write(f"### {_md(str(title))}\n\n")
        facts = facts_line(info, ("ruleset", "file", "seed"))
        if facts:
            self.stream.write(f"*{_md(facts)}*\n\n")

    def event(self, event: Event, **tags: Any) -> None:
        if event.kind == "action":
            self.stream.write(f"\n**{_md(event.sentence())}**\n\n")
        else:
            self.stream.write(f"- **{_md(kind_label(event.kind))}** {_md(event.sentence())}\n")

    def footer(self, **info: Any) -> None:
        lines = [visible(str(line), lines=True) for line in _state_lines(info) if line.strip()]
        if lines:
            self.stream.write("\n```text\n" + "\n".join(lines) + "\n```\n")
        for line in info.get("notes", ()):
            self.stream.write(f"\n*{_md(line)}*\n")


_MARKDOWN_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|#"})


def _md(text: str) -> str:
    """Text with the characters Markdown would read as markup escaped (a unit may be called ``*Boss*``), and its
    control characters shown (:func:`~tabroll.words.visible`)."""
    return visible(text).translate(_MARKDOWN_SPECIAL)


def _state_lines(info: dict[str, Any]) -> list[str]:
    """The final state a footer is given (its ``state_view``), as plain lines."""
    view = info.get("state_view")
    if view is None:
        return []
    from tabroll.render.state import view_lines

    return view_lines(view)


def make_renderer(fmt: str, stream: TextIO | None = None) -> Renderer:
    """The renderer of ``fmt``: plain text for any other name."""
    renderers: dict[str, type[Renderer]] = {
        "rich": RichRenderer,
        "brief": BriefRenderer,
        "markdown": MarkdownRenderer,
        "json": JsonRenderer,
        "jsonl": JsonLinesRenderer,
    }
    return renderers.get(fmt, TextRenderer)(stream)
