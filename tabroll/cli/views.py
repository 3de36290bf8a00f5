"""What ``tabroll rulesets``, ``tabroll rules GAME`` and ``tabroll journal show`` print, in each ``--format``.

``text`` is plain lines, ``rich`` the same drawn on a terminal, ``json`` one document, and ``markdown`` (rules only)
the Markdown source to paste."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tabroll import i18n
from tabroll.i18n import _

DEVELOPER_MARK = "<!-- developers -->"
"""Put on the line after a heading of a game's rulings document, that section is about the source code and the
tests (paths a pip user does not have), and ``tabroll rules`` leaves it out; at the end of a line, that line."""

_SOURCE_FILE = re.compile(r"[ \n]?\(`[^`]*(?:/|\.txt|\.md)[^`]*`\)")
"""A file of the source checkout named in brackets, ``(`shared/seeds/000_…txt`)``: left out of ``tabroll rules``."""


def _print(text: str) -> None:
    import sys

    sys.stdout.write(text if text.endswith("\n") else text + "\n")


# --- tabroll rulesets -------------------------------------------------------------------------------------


def show_rulesets(fmt: str) -> None:
    from tabroll.engine import all_rulesets, playing

    games = all_rulesets()
    summaries = [playing(g).said(g.summary) for g in games]  # each game entered: --lang game says it in its own
    i18n.enter_game(None, "", "")  # the list's own words belong to no game
    if fmt == "json":
        document = [
            {"id": g.id, "name": g.name, "aliases": list(g.aliases), "summary": summary}
            for g, summary in zip(games, summaries, strict=True)
        ]
        _print(json.dumps(document, ensure_ascii=False, indent=2))
        return
    if fmt == "rich":
        from rich.console import Console
        from rich.table import Table

        table = Table("id", _("game"), _("what it resolves"), box=None, pad_edge=False)
        for game, summary in zip(games, summaries, strict=True):
            table.add_row(game.id, game.name, summary)
        Console().print(table)
        return
    for game, summary in zip(games, summaries, strict=True):
        _print(f"{game.id:<12} {game.name} — {summary}")


# --- tabroll rules GAME -----------------------------------------------------------------------------------


def player_rulings(text: str) -> str:
    """A game's rulings document without its sections for developers (see :data:`DEVELOPER_MARK`)."""
    kept: list[str] = []
    skipping_level = 0
    lines = text.splitlines()
    for index, line in enumerate(lines):
        heading = re.match(r"(#+)\s", line)
        if heading:
            level = len(heading.group(1))
            if skipping_level and level > skipping_level:
                continue
            skipping_level = 0
            following = next((n for n in lines[index + 1 :] if n.strip()), "")
            if following.strip() == DEVELOPER_MARK:
                skipping_level = level
                continue
        if skipping_level or line.rstrip().endswith(DEVELOPER_MARK):
            continue
        kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    return _SOURCE_FILE.sub("", "\n".join(kept)) + "\n"


def _field_shape(spec: Any) -> str:
    return f"{spec.flag}/--no-{spec.flag[2:]}" if spec.kind == "flag" else f"{spec.flag} {spec.kind.upper()}"


def _field_when(spec: Any) -> str:
    if spec.quick_only:
        return " " + _("(no scenario file)")
    return " " + _("(with a scenario file)") if spec.file_only else ""


def rules_document(game: Any) -> dict[str, Any]:
    return {
        "id": game.id,
        "name": game.name,
        "options": [
            {"name": i.name, "default": i.default, "choices": list(i.choices), "description": i.description}
            for i in game.option_infos()
        ],
        "attack_fields": [
            {
                "flag": spec.flag,
                "kind": spec.kind,
                "default": spec.default,
                "scenario_file": "without" if spec.quick_only else "with" if spec.file_only else "either",
                "help": game.said(spec.help),
            }
            for spec in game.attack_fields
        ],
        "rulings": player_rulings(game.rulings_text()),
    }


def rules_markdown(game: Any) -> str:
    """The whole page as Markdown: options, command-line attack fields, then the game's rulings document."""
    out = [f"# {game.name} (`{game.id}`)", "", "## " + _("Options"), ""]
    if not game.option_infos():
        out.append(_("This game has no house-rule options."))
    else:
        out += [_("Set them with `--option NAME=VALUE`, or under `options:` in a scenario file."), ""]
    for info in game.option_infos():
        choices = f" ({' / '.join(info.choices)})" if info.choices else ""
        out.append(f"- **`{info.name}`** = `{info.default}`{choices}: {info.description}")
    if game.attack_fields:
        out += ["", "## " + _("Command-line attack fields"), "", "`tabroll attack/odds/matrix ... --FIELD VALUE`", ""]
        for spec in game.attack_fields:
            notes = [_("default `{value}`", value=spec.default)] if spec.default is not None else []
            if spec.quick_only:
                notes.append(_("no scenario file"))
            elif spec.file_only:
                notes.append(_("with a scenario file"))
            shown = f" ({', '.join(notes)})" if notes else ""
            out.append(f"- **`{_field_shape(spec)}`**{shown}: {game.said(spec.help)}")
    rulings = player_rulings(game.rulings_text()).strip()
    if rulings:
        out += ["", "---", "", _shift_headings(rulings)]
    return "\n".join(out) + "\n"


