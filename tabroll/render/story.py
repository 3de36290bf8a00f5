"""The story of a journal so far, for ``tabroll journal show``: one line per recorded action."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabroll.engine import AnyRuleset, find_ruleset
from tabroll.journal.book import describe_recorded
from tabroll.journal.records import scan_journal, torn_tip


def _event_text(ruleset: AnyRuleset, data: Mapping[str, Any]) -> str:
    from tabroll.render.describe import describe_json

    return describe_json(data, ruleset.event_types())


def story(path: str | Path) -> list[str]:
    """The story so far, for ``tabroll journal show``: a title line, then one line per recorded action (its
    seq, description, and why it was refused or what happened). A torn last line is mentioned, not hidden."""
    journal_path = Path(path)
    scan = scan_journal(journal_path, tolerate_torn_tail=True)
    header = scan.header
    ruleset = find_ruleset(header.ruleset)
    count = len(scan.records)
    lines = [f"journal of {header.scenario} ({header.ruleset}), {count} action{'s' if count != 1 else ''}"]
    for record in scan.records:
        text = f"{record.seq}. {describe_recorded(ruleset, record.action)}"
        if record.refused:
            reasons = [_event_text(ruleset, e) for e in record.events if e.get("kind") == "refused"]
            text += " — refused: " + "; ".join(reasons)
        else:
            kinds = ruleset.event_types()
            told = [e for e in record.events if (cls := kinds.get(str(e.get("kind")))) is None or cls.OUTCOME]
            outcomes = [_event_text(ruleset, e) for e in told]
            if outcomes:
                text += " — " + "; ".join(outcomes)
        lines.append(text)
    if scan.torn_line is not None:
        lines.append(f"line {scan.torn_line}: an action cut short by a crash, not saved ({torn_tip(journal_path)})")
    return lines
