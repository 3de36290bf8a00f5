"""The story of a journal so far, for ``tabroll journal show``: one line per recorded action. It draws what the
caller read from the journal (the records, how the game describes an action, its event types); it reads no file
and knows no engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tabroll.i18n import _, n_
from tabroll.render.describe import describe_json

if TYPE_CHECKING:
    from tabroll import events as ev


class Recorded(Protocol):
    """What the story needs of one recorded action (a journal record has it)."""

    @property
    def seq(self) -> int: ...
    @property
    def action(self) -> Any: ...
    @property
    def refused(self) -> bool: ...
    @property
    def events(self) -> Sequence[Mapping[str, Any]]: ...


def story(
    *,
    scenario: str,
    ruleset: str,
    records: Sequence[Recorded],
    describe: Callable[[Any], str],
    event_types: Mapping[str, type[ev.Event]],
    torn: str | None = None,
) -> list[str]:
    """A title line, then one line per recorded action (its seq, ``describe(action)``, and why it was refused or
    what happened, in the words of the game's ``event_types``); ``torn`` is the line telling of a torn last
    line (mentioned, not hidden)."""
    count = len(records)
    lines = [
        n_(
            "journal of {scenario} ({ruleset}), {n} action", "journal of {scenario} ({ruleset}), {n} actions", count,
            scenario=scenario, ruleset=ruleset,
        )
    ]  # fmt: skip
    for record in records:
        text = f"{record.seq}. {describe(record.action)}"
        if record.refused:
            reasons = [describe_json(e, event_types) for e in record.events if e.get("kind") == "refused"]
            text += _(" — refused: {reasons}", reasons="; ".join(reasons))
        else:
            told = [e for e in record.events if (cls := event_types.get(str(e.get("kind")))) is None or cls.OUTCOME]
            outcomes = [describe_json(e, event_types) for e in told]
            if outcomes:
                text += " — " + "; ".join(outcomes)
        lines.append(text)
    if torn is not None:
        lines.append(torn)
    return lines