def _shift_headings(text: str) -> str:
    """The rulings document's own title becomes a second-level heading under the page's title."""
    return re.sub(r"^(#+)(\s)", lambda m: "#" + m.group(1) + m.group(2), text, flags=re.M)


def show_rules(game: Any, fmt: str) -> None:
    if fmt == "json":
        _print(json.dumps(rules_document(game), ensure_ascii=False, indent=2))
        return
    if fmt == "markdown":
        _print(rules_markdown(game))
        return
    if fmt == "rich":
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(rules_markdown(game)))
        return
    lines = [f"{game.name} ({game.id})", ""]
    lines.append(
        _("Options (set with --option NAME=VALUE or a scenario's options:):")
        if game.option_infos()
        else _("Options: none (this game has no house-rule options).")
    )
    for info in game.option_infos():
        choices = f" [{' | '.join(info.choices)}]" if info.choices else ""
        lines.append(f"  {info.name} = {info.default}{choices}\n      {info.description}")
    if game.attack_fields:
        lines.append("\n" + _("Command-line attack fields (tabroll attack/odds/matrix ... --FIELD VALUE):"))
        for spec in game.attack_fields:
            default = " " + _("[default: {value}]", value=spec.default) if spec.default is not None else ""
            lines.append(f"  {_field_shape(spec)}{default}{_field_when(spec)}\n      {game.said(spec.help)}")
    rulings = player_rulings(game.rulings_text())
    if rulings.strip():
        lines.append("\n" + rulings.rstrip("\n"))
    _print("\n".join(lines))


# --- tabroll journal show ---------------------------------------------------------------------------------


def journal_document(path: str, scenario: str | None = None) -> dict[str, Any]:
    """The story of a journal as data: the scenario, the game, and per action its description and outcome."""
    from tabroll.engine import find_ruleset
    from tabroll.journal.book import describe_recorded, retold
    from tabroll.journal.records import scan_journal
    from tabroll.render.describe import describe_json

    scan = scan_journal(Path(path), tolerate_torn_tail=True)
    game = find_ruleset(scan.header.ruleset)
    kinds = game.event_types()
    actions = []
    records, note = retold(path, scan.records, scan.header.version, scenario_path=scenario)  # in the reader's language
    for record in records:
        refused = [describe_json(e, kinds) for e in record.events if e.get("kind") == "refused"]
        told = [e for e in record.events if (cls := kinds.get(str(e.get("kind")))) is None or cls.OUTCOME]
        actions.append(
            {
                "seq": record.seq,
                "action": describe_recorded(game, record.action),
                "refused": bool(record.refused),
                "outcome": refused if record.refused else [describe_json(e, kinds) for e in told],
            }
        )
    return {
        "journal": str(path),
        "scenario": scan.header.scenario,
        "ruleset": scan.header.ruleset,
        "actions": actions,
        "torn_line": scan.torn_line,
        "note": note,
    }


def show_journal(path: str, fmt: str, scenario: str | None = None) -> None:
    if fmt == "json":
        _print(json.dumps(journal_document(path, scenario), ensure_ascii=False, indent=2))
        return
    from tabroll.words import visible

    for line in journal_story(path, scenario):  # the scenario's name and units: their control characters shown
        _print(visible(line))


def journal_story(path: str | Path, scenario: str | None = None) -> list[str]:
    """The story of a journal (``tabroll journal show``): the journal read here, drawn by render/story.py."""
    from functools import partial

    from tabroll.engine import find_ruleset
    from tabroll.journal.book import describe_recorded, retold
    from tabroll.journal.records import scan_journal, torn_tip
    from tabroll.render.story import story

    journal_path = Path(path)
    scan = scan_journal(journal_path, tolerate_torn_tail=True)
    ruleset = find_ruleset(scan.header.ruleset)
    torn = None
    if scan.torn_line is not None:
        torn = _(
            "line {line}: an action cut short by a crash, not saved ({tip})",
            line=scan.torn_line,
            tip=torn_tip(journal_path),
        )
    records, note = retold(journal_path, scan.records, scan.header.version, scenario_path=scenario)
    told = story(
        scenario=scan.header.scenario,
        ruleset=scan.header.ruleset,
        records=records,  # said again in the reader's language
        describe=partial(describe_recorded, ruleset),
        event_types=ruleset.event_types(),
        torn=torn,
    )
    return told if note is None else [*told, note]
