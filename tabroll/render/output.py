"""Renderers: the same events as a Rich step log, plain text, one JSON document, or JSON Lines.

The renderer is chosen once per command. ``text`` never imports Rich (pipelines start fast); ``jsonl`` writes
each event as soon as it is produced; ``json`` collects everything into one document at the end.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any, Literal, TextIO

from tabroll.events import EVENTS_FORMAT, EVENTS_FORMAT_VERSION, Event
from tabroll.render.describe import describe

Format = Literal["rich", "text", "json", "jsonl"]
FORMATS: tuple[str, ...] = ("rich", "text", "json", "jsonl")


def default_format(stream: TextIO | None = None) -> Format:
    stream = stream or sys.stdout
    try:
        return "rich" if stream.isatty() else "text"
    except (AttributeError, ValueError):
        return "text"


class Renderer:
    """Receives events as they happen; ``close`` finishes the output."""

    shows_dice = True
    """Whether the footer shows the dice drawn (so a run keeps them until then)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout

    def begin_file(self) -> None:
        """A batch run moves on to its next file."""

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

    def header(self, **info: Any) -> None:
        title = info.get("title")
        if title:
            self.stream.write(f"# {title}\n")
        for key in ("ruleset", "file", "seed"):
            if info.get(key) is not None:
                self.stream.write(f"# {key}: {info[key]}\n")

    def event(self, event: Event, **tags: Any) -> None:
        if event.kind == "action":
            self.in_action = True
            self.stream.write(f"{describe(event)}\n")
        elif self.in_action:
            self.stream.write(f"  {event.kind:<13} {describe(event)}\n")
        else:
            self.stream.write(f"{describe(event)}\n")

    def footer(self, **info: Any) -> None:
        for line in [*info.get("state_lines", ()), *info.get("notes", ())]:
            self.stream.write(f"{line}\n")


class RichRenderer(Renderer):
    """A coloured step log: one row per event, the kind in a fixed column and the sentence wrapped beside it."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(stream)
        from rich.console import Console

        self.console = Console(file=self.stream, highlight=False)

    def header(self, **info: Any) -> None:
        from rich.rule import Rule

        title = info.get("title") or info.get("file") or "tabroll"
        facts = " · ".join(f"{k} {info[k]}" for k in ("ruleset", "file") if info.get(k) is not None)
        self.console.print(Rule(f"[bold]{title}[/]"))
        if facts:
            self.console.print(f"[dim]{facts}[/]")

    def event(self, event: Event, **tags: Any) -> None:
        from rich.table import Table
        from rich.text import Text

        if event.kind == "action":
            self.console.print(Text("\n" + describe(event), style="bold"))
            return
        row = Table.grid(padding=(0, 1))
        row.add_column(width=1)
        row.add_column(width=13, no_wrap=True)
        row.add_column(ratio=1)
        style = event.STYLE
        text = Text(describe(event), style="bold red" if event.kind in ("defeat", "refused") else "")
        row.add_row("", Text(event.kind, style=style), text)
        self.console.print(row, new_line_start=False)

    def footer(self, **info: Any) -> None:
        picture = info.get("state_rich")
        if picture is not None:
            self.console.print()
            self.console.print(picture)
        else:
            for line in info.get("state_lines", ()):
                self.console.print(line, markup=False)
        for line in info.get("notes", ()):
            self.console.print(line, markup=False, style="dim")


class JsonLinesRenderer(Renderer):
    shows_dice = False  # a stream of events, with no footer: the dice drawn are in its roll events

    def event(self, event: Event, **tags: Any) -> None:
        record = {**event.to_json(), **{k: v for k, v in tags.items() if v is not None}}
        self.stream.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.stream.flush()


class JsonRenderer(Renderer):
    """One JSON document at the end. Several files (``begin_file``) make a document with a ``files`` list, each
    entry shaped like the single-file document."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(stream)
        self.files: list[dict[str, Any]] = []
        self.multi = False
        self._new()

    def _new(self) -> None:
        self.document: dict[str, Any] = {}
        self.actions: list[dict[str, Any]] = []
        self.loose: list[dict[str, Any]] = []

    def begin_file(self) -> None:
        """Start the next file's entry (batch runs); a second file turns the document into a ``files`` list."""
        self.started = getattr(self, "started", 0) + 1
        if self.started > 1:
            self.multi = True
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
        hidden = ("state_lines", "state_rich", "notes")
        self.document.update({k: v for k, v in info.items() if k not in hidden and v is not None})

    def _finish(self) -> None:
        if self.actions:
            for action in self.actions:
                action["refused"] = any(e["kind"] == "refused" for e in action["events"])
            self.document["actions"] = self.actions
        if self.loose:
            self.document["events"] = self.loose
        self.files.append(self.document)

    def close(self) -> None:
        self._finish()
        head = {"format": EVENTS_FORMAT, "version": EVENTS_FORMAT_VERSION}
        document = {**head, "files": self.files} if self.multi else {**head, **self.files[0]}
        self.stream.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        super().close()


def make_renderer(fmt: str, stream: TextIO | None = None) -> Renderer:
    if fmt == "rich":
        return RichRenderer(stream)
    if fmt == "json":
        return JsonRenderer(stream)
    if fmt == "jsonl":
        return JsonLinesRenderer(stream)
    return TextRenderer(stream)


def render_all(renderer: Renderer, events: Iterable[Event]) -> None:
    for event in events:
        renderer.event(event)
